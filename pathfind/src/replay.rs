//! One replay surface for every game crate: what checking recorded games against an engine found.
//!
//! Each game crate's `replay::verify_files(paths)` replays trace files recorded from the original
//! program and returns a [`Summary`] when every state matched, or a [`VerifyError`] naming the first
//! difference (trace, step, field, expected, got) or the file that could not be read. Tests, the
//! `play verify` command and users share it.

use std::fmt;
use std::io::Read as _;
use std::path::{Path, PathBuf};

/// Every trace matched: how much was checked.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Summary {
    /// The game's name (`dogfight`, `tron3d`, ...).
    pub game: String,
    /// Traces (recorded games) replayed.
    pub traces: u64,
    /// Steps replayed over all traces.
    pub steps: u64,
    /// What one step is called in this game (`rounds`, `ticks`, `turns`, `updates`).
    pub step_name: String,
    /// Further checks, each one short phrase (`".t3d bytes identical"`); may be empty.
    pub notes: Vec<String>,
}

impl fmt::Display for Summary {
    /// `conformance: <game>: <N> traces, <M> <steps>, all match` and any notes after a semicolon.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "conformance: {}: {} traces, {} {}, all match",
            self.game, self.traces, self.steps, self.step_name
        )?;
        for note in &self.notes {
            write!(f, "; {note}")?;
        }
        Ok(())
    }
}

/// The first difference between a recorded game and the engine's replay of it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Mismatch {
    /// The trace: its file and, where a file holds several, its id or line.
    pub trace: String,
    /// The step after which the states differ (0: the initial state).
    pub step: u64,
    /// The field that differs (`planes[1].position`, `clouds[7].vx bits`, ...).
    pub field: String,
    /// What the recording holds.
    pub expected: String,
    /// What the engine computed.
    pub got: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "mismatch in {} at step {}: {}: expected {}, got {}",
            self.trace, self.step, self.field, self.expected, self.got
        )
    }
}

impl std::error::Error for Mismatch {}

/// Why a replay did not end in a [`Summary`].
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    /// A file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A file is not a trace of the expected format.
    #[error("{path}: {message}")]
    Format {
        /// The file.
        path: PathBuf,
        /// Where (line) and what is wrong.
        message: String,
    },
    /// A file holds more than the reader's documented limit. Counted as the bytes are read
    /// ([`read_limited`]), so a device or a pipe (whose size the system reports as 0) is refused
    /// like a large file.
    #[error("{path}: more than the limit of {limit} bytes")]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The limit it passed.
        limit: u64,
    },
    /// The files hold no trace at all: nothing was checked, which is never a pass.
    #[error("no trace to replay in {paths}")]
    Empty {
        /// The files given, joined with ", " (or "no files").
        paths: String,
    },
    /// A state differs from the recording.
    #[error("{0}")]
    Mismatch(Box<Mismatch>),
}

impl From<Mismatch> for VerifyError {
    fn from(mismatch: Mismatch) -> VerifyError {
        VerifyError::Mismatch(Box::new(mismatch))
    }
}

/// Reads the text file at `path`, of at most `limit` bytes: a larger one is
/// [`VerifyError::TooLarge`]. A regular file is refused by its size before anything is read; for
/// every file the bytes are also counted as they are read (at most `limit + 1`), so a file that
/// grows, a pipe or a device (`/dev/zero`, whose reported size is 0) cannot make it read more.
/// Text that is not UTF-8 is [`VerifyError::Io`] (`InvalidData`), as [`std::fs::read_to_string`]
/// reports it.
pub fn read_limited(path: &Path, limit: u64) -> Result<String, VerifyError> {
    let io = |source| VerifyError::Io {
        path: path.to_owned(),
        source,
    };
    let too_large = || VerifyError::TooLarge {
        path: path.to_owned(),
        limit,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let metadata = file.metadata().map_err(io)?;
    if metadata.is_file() && metadata.len() > limit {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    String::from_utf8(bytes)
        .map_err(|e| io(std::io::Error::new(std::io::ErrorKind::InvalidData, e)))
}
