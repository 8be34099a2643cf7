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
            colours: pathfind::palette::PLAYER_COLOURS
                .iter()
                .map(|&c| String::from(c))
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
///
/// One element per line, the board's lines first and in the same order for every state, so that
/// a replay viewer can send only the lines that change from one step to the next. Each vertex is
/// projected once per call, and coordinates are whole pixels written as integers: float
/// formatting was most of the time of a replay page.
pub fn render_with(game: &Game, state: &State, options: &Options, out: &mut String) {
    let board = game.board();
    let n = board.nb_vertices();
    let screen = project(board, options);
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
        let (x1, y1, _) = screen[v];
        for &w in board.neighbours(v) {
            if (w as usize) > v {
                let (x2, y2, _) = screen[w as usize];
                out.push_str("<line x1=\"");
                int(out, x1);
                out.push_str("\" y1=\"");
                int(out, y1);
                out.push_str("\" x2=\"");
                int(out, x2);
                out.push_str("\" y2=\"");
                int(out, y2);
                out.push_str("\"/>\n");
            }
        }
    }
    out.push_str("</g>\n<g class=\"vertices\">\n");
    for (v, &(x, y, near)) in screen.iter().enumerate() {
        match state.wall(v) {
            Some(bike) => {
                let player = state
                    .bikes()
                    .get(bike as usize)
                    .map_or(0, |b| b.player as usize);
                out.push_str("<circle class=\"wall p");
                int(out, player as i64);
                out.push_str("\" cx=\"");
                int(out, x);
                out.push_str("\" cy=\"");
                int(out, y);
                out.push_str("\" r=\"5\" fill=\"");
                out.push_str(colour(player));
                out.push_str("\" opacity=\"");
                percent(out, near);
                out.push_str("\"/>\n");
            }
            None => {
                out.push_str("<circle class=\"vertex\" cx=\"");
                int(out, x);
                out.push_str("\" cy=\"");
                int(out, y);
                out.push_str("\" r=\"2\" fill=\"#888\" opacity=\"");
                percent(out, near);
                out.push_str("\"/>\n");
            }
        }
        let letter = match state.item(v) {
            Item::None => None,
            Item::Turbo => Some("T"),
            Item::Ghost => Some("G"),
            Item::Points => Some("P"),
        };
        if let Some(letter) = letter {
            out.push_str("<text class=\"item\" x=\"");
            int(out, x);
            out.push_str("\" y=\"");
            int(out, y + 4);
            out.push_str("\" font-size=\"11\" text-anchor=\"middle\" font-family=\"sans-serif\">");
            out.push_str(letter);
            out.push_str("</text>\n");
        }
    }
    out.push_str("</g>\n<g class=\"bikes\">\n");
    for (k, bike) in state.bikes().iter().enumerate() {
        let (x, y, _) = screen[(bike.vertex as usize).min(n - 1)];
        let player = bike.player as usize;
        if bike.alive {
            out.push_str("<circle class=\"bike p");
            int(out, player as i64);
            out.push_str("\" data-bike=\"");
            int(out, k as i64);
            out.push_str("\" data-player=\"");
            int(out, player as i64);
            out.push_str("\" cx=\"");
            int(out, x);
            out.push_str("\" cy=\"");
            int(out, y);
            out.push_str("\" r=\"8\" fill=\"");
            out.push_str(colour(player));
            out.push_str("\" stroke=\"#000\" stroke-width=\"2\"/>\n");
        } else {
            out.push_str("<path class=\"bike p");
            int(out, player as i64);
            out.push_str(" dead\" data-bike=\"");
            int(out, k as i64);
            out.push_str("\" d=\"M");
            int(out, x - 5);
            out.push(' ');
            int(out, y - 5);
            out.push_str("l10 10m0 -10l-10 10\" stroke=\"");
            out.push_str(colour(player));
            out.push_str("\" stroke-width=\"3\"/>\n");
        }
    }
    out.push_str("</g>\n</svg>\n");
}

/// Every vertex's place in the picture: whole pixels `(x, y)` and its nearness in hundredths
/// (100 nearest the viewer, 35 farthest).
fn project(board: &Board, options: &Options) -> Vec<(i64, i64, u8)> {
    let n = board.nb_vertices();
    let (yaw, pitch) = (options.yaw.to_radians(), options.pitch.to_radians());
    let (sy, cy, sp, cp) = (yaw.sin(), yaw.cos(), pitch.sin(), pitch.cos());
    let rotated: Vec<[f64; 3]> = (0..n)
        .map(|v| {
            let [x, y, z] = position(board, v);
            let (x, z) = (x * cy + z * sy, -x * sy + z * cy);
            let (y, z) = (y * cp - z * sp, y * sp + z * cp);
            [x, y, z]
        })
        .collect();
    // Bounds of the projected board, to fit it in the picture.
    let (mut lo, mut hi) = ([f64::MAX; 3], [f64::MIN; 3]);
    for p in &rotated {
        for i in 0..3 {
            lo[i] = lo[i].min(p[i]);
            hi[i] = hi[i].max(p[i]);
        }
    }
    let span = (hi[0] - lo[0]).max(hi[1] - lo[1]).max(1e-9);
    let margin = 20.0;
    let scale = (options.size - 2.0 * margin) / span;
    let depth = (hi[2] - lo[2]).max(1e-9);
    rotated
        .iter()
        .map(|p| {
            let x = margin + (p[0] - lo[0]) * scale;
            let y = options.size - margin - (p[1] - lo[1]) * scale;
            let near = 0.35 + 0.65 * (p[2] - lo[2]) / depth;
            (
                x.round() as i64,
                y.round() as i64,
                (near * 100.0).round().clamp(0.0, 100.0) as u8,
            )
        })
        .collect()
}

/// Appends `value` in decimal.
#[doc(hidden)]
pub fn int(out: &mut String, value: i64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut rest = value.unsigned_abs();
    loop {
        i -= 1;
        digits[i] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    if value < 0 {
        out.push('-');
    }
    for &d in &digits[i..] {
        out.push(char::from(d));
    }
}

/// Appends hundredths as a fraction: `1`, `0.57`, `0.05`.
#[doc(hidden)]
pub fn percent(out: &mut String, hundredths: u8) {
    if hundredths >= 100 {
        out.push('1');
        return;
    }
    out.push_str("0.");
    out.push(char::from(b'0' + hundredths / 10));
    out.push(char::from(b'0' + hundredths % 10));
}
