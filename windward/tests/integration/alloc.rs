//! Nothing on the hot paths allocates once buffers have grown, counted per thread by
//! `allocation-counter` (so the test harness's other threads cannot disturb the count, which made
//! the former global counter of `tick_alloc.rs` fail once under load):
//!
//! - the rules: bus-stop and coffee arrivals, card messages, instant cards (except
//!   RELOCATE_ALL_CARS, whose `SimpleAStar` builds a path), timers and scores;
//! - `Game::advance_into` and `Game::advance` per tick (cars following their paths, then driving at
//!   random, stopping at lights and stop signs, visiting bus stops and coffee stores);
//! - the contract path: `legal_actions` and `advance` through `pathfind::tree::Game` with actions.

use windward::rules::{self, CardAction};
use windward::tick::Order;
use windward::{
    Action, Card, CardKind, Config, Game, NUM_PLAYERS, PassengerId, PlayerId, State, mapgen,
};

#[test]
fn the_counter_counts_this_thread() {
    let n = allocation_counter::measure(|| {
        std::hint::black_box(Vec::<u8>::with_capacity(8));
    })
    .count_total;
    assert_eq!(n, 1);
}

#[test]
fn advance_allocates_nothing_per_tick() {
    for map in 0..mapgen::DEFAULT_MAP_FILES.len() {
        let game = Game::new(mapgen::default_map(map), Config::default()).unwrap();
        let mut state = game.initial_state(11 + map as u64);
        let mut events = Vec::with_capacity(4096);
        // Orders: every car drives to a company stop and picks up anybody.
        let all: Vec<PassengerId> = PassengerId::all().collect();
        let mut orders = Vec::new();
        for i in 0..NUM_PLAYERS {
            let mut path = Vec::new();
            let from = state.players[i].car.vehicle.location.next_tile();
            game.path_to_stop(from, i % game.bus_stop_count(), &mut path);
            orders.push(Order::Path {
                player: PlayerId(i as u8),
                path,
                pickup: all.clone(),
            });
        }
        game.advance_orders_into(&mut state, &orders, &mut events);
        // warm-up
        for _ in 0..200 {
            events.clear();
            game.advance_orders_into(&mut state, &[], &mut events);
            game.advance_orders(&mut state, &[]);
        }
        let mut statuses = 0;
        let used = allocation_counter::measure(|| {
            for _ in 0..3000 {
                events.clear();
                game.advance_orders_into(&mut state, &[], &mut events);
                statuses += events.len();
                // the returning form too (events inline)
                statuses += game.advance_orders(&mut state, &[]).len();
            }
        })
        .count_total;
        assert_eq!(used, 0, "allocations in 6000 ticks on city{}", map + 1);
        assert!(state.tick >= 6400);
        // the window saw broadcasts and stop or path events, not an idle round
        assert!(statuses > 600, "{statuses} statuses");
    }
}

/// One joint action: every player's first legal action (Wait), except now and then one player
/// picks another listed action (a destination, a card).
fn choose(game: &Game, state: &State, t: usize, buf: &mut Vec<Action>, joint: &mut Vec<Action>) {
    joint.clear();
    for p in 0..NUM_PLAYERS {
        pathfind::tree::Game::legal_actions(game, state, p, buf);
        assert!(!buf.is_empty());
        let k = if (t + p).is_multiple_of(97) {
            (t * 7 + p) % buf.len()
        } else {
            0
        };
        // RELOCATE_ALL_CARS runs the original's `SimpleAStar`, which allocates its paths.
        let relocate =
            matches!(&buf[k], Action::Card { card, .. } if card.kind == CardKind::RelocateAllCars);
        joint.push(buf[if relocate { 0 } else { k }].clone());
    }
}

#[test]
fn legal_actions_and_the_trait_path_allocate_nothing() {
    let game = Game::new(mapgen::default_map(0), Config::default()).unwrap();
    let mut state = game.initial_state(21);
    let mut buf: Vec<Action> = Vec::with_capacity(256);
    let mut joint: Vec<Action> = Vec::with_capacity(NUM_PLAYERS);
    // Warm-up: the players drive somewhere, so that the cars' path buffers have grown.
    for t in 0..3000 {
        choose(&game, &state, t, &mut buf, &mut joint);
        pathfind::tree::Game::advance(&game, &mut state, &joint);
    }
    let mut moved = 0;
    let used = allocation_counter::measure(|| {
        for t in 0..3000 {
            choose(&game, &state, t, &mut buf, &mut joint);
            moved += joint.iter().filter(|a| **a != Action::Wait).count();
            std::hint::black_box(pathfind::tree::Game::advance(&game, &mut state, &joint));
        }
    })
    .count_total;
    assert!(moved > 100, "{moved} actions other than Wait");
    assert_eq!(used, 0, "the contract path allocated {used} times");
}

#[test]
fn rules_do_not_allocate() {
    let game = Game::new(windward::mapgen::default_map(0), Config::default()).unwrap();
    let base = game.initial_state(3);
    let mut states: Vec<_> = (0..50).map(|_| base.clone()).collect();
    let mut events = Vec::with_capacity(256);
    let all: Vec<PassengerId> = PassengerId::all().collect();
    let instant = [
        Card {
            player: Some(PlayerId(2)),
            ..Card::new(CardKind::StopCar)
        },
        Card {
            player: Some(PlayerId(0)),
            ..Card::new(CardKind::ChangeDestination)
        },
        Card {
            passenger: Some(PassengerId(3)),
            ..Card::new(CardKind::MovePassenger)
        },
        Card::new(CardKind::AllOtherCarsQuarterSpeed),
        Card::new(CardKind::RelocateAllPassengers),
    ];
    let used = allocation_counter::measure(|| {
        for (k, state) in states.iter_mut().enumerate() {
            let p = PlayerId((k % 10) as u8);
            events.clear();
            rules::apply_pickup_list(state, p, &all);
            for c in PassengerId::all().map(|p| p.home()) {
                let stop = state.company_stops[c.index()];
                rules::with_state_rng(state, |s, rng| {
                    rules::bus_stop_arrival(s, p, stop, stop, rng, &mut events)
                });
            }
            let store = state.coffee_stores[0];
            rules::coffee_stop_arrival(state, p, store, &mut events);
            let tile = state.players[p.index()].car.tile();
            for c in state.players[p.index()].deck.clone().iter().take(4) {
                rules::card_order(state, p, CardAction::Draw, c, tile, &mut events);
            }
            for card in instant {
                state.players[p.index()].in_action = Some(card);
                rules::with_state_rng(state, |s, rng| {
                    rules::process_powerup(&game, s, p, rng, &mut events)
                });
            }
            rules::tick_timers(state);
            std::hint::black_box(rules::score(state, p, tile));
        }
    })
    .count_total;
    assert!(events.capacity() == 256);
    assert_eq!(used, 0, "the rules allocated {used} times");
}

#[test]
fn observe_into_equals_observe_and_allocates_nothing_once_grown() {
    let game = Game::new(mapgen::default_map(2), Config::default()).unwrap();
    let mut state = game.initial_state(5);
    // Paths for every car, so that the observation has buffers to reuse.
    let mut legal = Vec::new();
    let joint: Vec<Action> = (0..NUM_PLAYERS)
        .map(|i| {
            game.legal_actions(&state, i, &mut legal);
            legal
                .iter()
                .find(|a| matches!(a, Action::GoTo { .. }))
                .unwrap()
                .clone()
        })
        .collect();
    game.advance(&mut state, &joint);
    // Player 4 holds two cards, player 7 one: the hands are hidden from the others.
    for (p, n) in [(4, 2), (7, 1)] {
        for _ in 0..n {
            let card = state.players[p].deck.remove(0);
            state.players[p].hand.push(card);
        }
    }
    // A buffer filled from another state and viewer first, then refilled.
    let mut seen = game.observe(&game.initial_state(9), 1);
    for viewer in [0u8, 4, 7] {
        game.observe_into(&state, PlayerId(viewer), &mut seen);
        assert_eq!(seen, game.observe(&state, usize::from(viewer)));
    }
    let mut ticks = 0;
    let used = allocation_counter::measure(|| {
        for t in 0..300 {
            game.advance_orders(&mut state, &[]);
            game.observe_into(&state, PlayerId((t % 10) as u8), &mut seen);
            ticks += seen.state.players[0].car.path().len().min(1);
        }
    })
    .count_total;
    assert_eq!(used, 0, "allocations in 300 observations");
    assert_eq!(seen, game.observe(&state, 9));
    assert!(ticks > 0);
}
