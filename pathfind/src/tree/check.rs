//! The contract harness: checks that a [`Game`] keeps every promise of the contract, by playing
//! random games, for game crates' own tests.
//!
//! [`contract`] (or [`contract_by`] for a state type without `PartialEq`) plays one random game
//! per seed, choosing uniformly among the listed legal actions, and panics at the first broken
//! promise with a message naming the seed, the step and the check:
//!
//! - **determinism**: `initial_state(seed)` twice gives equal states, and two copies advanced
//!   with the same joint actions stay equal (so no randomness comes from outside the state);
//! - **step**: `step(state, actions)` equals `state.clone()` then `advance`;
//! - **movers**: `to_move` is empty exactly when `is_terminal`, names only players
//!   `0..players()`, and names one player at a time in an alternating game;
//! - **legal actions**: non-empty for every player to move, empty for every other player (and
//!   `buf` is cleared first); every listed action is accepted (`advance` does not panic) — each
//!   one is tried, with random actions for the other movers, at each of the first
//!   [`EXHAUSTIVE_STEPS`] steps and every [`EXHAUSTIVE_STEPS`]-th step after;
//! - **outcome**: `Some` exactly when `is_terminal`; the caller's `ranks` of it are one 1-based
//!   rank per player with ties sharing the better place (9, 9, 4 rank 1, 1, 3);
//! - **returns**: one value per player in `[0, 1]` in every state; in a terminal state, a better
//!   rank has a larger return and equal ranks equal returns;
//! - **over means over**: advancing a terminal state changes nothing;
//! - **termination**: every random game ends within `max_steps` steps (pass the game's
//!   documented limit);
//! - `observe` answers for every player in every state;
//! - **validate**: [`Game::validate`] accepts every state of the game.
//!
//! [`hostile_state`] is the other half of `validate`'s promise, for fuzz suites: a state from
//! outside is either refused or safe. Behind the `serde` feature, `hostile_serde` makes such
//! states from the game's own by corrupting their JSON (ids and counts out of range, limits,
//! missing and extra elements) and feeds them to it.
//!
//! [`determinization`] checks a [`Determinize`] implementation: sampled states agree with what
//! the player knows and leave its own legal actions unchanged.
//!
//! Behind the `serde` feature, `serde_round_trip` checks that every state of random games
//! survives a JSON round trip.
//!
//! ```
//! use pathfind::tree::check;
//! use pathfind::tree::toys::{Goofspiel, TicTacToe};
//!
//! let summary = check::contract(&TicTacToe, 0..20, 9, |ranks| ranks.map(usize::from).to_vec());
//! assert_eq!(summary.games, 20);
//! let goofspiel = Goofspiel::new(5).unwrap();
//! check::contract(&goofspiel, 0..20, 5, |ranks| ranks.map(usize::from).to_vec());
//! ```

use std::fmt::Debug;
use std::panic::{AssertUnwindSafe, catch_unwind};

use rand::{Rng, SeedableRng};

use super::{Determinize, Game, InvalidState, Moves};

/// Every listed action is tried at each of the first this many steps of a game, and at every
/// step whose number is a multiple of it.
pub const EXHAUSTIVE_STEPS: usize = 32;

/// What a passing [`contract`] check covered.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Summary {
    /// Games played (one per seed).
    pub games: usize,
    /// Steps played over all games.
    pub steps: usize,
    /// Listed actions tried one by one on a copy of the state.
    pub actions_tried: usize,
}

/// Checks the contract on one random game per seed, comparing states with `PartialEq`; see the
/// [module docs](self). `ranks` maps an outcome to one 1-based rank per player. Panics with
/// `contract: seed S, step N: <check>: <details>` at the first broken promise.
pub fn contract<G>(
    game: &G,
    seeds: impl IntoIterator<Item = u64>,
    max_steps: usize,
    ranks: impl Fn(&G::Outcome) -> Vec<usize>,
) -> Summary
where
    G: Game,
    G::State: PartialEq,
{
    contract_by(game, seeds, max_steps, ranks, |a, b| a == b)
}

/// [`contract`] with the caller's state equality `same` (for a state without `PartialEq`, or
/// to compare only what matters).
pub fn contract_by<G: Game>(
    game: &G,
    seeds: impl IntoIterator<Item = u64>,
    max_steps: usize,
    ranks: impl Fn(&G::Outcome) -> Vec<usize>,
    same: impl Fn(&G::State, &G::State) -> bool,
) -> Summary {
    let mut summary = Summary::default();
    for seed in seeds {
        let mut run = Run {
            game,
            seed,
            step: 0,
            ranks: &ranks,
            same: &same,
        };
        run.play(max_steps, &mut summary);
        summary.games += 1;
    }
    summary
}

/// The state of one checked game, for the messages.
struct Run<'a, G: Game, R, S> {
    game: &'a G,
    seed: u64,
    step: usize,
    ranks: &'a R,
    same: &'a S,
}

/// The start of a value's `Debug` form, for messages about states that may be large.
fn brief(value: &impl Debug) -> String {
    let text = format!("{value:?}");
    match text.char_indices().nth(400) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

impl<G, R, S> Run<'_, G, R, S>
where
    G: Game,
    R: Fn(&G::Outcome) -> Vec<usize>,
    S: Fn(&G::State, &G::State) -> bool,
{
    fn fail(&self, check: &str, details: String) -> ! {
        panic!(
            "contract: seed {}, step {}: {check}: {details}",
            self.seed, self.step
        )
    }

    /// `advance` on a copy, with a panic turned into a precise failure.
    fn advance_checked(&self, state: &mut G::State, joint: &[G::Action], what: &str) {
        let game = self.game;
        if catch_unwind(AssertUnwindSafe(|| {
            game.advance(state, joint);
        }))
        .is_err()
        {
            self.fail(
                "listed action not accepted",
                format!("advance panicked on {what} {}", brief(&joint)),
            );
        }
    }

    fn play(&mut self, max_steps: usize, summary: &mut Summary) {
        let game = self.game;
        let n = game.players();
        let mut state = game.initial_state(self.seed);
        let mut twin = game.initial_state(self.seed);
        if !(self.same)(&state, &twin) {
            self.fail(
                "determinism",
                "initial_state(seed) twice gave different states".into(),
            );
        }
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(self.seed);
        let mut legal = Vec::new();
        let mut lists: Vec<Vec<G::Action>> = Vec::new();
        let mut joint = Vec::new();
        let mut returns = vec![f64::NAN; n];
        loop {
            let movers = self.check_state(&state, &mut legal, &mut lists, &mut returns);
            if movers.is_empty() {
                break;
            }
            if self.step >= max_steps {
                self.fail(
                    "termination",
                    format!("the game is not over after {max_steps} steps (max_steps)"),
                );
            }
            joint.clear();
            for list in &lists[..movers.len()] {
                joint.push(list[rng.random_range(0..list.len())].clone());
            }
            if self.step < EXHAUSTIVE_STEPS || self.step.is_multiple_of(EXHAUSTIVE_STEPS) {
                for (i, player) in movers.iter().enumerate() {
                    for action in &lists[i] {
                        let mut trial = joint.clone();
                        trial[i] = action.clone();
                        let mut copy = state.clone();
                        self.advance_checked(
                            &mut copy,
                            &trial,
                            &format!("player {player}'s listed action in the joint action"),
                        );
                        summary.actions_tried += 1;
                    }
                }
            }
            let stepped = match catch_unwind(AssertUnwindSafe(|| game.step(&state, &joint))) {
                Ok(next) => next,
                Err(_) => self.fail(
                    "listed action not accepted",
                    format!("step panicked on {}", brief(&joint)),
                ),
            };
            self.advance_checked(&mut state, &joint, "the joint action");
            self.advance_checked(&mut twin, &joint, "the joint action (twin)");
            self.step += 1;
            summary.steps += 1;
            if !(self.same)(&stepped, &state) {
                self.fail(
                    "step",
                    format!(
                        "step(state, {}) differs from clone + advance:\n  step:    {}\n  advance: {}",
                        brief(&joint),
                        brief(&stepped),
                        brief(&state)
                    ),
                );
            }
            if !(self.same)(&twin, &state) {
                self.fail(
                    "determinism",
                    format!(
                        "two games from the same seed and the same actions differ:\n  first:  {}\n  second: {}",
                        brief(&state),
                        brief(&twin)
                    ),
                );
            }
        }
    }

    /// Checks one state; returns the players to move, their legal actions in `lists`.
    fn check_state(
        &self,
        state: &G::State,
        legal: &mut Vec<G::Action>,
        lists: &mut Vec<Vec<G::Action>>,
        returns: &mut [f64],
    ) -> super::PlayerSet {
        let game = self.game;
        let n = game.players();
        let terminal = game.is_terminal(state);
        let outcome = game.outcome(state);
        if outcome.is_some() != terminal {
            self.fail(
                "outcome",
                format!(
                    "is_terminal is {terminal} but outcome is {}",
                    brief(&outcome)
                ),
            );
        }
        let movers = game.to_move(state);
        if movers.is_empty() != terminal {
            self.fail(
                "movers",
                format!(
                    "is_terminal is {terminal} but to_move is {:?}",
                    movers.iter().collect::<Vec<_>>()
                ),
            );
        }
        if let Some(p) = movers.iter().find(|&p| p >= n) {
            self.fail(
                "movers",
                format!("to_move names player {p}, the game has {n} players"),
            );
        }
        if game.moves() == Moves::Alternating && movers.len() > 1 {
            self.fail(
                "movers",
                format!(
                    "an alternating game has {:?} to move",
                    movers.iter().collect::<Vec<_>>()
                ),
            );
        }
        lists.resize_with(movers.len().max(lists.len()), Vec::new);
        for player in 0..n {
            match movers.position(player) {
                Some(i) => {
                    game.legal_actions(state, player, &mut lists[i]);
                    if lists[i].is_empty() {
                        self.fail(
                            "legal actions",
                            format!("player {player} is to move but has no legal action"),
                        );
                    }
                }
                None => {
                    // A buffer with something in it: legal_actions must clear it.
                    if let Some(any) = lists.iter().flatten().next().cloned() {
                        legal.clear();
                        legal.push(any);
                    }
                    game.legal_actions(state, player, legal);
                    if !legal.is_empty() {
                        self.fail(
                            "legal actions",
                            format!(
                                "player {player} is not to move but has legal actions {}",
                                brief(legal)
                            ),
                        );
                    }
                }
            }
            let _observation = game.observe(state, player);
        }
        if let Err(e) = game.validate(state) {
            self.fail(
                "validate",
                format!("a state of the game itself was refused: {e}"),
            );
        }
        returns.fill(f64::NAN);
        game.returns(state, returns);
        if let Some((p, v)) = returns
            .iter()
            .enumerate()
            .find(|&(_, v)| !(0.0..=1.0).contains(v))
        {
            self.fail(
                "returns",
                format!("player {p}'s return {v} is outside [0, 1] (all: {returns:?})"),
            );
        }
        if let Some(outcome) = outcome {
            self.check_end(state, &outcome, returns);
        }
        movers
    }

    fn check_end(&self, state: &G::State, outcome: &G::Outcome, returns: &[f64]) {
        let game = self.game;
        let n = game.players();
        let ranks = (self.ranks)(outcome);
        if ranks.len() != n {
            self.fail(
                "outcome",
                format!(
                    "{} ranks for {n} players: {ranks:?} from {}",
                    ranks.len(),
                    brief(outcome)
                ),
            );
        }
        for (p, &r) in ranks.iter().enumerate() {
            let better = ranks.iter().filter(|&&q| q < r).count();
            if r != better + 1 {
                self.fail(
                    "outcome",
                    format!(
                        "player {p} has rank {r} but {better} players rank better: ranks must be \
                         1-based with ties sharing the better place, got {ranks:?}"
                    ),
                );
            }
        }
        for i in 0..n {
            for j in 0..n {
                let consistent = match ranks[i].cmp(&ranks[j]) {
                    std::cmp::Ordering::Less => returns[i] > returns[j],
                    std::cmp::Ordering::Equal => (returns[i] - returns[j]).abs() < 1e-9,
                    std::cmp::Ordering::Greater => true,
                };
                if !consistent {
                    self.fail(
                        "returns",
                        format!(
                            "players {i} and {j} rank {} and {} but their returns are {} and {} \
                             (ranks {ranks:?}, returns {returns:?})",
                            ranks[i], ranks[j], returns[i], returns[j]
                        ),
                    );
                }
            }
        }
        let mut after = state.clone();
        self.advance_checked(&mut after, &[], "a terminal state (no actions)");
        if !(self.same)(&after, state) {
            self.fail(
                "over means over",
                format!(
                    "advancing a terminal state changed it:\n  before: {}\n  after:  {}",
                    brief(state),
                    brief(&after)
                ),
            );
        }
    }
}

/// Checks a [`Determinize`] implementation on one random game per seed (uniform legal joint
/// actions, at most `max_steps` steps): in every state, for every player to move, `belief`
/// gives that player's belief, and each of `samples` states drawn from it by `sample_state`
/// must have the same players to move, give that player the same legal actions in the same
/// order (information-set search relies on a player's own options not depending on what it
/// cannot see), and satisfy `agree(sample, true_state, player)` (typically: the player's
/// observations of both are equal). Panics with `determinize: seed S, step N: <details>`.
///
/// ```
/// use pathfind::tree::{Game, check};
/// use pathfind::tree::toys::CoinGuess;
///
/// let game = CoinGuess { pass_value: 0.6 };
/// let checked = check::determinization(
///     &game,
///     0..10,
///     1,
///     50,
///     |state, player| game.observe(state, player),
///     |sample, truth, player| game.observe(sample, player) == game.observe(truth, player),
/// );
/// assert_eq!(checked, 10 * 50);
/// ```
pub fn determinization<G: Determinize>(
    game: &G,
    seeds: impl IntoIterator<Item = u64>,
    max_steps: usize,
    samples: usize,
    belief: impl Fn(&G::State, usize) -> G::Belief,
    agree: impl Fn(&G::State, &G::State, usize) -> bool,
) -> usize {
    let mut checked = 0;
    let (mut legal, mut sampled_legal, mut joint) = (Vec::new(), Vec::new(), Vec::new());
    for seed in seeds {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut state = game.initial_state(seed);
        for step in 0..=max_steps {
            let fail = |details: String| -> ! {
                panic!("determinize: seed {seed}, step {step}: {details}")
            };
            let movers = game.to_move(&state);
            if movers.is_empty() {
                break;
            }
            for player in movers {
                let belief = belief(&state, player);
                game.legal_actions(&state, player, &mut legal);
                for k in 0..samples {
                    let sample = game.sample_state(&belief, player, &mut rng);
                    let sample_movers = game.to_move(&sample);
                    if sample_movers != movers {
                        fail(format!(
                            "sample {k} for player {player} has {:?} to move, the true state {:?}",
                            sample_movers.iter().collect::<Vec<_>>(),
                            movers.iter().collect::<Vec<_>>()
                        ));
                    }
                    game.legal_actions(&sample, player, &mut sampled_legal);
                    if sampled_legal != legal {
                        fail(format!(
                            "sample {k} gives player {player} the legal actions {}, the true \
                             state {}",
                            brief(&sampled_legal),
                            brief(&legal)
                        ));
                    }
                    if !agree(&sample, &state, player) {
                        fail(format!(
                            "sample {k} disagrees with what player {player} knows:\n  sample: {}\n  truth:  {}",
                            brief(&sample),
                            brief(&state)
                        ));
                    }
                    checked += 1;
                }
            }
            joint.clear();
            for player in movers {
                game.legal_actions(&state, player, &mut legal);
                joint.push(legal[rng.random_range(0..legal.len())].clone());
            }
            game.advance(&mut state, &joint);
        }
    }
    checked
}

/// Plays one random game per seed (uniform legal joint actions, at most `max_steps` steps) and
/// checks that every state, the initial and the terminal ones included, equals itself after a
/// JSON round trip. Panics with `serde: seed S, step N: <details>`.
///
/// ```
/// use pathfind::tree::check;
/// use pathfind::tree::toys::TicTacToe;
///
/// assert_eq!(check::serde_round_trip(&TicTacToe, 0..10, 9), 10);
/// ```
#[cfg(feature = "serde")]
pub fn serde_round_trip<G>(
    game: &G,
    seeds: impl IntoIterator<Item = u64>,
    max_steps: usize,
) -> usize
where
    G: Game,
    G::State: PartialEq + serde::Serialize + serde::de::DeserializeOwned,
{
    let mut games = 0;
    for seed in seeds {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut state = game.initial_state(seed);
        let mut legal = Vec::new();
        let mut joint = Vec::new();
        for step in 0..=max_steps {
            let fail =
                |details: String| -> ! { panic!("serde: seed {seed}, step {step}: {details}") };
            let json = serde_json::to_string(&state)
                .unwrap_or_else(|e| fail(format!("serialize failed: {e}")));
            let back: G::State = serde_json::from_str(&json)
                .unwrap_or_else(|e| fail(format!("deserialize failed: {e} in {json}")));
            if back != state {
                fail(format!(
                    "the round trip changed the state:\n  before: {}\n  after:  {}",
                    brief(&state),
                    brief(&back)
                ));
            }
            if game.is_terminal(&state) {
                break;
            }
            joint.clear();
            for player in game.to_move(&state) {
                game.legal_actions(&state, player, &mut legal);
                if legal.is_empty() {
                    fail(format!(
                        "player {player} is to move but has no legal action"
                    ));
                }
                joint.push(legal[rng.random_range(0..legal.len())].clone());
            }
            game.advance(&mut state, &joint);
        }
        games += 1;
    }
    games
}

/// What [`hostile_state`] did with an accepted state.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Exercised {
    /// States the contract's methods ran on (the accepted one and those advanced from it).
    pub states: usize,
}

/// Feeds a state from outside (typically a corrupted deserialized one) to `game` the way every
/// reader must: [`Game::validate`] first, and a refused state is returned as its error. An
/// accepted state must then be safe: every method of the contract runs on it and on the states
/// advanced from it (at most `steps` steps, random listed actions drawn with `seed`, then a step
/// with no actions), and each advanced state must be accepted too.
///
/// Panics with `hostile state: step N: <what>: <details>` when a method panics on an accepted
/// state, names a player outside `0..players()` as a mover, or advances it to a refused state.
///
/// ```
/// use pathfind::tree::check;
/// use pathfind::tree::toys::{TicTacToe, TicTacToeState};
///
/// let state = TicTacToeState::default();
/// assert!(check::hostile_state(&TicTacToe, state, 9, 1).is_ok());
/// ```
pub fn hostile_state<G: Game>(
    game: &G,
    state: G::State,
    steps: usize,
    seed: u64,
) -> Result<Exercised, InvalidState> {
    game.validate(&state)?;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let n = game.players();
    let mut state = state;
    let mut exercised = Exercised::default();
    let mut legal = Vec::new();
    let mut joint = Vec::new();
    let mut returns = vec![0.0; n];
    for step in 0..=steps {
        let fail = |what: &str, details: String| -> ! {
            panic!("hostile state: step {step}: {what}: {details}")
        };
        let guarded = |what: &str, f: &mut dyn FnMut()| {
            if catch_unwind(AssertUnwindSafe(f)).is_err() {
                fail(
                    what,
                    format!("panicked on an accepted state {}", brief(&state)),
                );
            }
        };
        let mut movers = super::PlayerSet::EMPTY;
        guarded("is_terminal, outcome, to_move", &mut || {
            let _ = game.is_terminal(&state);
            let _ = game.outcome(&state);
            movers = game.to_move(&state);
        });
        if let Some(p) = movers.iter().find(|&p| p >= n) {
            fail(
                "to_move",
                format!("names player {p} of {n} in {}", brief(&state)),
            );
        }
        joint.clear();
        guarded("legal_actions, observe, returns", &mut || {
            for player in 0..n {
                game.legal_actions(&state, player, &mut legal);
                if movers.contains(player) && !legal.is_empty() {
                    joint.push(legal[rng.random_range(0..legal.len())].clone());
                }
                let _ = game.observe(&state, player);
            }
            game.returns(&state, &mut returns);
        });
        exercised.states += 1;
        // A mover without a listed action makes the joint action short: advance must cope
        // with that too (the missing players' actions are the game's default).
        let actions = if step == steps { &[][..] } else { &joint[..] };
        let mut next = state.clone();
        guarded("advance", &mut || {
            game.advance(&mut next, actions);
        });
        if let Err(e) = game.validate(&next) {
            fail(
                "validate",
                format!(
                    "advancing an accepted state gave a refused one ({e}): {}",
                    brief(&next)
                ),
            );
        }
        state = next;
        if movers.is_empty() {
            break;
        }
    }
    Ok(exercised)
}

/// What `hostile_serde` (behind the `serde` feature) made of its corrupted states.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HostileSummary {
    /// Corrupted JSON texts serde refused to read.
    pub unreadable: usize,
    /// States read and refused by [`Game::validate`].
    pub refused: usize,
    /// States read, accepted and exercised by [`hostile_state`].
    pub accepted: usize,
}

impl std::ops::AddAssign for HostileSummary {
    fn add_assign(&mut self, other: HostileSummary) {
        self.unreadable += other.unreadable;
        self.refused += other.refused;
        self.accepted += other.accepted;
    }
}

/// Numbers a corruption writes into a state: ids and counts just past the usual ranges, type
/// limits, signs, and values far off.
#[cfg(feature = "serde")]
const HOSTILE_NUMBERS: [f64; 19] = [
    -1.0,
    0.0,
    1.0,
    2.0,
    3.0,
    4.0,
    10.0,
    12.0,
    15.0,
    16.0,
    64.0,
    100.0,
    255.0,
    256.0,
    65_535.0,
    65_536.0,
    2_147_483_647.0,
    4_294_967_295.0,
    -2_147_483_648.0,
];

/// One random corruption of a JSON value: a number becomes a hostile number, a nearby one or a
/// huge one; a boolean flips; a string empties; an array loses, repeats or gains elements; an
/// object loses a field. The node changed is drawn uniformly among all nodes of `value`.
/// Returns what was done, as `$.path[3].field: old -> new`.
#[cfg(feature = "serde")]
pub fn corrupt_json(value: &mut serde_json::Value, rng: &mut impl Rng) -> String {
    use serde_json::Value;
    fn count(v: &Value) -> usize {
        1 + match v {
            Value::Array(items) => items.iter().map(count).sum(),
            Value::Object(fields) => fields.values().map(count).sum(),
            _ => 0,
        }
    }
    /// Corrupts the `k`-th node in pre-order; returns what it did there, once found.
    fn at(v: &mut Value, k: &mut usize, path: &str, rng: &mut dyn rand::RngCore) -> Option<String> {
        if *k == 0 {
            let before = brief(v);
            corrupt_node(v, rng);
            return Some(format!("{path}: {before} -> {}", brief(v)));
        }
        *k -= 1;
        match v {
            Value::Array(items) => items
                .iter_mut()
                .enumerate()
                .find_map(|(i, c)| at(c, k, &format!("{path}[{i}]"), rng)),
            Value::Object(fields) => fields
                .iter_mut()
                .find_map(|(name, c)| at(c, k, &format!("{path}.{name}"), rng)),
            _ => None,
        }
    }
    fn corrupt_node(v: &mut Value, rng: &mut dyn rand::RngCore) {
        match v {
            Value::Number(number) => {
                let old = number.as_f64().unwrap_or(0.0);
                let new = match rng.random_range(0..4) {
                    0 | 1 => HOSTILE_NUMBERS[rng.random_range(0..HOSTILE_NUMBERS.len())],
                    2 => old + f64::from(rng.random_range(-3i8..=3)),
                    _ => old * 1000.0 + 1.0,
                };
                // Integers stay integers where the old value was one, so serde reads them
                // into the integer field and the corruption reaches `validate`.
                *v = if number.is_f64() || new.fract() != 0.0 {
                    serde_json::Number::from_f64(new).map_or(Value::Null, Value::Number)
                } else if new < 0.0 {
                    Value::from(new as i64)
                } else {
                    Value::from(new as u64)
                };
            }
            Value::Bool(b) => *b = !*b,
            Value::String(text) => text.clear(),
            Value::Array(items) => match rng.random_range(0..3) {
                0 if !items.is_empty() => {
                    let i = rng.random_range(0..items.len());
                    items.remove(i);
                }
                1 if !items.is_empty() => {
                    let i = rng.random_range(0..items.len());
                    let copy = items[i].clone();
                    items.insert(i, copy);
                }
                _ => items.push(Value::from(rng.random_range(0..300u32))),
            },
            Value::Object(fields) => {
                if !fields.is_empty() {
                    let i = rng.random_range(0..fields.len());
                    if let Some(key) = fields.keys().nth(i).cloned() {
                        fields.remove(&key);
                    }
                }
            }
            Value::Null => *v = Value::from(0),
        }
    }
    let mut k = rng.random_range(0..count(value));
    at(value, &mut k, "$", rng).unwrap_or_default()
}

/// One case of a fuzz suite's hostile-state target: plays a random game of `game` from `seed`
/// for up to `max_steps` steps (uniform listed actions), takes its state as JSON, corrupts it
/// `corruptions` times in a row ([`corrupt_json`]), each time reads it back and feeds what
/// serde accepts to [`hostile_state`] (`steps` steps). Panics as `hostile_state` does, naming
/// the seed and the corruptions made (path, old and new value).
///
/// ```
/// use pathfind::tree::check;
/// use pathfind::tree::toys::TicTacToe;
///
/// let summary = check::hostile_serde(&TicTacToe, 7, 9, 20, 9);
/// assert_eq!(summary.unreadable + summary.refused + summary.accepted, 20);
/// ```
#[cfg(feature = "serde")]
pub fn hostile_serde<G>(
    game: &G,
    seed: u64,
    max_steps: usize,
    corruptions: usize,
    steps: usize,
) -> HostileSummary
where
    G: Game,
    G::State: serde::Serialize + serde::de::DeserializeOwned,
{
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut state = game.initial_state(seed);
    let (mut legal, mut joint) = (Vec::new(), Vec::new());
    for _ in 0..rng.random_range(0..=max_steps) {
        if game.is_terminal(&state) {
            break;
        }
        joint.clear();
        for player in game.to_move(&state) {
            game.legal_actions(&state, player, &mut legal);
            if !legal.is_empty() {
                joint.push(legal[rng.random_range(0..legal.len())].clone());
            }
        }
        game.advance(&mut state, &joint);
    }
    let text = serde_json::to_string(&state)
        .unwrap_or_else(|e| panic!("hostile serde: seed {seed}: serialize failed: {e}"));
    let mut json: serde_json::Value = serde_json::from_str(&protect_big_numbers(&text))
        .unwrap_or_else(|e| panic!("hostile serde: seed {seed}: reparse failed: {e}"));
    let mut summary = HostileSummary::default();
    let mut done = Vec::new();
    for round in 0..corruptions {
        done.push(corrupt_json(&mut json, &mut rng));
        let Ok(read) = serde_json::from_str::<G::State>(&restore_big_numbers(&json.to_string()))
        else {
            summary.unreadable += 1;
            continue;
        };
        let case = rng.random();
        let result = catch_unwind(AssertUnwindSafe(|| hostile_state(game, read, steps, case)));
        match result {
            Ok(Ok(_)) => summary.accepted += 1,
            Ok(Err(_)) => summary.refused += 1,
            Err(panic) => {
                let message = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                panic!(
                    "hostile serde: seed {seed}, corruption {round}: {message}\n  corruptions: {}",
                    done.join("; ")
                );
            }
        }
    }
    summary
}

/// The marker of an integer too large for a [`serde_json::Value`] (a `u128`, such as a random
/// generator's state), kept as a string while a state's JSON is corrupted.
#[cfg(feature = "serde")]
const BIG: &str = "#big#";

/// JSON text with every integer literal that does not fit in 64 bits written as the string
/// `"#big#<digits>"`, so that it survives a [`serde_json::Value`] unchanged.
#[cfg(feature = "serde")]
fn protect_big_numbers(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.char_indices().peekable();
    let mut in_string = false;
    while let Some((i, c)) = chars.next() {
        if in_string {
            out.push(c);
            match c {
                '\\' => {
                    if let Some((_, escaped)) = chars.next() {
                        out.push(escaped);
                    }
                }
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        if c == '"' {
            in_string = true;
            out.push(c);
            continue;
        }
        if c == '-' || c.is_ascii_digit() {
            let mut end = i + c.len_utf8();
            while let Some(&(j, d)) = chars.peek() {
                if d.is_ascii_digit() || matches!(d, '.' | 'e' | 'E' | '+' | '-') {
                    end = j + d.len_utf8();
                    chars.next();
                } else {
                    break;
                }
            }
            let token = &text[i..end];
            let integer = !token.contains(['.', 'e', 'E']);
            if integer && token.parse::<i64>().is_err() && token.parse::<u64>().is_err() {
                out.push('"');
                out.push_str(BIG);
                out.push_str(token);
                out.push('"');
            } else {
                out.push_str(token);
            }
            continue;
        }
        out.push(c);
    }
    out
}

/// The inverse of [`protect_big_numbers`]: `"#big#<digits>"` back to the bare integer.
#[cfg(feature = "serde")]
fn restore_big_numbers(text: &str) -> String {
    let marker = format!("\"{BIG}");
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(&marker) {
        out.push_str(&rest[..at]);
        let after = &rest[at + marker.len()..];
        let digits = after
            .find(|c: char| !(c.is_ascii_digit() || c == '-'))
            .unwrap_or(after.len());
        if after[digits..].starts_with('"') {
            out.push_str(&after[..digits]);
            rest = &after[digits + 1..];
        } else {
            // Not a marker this module wrote (the digits were corrupted): keep it as text.
            out.push_str(&marker);
            rest = after;
        }
    }
    out.push_str(rest);
    out
}
