//! The tests of `dogfight::dumb_planes` that lived beside its code.

use dogfight::dumb_planes::*;
#[cfg(feature = "trace")]
use dogfight::trace::Trace;
use dogfight::{Action, Arena, Bot, Direction, Game, Move, Plane, Pos, Side, State};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// `JavaRandom` stepped one `nextDouble` at a time: the trait's provided `skip` and
/// `skip_tries`, none of the jumps.
struct Stepping(JavaRandom);

impl UnitRandom for Stepping {
    fn unit(&mut self) -> f64 {
        self.0.next_double()
    }
}

/// `DumbPlanes.act` for one plane as the original loops (`DP:10-35`), every try drawn.
fn dumbplanes_move(rng: &mut JavaRandom, plane: &Plane, arena: &Arena) -> Move {
    if !plane.alive {
        return Move::slide(Direction::N);
    }
    let possible = plane.possible_directions();
    let pick = |rng: &mut JavaRandom| {
        possible[((rng.next_double() * possible.len() as f64) as usize).min(possible.len() - 1)]
    };
    let mut chosen = Move::slide(plane.heading);
    for _ in 0..3 * possible.len() {
        let mut direction = pick(rng);
        if !arena.contains(plane.pos.step(direction)) {
            direction = pick(rng);
        }
        let turn = rng.next_double() > 0.5;
        let shoot = plane.can_shoot() && rng.next_double() > 0.2;
        chosen = Move::new(direction, turn, shoot);
    }
    chosen
}

/// Issue 23: the jumps draw exactly what stepping draws, move for move, and leave the
/// generator where stepping leaves it, over whole fights.
#[test]
fn the_java_port_jumps_to_the_moves_the_original_loop_draws() {
    let game = Game::default();
    for seed in 0..300 {
        let mut fast = [RandomBot::java(2 * seed + 1), RandomBot::java(2 * seed + 2)];
        let mut slow = [JavaRandom::new(2 * seed + 1), JavaRandom::new(2 * seed + 2)];
        let mut state = game.initial_state(0);
        while game.outcome(&state).is_none() {
            let mut actions = [Action::none(); 2];
            for (k, side) in [Side::P1, Side::P2].into_iter().enumerate() {
                let [a, b] = state.side(side);
                let expected = Action::new(
                    dumbplanes_move(&mut slow[k], &a, game.arena()),
                    dumbplanes_move(&mut slow[k], &b, game.arena()),
                );
                actions[k] = fast[k].act(&game, &state, side);
                assert_eq!(actions[k], expected, "seed {seed}, {state:?}");
                assert_eq!(fast[k], RandomBot::with_rng(slow[k].clone()));
            }
            game.advance_joint(&mut state, &dogfight::Actions::new(actions[0], actions[1]));
        }
    }
}

/// The jumps against the provided (stepping) methods, for every shape of try, and the
/// first pick's index where `high·n` lies just below a multiple of 2²⁶ (the draws where
/// Java's rounding of the double product is computed as Java does).
#[test]
fn java_random_jumps_agree_with_stepping() {
    let mut rng = Pcg64Mcg::seed_from_u64(23);
    for _ in 0..2_000 {
        let seed: i64 = rng.random();
        let (tries, per_try) = (rng.random_range(0..30), rng.random_range(1..5));
        let n = rng.random_range(1..=27);
        let outside = rng.random::<u32>() & ((1u64 << n) - 1) as u32;
        let (mut fast, mut slow) = (JavaRandom::new(seed), Stepping(JavaRandom::new(seed)));
        fast.skip_tries(tries, per_try, n, outside);
        slow.skip_tries(tries, per_try, n, outside);
        assert_eq!(fast, slow.0);
        let count = rng.random_range(0..300);
        fast.skip(count);
        slow.skip(count);
        assert_eq!(fast, slow.0);
        let can_shoot = rng.random();
        let tried = (
            fast.last_try(n, outside, can_shoot),
            slow.last_try(n, outside, can_shoot),
        );
        assert_eq!(tried.0, tried.1);
        assert_eq!(fast, slow.0);
        // Past the jump table's end too (the skip, then the last try).
        let skipped = rng.random_range(0..300);
        let tried = (
            fast.plain_try(skipped, n, can_shoot),
            slow.plain_try(skipped, n, can_shoot),
        );
        assert_eq!(tried.0, tried.1, "plain try, {skipped} skipped");
        assert_eq!(fast, slow.0);
    }
    // A seed whose next step is `next`: step back once (the multiplier is odd).
    let mut inverse = JavaRandom::MULTIPLIER;
    for _ in 0..6 {
        inverse =
            inverse.wrapping_mul(2u64.wrapping_sub(JavaRandom::MULTIPLIER.wrapping_mul(inverse)));
    }
    let before = |next: u64| (next.wrapping_sub(0xB)).wrapping_mul(inverse) & JavaRandom::MASK;
    let mut near = 0;
    for n in 1..=27u32 {
        for k in 1..n {
            let high = (u64::from(k) << 26).div_ceil(u64::from(n)) - 1;
            for _ in 0..64 {
                let next = high << 22 | rng.random_range(0..1u64 << 22);
                let seed = before(next);
                assert_eq!(JavaRandom::jump(seed, 1), next);
                let mut stepping = with_state(seed);
                let expected = (stepping.next_double() * f64::from(n)) as u32;
                assert_eq!(
                    JavaRandom::index_at(seed, n),
                    expected,
                    "n {n}, seed {seed:#x}"
                );
                // The plain try's pick, read from the seed before a skip of none.
                let mut plain = with_state(seed);
                let mut stepping = Stepping(with_state(seed));
                assert_eq!(
                    plain.plain_try(0, n, true),
                    stepping.plain_try(0, n, true),
                    "n {n}, seed {seed:#x}"
                );
                assert_eq!(plain, stepping.0);
                // The tries loop's exact case: which side of the boundary the pick
                // falls decides whether a second pick is skipped.
                for outside in [1 << (k - 1), 1 << k] {
                    let mut fast = with_state(seed);
                    let mut slow = Stepping(with_state(seed));
                    fast.skip_tries(2, 2, n, outside);
                    slow.skip_tries(2, 2, n, outside);
                    assert_eq!(fast, slow.0, "n {n}, seed {seed:#x}");
                }
                near += usize::from(
                    (high * u64::from(n)) & ((1 << 26) - 1) >= (1 << 26) - u64::from(n),
                );
            }
        }
    }
    assert!(near > 10_000, "the boundary cases were reached ({near})");
}

/// The wall table against stepping every possible direction, for every heading and cell
/// of the smallest and the standard arena, and for cells outside (hand-built states).
#[test]
fn the_outside_table_is_the_steps_that_leave_the_arena() {
    for arena in [Arena::new(4).unwrap(), Arena::default()] {
        let size = arena.size() as i8;
        for heading in (0..27).filter_map(Direction::from_index) {
            for x in -1..=size {
                for y in -1..=size {
                    for z in -1..=size {
                        let plane = Plane {
                            alive: true,
                            pos: Pos::new(x, y, z),
                            heading,
                            cooldown: 0,
                        };
                        let stepped = plane
                            .possible_directions()
                            .iter()
                            .enumerate()
                            .filter(|(_, d)| !arena.contains(plane.pos.step(**d)))
                            .fold(0, |mask, (i, _)| mask | 1 << i);
                        assert_eq!(outside_mask(&plane, &arena), stepped, "{plane:?}");
                    }
                }
            }
        }
    }
}

/// The turn and shot thresholds on a double's 53 bits are Java's `u > 0.5` and `u > 0.2`.
#[test]
fn the_draw_thresholds_are_javas_comparisons() {
    let unit = |bits: u64| bits as f64 * JavaRandom::DOUBLE_UNIT;
    for (threshold, above) in [
        (0.5, JavaRandom::TURN_ABOVE),
        (0.2, JavaRandom::SHOOT_ABOVE),
    ] {
        for bits in above - 3..=above + 3 {
            assert_eq!(unit(bits) > threshold, bits > above, "{bits}");
        }
    }
}

#[test]
fn java_random_matches_the_java_api() {
    // new Random(42).nextDouble() in Java is 0.7275636800328681, then 0.6832234717598454.
    let mut rng = JavaRandom::new(42);
    assert_eq!(rng.next_double(), 0.7275636800328681);
    assert_eq!(rng.next_double(), 0.6832234717598454);
}

/// The golden fights name their bots and seeds; every `SeededDumbPlanes` move must be ours.
#[test]
#[cfg(feature = "trace")]
fn java_seeded_random_bot_is_the_harness_dumbplanes() {
    let Some(dir) = std::env::var_os("CONTEST_DATA") else {
        println!("conformance: dogfight bots: skipped (CONTEST_DATA unset)");
        return;
    };
    let path = std::path::Path::new(&dir).join("dogfight/golden_fights.jsonl");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let game = Game::default();
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let raw: serde_json::Value = serde_json::from_str(line).unwrap();
        let trace = Trace::from_json(line).unwrap();
        for (side, key) in [(Side::P1, "p1"), (Side::P2, "p2")] {
            if raw[key] != "SeededDumbPlanes" {
                continue;
            }
            let seed = raw[format!("{key}_seed")].as_i64().expect("a seed");
            let mut bot = RandomBot::java(seed);
            let mut state = State::new(trace.initial);
            for turn in &trace.turns {
                let action = bot.act(&game, &state, side);
                let first = side as usize * 2;
                assert_eq!(
                    action.moves,
                    [turn.moves[first], turn.moves[first + 1]],
                    "{} {key} round {}",
                    trace.id,
                    turn.round
                );
                state = State::new(turn.state).with_round(turn.round);
                checked += 1;
            }
        }
    }
    assert!(checked > 50, "only {checked} moves checked");
}

/// The generator whose 48-bit state is `state`: `new Random(s)` stores `(s ^ multiplier) & mask`,
/// so the seed `state ^ multiplier` gives it.
fn with_state(state: u64) -> JavaRandom {
    JavaRandom::new((state ^ JavaRandom::MULTIPLIER) as i64)
}
