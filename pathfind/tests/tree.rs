//! The searches of `pathfind::tree` on toy games with known answers, and the contract harness on
//! the toys (and on deliberately broken games, which it must reject).

use pathfind::tree::toys::{
    CoinBelief, CoinGuess, Goofspiel, Guess, MatrixGame, TicTacToe, TicTacToeState,
};
use pathfind::tree::{
    DecoupledUct, FlatMonteCarlo, Game, InformationSetMcts, Policy, SearchConfig, SearchRng, Uct,
    check,
};
use rand::{Rng, SeedableRng};

fn config(iterations: u32, seed: u64) -> SearchConfig {
    SearchConfig {
        iterations,
        seed,
        ..SearchConfig::default()
    }
}

fn ttt(text: &str) -> TicTacToeState {
    TicTacToe::from_text(text).unwrap()
}

fn ranks2(r: &[u8; 2]) -> Vec<usize> {
    r.map(usize::from).to_vec()
}

// --- UCT on tic-tac-toe ------------------------------------------------------------------------

#[test]
fn uct_takes_a_forced_win_and_blocks_a_loss() {
    let game = TicTacToe;
    for seed in 0..5 {
        let mut search = Uct::new(config(3_000, seed));
        // X to move wins at 2.
        assert_eq!(search.choose(&game, &ttt("XX.OO...."), 0), Some(2));
        // O to move must block at 2 (O cannot win at once).
        assert_eq!(search.choose(&game, &ttt("XX.O....."), 1), Some(2));
        // X to move: O threatens 3-4-5; X has no win, must block at 5.
        assert_eq!(search.choose(&game, &ttt("X..OO.X.."), 0), Some(5));
        // X to move, O threatens 2-4-6 and 6-7-8 is open: X must win at once at 1 rather than
        // block anything.
        assert_eq!(search.choose(&game, &ttt("X.X.O.O.."), 0), Some(1));
        // X to move must block O's diagonal 2-4-6 at 6, which also forks (0-3-6 and 6-7-8): the
        // only move that wins by force, two plies deeper.
        let fork = ttt("X.O.O...X");
        assert_eq!(search.choose(&game, &fork, 0), Some(6));
        assert_eq!(
            minimax(&game, &fork),
            (1.0, 6),
            "the test position is what it claims"
        );
    }
}

#[test]
fn uct_is_not_told_to_move_for_the_wrong_player() {
    let game = TicTacToe;
    let mut search = Uct::new(config(100, 0));
    assert_eq!(search.choose(&game, &ttt("........."), 1), None);
    assert_eq!(search.choose(&game, &ttt("XXXOO...."), 1), None, "terminal");
    assert_eq!(search.stats().count(), 0);
}

/// A perfect tic-tac-toe player (full minimax), the opponent UCT must never lose to.
fn minimax(game: &TicTacToe, state: &TicTacToeState) -> (f64, u8) {
    let mover = game.to_move(state).iter().next().unwrap();
    let mut legal = Vec::new();
    game.legal_actions(state, mover, &mut legal);
    let mut best = (-1.0, legal[0]);
    for &a in &legal {
        let next = game.step(state, &[a]);
        let v = if game.is_terminal(&next) {
            let mut r = [0.0; 2];
            game.returns(&next, &mut r);
            r[mover]
        } else {
            1.0 - minimax(game, &next).0
        };
        if v > best.0 {
            best = (v, a);
        }
    }
    best
}

#[test]
fn uct_never_loses_to_random_play_and_draws_perfect_play() {
    let game = TicTacToe;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(99);
    let mut legal = Vec::new();
    let mut search = Uct::new(config(2_000, 1));
    for g in 0..40 {
        let uct_player = g % 2;
        let perfect = g % 4 >= 2;
        let mut state = game.initial_state(0);
        while !game.is_terminal(&state) {
            let mover = game.to_move(&state).iter().next().unwrap();
            let action = if mover == uct_player {
                search.choose(&game, &state, mover).unwrap()
            } else if perfect {
                minimax(&game, &state).1
            } else {
                game.legal_actions(&state, mover, &mut legal);
                legal[rng.random_range(0..legal.len())]
            };
            game.advance(&mut state, &[action]);
        }
        let ranks = game.outcome(&state).unwrap();
        assert_eq!(
            ranks[uct_player],
            1,
            "game {g}: UCT as player {uct_player} lost against {} play: {state:?}",
            if perfect { "perfect" } else { "random" }
        );
    }
}

#[test]
fn same_seed_same_choices_and_budgets_are_exact() {
    let game = TicTacToe;
    let state = ttt("X...O....");
    let run = |seed| {
        let mut search = Uct::new(config(777, seed));
        let choices: Vec<_> = (0..3).map(|_| search.choose(&game, &state, 0)).collect();
        let visits: Vec<_> = search.stats().map(|s| (*s.action, s.visits)).collect();
        assert_eq!(search.iterations(), 777);
        assert_eq!(visits.iter().map(|v| v.1).sum::<u32>(), 777);
        (choices, visits)
    };
    assert_eq!(run(5), run(5));
    assert_ne!(run(5).1, run(6).1, "a different seed explores differently");

    let mut flat = FlatMonteCarlo::new(config(301, 3));
    flat.choose(&game, &state, 0);
    assert_eq!(flat.iterations(), 301);
    let visits: Vec<u32> = flat.stats().map(|s| s.visits).collect();
    assert_eq!(visits.len(), 7);
    assert_eq!(visits.iter().sum::<u32>(), 301);
    assert!(visits.iter().all(|&v| v == 43), "round robin: {visits:?}");

    let mut none = Uct::new(config(0, 3));
    assert_eq!(
        none.choose(&game, &state, 0),
        Some(1),
        "no budget: first legal"
    );
    assert_eq!(none.iterations(), 0);
}

#[test]
fn a_time_budget_stops_the_search() {
    let game = Goofspiel::new(13).unwrap();
    let state = game.initial_state(1);
    let mut search = DecoupledUct::new(SearchConfig {
        iterations: u32::MAX,
        time: Some(std::time::Duration::from_millis(20)),
        ..SearchConfig::default()
    });
    assert!(search.choose(&game, &state, 0).is_some());
    assert!(search.iterations() > 0 && search.iterations() < u32::MAX);
}

#[test]
fn flat_monte_carlo_prefers_the_winning_move() {
    let game = TicTacToe;
    let mut search = FlatMonteCarlo::new(config(2_000, 0));
    assert_eq!(search.choose(&game, &ttt("XX.OO...."), 0), Some(2));
    let best = search.stats().find(|s| *s.action == 2).unwrap();
    assert_eq!(best.mean, 1.0);
}

/// A playout policy that always plays the first legal action, to prove the policy is used.
struct First;

impl Policy<TicTacToe> for First {
    fn choose(
        &mut self,
        _: &TicTacToe,
        _: &TicTacToeState,
        _: usize,
        _: &[u8],
        _: &mut SearchRng,
    ) -> usize {
        0
    }
}

#[test]
fn the_playout_policy_is_the_callers() {
    // With first-free-cell playouts after X plays 8 in "XO.X.O..." ... every playout is one
    // deterministic line, so each root action's mean is exactly 0, 0.5 or 1.
    let game = TicTacToe;
    let state = ttt("XO.......");
    let mut search = FlatMonteCarlo::with_policy(config(70, 0), First);
    search.choose(&game, &state, 0);
    for s in search.stats() {
        assert!(
            [0.0, 0.5, 1.0].contains(&s.mean),
            "deterministic playouts: {s:?}"
        );
    }
}

// --- decoupled UCT on simultaneous games --------------------------------------------------------

#[test]
fn duct_finds_the_dominant_answer() {
    // Guess the larger number.
    let game = MatrixGame::new(vec![
        vec![0.5, 0.0, 0.0],
        vec![1.0, 0.5, 0.0],
        vec![1.0, 1.0, 0.5],
    ])
    .unwrap();
    let state = game.initial_state(0);
    for seed in 0..5 {
        let mut search = DecoupledUct::new(config(2_000, seed));
        assert_eq!(search.choose(&game, &state, 0), Some(2));
        assert_eq!(search.choose(&game, &state, 1), Some(2));
    }
}

#[test]
fn duct_finds_the_best_reply_in_a_dominance_solvable_game() {
    // Row 1 strictly dominates row 0 for the row player; against row 1 the column player's
    // best reply is column 0 (row gets 0.3 there, 0.6 in column 1).
    let game = MatrixGame::new(vec![vec![0.2, 0.4], vec![0.3, 0.6]]).unwrap();
    let state = game.initial_state(0);
    let mut search = DecoupledUct::new(config(4_000, 2));
    assert_eq!(search.choose(&game, &state, 0), Some(1));
    assert_eq!(search.choose(&game, &state, 1), Some(0));
}

#[test]
fn duct_mixes_evenly_in_matching_pennies() {
    let game = MatrixGame::new(vec![vec![1.0, 0.0], vec![0.0, 1.0]]).unwrap();
    let state = game.initial_state(0);
    for seed in 0..4 {
        let mut search = DecoupledUct::new(config(4_000, seed));
        search.choose(&game, &state, 0);
        for s in search.stats() {
            let share = f64::from(s.visits) / 4_000.0;
            assert!(
                (0.35..=0.65).contains(&share),
                "seed {seed}: action {} has {share:.2} of the visits",
                s.action
            );
            assert!((s.mean - 0.5).abs() < 0.1, "value near 1/2: {s:?}");
        }
    }
}

#[test]
fn duct_plays_goofspiel_better_than_random() {
    // Random against random scores 0.5; bidding the prize's value scores about 0.86 over 200
    // games, DUCT at 1 000 iterations about 0.84 (it plays for an opponent who plays well).
    let game = Goofspiel::new(5).unwrap();
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    let mut legal = Vec::new();
    let mut search = DecoupledUct::new(config(1_000, 0));
    let mut points = 0.0;
    let games = 100;
    for g in 0..games {
        let mut state = game.initial_state(g);
        while !game.is_terminal(&state) {
            let mine = search.choose(&game, &state, 0).unwrap();
            game.legal_actions(&state, 1, &mut legal);
            let theirs = legal[rng.random_range(0..legal.len())];
            game.advance(&mut state, &[mine, theirs]);
        }
        let mut r = [0.0; 2];
        game.returns(&state, &mut r);
        points += r[0];
    }
    assert!(
        points / games as f64 >= 0.7,
        "DUCT scored {points} of {games} against random bids"
    );
}

// --- IS-MCTS ------------------------------------------------------------------------------------

#[test]
fn ismcts_decides_on_the_belief_not_the_hidden_state() {
    // Both true coins give the same observation, and the search is given only that: it guesses
    // heads (0.7) where a search that peeked at a tails coin would guess tails.
    let game = CoinGuess { pass_value: 0.6 };
    for seed in 0..10u64 {
        let state = game.initial_state(seed);
        let belief = game.observe(&state, 0);
        let mut search = InformationSetMcts::new(config(1_500, seed));
        assert_eq!(search.choose(&game, &belief, 0), Some(Guess::Heads));
        let mut peeking = Uct::new(config(1_500, seed));
        let peeked = peeking.choose(&game, &state, 0).unwrap();
        let truth = if state.heads {
            Guess::Heads
        } else {
            Guess::Tails
        };
        assert_eq!(peeked, truth, "the perfect-information search does peek");
    }
    // When the likelier face is worse than passing, it passes.
    let game = CoinGuess { pass_value: 0.8 };
    let mut search = InformationSetMcts::new(config(2_000, 0));
    let belief = CoinBelief {
        heads_probability: 0.7,
    };
    assert_eq!(search.choose(&game, &belief, 0), Some(Guess::Pass));
    let low = CoinBelief {
        heads_probability: 0.1,
    };
    assert_eq!(search.choose(&game, &low, 0), Some(Guess::Tails));
    assert_eq!(search.iterations(), 2_000);
}

// --- the contract harness -----------------------------------------------------------------------

#[test]
fn the_toys_keep_the_contract() {
    let s = check::contract(&TicTacToe, 0..50, 9, ranks2);
    assert_eq!(
        (s.games, s.steps > 200, s.actions_tried > s.steps),
        (50, true, true)
    );
    let game = Goofspiel::new(6).unwrap();
    check::contract(&game, 0..30, 6, ranks2);
    let game = MatrixGame::new(vec![vec![1.0, 0.0], vec![0.5, 1.0], vec![0.0, 0.2]]).unwrap();
    check::contract(&game, 0..10, 1, ranks2);
    check::contract(&CoinGuess { pass_value: 0.5 }, 0..10, 1, |_| vec![1]);
    assert_eq!(check::serde_round_trip(&TicTacToe, 0..10, 9), 10);
    assert_eq!(
        check::serde_round_trip(&Goofspiel::new(4).unwrap(), 0..10, 4),
        10
    );
}

/// Tic-tac-toe with one defect switched on, to show the harness catches each.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Defect {
    ListsOccupiedCells,
    NeverEnds,
    OutcomeBeforeTheEnd,
    LegalForTheWaitingPlayer,
    ReturnsAgainstTheOutcome,
    RanksZeroBased,
    StepDiffersFromAdvance,
    PanicsOnCorner,
}

struct Broken(Defect);

impl Game for Broken {
    type State = TicTacToeState;
    type Action = u8;
    type Events = ();
    type Outcome = [u8; 2];
    type Observation = TicTacToeState;
    fn moves(&self) -> pathfind::tree::Moves {
        TicTacToe.moves()
    }
    fn players(&self) -> usize {
        2
    }
    fn initial_state(&self, seed: u64) -> TicTacToeState {
        TicTacToe.initial_state(seed)
    }
    fn to_move(&self, state: &TicTacToeState) -> pathfind::tree::PlayerSet {
        TicTacToe.to_move(state)
    }
    fn legal_actions(&self, state: &TicTacToeState, player: usize, buf: &mut Vec<u8>) {
        TicTacToe.legal_actions(state, player, buf);
        match self.0 {
            Defect::ListsOccupiedCells if !buf.is_empty() => buf.push(9),
            Defect::LegalForTheWaitingPlayer if buf.is_empty() => buf.push(0),
            _ => {}
        }
    }
    fn advance(&self, state: &mut TicTacToeState, actions: &[u8]) {
        if let Some(&a) = actions.first() {
            if a >= 9 && self.0 == Defect::ListsOccupiedCells {
                panic!("cell {a} off the board");
            }
            if a == 8 && self.0 == Defect::PanicsOnCorner {
                panic!("corner");
            }
        }
        TicTacToe.advance(state, actions);
    }
    fn step(&self, state: &TicTacToeState, actions: &[u8]) -> TicTacToeState {
        let mut next = *state;
        if self.0 != Defect::StepDiffersFromAdvance || state.marks() < 3 {
            self.advance(&mut next, actions);
        }
        next
    }
    fn is_terminal(&self, state: &TicTacToeState) -> bool {
        self.0 != Defect::NeverEnds && TicTacToe.is_terminal(state)
    }
    fn outcome(&self, state: &TicTacToeState) -> Option<[u8; 2]> {
        match self.0 {
            Defect::OutcomeBeforeTheEnd if state.marks() == 4 => Some([1, 1]),
            Defect::RanksZeroBased => TicTacToe.outcome(state).map(|r| r.map(|x| x - 1)),
            Defect::NeverEnds => None,
            _ => TicTacToe.outcome(state),
        }
    }
    fn returns(&self, state: &TicTacToeState, out: &mut [f64]) {
        TicTacToe.returns(state, out);
        if self.0 == Defect::ReturnsAgainstTheOutcome {
            out.swap(0, 1);
        }
    }
    fn observe(&self, state: &TicTacToeState, _: usize) -> TicTacToeState {
        *state
    }
}

fn failure(defect: Defect) -> String {
    let result = std::panic::catch_unwind(|| {
        check::contract(&Broken(defect), 0..20, 9, ranks2);
    });
    let payload = result.expect_err("the harness must reject the defect");
    payload
        .downcast_ref::<String>()
        .cloned()
        .unwrap_or_default()
}

#[test]
fn the_harness_names_each_broken_promise() {
    let cases = [
        (Defect::ListsOccupiedCells, "listed action not accepted"),
        (Defect::NeverEnds, "movers"),
        (Defect::OutcomeBeforeTheEnd, "outcome: is_terminal is false"),
        (Defect::LegalForTheWaitingPlayer, "player 1 is not to move"),
        (Defect::ReturnsAgainstTheOutcome, "returns: players"),
        (Defect::RanksZeroBased, "ranks must be 1-based"),
        (Defect::StepDiffersFromAdvance, "step: step(state"),
        (Defect::PanicsOnCorner, "player 0's listed action"),
    ];
    for (defect, expected) in cases {
        let message = failure(defect);
        assert!(
            message.starts_with("contract: seed ") && message.contains(expected),
            "{defect:?}: expected {expected:?} in {message:?}"
        );
    }
}

#[test]
fn the_harness_catches_a_game_that_outlives_its_limit() {
    let result = std::panic::catch_unwind(|| {
        check::contract(&TicTacToe, 0..5, 4, ranks2);
    });
    let message = result
        .unwrap_err()
        .downcast_ref::<String>()
        .cloned()
        .unwrap();
    assert!(
        message.contains("termination: the game is not over after 4 steps"),
        "{message}"
    );
}

#[test]
fn duct_keeps_one_node_per_joint_history() {
    // Goofspiel with 3 cards: 1 root, 9 joint actions, then 4, then 1: 1 + 9 + 36 + 36 nodes.
    // A lookup that missed an existing child would add duplicates; one that confused two joint
    // actions would leave some out. With `mixing: 1.0` every player picks at random at every
    // simultaneous node, so every joint action is visited (plain DUCT may never try some).
    let game = Goofspiel::new(3).unwrap();
    let state = game.initial_state(0);
    let mut search = DecoupledUct::new(SearchConfig {
        mixing: 1.0,
        ..config(20_000, 0)
    });
    search.choose(&game, &state, 0);
    assert_eq!(search.tree_size(), 82);
    let mut search = Uct::new(config(20_000, 0));
    let empty = TicTacToe.initial_state(0);
    search.choose(&TicTacToe, &ttt("XO.X.O..."), 0);
    // 5 free cells: at most 5 + 5·4 + 5·4·3 + ... histories, fewer where games end early.
    assert!(search.tree_size() <= 1 + 5 + 20 + 60 + 120 + 120);
    assert!(search.choose(&TicTacToe, &empty, 0).is_some());
}

#[test]
fn a_cloned_search_carries_on_identically_and_shows_every_players_statistics() {
    let game = Goofspiel::new(5).unwrap();
    let state = game.initial_state(4);
    let mut search = DecoupledUct::new(config(500, 9));
    search.choose(&game, &state, 0);
    let mut copy = search.clone();
    let a = search.choose(&game, &state, 0);
    let b = copy.choose(&game, &state, 0);
    assert_eq!(a, b);
    let mine: Vec<_> = search.stats().map(|s| (*s.action, s.visits)).collect();
    let theirs: Vec<_> = search.stats_of(1).map(|s| (*s.action, s.visits)).collect();
    assert_eq!(
        mine,
        copy.stats()
            .map(|s| (*s.action, s.visits))
            .collect::<Vec<_>>()
    );
    // Both players' root edges: 5 cards each, every iteration credits one of each.
    assert_eq!((mine.len(), theirs.len()), (5, 5));
    assert_eq!(theirs.iter().map(|t| t.1).sum::<u32>(), 500);
}
