//! What the server makes of a frame from a client, as the original's framework reads it
//! (`Framework._IncomingMessage` and `ReadMessage`, F:357-372, F:407-415, F:634-665, F:690-756).
//!
//! The original is forgiving with a seated player: bad XML and an unknown root element are
//! logged and ignored (the connection stays), a path is cut at its first bad element, an unknown
//! name in a pick-up list is skipped, and a card message it cannot read (an unknown card or
//! action, a missing `<powerup>`) is ignored. Only a connection that has not joined is closed
//! for a message it cannot use. [`read_client`] gives the message it can act on, with a note
//! for each part it skipped, or the reason the message as a whole is ignored; the server decides
//! what that means for the connection.

use crate::geometry::Point;
use crate::protocol::{ClientMessage, WireCard};
use crate::rules::CardAction;
use crate::state::{CardKind, CompanyId, PassengerId};
use crate::xml::{self, Element};

/// Reads one client frame the way the original's framework does. `Ok` is the message to act on
/// (with a note pushed to `notes` for every path element or name it skipped); `Err` says why the
/// whole message is ignored.
pub fn read_client(bytes: &[u8], notes: &mut Vec<String>) -> Result<ClientMessage, String> {
    let root = xml::parse(bytes).map_err(|e| format!("bad message (XML): {e}"))?;
    match root.name.as_str() {
        "join" => {
            // "Join with no name refused" (F:434-440).
            let name = root.attr("name").filter(|n| !n.is_empty());
            let name = name.ok_or("<join> with no name")?;
            Ok(ClientMessage::Join {
                name: name.to_string(),
                school: root.attr("school").unwrap_or("").to_string(),
                language: root.attr("language").unwrap_or("").to_string(),
                avatar: root.child("avatar").map(|a| a.text.trim().to_string()),
            })
        }
        "ready" => {
            let (path, pickup) = path_and_pickup(&root, notes);
            Ok(ClientMessage::Ready { path, pickup })
        }
        "move" => {
            let (path, pickup) = path_and_pickup(&root, notes);
            Ok(ClientMessage::Move { path, pickup })
        }
        "order" => read_order(&root),
        other => Err(format!("unknown message <{other}>")),
    }
}

/// `ReadMessage` (F:617-668): the path up to its first bad element, the pick-up list without
/// the names that are no passenger.
fn path_and_pickup(root: &Element, notes: &mut Vec<String>) -> (Vec<Point>, Vec<PassengerId>) {
    let mut path = Vec::new();
    if let Some(el) = root.child("path") {
        // `Split(';', RemoveEmptyEntries)`, then `Split(',', RemoveEmptyEntries)` and two
        // `int.TryParse` (which allow surrounding white space); the first bad step ends the path.
        for step in el.text.split(';').filter(|s| !s.is_empty()) {
            let mut coords = step.split(',').filter(|s| !s.is_empty());
            let point = match (coords.next(), coords.next(), coords.next()) {
                (Some(x), Some(y), None) => x
                    .trim()
                    .parse()
                    .ok()
                    .zip(y.trim().parse().ok())
                    .map(|(x, y)| Point::new(x, y)),
                _ => None,
            };
            match point {
                Some(p) => path.push(p),
                None => {
                    notes.push(format!(
                        "invalid path element {step:?}: the path ends before it"
                    ));
                    break;
                }
            }
        }
    }
    let mut pickup = Vec::new();
    if let Some(el) = root.child("pick-up") {
        for name in el.text.split(';').filter(|s| !s.is_empty()) {
            match PassengerId::from_name(name.trim()) {
                Some(p) => pickup.push(p),
                None => notes.push(format!("invalid pick-up name {name:?} skipped")),
            }
        }
    }
    (path, pickup)
}

/// `MsgPlayerPowerUps` (F:690-756): an unknown action or card, or a missing `<powerup>`, throws
/// in the original and the message is dropped by its handler; a company or passenger name that
/// names nothing makes a card that must match them unfindable ("Could not find requested
/// card", F:751-755). For the cards that take a target (CHANGE_DESTINATION, MOVE_PASSENGER,
/// STOP_CAR) such a name is no target: the card keeps its own (the original clears it).
fn read_order(root: &Element) -> Result<ClientMessage, String> {
    let action = root.attr("action").ok_or("<order> without an action")?;
    let action = CardAction::from_name(action.trim())
        .ok_or_else(|| format!("<order> with unknown action {action:?}"))?;
    let el = root.child("powerup").ok_or("<order> without a <powerup>")?;
    let name = el.attr("card").ok_or("<powerup> without a card")?;
    let kind = CardKind::from_name(name.trim()).ok_or_else(|| format!("unknown card {name:?}"))?;
    let target = |what: &str| match el.attr(what) {
        Some(v) if v.is_empty() && kind.takes_target() => None,
        other => other,
    };
    let company = target("company");
    let passenger = target("passenger");
    let player = target("player").map(str::to_string);
    let company_id = company.and_then(|c| CompanyId::from_name(c.trim()));
    let passenger_id = passenger.and_then(|p| PassengerId::from_name(p.trim()));
    if !kind.takes_target()
        && ((company.is_some() && company_id.is_none())
            || (passenger.is_some() && passenger_id.is_none()))
    {
        return Err(format!(
            "could not find requested card {} (company {company:?}, passenger {passenger:?})",
            kind.name()
        ));
    }
    Ok(ClientMessage::Order {
        action,
        card: WireCard {
            kind,
            company: company_id,
            passenger: passenger_id,
            player,
            ok_to_play: false,
        },
    })
}

/// About how many bytes a message holds while it waits in the server (its heap and its size),
/// for the per-client budget ([`super::server::MAX_INBOX_BYTES`]).
pub fn held_bytes(msg: &ClientMessage) -> usize {
    let heap = match msg {
        ClientMessage::Join {
            name,
            school,
            language,
            avatar,
        } => name.len() + school.len() + language.len() + avatar.as_ref().map_or(0, String::len),
        ClientMessage::Ready { path, pickup } | ClientMessage::Move { path, pickup } => {
            path.len() * size_of::<Point>() + pickup.len() * size_of::<PassengerId>()
        }
        ClientMessage::Order { card, .. } => card.player.as_ref().map_or(0, String::len),
    };
    heap + size_of::<ClientMessage>()
}
