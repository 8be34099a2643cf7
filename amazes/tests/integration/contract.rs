//! Amazes under `pathfind::tree`'s contract: the conventions of its module docs, checked on whole
//! random games, and the determinization's honesty (sampled states agree with what the player
//! knows, and only with that).

use amazes::{Action, Belief, Config, Game, Player, State, mazes};
use pathfind::tree::{Determinize, Game as _, Moves, PlayerSet};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

fn game(i: usize) -> Game {
    Game::new(mazes::get(i).maze, Config::default()).unwrap()
}

/// A random playout through the trait, checking every convention on the way. Returns the
/// final state.
fn checked_playout(game: &Game, seed: u64) -> State {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut state = pathfind::tree::Game::initial_state(game, seed);
    assert_eq!(state, pathfind::tree::Game::initial_state(game, seed));
    assert_eq!(game.moves(), Moves::Alternating);
    assert_eq!(game.players(), 2);
    let mut buf = Vec::new();
    let mut out = [0.0; 2];
    // The documented limit: 2 × 150 turns.
    for _ in 0..=2 * Config::default().turns as usize {
        let terminal = pathfind::tree::Game::is_terminal(game, &state);
        assert_eq!(
            pathfind::tree::Game::outcome(game, &state).is_some(),
            terminal
        );
        let to_move = game.to_move(&state);
        assert_eq!(to_move.is_empty(), terminal);
        for p in 0..3 {
            pathfind::tree::Game::legal_actions(game, &state, p, &mut buf);
            assert_eq!(buf.is_empty(), !to_move.contains(p), "player {p}");
        }
        game.returns(&state, &mut out);
        assert!(out.iter().all(|r| (0.0..=1.0).contains(r)));
        if terminal {
            let outcome = pathfind::tree::Game::outcome(game, &state).unwrap();
            let (r, b) = (outcome.scores[0], outcome.scores[1]);
            assert_eq!(out[0] > out[1], r > b);
            assert_eq!(out[0] == out[1], r == b);
            assert_eq!(outcome.ranks[0] == 1, r >= b);
            // Advancing a terminal state changes nothing.
            let before = state.clone();
            pathfind::tree::Game::advance(game, &mut state, &[]);
            assert_eq!(state, before);
            return state;
        }
        let mover = to_move.iter().next().unwrap();
        pathfind::tree::Game::legal_actions(game, &state, mover, &mut buf);
        let action = buf[rng.random_range(0..buf.len())];
        let stepped = pathfind::tree::Game::step(game, &state, &[action]);
        pathfind::tree::Game::advance(game, &mut state, &[action]);
        assert_eq!(stepped, state);
        // States survive a serde round trip.
        let json = serde_json::to_string(&state).unwrap();
        assert_eq!(serde_json::from_str::<State>(&json).unwrap(), state);
    }
    panic!("a game outlived its 300 turns");
}

#[test]
fn random_games_keep_the_contract() {
    for i in 0..6 {
        checked_playout(&game(i % 4), i as u64);
    }
}

#[test]
fn a_missing_action_is_a_timeout() {
    let game = game(0);
    let mut state = pathfind::tree::Game::initial_state(&game, 1);
    let event = pathfind::tree::Game::advance(&game, &mut state, &[]);
    assert_eq!(event.jury, Some(amazes::Fault::Timeout));
    assert_eq!(state.fault(Player::Red), Some(amazes::Fault::Timeout));
    assert_eq!(game.to_move(&state), PlayerSet::only(1));
}

/// Plays `turns` turns with random single steps, keeping `player`'s belief from its views and
/// lines only. Returns the state (with `player` to move) and the belief.
fn believe(game: &Game, seed: u64, turns: usize, player: Player) -> (State, Belief) {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut state = Game::initial_state(game, seed);
    let mut belief = Belief::new(game, player);
    let mut buf = Vec::new();
    for _ in 0..turns {
        let mover = state.to_move();
        Game::legal_actions(game, &state, mover.index(), &mut buf);
        let action: Action = buf[rng.random_range(0..buf.len())];
        if mover == player {
            belief.observe(&Game::observe(game, &state, player.index()));
            belief.played(&action);
        }
        Game::advance_action(game, &mut state, &action);
    }
    if state.to_move() != player {
        Game::legal_actions(game, &state, state.to_move().index(), &mut buf);
        Game::advance_action(game, &mut state, &buf[0]);
    }
    belief.observe(&Game::observe(game, &state, player.index()));
    (state, belief)
}

#[test]
fn sampled_states_agree_with_the_belief() {
    let game = game(1);
    for (seed, player) in [(1, Player::Red), (2, Player::Blue), (3, Player::Red)] {
        let (state, belief) = believe(&game, seed, 40, player);
        assert_eq!(belief.restarts, 0);
        let view = Game::observe(&game, &state, player.index());
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut differs = 0;
        for _ in 0..20 {
            let sample = game.sample_state(&belief, player.index(), &mut rng);
            let maze = sample.sampled_maze().expect("a sampled maze");
            maze.validate().unwrap();
            // The player sees in the sample exactly what it saw in the real game.
            assert_eq!(Game::observe(&game, &sample, player.index()), view);
            assert_eq!(sample.to_move(), player);
            assert_eq!(
                sample.knowledge(player).discovered_count(),
                belief.map.discovered_count()
            );
            differs += (maze != game.maze()) as usize;
            // Search can play on from it.
            let next = pathfind::tree::Game::step(&game, &sample, &[Action::from_line("F")]);
            assert_eq!(next.sampled_maze(), Some(maze));
        }
        // The hidden maze is not leaked: samples differ from the real one.
        assert!(differs > 0);
    }
}

/// The workspace's generic harness on Amazes: the contract on whole random games, and the
/// determinization (samples agree with the player's view and keep its legal actions).
#[test]
fn pathfind_tree_check_passes() {
    let game = game(0);
    let summary =
        pathfind::tree::check::contract(&game, 0..4, 2 * 150 + 1, |o: &amazes::Outcome| {
            o.ranks.iter().map(|&r| r as usize).collect()
        });
    assert_eq!(summary.games, 4);
    let checked = pathfind::tree::check::determinization(
        &game,
        0..2,
        40,
        3,
        |state, player| Belief::from_state(&game, state, [Player::Red, Player::Blue][player]),
        |sample, truth, player| {
            let p = [Player::Red, Player::Blue][player];
            Game::observe(&game, sample, p.index()) == Game::observe(&game, truth, p.index())
        },
    );
    assert!(checked > 0);
}

/// FNV-1a of a text: a digest that stays the same across toolchains.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Sampling reads only the map's known box (issue 23) and must draw exactly the states it drew
/// when it read the whole window: the digests of samples from beliefs early and late in games
/// are pinned.
#[test]
fn sampled_states_for_a_seed_are_pinned() {
    let game = game(1);
    let mut digests = Vec::new();
    for (seed, turns, player) in [
        (1, 0, Player::Red),
        (2, 40, Player::Blue),
        (3, 120, Player::Red),
    ] {
        let (_, belief) = believe(&game, seed, turns, player);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut text = String::new();
        for _ in 0..5 {
            let sample = game.sample_state(&belief, player.index(), &mut rng);
            text.push_str(&format!("{sample:?}"));
        }
        digests.push(fnv(&text));
    }
    assert_eq!(
        digests,
        [
            6352683794104212329,
            9731281571343094140,
            3327349085693155741
        ]
    );
}
