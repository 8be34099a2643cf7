//! Dogfight's run of fights (issue 38 part 4): a game of `play dogfight` is a match-up of
//! `--matchup` fights (10, as the original controller), played by one program process that is
//! sent `NEW CONTEST` and `NEW OPPONENT 10` once and `NEW FIGHT i mine theirs` before each fight
//! with the true running tallies, then killed with the match-up. A program that crashes in the
//! middle of a match-up is not restarted: its planes get no moves (they fly straight) for the rest
//! of the match-up, which is still played out and scored, and the record tells the crash once,
//! with its fight and its step counted from the match-up's start.
//!
//! The program is a shell script that logs every line it is sent (but the planes' lines) to its
//! standard error (`--stderr-dir`), each with a token of its own start. It plays seat 0
//! (`--fixed-seats`) against `straight`, whose planes fly into the far wall in round 14: in fight
//! `i` with `i % 3 == 1` it dives into the floor in round 1 (a loss), in the others it circles
//! along the floor and wins in round 14; so it wins 7 fights of 10 and loses 3.

use std::path::{Path, PathBuf};

use crate::support::{play, sleeping, temp_dir, text};

/// The program: `sh SCRIPT MODE` (`MODE` is `play`, or `crash` to exit with code 3 in round 5
/// of fight 3, the fourth), with `sleep MARKER` left running in the background to show that the match-up's
/// end kills the process's whole group.
fn program(dir: &Path, marker: &str) -> PathBuf {
    let path = dir.join("runs.sh");
    let script = format!(
        r#"#!/bin/sh
mode=$1
sleep {marker} &
token="$$-$(date +%s%N)"
echo "start $token $*" >&2
fight=0
round=0
while IFS= read -r line; do
  case "$line" in
    "NEW TURN")
      read -r a; read -r b; read -r c; read -r d
      if [ $((fight % 3)) -eq 1 ]; then
        move="SD 0 0"
      else
        case $((round % 8)) in
          0) move="SW 1 0";; 1) move="S 1 0";; 2) move="SE 1 0";; 3) move="E 1 0";;
          4) move="NE 1 0";; 5) move="N 1 0";; 6) move="NW 1 0";; *) move="W 1 0";;
        esac
      fi
      echo "$move"
      echo "$move";;
    "ROUNDS LEFT "*)
      round=$((99 - ${{line#ROUNDS LEFT }}))
      if [ "$mode" = crash ] && [ "$fight" -eq 3 ] && [ "$round" -eq 4 ]; then exit 3; fi;;
    "NEW FIGHT "*)
      set -- $line
      fight=$3
      echo "$token $line" >&2;;
    *)
      echo "$token $line" >&2;;
  esac
done
"#
    );
    std::fs::write(&path, script).unwrap();
    path
}

/// A number for `sleep` unique to this test process and `test`.
fn marker(test: u32) -> String {
    format!("{}", 700_000 + (std::process::id() % 4_000) * 20 + test)
}

/// Plays `play dogfight --games GAMES --fixed-seats` with the program in seat 0 against
/// `straight` and `extra` options; returns the results file's records, the recorded fights and
/// the stderr folder.
fn run(
    dir: &Path,
    mode: &str,
    marker: &str,
    games: &str,
    extra: &[&str],
) -> (Vec<serde_json::Value>, Vec<serde_json::Value>, PathBuf) {
    let script = program(dir, marker);
    let results = dir.join("results.json");
    let record = dir.join("fights.jsonl");
    let logs = dir.join("logs");
    let bots = format!("cmd:sh {} {mode},straight", script.display());
    let mut args = vec![
        "dogfight",
        "--games",
        games,
        "--fixed-seats",
        "--quiet",
        "--bots",
        &bots,
        "--results",
        results.to_str().unwrap(),
        "--record",
        record.to_str().unwrap(),
        "--stderr-dir",
        logs.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let out = play(&args);
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    let results: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&results).unwrap()).unwrap();
    let records = results["records"].as_array().unwrap().clone();
    let fights = std::fs::read_to_string(&record)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    (records, fights, logs)
}

/// The program's log of match-up `game` (seat 0): `(start lines, the other lines)`, the other
/// lines without their token, each checked to carry the token of the one start.
fn log_of(logs: &Path, game: u64) -> (usize, Vec<String>) {
    let path = logs.join(format!("dogfight-g{game}-s0.stderr"));
    let log = std::fs::read_to_string(&path).unwrap();
    let starts: Vec<&str> = log.lines().filter(|l| l.starts_with("start ")).collect();
    let token = starts
        .first()
        .and_then(|line| line.split(' ').nth(1))
        .unwrap_or_else(|| panic!("no start in {log}"));
    let lines = log
        .lines()
        .filter(|l| !l.starts_with("start "))
        .map(|line| {
            let rest = line.strip_prefix(&format!("{token} "));
            rest.unwrap_or_else(|| panic!("a line of another process: {line:?} in {log}"))
                .to_owned()
        })
        .collect();
    (starts.len(), lines)
}

/// The `NEW FIGHT` lines seat 0 must be sent before each of `fights` (in order): the index and
/// the fights each side won before it, from the recorded results (+1 player 1 won).
fn expected_tallies(fights: &[serde_json::Value]) -> Vec<String> {
    let (mut mine, mut theirs) = (0, 0);
    let mut lines = Vec::new();
    for (i, fight) in fights.iter().enumerate() {
        lines.push(format!("NEW FIGHT {i} {mine} {theirs}"));
        match fight["result"].as_i64().unwrap() {
            1 => mine += 1,
            -1 => theirs += 1,
            _ => {}
        }
    }
    lines
}

#[test]
fn one_process_plays_the_ten_fights_of_a_matchup_with_the_running_tallies() {
    let dir = temp_dir("dogfight-matchup", "runs");
    let marker = marker(0);
    let (records, fights, logs) = run(&dir, "play", &marker, "1", &[]);
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(fights.len(), 10, "one trace per fight");
    // The fights went as the program meant: won in round 14, lost in round 1 when i % 3 == 1.
    let results: Vec<i64> = fights
        .iter()
        .map(|f| f["result"].as_i64().unwrap())
        .collect();
    assert_eq!(results, [1, -1, 1, 1, -1, 1, 1, -1, 1, 1]);
    let (starts, lines) = log_of(&logs, 0);
    assert_eq!(starts, 1, "one process for the match-up: {lines:?}");
    let mut expected = vec![
        "NEW CONTEST 14 100".to_owned(),
        "NEW OPPONENT 10".to_owned(),
    ];
    expected.extend(expected_tallies(&fights));
    assert_eq!(lines, expected);
    assert_eq!(lines[11], "NEW FIGHT 9 6 3");
    // The record is the match-up's: places by fights won, scores the fights won, steps all rounds.
    let record = &records[0];
    assert_eq!(record["ranks"], serde_json::json!([1, 2]), "{record}");
    assert_eq!(record["scores"], serde_json::json!([7.0, 3.0]), "{record}");
    let rounds: u64 = fights
        .iter()
        .map(|f| f["end_round"].as_u64().unwrap())
        .sum();
    assert_eq!(record["steps"].as_u64(), Some(rounds));
    assert_eq!(rounds, 7 * 14 + 3);
    assert!(record["faults"].is_null(), "{record}");
    // The match-up's end killed the program's whole group, its background `sleep` too.
    assert_eq!(sleeping(&marker), 0, "the program outlived its match-up");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn each_matchup_is_a_process_of_its_own_and_matchup_sets_its_length() {
    let dir = temp_dir("dogfight-matchup", "length");
    let marker = marker(1);
    let (records, fights, logs) = run(&dir, "play", &marker, "2", &["--matchup", "3"]);
    assert_eq!(records.len(), 2);
    assert_eq!(fights.len(), 6);
    for (game, fights) in fights.chunks(3).enumerate() {
        let (starts, lines) = log_of(&logs, game as u64);
        assert_eq!(starts, 1, "match-up {game}: {lines:?}");
        let mut expected = vec!["NEW CONTEST 14 100".to_owned(), "NEW OPPONENT 3".to_owned()];
        expected.extend(expected_tallies(fights));
        assert_eq!(lines, expected, "match-up {game}");
        assert_eq!(
            records[game]["scores"],
            serde_json::json!([2.0, 1.0]),
            "{:?}",
            records[game]
        );
    }
    // The traces are numbered over the tournament: fight i of match-up m is m * 3 + i + 1.
    let ids: Vec<&str> = fights.iter().map(|f| f["id"].as_str().unwrap()).collect();
    assert_eq!(ids[0], "cmd:sh_vs_straight_1");
    assert_eq!(ids[5], "cmd:sh_vs_straight_6");
    assert_eq!(sleeping(&marker), 0, "a program outlived its match-up");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_crash_in_the_middle_of_a_matchup_leaves_its_planes_flying_straight_to_the_end() {
    let dir = temp_dir("dogfight-matchup", "crash");
    let marker = marker(2);
    let (records, fights, logs) = run(&dir, "crash", &marker, "1", &[]);
    // The match-up is played out: ten fights, scored.
    assert_eq!(fights.len(), 10, "one trace per fight");
    // The program heard fights 0 to 3, then exited; it was not started again.
    let (starts, lines) = log_of(&logs, 0);
    assert_eq!(starts, 1, "{lines:?}");
    let mut expected = vec![
        "NEW CONTEST 14 100".to_owned(),
        "NEW OPPONENT 10".to_owned(),
    ];
    expected.extend(expected_tallies(&fights[..4]));
    assert_eq!(lines, expected);
    // Seat 0's moves: sent up to round 4 of fight 3, none from round 5 on, none in fights 4 to 9.
    let sent = |fight: &serde_json::Value, round: usize| {
        let moves = &fight["turns"][round]["moves"];
        (!moves[0].is_null(), !moves[1].is_null())
    };
    for round in 0..4 {
        assert_eq!(
            sent(&fights[3], round),
            (true, true),
            "fight 3, round {round}"
        );
    }
    let turns = fights[3]["turns"].as_array().unwrap().len();
    assert!(turns > 4, "{}", fights[3]);
    for round in 4..turns {
        assert_eq!(
            sent(&fights[3], round),
            (false, false),
            "fight 3, round {round}"
        );
    }
    for fight in &fights[4..] {
        for round in 0..fight["turns"].as_array().unwrap().len() {
            assert_eq!(sent(fight, round), (false, false), "{}", fight["id"]);
        }
        // Both sides fly straight into the walls: both out in round 14, a draw.
        assert_eq!(fight["result"], 0, "{}", fight["id"]);
        assert_eq!(fight["end_round"], 14, "{}", fight["id"]);
    }
    // The record tells the crash once: how the program ended, the round and fight, and the step
    // counted from the match-up's start.
    let record = &records[0];
    assert_eq!(
        record["faults"][0], "crash: round 5: exit code 3 (fight 4 of 10)",
        "{record}"
    );
    assert!(record["faults"][1].is_null(), "{record}");
    let before: u64 = fights[..3]
        .iter()
        .map(|f| f["end_round"].as_u64().unwrap())
        .sum();
    assert_eq!(
        record["fault_steps"][0].as_u64(),
        Some(before + 5),
        "{record}"
    );
    // The scores are the fights each side won, whoever played them.
    let won = |result: i64| fights.iter().filter(|f| f["result"] == result).count() as f64;
    assert_eq!(record["scores"], serde_json::json!([won(1), won(-1)]));
    assert_eq!(sleeping(&marker), 0, "the program outlived its match-up");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The arena's generic adapter (`arena::adapt::DogfightBot`), whose game is one fight: a bot is
/// told a match-up of one fight when it starts, and each next fight (when kept for several
/// games) with the fights each side won so far, from the outcomes it was told.
#[test]
fn the_generic_adapter_tells_a_kept_bot_its_true_tallies() {
    use std::sync::{Arc, Mutex};

    use arena::Bot as _;
    use dogfight::{Action, EndReason, Game, Outcome, Side, State};

    struct Logging(Arc<Mutex<Vec<String>>>);
    impl dogfight::Bot for Logging {
        fn new_opponent(&mut self, fights: u32) {
            self.0
                .lock()
                .unwrap()
                .push(format!("NEW OPPONENT {fights}"));
        }
        fn new_fight(&mut self, _: &Game, fight: u32, mine: u32, theirs: u32) {
            let line = format!("NEW FIGHT {fight} {mine} {theirs}");
            self.0.lock().unwrap().push(line);
        }
        fn act(&mut self, _: &Game, _: &State, _: Side) -> Action {
            Action::none()
        }
    }

    let log = Arc::new(Mutex::new(Vec::new()));
    let game = Game::default();
    let mut bot =
        arena::adapt::DogfightBot::new("logging", Box::new(Logging(Arc::clone(&log))), None);
    let outcome = |winner| Outcome {
        winner,
        reason: EndReason::Timeout,
        round: 100,
    };
    // Seat 1 (player 2) wins, draws, loses, then plays a fourth fight.
    for (player, winner) in [(1, Some(Side::P2)), (0, None), (1, Some(Side::P1))] {
        bot.new_game(&game, player, 0);
        bot.game_over(&game, &outcome(winner), player);
    }
    bot.new_game(&game, 0, 0);
    assert_eq!(
        *log.lock().unwrap(),
        [
            "NEW OPPONENT 1",
            "NEW FIGHT 0 0 0",
            "NEW FIGHT 1 1 0",
            "NEW FIGHT 2 1 0",
            "NEW FIGHT 3 1 1",
        ]
    );
}

/// `--matchup` takes 1 to 1000 fights; anything else is a usage error naming the range.
#[test]
fn matchup_is_between_1_and_1000_fights() {
    use examples::cli::{Command, parse};
    let fights = |value: &str| match parse(["play", "dogfight", "--matchup", value]) {
        Ok(cli) => match cli.command {
            Some(Command::Dogfight(options)) => Ok(options.matchup),
            other => panic!("{other:?}"),
        },
        Err(error) => Err(error.to_string()),
    };
    assert_eq!(fights("1"), Ok(1));
    assert_eq!(fights("1000"), Ok(1000));
    for wrong in ["0", "1001", "ten", "4294967296"] {
        let error = fights(wrong).unwrap_err();
        assert!(error.contains("--matchup"), "{wrong}: {error}");
    }
    match parse(["play", "dogfight"]).unwrap().command {
        Some(Command::Dogfight(options)) => assert_eq!(options.matchup, 10),
        other => panic!("{other:?}"),
    }
}
