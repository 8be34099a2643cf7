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
        game.advance_orders(&mut state, &[]);
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
    assert!(game.advance_orders(&mut state, &[]).is_empty());
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
    let seen = game.observe(&state, 0);
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
    game.legal_actions(&state, 0, &mut buf);
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
    game.advance_orders(&mut by_order, &[order]);
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
    game.legal_actions(&state, 10, &mut buf);
    assert!(buf.is_empty());
    let mut a = state.clone();
    let mut b = state.clone();
    let bad = Action::GoTo {
        stop: 999,
        pickup: Default::default(),
    };
    game.advance(&mut a, &[bad]);
    game.advance(&mut b, &[]);
    assert_eq!(a, b);
}

/// Every player's orders for one tick, queued in player order (the order-level loop's queue).
fn queue(joint: &[Action]) -> Vec<windward::Order> {
    joint
        .iter()
        .flat_map(|a| match a {
            Action::Orders(orders) => orders.clone(),
            _ => Vec::new(),
        })
        .collect()
}

#[test]
fn orders_actions_play_exactly_as_the_order_level_loop() {
    use rand::Rng;
    // Random legal actions of all ten players, sent as the orders a client would send: the
    // action-level and the order-level loops stay equal (states and events) tick by tick.
    for (map, seed) in [(0, 3), (1, 8), (2, 5)] {
        let game = Game::new(mapgen::default_map(map), Config { max_ticks: 1_500 }).unwrap();
        let mut by_actions = game.initial_state(seed);
        let mut by_orders = by_actions.clone();
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut legal = Vec::new();
        let mut sent = 0;
        while !by_actions.is_over() {
            let joint: Vec<Action> = (0..NUM_PLAYERS)
                .map(|i| {
                    let me = PlayerId(i as u8);
                    let mut orders = Vec::new();
                    // Up to three messages in one tick (a path and cards, as the built-in AI sends).
                    for _ in 0..rng.random_range(0..4) {
                        if rng.random_bool(0.9) {
                            continue;
                        }
                        game.legal_actions(&by_actions, me.index(), &mut legal);
                        let pick = &legal[rng.random_range(0..legal.len())];
                        pick.to_orders(&game, &by_actions, me, &mut orders);
                    }
                    sent += orders.len();
                    Action::Orders(orders)
                })
                .collect();
            let events = game.advance(&mut by_actions, &joint);
            let expected = game.advance_orders(&mut by_orders, &queue(&joint));
            assert_eq!(events, expected, "tick {}", by_orders.tick);
            assert_eq!(by_actions, by_orders, "tick {}", by_orders.tick);
        }
        assert!(sent > 100, "{sent} orders sent");
    }
}

#[test]
fn orders_apply_in_the_order_sent() {
    let game = short_game(60_000);
    let mut state = game.initial_state(6);
    let me = PlayerId(2);
    let card = state.players[2].deck[0];
    let draw = windward::Order::Card {
        player: me,
        action: windward::CardAction::Draw,
        card,
    };
    let discard = windward::Order::Card {
        player: me,
        action: windward::CardAction::Discard,
        card,
    };
    let mut joint = vec![Action::Wait; NUM_PLAYERS];
    joint[2] = Action::Orders(vec![draw.clone(), discard.clone()]);
    let mut a = state.clone();
    game.advance(&mut a, &joint);
    joint[2] = Action::Orders(vec![discard.clone(), draw.clone()]);
    let mut b = state.clone();
    game.advance(&mut b, &joint);
    // drawn then discarded: in neither hand nor deck; discarded (not held) then drawn: in hand
    assert!(!a.players[2].hand.contains(&card) && a.players[2].hand.is_empty());
    assert_eq!(b.players[2].hand.len(), 1);
    assert_ne!(a, b);
    let expected = game.advance_orders(&mut state, &[discard, draw]);
    assert_eq!(state, b);
    assert!(!expected.is_empty());
}

#[test]
fn orders_from_another_sender_or_invalid_change_nothing() {
    let game = short_game(60_000);
    let state = game.initial_state(7);
    let mut waited = state.clone();
    let events_waited = game.advance(&mut waited, &[]);
    let card = state.players[1].deck[0];
    let mut path_orders = Vec::new();
    let mut legal = Vec::new();
    game.legal_actions(&state, 1, &mut legal);
    let go = legal
        .iter()
        .find(|a| matches!(a, Action::GoTo { .. }))
        .expect("a stop to go to");
    go.to_orders(&game, &state, PlayerId(1), &mut path_orders);
    assert_eq!(path_orders.len(), 1);
    let for_one = vec![
        path_orders[0].clone(),
        windward::Order::Card {
            player: PlayerId(1),
            action: windward::CardAction::Draw,
            card,
        },
    ];
    // player 1's orders sent as player 0's action: ignored
    let mut joint = vec![Action::Wait; NUM_PLAYERS];
    joint[0] = Action::Orders(for_one.clone());
    let mut wrong_sender = state.clone();
    let events = game.advance(&mut wrong_sender, &joint);
    assert_eq!(wrong_sender, waited);
    assert_eq!(events, events_waited);
    // the same orders as player 1's action act (the test above is not vacuous)
    joint[0] = Action::Wait;
    joint[1] = Action::Orders(for_one);
    let mut right_sender = state.clone();
    game.advance(&mut right_sender, &joint);
    assert_ne!(right_sender, waited);
    assert_eq!(right_sender.players[1].hand.len(), 1);
    // names that do not exist: ignored, as the order-level loop drops them
    let windward::Order::Path { path, .. } = &path_orders[0] else {
        unreachable!("a GoTo is a path order")
    };
    let bad = vec![
        windward::Order::Path {
            player: PlayerId(1),
            path: path.clone(),
            pickup: vec![windward::PassengerId(99)],
        },
        windward::Order::Card {
            player: PlayerId(1),
            action: windward::CardAction::Play,
            card: windward::Card {
                player: Some(PlayerId(42)),
                ..card
            },
        },
    ];
    assert!(bad.iter().all(|o| o.validate().is_err()));
    joint[1] = Action::Orders(bad);
    let mut invalid = state.clone();
    game.advance(&mut invalid, &joint);
    assert_eq!(invalid, waited);
    // an empty list is a wait; `to_orders` keeps only the sender's own orders
    joint[1] = Action::Orders(Vec::new());
    let mut empty = state.clone();
    game.advance(&mut empty, &joint);
    assert_eq!(empty, waited);
    let mut out = Vec::new();
    Action::Orders(path_orders.clone()).to_orders(&game, &state, PlayerId(0), &mut out);
    assert!(out.is_empty());
    Action::Orders(path_orders.clone()).to_orders(&game, &state, PlayerId(1), &mut out);
    assert_eq!(out, path_orders);
}

/// Issue 22: a deserialized state with a passenger waiting at company 100 made the picture index
/// the 12 bus stops at 100 (svg.rs:127), and a car far off the map overflowed the movement
/// arithmetic (movement/location.rs:121). `validate` refuses both, naming the field and value.
#[test]
fn deserialized_states_with_foreign_ids_and_positions_are_refused() {
    let game = short_game(300);
    let state = game.initial_state(3);
    assert_eq!(game.validate(&state), Ok(()));
    let mut hostile = state.clone();
    hostile.passengers[4].lobby = Some(windward::CompanyId(100));
    let json = serde_json::to_string(&hostile).unwrap();
    let read: State = serde_json::from_str(&json).unwrap();
    let error = game.validate(&read).unwrap_err();
    assert_eq!(error.field, "passengers[4].lobby");
    assert_eq!(error.value, "100");
    assert_eq!(tree::Game::validate(&game, &read), Err(error));
    let mut hostile = state.clone();
    hostile.players[2].car.vehicle.location.pos.y = i32::MAX;
    let read: State = serde_json::from_str(&serde_json::to_string(&hostile).unwrap()).unwrap();
    assert_eq!(
        game.validate(&read).unwrap_err().field,
        "players[2].car.vehicle.location.pos"
    );
}

/// Issue 22, found by the long fuzz run: accrued steps of 2147483647 in a deserialized state made
/// the movement pass's sum of pending steps overflow. `validate` bounds the speed model.
#[test]
fn deserialized_states_with_impossible_speeds_are_refused() {
    let game = short_game(300);
    let mut state = game.initial_state(3);
    let wait = vec![Action::Wait; NUM_PLAYERS];
    for _ in 0..200 {
        tree::Game::advance(&game, &mut state, &wait);
        assert_eq!(game.validate(&state), Ok(()));
    }
    type Corrupt = fn(&mut windward::movement::Motion);
    let cases: [(&str, Corrupt); 4] = [
        ("accrued", |m| m.accrued = 2_147_483_647.0),
        ("accrued", |m| m.accrued = -0.5),
        ("raw_speed", |m| m.raw_speed = 1e9),
        ("steps_remaining", |m| m.steps_remaining = i32::MAX),
    ];
    for (name, corrupt) in cases {
        let mut hostile = state.clone();
        corrupt(&mut hostile.players[1].car.vehicle.motion);
        let read: State = serde_json::from_str(&serde_json::to_string(&hostile).unwrap()).unwrap();
        let error = game.validate(&read).unwrap_err();
        assert_eq!(error.field, format!("players[1].car.vehicle.motion.{name}"));
    }
}
