//! The golden trace format (one JSON object per line, `golden_fights.jsonl` and
//! `scenarios.jsonl`): read it, write it, and replay it through the engine, comparing every
//! plane, event and result. Tests, the `play verify dogfight` command and bot authors share it.
//!
//! A trace is an initial state (4 planes) and a list of turns; each turn has the moves as the
//! bots returned them (`null` = missing), the displacement applied (`moved_dir`), the events
//! (`invalid_dir`, `wall`, `collided`, `fired`, `hit`, one flag per plane) and the state after
//! the round; then the result (`1`, `0`, `-1`), the end reason and the last round, or `null`s for
//! scenarios that stop early.
//!
//! ```
//! use dogfight::trace::Trace;
//! use dogfight::{Game, bot::play_fight_from, Action, Bot, Side, State};
//!
//! struct Straight;
//! impl Bot for Straight {
//!     fn act(&mut self, _: &Game, _: &State, _: Side) -> Action { Action::none() }
//! }
//!
//! // Record a fight, write it as a JSON line, read it back and replay it.
//! let game = Game::default();
//! let mut trace = Trace::new("straight", &game, game.initial_state(0));
//! let outcome = play_fight_from(&game, game.initial_state(0), [&mut Straight, &mut Straight],
//!     |round| trace.push(round));
//! trace.finish(Some(outcome));
//! let line = trace.to_json();
//! let read = Trace::from_json(&line)?;
//! assert_eq!(read, trace);
//! assert_eq!(read.replay(), Ok(14));
//! # Ok::<(), dogfight::trace::TraceError>(())
//! ```

use std::fmt;

use serde_json::{Map, Value, json};

use crate::bot::Round;
use crate::{
    Actions, Arena, Config, Direction, EndReason, Events, Game, Move, Outcome, Plane, PlaneSet,
    Pos, State,
};

/// The longest trace line read, in bytes: a 100-round fight takes about 25 KiB, a fight of the
/// most rounds ([`MAX_TURNS`]) about 2.5 MiB. Checked before the line is parsed.
pub const MAX_LINE_BYTES: usize = 4 << 20;

/// The most turns one trace may hold (checked before they are read): 100 times the original's
/// 100 rounds.
pub const MAX_TURNS: usize = 10_000;

/// The largest trace file [`crate::replay::verify_files`] reads, in bytes (checked before reading).
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// A trace line that could not be read: where (line, field) and what.
#[derive(Debug, thiserror::Error)]
pub enum TraceError {
    /// The line is not JSON.
    #[error("line {line}: not JSON: {source}")]
    Json {
        /// The 1-based line number in the file (1 for a single line).
        line: usize,
        /// The parser's complaint (with the column).
        source: serde_json::Error,
    },
    /// A field is missing or has the wrong shape.
    #[error("line {line}: {field}: {reason} (found {found})")]
    Field {
        /// The 1-based line number in the file.
        line: usize,
        /// The JSON path of the field, e.g. `turns[3].moves[1].dir`.
        field: String,
        /// What was expected.
        reason: &'static str,
        /// The rejected value, as JSON.
        found: String,
    },
    /// A line is longer than [`MAX_LINE_BYTES`].
    #[error("line {line}: {bytes} bytes, more than the limit of {limit}")]
    LineTooLong {
        /// The 1-based line number.
        line: usize,
        /// The line's length.
        bytes: usize,
        /// The limit, [`MAX_LINE_BYTES`].
        limit: usize,
    },
    /// A trace has more turns than [`MAX_TURNS`].
    #[error("line {line}: {turns} turns, more than the limit of {limit}")]
    TooManyTurns {
        /// The 1-based line number.
        line: usize,
        /// The number of turns found.
        turns: usize,
        /// The limit, [`MAX_TURNS`].
        limit: usize,
    },
    /// A file is larger than [`MAX_FILE_BYTES`].
    #[error("{path}: {bytes} bytes, more than the limit of {limit}")]
    FileTooLarge {
        /// The file.
        path: String,
        /// Its size.
        bytes: u64,
        /// The limit, [`MAX_FILE_BYTES`].
        limit: u64,
    },
    /// The file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The error.
        source: std::io::Error,
    },
}

/// One recorded round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    /// The 1-based round number.
    pub round: u16,
    /// What the bots were told before the round (`100 − round` in the original).
    pub rounds_left: u16,
    /// The moves as the bots returned them, in plane order (`None` = missing).
    pub moves: [Option<Move>; 4],
    /// What the round did (including `moved_dir` as [`Events::moved`]).
    pub events: Events,
    /// The planes after the round.
    pub state: [Plane; 4],
}

/// One fight or scenario in the golden format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trace {
    /// The trace's name.
    pub id: String,
    /// `harness`, `scenario`, `historical-log`, or `contest-engines` for recorded fights.
    pub source: String,
    /// A scenario's description.
    pub description: Option<String>,
    /// Whether the end-of-fight check applies after every round (false only for step-only
    /// scenarios).
    pub stop_on_win: bool,
    /// The arena size.
    pub arena: u32,
    /// Rounds per fight.
    pub rounds: u16,
    /// The cooldown after a shot.
    pub cooldown: u8,
    /// The planes before round 1.
    pub initial: [Plane; 4],
    /// The rounds played.
    pub turns: Vec<Turn>,
    /// The fight's result and end, or `None` for scenarios that stop early.
    pub outcome: Option<Outcome>,
}

/// The first difference between a trace and the engine: the workspace's one
/// [`pathfind::replay::Mismatch`], its `step` the round (1-based; 0 for the initial setup), its
/// `field` what differs (`state[2].pos`, `events.hit[0]`).
pub use pathfind::replay::Mismatch;

impl Trace {
    /// An empty trace of a fight of `game` from `initial`, to be filled with
    /// [`push`](Trace::push) and [`finish`](Trace::finish).
    pub fn new(id: impl Into<String>, game: &Game, initial: State) -> Trace {
        Trace {
            id: id.into(),
            source: "contest-engines".into(),
            description: None,
            stop_on_win: true,
            arena: game.arena().size(),
            rounds: game.config().rounds,
            cooldown: game.config().cooldown,
            initial: initial.planes(),
            turns: Vec::new(),
            outcome: None,
        }
    }

    /// Appends one played round.
    pub fn push(&mut self, round: &Round) {
        self.turns.push(Turn {
            round: round.after.round,
            rounds_left: self.rounds.saturating_sub(round.after.round),
            moves: round.actions.per_plane(),
            events: round.events,
            state: round.after.planes(),
        });
    }

    /// Sets the outcome.
    pub fn finish(&mut self, outcome: Option<Outcome>) {
        self.outcome = outcome;
    }

    /// The rules the trace was played under.
    pub fn game(&self) -> Result<Game, Mismatch> {
        let arena = Arena::new(self.arena).map_err(|e| self.setup_error("arena", e))?;
        let config = Config {
            rounds: self.rounds,
            cooldown: self.cooldown,
            ..Config::default()
        };
        Game::new(arena, config).map_err(|e| self.setup_error("rounds", e))
    }

    fn setup_error(&self, field: &str, error: impl fmt::Display) -> Mismatch {
        Mismatch {
            trace: self.id.clone(),
            step: 0,
            field: field.into(),
            expected: "a valid setup".into(),
            got: error.to_string(),
        }
    }

    /// Replays the trace through the engine and returns the number of rounds checked, or the
    /// first mismatch: the initial state against the game ([`Game::validate`], a mismatch in
    /// round 0 naming `initial: <field>`), every applied displacement, event flag, plane field, the round numbering,
    /// and the end of the fight (a fight must end exactly at its last turn, with its result).
    pub fn replay(&self) -> Result<usize, Mismatch> {
        let game = self.game()?;
        let mut state = State::new(self.initial);
        for (index, turn) in self.turns.iter().enumerate() {
            let round = (index + 1) as u16;
            let mismatch = |field: String, expected: String, got: String| Mismatch {
                trace: self.id.clone(),
                step: u64::from(round),
                field,
                expected,
                got,
            };
            if turn.round != round {
                return Err(mismatch(
                    "round".into(),
                    turn.round.to_string(),
                    round.to_string(),
                ));
            }
            let told = game.rounds_left(&state);
            if turn.rounds_left != told {
                return Err(mismatch(
                    "rounds_left".into(),
                    turn.rounds_left.to_string(),
                    told.to_string(),
                ));
            }
            let events = game.advance_joint(&mut state, &Actions::from_planes(turn.moves));
            for k in 0..4 {
                if events.moved[k] != turn.events.moved[k] {
                    return Err(mismatch(
                        format!("moved_dir[{k}]"),
                        direction_text(turn.events.moved[k]),
                        direction_text(events.moved[k]),
                    ));
                }
            }
            for (name, expected, got) in [
                (
                    "invalid_dir",
                    turn.events.invalid_direction,
                    events.invalid_direction,
                ),
                ("wall", turn.events.wall, events.wall),
                ("collided", turn.events.collided, events.collided),
                ("fired", turn.events.fired, events.fired),
                ("hit", turn.events.hit, events.hit),
            ] {
                for k in 0..4 {
                    let (e, g) = (expected.flags()[k], got.flags()[k]);
                    if e != g {
                        return Err(mismatch(
                            format!("events.{name}[{k}]"),
                            e.to_string(),
                            g.to_string(),
                        ));
                    }
                }
            }
            for k in 0..4 {
                let (e, g) = (turn.state[k], state.planes()[k]);
                let fields = [
                    ("alive", e.alive.to_string(), g.alive.to_string()),
                    ("pos", pos_text(e.pos), pos_text(g.pos)),
                    ("dir", e.heading.to_string(), g.heading.to_string()),
                    ("cd", e.cooldown.to_string(), g.cooldown.to_string()),
                ];
                for (name, e, g) in fields {
                    if e != g {
                        return Err(mismatch(format!("state[{k}].{name}"), e, g));
                    }
                }
            }
            if self.stop_on_win
                && let Some(outcome) = game.outcome(&state)
                && index + 1 != self.turns.len()
            {
                return Err(mismatch(
                    "end".into(),
                    "the fight to go on".into(),
                    format!("it ended ({})", outcome.reason),
                ));
            }
        }
        if let Some(expected) = self.outcome {
            let got = game.outcome(&state);
            if got != Some(expected) {
                return Err(Mismatch {
                    trace: self.id.clone(),
                    step: u64::from(state.round),
                    field: "result".into(),
                    expected: outcome_text(Some(expected)),
                    got: outcome_text(got),
                });
            }
        }
        Ok(self.turns.len())
    }

    /// Reads one trace from one JSON line.
    pub fn from_json(line: &str) -> Result<Trace, TraceError> {
        check_line(line, 1)?;
        let value: Value =
            serde_json::from_str(line).map_err(|source| TraceError::Json { line: 1, source })?;
        Reader { line: 1 }.trace(&value)
    }

    /// Writes the trace as one JSON line (no newline) in the golden schema; keys are sorted.
    pub fn to_json(&self) -> String {
        let turns: Vec<Value> = self
            .turns
            .iter()
            .map(|turn| {
                let flags = |set: PlaneSet| json!(set.flags());
                json!({
                    "round": turn.round,
                    "rounds_left": turn.rounds_left,
                    "moves": turn.moves.map(|mv| mv.map_or(Value::Null, |mv| json!({
                        "dir": mv.direction.as_str(), "change": mv.turn, "shoot": mv.shoot
                    }))),
                    "moved_dir": turn.events.moved.map(|d| d.map_or(Value::Null, |d| json!(d.as_str()))),
                    "events": {
                        "invalid_dir": flags(turn.events.invalid_direction),
                        "wall": flags(turn.events.wall),
                        "collided": flags(turn.events.collided),
                        "fired": flags(turn.events.fired),
                        "hit": flags(turn.events.hit),
                    },
                    "state": turn.state.map(plane_json),
                })
            })
            .collect();
        let mut object = json!({
            "id": self.id,
            "source": self.source,
            "stop_on_win": self.stop_on_win,
            "arena": self.arena,
            "rounds": self.rounds,
            "cooldown": self.cooldown,
            "initial": self.initial.map(plane_json),
            "turns": turns,
            "result": self.outcome.map(|o| o.result()),
            "end_reason": self.outcome.map(|o| o.reason.as_str()),
            "end_round": self.outcome.map(|o| o.round),
        });
        if let (Some(description), Value::Object(map)) = (&self.description, &mut object) {
            map.insert("description".into(), json!(description));
        }
        object.to_string()
    }
}

fn check_line(line: &str, number: usize) -> Result<(), TraceError> {
    if line.len() > MAX_LINE_BYTES {
        return Err(TraceError::LineTooLong {
            line: number,
            bytes: line.len(),
            limit: MAX_LINE_BYTES,
        });
    }
    Ok(())
}

/// Reads every trace of a JSON-lines text (blank lines are skipped).
pub fn read_jsonl(text: &str) -> Result<Vec<Trace>, TraceError> {
    let mut traces = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        check_line(line, index + 1)?;
        let value: Value = serde_json::from_str(line).map_err(|source| TraceError::Json {
            line: index + 1,
            source,
        })?;
        traces.push(Reader { line: index + 1 }.trace(&value)?);
    }
    Ok(traces)
}

fn direction_text(direction: Option<Direction>) -> String {
    direction.map_or("null".into(), |d| format!("{:?}", d.as_str()))
}

fn pos_text(pos: Pos) -> String {
    format!("[{},{},{}]", pos.x, pos.y, pos.z)
}

fn outcome_text(outcome: Option<Outcome>) -> String {
    outcome.map_or("no end".into(), |o| {
        format!("{} ({}) in round {}", o.result(), o.reason, o.round)
    })
}

fn plane_json(plane: Plane) -> Value {
    json!({
        "alive": plane.alive,
        "pos": plane.pos.to_array(),
        "dir": plane.heading.as_str(),
        "cd": plane.cooldown,
    })
}

/// Field-by-field reading with JSON paths in the errors.
struct Reader {
    line: usize,
}

impl Reader {
    fn error(&self, field: &str, reason: &'static str, found: Option<&Value>) -> TraceError {
        TraceError::Field {
            line: self.line,
            field: field.to_owned(),
            reason,
            found: found.map_or("nothing".into(), Value::to_string),
        }
    }

    fn get<'a>(
        &self,
        object: &'a Map<String, Value>,
        path: &str,
        key: &str,
    ) -> Result<&'a Value, TraceError> {
        object
            .get(key)
            .ok_or_else(|| self.error(&join(path, key), "missing", None))
    }

    fn object<'a>(
        &self,
        value: &'a Value,
        path: &str,
    ) -> Result<&'a Map<String, Value>, TraceError> {
        value
            .as_object()
            .ok_or_else(|| self.error(path, "expected an object", Some(value)))
    }

    fn boolean(&self, value: &Value, path: &str) -> Result<bool, TraceError> {
        value
            .as_bool()
            .ok_or_else(|| self.error(path, "expected true or false", Some(value)))
    }

    fn integer<T: TryFrom<i64>>(&self, value: &Value, path: &str) -> Result<T, TraceError> {
        value
            .as_i64()
            .and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| self.error(path, "expected an integer in range", Some(value)))
    }

    fn text<'a>(&self, value: &'a Value, path: &str) -> Result<&'a str, TraceError> {
        value
            .as_str()
            .ok_or_else(|| self.error(path, "expected a string", Some(value)))
    }

    fn array<'a, const N: usize>(
        &self,
        value: &'a Value,
        path: &str,
    ) -> Result<[&'a Value; N], TraceError> {
        let items = value
            .as_array()
            .filter(|items| items.len() == N)
            .ok_or_else(|| {
                self.error(path, "expected an array of the right length", Some(value))
            })?;
        Ok(std::array::from_fn(|i| &items[i]))
    }

    fn direction(&self, value: &Value, path: &str) -> Result<Direction, TraceError> {
        self.text(value, path)?
            .parse()
            .map_err(|_| self.error(path, "expected a direction such as \"SE\"", Some(value)))
    }

    fn plane(&self, value: &Value, path: &str) -> Result<Plane, TraceError> {
        let object = self.object(value, path)?;
        let pos_path = join(path, "pos");
        let [x, y, z] = self.array::<3>(self.get(object, path, "pos")?, &pos_path)?;
        Ok(Plane {
            alive: self.boolean(self.get(object, path, "alive")?, &join(path, "alive"))?,
            pos: Pos::new(
                self.integer(x, &pos_path)?,
                self.integer(y, &pos_path)?,
                self.integer(z, &pos_path)?,
            ),
            heading: self.direction(self.get(object, path, "dir")?, &join(path, "dir"))?,
            cooldown: self.integer(self.get(object, path, "cd")?, &join(path, "cd"))?,
        })
    }

    fn planes(&self, value: &Value, path: &str) -> Result<[Plane; 4], TraceError> {
        let items = self.array::<4>(value, path)?;
        let mut planes = [Plane::new(Pos::default(), Direction::N); 4];
        for (k, item) in items.iter().enumerate() {
            planes[k] = self.plane(item, &format!("{path}[{k}]"))?;
        }
        Ok(planes)
    }

    fn flags(&self, value: &Value, path: &str) -> Result<PlaneSet, TraceError> {
        let items = self.array::<4>(value, path)?;
        let mut flags = [false; 4];
        for (k, item) in items.iter().enumerate() {
            flags[k] = self.boolean(item, &format!("{path}[{k}]"))?;
        }
        Ok(PlaneSet::from_flags(flags))
    }

    fn turn(&self, value: &Value, path: &str) -> Result<Turn, TraceError> {
        let object = self.object(value, path)?;
        let moves_path = join(path, "moves");
        let mut moves = [None; 4];
        for (k, item) in self
            .array::<4>(self.get(object, path, "moves")?, &moves_path)?
            .iter()
            .enumerate()
        {
            if item.is_null() {
                continue;
            }
            let at = format!("{moves_path}[{k}]");
            let mv = self.object(item, &at)?;
            moves[k] = Some(Move {
                direction: self.direction(self.get(mv, &at, "dir")?, &join(&at, "dir"))?,
                turn: self.boolean(self.get(mv, &at, "change")?, &join(&at, "change"))?,
                shoot: self.boolean(self.get(mv, &at, "shoot")?, &join(&at, "shoot"))?,
            });
        }
        let moved_path = join(path, "moved_dir");
        let mut moved = [None; 4];
        for (k, item) in self
            .array::<4>(self.get(object, path, "moved_dir")?, &moved_path)?
            .iter()
            .enumerate()
        {
            if !item.is_null() {
                moved[k] = Some(self.direction(item, &format!("{moved_path}[{k}]"))?);
            }
        }
        let events_path = join(path, "events");
        let events = self.object(self.get(object, path, "events")?, &events_path)?;
        let flags = |key: &str| {
            self.flags(
                self.get(events, &events_path, key)?,
                &join(&events_path, key),
            )
        };
        Ok(Turn {
            round: self.integer(self.get(object, path, "round")?, &join(path, "round"))?,
            rounds_left: self.integer(
                self.get(object, path, "rounds_left")?,
                &join(path, "rounds_left"),
            )?,
            moves,
            events: Events {
                moved,
                invalid_direction: flags("invalid_dir")?,
                wall: flags("wall")?,
                collided: flags("collided")?,
                fired: flags("fired")?,
                hit: flags("hit")?,
            },
            state: self.planes(self.get(object, path, "state")?, &join(path, "state"))?,
        })
    }

    fn trace(&self, value: &Value) -> Result<Trace, TraceError> {
        let object = self.object(value, "")?;
        let field = |key: &str| self.get(object, "", key);
        let optional = |key: &str| object.get(key).filter(|v| !v.is_null());
        let turns_value = field("turns")?;
        let turns = turns_value
            .as_array()
            .ok_or_else(|| self.error("turns", "expected an array", Some(turns_value)))?;
        if turns.len() > MAX_TURNS {
            return Err(TraceError::TooManyTurns {
                line: self.line,
                turns: turns.len(),
                limit: MAX_TURNS,
            });
        }
        let turns = turns
            .iter()
            .enumerate()
            .map(|(i, turn)| self.turn(turn, &format!("turns[{i}]")))
            .collect::<Result<Vec<Turn>, TraceError>>()?;
        let outcome = match (
            optional("result"),
            optional("end_reason"),
            optional("end_round"),
        ) {
            (None, None, None) => None,
            (Some(result), Some(reason), Some(round)) => {
                let reason_text = self.text(reason, "end_reason")?;
                let reason: EndReason = reason_text.parse().map_err(|_| {
                    self.error(
                        "end_reason",
                        "expected p1_out, p2_out, both_out or timeout",
                        Some(reason),
                    )
                })?;
                let winner = match self.integer::<i8>(result, "result")? {
                    1 => Some(crate::Side::P1),
                    -1 => Some(crate::Side::P2),
                    0 => None,
                    _ => return Err(self.error("result", "expected 1, 0 or -1", Some(result))),
                };
                Some(Outcome {
                    winner,
                    reason,
                    round: self.integer(round, "end_round")?,
                })
            }
            _ => {
                return Err(self.error(
                    "result",
                    "result, end_reason and end_round must all be null or all be set",
                    optional("result"),
                ));
            }
        };
        Ok(Trace {
            id: self.text(field("id")?, "id")?.to_owned(),
            source: optional("source")
                .map(|v| self.text(v, "source").map(str::to_owned))
                .transpose()?
                .unwrap_or_default(),
            description: optional("description")
                .map(|v| self.text(v, "description").map(str::to_owned))
                .transpose()?,
            stop_on_win: self.boolean(field("stop_on_win")?, "stop_on_win")?,
            arena: self.integer(field("arena")?, "arena")?,
            rounds: self.integer(field("rounds")?, "rounds")?,
            cooldown: self.integer(field("cooldown")?, "cooldown")?,
            initial: self.planes(field("initial")?, "initial")?,
            turns,
            outcome,
        })
    }
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}
