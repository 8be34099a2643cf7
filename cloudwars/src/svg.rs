//! Pictures of a state (feature `svg`): the board, every cloud as a circle of its radius
//! (`sqrt(vapor)`), thunderstorms in their player's colour with the name and vapor beside them,
//! rainclouds in light blue, dead players as dashed rings, and each cloud's velocity as a short
//! line. Plain SVG text, no dependency.
//!
//! ```
//! use cloudwars::{Config, Game, Setup, WorldParams};
//!
//! let setup = Setup { params: WorldParams { rainclouds: 5, ..WorldParams::default() }, players: 2, ..Setup::default() };
//! let game = Game::with_setup(Config::default(), setup)?;
//! let state = game.initial_state(3);
//! let mut svg = String::new();
//! cloudwars::svg::render(&game, &state, &mut svg);
//! assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
//! assert_eq!(svg.matches("<circle").count(), 7);
//! # Ok::<(), cloudwars::ConfigError>(())
//! ```

use std::fmt::Write as _;

use crate::cloud::Color;
use crate::rules::Game;
use crate::state::State;

/// The fill of a player's storm (CloudWars players choose their colour: the replay pages take
/// each player's from here, so the table and chart match the board).
pub fn fill(color: Color) -> &'static str {
    match color {
        Color::Blue => "#2b6cd4",
        Color::Gray => "#777777",
        Color::Orange => "#f08c1e",
        Color::Purple => "#8a3fc4",
        Color::Red => "#d43b2b",
    }
}

/// Appends an SVG picture of `state` to `out` (the caller's buffer is reused; nothing else is
/// allocated beyond its growth). The view box is the board (`config.width` × `config.height`),
/// with the iteration, the leader and the world vapor as a caption.
pub fn render(game: &Game, state: &State, out: &mut String) {
    let config = game.config();
    let (w, h) = (config.width, config.height);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        out,
        r##"<rect class="board" x="0" y="0" width="{w}" height="{h}" fill="#0d1b2a"/>"##
    );
    for cloud in state.clouds() {
        let (x, y, r) = (cloud.pos.x, cloud.pos.y, cloud.radius());
        if !(x.is_finite() && y.is_finite() && r.is_finite()) {
            continue;
        }
        let player = cloud.owner.and_then(|id| state.player(id));
        match player {
            Some(p) if cloud.is_dead() => {
                let _ = writeln!(
                    out,
                    r#"<circle class="dead" cx="{x}" cy="{y}" r="6" fill="none" stroke="{}" stroke-dasharray="3 3"/>"#,
                    fill(p.color)
                );
            }
            Some(p) => {
                let _ = writeln!(
                    out,
                    r##"<circle class="storm" data-player="{}" cx="{x}" cy="{y}" r="{r}" fill="{}" stroke="#ffffff" stroke-width="2"/>"##,
                    cloud.owner.map_or(0, |id| id.0),
                    fill(p.color)
                );
                out.push_str(r##"<text fill="#ffffff" font-size="14" x=""##);
                let _ = write!(out, r#"{}" y="{}">"#, x + r + 4.0, y);
                escape(&p.name, out);
                let _ = writeln!(out, " {:.0}</text>", cloud.vapor);
            }
            None => {
                let _ = writeln!(
                    out,
                    r##"<circle class="rain" cx="{x}" cy="{y}" r="{r}" fill="#9ecae1" fill-opacity="0.7"/>"##
                );
            }
        }
        let (vx, vy) = (cloud.vel.x, cloud.vel.y);
        if vx.is_finite() && vy.is_finite() && (vx != 0.0 || vy != 0.0) && !cloud.is_dead() {
            let _ = writeln!(
                out,
                r##"<line class="vel" x1="{x}" y1="{y}" x2="{}" y2="{}" stroke="#ffffff" stroke-opacity="0.5"/>"##,
                x + vx,
                y + vy
            );
        }
    }
    let _ = write!(
        out,
        r##"<text class="caption" fill="#ffffff" font-size="16" x="8" y="20">iteration {} · world vapor {:.0} · leader "##,
        state.iteration(),
        state.world_vapor()
    );
    escape(state.leader_name(), out);
    out.push_str("</text>\n</svg>\n");
}

/// XML text escaping for names (`&`, `<`, `>`, quotes).
fn escape(text: &str, out: &mut String) {
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
}
