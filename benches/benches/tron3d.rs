//! tron3d benchmarks: state clone, one round, `legal_actions`, and a full random game (the
//! original's Demo player for every seat, random player order) on the small and big cube; `advance`
//! through the game contract beside the inherent call; and the two peer workloads of
//! `../shared/rules/peers.md`, on exactly the peer's input:
//!
//! - `tron3d/demo4_cube_game`: whole 200-round games on the original `cube.map` with `cube.cnf`,
//!   the kit's Demo x4 sharing one glibc `rand()` stream with the engine, as `./Game Demo Demo Demo
//!   Demo -s SEED` plays them (seeds 100..=799, the peer's), without output;
//! - `tron3d/board_next`: one round (`Board::next`, which starts with a copy of the board: here a
//!   clone of the state and `advance_with`), over every round of the Demo x4 games of seeds
//!   100..=109 on the same board; throughput in rounds.
//!
//! Before they report, both check the engine against the peer's own output: the games of seeds 1
//! and 2 must write, byte for byte, the `.t3d` files the original program wrote
//! (`$CONTEST_DATA/tron3d/games/cube_demo4_s{1,2}.t3d`). Without `CONTEST_DATA` they say that they
//! are skipped and why; they never time another board under these names.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tron3d::generate::Preset;
use tron3d::{Action, Actions, Game, GlibcRand, State, demo};

fn game(preset: Preset) -> Game {
    Game::new(preset.board(), preset.config()).expect("presets are valid")
}

/// A mid-game state: 40 rounds of Demo play.
fn mid_game(game: &Game) -> State {
    let mut state = game.initial_state(11);
    let mut actions = Actions::new();
    for _ in 0..40 {
        game.demo_actions(&mut state, &mut actions);
        game.advance_commands(&mut state, &actions);
    }
    state
}

fn random_game(game: &Game, seed: u64, actions: &mut Actions) -> i32 {
    let mut state = game.initial_state(seed);
    while !state.is_over() {
        game.demo_actions(&mut state, actions);
        game.advance_commands(&mut state, actions);
    }
    state.scores().iter().sum()
}

/// The original's `cube.map` with `cube.cnf`, checked against the original program's games of
/// seeds 1 and 2; or why the peer workloads are skipped.
fn demo4_cube() -> Result<Game, String> {
    let data = benches::contest_data()
        .ok_or("CONTEST_DATA is unset, and the peer's input is the original cube.map")?
        .join("tron3d");
    let read = |path: std::path::PathBuf| {
        std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))
    };
    let board = tron3d::format::parse_map("cube", &read(data.join("boards/cube.map"))?)
        .map_err(|e| format!("cube.map: {e}"))?;
    let cnf = tron3d::format::Cnf::parse(&read(data.join("boards/cube.cnf"))?)
        .map_err(|e| format!("cube.cnf: {e}"))?;
    let game = cnf.game(board).map_err(|e| format!("cube.cnf: {e}"))?;
    for seed in [1, 2] {
        let expected = read(data.join(format!("games/cube_demo4_s{seed}.t3d")))?;
        let record = tron3d::replay::run_original(&game, &["Demo"; 4], seed)?;
        assert!(
            record.write() == expected,
            "the Demo x4 game of seed {seed} differs from the original program's: not the peer's workload"
        );
    }
    Ok(game)
}

/// One whole game as the original program plays it (`Game.cc`): each round the Demo players in
/// seat order draw from the shared stream, then the engine draws the player order from it.
fn demo4_game(game: &Game, seed: u32, actions: &mut Actions) -> i32 {
    let mut rng = GlibcRand::new(seed);
    let mut state = game.initial_state(u64::from(seed));
    while !state.is_over() {
        actions.clear();
        for p in 0..4 {
            demo::play(game, &state, p, &mut rng, actions);
        }
        game.advance_with(&mut state, actions, &mut rng);
    }
    state.scores().iter().sum()
}

/// Every round of the Demo x4 game of `seed`: the state, the players' actions and the shared
/// stream as `Board::next` gets them.
fn demo4_rounds(game: &Game, seed: u32) -> Vec<(State, Actions, GlibcRand)> {
    let mut rng = GlibcRand::new(seed);
    let mut state = game.initial_state(u64::from(seed));
    let mut rounds = Vec::new();
    while !state.is_over() {
        let mut actions = Actions::new();
        for p in 0..4 {
            demo::play(game, &state, p, &mut rng, &mut actions);
        }
        rounds.push((state.clone(), actions.clone(), rng.clone()));
        game.advance_with(&mut state, &actions, &mut rng);
    }
    rounds
}

fn peer_workload(c: &mut Criterion) {
    let game = match demo4_cube() {
        Ok(game) => game,
        Err(why) => {
            eprintln!("tron3d/demo4_cube_game, tron3d/board_next: skipped ({why})");
            return;
        }
    };
    let mut actions = Actions::new();
    let mut seed = 99u32;
    c.bench_function("tron3d/demo4_cube_game", |b| {
        b.iter(|| {
            seed = if seed >= 799 { 100 } else { seed + 1 };
            black_box(demo4_game(&game, seed, &mut actions))
        })
    });
    let rounds: Vec<_> = (100..110)
        .flat_map(|seed| demo4_rounds(&game, seed))
        .collect();
    let mut group = c.benchmark_group("tron3d");
    group.throughput(criterion::Throughput::Elements(rounds.len() as u64));
    group.bench_function("board_next", |b| {
        b.iter(|| {
            for (state, actions, rng) in &rounds {
                let mut next = black_box(state).clone();
                let mut rng = rng.clone();
                game.advance_with(&mut next, black_box(actions), &mut rng);
                black_box(&next);
            }
        })
    });
    group.finish();
}

fn trait_vs_inherent(c: &mut Criterion) {
    let game = game(Preset::Cube);
    let state = mid_game(&game);
    // One joint action per player: the first listed (all bikes move and survive on their own).
    let mut buf = Vec::new();
    let joint: Vec<Action> = (0..4)
        .map(|p| {
            game.legal_actions(&state, p, &mut buf);
            buf[0].clone()
        })
        .collect();
    let mut next = state.clone();
    c.bench_function("tron3d/cube6/advance (inherent)", |b| {
        b.iter(|| {
            next.clone_from(black_box(&state));
            black_box(game.advance(&mut next, black_box(&joint)))
        })
    });
    c.bench_function("tron3d/cube6/advance (pathfind::tree::Game)", |b| {
        b.iter(|| {
            next.clone_from(black_box(&state));
            black_box(pathfind::tree::Game::advance(
                &game,
                &mut next,
                black_box(&joint),
            ))
        })
    });
    // MCTS iterations per second: decoupled UCT from a mid-game state, uniform playouts of at
    // most 20 rounds, then `returns`.
    let config = pathfind::tree::SearchConfig {
        iterations: 1000,
        max_playout_steps: 20,
        ..pathfind::tree::SearchConfig::default()
    };
    let mut mcts = pathfind::tree::DecoupledUct::new(config);
    c.bench_function(
        "tron3d/cube6/duct (1000 iterations, 20-round playouts)",
        |b| b.iter(|| black_box(mcts.choose(&game, black_box(&state), 0))),
    );
    let mut joint_buf = Vec::with_capacity(tron3d::MAX_JOINT_ACTIONS);
    c.bench_function("tron3d/cube6/legal_actions (joint, one player)", |b| {
        b.iter(|| {
            game.legal_actions(black_box(&state), 0, &mut joint_buf);
            black_box(joint_buf.len())
        })
    });
}

fn benches(c: &mut Criterion) {
    for preset in [Preset::Cube, Preset::BigCube] {
        let game = game(preset);
        let name = preset.name();
        let state = mid_game(&game);
        c.bench_function(&format!("tron3d/{name}/clone"), |b| {
            b.iter(|| black_box(black_box(&state).clone()))
        });
        let mut actions = Actions::new();
        let mut scratch = state.clone();
        game.demo_actions(&mut scratch, &mut actions);
        c.bench_function(&format!("tron3d/{name}/step (one round)"), |b| {
            b.iter(|| black_box(game.step_commands(black_box(&state), black_box(&actions))))
        });
        let mut buf = Vec::with_capacity(64);
        c.bench_function(
            &format!("tron3d/{name}/legal_movements (one player)"),
            |b| {
                b.iter(|| {
                    game.legal_movements(black_box(&state), 0, &mut buf);
                    black_box(buf.len())
                })
            },
        );
        let rounds = game.config().nb_rounds;
        let mut seed = 0u64;
        let mut actions = Actions::new();
        c.bench_function(
            &format!("tron3d/{name}/random game ({rounds} rounds)"),
            |b| {
                b.iter(|| {
                    seed += 1;
                    black_box(random_game(&game, seed, &mut actions))
                })
            },
        );
    }
}

criterion_group!(tron3d_benches, peer_workload, trait_vs_inherent, benches);
criterion_main!(tron3d_benches);
