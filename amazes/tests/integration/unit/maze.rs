//! The tests of `amazes::maze` that lived beside its code.

use amazes::*;

fn two_by_two() -> Maze {
    let mut m = Maze::closed(2).unwrap();
    m.set_open(Square::new(0, 0), Dir::E, true).unwrap();
    m.set_open(Square::new(0, 0), Dir::S, true).unwrap();
    m.set_open(Square::new(1, 0), Dir::E, true).unwrap();
    m
}

#[test]
fn directions_turn() {
    assert_eq!(Dir::N.right(), Dir::E);
    assert_eq!(Dir::N.left(), Dir::W);
    assert_eq!(Dir::E.back(), Dir::W);
    assert_eq!(Dir::W.right(), Dir::N);
}

#[test]
fn text_round_trip_and_validate() {
    let m = two_by_two();
    m.validate().unwrap();
    let text = m.to_text();
    assert_eq!(text, "+-+-+\n|   |\n+ +-+\n|   |\n+-+-+\n");
    let parsed = MazeFile::parse(&text).unwrap();
    assert_eq!(parsed.maze, m);
    assert_eq!(parsed.starts, None);
}

#[test]
fn header_round_trip() {
    let file = MazeFile {
        maze: two_by_two(),
        starts: Some([
            Pose::new(Square::new(0, 1), Dir::E),
            Pose::new(Square::new(1, 1), Dir::S),
        ]),
    };
    let text = file.to_text();
    assert!(text.starts_with("start 1 2 E 2 2 S\n"));
    assert_eq!(MazeFile::parse(&text).unwrap(), file);
    assert!(MazeFile::parse(&text.replace("E 2", "X 2")).is_err());
    assert!(MazeFile::parse(&text.replace("start 1", "start 9")).is_err());
}

#[test]
fn rejects_open_corner_disconnection_and_open_outer_edges() {
    let mut m = two_by_two();
    m.set_open(Square::new(0, 1), Dir::S, true).unwrap();
    assert_eq!(m.validate(), Err(MazeError::OpenCorner(Square::new(0, 0))));
    let mut m = Maze::closed(2).unwrap();
    m.set_open(Square::new(0, 0), Dir::E, true).unwrap();
    assert!(matches!(m.validate(), Err(MazeError::Disconnected(_))));
    assert!(m.set_open(Square::new(0, 0), Dir::N, true).is_err());
    let bad = "+ +-+\n|   |\n+ +-+\n|   |\n+-+-+\n";
    assert!(matches!(
        MazeFile::parse(bad),
        Err(MazeError::Format { line: 1, .. })
    ));
    let bad = "+-+-+\n| x |\n+ +-+\n|   |\n+-+-+\n";
    assert!(matches!(
        MazeFile::parse(bad),
        Err(MazeError::Format { line: 2, .. })
    ));
    assert!(matches!(
        MazeFile::parse("+-+\n| |\n"),
        Err(MazeError::LineCount(2))
    ));
}

#[test]
fn starts_need_open_back_and_distance() {
    let m = two_by_two();
    let a = Pose::new(Square::new(0, 1), Dir::E);
    let b = Pose::new(Square::new(1, 1), Dir::E);
    assert!(m.validate_starts(&[a, b], 1).is_ok());
    assert_eq!(
        m.validate_starts(&[a, b], 2),
        Err(MazeError::StartsTooClose(1, 2))
    );
    let c = Pose::new(Square::new(1, 1), Dir::W);
    assert!(matches!(
        m.validate_starts(&[a, c], 1),
        Err(MazeError::BadStart { .. })
    ));
}

#[test]
fn stats_count_degrees_and_corridors() {
    let s = two_by_two().stats();
    assert_eq!(s.openings, 3);
    assert_eq!(s.loops, 0);
    assert_eq!(s.degrees, [0, 2, 2, 0, 0]);
    assert_eq!(s.longest_corridor, 2);
}
