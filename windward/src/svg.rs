//! Pictures of a round (feature `svg`): the city (parks, roads, company buildings, bus stops, coffee
//! stores, stop signs, traffic lights in their current colour), the passengers waiting in each
//! lobby, and every car with its planned path, its number and the passenger it carries.
//!
//! [`render`] appends one `<svg>` element to the caller's buffer (reuse it between frames).

use std::fmt::Write as _;

use crate::game::Game;
use crate::map::{Signal, StopSigns, TileType};
use crate::state::{CompanyId, State};

/// How to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SvgOptions {
    /// Pixels per tile.
    pub tile: u32,
    /// Whether to draw the cars' planned paths.
    pub paths: bool,
}

impl Default for SvgOptions {
    /// 8 pixels per tile, paths drawn.
    fn default() -> Self {
        SvgOptions {
            tile: 8,
            paths: true,
        }
    }
}

/// One colour per car, in seat order: the workspace's one palette ([`pathfind::palette`]).
pub fn car_colour(car: usize) -> &'static str {
    pathfind::palette::player_colour(car)
}

/// Appends the picture of `state` with the default options.
pub fn render(game: &Game, state: &State, out: &mut String) {
    render_with(game, state, &SvgOptions::default(), out);
}

/// Appends the picture of `state`: `<svg>` with groups `tiles`, `lights`, `stops`, `passengers`,
/// `paths` and `cars`; each car is a `<g class="car" data-player="i">`. One element on a line,
/// the city first, so that a replay viewer sends only the lines a tick changed.
pub fn render_with(game: &Game, state: &State, options: &SvgOptions, out: &mut String) {
    let map = game.map();
    let t = options.tile.max(1) as i64;
    let (w, h) = (i64::from(map.width) * t, i64::from(map.height) * t);
    // `write!` into a String cannot fail.
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#
    );
    let _ = writeln!(out, r##"<rect width="{w}" height="{h}" fill="#7fb069"/>"##);
    out.push_str("<g class=\"tiles\">\n");
    for (i, sq) in map.squares.iter().enumerate() {
        let p = map.point(i);
        let fill = match sq.kind {
            TileType::Park => continue,
            TileType::Road => "#555555",
            TileType::BusStop => "#f2c14e",
            TileType::Company => "#8d99ae",
            TileType::CoffeeStop => "#a0522d",
            TileType::CoffeeBuilding => "#6f4e37",
        };
        let _ = writeln!(
            out,
            r#"<rect x="{}" y="{}" width="{t}" height="{t}" fill="{fill}"/>"#,
            i64::from(p.x) * t,
            i64::from(p.y) * t
        );
        if sq.stop_signs != StopSigns::NONE {
            let _ = writeln!(
                out,
                r##"<rect class="stop-sign" x="{}" y="{}" width="{}" height="{}" fill="#d00000"/>"##,
                i64::from(p.x) * t + t / 3,
                i64::from(p.y) * t + t / 3,
                (t / 3).max(1),
                (t / 3).max(1)
            );
        }
    }
    out.push_str("</g>\n<g class=\"lights\">\n");
    for (i, &p) in game.lights().iter().enumerate() {
        let colour = match state.signals.get(i).copied().unwrap_or_default() {
            Signal::None => "#888888",
            Signal::NorthSouthGreen | Signal::EastWestGreen => "#00c000",
            Signal::NorthSouthYellow | Signal::EastWestYellow => "#e0c000",
        };
        let _ = writeln!(
            out,
            r#"<circle cx="{}" cy="{}" r="{}" fill="{colour}"/>"#,
            i64::from(p.x) * t + t / 2,
            i64::from(p.y) * t + t / 2,
            (t / 3).max(1)
        );
    }
    out.push_str("</g>\n<g class=\"stops\">\n");
    // Names start at their tile in the left half of the map and end at it in the right half, so
    // none runs off the right edge.
    let right_half = |x: i32| i64::from(x) * t > w / 2;
    let name_anchor = |x: i32| if right_half(x) { "end" } else { "start" };
    let name_x = |x: i32| i64::from(x) * t + if right_half(x) { t } else { 0 };
    for c in CompanyId::all() {
        let p = state.company_stops[c.index()];
        let _ = write!(
            out,
            r##"<text class="company" x="{}" y="{}" font-size="{}" text-anchor="{}" stroke="#ffffff" stroke-width="3" stroke-linejoin="round" paint-order="stroke">"##,
            name_x(p.x),
            i64::from(p.y) * t,
            t.max(6),
            name_anchor(p.x),
        );
        crate::xml::escape(c.name(), out);
        out.push_str("</text>\n");
    }
    for (i, &p) in state.coffee_stores.iter().enumerate() {
        let _ = write!(
            out,
            r##"<text class="coffee" x="{}" y="{}" font-size="{}" text-anchor="{}" stroke="#ffffff" stroke-width="3" stroke-linejoin="round" paint-order="stroke">"##,
            name_x(p.x),
            i64::from(p.y) * t,
            t.max(6),
            name_anchor(p.x),
        );
        crate::xml::escape(crate::state::coffee_store_name(i), out);
        out.push_str("</text>\n");
    }
    out.push_str("</g>\n<g class=\"passengers\">\n");
    for (i, ps) in state.passengers.iter().enumerate() {
        let Some(lobby) = ps.lobby else { continue };
        let p = state.company_stops[lobby.index()];
        let k = state.lobby(lobby).position(|q| q.index() == i).unwrap_or(0) as i64;
        let _ = writeln!(
            out,
            r##"<circle class="passenger" data-passenger="{i}" cx="{}" cy="{}" r="{}" fill="#ffffff" stroke="#000000"/>"##,
            i64::from(p.x) * t + t / 2 + k * (t / 2).max(1),
            i64::from(p.y) * t - t / 2,
            (t / 4).max(1)
        );
    }
    out.push_str("</g>\n");
    if options.paths {
        out.push_str("<g class=\"paths\">\n");
        for (i, pl) in state.players.iter().enumerate() {
            if pl.car.vehicle.path.is_empty() {
                continue;
            }
            let _ = write!(
                out,
                r#"<polyline fill="none" stroke="{}" stroke-opacity="0.6" stroke-width="{}" points=""#,
                car_colour(i),
                (t / 4).max(1)
            );
            let from = pl.car.tile();
            for p in std::iter::once(&from).chain(pl.car.vehicle.path.iter()) {
                let _ = write!(
                    out,
                    "{},{} ",
                    i64::from(p.x) * t + t / 2,
                    i64::from(p.y) * t + t / 2
                );
            }
            out.push_str("\"/>\n");
        }
        out.push_str("</g>\n");
    }
    out.push_str("<g class=\"cars\">\n");
    let unit = i64::from(crate::map::UNITS_PER_TILE);
    for (i, pl) in state.players.iter().enumerate() {
        // The car's map position is in 1/24 tile units.
        let pos = pl.car.vehicle.location.pos;
        let (x, y) = (i64::from(pos.x) * t / unit, i64::from(pos.y) * t / unit);
        let (r, colour) = ((t / 2).max(2), car_colour(i));
        let number_size = (t * 4 / 5).max(6);
        // The number inside the car, black or white by the fill; a passenger's name beside it,
        // on the side away from the nearer edge (never clipped at the right), staggered by car
        // so that cars on one tile do not print their names over each other, with a white halo.
        let _ = write!(
            out,
            r##"<g class="car" data-player="{i}"><circle data-player="{i}" cx="{x}" cy="{y}" r="{r}" fill="{colour}" stroke="#ffffff"/><text x="{x}" y="{}" font-size="{number_size}" text-anchor="middle" fill="{}">{i}</text>"##,
            y + number_size / 3,
            pathfind::palette::text_colour_on(colour),
        );
        if let Some(p) = pl.passenger {
            let (anchor, label_x) = if x > w / 2 {
                ("end", x - r - 2)
            } else {
                ("start", x + r + 2)
            };
            let label_size = t.max(6);
            let label_y = (y + label_size / 3 + (i as i64 % 3 - 1) * label_size)
                .clamp(label_size, h.max(label_size));
            let _ = write!(
                out,
                r##"<text class="label" x="{label_x}" y="{label_y}" font-size="{label_size}" text-anchor="{anchor}" stroke="#ffffff" stroke-width="3" stroke-linejoin="round" paint-order="stroke">"##
            );
            crate::xml::escape(p.name(), out);
            out.push_str("</text>");
        }
        out.push_str("</g>\n");
    }
    // The line of `</svg>` is the last: no newline after it.
    out.push_str("</g>\n</svg>");
}
