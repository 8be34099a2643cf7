//! The tests of `windward::net::incoming` that lived beside its code.

use windward::geometry::Point;
use windward::internals::net::incoming::*;
use windward::protocol::ClientMessage;
use windward::state::PassengerId;

fn read(xml: &str) -> (Result<ClientMessage, String>, Vec<String>) {
    let mut notes = Vec::new();
    (read_client(xml.as_bytes(), &mut notes), notes)
}

#[test]
fn a_path_is_cut_at_its_first_bad_element() {
    let (msg, notes) = read("<move><path>1,2;3,4;1,x;5,6</path></move>");
    assert_eq!(
        msg.unwrap(),
        ClientMessage::Move {
            path: vec![Point::new(1, 2), Point::new(3, 4)],
            pickup: vec![]
        }
    );
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(notes[0].contains("1,x"), "{notes:?}");
    // Empty coordinates are removed before counting, as `RemoveEmptyEntries` does.
    let (msg, notes) = read("<move><path>1,,2;;3 , 4;7</path></move>");
    assert_eq!(
        msg.unwrap(),
        ClientMessage::Move {
            path: vec![Point::new(1, 2), Point::new(3, 4)],
            pickup: vec![]
        }
    );
    assert!(notes[0].contains("\"7\""), "{notes:?}");
}

#[test]
fn unknown_pickup_names_are_skipped() {
    let first = PassengerId(0).name();
    let (msg, notes) = read(&format!(
        "<move><pick-up>Nobody;{first};Somebody</pick-up></move>"
    ));
    assert_eq!(
        msg.unwrap(),
        ClientMessage::Move {
            path: vec![],
            pickup: vec![PassengerId(0)]
        }
    );
    assert_eq!(notes.len(), 2, "{notes:?}");
}

#[test]
fn unreadable_messages_are_ignored_as_a_whole() {
    for xml in [
        "<hello/>",
        "<move><path>1,2",
        "<order action=\"PLAY\"><powerup card=\"NO_SUCH_CARD\"/></order>",
        "<order action=\"SHUFFLE\"><powerup card=\"MOVE_PASSENGER\"/></order>",
        "<order action=\"PLAY\"/>",
        "<join school=\"x\"/>",
        "<order action=\"DRAW\"><powerup card=\"MULT_DELIVERING_PASSENGER\" \
         passenger=\"Nobody\"/></order>",
    ] {
        let (msg, _) = read(xml);
        assert!(msg.is_err(), "{xml}: {msg:?}");
    }
}
