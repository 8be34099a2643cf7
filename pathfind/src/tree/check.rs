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
//! - `observe` answers for every player in every state.
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

use super::{Determinize, Game, Moves};

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
            if self.step < EXHAUSTIVE_STEPS || self.step % EXHAUSTIVE_STEPS == 0 {
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
