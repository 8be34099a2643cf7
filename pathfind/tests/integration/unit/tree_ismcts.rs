//! The tests of `pathfind::tree::ismcts` that lived beside its code.

use pathfind::tree::{Determinize, SearchConfig};
use std::cell::Cell;

use rand::RngCore;

use pathfind::tree::InformationSetMcts;
use pathfind::tree::toys::{Goofspiel, TicTacToe};
use pathfind::tree::{Game, InvalidState, Moves, PlayerSet};

/// A game whose hidden part is the seed of its initial state (Goofspiel: the order of the
/// prizes), counting the calls to `advance`.
struct Hidden<G> {
    game: G,
    advances: Cell<u64>,
}

impl<G: Game> Game for Hidden<G> {
    type State = G::State;
    type Action = G::Action;
    type Events = G::Events;
    type Outcome = G::Outcome;
    type Observation = G::Observation;
    fn moves(&self) -> Moves {
        self.game.moves()
    }
    fn players(&self) -> usize {
        self.game.players()
    }
    fn initial_state(&self, seed: u64) -> G::State {
        self.game.initial_state(seed)
    }
    fn to_move(&self, state: &G::State) -> PlayerSet {
        self.game.to_move(state)
    }
    fn legal_actions(&self, state: &G::State, player: usize, buf: &mut Vec<G::Action>) {
        self.game.legal_actions(state, player, buf);
    }
    fn advance(&self, state: &mut G::State, actions: &[G::Action]) -> G::Events {
        self.advances.set(self.advances.get() + 1);
        self.game.advance(state, actions)
    }
    fn is_terminal(&self, state: &G::State) -> bool {
        self.game.is_terminal(state)
    }
    fn outcome(&self, state: &G::State) -> Option<G::Outcome> {
        self.game.outcome(state)
    }
    fn returns(&self, state: &G::State, out: &mut [f64]) {
        self.game.returns(state, out);
    }
    fn observe(&self, state: &G::State, player: usize) -> G::Observation {
        self.game.observe(state, player)
    }
    fn validate(&self, state: &G::State) -> Result<(), InvalidState> {
        self.game.validate(state)
    }
}

impl<G: Game> Determinize for Hidden<G> {
    type Belief = ();
    fn sample_state(&self, _: &(), _: usize, rng: &mut dyn RngCore) -> G::State {
        self.game.initial_state(rng.next_u64())
    }
}

/// Root statistics, tree size and `advance` calls of one decision.
type Run<A> = (Vec<(A, u32, u64)>, usize, u64);

fn run<G: Game>(game: G, per_sample: u32, seed: u64, cache: bool) -> Run<G::Action> {
    let game = Hidden {
        game,
        advances: Cell::new(0),
    };
    let config = SearchConfig {
        iterations: 600,
        seed,
        ..SearchConfig::default()
    };
    let mut search = InformationSetMcts::new(config).with_iterations_per_sample(per_sample);
    search.set_cache_states(cache);
    search.choose(&game, &(), 0);
    let stats = search
        .stats()
        .map(|s| (s.action.clone(), s.visits, s.mean.to_bits()))
        .collect();
    (stats, search.tree_size(), game.advances.get())
}

/// Copying the states a sample reached instead of replaying the tree's actions changes
/// nothing the search answers (issue 23), on an alternating and a simultaneous game with
/// hidden prizes, and saves `advance` calls whenever a sample serves several iterations.
#[test]
fn kept_states_answer_as_the_replay_with_fewer_advances() {
    for seed in 0..4 {
        for per_sample in [1, 3, 32] {
            let goof = Goofspiel::new(5).expect("5 cards");
            let (kept, replayed) = (
                run(goof, per_sample, seed, true),
                run(goof, per_sample, seed, false),
            );
            assert_eq!((&kept.0, kept.1), (&replayed.0, replayed.1));
            assert!(kept.0.iter().map(|s| s.1).sum::<u32>() == 600);
            let (kept_t, replayed_t) = (
                run(TicTacToe, per_sample, seed, true),
                run(TicTacToe, per_sample, seed, false),
            );
            assert_eq!((&kept_t.0, kept_t.1), (&replayed_t.0, replayed_t.1));
            if per_sample == 1 {
                assert_eq!(kept.2, replayed.2);
            } else {
                assert!(kept.2 < replayed.2, "{} vs {}", kept.2, replayed.2);
                assert!(kept_t.2 < replayed_t.2);
            }
        }
    }
}

/// The kept states are the current sample's only: a new decision (a new tree, the same
/// node numbers) never reads the last one's.
#[test]
fn a_new_decision_keeps_nothing_of_the_last() {
    let game = Hidden {
        game: Goofspiel::new(5).expect("5 cards"),
        advances: Cell::new(0),
    };
    let config = SearchConfig {
        iterations: 300,
        ..SearchConfig::default()
    };
    let mut search = InformationSetMcts::new(config).with_iterations_per_sample(16);
    let first = search.choose(&game, &(), 0);
    let stats: Vec<_> = search.stats().map(|s| (*s.action, s.visits)).collect();
    let mut fresh = search.clone();
    fresh.clear_state_cache();
    for s in [&mut search, &mut fresh] {
        s.reseed(0);
    }
    assert_eq!(search.choose(&game, &(), 0), fresh.choose(&game, &(), 0));
    let again: Vec<_> = search.stats().map(|s| (*s.action, s.visits)).collect();
    let fresh_stats: Vec<_> = fresh.stats().map(|s| (*s.action, s.visits)).collect();
    assert_eq!(again, fresh_stats);
    assert!(first.is_some() && !stats.is_empty());
}
