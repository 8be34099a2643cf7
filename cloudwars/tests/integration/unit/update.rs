//! The tests of `cloudwars::update` that lived beside its code.

use crate::unit::fixtures::*;
use cloudwars::setup::Game;
use cloudwars::state::{Leader, State};
use cloudwars::*;
use rand::Rng;

#[test]
fn the_iteration_counter_saturates_instead_of_wrapping() {
    let g = game(100, 100);
    let mut s = g
        .world_from_clouds(&[storm("P", 50.0, 50.0, 9.0)], 0)
        .unwrap();
    s.set_stats(u64::MAX, 9.0, 1, false, Leader::Unknown);
    g.update(&mut s);
    assert_eq!(s.iteration(), u64::MAX);
    assert_eq!(g.outcome(&s).unwrap().reason, WinReason::Timeout);
}

#[test]
fn movement_uses_pre_damping_velocity() {
    let g = game(1000, 1000);
    let mut s = g
        .world_from_clouds(&[rain(500.0, 500.0, 10.0, -5.0, 4.0)], 0)
        .unwrap();
    g.update(&mut s);
    let c = s.clouds()[0];
    assert_eq!(
        c.pos,
        Vec2::new(500.0 + 10.0 * 0.1f32, 500.0 + -5.0 * 0.1f32)
    );
    assert_eq!(c.vel, Vec2::new(10.0 * 0.999f32, -5.0 * 0.999f32));
}

#[test]
fn share_of_exactly_51_is_no_win_and_52_is() {
    let g = game(1000, 1000);
    for (share, win) in [(51.0, false), (52.0, true)] {
        let mut s = g
            .world_from_clouds(
                &[
                    storm("P", 100.0, 100.0, share),
                    rain(800.0, 800.0, 0.0, 0.0, 100.0 - share),
                ],
                0,
            )
            .unwrap();
        g.update(&mut s);
        assert_eq!(s.win_condition(), win);
        assert_eq!(s.leader_name(), "P");
    }
}

#[test]
fn no_player_alive_wins_at_once() {
    let g = game(100, 100);
    let mut s = g
        .world_from_clouds(&[rain(50.0, 50.0, 0.0, 0.0, 4.0)], 0)
        .unwrap();
    assert_eq!(s.leader_name(), "");
    g.update(&mut s);
    assert!(s.win_condition());
    assert_eq!(s.leader_name(), "no player alive");
    assert_eq!(g.outcome(&s).unwrap().reason, WinReason::NoPlayerAlive);
}

#[test]
fn dead_at_start_rainclouds_go_and_dead_players_stay() {
    let g = game(1000, 1000);
    let mut s = g
        .world_from_clouds(
            &[
                rain(100.0, 100.0, 5.0, 0.0, 0.5),
                storm("P", 500.0, 500.0, 0.5),
                storm("Q", 800.0, 800.0, 10.0),
            ],
            0,
        )
        .unwrap();
    g.update(&mut s);
    assert_eq!(s.clouds().len(), 2);
    assert_eq!(s.clouds()[0].vapor, 0.0);
    // A dead-at-start cloud does not move.
    assert_eq!(s.clouds()[0].pos, Vec2::new(500.0, 500.0));
    assert_eq!(s.alive(), 1);
    assert_eq!(s.leader_name(), "Q");
}

#[test]
fn a_cloud_killed_by_a_later_cloud_stays_one_more_iteration() {
    let g = game(1000, 1000);
    let mut s = g
        .world_from_clouds(
            &[
                rain(500.0, 500.0, 0.0, 0.0, 4.0),
                rain(512.0, 500.0, -50.0, 0.0, 100.0),
            ],
            0,
        )
        .unwrap();
    g.update(&mut s);
    assert_eq!(s.clouds().len(), 2);
    assert_eq!(s.clouds()[0].vapor, 0.0);
    assert_eq!(s.clouds()[1].vapor, 104.0);
    // Sampled right after each cloud's own update: the small one still counted.
    assert_eq!(s.alive(), 2);
    assert_eq!(s.world_vapor(), 4.0 + 104.0);
    g.update(&mut s);
    assert_eq!(s.clouds().len(), 1);
}

#[test]
fn leader_ties_go_to_the_earlier_player_and_timeout_needs_more_than_180_per_speed() {
    let g = Game::new(Config {
        width: 1000,
        height: 1000,
        game_speed: 1,
        sim_speed_up: 1,
    })
    .unwrap();
    let mut s = g
        .world_from_clouds(
            &[
                storm("A", 200.0, 200.0, 100.0),
                storm("B", 700.0, 700.0, 100.0),
            ],
            0,
        )
        .unwrap();
    for _ in 0..180 {
        g.update(&mut s);
        assert!(!s.win_condition());
        assert_eq!(s.leader_name(), "A");
    }
    g.update(&mut s);
    assert!(s.win_condition());
    assert_eq!(g.outcome(&s).unwrap().reason, WinReason::Timeout);
    assert_eq!(g.outcome(&s).unwrap().winner, Some(PlayerId(0)));
}

/// A world that comes to rest: tiny velocities on a board of separated clouds, one cloud
/// pressed against each wall (rounding may make a bounce fire every update there), a dead
/// player.
fn resting_world(g: &Game, seed: u64) -> State {
    use rand::SeedableRng;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut specs = Vec::new();
    for row in 0..4 {
        for col in 0..6 {
            let vx = (rng.random::<f32>() - 0.5) * 4e-5;
            let vy = (rng.random::<f32>() - 0.5) * 4e-5;
            let vapor = 4.0 + rng.random::<f32>() * 60.0;
            let x = 60.0 + col as f32 * 50.0 + rng.random::<f32>() * 20.0;
            let y = 60.0 + row as f32 * 50.0 + rng.random::<f32>() * 20.0;
            specs.push(rain(x, y, vx, vy, vapor));
        }
    }
    // Against the walls, drifting into them.
    specs.push(rain(3.0, 30.0, -2e-6, 0.0, 9.0));
    specs.push(rain(397.0, 200.0, 2e-6, 0.0, 9.0));
    specs.push(rain(200.0, 297.0, 0.0, 2e-6, 9.0));
    specs.push(rain(250.0, 7.0, 0.0, -2e-6, 49.0));
    specs.push(storm("P", 350.0, 30.0, 30.0));
    specs.push(storm("Dead", 20.0, 280.0, 0.0));
    g.world_from_clouds(&specs, 0).unwrap()
}

#[test]
fn the_still_world_shortcut_gives_the_bits_of_the_full_update() {
    let g = game(400, 300);
    for seed in 0..3 {
        let mut a = resting_world(&g, seed);
        let mut b = a.clone();
        let mut shortcuts = 0;
        for it in 0..4000 {
            if it == 3000 {
                // Wake one cloud up: the keys still match, its move no longer is a no-op.
                a.clouds_mut()[3].vel.x = 300.0;
                b.clouds_mut()[3].vel.x = 300.0;
            }
            if it == 3500 {
                // Change a vapor behind the shortcut's back.
                a.clouds_mut()[5].vapor += 200.0;
                b.clouds_mut()[5].vapor += 200.0;
            }
            shortcuts += u32::from(a.still_shortcut_valid());
            g.update(&mut a);
            g.update_all_pairs(&mut b);
            assert_eq!(a.float_hash(), b.float_hash(), "seed {seed} iteration {it}");
            assert_eq!(a, b);
            assert_eq!(a.world_vapor().to_bits(), b.world_vapor().to_bits());
        }
        // The shortcut was taken (the world rests after about 1 000 updates).
        assert!(shortcuts > 1000, "seed {seed}: {shortcuts}");
    }
}

#[test]
fn a_still_world_on_another_board_is_updated_in_full() {
    let g = game(400, 300);
    let mut a = resting_world(&g, 7);
    for _ in 0..3000 {
        g.update(&mut a);
    }
    assert!(a.still_shortcut_valid());
    // A narrower board: clouds at the right now bounce.
    let small = game(300, 300);
    let mut b = a.clone();
    small.update(&mut a);
    small.update_all_pairs(&mut b);
    assert_eq!(a, b);
    assert_ne!(a.clouds()[0..].len(), 0);
}
