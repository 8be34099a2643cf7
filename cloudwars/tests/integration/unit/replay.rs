//! The tests of `cloudwars::replay` that lived beside its code.

use cloudwars::replay::*;

fn scenario_json(iterations: &str) -> String {
    format!(
        r#"{{"name":"t","width":100,"height":100,"gameSpeed":60,"iterations":{iterations},
           "clouds":[{{"x":50,"y":50,"vx":0,"vy":0,"vapor":9,"player":"P","color":"blue"}}],
           "commands":[]}}"#
    )
}

fn micro_json(iter: &str) -> String {
    format!(
        r#"[{{"name":"m","width":100,"height":100,"gameSpeed":60,
             "before":[[50,50,0,0,9,"P","blue"]],"commands":[],
             "after":[{{"iter":{iter},"hash":"0","worldVapor":9,"alive":1,"win":false,"leader":"P"}}]}}]"#
    )
}

#[test]
fn scenario_iterations_are_checked_against_the_limit() {
    for bad in ["-1", "-2", "99999999999", "1e300", "18446744073709551615"] {
        match Scenario::parse(&scenario_json(bad)) {
            Err(ReplayError::Limit {
                field: "iterations",
                value,
                limit,
                ..
            }) => {
                assert_eq!(limit, MAX_SCENARIO_ITERATIONS);
                assert!(value.starts_with(&bad[..2]), "{value}");
            }
            other => panic!("{bad}: {other:?}"),
        }
    }
    // A scenario built by hand gets the same check before anything is allocated.
    let mut scenario = Scenario::parse(&scenario_json("3")).unwrap();
    scenario.iterations = u64::MAX;
    assert!(matches!(
        replay_scenario(&scenario, ""),
        Err(ReplayError::Limit { .. })
    ));
    // Within the limit, a trace without ticks stops at the first missing one.
    scenario.iterations = MAX_SCENARIO_ITERATIONS;
    assert!(matches!(
        replay_scenario(&scenario, ""),
        Err(ReplayError::Format { field, .. }) if field == "tick 0"
    ));
}

#[test]
fn micro_case_iterations_are_checked_against_the_limit() {
    for bad in ["-1", "2147483648", "100001", "1.5"] {
        let err = replay_micro_cases(&micro_json(bad)).unwrap_err();
        assert!(
            matches!(err, ReplayError::Limit { field: "iter", .. }),
            "{bad}: {err:?}"
        );
    }
    // A small count runs and reaches the comparison.
    assert!(matches!(
        replay_micro_cases(&micro_json("3")),
        Err(ReplayError::Mismatch(_))
    ));
}

#[test]
fn board_sizes_that_do_not_fit_an_i32_are_rejected_not_truncated() {
    let text = scenario_json("1").replace("\"width\":100", "\"width\":4294967396");
    assert!(matches!(
        Scenario::parse(&text),
        Err(ReplayError::Limit { field: "width", .. })
    ));
}

#[test]
fn files_without_traces_are_an_error() {
    let none: [&str; 0] = [];
    assert!(matches!(
        verify_files(&none),
        Err(VerifyError::Empty { .. })
    ));
    let dir = std::env::temp_dir().join(format!("cloudwars-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let empty = dir.join("micro_cases.json");
    std::fs::write(&empty, "[]").unwrap();
    assert!(matches!(
        verify_files(&[&empty]),
        Err(VerifyError::Empty { .. })
    ));
    std::fs::write(&empty, "").unwrap();
    assert!(matches!(
        verify_files(&[&empty]),
        Err(VerifyError::Format { .. })
    ));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn play_commands_applies_each_command_before_its_update() {
    let mut scenario = Scenario::parse(&scenario_json("3")).unwrap();
    let command = |at, player: &str, action| ScenarioCommand {
        at,
        player: player.to_owned(),
        action,
        ok: true,
    };
    scenario.commands = vec![
        // No cloud of Q's: skipped, and the commands after it still play.
        command(1, "Q", cloudwars::Action::Kill),
        command(1, "P", cloudwars::Action::Kill),
    ];
    let game = cloudwars::Game::new(scenario.config).unwrap();
    let initial = game.world_from_clouds(&scenario.clouds, 0).unwrap();

    let mut played = initial.clone();
    let mut frames = Vec::new();
    play_commands(&game, &mut played, &scenario.commands, 3, |s| {
        frames.push(s.float_hash())
    });

    let mut by_hand = initial.clone();
    let mut expected = Vec::new();
    for iter in 0..3 {
        if iter == 1 {
            let p = by_hand.player_by_name("P").unwrap();
            game.apply(&mut by_hand, p, cloudwars::Action::Kill)
                .unwrap();
        }
        game.update(&mut by_hand);
        expected.push(by_hand.float_hash());
    }
    assert_eq!(frames, expected);
    assert_eq!(played.float_hash(), by_hand.float_hash());
    // The kill happened: the storm's vapor is gone from the world.
    assert_ne!(played.float_hash(), {
        let mut quiet = initial;
        for _ in 0..3 {
            game.update(&mut quiet);
        }
        quiet.float_hash()
    });
}
