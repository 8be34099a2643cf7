//! Parsing: any well-formed layout of every message, into the wire types.

use crate::geometry::Point;
use crate::map::{Map, RoadShape, Signal, Square, StopSigns, TileType};
use crate::rules::{CardAction, Status};
use crate::state::{CardKind, CompanyId, PassengerId};
use crate::xml::{self, Element};

use super::ProtocolError;
use super::wire::*;

fn missing(el: &Element, what: &'static str) -> ProtocolError {
    ProtocolError::Missing {
        element: el.name.clone(),
        what,
    }
}

fn bad(el: &Element, what: &'static str, value: &str) -> ProtocolError {
    ProtocolError::BadValue {
        element: el.name.clone(),
        what,
        value: value.to_string(),
    }
}

fn attr<'a>(el: &'a Element, name: &'static str) -> Result<&'a str, ProtocolError> {
    el.attr(name).ok_or_else(|| missing(el, name))
}

fn num<T: core::str::FromStr>(el: &Element, name: &'static str) -> Result<T, ProtocolError> {
    let v = attr(el, name)?;
    v.trim().parse().map_err(|_| bad(el, name, v))
}

fn float(el: &Element, name: &'static str) -> Result<f32, ProtocolError> {
    let v = attr(el, name)?;
    match v.trim() {
        "NaN" => Ok(f32::NAN),
        "INF" | "Infinity" => Ok(f32::INFINITY),
        "-INF" | "-Infinity" => Ok(f32::NEG_INFINITY),
        t => t.parse().map_err(|_| bad(el, name, v)),
    }
}

fn boolean(el: &Element, name: &'static str) -> Result<bool, ProtocolError> {
    let v = attr(el, name)?;
    match v.trim() {
        "true" | "True" => Ok(true),
        "false" | "False" => Ok(false),
        _ => Err(bad(el, name, v)),
    }
}

fn company_named(el: &Element, what: &'static str, v: &str) -> Result<CompanyId, ProtocolError> {
    CompanyId::from_name(v.trim()).ok_or_else(|| bad(el, what, v))
}

fn passenger_named(
    el: &Element,
    what: &'static str,
    v: &str,
) -> Result<PassengerId, ProtocolError> {
    PassengerId::from_name(v.trim()).ok_or_else(|| bad(el, what, v))
}

fn opt_company(el: &Element, name: &'static str) -> Result<Option<CompanyId>, ProtocolError> {
    el.attr(name)
        .map(|v| company_named(el, name, v))
        .transpose()
}

fn opt_passenger(el: &Element, name: &'static str) -> Result<Option<PassengerId>, ProtocolError> {
    el.attr(name)
        .map(|v| passenger_named(el, name, v))
        .transpose()
}

/// `x,y;x,y;` (empty entries ignored).
fn parse_path(el: &Element) -> Result<Vec<Point>, ProtocolError> {
    let mut out = Vec::new();
    for item in el.text.split(';').map(str::trim).filter(|s| !s.is_empty()) {
        let (x, y) = item.split_once(',').ok_or_else(|| bad(el, "path", item))?;
        let x = x.trim().parse().map_err(|_| bad(el, "path", item))?;
        let y = y.trim().parse().map_err(|_| bad(el, "path", item))?;
        out.push(Point::new(x, y));
    }
    Ok(out)
}

fn parse_names(el: &Element) -> Result<Vec<PassengerId>, ProtocolError> {
    el.text
        .split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|n| passenger_named(el, "pick-up", n))
        .collect()
}

fn parse_card(el: &Element) -> Result<WireCard, ProtocolError> {
    let name = attr(el, "card")?;
    let kind = CardKind::from_name(name.trim()).ok_or_else(|| bad(el, "card", name))?;
    Ok(WireCard {
        kind,
        company: opt_company(el, "company")?,
        passenger: opt_passenger(el, "passenger")?,
        player: el.attr("player").map(str::to_string),
        ok_to_play: match el.attr("ok-to-play") {
            Some(_) => boolean(el, "ok-to-play")?,
            None => false,
        },
    })
}

fn status_of(el: &Element) -> Result<Status, ProtocolError> {
    let v = attr(el, "status")?;
    Status::from_name(v.trim()).ok_or_else(|| bad(el, "status", v))
}

/// Parses a message a bot sends.
pub fn parse_client(bytes: &[u8]) -> Result<ClientMessage, ProtocolError> {
    let root = xml::parse(bytes)?;
    let path_and_pickup =
        |root: &Element| -> Result<(Vec<Point>, Vec<PassengerId>), ProtocolError> {
            let path = root
                .child("path")
                .map(parse_path)
                .transpose()?
                .unwrap_or_default();
            let pickup = root
                .child("pick-up")
                .map(parse_names)
                .transpose()?
                .unwrap_or_default();
            Ok((path, pickup))
        };
    match root.name.as_str() {
        "join" => Ok(ClientMessage::Join {
            name: attr(&root, "name")?.to_string(),
            school: root.attr("school").unwrap_or("").to_string(),
            language: root.attr("language").unwrap_or("").to_string(),
            avatar: root.child("avatar").map(|a| a.text.trim().to_string()),
        }),
        "ready" => {
            let (path, pickup) = path_and_pickup(&root)?;
            Ok(ClientMessage::Ready { path, pickup })
        }
        "move" => {
            let (path, pickup) = path_and_pickup(&root)?;
            Ok(ClientMessage::Move { path, pickup })
        }
        "order" => {
            let a = attr(&root, "action")?;
            let action = CardAction::from_name(a.trim()).ok_or_else(|| bad(&root, "action", a))?;
            let card = parse_card(
                root.child("powerup")
                    .ok_or_else(|| missing(&root, "<powerup>"))?,
            )?;
            Ok(ClientMessage::Order { action, card })
        }
        other => Err(ProtocolError::UnknownMessage {
            found: other.to_string(),
        }),
    }
}

fn parse_setup(root: &Element) -> Result<SetupMessage, ProtocolError> {
    let map_el = root.child("map").ok_or_else(|| missing(root, "<map>"))?;
    let (width, height): (i32, i32) = (num(map_el, "width")?, num(map_el, "height")?);
    if !(1..=1000).contains(&width) || !(1..=1000).contains(&height) {
        return Err(bad(map_el, "width", &format!("{width}x{height}")));
    }
    let mut map = Map::filled(width, height);
    for t in map_el.children_named("tile") {
        let (x, y): (i32, i32) = (num(t, "x")?, num(t, "y")?);
        let ty = attr(t, "type")?;
        let kind = TileType::from_name(ty).ok_or_else(|| bad(t, "type", ty))?;
        let shape = match t.attr("direction") {
            Some(d) => RoadShape::from_name(d).ok_or_else(|| bad(t, "direction", d))?,
            None => RoadShape::Intersection,
        };
        let stop_signs = match t.attr("stop-sign") {
            Some(s) => StopSigns::from_flags_string(s).ok_or_else(|| bad(t, "stop-sign", s))?,
            None => StopSigns::NONE,
        };
        let signal = match t.attr("signal") {
            Some(_) if boolean(t, "signal")? => Signal::NorthSouthGreen,
            _ => Signal::None,
        };
        let sq = map
            .square_mut(Point::new(x, y))
            .ok_or_else(|| bad(t, "x", &format!("{x},{y}")))?;
        *sq = Square {
            kind,
            shape,
            stop_signs,
            signal,
            start: None,
        };
    }
    let list = |name: &'static str| {
        root.child(name)
            .map(|e| e.children.as_slice())
            .unwrap_or(&[])
    };
    let powerups = list("powerups")
        .iter()
        .map(parse_card)
        .collect::<Result<_, _>>()?;
    let players = list("players")
        .iter()
        .map(|p| {
            Ok(SetupPlayer {
                guid: attr(p, "guid")?.to_string(),
                language: p.attr("language").unwrap_or("").to_string(),
                school: p.attr("school").unwrap_or("").to_string(),
                name: attr(p, "name")?.to_string(),
                limo: Point::new(num(p, "limo-x")?, num(p, "limo-y")?),
                angle: num(p, "limo-angle")?,
            })
        })
        .collect::<Result<_, ProtocolError>>()?;
    let stores = list("stores")
        .iter()
        .map(|s| {
            Ok((
                attr(s, "name")?.to_string(),
                Point::new(num(s, "bus-stop-x")?, num(s, "bus-stop-y")?),
            ))
        })
        .collect::<Result<_, ProtocolError>>()?;
    let companies = list("companies")
        .iter()
        .map(|c| {
            let n = attr(c, "name")?;
            Ok((
                company_named(c, "name", n)?,
                Point::new(num(c, "bus-stop-x")?, num(c, "bus-stop-y")?),
            ))
        })
        .collect::<Result<_, ProtocolError>>()?;
    let passengers = list("passengers")
        .iter()
        .map(|p| {
            let n = attr(p, "name")?;
            Ok(SetupPassenger {
                passenger: passenger_named(p, "name", n)?,
                points: num(p, "points-delivered")?,
                lobby: opt_company(p, "lobby")?,
                destination: opt_company(p, "destination")?,
                route: p
                    .children_named("route")
                    .map(|r| company_named(r, "route", &r.text))
                    .collect::<Result<_, _>>()?,
                enemies: p
                    .children_named("enemy")
                    .map(|e| passenger_named(e, "enemy", &e.text))
                    .collect::<Result<_, _>>()?,
            })
        })
        .collect::<Result<_, ProtocolError>>()?;
    Ok(SetupMessage {
        my_guid: attr(root, "my-guid")?.to_string(),
        map,
        powerups,
        players,
        stores,
        companies,
        passengers,
    })
}

/// Parses a message the server sends.
pub fn parse_server(bytes: &[u8]) -> Result<ServerMessage, ProtocolError> {
    let root = xml::parse(bytes)?;
    let list = |name: &'static str| {
        root.child(name)
            .map(|e| e.children.as_slice())
            .unwrap_or(&[])
    };
    match root.name.as_str() {
        "exit" => Ok(ServerMessage::Exit),
        "setup" => Ok(ServerMessage::Setup(Box::new(parse_setup(&root)?))),
        "status" => {
            let players = list("players")
                .iter()
                .map(|p| {
                    Ok(StatusPlayer {
                        guid: attr(p, "guid")?.to_string(),
                        score: float(p, "score")?,
                        total_score: float(p, "total-score")?,
                        coffee: num(p, "coffee-servings")?,
                        cards_max: num(p, "cards-max")?,
                        limo: Point::new(num(p, "limo-x")?, num(p, "limo-y")?),
                        angle: num(p, "limo-angle")?,
                        passenger: opt_passenger(p, "passenger")?,
                        last_delivered: opt_passenger(p, "last-delivered")?,
                        next_bus_stop: p.child("next-bus-stop").map(parse_card).transpose()?,
                        transit: p.child("transit").map(parse_card).transpose()?,
                    })
                })
                .collect::<Result<_, ProtocolError>>()?;
            let passengers = list("passengers")
                .iter()
                .map(|p| {
                    let n = attr(p, "name")?;
                    let st = attr(p, "status")?;
                    let at = match st {
                        "travelling" => {
                            PassengerWhere::Travelling(attr(p, "limo-driver")?.to_string())
                        }
                        "lobby" => {
                            PassengerWhere::Lobby(company_named(p, "lobby", attr(p, "lobby")?)?)
                        }
                        "done" => PassengerWhere::Done,
                        _ => return Err(bad(p, "status", st)),
                    };
                    let route = match p.attr("route") {
                        Some(r) => r
                            .split(';')
                            .filter(|s| !s.trim().is_empty())
                            .map(|c| company_named(p, "route", c))
                            .collect::<Result<_, _>>()?,
                        None => Vec::new(),
                    };
                    Ok(StatusPassenger {
                        passenger: passenger_named(p, "name", n)?,
                        destination: opt_company(p, "destination")?,
                        at,
                        route,
                    })
                })
                .collect::<Result<_, ProtocolError>>()?;
            Ok(ServerMessage::Status {
                status: status_of(&root)?,
                player_guid: attr(&root, "player-guid")?.to_string(),
                players,
                passengers,
                path: root
                    .child("path")
                    .map(parse_path)
                    .transpose()?
                    .unwrap_or_default(),
                pickup: root
                    .child("pick-up")
                    .map(parse_names)
                    .transpose()?
                    .unwrap_or_default(),
            })
        }
        "powerup-status" => Ok(ServerMessage::PowerUpStatus {
            played_by: attr(&root, "played-by")?.to_string(),
            status: status_of(&root)?,
            card: parse_card(root.child("card").ok_or_else(|| missing(&root, "<card>"))?)?,
            deck: list("cards-deck")
                .iter()
                .map(parse_card)
                .collect::<Result<_, _>>()?,
            hand: list("cards-hand")
                .iter()
                .map(parse_card)
                .collect::<Result<_, _>>()?,
        }),
        other => Err(ProtocolError::UnknownMessage {
            found: other.to_string(),
        }),
    }
}
