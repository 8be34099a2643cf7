//! What the tests of the `play` binary share: running it, reading its output, a temporary folder.

use std::path::PathBuf;
use std::process::{Command, Output};

/// The `play` binary Cargo built for these tests.
pub const PLAY: &str = env!("CARGO_BIN_EXE_play");

/// Runs `play` with `args` and waits for it.
pub fn play(args: &[&str]) -> Output {
    Command::new(PLAY).args(args).output().unwrap()
}

/// Output bytes as text (lossily).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh folder for test `name` of test file `area`, particular to this process.
pub fn temp_dir(area: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("play-{area}-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
