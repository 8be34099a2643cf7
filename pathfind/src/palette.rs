//! The one palette of player colours: every board picture (each crate's `svg` module), the replay
//! pages' score table and score chart take a player's colour from here, so a player looks the same
//! everywhere. (A game whose players choose their colour, as in CloudWars, uses the chosen one in
//! the picture and tells the page so.)
//!
//! ```
//! use pathfind::palette::{PLAYER_COLOURS, player_colour, text_colour_on};
//!
//! assert_eq!(player_colour(0), PLAYER_COLOURS[0]);
//! assert_eq!(player_colour(PLAYER_COLOURS.len()), PLAYER_COLOURS[0]); // used in turn
//! assert_eq!(text_colour_on("#3949ab"), "#ffffff"); // white on indigo
//! assert_eq!(text_colour_on("#fdd835"), "#000000"); // black on yellow
//! ```

/// Twelve colours (CSS hex), distinct for colour-blind readers as far as twelve can be: red,
/// blue, green, orange, purple, cyan, brown, grey-blue, pink, indigo, light green, yellow.
pub const PLAYER_COLOURS: [&str; 12] = [
    "#e53935", "#1e88e5", "#43a047", "#fb8c00", "#8e24aa", "#00acc1", "#6d4c41", "#546e7a",
    "#d81b60", "#3949ab", "#7cb342", "#fdd835",
];

/// Player `player`'s colour (0-based; the palette is used in turn beyond twelve players).
pub fn player_colour(player: usize) -> &'static str {
    PLAYER_COLOURS[player % PLAYER_COLOURS.len()]
}

/// Black or white, whichever reads better on `fill` (a `#rrggbb` colour; anything else gets
/// black): white when the fill's relative luminance (WCAG) is below 0.18, where white text has
/// the larger contrast.
pub fn text_colour_on(fill: &str) -> &'static str {
    let Some(hex) = fill.strip_prefix('#').filter(|h| h.len() == 6) else {
        return "#000000";
    };
    let channel = |i: usize| -> Option<f64> {
        let v = f64::from(u8::from_str_radix(hex.get(i..i + 2)?, 16).ok()?) / 255.0;
        Some(if v <= 0.03928 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        })
    };
    match (channel(0), channel(2), channel(4)) {
        (Some(r), Some(g), Some(b)) if 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.18 => "#ffffff",
        _ => "#000000",
    }
}
