//! Replaying a golden trace of the original engine (`shared/data/windward/traces/*.jsonl.gz`)
//! tick by tick: the setup record builds the state, the recorded orders and random outcomes
//! drive it, and every car's state, every status and every light is compared on every tick.
//!
//! Used by the conformance test, `play verify windward FILE...` and anyone checking an engine
//! change against the original.

use std::collections::VecDeque;
use std::fmt;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::game::{Config, Game};
use crate::geometry::{Heading, Point};
use crate::map::{Map, RoadShape, Signal};
use crate::rules::{self, CardAction, Chance, Draw, Event};
use crate::state::{Card, CompanyId, NUM_PASSENGERS, NUM_PLAYERS, PassengerId, PlayerId, State};

use super::drive::random_exit_options;
use super::observed::{movement_observed, observe_step};
use super::round::{Order, apply_order, status_broadcast};

/// The first difference between the replay and the trace: the workspace's one
/// [`pathfind::replay::Mismatch`], its `step` the tick (0 = setup), its `field` prefixed with
/// `cars[i].` when it belongs to car `i`.
pub use pathfind::replay::Mismatch;

/// Why a replay failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ReplayError {
    /// The file could not be read or is not a trace.
    #[error("{trace}: {reason}")]
    Format {
        /// The trace file.
        trace: String,
        /// What is wrong.
        reason: String,
    },
    /// The engine differs from the trace.
    #[error("{0}")]
    Mismatch(Box<Mismatch>),
}

/// The result of a successful replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ReplayStats {
    /// Ticks replayed.
    pub ticks: u64,
    /// Car states compared (ticks × cars).
    pub car_states: u64,
    /// Status messages compared.
    pub statuses: u64,
}

fn format_err(trace: &str, reason: impl Into<String>) -> ReplayError {
    ReplayError::Format {
        trace: trace.to_string(),
        reason: reason.into(),
    }
}

/// Where the maps of a trace are: `CONTEST_DATA/windward/maps` next to `traces/`.
pub fn maps_dir_for(trace: &Path) -> PathBuf {
    trace
        .parent()
        .and_then(Path::parent)
        .map(|p| p.join("maps"))
        .unwrap_or_else(|| PathBuf::from("maps"))
}

/// Replays one gzipped trace file, reading its map from `maps_dir`.
pub fn replay_file(path: &Path, maps_dir: &Path) -> Result<ReplayStats, ReplayError> {
    replay_file_observed(path, maps_dir, &mut ())
}

/// What a replay shows an observer: the round before its first tick, then the state at every
/// moment status events fire, as [`Game::advance_observed`] shows them (the moments the original
/// server builds its messages). Used by the wire-message conformance test.
pub trait ReplayObserver {
    /// The round as set up, before tick 1.
    fn start(&mut self, _game: &Game, _state: &State) {}
    /// Events that fired during tick `t`, with the state at that moment.
    fn events(&mut self, _game: &Game, _state: &State, _t: u64, _events: &[Event]) {}
    /// The initial state, then the state after every replayed tick.
    fn tick(&mut self, _game: &Game, _state: &State) {}
}

/// [`replay_file`], calling `each(game, state)` with the initial state and after every replayed
/// tick (a viewer keeps the states it wants).
pub fn replay_file_with(
    path: &Path,
    maps_dir: &Path,
    each: impl FnMut(&Game, &State),
) -> Result<ReplayStats, ReplayError> {
    struct EachTick<F>(F);
    impl<F: FnMut(&Game, &State)> ReplayObserver for EachTick<F> {
        fn tick(&mut self, game: &Game, state: &State) {
            (self.0)(game, state)
        }
    }
    replay_file_observed(path, maps_dir, &mut EachTick(each))
}

impl ReplayObserver for () {}

/// [`replay_file`], showing every tick to `observer`.
pub fn replay_file_observed(
    path: &Path,
    maps_dir: &Path,
    observer: &mut dyn ReplayObserver,
) -> Result<ReplayStats, ReplayError> {
    let name = path.display().to_string();
    let mut lines = crate::trace::json_lines(path)
        .map_err(|e| format_err(&name, e.to_string()))?
        .map(|l| l.map(|(_, v)| v).map_err(|e| e.to_string()));
    let setup = lines
        .next()
        .ok_or_else(|| format_err(&name, "empty trace"))?
        .map_err(|e| format_err(&name, e))?;
    if setup["ev"] != "setup" {
        return Err(format_err(&name, "first line is not a setup record"));
    }
    let map_name = setup["map"]
        .as_str()
        .ok_or_else(|| format_err(&name, "setup without map"))?;
    let bytes = crate::trace::read_map_file(&maps_dir.join(map_name))
        .map_err(|e| format_err(&name, format!("map {map_name}: {e}")))?;
    let map = Map::parse(&bytes).map_err(|e| format_err(&name, format!("map {map_name}: {e}")))?;
    // The traces stop at the original's game-over check or their own tick limit.
    let config = Config {
        max_ticks: u32::MAX,
    };
    let game = Game::new(map, config).map_err(|e| format_err(&name, e.to_string()))?;
    let (_, parsed) =
        crate::trace::setup_from_record(&setup).map_err(|e| format_err(&name, e.to_string()))?;
    let seed = setup["seed"].as_u64().unwrap_or(0);
    let mut state = game
        .state_from_setup(&parsed, seed)
        .map_err(|e| format_err(&name, e.to_string()))?;
    observer.tick(&game, &state);
    let mut replay = Replayer {
        name: name.clone(),
        game: &game,
        stats: ReplayStats::default(),
        events: Vec::new(),
        orders: Vec::new(),
        observer,
    };
    // Group the lines by tick: everything with `t == T` (events, the car line, diffs).
    let mut group: Vec<Value> = Vec::new();
    let mut group_t = 0u64;
    for line in lines {
        let line = line.map_err(|e| format_err(&name, e))?;
        if line["ev"] == "end" {
            break;
        }
        let t = line["t"].as_u64().unwrap_or(group_t);
        if t != group_t && !group.is_empty() {
            replay.run_group(&mut state, group_t, &group)?;
            replay.observer.tick(&game, &state);
            group.clear();
        }
        group_t = t;
        group.push(line);
    }
    if !group.is_empty() {
        replay.run_group(&mut state, group_t, &group)?;
        replay.observer.tick(&game, &state);
    }
    Ok(replay.stats)
}

struct Replayer<'g> {
    name: String,
    game: &'g Game,
    stats: ReplayStats,
    events: Vec<Event>,
    orders: Vec<Order>,
    observer: &'g mut dyn ReplayObserver,
}

impl Replayer<'_> {
    fn mismatch(
        &self,
        tick: u64,
        car: Option<usize>,
        field: impl Into<String>,
        expected: impl fmt::Debug,
        got: impl fmt::Debug,
    ) -> ReplayError {
        let field = field.into();
        ReplayError::Mismatch(Box::new(Mismatch {
            trace: self.name.clone(),
            step: tick,
            field: match car {
                Some(car) => format!("cars[{car}].{field}"),
                None => field,
            },
            expected: format!("{expected:?}"),
            got: format!("{got:?}"),
        }))
    }

    fn run_group(&mut self, state: &mut State, t: u64, lines: &[Value]) -> Result<(), ReplayError> {
        let Some(car_at) = lines
            .iter()
            .position(|l| l.get("cars").is_some() && l.get("ev").is_none())
        else {
            // tick 0: the initial diff events
            return self.check_diffs(state, t, lines);
        };
        let (pre, rest) = lines.split_at(car_at);
        let (car_line, post) = (&rest[0], &rest[1..]);
        self.orders.clear();
        let mut chance = TraceChance::default();
        for l in pre {
            match l["ev"].as_str() {
                Some("order") => {
                    let player = player_of(l).map_err(|e| format_err(&self.name, e))?;
                    let path = points(&l["path"]).map_err(|e| format_err(&self.name, e))?;
                    let pickup = l["pickup"]
                        .as_array()
                        .map(|a| {
                            a.iter()
                                .filter_map(|n| n.as_str().and_then(PassengerId::from_name))
                                .collect()
                        })
                        .unwrap_or_default();
                    self.orders.push(Order::Path {
                        player,
                        path,
                        pickup,
                    });
                }
                Some("card_order") => {
                    let player = player_of(l).map_err(|e| format_err(&self.name, e))?;
                    let action = l["action"]
                        .as_str()
                        .and_then(CardAction::from_name)
                        .ok_or_else(|| format_err(&self.name, "bad card action"))?;
                    let card = card(&l["card"]).map_err(|e| format_err(&self.name, e))?;
                    self.orders.push(Order::Card {
                        player,
                        action,
                        card,
                    });
                }
                Some("random_next") => {
                    let player = player_of(l).map_err(|e| format_err(&self.name, e))?;
                    let shape = l["tile_dir"].as_str().and_then(RoadShape::from_name);
                    let from = l["from"].as_str().and_then(Heading::from_name);
                    let chosen = l["chosen"].as_str().and_then(Heading::from_name);
                    let (Some(shape), Some(from), Some(chosen)) = (shape, from, chosen) else {
                        return Err(format_err(&self.name, "bad random_next line"));
                    };
                    let mut opts = [Heading::North; 4];
                    let n = match random_exit_options(shape, from, &mut opts) {
                        Ok(n) => n,
                        // a forced exit (straight, curve, dead end) draws nothing
                        Err(forced) if forced == chosen => continue,
                        Err(forced) => {
                            return Err(self.mismatch(
                                t,
                                Some(player.index()),
                                "random_next forced exit",
                                chosen,
                                forced,
                            ));
                        }
                    };
                    let index = opts[..n].iter().position(|&h| h == chosen).ok_or_else(|| {
                        self.mismatch(
                            t,
                            Some(player.index()),
                            "random_next choice",
                            chosen,
                            &opts[..n],
                        )
                    })?;
                    chance.random_next.push_back((player, index));
                }
                _ => {}
            }
        }
        for l in post {
            if l["ev"] == "player_state" {
                let p = player_of(l).map_err(|e| format_err(&self.name, e))?;
                let hand = l["hand"]
                    .as_array()
                    .map(|a| a.iter().filter_map(|c| card(c).ok()).collect())
                    .unwrap_or_default();
                chance.final_hands[p.index()] = Some(hand);
            }
        }
        let mut resolutions: VecDeque<&Value> = pre
            .iter()
            .filter(|l| l["ev"] == "powerup_resolved")
            .collect();
        // The tick, piece by piece as `Game::advance_with` runs it, so that each recorded outcome
        // is at hand when its draw comes.
        self.events.clear();
        if !state.is_over() {
            if state.tick == 0 {
                self.observer.start(self.game, state);
            }
            let (game, observer) = (self.game, &mut *self.observer);
            let mut seen = |s: &State, ev: &[Event]| observer.events(game, s, t, ev);
            observe_step(state, &mut self.events, &mut seen, status_broadcast);
            state.tick += 1;
            for order in &self.orders {
                observe_step(state, &mut self.events, &mut seen, |s, e| {
                    apply_order(game, s, order, e, &mut chance)
                });
            }
            for i in 0..NUM_PLAYERS {
                if state.players[i].in_action.is_some() {
                    let line = resolutions
                        .iter()
                        .position(|l| l["player"].as_u64() == Some(i as u64))
                        .and_then(|k| resolutions.remove(k));
                    chance.prepare_powerup(state, line);
                    observe_step(state, &mut self.events, &mut seen, |s, e| {
                        rules::process_powerup(game, s, PlayerId(i as u8), &mut chance, e)
                    });
                }
            }
            rules::tick_timers(state);
            for (i, pl) in state.players.iter().enumerate() {
                chance.hands[i] = pl.hand.iter().copied().collect();
            }
            movement_observed(game, state, &mut chance, &mut self.events, &mut seen);
        }
        if let Some(draw) = chance.unsupported {
            return Err(self.mismatch(
                t,
                None,
                "random draw not recorded in the trace (unsupported by this replay)",
                "a recorded outcome",
                draw,
            ));
        }
        self.stats.ticks += 1;
        self.check_statuses(t, pre, post)?;
        self.check_cars(state, t, car_line)?;
        self.check_diffs(state, t, post)
    }

    fn check_statuses(&mut self, t: u64, pre: &[Value], post: &[Value]) -> Result<(), ReplayError> {
        let expected: Vec<(usize, &str)> = pre
            .iter()
            .chain(post)
            .filter(|l| l["ev"] == "status" && l["to"] == l["about"])
            .map(|l| {
                (
                    l["about"].as_u64().unwrap_or(99) as usize,
                    l["status"].as_str().unwrap_or("?"),
                )
            })
            .collect();
        let got: Vec<(usize, &str)> = self
            .events
            .iter()
            .map(|e| (e.about.index(), e.status.name()))
            .collect();
        if expected != got {
            return Err(self.mismatch(t, None, "status messages", expected, got));
        }
        self.stats.statuses += got.len() as u64;
        Ok(())
    }

    fn check_cars(&mut self, state: &State, t: u64, line: &Value) -> Result<(), ReplayError> {
        let cars = line["cars"]
            .as_array()
            .ok_or_else(|| format_err(&self.name, "car line without cars"))?;
        if cars.len() != NUM_PLAYERS {
            return Err(format_err(&self.name, "car line without 10 cars"));
        }
        for (i, row) in cars.iter().enumerate() {
            let got = car_row(state, i);
            let Some(row) = row.as_array() else {
                return Err(format_err(&self.name, "car row is not an array"));
            };
            for (col, (exp, got)) in row.iter().zip(got.iter()).enumerate() {
                if col == SCORE_COLUMN && nan_score_deviation(state, i, exp, got) {
                    continue;
                }
                if exp != got {
                    return Err(self.mismatch(t, Some(i), CAR_COLUMNS[col], exp, got));
                }
            }
            self.stats.car_states += 1;
        }
        Ok(())
    }

    fn check_diffs(&mut self, state: &State, t: u64, lines: &[Value]) -> Result<(), ReplayError> {
        for l in lines {
            match l["ev"].as_str() {
                Some("path") => {
                    let p = player_of(l).map_err(|e| format_err(&self.name, e))?;
                    let exp = points(&l["path"]).map_err(|e| format_err(&self.name, e))?;
                    let got = &state.players[p.index()].car.vehicle.path;
                    if &exp != got {
                        return Err(self.mismatch(t, Some(p.index()), "path", exp, got));
                    }
                }
                Some("signal") => {
                    let tile = point(&l["tile"]).map_err(|e| format_err(&self.name, e))?;
                    let exp = l["state"].as_str().and_then(Signal::from_name);
                    let got = self.game.light_index(tile).map(|i| state.signals[i]);
                    if exp != got {
                        return Err(self.mismatch(t, None, format!("signal {tile}"), exp, got));
                    }
                }
                Some("passenger") => {
                    let Some(p) = l["name"].as_str().and_then(PassengerId::from_name) else {
                        continue;
                    };
                    let ps = &state.passengers[p.index()];
                    let exp_car = l["car"].as_i64().unwrap_or(-1);
                    let got_car = ps.car.map_or(-1, |c| c.index() as i64);
                    if exp_car != got_car {
                        return Err(self.mismatch(
                            t,
                            None,
                            format!("passenger {} car", p.name()),
                            exp_car,
                            got_car,
                        ));
                    }
                    let exp_lobby = l["lobby"].as_str();
                    let got_lobby = ps.lobby.map(|c| c.name());
                    if exp_lobby != got_lobby {
                        return Err(self.mismatch(
                            t,
                            None,
                            format!("passenger {} lobby", p.name()),
                            exp_lobby,
                            got_lobby,
                        ));
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }
}

const SCORE_COLUMN: usize = 20;

/// The documented deviation of [`rules::score`]: where the original's score is NaN (a trip whose
/// start and destination coincide, with the car on it, §12.9) the crate scores the points alone.
fn nan_score_deviation(state: &State, car: usize, expected: &Value, got: &Value) -> bool {
    let nan = expected
        .as_u64()
        .is_some_and(|b| f32::from_bits(b as u32).is_nan());
    nan && got.as_u64() == Some(state.players[car].points.to_bits() as u64)
}

/// The names of the trace's car columns (traces/README.md).
pub const CAR_COLUMNS: [&str; 23] = [
    "x",
    "y",
    "tile x",
    "tile y",
    "angle",
    "direction",
    "movement",
    "offset",
    "speed bits",
    "accrued bits",
    "steps remaining",
    "stopped",
    "turns stopped",
    "force move",
    "flat tyre",
    "ticks to fix flat",
    "quarter speed",
    "ticks to full speed",
    "passenger",
    "coffee",
    "score bits",
    "delivered",
    "path length",
];

/// A car's state as a trace row (the 23 columns of traces/README.md).
pub fn car_row(state: &State, car: usize) -> [Value; 23] {
    let pl = &state.players[car];
    let v = &pl.car.vehicle;
    let l = &v.location;
    let m = &v.motion;
    let tile = l.tile();
    let code: String = l.movement.code().iter().collect();
    let b = |x: bool| Value::from(x as i32);
    [
        Value::from(l.pos.x),
        Value::from(l.pos.y),
        Value::from(tile.x),
        Value::from(tile.y),
        Value::from(l.angle()),
        Value::from(crate::movement::letter(l.direction()).to_string()),
        Value::from(code),
        Value::from(l.offset),
        Value::from(m.speed().to_bits()),
        Value::from(m.accrued.to_bits()),
        Value::from(m.steps_remaining),
        b(m.stopped),
        Value::from(m.turns_stopped),
        b(m.force_move),
        b(m.flat),
        Value::from(m.ticks_to_fix_flat),
        b(m.quarter),
        Value::from(pl.ticks_to_full_speed),
        Value::from(pl.passenger.map_or(-1, |p| p.index() as i64)),
        Value::from(pl.car.coffee),
        Value::from(rules::score(state, PlayerId(car as u8), tile).to_bits()),
        Value::from(pl.delivered.len()),
        Value::from(v.path.len()),
    ]
}

/// The recorded outcome of one instant card: cars and passengers right after it.
#[derive(Debug, Default)]
struct Resolution {
    /// Each car's centre and angle.
    cars: Vec<(Point, i32)>,
    /// Each passenger's (lobby, destination) after, by passenger id.
    after: [(Option<CompanyId>, Option<CompanyId>); NUM_PASSENGERS],
    /// ... and before.
    before: [(Option<CompanyId>, Option<CompanyId>); NUM_PASSENGERS],
}

/// Chance outcomes taken from the trace.
#[derive(Debug, Default)]
struct TraceChance {
    random_next: VecDeque<(PlayerId, usize)>,
    hands: [Vec<Card>; NUM_PLAYERS],
    final_hands: [Option<Vec<Card>>; NUM_PLAYERS],
    resolution: Option<Resolution>,
    unsupported: Option<Draw>,
}

fn same_card(a: &Card, b: &Card) -> bool {
    a.kind == b.kind && a.passenger == b.passenger && a.company == b.company && a.player == b.player
}

impl TraceChance {
    fn prepare_powerup(&mut self, state: &State, line: Option<&Value>) {
        self.resolution = line.map(|l| {
            let mut r = Resolution::default();
            for (i, ps) in state.passengers.iter().enumerate() {
                r.before[i] = (ps.lobby, ps.destination);
                r.after[i] = r.before[i];
            }
            if let Some(cars) = l["cars"].as_array() {
                for c in cars {
                    let x = c[0].as_i64().unwrap_or(0) as i32;
                    let y = c[1].as_i64().unwrap_or(0) as i32;
                    r.cars
                        .push((Point::new(x, y), c[2].as_i64().unwrap_or(0) as i32));
                }
            }
            if let Some(list) = l["passengers"].as_array() {
                for p in list {
                    if let Some(id) = p[0].as_str().and_then(PassengerId::from_name) {
                        r.after[id.index()] = (
                            p[1].as_str().and_then(CompanyId::from_name),
                            p[2].as_str().and_then(CompanyId::from_name),
                        );
                    }
                }
            }
            r
        });
    }

    fn hand_discard(&mut self, p: PlayerId) -> Option<usize> {
        let fin = self.final_hands[p.index()].as_ref()?;
        let hand = &mut self.hands[p.index()];
        let mut left: Vec<&Card> = fin.iter().collect();
        let mut discard = None;
        for (i, c) in hand.iter().enumerate() {
            if let Some(k) = left.iter().position(|f| same_card(f, c)) {
                left.remove(k);
            } else if discard.is_none() {
                discard = Some(i);
            }
        }
        let i = discard?;
        hand.remove(i);
        Some(i)
    }

    fn resolved(&self, draw: Draw) -> Option<usize> {
        let r = self.resolution.as_ref()?;
        match draw {
            Draw::RelocateX(p) => Some((r.cars.get(p.index())?.0.x / 24) as usize),
            Draw::RelocateY(p) => Some((r.cars.get(p.index())?.0.y / 24) as usize),
            Draw::RelocateHeading(p) => {
                let h = Heading::from_angle(r.cars.get(p.index())?.1);
                Some(matches!(h, Heading::South | Heading::East) as usize)
            }
            Draw::NewDestination(ps) => {
                let (_, before) = r.before[ps.index()];
                let (_, after) = r.after[ps.index()];
                CompanyId::all()
                    .filter(|&c| Some(c) != before)
                    .position(|c| Some(c) == after)
            }
            Draw::NewLobby(ps) => {
                let (lobby, dest) = r.before[ps.index()];
                let (after, _) = r.after[ps.index()];
                CompanyId::all()
                    .filter(|&c| Some(c) != lobby && Some(c) != dest)
                    .position(|c| Some(c) == after)
            }
            _ => None,
        }
    }
}

impl Chance for TraceChance {
    fn pick(&mut self, draw: Draw, n: usize) -> usize {
        let answer = match draw {
            Draw::RandomNext(p) => self
                .random_next
                .iter()
                .position(|r| r.0 == p)
                .and_then(|i| self.random_next.remove(i))
                .map(|r| r.1),
            Draw::HandDiscard(p) => self.hand_discard(p),
            other => self.resolved(other),
        };
        match answer {
            Some(i) if i < n.max(1) => i,
            _ => {
                self.unsupported.get_or_insert(draw);
                0
            }
        }
    }
}

fn player_of(l: &Value) -> Result<PlayerId, String> {
    l["player"]
        .as_u64()
        .filter(|&p| (p as usize) < NUM_PLAYERS)
        .map(|p| PlayerId(p as u8))
        .ok_or_else(|| format!("bad player in {l}"))
}

fn point(v: &Value) -> Result<Point, String> {
    let a = v.as_array().ok_or("a point is not an array")?;
    match (
        a.first().and_then(Value::as_i64),
        a.get(1).and_then(Value::as_i64),
    ) {
        (Some(x), Some(y)) => Ok(Point::new(x as i32, y as i32)),
        _ => Err(format!("bad point {v}")),
    }
}

fn points(v: &Value) -> Result<Vec<Point>, String> {
    v.as_array()
        .ok_or("a path is not an array")?
        .iter()
        .map(point)
        .collect()
}

/// A card object, read by the one reader of trace cards ([`crate::trace::card`]).
fn card(v: &Value) -> Result<Card, String> {
    crate::trace::card(v).map_err(|e| e.to_string())
}
