//! windward bots and the `play windward` command.
//!
//! `play windward [--games N] [--bots a,b,...] [--maps 1,2,3] [--seed S] [--max-ticks T]` runs
//! rounds on the shipped maps; seats not named in `--bots` are filled with `builtin`, and the
//! line-up rotates one seat per round so nobody keeps the first move. The default is a short
//! match: the planner against nine built-in AIs, one round per shipped map.
//!
//! `play verify windward FILE...` replays golden traces of the original engine.

pub mod bots;
pub mod playable;

use std::path::Path;

use windward::rules::{self, Event};
use windward::tick::Order;
use windward::tick::replay::{maps_dir_for, replay_file};
use windward::{Config, Game, NUM_PLAYERS, PlayerId, State, mapgen};

use crate::Args;
use bots::{BOT_NAMES, Bot, make_bot};

const HELP: &str =
    "play windward [--games N] [--bots NAME,...] [--maps 1,2,3] [--seed S] [--max-ticks T]
  Runs N rounds (default 3) of Windwardopolis II on the shipped maps. Seats not named in --bots are
  `builtin`; the line-up rotates one seat per round. Bots: builtin, builtin-nocards, planner, navigator, search.
  With two bots that are not built-in AIs, it also counts which of the first two scored higher.
  Default: planner against nine built-in AIs.";

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

#[derive(Default)]
struct Tally {
    rounds: u32,
    wins: u32,
    score: f64,
    delivered: u64,
}

/// Runs `play windward`.
pub fn play(args: &Args) -> Result<(), String> {
    if args.flag("help") {
        println!("{HELP}");
        return Ok(());
    }
    let games: u32 = args.value("games", 3)?;
    let seed: u64 = args.value("seed", 1)?;
    let max_ticks: u32 = args.value("max-ticks", Config::default().max_ticks)?;
    let mut lineup = args.list("bots", &["planner"]);
    if lineup.len() > NUM_PLAYERS {
        return Err(format!(
            "--bots names {} bots; a round has 10",
            lineup.len()
        ));
    }
    for name in &lineup {
        if !BOT_NAMES.contains(&name.as_str()) {
            return Err(format!(
                "unknown bot {name:?}; the bots are {}",
                BOT_NAMES.join(", ")
            ));
        }
    }
    while lineup.len() < NUM_PLAYERS {
        lineup.push("builtin".to_string());
    }
    let maps: Vec<usize> = args
        .list("maps", &["1", "2", "3"])
        .iter()
        .map(|m| match m.parse::<usize>() {
            Ok(i) if (1..=mapgen::DEFAULT_MAP_FILES.len()).contains(&i) => Ok(i - 1),
            _ => Err(format!("--maps: no shipped map {m:?} (1, 2 or 3)")),
        })
        .collect::<Result<_, _>>()?;
    let config = Config { max_ticks };
    let built: Vec<Game> = maps
        .iter()
        .map(|&i| Game::new(mapgen::default_map(i), config).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let mut names: Vec<String> = Vec::new();
    let mut tally: Vec<Tally> = Vec::new();
    for name in &lineup {
        if !names.contains(name) {
            names.push(name.clone());
            tally.push(Tally::default());
        }
    }
    // Head to head: the first two bots named that are not built-in AIs, and which scored higher.
    let rivals: Vec<&String> = names.iter().filter(|n| !n.starts_with("builtin")).collect();
    let pair = (rivals.len() >= 2).then(|| (rivals[0].clone(), rivals[1].clone()));
    let mut head_to_head = [0u64; 3]; // first higher, second higher, equal
    println!(
        "windward: {games} round(s) on shipped map(s) {:?}, line-up {}",
        maps.iter().map(|m| m + 1).collect::<Vec<_>>(),
        lineup.join(",")
    );
    for round in 0..games {
        let game = &built[round as usize % built.len()];
        // rotate the line-up one seat per round
        let seat_name: Vec<&String> = (0..NUM_PLAYERS)
            .map(|s| &lineup[(s + NUM_PLAYERS - round as usize % NUM_PLAYERS) % NUM_PLAYERS])
            .collect();
        let mut bots: Vec<Box<dyn Bot>> = seat_name
            .iter()
            .enumerate()
            .map(|(s, n)| {
                make_bot(
                    n,
                    seed.wrapping_mul(1000)
                        .wrapping_add(round as u64 * 10 + s as u64),
                )
                .expect("checked")
            })
            .collect();
        let result = run_round(game, seed.wrapping_add(round as u64), &mut bots);
        let winner = result.winner();
        if let Some((a, b)) = &pair {
            let seat_of = |n: &String| seat_name.iter().position(|s| *s == n).expect("seated");
            let (sa, sb) = (result.scores[seat_of(a)], result.scores[seat_of(b)]);
            head_to_head[if sa > sb {
                0
            } else if sb > sa {
                1
            } else {
                2
            }] += 1;
        }
        for (s, seat) in seat_name.iter().enumerate() {
            let k = names.iter().position(|n| n == *seat).expect("named");
            let t = &mut tally[k];
            t.rounds += 1;
            t.score += result.scores[s] as f64;
            t.delivered += result.delivered[s] as u64;
            if s == winner {
                t.wins += 1;
            }
        }
        println!(
            "  round {:>3}: map {}, {} ticks, winner seat {} ({}) with {:.2}",
            round + 1,
            maps[round as usize % maps.len()] + 1,
            result.ticks,
            winner,
            seat_name[winner],
            result.scores[winner]
        );
    }
    println!(
        "{:<16} {:>7} {:>6} {:>10} {:>11}",
        "bot", "seats", "wins", "avg score", "avg deliv."
    );
    for (n, t) in names.iter().zip(&tally) {
        println!(
            "{:<16} {:>7} {:>6} {:>10.2} {:>11.2}",
            n,
            t.rounds,
            t.wins,
            t.score / t.rounds.max(1) as f64,
            t.delivered as f64 / t.rounds.max(1) as f64
        );
    }
    if let Some((a, b)) = &pair {
        println!(
            "head to head: {a} scored higher in {} round(s), {b} in {}, equal in {}",
            head_to_head[0], head_to_head[1], head_to_head[2]
        );
    }
    Ok(())
}

/// Runs `play verify windward FILE...`: replays each golden trace (maps are read from the
/// `maps/` folder next to the trace's folder) and returns the conformance line, or the first
/// mismatch (trace, tick, car, field, expected, got).
pub fn verify(files: &[String]) -> Result<String, String> {
    let mut ticks = 0;
    for f in files {
        let path = Path::new(f);
        let stats = replay_file(path, &maps_dir_for(path)).map_err(|e| e.to_string())?;
        ticks += stats.ticks;
    }
    Ok(format!(
        "conformance: windward: {} traces, {ticks} steps, all match",
        files.len()
    ))
}
