//! Windward under the workspace's game contract: the generic harness `pathfind::tree::check` on
//! short rounds, and the windward-specific promises (one meaning of "over", observation and
//! determinization, actions equal to the orders a client would send).

use pathfind::tree::{self, Determinize, check};
use rand::SeedableRng;
use windward::{Action, Config, Game, NUM_PLAYERS, PlayerId, State, mapgen};

/// A round short enough for random games: the tick limit ends it.
fn short_game(max_ticks: u32) -> Game {
    Game::new(mapgen::default_map(0), Config { max_ticks }).unwrap()
}

#[test]
fn the_generic_contract_holds() {
    let game = short_game(120);
    let summary = check::contract(&game, 0..3, 120, |o: &windward::Outcome| {
        o.ranks.iter().map(|&r| usize::from(r)).collect()
    });
    assert_eq!(summary.games, 3);
}

#[test]
fn states_survive_a_serde_round_trip() {
    let game = short_game(60);
    assert_eq!(check::serde_round_trip(&game, 0..2, 60), 2);
}

#[test]
fn over_includes_the_tick_limit_and_advance_stops_exactly_then() {
    let game = short_game(50);
    let mut state = game.initial_state(4);
    let mut ticks = 0;
    // The loop a bot author copies from any crate ends here too.
    while !state.is_over() {
        assert!(game.outcome(&state).is_none());
        game.advance(&mut state, &[]);
        ticks += 1;
    }
    assert_eq!(ticks, 50);
    assert_eq!(state.tick, 50);
    let outcome = game.outcome(&state).expect("over means an outcome");
    assert_eq!(outcome.reason, windward::EndReason::TickLimit);
    assert!(outcome.ranks.iter().all(|&r| (1..=10).contains(&r)));
    assert!(outcome.ranks.contains(&1));
    // advancing a finished round changes nothing and tells nobody anything
    let before = state.clone();
    assert!(game.advance(&mut state, &[]).is_empty());
    assert_eq!(state, before);
    assert!(tree::Game::to_move(&game, &state).is_empty());
}

#[test]
fn observe_hides_the_other_hands_and_sampling_restores_their_sizes() {
    let game = short_game(60_000);
    let mut state = game.initial_state(9);
    // give player 3 two cards from its deck and player 0 one
    for (p, n) in [(3usize, 2usize), (0, 1)] {
        for _ in 0..n {
            let card = state.players[p].deck.remove(0);
            state.players[p].hand.push(card);
        }
    }
    let seen = game.observe(&state, PlayerId(0));
    assert_eq!(seen.state.players[0].hand, state.players[0].hand);
    assert!(seen.state.players[3].hand.is_empty());
    assert_eq!(seen.hand_sizes[3], 2);
    assert_eq!(
        seen.state.players[3].deck.len(),
        state.players[3].deck.len() + 2
    );
    assert_ne!(seen.state.rng, state.rng, "future chance is hidden");
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    let sampled = Determinize::sample_state(&game, &seen, 0, &mut rng);
    assert_eq!(sampled.players[0], state.players[0]);
    assert_eq!(sampled.players[3].hand.len(), 2);
    assert_eq!(
        sampled.players[3].hand.len() + sampled.players[3].deck.len(),
        state.players[3].hand.len() + state.players[3].deck.len()
    );
    assert_eq!(sampled.passengers, state.passengers);
}

#[test]
fn every_player_moves_and_a_go_to_drives_to_the_stop() {
    let game = short_game(60_000);
    let mut state: State = game.initial_state(2);
    assert_eq!(tree::Game::to_move(&game, &state).len(), NUM_PLAYERS);
    let mut buf = Vec::new();
    game.legal_actions(&state, PlayerId(0), &mut buf);
    assert_eq!(buf[0], Action::Wait);
    let go = buf
        .iter()
        .find(|a| matches!(a, Action::GoTo { stop, pickup } if usize::from(*stop) < game.bus_stop_count() && !pickup.is_empty()))
        .cloned()
        .expect("a bus stop to go to");
    let Action::GoTo { stop, .. } = go else {
        unreachable!()
    };
    // The action is the order a client would send: both give the same state.
    let order = go.to_order(&game, &state, PlayerId(0)).unwrap();
    let mut by_order = state.clone();
    game.advance(&mut by_order, &[order]);
    let mut joint = vec![Action::Wait; NUM_PLAYERS];
    joint[0] = go;
    tree::Game::advance(&game, &mut state, &joint);
    assert_eq!(state, by_order);
    let target = game.stops()[usize::from(stop)];
    assert_eq!(
        state.players[0]
            .car
            .vehicle
            .path
            .iter()
            .filter(|&&t| t == target)
            .count(),
        1
    );
    // unknown players have no actions; an out-of-range stop changes nothing
    game.legal_actions(&state, PlayerId(10), &mut buf);
    assert!(buf.is_empty());
    let mut a = state.clone();
    let mut b = state.clone();
    let bad = Action::GoTo {
        stop: 999,
        pickup: Default::default(),
    };
    game.advance_actions(&mut a, &[bad]);
    game.advance_actions(&mut b, &[]);
    assert_eq!(a, b);
}
