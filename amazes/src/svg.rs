//! Pictures of a state (feature `svg`): the maze as each player has discovered it, beside the
//! referee's full view, as one SVG document appended to a reused buffer.

use pathfind::palette::player_colour;
use std::fmt::Write;

use crate::game::{Game, Player, State};
use crate::maze::{Dir, Square};

/// Pixels per square.
const CELL: usize = 16;
/// Gap between the panels.
const GAP: usize = 24;
/// Height of the caption line above each panel.
const CAPTION: usize = 20;

/// Appends an SVG of `state` to `out`: three panels (the referee's maze with both players, then
/// Red's and Blue's knowledge: discovered squares shaded, known walls drawn, unknown edges
/// dotted), each player as a triangle pointing where it faces, and a caption with turns and
/// points. Reuses `out`'s capacity; writes nothing else. One element on a line (the last,
/// `</svg>`, without a newline), so that a replay page sends only the lines a turn changed.
pub fn render(game: &Game, state: &State, out: &mut String) {
    let n = game.config().size;
    let side = n * CELL;
    let width = 3 * side + 2 * GAP + 2;
    let height = side + CAPTION + 2;
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"#
    );
    out.push_str("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
    for panel in 0..3 {
        let x0 = 1 + panel * (side + GAP);
        let y0 = CAPTION + 1;
        let _ = writeln!(out, r#"<g class="panel" id="panel-{panel}">"#);
        let caption = match panel {
            0 => format!(
                "referee: turn {}/{}",
                state.turns_done(Player::Blue) + 1,
                game.config().turns
            ),
            p => {
                let player = Player::BOTH[p - 1];
                format!(
                    "{player:?}: {} discovered, {} points",
                    state.knowledge(player).discovered_count(),
                    state.points(player)
                )
            }
        };
        let _ = writeln!(out, r#"<text x="{x0}" y="14">{caption}</text>"#);
        let maze = game.maze_of(state);
        for r in 0..n {
            for c in 0..n {
                let sq = Square::new(r, c);
                let (x, y) = (x0 + c * CELL, y0 + r * CELL);
                if panel > 0 && state.knowledge(Player::BOTH[panel - 1]).knows(sq) {
                    let _ = writeln!(
                        out,
                        r##"<rect class="discovered" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#eeeeaa"/>"##
                    );
                }
                for d in [Dir::N, Dir::W, Dir::S, Dir::E] {
                    // Each interior edge once (N and W), the outer ones on their own side.
                    let outer = maze.neighbour(sq, d).is_none();
                    if !outer && matches!(d, Dir::S | Dir::E) {
                        continue;
                    }
                    let wall = match panel {
                        0 => Some(!maze.is_open(sq, d)),
                        p => {
                            let k = state.knowledge(Player::BOTH[p - 1]);
                            k.edge_at(sq, d).map(|open| !open)
                        }
                    };
                    let (ax, ay, bx, by) = match d {
                        Dir::N => (x, y, x + CELL, y),
                        Dir::S => (x, y + CELL, x + CELL, y + CELL),
                        Dir::W => (x, y, x, y + CELL),
                        Dir::E => (x + CELL, y, x + CELL, y + CELL),
                    };
                    let style = match wall {
                        Some(true) => r##"class="wall" stroke="#000000" stroke-width="2""##,
                        Some(false) => continue,
                        None => r##"class="unknown" stroke="#bbbbbb" stroke-dasharray="2,2""##,
                    };
                    let _ = writeln!(
                        out,
                        r#"<line x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}" {style}/>"#
                    );
                }
            }
        }
        for p in Player::BOTH {
            // The referee panel shows both; a player's panel shows that player only.
            if panel > 0 && Player::BOTH[panel - 1] != p {
                continue;
            }
            let pose = state.pose(p);
            let cx = (x0 + pose.square.col() * CELL) as f64 + CELL as f64 / 2.0;
            let cy = (y0 + pose.square.row() * CELL) as f64 + CELL as f64 / 2.0;
            let (dx, dy) = match pose.facing {
                Dir::N => (0.0, -1.0),
                Dir::E => (1.0, 0.0),
                Dir::S => (0.0, 1.0),
                Dir::W => (-1.0, 0.0),
            };
            let h = CELL as f64 * 0.4;
            let tip = (cx + dx * h, cy + dy * h);
            let l = (cx - dx * h - dy * h, cy - dy * h + dx * h);
            let r = (cx - dx * h + dy * h, cy - dy * h - dx * h);
            let _ = writeln!(
                out,
                r#"<polygon class="player" data-player="{}" points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{}"/>"#,
                p.index(),
                tip.0,
                tip.1,
                l.0,
                l.1,
                r.0,
                r.1,
                player_colour(p.index())
            );
        }
        out.push_str("</g>\n");
    }
    out.push_str("</svg>");
}
