//! The example bots of a game by name: what `play GAME --bots A,B,...` builds its line-up from.
//!
//! [`arena::Playable`] is what the runner needs of a game; [`Roster`] adds the names of this
//! crate's bots, and [`lineup`] turns a list of names into the runner's line-up
//! ([`arena::Entry`]: a name and a way to build the bot for each game).

use std::path::{Path, PathBuf};

use arena::{Bot, Playable};
#[cfg(feature = "cli")]
use arena::{BoxError, Entry, Seat};

use crate::error::{Error, Result};

/// A game whose example bots `play` builds by name.
pub trait Roster: Playable + 'static {
    /// The bots [`Roster::bot`] can build: `(name, one line about it)`.
    fn bot_names() -> &'static [(&'static str, &'static str)];

    /// Builds the bot called `name` (one of [`Roster::bot_names`], or a game-specific form such
    /// as `cmd:PROGRAM`: program bots, with the feature `cli`); an unknown name is an error that
    /// lists the known ones.
    fn bot(&self, name: &str) -> Result<Box<dyn Bot<Self>>>;

    /// The error for a name [`Roster::bot`] does not build: it lists the ones it does.
    fn unknown_bot(name: &str) -> Error {
        Error::UnknownBot {
            game: Self::NAME,
            name: name.to_owned(),
            known: Self::bot_names().iter().map(|(n, _)| *n).collect(),
        }
    }

    /// [`Roster::bot`], with the standard error of a program bot (`cmd:`) written to `stderr`
    /// (a file, created or truncated) when given. The default ignores `stderr`: for games whose
    /// bots are no programs.
    fn bot_with_stderr(&self, name: &str, stderr: Option<PathBuf>) -> Result<Box<dyn Bot<Self>>> {
        let _ = stderr;
        self.bot(name)
    }
}

/// The file `play --stderr-dir DIR` writes the standard error of the program in `seat` of game
/// `index` of `game` to: `DIR/GAME-gINDEX-sSEAT.stderr` (`tron3d-g12-s3.stderr`).
pub fn stderr_file(dir: &Path, game: &str, index: u64, seat: usize) -> PathBuf {
    dir.join(format!("{game}-g{index}-s{seat}.stderr"))
}

/// Creates `--stderr-dir` (and its parents) before any game, so a program never fails to start
/// for a missing folder.
pub fn create_stderr_dir(dir: Option<&Path>) -> Result<()> {
    match dir {
        Some(dir) => std::fs::create_dir_all(dir).map_err(|e| Error::file(dir, e)),
        None => Ok(()),
    }
}

/// The line-up entry of the bot called `name`: built by [`Roster::bot`] for each game.
#[cfg(feature = "cli")]
pub fn entry<G: Roster>(name: &str) -> Entry<G> {
    let owned = name.to_owned();
    Entry::new(name, move |game: &G| {
        game.bot(&owned).map_err(BoxError::from)
    })
}

/// The line-up of `names`, one entry per seat of the first game.
#[cfg(feature = "cli")]
pub fn lineup<G: Roster>(names: &[String]) -> Vec<Entry<G>> {
    names.iter().map(|name| entry(name)).collect()
}

/// The line-up of `names` in which each program bot (`cmd:PROGRAM ARG...`) is built by
/// `program` from its command line (the text after `cmd:`) and the file for its standard error
/// (its [`stderr_file`] in `stderr_dir`, game `game`, when given), the others by
/// [`Roster::bot`].
#[cfg(feature = "cli")]
pub fn lineup_with<G, F>(
    names: &[String],
    game: &'static str,
    stderr_dir: Option<&Path>,
    program: F,
) -> Vec<Entry<G>>
where
    G: Roster,
    F: Fn(&str, Option<PathBuf>) -> Result<Box<dyn Bot<G>>> + Clone + Send + Sync + 'static,
{
    names
        .iter()
        .map(|name| match name.strip_prefix("cmd:") {
            Some(command) => {
                let (command, program) = (command.to_owned(), program.clone());
                let dir = stderr_dir.map(Path::to_owned);
                Entry::seated(name.as_str(), move |_: &G, seat: Seat| {
                    let stderr = dir
                        .as_deref()
                        .map(|dir| stderr_file(dir, game, seat.game, seat.seat));
                    program(&command, stderr).map_err(BoxError::from)
                })
            }
            None => entry(name),
        })
        .collect()
}

/// `--port`: the run options for serving the one program bot of `names` on a fixed port (the
/// games one at a time); an error with more than one job or more than one program bot.
#[cfg(feature = "cli")]
pub fn served_on_port(
    common: &crate::cli::MatchArgs,
    names: &[String],
) -> Result<arena::runner::RunOptions> {
    let mut options = common.run_options();
    let Some(port) = common.port else {
        return Ok(options);
    };
    if common.jobs.is_some_and(|jobs| jobs.get() > 1) {
        return Err(Error::PortWithJobs {
            port,
            jobs: common.jobs.map_or(1, |j| j.get()),
        });
    }
    let programs = names.iter().filter(|n| n.starts_with("cmd:")).count();
    if programs != 1 {
        return Err(Error::PortPrograms { port, programs });
    }
    options.jobs = std::num::NonZeroUsize::new(1);
    Ok(options)
}

/// `--port` in a game whose programs are not network clients: an error.
#[cfg(feature = "cli")]
pub fn no_port(common: &crate::cli::MatchArgs, game: &'static str) -> Result<()> {
    match common.port {
        Some(port) => Err(Error::PortNotServed { port, game }),
        None => Ok(()),
    }
}

/// The line-up of `names`, each program's standard error written to its [`stderr_file`] in
/// `stderr_dir` (game `game`) when given.
#[cfg(feature = "cli")]
pub fn lineup_with_stderr<G: Roster>(
    names: &[String],
    game: &'static str,
    stderr_dir: Option<&Path>,
) -> Vec<Entry<G>> {
    let Some(dir) = stderr_dir else {
        return lineup(names);
    };
    names
        .iter()
        .map(|name| {
            let (owned, dir) = (name.clone(), dir.to_owned());
            Entry::seated(name, move |table: &G, seat: Seat| {
                let file = stderr_file(&dir, game, seat.game, seat.seat);
                table
                    .bot_with_stderr(&owned, Some(file))
                    .map_err(BoxError::from)
            })
        })
        .collect()
}
