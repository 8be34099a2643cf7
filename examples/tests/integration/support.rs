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

/// How many processes have the command line `sleep MARKER` (read from `/proc`: the PIDs a
/// contained program sees in its own namespace mean nothing outside it). The tests' programs
/// start such a `sleep` to show that nothing they start outlives their game.
pub fn sleeping(marker: &str) -> usize {
    let needle = format!("sleep\0{marker}");
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(Result::ok)
        .filter(|entry| {
            std::fs::read(entry.path().join("cmdline"))
                .is_ok_and(|line| String::from_utf8_lossy(&line).contains(&needle))
        })
        .count()
}

/// Asserts that `logs` (a `--stderr-dir`) holds `files` standard-error files, one per program,
/// and that each says `needle`; then removes `dir`, the test's folder.
pub fn assert_every_stderr_says(
    dir: &std::path::Path,
    logs: &std::path::Path,
    files: usize,
    needle: &str,
) {
    let found: Vec<_> = std::fs::read_dir(logs)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    assert_eq!(found.len(), files, "one program per game: {found:?}");
    for file in found {
        let said = std::fs::read_to_string(&file).unwrap();
        assert!(said.contains(needle), "{}: {said:?}", file.display());
    }
    std::fs::remove_dir_all(dir).unwrap();
}
