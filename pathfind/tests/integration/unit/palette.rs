//! The tests of `pathfind::palette` that lived beside its code.

use pathfind::palette::*;

#[test]
fn every_colour_is_a_distinct_hex_colour() {
    for (i, c) in PLAYER_COLOURS.iter().enumerate() {
        assert!(c.len() == 7 && c.starts_with('#'), "{c}");
        assert!(u32::from_str_radix(&c[1..], 16).is_ok(), "{c}");
        assert!(!PLAYER_COLOURS[..i].contains(c), "{c} twice");
    }
}

#[test]
fn text_on_dark_fills_is_white_and_on_light_fills_black() {
    assert_eq!(text_colour_on("#000075"), "#ffffff");
    assert_eq!(text_colour_on("#ffffff"), "#000000");
    assert_eq!(text_colour_on("not a colour"), "#000000");
    assert_eq!(text_colour_on("#é12345"), "#000000");
}
