//! Side-by-side timing of the two CloudWars peer workloads (issue 13) without criterion, so the
//! same file builds against older versions of the crate: `cargo run --release -p cloudwars
//! --example s2_timing [REPS]`. Prints the best time per update of each workload and the final
//! float hash (which must be equal on both sides: the engines are bit-exact).
//!
//! - `s2_physics`: 100 000 updates from s2's initial clouds, no commands;
//! - `s2_replay`: s2's 4 000 updates with its commands.
//!
//! `s2_timing REPS physics` or `s2_timing REPS replay` runs one workload only.
//!
//! Reads `$CONTEST_DATA/cloudwars/s2_seed1337_default_4p.scenario.json` when set, else generates
//! the same kind of world (the original board, 100 rainclouds of seed 1337, four players).

use std::time::Instant;

use cloudwars::replay::{Scenario, ScenarioCommand};
use cloudwars::{Action, Color, Config, Game, Player, State, Vec2, WorldParams};

fn s2() -> (Game, State, Vec<ScenarioCommand>, u64) {
    if let Some(dir) = std::env::var_os("CONTEST_DATA") {
        let path =
            std::path::Path::new(&dir).join("cloudwars/s2_seed1337_default_4p.scenario.json");
        if let Ok(text) = std::fs::read_to_string(&path) {
            let scenario = Scenario::parse(&text).unwrap();
            let game = Game::new(scenario.config).unwrap();
            let state = game.world_from_clouds(&scenario.clouds, 0).unwrap();
            return (game, state, scenario.commands, scenario.iterations);
        }
    }
    let game = Game::new(Config::default()).unwrap();
    let mut state = game.new_world(&WorldParams::default(), 1337);
    for name in ["P1", "P2", "P3", "P4"] {
        let player = Player {
            name: name.into(),
            color: Color::Blue,
        };
        game.add_player(&mut state, player, None, 600.0).unwrap();
    }
    let mut commands = Vec::new();
    for at in (0..4000u64).step_by(56) {
        for p in 0..4u64 {
            let angle = (at + 13 * p) as f32 * 0.07;
            commands.push(ScenarioCommand {
                at: at + p,
                player: format!("P{}", p + 1),
                action: Action::Move(Vec2::new(angle.cos() * 3.0, angle.sin() * 3.0)),
                ok: true,
            });
        }
    }
    (game, state, commands, 4000)
}

fn main() {
    let reps: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5);
    // An optional second argument runs one workload only: `physics` or `replay`.
    let only = std::env::args().nth(2).unwrap_or_default();
    let (game, initial, commands, iterations) = s2();
    let mut best_physics = f64::INFINITY;
    let mut best_replay = f64::INFINITY;
    let (mut hash_physics, mut hash_replay) = (0, 0);
    for _ in 0..reps {
        if only == "replay" {
            best_physics = 0.0;
        } else {
            let start = Instant::now();
            let mut state = initial.clone();
            for _ in 0..100_000 {
                game.update(&mut state);
            }
            best_physics = best_physics.min(start.elapsed().as_secs_f64() / 100_000.0);
            hash_physics = state.float_hash();
        }
        if only == "physics" {
            best_replay = 0.0;
            continue;
        }
        let start = Instant::now();
        for _ in 0..10 {
            let mut state = initial.clone();
            let mut next = 0;
            for iter in 0..iterations {
                while let Some(cmd) = commands.get(next).filter(|c| c.at == iter) {
                    if let Some(id) = state.player_by_name(&cmd.player) {
                        let _ = game.apply(&mut state, id, cmd.action);
                    }
                    next += 1;
                }
                game.update(&mut state);
            }
            hash_replay = state.float_hash();
        }
        best_replay = best_replay.min(start.elapsed().as_secs_f64() / (10.0 * iterations as f64));
    }
    println!(
        "s2_physics {:.3} us/update hash {hash_physics:016x}; s2_replay {:.3} us/update hash {hash_replay:016x}",
        best_physics * 1e6,
        best_replay * 1e6
    );
}
