//! The project's own mazes: ten 25×25 mazes made by [`crate::generate()`] (seeds 1..=10) with
//! start poses from [`crate::random_starts`], shipped as files in the crate's `mazes/` folder in
//! the text format with our `start` header line. They let everything run without the contest data.

use crate::maze::MazeFile;

const TEXTS: [&str; 10] = [
    include_str!("../mazes/maze01.txt"),
    include_str!("../mazes/maze02.txt"),
    include_str!("../mazes/maze03.txt"),
    include_str!("../mazes/maze04.txt"),
    include_str!("../mazes/maze05.txt"),
    include_str!("../mazes/maze06.txt"),
    include_str!("../mazes/maze07.txt"),
    include_str!("../mazes/maze08.txt"),
    include_str!("../mazes/maze09.txt"),
    include_str!("../mazes/maze10.txt"),
];

/// Number of shipped mazes.
pub const COUNT: usize = TEXTS.len();

/// The text of shipped maze `i` (0-based, wraps around).
pub fn text(i: usize) -> &'static str {
    TEXTS[i % COUNT]
}

/// Shipped maze `i` (0-based, wraps around), parsed.
pub fn get(i: usize) -> MazeFile {
    MazeFile::parse(text(i)).expect("shipped mazes parse")
}
