//! The tests of `dogfight::svg` that lived beside its code.

use dogfight::Game;
use dogfight::svg::*;
use dogfight::{Action, Actions, Direction, Move};

/// Every `<tag` is closed by `</tag>` or `/>`, in order.
fn balanced(svg: &str) -> bool {
    let mut stack = Vec::new();
    let mut rest = svg;
    while let Some(at) = rest.find('<') {
        rest = &rest[at + 1..];
        let end = rest.find('>').expect("a tag ends");
        let tag = &rest[..end];
        if let Some(name) = tag.strip_prefix('/') {
            if stack.pop() != Some(name.to_owned()) {
                return false;
            }
        } else if !tag.ends_with('/') {
            stack.push(tag.split(' ').next().unwrap().to_owned());
        }
        rest = &rest[end + 1..];
    }
    stack.is_empty()
}

#[test]
fn the_whole_arena_is_inside_the_picture() {
    // The top of the arena (its upper corners) was cut off: y went to -108.
    let game = Game::default();
    let mut svg = String::new();
    render(&game, &game.initial_state(0), &mut svg);
    let number = |attr: &str| -> Vec<f64> {
        svg.split(&format!(" {attr}=\""))
            .skip(1)
            .filter_map(|rest| rest.split('"').next()?.parse().ok())
            .collect()
    };
    let height = number("height")[0];
    let width = number("width")[0];
    for y in number("y1")
        .into_iter()
        .chain(number("y2"))
        .chain(number("cy"))
    {
        assert!((0.0..=height).contains(&y), "y {y} outside 0..{height}");
    }
    for x in number("x1")
        .into_iter()
        .chain(number("x2"))
        .chain(number("cx"))
    {
        assert!((0.0..=width).contains(&x), "x {x} outside 0..{width}");
    }
}

#[test]
fn the_start_shows_four_live_planes_and_the_cube() {
    let game = Game::default();
    let mut svg = String::from("kept:");
    render(&game, &game.initial_state(0), &mut svg);
    let svg = svg.strip_prefix("kept:").expect("appends");
    assert!(balanced(svg), "{svg}");
    assert_eq!(svg.matches("class=\"plane p1 alive\"").count(), 2);
    assert_eq!(svg.matches("class=\"plane p2 alive\"").count(), 2);
    assert_eq!(svg.matches("class=\"heading\"").count(), 4);
    assert!(svg.contains("data-pos=\"0 5 0\" data-heading=\"S\""));
    assert_eq!(
        svg.matches("<line x1").count() - 4,
        12,
        "12 cube edges and 4 shadow posts"
    );
    assert!(!svg.contains("class=\"shot\""));
}

#[test]
fn shots_and_dead_planes_are_drawn() {
    let game = Game::default();
    let mut state = game.initial_state(0);
    let actions = Actions::new(
        Action::new(
            Move::slide(Direction::S).firing(),
            Move::slide(Direction::S),
        ),
        Action::none(),
    );
    let events = game.advance_joint(&mut state, &actions);
    let mut wreck = state.plane(dogfight::PlaneId::new(3));
    wreck.alive = false;
    state.set_plane(dogfight::PlaneId::new(3), wreck);
    let mut svg = String::new();
    let options = Options {
        events: Some(events),
    };
    render_with(&game, &state, &options, &mut svg);
    assert!(balanced(&svg));
    assert_eq!(svg.matches("class=\"shot\" data-plane=\"0\"").count(), 1);
    assert_eq!(svg.matches("class=\"plane p2 dead\"").count(), 1);
    assert!(svg.contains("data-round=\"1\""));
}
