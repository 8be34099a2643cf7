//! amazes benchmarks: whole referee games, one turn of look + inference, the incremental
//! fixpoint against the from-scratch one, and the bot-side `LocalMap` update.

use std::hint::black_box;

use amazes::{
    Action, Config, Game, LocalMap, MoveLine, Player, Pose, Reading, RefereeKnowledge, Square,
    View, mazes,
};
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use examples::amazes::bots::{Brain, ExplorerBot};
use examples::amazes::play_game;

/// One recorded turn of Red: where it looked from, what it saw, the line and the squares it
/// walked into.
struct Turn {
    pose: Pose,
    view: View,
    line: MoveLine,
    walked: Vec<Square>,
    steps: usize,
    extra_t: bool,
}

/// A game of two explorers on a shipped maze: every action, and Red's turns.
fn record(maze: usize) -> (Game, [Pose; 2], Vec<Action>, Vec<Turn>) {
    let file = mazes::get(maze);
    let starts = file.starts.unwrap();
    let game = Game::new(file.maze, Config::default()).unwrap();
    let mut state = game.initial_state_with(starts).unwrap();
    let mut bots = [ExplorerBot::default(), ExplorerBot::default()];
    for b in &mut bots {
        b.reset(25, 0);
    }
    let (mut actions, mut turns) = (Vec::new(), Vec::new());
    while state.end().is_none() {
        let p = state.to_move();
        let view = game.observe(&state, state.to_move().index());
        let pose = state.pose(p);
        let line = bots[p.index()].choose(&view);
        let action = Action::Moves(line);
        let e = game.advance_action(&mut state, &action);
        if p == Player::Red {
            let mut walked = Vec::new();
            amazes::walk(
                pose,
                line.moves(),
                |sq, d| {
                    game.maze()
                        .is_open(sq, d)
                        .then(|| game.maze().neighbour(sq, d))
                        .flatten()
                },
                |sq| walked.push(sq),
            );
            turns.push(Turn {
                pose,
                view,
                line,
                walked,
                steps: e.steps as usize,
                extra_t: e.extra_t,
            });
        }
        actions.push(action);
    }
    (game, starts, actions, turns)
}

fn replay_knowledge(turns: &[Turn], scratch: bool) -> usize {
    let mut k = RefereeKnowledge::new(25, Reading::Literal);
    for t in turns {
        let _ = k.apply_view(t.pose.square.index(), t.pose.facing, &t.view, &mut |_| {});
        if scratch {
            k.infer_from_scratch(&mut |_| {});
        } else {
            k.infer(&mut |_| {});
        }
        for sq in &t.walked {
            k.discover(sq.index(), &mut |_| {});
        }
    }
    k.discovered_count()
}

fn benches(c: &mut Criterion) {
    let (game, starts, actions, turns) = record(0);

    // Referee: a whole recorded game (look + inference + moves of every turn).
    let mut g = c.benchmark_group("amazes/referee");
    g.throughput(Throughput::Elements(actions.len() as u64));
    g.bench_function("replay explorer game (per turn)", |b| {
        b.iter(|| {
            let mut state = game.initial_state_with(starts).unwrap();
            for a in &actions {
                game.advance_action(&mut state, a);
            }
            black_box(state.points(Player::Red))
        })
    });
    // The same game through `pathfind::tree::Game::advance` (one-action slices): the trait
    // must cost no more than the inherent call.
    g.bench_function("replay explorer game through the trait (per turn)", |b| {
        b.iter(|| {
            let mut state = game.initial_state_with(starts).unwrap();
            for a in &actions {
                pathfind::tree::Game::advance(&game, &mut state, std::slice::from_ref(a));
            }
            black_box(state.points(Player::Red))
        })
    });
    g.finish();

    // Determinization: one state sampled from a mid-game belief (a maze consistent with
    // Red's map, the opponent at the seen distance).
    let mut g = c.benchmark_group("amazes/determinize");
    let belief = {
        let mut state = game.initial_state_with(starts).unwrap();
        let mut belief = amazes::Belief::new(&game, Player::Red);
        for a in &actions[..actions.len() / 2] {
            if state.to_move() == Player::Red {
                belief.observe(&game.observe(&state, Player::Red.index()));
                belief.played(a);
            }
            game.advance_action(&mut state, a);
        }
        belief
    };
    let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(1);
    g.bench_function("sample_state (mid-game)", |b| {
        b.iter(|| {
            black_box(pathfind::tree::Determinize::sample_state(
                &game, &belief, 0, &mut rng,
            ))
        })
    });
    g.finish();

    let mut g = c.benchmark_group("amazes/game");
    g.bench_function("two explorers, full game", |b| {
        b.iter(|| {
            let (mut a, mut z) = (ExplorerBot::default(), ExplorerBot::default());
            black_box(play_game(&game, starts, [&mut a, &mut z], 1).scores)
        })
    });
    g.finish();

    // Inference: the incremental fixpoint against the from-scratch sweep, over Red's game.
    let mut g = c.benchmark_group("amazes/inference");
    g.throughput(Throughput::Elements(turns.len() as u64));
    g.bench_function("incremental, per turn", |b| {
        b.iter(|| black_box(replay_knowledge(&turns, false)))
    });
    g.bench_function("from scratch, per turn", |b| {
        b.iter(|| black_box(replay_knowledge(&turns, true)))
    });
    g.finish();

    // One turn of look + inference on a mid-game map.
    let mid = turns.len() / 2;
    let mut k = RefereeKnowledge::new(25, Reading::Literal);
    for t in &turns[..mid] {
        let _ = k.apply_view(t.pose.square.index(), t.pose.facing, &t.view, &mut |_| {});
        k.infer(&mut |_| {});
        for sq in &t.walked {
            k.discover(sq.index(), &mut |_| {});
        }
    }
    let next = &turns[mid];
    let mut g = c.benchmark_group("amazes/one turn");
    g.bench_function("look + inference (mid-game)", |b| {
        b.iter_batched_ref(
            || k.clone(),
            |k| {
                let _ = k.apply_view(
                    next.pose.square.index(),
                    next.pose.facing,
                    &next.view,
                    &mut |_| {},
                );
                k.infer(&mut |_| {});
                black_box(k.discovered_count())
            },
            BatchSize::SmallInput,
        )
    });
    g.finish();

    // The bot side: LocalMap observe + executed walk, per turn.
    let mut g = c.benchmark_group("amazes/local map");
    g.throughput(Throughput::Elements(turns.len() as u64));
    g.bench_function("observe + walk, per turn", |b| {
        b.iter(|| {
            let mut map = LocalMap::default();
            for t in &turns {
                let _ = map.observe(&t.view);
                map.apply_executed(&t.line, t.steps, t.extra_t);
            }
            black_box(map.discovered_count())
        })
    });
    let mut map = LocalMap::default();
    for t in &turns[..mid] {
        let _ = map.observe(&t.view);
        map.apply_executed(&t.line, t.steps, t.extra_t);
    }
    let _ = map.observe(&turns[mid].view);
    let line = turns[mid].line;
    g.throughput(Throughput::Elements(1));
    g.bench_function("predict a line (mid-game)", |b| {
        b.iter(|| black_box(map.predict(black_box(&line))))
    });
    g.finish();
}

criterion_group!(amazes_benches, benches);
criterion_main!(amazes_benches);
