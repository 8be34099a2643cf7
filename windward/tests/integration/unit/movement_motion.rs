//! The tests of `windward::movement::motion` that lived beside its code.

use windward::internals::movement::motion::*;

/// Units moved in the first `ticks` ticks on a straight from `motion`.
fn units_after(mut motion: Motion, ticks: usize, tile_max: i32) -> Vec<i32> {
    let mut total = 0;
    let mut out = Vec::new();
    for _ in 0..ticks {
        motion.tick(tile_max);
        total += motion.steps_remaining;
        out.push(total);
    }
    out
}

#[test]
fn accrual_vector_from_speed_one() {
    // §4.4: from speed 1 on a straight, 6/17/58/78 units in the first 24/48/100/120 ticks.
    let u = units_after(Motion::new(), 120, 6);
    assert_eq!(u[23], 6);
    assert_eq!(u[47], 17);
    assert_eq!(u[99], 58);
    assert_eq!(u[119], 78);
}

#[test]
fn speed_reaches_six_at_tick_100() {
    let mut m = Motion::new();
    for tick in 1..=120 {
        m.tick(6);
        if tick < 100 {
            assert!(m.raw_speed < 6.0, "tick {tick}: {}", m.raw_speed);
        } else {
            assert_eq!(m.raw_speed, 6.0, "tick {tick}");
        }
    }
}

#[test]
fn first_step_after_stop_at_tick_15() {
    let mut m = Motion::new();
    m.stop();
    let u = units_after(m, 20, 6);
    assert_eq!(u[13], 0);
    assert_eq!(u[14], 1);
}

#[test]
fn caps_and_quarter_caps() {
    let mut m = Motion::new();
    for _ in 0..200 {
        m.tick(3);
    }
    assert_eq!(m.raw_speed, 3.0);
    m.set_quarter(true, 3);
    assert_eq!(m.raw_speed, 0.75);
    assert_eq!(m.max_speed(6), 1.5);
    for _ in 0..200 {
        m.tick(6);
    }
    assert_eq!(m.raw_speed, 1.5);
    // a quarter-speed straight takes 96 ticks per tile
    let mut total = 0;
    let mut ticks = 0;
    let mut m2 = m;
    m2.accrued = 0.0;
    while total < 24 {
        m2.tick(6);
        total += m2.steps_remaining;
        ticks += 1;
    }
    assert_eq!(ticks, 96);
}

#[test]
fn clamp_on_entering_a_curve() {
    let mut m = Motion::new();
    m.raw_speed = 6.0;
    m.steps_remaining = 5;
    assert!(m.clamp_on_entry(3));
    assert_eq!(m.raw_speed, 3.0);
    // (int)(3 + 0.9) = 3 steps removed
    assert_eq!(m.steps_remaining, 2);
    m.steps_remaining = 1;
    m.raw_speed = 6.0;
    m.clamp_on_entry(3);
    assert_eq!(m.steps_remaining, 0);
    assert!(!m.clamp_on_entry(6));
}

#[test]
fn flat_tyre_never_moves_and_resumes_from_zero() {
    let mut m = Motion::new();
    m.raw_speed = 4.0;
    m.set_flat(true);
    for _ in 0..50 {
        m.tick(6);
        assert_eq!(m.steps_remaining, 0);
        assert_eq!(m.speed(), 0.0);
    }
    m.set_flat(false);
    m.tick(6);
    assert_eq!(m.raw_speed, 0.05);
}

#[test]
fn stop_then_go_leaves_one_step() {
    let mut m = Motion::new();
    m.steps_remaining = 3;
    m.turns_stopped = 5;
    m.stop();
    assert_eq!(
        (m.steps_remaining, m.turns_stopped, m.stopped),
        (0, 6, true)
    );
    m.go();
    assert_eq!(
        (m.steps_remaining, m.turns_stopped, m.stopped, m.raw_speed),
        (1, 0, false, 1.0)
    );
}

#[test]
fn decelerate_floors_at_zero() {
    let mut m = Motion::new();
    m.raw_speed = 0.05;
    m.decelerate();
    assert_eq!(m.raw_speed, 0.0);
    m.raw_speed = 1.0;
    m.decelerate();
    assert_eq!(m.raw_speed, 1.0f32 - 0.1f32);
}

#[test]
fn inner_outer_u_take_24_68_96_ticks_at_speed_three() {
    for (steps, ticks) in [(12, 24), (34, 68), (48, 96)] {
        let mut m = Motion::new();
        m.raw_speed = 3.0;
        let mut total = 0;
        let mut t = 0;
        while total < steps {
            m.tick(3);
            total += m.steps_remaining;
            t += 1;
        }
        assert_eq!(t, ticks, "{steps} steps");
    }
}
