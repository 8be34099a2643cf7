//! Tensors for learning in Python: the game contract's [`Tensor`] extension as numpy arrays, and
//! the vectorised environment (many games stepped in one call, in parallel, with the GIL
//! released).
//!
//! Everything here is generic over the game: [`Engine`] asks for [`Tensor`], which all five
//! games (and tic-tac-toe) implement, so no game needs a line of its own.
//!
//! The arrays go to Python through rust-numpy without a copy: a `Vec` filled in Rust becomes
//! the array's buffer (`PyArray::from_vec`). rust-numpy works under abi3: it reaches numpy
//! through numpy's own C-API capsule, and of CPython it uses only the limited API.

use std::sync::Arc;

use contest_engines_json::{FromJson, ToJson};
use numpy::{PyArray, PyArrayMethods, PyUntypedArrayMethods};
use pathfind::tree::{self, Tensor};
use pyo3::prelude::*;
use rayon::prelude::*;
use serde_json::value::RawValue;

use smallvec::SmallVec;

use crate::engine::{Engine, Int, error};

/// `player`'s observation tensor of `state`: a new array, written in place (no copy, no
/// reshape).
pub fn observation<'py, G: Engine>(
    py: Python<'py>,
    game: &G,
    state: &G::State,
    player: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let out = PyArray::<f32, numpy::IxDyn>::zeros(py, game.observation_shape(), false);
    {
        let mut view = out.try_readwrite()?;
        game.observation_tensor(state, player, view.as_slice_mut()?);
    }
    Ok(out.into_any())
}

thread_local! {
    /// The legal mask of the last call on this thread, reused (no allocation per call).
    static MASK: std::cell::RefCell<Vec<bool>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `f` with `player`'s legal mask in `state` (a buffer of this thread, reused).
pub fn with_mask<G: Engine, R>(
    game: &G,
    state: &G::State,
    player: usize,
    f: impl FnOnce(&[bool]) -> R,
) -> R {
    MASK.with_borrow_mut(|buf| {
        buf.clear();
        buf.resize(game.num_distinct_actions(), false);
        game.legal_mask(state, player, buf);
        f(buf)
    })
}

/// `player`'s legal-action mask in `state`: a new 1-D array, copied from the reused buffer.
pub fn mask<'py, G: Engine>(
    py: Python<'py>,
    game: &G,
    state: &G::State,
    player: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let mask = with_mask(game, state, player, |m| numpy::PyArray1::from_slice(py, m));
    Ok(mask.into_any())
}

/// `player`'s legal action indices in `state`, in increasing order (empty for a player not to
/// move): the mask's true positions.
pub fn legal_indices<G: Engine>(game: &G, state: &G::State, player: usize) -> Vec<usize> {
    with_mask(game, state, player, |m| {
        m.iter()
            .enumerate()
            .filter_map(|(i, &legal)| legal.then_some(i))
            .collect()
    })
}

/// `index` checked against the game's action space.
pub fn check_index<G: Engine>(game: &G, index: Int) -> PyResult<usize> {
    let n = game.num_distinct_actions();
    match usize::try_from(index.0) {
        Ok(i) if i < n => Ok(i),
        _ => Err(error(format!(
            "action index {index} out of range: {} has action indices 0..{n}",
            G::NAME
        ))),
    }
}

/// Action indices as Python passes them to `step_indices` and `advance_indices`: one integer
/// (for the one player to move: the fast path of alternating games), or a sequence of them
/// (one per player of `to_move`, in order).
pub struct Indices(pub SmallVec<[Int; 8]>);

impl<'a, 'py> FromPyObject<'a, 'py> for Indices {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Indices> {
        use pyo3::types::{PyInt, PyList, PyTuple};
        let mut out = SmallVec::new();
        if obj.is_instance_of::<PyInt>() {
            out.push(obj.extract::<Int>()?);
        } else if let Ok(list) = obj.cast::<PyList>() {
            for item in list.iter() {
                out.push(item.extract::<Int>()?);
            }
        } else if let Ok(tuple) = obj.cast::<PyTuple>() {
            for item in tuple.iter() {
                out.push(item.extract::<Int>()?);
            }
        } else if let Ok(items) = obj.try_iter() {
            // A numpy array, a generator: any iterable of integers.
            for item in items {
                out.push(item?.extract::<Int>()?);
            }
        } else {
            // One integer of another kind (a numpy integer: `__index__`), or no integer at all.
            out.push(obj.extract::<Int>().map_err(|_| {
                crate::type_error(
                    obj.py(),
                    "action indices: an integer, or a sequence of integers (one per player to move)",
                )
            })?);
        }
        Ok(Indices(out))
    }
}

/// The joint action of `indices` (one per player of `to_move(state)`, in order), each checked
/// against its player's legal mask.
pub fn joint_of_indices<G: Engine>(
    game: &G,
    state: &G::State,
    indices: &[Int],
) -> PyResult<SmallVec<[G::Action; 4]>> {
    let movers = game.to_move(state);
    if indices.len() != movers.len() {
        return Err(error(format!(
            "{} action indices given, but {} player(s) are to move ({:?}): one index per player \
             in to_move(state), in increasing player order",
            indices.len(),
            movers.len(),
            movers.iter().collect::<Vec<_>>()
        )));
    }
    let mut joint = SmallVec::new();
    for (player, &index) in movers.iter().zip(indices) {
        let i = check_index(game, index)?;
        let legal = with_mask(game, state, player, |mask| mask[i]);
        let action = game.index_action(state, player, i).filter(|_| legal);
        match action {
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

/// What the vectorised environment gives a player at the end of a game: `2·returns − 1`, in
/// `[-1, 1]` (a two-player win +1, loss −1, draw 0), and 0 in every other step; the PettingZoo
/// environments give the same.
pub fn final_reward(returns: f64) -> f32 {
    (2.0 * returns - 1.0) as f32
}

/// One game of a [`VecCore`].
struct Slot<G: tree::Game> {
    state: G::State,
    /// Steps since this game's start.
    steps: u32,
    /// Games this slot has finished (the next one's seed follows from it).
    episodes: u64,
    /// The joint action of a step, reused.
    joint: Vec<G::Action>,
    /// The returns of a finished game, reused.
    returns: Vec<f64>,
    /// The state before the last step, the `before` of the incremental observation update
    /// (kept only when the environment writes incrementally).
    prev: G::State,
    /// Whether a game of this slot ended in the last step (terminated or truncated): then
    /// `last` is its final state and `last_steps` its length (Gymnasium's `final_obs` and
    /// `final_info`, made from them on request).
    ended: bool,
    last: G::State,
    last_steps: u32,
}

/// Where one step of every game writes: the vector environment's numpy arrays, flat and
/// row-major, borrowed for the step (they are written in place, with the GIL released, and
/// handed back to Python as they are: no allocation per step).
pub struct Out<'a> {
    pub observations: &'a mut [f32],
    pub rewards: &'a mut [f32],
    pub terminated: &'a mut [bool],
    pub truncated: &'a mut [bool],
    pub masks: &'a mut [bool],
}

/// `N` games of one kind stepped together: the core of `Game.vector_env`.
pub struct VecCore<G: Engine> {
    pub game: Arc<G>,
    slots: Vec<Slot<G>>,
    /// Every game's legal masks after the last step (`[N, P, A]`), to check the next actions.
    masks: Vec<bool>,
    seed: u64,
    max_steps: Option<u32>,
    /// Whether the observation tensors are written (off: the array stays zeros).
    observe: bool,
    /// Whether a step updates the observations that the array holds instead of writing them
    /// in full ([`Tensor::update_observation_tensor`]): when observing, asked for, and the game
    /// does less than the full write.
    incremental: bool,
    pub players: usize,
    pub actions: usize,
    pub shape: Vec<usize>,
    obs_len: usize,
    /// A step was interrupted (a signal, Ctrl-C) between two chunks of games: some games
    /// stepped and the others not, so the next step is refused until a reset.
    interrupted: bool,
    /// The games a step runs between two polls for signals, sized from the pace of the last
    /// chunks to take about [`CHUNK_TIME`] (a step that fast is one chunk).
    chunk: usize,
}

/// The first chunk of a step's games (see [`VecCore::step`]), before the pace is known.
pub const STEP_CHUNK: usize = 1024;

/// About how long a chunk of a step runs between two polls for signals.
pub const CHUNK_TIME: std::time::Duration = std::time::Duration::from_millis(20);

/// What a [`VecCore`] pickles as (through serde, in JSON): everything a step depends on and the
/// last step's results, so that the environment made again from it continues exactly as the
/// original would. The states are their own JSON forms, kept as raw JSON text: written and read
/// by the game's [`ToJson`]/[`FromJson`] (built apart, in `contest_engines_json`), so this
/// struct's serde code is the same for every game.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct Snapshot {
    seed: u64,
    max_steps: Option<u32>,
    observe: bool,
    incremental: bool,
    interrupted: bool,
    slots: Vec<SlotSnapshot>,
    /// The last step's rewards (`f32` bits, exact), terminated and truncated.
    rewards: Vec<u32>,
    terminated: Vec<bool>,
    truncated: Vec<bool>,
}

#[derive(serde::Serialize, serde::Deserialize)]
struct SlotSnapshot {
    state: Box<RawValue>,
    steps: u32,
    episodes: u64,
    /// The final state and length of the game that ended in the last step.
    last: Option<(Box<RawValue>, u32)>,
}

impl<G: Engine> VecCore<G> {
    pub fn new(
        game: Arc<G>,
        num_envs: usize,
        seed: u64,
        max_steps: Option<u32>,
        observe: bool,
        incremental: bool,
    ) -> PyResult<Self> {
        if num_envs == 0 {
            return Err(error("num_envs must be at least 1"));
        }
        // A bound on the arrays of one step, checked before allocating them.
        let players = game.players();
        let actions = game.num_distinct_actions();
        let shape = game.observation_shape();
        let obs_len: usize = shape.iter().product();
        let per_env = players * (obs_len * 4 + actions);
        if num_envs.saturating_mul(per_env) > MAX_STEP_BYTES {
            return Err(error(format!(
                "num_envs {num_envs}: one step's arrays would take {} bytes per game, more than \
                 {MAX_STEP_BYTES} bytes in all",
                per_env
            )));
        }
        if max_steps == Some(0) {
            return Err(error("max_steps must be at least 1 (or None)"));
        }
        let slots = (0..num_envs)
            .map(|_| Slot {
                state: game.initial_state(seed),
                steps: 0,
                episodes: 0,
                joint: Vec::with_capacity(players),
                returns: vec![0.0; players],
                prev: game.initial_state(seed),
                ended: false,
                last: game.initial_state(seed),
                last_steps: 0,
            })
            .collect();
        let incremental = observe && incremental && game.incremental_observations();
        let masks = vec![false; num_envs * players * actions];
        let mut core = VecCore {
            game,
            slots,
            masks,
            seed,
            max_steps,
            observe,
            incremental,
            players,
            actions,
            shape,
            obs_len,
            interrupted: false,
            chunk: STEP_CHUNK,
        };
        core.seed = seed;
        Ok(core)
    }

    /// The environment's pickled form (see [`Snapshot`]); `rewards`, `terminated` and
    /// `truncated` are the last step's arrays.
    pub fn snapshot(
        &self,
        rewards: &[f32],
        terminated: &[bool],
        truncated: &[bool],
    ) -> Result<String, String> {
        let mut slots = Vec::with_capacity(self.slots.len());
        for slot in &self.slots {
            slots.push(SlotSnapshot {
                state: slot.state.to_raw_json()?,
                steps: slot.steps,
                episodes: slot.episodes,
                last: match slot.ended {
                    true => Some((slot.last.to_raw_json()?, slot.last_steps)),
                    false => None,
                },
            });
        }
        let snapshot = Snapshot {
            seed: self.seed,
            max_steps: self.max_steps,
            observe: self.observe,
            incremental: self.incremental,
            interrupted: self.interrupted,
            slots,
            rewards: rewards.iter().map(|r| r.to_bits()).collect(),
            terminated: terminated.to_vec(),
            truncated: truncated.to_vec(),
        };
        serde_json::to_string(&snapshot).map_err(|e| e.to_string())
    }

    /// The environment of a [`snapshot`](Self::snapshot), every state validated against
    /// `game`, and the last step's rewards, terminated and truncated to write back.
    #[allow(clippy::type_complexity)]
    pub fn restore(
        game: Arc<G>,
        text: &str,
    ) -> Result<(Self, (Vec<f32>, Vec<bool>, Vec<bool>)), String> {
        let snapshot: Snapshot =
            serde_json::from_str(text).map_err(|e| format!("malformed VecEnv pickle: {e}"))?;
        let n = snapshot.slots.len();
        let mut core = VecCore::new(
            game,
            n,
            snapshot.seed,
            snapshot.max_steps,
            snapshot.observe,
            snapshot.incremental,
        )
        .map_err(|e| e.to_string())?;
        if snapshot.rewards.len() != n * core.players
            || snapshot.terminated.len() != n
            || snapshot.truncated.len() != n
        {
            return Err("malformed VecEnv pickle: the arrays do not fit the games".into());
        }
        core.interrupted = snapshot.interrupted;
        let game = core.game.clone();
        for (env, (slot, saved)) in core.slots.iter_mut().zip(snapshot.slots).enumerate() {
            let state = G::State::from_json(saved.state.get())
                .map_err(|e| format!("malformed VecEnv pickle, game {env}: {e}"))?;
            game.validate(&state)
                .map_err(|e| format!("VecEnv pickle, game {env}: {e}"))?;
            slot.prev.clone_from(&state);
            slot.state = state;
            slot.steps = saved.steps;
            slot.episodes = saved.episodes;
            if let Some((last, steps)) = saved.last {
                let last = G::State::from_json(last.get()).map_err(|e| {
                    format!("malformed VecEnv pickle, game {env}'s final state: {e}")
                })?;
                game.validate(&last)
                    .map_err(|e| format!("VecEnv pickle, game {env}'s final state: {e}"))?;
                slot.ended = true;
                slot.last = last;
                slot.last_steps = steps;
            }
        }
        let rewards = snapshot.rewards.into_iter().map(f32::from_bits).collect();
        Ok((core, (rewards, snapshot.terminated, snapshot.truncated)))
    }

    /// Writes every game's views in full (observations when observing, and masks) and the
    /// last step's results: the arrays of an environment made again from its snapshot.
    pub fn rewrite(&mut self, out: Out<'_>, last: &(Vec<f32>, Vec<bool>, Vec<bool>)) {
        out.rewards.copy_from_slice(&last.0);
        out.terminated.copy_from_slice(&last.1);
        out.truncated.copy_from_slice(&last.2);
        self.write_every_view(out.observations, out.masks);
    }

    /// The games that ended in the last step (terminated or truncated), in increasing order.
    pub fn ended(&self) -> impl Iterator<Item = usize> + '_ {
        self.slots
            .iter()
            .enumerate()
            .filter_map(|(env, slot)| slot.ended.then_some(env))
    }

    /// The final state and length of game `env`'s game that ended in the last step, if one did.
    pub fn last(&self, env: usize) -> Option<(&G::State, u32)> {
        self.slots
            .get(env)
            .filter(|slot| slot.ended)
            .map(|slot| (&slot.last, slot.last_steps))
    }

    /// Writes the observation tensors of the final states of the games that ended in the last
    /// step into `out` (`[K, P, *shape]`, the `K` games of [`ended`](Self::ended) in order).
    pub fn write_final_observations(&self, out: &mut [f32]) {
        let (game, players, obs_len) = (&*self.game, self.players, self.obs_len);
        let ended: Vec<&Slot<G>> = self.slots.iter().filter(|s| s.ended).collect();
        ended
            .par_iter()
            .zip(out.par_chunks_mut(players * obs_len))
            .for_each(|(slot, obs)| {
                for (player, o) in obs.chunks_exact_mut(obs_len).enumerate() {
                    game.observation_tensor(&slot.last, player, o);
                }
            });
    }

    /// Whether steps update the observations in place of writing them in full: the array
    /// must then hold what the environment last wrote (the caller gets it read-only).
    pub fn incremental(&self) -> bool {
        self.incremental
    }

    /// The base seed of the last reset.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// The seed of game `episode` of slot `env`: distinct for every game of every slot.
    fn seed_of(&self, env: usize, episode: u64) -> u64 {
        self.seed
            .wrapping_add(env as u64)
            .wrapping_add(episode.wrapping_mul(self.slots.len() as u64))
    }

    /// Every slot at the start of a fresh game: slot `i` from seed `seed + i`.
    pub fn reset(&mut self, seed: u64, out: Out<'_>) {
        self.seed = seed;
        for i in 0..self.slots.len() {
            let state = self.game.initial_state(self.seed_of(i, 0));
            let slot = &mut self.slots[i];
            slot.state = state;
            slot.steps = 0;
            slot.episodes = 0;
            slot.ended = false;
        }
        self.interrupted = false;
        out.rewards.fill(0.0);
        out.terminated.fill(false);
        out.truncated.fill(false);
        self.write_every_view(out.observations, out.masks);
    }

    /// Writes every game's views in full, in parallel: its players' observations (when
    /// observing) and masks, and the masks this core checks actions against.
    fn write_every_view(&mut self, observations: &mut [f32], masks: &mut [bool]) {
        let (game, players, actions, obs_len, observe) = (
            &*self.game,
            self.players,
            self.actions,
            self.obs_len,
            self.observe,
        );
        self.slots
            .par_iter()
            .zip(observations.par_chunks_mut(players * obs_len))
            .zip(masks.par_chunks_mut(players * actions))
            .for_each(|((slot, obs), mask)| {
                write_views(game, &slot.state, obs, mask, observe, obs_len, actions);
            });
        self.masks.copy_from_slice(masks);
    }

    /// The lengths of the five arrays of [`Out`]: observations, rewards, terminated, truncated,
    /// masks.
    pub fn out_lens(&self) -> [usize; 5] {
        let n = self.slots.len();
        [
            n * self.players * self.obs_len,
            n * self.players,
            n,
            n,
            n * self.players * self.actions,
        ]
    }

    /// Checks `actions` (`[N, P]` indices; a player not to move may hold anything) against the
    /// legal masks of the last step, changing nothing when one is illegal.
    pub fn check(&self, actions: &[i64]) -> Result<(), String> {
        if self.interrupted {
            return Err(
                "the last step was interrupted (a signal: Ctrl-C) with some games \
                        stepped and the others not: reset() before stepping again"
                    .into(),
            );
        }
        if actions.len() != self.slots.len() * self.players {
            return Err(format!(
                "actions: expected {} values (shape [{}, {}]), got {}",
                self.slots.len() * self.players,
                self.slots.len(),
                self.players,
                actions.len()
            ));
        }
        for (env, slot) in self.slots.iter().enumerate() {
            for player in self.game.to_move(&slot.state) {
                let index = actions[env * self.players + player];
                let base = (env * self.players + player) * self.actions;
                let legal = usize::try_from(index)
                    .ok()
                    .filter(|&i| i < self.actions)
                    .is_some_and(|i| self.masks[base + i]);
                if !legal {
                    return Err(format!(
                        "env {env}, player {player}: action index {index} is not legal (its \
                         mask allows {} of 0..{})",
                        self.masks[base..base + self.actions]
                            .iter()
                            .filter(|&&m| m)
                            .count(),
                        self.actions
                    ));
                }
            }
        }
        Ok(())
    }

    /// One step of every game (actions already [`check`](Self::check)ed), in parallel; a game
    /// that ends is reported in `terminated` (or `truncated` at `max_steps`) with its final
    /// rewards, and the observations and masks are those of the next game, already started
    /// (the final state is kept for [`last`](Self::last)). The games are stepped in chunks of
    /// about [`CHUNK_TIME`] each (the first of [`STEP_CHUNK`] games, the next sized from the
    /// pace so far, kept for the next step: a quicker step is one chunk), and `stop` is polled
    /// between two chunks: when it answers `true` the step ends there, answering `false`, and
    /// the environment refuses to step until a reset.
    pub fn step(&mut self, actions: &[i64], out: Out<'_>, mut stop: impl FnMut() -> bool) -> bool {
        out.rewards.fill(0.0);
        out.terminated.fill(false);
        out.truncated.fill(false);
        let n = self.slots.len();
        let (players, actions_n, obs_len) = (self.players, self.actions, self.obs_len);
        let mut from = 0;
        while from < n {
            let to = (from + self.chunk).min(n);
            let start = std::time::Instant::now();
            self.step_range(
                from,
                &actions[from * players..to * players],
                Out {
                    observations: &mut out.observations
                        [from * players * obs_len..to * players * obs_len],
                    rewards: &mut out.rewards[from * players..to * players],
                    terminated: &mut out.terminated[from..to],
                    truncated: &mut out.truncated[from..to],
                    masks: &mut out.masks[from * players * actions_n..to * players * actions_n],
                },
            );
            // The next chunk's size from this one's pace: about CHUNK_TIME of games.
            let per_game = start.elapsed().as_secs_f64() / (to - from) as f64;
            if per_game > 0.0 {
                let fit = (CHUNK_TIME.as_secs_f64() / per_game).min(usize::MAX as f64) as usize;
                // At least a few games per core, however slow a game is.
                self.chunk = fit.max(64);
            }
            from = to;
            if from < n && stop() {
                self.interrupted = true;
                return false;
            }
        }
        true
    }

    /// One step of the games `from..from + out.terminated.len()`; `actions` and `out` are
    /// theirs.
    fn step_range(&mut self, from: usize, actions: &[i64], out: Out<'_>) {
        let count = out.terminated.len();
        let n = self.slots.len() as u64;
        let (game, players, actions_n, obs_len, base_seed, max_steps, observe, incremental) = (
            &*self.game,
            self.players,
            self.actions,
            self.obs_len,
            self.seed,
            self.max_steps,
            self.observe,
            self.incremental,
        );
        self.slots[from..from + count]
            .par_iter_mut()
            .zip(
                self.masks[from * players * actions_n..(from + count) * players * actions_n]
                    .par_chunks_mut(players * actions_n),
            )
            .enumerate()
            .zip(out.observations.par_chunks_mut(players * obs_len))
            .zip(out.masks.par_chunks_mut(players * actions_n))
            .zip(out.rewards.par_chunks_mut(players))
            .zip(
                out.terminated
                    .par_iter_mut()
                    .zip(out.truncated.par_iter_mut()),
            )
            .for_each(
                |(((((i, (slot, kept)), obs), mask), rewards), (term, trunc))| {
                    let env = from + i;
                    let chosen = &actions[i * players..(i + 1) * players];
                    slot.joint.clear();
                    for player in game.to_move(&slot.state) {
                        // Checked against the mask: the index stands for an action.
                        if let Some(action) =
                            game.index_action(&slot.state, player, chosen[player] as usize)
                        {
                            slot.joint.push(action);
                        }
                    }
                    if incremental {
                        slot.prev.clone_from(&slot.state);
                    }
                    game.advance(&mut slot.state, &slot.joint);
                    slot.steps += 1;
                    let over = game.is_terminal(&slot.state);
                    let cut = !over && max_steps.is_some_and(|m| slot.steps >= m);
                    slot.ended = over || cut;
                    if over || cut {
                        if over {
                            game.returns(&slot.state, &mut slot.returns);
                            for (r, v) in rewards.iter_mut().zip(&slot.returns) {
                                *r = final_reward(*v);
                            }
                        }
                        *term = over;
                        *trunc = cut;
                        slot.episodes += 1;
                        let seed = base_seed
                            .wrapping_add(env as u64)
                            .wrapping_add(slot.episodes.wrapping_mul(n));
                        // The final state is kept (Gymnasium's `final_obs`), swapped out
                        // without a copy.
                        std::mem::swap(&mut slot.state, &mut slot.last);
                        slot.last_steps = slot.steps;
                        slot.state = game.initial_state(seed);
                        slot.steps = 0;
                        // A new game: written in full (an update from the old game's state
                        // would be exact too, but a restart is rare and this is the simpler
                        // promise).
                        write_views(game, &slot.state, obs, mask, observe, obs_len, actions_n);
                    } else if incremental {
                        // The array holds the observations of `prev` (what the last reset or
                        // step wrote; the caller's copy is read-only): only the changes.
                        for (player, (o, m)) in obs
                            .chunks_exact_mut(obs_len)
                            .zip(mask.chunks_exact_mut(actions_n))
                            .enumerate()
                        {
                            game.update_observation_tensor(&slot.prev, &slot.state, player, o);
                            game.legal_mask(&slot.state, player, m);
                        }
                    } else {
                        write_views(game, &slot.state, obs, mask, observe, obs_len, actions_n);
                    }
                    // The masks the next actions are checked against: the environment's own copy,
                    // whatever the caller does with the array.
                    kept.copy_from_slice(mask);
                },
            );
    }

    /// Writes every game's observation tensors into `observations` (`[N, P, *shape]`, flat),
    /// in parallel: the current states' views, for an environment made with `observe=False`
    /// whose caller wants them only now and then.
    pub fn write_observations(&self, observations: &mut [f32]) {
        let (game, players, obs_len) = (&*self.game, self.players, self.obs_len);
        self.slots
            .par_iter()
            .zip(observations.par_chunks_mut(players * obs_len))
            .for_each(|(slot, obs)| {
                for (player, o) in obs.chunks_exact_mut(obs_len).enumerate() {
                    game.observation_tensor(&slot.state, player, o);
                }
            });
    }

    /// The state of game `env`.
    pub fn state(&self, env: usize) -> Option<&G::State> {
        self.slots.get(env).map(|s| &s.state)
    }
}

/// The most one step's arrays may take (observations, masks): 1 GiB.
pub const MAX_STEP_BYTES: usize = 1 << 30;

/// Every player's mask of `state`, and observation when `observe`.
#[allow(clippy::too_many_arguments)]
fn write_views<G: Tensor>(
    game: &G,
    state: &G::State,
    obs: &mut [f32],
    mask: &mut [bool],
    observe: bool,
    obs_len: usize,
    actions: usize,
) {
    for (player, (o, m)) in obs
        .chunks_exact_mut(obs_len)
        .zip(mask.chunks_exact_mut(actions))
        .enumerate()
    {
        if observe {
            game.observation_tensor(state, player, o);
        }
        game.legal_mask(state, player, m);
    }
}

/// The vector environment's five numpy arrays, made once and written in place by every
/// `reset` and `step`: observations `[N, P, *shape]`, rewards `[N, P]`, terminated `[N]`,
/// truncated `[N]`, masks `[N, P, A]`.
pub struct Arrays {
    pub observations: Py<PyArray<f32, numpy::IxDyn>>,
    pub rewards: Py<PyArray<f32, numpy::IxDyn>>,
    pub terminated: Py<PyArray<bool, numpy::IxDyn>>,
    pub truncated: Py<PyArray<bool, numpy::IxDyn>>,
    pub masks: Py<PyArray<bool, numpy::IxDyn>>,
}

impl Arrays {
    pub fn new<G: Engine>(py: Python<'_>, core: &VecCore<G>) -> Arrays {
        let n = core.len();
        let mut obs_shape = vec![n, core.players];
        obs_shape.extend_from_slice(&core.shape);
        Arrays {
            observations: PyArray::zeros(py, obs_shape, false).unbind(),
            rewards: PyArray::zeros(py, vec![n, core.players], false).unbind(),
            terminated: PyArray::zeros(py, vec![n], false).unbind(),
            truncated: PyArray::zeros(py, vec![n], false).unbind(),
            masks: PyArray::zeros(py, vec![n, core.players, core.actions], false).unbind(),
        }
    }

    /// The five arrays as a tuple, in [`Arrays`]' order.
    pub fn tuple<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pyo3::types::PyTuple::new(
            py,
            [
                self.observations.bind(py).as_any(),
                self.rewards.bind(py).as_any(),
                self.terminated.bind(py).as_any(),
                self.truncated.bind(py).as_any(),
                self.masks.bind(py).as_any(),
            ],
        )
    }

    /// Runs `f` with the arrays borrowed for writing (a `numpy` borrow error when Rust code
    /// holds them elsewhere; a reshaped or resized array is refused) and the GIL released.
    ///
    /// When the core writes the observations incrementally, the observations array is the
    /// environment's record of what it wrote, so Python gets it read-only: writeable only
    /// while `f` runs.
    pub fn write<'py, G: Engine, R: Send>(
        &self,
        py: Python<'py>,
        core: &mut VecCore<G>,
        f: impl FnOnce(&mut VecCore<G>, Out<'_>) -> R + Send,
    ) -> PyResult<R> {
        if !core.incremental() {
            return self.write_unguarded(py, core, f);
        }
        let flags = self.observations.bind(py).getattr("flags")?;
        flags.setattr("writeable", true)?;
        let result = self.write_unguarded(py, core, f);
        flags.setattr("writeable", false)?;
        result
    }

    fn write_unguarded<'py, G: Engine, R: Send>(
        &self,
        py: Python<'py>,
        core: &mut VecCore<G>,
        f: impl FnOnce(&mut VecCore<G>, Out<'_>) -> R + Send,
    ) -> PyResult<R> {
        let mut o = self.observations.bind(py).try_readwrite()?;
        let mut r = self.rewards.bind(py).try_readwrite()?;
        let mut t = self.terminated.bind(py).try_readwrite()?;
        let mut u = self.truncated.bind(py).try_readwrite()?;
        let mut m = self.masks.bind(py).try_readwrite()?;
        let out = Out {
            observations: o.as_slice_mut()?,
            rewards: r.as_slice_mut()?,
            terminated: t.as_slice_mut()?,
            truncated: u.as_slice_mut()?,
            masks: m.as_slice_mut()?,
        };
        let lens = core.out_lens();
        let got = [
            out.observations.len(),
            out.rewards.len(),
            out.terminated.len(),
            out.truncated.len(),
            out.masks.len(),
        ];
        if got != lens {
            return Err(error("the VecEnv's arrays were resized: make a new VecEnv"));
        }
        Ok(py.detach(move || f(core, out)))
    }
}

/// The actions of a vector step as `i64`s: any integer array-like of shape `[N, P]`.
pub fn actions_from_python(
    py: Python<'_>,
    actions: &Bound<'_, PyAny>,
    n: usize,
    players: usize,
) -> PyResult<Vec<i64>> {
    let array = py.import("numpy")?.getattr("asarray")?.call1((actions,))?;
    let array = array
        .cast_into::<PyArray<i64, numpy::IxDyn>>()
        .or_else(|_| {
            // Not int64 already: converted, refusing floats and anything else not integral.
            let np = py.import("numpy")?;
            let a = np.getattr("asarray")?.call1((actions,))?;
            let kind: String = a.getattr("dtype")?.getattr("kind")?.extract()?;
            if kind != "i" && kind != "u" {
                return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                    "actions must be integers (action indices), got an array of dtype kind {kind:?}"
                )));
            }
            Ok(a.call_method1("astype", ("int64",))?
                .cast_into::<PyArray<i64, numpy::IxDyn>>()?)
        })?;
    if array.shape() != [n, players] {
        return Err(error(format!(
            "actions: expected shape [{n}, {players}] (one index per game and player), got {:?}",
            array.shape()
        )));
    }
    let readonly = array.try_readonly()?;
    match readonly.as_slice() {
        Ok(slice) => Ok(slice.to_vec()),
        Err(_) => Ok(readonly.as_array().iter().copied().collect()),
    }
}
