//! windward tick-engine benchmarks: one tick with 10 cars (target: 300,000 ticks/s on one core,
//! ten times the original's 28,500), the state clone, the pure step, the forecast and a whole
//! round driven by the example bots.

use std::hint::black_box;

use arena::Bot;
use arena::runner::{GameSetup, play_game};
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use examples::windward::bots;
use pathfind::tree::{self, FlatMonteCarlo, SearchConfig};
use windward::tick::pass::forecast_all;
use windward::tick::round::StateTraffic;
use windward::{Action, Config, Game, MostlyWait, NUM_PLAYERS, State, mapgen};

/// A mid-round state: `ticks` ticks of the planner against nine built-in AIs, through the
/// one bot shape (`arena::Bot`) as the runner drives it.
fn mid_round(game: &Game, seed: u64, ticks: u32) -> State {
    let mut bots: Vec<Box<dyn Bot<Game>>> = (0..NUM_PLAYERS)
        .map(|i| bots::bot(if i == 0 { "planner" } else { "builtin" }).unwrap())
        .collect();
    for (i, bot) in bots.iter_mut().enumerate() {
        bot.new_game(game, i, i as u64);
    }
    let mut state = game.initial_state(seed);
    let mut actions: Vec<Action> = Vec::with_capacity(NUM_PLAYERS);
    for _ in 0..ticks {
        if state.is_over() {
            break;
        }
        actions.clear();
        for (i, bot) in bots.iter_mut().enumerate() {
            let action = match bot.act_unobserved(game, i) {
                Some(action) => action,
                None => bot.act(game, &game.observe(&state, i), i),
            };
            actions.push(action);
        }
        let events = game.advance(&mut state, &actions);
        for (i, bot) in bots.iter_mut().enumerate() {
            bot.hear(game, &events, i);
        }
    }
    state
}

fn ticks(c: &mut Criterion) {
    let mut group = c.benchmark_group("windward_tick");
    for map in 0..mapgen::DEFAULT_MAP_FILES.len() {
        let game = Game::new(mapgen::default_map(map), Config::default()).unwrap();
        let start = mid_round(&game, 7, 3000);
        const TICKS: u64 = 1000;
        group.throughput(Throughput::Elements(TICKS));
        group.bench_function(
            format!("advance 1000 ticks, 10 cars, city{}", map + 1),
            |b| {
                let mut events = Vec::with_capacity(256);
                b.iter_batched_ref(
                    || start.clone(),
                    |state| {
                        for _ in 0..TICKS {
                            events.clear();
                            game.advance_orders_into(state, &[], &mut events);
                        }
                        black_box(state.tick)
                    },
                    BatchSize::SmallInput,
                )
            },
        );
    }
    let game = Game::new(mapgen::default_map(0), Config::default()).unwrap();
    let start = mid_round(&game, 7, 3000);
    // One tick three ways: the inherent order-level call, the inherent action-level call and the
    // same through `pathfind::tree::Game` (the trait must cost no more than the inherent call).
    const TICKS: u64 = 1000;
    group.throughput(Throughput::Elements(TICKS));
    let waits = vec![Action::Wait; NUM_PLAYERS];
    group.bench_function("1000 ticks: inherent advance_orders_into", |b| {
        let mut events = Vec::with_capacity(256);
        b.iter_batched_ref(
            || start.clone(),
            |state| {
                for _ in 0..TICKS {
                    events.clear();
                    game.advance_orders_into(state, &[], &mut events);
                }
                black_box(state.tick)
            },
            BatchSize::SmallInput,
        )
    });
    group.bench_function("1000 ticks: inherent advance", |b| {
        b.iter_batched_ref(
            || start.clone(),
            |state| {
                for _ in 0..TICKS {
                    black_box(game.advance(state, &waits));
                }
                black_box(state.tick)
            },
            BatchSize::SmallInput,
        )
    });
    group.bench_function("1000 ticks: pathfind::tree::Game::advance", |b| {
        b.iter_batched_ref(
            || start.clone(),
            |state| {
                for _ in 0..TICKS {
                    black_box(tree::Game::advance(&game, state, &waits));
                }
                black_box(state.tick)
            },
            BatchSize::SmallInput,
        )
    });
    group.throughput(Throughput::Elements(1));
    group.bench_function("clone state", |b| b.iter(|| black_box(start.clone())));
    group.bench_function("step (clone + advance)", |b| {
        b.iter(|| black_box(game.step_orders(&start, &[])))
    });
    group.bench_function("forecast, 10 cars", |b| {
        b.iter_batched_ref(
            || start.clone(),
            |state| {
                let mut rng = state.rng.clone();
                let mut events = Vec::new();
                let mut world = StateTraffic {
                    game: &game,
                    state,
                    chance: &mut rng,
                    events: &mut events,
                    errors: 0,
                };
                forecast_all(&mut world);
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();

    // MCTS iterations per second: flat Monte Carlo for player 0 from a mid-round state, playouts
    // of 100 ticks with the `MostlyWait` policy (every player listed, one tick per step).
    let mut mcts = c.benchmark_group("windward_mcts");
    mcts.sample_size(10);
    const ITERATIONS: u32 = 200;
    mcts.throughput(Throughput::Elements(u64::from(ITERATIONS)));
    mcts.bench_function("flat MC, 200 iterations, playouts of 100 ticks", |b| {
        let config = SearchConfig {
            iterations: ITERATIONS,
            max_playout_steps: 100,
            ..SearchConfig::default()
        };
        let mut search = FlatMonteCarlo::with_policy(config, MostlyWait::default());
        b.iter(|| black_box(search.choose(&game, &start, 0)))
    });
    mcts.finish();

    let mut rounds = c.benchmark_group("windward_round");
    rounds.sample_size(10);
    rounds.bench_function("full round, planner vs 9 built-in AIs, city1", |b| {
        let lineup: Vec<String> = (0..NUM_PLAYERS)
            .map(|i| if i == 0 { "planner" } else { "builtin" }.to_string())
            .collect();
        let entries = examples::roster::lineup::<windward::Game>(&lineup);
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            let setup = GameSetup {
                index: 0,
                seed,
                seats: (0..NUM_PLAYERS).collect(),
            };
            black_box(play_game(&game, &entries, &setup, &mut ()).unwrap())
        })
    });
    rounds.finish();
}

criterion_group!(benches, ticks);
criterion_main!(benches);
