//! The Python classes of one game module (`Game`, `State`, `Action`, `Search`) and its `verify`,
//! generated for each game by [`game_module!`]: PyO3 classes cannot be generic, so the macro
//! writes the thin per-game shims and every method body calls the generic code in
//! [`crate::engine`] and [`crate::search`].

/// Writes `pub mod $module` with the classes of the game `$game` (an [`Engine`](crate::engine::Engine)).
macro_rules! game_module {
    ($module:ident, $game:ty) => {
        // PyO3's expansion of `__eq__` inside a `macro_rules!` body calls its own unsafe
        // trampoline without an `unsafe` block of the caller's edition (a span quirk of
        // generated code): the lint is about code this crate does not write.
        #[allow(unsafe_op_in_unsafe_fn)]
        pub mod $module {
            use std::sync::Arc;

            use pathfind::tree::{Game as Contract, Moves, Tensor};
            use pyo3::prelude::*;
            use pyo3::types::PyModule;

            use crate::engine::{self, Engine, error};

            type G = $game;
            type RustState = <G as pathfind::tree::Game>::State;
            type RustAction = <G as pathfind::tree::Game>::Action;

            /// The game: its rules, geometry and tables, shared by every state and search made
            /// from it. `Game(board=None, config=None)`; see the module docs for `board`, and
            /// `config` is a dict (or JSON text) of the config fields that differ from the
            /// default.
            #[pyclass(name = "Game", module = "contest_engines", frozen)]
            pub struct Game {
                pub(crate) inner: Arc<G>,
                pub(crate) id: u64,
            }

            /// A state of the game: a plain value, cheap to copy (`copy()`, `copy.copy`).
            #[pyclass(name = "State", module = "contest_engines")]
            pub struct State {
                pub(crate) inner: RustState,
                /// The game that made or validated it.
                pub(crate) game: u64,
            }

            /// One player's action for one step, as `legal_actions` lists them (or read from
            /// JSON with `Action.from_json`).
            #[pyclass(name = "Action", module = "contest_engines", frozen)]
            pub struct Action {
                pub(crate) inner: RustAction,
            }

            /// A search of `pathfind::tree` bound to one game, keeping its tree arena between
            /// decisions (made by `Game.search`, or by the package's `Uct(...)` and friends).
            #[pyclass(name = "Search", module = "contest_engines")]
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
                    let board = board.as_ref().map(|b| b.to_cow()).transpose()?;
                    let config = config.map(|c| engine::json_value(py, c)).transpose()?;
                    let inner = G::build(board.as_deref(), config).map_err(error)?;
                    Ok(Game {
                        inner: Arc::new(inner),
                        id: engine::next_game_id(),
                    })
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

                /// The state at the start of a game; the same seed gives the same state.
                fn initial_state(&self, seed: u64) -> State {
                    self.wrap(Contract::initial_state(&*self.inner, seed))
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
                    player: i64,
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
                    player: i64,
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
                    player: i64,
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
                    player: i64,
                ) -> PyResult<Bound<'py, PyAny>> {
                    let player = engine::check_player(&*self.inner, player)?;
                    crate::tensor::mask(py, &*self.inner, self.state(&state)?, player)
                }

                /// The index of `player`'s `action` in `state`, or `None` for an action
                /// outside the fixed action space.
                fn action_index(
                    &self,
                    state: PyRef<'_, State>,
                    player: i64,
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
                    player: i64,
                    index: i64,
                ) -> PyResult<Option<Action>> {
                    let player = engine::check_player(&*self.inner, player)?;
                    let index = crate::tensor::check_index(&*self.inner, index)?;
                    Ok(Tensor::index_action(&*self.inner, self.state(&state)?, player, index)
                        .map(|inner| Action { inner }))
                }

                /// `step` from action indices: one per player of `to_move(state)`, in order,
                /// each allowed by its player's `legal_mask`.
                fn step_indices(
                    &self,
                    state: PyRef<'_, State>,
                    indices: Vec<i64>,
                ) -> PyResult<State> {
                    let state = self.state(&state)?;
                    let joint = crate::tensor::joint_of_indices(&*self.inner, state, &indices)?;
                    Ok(self.wrap(Contract::step(&*self.inner, state, &joint)))
                }

                /// `step_indices` in place: `state` becomes the next state.
                fn advance_indices(
                    &self,
                    mut state: PyRefMut<'_, State>,
                    indices: Vec<i64>,
                ) -> PyResult<()> {
                    self.state(&state)?;
                    let joint =
                        crate::tensor::joint_of_indices(&*self.inner, &state.inner, &indices)?;
                    Contract::advance(&*self.inner, &mut state.inner, &joint);
                    state.game = self.id;
                    Ok(())
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
                #[pyo3(signature = (num_envs, seed = 0, max_steps = None, observe = true, incremental = true))]
                fn vector_env(
                    &self,
                    py: Python<'_>,
                    num_envs: usize,
                    seed: u64,
                    max_steps: Option<u32>,
                    observe: bool,
                    incremental: bool,
                ) -> PyResult<VecEnv> {
                    let mut inner = crate::tensor::VecCore::new(
                        self.inner.clone(),
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
                        game_id: self.id,
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
                #[pyo3(signature = (path, states, names = None, every = 1, title = None))]
                fn write_replay(
                    &self,
                    path: std::path::PathBuf,
                    states: Vec<PyRef<'_, State>>,
                    names: Option<Vec<String>>,
                    every: usize,
                    title: Option<String>,
                ) -> PyResult<usize> {
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
                /// (`time` in seconds or `None`).
                #[pyo3(signature = (kind, iterations = 1000, time = None, exploration = 1.0,
                    mixing = 0.1, max_playout_steps = 1000, seed = 0, iterations_per_sample = 1))]
                #[allow(clippy::too_many_arguments)]
                fn search(
                    &self,
                    kind: &str,
                    iterations: u32,
                    time: Option<f64>,
                    exploration: f64,
                    mixing: f64,
                    max_playout_steps: u32,
                    seed: u64,
                    iterations_per_sample: u32,
                ) -> PyResult<Search> {
                    let config = crate::search::config(
                        iterations,
                        time,
                        exploration,
                        mixing,
                        max_playout_steps,
                        seed,
                    )?;
                    let inner = crate::search::Search::new(kind, config, iterations_per_sample)?;
                    let kind = crate::search::KINDS
                        .iter()
                        .find(|k| **k == kind)
                        .copied()
                        .unwrap_or("Uct");
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
                    Ok((indices, serde_json::to_string(&state).map_err(error)?))
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
            #[pyclass(name = "VecEnv", module = "contest_engines")]
            pub struct VecEnv {
                inner: crate::tensor::VecCore<G>,
                arrays: crate::tensor::Arrays,
                game_id: u64,
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
                    seed: Option<u64>,
                ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
                    let seed = seed.unwrap_or_else(|| self.inner.seed());
                    self.arrays
                        .write(py, &mut self.inner, |core, out| core.reset(seed, out))?;
                    let tuple = self.arrays.tuple(py)?;
                    Ok((tuple.get_item(0)?, tuple.get_item(4)?))
                }

                /// One step of every game, in parallel with the GIL released; an illegal
                /// index raises `EngineError` and changes nothing.
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
                    self.arrays
                        .write(py, &mut self.inner, |core, out| {
                            core.check(&actions)?;
                            core.step(&actions, out);
                            Ok::<_, String>(())
                        })?
                        .map_err(error)?;
                    self.arrays.tuple(py)
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
                fn state(&self, env: usize) -> PyResult<State> {
                    match self.inner.state(env) {
                        Some(state) => Ok(State {
                            inner: state.clone(),
                            game: self.game_id,
                        }),
                        None => Err(error(format!(
                            "env {env} out of range: this VecEnv has games 0..{}",
                            self.inner.len()
                        ))),
                    }
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

                /// The state as JSON text (the crate's serde form; `Game.state_from_json` reads
                /// it back).
                fn to_json(&self) -> PyResult<String> {
                    serde_json::to_string(&self.inner).map_err(error)
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
                    let a = serde_json::to_string(&self.inner).map_err(error)?;
                    let b = serde_json::to_string(&other.inner).map_err(error)?;
                    Ok(a == b)
                }

                fn __repr__(&self) -> String {
                    format!("<contest_engines.{}.State>", <G as Engine>::NAME)
                }
            }

            #[pymethods]
            impl Action {
                /// An action from its JSON text (the crate's serde form).
                #[staticmethod]
                fn from_json(text: &str) -> PyResult<Action> {
                    serde_json::from_str(text)
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
                    serde_json::to_string(&self.inner).map_err(error)
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

                fn __repr__(&self) -> String {
                    format!("{:?}", self.inner)
                }
            }

            #[pymethods]
            impl Search {
                /// Searches `state` for `player` with the GIL released and answers its action,
                /// or `None` when `player` is not to move.
                fn choose(
                    &mut self,
                    py: Python<'_>,
                    state: PyRef<'_, State>,
                    player: i64,
                ) -> PyResult<Option<Action>> {
                    let player = engine::check_player(&*self.game, player)?;
                    engine::checked_state(&*self.game, self.game_id, state.game, &state.inner)?;
                    let root = state.inner.clone();
                    drop(state);
                    let game = self.game.clone();
                    let search = &mut self.inner;
                    let action = py.detach(move || search.choose(&game, &root, player));
                    Ok(action.map(|inner| Action { inner }))
                }

                /// For the benchmarks: `choose`, answering also the seconds the search took as
                /// timed inside Rust (from the state's copy to the answer), so that what the
                /// Python call adds around it can be told apart.
                fn _choose_timed(
                    &mut self,
                    py: Python<'_>,
                    state: PyRef<'_, State>,
                    player: i64,
                ) -> PyResult<(Option<Action>, f64)> {
                    let player = engine::check_player(&*self.game, player)?;
                    engine::checked_state(&*self.game, self.game_id, state.game, &state.inner)?;
                    let root = state.inner.clone();
                    drop(state);
                    let game = self.game.clone();
                    let search = &mut self.inner;
                    let (action, seconds) = py.detach(move || {
                        let start = std::time::Instant::now();
                        let action = search.choose(&game, &root, player);
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
            #[pyfunction]
            fn verify(py: Python<'_>, paths: Vec<std::path::PathBuf>) -> PyResult<Py<PyAny>> {
                let result = py.detach(|| <G as Engine>::verify(&paths));
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
