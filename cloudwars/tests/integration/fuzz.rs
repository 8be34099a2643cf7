//! Fuzz-style tests on stable Rust: a small seeded mutator feeds random bytes and mutations of
//! valid files (generated here by the engine itself: `list` JSON, scenarios with their traces,
//! micro cases, kill-ring vectors, request lines) to every public parser and replay function,
//! and random in-range and out-of-range actions to the engine.
//!
//! Each case asserts: no panic; bounded allocation (at most 64 bytes per input byte plus 4 MiB
//! at any moment, measured by `allocation-counter`, so a declared size above a documented limit
//! is rejected before allocating); bounded time by construction: inputs are at most
//! [`MAX_INPUT`] bytes, a scenario runs at most one update per `tick` line of its trace, a micro
//! case at most `replay::MAX_MICRO_ITERATIONS` updates of at most `replay::MAX_MICRO_CLOUDS`
//! clouds, and an engine case at most [`ENGINE_STEPS`] steps of at most a few hundred clouds
//! (random player placement, `PLACEMENT_ATTEMPTS` tries against every cloud, only on boards
//! of at least 600×400).
//!
//! `cargo test -p cloudwars --test integration fuzz::` runs 2 000 cases per target (a few seconds);
//! `CONTEST_FUZZ_CASES=100000 cargo test --profile fuzz -p cloudwars --test integration fuzz::` runs the long
//! campaign. Every case's seed is printed on failure, so a failure replays.

use std::fmt::Write as _;

use cloudwars::protocol::{Reply, WorldJson, parse_command, parse_go_f32};
use cloudwars::replay::{Scenario, check_kill_ring, replay_micro_cases, replay_scenario};
use cloudwars::rules::kill_ring_vectors;
use cloudwars::{
    Action, Color, Config, Game, Player, PlayerId, Setup, State, Vec2, WindGrid, WorldParams,
};
use pathfind::tree::check;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The largest input a mutation produces.
const MAX_INPUT: usize = 64 * 1024;
/// Steps per engine case.
const ENGINE_STEPS: usize = 30;

fn cases() -> u64 {
    std::env::var("CONTEST_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000)
}

/// Numbers that sit on limits and type boundaries.
const INTERESTING: [&str; 16] = [
    "-1",
    "0",
    "-0",
    "1",
    "2147483647",
    "2147483648",
    "4294967296",
    "99999999999",
    "18446744073709551615",
    "1e308",
    "-1e308",
    "1e-45",
    "3.4e38",
    "1000001",
    "100001",
    "1.5",
];

fn mutate(rng: &mut Pcg64Mcg, input: &[u8]) -> Vec<u8> {
    let mut out = input.to_vec();
    let rounds = 1 + rng.random_range(0..4);
    for _ in 0..rounds {
        let len = out.len();
        let at = if len == 0 {
            0
        } else {
            rng.random_range(0..len)
        };
        match rng.random_range(0..9) {
            0 if len > 0 => out[at] = rng.random(),
            1 => out.insert(at, rng.random()),
            2 if len > 0 => {
                let end = (at + rng.random_range(1..64)).min(len);
                out.drain(at..end);
            }
            3 if len > 0 => {
                let end = (at + rng.random_range(1..256)).min(len);
                let copy = out[at..end].to_vec();
                let to = rng.random_range(0..=out.len());
                out.splice(to..to, copy);
            }
            4 => {
                // Replace a number with one on a boundary.
                let start = (at..len).find(|&i| out[i].is_ascii_digit()).unwrap_or(len);
                let mut end = start;
                while end < len && (out[end].is_ascii_digit() || out[end] == b'.') {
                    end += 1;
                }
                let with = INTERESTING[rng.random_range(0..INTERESTING.len())];
                out.splice(start..end, with.bytes());
            }
            5 => out.splice(at..at, "é".bytes()).for_each(drop),
            6 => out.truncate(at),
            7 if len > 0 => out[at] = b"{}[],:\"-;\n0e."[rng.random_range(0..13)],
            _ => {
                let n = rng.random_range(0..16);
                for _ in 0..n {
                    out.insert(at.min(out.len()), rng.random());
                }
            }
        }
    }
    out.truncate(MAX_INPUT);
    out
}

fn random_bytes(rng: &mut Pcg64Mcg) -> Vec<u8> {
    let n = rng.random_range(0..512);
    (0..n).map(|_| rng.random()).collect()
}

/// Runs `target` on random bytes and on mutations of the seeds, checking the allocation bound.
fn fuzz(name: &str, seeds: &[Vec<u8>], mut target: impl FnMut(&[u8])) {
    let mut rng = Pcg64Mcg::seed_from_u64(0xC10D ^ name.len() as u64);
    for case in 0..cases() {
        let input = if case % 4 == 0 || seeds.is_empty() {
            random_bytes(&mut rng)
        } else {
            let seed = rng.random_range(0..seeds.len());
            mutate(&mut rng, &seeds[seed])
        };
        let info = allocation_counter::measure(|| target(&input));
        let bound = 64 * input.len() as u64 + (4 << 20);
        assert!(
            info.bytes_max <= bound,
            "{name} case {case}: {} bytes at once for {} input bytes: {:?}",
            info.bytes_max,
            input.len(),
            String::from_utf8_lossy(&input)
        );
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

// ------------------------------------------------------------------ valid files, generated

fn small_world(seed: u64, rainclouds: usize, players: usize) -> (Game, State) {
    let game = Game::new(Config {
        width: 600,
        height: 400,
        game_speed: 60,
        sim_speed_up: 1,
    })
    .unwrap();
    let params = WorldParams {
        rainclouds,
        ..WorldParams::default()
    };
    let mut state = game.new_world(&params, seed);
    for p in 0..players {
        let player = Player {
            name: format!("P{p}"),
            color: Color::Blue,
        };
        let _ = game.add_player(&mut state, player, None, 300.0);
    }
    (game, state)
}

fn world_json(seed: u64) -> String {
    let (game, mut state) = small_world(seed, 8, 2);
    for _ in 0..3 {
        game.update(&mut state);
    }
    WorldJson::from_state(&game, &state).to_json().unwrap()
}

fn f(v: f32) -> String {
    serde_json::to_string(&f64::from(v)).unwrap()
}

fn cloud_rows(state: &State) -> String {
    let rows: Vec<String> = state
        .clouds()
        .iter()
        .map(|c| {
            let (name, color) = c
                .owner
                .and_then(|id| state.player(id))
                .map_or(("", ""), |p| (p.name.as_str(), p.color.name()));
            format!(
                "[{},{},{},{},{},\"{name}\",\"{color}\"]",
                f(c.pos.x),
                f(c.pos.y),
                f(c.vel.x),
                f(c.vel.y),
                f(c.vapor)
            )
        })
        .collect();
    format!("[{}]", rows.join(","))
}

fn tick(state: &State, iter: u64) -> String {
    format!(
        "\"iter\":{iter},\"n\":{},\"hash\":\"{:016x}\",\"worldVapor\":{},\"alive\":{},\"win\":{},\"leader\":\"{}\"",
        state.clouds().len(),
        state.float_hash(),
        f(state.world_vapor()),
        state.alive(),
        state.win_condition(),
        state.leader_name()
    )
}

/// A scenario with its trace, recorded from our own engine.
fn scenario_and_trace(seed: u64) -> (String, String) {
    let (game, mut state) = small_world(seed, 6, 2);
    let iterations = 12;
    let mut clouds = Vec::new();
    for c in state.clouds() {
        let (name, color) = c
            .owner
            .and_then(|id| state.player(id))
            .map_or(("", ""), |p| (p.name.as_str(), p.color.name()));
        clouds.push(format!(
            "{{\"x\":{},\"y\":{},\"vx\":{},\"vy\":{},\"vapor\":{},\"player\":\"{name}\",\"color\":\"{color}\"}}",
            f(c.pos.x),
            f(c.pos.y),
            f(c.vel.x),
            f(c.vel.y),
            f(c.vapor)
        ));
    }
    let wind = Vec2::new(3.0, -4.0);
    let mut trace = String::new();
    let mut commands = String::new();
    for iter in 0..=iterations {
        writeln!(trace, "{{\"type\":\"tick\",{}}}", tick(&state, iter)).unwrap();
        if iter % 4 == 0 {
            writeln!(
                trace,
                "{{\"type\":\"state\",\"iter\":{iter},\"clouds\":{}}}",
                cloud_rows(&state)
            )
            .unwrap();
        }
        if iter == iterations {
            break;
        }
        if iter == 5 {
            let ok = game
                .apply(&mut state, PlayerId(0), Action::Move(wind))
                .is_ok();
            commands = format!(
                "{{\"at\":5,\"player\":\"P0\",\"op\":\"move\",\"x\":3,\"y\":-4,\"ok\":{ok}}}"
            );
        }
        game.update(&mut state);
    }
    let scenario = format!(
        "{{\"name\":\"fuzz{seed}\",\"width\":600,\"height\":400,\"gameSpeed\":60,\"iterations\":{iterations},\"clouds\":[{}],\"commands\":[{commands}]}}",
        clouds.join(",")
    );
    (scenario, trace)
}

fn micro_cases(seed: u64) -> String {
    let (game, mut state) = small_world(seed, 3, 1);
    let before = cloud_rows(&state);
    let ok = game.apply(&mut state, PlayerId(0), Action::Kill).is_ok();
    let after_commands = cloud_rows(&state);
    let mut after = Vec::new();
    for iter in [1, 3] {
        while state.iteration() < iter {
            game.update(&mut state);
        }
        after.push(format!(
            "{{{},\"clouds\":{}}}",
            tick(&state, iter),
            cloud_rows(&state)
        ));
    }
    format!(
        "[{{\"name\":\"m{seed}\",\"width\":600,\"height\":400,\"gameSpeed\":60,\"before\":{before},\
         \"commands\":[{{\"op\":\"kill\",\"player\":\"P0\",\"ok\":{ok}}}],\
         \"afterCommands\":{after_commands},\"after\":[{}]}}]",
        after.join(",")
    )
}

fn kill_ring_json() -> String {
    let rows: Vec<String> = kill_ring_vectors()
        .iter()
        .map(|v| {
            format!(
                "{{\"xbits\":\"{:08x}\",\"ybits\":\"{:08x}\"}}",
                v.x.to_bits(),
                v.y.to_bits()
            )
        })
        .collect();
    format!("[{}]", rows.join(","))
}

// ------------------------------------------------------------------ targets

#[test]
fn the_generated_seed_files_are_valid() {
    let (scenario, trace) = scenario_and_trace(1);
    let scenario = Scenario::parse(&scenario).unwrap();
    assert_eq!(replay_scenario(&scenario, &trace).unwrap().iterations, 12);
    assert_eq!(replay_micro_cases(&micro_cases(1)).unwrap().traces, 1);
    assert_eq!(check_kill_ring(&kill_ring_json()).unwrap(), 36);
    let (_, state) = WorldJson::parse(&world_json(1))
        .unwrap()
        .to_world()
        .unwrap();
    assert_eq!(state.players().len(), 2);
}

#[test]
fn request_lines_and_numbers() {
    let seeds: Vec<Vec<u8>> = [
        "list",
        "nameHansi",
        "typeblue",
        "play",
        "move3.5;-4e2",
        "move1e40;NaN",
        "kill",
        "quit",
        "MOVE 0x1p-2;inf",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    fuzz("request lines", &seeds, |input| {
        if let Ok(command) = parse_command(input) {
            // What we write reads back as a command.
            let _ = parse_command(command.to_line().as_bytes());
        }
        let _ = parse_go_f32(&text(input));
        let _ = Reply::parse(&text(input));
    });
}

#[test]
fn list_json() {
    let seeds: Vec<Vec<u8>> = (0..4).map(|s| world_json(s).into_bytes()).collect();
    fuzz("list json", &seeds, |input| {
        let Ok(json) = WorldJson::parse(&text(input)) else {
            return;
        };
        let _ = json.to_json();
        if let Ok((game, mut state)) = json.to_world() {
            game.update(&mut state);
            let _ = WorldJson::from_state(&game, &state).to_json();
        }
    });
}

#[test]
fn scenarios_and_traces() {
    let pairs: Vec<(String, String)> = (0..3).map(scenario_and_trace).collect();
    let seeds: Vec<Vec<u8>> = pairs
        .iter()
        .flat_map(|(s, t)| [s.clone().into_bytes(), t.clone().into_bytes()])
        .collect();
    let mut rng = Pcg64Mcg::seed_from_u64(77);
    fuzz("scenarios", &seeds, |input| {
        let (scenario, trace) = &pairs[rng.random_range(0..pairs.len())];
        // The mutated bytes stand for either the scenario or the trace.
        if input.first() == Some(&b'{') && input.windows(6).any(|w| w == b"\"name\"") {
            if let Ok(s) = Scenario::parse(&text(input)) {
                let _ = replay_scenario(&s, trace);
            }
        } else if let Ok(s) = Scenario::parse(scenario) {
            let _ = replay_scenario(&s, &text(input));
        }
    });
}

#[test]
fn micro_cases_and_kill_ring() {
    let mut seeds: Vec<Vec<u8>> = (0..3).map(|s| micro_cases(s).into_bytes()).collect();
    seeds.push(kill_ring_json().into_bytes());
    fuzz("micro cases", &seeds, |input| {
        let _ = replay_micro_cases(&text(input));
        let _ = check_kill_ring(&text(input));
    });
}

fn random_wind(rng: &mut Pcg64Mcg) -> Vec2 {
    const ODD: [f32; 8] = [
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        1e30,
        -1e-30,
        0.0,
        f32::MAX,
        f32::MIN_POSITIVE,
    ];
    let mut c = || {
        if rng.random_range(0..8) == 0 {
            ODD[rng.random_range(0..ODD.len())]
        } else {
            rng.random_range(-80.0..80.0)
        }
    };
    Vec2::new(c(), c())
}

#[test]
fn engine_with_in_range_and_out_of_range_actions() {
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    for case in 0..cases() {
        let config = Config {
            width: [1, 50, 600, 2048, i32::MAX][rng.random_range(0..5)],
            height: [1, 40, 400, 1152, i32::MAX][rng.random_range(0..5)],
            game_speed: [i32::MIN, -1, 0, 1, 60, i32::MAX][rng.random_range(0..6)],
            sim_speed_up: [0, 1, 3, 1000, i32::MAX][rng.random_range(0..5)],
        };
        let Ok(game) = Game::new(config) else {
            assert!(config.width < 1 || config.height < 1, "case {case}");
            continue;
        };
        let params = WorldParams {
            rainclouds: rng.random_range(0..40),
            max_wind: rng.random_range(0.0..50.0),
            max_vapor: rng.random_range(0.0..2000.0),
            player_vapor: rng.random_range(0.0..3000.0),
        };
        let mut state = game.new_world(&params, case);
        for p in 0..rng.random_range(0..5) {
            let player = Player {
                name: format!("P{p}"),
                color: Color::Red,
            };
            // Random placement on a crowded board tries `PLACEMENT_ATTEMPTS` spots against
            // every cloud: bounded but slow, so small boards get explicit (possibly
            // overlapping, possibly outside) spots instead.
            let pos = (config.width < 600 || config.height < 400).then(|| {
                Vec2::new(
                    rng.random_range(-10.0..700.0),
                    rng.random_range(-10.0..500.0),
                )
            });
            let _ = game.add_player(&mut state, player, pos, params.player_vapor);
        }
        let mut buf = Vec::new();
        let info = allocation_counter::measure(|| {
            for _ in 0..ENGINE_STEPS {
                let mut actions = Vec::new();
                for _ in 0..rng.random_range(0..4) {
                    // Ids beyond the players, up to 255, are out of range.
                    let player = PlayerId(rng.random_range(0..=255u8) % 8);
                    let action = if rng.random_range(0..10) == 0 {
                        Action::Kill
                    } else {
                        Action::Move(random_wind(&mut rng))
                    };
                    actions.push((player, action));
                }
                let before = state.iteration();
                game.advance_commands(&mut state, &actions);
                assert_eq!(state.iteration(), before.saturating_add(1), "case {case}");
                let p = PlayerId(rng.random_range(0..8));
                game.legal_actions(&state, p.index(), &mut buf);
                let _ = game.outcome(&state);
                if state.clouds().len() > 600 {
                    break;
                }
            }
        });
        assert!(info.bytes_max < 16 << 20, "case {case}: {info:?}");
    }
}

/// Issue 22: states read with serde are validated before use. Real states' JSON, corrupted
/// (owners, ids, counts and numbers out of range, elements missing or repeated), is refused by
/// `Game::validate` or is safe for every method of the contract (`check::hostile_serde`).
#[test]
fn corrupted_deserialized_states_are_refused_or_safe() {
    let config = Config {
        width: 600,
        height: 400,
        game_speed: 1,
        sim_speed_up: 1,
    };
    let setup = Setup {
        params: WorldParams {
            rainclouds: 10,
            player_vapor: 200.0,
            ..WorldParams::default()
        },
        players: 3,
        winds: WindGrid::default(),
    };
    let game = Game::with_setup(config, setup).unwrap();
    let mut summary = check::HostileSummary::default();
    for case in 0..cases().div_ceil(4) {
        summary += check::hostile_serde(&game, case, 60, 4, ENGINE_STEPS);
    }
    assert!(summary.refused > 0 && summary.accepted > 0, "{summary:?}");
}
