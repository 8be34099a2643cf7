//! Runnable bots for every contest-engines game, and the `play` command that runs matches and
//! tournaments of them: a thin layer over the [`arena`] crate, which holds the one bot shape
//! ([`arena::Bot`]), the runner, the results and the replay pages.
//!
//! - [`roster`]: every game's example bots by name ([`roster::Roster`]), for `--bots`;
//! - [`cli`]: the typed command line; [`run`] carries out a parsed command;
//! - one module per game, with its bots and the thin glue of its `play GAME` sub-command.
//!
//! The feature `cli` (default) is the command line and what only it drives: each game's
//! tournaments, the servers, `--sprt`, `merge`, `view`, program bots (`cmd:`) and the programs
//! in `src/bin`; it turns on the arena's `tournament` feature and Windward's `net`. Without it
//! the library is each game's bots, its [`arena::Playable`] and its roster, which the Python
//! package's `contest_engines.bots` takes without building clap, the tournament glue, the
//! arena's tournament side or Windward's network side.

#[cfg(feature = "cli")]
pub mod cli;
pub mod error;
pub mod roster;
#[cfg(feature = "cli")]
pub mod sprt;

pub mod amazes;
pub mod cloudwars;
pub mod dogfight;
pub mod tron3d;
pub mod windward;

#[cfg(feature = "cli")]
use std::path::PathBuf;

use arena::viewer;
#[cfg(feature = "cli")]
use arena::{Playable, Results};
#[cfg(feature = "cli")]
use cli::{Cli, Command, GameName, MergeArgs, VerifyArgs, ViewArgs};
pub use error::{Error, Result};

/// The most games `--sprt` plays when `--games` does not say (it then stops without a verdict).
pub const SPRT_MAX_GAMES: u64 = 200_000;

/// The games the `play` command knows, in the order the quick start runs them.
pub const GAMES: [&str; 5] = ["dogfight", "tron3d", "cloudwars", "amazes", "windward"];

/// How this process's program bots are contained: set once by [`run`] from a game's options,
/// [`arena::program::Containment::default`] until then (and in library use).
#[cfg(feature = "cli")]
static CONTAINMENT: std::sync::OnceLock<arena::program::Containment> = std::sync::OnceLock::new();

/// How program bots (`cmd:`) built by this crate are contained.
#[cfg(feature = "cli")]
pub fn containment() -> arena::program::Containment {
    CONTAINMENT.get().cloned().unwrap_or_default()
}

/// Takes a game's "Program bots" options (the first call wins: one `play` run is one game), and
/// says on standard error which protections its program bots get on this kernel.
#[cfg(feature = "cli")]
fn contain_programs(common: &cli::MatchArgs) {
    let containment = common.containment();
    if common.bots.iter().any(|bot| bot.starts_with("cmd:")) {
        let protections = arena::program::Protections::probe();
        eprintln!("play: program bots: {}", protections.describe(&containment));
    }
    let _ = CONTAINMENT.set(containment);
}

/// Carries out a parsed `play` command.
#[cfg(feature = "cli")]
pub fn run(cli: Cli) -> Result<()> {
    if let Some(common) = cli.command.as_ref().and_then(Command::match_args) {
        contain_programs(common);
    }
    match cli.command {
        None => quick_start(),
        // Every game writes its `--html` page from the run itself (`viewer::MatchPage`).
        Some(Command::Dogfight(options)) => {
            roster::no_port(&options.common, "dogfight")?;
            dogfight::play(&options)
        }
        Some(Command::Tron3d(options)) => {
            roster::no_port(&options.common, "tron3d")?;
            tron3d::play(&options)
        }
        Some(Command::Cloudwars(options)) => cloudwars::play(&options),
        Some(Command::Amazes(options)) => {
            roster::no_port(&options.common, "amazes")?;
            amazes::play(&options)
        }
        Some(Command::Windward(options)) => windward::play(&options),
        Some(Command::Verify(args)) => verify(&args).map(|line| println!("{line}")),
        Some(Command::Merge(args)) => merge(&args),
        Some(Command::View(args)) => view(&args).map(|line| println!("{line}")),
        Some(Command::Sprt(args)) => {
            print!("{}", sprt_figures(&args));
            Ok(())
        }
    }
}

/// A short match of every game with its default bots: what `play` without arguments shows.
#[cfg(feature = "cli")]
fn quick_start() -> Result<()> {
    for game in GameName::ALL {
        println!("== {} ==", game.name());
        let words = ["play", game.name()];
        let cli = cli::parse(words)?;
        run(cli)?;
        println!();
    }
    Ok(())
}

/// Runs `play verify GAME FILE...`: the game crate's replay of the files, as its one-line summary.
/// A file that is empty, or files holding no recorded game, are an error.
#[cfg(feature = "cli")]
pub fn verify(args: &VerifyArgs) -> Result<String> {
    for file in &args.files {
        let metadata = std::fs::metadata(file).map_err(|e| Error::file(file, e))?;
        // (a device or a pipe reports size 0: the game's reader counts its bytes)
        if metadata.is_file() && metadata.len() == 0 {
            return Err(Error::EmptyRecording { path: file.clone() });
        }
    }
    let files: &[PathBuf] = &args.files;
    let line = match args.game {
        GameName::Dogfight => dogfight::verify(files),
        GameName::Tron3d => tron3d::verify(files),
        GameName::Cloudwars => cloudwars::verify(files),
        GameName::Amazes => amazes::verify(files),
        GameName::Windward => windward::verify(files),
    }?;
    // `conformance: <game>: <N> traces, ...`: a run that checked no recorded game proves nothing.
    let checked = line
        .splitn(3, ": ")
        .nth(2)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|count| count.parse::<u64>().ok());
    if checked == Some(0) {
        return Err(Error::NothingVerified {
            game: args.game.name(),
            files: files.len(),
        });
    }
    Ok(line)
}

/// Runs `play sprt`: the test's figures for the counts given (`--penta`, else `--trinomial`;
/// none at all is no evidence either way).
#[cfg(feature = "cli")]
pub fn sprt_figures(args: &cli::SprtArgs) -> arena::stats::sprt::Report {
    match (args.penta, args.trinomial) {
        (Some(pairs), _) => args.sprt.test(&pairs),
        (None, Some(games)) => args.sprt.test(&games),
        (None, None) => args.sprt.test(&arena::stats::sprt::Pentanomial::default()),
    }
}

/// Runs `play merge FILE...`: reads the shards' results files, adds them up and prints the table.
#[cfg(feature = "cli")]
pub fn merge(args: &MergeArgs) -> Result<()> {
    let mut parts = Vec::with_capacity(args.files.len());
    for file in &args.files {
        let results = Results::load(file).map_err(arena::Error::from)?;
        parts.push((file.display().to_string(), results));
    }
    let mut merged = Results::merge(parts).map_err(arena::Error::from)?;
    print!("{}", merged.table());
    // A league's shards carry ratings of their own games: the merged games are rated afresh.
    let league = matches!(
        merged.tournament.schedule,
        arena::results::Schedule::RoundRobin { .. } | arena::results::Schedule::Gauntlet { .. }
    );
    merged.ratings = if league || args.ratings || merged.ratings.is_some() {
        Some(cli::rate(&merged)?)
    } else {
        None
    };
    if let Some(path) = &args.results {
        merged.save(path).map_err(arena::Error::from)?;
        println!("results written to {}", path.display());
    }
    if let Some(ratings) = &merged.ratings {
        cli::print_ratings(&merged, ratings, args.html.as_deref())?;
    }
    Ok(())
}

/// Runs `play view GAME FILE --html PAGE`: reads the recording with the game's
/// [`arena::Playable::load_recording`] and writes its viewer page; returns a one-line summary.
#[cfg(feature = "cli")]
pub fn view(args: &ViewArgs) -> Result<String> {
    match args.game {
        GameName::Dogfight => view_recording::<::dogfight::Game>(args),
        GameName::Tron3d => view_recording::<::tron3d::Game>(args),
        GameName::Cloudwars => view_recording::<::cloudwars::Game>(args),
        GameName::Amazes => view_recording::<::amazes::Game>(args),
        GameName::Windward => view_recording::<::windward::Game>(args),
    }
}

#[cfg(feature = "cli")]
fn view_recording<G: Playable>(args: &ViewArgs) -> Result<String> {
    let page = cli::page_destination(&args.html)?;
    let recording = G::load_recording(&args.file).map_err(arena::Error::from)?;
    let every = match (args.html_every, recording.states.last()) {
        (Some(every), _) => every.get(),
        (None, Some(last)) => viewer::auto_every(&recording.game, last, recording.states.len()),
        (None, None) => 1,
    };
    let options = viewer::ViewerOptions {
        every,
        title: Some(format!("{}: {}", G::NAME, args.file.display())),
    };
    let summary = viewer::write_html(
        &page,
        &recording.game,
        &recording.names,
        &recording.states,
        &options,
    )
    .map_err(arena::Error::from)?;
    Ok(viewer_line(&args.html, &summary))
}

/// Reads the file at `path`, of at most `limit` bytes (checked while reading, so a file that grows
/// or a device cannot make it read more): a bigger file is [`Error::TooLarge`].
pub fn read_bounded(path: &std::path::Path, limit: u64, what: &'static str) -> Result<Vec<u8>> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| Error::file(path, e))?;
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| Error::file(path, e))?;
    if bytes.len() as u64 > limit {
        return Err(Error::TooLarge {
            path: path.to_owned(),
            bytes: bytes.len() as u64,
            limit,
            what,
        });
    }
    Ok(bytes)
}

/// The line `play` prints after writing a viewer page.
pub fn viewer_line(page: &std::path::Path, summary: &viewer::ViewerSummary) -> String {
    viewer::view_line(page, summary)
}
