//! Golden traces of the original engine (`shared/data/windward/traces/`, gzipped JSON lines):
//! reading them, rebuilding the initial state from the setup record, and replaying every bus-stop,
//! coffee and card event through this crate's rules ([`replay_rules`]).
//!
//! The tick engine's full replay (every car on every tick) builds on the same reader.

use std::io::{BufRead, BufReader};
use std::path::Path;

use serde_json::Value;
use smallvec::SmallVec;
use thiserror::Error;

use crate::game::Game;
use crate::geometry::{Heading, Point};
use crate::rules::{self, CardAction, Chance, Draw, Event, Recipient, Status};
use crate::setup::{PassengerSetup, Setup};
use crate::state::{
    Card, CardKind, CompanyId, NUM_COMPANIES, NUM_PASSENGERS, NUM_PLAYERS, PassengerId, PlayerId,
    State,
};

/// The longest line a trace may hold, in bytes (the golden traces' longest is about 127 KB).
pub const MAX_LINE_BYTES: usize = 4 << 20;
/// The most a trace may hold once decompressed, in bytes (the golden traces' largest is 38 MB).
pub const MAX_TRACE_BYTES: u64 = 512 << 20;
/// The largest map file read from disk, in bytes (a 1000 × 1000 map, the largest
/// [`Map::parse`](crate::Map::parse) accepts, is about 72 MB).
pub const MAX_MAP_BYTES: u64 = 128 << 20;

/// A trace that cannot be read or does not have the documented schema.
#[derive(Debug, Error)]
pub enum TraceError {
    /// The file could not be opened or decompressed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A line is longer than [`MAX_LINE_BYTES`] (checked before it is kept).
    #[error("line {line}: longer than the limit of {limit} bytes")]
    LineTooLong {
        /// 1-based line number.
        line: usize,
        /// The limit.
        limit: usize,
    },
    /// The decompressed trace (or a map file) is larger than its limit.
    #[error("{path}: more than the limit of {limit} bytes")]
    TooLarge {
        /// The file.
        path: String,
        /// The limit ([`MAX_TRACE_BYTES`] or [`MAX_MAP_BYTES`]).
        limit: u64,
    },
    /// A line is not JSON or lacks a field.
    #[error("line {line}: {reason}")]
    Schema {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
}

/// Reads a `.jsonl.gz` (or plain `.jsonl`) trace into its JSON lines (blank lines skipped), within
/// [`MAX_LINE_BYTES`] per line and [`MAX_TRACE_BYTES`] in all.
pub fn read_lines(path: &Path) -> Result<Vec<Value>, TraceError> {
    let mut out = Vec::new();
    for line in json_lines(path)? {
        out.push(line?.1);
    }
    Ok(out)
}

/// The JSON lines of a `.jsonl.gz` (or plain `.jsonl`) trace, one at a time with their 1-based
/// line numbers (blank lines skipped), within [`MAX_LINE_BYTES`] per line and [`MAX_TRACE_BYTES`]
/// in all: a longer line is an error before it is kept whole.
pub fn json_lines(
    path: &Path,
) -> Result<impl Iterator<Item = Result<(usize, Value), TraceError>>, TraceError> {
    let name = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|source| TraceError::Io {
        path: name.clone(),
        source,
    })?;
    let reader: Box<dyn BufRead> = if path.extension().is_some_and(|e| e == "gz") {
        Box::new(BufReader::new(flate2::read::GzDecoder::new(file)))
    } else {
        Box::new(BufReader::new(file))
    };
    Ok(JsonLines {
        reader,
        name,
        line: 0,
        total: 0,
        buf: Vec::new(),
        done: false,
    })
}

/// The iterator of [`json_lines`].
struct JsonLines {
    reader: Box<dyn BufRead>,
    name: String,
    line: usize,
    total: u64,
    buf: Vec<u8>,
    done: bool,
}

impl JsonLines {
    fn next_line(&mut self) -> Result<Option<(usize, Value)>, TraceError> {
        use std::io::Read;
        loop {
            self.buf.clear();
            self.line += 1;
            let n = (&mut self.reader)
                .take(MAX_LINE_BYTES as u64 + 1)
                .read_until(b'\n', &mut self.buf)
                .map_err(|source| TraceError::Io {
                    path: self.name.clone(),
                    source,
                })?;
            if n == 0 {
                return Ok(None);
            }
            self.total += n as u64;
            if self.total > MAX_TRACE_BYTES {
                return Err(TraceError::TooLarge {
                    path: self.name.clone(),
                    limit: MAX_TRACE_BYTES,
                });
            }
            if self.buf.len() > MAX_LINE_BYTES {
                return Err(TraceError::LineTooLong {
                    line: self.line,
                    limit: MAX_LINE_BYTES,
                });
            }
            if self.buf.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let v = serde_json::from_slice(&self.buf).map_err(|e| TraceError::Schema {
                line: self.line,
                reason: e.to_string(),
            })?;
            return Ok(Some((self.line, v)));
        }
    }
}

impl Iterator for JsonLines {
    type Item = Result<(usize, Value), TraceError>;
    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = self.next_line().transpose();
        if !matches!(next, Some(Ok(_))) {
            self.done = true;
        }
        next
    }
}

/// Reads a map file within [`MAX_MAP_BYTES`] (checked against the file's size before reading).
pub fn read_map_file(path: &Path) -> Result<Vec<u8>, TraceError> {
    use std::io::Read;
    let name = path.display().to_string();
    let io = |source| TraceError::Io {
        path: name.clone(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(MAX_MAP_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_MAP_BYTES {
        return Err(TraceError::TooLarge {
            path: name,
            limit: MAX_MAP_BYTES,
        });
    }
    Ok(bytes)
}

fn bad(reason: impl Into<String>) -> TraceError {
    TraceError::Schema {
        line: 1,
        reason: reason.into(),
    }
}

fn field<'a>(v: &'a Value, key: &str) -> Result<&'a Value, TraceError> {
    v.get(key)
        .ok_or_else(|| bad(format!("missing field {key}")))
}

fn int(v: &Value) -> Result<i64, TraceError> {
    v.as_i64()
        .ok_or_else(|| bad(format!("not an integer: {v}")))
}

/// A `[x, y]` pair.
pub fn point(v: &Value) -> Result<Point, TraceError> {
    match v.as_array().map(|a| a.as_slice()) {
        Some([x, y]) => Ok(Point::new(int(x)? as i32, int(y)? as i32)),
        _ => Err(bad(format!("not a point: {v}"))),
    }
}

/// `null`, or the name of one of the game's named things (`what` says which, for the error).
fn named<T>(
    v: &Value,
    what: &str,
    from_name: fn(&str) -> Option<T>,
) -> Result<Option<T>, TraceError> {
    match v {
        Value::Null => Ok(None),
        Value::String(s) => from_name(s)
            .map(Some)
            .ok_or_else(|| bad(format!("unknown {what} {s}"))),
        _ => Err(bad(format!("not a {what}: {v}"))),
    }
}

/// A list of passenger names, read leniently as the replay compares it: absent, `null` or
/// unknown names are skipped (a mismatch then shows in the comparison, not as a parse error).
fn passenger_list(v: Option<&Value>) -> Vec<PassengerId> {
    v.and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|n| passenger(n).ok().flatten())
                .collect()
        })
        .unwrap_or_default()
}

fn company(v: &Value) -> Result<Option<CompanyId>, TraceError> {
    named(v, "company", CompanyId::from_name)
}

fn passenger(v: &Value) -> Result<Option<PassengerId>, TraceError> {
    named(v, "passenger", PassengerId::from_name)
}

fn companies(v: &Value) -> Result<SmallVec<[CompanyId; 12]>, TraceError> {
    let arr = v.as_array().ok_or_else(|| bad("not a list of companies"))?;
    arr.iter()
        .map(|c| company(c)?.ok_or_else(|| bad("null company in a list")))
        .collect()
}

/// A card object `{card, passenger, company, player, ok}`.
pub fn card(v: &Value) -> Result<Card, TraceError> {
    let name = field(v, "card")?.as_str().unwrap_or("");
    let kind = CardKind::from_name(name).ok_or_else(|| bad(format!("unknown card {name}")))?;
    let player = match v.get("player").and_then(Value::as_i64) {
        Some(p) if (0..NUM_PLAYERS as i64).contains(&p) => Some(PlayerId(p as u8)),
        _ => None,
    };
    Ok(Card {
        kind,
        passenger: passenger(v.get("passenger").unwrap_or(&Value::Null))?,
        company: company(v.get("company").unwrap_or(&Value::Null))?,
        player,
        ok_to_play: v.get("ok").and_then(Value::as_bool).unwrap_or(false),
    })
}

fn cards(v: &Value) -> Result<Vec<Card>, TraceError> {
    v.as_array()
        .ok_or_else(|| bad("not a card list"))?
        .iter()
        .map(card)
        .collect()
}

/// The map file name and the [`Setup`] of a trace's `setup` record.
pub fn setup_from_record(rec: &Value) -> Result<(String, Setup), TraceError> {
    let map = field(rec, "map")?.as_str().unwrap_or("").to_string();
    let players = field(rec, "players")?
        .as_array()
        .ok_or_else(|| bad("players"))?;
    if players.len() != NUM_PLAYERS {
        return Err(bad(format!("{} players", players.len())));
    }
    let mut starts = [(Point::default(), Heading::North); NUM_PLAYERS];
    let mut decks: [SmallVec<[Card; 13]>; NUM_PLAYERS] = Default::default();
    for (i, p) in players.iter().enumerate() {
        let dir = field(p, "dir")?.as_str().unwrap_or("");
        starts[i] = (
            point(field(p, "tile")?)?,
            Heading::from_name(dir).ok_or_else(|| bad(format!("dir {dir}")))?,
        );
        decks[i] = cards(field(p, "deck")?)?.into_iter().collect();
    }
    let mut company_stops = [Point::default(); NUM_COMPANIES];
    for c in field(rec, "companies")?
        .as_array()
        .ok_or_else(|| bad("companies"))?
    {
        let id = company(field(c, "name")?)?.ok_or_else(|| bad("company name"))?;
        company_stops[id.index()] = point(field(c, "bus_stop")?)?;
    }
    let coffee_stores = field(rec, "coffee_stores")?
        .as_array()
        .ok_or_else(|| bad("coffee_stores"))?
        .iter()
        .map(|s| point(field(s, "stop")?))
        .collect::<Result<_, _>>()?;
    let mut ps: [Option<PassengerSetup>; NUM_PASSENGERS] = Default::default();
    for p in field(rec, "passengers")?
        .as_array()
        .ok_or_else(|| bad("passengers"))?
    {
        let id = passenger(field(p, "name")?)?.ok_or_else(|| bad("passenger name"))?;
        let enemies = field(p, "enemies")?
            .as_array()
            .ok_or_else(|| bad("enemies"))?
            .iter()
            .map(|e| passenger(e)?.ok_or_else(|| bad("null enemy")))
            .collect::<Result<_, _>>()?;
        ps[id.index()] = Some(PassengerSetup {
            destination: company(field(p, "destination")?)?.ok_or_else(|| bad("no destination"))?,
            route: companies(field(p, "route")?)?,
            enemies,
        });
    }
    let mut passengers = Vec::with_capacity(NUM_PASSENGERS);
    for (i, p) in ps.into_iter().enumerate() {
        passengers.push(
            p.ok_or_else(|| bad(format!("passenger {} missing", PassengerId(i as u8).name())))?,
        );
    }
    let passengers: [PassengerSetup; NUM_PASSENGERS] =
        passengers.try_into().map_err(|_| bad("passenger count"))?;
    Ok((
        map,
        Setup {
            starts,
            company_stops,
            coffee_stores,
            passengers,
            decks,
        },
    ))
}

/// The first difference between a replay and a trace: the workspace's one
/// [`pathfind::replay::Mismatch`], its `step` the tick, its `field` what differs (player or
/// passenger and field). [`replay_rules`] reads lines, not a file: its `trace` is
/// [`RULES_TRACE`], for the caller to replace with the file's name.
pub use pathfind::replay::Mismatch;

/// The `trace` of a [`Mismatch`] from [`replay_rules`], which does not know the file.
pub const RULES_TRACE: &str = "the rules trace";

/// What [`replay_rules`] checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RulesReport {
    /// Ticks seen.
    pub ticks: usize,
    /// Bus-stop arrivals replayed.
    pub bus_stops: usize,
    /// Coffee-stop arrivals replayed.
    pub coffee_stops: usize,
    /// Card messages (DRAW, DISCARD, PLAY) replayed.
    pub card_orders: usize,
    /// Instant cards resolved.
    pub powerups: usize,
    /// Status lines compared.
    pub statuses: usize,
    /// Final outcomes compared with the trace's scoreboard (games that ended).
    pub outcomes: usize,
}

/// Chance outcomes taken from a trace.
#[derive(Debug, Default)]
struct Recorded {
    outcomes: Vec<(Draw, usize)>,
    missing: Option<Draw>,
}

impl Chance for Recorded {
    fn pick(&mut self, draw: Draw, n: usize) -> usize {
        match self.outcomes.iter().position(|(d, _)| *d == draw) {
            Some(i) => self.outcomes.remove(i).1.min(n.saturating_sub(1)),
            None => {
                self.missing.get_or_insert(draw);
                0
            }
        }
    }
}

fn mismatch(
    tick: i64,
    what: impl Into<String>,
    expected: impl core::fmt::Debug,
    got: impl core::fmt::Debug,
) -> Mismatch {
    let what = what.into();
    // A trace's tick is never negative; a hostile one keeps its number in the field.
    let (step, field) = match u64::try_from(tick) {
        Ok(step) => (step, what),
        Err(_) => (0, format!("{what} (at tick {tick})")),
    };
    Mismatch {
        trace: RULES_TRACE.to_owned(),
        step,
        field,
        expected: format!("{expected:?}"),
        got: format!("{got:?}"),
    }
}

fn schema(tick: i64, e: TraceError) -> Mismatch {
    mismatch(tick, "trace schema", "the documented schema", e.to_string())
}

/// `(to, about, status, card kind)` of a status line.
type StatusLine = (usize, usize, Status, Option<CardKind>);

fn expand(events: &[Event]) -> Vec<StatusLine> {
    let mut out = Vec::new();
    for e in events {
        let kind = e.card.map(|c| c.kind);
        match e.to {
            Recipient::All => {
                out.extend((0..NUM_PLAYERS).map(|to| (to, e.about.index(), e.status, kind)))
            }
            Recipient::Only => out.push((e.about.index(), e.about.index(), e.status, kind)),
        }
    }
    out
}

fn same_card(a: &Card, b: &Card) -> bool {
    a.kind == b.kind && a.passenger == b.passenger && a.company == b.company
}

/// Replays the rules that are not movement over a trace, from its setup record: each tick's path
/// and card messages, instant cards (with the trace's random outcomes), bus-stop and coffee
/// arrivals (found from the trace's status lines, at the stop where the car is), and the tick
/// timers, then compares every status line, and every coffee, passenger, delivery count and score
/// on every car line, and every `player_state`, `passenger` and `pickup_list` record, with the
/// replayed state. Car positions and paths are taken from the trace (the tick engine computes them).
pub fn replay_rules(game: &Game, lines: &[Value]) -> Result<RulesReport, Mismatch> {
    let setup_rec = lines
        .first()
        .ok_or_else(|| mismatch(0, "trace", "a setup line", "nothing"))?;
    let (_, setup) = setup_from_record(setup_rec).map_err(|e| schema(0, e))?;
    let mut state = game
        .state_from_setup(&setup, 0)
        .map_err(|e| mismatch(0, "setup", "valid", e.to_string()))?;
    let mut report = RulesReport::default();

    // Group lines per tick: the events of tick t end with its car line.
    let mut i = 1;
    while i < lines.len() {
        let start = i;
        while i < lines.len()
            && !is_car_line(&lines[i])
            && lines[i].get("ev").and_then(Value::as_str) != Some("end")
        {
            i += 1;
        }
        if i >= lines.len() || !is_car_line(&lines[i]) {
            break;
        }
        let cars_line = &lines[i];
        let t = cars_line.get("t").and_then(Value::as_i64).unwrap_or(0);
        // Diff events after the car line, up to the next tick's first event.
        let mut j = i + 1;
        while j < lines.len()
            && lines[j].get("t").and_then(Value::as_i64) == Some(t)
            && !is_car_line(&lines[j])
        {
            let ev = lines[j].get("ev").and_then(Value::as_str).unwrap_or("");
            if !matches!(
                ev,
                "path" | "pickup_list" | "player_state" | "passenger" | "signal"
            ) {
                break;
            }
            j += 1;
        }
        // The t = 0 diffs precede the first tick; check them against the initial state.
        if report.ticks == 0 {
            check_diffs(&state, &lines[start..i], 0, true)?;
        }
        replay_tick(
            game,
            &mut state,
            &lines[start..i],
            cars_line,
            &lines[i + 1..j],
            t,
            &mut report,
        )?;
        report.ticks += 1;
        i = j;
    }
    // A finished game: the scoreboard entries are the outcome's scores.
    if let Some(end) = lines
        .last()
        .filter(|l| l.get("ev").and_then(Value::as_str) == Some("end"))
        && end.get("game_over").and_then(Value::as_bool) == Some(true)
    {
        let t = end.get("ticks_run").and_then(Value::as_i64).unwrap_or(0);
        let Some(out) = game.outcome(&state).filter(|_| state.has_winner()) else {
            return Err(mismatch(t, "outcome", "game over", "still running"));
        };
        let players = end
            .get("players")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        for (p, rec) in players.iter().enumerate().take(NUM_PLAYERS) {
            let board = rec
                .get("scoreboard")
                .and_then(|b| b.get(0))
                .and_then(Value::as_f64)
                .unwrap_or(f64::NAN) as f32;
            let delivered = rec.get("delivered").and_then(Value::as_u64).unwrap_or(0) as u8;
            if board.to_bits() != out.scores[p].to_bits() || delivered != out.delivered[p] {
                return Err(mismatch(
                    t,
                    format!("player {p} final (scoreboard, delivered)"),
                    (board, delivered),
                    (out.scores[p], out.delivered[p]),
                ));
            }
        }
        report.outcomes += 1;
    }
    Ok(report)
}

/// A car line `{"t": T, "cars": [...]}` (not a `powerup_resolved` event, which also has `cars`).
pub fn is_car_line(v: &Value) -> bool {
    v.get("ev").is_none() && v.get("cars").is_some()
}

fn cars_of(cars_line: &Value, t: i64) -> Result<&Vec<Value>, Mismatch> {
    cars_line
        .get("cars")
        .and_then(Value::as_array)
        .ok_or_else(|| schema(t, bad("cars")))
}

fn col(car: &Value, k: usize) -> i64 {
    car.get(k).and_then(Value::as_i64).unwrap_or(0)
}

/// Puts the recorded car geometry into the state (what the tick engine would compute).
fn set_cars(state: &mut State, cars: &[Value]) {
    use crate::movement::{Location, MovementId};
    for (p, car) in cars.iter().enumerate().take(NUM_PLAYERS) {
        let code = car.get(6).and_then(Value::as_str).unwrap_or("NN");
        let pos = Point::new(col(car, 0) as i32, col(car, 1) as i32);
        if let Some(m) = MovementId::from_code(code) {
            let mut loc = Location::new(pos, m);
            loc.offset = col(car, 7) as u8;
            state.players[p].car.vehicle.location = loc;
        }
        let motion = &mut state.players[p].car.vehicle.motion;
        motion.flat = col(car, 14) != 0;
        motion.ticks_to_fix_flat = col(car, 15) as i32;
        motion.quarter = col(car, 16) != 0;
    }
}

fn replay_tick(
    game: &Game,
    state: &mut State,
    events: &[Value],
    cars_line: &Value,
    diffs: &[Value],
    t: i64,
    report: &mut RulesReport,
) -> Result<(), Mismatch> {
    let cars = cars_of(cars_line, t)?;
    if cars.len() != NUM_PLAYERS {
        return Err(schema(t, bad(format!("{} cars", cars.len()))));
    }
    for line in events.iter().chain(diffs) {
        for key in ["player", "to", "about"] {
            if let Some(v) = line.get(key).and_then(Value::as_u64)
                && v as usize >= NUM_PLAYERS
            {
                return Err(schema(t, bad(format!("{key} {v}"))));
            }
        }
    }
    let mut mine: Vec<Event> = Vec::new();
    let mut ordered = [false; NUM_PLAYERS];
    let ev = |v: &Value| {
        v.get("ev")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    let player_of = |v: &Value| v.get("player").and_then(Value::as_u64).unwrap_or(0) as usize;

    // Phase A: path and card messages, in arrival order.
    for line in events {
        match ev(line).as_str() {
            "order" => {
                let p = player_of(line);
                ordered[p] = true;
                let list: Vec<PassengerId> = passenger_list(line.get("pickup"));
                rules::apply_pickup_list(state, PlayerId(p as u8), &list);
            }
            "card_order" => {
                let p = player_of(line);
                let action = line
                    .get("action")
                    .and_then(Value::as_str)
                    .and_then(CardAction::from_name);
                let c = card(line.get("card").unwrap_or(&Value::Null)).map_err(|e| schema(t, e))?;
                let Some(action) = action else {
                    return Err(schema(t, bad("card action")));
                };
                let tile = state.players[p].car.tile();
                // The built-in AIs hand the engine their card objects directly (no framework lookup);
                // the object is the hand's or deck's card of that value, else a stale one.
                let slot = rules::find_card(state, PlayerId(p as u8), &c);
                rules::card_action(state, PlayerId(p as u8), action, slot, c, tile, &mut mine);
                report.card_orders += 1;
            }
            _ => {}
        }
    }

    // Phase B: instant cards, in player order, with the trace's random outcomes.
    for line in events.iter().filter(|l| ev(l) == "powerup_resolved") {
        let p = player_of(line);
        let Some(in_action) = state.players[p].in_action else {
            return Err(mismatch(
                t,
                format!("player {p} in_action"),
                "a card to resolve",
                "none",
            ));
        };
        let mut chance = Recorded::default();
        let resolved_cars = line
            .get("cars")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let resolved_passengers = line
            .get("passengers")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        match in_action.kind {
            CardKind::ChangeDestination => {
                for rp in &resolved_passengers {
                    let (Some(name), Some(dest)) = (
                        rp.get(0).and_then(|v| passenger(v).ok().flatten()),
                        rp.get(2),
                    ) else {
                        continue;
                    };
                    let old = state.passengers[name.index()].destination;
                    let new = company(dest).ok().flatten();
                    if new != old
                        && let Some(new) = new
                    {
                        let options: Vec<CompanyId> =
                            CompanyId::all().filter(|&c| Some(c) != old).collect();
                        let k = options.iter().position(|&c| c == new).unwrap_or(0);
                        chance.outcomes.push((Draw::NewDestination(name), k));
                    }
                }
            }
            CardKind::MovePassenger | CardKind::RelocateAllPassengers => {
                for rp in &resolved_passengers {
                    let Some(name) = rp.get(0).and_then(|v| passenger(v).ok().flatten()) else {
                        continue;
                    };
                    let ps = &state.passengers[name.index()];
                    let new = rp.get(1).and_then(|v| company(v).ok().flatten());
                    if new != ps.lobby
                        && let Some(new) = new
                    {
                        let options: Vec<CompanyId> = CompanyId::all()
                            .filter(|&c| Some(c) != ps.lobby && Some(c) != ps.destination)
                            .collect();
                        let k = options.iter().position(|&c| c == new).unwrap_or(0);
                        chance.outcomes.push((Draw::NewLobby(name), k));
                    }
                }
            }
            CardKind::RelocateAllCars => {
                for (q, rc) in resolved_cars.iter().enumerate().take(NUM_PLAYERS) {
                    let who = PlayerId(q as u8);
                    let (x, y) = (col(rc, 0) as i32 / 24, col(rc, 1) as i32 / 24);
                    chance.outcomes.push((Draw::RelocateX(who), x as usize));
                    chance.outcomes.push((Draw::RelocateY(who), y as usize));
                    let heading = Heading::from_angle(col(rc, 2) as i32);
                    let k = usize::from(matches!(heading, Heading::South | Heading::East));
                    chance.outcomes.push((Draw::RelocateHeading(who), k));
                    // The path as PlayerOrders left it this tick decides the target; orders are the
                    // tick engine's, so after an order this tick the recorded result's last tile is used.
                    if ordered[q] {
                        let path: Vec<Point> = rc
                            .get(12)
                            .and_then(Value::as_array)
                            .map(|a| a.iter().filter_map(|v| point(v).ok()).collect())
                            .unwrap_or_default();
                        state.players[q].car.vehicle.path = path;
                    }
                }
            }
            _ => {}
        }
        rules::process_powerup(game, state, PlayerId(p as u8), &mut chance, &mut mine);
        if let Some(d) = chance.missing {
            return Err(mismatch(
                t,
                format!("player {p} {}", in_action.kind.name()),
                "a recorded outcome",
                format!("{d:?}"),
            ));
        }
        if in_action.kind == CardKind::RelocateAllCars {
            for (q, rc) in resolved_cars.iter().enumerate().take(NUM_PLAYERS) {
                let path: Vec<Point> = rc
                    .get(12)
                    .and_then(Value::as_array)
                    .map(|a| a.iter().filter_map(|v| point(v).ok()).collect())
                    .unwrap_or_default();
                let got = &state.players[q].car.vehicle;
                let got_pos = (
                    got.location.pos.x as i64,
                    got.location.pos.y as i64,
                    got.location.angle() as i64,
                );
                if got_pos != (col(rc, 0), col(rc, 1), col(rc, 2)) || got.path != path {
                    return Err(mismatch(
                        t,
                        format!("player {q} relocated (x, y, angle, path)"),
                        (col(rc, 0), col(rc, 1), col(rc, 2), path),
                        (got_pos, got.path.clone()),
                    ));
                }
            }
        }
        report.powerups += 1;
    }

    rules::tick_timers(state);

    // Phase C: bus-stop and coffee arrivals, found from their final status lines.
    for line in events.iter().filter(|l| ev(l) == "status") {
        let (to, about) = (col_u(line, "to"), col_u(line, "about"));
        let status = line
            .get("status")
            .and_then(Value::as_str)
            .and_then(Status::from_name);
        if to != about {
            continue;
        }
        let Some(status) = status else { continue };
        let who = PlayerId(about as u8);
        let car = &cars[about];
        let tile = Point::new(col(car, 2) as i32, col(car, 3) as i32);
        let kind = game.map().square(tile).map(|s| s.kind);
        match status {
            Status::PassengerAbandoned
            | Status::PassengerDelivered
            | Status::PassengerDeliveredAndPickedUp
            | Status::PassengerRefusedEnemy
            | Status::PassengerPickedUp
            | Status::PassengerNoAction
            | Status::PassengerRefusedNoCoffee
            | Status::PassengerDeliveredAndPickUpRefused => {
                if kind != Some(crate::map::TileType::BusStop) {
                    return Err(mismatch(
                        t,
                        format!("player {about} bus stop"),
                        "a bus stop tile",
                        tile,
                    ));
                }
                let mut chance = Recorded::default();
                // The hand after the tick tells which cards the hand limit discarded.
                if let Some(ps) = diffs
                    .iter()
                    .find(|d| ev(d) == "player_state" && player_of(d) == about)
                {
                    let after =
                        cards(ps.get("hand").unwrap_or(&Value::Null)).map_err(|e| schema(t, e))?;
                    let mut cur: Vec<Card> = state.players[about].hand.to_vec();
                    let mut keep = after.clone();
                    let mut order = Vec::new();
                    let mut k = 0;
                    while k < cur.len() {
                        if let Some(m) = keep.iter().position(|c| same_card(c, &cur[k])) {
                            keep.remove(m);
                            k += 1;
                        } else {
                            order.push((Draw::HandDiscard(who), k));
                            cur.remove(k);
                        }
                    }
                    chance.outcomes = order;
                }
                rules::bus_stop_arrival(state, who, tile, tile, &mut chance, &mut mine);
                report.bus_stops += 1;
            }
            Status::CoffeeStoreCarRestocked | Status::CoffeeStoreNoStockUp => {
                if kind != Some(crate::map::TileType::CoffeeStop) {
                    return Err(mismatch(
                        t,
                        format!("player {about} coffee stop"),
                        "a coffee stop tile",
                        tile,
                    ));
                }
                rules::coffee_stop_arrival(state, who, tile, &mut mine);
                report.coffee_stops += 1;
            }
            _ => {}
        }
    }

    // Compare the status lines (the periodic and path statuses belong to the tick engine).
    let recorded: Vec<StatusLine> = events
        .iter()
        .filter(|l| ev(l) == "status")
        .filter_map(|l| {
            let status = l
                .get("status")
                .and_then(Value::as_str)
                .and_then(Status::from_name)?;
            if matches!(status, Status::Update | Status::NoPath) {
                return None;
            }
            let kind = l.get("card").and_then(|c| card(c).ok()).map(|c| c.kind);
            Some((col_u(l, "to"), col_u(l, "about"), status, kind))
        })
        .collect();
    let expanded = expand(&mine);
    if recorded != expanded {
        return Err(mismatch(
            t,
            "status lines (to, about, status, card)",
            recorded,
            expanded,
        ));
    }
    report.statuses += recorded.len();

    // Cars: take the geometry, compare coffee, passenger, deliveries and score.
    set_cars(state, cars);
    for (p, car) in cars.iter().enumerate().take(NUM_PLAYERS) {
        let pl = &state.players[p];
        let tile = Point::new(col(car, 2) as i32, col(car, 3) as i32);
        let got = (
            pl.passenger.map_or(-1, |q| q.index() as i64),
            pl.car.coffee as i64,
            rules::score(state, PlayerId(p as u8), tile).to_bits() as i64,
            pl.delivered.len() as i64,
        );
        let mut expected = (col(car, 18), col(car, 19), col(car, 20), col(car, 21));
        // The documented deviation: where the original's score is NaN (§12.9) ours is the points.
        if f32::from_bits(expected.2 as u32).is_nan()
            && rules::raw_score(state, PlayerId(p as u8), tile).is_nan()
        {
            expected.2 = pl.points.to_bits() as i64;
        }
        if got != expected {
            return Err(mismatch(
                t,
                format!("player {p} (passenger, coffee, score bits, delivered)"),
                expected,
                got,
            ));
        }
        if pl.ticks_to_full_speed as i64 != col(car, 17) {
            return Err(mismatch(
                t,
                format!("player {p} ticks_to_full_speed"),
                col(car, 17),
                pl.ticks_to_full_speed,
            ));
        }
    }
    check_diffs(state, diffs, t, false)?;
    // Paths come from the trace (the tick engine computes them).
    for d in diffs.iter().filter(|d| ev(d) == "path") {
        let p = player_of(d);
        state.players[p].car.vehicle.path = d
            .get("path")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(|v| point(v).ok()).collect())
            .unwrap_or_default();
    }
    Ok(())
}

fn col_u(v: &Value, key: &str) -> usize {
    v.get(key).and_then(Value::as_u64).unwrap_or(0) as usize
}

fn card_list_eq(a: &[Card], b: &[Card]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| same_card(x, y) && x.ok_to_play == y.ok_to_play)
}

/// Compares `player_state`, `passenger` and `pickup_list` records with the state.
fn check_diffs(state: &State, diffs: &[Value], t: i64, initial: bool) -> Result<(), Mismatch> {
    for d in diffs {
        if d.get("player")
            .and_then(Value::as_u64)
            .is_some_and(|p| p as usize >= NUM_PLAYERS)
        {
            return Err(schema(t, bad("player index")));
        }
        let ev = d.get("ev").and_then(Value::as_str).unwrap_or("");
        match ev {
            "player_state" => {
                let p = col_u(d, "player");
                let pl = &state.players[p];
                let hand =
                    cards(d.get("hand").unwrap_or(&Value::Null)).map_err(|e| schema(t, e))?;
                let deck =
                    cards(d.get("deck").unwrap_or(&Value::Null)).map_err(|e| schema(t, e))?;
                if !card_list_eq(&hand, &pl.hand) {
                    return Err(mismatch(
                        t,
                        format!("player {p} hand"),
                        hand,
                        pl.hand.to_vec(),
                    ));
                }
                if !card_list_eq(&deck, &pl.deck) {
                    return Err(mismatch(
                        t,
                        format!("player {p} deck"),
                        deck,
                        pl.deck.to_vec(),
                    ));
                }
                for (key, mine) in [
                    ("next_bus_stop", pl.next_bus_stop),
                    ("this_transit", pl.this_transit),
                ] {
                    let rec = match d.get(key) {
                        Some(Value::Null) | None => None,
                        Some(c) => Some(card(c).map_err(|e| schema(t, e))?),
                    };
                    let same = match (rec, mine) {
                        (None, None) => true,
                        (Some(a), Some(b)) => same_card(&a, &b),
                        _ => false,
                    };
                    if !same {
                        return Err(mismatch(t, format!("player {p} {key}"), rec, mine));
                    }
                }
                let delivered: Vec<PassengerId> = passenger_list(d.get("delivered"));
                if delivered.as_slice() != pl.delivered.as_slice() {
                    return Err(mismatch(
                        t,
                        format!("player {p} delivered"),
                        delivered,
                        pl.delivered.to_vec(),
                    ));
                }
            }
            "passenger" => {
                let Some(name) = d.get("name").and_then(|n| passenger(n).ok().flatten()) else {
                    continue;
                };
                let ps = &state.passengers[name.index()];
                let car = d
                    .get("car")
                    .and_then(Value::as_i64)
                    .filter(|&c| c >= 0)
                    .map(|c| PlayerId(c as u8));
                let lobby =
                    company(d.get("lobby").unwrap_or(&Value::Null)).map_err(|e| schema(t, e))?;
                let start =
                    company(d.get("start").unwrap_or(&Value::Null)).map_err(|e| schema(t, e))?;
                let dest = company(d.get("destination").unwrap_or(&Value::Null))
                    .map_err(|e| schema(t, e))?;
                let route =
                    companies(d.get("route").unwrap_or(&Value::Null)).map_err(|e| schema(t, e))?;
                let expected = (lobby, car, start, dest, route.to_vec());
                let got = (
                    ps.lobby,
                    ps.car,
                    ps.start,
                    ps.destination,
                    ps.route.to_vec(),
                );
                if expected != got {
                    return Err(mismatch(
                        t,
                        format!(
                            "passenger {} (lobby, car, start, destination, route)",
                            name.name()
                        ),
                        expected,
                        got,
                    ));
                }
            }
            "pickup_list" => {
                let p = col_u(d, "player");
                let list: Vec<PassengerId> = passenger_list(d.get("pickup"));
                if list.as_slice() != state.players[p].pickup.as_slice() {
                    return Err(mismatch(
                        t,
                        format!("player {p} pickup list"),
                        list,
                        state.players[p].pickup.to_vec(),
                    ));
                }
            }
            "signal" if initial => {}
            _ => {}
        }
    }
    Ok(())
}
