//! The `play` command as a user runs it: typed options, suggestions for misspelled ones, the same
//! option names in every game, shards that merge to one run, and `verify` refusing empty input.

use crate::support::{play, temp_dir, text};

#[test]
fn a_misspelled_or_renamed_option_is_an_error_that_names_the_right_one() {
    // Once silently ignored (100 fights were played).
    for wrong in ["--fight", "--fights"] {
        let out = play(&["dogfight", wrong, "5"]);
        assert!(!out.status.success(), "{wrong}");
        let err = text(&out.stderr);
        assert!(
            err.contains(&format!("unexpected argument '{wrong}'")),
            "{err}"
        );
        assert!(err.contains("--games"), "{wrong}: {err}");
    }
    // clap's own suggestion for a near miss.
    let out = play(&["tron3d", "--bord", "cube6"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("--board"),
        "{}",
        text(&out.stderr)
    );
    // The old plural of --map.
    let out = play(&["windward", "--maps", "2"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("'--map'"),
        "{}",
        text(&out.stderr)
    );
    // A value of the wrong type names the option.
    let out = play(&["amazes", "--games", "many"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("--games"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn every_game_takes_the_same_tournament_options() {
    for game in ["dogfight", "tron3d", "cloudwars", "amazes", "windward"] {
        let out = play(&[game, "--help"]);
        assert!(out.status.success(), "{game}");
        let help = text(&out.stdout);
        for option in [
            "--games",
            "--seed",
            "--bots",
            "--jobs",
            "--shard",
            "--results",
            "--fixed-seats",
        ] {
            assert!(
                help.contains(option),
                "{game} --help lacks {option}:\n{help}"
            );
        }
    }
    let out = play(&["--help"]);
    assert!(out.status.success());
    let help = text(&out.stdout);
    for command in ["dogfight", "tron3d", "verify", "merge"] {
        assert!(help.contains(command), "{help}");
    }
    assert!(!play(&["chess"]).status.success());
}

#[test]
fn windward_map_2_plays_map_2_only() {
    // Once read as nothing (the option was --maps) and played maps 1-3.
    let out = play(&[
        "windward",
        "--map",
        "2",
        "--games",
        "2",
        "--max-ticks",
        "30",
        "--quiet",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("round   1: map 2,"), "{stdout}");
    assert!(stdout.contains("round   2: map 2,"), "{stdout}");
    assert!(stdout.contains("shipped map(s) 2,"), "{stdout}");
    let out = play(&["windward", "--map", "4"]);
    assert!(!out.status.success());
}

#[test]
fn shards_merged_give_the_table_of_one_run() {
    let dir = temp_dir("cli", "shards");
    let common = ["dogfight", "--games", "7", "--seed", "5", "--quiet"];
    let whole = play(&[&common[..], &["--jobs", "2"]].concat());
    assert!(whole.status.success(), "{}", text(&whole.stderr));
    let mut files = Vec::new();
    for shard in ["0/3", "1/3", "2/3"] {
        let file = dir.join(format!("part{}.json", &shard[..1]));
        let file_text = file.display().to_string();
        let args = [
            &common[..],
            &["--jobs", "1", "--shard", shard, "--results", &file_text],
        ]
        .concat();
        let out = play(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(text(&out.stdout).contains(&format!("shard {shard}")));
        files.push(file_text);
    }
    let merged_file = dir.join("all.json").display().to_string();
    let mut args = vec!["merge", "--results", &merged_file];
    args.extend(files.iter().rev().map(String::as_str));
    let merged = play(&args);
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    // The merged table is the whole run's table, line for line.
    let merged_table: String = text(&merged.stdout)
        .lines()
        .filter(|line| !line.starts_with("results written"))
        .map(|line| format!("{line}\n"))
        .collect();
    assert!(
        text(&whole.stdout).starts_with(&merged_table),
        "merged:\n{merged_table}\nwhole:\n{}",
        text(&whole.stdout)
    );
    // Missing a shard is an error.
    let out = play(&["merge", &files[0], &files[1]]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("missing"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn verify_refuses_an_empty_file_and_missing_files() {
    let dir = temp_dir("cli", "verify");
    let empty = dir.join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    for game in ["dogfight", "tron3d", "cloudwars", "amazes", "windward"] {
        let out = play(&["verify", game, empty.to_str().unwrap()]);
        assert!(!out.status.success(), "{game}");
        assert!(text(&out.stderr).contains("empty.jsonl"), "{game}");
    }
    // No file at all is a usage error.
    assert!(!play(&["verify", "dogfight"]).status.success());
    // A missing file names itself.
    let out = play(&["verify", "dogfight", "/nonexistent/fights.jsonl"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("/nonexistent/fights.jsonl"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn recordings_written_by_play_verify() {
    let dir = temp_dir("cli", "record");
    let record = dir.join("fights.jsonl").display().to_string();
    let out = play(&["dogfight", "--games", "3", "--record", &record, "--quiet"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = play(&["verify", "dogfight", &record]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    // Three match-ups of ten fights: a trace per fight.
    assert!(
        text(&out.stdout).starts_with("conformance: dogfight: 30 traces,"),
        "{}",
        text(&out.stdout)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 22: `--jobs 18446744073709551615` asked for that many threads; it is clamped.
#[test]
fn a_huge_jobs_count_is_clamped() {
    let out = play(&[
        "dogfight",
        "--bots",
        "random,random",
        "--games",
        "2",
        "--quiet",
        "--jobs",
        "18446744073709551615",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with("dogfight: 2 games"),
        "{}",
        text(&out.stdout)
    );
}

/// Issue 22: the last shard of a `u64::MAX`-game tournament overflowed `start + BATCH`; it plays
/// exactly its one game.
#[test]
fn the_last_shard_of_the_largest_tournament_plays_its_one_game() {
    let dir = temp_dir("cli", "last-shard");
    let file = dir.join("last.json");
    let out = play(&[
        "dogfight",
        "--bots",
        "random,random",
        "--quiet",
        "--games",
        "18446744073709551615",
        "--shard",
        "18446744073709551614/18446744073709551615",
        "--results",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("dogfight: 1 game (shard "), "{stdout}");
    let results: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let records = results["records"].as_array().unwrap();
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["index"].as_u64(), Some(u64::MAX - 1));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 22: merged step counts adding past `u64::MAX` overflowed; they are summed exactly.
#[test]
fn merging_step_counts_past_u64_gives_the_mean() {
    let dir = temp_dir("cli", "merge-steps");
    let mut files = Vec::new();
    for index in 0..2 {
        let json = format!(
            r#"{{"format":1,"tournament":{{"game":"dogfight","setup":"s","lineup":["a","b"],"games":2,"seed":1,"rotate":false}},"shard":{{"index":{index},"count":2}},"records":[{{"index":{index},"seats":[0,1],"scores":[1.0,0.0],"ranks":[1,2],"steps":18446744073709551615}}]}}"#
        );
        let file = dir.join(format!("part{index}.json"));
        std::fs::write(&file, json).unwrap();
        files.push(file.display().to_string());
    }
    let out = play(&["merge", &files[0], &files[1]]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(&format!("{:.1} steps per game", u64::MAX as f64)),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `play amazes --bots cmd:PROGRAM ARG...`: a program speaking the CodeCup 2010 judge's
/// protocol plays beside the example bots; one that crashes gets its faults counted in the table;
/// a missing one is an error before any game.
#[test]
fn amazes_programs_play_with_cmd() {
    let program = format!("cmd:{} 7", env!("CARGO_BIN_EXE_amazes_random"));
    let out = play(&[
        "amazes",
        "--games",
        "2",
        "--quiet",
        "--bots",
        &format!("{program},explorer"),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("amazes: 2 games"), "{stdout}");
    assert!(!stdout.contains("faults"), "{stdout}");

    let out = play(&[
        "amazes",
        "--games",
        "2",
        "--quiet",
        "--bots",
        "cmd:sh -c true,random",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let row = stdout
        .lines()
        .find(|line| line.starts_with("cmd:sh -c true"))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(row.ends_with(" 2"), "two games with a fault: {stdout}");

    let out = play(&["amazes", "--bots", "cmd:/nonexistent/bot,random"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("/nonexistent/bot: no such program"),
        "{}",
        text(&out.stderr)
    );
}

/// The Python sample bot (`examples/programs/amazes/bot.py`, standard library only) plays a short
/// match against an example bot without a protocol fault.
#[test]
fn the_python_amazes_sample_plays_without_a_fault() {
    let bot = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/amazes/bot.py");
    let dir = temp_dir("cli", "python-amazes");
    let file = dir.join("results.json");
    let out = play(&[
        "amazes",
        "--games",
        "2",
        "--quiet",
        "--bots",
        &format!("cmd:{bot},random"),
        "--results",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("amazes: 2 games"), "{stdout}");
    let results = std::fs::read_to_string(&file).unwrap();
    // A turn over the 1 s limit on a very busy machine is `silence`, which is not what this test
    // is about (and made it fail now and then on a loaded machine); any other fault is a protocol
    // error of the program or of the judge.
    for kind in ["crash:", "flood:", "garbage:"] {
        assert!(
            !results.contains(kind),
            "a {kind} fault: {stdout}\n{results}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The Python sample Dogfight bot (`examples/programs/dogfight/bot.py`, standard library only)
/// plays a short match against `random` in the original wrapper protocol: it never writes a line
/// the controller cannot read, never crashes, and wins most fights (it looks one move ahead for
/// shots and danger; `random` often flies into walls). A turn over the 1 s limit on a very busy
/// machine would be a timeout, which is not what this test is about, so only the other faults count.
#[test]
fn the_python_dogfight_sample_speaks_the_wrapper_protocol_and_wins() {
    let bot = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/dogfight/bot.py");
    let out = play(&[
        "dogfight",
        "--games",
        "10",
        "--quiet",
        "--jobs",
        "1",
        "--bots",
        &format!("cmd:{bot},random"),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    for fault in ["crash", "garbage", "flood"] {
        assert!(
            !stdout.contains(&format!(" {fault}")),
            "a {fault} fault: {stdout}"
        );
    }
    let row = stdout
        .lines()
        .find(|line| line.starts_with("cmd:"))
        .expect("the program's row");
    let wins: u32 = row.split_whitespace().nth(2).unwrap().parse().unwrap();
    assert!(wins >= 6, "{stdout}");
}

/// `play dogfight --bots cmd:PROGRAM ARG...`: the command line's arguments reach the program
/// (before the original's `<arena size> <rounds>`), and a program that exits at once has its
/// faults counted per bot in the table.
#[test]
fn dogfight_programs_take_arguments_and_their_faults_are_tabulated() {
    let out = play(&[
        "dogfight",
        "--games",
        "2",
        "--quiet",
        "--bots",
        "cmd:sh -c true,random",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.lines().nth(1).unwrap().ends_with("faults"),
        "{stdout}"
    );
    let row = stdout
        .lines()
        .find(|line| line.starts_with("cmd:sh -c true"))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(row.ends_with(" 2"), "two fights with a fault: {stdout}");
    // Under the table: the bot's faults per kind, and its first with its fight, step and why,
    // said once (not `crash: crash:`).
    let faults = stdout
        .lines()
        .find(|line| {
            line.starts_with("faults of cmd:sh -c true: 2 crash; first in game 0 at step ")
        })
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(faults.contains(": crash: round "), "{faults}");
    assert!(!stdout.contains("crash: crash"), "{stdout}");
}

/// The faults of a results file (`"faults"` of every record), as one text.
fn faults_in(results: &str) -> String {
    let value: serde_json::Value = serde_json::from_str(results).unwrap();
    value["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["faults"].to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The Python sample CloudWars bot (`examples/programs/cloudwars/bot.py`) plays a short `play`
/// match against `greedy` over the original TCP text protocol, its port from `{port}`: no crash,
/// flood or garbage (a step over the limit on a very busy machine would be `silence`, which is
/// not what this test is about).
#[test]
fn the_python_cloudwars_sample_plays_over_tcp_without_a_fault() {
    let bot = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/cloudwars/bot.py");
    let dir = temp_dir("cli", "python-cloudwars");
    let file = dir.join("results.json");
    let out = play(&[
        "cloudwars",
        "--games",
        "2",
        "--quiet",
        "--max-iterations",
        "600",
        "--bots",
        &format!("cmd:{bot} {{port}},greedy"),
        "--results",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("cloudwars: 2 games"), "{stdout}");
    let faults = faults_in(&std::fs::read_to_string(&file).unwrap());
    for kind in ["crash:", "flood:", "garbage:"] {
        assert!(!faults.contains(kind), "a {kind} fault: {faults}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The Python sample Windward bot (`examples/programs/windward/bot.py`) plays a short round in
/// `play` over the original TCP protocol, its port from `CONTEST_PORT`: no crash, flood or
/// garbage, and it delivers (scores) in 6,000 ticks.
#[test]
fn the_python_windward_sample_plays_over_tcp_without_a_fault() {
    let bot = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/windward/bot.py");
    let dir = temp_dir("cli", "python-windward");
    let file = dir.join("results.json");
    let out = play(&[
        "windward",
        "--games",
        "1",
        "--quiet",
        "--map",
        "1",
        "--max-ticks",
        "6000",
        "--fixed-seats",
        "--bots",
        &format!("cmd:{bot}"),
        "--results",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let results = std::fs::read_to_string(&file).unwrap();
    let faults = faults_in(&results);
    for kind in ["crash:", "flood:", "garbage:"] {
        assert!(!faults.contains(kind), "a {kind} fault: {faults}");
    }
    let value: serde_json::Value = serde_json::from_str(&results).unwrap();
    let score = value["records"][0]["scores"][0].as_f64().unwrap();
    assert!(score > 0.0, "{}", text(&out.stdout));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--port`: the program bot is served on the port given (one game at a time); with more than one job, in a game whose programs do not use TCP,
/// or on a port in use, `play` stops with an error naming the problem.
#[test]
fn port_serves_the_program_on_the_port_given() {
    let bot = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/cloudwars/bot.py");
    // A port that was free a moment ago (the test binds it again, so a clash would be an error,
    // not a wrong result).
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
        .to_string();
    let dir = temp_dir("cli", "port");
    let file = dir.join("results.json");
    let out = play(&[
        "cloudwars",
        "--games",
        "2",
        "--quiet",
        "--max-iterations",
        "120",
        "--port",
        &port,
        "--bots",
        // The port itself, not `{port}`: served on any other, the program could not connect.
        &format!("cmd:{bot} {port},greedy"),
        "--results",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let faults = faults_in(&std::fs::read_to_string(&file).unwrap());
    for kind in ["crash:", "flood:", "garbage:", "did not connect"] {
        assert!(!faults.contains(kind), "a {kind} fault: {faults}");
    }
    std::fs::remove_dir_all(&dir).unwrap();

    let out = play(&[
        "cloudwars",
        "--port",
        &port,
        "--jobs",
        "2",
        "--bots",
        &format!("cmd:{bot},greedy"),
    ]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("--jobs 2"),
        "{}",
        text(&out.stderr)
    );
    let out = play(&["dogfight", "--port", &port]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("not served over TCP"),
        "{}",
        text(&out.stderr)
    );
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let taken_port = taken.local_addr().unwrap().port().to_string();
    let out = play(&[
        "windward",
        "--games",
        "1",
        "--port",
        &taken_port,
        "--bots",
        &format!("cmd:{bot}"),
    ]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("cannot serve on 127.0.0.1"),
        "{}",
        text(&out.stderr)
    );
}
