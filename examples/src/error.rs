//! The one error of the `play` command and the example programs: every way a run can fail, typed,
//! each saying what and where (the file, the option, the bot name), with the game crates' and the
//! arena's own errors as sources.

use std::path::PathBuf;

use arena::BoxError;

/// `Result` with [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Why `play` (or one of the example programs) could not do what it was asked.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A bot name the game's roster does not build.
    #[error("unknown {game} bot {name:?} (known: {})", known.join(", "))]
    UnknownBot {
        /// The game.
        game: &'static str,
        /// The rejected name.
        name: String,
        /// The names the game's roster builds.
        known: Vec<&'static str>,
    },
    /// A line-up (`--bots`) that does not seat the game's players.
    #[error("--bots names {got} bot(s); {game} is played by {players}")]
    Lineup {
        /// The game.
        game: &'static str,
        /// The game's players.
        players: usize,
        /// The names given.
        got: usize,
    },
    /// A line-up (`--bots`) longer than the game has seats (the other seats are filled).
    #[error("--bots names {got} bots; {game} has {seats} seats")]
    TooManyBots {
        /// The game.
        game: &'static str,
        /// Seats of the game.
        seats: usize,
        /// The names given.
        got: usize,
    },
    /// `--board` that is neither a shipped board nor a readable file.
    #[error("{spec}: not a shipped board ({}) nor a readable .map/.cnf file ({source})", known.join(", "))]
    UnknownBoard {
        /// What `--board` said.
        spec: String,
        /// The shipped boards.
        known: Vec<&'static str>,
        /// Why the file could not be read.
        source: std::io::Error,
    },
    /// `--maze` that is not a readable file.
    #[error(
        "{}: not a readable maze file ({source}); without --maze the {shipped} shipped mazes are \
         played in turn, and --generated plays freshly generated ones",
        path.display()
    )]
    UnknownMaze {
        /// The file.
        path: PathBuf,
        /// Mazes shipped with the amazes crate.
        shipped: usize,
        /// Why it could not be read.
        source: std::io::Error,
    },
    /// `--map` naming none of the shipped maps.
    #[error("--map names no map")]
    NoMap,
    /// A file that could not be read, created or written.
    #[error("{}: {source}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A file whose contents are not what it should hold (a board, a map, a maze, a recording).
    #[error("{}: {source}", path.display())]
    Format {
        /// The file.
        path: PathBuf,
        /// What is wrong, and where in the file.
        source: BoxError,
    },
    /// A file over the documented limit of what it may hold (checked before reading it).
    #[error("{}: {bytes} bytes or more, over the limit of {limit} for {what}", path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size.
        bytes: u64,
        /// The limit.
        limit: u64,
        /// What the file should hold ("a maze file").
        what: &'static str,
    },
    /// A page (`--html`) to write where something that is not a regular file is (a FIFO, a
    /// device): a page is written beside it and renamed into place, which would replace it.
    #[error(
        "{}: not a regular file (a FIFO or a device?): {option} writes its page beside it and \
         renames it into place, which would replace it; give a file name",
        path.display()
    )]
    NotRegularFile {
        /// The path given.
        path: PathBuf,
        /// The option that named it.
        option: &'static str,
    },
    /// `play verify` of an empty file.
    #[error("{}: empty file: no recorded game to verify", path.display())]
    EmptyRecording {
        /// The file.
        path: PathBuf,
    },
    /// `play verify` of files that hold no recorded game.
    #[error("{game}: no recorded game found in {files} file(s)")]
    NothingVerified {
        /// The game.
        game: &'static str,
        /// The files read.
        files: usize,
    },
    /// `--port` with more than one job.
    #[error("--port {port} serves one game at a time: it cannot go with --jobs {jobs}")]
    PortWithJobs {
        /// The port.
        port: u16,
        /// The jobs asked for.
        jobs: usize,
    },
    /// `--port` with other than one program bot.
    #[error("--port {port} serves one program bot (cmd:...); the line-up has {programs}")]
    PortPrograms {
        /// The port.
        port: u16,
        /// Program bots in the line-up.
        programs: usize,
    },
    /// `--port` in a game whose programs are not network clients.
    #[error(
        "--port {port}: {game} programs are not served over TCP (only cloudwars and windward \
         programs are)"
    )]
    PortNotServed {
        /// The port.
        port: u16,
        /// The game.
        game: &'static str,
    },
    /// A program that could not be started.
    #[error("cannot start {program:?}: {source}")]
    Spawn {
        /// The program's command line.
        program: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// An address that could not be parsed, bound or reached, or a connection that failed.
    #[error("{addr}: {source}")]
    Net {
        /// The address (`host:port`).
        addr: String,
        /// Why.
        source: BoxError,
    },
    /// A game that ended without the outcome its crate promises (a broken game contract).
    #[error("{game}: a finished game without an outcome")]
    NoOutcome {
        /// The game.
        game: &'static str,
    },
    /// A game that was still running when its turn limit had passed.
    #[error("{game}: the game did not end")]
    NotEnded {
        /// The game.
        game: &'static str,
    },
    /// What a game crate rejected (a configuration, a board, a recording, a protocol message),
    /// with the crate's own error as the source.
    #[error("{context}: {source}")]
    Engine {
        /// What was being done or read ("board cube7", "game 3").
        context: String,
        /// The game crate's error.
        source: BoxError,
    },
    /// A game crate's error that itself says what and where (a replay's mismatch names its file,
    /// round and field).
    #[error(transparent)]
    Game(BoxError),
    /// The arena's error (the runner, the results, the pages).
    #[error(transparent)]
    Arena(#[from] arena::Error),
    /// A program bot's error.
    #[error(transparent)]
    #[cfg(feature = "cli")]
    Program(#[from] arena::program::ProgramError),
    /// An SPRT configuration that does not parse or hold (`--sprt elo0=...`).
    #[error(transparent)]
    #[cfg(feature = "cli")]
    Sprt(#[from] arena::stats::sprt::SprtError),
    /// `--sprt` cannot test this match (not two bots, fixed seats, another tournament's file).
    #[error("--sprt: {0}")]
    SprtSetup(String),
    /// The ratings of a league could not be computed (`--league`).
    #[error("ratings: {0}")]
    #[cfg(feature = "cli")]
    Rating(#[from] arena::stats::rating::RatingError),
    /// A leaderboard page could not be written (`--league --html`).
    #[error(transparent)]
    #[cfg(feature = "cli")]
    Leaderboard(#[from] arena::stats::rating::LeaderboardError),
    /// A command line that does not parse.
    #[error(transparent)]
    #[cfg(feature = "cli")]
    Cli(#[from] clap::Error),
}

impl Error {
    /// [`Error::Engine`]: a game crate's `source` error, while doing or reading `context`.
    pub fn engine(context: impl std::fmt::Display, source: impl Into<BoxError>) -> Error {
        Error::Engine {
            context: context.to_string(),
            source: source.into(),
        }
    }

    /// [`Error::Game`]: a game crate's error that says what and where itself.
    pub fn game(source: impl Into<BoxError>) -> Error {
        Error::Game(source.into())
    }

    /// [`Error::File`] for `path`.
    pub fn file(path: impl Into<PathBuf>, source: std::io::Error) -> Error {
        Error::File {
            path: path.into(),
            source,
        }
    }

    /// [`Error::Format`] for `path`.
    pub fn format(path: impl Into<PathBuf>, source: impl Into<BoxError>) -> Error {
        Error::Format {
            path: path.into(),
            source: source.into(),
        }
    }

    /// [`Error::Net`] for `addr`.
    pub fn net(addr: impl std::fmt::Display, source: impl Into<BoxError>) -> Error {
        Error::Net {
            addr: addr.to_string(),
            source: source.into(),
        }
    }
}
