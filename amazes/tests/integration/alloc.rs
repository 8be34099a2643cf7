//! Allocation-free proof (thread-scoped counts from `allocation-counter`): no allocation across
//! `advance`, `observe`, `legal_actions` (inherent and through `pathfind::tree::Game`),
//! inference and the `LocalMap` update, after warm-up.

use amazes::{Action, Config, Game, LocalMap, MoveLine, Player, mazes};

#[test]
fn a_whole_game_allocates_nothing() {
    let file = mazes::get(1);
    let game = Game::new(file.maze, Config::default()).unwrap();
    let mut state = game.initial_state_with(file.starts.unwrap()).unwrap();
    let lines: Vec<Action> = ["F", "RFL", "TFFRFLF", "LFR", "FFFFFFFFFFFF", "T"]
        .iter()
        .map(|s| Action::from_line(s))
        .collect();
    let mut buf = Vec::with_capacity(4);
    let mut maps = [LocalMap::default(), LocalMap::default()];
    let probe = MoveLine::parse("FRF").unwrap();
    let mut turn = 0;
    let info = allocation_counter::measure(|| {
        while !game.is_terminal(&state) {
            let p = state.to_move();
            let view = game.observe(&state, p.index());
            maps[p.index()].observe(&view).unwrap();
            let _ = maps[p.index()].predict(&probe);
            for q in Player::BOTH {
                game.legal_actions(&state, q.index(), &mut buf);
                pathfind::tree::Game::legal_actions(&game, &state, q.index(), &mut buf);
            }
            let e = game.advance_action(&mut state, &lines[turn % lines.len()]);
            maps[p.index()].apply_executed(&e.line, e.steps as usize, e.extra_t);
            turn += 1;
        }
    });
    assert_eq!(info.count_total, 0, "allocations during a game");
    assert_eq!(turn, 300);
}

#[test]
fn the_trait_path_allocates_nothing() {
    let file = mazes::get(2);
    let game = Game::new(file.maze, Config::default()).unwrap();
    let mut state = pathfind::tree::Game::initial_state(&game, 4);
    let mut buf = Vec::with_capacity(4);
    let mut returns = [0.0; 2];
    let mut turn = 0usize;
    let info = allocation_counter::measure(|| {
        while !pathfind::tree::Game::is_terminal(&game, &state) {
            let mover = game.to_move(&state).iter().next().unwrap_or(0);
            let _ = pathfind::tree::Game::observe(&game, &state, mover);
            for p in 0..3 {
                pathfind::tree::Game::legal_actions(&game, &state, p, &mut buf);
            }
            pathfind::tree::Game::legal_actions(&game, &state, mover, &mut buf);
            let action = buf[turn % buf.len()];
            pathfind::tree::Game::advance(&game, &mut state, &[action]);
            game.returns(&state, &mut returns);
            turn += 1;
        }
    });
    assert_eq!(info.count_total, 0, "allocations through the trait");
    assert_eq!(turn, 300);
    assert!(pathfind::tree::Game::outcome(&game, &state).is_some());
}
