//! proptest strategies for tick orders (behind the `proptest` feature), for bot authors'
//! property tests: any order a player could send, valid or not (paths off the map, not
//! contiguous, cards not held), which the engine must take without panicking.

use proptest::prelude::*;

use super::Order;
use crate::geometry::Point;
use crate::rules::CardAction;
use crate::state::{Card, CardKind, NUM_PASSENGERS, NUM_PLAYERS, PassengerId, PlayerId};

/// A player.
pub fn player() -> impl Strategy<Value = PlayerId> {
    (0..NUM_PLAYERS as u8).prop_map(PlayerId)
}

/// A path of up to 40 tiles, each within a few tiles of a `width × height` map (so some are off
/// it), not necessarily contiguous.
pub fn path(width: i32, height: i32) -> impl Strategy<Value = Vec<Point>> {
    proptest::collection::vec((-2..width + 2, -2..height + 2), 0..40)
        .prop_map(|v| v.into_iter().map(|(x, y)| Point::new(x, y)).collect())
}

/// A card with arbitrary targets.
pub fn card() -> impl Strategy<Value = Card> {
    (
        0..CardKind::ALL.len(),
        proptest::option::of(0..NUM_PASSENGERS as u8),
        proptest::option::of(0..12u8),
        proptest::option::of(0..NUM_PLAYERS as u8),
        any::<bool>(),
    )
        .prop_map(|(k, passenger, company, player, ok)| Card {
            kind: CardKind::ALL[k],
            passenger: passenger.map(PassengerId),
            company: company.map(crate::state::CompanyId),
            player: player.map(PlayerId),
            ok_to_play: ok,
        })
}

/// Any order for a `width × height` map: a path order (with a shuffled pick-up list) or a card
/// message.
pub fn order(width: i32, height: i32) -> impl Strategy<Value = Order> {
    let path_order = (
        player(),
        path(width, height),
        proptest::collection::vec(0..NUM_PASSENGERS as u8, 0..12),
    )
        .prop_map(|(player, path, pickup)| Order::Path {
            player,
            path,
            pickup: pickup.into_iter().map(PassengerId).collect(),
        });
    let card_order = (
        player(),
        prop_oneof![
            Just(CardAction::Draw),
            Just(CardAction::Discard),
            Just(CardAction::Play)
        ],
        card(),
    )
        .prop_map(|(player, action, card)| Order::Card {
            player,
            action,
            card,
        });
    prop_oneof![3 => path_order, 1 => card_order]
}
