//! The cloudwars example bots, `play cloudwars` and `play verify cloudwars`.

use arena::Bot;
use examples::cloudwars::bots::{Greedy, Horizon, Search, SearchClassic};
use examples::cloudwars::{MatchConfig, new_game, play_game, run_match};

fn short() -> MatchConfig {
    MatchConfig {
        max_iterations: 400,
        ..MatchConfig::default()
    }
}

#[test]
fn greedy_moves_towards_smaller_prey_and_away_from_bigger_clouds() {
    use cloudwars::{Action, CloudSpec, Color, Config, Game, Player, PlayerId, Vec2};
    let game = Game::new(Config::default()).unwrap();
    let storm = |x: f32, vapor: f32| CloudSpec {
        pos: Vec2::new(x, 500.0),
        vel: Vec2::default(),
        vapor,
        player: Some(Player {
            name: "me".into(),
            color: Color::Red,
        }),
    };
    let rain = |x: f32, vapor: f32| CloudSpec {
        pos: Vec2::new(x, 500.0),
        vel: Vec2::default(),
        vapor,
        player: None,
    };
    // Prey to the right: the wind blows right (+x).
    let state = game
        .world_from_clouds(&[storm(500.0, 400.0), rain(800.0, 50.0)], 0)
        .unwrap();
    let Some(Action::Move(w)) = Greedy::command(&state, PlayerId(0)) else {
        panic!("greedy should move")
    };
    assert!(w.x > 0.0 && w.y.abs() < 1e-3, "{w:?}");
    // A bigger cloud close on the right: flee left.
    let state = game
        .world_from_clouds(&[storm(500.0, 400.0), rain(560.0, 900.0)], 0)
        .unwrap();
    let Some(Action::Move(w)) = Greedy::command(&state, PlayerId(0)) else {
        panic!("greedy should move")
    };
    assert!(w.x < 0.0, "{w:?}");
}

#[test]
fn both_bots_only_send_valid_commands() {
    let cfg = short();
    let (game, state) = new_game(&cfg, 3).unwrap();
    let mut greedy = Greedy;
    let mut search = Search::default();
    let mut classic = SearchClassic::default();
    for me in [cloudwars::PlayerId(0), cloudwars::PlayerId(1)] {
        for bot in [
            &mut greedy as &mut dyn Bot<cloudwars::Game>,
            &mut search,
            &mut classic,
        ] {
            let action = bot.act(&game, &state, me.index());
            if action != cloudwars::Action::Wait {
                assert_eq!(game.check(&state, me, action), Ok(()), "{}", bot.name());
            }
        }
    }
}

#[test]
fn a_game_ends_with_a_winner_or_at_the_limit() {
    let cfg = short();
    let (mut a, mut b) = (Greedy, Greedy);
    let seats: [&mut dyn Bot<cloudwars::Game>; 2] = [&mut a, &mut b];
    let result = play_game(&cfg, 5, seats).unwrap();
    assert!(result.iterations <= cfg.max_iterations);
    assert!(result.vapors.iter().all(|v| v.is_finite() && *v >= 0.0));
}

#[test]
fn search_beats_greedy_on_fixed_seeds() {
    // A small sample (the 200-game figure is measured with `play cloudwars --games 200`).
    let cfg = MatchConfig {
        max_iterations: 600,
        ..MatchConfig::default()
    };
    let tally = run_match(&cfg, ["search", "greedy"], 4, 11).unwrap();
    assert!(tally.wins[0] >= 3, "{tally:?}");
}

#[test]
fn play_runs_a_short_match_and_rejects_bad_options() {
    let play = |words: &[&str]| {
        let words = ["play", "cloudwars"].iter().chain(words);
        match examples::cli::parse(words)?.command {
            Some(examples::cli::Command::Cloudwars(options)) => examples::cloudwars::play(&options),
            other => panic!("{other:?}"),
        }
    };
    play(&["--games", "1", "--max-iterations", "120", "--clouds", "10"]).unwrap();
    assert!(play(&["--bots", "greedy,nobody", "--games", "1"]).is_err());
    assert!(play(&["--bots", "greedy"]).is_err());
    assert!(play(&["--games", "many"]).is_err());
}

#[test]
fn verify_replays_golden_files() {
    assert!(examples::cloudwars::verify(&["nothing.txt"]).is_err());
    let Some(dir) = std::env::var_os("CONTEST_DATA") else {
        println!("conformance: cloudwars: skipped (CONTEST_DATA unset)");
        return;
    };
    let dir = std::path::PathBuf::from(dir).join("cloudwars");
    let file = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let line = examples::cloudwars::verify(&[
        file("micro_cases.json"),
        file("kill_ring_vectors.json"),
        file("s1_handmade_rules.trace.jsonl"),
    ])
    .unwrap();
    assert!(
        line.starts_with("conformance: cloudwars: 28 traces, 2711 updates, all match"),
        "{line}"
    );
    assert!(
        line.contains("1 scenarios") && line.contains("26 micro cases"),
        "{line}"
    );
    assert!(examples::cloudwars::verify(&[file("missing.scenario.json")]).is_err());
}

#[test]
fn playable_draws_scores_and_loads_recordings() {
    use arena::Playable;
    use cloudwars::{Config, Game, Setup, WorldParams};
    use examples::roster::Roster;
    let setup = Setup {
        params: WorldParams {
            rainclouds: 10,
            ..WorldParams::default()
        },
        players: 2,
        ..Setup::default()
    };
    let game = Game::with_setup(Config::default(), setup).unwrap();
    let state = game.initial_state(4);
    let mut svg = String::new();
    game.render_svg(&state, &mut svg);
    assert_eq!(svg.matches("class=\"storm\"").count(), 2);
    assert_eq!(game.current_scores(&state), [600.0, 600.0]);
    assert!(game.bot("greedy").is_ok() && game.bot("nobody").is_err());
    let Some(dir) = std::env::var_os("CONTEST_DATA") else {
        return;
    };
    let path = std::path::PathBuf::from(dir).join("cloudwars/s1_handmade_rules.scenario.json");
    let recording = <Game as Playable>::load_recording(&path).unwrap();
    assert_eq!(recording.states.len(), 1501);
    assert_eq!(recording.names.len(), 2);
}

#[test]
fn the_search_model_keeps_the_game_contract() {
    use cloudwars::{Config, Game, Setup, WorldParams};
    let setup = Setup {
        params: WorldParams {
            rainclouds: 8,
            ..WorldParams::default()
        },
        players: 2,
        ..Setup::default()
    };
    let config = Config {
        width: 400,
        height: 300,
        // The timeout is 3 * 60 * game_speed = 180 iterations: 30 steps of 6.
        game_speed: 1,
        ..Config::default()
    };
    let game = Game::with_setup(config, setup).unwrap();
    let horizon = Horizon {
        game: &game,
        every: 6,
    };
    let ranks = |r: &Vec<u32>| r.iter().map(|&r| r as usize).collect();
    let summary = pathfind::tree::check::contract(&horizon, 0..3, 40, ranks);
    assert_eq!(summary.games, 3);
    assert!(summary.actions_tried > 0);
}

#[test]
fn the_search_prefers_the_classic_evaluation_of_its_candidates() {
    // One deterministic playout per candidate: the new bot's choice scores at least as well,
    // 42 iterations ahead with everyone else drifting, as waiting does.
    use cloudwars::{Action, PlayerId};
    let cfg = short();
    let (game, state) = new_game(&cfg, 7).unwrap();
    let me = PlayerId(0);
    let mut search = Search::default();
    let ahead = |first: Option<Action>| {
        let mut sim = state.clone();
        if let Some(action) = first {
            game.apply(&mut sim, me, action).unwrap();
        }
        for _ in 0..42 {
            game.update(&mut sim);
        }
        SearchClassic::score(&sim, me)
    };
    let chosen = search.command(&game, &state, me);
    assert!(ahead(chosen) >= ahead(None), "{chosen:?}");
}
