//! The Python classes of one game module (`Game`, `State`, `Action`, `Search`) and its `verify`,
//! generated for each game by [`game_module!`]: PyO3 classes cannot be generic, so the macro
//! writes the thin per-game shims and every method body calls the generic code in
//! [`crate::engine`] and [`crate::search`].

/// Writes `pub mod $module` with the classes of the game `$game` (an [`Engine`](crate::engine::Engine));
/// `$path` is the Python module that re-exports them (`"contest_engines.tron3d"`), which pickle
/// finds the classes by.
macro_rules! game_module {
    ($module:ident, $path:tt, $game:ty) => {
        // PyO3's expansion of `__eq__` inside a `macro_rules!` body calls its own unsafe
        // trampoline without an `unsafe` block of the caller's edition (a span quirk of
        // generated code): the lint is about code this crate does not write.
        #[allow(unsafe_op_in_unsafe_fn)]
        pub mod $module {
            use std::sync::Arc;

            use pathfind::tree::{Game as Contract, Moves, Tensor};
            use numpy::PyArrayMethods;
            use pyo3::prelude::*;
            use pyo3::types::PyModule;

            use contest_engines_json::{FromJson, ToJson};

            use crate::engine::{self, Engine, Int, error};

            type G = $game;
            type RustState = <G as pathfind::tree::Game>::State;
            type RustAction = <G as pathfind::tree::Game>::Action;

            /// The game: its rules, geometry and tables, shared by every state and search made
            /// from it. `Game(board=None, config=None)`; see the module docs for `board`, and
            /// `config` is a dict (or JSON text) of the config fields that differ from the
            /// default.
            #[pyclass(name = "Game", module = $path, frozen)]
            pub struct Game {
                pub(crate) inner: Arc<G>,
                pub(crate) id: u64,
                /// What it was made from (`board` as text, `config` as JSON text): pickling
                /// makes it again from them.
                board: Option<String>,
                config: Option<String>,
            }

            /// A state of the game: a plain value, cheap to copy (`copy()`, `copy.copy`).
            #[pyclass(name = "State", module = $path)]
            pub struct State {
                pub(crate) inner: RustState,
                /// The game that made or validated it.
                pub(crate) game: u64,
            }

            /// One player's action for one step, as `legal_actions` lists them (or read from
            /// JSON with `Action.from_json`).
            #[pyclass(name = "Action", module = $path, frozen)]
            pub struct Action {
                pub(crate) inner: RustAction,
            }

            /// A search of `pathfind::tree` bound to one game, keeping its tree arena between
            /// decisions (made by `Game.search`, or by the package's `Uct(...)` and friends).
            #[pyclass(name = "Search", module = $path)]
            pub struct Search {
                inner: crate::search::Search<G>,
                game: Arc<G>,
                game_id: u64,
                kind: &'static str,
            }

            impl Game {
                fn state<'a>(&self, state: &'a State) -> PyResult<&'a RustState> {
                    engine::checked_state(&*self.inner, self.id, state.game, &state.inner)?;
                    Ok(&state.inner)
                }

                fn wrap(&self, inner: RustState) -> State {
                    State {
                        inner,
                        game: self.id,
                    }
                }
            }

            #[pymethods]
            impl Game {
                #[new]
                #[pyo3(signature = (board = None, config = None))]
                fn new(
                    py: Python<'_>,
                    board: Option<&Bound<'_, PyAny>>,
                    config: Option<&Bound<'_, PyAny>>,
                ) -> PyResult<Game> {
                    let board = board.map(|b| b.str()).transpose()?;
                    let board = board
                        .as_ref()
                        .map(|b| b.to_cow().map(|b| b.into_owned()))
                        .transpose()?;
                    let config = config.map(|c| engine::json_value(py, c)).transpose()?;
                    let config_text = config.as_ref().map(|c| c.to_string());
                    let inner = G::build(board.as_deref(), config).map_err(error)?;
                    Ok(Game {
                        inner: Arc::new(inner),
                        id: engine::next_game_id(),
                        board,
                        config: config_text,
                    })
                }

                /// Pickling: the game is made again from its `board` and `config` (the same
                /// game: its construction is deterministic). States pickle on their own.
                fn __reduce__<'py>(
                    slf: &Bound<'py, Self>,
                ) -> PyResult<(Bound<'py, PyAny>, (Option<String>, Option<String>))> {
                    let game = slf.get();
                    Ok((
                        slf.get_type().into_any(),
                        (game.board.clone(), game.config.clone()),
                    ))
                }

                /// A game is immutable: its copy is itself (and its states stay its own).
                fn __copy__(slf: Py<Self>) -> Py<Self> {
                    slf
                }

                fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
                    slf
                }

                /// The game's name (`"tron3d"`).
                #[getter]
                fn name(&self) -> &'static str {
                    <G as Engine>::NAME
                }

                /// The number of players, numbered `0..players`.
                #[getter]
                fn players(&self) -> usize {
                    Contract::players(&*self.inner)
                }

                /// `"simultaneous"` (every live player acts in every step) or `"alternating"`.
                #[getter]
                fn moves(&self) -> &'static str {
                    match Contract::moves(&*self.inner) {
                        Moves::Simultaneous => "simultaneous",
                        Moves::Alternating => "alternating",
                    }
                }

                /// The state at the start of a game; the same seed gives the same state. A seed
                /// is a whole number in `0..2**64`.
                fn initial_state(&self, seed: Int) -> PyResult<State> {
                    let seed = engine::seed(seed)?;
                    Ok(self.wrap(Contract::initial_state(&*self.inner, seed)))
                }

                /// The players who act in `state`, in increasing order (empty once it is over).
                fn to_move(&self, state: PyRef<'_, State>) -> PyResult<Vec<usize>> {
                    let state = self.state(&state)?;
                    Ok(Contract::to_move(&*self.inner, state).iter().collect())
                }

                /// `player`'s legal actions in `state`, in the game's order (empty for a player
                /// not to move).
                fn legal_actions(
                    &self,
                    state: PyRef<'_, State>,
                    player: Int,
                ) -> PyResult<Vec<Action>> {
                    let player = engine::check_player(&*self.inner, player)?;
                    let state = self.state(&state)?;
                    let mut buf = Vec::new();
                    Contract::legal_actions(&*self.inner, state, player, &mut buf);
                    Ok(buf.into_iter().map(|inner| Action { inner }).collect())
                }

                /// The next state: `actions[i]` is the action of the `i`-th player of
                /// `to_move(state)`. With `check` (the default) every action must be one of its
                /// player's legal actions; without, the game's own handling of an illegal action
                /// applies. `state` is not changed.
                #[pyo3(signature = (state, actions, check = true))]
                fn step(
                    &self,
                    state: PyRef<'_, State>,
                    actions: Vec<PyRef<'_, Action>>,
                    check: bool,
                ) -> PyResult<State> {
                    let state = self.state(&state)?;
                    let actions: Vec<&RustAction> = actions.iter().map(|a| &a.inner).collect();
                    let joint = engine::check_joint(&*self.inner, state, &actions, check)?;
                    Ok(self.wrap(Contract::step(&*self.inner, state, &joint)))
                }

                /// `step` in place: `state` becomes the next state.
                #[pyo3(signature = (state, actions, check = true))]
                fn advance(
                    &self,
                    mut state: PyRefMut<'_, State>,
                    actions: Vec<PyRef<'_, Action>>,
                    check: bool,
                ) -> PyResult<()> {
                    self.state(&state)?;
                    let actions: Vec<&RustAction> = actions.iter().map(|a| &a.inner).collect();
                    let joint = engine::check_joint(&*self.inner, &state.inner, &actions, check)?;
                    Contract::advance(&*self.inner, &mut state.inner, &joint);
                    state.game = self.id;
                    Ok(())
                }

                /// Whether the game is over (every limit included).
                fn is_terminal(&self, state: PyRef<'_, State>) -> PyResult<bool> {
                    Ok(Contract::is_terminal(&*self.inner, self.state(&state)?))
                }

                /// `None` while the game runs; then a dict: `ranks` (1-based places, ties
                /// share the better place), `scores` (in the game's units) and `detail` (the
                /// crate's `Outcome`).
                fn outcome(
                    &self,
                    py: Python<'_>,
                    state: PyRef<'_, State>,
                ) -> PyResult<Option<Py<PyAny>>> {
                    match Contract::outcome(&*self.inner, self.state(&state)?) {
                        Some(outcome) => Ok(Some(engine::outcome_to_python::<G>(py, &outcome)?)),
                        None => Ok(None),
                    }
                }

                /// One value per player in `[0, 1]`, higher is better: the outcome once the game
                /// is over, the game's estimate before.
                fn returns(&self, state: PyRef<'_, State>) -> PyResult<Vec<f64>> {
                    let state = self.state(&state)?;
                    let mut out = vec![0.0; Contract::players(&*self.inner)];
                    Contract::returns(&*self.inner, state, &mut out);
                    Ok(out)
                }

                /// What `player` is told about `state`, as plain Python data (the crate's
                /// `Observation` in its serde form).
                fn observe(
                    &self,
                    py: Python<'_>,
                    state: PyRef<'_, State>,
                    player: Int,
                ) -> PyResult<Py<PyAny>> {
                    let player = engine::check_player(&*self.inner, player)?;
                    let state = self.state(&state)?;
                    engine::to_python(py, &Contract::observe(&*self.inner, state, player))
                }

                /// Raises `EngineError` naming the first field of `state` out of this game's
                /// range (a state made by another game of the same kind).
                fn validate(&self, state: PyRef<'_, State>) -> PyResult<()> {
                    Contract::validate(&*self.inner, &state.inner).map_err(error)
                }

                /// A state from its JSON text (the crate's serde form), validated.
                fn state_from_json(&self, text: &str) -> PyResult<State> {
                    Ok(self.wrap(engine::state_from_json(&*self.inner, text)?))
                }

                /// The number of distinct actions of one player: action indices are
                /// `0..num_distinct_actions` in every state (the crate's `Tensor` docs say what
                /// each index means).
                #[getter]
                fn num_distinct_actions(&self) -> PyResult<usize> {
                    Ok(Tensor::num_distinct_actions(&*self.inner))
                }

                /// The shape of one player's observation tensor (planes first), the same in
                /// every state.
                #[getter]
                fn observation_shape<'py>(
                    &self,
                    py: Python<'py>,
                ) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
                    let shape = Tensor::observation_shape(&*self.inner);
                    pyo3::types::PyTuple::new(py, shape)
                }

                /// `player`'s observation of `state` as a new numpy `float32` array of
                /// `observation_shape`; it shows what `observe` tells the player, no more.
                fn observation_tensor<'py>(
                    &self,
                    py: Python<'py>,
                    state: PyRef<'_, State>,
                    player: Int,
                ) -> PyResult<Bound<'py, PyAny>> {
                    let player = engine::check_player(&*self.inner, player)?;
                    crate::tensor::observation(py, &*self.inner, self.state(&state)?, player)
                }

                /// `player`'s legal actions in `state` as a numpy `bool` array of
                /// `num_distinct_actions` (all false for a player not to move).
                fn legal_mask<'py>(
                    &self,
                    py: Python<'py>,
                    state: PyRef<'_, State>,
                    player: Int,
                ) -> PyResult<Bound<'py, PyAny>> {
                    let player = engine::check_player(&*self.inner, player)?;
                    crate::tensor::mask(py, &*self.inner, self.state(&state)?, player)
                }

                /// The index of `player`'s `action` in `state`, or `None` for an action
                /// outside the fixed action space.
                fn action_index(
                    &self,
                    state: PyRef<'_, State>,
                    player: Int,
                    action: PyRef<'_, Action>,
                ) -> PyResult<Option<usize>> {
                    let player = engine::check_player(&*self.inner, player)?;
                    Ok(Tensor::action_index(&*self.inner, self.state(&state)?, player, &action.inner))
                }

                /// The action of `index` for `player` in `state` (it need not be legal:
                /// `legal_mask` tells), or `None` when the index stands for nothing in this
                /// state. An index outside `0..num_distinct_actions` raises.
                fn index_action(
                    &self,
                    state: PyRef<'_, State>,
                    player: Int,
                    index: Int,
                ) -> PyResult<Option<Action>> {
                    let player = engine::check_player(&*self.inner, player)?;
                    let index = crate::tensor::check_index(&*self.inner, index)?;
                    Ok(Tensor::index_action(&*self.inner, self.state(&state)?, player, index)
                        .map(|inner| Action { inner }))
                }

                /// `step` from action indices: one per player of `to_move(state)`, in order,
                /// each allowed by its player's `legal_mask` (a sequence of integers, or one
                /// integer when one player is to move).
                fn step_indices(
                    &self,
                    state: PyRef<'_, State>,
                    indices: crate::tensor::Indices,
                ) -> PyResult<State> {
                    let state = self.state(&state)?;
                    let joint = crate::tensor::joint_of_indices(&*self.inner, state, &indices.0)?;
                    Ok(self.wrap(Contract::step(&*self.inner, state, &joint)))
                }

                /// `step_indices` in place: `state` becomes the next state. With
                /// `legal_indices`, the fast path of a playout from Python:
                /// `game.advance_indices(state, rng.choice(game.legal_indices(state)))`.
                fn advance_indices(
                    &self,
                    mut state: PyRefMut<'_, State>,
                    indices: crate::tensor::Indices,
                ) -> PyResult<()> {
                    self.state(&state)?;
                    let joint =
                        crate::tensor::joint_of_indices(&*self.inner, &state.inner, &indices.0)?;
                    Contract::advance(&*self.inner, &mut state.inner, &joint);
                    state.game = self.id;
                    Ok(())
                }

                /// `player`'s legal action indices in `state` as a list of ints, in increasing
                /// order: the true positions of `legal_mask`, without the numpy array. Without
                /// `player`, the one player to move (an alternating game's mover; empty once
                /// the game is over; an error when several players move at once).
                #[pyo3(signature = (state, player = None))]
                fn legal_indices(
                    &self,
                    state: PyRef<'_, State>,
                    player: Option<Int>,
                ) -> PyResult<Vec<usize>> {
                    let state = self.state(&state)?;
                    let player = match player {
                        Some(player) => engine::check_player(&*self.inner, player)?,
                        None => {
                            let movers = Contract::to_move(&*self.inner, state);
                            let mut it = movers.iter();
                            match (it.next(), it.next()) {
                                (None, _) => return Ok(Vec::new()),
                                (Some(p), None) => p,
                                (Some(_), Some(_)) => {
                                    return Err(error(format!(
                                        "legal_indices without a player: {} players are to move \
                                         ({:?}); name one",
                                        movers.len(),
                                        movers.iter().collect::<Vec<_>>()
                                    )));
                                }
                            }
                        }
                    };
                    Ok(crate::tensor::legal_indices(&*self.inner, state, player))
                }

                /// `num_envs` games stepped together from numpy arrays of action indices, in
                /// parallel with the GIL released, each restarting when it ends (see
                /// `VecEnv`): game `i` starts from seed `seed + i`, and its `k`-th next game
                /// from `seed + i + k·num_envs`. `max_steps` cuts a game (truncated) after that
                /// many steps. `observe=False` leaves the observations array zeros (the
                /// tensors are not computed: stepping then costs a tenth or less) until
                /// `write_observations()` writes them. `incremental=True` (for a game whose
                /// tensors support it, Tron3D: `VecEnv.incremental`) makes each step write
                /// only the cells of the observations that changed since the last step, and
                /// hands the observations array out read-only (it is the environment's record
                /// of what it wrote); `incremental=False` writes every tensor in full and
                /// leaves the array writable.
                #[pyo3(signature = (num_envs, seed = Int(0), max_steps = None, observe = true, incremental = true))]
                fn vector_env(
                    slf: &Bound<'_, Self>,
                    num_envs: Int,
                    seed: Int,
                    max_steps: Option<Int>,
                    observe: bool,
                    incremental: bool,
                ) -> PyResult<VecEnv> {
                    let py = slf.py();
                    let game = slf.get();
                    let num_envs: usize = num_envs.get("num_envs", "a whole number of at least 1")?;
                    let seed = engine::seed(seed)?;
                    let max_steps = max_steps
                        .map(|m| m.get::<u32>("max_steps", "a whole number in 1..2**32, or None"))
                        .transpose()?;
                    let mut inner = crate::tensor::VecCore::new(
                        game.inner.clone(),
                        num_envs,
                        seed,
                        max_steps,
                        observe,
                        incremental,
                    )?;
                    let arrays = crate::tensor::Arrays::new(py, &inner);
                    arrays.write(py, &mut inner, |core, out| core.reset(seed, out))?;
                    Ok(VecEnv {
                        inner,
                        arrays,
                        game_id: game.id,
                        game: slf.clone().unbind(),
                    })
                }

                /// Each player's score so far (the replay page's timeline), in the game's
                /// units.
                fn current_scores(&self, state: PyRef<'_, State>) -> PyResult<Vec<f64>> {
                    Ok(Engine::scores_now(&*self.inner, self.state(&state)?))
                }

                /// An SVG picture of `state` (one `<svg>` element).
                fn render_svg(&self, state: PyRef<'_, State>) -> PyResult<String> {
                    let mut out = String::new();
                    Engine::svg(&*self.inner, self.state(&state)?, &mut out);
                    Ok(out)
                }

                /// The picture of `state` as a numpy `uint8` array `(height, width, 3)`:
                /// `render_svg` rasterised on white (its text labels left out), `width` pixels
                /// wide (default: the SVG's own size), with the GIL released.
                #[pyo3(signature = (state, width = None))]
                fn render_rgb<'py>(
                    &self,
                    py: Python<'py>,
                    state: PyRef<'_, State>,
                    width: Option<&Bound<'py, PyAny>>,
                ) -> PyResult<Bound<'py, PyAny>> {
                    let mut svg = String::new();
                    Engine::svg(&*self.inner, self.state(&state)?, &mut svg);
                    drop(state);
                    crate::render::rgb(py, &svg, width)
                }

                /// Writes the replay page of a game (one self-contained HTML file, the
                /// workspace's replay viewer) to `path`: `states` from the first to the last,
                /// every `every`-th embedded (and always the last), `names` one per player.
                /// Answers the number of frames written.
                #[pyo3(signature = (path, states, names = None, every = Int(1), title = None))]
                fn write_replay(
                    &self,
                    path: std::path::PathBuf,
                    states: Vec<PyRef<'_, State>>,
                    names: Option<Vec<String>>,
                    every: Int,
                    title: Option<String>,
                ) -> PyResult<usize> {
                    let every: usize = every.get("every", "a whole number of at least 1")?;
                    if states.is_empty() {
                        return Err(error("write_replay: no states"));
                    }
                    for state in &states {
                        self.state(state)?;
                    }
                    let names = names.unwrap_or_default();
                    let options = arena::viewer::ViewerOptions { every, title };
                    let states: Vec<&RustState> = states.iter().map(|s| &s.inner).collect();
                    Engine::replay_page(&*self.inner, &path, &names, &states, &options)
                        .map_err(error)
                }

                /// A search of this game: `kind` is `"FlatMonteCarlo"`, `"Uct"`,
                /// `"DecoupledUct"` or `"InformationSetMcts"`; the rest is `SearchConfig`
                /// (`time` in seconds or `None`; a setting left out or `None` takes its
                /// default: 1000 iterations, no time limit, exploration 1, mixing 0.1, playouts
                /// of 1000 steps, seed 0, one iteration per sample). Each setting is checked
                /// here, the error naming it.
                #[pyo3(signature = (kind, iterations = None, time = None, exploration = None,
                    mixing = None, max_playout_steps = None, seed = None, iterations_per_sample = None))]
                #[allow(clippy::too_many_arguments)]
                fn search(
                    &self,
                    kind: &str,
                    iterations: Option<&Bound<'_, PyAny>>,
                    time: Option<&Bound<'_, PyAny>>,
                    exploration: Option<&Bound<'_, PyAny>>,
                    mixing: Option<&Bound<'_, PyAny>>,
                    max_playout_steps: Option<&Bound<'_, PyAny>>,
                    seed: Option<&Bound<'_, PyAny>>,
                    iterations_per_sample: Option<&Bound<'_, PyAny>>,
                ) -> PyResult<Search> {
                    let kind = crate::search::kind(kind)?;
                    fn none<'a, 'py>(
                        v: Option<&'a Bound<'py, PyAny>>,
                    ) -> Option<&'a Bound<'py, PyAny>> {
                        v.filter(|v| !v.is_none())
                    }
                    let (config, per_sample) = crate::search::settings(
                        none(iterations),
                        time,
                        none(exploration),
                        none(mixing),
                        none(max_playout_steps),
                        none(seed),
                        none(iterations_per_sample),
                    )?;
                    let inner = crate::search::Search::new(kind, config, per_sample)?;
                    Ok(Search {
                        inner,
                        game: self.inner.clone(),
                        game_id: self.id,
                        kind,
                    })
                }

                /// For the tests: a game played wholly in Rust through the contract's `step`
                /// from `initial_state(seed)`, each player to move taking the legal action of
                /// index `rng % len` (a SplitMix64 stream from `choice_seed`), for at most
                /// `steps` steps. Answers the indices taken (one list per step, in `to_move`
                /// order) and the final state's JSON, so a test can replay the same game through
                /// the Python API and compare.
                fn _rust_playout(
                    &self,
                    seed: u64,
                    steps: u32,
                    choice_seed: u64,
                ) -> PyResult<(Vec<Vec<usize>>, String)> {
                    let (indices, state) =
                        engine::rust_playout(&*self.inner, seed, steps, choice_seed);
                    Ok((indices, state.to_json().map_err(error)?))
                }

                fn __repr__(&self) -> String {
                    format!(
                        "<contest_engines.{}.Game: {} players, {}>",
                        <G as Engine>::NAME,
                        Contract::players(&*self.inner),
                        self.moves()
                    )
                }
            }

            /// `num_envs` games of one kind stepped in one call (made by `Game.vector_env`):
            /// `reset(seed=None)` answers `(observations, masks)`, `step(actions)` answers
            /// `(observations, rewards, terminated, truncated, masks)` as numpy arrays, game
            /// first: observations `float32 [N, P, *observation_shape]`, rewards `float32
            /// [N, P]` (0, and `2·returns − 1` in the step that ends a game), terminated and
            /// truncated `bool [N]`, masks `bool [N, P, num_distinct_actions]`. `actions` is
            /// an integer array `[N, P]` of action indices; a player not to move may hold any
            /// value. A game that ends restarts at once: the observations and masks after it
            /// are the next game's. The five arrays are the environment's own, written in place
            /// by every `reset` and `step` (no allocation per step): copy what you keep. When
            /// `incremental` (the default for Tron3D), steps write only the observation cells
            /// that changed, so the observations array is read-only to Python: copy it to
            /// change it, or make the environment with `incremental=False`.
            #[pyclass(name = "VecEnv", module = $path)]
            pub struct VecEnv {
                inner: crate::tensor::VecCore<G>,
                arrays: crate::tensor::Arrays,
                game_id: u64,
                /// The game it steps (pickling makes it again with it).
                game: Py<Game>,
            }

            impl VecEnv {
                fn env_index(&self, env: Int) -> PyResult<usize> {
                    let n = self.inner.len();
                    match usize::try_from(env.0) {
                        Ok(i) if i < n => Ok(i),
                        _ => Err(error(format!(
                            "env {env} out of range: this VecEnv has games 0..{n}"
                        ))),
                    }
                }
            }

            #[pymethods]
            impl VecEnv {
                /// The number of games.
                #[getter]
                fn num_envs(&self) -> usize {
                    self.inner.len()
                }

                /// The players of each game.
                #[getter]
                fn players(&self) -> usize {
                    self.inner.players
                }

                /// Whether steps write only the observation cells that changed (made with
                /// `incremental=True`, observing, for a game that supports it: Tron3D). The
                /// observations array is then read-only to Python: every step relies on it
                /// holding what the environment last wrote. Copy it to change it; a caller
                /// that forced it writable and wrote into it gets correct observations again
                /// from `write_observations()`.
                #[getter]
                fn incremental(&self) -> bool {
                    self.inner.incremental()
                }

                /// The action indices of one player: `0..num_distinct_actions`.
                #[getter]
                fn num_distinct_actions(&self) -> usize {
                    self.inner.actions
                }

                /// The shape of one player's observation.
                #[getter]
                fn observation_shape<'py>(
                    &self,
                    py: Python<'py>,
                ) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
                    pyo3::types::PyTuple::new(py, &self.inner.shape)
                }

                /// Every game afresh (game `i` from seed `seed + i`; `None`: the last seed):
                /// `(observations, masks)`.
                #[pyo3(signature = (seed = None))]
                fn reset<'py>(
                    &mut self,
                    py: Python<'py>,
                    seed: Option<Int>,
                ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
                    let seed = match seed {
                        Some(seed) => engine::seed(seed)?,
                        None => self.inner.seed(),
                    };
                    self.arrays
                        .write(py, &mut self.inner, |core, out| core.reset(seed, out))?;
                    let tuple = self.arrays.tuple(py)?;
                    Ok((tuple.get_item(0)?, tuple.get_item(4)?))
                }

                /// One step of every game, in parallel with the GIL released; an illegal
                /// index raises `EngineError` and changes nothing. A game that ends restarts
                /// at once (Gymnasium's `SAME_STEP` autoreset): its final observation and
                /// info are kept until the next step (`final_obs()`, `infos()`). A step of
                /// many games runs in chunks and checks for signals (Ctrl-C) between them
                /// once 50 ms have passed; an interrupted step leaves some games stepped and
                /// the others not, so the environment then refuses to step until `reset()`.
                fn step<'py>(
                    &mut self,
                    py: Python<'py>,
                    actions: &Bound<'py, PyAny>,
                ) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
                    let actions = crate::tensor::actions_from_python(
                        py,
                        actions,
                        self.inner.len(),
                        self.inner.players,
                    )?;
                    let mut poll = crate::search::SignalPoll::new();
                    self.arrays
                        .write(py, &mut self.inner, |core, out| {
                            core.check(&actions)?;
                            core.step(&actions, out, || poll.poll());
                            Ok::<_, String>(())
                        })?
                        .map_err(error)?;
                    if let Some(e) = poll.error.take() {
                        return Err(e);
                    }
                    self.arrays.tuple(py)
                }

                /// Gymnasium's autoreset mode this environment follows: `"SameStep"`
                /// (`gymnasium.vector.AutoresetMode.SAME_STEP.value`): the step that ends a
                /// game answers the next game's first observation, and the final one is in
                /// `infos()["final_obs"]` (or `final_obs()`).
                #[getter]
                fn autoreset_mode(&self) -> &'static str {
                    "SameStep"
                }

                /// The games that ended in the last step (terminated or truncated), in
                /// increasing order: `np.flatnonzero(terminated | truncated)`.
                fn ended(&self) -> Vec<usize> {
                    self.inner.ended().collect()
                }

                /// The final observations of the games that ended in the last step, as a new
                /// `float32` array `[K, P, *observation_shape]` (the `K` games of `ended()`, in
                /// order; `K` may be 0): each the observation tensor of the game's final state,
                /// made on this call (a step keeps the final state, not its tensors).
                fn final_obs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                    let k = self.inner.ended().count();
                    let mut shape = vec![k, self.inner.players];
                    shape.extend_from_slice(&self.inner.shape);
                    let out = numpy::PyArray::<f32, numpy::IxDyn>::zeros(py, shape, false);
                    {
                        let mut view = numpy::PyArrayMethods::try_readwrite(&out)?;
                        let slice = view.as_slice_mut()?;
                        let core = &self.inner;
                        py.detach(|| core.write_final_observations(slice));
                    }
                    Ok(out.into_any())
                }

                /// The final state of game `env`'s game that ended in the last step (a
                /// copy), or `None` when it did not end then.
                fn final_state(&self, env: Int) -> PyResult<Option<State>> {
                    let env = self.env_index(env)?;
                    Ok(self.inner.last(env).map(|(state, _)| State {
                        inner: state.clone(),
                        game: self.game_id,
                    }))
                }

                /// The infos of the last step as Gymnasium's vector environments give them in
                /// the `SAME_STEP` autoreset mode: `{}` when no game ended; else
                /// `{"final_obs": ..., "_final_obs": ..., "final_info": ..., "_final_info":
                /// ...}`, where `final_obs` is an object array `[N]` holding each ended
                /// game's final observation (`float32 [P, *observation_shape]`) and `None`
                /// elsewhere, `_final_obs` the `bool [N]` mask of the ended games, and
                /// `final_info` the ended games' last infos, Gymnasium-batched: `steps` (the
                /// game's length, `int64 [N]`) and `returns` (`float64 [N, P]`, the final
                /// state's `returns`: the outcome, or the estimate of a truncated game), each
                /// with its `_` mask. Made on this call.
                fn infos<'py>(
                    &self,
                    py: Python<'py>,
                ) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
                    use pyo3::types::PyDict;
                    let infos = PyDict::new(py);
                    let ended: Vec<usize> = self.inner.ended().collect();
                    if ended.is_empty() {
                        return Ok(infos);
                    }
                    let n = self.inner.len();
                    let players = self.inner.players;
                    let np = py.import("numpy")?;
                    let mut mask = vec![false; n];
                    let mut steps = vec![0i64; n];
                    let mut returns = vec![0.0f64; n * players];
                    let final_obs = np.call_method1("full", (n, py.None(), "object"))?;
                    let obs = self.final_obs(py)?;
                    for (k, &env) in ended.iter().enumerate() {
                        mask[env] = true;
                        if let Some((state, length)) = self.inner.last(env) {
                            steps[env] = i64::from(length);
                            Contract::returns(
                                &*self.inner.game,
                                state,
                                &mut returns[env * players..(env + 1) * players],
                            );
                        }
                        final_obs.set_item(env, obs.get_item(k)?)?;
                    }
                    let mask = numpy::PyArray1::from_slice(py, &mask);
                    let info = PyDict::new(py);
                    info.set_item("steps", numpy::PyArray1::from_slice(py, &steps))?;
                    info.set_item("_steps", mask.call_method0("copy")?)?;
                    info.set_item(
                        "returns",
                        numpy::PyArray1::from_slice(py, &returns)
                            .reshape(vec![n, players])?,
                    )?;
                    info.set_item("_returns", mask.call_method0("copy")?)?;
                    infos.set_item("final_obs", final_obs)?;
                    infos.set_item("_final_obs", mask.call_method0("copy")?)?;
                    infos.set_item("final_info", info)?;
                    infos.set_item("_final_info", mask)?;
                    Ok(infos)
                }

                /// Pickling (and `copy.copy`, `copy.deepcopy`): the game, and every game's
                /// state, step count, episode count and last final state, with the last
                /// step's rewards, terminated and truncated, through serde (JSON). The
                /// environment made again continues exactly as this one would; its
                /// observations and masks are written afresh from the states (with
                /// `observe=False` the observations array is zeros, as after a reset).
                fn __reduce__<'py>(
                    slf: &Bound<'py, Self>,
                ) -> PyResult<(Bound<'py, PyAny>, (Py<Game>, String))> {
                    let py = slf.py();
                    let env = slf.try_borrow()?;
                    let rewards = env.arrays.rewards.bind(py).try_readonly()?;
                    let terminated = env.arrays.terminated.bind(py).try_readonly()?;
                    let truncated = env.arrays.truncated.bind(py).try_readonly()?;
                    let text = env
                        .inner
                        .snapshot(rewards.as_slice()?, terminated.as_slice()?, truncated.as_slice()?)
                        .map_err(error)?;
                    let from_pickle = slf.get_type().getattr("_from_pickle")?;
                    Ok((from_pickle, (env.game.clone_ref(py), text)))
                }

                /// The environment of a pickle (see `__reduce__`): `text` is validated
                /// against `game` (every state, the arrays' sizes).
                #[staticmethod]
                fn _from_pickle(game: &Bound<'_, Game>, text: &str) -> PyResult<VecEnv> {
                    let py = game.py();
                    let g = game.get();
                    let (mut inner, last) =
                        crate::tensor::VecCore::restore(g.inner.clone(), text).map_err(error)?;
                    let arrays = crate::tensor::Arrays::new(py, &inner);
                    arrays.write(py, &mut inner, |core, out| core.rewrite(out, &last))?;
                    Ok(VecEnv {
                        inner,
                        arrays,
                        game_id: g.id,
                        game: game.clone().unbind(),
                    })
                }

                /// The five arrays `(observations, rewards, terminated, truncated, masks)` as
                /// the last `reset` or `step` left them (the same objects `step` answers).
                fn arrays<'py>(
                    &self,
                    py: Python<'py>,
                ) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
                    self.arrays.tuple(py)
                }

                /// The game this environment steps.
                #[getter]
                fn game(&self, py: Python<'_>) -> Py<Game> {
                    self.game.clone_ref(py)
                }

                /// Writes the observation tensors of every game's current state into the
                /// observations array (in parallel, the GIL released) and answers it: for an
                /// environment made with `observe=False` whose caller wants observations only
                /// at some steps (a learner's snapshot, an evaluation), at the cost of one
                /// observing `step`'s tensor writing. Every tensor is written in full, so after
                /// it the array is right whatever was written into it before.
                fn write_observations<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                    self.arrays.write(py, &mut self.inner, |core, out| {
                        core.write_observations(out.observations)
                    })?;
                    self.arrays.tuple(py)?.get_item(0)
                }

                /// A copy of game `env`'s current state.
                fn state(&self, env: Int) -> PyResult<State> {
                    let env = self.env_index(env)?;
                    let state = self.inner.state(env).ok_or_else(|| error("no such game"))?;
                    Ok(State {
                        inner: state.clone(),
                        game: self.game_id,
                    })
                }

                fn __repr__(&self) -> String {
                    format!(
                        "<contest_engines.{}.VecEnv: {} games>",
                        <G as Engine>::NAME,
                        self.inner.len()
                    )
                }
            }

            #[pymethods]
            impl State {
                /// A copy (states are plain values; copying clones no geometry).
                fn copy(&self) -> State {
                    State {
                        inner: self.inner.clone(),
                        game: self.game,
                    }
                }

                fn __copy__(&self) -> State {
                    self.copy()
                }

                fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
                    self.copy()
                }

                /// A state from its JSON text (the crate's serde form), checked only for its
                /// shape: the first game it is given to validates it against its board (as it
                /// does any state another game made). `Game.state_from_json` validates at once.
                #[staticmethod]
                fn from_json(text: &str) -> PyResult<State> {
                    RustState::from_json(text)
                        .map(|inner| State { inner, game: 0 })
                        .map_err(|e| {
                            error(format!("malformed {} state JSON: {e}", <G as Engine>::NAME))
                        })
                }

                /// Pickling: the state's JSON text (its serde form: the random generator's
                /// position included, so the game continues the same), read back by
                /// `State.from_json`.
                fn __reduce__<'py>(
                    slf: &Bound<'py, Self>,
                ) -> PyResult<(Bound<'py, PyAny>, (String,))> {
                    let text = slf.try_borrow()?.to_json()?;
                    Ok((slf.get_type().getattr("from_json")?, (text,)))
                }

                /// The state as JSON text (the crate's serde form; `Game.state_from_json` reads
                /// it back).
                fn to_json(&self) -> PyResult<String> {
                    self.inner.to_json().map_err(error)
                }

                /// The state as plain Python data (its JSON form, parsed).
                fn to_data(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                    engine::to_python(py, &self.inner)
                }

                fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
                    let Ok(other) = other.cast::<State>() else {
                        return Ok(false);
                    };
                    let other = other.try_borrow()?;
                    // The JSON texts: `State` need not be `PartialEq`, and a
                    // `serde_json::Value` cannot hold the u128 of a PCG state.
                    let a = self.inner.to_json().map_err(error)?;
                    let b = other.inner.to_json().map_err(error)?;
                    Ok(a == b)
                }

                fn __repr__(&self) -> String {
                    format!("<contest_engines.{}.State>", <G as Engine>::NAME)
                }
            }

            #[pymethods]
            impl Action {
                /// An action from its serde data, as `to_data` answers it and `repr` shows it:
                /// `tron3d.Action(moves=[{"bike": 0, "to": 1, "use_item": False}, ...])`,
                /// `cloudwars.Action("Wait")`, `tictactoe.Action(4)` (a struct's fields as
                /// keyword arguments, or the data as the one positional argument).
                #[new]
                #[pyo3(signature = (data = None, **fields))]
                fn new(
                    py: Python<'_>,
                    data: Option<&Bound<'_, PyAny>>,
                    fields: Option<&Bound<'_, pyo3::types::PyDict>>,
                ) -> PyResult<Action> {
                    let fields = fields.filter(|f| !f.is_empty());
                    let inner = match (data, fields) {
                        (Some(data), None) => engine::action_from_data::<G>(py, data)?,
                        (None, Some(fields)) => engine::action_from_data::<G>(py, fields.as_any())?,
                        (None, None) => {
                            return Err(crate::type_error(
                                py,
                                format!(
                                    "{}.Action() needs its data (see Action.to_data) or its fields",
                                    <G as Engine>::NAME
                                ),
                            ));
                        }
                        (Some(_), Some(_)) => {
                            return Err(crate::type_error(
                                py,
                                format!(
                                    "{}.Action(): the data or the fields, not both",
                                    <G as Engine>::NAME
                                ),
                            ));
                        }
                    };
                    Ok(Action { inner })
                }

                /// Pickling (and `copy`): the action's JSON text, read back by
                /// `Action.from_json`.
                fn __reduce__<'py>(
                    slf: &Bound<'py, Self>,
                ) -> PyResult<(Bound<'py, PyAny>, (String,))> {
                    let text = slf.get().to_json()?;
                    Ok((slf.get_type().getattr("from_json")?, (text,)))
                }

                /// An action is immutable: its copy is itself.
                fn __copy__(slf: Py<Self>) -> Py<Self> {
                    slf
                }

                fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
                    slf
                }

                /// An action from its JSON text (the crate's serde form).
                #[staticmethod]
                fn from_json(text: &str) -> PyResult<Action> {
                    RustAction::from_json(text)
                        .map(|inner| Action { inner })
                        .map_err(|e| {
                            error(format!(
                                "malformed {} action JSON: {e}",
                                <G as Engine>::NAME
                            ))
                        })
                }

                /// The action as JSON text (the crate's serde form).
                fn to_json(&self) -> PyResult<String> {
                    self.inner.to_json().map_err(error)
                }

                /// The action as plain Python data (its JSON form, parsed).
                fn to_data(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                    engine::to_python(py, &self.inner)
                }

                fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                    match other.cast::<Action>() {
                        Ok(other) => self.inner == other.get().inner,
                        Err(_) => false,
                    }
                }

                fn __hash__(&self) -> PyResult<u64> {
                    use std::hash::{Hash, Hasher};
                    let mut hasher = std::collections::hash_map::DefaultHasher::new();
                    self.to_json()?.hash(&mut hasher);
                    Ok(hasher.finish())
                }

                /// Python text that makes the action again:
                /// `<game>.Action(<its serde data>)` (`from contest_engines import <game>`).
                fn __repr__(&self) -> String {
                    engine::action_repr::<G>(&self.inner)
                }
            }

            impl Search {
                fn choose_polling(
                    &mut self,
                    py: Python<'_>,
                    state: PyRef<'_, State>,
                    player: Int,
                    mut poll: crate::search::SignalPoll,
                ) -> PyResult<Option<Action>> {
                    let player = engine::check_player(&*self.game, player)?;
                    engine::checked_state(&*self.game, self.game_id, state.game, &state.inner)?;
                    let root = state.inner.clone();
                    drop(state);
                    let game = self.game.clone();
                    let search = &mut self.inner;
                    let action = py.detach(|| search.choose(&game, &root, player, || poll.poll()));
                    if let Some(e) = poll.error.take() {
                        return Err(e);
                    }
                    Ok(action.map(|inner| Action { inner }))
                }
            }

            #[pymethods]
            impl Search {
                /// Searches `state` for `player` with the GIL released and answers its action,
                /// or `None` when `player` is not to move. The search checks for signals
                /// (Ctrl-C) every 50 ms: a `KeyboardInterrupt` (or whatever a signal handler
                /// raises) ends it and is raised here. Checking changes nothing else: the same
                /// iterations, the same random draws, the same choice (an interrupted search
                /// leaves the random generator where it stopped).
                fn choose(
                    &mut self,
                    py: Python<'_>,
                    state: PyRef<'_, State>,
                    player: Int,
                ) -> PyResult<Option<Action>> {
                    self.choose_polling(py, state, player, crate::search::SignalPoll::new())
                }

                /// For the tests: `choose`, checking for signals before every iteration (the
                /// GIL taken back each time): the most interruption points, which must not
                /// change the choice.
                fn _choose_checking_every_iteration(
                    &mut self,
                    py: Python<'_>,
                    state: PyRef<'_, State>,
                    player: Int,
                ) -> PyResult<Option<Action>> {
                    self.choose_polling(py, state, player, crate::search::SignalPoll::every_call())
                }

                /// For the benchmarks: `choose`, answering also the seconds the search took as
                /// timed inside Rust (from the state's copy to the answer), so that what the
                /// Python call adds around it can be told apart.
                fn _choose_timed(
                    &mut self,
                    py: Python<'_>,
                    state: PyRef<'_, State>,
                    player: Int,
                ) -> PyResult<(Option<Action>, f64)> {
                    let player = engine::check_player(&*self.game, player)?;
                    engine::checked_state(&*self.game, self.game_id, state.game, &state.inner)?;
                    let root = state.inner.clone();
                    drop(state);
                    let game = self.game.clone();
                    let search = &mut self.inner;
                    let (action, seconds) = py.detach(move || {
                        let start = std::time::Instant::now();
                        let action = search.choose(&game, &root, player, || false);
                        (action, start.elapsed().as_secs_f64())
                    });
                    Ok((action.map(|inner| Action { inner }), seconds))
                }

                /// The deciding player's root actions after the last `choose`: a list of
                /// `(action, visits, mean return)`.
                fn stats(&self) -> Vec<(Action, u32, f64)> {
                    self.inner
                        .stats()
                        .into_iter()
                        .map(|(inner, visits, mean)| (Action { inner }, visits, mean))
                        .collect()
                }

                /// The iterations the last `choose` ran.
                #[getter]
                fn iterations(&self) -> u32 {
                    self.inner.iterations()
                }

                fn __repr__(&self) -> String {
                    format!("<contest_engines.{}.Search: {}>", <G as Engine>::NAME, self.kind)
                }
            }

            /// Replays recordings of the original program (`paths`: trace files of the crate's
            /// golden formats); answers the summary as a dict (its `line` is
            /// `conformance: <game>: ...`) or raises `VerifyError` naming the first mismatch.
            /// The replay runs on a thread of its own while this one waits, checking for
            /// signals (Ctrl-C) every 50 ms: a `KeyboardInterrupt` is raised at once, and the
            /// replay then runs on to its end in the background, its result dropped.
            #[pyfunction]
            fn verify(py: Python<'_>, paths: Vec<std::path::PathBuf>) -> PyResult<Py<PyAny>> {
                let (send, mut receive) = std::sync::mpsc::channel();
                std::thread::Builder::new()
                    .name(format!("{} verify", <G as Engine>::NAME))
                    .spawn(move || {
                        // The receiver is gone when the caller was interrupted.
                        let _ = send.send(<G as Engine>::verify(&paths));
                    })
                    .map_err(|e| error(format!("verify: cannot start its thread: {e}")))?;
                let result = loop {
                    let (answer, back) = py.detach(move || {
                        let answer = receive.recv_timeout(crate::search::SignalPoll::INTERVAL);
                        (answer, receive)
                    });
                    receive = back;
                    match answer {
                        Ok(result) => break result,
                        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => py.check_signals()?,
                        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                            return Err(error("verify: the replay thread failed"));
                        }
                    }
                };
                match result {
                    Ok(summary) => engine::summary_to_python(py, &summary),
                    Err(e) => Err(crate::VerifyError::new_err(e.to_string())),
                }
            }

            /// Adds this game's module to the extension module.
            pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
                let module = PyModule::new(parent.py(), stringify!($module))?;
                module.add_class::<Game>()?;
                module.add_class::<State>()?;
                module.add_class::<Action>()?;
                module.add_class::<Search>()?;
                module.add_class::<VecEnv>()?;
                module.add_function(pyo3::wrap_pyfunction!(verify, &module)?)?;
                parent.add_submodule(&module)
            }
        }
    };
}

pub(crate) use game_module;
