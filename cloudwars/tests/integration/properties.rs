//! Property tests: no panic on any input, the step API's laws, and the physics invariants.

use cloudwars::protocol::{Command, Reply, WorldJson, go_f32, parse_command};
use cloudwars::strategy;
use cloudwars::{Action, Cloud, CloudSpec, CommandError, Game, PlayerId, Vec2};
use proptest::prelude::*;

fn vapor_sum(clouds: &[Cloud]) -> f64 {
    clouds.iter().map(|c| f64::from(c.vapor)).sum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn no_panic_on_any_command_bytes(line in prop::collection::vec(any::<u8>(), 0..40)) {
        let _ = parse_command(&line);
        let _ = Reply::parse(&String::from_utf8_lossy(&line));
    }

    #[test]
    fn no_panic_on_any_json_text(text in ".{0,80}", json in r#"\{"Width":(-?[0-9]{1,12}|"x"),"Clouds":\[(\{"Pos":\{"X":1e40\}\})?\]\}"#) {
        for t in [&text, &json] {
            if let Ok(world) = WorldJson::parse(t) {
                let _ = world.to_world();
            }
            let _ = cloudwars::replay::Scenario::parse(t);
            let _ = cloudwars::replay::replay_micro_cases(t);
            let _ = cloudwars::replay::check_kill_ring(t);
        }
    }

    #[test]
    fn any_float_world_is_refused_or_updates_without_panic(
        values in prop::collection::vec((strategy::any_f32(), strategy::any_f32(), strategy::any_f32(), strategy::any_f32(), strategy::any_f32(), any::<bool>()), 0..16),
        config in strategy::config(),
    ) {
        let game = Game::new(config).unwrap();
        let specs: Vec<CloudSpec> = values
            .iter()
            .map(|&(x, y, vx, vy, vapor, player)| CloudSpec {
                pos: Vec2::new(x, y),
                vel: Vec2::new(vx, vy),
                vapor,
                player: player.then(|| cloudwars::Player { name: "P".into(), color: cloudwars::Color::Red }),
            })
            .collect();
        let all_finite = values.iter().all(|v| [v.0, v.1, v.2, v.3, v.4].iter().all(|f| f.is_finite()));
        match game.world_from_clouds(&specs, 1) {
            Err(_) => prop_assert!(!all_finite),
            Ok(mut state) => {
                prop_assert!(all_finite);
                let mut reference = state.clone();
                for _ in 0..3 {
                    game.update(&mut state);
                    game.update_all_pairs(&mut reference);
                }
                prop_assert_eq!(state.float_hash(), reference.float_hash());
                let _ = cloudwars::protocol::list_reply(&game, &state);
            }
        }
    }

    #[test]
    fn no_panic_on_any_command_text(verb in prop::sample::select(vec!["move", "MOVE", "name", "type", "kill", "list", "play", "quit", "exit", "mo"]), payload in ".{0,30}") {
        let line = format!("{verb}{payload}");
        let _ = parse_command(line.as_bytes());
    }

    #[test]
    fn commands_round_trip_through_their_lines(x in -1e6f32..1e6, y in -1e6f32..1e6, color in strategy::color(), name in "[A-Za-z0-9_]{1,25}") {
        for cmd in [Command::Type(color), Command::Name(name.clone()), Command::List, Command::Kill, Command::Play, Command::Quit] {
            prop_assert_eq!(parse_command(cmd.to_line().as_bytes()), Ok(cmd.clone()));
        }
        let Ok(Command::Move(m)) = parse_command(format!("move{x};{y}").as_bytes()) else { panic!() };
        prop_assert_eq!(m.wind.to_bits(), [x.to_bits(), y.to_bits()]);
    }

    #[test]
    fn any_float_move_never_panics_and_non_finite_is_refused(
        (game, state) in strategy::world(6, 3),
        x in strategy::any_f32(),
        y in strategy::any_f32(),
        player in 0u8..4,
    ) {
        let mut after = state.clone();
        let result = game.apply(&mut after, PlayerId(player), Action::Move(Vec2::new(x, y)));
        if !(x.is_finite() && y.is_finite()) && state.cloud_of(PlayerId(player)).is_some() {
            let is_non_finite = matches!(result, Err(CommandError::NonFiniteWind { .. }));
            prop_assert!(is_non_finite);
        }
        if result.is_err() {
            prop_assert_eq!(&after, &state);
        } else {
            prop_assert_eq!(after.clouds().len(), state.clouds().len() + 1);
            prop_assert!(after.clouds().iter().all(|c| c.pos.is_finite() && c.vel.is_finite() && c.vapor.is_finite()));
        }
        // Debug text, because a NaN in the error is not equal to itself.
        let checked = game.check(&state, PlayerId(player), Action::Move(Vec2::new(x, y)));
        prop_assert_eq!(format!("{checked:?}"), format!("{result:?}"));
    }

    #[test]
    fn step_equals_clone_plus_advance(
        (game, state) in strategy::world(25, 4),
        rounds in prop::collection::vec(strategy::actions(4, 3), 1..8),
    ) {
        let mut in_place = state.clone();
        let mut pure = state;
        for actions in &rounds {
            let next = game.step_commands(&pure, actions);
            game.advance_commands(&mut in_place, actions);
            prop_assert_eq!(&next, &in_place);
            prop_assert_eq!(next.float_hash(), in_place.float_hash());
            pure = next;
        }
    }

    #[test]
    fn pruned_update_is_bit_identical_to_all_pairs(
        (game, state) in strategy::world(60, 4),
        rounds in prop::collection::vec(strategy::actions(4, 2), 1..12),
    ) {
        let mut a = state.clone();
        let mut b = state;
        for actions in &rounds {
            for &(p, act) in actions {
                let ra = game.apply(&mut a, p, act);
                let rb = game.apply(&mut b, p, act);
                prop_assert_eq!(format!("{ra:?}"), format!("{rb:?}"));
            }
            game.update(&mut a);
            game.update_all_pairs(&mut b);
            prop_assert_eq!(&a, &b);
        }
    }

    #[test]
    fn updates_never_increase_vapor((game, mut state) in strategy::world(40, 4), updates in 1usize..20) {
        // Whole vapors: every 1.0 transfer is exact, so the total can only drop (by residuals).
        let mut whole = state.clone();
        for c in whole.clouds_mut() {
            c.vapor = c.vapor.floor();
        }
        for _ in 0..updates {
            let before = vapor_sum(whole.clouds());
            game.update(&mut whole);
            let after = vapor_sum(whole.clouds());
            prop_assert!(after <= before, "{} -> {}", before, after);
        }
        // Fractional vapors: `big += 1.0` may round up by half an ulp per transfer, no more.
        for _ in 0..updates {
            let before = vapor_sum(state.clouds());
            game.update(&mut state);
            let after = vapor_sum(state.clouds());
            prop_assert!(after <= before * (1.0 + 1e-5), "{} -> {}", before, after);
        }
    }

    #[test]
    fn a_lone_cloud_is_inside_the_board_after_its_bounce(
        config in strategy::config(),
        x in -5000.0f32..5000.0, y in -5000.0f32..5000.0,
        vx in -1e4f32..1e4, vy in -1e4f32..1e4,
        vapor in 1.0f32..10_000.0,
    ) {
        let game = Game::new(config).unwrap();
        let spec = CloudSpec { pos: Vec2::new(x, y), vel: Vec2::new(vx, vy), vapor, player: None };
        let mut state = game.world_from_clouds(&[spec], 0).unwrap();
        game.update(&mut state);
        let c = state.clouds()[0];
        let r = c.radius();
        let (w, h) = (config.width as f32, config.height as f32);
        if 2.0 * r <= w {
            prop_assert!(c.pos.x >= r && c.pos.x + r <= w, "x {} r {}", c.pos.x, r);
        }
        if 2.0 * r <= h {
            prop_assert!(c.pos.y >= r && c.pos.y + r <= h, "y {} r {}", c.pos.y, r);
        }
    }

    #[test]
    fn any_world_plays_out_without_panic((game, mut state) in strategy::world(30, 4), actions in strategy::actions(4, 6)) {
        game.advance_commands(&mut state, &actions);
        for _ in 0..30 {
            game.update(&mut state);
        }
        let _ = game.outcome(&state);
        let mut buf = Vec::new();
        for p in 0..4 {
            game.legal_actions(&state, usize::from(p), &mut buf);
            for &a in &buf {
                prop_assert_eq!(game.check(&state, PlayerId(p), a), Ok(()));
            }
        }
    }

    #[test]
    fn serde_round_trip((game, mut state) in strategy::world(10, 3), actions in strategy::actions(3, 3)) {
        game.advance_commands(&mut state, &actions);
        let text = serde_json::to_string(&state).unwrap();
        let back: cloudwars::State = serde_json::from_str(&text).unwrap();
        prop_assert_eq!(&back, &state);
        // The generator travels too: both continue identically.
        let (mut a, mut b) = (state, back);
        game.advance_commands(&mut a, &[(PlayerId(0), Action::Move(Vec2::new(2.0, 1.0)))]);
        game.advance_commands(&mut b, &[(PlayerId(0), Action::Move(Vec2::new(2.0, 1.0)))]);
        prop_assert_eq!(a, b);
    }

    #[test]
    fn list_json_round_trips((game, mut state) in strategy::world(15, 4), actions in strategy::actions(4, 3)) {
        game.advance_commands(&mut state, &actions);
        let json = WorldJson::from_state(&game, &state);
        let text = json.to_json().unwrap();
        let parsed = WorldJson::parse(&text).unwrap();
        prop_assert_eq!(&parsed, &json);
        prop_assert_eq!(parsed.to_json().unwrap(), text.clone());
        let (game2, state2) = parsed.to_world().unwrap();
        prop_assert_eq!(game2.config(), game.config());
        prop_assert_eq!(WorldJson::from_state(&game2, &state2).to_json().unwrap(), text);
        prop_assert_eq!(state2.float_hash(), state.float_hash());
    }

    #[test]
    fn go_float_text_reads_back_to_the_same_bits(bits in any::<u32>()) {
        let v = f32::from_bits(bits);
        match go_f32(v) {
            None => prop_assert!(!v.is_finite()),
            Some(text) => {
                let via_json: f64 = serde_json::from_str(&text).unwrap();
                prop_assert_eq!((via_json as f32).to_bits(), bits, "{}", text);
            }
        }
    }
}

#[test]
fn same_seed_same_world() {
    let game = Game::new(cloudwars::Config::default()).unwrap();
    let params = cloudwars::WorldParams::default();
    let a = game.new_world(&params, 42);
    assert_eq!(a, game.new_world(&params, 42));
    assert_ne!(a, game.new_world(&params, 43));
    assert_eq!(a.clouds().len(), 100);
    for c in a.clouds() {
        assert!((0.0..2048.0).contains(&c.pos.x) && (0.0..1152.0).contains(&c.pos.y));
        assert!(c.vel.x.abs() < 7.0 && c.vel.y.abs() < 7.0);
        assert!((0.0..200.0).contains(&c.vapor));
    }
}
