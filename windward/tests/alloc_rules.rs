//! The rules allocate nothing once the event buffer has grown: bus-stop and coffee arrivals, card
//! messages, instant cards (except RELOCATE_ALL_CARS, whose `SimpleAStar` builds a path), timers and
//! scores (counted per thread by `allocation-counter`).

use windward::rules::{self, CardAction};
use windward::{Card, CardKind, Config, Game, PassengerId, PlayerId};

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
