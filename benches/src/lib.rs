//! Criterion benchmarks of every contest-engines crate (`cargo bench -p benches`), and side-by-side
//! comparisons with peer crates. Each game has one bench target in `benches/benches/<game>.rs`.
//!
//! The shared helpers below let a bench read optional data from `$CONTEST_DATA`.

use std::path::PathBuf;

/// The folder named by `CONTEST_DATA`, when set and present; benches that use the original data
/// skip those inputs otherwise.
pub fn contest_data() -> Option<PathBuf> {
    let dir = PathBuf::from(std::env::var_os("CONTEST_DATA")?);
    dir.is_dir().then_some(dir)
}
