//! One replay surface for every game crate: what checking recorded games against an engine found.
//!
//! Each game crate's `replay::verify_files(paths)` replays trace files recorded from the original
//! program and returns a [`Summary`] when every state matched, or a [`VerifyError`] naming the first
//! difference (trace, step, field, expected, got) or the file that could not be read. Tests, the
//! `play verify` command and users share it.

use std::fmt;
use std::path::PathBuf;

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
