//! The tests of `cloudwars::physics` that lived beside its code.

use crate::unit::fixtures::*;
use cloudwars::cloud::{Cloud, Vec2};
use cloudwars::error::CommandError;
use cloudwars::physics::*;
use rand::Rng;

#[test]
fn the_integer_shortcut_for_subnormal_velocities_gives_the_float_bits() {
    use rand::SeedableRng;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(9);
    let k = 0.1f32;
    let check = |pos: f32, vel: f32| {
        let (p, v) = move_axis(pos, vel, k);
        assert_eq!(p.to_bits(), (pos + vel * k).to_bits(), "{pos} {vel:e}");
        assert_eq!(v.to_bits(), (vel * 0.999f32).to_bits(), "{pos} {vel:e}");
    };
    for m in (0..0x0080_0000u32)
        .step_by(997)
        .chain([1, 2, 3, 500, 501, 0x7f_ffff])
    {
        for sign in [0, 0x8000_0000] {
            let vel = f32::from_bits(sign | m);
            for pos in [1.0, 1.5, -1.0, 2047.9, 700.25, 1e30] {
                check(pos, vel);
            }
        }
    }
    for _ in 0..200_000 {
        let vel = f32::from_bits(rng.random::<u32>() & 0x807f_ffff);
        let pos = 1.0 + rng.random::<f32>() * 3000.0;
        check(pos, vel);
        // Outside the shortcut: normal velocities and small positions take the float path.
        check(rng.random::<f32>(), vel);
        check(pos, f32::from_bits(rng.random::<u32>()));
        // Around the tiny-velocity shortcut (|vel| below 2^-30), either sign of position.
        let tiny = rng.random_range(0..0x3500_0000u32) | (rng.random::<u32>() & 0x8000_0000);
        check(pos, f32::from_bits(tiny));
        check(-pos, f32::from_bits(tiny));
        check(0.5 + rng.random::<f32>(), f32::from_bits(tiny));
    }
}

#[test]
fn equal_radius_the_updating_cloud_wins() {
    let g = game(1000, 1000);
    // 100 and the next f32 above it have the same f32 radius (10).
    let big = f32::from_bits(100.0f32.to_bits() + 1);
    let mut s = g
        .world_from_clouds(
            &[
                rain(500.0, 500.0, 0.0, 0.0, 100.0),
                rain(505.0, 500.0, 0.0, 0.0, big),
            ],
            0,
        )
        .unwrap();
    g.update(&mut s);
    assert_eq!(s.clouds().len(), 1);
    assert_eq!(s.clouds()[0].pos.x, 500.0);
}

#[test]
fn residual_vapor_is_lost() {
    let g = game(1000, 1000);
    let mut s = g
        .world_from_clouds(
            &[
                rain(500.0, 500.0, 0.0, 0.0, 100.5),
                rain(501.0, 500.0, 0.0, 0.0, 10.25),
            ],
            0,
        )
        .unwrap();
    g.update(&mut s);
    assert_eq!(s.clouds().len(), 1);
    assert_eq!(s.clouds()[0].vapor, 110.5);
}

#[test]
fn bounce_factor_is_applied_in_f64() {
    let mut c = Cloud::raincloud(Vec2::new(-5.0, 50.0), Vec2::new(-0.3, 0.0), 4.0);
    let r = c.radius();
    bounce(&mut c, r, 100.0, 100.0);
    assert_eq!(c.pos.x, 2.0);
    assert_eq!(c.vel.x, (0.3f32 as f64 * 0.6) as f32);
    // vx = 0 at the right wall gives -0.0.
    let mut c = Cloud::raincloud(Vec2::new(99.0, 50.0), Vec2::new(0.0, 0.0), 4.0);
    let r = c.radius();
    bounce(&mut c, r, 100.0, 100.0);
    assert_eq!(c.pos.x, 98.0);
    assert_eq!(c.vel.x.to_bits(), (-0.0f32).to_bits());
}

#[test]
fn move_limits_are_inclusive_and_non_finite_is_refused() {
    let mut c = Cloud::raincloud(Vec2::new(500.0, 500.0), Vec2::default(), 100.0);
    assert!(move_cloud(&mut c, Vec2::new(1.0, 0.0)).is_ok());
    assert!(move_cloud(&mut c, Vec2::new(0.999_999_94, 0.0)).is_err());
    let mut c = Cloud::raincloud(Vec2::new(500.0, 500.0), Vec2::default(), 100.0);
    assert!(move_cloud(&mut c, Vec2::new(0.0, 50.0)).is_ok());
    assert_eq!(c.vapor, 50.0);
    assert!(matches!(
        move_cloud(&mut c, Vec2::new(f32::NAN, 0.0)),
        Err(CommandError::NonFiniteWind { .. })
    ));
    assert!(matches!(
        move_cloud(&mut c, Vec2::new(f32::INFINITY, 0.0)),
        Err(CommandError::NonFiniteWind { .. })
    ));
    assert!(matches!(
        move_cloud(&mut c, Vec2::new(1e20, 0.0)),
        Err(CommandError::StrengthOutOfRange { .. })
    ));
}

#[test]
fn partial_absorption_stops_when_the_circles_separate() {
    // 400 and 100 at distance 25: transfers stop at 493/7 (22.2 + 2.65 < 25).
    let g = game(1000, 1000);
    let mut s = g
        .world_from_clouds(
            &[
                rain(500.0, 500.0, 0.0, 0.0, 400.0),
                rain(525.0, 500.0, 0.0, 0.0, 100.0),
            ],
            0,
        )
        .unwrap();
    g.update(&mut s);
    let v: Vec<f32> = s.clouds().iter().map(|c| c.vapor).collect();
    assert_eq!(v, [493.0, 7.0]);
}

#[test]
fn the_kill_ring_converts_degrees_in_f32() {
    let ring = kill_ring_vectors();
    assert_eq!(ring[0], Vec2::new(-2.5, -0.0));
    assert_eq!(ring[0].y.to_bits(), (-0.0f32).to_bits());
    // 60 degrees: radians computed in f64 would give exactly -1.25; the f32 conversion of
    // the original does not.
    let in_f64 = (-(60.0f64.to_radians().cos() * 2.5)) as f32;
    assert_eq!(in_f64, -1.25);
    assert_ne!(ring[6].x, in_f64);
    assert!((ring[6].x - in_f64).abs() < 1e-6);
    assert_eq!(ring[9].y, -2.5);
    assert!(ring[9].x > 0.0 && ring[9].x < 1e-6);
}

#[test]
fn surely_apart_never_hides_an_intersection() {
    use rand::SeedableRng;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    let mut near_misses = 0;
    for _ in 0..200_000 {
        let va = 1.0 + rng.random::<f32>() * 2000.0;
        let vo = 1.0 + rng.random::<f32>() * 2000.0;
        let a = Cloud::raincloud(
            Vec2::new(rng.random::<f32>() * 100.0, 7.0),
            Vec2::default(),
            va,
        );
        // Put o near the touching distance, where the two tests matter most.
        let reach = (a.radius() + vo.sqrt()) * (0.999 + rng.random::<f32>() * 0.5);
        let angle = rng.random::<f32>() * 6.3;
        let pos = Vec2::new(a.pos.x + reach * angle.cos(), a.pos.y + reach * angle.sin());
        let o = Cloud::raincloud(pos, Vec2::default(), vo);
        if a.intersects(&o) {
            assert!(!surely_apart(&a, &o), "{a:?} {o:?}");
        } else if !surely_apart(&a, &o) {
            near_misses += 1;
        }
    }
    // The quick test does reject most clouds that are clearly apart.
    assert!(near_misses < 200_000);
}
