//! Conformance: every row of `golden_views.tsv` and every turn of `golden_trace_maze01.tsv` in
//! `$CONTEST_DATA/amazes/`, plus the rules doc's worked examples on the sample maze.

use std::path::PathBuf;

use amazes::replay::{VerifyError, verify_files};
use amazes::trace::{parse_trace, parse_views};
use amazes::{Dir, MazeFile, Pose, Reading, RefereeKnowledge, Square, View};

fn data_dir() -> Option<PathBuf> {
    std::env::var_os("CONTEST_DATA").map(|d| PathBuf::from(d).join("amazes"))
}

#[test]
fn golden_views_and_trace() {
    let Some(dir) = data_dir() else {
        println!("conformance: amazes: skipped (CONTEST_DATA unset)");
        return;
    };
    let views = dir.join("golden_views.tsv");
    let trace = dir.join("golden_trace_maze01.tsv");
    for f in [&views, &trace] {
        assert!(f.exists(), "missing {}", f.display());
    }
    // Every data row is read (none skipped), and the trace has all 150 turns.
    let data_rows = |text: &str| {
        text.lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .count()
    };
    let text = std::fs::read_to_string(&views).unwrap();
    let view_rows = parse_views("views", &text).unwrap().len();
    assert_eq!(view_rows, data_rows(&text));
    let text = std::fs::read_to_string(&trace).unwrap();
    assert_eq!(parse_trace("trace", &text).unwrap().len(), 150);
    assert_eq!(data_rows(&text), 150);
    let summary = verify_files(&[views, trace]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((summary.traces, summary.steps), (2, view_rows as u64 + 150));
    println!("{summary}");
}

#[test]
fn official_example_infers_the_two_vertical_walls() {
    let Some(dir) = data_dir() else {
        println!("conformance: amazes: skipped (CONTEST_DATA unset)");
        return;
    };
    let text = std::fs::read_to_string(dir.join("maze01.txt")).unwrap();
    let maze = MazeFile::parse(&text).unwrap().maze;
    maze.validate().unwrap();
    // Rules doc §9.1: (2,20) facing West, 1-based.
    let pose = Pose::new(Square::new(1, 19), Dir::W);
    let view = View::look(&maze, pose, pose.square);
    let lines: Vec<&str> = view.lines.iter().map(|l| l.as_str()).collect();
    assert_eq!(lines, ["W", "W", "LLBNW", "W"]);
    let mut k = RefereeKnowledge::new(25, Reading::Literal);
    k.apply_view(pose.square.index(), pose.facing, &view, &mut |_| {})
        .unwrap();
    assert_eq!(k.discovered_count(), 9);
    let (a, b) = (Square::new(0, 20), Square::new(0, 21));
    assert_eq!(k.edge_at(a, Dir::E), None);
    k.infer(&mut |_| {});
    assert_eq!(k.discovered_count(), 9);
    assert_eq!(k.edge_at(a, Dir::E), Some(false));
    assert_eq!(k.edge_at(b, Dir::E), Some(false));
}

#[test]
fn the_sample_mazes_are_valid_and_round_trip() {
    let Some(dir) = data_dir() else {
        println!("conformance: amazes: skipped (CONTEST_DATA unset)");
        return;
    };
    for i in 1..=10 {
        let path = dir.join(format!("maze{i:02}.txt"));
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let file = MazeFile::parse(&text).unwrap();
        assert_eq!(file.starts, None);
        file.maze.validate().unwrap();
        // Writing the body reproduces the file byte for byte.
        assert_eq!(file.maze.to_text(), text);
        let s = file.maze.stats();
        assert!((675..=678).contains(&s.openings), "maze{i:02}: {s:?}");
        assert!((8..=13).contains(&s.longest_corridor), "maze{i:02}: {s:?}");
    }
}

/// Issue 12: a file with no trace is an error, never "0 traces, all match".
#[test]
fn an_empty_file_is_not_a_pass() {
    let dir = std::env::temp_dir().join(format!("amazes-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let empty = dir.join("golden_trace_none.tsv");
    std::fs::write(&empty, "# only a comment\n\n").unwrap();
    let result = verify_files(&[&empty]);
    assert!(
        matches!(result, Err(VerifyError::Empty { .. })),
        "{result:?}"
    );
    let none: [&std::path::Path; 0] = [];
    assert!(matches!(
        verify_files(&none),
        Err(VerifyError::Empty { .. })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}
