//! The dogfight workloads of the side-by-side measurement (issue 13, `shared/rules/peers.md`):
//!
//! - `dogfight/replay_port_fights`: the engine alone over 2,000 fights between seeded
//!   `DumbPlanes` bots (the exact `java.util.Random` port, seeds 1..=2000 against 100001..;
//!   21,629 rounds, checked before timing), written in the golden trace format and decoded before
//!   timing; each fight is replayed from its start with `advance` and the end check after every
//!   round, as the peer's engine-replay run does. Throughput is in rounds. It is **not** named
//!   after the peer's `replay_recorded_fights`: the peer replayed 100,000 fights recorded from
//!   the Java bots with seeds `peers.md` does not give (its 2,000-fight check set has 21,220
//!   rounds; these seeds give 21,629), and those recordings are not stored, so only the per-round
//!   cost on fights of the same bot compares.
//! - `dogfight/dumbplanes_fight`: whole fights (to the end) between two `FastDumbPlanes` bots,
//!   the same move distribution as `DumbPlanes` from one draw per plane (not a peer workload).
//! - `dogfight/dumbplanes_fight_exact`: the peer's engine-dumb workload: whole fights between
//!   **fresh** exact-port `DumbPlanes` bots for every fight (`RandomBot::java`, about 80
//!   `nextDouble` calls per plane and round; seeds 1, 2, 3, ... so that each fight differs, as
//!   the peer's unseeded `Math.random()` bots did). The peer gives no result hash for it.
//!
//! - `dogfight/advance_inherent` / `dogfight/advance_trait`: the recorded rounds through the
//!   inherent `advance` and through `pathfind::tree::Game::advance` (issue 11).
//! - `dogfight/duct_1000_iterations`: one `DecoupledUct` decision of 1,000 iterations from the
//!   start (playouts of at most 20 rounds), for MCTS iterations per second.
//!
//! `cargo bench -p benches --bench dogfight_speed -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dogfight::bot::play_fight_from;
use dogfight::trace::{Trace, read_jsonl};
use dogfight::{Actions, Game, play_fight};
use examples::dogfight::bots::{FastDumbPlanes, RandomBot};
use pathfind::tree::{DecoupledUct, SearchConfig};

const FIGHTS: i64 = 2_000;
/// The rounds the [`FIGHTS`] fights of the exact port last: a different count means other fights.
const FIGHT_ROUNDS: usize = 21_629;

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
    assert_eq!(
        rounds, FIGHT_ROUNDS,
        "the exact DumbPlanes port's fights changed"
    );
    let mut group = c.benchmark_group("dogfight");
    group.throughput(Throughput::Elements(rounds as u64));
    group.bench_function("replay_port_fights", |b| {
        b.iter(|| {
            let mut ended = 0u32;
            for fight in &fights {
                let mut state = game.initial_state(0);
                for actions in fight {
                    game.advance_joint(&mut state, black_box(actions));
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
    let mut seed = 0i64;
    group.bench_function("dumbplanes_fight_exact", |b| {
        b.iter(|| {
            // Fresh bots for every fight, as the peer's `new DumbPlanes(14, 100)` pair.
            seed += 2;
            let mut p1 = RandomBot::java(seed - 1);
            let mut p2 = RandomBot::java(seed);
            play_fight(&game, &mut p1, &mut p2)
        })
    });
    // Issue 11: `advance` through the workspace contract costs no more than the inherent call:
    // the same recorded fights, each from its start (the contract's `advance` also checks that
    // the state is not terminal, which no recorded round is before it is played).
    let joint: Vec<Vec<[dogfight::Action; 2]>> = fights
        .iter()
        .map(|fight| fight.iter().map(|actions| actions.0).collect())
        .collect();
    group.throughput(Throughput::Elements(rounds as u64));
    group.bench_function("advance_inherent", |b| {
        b.iter(|| {
            let mut alive = 0;
            for fight in &joint {
                let mut state = game.initial_state(0);
                for actions in fight {
                    game.advance_joint(&mut state, &Actions(*black_box(actions)));
                }
                alive += state.alive(dogfight::Side::P1);
            }
            alive
        })
    });
    group.bench_function("advance_trait", |b| {
        b.iter(|| {
            let mut alive = 0;
            for fight in &joint {
                let mut state = game.initial_state(0);
                for actions in fight {
                    pathfind::tree::Game::advance(&game, &mut state, black_box(actions));
                }
                alive += state.alive(dogfight::Side::P1);
            }
            alive
        })
    });
    // MCTS through the contract: one decoupled-UCT decision of 1,000 iterations from the start.
    group.throughput(Throughput::Elements(1_000));
    let mut search = DecoupledUct::new(SearchConfig {
        iterations: 1_000,
        max_playout_steps: 20,
        ..SearchConfig::default()
    });
    let start = game.initial_state(0);
    group.bench_function("duct_1000_iterations", |b| {
        b.iter(|| search.choose(&game, black_box(&start), 0))
    });
    group.finish();
}

criterion_group!(dogfight_speed, benches);
criterion_main!(dogfight_speed);
