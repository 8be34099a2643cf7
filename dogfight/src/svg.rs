//! Pictures of a state (feature `svg`): the arena cube in isometric projection, each plane as a
//! disc in its side's colour with a heading arrow and its shadow on the floor, dead planes as
//! grey crosses, and, given the round's [`Events`], the shot lines of the planes that fired.
//!
//! ```
//! use dogfight::Game;
//!
//! let game = Game::default();
//! let mut svg = String::new();
//! dogfight::svg::render(&game, &game.initial_state(0), &mut svg);
//! assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
//! assert_eq!(svg.matches("class=\"plane p1").count(), 2);
//! ```

use pathfind::palette::player_colour;
use std::fmt::Write;

use crate::{Events, Game, Pos, State};

/// What to draw besides the state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    /// The round that led to the state: its shots are drawn as lines along the shooters' rays.
    pub events: Option<Events>,
}

/// Pixels per cell along each axis of the projection.
const CELL: f64 = 16.0;

/// Appends an SVG picture of `state` (one whole `<svg>` element and a newline) to `out`.
pub fn render(game: &Game, state: &State, out: &mut String) {
    render_with(game, state, &Options::default(), out);
}

/// [`render`] with [`Options`].
pub fn render_with(game: &Game, state: &State, options: &Options, out: &mut String) {
    let size = f64::from(game.arena().size());
    let width = 2.0 * size * CELL * 0.866 + 40.0;
    let height = size * CELL * 2.0 + 60.0;
    // The highest corner (x = y = 0, z = size) sits 20 pixels below the top edge.
    let origin = (width / 2.0, size * CELL * 1.5 + 20.0);
    // Isometric: x (N→S) to the lower left, y (W→E) to the lower right, z (D→U) up.
    let project = |x: f64, y: f64, z: f64| {
        (
            origin.0 + (y - x) * CELL * 0.866,
            origin.1 + (x + y) * CELL * 0.5 - z * CELL - size * CELL * 0.5,
        )
    };
    let cell = |pos: Pos| {
        project(
            f64::from(pos.x) + 0.5,
            f64::from(pos.y) + 0.5,
            f64::from(pos.z) + 0.5,
        )
    };
    // `write!` to a String cannot fail.
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width:.0} {height:.0}\" \
         width=\"{width:.0}\" height=\"{height:.0}\" data-round=\"{}\">\
         <rect width=\"100%\" height=\"100%\" fill=\"#fdfdf8\"/>",
        state.round
    );
    // The cube's 12 edges.
    out.push_str("<g class=\"arena\" stroke=\"#999\" fill=\"none\" stroke-width=\"1\">");
    let corners = [0.0, size];
    for &a in &corners {
        for &b in &corners {
            for (from, to) in [
                ((0.0, a, b), (size, a, b)),
                ((a, 0.0, b), (a, size, b)),
                ((a, b, 0.0), (a, b, size)),
            ] {
                let (x1, y1) = project(from.0, from.1, from.2);
                let (x2, y2) = project(to.0, to.1, to.2);
                let _ = write!(
                    out,
                    "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\"/>"
                );
            }
        }
    }
    out.push_str("</g>");
    if let Some(events) = options.events {
        out.push_str("<g class=\"shots\" stroke-width=\"2\" stroke-dasharray=\"4 3\">");
        for id in events.fired.iter() {
            let plane = state.plane(id);
            let (x1, y1) = cell(plane.pos);
            let end = plane.pos.offset(
                plane.heading,
                game.arena().wall_distance(plane.pos, plane.heading).max(0),
            );
            let (x2, y2) = cell(end);
            let _ = write!(
                out,
                "<line class=\"shot\" data-plane=\"{}\" stroke=\"{}\" x1=\"{x1:.1}\" y1=\"{y1:.1}\" \
                 x2=\"{x2:.1}\" y2=\"{y2:.1}\"/>",
                id.index(),
                player_colour(id.side() as usize)
            );
        }
        out.push_str("</g>");
    }
    for (k, plane) in state.planes().iter().enumerate() {
        let side = k / 2;
        let (x, y) = cell(plane.pos);
        if !plane.alive {
            let _ = write!(
                out,
                "<g class=\"plane p{} dead\" data-plane=\"{k}\" stroke=\"#777\" stroke-width=\"2\">\
                 <line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\"/>\
                 <line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\"/></g>",
                side + 1,
                x - 4.0,
                y - 4.0,
                x + 4.0,
                y + 4.0,
                x - 4.0,
                y + 4.0,
                x + 4.0,
                y - 4.0
            );
            continue;
        }
        let (sx, sy) = project(
            f64::from(plane.pos.x) + 0.5,
            f64::from(plane.pos.y) + 0.5,
            0.0,
        );
        let (hx, hy) = cell(plane.pos.step(plane.heading));
        let colour = player_colour(side);
        let _ = write!(
            out,
            "<g class=\"plane p{} alive\" data-plane=\"{k}\" data-pos=\"{} {} {}\" \
             data-heading=\"{}\" data-cooldown=\"{}\">\
             <ellipse class=\"shadow\" cx=\"{sx:.1}\" cy=\"{sy:.1}\" rx=\"5\" ry=\"2.5\" fill=\"#ccc\"/>\
             <line x1=\"{sx:.1}\" y1=\"{sy:.1}\" x2=\"{x:.1}\" y2=\"{y:.1}\" stroke=\"#ccc\"/>\
             <line class=\"heading\" x1=\"{x:.1}\" y1=\"{y:.1}\" x2=\"{hx:.1}\" y2=\"{hy:.1}\" \
             stroke=\"{colour}\" stroke-width=\"3\"/>\
             <circle data-player=\"{side}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"6\" fill=\"{colour}\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\" font-family=\"sans-serif\">{k}</text></g>",
            side + 1,
            plane.pos.x,
            plane.pos.y,
            plane.pos.z,
            plane.heading,
            plane.cooldown,
            x + 7.0,
            y - 7.0
        );
    }
    let _ = writeln!(
        out,
        "<text x=\"10\" y=\"{:.0}\" font-size=\"14\" font-family=\"sans-serif\">round {} · \
         p1 {} planes · p2 {} planes</text></svg>",
        height - 12.0,
        state.round,
        state.alive(crate::Side::P1),
        state.alive(crate::Side::P2)
    );
}
