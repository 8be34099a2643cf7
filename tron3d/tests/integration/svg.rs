//! `svg::render`: a well-formed picture with the elements a known state must show.

use tron3d::format::parse_map;
use tron3d::generate::Preset;
use tron3d::internals::{svg_int, svg_percent};
use tron3d::svg::render;
use tron3d::{Action, Game, Item};

/// Every opened tag is closed, in order (a small XML well-formedness check).
fn assert_balanced(svg: &str) {
    let mut stack: Vec<&str> = Vec::new();
    for piece in svg.split('<').skip(1) {
        let tag = piece.split('>').next().unwrap();
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop(), Some(name), "closing {name}");
        } else if !tag.ends_with('/') {
            stack.push(tag.split_whitespace().next().unwrap());
        }
    }
    assert!(stack.is_empty(), "unclosed {stack:?}");
}

#[test]
fn a_state_after_some_rounds_shows_walls_bikes_and_items() {
    let game = Game::new(Preset::Grid.board(), Preset::Grid.config()).unwrap();
    let mut state = game.initial_state(2);
    let mut actions = tron3d::Actions::new();
    while state.round() < 60 {
        game.demo_actions(&mut state, &mut actions);
        game.advance_commands(&mut state, &actions);
    }
    // Players 1-3 take their first listed joint move; player 0 orders nothing, so its bikes die.
    let mut buf = Vec::new();
    let mut joint = vec![Action::of(&[])];
    for p in 1..4 {
        game.legal_actions(&state, p, &mut buf);
        joint.push(buf[0].clone());
    }
    game.advance(&mut state, &joint);
    assert!(!state.bike(0).alive);
    assert!(!state.walls().is_empty());
    let mut out = String::from("kept:");
    tron3d::svg::render(&game, &state, &mut out);
    assert!(out.starts_with("kept:<svg"), "appends to the buffer");
    let svg = &out["kept:".len()..];
    assert_balanced(svg);
    let walls = state.walls().len();
    assert_eq!(svg.matches("class=\"wall p").count(), walls);
    assert_eq!(
        svg.matches("class=\"vertex\"").count(),
        game.board().nb_vertices() - walls
    );
    assert_eq!(svg.matches("class=\"bike p").count(), 8);
    assert_eq!(
        svg.matches(" dead\"").count(),
        state.bikes().iter().filter(|b| !b.alive).count()
    );
    let items = (0..game.board().nb_vertices())
        .filter(|&v| state.item(v) != Item::None)
        .count();
    assert!(items > 0, "items lie on the board after bonus_round");
    assert_eq!(svg.matches("class=\"item\"").count(), items);
    assert!(svg.contains("data-round=\"61\""));
    // Walls carry their owner's player.
    let v = state.walls().iter().next().unwrap();
    let owner = state.bike(state.wall(v).unwrap() as usize).player;
    assert!(svg.contains(&format!("class=\"wall p{owner}\"")));
}

#[test]
fn a_board_without_coordinates_is_drawn_too() {
    let text = tron3d::format::write_map(&Preset::Icosphere.board());
    let board = parse_map("ico", &text).unwrap();
    assert!(board.coords().is_none());
    let game = Game::new(board, Preset::Icosphere.config()).unwrap();
    let state = game.initial_state(0);
    let mut out = String::new();
    tron3d::svg::render(&game, &state, &mut out);
    assert_balanced(&out);
    assert_eq!(out.matches("<circle").count(), 162 + 8);
    assert!(!out.contains("NaN"));
}

#[test]
fn integers_and_fractions() {
    let mut out = String::new();
    for v in [0, 7, -3, 120, i64::MIN + 1] {
        out.clear();
        svg_int(&mut out, v);
        assert_eq!(out, v.to_string());
    }
    for (h, text) in [(100, "1"), (57, "0.57"), (5, "0.05"), (35, "0.35")] {
        out.clear();
        svg_percent(&mut out, h);
        assert_eq!(out, text);
    }
}

#[test]
fn one_element_per_line_and_walls_drawn() {
    let game = Game::new(Preset::Cube.board(), Preset::Cube.config()).unwrap();
    let state = game.initial_state(3);
    let mut out = String::new();
    render(&game, &state, &mut out);
    let walls = (0..game.board().nb_vertices())
        .filter(|&v| state.wall(v).is_some())
        .count();
    assert_eq!(out.matches("class=\"wall p").count(), walls);
    assert!(
        out.lines().all(|line| line.matches('<').count() <= 2),
        "{out}"
    );
}
