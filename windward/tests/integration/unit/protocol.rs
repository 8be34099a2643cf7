//! The tests of `windward::protocol` that lived beside its code.

use windward::geometry::Point;
use windward::protocol::*;
use windward::rules::{CardAction, Status};
use windward::state::{CardKind, CompanyId, PassengerId};

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
    let game = windward::Game::new(
        windward::mapgen::default_map(2),
        windward::Config::default(),
    )
    .unwrap();
    let state = game.initial_state(5);
    let msg = ServerMessage::Setup(Box::new(setup_message(
        &game,
        &state,
        windward::PlayerId(3),
    )));
    let xml = msg.to_xml();
    assert!(xml.starts_with("<setup game-start=\"true\" my-guid=\"player-3\">\r\n  <map width="));
    assert_eq!(parse_server(xml.as_bytes()).unwrap(), msg);
}

#[test]
fn a_setup_message_rebuilds_the_game() {
    let game = windward::Game::new(
        windward::mapgen::default_map(1),
        windward::Config::default(),
    )
    .unwrap();
    let state = game.initial_state(9);
    let me = windward::PlayerId(4);
    let msg = setup_message(&game, &state, me);
    let parsed =
        match parse_server(ServerMessage::Setup(Box::new(msg)).to_xml().as_bytes()).unwrap() {
            ServerMessage::Setup(m) => m,
            other => panic!("{other:?}"),
        };
    let (g2, s2) = parsed.to_game(windward::Config::default(), 0).unwrap();
    assert_eq!(g2.stops(), game.stops());
    assert_eq!(s2.passengers, state.passengers);
    assert_eq!(s2.company_stops, state.company_stops);
    assert_eq!(s2.coffee_stores, state.coffee_stores);
    assert_eq!(s2.players[4].deck, state.players[4].deck);
    for i in 0..windward::NUM_PLAYERS {
        assert_eq!(s2.players[i].car, state.players[i].car, "car {i}");
    }
    // The status message a bot receives round-trips too.
    let st = status_message(
        &state,
        me,
        windward::PlayerId(1),
        Status::Update,
        &[0.0; 10],
    );
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
