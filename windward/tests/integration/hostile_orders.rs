//! Issue 12: orders naming a player, passenger or company that does not exist are a typed error
//! ([`Order::validate`]) and change nothing when advanced (they panicked at tick/round.rs:159,
//! :175 and rules.rs:354, :768, :833).

use windward::rules::CardAction;
use windward::{
    Card, CardKind, CompanyId, Config, Game, Order, OrderError, PassengerId, PlayerId, State,
};

fn game_and_state() -> (Game, State) {
    let game = Game::new(windward::mapgen::default_map(0), Config::default()).unwrap();
    let state = game.initial_state(5);
    (game, state)
}

/// Advancing with `order` gives the same state and events as advancing with no order at all.
fn changes_nothing(order: Order) {
    let (game, state) = game_and_state();
    let mut with = state.clone();
    let mut without = state;
    let (mut ev_with, mut ev_without) = (Vec::new(), Vec::new());
    for _ in 0..50 {
        game.advance_orders_into(&mut with, std::slice::from_ref(&order), &mut ev_with);
        game.advance_orders_into(&mut without, &[], &mut ev_without);
    }
    assert_eq!(with, without, "{order:?} changed the round");
    assert_eq!(ev_with, ev_without);
}

fn card_order(player: u8, card: Card) -> Order {
    Order::Card {
        player: PlayerId(player),
        action: CardAction::Play,
        card,
    }
}

#[test]
fn an_order_from_player_ten_is_rejected_and_ignored() {
    let order = Order::Path {
        player: PlayerId(10),
        path: vec![windward::Point::new(1, 1)],
        pickup: vec![],
    };
    assert_eq!(
        order.validate(),
        Err(OrderError::UnknownPlayer { player: 10 })
    );
    changes_nothing(order);
    let order = card_order(255, Card::new(CardKind::StopCar));
    assert_eq!(
        order.validate(),
        Err(OrderError::UnknownPlayer { player: 255 })
    );
    changes_nothing(order);
}

#[test]
fn a_pickup_list_naming_passenger_twelve_is_rejected_and_ignored() {
    let order = Order::Path {
        player: PlayerId(0),
        path: vec![],
        pickup: vec![PassengerId(3), PassengerId(12)],
    };
    assert_eq!(
        order.validate(),
        Err(OrderError::UnknownPassenger {
            player: 0,
            passenger: 12
        })
    );
    assert!(order.validate().unwrap_err().to_string().contains("12"));
    changes_nothing(order);
}

#[test]
fn cards_naming_unknown_targets_are_rejected_and_ignored() {
    let mut stop = Card::new(CardKind::StopCar);
    stop.player = Some(PlayerId(10));
    let order = card_order(1, stop);
    assert_eq!(
        order.validate(),
        Err(OrderError::UnknownTarget {
            player: 1,
            target: 10
        })
    );
    changes_nothing(order);

    let mut change = Card::new(CardKind::ChangeDestination);
    change.player = Some(PlayerId(77));
    changes_nothing(card_order(2, change));

    let mut mv = Card::new(CardKind::MovePassenger);
    mv.passenger = Some(PassengerId(12));
    let order = card_order(3, mv);
    assert_eq!(
        order.validate(),
        Err(OrderError::UnknownPassenger {
            player: 3,
            passenger: 12
        })
    );
    changes_nothing(order);

    let mut mult = Card::new(CardKind::MultDeliverAtCompany);
    mult.company = Some(CompanyId(12));
    let order = card_order(4, mult);
    assert_eq!(
        order.validate(),
        Err(OrderError::UnknownCompany {
            player: 4,
            company: 12
        })
    );
    changes_nothing(order);
}

#[test]
fn valid_orders_still_validate() {
    let order = Order::Path {
        player: PlayerId(9),
        path: vec![],
        pickup: PassengerId::all().collect(),
    };
    assert_eq!(order.validate(), Ok(()));
}

#[test]
fn the_rules_level_entry_points_skip_unknown_ids() {
    // Below the order check: a pick-up list with an unknown id keeps the known ones, and an
    // instant card with an unknown target is illegal to play, not a panic.
    let (game, mut state) = game_and_state();
    windward::rules::apply_pickup_list(&mut state, PlayerId(0), &[PassengerId(40), PassengerId(2)]);
    assert_eq!(state.players[0].pickup.as_slice(), &[PassengerId(2)]);
    windward::rules::apply_pickup_list(&mut state, PlayerId(10), &[PassengerId(1)]);
    let mut stop = Card::new(CardKind::StopCar);
    stop.player = Some(PlayerId(10));
    state.players[0].in_action = Some(stop);
    let mut events = Vec::new();
    windward::rules::with_state_rng(&mut state, |s, rng| {
        windward::rules::process_powerup(&game, s, PlayerId(0), rng, &mut events)
    });
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].status, windward::Status::PowerUpIllegalToPlay);
}
