//! The tests of `cloudwars::rules` that lived beside its code.

use crate::unit::fixtures::*;
use cloudwars::action::Action;
use cloudwars::cloud::{PlayerId, Vec2};
use cloudwars::*;

#[test]
fn kill_ring_of_twenty_fires_seven_and_destroys_the_rest() {
    let g = game(1000, 1000);
    let mut s = g
        .world_from_clouds(&[storm("P", 500.0, 500.0, 20.0)], 0)
        .unwrap();
    g.apply(&mut s, PlayerId(0), Action::Kill).unwrap();
    assert_eq!(s.clouds().len(), 8);
    assert_eq!(s.clouds()[0].vapor, 0.0);
    assert_eq!(
        g.apply(&mut s, PlayerId(0), Action::Kill),
        Err(CommandError::AlreadyDead(PlayerId(0)))
    );
}

#[test]
fn observe_shows_the_whole_world() {
    let g = game(100, 100);
    let s = g
        .world_from_clouds(
            &[storm("P", 50.0, 50.0, 9.0), rain(10.0, 10.0, 1.0, 2.0, 4.0)],
            0,
        )
        .unwrap();
    let view = cloudwars::protocol::WorldJson::from_state(&g, &g.observe(&s, 0));
    assert_eq!(view.clouds.len(), 2);
    assert_eq!(view.clouds[0].player, "P");
    assert_eq!(view.clouds[1].vel, Vec2::new(1.0, 2.0));
    assert_eq!(
        (view.width, view.height, view.leader.as_str()),
        (100, 100, "")
    );
}

#[test]
fn the_exhaust_spawns_opposite_the_wind_with_the_kicked_velocity() {
    let g = game(1000, 1000);
    let mut s = g
        .world_from_clouds(&[storm("P", 500.0, 500.0, 100.0)], 0)
        .unwrap();
    g.apply(&mut s, PlayerId(0), Action::Move(Vec2::new(3.0, 4.0)))
        .unwrap();
    let (p, e) = (s.clouds()[0], s.clouds()[1]);
    assert_eq!((p.vapor, e.vapor), (95.0, 5.0));
    assert_eq!(e.owner, None);
    // Kick with the radius after paying: 5 / sqrt(95), not 5 / sqrt(100).
    let m = 5.0f32 / 95.0f32.sqrt();
    assert_eq!(p.vel, Vec2::new(3.0 * m, 4.0 * m));
    let distance = (95.0f32.sqrt() + 5.0f32.sqrt()) * 1.1;
    assert_eq!(
        e.pos,
        Vec2::new(500.0 - 0.6 * distance, 500.0 - 0.8 * distance)
    );
    assert_eq!(
        e.vel,
        Vec2::new(-0.6 * 20.0 + p.vel.x, -0.8 * 20.0 + p.vel.y)
    );
    assert!(!p.intersects(&e));
}
