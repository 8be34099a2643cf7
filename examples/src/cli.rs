//! The `play` command line, typed and documented with `clap`.
//!
//! Every game's sub-command shares the tournament options of [`MatchArgs`] (`--games`, `--seed`,
//! `--bots`, `--jobs`, `--shard`, `--results`, `--fixed-seats`) and adds its own. An unknown or
//! misspelled option is an error that names the right one, including options that were renamed
//! (`--fights` is now `--games`, `--maps` is now `--map`).

use std::num::NonZeroUsize;
use std::path::PathBuf;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Args, FromArgMatches, Parser, Subcommand, ValueEnum};

use arena::results::{Results, Shard};
use arena::runner::RunOptions;

/// Matches and tournaments between the example bots of five contest games, and replays of the
/// original programs' recordings.
///
/// Without a sub-command, plays a short match of every game (the quick start).
#[derive(Debug, Parser)]
#[command(
    name = "play",
    version,
    after_help = "Examples:\n  \
        play                                   a short match of every game\n  \
        play dogfight --games 100 --jobs 2     1000 fights on two threads\n  \
        play tron3d --shard 0/4 --results r0.json   one quarter of a tournament\n  \
        play merge r0.json r1.json r2.json r3.json  the whole tournament's table\n  \
        play verify dogfight fights.jsonl      replay a recording"
)]
pub struct Cli {
    /// What to do (default: a short match of every game).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The sub-commands of `play`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Dogfight: fights between two planes' bots, scored like the original tournament.
    Dogfight(crate::dogfight::Options),
    /// Tron3D: light-cycle games for 2 to 8 players on a 3D board.
    Tron3d(crate::tron3d::Options),
    /// CloudWars: two clouds absorbing rainclouds on a random world.
    Cloudwars(crate::cloudwars::Options),
    /// Amazes: two explorers in a hidden maze (CodeCup 2010).
    Amazes(crate::amazes::Options),
    /// Windward: ten taxis delivering passengers in Windwardopolis II.
    Windward(crate::windward::Options),
    /// Replays recordings of the original programs (golden traces) and checks every step.
    Verify(VerifyArgs),
    /// Adds up the results files of a tournament's shards into the table of one run.
    Merge(MergeArgs),
    /// Writes a recording's replay viewer: one self-contained HTML page to open in a browser.
    View(ViewArgs),
    /// The figures of an SPRT for given counts, as fastchess and fishtest compute them: Elo and
    /// normalized Elo with 95 % intervals, LOS, draw ratio, LLR against its bounds, verdict.
    Sprt(SprtArgs),
}

impl Command {
    /// The tournament options of a game's command.
    pub fn match_args(&self) -> Option<&MatchArgs> {
        match self {
            Command::Dogfight(o) => Some(&o.common),
            Command::Tron3d(o) => Some(&o.common),
            Command::Cloudwars(o) => Some(&o.common),
            Command::Amazes(o) => Some(&o.common),
            Command::Windward(o) => Some(&o.common),
            _ => None,
        }
    }
}

/// The tournament options every game shares.
#[derive(Debug, Clone, Default, PartialEq, Eq, Args)]
pub struct MatchArgs {
    /// Games to play, at least 1 (default: the game's quick-match length, see below; under
    /// --sprt the most games the test may play).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub games: Option<u64>,
    /// Base seed: game i's seed is fixed by this seed and i, so results never depend on --jobs
    /// or --shard.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// The bots, comma-separated, one per seat of the first game (default: the game's line-up;
    /// the bots are listed below). `cmd:PROGRAM ARG...` is a program: its words are split as a
    /// POSIX shell splits them, quote removal only ('...' and "..." keep spaces and commas, a
    /// backslash keeps the next character; no variables, globs or operators; a quote left open
    /// is an error), e.g. --bots "cmd:python3 'my bot.py' --name 'a, b',random". Bots are split
    /// at commas outside quotes.
    #[arg(long, value_name = "A,B,...")]
    pub bots: Vec<String>,
    /// Threads playing games in parallel (default: one per core; clamped to 1024 and to the
    /// games to play). Results are the same for any number.
    #[arg(long, value_name = "N")]
    pub jobs: Option<NonZeroUsize>,
    /// Play only slice I of N of the games (0-based: 0/4 .. 3/4), for array jobs; write the
    /// slice's results with --results and add the slices up with `play merge`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// Write the results (every game's scores and places) to this JSON file, for `play merge`.
    #[arg(long, value_name = "FILE")]
    pub results: Option<PathBuf>,
    /// Keep every bot in its seat (default: the seats rotate one place every game).
    #[arg(long)]
    pub fixed_seats: bool,
    /// Paired games: the games of one rotation of the seats (two for two bots) share one seed,
    /// so that the luck of the seed and of the seat cancels between the bots.
    #[arg(long, conflicts_with = "fixed_seats")]
    pub paired: bool,
    /// Is the first bot stronger than the second? Paired games until the sequential probability
    /// ratio test of their pentanomial counts accepts a hypothesis, e.g.
    /// `elo0=0,elo1=5,alpha=0.05,beta=0.05,model=normalized` (fastchess's and fishtest's test;
    /// `--games` caps the games, default 200000); the figures are printed live on standard
    /// error and at the end, the results file (`--results`) is written after every look and a
    /// test given the same file goes on from it.
    #[arg(long, value_name = "elo0=E0,elo1=E1,...", conflicts_with_all = ["fixed_seats", "shard"])]
    pub sprt: Option<String>,
    /// Ratings of a pool: the bots, comma-separated, play the games (one bot per seat, the seats
    /// rotating, as --bots) and get a rating with a 95 % interval each (Plackett–Luce on the
    /// finishing order, Bradley–Terry for two players, on the Elo scale; the first bot anchored
    /// at 0), printed after the results table; --html writes the leaderboard page (ratings with
    /// their intervals drawn, the head-to-head matrix) instead of a game's page.
    #[arg(long, value_name = "A,B,...", conflicts_with_all = ["bots", "sprt"])]
    pub league: Option<String>,
    /// With --league: the first bot against every set of the others (default: every set of
    /// bots in turn, a round robin).
    #[arg(long, requires = "league")]
    pub gauntlet: bool,
    /// Tron3D: seats per game of a --league of more bots (default: one per bot). Under --sprt
    /// with more than two bots (NEW,OLD,OPPONENT...) the seats are the opponents and one more.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(2..=8))]
    pub seats: Option<u64>,
    /// No progress bar (it is drawn only when stderr is a terminal anyway).
    #[arg(long)]
    pub quiet: bool,
    /// Write the replay viewer of the match's first game (of the shard's first game with
    /// --shard) to this self-contained HTML file: the game as the run played it, with its bots,
    /// seats and seed (`play view` for recordings).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Write the standard error of each program bot (cmd:) to a file per game and seat in this
    /// folder (created if missing): DIR/GAME-gINDEX-sSEAT.stderr, e.g. tron3d-g3-s1.stderr.
    /// Without it, programs' standard error is discarded.
    #[arg(long, value_name = "DIR")]
    pub stderr_dir: Option<PathBuf>,
    /// With --html: embed every N-th step of the game (and always the last); default 1.
    #[arg(long, value_name = "N", requires = "html")]
    pub html_every: Option<NonZeroUsize>,
    /// CloudWars and Windward: serve the program bot (`cmd:`) on this port of 127.0.0.1 instead
    /// of a free port per game (the original Windward kit's client knows only 1707); the games
    /// are then played one at a time (--jobs 1).
    #[arg(long, value_name = "PORT")]
    pub port: Option<u16>,
    /// Program bots (cmd:) run in a Landlock sandbox where the kernel has one: they read the
    /// system, PATH's toolchains and their own folder, write only a scratch folder of their
    /// own, connect only to their game's port. `off` turns it off (limits and whole-tree
    /// killing stay).
    #[arg(long, value_name = "on|off", default_value = "on", help_heading = "Program bots",
          value_parser = ["on", "off"])]
    pub sandbox: String,
    /// A program's writable memory, in MiB (0: no limit).
    #[arg(
        long,
        value_name = "MIB",
        default_value_t = 2048,
        help_heading = "Program bots"
    )]
    pub memory_limit: u64,
    /// A program's CPU time over its whole life, in seconds (0: no limit).
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 600,
        help_heading = "Program bots"
    )]
    pub cpu_limit: u64,
    /// A program's processes and threads (0: no limit).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 256,
        help_heading = "Program bots"
    )]
    pub process_limit: u64,
    /// The largest file a program may write, in MiB (0: no limit).
    #[arg(
        long,
        value_name = "MIB",
        default_value_t = 64,
        help_heading = "Program bots"
    )]
    pub file_size_limit: u64,
    /// A program's open files (0: no limit).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 1024,
        help_heading = "Program bots"
    )]
    pub open_files_limit: u64,
    /// A folder or file sandboxed programs may also read (repeatable).
    #[arg(long, value_name = "PATH", help_heading = "Program bots")]
    pub allow_read: Vec<PathBuf>,
    /// An environment variable passed to programs (repeatable; they get PATH, HOME and
    /// TMPDIR (their scratch folder), LANG, CONTEST_SEAT and CONTEST_PORT, no other).
    #[arg(long, value_name = "NAME", help_heading = "Program bots")]
    pub pass_env: Vec<String>,
    /// Where programs' scratch folders are made (default: the system's temporary folder).
    #[arg(long, value_name = "DIR", help_heading = "Program bots")]
    pub scratch_dir: Option<PathBuf>,
    /// Keep each program's scratch folder after its game (default: removed).
    #[arg(long, help_heading = "Program bots")]
    pub keep_scratch: bool,
    /// The most bytes of standard error kept per program and game with --stderr-dir (then one
    /// line says how many more were dropped).
    #[arg(long, value_name = "BYTES", default_value_t = arena::program::STDERR_CAP,
          help_heading = "Program bots")]
    pub stderr_cap: u64,
}

impl MatchArgs {
    /// How program bots are contained (the "Program bots" options).
    pub fn containment(&self) -> arena::program::Containment {
        let some = |n: u64| (n > 0).then_some(n);
        arena::program::Containment {
            limits: arena::program::Limits {
                memory: some(self.memory_limit).map(|m| m.saturating_mul(1 << 20)),
                cpu_seconds: some(self.cpu_limit),
                processes: some(self.process_limit),
                file_size: some(self.file_size_limit).map(|m| m.saturating_mul(1 << 20)),
                open_files: some(self.open_files_limit),
            },
            sandbox: self.sandbox != "off",
            allow_read: self.allow_read.clone(),
            pass_env: self.pass_env.clone(),
            scratch_root: self.scratch_dir.clone(),
            keep_scratch: self.keep_scratch,
            stderr_cap: self.stderr_cap,
        }
    }

    /// The games to play: `--games`, or `default`.
    pub fn games_or(&self, default: u64) -> u64 {
        let default = if self.sprt.is_some() {
            crate::SPRT_MAX_GAMES
        } else {
            default
        };
        self.games.unwrap_or(default)
    }

    /// The line-up: `--bots` (each given list split at commas outside quotes, [`split_bots`]),
    /// or `default`.
    pub fn lineup_or(&self, default: &[&str]) -> Vec<String> {
        if let Some(league) = &self.league {
            return split_bots(league)
                .into_iter()
                .map(|name| name.trim().to_owned())
                .collect();
        }
        if self.bots.is_empty() {
            default.iter().map(|&name| name.to_owned()).collect()
        } else {
            self.bots
                .iter()
                .flat_map(|list| split_bots(list))
                .map(|name| name.trim().to_owned())
                .collect()
        }
    }

    /// What `--html` asks for in a match of `games` games (`--games` or the game's default):
    /// the page of the first game played, sampled every `--html-every` or `default_every` steps,
    /// written where [`page_destination`] says.
    pub fn page_plan(
        &self,
        games: u64,
        default_every: usize,
    ) -> crate::Result<Option<arena::viewer::PagePlan>> {
        let Some(path) = self.html.as_ref().filter(|_| self.league.is_none()) else {
            // Under --league, --html is the leaderboard ([`MatchArgs::report`]).
            return Ok(None);
        };
        Ok(Some(arena::viewer::PagePlan {
            path: page_destination(path)?,
            index: self
                .shard
                .map_or(0, |shard| shard.range(games.max(1)).start),
            every: self
                .html_every
                .map_or(default_every, NonZeroUsize::get)
                .max(1),
            seed: self.seed,
        }))
    }

    /// Which bots play each game when `lineup` (`--bots` or `--league`) meets a game of `seats`
    /// seats: the whole line-up when it fills the seats; a round robin (or `--gauntlet`) of a
    /// larger `--league`; the duplicate format of an `--sprt` of NEW, OLD and `seats - 1` fixed
    /// opponents. Anything else is the game's line-up error.
    pub fn schedule(
        &self,
        game: &'static str,
        lineup: usize,
        seats: usize,
    ) -> crate::Result<arena::results::Schedule> {
        use arena::results::Schedule;
        let schedule = if lineup == seats {
            Schedule::Lineup
        } else if self.league.is_some() && lineup > seats && seats >= 2 && lineup <= 64 {
            if self.gauntlet {
                Schedule::Gauntlet { seats }
            } else {
                Schedule::RoundRobin { seats }
            }
        } else if self.sprt.is_some() && seats >= 3 && lineup == seats + 1 {
            Schedule::Duplicate { seats }
        } else {
            return Err(crate::Error::Lineup {
                game,
                players: seats,
                got: lineup,
            });
        };
        Ok(schedule)
    }

    /// Whether the games are paired (`--paired`, and always under `--sprt`).
    pub fn paired(&self) -> bool {
        self.paired || self.sprt.is_some()
    }

    /// Threads, slice and progress for the runner.
    pub fn run_options(&self) -> RunOptions {
        RunOptions {
            jobs: self.jobs,
            shard: self.shard,
            progress: !self.quiet,
            stop: None,
        }
    }

    /// Prints the results table and writes the results file when `--results` asks for it.
    pub fn report(&self, results: &Results) -> crate::Result<()> {
        print!("{}", results.table());
        // A league's ratings go into its results file too.
        let rated;
        let results = if self.league.is_some() {
            let mut with = results.clone();
            with.ratings = Some(rate(results)?);
            rated = with;
            &rated
        } else {
            results
        };
        if let Some(path) = &self.results {
            results.save(path).map_err(arena::Error::from)?;
            println!("results written to {}", path.display());
        }
        if let Some(config) = crate::sprt::config(self)? {
            print!("{}", crate::sprt::report(&config, results));
        }
        if let Some(ratings) = &results.ratings {
            print_ratings(results, ratings, self.html.as_deref())?;
        }
        Ok(())
    }
}

/// The ratings of the bots of `results` ([`arena::stats::rating`], with its default options).
pub fn rate(results: &Results) -> crate::Result<arena::stats::rating::Ratings> {
    use arena::stats::rating::{Pool, RatingOptions};
    Ok(Pool::from_results(results)?.ratings(&RatingOptions::default())?)
}

/// Prints `ratings` (of the bots of `results`, a league's), and writes their leaderboard page to
/// `html` when given.
pub fn print_ratings(
    results: &Results,
    ratings: &arena::stats::rating::Ratings,
    html: Option<&std::path::Path>,
) -> crate::Result<()> {
    print!("{ratings}");
    if let Some(path) = html {
        let title = format!(
            "{} league: {}",
            results.tournament.game, results.tournament.setup
        );
        arena::stats::rating::write_leaderboard(path, ratings, &title)?;
        println!("leaderboard written to {}", path.display());
    }
    Ok(())
}

/// Where a page (`--html PATH`) is written. A page goes to a temporary file beside it, renamed
/// into place at the end ([`arena::viewer`]), which only a regular file allows: a symbolic link to
/// one is followed (the page replaces the link's target and the link stays), and a path that is
/// not a regular file (a FIFO, a device, a link to one) is refused ([`crate::Error::NotRegularFile`])
/// rather than replaced by a regular file.
pub fn page_destination(path: &std::path::Path) -> crate::Result<PathBuf> {
    match arena::output::destination(path).map_err(|e| crate::Error::file(path, e))? {
        arena::output::Destination::Replace(path) => Ok(path),
        arena::output::Destination::Through(_) => Err(crate::Error::NotRegularFile {
            path: path.to_owned(),
            option: "--html",
        }),
    }
}

/// Splits a `--bots` list at its commas outside quotes: `cmd:bot 'a,b',random` is
/// `cmd:bot 'a,b'` and `random` (each bot's text is kept as given, quotes included, for
/// [`arena::program::command_line`]). Quotes are read as the shell reads them: `'...'`
/// quotes everything, `"..."` everything but a backslashed `"` or `\`, and a backslash outside
/// quotes keeps the next character. A quote left open runs to the end (the program's command
/// line then reports it).
pub fn split_bots(list: &str) -> Vec<&str> {
    #[derive(Clone, Copy, PartialEq)]
    enum Quote {
        None,
        Single,
        Double,
    }
    let mut bots = Vec::new();
    let mut quote = Quote::None;
    let mut escaped = false;
    let mut start = 0;
    for (i, c) in list.char_indices() {
        if escaped {
            escaped = false;
            continue;
        }
        match (quote, c) {
            (Quote::None | Quote::Double, '\\') => escaped = true,
            (Quote::None, '\'') => quote = Quote::Single,
            (Quote::None, '"') => quote = Quote::Double,
            (Quote::Single, '\'') | (Quote::Double, '"') => quote = Quote::None,
            (Quote::None, ',') => {
                bots.push(&list[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    bots.push(&list[start..]);
    bots
}

/// The games `play` knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ValueEnum)]
pub enum GameName {
    /// Dogfight (code-golf King of the Hill, 2014).
    Dogfight,
    /// Tron3D (Jutge, 2017).
    Tron3d,
    /// CloudWars (Gathering Hardcore 2011).
    Cloudwars,
    /// Amazes (CodeCup 2010).
    Amazes,
    /// Windwardopolis II (Windward Code Wars 2014).
    Windward,
}

impl GameName {
    /// Every game, in the order the quick start plays them.
    pub const ALL: [GameName; 5] = [
        GameName::Dogfight,
        GameName::Tron3d,
        GameName::Cloudwars,
        GameName::Amazes,
        GameName::Windward,
    ];

    /// The game's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            GameName::Dogfight => "dogfight",
            GameName::Tron3d => "tron3d",
            GameName::Cloudwars => "cloudwars",
            GameName::Amazes => "amazes",
            GameName::Windward => "windward",
        }
    }
}

/// `play verify GAME FILE...`.
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub struct VerifyArgs {
    /// The game the recordings are of.
    pub game: GameName,
    /// The recordings (the game's golden trace formats; Tron3D: .t3d files).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// `play merge FILE...`.
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub struct MergeArgs {
    /// Results files written by `--shard I/N --results FILE`, one per shard, in any order.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Also write the merged results to this file.
    #[arg(long, value_name = "FILE")]
    pub results: Option<PathBuf>,
    /// Also rate the bots (as --league does; always for a round robin or a gauntlet).
    #[arg(long)]
    pub ratings: bool,
    /// With the ratings: write the leaderboard page to this file.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

/// `play view GAME FILE --html PAGE`.
#[derive(Debug, Clone, PartialEq, Eq, Args)]
#[command(after_help = "Examples:\n  \
    play view tron3d game.t3d --html game.html\n  \
    play view windward trace.jsonl.gz --html windward.html --html-every 5\n\
    Open the page from the file system (file://); it needs no network. `PAGE#step=N` opens \
    step N.")]
pub struct ViewArgs {
    /// The game the recording is of.
    pub game: GameName,
    /// The recording: any file `play verify GAME` reads (Tron3D: a .t3d file).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The HTML page to write (replaced whole, never left half-written).
    #[arg(long, value_name = "PAGE", required = true)]
    pub html: PathBuf,
    /// Embed every N-th recorded state (and always the last); default: at most 500 states and
    /// about 32 MiB of pictures.
    #[arg(long, value_name = "N")]
    pub html_every: Option<NonZeroUsize>,
}

/// `play sprt --penta N0,N1,N2,N3,N4 --sprt elo0=E0,elo1=E1,...` (or `--trinomial L,D,W`).
#[derive(Debug, Clone, PartialEq, Args)]
#[command(
    group(clap::ArgGroup::new("counts").required(true).args(["penta", "trinomial"])),
    after_help = "Examples:\n  \
        play sprt --penta 365,16618,36229,16974,390 --sprt elo0=0,elo1=2\n  \
        play sprt --trinomial 21184,40708,21404 --sprt elo0=0.5,elo1=2.5,model=logistic"
)]
pub struct SprtArgs {
    /// Pairs of games (one seed, seats swapped) by the first bot's score in the pair: how many
    /// scored 0, 1/2, 1, 3/2 and 2 points (fishtest's and fastchess's Ptnml(0-2) order).
    #[arg(long, value_name = "N0,N1,N2,N3,N4")]
    pub penta: Option<arena::stats::sprt::Pentanomial>,
    /// Single games, where games cannot be paired: the first bot's losses, draws and wins.
    #[arg(long, value_name = "L,D,W")]
    pub trinomial: Option<arena::stats::sprt::Trinomial>,
    /// The test: elo0 and elo1 (required), alpha and beta (default 0.05), model (normalized, the
    /// default, or logistic), e.g. elo0=0,elo1=5,alpha=0.05,beta=0.05,model=normalized.
    #[arg(long, value_name = "elo0=E0,elo1=E1,...")]
    pub sprt: arena::stats::sprt::SprtConfig,
}

/// Options that were renamed, with their new names: a user's old script gets pointed to the new
/// spelling.
const RENAMED: [(&str, &str); 2] = [("--fights", "--games"), ("--maps", "--map")];

/// Parses `play`'s arguments (the first word is the program's name). On an unknown option that
/// `clap` finds nothing similar to, the error suggests the new name of a renamed option.
pub fn parse<I, T>(words: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let matches = command()
        .try_get_matches_from(words)
        .map_err(suggest_renamed)?;
    Cli::from_arg_matches(&matches).map_err(suggest_renamed)
}

/// `play`'s command, each game's `--help` ending with the bots its roster builds (from
/// [`Roster::bot_names`](crate::roster::Roster::bot_names), so the list cannot go stale).
pub fn command() -> clap::Command {
    use crate::roster::Roster;
    let lists = [
        ("dogfight", bot_list::<dogfight::Game>()),
        ("tron3d", bot_list::<tron3d::Game>()),
        ("cloudwars", bot_list::<crate::cloudwars::Match>()),
        ("amazes", bot_list::<amazes::Game>()),
        ("windward", bot_list::<windward::Game>()),
    ];
    let mut command = <Cli as clap::CommandFactory>::command();
    for (name, list) in lists {
        command = command.mut_subcommand(name, |sub| {
            let rest = sub
                .get_after_help()
                .map(|text| format!("\n{text}"))
                .unwrap_or_default();
            sub.after_help(format!("{list}{rest}"))
        });
    }
    fn bot_list<G: Roster>() -> String {
        let names = G::bot_names();
        let width = names.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
        let mut text = String::from("Bots:");
        for (name, about) in names {
            text.push_str(&format!("\n  {name:width$}  {about}"));
        }
        text
    }
    command
}

fn suggest_renamed(mut error: clap::Error) -> clap::Error {
    if error.kind() != ErrorKind::UnknownArgument || error.get(ContextKind::SuggestedArg).is_some()
    {
        return error;
    }
    let Some(ContextValue::String(given)) = error.get(ContextKind::InvalidArg) else {
        return error;
    };
    let given = given.split('=').next().unwrap_or_default();
    if let Some((_, new)) = RENAMED
        .iter()
        .find(|(old, _)| edit_distance(given, old) <= 2)
    {
        error.insert(
            ContextKind::SuggestedArg,
            ContextValue::String((*new).to_owned()),
        );
    }
    error
}

/// Levenshtein distance between two short words: how far a misspelled option is from a
/// renamed one, for the suggestions of [`parse`].
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}
