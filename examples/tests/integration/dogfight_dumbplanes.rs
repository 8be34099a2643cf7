//! `FastDumbPlanes` makes the same choices with the same probabilities as the exact
//! `DumbPlanes` port (`RandomBot` with `java.util.Random`): a two-sample chi-square test over
//! many states, both bots moving the same plane from identical states. The same test rejects a
//! bot that skips the original's second draw near the walls, so it has the power to tell.
//! Seeds are fixed: the result is the same on every run.

use dogfight::{Arena, Direction, Move, Plane, Pos};
use examples::dogfight::bots::{FastDumbPlanes, JavaRandom, RandomBot};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

const STATES: usize = 120;
const SAMPLES: usize = 3_000;

/// Planes in every kind of spot: anywhere in the arena, half of them next to a wall or in a
/// corner (where the second draw matters), with any heading and either gun state.
fn planes() -> Vec<Plane> {
    let mut rng = Pcg64Mcg::seed_from_u64(2014);
    let edge = |rng: &mut Pcg64Mcg| if rng.random() { 0 } else { 13 };
    (0..STATES)
        .map(|i| {
            let mut c = || {
                // Even states anywhere; odd ones on a wall two times in three.
                if i % 2 == 0 || rng.random_range(0..3) == 0 {
                    rng.random_range(0..14)
                } else {
                    edge(&mut rng)
                }
            };
            let pos = Pos::new(c(), c(), c());
            let heading = loop {
                let d = Direction::from_index(rng.random_range(0..27)).unwrap();
                if !d.is_zero() {
                    break d;
                }
            };
            Plane {
                alive: true,
                pos,
                heading,
                cooldown: rng.random_range(0..=1),
            }
        })
        .collect()
}

fn category(mv: Move) -> usize {
    mv.direction.index() * 4 + usize::from(mv.turn) * 2 + usize::from(mv.shoot)
}

/// Counts of the 27 × 2 × 2 move categories over `SAMPLES` moves of `plane`.
fn counts(mut draw: impl FnMut() -> Move) -> [u64; 108] {
    let mut counts = [0; 108];
    for _ in 0..SAMPLES {
        counts[category(draw())] += 1;
    }
    counts
}

/// Two-sample chi-square over equal sample sizes: `Σ (a−b)²/(a+b)` and its degrees of freedom.
fn chi_square(a: &[u64; 108], b: &[u64; 108]) -> (f64, f64) {
    let mut statistic = 0.0;
    let mut cells = 0.0;
    for (&x, &y) in a.iter().zip(b) {
        if x + y > 0 {
            let (x, y) = (x as f64, y as f64);
            statistic += (x - y).powi(2) / (x + y);
            cells += 1.0;
        }
    }
    (statistic, (cells - 1.0_f64).max(1.0))
}

/// The Wilson–Hilferty z-score of a chi-square statistic: about standard normal under the null.
fn z_score(statistic: f64, df: f64) -> f64 {
    let k = 2.0 / (9.0 * df);
    ((statistic / df).cbrt() - (1.0 - k)) / k.sqrt()
}

/// Sums the statistics over every state; returns the overall z and the largest per-state z.
fn compare(mut other: impl FnMut(&Plane) -> Move) -> (f64, f64) {
    let arena = Arena::default();
    let mut exact = RandomBot::with_rng(JavaRandom::new(35328));
    let (mut total, mut df, mut worst) = (0.0, 0.0, f64::MIN);
    for plane in planes() {
        let a = counts(|| exact.plane_move(&plane, &arena));
        let b = counts(|| other(&plane));
        let (statistic, cells) = chi_square(&a, &b);
        total += statistic;
        df += cells;
        worst = worst.max(z_score(statistic, cells));
    }
    (z_score(total, df), worst)
}

#[test]
fn fast_dumbplanes_moves_like_dumbplanes() {
    let arena = Arena::default();
    let mut fast = FastDumbPlanes::new(1);
    let (overall, worst) = compare(|plane| fast.plane_move(plane, &arena));
    println!("FastDumbPlanes vs DumbPlanes: overall z = {overall:.2}, worst state z = {worst:.2}");
    // p ≈ 2·10⁻⁴ overall; per state, Bonferroni over 120 states at about the same level.
    assert!(overall < 3.5, "overall z = {overall:.2}");
    assert!(worst < 4.5, "worst state z = {worst:.2}");
}

#[test]
fn the_test_rejects_a_bot_without_the_second_draw() {
    // Uniform over the possible directions, ignoring walls: what a careless port would do.
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    let (overall, _) = compare(|plane| {
        let possible = plane.possible_directions();
        let direction = possible[rng.random_range(0..possible.len())];
        Move::new(
            direction,
            rng.random(),
            plane.can_shoot() && rng.random_range(0..10) >= 2,
        )
    });
    println!("uniform directions vs DumbPlanes: overall z = {overall:.2}");
    assert!(overall > 10.0, "overall z = {overall:.2}");
}

#[test]
fn the_test_rejects_a_wrong_shot_rate() {
    let arena = Arena::default();
    let mut fast = FastDumbPlanes::new(1);
    let mut rng = Pcg64Mcg::seed_from_u64(4);
    let (overall, _) = compare(|plane| {
        let mut mv = fast.plane_move(plane, &arena);
        // Shoot 75 % of the time instead of 80 %.
        if plane.can_shoot() {
            mv.shoot = rng.random_range(0..4) != 0;
        }
        mv
    });
    println!("75 % shots vs DumbPlanes: overall z = {overall:.2}");
    assert!(overall > 3.5, "overall z = {overall:.2}");
}
