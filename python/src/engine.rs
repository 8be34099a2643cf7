//! The generic half of every game module: what a game must give ([`Engine`]), and the checks and
//! conversions every module's Python methods share, written once over the game contract
//! ([`pathfind::tree::Game`]).

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use contest_engines_json::{FromJson, ToJson};
use pathfind::replay::{Summary, VerifyError};
use pathfind::tree::{self, Determinize, InvalidState, Moves, PlayerSet};
use pyo3::prelude::*;

use crate::EngineError;

/// A game the Python package wraps: the contract and its tensors ([`tree::Tensor`], for the
/// numpy arrays and the environments), with JSON forms for its states, actions, observations
/// and outcomes (from [`contest_engines_json`], built apart), safe to share across threads
/// (searches run with the GIL released).
pub trait Engine:
    tree::Tensor
    + tree::Game<
        State: ToJson + FromJson + Send + Sync,
        Action: ToJson + FromJson + Send + Sync,
        Observation: ToJson,
        Outcome: ToJson,
    > + Send
    + Sync
    + Sized
    + 'static
{
    /// The module's name (`tron3d`).
    const NAME: &'static str;

    /// The game from its geometry (`board`: a shipped name or index, or a file's text; `None`:
    /// the default) and a config (a JSON object of the fields that differ from the default).
    fn build(board: Option<&str>, config: Option<serde_json::Value>) -> Result<Self, String>;

    /// Each player's score so far, in the game's units (`arena::Playable::current_scores`).
    fn scores_now(&self, state: &Self::State) -> Vec<f64>;

    /// Appends an SVG picture of `state` to `out` (`arena::Playable::render_svg`).
    fn svg(&self, state: &Self::State, out: &mut String);

    /// Writes the replay page of `states` to `path` (`arena::viewer::write_html`); answers the
    /// number of frames.
    fn replay_page(
        &self,
        path: &std::path::Path,
        names: &[String],
        states: &[&Self::State],
        options: &arena::viewer::ViewerOptions,
    ) -> Result<usize, String>;

    /// Replays recordings of the original program (the crate's `replay::verify_files`).
    fn verify(paths: &[PathBuf]) -> Result<Summary, VerifyError>;

    /// The game information-set search runs on: the game itself where it hides information
    /// (it implements [`Determinize`]), [`Perfect`] around it where it does not.
    type Hidden: Determinize<State = Self::State, Action = Self::Action> + Send + Sync;

    /// The game `Hidden` wraps, and `player`'s belief in `state`.
    fn hidden(game: &Arc<Self>) -> HiddenGame<'_, Self>;

    /// What `player` knows of `state`, as IS-MCTS takes it.
    fn belief(
        game: &Self,
        state: &Self::State,
        player: usize,
    ) -> <Self::Hidden as Determinize>::Belief;
}

/// The game IS-MCTS searches: borrowed where the game is its own [`Determinize`], owned where
/// it is a [`Perfect`] wrapper.
pub enum HiddenGame<'a, G: Engine> {
    /// The game itself.
    Borrowed(&'a G::Hidden),
    /// A wrapper made for the call.
    Owned(G::Hidden),
}

impl<G: Engine> HiddenGame<'_, G> {
    pub fn get(&self) -> &G::Hidden {
        match self {
            HiddenGame::Borrowed(game) => game,
            HiddenGame::Owned(game) => game,
        }
    }
}

/// A perfect-information game seen as a game with hidden information whose belief is the state
/// itself: every determinization is the state, so IS-MCTS runs on it as plain (decoupled) UCT
/// over the same tree code, for a bot that wants one search for every game.
pub struct Perfect<G>(pub Arc<G>);

impl<G: tree::Game> tree::Game for Perfect<G> {
    type State = G::State;
    type Action = G::Action;
    type Events = G::Events;
    type Outcome = G::Outcome;
    type Observation = G::Observation;

    fn moves(&self) -> Moves {
        self.0.moves()
    }
    fn players(&self) -> usize {
        self.0.players()
    }
    fn initial_state(&self, seed: u64) -> G::State {
        self.0.initial_state(seed)
    }
    fn to_move(&self, state: &G::State) -> PlayerSet {
        self.0.to_move(state)
    }
    fn legal_actions(&self, state: &G::State, player: usize, buf: &mut Vec<G::Action>) {
        self.0.legal_actions(state, player, buf)
    }
    fn advance(&self, state: &mut G::State, actions: &[G::Action]) -> G::Events {
        self.0.advance(state, actions)
    }
    fn step(&self, state: &G::State, actions: &[G::Action]) -> G::State {
        self.0.step(state, actions)
    }
    fn is_terminal(&self, state: &G::State) -> bool {
        self.0.is_terminal(state)
    }
    fn outcome(&self, state: &G::State) -> Option<G::Outcome> {
        self.0.outcome(state)
    }
    fn returns(&self, state: &G::State, out: &mut [f64]) {
        self.0.returns(state, out)
    }
    fn observe(&self, state: &G::State, player: usize) -> G::Observation {
        self.0.observe(state, player)
    }
    fn validate(&self, state: &G::State) -> Result<(), InvalidState> {
        self.0.validate(state)
    }
}

impl<G: tree::Game> Determinize for Perfect<G> {
    type Belief = G::State;

    fn sample_state(
        &self,
        belief: &G::State,
        _player: usize,
        _rng: &mut dyn rand::RngCore,
    ) -> G::State {
        belief.clone()
    }
}

/// A fresh id per game built, so that a state knows which game made (or validated) it: a state
/// handed to another game of the same kind is validated against that game first, since its
/// vertices, cells or players may be out of that game's range.
pub fn next_game_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// A Rust error as the package's exception, with its message.
pub fn error(message: impl std::fmt::Display) -> PyErr {
    EngineError::new_err(message.to_string())
}

/// An integer argument as Python gave it, however large: every integer argument of the package
/// goes through it, so that a value out of its range raises [`EngineError`] naming the argument
/// and the range (PyO3's own `u64` or `i64` would raise a bare `OverflowError` for `2**64` or
/// `2**63`, a different exception from the one `-1` or `64` raise), and a value that is no
/// integer raises `EngineTypeError` (an `EngineError` and a `TypeError`). Anything with
/// `__index__` is an integer (numpy's integers, `bool`); beyond 128 bits the value saturates,
/// which is outside every range the package has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Int(pub i128);

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Int> {
        if let Ok(value) = obj.extract::<i64>() {
            return Ok(Int(value.into()));
        }
        let py = obj.py();
        match obj.extract::<i128>() {
            Ok(value) => Ok(Int(value)),
            Err(e) if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(py) => {
                let negative = obj.lt(0i32)?;
                Ok(Int(if negative { i128::MIN } else { i128::MAX }))
            }
            Err(_) => Err(crate::type_error(
                py,
                format!(
                    "expected an integer, got {}",
                    obj.get_type()
                        .name()
                        .map_or_else(|_| "an object".to_string(), |n| n.to_string())
                ),
            )),
        }
    }
}

impl std::fmt::Display for Int {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            i128::MAX => f.write_str("2**127 or more"),
            i128::MIN => f.write_str("-2**127 or less"),
            v => write!(f, "{v}"),
        }
    }
}

impl Int {
    /// The value as `T`, or an `EngineError` "`what` `value` out of range: `range`".
    pub fn get<T: TryFrom<i128>>(self, what: &str, range: impl std::fmt::Display) -> PyResult<T> {
        T::try_from(self.0).map_err(|_| error(format!("{what} {self} out of range: {range}")))
    }
}

/// A seed: a whole number in `0..2**64`, refused beyond (never wrapped, never a bare
/// `OverflowError`).
pub fn seed(seed: Int) -> PyResult<u64> {
    seed.get("seed", "a seed is a whole number in 0..2**64")
}

/// `player` checked against the game's players.
pub fn check_player<G: Engine>(game: &G, player: Int) -> PyResult<usize> {
    match usize::try_from(player.0) {
        Ok(p) if p < game.players() => Ok(p),
        _ => Err(error(format!(
            "player {player} out of range: {} has players 0..{}",
            G::NAME,
            game.players()
        ))),
    }
}

/// A JSON value from a Python object: a `str` is parsed as JSON text, anything else goes through
/// `json.dumps` (dicts, lists, numbers).
pub fn json_value(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<serde_json::Value> {
    let text: String = match value.extract::<String>() {
        Ok(text) => text,
        Err(_) => py
            .import("json")?
            .getattr("dumps")?
            .call1((value,))?
            .extract()?,
    };
    serde_json::from_str(&text).map_err(|e| error(format!("malformed JSON: {e}")))
}

/// A Rust value as plain Python data (dicts, lists, numbers, strings) through its JSON form.
pub fn to_python<T: ToJson>(py: Python<'_>, value: &T) -> PyResult<Py<PyAny>> {
    let text = value.to_json().map_err(error)?;
    Ok(py
        .import("json")?
        .getattr("loads")?
        .call1((text,))?
        .unbind())
}

/// `config` laid over `default`: the fields the caller names replace the default's, the others
/// stay, so `{"nb_rounds": 50}` is a whole config.
pub fn overlay<C: ToJson + FromJson>(
    default: C,
    config: Option<serde_json::Value>,
) -> Result<C, String> {
    let Some(config) = config else {
        return Ok(default);
    };
    let mut value: serde_json::Value =
        serde_json::from_str(&default.to_json()?).map_err(|e| format!("config: {e}"))?;
    match (&mut value, config) {
        (serde_json::Value::Object(base), serde_json::Value::Object(fields)) => {
            for (key, field) in fields {
                if !base.contains_key(&key) {
                    let known: Vec<&str> = base.keys().map(String::as_str).collect();
                    return Err(format!(
                        "unknown config field {key:?} (the fields: {})",
                        known.join(", ")
                    ));
                }
                base.insert(key, field);
            }
        }
        (_, other) => return Err(format!("config must be a JSON object, got {other}")),
    }
    C::from_json(&value.to_string()).map_err(|e| format!("config: {e}"))
}

/// The state `game` may use: `state` itself when `game` made or validated it, else after
/// [`tree::Game::validate`] against `game`.
pub fn checked_state<G: Engine>(
    game: &G,
    game_id: u64,
    state_game: u64,
    state: &G::State,
) -> PyResult<()> {
    if game_id == state_game {
        return Ok(());
    }
    game.validate(state).map_err(|e| {
        error(format!(
            "the state was made by another {} game and does not fit this one: {e}",
            G::NAME
        ))
    })
}

/// A state from its JSON text, validated against `game`.
pub fn state_from_json<G: Engine>(game: &G, text: &str) -> PyResult<G::State> {
    let state = G::State::from_json(text)
        .map_err(|e| error(format!("malformed {} state JSON: {e}", G::NAME)))?;
    game.validate(&state).map_err(error)?;
    Ok(state)
}

/// The joint action of `actions` for `state`: one per player to move, each legal for its player
/// unless `check` is off (then the crate's own handling of illegal actions applies).
pub fn check_joint<G: Engine>(
    game: &G,
    state: &G::State,
    actions: &[&G::Action],
    check: bool,
) -> PyResult<Vec<G::Action>> {
    let movers = game.to_move(state);
    if actions.len() != movers.len() {
        return Err(error(format!(
            "{} actions given, but {} player(s) are to move ({:?}): one action per player in \
             to_move(state), in increasing player order",
            actions.len(),
            movers.len(),
            movers.iter().collect::<Vec<_>>()
        )));
    }
    if check {
        let mut legal = Vec::new();
        for (player, action) in movers.iter().zip(actions) {
            game.legal_actions(state, player, &mut legal);
            if !legal.contains(action) {
                return Err(error(format!(
                    "illegal action for player {player}: {action:?} (legal_actions lists {} \
                     action(s); pass check=False for the game's own handling)",
                    legal.len()
                )));
            }
        }
    }
    Ok(actions.iter().map(|a| (*a).clone()).collect())
}

/// What an outcome tells Python: places, scores and the crate's own outcome.
pub fn outcome_to_python<G: Engine>(py: Python<'_>, outcome: &G::Outcome) -> PyResult<Py<PyAny>> {
    use tree::Outcome as _;
    let dict = pyo3::types::PyDict::new(py);
    dict.set_item("ranks", outcome.ranks())?;
    dict.set_item("scores", outcome.scores())?;
    dict.set_item("detail", to_python(py, outcome)?)?;
    Ok(dict.into_any().unbind())
}

/// A summary of a replay as Python data.
pub fn summary_to_python(py: Python<'_>, summary: &Summary) -> PyResult<Py<PyAny>> {
    let dict = pyo3::types::PyDict::new(py);
    dict.set_item("game", &summary.game)?;
    dict.set_item("traces", summary.traces)?;
    dict.set_item("steps", summary.steps)?;
    dict.set_item("step_name", &summary.step_name)?;
    dict.set_item("notes", summary.notes.clone())?;
    dict.set_item("line", summary.to_string())?;
    Ok(dict.into_any().unbind())
}

/// A game played in Rust alone (see `Game._rust_playout`): the indices of the legal actions
/// taken at each step, and the final state.
pub fn rust_playout<G: Engine>(
    game: &G,
    seed: u64,
    steps: u32,
    choice_seed: u64,
) -> (Vec<Vec<usize>>, G::State) {
    let mut rng = choice_seed;
    let mut next = move || {
        // SplitMix64: a few lines the Python side does not need to repeat (it gets the indices).
        rng = rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut state = game.initial_state(seed);
    let mut taken = Vec::new();
    let mut legal = Vec::new();
    for _ in 0..steps {
        if game.is_terminal(&state) {
            break;
        }
        let mut indices = Vec::new();
        let mut joint = Vec::new();
        for player in game.to_move(&state) {
            game.legal_actions(&state, player, &mut legal);
            if legal.is_empty() {
                break; // a contract breach; the Python replay would meet it too
            }
            let i = (next() % legal.len() as u64) as usize;
            indices.push(i);
            joint.push(legal[i].clone());
        }
        state = game.step(&state, &joint);
        taken.push(indices);
    }
    (taken, state)
}

/// Python's keywords, which cannot name a keyword argument.
const PYTHON_KEYWORDS: [&str; 35] = [
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

/// Whether `key` can be a keyword argument's name.
fn is_identifier(key: &str) -> bool {
    let mut chars = key.chars();
    chars
        .next()
        .is_some_and(|c| c == '_' || c.is_ascii_alphabetic())
        && chars.all(|c| c == '_' || c.is_ascii_alphanumeric())
        && !PYTHON_KEYWORDS.contains(&key)
}

/// A JSON value as Python literal text: `True`, `False`, `None`, numbers, strings (JSON's
/// double-quoted form is a Python string literal too), lists and dicts.
pub fn python_literal(value: &serde_json::Value, out: &mut String) {
    use serde_json::Value;
    match value {
        Value::Null => out.push_str("None"),
        Value::Bool(true) => out.push_str("True"),
        Value::Bool(false) => out.push_str("False"),
        Value::Number(n) => out.push_str(&n.to_string()),
        Value::String(s) => out.push_str(&Value::String(s.clone()).to_string()),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                python_literal(item, out);
            }
            out.push(']');
        }
        Value::Object(fields) => {
            out.push('{');
            for (i, (key, item)) in fields.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&Value::String(key.clone()).to_string());
                out.push_str(": ");
                python_literal(item, out);
            }
            out.push('}');
        }
    }
}

/// The `repr` of an action: Python text that makes it again, `<game>.Action(<its serde data>)`,
/// with a struct's fields as keyword arguments (`tron3d.Action(moves=[{"bike": 0, ...}])`,
/// `cloudwars.Action("Wait")`, `tictactoe.Action(4)`).
pub fn action_repr<G: Engine>(action: &G::Action) -> String {
    let mut out = format!("{}.Action(", G::NAME);
    let value = action.to_json().and_then(|text| {
        serde_json::from_str::<serde_json::Value>(&text).map_err(|e| e.to_string())
    });
    match value {
        Ok(serde_json::Value::Object(fields))
            if !fields.is_empty() && fields.keys().all(|k| is_identifier(k)) =>
        {
            for (i, (key, item)) in fields.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(key);
                out.push('=');
                python_literal(item, &mut out);
            }
        }
        Ok(value) => python_literal(&value, &mut out),
        Err(e) => out.push_str(&format!("<unserialisable: {e}>")),
    }
    out.push(')');
    out
}

/// An action from Python data (its serde form: what `Action.to_data` answers), through
/// `json.dumps`.
pub fn action_from_data<G: Engine>(py: Python<'_>, data: &Bound<'_, PyAny>) -> PyResult<G::Action> {
    let text: String = py
        .import("json")?
        .getattr("dumps")?
        .call1((data,))
        .map_err(|e| {
            crate::type_error(py, format!("{} action data: not JSON data ({e})", G::NAME))
        })?
        .extract()?;
    G::Action::from_json(&text)
        .map_err(|e| error(format!("not a {} action: {e} (data {text})", G::NAME)))
}
