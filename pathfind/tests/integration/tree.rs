//! The searches of `pathfind::tree` on toy games with known answers, and the contract harness on
//! the toys (and on deliberately broken games, which it must reject).

use pathfind::tree::toys::{
    CoinBelief, CoinGuess, Goofspiel, Guess, MatrixGame, TicTacToe, TicTacToeState,
};
use pathfind::tree::{
    DecoupledUct, FlatMonteCarlo, Game, InformationSetMcts, InvalidState, Policy, SearchConfig,
    SearchRng, Uct, check,
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

/// The eight lines, written out again so the cached result is checked against plain rules.
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Tic-tac-toe's rules from the cells alone: the winner, and whether the game is over.
fn plain_rules(state: &TicTacToeState) -> (Option<usize>, bool) {
    let winner = (0..2).find(|&p| {
        LINES
            .iter()
            .any(|line| line.iter().all(|&c| state.mark(c) == Some(p)))
    });
    (winner, winner.is_some() || state.marks() == 9)
}

#[test]
fn tic_tac_toe_keeps_its_result_in_step_with_its_marks() {
    let game = TicTacToe;
    let mut rng = SearchRng::seed_from_u64(7);
    let mut legal = Vec::new();
    let mut finals = [0usize; 3];
    for _ in 0..2_000 {
        let mut state = game.initial_state(0);
        loop {
            let (winner, over) = plain_rules(&state);
            assert_eq!(game.is_terminal(&state), over, "{state:?}");
            let mover = usize::from(state.marks() % 2);
            let movers: Vec<usize> = game.to_move(&state).iter().collect();
            assert_eq!(movers, if over { vec![] } else { vec![mover] });
            // The serde form is the marks alone, and reading it back recomputes the result.
            let json = serde_json::to_string(&state).unwrap();
            assert!(json.starts_with(r#"{"marks":["#), "{json}");
            assert_eq!(
                serde_json::from_str::<TicTacToeState>(&json).unwrap(),
                state
            );
            if over {
                let mut returns = [0.0; 2];
                game.returns(&state, &mut returns);
                let expected = match winner {
                    Some(0) => [1.0, 0.0],
                    Some(_) => [0.0, 1.0],
                    None => [0.5, 0.5],
                };
                assert_eq!(returns, expected);
                finals[winner.map_or(2, |w| w)] += 1;
                // A move after the end changes nothing.
                let before = state;
                game.advance(&mut state, &[0]);
                assert_eq!(state, before);
                break;
            }
            game.legal_actions(&state, mover, &mut legal);
            let free: Vec<u8> = (0..9)
                .filter(|&c| state.mark(usize::from(c)).is_none())
                .collect();
            assert_eq!(legal, free);
            let cell = legal[rng.random_range(0..legal.len())];
            game.advance(&mut state, &[cell]);
        }
    }
    // Random play reaches every ending.
    assert!(finals.iter().all(|&n| n > 100), "{finals:?}");
    // Positions read from text carry their result too.
    assert!(game.is_terminal(&ttt("XXXOO....")));
    assert_eq!(game.outcome(&ttt("XXOOOXXXO")), Some([1, 1]));
    assert_eq!(game.outcome(&ttt("OOOXX.XX.")), Some([2, 1]));
}

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
    // With first-free-cell playouts every playout from a root action is one deterministic
    // line, so each root action's mean is exactly 0, 0.5 or 1 (random playouts mix them).
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
    RefusesItsOwnStates,
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
    fn validate(&self, state: &TicTacToeState) -> Result<(), InvalidState> {
        if self.0 == Defect::RefusesItsOwnStates && state.marks() == 4 {
            return Err(InvalidState::new("marks", 4, "fewer"));
        }
        Ok(())
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
        (
            Defect::RefusesItsOwnStates,
            "validate: a state of the game itself was refused: invalid state: marks is 4",
        ),
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

/// Counts the policy's calls, playing like [`Uniform`](pathfind::tree::Uniform) otherwise.
struct Counting(u32);

impl Policy<Goofspiel> for Counting {
    fn choose(
        &mut self,
        _: &Goofspiel,
        _: &<Goofspiel as Game>::State,
        _: usize,
        legal: &[u8],
        rng: &mut SearchRng,
    ) -> usize {
        self.0 += 1;
        rng.random_range(0..legal.len())
    }
}

#[test]
fn playouts_stop_at_the_depth_cap() {
    // Goofspiel with 8 cards lasts 8 steps. Flat Monte Carlo asks the policy once per iteration
    // for the opponent's root action, then twice per playout step (two movers).
    let game = Goofspiel::new(8).unwrap();
    let state = game.initial_state(0);
    for (cap, calls_per_iteration) in [(0, 1), (3, 1 + 3 * 2), (100, 1 + 7 * 2)] {
        let mut search = FlatMonteCarlo::with_policy(
            SearchConfig {
                max_playout_steps: cap,
                ..config(200, 0)
            },
            Counting(0),
        );
        search.choose(&game, &state, 0);
        assert_eq!(
            search.policy_mut().0,
            200 * calls_per_iteration,
            "cap {cap}"
        );
    }
}

/// A two-step hidden-information game. Player 1 holds a hidden card 0, 1 or 2. Player 0 plays
/// `Safe` (0.5 to it) or `Risky`; after `Risky`, player 1 may `Punish` (0 to player 0) only when
/// it holds card 0, else it can only `Pass` (1 to player 0). So `Risky` is worth 2/3 to a
/// player 0 who does not know the card, and player 1's legal actions differ between
/// determinizations: the search must only select, at each sample, what that sample allows.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Ambush;

#[derive(Debug, Clone, Copy, PartialEq)]
struct AmbushState {
    card: u8,
    risky: Option<bool>,
    punished: Option<bool>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AmbushAction {
    Safe,
    Risky,
    Punish,
    Pass,
}

impl Ambush {
    fn value(state: &AmbushState) -> Option<f64> {
        match (state.risky, state.punished) {
            (Some(false), _) => Some(0.5),
            (Some(true), Some(true)) => Some(0.0),
            (Some(true), Some(false)) => Some(1.0),
            _ => None,
        }
    }
}

impl Game for Ambush {
    type State = AmbushState;
    type Action = AmbushAction;
    type Events = ();
    type Outcome = f64;
    type Observation = ();
    fn moves(&self) -> pathfind::tree::Moves {
        pathfind::tree::Moves::Alternating
    }
    fn players(&self) -> usize {
        2
    }
    fn initial_state(&self, seed: u64) -> AmbushState {
        AmbushState {
            card: (seed % 3) as u8,
            risky: None,
            punished: None,
        }
    }
    fn to_move(&self, state: &AmbushState) -> pathfind::tree::PlayerSet {
        match Ambush::value(state) {
            Some(_) => pathfind::tree::PlayerSet::EMPTY,
            None if state.risky.is_none() => pathfind::tree::PlayerSet::only(0),
            None => pathfind::tree::PlayerSet::only(1),
        }
    }
    fn legal_actions(&self, state: &AmbushState, player: usize, buf: &mut Vec<AmbushAction>) {
        buf.clear();
        if !self.to_move(state).contains(player) {
            return;
        }
        if player == 0 {
            buf.extend([AmbushAction::Safe, AmbushAction::Risky]);
        } else if state.card == 0 {
            buf.push(AmbushAction::Punish);
        } else {
            buf.push(AmbushAction::Pass);
        }
    }
    fn advance(&self, state: &mut AmbushState, actions: &[AmbushAction]) {
        // An action the mover may not play here is a panic, so that a search selecting one
        // fails the test loudly (a real game would ignore it).
        match (self.to_move(state).iter().next(), actions) {
            (Some(0), [AmbushAction::Safe]) => state.risky = Some(false),
            (Some(0), [AmbushAction::Risky]) => state.risky = Some(true),
            (Some(1), [AmbushAction::Punish]) if state.card == 0 => state.punished = Some(true),
            (Some(1), [AmbushAction::Pass]) if state.card != 0 => state.punished = Some(false),
            (None, []) => {}
            other => panic!("illegal {other:?} in {state:?}"),
        }
    }
    fn is_terminal(&self, state: &AmbushState) -> bool {
        Ambush::value(state).is_some()
    }
    fn outcome(&self, state: &AmbushState) -> Option<f64> {
        Ambush::value(state)
    }
    fn returns(&self, state: &AmbushState, out: &mut [f64]) {
        let v = Ambush::value(state).unwrap_or(0.5);
        out[0] = v;
        out[1] = 1.0 - v;
    }
    fn observe(&self, _: &AmbushState, _: usize) {}
}

impl pathfind::tree::Determinize for Ambush {
    /// Player 0 knows nothing of the card.
    type Belief = ();
    fn sample_state(&self, _: &(), _: usize, rng: &mut dyn rand::RngCore) -> AmbushState {
        self.initial_state(u64::from(rng.next_u32()))
    }
}

#[test]
fn ismcts_selects_only_what_each_sample_allows() {
    check::contract(&Ambush, 0..9, 2, |o| {
        if *o > 0.5 {
            vec![1, 2]
        } else if *o < 0.5 {
            vec![2, 1]
        } else {
            vec![1, 1]
        }
    });
    let mut search = InformationSetMcts::new(config(3_000, 0));
    assert_eq!(search.choose(&Ambush, &(), 0), Some(AmbushAction::Risky));
    let risky = search
        .stats()
        .find(|s| *s.action == AmbushAction::Risky)
        .unwrap();
    assert!(
        (risky.mean - 2.0 / 3.0).abs() < 0.05,
        "Risky is worth 2/3 over the belief: {risky:?}"
    );
    // A search that peeks at a state holding card 0 plays safe.
    let mut peeking = Uct::new(config(3_000, 0));
    assert_eq!(
        peeking.choose(&Ambush, &Ambush.initial_state(0), 0),
        Some(AmbushAction::Safe)
    );
}

/// A three-player kingmaker game: player 0 takes `Safe` (everyone gets 0.5) or hands the
/// decision to player 2, who picks between two endings that favour player 0 or player 1. UCT
/// must model player 2 as maximising *its own* return (max^n), neither as player 0's ally nor
/// as its enemy.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Kingmaker {
    /// Player 2's return when it crowns player 0 (and when it crowns player 1: 1 - this).
    crowning_zero_pays: f64,
}

/// `None`: player 0 to move; `Some(None)`: player 2 to move; `Some(Some(c))`: over, where
/// `c` is 0 for Safe, 1 for "crown player 0", 2 for "crown player 1".
type KingmakerState = Option<Option<u8>>;

impl Kingmaker {
    fn values(&self, state: &KingmakerState) -> Option<[f64; 3]> {
        let p = self.crowning_zero_pays;
        match state {
            Some(Some(0)) => Some([0.5, 0.5, 0.5]),
            Some(Some(1)) => Some([1.0, 0.0, p]),
            Some(Some(_)) => Some([0.0, 1.0, 1.0 - p]),
            _ => None,
        }
    }
}

impl Game for Kingmaker {
    type State = KingmakerState;
    type Action = u8;
    type Events = ();
    type Outcome = [f64; 3];
    type Observation = KingmakerState;
    fn moves(&self) -> pathfind::tree::Moves {
        pathfind::tree::Moves::Alternating
    }
    fn players(&self) -> usize {
        3
    }
    fn initial_state(&self, _: u64) -> KingmakerState {
        None
    }
    fn to_move(&self, state: &KingmakerState) -> pathfind::tree::PlayerSet {
        match state {
            None => pathfind::tree::PlayerSet::only(0),
            Some(None) => pathfind::tree::PlayerSet::only(2),
            Some(Some(_)) => pathfind::tree::PlayerSet::EMPTY,
        }
    }
    fn legal_actions(&self, state: &KingmakerState, player: usize, buf: &mut Vec<u8>) {
        buf.clear();
        match (state, player) {
            (None, 0) => buf.extend([0, 1]), // 0 Safe, 1 hand over
            (Some(None), 2) => buf.extend([1, 2]),
            _ => {}
        }
    }
    fn advance(&self, state: &mut KingmakerState, actions: &[u8]) {
        *state = match (*state, actions) {
            (None, [0]) => Some(Some(0)),
            (None, [1]) => Some(None),
            (Some(None), [c @ (1 | 2)]) => Some(Some(*c)),
            (s, _) => s,
        };
    }
    fn is_terminal(&self, state: &KingmakerState) -> bool {
        self.values(state).is_some()
    }
    fn outcome(&self, state: &KingmakerState) -> Option<[f64; 3]> {
        self.values(state)
    }
    fn returns(&self, state: &KingmakerState, out: &mut [f64]) {
        out[..3].copy_from_slice(&self.values(state).unwrap_or([0.5; 3]));
    }
    fn observe(&self, state: &KingmakerState, _: usize) -> KingmakerState {
        *state
    }
}

#[test]
fn uct_models_each_player_as_maximising_its_own_return() {
    let ranks = |v: &[f64; 3]| {
        v.iter()
            .map(|x| 1 + v.iter().filter(|y| *y > x).count())
            .collect()
    };
    for (pays, expected) in [(0.6, 1), (0.4, 0)] {
        let game = Kingmaker {
            crowning_zero_pays: pays,
        };
        check::contract(&game, 0..8, 2, ranks);
        let mut search = Uct::new(config(2_000, 0));
        assert_eq!(
            search.choose(&game, &None, 0),
            Some(expected),
            "player 2 gains {pays} by crowning player 0"
        );
        assert_eq!(
            search.choose(&game, &Some(None), 2),
            Some(if pays > 0.5 { 1 } else { 2 })
        );
    }
}

#[test]
fn the_determinization_check_accepts_honest_samples_and_names_wrong_ones() {
    let coin = CoinGuess { pass_value: 0.6 };
    let n = check::determinization(
        &coin,
        0..5,
        1,
        20,
        |s, p| coin.observe(s, p),
        |a, b, p| coin.observe(a, p) == coin.observe(b, p),
    );
    assert_eq!(n, 100);
    // Ambush's belief is nothing at all, so its samples are fresh games: right for player 0 at
    // the start, wrong once player 0 has moved (and player 1, who holds the card, would need
    // its card kept besides). The check names the first state where the samples go wrong.
    let result = std::panic::catch_unwind(|| {
        check::determinization(&Ambush, 0..5, 2, 20, |_, _| (), |_, _, _| true)
    });
    let message = result
        .unwrap_err()
        .downcast_ref::<String>()
        .cloned()
        .unwrap();
    assert!(
        message.starts_with("determinize: seed ")
            && message.contains("step 1: sample 0 for player 1 has [0] to move"),
        "{message}"
    );
}

/// Coin guessing where the player's options depend on the face: a broken determinization
/// target (a player's own legal actions must not depend on what it cannot see).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Peeking;

impl Game for Peeking {
    type State = pathfind::tree::toys::CoinState;
    type Action = Guess;
    type Events = ();
    type Outcome = f64;
    type Observation = CoinBelief;
    fn moves(&self) -> pathfind::tree::Moves {
        CoinGuess { pass_value: 0.5 }.moves()
    }
    fn players(&self) -> usize {
        1
    }
    fn initial_state(&self, seed: u64) -> Self::State {
        CoinGuess { pass_value: 0.5 }.initial_state(seed)
    }
    fn to_move(&self, state: &Self::State) -> pathfind::tree::PlayerSet {
        CoinGuess { pass_value: 0.5 }.to_move(state)
    }
    fn legal_actions(&self, state: &Self::State, player: usize, buf: &mut Vec<Guess>) {
        CoinGuess { pass_value: 0.5 }.legal_actions(state, player, buf);
        if state.heads {
            buf.retain(|&g| g != Guess::Tails);
        }
    }
    fn advance(&self, state: &mut Self::State, actions: &[Guess]) {
        CoinGuess { pass_value: 0.5 }.advance(state, actions);
    }
    fn is_terminal(&self, state: &Self::State) -> bool {
        state.guess.is_some()
    }
    fn outcome(&self, state: &Self::State) -> Option<f64> {
        CoinGuess { pass_value: 0.5 }.outcome(state)
    }
    fn returns(&self, state: &Self::State, out: &mut [f64]) {
        CoinGuess { pass_value: 0.5 }.returns(state, out);
    }
    fn observe(&self, state: &Self::State, player: usize) -> CoinBelief {
        CoinGuess { pass_value: 0.5 }.observe(state, player)
    }
}

impl pathfind::tree::Determinize for Peeking {
    type Belief = CoinBelief;
    fn sample_state(
        &self,
        belief: &CoinBelief,
        player: usize,
        rng: &mut dyn rand::RngCore,
    ) -> Self::State {
        CoinGuess { pass_value: 0.5 }.sample_state(belief, player, rng)
    }
}

#[test]
fn the_determinization_check_names_options_that_depend_on_hidden_information() {
    let result = std::panic::catch_unwind(|| {
        check::determinization(
            &Peeking,
            0..5,
            1,
            20,
            |s, p| Peeking.observe(s, p),
            |_, _, _| true,
        )
    });
    let message = result
        .unwrap_err()
        .downcast_ref::<String>()
        .cloned()
        .unwrap();
    assert!(
        message.contains("gives player 0 the legal actions"),
        "{message}"
    );
}

/// A broken determinization target: after player 0's move, player 1 moves alone or together
/// with player 2 depending on a hidden card, so samples of the same history disagree about who
/// moves. IS-MCTS must not trip over it (it stops descending where the samples disagree).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Fickle;

/// (hidden card, moves made so far).
type FickleState = (u8, u8);

impl Game for Fickle {
    type State = FickleState;
    type Action = u8;
    type Events = ();
    // Every game is a three-way draw.
    type Outcome = [u8; 3];
    type Observation = ();
    fn moves(&self) -> pathfind::tree::Moves {
        pathfind::tree::Moves::Simultaneous
    }
    fn players(&self) -> usize {
        3
    }
    fn initial_state(&self, seed: u64) -> FickleState {
        ((seed % 2) as u8, 0)
    }
    fn to_move(&self, &(card, made): &FickleState) -> pathfind::tree::PlayerSet {
        match made {
            0 => pathfind::tree::PlayerSet::only(0),
            1 | 2 if card == 0 => pathfind::tree::PlayerSet::only(1),
            1 | 2 => pathfind::tree::PlayerSet::from_bits(0b110),
            _ => pathfind::tree::PlayerSet::EMPTY,
        }
    }
    fn legal_actions(&self, state: &FickleState, player: usize, buf: &mut Vec<u8>) {
        buf.clear();
        if self.to_move(state).contains(player) {
            buf.extend([0, 1]);
        }
    }
    fn advance(&self, state: &mut FickleState, _: &[u8]) {
        if state.1 < 3 {
            state.1 += 1;
        }
    }
    fn is_terminal(&self, state: &FickleState) -> bool {
        state.1 >= 3
    }
    fn outcome(&self, state: &FickleState) -> Option<[u8; 3]> {
        self.is_terminal(state).then_some([1, 1, 1])
    }
    fn returns(&self, _: &FickleState, out: &mut [f64]) {
        out[..3].fill(0.5);
    }
    fn observe(&self, _: &FickleState, _: usize) {}
}

impl pathfind::tree::Determinize for Fickle {
    type Belief = ();
    fn sample_state(&self, _: &(), _: usize, rng: &mut dyn rand::RngCore) -> FickleState {
        ((rng.next_u32() % 2) as u8, 0)
    }
}

#[test]
fn ismcts_survives_samples_that_disagree_about_who_moves() {
    let mut search = InformationSetMcts::new(config(2_000, 0));
    assert!(search.choose(&Fickle, &(), 0).is_some());
    assert_eq!(search.iterations(), 2_000);
}

#[test]
fn searches_count_the_engine_steps_of_their_playouts() {
    let game = TicTacToe;
    // X to move with one empty cell: the root action ends the game, so no playout step is played.
    let last = ttt("XOXXOOOX.");
    let mut flat = FlatMonteCarlo::new(config(50, 1));
    assert_eq!(flat.choose(&game, &last, 0), Some(8));
    assert_eq!(flat.playout_steps(), 0);
    // From the empty board every playout plays between 4 and 8 moves after the root action
    // (UCT's tree takes some of them), and a second decision starts counting from zero.
    let empty = game.initial_state(0);
    for _ in 0..2 {
        flat.choose(&game, &empty, 0);
        assert!(
            (4 * 50..=8 * 50).contains(&flat.playout_steps()),
            "{}",
            flat.playout_steps()
        );
    }
    let mut uct = Uct::new(config(200, 2));
    uct.choose(&game, &empty, 0);
    let steps = uct.playout_steps();
    assert!(steps > 0 && steps <= 8 * 200, "{steps}");
    uct.choose(&game, &last, 0);
    assert_eq!(uct.playout_steps(), 0);
}

// --- settings and states from outside (issue 22) -------------------------------------------------

/// `Instant + Duration::MAX` panics: a time budget past the clock's range is no time limit, in
/// every search.
#[test]
fn a_time_past_the_clocks_range_is_no_time_limit() {
    let forever = SearchConfig {
        iterations: 300,
        time: Some(std::time::Duration::MAX),
        ..SearchConfig::default()
    };
    let state = ttt("X...O....");
    let mut uct = Uct::new(forever.clone());
    assert!(uct.choose(&TicTacToe, &state, 0).is_some());
    assert_eq!(uct.iterations(), 300);
    let mut flat = FlatMonteCarlo::new(forever.clone());
    assert!(flat.choose(&TicTacToe, &state, 0).is_some());
    assert_eq!(flat.iterations(), 300);
    let goofspiel = Goofspiel::new(5).unwrap();
    let mut duct = DecoupledUct::new(forever.clone());
    assert!(
        duct.choose(&goofspiel, &goofspiel.initial_state(0), 1)
            .is_some()
    );
    assert_eq!(duct.iterations(), 300);
    let coin = CoinGuess { pass_value: 0.6 };
    let mut ismcts = InformationSetMcts::new(forever);
    let belief = CoinBelief {
        heads_probability: 0.7,
    };
    assert_eq!(ismcts.choose(&coin, &belief, 0), Some(Guess::Heads));
    assert_eq!(ismcts.iterations(), 300);
}

/// A NaN or out-of-range probability or pass value is clamped (NaN: 0.5 and 0), never a panic
/// of `random_bool` or a return outside `[0, 1]`.
#[test]
fn coin_guess_clamps_nan_and_out_of_range_values() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
    for p in [f64::NAN, -1.0, 2.0, f64::INFINITY, f64::NEG_INFINITY] {
        let belief = CoinBelief {
            heads_probability: p,
        };
        let game = CoinGuess { pass_value: 0.6 };
        let _ = pathfind::tree::Determinize::sample_state(&game, &belief, 0, &mut rng);
        let mut search = InformationSetMcts::new(config(200, 1));
        assert!(search.choose(&game, &belief, 0).is_some());
    }
    assert_eq!(
        CoinBelief {
            heads_probability: f64::NAN
        }
        .probability(),
        0.5
    );
    assert_eq!(
        CoinBelief {
            heads_probability: 7.0
        }
        .probability(),
        1.0
    );
    for pass_value in [f64::NAN, -3.0, 7.0] {
        let game = CoinGuess { pass_value };
        assert!((0.0..=1.0).contains(&game.pass_value()));
        check::contract(&game, 0..10, 1, |_| vec![1]);
    }
}

/// `hostile_state` runs every method on an accepted state and names the one that panics.
#[test]
fn hostile_states_are_refused_or_safe() {
    // Only the corner is free: X must take it, and this game panics there.
    let state = ttt("XOXXOOOX.");
    let result = std::panic::catch_unwind(|| {
        let _ = check::hostile_state(&Broken(Defect::PanicsOnCorner), state, 5, 0);
    });
    let message = result
        .unwrap_err()
        .downcast_ref::<String>()
        .cloned()
        .unwrap_or_default();
    assert!(
        message.starts_with("hostile state: step 0: advance: panicked on an accepted state"),
        "{message}"
    );
    let refused =
        check::hostile_state(&Broken(Defect::RefusesItsOwnStates), ttt("XO.XO...."), 5, 0);
    assert_eq!(refused.unwrap_err().field, "marks");
    let exercised = check::hostile_state(&TicTacToe, state, 5, 0).unwrap();
    assert_eq!(exercised.states, 2);
    let mut summary = check::HostileSummary::default();
    for seed in 0..50 {
        summary += check::hostile_serde(&TicTacToe, seed, 9, 3, 9);
    }
    assert_eq!(summary.unreadable + summary.refused + summary.accepted, 150);
}

// --- Untried edges and reused samples (issue 23) ------------------------------------------------

#[test]
fn uct_tries_every_root_action_once_before_repeating_one() {
    let game = TicTacToe;
    let state = game.initial_state(0);
    for seed in 0..20 {
        let mut search = Uct::new(config(9, seed));
        search.choose(&game, &state, 0);
        let visits: Vec<u32> = search.stats().map(|s| s.visits).collect();
        assert_eq!(visits, [1; 9], "seed {seed}");
    }
}

#[test]
fn uct_draws_its_first_untried_action_uniformly() {
    let game = TicTacToe;
    let state = game.initial_state(0);
    let mut counts = [0u32; 9];
    for seed in 0..900 {
        let mut search = Uct::new(config(1, seed));
        let cell = search.choose(&game, &state, 0).unwrap();
        counts[usize::from(cell)] += 1;
    }
    // 100 expected per cell; 60..140 is more than 4 standard deviations either way.
    assert!(counts.iter().all(|c| (60..140).contains(c)), "{counts:?}");
}

#[test]
fn decoupled_uct_visits_add_up_for_every_mover_and_means_stay_returns() {
    let game = MatrixGame::new(vec![
        vec![0.5, 0.0, 1.0],
        vec![1.0, 0.5, 0.0],
        vec![0.0, 1.0, 0.5],
    ])
    .unwrap();
    let state = game.initial_state(0);
    for mixing in [0.0, 0.3, 1.0] {
        // With as many iterations as actions and no mixing, each action once per mover.
        let mut search = DecoupledUct::new(SearchConfig {
            iterations: 3,
            mixing: 0.0,
            ..SearchConfig::default()
        });
        search.choose(&game, &state, 0);
        for player in 0..2 {
            let visits: Vec<u32> = search.stats_of(player).map(|s| s.visits).collect();
            assert_eq!(visits, [1, 1, 1]);
        }
        let mut search = DecoupledUct::new(SearchConfig {
            iterations: 700,
            mixing,
            seed: 5,
            ..SearchConfig::default()
        });
        search.choose(&game, &state, 0);
        for player in 0..2 {
            let stats: Vec<_> = search.stats_of(player).collect();
            assert_eq!(stats.iter().map(|s| s.visits).sum::<u32>(), 700);
            assert!(
                stats.iter().all(|s| (0.0..=1.0).contains(&s.mean)),
                "{stats:?}"
            );
        }
    }
}

#[test]
fn uct_with_the_same_seed_builds_the_same_tree() {
    let game = Goofspiel::new(6).unwrap();
    let state = game.initial_state(0);
    let run = || {
        let mut search = DecoupledUct::new(config(2_000, 9));
        let action = search.choose(&game, &state, 1);
        let stats: Vec<(u32, u64)> = search
            .stats_of(0)
            .chain(search.stats_of(1))
            .map(|s| (s.visits, s.mean.to_bits()))
            .collect();
        (action, stats, search.tree_size())
    };
    assert_eq!(run(), run());
}

#[test]
fn information_set_mcts_reuses_each_sample_for_the_asked_iterations() {
    let game = CoinGuess { pass_value: 0.6 };
    let belief = CoinBelief {
        heads_probability: 0.5,
    };
    // One sample for the whole budget: the search sees one face, so guessing it always pays
    // 1 and the other face always 0.
    let mut search = InformationSetMcts::new(config(300, 1)).with_iterations_per_sample(u32::MAX);
    search.choose(&game, &belief, 0);
    assert_eq!(search.iterations(), 300);
    let means: Vec<f64> = search.stats().map(|s| s.mean).collect();
    assert!(
        means[..2].contains(&0.0) && means[..2].contains(&1.0),
        "{means:?}"
    );
    // A fresh sample every iteration (the default): both faces are seen, neither mean is pure.
    let mut search = InformationSetMcts::new(config(300, 1));
    assert_eq!(search.iterations_per_sample(), 1);
    search.choose(&game, &belief, 0);
    let means: Vec<f64> = search.stats().map(|s| s.mean).collect();
    assert!(means[..2].iter().all(|m| 0.0 < *m && *m < 1.0), "{means:?}");
    // In between, every iteration still counts against the budget.
    let mut search = InformationSetMcts::new(config(301, 1)).with_iterations_per_sample(8);
    search.choose(&game, &belief, 0);
    assert_eq!(search.iterations(), 301);
    assert_eq!(search.stats().map(|s| s.visits).sum::<u32>(), 301);
}

// --- choose_until: a search a caller can stop ---------------------------------------------------

/// A `stop` that never answers true changes nothing (the same choice, visits and iterations as
/// `choose`, decision after decision); one that answers true after `k` polls stops the search
/// after `k` iterations, with a choice of what those found.
#[test]
fn choose_until_stops_where_told_and_otherwise_changes_nothing() {
    let game = TicTacToe;
    let state = ttt("X...O....");
    let mut plain = Uct::new(config(500, 3));
    let mut polled = Uct::new(config(500, 3));
    let mut flat = FlatMonteCarlo::new(config(400, 3));
    let mut flat_polled = FlatMonteCarlo::new(config(400, 3));
    let mut calls = 0u32;
    for _ in 0..3 {
        let a = plain.choose(&game, &state, 0);
        let b = polled.choose_until(&game, &state, 0, || {
            calls += 1;
            false
        });
        assert_eq!(a, b);
        assert_eq!(plain.iterations(), polled.iterations());
        let visits = |s: &Uct<TicTacToe>| s.stats().map(|s| s.visits).collect::<Vec<_>>();
        assert_eq!(visits(&plain), visits(&polled));
        assert_eq!(
            flat.choose(&game, &state, 0),
            flat_polled.choose_until(&game, &state, 0, || false)
        );
    }
    assert!(calls >= 3 * 500, "stop is polled before every iteration");

    let mut stopped = Uct::new(config(500, 3));
    let mut polls = 0;
    let action = stopped.choose_until(&game, &state, 0, || {
        polls += 1;
        polls > 37
    });
    assert_eq!(stopped.iterations(), 37);
    assert!(action.is_some());
    let mut ismcts = InformationSetMcts::new(config(500, 3));
    let belief = CoinBelief {
        heads_probability: 0.7,
    };
    let mut polls = 0;
    ismcts.choose_until(&CoinGuess { pass_value: 0.6 }, &belief, 0, || {
        polls += 1;
        polls > 11
    });
    assert_eq!(ismcts.iterations(), 11);
}
