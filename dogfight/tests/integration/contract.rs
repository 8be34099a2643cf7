//! The workspace's game contract (`pathfind::tree::Game`) on dogfight: the conventions of
//! `pathfind::tree`'s module docs, checked over seeded random playouts.

use dogfight::{Action, Config, EndReason, Game, Outcome, Side, State};
use pathfind::tree::{self, Moves, PlayerSet};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

fn playouts(game: &Game, seeds: u64, mut visit: impl FnMut(&State, &[Action; 2], &State)) {
    let mut buf = Vec::new();
    for seed in 0..seeds {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut state = tree::Game::initial_state(game, seed);
        let mut rounds = 0;
        while !tree::Game::is_terminal(game, &state) {
            let mut joint = [Action::none(); 2];
            for player in tree::Game::to_move(game, &state) {
                tree::Game::legal_actions(game, &state, player, &mut buf);
                assert!(!buf.is_empty(), "no legal action in a live state");
                joint[player] = buf[rng.random_range(0..buf.len())];
            }
            let next = tree::Game::step(game, &state, &joint);
            visit(&state, &joint, &next);
            state = next;
            rounds += 1;
            assert!(
                rounds <= game.config().rounds,
                "a playout outlived the round limit"
            );
        }
        visit(&state, &[Action::none(); 2], &state);
    }
}

#[test]
fn the_contract_holds_over_random_playouts() {
    let short = Game::new(
        dogfight::Arena::default(),
        Config {
            rounds: 12,
            ..Config::default()
        },
    )
    .unwrap();
    for game in [Game::default(), short] {
        assert_eq!(tree::Game::moves(&game), Moves::Simultaneous);
        assert_eq!(tree::Game::players(&game), 2);
        // The same seed gives the same state (the rules have no chance at all).
        assert_eq!(
            tree::Game::initial_state(&game, 1),
            tree::Game::initial_state(&game, 2)
        );
        let mut terminals = 0;
        playouts(&game, 200, |before, joint, after| {
            // `step` equals clone + `advance`, and agrees with the inherent call.
            let mut copy = *before;
            tree::Game::advance(&game, &mut copy, joint);
            assert_eq!(copy, *after);
            // `outcome` is `Some` exactly when terminal, and `to_move` is empty exactly then.
            let terminal = tree::Game::is_terminal(&game, before);
            assert_eq!(tree::Game::outcome(&game, before).is_some(), terminal);
            assert_eq!(tree::Game::to_move(&game, before).is_empty(), terminal);
            let mut returns = [f64::NAN; 2];
            tree::Game::returns(&game, before, &mut returns);
            assert!(
                returns.iter().all(|r| (0.0..=1.0).contains(r)),
                "{returns:?}"
            );
            if let Some(outcome) = tree::Game::outcome(&game, before) {
                terminals += 1;
                // Advancing a terminal state changes nothing.
                assert_eq!(after, before);
                let expected = match outcome.winner {
                    Some(Side::P1) => [1.0, 0.0],
                    Some(Side::P2) => [0.0, 1.0],
                    None => [0.5, 0.5],
                };
                assert_eq!(returns, expected);
                let ranks = outcome.places();
                assert_eq!(ranks[0] < ranks[1], returns[0] > returns[1]);
                assert_eq!(ranks[0] == ranks[1], returns[0] == returns[1]);
                let mut buf = vec![Action::none()];
                tree::Game::legal_actions(&game, before, 0, &mut buf);
                assert!(buf.is_empty());
            } else {
                assert_eq!(tree::Game::to_move(&game, before), PlayerSet::all(2));
                assert_eq!(
                    *after,
                    game.step_joint(before, &dogfight::Actions::new(joint[0], joint[1]))
                );
            }
            // The observation is the wrapper's view of the player's side.
            for player in 0..2 {
                let seen = tree::Game::observe(&game, before, player);
                assert_eq!(seen.round, before.round);
                let side = if player == 0 { Side::P1 } else { Side::P2 };
                assert_eq!(seen.alive(Side::P1), before.alive(side));
            }
            // serde round trip of states.
            let json = serde_json::to_string(before).unwrap();
            assert_eq!(serde_json::from_str::<State>(&json).unwrap(), *before);
        });
        assert_eq!(terminals, 200);
    }
}

/// The workspace's generic harness (`pathfind::tree::check`): determinism, step = clone +
/// advance, movers, legal actions (each one tried), outcome, returns against ranks, over means
/// over, termination within the round limit, observation; and serde round trips of states.
#[test]
fn the_workspace_harness_passes() {
    let game = Game::default();
    let rounds = usize::from(game.config().rounds);
    let summary = tree::check::contract(&game, 0..60, rounds, |outcome| {
        outcome.places().map(usize::from).to_vec()
    });
    assert_eq!(summary.games, 60);
    assert!(summary.actions_tried > 10_000, "{summary:?}");
    assert_eq!(tree::check::serde_round_trip(&game, 0..20, rounds), 20);
}

#[test]
fn ranks_are_one_based_and_shared_on_a_draw() {
    let outcome = |winner| Outcome {
        winner,
        reason: EndReason::Timeout,
        round: 100,
    };
    assert_eq!(outcome(Some(Side::P1)).places(), [1, 2]);
    assert_eq!(tree::Outcome::ranks(&outcome(Some(Side::P1))), [1, 2]);
    assert_eq!(outcome(Some(Side::P2)).places(), [2, 1]);
    assert_eq!(outcome(None).places(), [1, 1]);
    assert_eq!(tree::Outcome::ranks(&outcome(None)), [1, 1]);
}

#[test]
fn short_joint_actions_are_missing_moves_not_panics() {
    let game = Game::default();
    let state = tree::Game::initial_state(&game, 0);
    let straight = game.step_joint(&state, &dogfight::Actions::default());
    assert_eq!(tree::Game::step(&game, &state, &[]), straight);
    assert_eq!(tree::Game::step(&game, &state, &[Action::none()]), straight);
    let mut buf = vec![Action::none()];
    tree::Game::legal_actions(&game, &state, 7, &mut buf);
    assert!(buf.is_empty());
}
