//! proptest strategies for maps, states and messages (feature `proptest`), valid by construction,
//! for bot authors' own property tests; the crate's property tests use the same ones.

use proptest::prelude::*;

use crate::geometry::Point;
use crate::map::Map;
use crate::mapgen::{GenConfig, generate};
use crate::protocol::{ClientMessage, WireCard};
use crate::rules::CardAction;
use crate::state::{Card, CardKind, CompanyId, PassengerId, PlayerId};
use crate::{Config, Game, State};

/// A generated valid city map (small, so that cases stay fast); shrinks towards seed 0.
pub fn map() -> impl Strategy<Value = Map> {
    (0u64..1_000).prop_map(|seed| {
        let cfg = GenConfig {
            width: 36,
            height: 28,
            ..GenConfig::default()
        };
        generate(&cfg, seed).expect("the default-sized config always generates")
    })
}

/// A game on a generated map and its initial state from a seed.
pub fn game_and_state() -> impl Strategy<Value = (Game, State)> {
    (map(), any::<u64>()).prop_map(|(map, seed)| {
        let game = Game::new(map, Config::default()).expect("generated maps are valid");
        let state = game.initial_state(seed);
        (game, state)
    })
}

/// A player.
pub fn player() -> impl Strategy<Value = PlayerId> {
    (0u8..10).prop_map(PlayerId)
}

/// A company.
pub fn company() -> impl Strategy<Value = CompanyId> {
    (0u8..12).prop_map(CompanyId)
}

/// A passenger.
pub fn passenger() -> impl Strategy<Value = PassengerId> {
    (0u8..12).prop_map(PassengerId)
}

/// Any card kind.
pub fn card_kind() -> impl Strategy<Value = CardKind> {
    proptest::sample::select(CardKind::ALL.to_vec())
}

/// A card with the targets its kind takes.
pub fn card() -> impl Strategy<Value = Card> {
    (card_kind(), passenger(), company(), player(), any::<bool>()).prop_map(
        |(kind, p, c, pl, ok)| {
            let mut card = Card {
                ok_to_play: ok,
                ..Card::new(kind)
            };
            match kind {
                CardKind::MultDeliveringPassenger | CardKind::MovePassenger => {
                    card.passenger = Some(p)
                }
                CardKind::MultDeliverAtCompany => card.company = Some(c),
                CardKind::ChangeDestination | CardKind::StopCar => card.player = Some(pl),
                _ => {}
            }
            card
        },
    )
}

/// A card action.
pub fn card_action() -> impl Strategy<Value = CardAction> {
    proptest::sample::select(vec![
        CardAction::Draw,
        CardAction::Discard,
        CardAction::Play,
    ])
}

/// A tile path of up to 20 tiles.
pub fn path() -> impl Strategy<Value = Vec<Point>> {
    proptest::collection::vec(
        (0i32..80, 0i32..60).prop_map(|(x, y)| Point::new(x, y)),
        0..20,
    )
}

/// Any client message.
pub fn client_message() -> impl Strategy<Value = ClientMessage> {
    let names = "[A-Za-z0-9 &<>\"']{1,12}";
    prop_oneof![
        (
            names,
            names,
            names,
            proptest::option::of("[A-Za-z0-9+/=]{0,40}")
        )
            .prop_map(|(name, school, language, avatar)| {
                ClientMessage::Join {
                    name,
                    school,
                    language,
                    avatar,
                }
            }),
        (path(), proptest::collection::vec(passenger(), 0..12))
            .prop_map(|(path, pickup)| ClientMessage::Ready { path, pickup }),
        (path(), proptest::collection::vec(passenger(), 0..12))
            .prop_map(|(path, pickup)| ClientMessage::Move { path, pickup }),
        (card_action(), card()).prop_map(|(action, c)| ClientMessage::Order {
            action,
            card: WireCard {
                kind: c.kind,
                company: c.company,
                passenger: c.passenger,
                player: c.player.map(|p| p.name().to_string()),
                ok_to_play: false,
            },
        }),
    ]
}
