//! The client protocol of the original server (rules §10, R:65-314, `TcpServer.cs`): framed XML
//! messages in both directions, parsed into typed values and written back in the original layout,
//! so a bot can talk to the original server with this crate and rebuild its view of the game.
//!
//! Server messages are written as .NET's `XDocument.ToString()` writes them (two-space indent, CRLF,
//! ` />` closings, `true`/`false`, shortest round-trip floats); client messages as the Python
//! sample client's `ElementTree.tostring` (no whitespace). Parsing accepts any well-formed layout.
//!
//! ```
//! use windward::protocol::{ClientMessage, parse_client, frame, read_frame};
//! use windward::{Point, PassengerId};
//! let msg = ClientMessage::Move {
//!     path: vec![Point::new(3, 4), Point::new(3, 5)],
//!     pickup: vec![PassengerId::from_name("Tim Cook").unwrap()],
//! };
//! let xml = msg.to_xml();
//! assert_eq!(xml, "<move><path>3,4;3,5;</path><pick-up>Tim Cook;</pick-up></move>");
//! assert_eq!(parse_client(xml.as_bytes()).unwrap(), msg);
//! let bytes = frame(&xml);
//! let (body, used) = read_frame(&bytes).unwrap().unwrap();
//! assert_eq!((body, used), (xml.as_bytes(), bytes.len()));
//! ```

mod frame;
pub mod mapping;
mod parse;
mod wire;
mod write;

pub use frame::{MAX_FRAME, frame, read_frame};
pub use mapping::{
    RebuildError, Roster, Seat, powerup_status_message, setup_message, status_message,
};
pub use parse::{parse_client, parse_server};
pub use wire::{
    ClientMessage, PassengerWhere, ServerMessage, SetupMessage, SetupPassenger, SetupPlayer,
    StatusPassenger, StatusPlayer, WireCard,
};

use thiserror::Error;

use crate::xml::XmlError;

/// A malformed message.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProtocolError {
    /// Not well-formed XML.
    #[error("message XML: {0}")]
    Xml(#[from] XmlError),
    /// A root element this side of the protocol does not send.
    #[error("unexpected message <{found}>")]
    UnknownMessage {
        /// The root element's name.
        found: String,
    },
    /// A required element or attribute is missing.
    #[error("<{element}> lacks {what}")]
    Missing {
        /// The element.
        element: String,
        /// The missing attribute or child.
        what: &'static str,
    },
    /// A value that cannot be read.
    #[error("<{element}> {what}={value:?} is invalid")]
    BadValue {
        /// The element.
        element: String,
        /// The attribute or child.
        what: &'static str,
        /// The rejected text.
        value: String,
    },
    /// A frame whose length prefix is negative or larger than the limit.
    #[error("frame length {length} exceeds the limit of {limit} bytes")]
    FrameTooLong {
        /// The length prefix.
        length: u32,
        /// The limit.
        limit: u32,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Point;
    use crate::rules::{CardAction, Status};
    use crate::state::{CardKind, CompanyId, PassengerId};

    #[test]
    fn order_and_join_round_trip() {
        let order = ClientMessage::Order {
            action: CardAction::Play,
            card: WireCard {
                player: Some("Penny".into()),
                ..WireCard::new(CardKind::StopCar)
            },
        };
        assert_eq!(
            order.to_xml(),
            "<order action=\"PLAY\"><powerup card=\"STOP_CAR\" player=\"Penny\" /></order>"
        );
        assert_eq!(parse_client(order.to_xml().as_bytes()).unwrap(), order);
        let join = ClientMessage::Join {
            name: "A&B".into(),
            school: "S".into(),
            language: "Rust".into(),
            avatar: None,
        };
        assert_eq!(parse_client(join.to_xml().as_bytes()).unwrap(), join);
        assert_eq!(
            parse_client(b"<ready />").unwrap(),
            ClientMessage::Ready {
                path: vec![],
                pickup: vec![]
            }
        );
    }

    #[test]
    fn bad_messages_are_typed_errors() {
        assert!(matches!(
            parse_client(b"<fly/>"),
            Err(ProtocolError::UnknownMessage { .. })
        ));
        assert!(matches!(
            parse_client(b"<move><path>1,2;x</path></move>"),
            Err(ProtocolError::BadValue { what: "path", .. })
        ));
        assert!(matches!(
            parse_client(b"<move><pick-up>Nobody;</pick-up></move>"),
            Err(ProtocolError::BadValue {
                what: "pick-up",
                ..
            })
        ));
        assert!(matches!(
            parse_client(b"<order action='PLAY'/>"),
            Err(ProtocolError::Missing { .. })
        ));
        assert!(matches!(
            parse_server(b"<status/>"),
            Err(ProtocolError::Missing { .. })
        ));
        assert!(matches!(parse_client(b"<move"), Err(ProtocolError::Xml(_))));
        assert!(matches!(
            read_frame(&[0xff, 0xff, 0xff, 0xff]),
            Err(ProtocolError::FrameTooLong { .. })
        ));
        assert_eq!(read_frame(&[3, 0, 0, 0, b'a']).unwrap(), None);
    }

    #[test]
    fn setup_message_round_trips() {
        let game =
            crate::Game::new(crate::mapgen::default_map(2), crate::Config::default()).unwrap();
        let state = game.initial_state(5);
        let msg = ServerMessage::Setup(Box::new(setup_message(&game, &state, crate::PlayerId(3))));
        let xml = msg.to_xml();
        assert!(
            xml.starts_with("<setup game-start=\"true\" my-guid=\"player-3\">\r\n  <map width=")
        );
        assert_eq!(parse_server(xml.as_bytes()).unwrap(), msg);
    }

    #[test]
    fn a_setup_message_rebuilds_the_game() {
        let game =
            crate::Game::new(crate::mapgen::default_map(1), crate::Config::default()).unwrap();
        let state = game.initial_state(9);
        let me = crate::PlayerId(4);
        let msg = setup_message(&game, &state, me);
        let parsed =
            match parse_server(ServerMessage::Setup(Box::new(msg)).to_xml().as_bytes()).unwrap() {
                ServerMessage::Setup(m) => m,
                other => panic!("{other:?}"),
            };
        let (g2, s2) = parsed.to_game(crate::Config::default(), 0).unwrap();
        assert_eq!(g2.stops(), game.stops());
        assert_eq!(s2.passengers, state.passengers);
        assert_eq!(s2.company_stops, state.company_stops);
        assert_eq!(s2.coffee_stores, state.coffee_stores);
        assert_eq!(s2.players[4].deck, state.players[4].deck);
        for i in 0..crate::NUM_PLAYERS {
            assert_eq!(s2.players[i].car, state.players[i].car, "car {i}");
        }
        // The status message a bot receives round-trips too.
        let st = status_message(&state, me, crate::PlayerId(1), Status::Update, &[0.0; 10]);
        assert_eq!(parse_server(st.to_xml().as_bytes()).unwrap(), st);
        let pu = powerup_status_message(
            &state,
            me,
            me,
            Status::PowerUpPlayed,
            &state.players[4].deck[0],
        );
        assert_eq!(parse_server(pu.to_xml().as_bytes()).unwrap(), pu);
    }

    #[test]
    fn status_and_powerup_status_round_trip() {
        let card = WireCard {
            company: Some(CompanyId(3)),
            ok_to_play: true,
            ..WireCard::new(CardKind::MultDeliverAtCompany)
        };
        let status = ServerMessage::Status {
            status: Status::PassengerDelivered,
            player_guid: "g1".into(),
            players: vec![StatusPlayer {
                guid: "g1".into(),
                score: 4.3,
                total_score: 0.0,
                coffee: 2,
                cards_max: 3,
                limo: Point::new(4, 5),
                angle: 90,
                passenger: Some(PassengerId(2)),
                last_delivered: None,
                next_bus_stop: Some(card.clone()),
                transit: None,
            }],
            passengers: vec![
                StatusPassenger {
                    passenger: PassengerId(2),
                    destination: Some(CompanyId(1)),
                    at: PassengerWhere::Travelling("Penny".into()),
                    route: vec![CompanyId(4), CompanyId(5)],
                },
                StatusPassenger {
                    passenger: PassengerId(3),
                    destination: None,
                    at: PassengerWhere::Done,
                    route: vec![],
                },
            ],
            path: vec![Point::new(1, 2)],
            pickup: vec![],
        };
        let xml = status.to_xml();
        assert!(xml.contains("score=\"4.3\""), "{xml}");
        assert!(xml.contains("<pick-up></pick-up>"), "{xml}");
        assert_eq!(parse_server(xml.as_bytes()).unwrap(), status);
        let pu = ServerMessage::PowerUpStatus {
            played_by: "g1".into(),
            status: Status::PowerUpPlayed,
            card: card.clone(),
            deck: vec![WireCard::new(CardKind::RelocateAllCars)],
            hand: vec![],
        };
        assert_eq!(parse_server(pu.to_xml().as_bytes()).unwrap(), pu);
        assert_eq!(
            parse_server(ServerMessage::Exit.to_xml().as_bytes()).unwrap(),
            ServerMessage::Exit
        );
        assert_eq!(ServerMessage::Exit.to_xml(), "<exit/>");
    }
}
