//! What the runner and the replay pages need of a game beyond the [`pathfind::tree::Game`]
//! contract: its name, whether its events are public, each player's score during a game, its
//! pictures, and its recorded games.
//!
//! The arena implements [`Playable`] for the five games' `Game` types (module `games`); a bot
//! author's own game (a wrapper of one of them, say) implements it in a few lines. Places and
//! final scores come from the contract itself ([`pathfind::tree::Outcome`]).

use std::path::{Path, PathBuf};

use pathfind::tree::Game;

use crate::error::BoxError;

/// A game as the runner plays it and the replay pages draw it.
pub trait Playable: Game + Sync + Sized {
    /// The game's name in tables and on the command line (`dogfight`, `tron3d`, ...).
    const NAME: &'static str;

    /// Whether every player is told every step's events (Windward's status messages go to all):
    /// then the runner lets each bot [`Bot::hear`](crate::Bot::hear) them after every step.
    const PUBLIC_EVENTS: bool = false;

    /// `player`'s observation of `state` in `slot`, returned. The default makes a new one
    /// ([`Game::observe`]); a game whose observation owns buffers refills the one already in
    /// `slot`, so that the runner's observation of every step does not allocate.
    fn observe_into<'a>(
        &self,
        state: &Self::State,
        player: usize,
        slot: &'a mut Option<Self::Observation>,
    ) -> &'a Self::Observation {
        slot.insert(self.observe(state, player))
    }

    /// Each player's score so far in a running game, for the replay page's timeline.
    fn current_scores(&self, state: &Self::State) -> Vec<f64>;

    /// Appends an SVG picture of `state` (a whole `<svg>` element) to `out`.
    fn render_svg(&self, state: &Self::State, out: &mut String);

    /// Player `player`'s colour (CSS) in [`render_svg`](Playable::render_svg)'s pictures, which
    /// the replay page's score table and chart use too. The default is the workspace's one
    /// palette ([`pathfind::palette::player_colour`]); a game whose pictures colour a player
    /// otherwise (CloudWars: the colour the player chose) says so here.
    fn player_colour(&self, state: &Self::State, player: usize) -> String {
        let _ = state;
        pathfind::palette::player_colour(player).to_owned()
    }

    /// Reads a recorded game (a trace file in one of the crate's formats) as the game it was played
    /// in, the players' names, and its states from the first to the last. The default: the game
    /// has no recording format.
    fn load_recording(path: &Path) -> Result<Recording<Self>, RecordingError> {
        Err(RecordingError::Unsupported {
            path: path.to_owned(),
            game: Self::NAME,
        })
    }
}

/// A recorded game, as [`Playable::load_recording`] reads it.
#[derive(Debug)]
pub struct Recording<G: Game> {
    /// The game (geometry and configuration) it was played in.
    pub game: G,
    /// The players' names, one per player.
    pub names: Vec<String>,
    /// Every state from the initial one to the last.
    pub states: Vec<G::State>,
}

impl<G: Game> Recording<G> {
    /// This recording once every state passes its game's [`Game::validate`]; otherwise
    /// [`RecordingError::Invalid`] naming the first refused state, read from `path`.
    pub fn validated(self, path: &Path) -> Result<Recording<G>, RecordingError> {
        for (index, state) in self.states.iter().enumerate() {
            self.game
                .validate(state)
                .map_err(|source| RecordingError::Invalid {
                    path: path.to_owned(),
                    index,
                    source,
                })?;
        }
        Ok(self)
    }
}

/// Why a recorded game could not be read.
#[derive(Debug, thiserror::Error)]
pub enum RecordingError {
    /// The file could not be read, or its content is not a recording of the game (the game
    /// crate's error says where and why).
    #[error("{path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// The reader's error.
        source: BoxError,
    },
    /// A recorded state that its game refuses ([`pathfind::tree::Game::validate`]): a file is
    /// checked before the viewer or a bot uses its states (issue 22).
    #[error("{path}: state {index}: {source}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// The refused state's index (0 is the initial state).
        index: usize,
        /// What the game refused.
        source: pathfind::tree::InvalidState,
    },
    /// A file of more than its format's limit, counted as it is read: a device or a pipe
    /// (`/dev/zero`, whose reported size is 0) is refused once it has given that many bytes.
    #[error("{path}: more than the limit of {limit} bytes for a recording")]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The format's limit in bytes (the game crate's `MAX_FILE_BYTES` or `MAX_TRACE_FILE`).
        limit: u64,
    },
    /// The game has no recording format.
    #[error("{path}: {game} has no recording format")]
    Unsupported {
        /// The file.
        path: PathBuf,
        /// The game's name.
        game: &'static str,
    },
}

impl RecordingError {
    /// A read error of `path`: `source` is the game crate's error or a message.
    pub fn read(path: &Path, source: impl Into<BoxError>) -> RecordingError {
        RecordingError::Read {
            path: path.to_owned(),
            source: source.into(),
        }
    }

    /// The error of a game crate's reader of `path`: its [`VerifyError::TooLarge`] as
    /// [`RecordingError::TooLarge`], any other as [`RecordingError::Read`].
    ///
    /// [`VerifyError::TooLarge`]: pathfind::replay::VerifyError::TooLarge
    pub fn from_verify(path: &Path, error: pathfind::replay::VerifyError) -> RecordingError {
        match error {
            pathfind::replay::VerifyError::TooLarge { path, limit } => {
                RecordingError::TooLarge { path, limit }
            }
            error => RecordingError::read(path, error.to_string()),
        }
    }
}
