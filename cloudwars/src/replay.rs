//! Replays of the golden data recorded from the original Go program: scenario files with their
//! traces, the micro cases and the kill-ring vectors (schemas in the data folder's README).
//!
//! The replay model: build the world from the scenario's explicit cloud list; for each iteration
//! `k`, compare the recorded tick (cloud count, FNV-1a hash over every float's bits, statistics)
//! and, when recorded, the full cloud list; then apply the commands scheduled `at: k` in file
//! order (each result must match the recorded `ok`) and run one update. The tests, the
//! `play verify cloudwars` command and users share this code.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

pub use pathfind::replay::{Summary as ReplaySummary, VerifyError};

use serde_json::Value;

use crate::action::Action;
use crate::cloud::{Color, Player, Vec2};
use crate::rules::{CloudSpec, Game};
use crate::state::{Config, State};

/// The first difference between a replay and its recording: the workspace's one mismatch type
/// (its `step` is the number of updates done).
pub use pathfind::replay::Mismatch;

/// The most updates a scenario may declare (`iterations`). The golden scenarios run 4 000; a
/// real game ends by timeout after `3 * 60 * 60 = 10 800`. Each update also needs its recorded
/// `tick` line, so a replay never runs more updates than its trace has lines.
pub const MAX_SCENARIO_ITERATIONS: u64 = 1_000_000;

/// The highest `after[].iter` a micro case may ask for (the golden cases go to 1 000). A micro
/// case runs that many updates, so this bounds its time: at most this many updates of at most
/// [`MAX_MICRO_CLOUDS`] clouds.
pub const MAX_MICRO_ITERATIONS: u64 = 100_000;

/// The most clouds a micro case may list (the golden cases have at most a dozen).
pub const MAX_MICRO_CLOUDS: usize = 1_000;

/// The largest file [`verify_files`] reads (the golden traces are about 3 MB each).
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// Why a replay failed: a file that does not read, a count above its documented limit, or a
/// state that differs from the recording.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// A value that is missing or does not read.
    #[error("{trace}: {field}: cannot read {got}")]
    Format {
        /// The trace (scenario or micro-case name, or the file).
        trace: String,
        /// What was being read.
        field: String,
        /// What was found.
        got: String,
    },
    /// A count that is negative or above its documented maximum.
    #[error("{trace}: {field} is {value}, outside 0..={limit}")]
    Limit {
        /// The trace.
        trace: String,
        /// The field (`iterations`, `iter`, `width`, `clouds`, ...).
        field: &'static str,
        /// The rejected value, as written.
        value: String,
        /// The maximum (see [`MAX_SCENARIO_ITERATIONS`], [`MAX_MICRO_ITERATIONS`], ...).
        limit: u64,
    },
    /// The replay differs from the recording.
    #[error("{0}")]
    Mismatch(Box<Mismatch>),
}

impl From<Mismatch> for ReplayError {
    fn from(m: Mismatch) -> ReplayError {
        ReplayError::Mismatch(Box::new(m))
    }
}

/// What a successful replay checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Summary {
    /// Scenarios (or micro cases) replayed.
    pub traces: usize,
    /// Updates run and checked.
    pub iterations: u64,
    /// Full cloud lists compared.
    pub states: u64,
    /// Commands applied and checked.
    pub commands: u64,
}

impl std::ops::AddAssign for Summary {
    fn add_assign(&mut self, o: Summary) {
        self.traces += o.traces;
        self.iterations += o.iterations;
        self.states += o.states;
        self.commands += o.commands;
    }
}

/// One command of a scenario.
#[derive(Debug, Clone, PartialEq)]
pub struct ScenarioCommand {
    /// Applied after `at` updates.
    pub at: u64,
    /// The player's name (the first cloud with this name acts).
    pub player: String,
    /// The move or kill.
    pub action: Action,
    /// Whether the original accepted it.
    pub ok: bool,
}

/// A scenario file (`sN_*.scenario.json`).
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    /// Its name.
    pub name: String,
    /// The board and speed.
    pub config: Config,
    /// How many updates the trace covers.
    pub iterations: u64,
    /// The initial cloud list, in order.
    pub clouds: Vec<CloudSpec>,
    /// The commands, in file order.
    pub commands: Vec<ScenarioCommand>,
}

fn bad(trace: &str, field: impl Into<String>, got: impl Into<String>) -> ReplayError {
    ReplayError::Format {
        trace: trace.to_owned(),
        field: field.into(),
        got: got.into(),
    }
}

/// A count read from a file, checked against its documented maximum before anything is
/// allocated or run for it.
fn count(v: &Value, key: &'static str, limit: u64, trace: &str) -> Result<u64, ReplayError> {
    let raw = v.get(key).ok_or_else(|| bad(trace, key, "missing"))?;
    match raw.as_u64() {
        Some(n) if n <= limit => Ok(n),
        _ if raw.is_number() => Err(ReplayError::Limit {
            trace: trace.to_owned(),
            field: key,
            value: raw.to_string(),
            limit,
        }),
        _ => Err(bad(trace, key, raw.to_string())),
    }
}

/// A board size or speed: an `i32`, or a typed error with the rejected value.
fn int32(v: &Value, key: &'static str, trace: &str) -> Result<i32, ReplayError> {
    let n = int(v, key, trace)?;
    i32::try_from(n).map_err(|_| ReplayError::Limit {
        trace: trace.to_owned(),
        field: key,
        value: n.to_string(),
        limit: i32::MAX as u64,
    })
}

fn num(v: &Value, key: &str, trace: &str) -> Result<f32, ReplayError> {
    v.get(key)
        .and_then(Value::as_f64)
        .map(|x| x as f32)
        .ok_or_else(|| bad(trace, key, format!("{:?}", v.get(key))))
}

fn int(v: &Value, key: &str, trace: &str) -> Result<i64, ReplayError> {
    v.get(key)
        .and_then(Value::as_i64)
        .ok_or_else(|| bad(trace, key, format!("{:?}", v.get(key))))
}

fn text<'a>(v: &'a Value, key: &str, trace: &str) -> Result<&'a str, ReplayError> {
    v.get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| bad(trace, key, format!("{:?}", v.get(key))))
}

fn hex_f32(v: Option<&Value>) -> Option<f32> {
    let s = v?.as_str()?;
    u32::from_str_radix(s, 16).ok().map(f32::from_bits)
}

fn player_of(name: &str, color: &str, trace: &str) -> Result<Option<Player>, ReplayError> {
    if name.is_empty() {
        return Ok(None);
    }
    let color = Color::from_name(color).ok_or_else(|| bad(trace, "color", color))?;
    Ok(Some(Player {
        name: name.to_owned(),
        color,
    }))
}

impl Scenario {
    /// Reads a scenario file. Initial floats come from their hex bits when present.
    pub fn parse(json: &str) -> Result<Scenario, ReplayError> {
        let v: Value =
            serde_json::from_str(json).map_err(|e| bad("scenario", "json", e.to_string()))?;
        let name = text(&v, "name", "scenario")?.to_owned();
        let t = name.as_str();
        let config = Config {
            width: int32(&v, "width", t)?,
            height: int32(&v, "height", t)?,
            game_speed: int32(&v, "gameSpeed", t)?,
            sim_speed_up: 1,
        };
        let iterations = count(&v, "iterations", MAX_SCENARIO_ITERATIONS, t)?;
        let mut clouds = Vec::new();
        for c in v
            .get("clouds")
            .and_then(Value::as_array)
            .ok_or_else(|| bad(t, "clouds", "missing"))?
        {
            let mut f = [
                num(c, "x", t)?,
                num(c, "y", t)?,
                num(c, "vx", t)?,
                num(c, "vy", t)?,
                num(c, "vapor", t)?,
            ];
            if let Some(bits) = c.get("bits").and_then(Value::as_array) {
                for (slot, b) in f.iter_mut().zip(bits) {
                    *slot = hex_f32(Some(b)).ok_or_else(|| bad(t, "bits", b.to_string()))?;
                }
            }
            clouds.push(CloudSpec {
                pos: Vec2::new(f[0], f[1]),
                vel: Vec2::new(f[2], f[3]),
                vapor: f[4],
                player: player_of(text(c, "player", t)?, text(c, "color", t)?, t)?,
            });
        }
        let mut commands = Vec::new();
        for c in v
            .get("commands")
            .and_then(Value::as_array)
            .ok_or_else(|| bad(t, "commands", "missing"))?
        {
            commands.push(ScenarioCommand {
                at: count(c, "at", MAX_SCENARIO_ITERATIONS, t)?,
                player: text(c, "player", t)?.to_owned(),
                action: parse_action(c, t)?,
                ok: c
                    .get("ok")
                    .and_then(Value::as_bool)
                    .ok_or_else(|| bad(t, "ok", "missing"))?,
            });
        }
        Ok(Scenario {
            name,
            config,
            iterations,
            clouds,
            commands,
        })
    }
}

fn parse_action(c: &Value, t: &str) -> Result<Action, ReplayError> {
    match text(c, "op", t)? {
        "kill" => Ok(Action::Kill),
        "move" => {
            let x = hex_f32(c.get("xbits")).map_or_else(|| num(c, "x", t), Ok)?;
            let y = hex_f32(c.get("ybits")).map_or_else(|| num(c, "y", t), Ok)?;
            Ok(Action::Move(Vec2::new(x, y)))
        }
        other => Err(bad(t, "op", other)),
    }
}

/// Applies a recorded command and checks its result against `ok`.
fn apply_recorded(
    game: &Game,
    state: &mut State,
    player: &str,
    action: Action,
    ok: bool,
    trace: &str,
    iteration: u64,
) -> Result<(), ReplayError> {
    let got = match state.player_by_name(player) {
        Some(id) => game.apply(state, id, action).is_ok(),
        None => false,
    };
    if got != ok {
        return Err(ReplayError::from(Mismatch {
            trace: trace.to_owned(),
            step: iteration,
            field: format!("{action:?} by {player} accepted"),
            expected: ok.to_string(),
            got: got.to_string(),
        }));
    }
    Ok(())
}

/// Compares a recorded cloud list (`[[x, y, vx, vy, vapor, player, color], ...]`) bit for bit.
fn compare_clouds(
    state: &State,
    recorded: &Value,
    trace: &str,
    iteration: u64,
) -> Result<(), ReplayError> {
    let rows = recorded
        .as_array()
        .ok_or_else(|| bad(trace, "clouds", recorded.to_string()))?;
    let mismatch = |field: String, expected: String, got: String| {
        ReplayError::from(Mismatch {
            trace: trace.to_owned(),
            step: iteration,
            field,
            expected,
            got,
        })
    };
    if rows.len() != state.clouds().len() {
        return Err(mismatch(
            "cloud count".into(),
            rows.len().to_string(),
            state.clouds().len().to_string(),
        ));
    }
    for (i, (row, cloud)) in rows.iter().zip(state.clouds()).enumerate() {
        let row = row
            .as_array()
            .ok_or_else(|| bad(trace, "cloud row", row.to_string()))?;
        let ours = [
            cloud.pos.x,
            cloud.pos.y,
            cloud.vel.x,
            cloud.vel.y,
            cloud.vapor,
        ];
        for (k, name) in ["x", "y", "vx", "vy", "vapor"].into_iter().enumerate() {
            let want = row
                .get(k)
                .and_then(Value::as_f64)
                .ok_or_else(|| bad(trace, "cloud row", format!("{row:?}")))?
                as f32;
            if want.to_bits() != ours[k].to_bits() {
                return Err(mismatch(
                    format!("cloud {i} {name}"),
                    format!("{want:?}"),
                    format!("{:?}", ours[k]),
                ));
            }
        }
        let want_player = row.get(5).and_then(Value::as_str).unwrap_or("");
        let got_player = cloud
            .owner
            .and_then(|id| state.player(id))
            .map_or("", |p| p.name.as_str());
        if want_player != got_player {
            return Err(mismatch(
                format!("cloud {i} player"),
                want_player.into(),
                got_player.into(),
            ));
        }
    }
    Ok(())
}

/// Checks the statistics and the hash of a tick record (`tick` lines and micro `after` entries).
fn compare_tick(
    state: &State,
    tick: &Value,
    trace: &str,
    iteration: u64,
    with_stats: bool,
) -> Result<(), ReplayError> {
    let mismatch = |field: &str, expected: String, got: String| {
        ReplayError::from(Mismatch {
            trace: trace.to_owned(),
            step: iteration,
            field: field.to_owned(),
            expected,
            got,
        })
    };
    if let Some(n) = tick.get("n").and_then(Value::as_u64)
        && n != state.clouds().len() as u64
    {
        return Err(mismatch(
            "n",
            n.to_string(),
            state.clouds().len().to_string(),
        ));
    }
    let hash = text(tick, "hash", trace)?;
    let ours = format!("{:016x}", state.float_hash());
    if hash != ours {
        return Err(mismatch("hash", hash.to_owned(), ours));
    }
    if with_stats {
        let wv = num(tick, "worldVapor", trace)?;
        if wv.to_bits() != state.world_vapor().to_bits() {
            return Err(mismatch(
                "worldVapor",
                format!("{wv:?}"),
                format!("{:?}", state.world_vapor()),
            ));
        }
        let alive = int(tick, "alive", trace)?;
        if alive != i64::from(state.alive()) {
            return Err(mismatch(
                "alive",
                alive.to_string(),
                state.alive().to_string(),
            ));
        }
        let win = tick.get("win").and_then(Value::as_bool).unwrap_or(false);
        if win != state.win_condition() {
            return Err(mismatch(
                "win",
                win.to_string(),
                state.win_condition().to_string(),
            ));
        }
        let leader = text(tick, "leader", trace)?;
        if leader != state.leader_name() {
            return Err(mismatch(
                "leader",
                leader.into(),
                state.leader_name().into(),
            ));
        }
    }
    Ok(())
}

/// Plays a scenario's `commands` on `state` through `iterations` updates, without a trace to
/// check against: before update `i`, the commands of `at == i` at the head of the list, in
/// order, each by the first cloud of its player's name. A command the rules refuse, or whose
/// player has no cloud left, changes nothing (the recorded `ok` is not consulted:
/// [`replay_scenario`] checks it). The list is taken in its order, as the scenario runner's
/// files list it: a command whose `at` has passed stops the ones after it. `after_update`
/// sees the state after each update (the replay pages' frames).
pub fn play_commands(
    game: &Game,
    state: &mut State,
    commands: &[ScenarioCommand],
    iterations: u64,
    mut after_update: impl FnMut(&State),
) {
    let mut next = 0;
    for iter in 0..iterations {
        while let Some(cmd) = commands.get(next).filter(|c| c.at == iter) {
            if let Some(id) = state.player_by_name(&cmd.player) {
                let _ = game.apply(state, id, cmd.action);
            }
            next += 1;
        }
        game.update(state);
        after_update(state);
    }
}

/// Replays a scenario against its trace (the `.trace.jsonl` text).
pub fn replay_scenario(scenario: &Scenario, trace: &str) -> Result<Summary, ReplayError> {
    let t = scenario.name.as_str();
    if scenario.iterations > MAX_SCENARIO_ITERATIONS {
        return Err(ReplayError::Limit {
            trace: t.to_owned(),
            field: "iterations",
            value: scenario.iterations.to_string(),
            limit: MAX_SCENARIO_ITERATIONS,
        });
    }
    let game = Game::new(scenario.config).map_err(|e| bad(t, "config", e.to_string()))?;
    let mut state = game
        .world_from_clouds(&scenario.clouds, 0)
        .map_err(|e| bad(t, "clouds", e.to_string()))?;
    // Keyed by iteration: memory follows the trace's size, not the declared iteration count.
    let mut ticks: HashMap<u64, Value> = HashMap::new();
    let mut states: HashMap<u64, Value> = HashMap::new();
    for line in trace.lines().filter(|l| !l.trim().is_empty()) {
        let mut v: Value =
            serde_json::from_str(line).map_err(|e| bad(t, "trace line", e.to_string()))?;
        let iter = v.get("iter").and_then(Value::as_u64).unwrap_or(0);
        if iter > scenario.iterations {
            continue;
        }
        match v.get("type").and_then(Value::as_str) {
            Some("tick") => {
                ticks.insert(iter, v);
            }
            Some("state") => {
                if let Some(clouds) = v.get_mut("clouds") {
                    states.insert(iter, clouds.take());
                }
            }
            _ => {}
        }
    }
    let mut summary = Summary {
        traces: 1,
        ..Summary::default()
    };
    let mut next_command = 0;
    for iter in 0..=scenario.iterations {
        let tick = ticks
            .get(&iter)
            .ok_or_else(|| bad(t, format!("tick {iter}"), "missing"))?;
        compare_tick(&state, tick, t, iter, iter > 0)?;
        if let Some(clouds) = states.get(&iter) {
            compare_clouds(&state, clouds, t, iter)?;
            summary.states += 1;
        }
        if iter == scenario.iterations {
            break;
        }
        while let Some(cmd) = scenario.commands.get(next_command).filter(|c| c.at == iter) {
            apply_recorded(&game, &mut state, &cmd.player, cmd.action, cmd.ok, t, iter)?;
            summary.commands += 1;
            next_command += 1;
        }
        game.update(&mut state);
        summary.iterations += 1;
    }
    Ok(summary)
}

/// Replays every case of `micro_cases.json`.
pub fn replay_micro_cases(json: &str) -> Result<Summary, ReplayError> {
    let cases: Value =
        serde_json::from_str(json).map_err(|e| bad("micro_cases", "json", e.to_string()))?;
    let cases = cases
        .as_array()
        .ok_or_else(|| bad("micro_cases", "array", "not an array"))?;
    let mut summary = Summary::default();
    for case in cases {
        summary += replay_micro_case(case)?;
    }
    Ok(summary)
}

fn rows_to_specs(rows: &Value, t: &str) -> Result<Vec<CloudSpec>, ReplayError> {
    let rows = rows
        .as_array()
        .ok_or_else(|| bad(t, "before", "not an array"))?;
    if rows.len() > MAX_MICRO_CLOUDS {
        return Err(ReplayError::Limit {
            trace: t.to_owned(),
            field: "before",
            value: rows.len().to_string(),
            limit: MAX_MICRO_CLOUDS as u64,
        });
    }
    let mut specs = Vec::with_capacity(rows.len());
    for row in rows {
        let f = |k: usize| {
            row.get(k)
                .and_then(Value::as_f64)
                .map(|x| x as f32)
                .ok_or_else(|| bad(t, "cloud row", row.to_string()))
        };
        let s = |k: usize| row.get(k).and_then(Value::as_str).unwrap_or("");
        specs.push(CloudSpec {
            pos: Vec2::new(f(0)?, f(1)?),
            vel: Vec2::new(f(2)?, f(3)?),
            vapor: f(4)?,
            player: player_of(s(5), s(6), t)?,
        });
    }
    Ok(specs)
}

fn replay_micro_case(case: &Value) -> Result<Summary, ReplayError> {
    let t = text(case, "name", "micro case")?;
    let config = Config {
        width: int32(case, "width", t)?,
        height: int32(case, "height", t)?,
        game_speed: int32(case, "gameSpeed", t)?,
        sim_speed_up: 1,
    };
    let game = Game::new(config).map_err(|e| bad(t, "config", e.to_string()))?;
    let before = case
        .get("before")
        .ok_or_else(|| bad(t, "before", "missing"))?;
    let mut state = game
        .world_from_clouds(&rows_to_specs(before, t)?, 0)
        .map_err(|e| bad(t, "before", e.to_string()))?;
    let mut summary = Summary {
        traces: 1,
        ..Summary::default()
    };
    for cmd in case
        .get("commands")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let ok = cmd.get("ok").and_then(Value::as_bool).unwrap_or(false);
        apply_recorded(
            &game,
            &mut state,
            text(cmd, "player", t)?,
            parse_action(cmd, t)?,
            ok,
            t,
            0,
        )?;
        summary.commands += 1;
    }
    if let Some(after_commands) = case.get("afterCommands") {
        compare_clouds(&state, after_commands, t, 0)?;
        summary.states += 1;
    }
    for after in case
        .get("after")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let iter = count(after, "iter", MAX_MICRO_ITERATIONS, t)?;
        while state.iteration() < iter {
            game.update(&mut state);
            summary.iterations += 1;
        }
        compare_tick(&state, after, t, iter, true)?;
        if let Some(clouds) = after.get("clouds") {
            compare_clouds(&state, clouds, t, iter)?;
            summary.states += 1;
        }
    }
    Ok(summary)
}

/// Checks `kill_ring_vectors.json` against [`Game::kill_ring`]; returns how many vectors matched.
pub fn check_kill_ring(json: &str) -> Result<usize, ReplayError> {
    let v: Value =
        serde_json::from_str(json).map_err(|e| bad("kill_ring", "json", e.to_string()))?;
    let ring = crate::rules::kill_ring_vectors();
    let rows = v
        .as_array()
        .ok_or_else(|| bad("kill_ring", "array", "not an array"))?;
    if rows.len() != ring.len() {
        return Err(bad("kill_ring", "length", rows.len().to_string()));
    }
    for (i, (row, ours)) in rows.iter().zip(ring).enumerate() {
        let want = Vec2::new(
            hex_f32(row.get("xbits")).ok_or_else(|| bad("kill_ring", "xbits", row.to_string()))?,
            hex_f32(row.get("ybits")).ok_or_else(|| bad("kill_ring", "ybits", row.to_string()))?,
        );
        if want.to_bits() != ours.to_bits() {
            return Err(ReplayError::from(Mismatch {
                trace: "kill_ring_vectors".into(),
                step: 0,
                field: format!("vector {i} (angle {})", i * 10),
                expected: format!("{want:?}"),
                got: format!("{ours:?}"),
            }));
        }
    }
    Ok(rows.len())
}

/// Replays golden files, as `play verify cloudwars FILE...` does: a `*.scenario.json` with the
/// `*.trace.jsonl` beside it (either may be named), `micro_cases.json` and
/// `kill_ring_vectors.json`. Each file is at most [`MAX_FILE_BYTES`] (checked before reading).
///
/// Returns what was checked (scenarios and micro cases are traces, the kill-ring file counts
/// as one; updates are steps), or the first mismatch, unreadable file or exceeded limit. Files
/// that hold no trace at all (`[]` as micro cases, no file) are [`VerifyError::Empty`].
pub fn verify_files<P: AsRef<Path>>(files: &[P]) -> Result<ReplaySummary, VerifyError> {
    let mut scenarios = Summary::default();
    let mut micro = Summary::default();
    let mut ring = 0;
    let mut ring_files = 0;
    for file in files {
        let path = file.as_ref();
        let name = path.to_string_lossy();
        let failed = |e: ReplayError| match e {
            ReplayError::Mismatch(m) => VerifyError::Mismatch(m),
            other => VerifyError::Format {
                path: path.to_owned(),
                message: other.to_string(),
            },
        };
        if let Some(stem) = name
            .strip_suffix(".scenario.json")
            .or_else(|| name.strip_suffix(".trace.jsonl"))
        {
            let scenario_path = PathBuf::from(format!("{stem}.scenario.json"));
            let scenario = Scenario::parse(&read_limited(&scenario_path)?).map_err(failed)?;
            let trace = read_limited(Path::new(&format!("{stem}.trace.jsonl")))?;
            scenarios += replay_scenario(&scenario, &trace).map_err(failed)?;
        } else if name.ends_with("micro_cases.json") {
            micro += replay_micro_cases(&read_limited(path)?).map_err(failed)?;
        } else if name.ends_with("kill_ring_vectors.json") {
            ring += check_kill_ring(&read_limited(path)?).map_err(failed)?;
            ring_files += 1;
        } else {
            return Err(VerifyError::Format {
                path: path.to_owned(),
                message: "not a cloudwars golden file (*.scenario.json, *.trace.jsonl, \
                          micro_cases.json, kill_ring_vectors.json)"
                    .into(),
            });
        }
    }
    let traces = (scenarios.traces + micro.traces + ring_files) as u64;
    if traces == 0 {
        let paths: Vec<String> = files
            .iter()
            .map(|f| f.as_ref().display().to_string())
            .collect();
        return Err(VerifyError::Empty {
            paths: if paths.is_empty() {
                "no files".into()
            } else {
                paths.join(", ")
            },
        });
    }
    Ok(ReplaySummary {
        game: "cloudwars".into(),
        traces,
        steps: scenarios.iterations + micro.iterations,
        step_name: "updates".into(),
        notes: vec![format!(
            "{} scenarios ({} states, {} commands), {} micro cases, {ring} kill-ring vectors",
            scenarios.traces, scenarios.states, scenarios.commands, micro.traces
        )],
    })
}

/// Reads a file of at most [`MAX_FILE_BYTES`] ([`VerifyError::TooLarge`] beyond, counted as it is
/// read).
fn read_limited(path: &Path) -> Result<String, VerifyError> {
    pathfind::replay::read_limited(path, MAX_FILE_BYTES)
}

/// The one-line summary: `conformance: cloudwars: N scenarios, M iterations, ... all match`.
pub fn summary_line(scenarios: &Summary, micro: &Summary, ring: usize) -> String {
    format!(
        "conformance: cloudwars: {} scenarios, {} iterations ({} states, {} commands), {} micro cases ({} updates), {} kill-ring vectors, all match",
        scenarios.traces,
        scenarios.iterations,
        scenarios.states,
        scenarios.commands,
        micro.traces,
        micro.iterations,
        ring
    )
}
