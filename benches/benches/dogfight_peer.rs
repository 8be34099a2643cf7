//! The Rust side of the Dogfight side-by-side measurement against the Java original (issue 23;
//! `shared/rules/peers.md` §2), printing what `benches/java/DogfightPeer.java` prints, in the
//! same units, so the two can be run alternately in one sitting (`benches/java/run.sh`):
//!
//! - `replay_port_fights`: the engine alone over the 2,000 fights between the exact
//!   `DumbPlanes` port (`RandomBot::java`, seeds 1..=2000 against 100001..=102000; 21,629
//!   rounds), recorded before timing and replayed with `advance` and the end check after every
//!   round, 500 passes a run. Nanoseconds of thread CPU time per round.
//! - `dumbplanes_fight_exact`: whole fights between fresh exact-port bots every fight (seeds
//!   1, 2 / 3, 4 / ...), the 20,000 fights 10 times a run. Microseconds of thread CPU time per
//!   fight.
//!
//! Each prints the checksum over its fights (result and length of every fight) that the Java
//! side prints for the same fights, and refuses to report if the checksum is not the known one.
//! Three warm-up runs, then 7 timed runs (or the count given as the second argument); the
//! median, minimum and maximum are reported.
//!
//! `cargo bench -p benches --bench dogfight_peer [-- replay|exact [RUNS]]`

use std::hint::black_box;

use benches::time_runs;

use dogfight::bot::play_fight_from;
use dogfight::{Actions, Game, Outcome, play_fight};
use examples::dogfight::bots::RandomBot;

const FIGHTS: i64 = 2_000;
/// Passes over the recorded fights in a timed run: 50 took about 40 ms, ten ticks of the 4 ms
/// CPU-time accounting seen on the 2-vCPU machine, so medians moved in steps of 10 %.
const PASSES: usize = 500;
const EXACT_FIGHTS: i64 = 20_000;
/// Passes over the 20,000 fights in a timed run: one pass takes about 40 ms, so (as for
/// [`PASSES`]) one pass a run would be measured in steps of 10 %.
const EXACT_PASSES: usize = 10;
/// The checksum of the 2,000 recorded fights (the Java side prints the same).
const RECORDED_CHECKSUM: u64 = 0x92eb_2c3f_ecf1_4b52;
const RECORDED_ROUNDS: usize = 21_629;
/// The checksum of the 20,000 fights of `dumbplanes_fight_exact` (the Java side's seeded run).
const EXACT_CHECKSUM: u64 = 0xe310_accf_feae_6554;

/// The Java side's `mix`: fight index, result and length, wrapping.
fn mix(sum: u64, fight: i64, outcome: &Outcome) -> u64 {
    sum.wrapping_mul(1_000_003)
        .wrapping_add((fight as u64 + 1).wrapping_mul(7))
        .wrapping_add(((i64::from(outcome.result()) + 2) * 131) as u64)
        .wrapping_add(u64::from(outcome.round))
}

fn recorded_fights(game: &Game) -> Vec<Vec<Actions>> {
    (1..=FIGHTS)
        .map(|seed| {
            let mut p1 = RandomBot::java(seed);
            let mut p2 = RandomBot::java(100_000 + seed);
            let mut fight = Vec::new();
            play_fight_from(game, game.initial_state(0), [&mut p1, &mut p2], |round| {
                fight.push(round.actions)
            });
            fight
        })
        .collect()
}

fn replay(game: &Game, fights: &[Vec<Actions>]) -> (u64, usize) {
    let (mut sum, mut rounds) = (0u64, 0usize);
    for (f, fight) in fights.iter().enumerate() {
        let mut state = game.initial_state(0);
        for actions in fight {
            game.advance_joint(&mut state, black_box(actions));
            rounds += 1;
            if let Some(outcome) = game.outcome(&state) {
                sum = mix(sum, f as i64, &outcome);
                break;
            }
        }
    }
    (sum, rounds)
}

fn exact(game: &Game) -> (u64, usize) {
    let (mut sum, mut rounds) = (0u64, 0usize);
    for f in 0..EXACT_FIGHTS {
        let mut p1 = RandomBot::java(2 * f + 1);
        let mut p2 = RandomBot::java(2 * f + 2);
        let outcome = play_fight(game, &mut p1, &mut p2);
        sum = mix(sum, f, &outcome);
        rounds += usize::from(outcome.round);
    }
    (sum, rounds)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let names = [
        "dogfight_peer/replay_port_fights",
        "dogfight_peer/dumbplanes_fight_exact",
    ];
    if args.iter().any(|a| a == "--list") {
        for name in names {
            println!("{name}: bench");
        }
        return;
    }
    let mut positional = args.iter().filter(|a| !a.starts_with("--"));
    let which = positional.next().map_or("all", String::as_str);
    let runs: usize = positional.next().and_then(|r| r.parse().ok()).unwrap_or(7);
    let game = Game::default();
    if which == "all" || which == "replay" {
        let fights = recorded_fights(&game);
        let (sum, rounds) = replay(&game, &fights);
        assert_eq!(
            (sum, rounds),
            (RECORDED_CHECKSUM, RECORDED_ROUNDS),
            "the exact DumbPlanes port's fights changed"
        );
        let (cpu, wall) = time_runs(runs, 1.0, || {
            let mut total = 0;
            for _ in 0..PASSES {
                let (sum, rounds) = replay(&game, &fights);
                assert_eq!(sum, RECORDED_CHECKSUM);
                total += rounds;
            }
            total
        });
        println!(
            "rust replay_port_fights: {} rounds a run, ns/round CPU median {:.1} (min {:.1}, max {:.1}), wall median {wall:.1}; checksum {sum:016x}",
            rounds * PASSES,
            cpu.median,
            cpu.min,
            cpu.max
        );
    }
    if which == "all" || which == "exact" {
        let (sum, rounds) = exact(&game);
        assert_eq!(
            sum, EXACT_CHECKSUM,
            "the exact DumbPlanes port's fights changed"
        );
        let (cpu, wall) = time_runs(runs, 1_000.0, || {
            for _ in 0..EXACT_PASSES {
                let (sum, _) = exact(&game);
                assert_eq!(sum, EXACT_CHECKSUM);
            }
            EXACT_FIGHTS as usize * EXACT_PASSES
        });
        println!(
            "rust dumbplanes_fight_exact: {EXACT_FIGHTS} fights ({rounds} rounds) {EXACT_PASSES} times a run, us/fight CPU median {:.2} (min {:.2}, max {:.2}), wall median {wall:.2}; checksum {sum:016x}",
            cpu.median, cpu.min, cpu.max
        );
    }
}
