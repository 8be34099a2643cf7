//! Allocation-free proof: after warm-up, `advance` (inherent and through the
//! `pathfind::tree::Game` trait), `advance_commands`, `update`, `apply` and `legal_actions` do not
//! touch the heap (`allocation-counter`, which counts this thread only).

use cloudwars::{Action, Color, Config, Game, Player, PlayerId, Vec2, WorldParams};

#[test]
fn the_hot_path_does_not_allocate_after_warm_up() {
    let game = Game::new(Config::default()).unwrap();
    let mut state = game.new_world(&WorldParams::default(), 3);
    for name in ["A", "B", "C", "D"] {
        let player = Player {
            name: name.into(),
            color: Color::Gray,
        };
        game.add_player(&mut state, player, None, 600.0).unwrap();
    }
    state.clouds_mut().reserve(1000);
    let mut buf = Vec::with_capacity(64);
    let moves = [
        (PlayerId(0), Action::Move(Vec2::new(3.0, 1.0))),
        (PlayerId(1), Action::Move(Vec2::new(-2.0, 4.0))),
        (PlayerId(2), Action::Move(Vec2::new(0.5, 0.5))), // refused: too weak
    ];
    let joint = [
        Action::Move(Vec2::new(1.0, 1.0)),
        Action::Wait,
        Action::Move(Vec2::new(0.0, -2.0)),
    ];
    // Warm-up: the sweep cache reaches its size.
    for _ in 0..20 {
        game.advance_commands(&mut state, &moves);
    }
    let info = allocation_counter::measure(|| {
        for i in 0..300u32 {
            match i % 10 {
                0 => drop(game.advance_commands(&mut state, &moves)),
                3 => drop(Game::advance(&game, &mut state, &joint)),
                6 => drop(pathfind::tree::Game::advance(&game, &mut state, &joint)),
                _ => game.update(&mut state),
            }
            game.legal_actions(&state, (i % 4) as usize, &mut buf);
            pathfind::tree::Game::legal_actions(&game, &state, (i % 4) as usize, &mut buf);
        }
        game.apply(&mut state, PlayerId(3), Action::Kill).unwrap();
        game.update(&mut state);
    });
    assert_eq!(info.count_total, 0, "allocations on the hot path: {info:?}");
    assert!(state.clouds().len() > 100);
}
