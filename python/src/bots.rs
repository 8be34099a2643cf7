//! The example bots of `play` as Python policies (`contest_engines.bots`): every bot the
//! `examples` crate's roster ([`examples::roster::Roster`]) names for a game, except the program
//! bots (`cmd:`), plus a uniform `random` bot where the roster has none, each acting on the
//! package's own `State` with the GIL released.
//!
//! A bot of the `arena::Bot` shape lives through games: it is told a new game starts (its
//! player and seed), asked for an action on what its player observes, and, in games whose
//! events are public (Windward), told every step's events. The Python class keeps that
//! lifecycle from plain `act(state, player)` calls: a game starts at the first `act`, after
//! `reset()`, or when `act` is asked for another player or for a state earlier in the game than
//! the last one it saw (the game's clock: Tron3D's round, Dogfight's round, CloudWars'
//! iteration, the Amazes turns played, Windward's tick); the `k`-th game it starts is seeded
//! from `(seed, k)`, so a bot made with the same seed and asked the same things plays the same.
//! `hear(state, actions)` tells it a step (the state before and the joint action, which it
//! replays on a copy for the step's events).

use std::sync::Arc;

use arena::Bot;
use pathfind::tree::Game as Contract;
use pyo3::prelude::*;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::engine::{Engine, error};

/// A bot that works on every game: a uniformly random legal action, drawn from a generator
/// seeded at each game's start.
struct Uniform {
    rng: Pcg64Mcg,
}

/// What a Python bot runs: one of the roster's bots, or [`Uniform`].
pub enum Brain<G: Contract> {
    Roster(Box<dyn Bot<G> + Send>),
    Uniform(Pcg64Mcg),
}

impl<G: Contract> Brain<G> {
    fn new_game(&mut self, game: &G, player: usize, seed: u64) {
        match self {
            Brain::Roster(bot) => bot.new_game(game, player, seed),
            Brain::Uniform(rng) => *rng = Uniform::new(seed).rng,
        }
    }

    /// `player`'s action in `state` (a player to move): the roster's bot is asked as the
    /// arena's runner asks it (unobserved first, then on its player's observation).
    fn act(&mut self, game: &G, state: &G::State, player: usize) -> Option<G::Action> {
        match self {
            Brain::Roster(bot) => Some(match bot.act_unobserved(game, player) {
                Some(action) => action,
                None => bot.act(game, &game.observe(state, player), player),
            }),
            Brain::Uniform(rng) => {
                let mut buf = Vec::new();
                game.legal_actions(state, player, &mut buf);
                if buf.is_empty() {
                    return None;
                }
                let i = rng.random_range(0..buf.len());
                Some(buf.swap_remove(i))
            }
        }
    }

    fn hear(&mut self, game: &G, events: &G::Events, player: usize) {
        if let Brain::Roster(bot) = self {
            bot.hear(game, events, player);
        }
    }
}

impl Uniform {
    fn new(seed: u64) -> Uniform {
        Uniform {
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }
}

/// A game whose example bots the package offers.
pub trait Builtin: Engine {
    /// Whether bots hear every step's events (`arena::Playable::PUBLIC_EVENTS`).
    const HEARS: bool;

    /// The roster's names and descriptions (`Roster::bot_names`), for the ones offered.
    fn roster() -> &'static [(&'static str, &'static str)];

    /// The bot called `name` (a roster name other than `cmd:`), or `None` for a name not
    /// built here.
    fn make(name: &str) -> Option<Box<dyn Bot<Self> + Send>>;

    /// The game's clock: it grows along a game (a state earlier in the game has a smaller one).
    fn clock(state: &Self::State) -> u64;
}

/// The names a Python bot of `G` may have, with one line about each: the roster's (not its
/// program bots) and `random` (uniform) where the roster has none.
pub fn names<G: Builtin>() -> Vec<(&'static str, &'static str)> {
    let mut names: Vec<(&'static str, &'static str)> = G::roster()
        .iter()
        .copied()
        .filter(|(name, _)| !name.starts_with("cmd:"))
        .collect();
    if !names.iter().any(|(name, _)| *name == "random") {
        names.push((
            "random",
            "a uniformly random legal action (contest_engines.bots)",
        ));
    }
    names
}

/// The brain of the bot called `name`, or an error listing the names.
pub fn brain<G: Builtin>(name: &str) -> PyResult<Brain<G>> {
    let known = names::<G>();
    if !known.iter().any(|(n, _)| *n == name) {
        let list: Vec<&str> = known.iter().map(|(n, _)| *n).collect();
        return Err(error(format!(
            "unknown {} bot {name:?}: the bots are {}",
            G::NAME,
            list.join(", ")
        )));
    }
    if let Some(bot) = G::make(name) {
        return Ok(Brain::Roster(bot));
    }
    if name == "random" {
        return Ok(Brain::Uniform(Uniform::new(0).rng));
    }
    Err(error(format!(
        "{} bot {name:?} is not built by contest_engines.bots",
        G::NAME
    )))
}

/// The seed of game `k` of a bot seeded with `seed` (SplitMix64's finaliser over both, so that
/// bots of nearby seeds share no games).
pub fn game_seed(seed: u64, k: u64) -> u64 {
    let mut z = seed ^ k.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The life of one Python bot through games (everything but the Python objects).
pub struct Life<G: Builtin> {
    pub brain: std::sync::Mutex<Brain<G>>,
    pub name: String,
    pub seed: u64,
    /// Games started.
    pub games: u64,
    /// The current game's player and the clock of the last state acted on.
    pub current: Option<(usize, u64)>,
}

impl<G: Builtin> Life<G> {
    pub fn new(name: &str, seed: u64) -> PyResult<Life<G>> {
        Ok(Life {
            brain: std::sync::Mutex::new(brain::<G>(name)?),
            name: name.to_owned(),
            seed,
            games: 0,
            current: None,
        })
    }

    /// `player`'s action in `state` with the GIL released (`None` when `player` is not to
    /// move), starting a game first when this call begins one.
    pub fn act(
        &mut self,
        py: Python<'_>,
        game: &Arc<G>,
        state: G::State,
        player: usize,
    ) -> PyResult<Option<G::Action>> {
        if !game.to_move(&state).contains(player) {
            return Ok(None);
        }
        let clock = G::clock(&state);
        let start = match self.current {
            None => true,
            Some((p, last)) => p != player || clock < last,
        };
        let seed = start.then(|| game_seed(self.seed, self.games));
        if start {
            self.games = self.games.saturating_add(1);
        }
        self.current = Some((player, clock));
        let brain = self
            .brain
            .get_mut()
            .map_err(|_| error("the bot failed in an earlier call"))?;
        let game = game.clone();
        Ok(py.detach(move || {
            if let Some(seed) = seed {
                brain.new_game(&game, player, seed);
            }
            brain.act(&game, &state, player)
        }))
    }

    /// Tells the bot the step from `state` by `joint` (games whose events are public: the
    /// step is replayed on a copy for its events); nothing before its first game.
    pub fn hear(&mut self, game: &G, state: &G::State, joint: &[G::Action]) -> PyResult<()> {
        let Some((player, _)) = self.current else {
            return Ok(());
        };
        if !G::HEARS || game.is_terminal(state) {
            return Ok(());
        }
        let mut next = state.clone();
        let events = game.advance(&mut next, joint);
        let brain = self
            .brain
            .get_mut()
            .map_err(|_| error("the bot failed in an earlier call"))?;
        brain.hear(game, &events, player);
        Ok(())
    }

    /// The next `act` starts a new game; with `seed`, the games are counted afresh from it.
    pub fn reset(&mut self, seed: Option<u64>) {
        self.current = None;
        if let Some(seed) = seed {
            self.seed = seed;
            self.games = 0;
        }
    }
}

/// The joint action of `indices` (action indices, one per player to move, each legal).
pub fn joint_of_indices<G: Engine>(
    game: &G,
    state: &G::State,
    indices: &[i64],
) -> PyResult<Vec<G::Action>> {
    let movers = game.to_move(state);
    if indices.len() != movers.len() {
        return Err(error(format!(
            "{} actions given, but {} player(s) are to move: one per player of to_move(state), \
             in increasing player order",
            indices.len(),
            movers.len()
        )));
    }
    let n = game.num_distinct_actions();
    let mut mask = vec![false; n];
    let mut joint = Vec::with_capacity(indices.len());
    for (player, &index) in movers.iter().zip(indices) {
        let i = usize::try_from(index)
            .ok()
            .filter(|&i| i < n)
            .ok_or_else(|| error(format!("action index {index} out of range 0..{n}")))?;
        game.legal_mask(state, player, &mut mask);
        match game.index_action(state, player, i).filter(|_| mask[i]) {
            Some(action) => joint.push(action),
            None => {
                return Err(error(format!(
                    "illegal action index {i} for player {player}: not in its legal mask"
                )));
            }
        }
    }
    Ok(joint)
}

/// Dogfight's bots have the crate's own shape ([`::dogfight::Bot`]); this plays one as an
/// [`arena::Bot`] as `arena::adapt::DogfightBot` does in the arena's runner (its own planes
/// first, as side P1; a fresh bot from each game's seed), keeping it `Send` for the GIL-free
/// calls (`DogfightBot` holds a bot that need not be).
struct DogfightSend {
    name: &'static str,
    bot: Box<dyn ::dogfight::Bot + Send>,
    factory: fn(u64) -> Box<dyn ::dogfight::Bot + Send>,
}

impl Bot<::dogfight::Game> for DogfightSend {
    fn name(&self) -> String {
        self.name.to_owned()
    }

    fn new_game(&mut self, game: &::dogfight::Game, _player: usize, seed: u64) {
        // A game is one fight of a match-up of its own, by a bot made for it (as the arena's
        // runner plays a `DogfightBot`): `NEW OPPONENT 1`, then `NEW FIGHT 0 0 0`.
        self.bot = (self.factory)(seed);
        self.bot.new_opponent(1);
        self.bot.new_fight(game, 0, 0, 0);
    }

    fn act(
        &mut self,
        game: &::dogfight::Game,
        observation: &::dogfight::State,
        _player: usize,
    ) -> ::dogfight::Action {
        self.bot.act(game, observation, ::dogfight::Side::P1)
    }
}

fn dogfight_bot(
    name: &'static str,
    factory: fn(u64) -> Box<dyn ::dogfight::Bot + Send>,
) -> Box<dyn Bot<::dogfight::Game> + Send> {
    Box::new(DogfightSend {
        name,
        bot: factory(0),
        factory,
    })
}

impl Builtin for ::dogfight::Game {
    const HEARS: bool = false;

    fn roster() -> &'static [(&'static str, &'static str)] {
        <Self as examples::roster::Roster>::bot_names()
    }

    fn make(name: &str) -> Option<Box<dyn Bot<Self> + Send>> {
        use examples::dogfight::bots::{
            FastDumbPlanes, MctsBot, RandomBot, SearchBot, StraightBot,
        };
        Some(match name {
            "search" => dogfight_bot("search", |seed| Box::new(MctsBot::new(seed))),
            "search-classic" => {
                dogfight_bot("search-classic", |seed| Box::new(SearchBot::new(seed)))
            }
            "random" => dogfight_bot("random", |seed| Box::new(RandomBot::new(seed))),
            "fast-random" => {
                dogfight_bot("fast-random", |seed| Box::new(FastDumbPlanes::new(seed)))
            }
            "straight" => dogfight_bot("straight", |_| Box::new(StraightBot)),
            _ => return None,
        })
    }

    fn clock(state: &Self::State) -> u64 {
        u64::from(state.round)
    }
}

impl Builtin for ::tron3d::Game {
    const HEARS: bool = false;

    fn roster() -> &'static [(&'static str, &'static str)] {
        <Self as examples::roster::Roster>::bot_names()
    }

    fn make(name: &str) -> Option<Box<dyn Bot<Self> + Send>> {
        use examples::tron3d::bots::{Demo, Null, Search, TREE_ITERATIONS};
        use examples::tron3d::tree_bot::TreeBot;
        Some(match name {
            "search" => Box::new(Search::new()),
            "tree" => Box::new(TreeBot::new(TREE_ITERATIONS)),
            "demo" => Box::new(Demo::new(0)),
            "null" => Box::new(Null),
            _ => return None,
        })
    }

    fn clock(state: &Self::State) -> u64 {
        u64::from(state.round())
    }
}

impl Builtin for ::cloudwars::Game {
    const HEARS: bool = false;

    fn roster() -> &'static [(&'static str, &'static str)] {
        <Self as examples::roster::Roster>::bot_names()
    }

    fn make(name: &str) -> Option<Box<dyn Bot<Self> + Send>> {
        use examples::cloudwars::bots::{Greedy, Search, SearchClassic};
        Some(match name {
            "greedy" => Box::new(Greedy),
            "search" => Box::new(Search::default()),
            "search-classic" => Box::new(SearchClassic::default()),
            _ => return None,
        })
    }

    fn clock(state: &Self::State) -> u64 {
        state.iteration()
    }
}

impl Builtin for ::amazes::Game {
    const HEARS: bool = false;

    fn roster() -> &'static [(&'static str, &'static str)] {
        <Self as examples::roster::Roster>::bot_names()
    }

    fn make(name: &str) -> Option<Box<dyn Bot<Self> + Send>> {
        use examples::amazes::bots::{ExplorerBot, RandomBot, SearchBot};
        Some(match name {
            "search" => Box::new(SearchBot::default()),
            "explorer" => Box::new(ExplorerBot::default()),
            "random" => Box::new(RandomBot::default()),
            _ => return None,
        })
    }

    fn clock(state: &Self::State) -> u64 {
        u64::from(state.turns_done(::amazes::Player::Red))
            + u64::from(state.turns_done(::amazes::Player::Blue))
    }
}

impl Builtin for ::windward::Game {
    const HEARS: bool = <Self as arena::Playable>::PUBLIC_EVENTS;

    fn roster() -> &'static [(&'static str, &'static str)] {
        <Self as examples::roster::Roster>::bot_names()
    }

    fn make(name: &str) -> Option<Box<dyn Bot<Self> + Send>> {
        use examples::windward::bots::{BuiltIn, Idle, Navigator, Planner, Search};
        Some(match name {
            "builtin" => Box::new(BuiltIn::new(0, true)),
            "builtin-nocards" => Box::new(BuiltIn::new(0, false)),
            "planner" => Box::new(Planner::new()),
            "navigator" => Box::new(Navigator::new()),
            "search" => Box::new(Search::new(0)),
            "idle" => Box::new(Idle),
            _ => return None,
        })
    }

    fn clock(state: &Self::State) -> u64 {
        u64::from(state.tick)
    }
}

impl Builtin for pathfind::tree::toys::TicTacToe {
    const HEARS: bool = false;

    fn roster() -> &'static [(&'static str, &'static str)] {
        &[]
    }

    fn make(_name: &str) -> Option<Box<dyn Bot<Self> + Send>> {
        None
    }

    fn clock(state: &Self::State) -> u64 {
        (0..9).filter(|&cell| state.mark(cell).is_some()).count() as u64
    }
}

/// Writes the Python bot class of one game, `contest_engines.bots.<Class>`.
macro_rules! bot_class {
    ($module:ident, $class:literal, $game:ty) => {
        pub mod $module {
            use std::sync::Arc;

            use pyo3::prelude::*;

            use crate::engine;
            use crate::games::$module::{Action, Game, State};

            type G = $game;

            /// One of `play`'s bots for this game as a Python policy: `act(state, player)`
            /// answers the player's `Action` (or `None` when it is not to move), thinking with
            /// the GIL released. `Bot(name, seed=0, game=None)`: `game` is the `Game` whose
            /// states it is given (default: the game's default `Game()`). See
            /// `contest_engines.bots`.
            #[pyclass(name = $class, module = "contest_engines.bots")]
            pub struct Bot {
                life: crate::bots::Life<G>,
                game: Py<Game>,
                inner: Arc<G>,
                game_id: u64,
            }

            #[pymethods]
            impl Bot {
                #[new]
                #[pyo3(signature = (name, seed = None, game = None))]
                fn new(
                    py: Python<'_>,
                    name: &str,
                    seed: Option<engine::Int>,
                    game: Option<Py<Game>>,
                ) -> PyResult<Bot> {
                    let seed = seed.map(engine::seed).transpose()?.unwrap_or(0);
                    let game = match game {
                        Some(game) => game,
                        None => py.get_type::<Game>().call0()?.cast_into::<Game>()?.unbind(),
                    };
                    let (inner, game_id) = {
                        let g = game.get();
                        (g.inner.clone(), g.id)
                    };
                    Ok(Bot {
                        life: crate::bots::Life::new(name, seed)?,
                        game,
                        inner,
                        game_id,
                    })
                }

                /// The bot's name (`"demo"`).
                #[getter]
                fn name(&self) -> &str {
                    &self.life.name
                }

                /// The seed its games are seeded from.
                #[getter]
                fn seed(&self) -> u64 {
                    self.life.seed
                }

                /// The games it has started.
                #[getter]
                fn games(&self) -> u64 {
                    self.life.games
                }

                /// Whether it reacts to `hear` (the bots of a game whose events every player
                /// is told: Windward).
                #[getter]
                fn hears(&self) -> bool {
                    <G as crate::bots::Builtin>::HEARS
                }

                /// The `Game` whose states it acts on.
                #[getter]
                fn game(&self, py: Python<'_>) -> Py<Game> {
                    self.game.clone_ref(py)
                }

                /// The names of this game's bots and one line about each.
                #[staticmethod]
                fn names() -> Vec<(&'static str, &'static str)> {
                    crate::bots::names::<G>()
                }

                /// `player`'s action in `state`, or `None` when `player` is not to move.
                fn act(
                    &mut self,
                    py: Python<'_>,
                    state: PyRef<'_, State>,
                    player: engine::Int,
                ) -> PyResult<Option<Action>> {
                    let player = engine::check_player(&*self.inner, player)?;
                    engine::checked_state(&*self.inner, self.game_id, state.game, &state.inner)?;
                    let root = state.inner.clone();
                    drop(state);
                    let action = self.life.act(py, &self.inner, root, player)?;
                    Ok(action.map(|inner| Action { inner }))
                }

                /// Tells the bot the step taken from `state` by `actions` (one per player of
                /// `to_move(state)`, in order: `Action`s or action indices). Bots of games
                /// whose events every player is told (Windward's status messages) react to
                /// them; elsewhere this does nothing. Call it after each step of a game the
                /// bot plays.
                fn hear(
                    &mut self,
                    state: PyRef<'_, State>,
                    actions: &Bound<'_, PyAny>,
                ) -> PyResult<()> {
                    engine::checked_state(&*self.inner, self.game_id, state.game, &state.inner)?;
                    let joint = match actions.extract::<Vec<PyRef<'_, Action>>>() {
                        Ok(actions) => {
                            let movers = pathfind::tree::Game::to_move(&*self.inner, &state.inner);
                            if actions.len() != movers.len() {
                                return Err(engine::error(format!(
                                    "{} actions given, but {} player(s) are to move",
                                    actions.len(),
                                    movers.len()
                                )));
                            }
                            actions.iter().map(|a| a.inner.clone()).collect()
                        }
                        Err(_) => {
                            let indices: Vec<i64> = actions.extract().map_err(|_| {
                                pyo3::exceptions::PyTypeError::new_err(
                                    "actions: a list of Actions or of action indices",
                                )
                            })?;
                            crate::bots::joint_of_indices(&*self.inner, &state.inner, &indices)?
                        }
                    };
                    self.life.hear(&*self.inner, &state.inner, &joint)
                }

                /// Forgets the current game: the next `act` starts a new one. With `seed`, its
                /// games are seeded afresh from it (as a new bot of that seed).
                #[pyo3(signature = (seed = None))]
                fn reset(&mut self, seed: Option<engine::Int>) -> PyResult<()> {
                    self.life.reset(seed.map(engine::seed).transpose()?);
                    Ok(())
                }

                /// Pickling (and copying) as its name, seed and game: the copy is the bot
                /// made anew, whose next `act` starts its game 0 (a bot's memory of a game in
                /// progress is Rust data without a serde form, and is not carried).
                fn __reduce__<'py>(
                    slf: &Bound<'py, Self>,
                ) -> PyResult<(Bound<'py, PyAny>, (String, u64, Py<Game>))> {
                    let bot = slf.borrow();
                    Ok((
                        slf.get_type().into_any(),
                        (
                            bot.life.name.clone(),
                            bot.life.seed,
                            bot.game.clone_ref(slf.py()),
                        ),
                    ))
                }

                fn __repr__(&self) -> String {
                    format!(
                        "<contest_engines.bots.{} {:?} seed={}>",
                        $class, self.life.name, self.life.seed
                    )
                }
            }
        }
    };
}

bot_class!(dogfight, "DogfightBot", ::dogfight::Game);
bot_class!(tron3d, "Tron3dBot", ::tron3d::Game);
bot_class!(cloudwars, "CloudwarsBot", ::cloudwars::Game);
bot_class!(amazes, "AmazesBot", ::amazes::Game);
bot_class!(windward, "WindwardBot", ::windward::Game);
bot_class!(tictactoe, "TictactoeBot", ::pathfind::tree::toys::TicTacToe);

/// Adds the submodule `bots` of the bot classes to the extension module.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let module = PyModule::new(parent.py(), "bots")?;
    module.add_class::<dogfight::Bot>()?;
    module.add_class::<tron3d::Bot>()?;
    module.add_class::<cloudwars::Bot>()?;
    module.add_class::<amazes::Bot>()?;
    module.add_class::<windward::Bot>()?;
    module.add_class::<tictactoe::Bot>()?;
    parent.add_submodule(&module)
}
