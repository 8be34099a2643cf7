//! The arena's errors: one typed error ([`Error`]) for everything a tournament can fail on.

use std::path::PathBuf;

use crate::playable::RecordingError;
#[cfg(feature = "tournament")]
use crate::results::ResultsError;
use crate::viewer::ViewerError;

/// Any error, boxed: what a bot factory or a per-game closure of a caller may fail with.
pub type BoxError = Box<dyn std::error::Error + Send + Sync + 'static>;

/// Why a tournament or a match could not be played, tabulated or drawn. The variants of the
/// thread pool and the results files are the feature `tournament`'s.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The line-up does not seat every player of the game.
    #[error("{game} is played by {players} players; the line-up names {bots}")]
    Players {
        /// The game's name.
        game: &'static str,
        /// Players of the game.
        players: usize,
        /// Bots in the line-up.
        bots: usize,
    },
    /// A tournament with no table (no game) to play on.
    #[error("{game}: no game to play on")]
    NoTable {
        /// The game's name.
        game: &'static str,
    },
    /// `games(0)`: a tournament plays at least one game.
    #[error("{game}: a tournament plays at least one game (games 0)")]
    NoGames {
        /// The game's name.
        game: &'static str,
    },
    /// The thread pool could not be started.
    #[cfg(feature = "tournament")]
    #[error("cannot start {jobs} threads: {source}")]
    Threads {
        /// Threads asked for.
        jobs: usize,
        /// What rayon said.
        source: rayon::ThreadPoolBuildError,
    },
    /// A bot could not be built for a game.
    #[error("bot {name:?}: {source}")]
    Bot {
        /// The line-up entry's name.
        name: String,
        /// Why.
        source: BoxError,
    },
    /// A game ended in a terminal state without an outcome (a broken game contract).
    #[error("{game}: a terminal state without an outcome")]
    NoOutcome {
        /// The game's name.
        game: &'static str,
    },
    /// One game of a tournament failed.
    #[error("{game} game {index}: {source}")]
    Game {
        /// The game's name.
        game: String,
        /// The game's index in the tournament.
        index: u64,
        /// Why.
        source: BoxError,
    },
    /// The caller's handling of a played game (writing a recording, say) failed.
    #[error("{source}")]
    Sink {
        /// Why.
        source: BoxError,
    },
    /// A results file could not be read, written or merged.
    #[cfg(feature = "tournament")]
    #[error(transparent)]
    Results(#[from] ResultsError),
    /// A replay page could not be written.
    #[error(transparent)]
    Viewer(#[from] ViewerError),
    /// A recorded game could not be read.
    #[error(transparent)]
    Recording(#[from] RecordingError),
    /// A file could not be written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
}
