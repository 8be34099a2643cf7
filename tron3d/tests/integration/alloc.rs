//! `step`, `advance`, `legal_actions` and `legal_movements` allocate nothing after warm-up, on
//! the inherent API and through the game contract (`pathfind::tree::Game`), counted per thread
//! by `allocation-counter`.

use tron3d::generate::Preset;
use tron3d::{Action, Actions, Game, GlibcRand, demo};

#[test]
fn the_counter_sees_allocations() {
    let info = allocation_counter::measure(|| {
        drop(std::hint::black_box(Vec::<u8>::with_capacity(10)));
    });
    assert_eq!(info.count_total, 1);
}

#[test]
fn step_advance_and_legal_actions_do_not_allocate() {
    for preset in [
        Preset::Cube,
        Preset::BigCube,
        Preset::Icosphere,
        Preset::Grid,
    ] {
        let game = Game::new(preset.board(), preset.config()).unwrap();
        let mut actions = Actions::new();
        let mut movements = Vec::with_capacity(64);
        let mut joint: Vec<Action> = Vec::with_capacity(tron3d::MAX_JOINT_ACTIONS);
        let mut chosen: Vec<Action> = Vec::with_capacity(8);
        let mut glibc = GlibcRand::new(7);
        let mut events = tron3d::Events::default();
        let mut returns = [0.0; 4];
        let mut rounds = 0;
        let info = allocation_counter::measure(|| {
            for seed in 0..10u64 {
                let mut state = game.initial_state(seed);
                while !state.is_over() {
                    // Inherent API.
                    for p in 0..4u8 {
                        game.legal_movements(&state, p, &mut movements);
                    }
                    game.demo_actions(&mut state, &mut actions);
                    let next = game.step_commands(&state, &actions);
                    game.advance_commands(&mut state, &actions);
                    assert_eq!(next, state);
                    actions.clear();
                    for p in 0..4u8 {
                        demo::play(&game, &state, p, &mut glibc, &mut actions);
                    }
                    game.advance_into(&mut state, &actions, &mut glibc, &mut events);
                    // The contract: joint actions, the last listed one per player.
                    chosen.clear();
                    for p in 0..4 {
                        pathfind::tree::Game::legal_actions(&game, &state, p, &mut joint);
                        chosen.push(joint.last().cloned().unwrap_or_default());
                    }
                    let next = pathfind::tree::Game::step(&game, &state, &chosen);
                    pathfind::tree::Game::advance(&game, &mut state, &chosen);
                    assert_eq!(next, state);
                    game.returns(&state, &mut returns);
                    rounds += 3;
                }
            }
        });
        assert!(rounds > 500);
        assert_eq!(
            info.count_total,
            0,
            "{}: allocations during {rounds} rounds",
            preset.name()
        );
    }
}
