//! Windward bots and the `play windward` command: rounds of ten players on the shipped maps, on
//! the one runner ([`runner::run_playable_watched`]; round `i` is played on the `i`-th map of
//! `--map`, in turn), every bot a [`Bot<windward::Game>`](arena::Bot).
//!
//! `play verify windward FILE...` replays golden traces of the original engine.

pub mod bots;
#[cfg(feature = "cli")]
pub mod net;
pub mod playable;

#[cfg(feature = "cli")]
use {
    crate::cli::MatchArgs,
    crate::error::{Error, Result},
    arena::results::{Results, TournamentSpec},
    arena::runner::{self, GameSetup, Watch},
    arena::viewer::MatchPage,
    std::path::Path,
    windward::rules,
    windward::tick::replay::{maps_dir_for, replay_file},
    windward::{Action, Config, Events, Game, NUM_PLAYERS, PlayerId, State, mapgen},
};

/// Rounds played when `--games` is not given.
#[cfg(feature = "cli")]
pub const DEFAULT_GAMES: u64 = 3;

/// `play windward`: rounds of ten taxis; a round's score is the player's final score.
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
#[command(
    after_help = "Defaults: --games 3 --bots planner (seats not named in --bots are `builtin`) --map 1,2,3."
)]
#[cfg(feature = "cli")]
pub struct Options {
    /// The tournament options.
    #[command(flatten)]
    pub common: MatchArgs,
    /// The shipped maps to play on (1, 2, 3), comma-separated; round i is played on the i-th of
    /// them, in turn.
    #[arg(
        long,
        value_name = "N,...",
        value_delimiter = ',',
        default_value = "1,2,3",
        value_parser = clap::value_parser!(u8).range(1..=3)
    )]
    pub map: Vec<u8>,
    /// Ticks after which a round ends.
    #[arg(long, value_name = "T", default_value_t = Config::default().max_ticks)]
    pub max_ticks: u32,
    /// Program bots that never sync (the original kit's clients) play at this many ticks a
    /// second, the original server's pace (96 at its default speed; each tick then lasts about
    /// 10 ms, a round of 4,000 ticks 42 s). 0, the default: the arena waits at most 50 ms for
    /// such a program's first frame after a tick's messages, and not at all on other ticks. A
    /// program that syncs (`<move />` after each message) is unaffected.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub tps: u32,
}

/// Watches one round for its summary line: the map, the ticks played and the final scores.
#[cfg(feature = "cli")]
#[derive(Debug, Clone, PartialEq)]
pub struct RoundSummary {
    /// The shipped map (1, 2, 3) the round is played on.
    pub map: u8,
    /// Ticks played.
    pub ticks: u32,
    /// Each seat's final score (with partial credit, +2 at 8 deliveries).
    pub scores: [f32; NUM_PLAYERS],
}

#[cfg(feature = "cli")]
impl RoundSummary {
    /// A summary of a round on `map`, before it starts.
    pub fn new(map: u8) -> RoundSummary {
        RoundSummary {
            map,
            ticks: 0,
            scores: [0.0; NUM_PLAYERS],
        }
    }

    /// The winning seat (highest score; the earlier seat on a tie).
    pub fn winner(&self) -> usize {
        let mut best = 0;
        for i in 1..NUM_PLAYERS {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        best
    }

    /// The round's line: `round N: map M, T ticks, winner seat S (bot) with X`.
    pub fn line(&self, setup: &GameSetup, lineup: &[String]) -> String {
        let winner = self.winner();
        let name = setup
            .seats
            .get(winner)
            .and_then(|&entry| lineup.get(entry))
            .map_or("?", String::as_str);
        format!(
            "  round {:>3}: map {}, {} ticks, winner seat {winner} ({name}) with {:.2}",
            u128::from(setup.index) + 1,
            self.map,
            self.ticks,
            self.scores[winner]
        )
    }
}

#[cfg(feature = "cli")]
impl Watch<Game> for RoundSummary {
    fn step(&mut self, _game: &Game, _actions: &[Action], _events: &Events, state: &State) {
        if state.is_over() {
            self.ticks = state.tick;
            self.scores = core::array::from_fn(|i| {
                let p = PlayerId(i as u8);
                rules::score(state, p, state.player(p).car.tile())
            });
        }
    }
}

/// Runs the tournament `play windward` describes on the one runner
/// ([`runner::run_playable_watched`]), printing one line per round.
#[cfg(feature = "cli")]
pub fn tournament(options: &Options) -> Result<Results> {
    let mut lineup = options.common.lineup_or(&["planner"]);
    // Under --sprt, NEW and OLD take turns in one seat (the duplicate format): one entry more.
    let entries = NUM_PLAYERS + usize::from(options.common.sprt.is_some());
    if lineup.len() > entries {
        return Err(Error::TooManyBots {
            game: "windward",
            seats: NUM_PLAYERS,
            got: lineup.len(),
        });
    }
    lineup.resize(entries, "builtin".to_owned());
    let schedule = options
        .common
        .schedule("windward", lineup.len(), NUM_PLAYERS)?;
    for name in lineup.iter().filter(|n| !n.starts_with("cmd:")) {
        // An unknown name stops the run before any round is played.
        bots::bot(name)?;
    }
    for command in lineup.iter().filter_map(|n| n.strip_prefix("cmd:")) {
        // So does a program that does not exist (the port is bound per round).
        arena::program::WindwardProgram::from_command_line(command)?;
    }
    let mut run_options = crate::roster::served_on_port(&options.common, &lineup)?;
    let port = options.common.port;
    let tps = options.tps;
    let config = Config {
        max_ticks: options.max_ticks,
    };
    let maps: Vec<Game> = options
        .map
        .iter()
        .map(|&m| {
            Game::new(mapgen::default_map(usize::from(m) - 1), config)
                .map_err(|e| Error::engine(format!("windward map {m}"), e))
        })
        .collect::<Result<_>>()?;
    if maps.is_empty() {
        return Err(Error::NoMap);
    }
    let tournament = TournamentSpec {
        game: "windward".into(),
        setup: format!(
            "shipped map(s) {}, at most {} ticks",
            options
                .map
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(","),
            options.max_ticks
        ),
        lineup,
        games: options.common.games_or(DEFAULT_GAMES),
        seed: options.common.seed,
        rotate: !options.common.fixed_seats,
        paired: options.common.paired(),
        schedule,
    };
    let plan = options
        .common
        .page_plan(tournament.games, playable::RECORDING_STRIDE as usize)?;
    crate::sprt::sequential(&options.common, &tournament, &mut run_options)?;
    let map_of = |index: u64| (index % maps.len() as u64) as usize;
    let stderr_dir = options.common.stderr_dir.as_deref();
    crate::roster::create_stderr_dir(stderr_dir)?;
    let entries = crate::roster::lineup_with::<Game, _>(
        &tournament.lineup,
        "windward",
        stderr_dir,
        move |command, stderr| playable::program_bot_paced(command, port, stderr, tps),
    );
    runner::run_playable_watched(
        &maps,
        &tournament,
        &entries,
        &run_options,
        |setup| {
            (
                RoundSummary::new(options.map[map_of(setup.index)]),
                MatchPage::new(plan.as_ref(), setup),
            )
        },
        |setup, (summary, page)| {
            println!("{}", summary.line(setup, &tournament.lineup));
            let names: Vec<String> = setup
                .seats
                .iter()
                .map(|&e| tournament.lineup[e].clone())
                .collect();
            if let Some(line) = page.write(plan.as_ref(), &maps[map_of(setup.index)], &names)? {
                println!("{line}");
            }
            Ok(())
        },
    )
    .map_err(Error::from)
}

/// Runs `play windward`.
#[cfg(feature = "cli")]
pub fn play(options: &Options) -> Result<()> {
    let results = tournament(options)?;
    options.common.report(&results)
}

/// Runs `play verify windward FILE...`: replays each golden trace (maps are read from the
/// `maps/` folder next to the trace's folder) and returns the conformance line, or the first
/// mismatch (trace, tick, car, field, expected, got).
#[cfg(feature = "cli")]
pub fn verify<P: AsRef<Path>>(files: &[P]) -> Result<String> {
    let mut ticks = 0;
    for f in files {
        let path = f.as_ref();
        let stats = replay_file(path, &maps_dir_for(path)).map_err(Error::game)?;
        ticks += stats.ticks;
    }
    Ok(format!(
        "conformance: windward: {} traces, {ticks} steps, all match",
        files.len()
    ))
}
