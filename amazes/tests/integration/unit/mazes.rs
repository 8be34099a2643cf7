//! The tests of `amazes::mazes` that lived beside its code.

use amazes::mazes::*;

#[test]
fn shipped_mazes_are_valid_and_round_trip() {
    for i in 0..COUNT {
        let file = get(i);
        file.maze.validate().unwrap();
        let starts = file.starts.expect("shipped mazes have starts");
        file.maze.validate_starts(&starts, 288).unwrap();
        assert_eq!(file.to_text(), text(i));
    }
}
