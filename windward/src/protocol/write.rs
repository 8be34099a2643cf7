//! Writing: client messages as the sample client writes them, server messages as .NET's
//! `XDocument.ToString()` lays them out.

use core::fmt::Write as _;

use crate::geometry::Point;
use crate::map::Signal;
use crate::state::PassengerId;
use crate::xml::escape;

use super::wire::*;

fn push_attr(out: &mut String, name: &str, value: &str) {
    out.push(' ');
    out.push_str(name);
    out.push_str("=\"");
    escape(value, out);
    out.push('"');
}

fn path_text(path: &[Point]) -> String {
    let mut s = String::new();
    for p in path {
        let _ = write!(s, "{},{};", p.x, p.y);
    }
    s
}

fn names_text(list: &[PassengerId]) -> String {
    let mut s = String::new();
    for p in list {
        s.push_str(p.name());
        s.push(';');
    }
    s
}

impl ClientMessage {
    /// The message as the sample client writes it.
    pub fn to_xml(&self) -> String {
        let mut s = String::new();
        match self {
            ClientMessage::Join {
                name,
                school,
                language,
                avatar,
            } => {
                s.push_str("<join");
                push_attr(&mut s, "name", name);
                push_attr(&mut s, "school", school);
                push_attr(&mut s, "language", language);
                match avatar {
                    Some(a) => {
                        s.push_str("><avatar>");
                        escape(a, &mut s);
                        s.push_str("</avatar></join>");
                    }
                    None => s.push_str(" />"),
                }
            }
            ClientMessage::Ready { path, pickup } | ClientMessage::Move { path, pickup } => {
                let tag = if matches!(self, ClientMessage::Ready { .. }) {
                    "ready"
                } else {
                    "move"
                };
                if path.is_empty() && pickup.is_empty() {
                    let _ = write!(s, "<{tag} />");
                    return s;
                }
                let _ = write!(s, "<{tag}>");
                if !path.is_empty() {
                    let _ = write!(s, "<path>{}</path>", path_text(path));
                }
                if !pickup.is_empty() {
                    s.push_str("<pick-up>");
                    escape(&names_text(pickup), &mut s);
                    s.push_str("</pick-up>");
                }
                let _ = write!(s, "</{tag}>");
            }
            ClientMessage::Order { action, card } => {
                s.push_str("<order");
                push_attr(&mut s, "action", action.name());
                s.push_str("><powerup");
                push_attr(&mut s, "card", card.kind.name());
                if let Some(c) = card.company {
                    push_attr(&mut s, "company", c.name());
                }
                if let Some(p) = card.passenger {
                    push_attr(&mut s, "passenger", p.name());
                }
                if let Some(p) = &card.player {
                    push_attr(&mut s, "player", p);
                }
                s.push_str(" /></order>");
            }
        }
        s
    }
}

/// .NET's `XmlConvert.ToString(float)` as Mono and .NET Framework write it: the round-trip
/// format `R`, which tries 7 significant digits (`G7`) and falls back to 9 (`G9`) when 7 do not
/// read back as the same float (so 1/70 is `0.0142857144`, not the shortest `0.014285714`);
/// `NaN`, `INF`, `-INF`.
pub fn float_text(v: f32) -> String {
    if v.is_nan() {
        "NaN".to_string()
    } else if v.is_infinite() {
        if v > 0.0 {
            "INF".to_string()
        } else {
            "-INF".to_string()
        }
    } else if v == 0.0 {
        "0".to_string()
    } else {
        let short = general(f64::from(v), 7);
        if short.parse::<f32>() == Ok(v) {
            short
        } else {
            general(f64::from(v), 9)
        }
    }
}

/// .NET's `G<precision>`: `precision` significant digits correctly rounded, trailing zeros
/// dropped, fixed-point when the decimal exponent is in `-5 < e < precision`, else
/// `d.dddE+dd`.
fn general(v: f64, precision: usize) -> String {
    let sci = format!("{:.*e}", precision - 1, v);
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let negative = mantissa.starts_with('-');
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let digits = digits.trim_end_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    if exp > -5 && exp < precision as i32 {
        if exp < 0 {
            out.push_str("0.");
            out.extend(core::iter::repeat_n('0', (-exp - 1) as usize));
            out.push_str(digits);
        } else {
            let int_len = exp as usize + 1;
            if digits.len() <= int_len {
                out.push_str(digits);
                out.extend(core::iter::repeat_n('0', int_len - digits.len()));
            } else {
                out.push_str(&digits[..int_len]);
                out.push('.');
                out.push_str(&digits[int_len..]);
            }
        }
    } else {
        out.push_str(&digits[..1]);
        if digits.len() > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        let _ = write!(out, "E{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs());
    }
    out
}

/// Writes server messages the way `XDocument.ToString()` lays them out.
struct Writer {
    out: String,
    depth: usize,
}

impl Writer {
    fn indent(&mut self) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
    }
    fn open(&mut self, tag: &str, attrs: &[(&str, String)]) {
        self.indent();
        self.out.push('<');
        self.out.push_str(tag);
        for (k, v) in attrs {
            push_attr(&mut self.out, k, v);
        }
        self.out.push_str(">\r\n");
        self.depth += 1;
    }
    fn close(&mut self, tag: &str) {
        self.depth -= 1;
        self.indent();
        let _ = write!(self.out, "</{tag}>\r\n");
    }
    fn empty(&mut self, tag: &str, attrs: &[(&str, String)]) {
        self.indent();
        self.out.push('<');
        self.out.push_str(tag);
        for (k, v) in attrs {
            push_attr(&mut self.out, k, v);
        }
        self.out.push_str(" />\r\n");
    }
    fn text(&mut self, tag: &str, text: &str) {
        self.indent();
        let _ = write!(self.out, "<{tag}>");
        escape(text, &mut self.out);
        let _ = write!(self.out, "</{tag}>\r\n");
    }
    /// An element with children, or ` />` when there are none.
    fn group(
        &mut self,
        tag: &str,
        attrs: &[(&str, String)],
        n: usize,
        mut body: impl FnMut(&mut Writer),
    ) {
        if n == 0 {
            self.empty(tag, attrs);
        } else {
            self.open(tag, attrs);
            body(self);
            self.close(tag);
        }
    }
    fn finish(mut self) -> String {
        // XDocument.ToString() has no line end after the root.
        while self.out.ends_with("\r\n") {
            self.out.truncate(self.out.len() - 2);
        }
        self.out
    }
}

fn card_attrs(c: &WireCard) -> Vec<(&'static str, String)> {
    let mut a = vec![
        ("card", c.kind.name().to_string()),
        ("ok-to-play", c.ok_to_play.to_string()),
    ];
    if let Some(x) = c.company {
        a.push(("company", x.name().to_string()));
    }
    if let Some(x) = c.passenger {
        a.push(("passenger", x.name().to_string()));
    }
    if let Some(x) = &c.player {
        a.push(("player", x.clone()));
    }
    a
}

impl ServerMessage {
    /// The message in the original server's layout.
    pub fn to_xml(&self) -> String {
        let mut w = Writer {
            out: String::new(),
            depth: 0,
        };
        match self {
            // The original sends this one as a literal string, without XDocument's space.
            ServerMessage::Exit => w.out.push_str("<exit/>"),
            ServerMessage::Setup(m) => {
                w.open(
                    "setup",
                    &[
                        ("game-start", "true".into()),
                        ("my-guid", m.my_guid.clone()),
                    ],
                );
                let map_attrs = [
                    ("width", m.map.width.to_string()),
                    ("height", m.map.height.to_string()),
                    ("units-tile", crate::map::UNITS_PER_TILE.to_string()),
                ];
                w.group("map", &map_attrs, m.map.squares.len(), |w| {
                    for (i, sq) in m.map.squares.iter().enumerate() {
                        let p = m.map.point(i);
                        let mut a = vec![
                            ("x", p.x.to_string()),
                            ("y", p.y.to_string()),
                            ("type", sq.kind.name().to_string()),
                        ];
                        if sq.kind.is_driveable() {
                            a.push(("direction", sq.shape.name().to_string()));
                            if !sq.stop_signs.is_empty() {
                                a.push(("stop-sign", sq.stop_signs.to_flags_string()));
                            }
                            if sq.signal != Signal::None {
                                a.push(("signal", "true".to_string()));
                            }
                        }
                        w.empty("tile", &a);
                    }
                });
                w.group("powerups", &[], m.powerups.len(), |w| {
                    for c in &m.powerups {
                        let mut a = vec![
                            ("name", c.display_name()),
                            ("card", c.kind.name().to_string()),
                        ];
                        if let Some(x) = c.company {
                            a.push(("company", x.name().to_string()));
                        }
                        if let Some(x) = c.passenger {
                            a.push(("passenger", x.name().to_string()));
                        }
                        w.empty("powerup", &a);
                    }
                });
                w.group("players", &[], m.players.len(), |w| {
                    for p in &m.players {
                        w.empty(
                            "player",
                            &[
                                ("guid", p.guid.clone()),
                                ("language", p.language.clone()),
                                ("school", p.school.clone()),
                                ("name", p.name.clone()),
                                ("limo-x", p.limo.x.to_string()),
                                ("limo-y", p.limo.y.to_string()),
                                ("limo-angle", p.angle.to_string()),
                            ],
                        );
                    }
                });
                w.group("stores", &[], m.stores.len(), |w| {
                    for (name, p) in &m.stores {
                        let a = [
                            ("name", name.clone()),
                            ("bus-stop-x", p.x.to_string()),
                            ("bus-stop-y", p.y.to_string()),
                        ];
                        w.empty("store", &a);
                    }
                });
                w.group("companies", &[], m.companies.len(), |w| {
                    for (c, p) in &m.companies {
                        let a = [
                            ("name", c.name().to_string()),
                            ("bus-stop-x", p.x.to_string()),
                            ("bus-stop-y", p.y.to_string()),
                        ];
                        w.empty("company", &a);
                    }
                });
                w.group("passengers", &[], m.passengers.len(), |w| {
                    for p in &m.passengers {
                        let mut a = vec![
                            ("name", p.passenger.name().to_string()),
                            ("points-delivered", p.points.to_string()),
                        ];
                        if let Some(l) = p.lobby {
                            a.push(("lobby", l.name().to_string()));
                        }
                        if let Some(d) = p.destination {
                            a.push(("destination", d.name().to_string()));
                        }
                        w.group("passenger", &a, p.route.len() + p.enemies.len(), |w| {
                            for r in &p.route {
                                w.text("route", r.name());
                            }
                            for e in &p.enemies {
                                w.text("enemy", e.name());
                            }
                        });
                    }
                });
                w.close("setup");
            }
            ServerMessage::Status {
                status,
                player_guid,
                players,
                passengers,
                path,
                pickup,
            } => {
                w.open(
                    "status",
                    &[
                        ("status", status.name().to_string()),
                        ("player-guid", player_guid.clone()),
                    ],
                );
                w.group("players", &[], players.len(), |w| {
                    for p in players {
                        let mut a = vec![
                            ("guid", p.guid.clone()),
                            ("score", float_text(p.score)),
                            ("total-score", float_text(p.total_score)),
                            ("coffee-servings", p.coffee.to_string()),
                            ("cards-max", p.cards_max.to_string()),
                            ("limo-x", p.limo.x.to_string()),
                            ("limo-y", p.limo.y.to_string()),
                            ("limo-angle", p.angle.to_string()),
                        ];
                        if let Some(x) = p.passenger {
                            a.push(("passenger", x.name().to_string()));
                        }
                        if let Some(x) = p.last_delivered {
                            a.push(("last-delivered", x.name().to_string()));
                        }
                        let n = usize::from(p.next_bus_stop.is_some())
                            + usize::from(p.transit.is_some());
                        w.group("player", &a, n, |w| {
                            if let Some(c) = &p.next_bus_stop {
                                w.empty("next-bus-stop", &card_attrs(c));
                            }
                            if let Some(c) = &p.transit {
                                w.empty("transit", &card_attrs(c));
                            }
                        });
                    }
                });
                w.group("passengers", &[], passengers.len(), |w| {
                    for p in passengers {
                        let mut a = vec![("name", p.passenger.name().to_string())];
                        if let Some(d) = p.destination {
                            a.push(("destination", d.name().to_string()));
                        }
                        match &p.at {
                            PassengerWhere::Travelling(driver) => {
                                a.push(("status", "travelling".to_string()));
                                a.push(("limo-driver", driver.clone()));
                            }
                            PassengerWhere::Lobby(c) => {
                                a.push(("lobby", c.name().to_string()));
                                a.push(("status", "lobby".to_string()));
                            }
                            PassengerWhere::Done => a.push(("status", "done".to_string())),
                        }
                        if !p.route.is_empty() {
                            let names: Vec<&str> = p.route.iter().map(|c| c.name()).collect();
                            a.push(("route", names.join(";")));
                        }
                        w.empty("passenger", &a);
                    }
                });
                w.text("path", &path_text(path));
                w.text("pick-up", &names_text(pickup));
                w.close("status");
            }
            ServerMessage::PowerUpStatus {
                played_by,
                status,
                card,
                deck,
                hand,
            } => {
                w.open(
                    "powerup-status",
                    &[
                        ("played-by", played_by.clone()),
                        ("status", status.name().to_string()),
                    ],
                );
                w.empty("card", &card_attrs(card));
                w.group("cards-deck", &[], deck.len(), |w| {
                    for c in deck {
                        w.empty("card", &card_attrs(c));
                    }
                });
                w.group("cards-hand", &[], hand.len(), |w| {
                    for c in hand {
                        w.empty("card", &card_attrs(c));
                    }
                });
                w.close("powerup-status");
            }
        }
        w.finish()
    }
}
