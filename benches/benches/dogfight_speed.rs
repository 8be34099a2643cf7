//! The dogfight workloads of the side-by-side measurement (issue 13, `shared/rules/peers.md`):
//!
//! - `dogfight/replay_recorded_fights`: the engine alone over 2,000 recorded fights between
//!   seeded `DumbPlanes` bots (the exact `java.util.Random` port, seeds 1..=2000 against
//!   100001..), written in the golden trace format and decoded before timing; each fight is
//!   replayed from its start with `advance` and the end check after every round, as the peer
//!   run does. Throughput is in rounds. The golden data holds only 24 fights, so the bench
//!   generates its own whether or not `CONTEST_DATA` is set.
//! - `dogfight/dumbplanes_fight`: whole fights (to the end) between two `FastDumbPlanes` bots,
//!   the same move distribution as `DumbPlanes` from one draw per plane.
//! - `dogfight/dumbplanes_fight_exact`: the same with the exact port (`RandomBot::java`), about
//!   80 `nextDouble` calls per plane and round.
//!
//! `cargo bench -p benches --bench dogfight_speed -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dogfight::bot::play_fight_from;
use dogfight::trace::{Trace, read_jsonl};
use dogfight::{Actions, Game, play_fight};
use examples::dogfight::bots::{FastDumbPlanes, RandomBot};

const FIGHTS: i64 = 2_000;

/// The recorded fights: golden-format JSON lines, decoded back into each fight's actions.
fn recorded_fights(game: &Game) -> Vec<Vec<Actions>> {
    let mut text = String::new();
    for seed in 1..=FIGHTS {
        let mut p1 = RandomBot::java(seed);
        let mut p2 = RandomBot::java(100_000 + seed);
        let mut trace = Trace::new(format!("dumb-{seed}"), game, game.initial_state(0));
        let outcome = play_fight_from(game, game.initial_state(0), [&mut p1, &mut p2], |round| {
            trace.push(round)
        });
        trace.finish(Some(outcome));
        text.push_str(&trace.to_json());
        text.push('\n');
    }
    read_jsonl(&text)
        .expect("the bench's own traces read back")
        .iter()
        .map(|trace| {
            trace
                .turns
                .iter()
                .map(|turn| Actions::from_planes(turn.moves))
                .collect()
        })
        .collect()
}

fn benches(c: &mut Criterion) {
    let game = Game::default();
    let fights = recorded_fights(&game);
    let rounds: usize = fights.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group("dogfight");
    group.throughput(Throughput::Elements(rounds as u64));
    group.bench_function("replay_recorded_fights", |b| {
        b.iter(|| {
            let mut ended = 0u32;
            for fight in &fights {
                let mut state = game.initial_state(0);
                for actions in fight {
                    game.advance(&mut state, black_box(actions));
                    if game.outcome(&state).is_some() {
                        ended += 1;
                        break;
                    }
                }
            }
            assert_eq!(ended as usize, fights.len());
            ended
        })
    });
    group.throughput(Throughput::Elements(1));
    let mut p1 = FastDumbPlanes::new(1);
    let mut p2 = FastDumbPlanes::new(2);
    group.bench_function("dumbplanes_fight", |b| {
        b.iter(|| play_fight(&game, &mut p1, &mut p2))
    });
    let mut p1 = RandomBot::java(1);
    let mut p2 = RandomBot::java(2);
    group.bench_function("dumbplanes_fight_exact", |b| {
        b.iter(|| play_fight(&game, &mut p1, &mut p2))
    });
    group.finish();
}

criterion_group!(dogfight_speed, benches);
criterion_main!(dogfight_speed);
