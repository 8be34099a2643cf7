//! Pictures of a state (feature `svg`): the board in a 3D projection from its coordinates, with
//! walls, bikes and items, as one SVG element appended to a caller's buffer.
//!
//! Any board can be drawn: shipped and generated boards carry 3D coordinates ([`Board::coords`]);
//! a board read from a `.map` has none, and is laid out on a sphere (vertex `v` at the `v`-th
//! point of a Fibonacci spiral), so its walls, bikes and items still show.
//!
//! ```
//! use tron3d::{Game, Preset};
//! let game = Game::new(Preset::Cube.board(), Preset::Cube.config()).unwrap();
//! let state = game.initial_state(1);
//! let mut out = String::new();
//! tron3d::svg::render(&game, &state, &mut out);
//! assert!(out.starts_with("<svg") && out.ends_with("</svg>\n"));
//! assert_eq!(out.matches("class=\"bike p").count(), 8);
//! ```

use std::fmt::Write as _;

use crate::{Board, Game, Item, State};

/// How the picture is drawn.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Options {
    /// Width and height of the picture, in pixels.
    pub size: f64,
    /// Turn about the vertical axis, in degrees.
    pub yaw: f64,
    /// Tilt towards the viewer, in degrees.
    pub pitch: f64,
    /// One fill colour per player (CSS colours), used in turn for more players.
    pub colours: Vec<String>,
}

impl Default for Options {
    /// 600 pixels, seen from 35° to the side and 25° above.
    fn default() -> Options {
        Options {
            size: 600.0,
            yaw: 35.0,
            pitch: 25.0,
            colours: ["#e6194b", "#3cb44b", "#4363d8", "#f58231"]
                .into_iter()
                .chain(["#911eb4", "#42d4f4", "#f032e6", "#9a6324"])
                .map(String::from)
                .collect(),
        }
    }
}

/// Appends the picture of `state` with the default [`Options`] to `out`.
pub fn render(game: &Game, state: &State, out: &mut String) {
    render_with(game, state, &Options::default(), out);
}

/// The position of vertex `v` of `board` in 3D: its coordinates, or a point of a Fibonacci
/// spiral on the unit sphere when the board has none.
fn position(board: &Board, v: usize) -> [f64; 3] {
    if let Some(coords) = board.coords() {
        return coords[v];
    }
    let n = board.nb_vertices() as f64;
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    let y = 1.0 - 2.0 * (v as f64 + 0.5) / n;
    let r = (1.0 - y * y).sqrt();
    let theta = golden * v as f64;
    [r * theta.cos(), y, r * theta.sin()]
}

/// Appends the picture of `state` to `out`: one `<svg>` element with a `<g class="edges">` of
/// lines, then per vertex a circle (`class="vertex"`, or `class="wall p<owner's player>"`
/// filled in that player's colour), items as letters (`class="item"`: T, G, P), and every bike
/// as a ringed circle (`class="bike p<player>"`, a cross when dead). Farther vertices are paler.
pub fn render_with(game: &Game, state: &State, options: &Options, out: &mut String) {
    let board = game.board();
    let n = board.nb_vertices();
    let (yaw, pitch) = (options.yaw.to_radians(), options.pitch.to_radians());
    let (sy, cy, sp, cp) = (yaw.sin(), yaw.cos(), pitch.sin(), pitch.cos());
    let rotate = |[x, y, z]: [f64; 3]| {
        let (x, z) = (x * cy + z * sy, -x * sy + z * cy);
        let (y, z) = (y * cp - z * sp, y * sp + z * cp);
        [x, y, z]
    };
    // Bounds of the projected board, to fit it in the picture.
    let (mut lo, mut hi) = ([f64::MAX; 3], [f64::MIN; 3]);
    for v in 0..n {
        let p = rotate(position(board, v));
        for i in 0..3 {
            lo[i] = lo[i].min(p[i]);
            hi[i] = hi[i].max(p[i]);
        }
    }
    let span = (hi[0] - lo[0]).max(hi[1] - lo[1]).max(1e-9);
    let margin = 20.0;
    let scale = (options.size - 2.0 * margin) / span;
    let depth = (hi[2] - lo[2]).max(1e-9);
    let screen = |v: usize| {
        let p = rotate(position(board, v));
        let x = margin + (p[0] - lo[0]) * scale;
        let y = options.size - margin - (p[1] - lo[1]) * scale;
        // 1 nearest the viewer (largest z), 0.35 farthest.
        let near = 0.35 + 0.65 * (p[2] - lo[2]) / depth;
        (x, y, near)
    };
    let colour = |player: usize| -> &str {
        options
            .colours
            .get(player % options.colours.len().max(1))
            .map_or("#000", String::as_str)
    };
    let size = options.size;
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size}\" height=\"{size}\" \
         viewBox=\"0 0 {size} {size}\" data-round=\"{}\">",
        state.round()
    );
    let _ = writeln!(
        out,
        "<rect width=\"{size}\" height=\"{size}\" fill=\"#fdfdf8\"/>"
    );
    out.push_str("<g class=\"edges\" stroke=\"#bbb\" stroke-width=\"1\">\n");
    for v in 0..n {
        let (x1, y1, _) = screen(v);
        for &w in board.neighbours(v) {
            if (w as usize) > v {
                let (x2, y2, _) = screen(w as usize);
                let _ = writeln!(
                    out,
                    "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\"/>"
                );
            }
        }
    }
    out.push_str("</g>\n<g class=\"vertices\">\n");
    for v in 0..n {
        let (x, y, near) = screen(v);
        match state.wall(v) {
            Some(bike) => {
                let player = state
                    .bikes()
                    .get(bike as usize)
                    .map_or(0, |b| b.player as usize);
                let _ = writeln!(
                    out,
                    "<circle class=\"wall p{player}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"5\" \
                     fill=\"{}\" opacity=\"{near:.2}\"/>",
                    colour(player)
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "<circle class=\"vertex\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"2\" fill=\"#888\" \
                     opacity=\"{near:.2}\"/>"
                );
            }
        }
        let letter = match state.item(v) {
            Item::None => None,
            Item::Turbo => Some('T'),
            Item::Ghost => Some('G'),
            Item::Points => Some('P'),
        };
        if let Some(letter) = letter {
            let _ = writeln!(
                out,
                "<text class=\"item\" x=\"{x:.1}\" y=\"{:.1}\" font-size=\"11\" \
                 text-anchor=\"middle\" font-family=\"sans-serif\">{letter}</text>",
                y + 4.0
            );
        }
    }
    out.push_str("</g>\n<g class=\"bikes\">\n");
    for (k, bike) in state.bikes().iter().enumerate() {
        let (x, y, _) = screen((bike.vertex as usize).min(n - 1));
        let player = bike.player as usize;
        if bike.alive {
            let _ = writeln!(
                out,
                "<circle class=\"bike p{player}\" data-bike=\"{k}\" cx=\"{x:.1}\" cy=\"{y:.1}\" \
                 r=\"8\" fill=\"{}\" stroke=\"#000\" stroke-width=\"2\"/>",
                colour(player)
            );
        } else {
            let _ = writeln!(
                out,
                "<path class=\"bike p{player} dead\" data-bike=\"{k}\" d=\"M{:.1} {:.1}l10 10m0 \
                 -10l-10 10\" stroke=\"{}\" stroke-width=\"3\"/>",
                x - 5.0,
                y - 5.0,
                colour(player)
            );
        }
    }
    out.push_str("</g>\n</svg>\n");
}
