//! Windward bots and the `play windward` command: rounds of ten players on the shipped maps, on
//! the generic tournament runner (round `i` is played on the `i`-th map of `--map`, in turn).
//!
//! `play verify windward FILE...` replays golden traces of the original engine.

pub mod bots;
pub mod net;
pub mod playable;

use std::path::Path;

use windward::rules::{self, Event};
use windward::tick::Order;
use windward::tick::replay::{maps_dir_for, replay_file};
use windward::{Config, Game, NUM_PLAYERS, PlayerId, State, mapgen};

use crate::cli::MatchArgs;
use crate::results::{GameRecord, Results, Tournament, ranks_from_scores};
use crate::runner::{self, GameSetup};
use bots::{BOT_NAMES, Bot, make_bot};

/// Rounds played when `--games` is not given.
pub const DEFAULT_GAMES: u64 = 3;

/// `play windward`: rounds of ten taxis; a round's score is the player's final score.
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
#[command(
    after_help = "Bots: builtin, builtin-nocards, planner, navigator, search.\n\
    Defaults: --games 3 --bots planner (seats not named in --bots are `builtin`) --map 1,2,3."
)]
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
}

/// The result of one round.
#[derive(Debug, Clone, PartialEq)]
pub struct RoundResult {
    /// Each seat's final score (with partial credit, +2 at 8 deliveries).
    pub scores: [f32; NUM_PLAYERS],
    /// Each seat's deliveries.
    pub delivered: [usize; NUM_PLAYERS],
    /// Ticks played.
    pub ticks: u32,
}

impl RoundResult {
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
}

/// Plays one round: every tick the bots see that tick's status messages and send orders, which
/// the engine applies at the start of the next tick.
pub fn run_round(game: &Game, seed: u64, bots: &mut [Box<dyn Bot>]) -> RoundResult {
    assert_eq!(bots.len(), NUM_PLAYERS, "a round has 10 players");
    let mut state: State = game.initial_state(seed);
    let mut orders: Vec<Order> = Vec::new();
    let mut events: Vec<Event> = Vec::new();
    for (i, bot) in bots.iter_mut().enumerate() {
        bot.setup(game, &state, PlayerId(i as u8), &mut orders);
    }
    while !state.is_over() {
        events.clear();
        game.advance_into(&mut state, &orders, &mut events);
        orders.clear();
        for (i, bot) in bots.iter_mut().enumerate() {
            bot.after_tick(game, &state, PlayerId(i as u8), &events, &mut orders);
        }
    }
    let mut scores = [0.0; NUM_PLAYERS];
    let mut delivered = [0; NUM_PLAYERS];
    for i in 0..NUM_PLAYERS {
        let p = PlayerId(i as u8);
        scores[i] = rules::score(&state, p, state.player(p).car.tile());
        delivered[i] = state.player(p).delivered.len();
    }
    RoundResult {
        scores,
        delivered,
        ticks: state.tick,
    }
}

/// Plays one round of a tournament; also returns its one-line summary.
fn play_one(
    (map, game): &(u8, Game),
    lineup: &[String],
    setup: &GameSetup,
) -> Result<(GameRecord, String), String> {
    let mut seats: Vec<Box<dyn Bot>> = Vec::with_capacity(NUM_PLAYERS);
    for (seat, &entry) in setup.seats.iter().enumerate() {
        let name = &lineup[entry];
        seats.push(make_bot(name, setup.bot_seed(seat)).ok_or_else(|| {
            format!(
                "unknown bot {name:?}; the bots are {}",
                BOT_NAMES.join(", ")
            )
        })?);
    }
    let result = run_round(game, setup.seed, &mut seats);
    let scores: Vec<f64> = result.scores.iter().map(|&s| f64::from(s)).collect();
    let winner = result.winner();
    let line = format!(
        "  round {:>3}: map {map}, {} ticks, winner seat {winner} ({}) with {:.2}",
        setup.index + 1,
        result.ticks,
        lineup[setup.seats[winner]],
        result.scores[winner]
    );
    let record = GameRecord {
        index: setup.index,
        seats: setup.seats.clone(),
        ranks: ranks_from_scores(&scores),
        scores,
        steps: u64::from(result.ticks),
    };
    Ok((record, line))
}

/// Runs the tournament `play windward` describes.
pub fn tournament(options: &Options) -> Result<Results, String> {
    let mut lineup = options.common.lineup_or(&["planner"]);
    if lineup.len() > NUM_PLAYERS {
        return Err(format!(
            "--bots names {} bots; a round has {NUM_PLAYERS}",
            lineup.len()
        ));
    }
    lineup.resize(NUM_PLAYERS, "builtin".to_owned());
    let config = Config {
        max_ticks: options.max_ticks,
    };
    let maps: Vec<(u8, Game)> = options
        .map
        .iter()
        .map(|&m| {
            let game = Game::new(mapgen::default_map(usize::from(m) - 1), config);
            game.map(|game| (m, game)).map_err(|e| e.to_string())
        })
        .collect::<Result<_, _>>()?;
    if maps.is_empty() {
        return Err("--map names no map".into());
    }
    let tournament = Tournament {
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
    };
    runner::run(
        &tournament,
        &options.common.run_options(),
        |setup| {
            let game = &maps[(setup.index % maps.len() as u64) as usize];
            play_one(game, &tournament.lineup, setup)
        },
        |_, line| {
            println!("{line}");
            Ok(())
        },
    )
}

/// Runs `play windward`.
pub fn play(options: &Options) -> Result<(), String> {
    let results = tournament(options)?;
    options.common.report(&results)
}

/// Runs `play verify windward FILE...`: replays each golden trace (maps are read from the
/// `maps/` folder next to the trace's folder) and returns the conformance line, or the first
/// mismatch (trace, tick, car, field, expected, got).
pub fn verify<P: AsRef<Path>>(files: &[P]) -> Result<String, String> {
    let mut ticks = 0;
    for f in files {
        let path = f.as_ref();
        let stats = replay_file(path, &maps_dir_for(path)).map_err(|e| e.to_string())?;
        ticks += stats.ticks;
    }
    Ok(format!(
        "conformance: windward: {} traces, {ticks} steps, all match",
        files.len()
    ))
}
