//! Program bots through `play`: the Python Tron3D sample plays `play tron3d`, `--stderr-dir`
//! writes each program's standard error to a file per game and seat (Dogfight, Amazes, Tron3D),
//! and the worked example of `examples/programs/tron3d/PROTOCOL.md` is what the arena sends.

use crate::support::{play, temp_dir, text};
use std::path::Path;

/// The Python sample Tron3D bot (`examples/programs/tron3d/bot.py`, standard library only) plays
/// a short match against the kit's Demo: no protocol fault, and its flood fill outlives Demo's
/// random walk. A round over the 1 s limit on a very busy machine would be `silence`, which is not
/// what this test is about: only the other faults fail it, and the wins are counted only when
/// there was no fault at all.
#[test]
fn the_python_tron3d_sample_plays_and_beats_demo() {
    let bot = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/tron3d/bot.py");
    let dir = temp_dir("programs", "python-tron3d");
    let file = dir.join("results.json");
    let out = play(&[
        "tron3d",
        "--games",
        "4",
        "--rounds",
        "80",
        "--quiet",
        "--bots",
        &format!("cmd:{bot},demo"),
        "--results",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("tron3d: 4 games"), "{stdout}");
    let results = std::fs::read_to_string(&file).unwrap();
    for kind in ["crash:", "flood:", "garbage:"] {
        assert!(
            !results.contains(kind),
            "a {kind} fault: {stdout}\n{results}"
        );
    }
    if !results.contains("silence:") {
        let row = stdout
            .lines()
            .find(|line| line.starts_with("cmd:"))
            .unwrap_or_else(|| panic!("{stdout}"));
        let wins: u32 = row.split_whitespace().nth(2).unwrap().parse().unwrap();
        assert!(wins >= 3, "{stdout}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A program that says something on its standard error and exits: a crash, but what it said is
/// kept.
fn talkative_program(dir: &Path) -> String {
    let path = dir.join("talk.sh");
    std::fs::write(
        &path,
        "#!/bin/sh\necho \"said by $$ in $HOME\" >&2\nexit 3\n",
    )
    .unwrap();
    let mut permissions = std::fs::metadata(&path).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
    std::fs::set_permissions(&path, permissions).unwrap();
    path.to_str().unwrap().to_owned()
}

/// `--stderr-dir DIR`: each program's standard error goes to `DIR/GAME-gINDEX-sSEAT.stderr`, one
/// file per game and seat (the seats rotate: game 0 seat 0, game 1 seat 1); bots that are no
/// programs get no file. The folder is created when missing.
#[test]
fn stderr_dir_keeps_each_programs_stderr_per_game_and_seat() {
    let dir = temp_dir("programs", "stderr-dir");
    let program = talkative_program(&dir);
    for (game, other) in [
        ("tron3d", "demo"),
        ("dogfight", "random"),
        ("amazes", "random"),
    ] {
        let logs = dir.join(format!("logs-{game}"));
        let out = play(&[
            game,
            "--games",
            "2",
            "--quiet",
            "--bots",
            &format!("cmd:{program},{other}"),
            "--stderr-dir",
            logs.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{game}: {}", text(&out.stderr));
        let mut files: Vec<String> = std::fs::read_dir(&logs)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        files.sort();
        assert_eq!(
            files,
            [
                format!("{game}-g0-s0.stderr"),
                format!("{game}-g1-s1.stderr")
            ],
            "{game}"
        );
        let said: Vec<String> = files
            .iter()
            .map(|file| std::fs::read_to_string(logs.join(file)).unwrap())
            .collect();
        for words in &said {
            assert!(words.starts_with("said by "), "{game}: {words:?}");
        }
        assert_ne!(said[0], said[1], "{game}: one process per game");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A folder that cannot be created is an error before any game.
#[test]
fn an_unusable_stderr_dir_is_an_error() {
    let dir = temp_dir("programs", "stderr-file");
    let file = dir.join("a-file");
    std::fs::write(&file, "").unwrap();
    let out = play(&[
        "tron3d",
        "--games",
        "1",
        "--quiet",
        "--bots",
        "demo,demo",
        "--stderr-dir",
        file.join("logs").to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("a-file"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The text blocks of the worked example in PROTOCOL.md, in order (lines marked `> ` are the
/// arena's, `< ` the program's, without the marks).
fn worked_example() -> Vec<(char, String)> {
    let doc = include_str!("../../programs/tron3d/PROTOCOL.md");
    let example = doc.split("## Worked example").nth(1).unwrap();
    let mut lines = Vec::new();
    let mut inside = false;
    for line in example.lines() {
        if line.starts_with("```") {
            inside = !inside;
        } else if inside {
            let (mark, rest) = line.split_at(1);
            lines.push((mark.chars().next().unwrap(), rest.trim_start().to_owned()));
        }
    }
    lines
}

/// The worked example is byte for byte what the arena writes for that game, and its answers
/// parse.
#[test]
fn the_worked_example_is_what_the_arena_sends() {
    use tron3d::protocol::{parse_moves, write_end, write_header, write_round};
    use tron3d::{Action, Config, Game, format::parse_map};
    let map = "vertices 6\n1 3\n0 2 4\n1 5\n0 4\n3 1 5\n4 2\nspawn 2\n0 5\nbonus 1\n2\n";
    let config = Config {
        nb_players: 2,
        nb_bikes: 1,
        nb_rounds: 4,
        bonus_round: 1,
        turbo_duration: 2,
        ghost_duration: 1,
        score_bonus: 50,
    };
    let game = Game::new(parse_map("ladder", map).unwrap(), config).unwrap();
    let lines = worked_example();
    let mut state = game.initial_state(1);
    let mut sent = String::new();
    write_header(&mut sent, &game, 0);
    let mut answers = lines.iter().filter(|(mark, _)| *mark == '<');
    // The opponent's answers, round by round.
    let theirs = ["moves 1 4 0", "moves", "moves 1 3 0", "moves"];
    for their_line in theirs {
        write_round(&mut sent, &game, &state);
        let ours = parse_moves(&answers.next().unwrap().1).unwrap();
        let actions: [Action; 2] = [ours, parse_moves(their_line).unwrap()];
        game.advance(&mut state, &actions);
    }
    assert!(answers.next().is_none());
    write_end(&mut sent, state.scores());
    let shown: String = lines
        .iter()
        .filter(|(mark, _)| *mark == '>')
        .map(|(_, line)| format!("{line}\n"))
        .collect();
    assert_eq!(shown, sent);
}

/// `tron3d_program` (a Rust program that knows only `tron3d::protocol`: it rebuilds each round's
/// state from the message and runs an example bot on it) plays `play tron3d` without a fault,
/// with its arguments, beside the same bot in process.
#[test]
fn a_rust_program_speaking_the_protocol_plays_without_a_fault() {
    let program = format!("cmd:{} search", env!("CARGO_BIN_EXE_tron3d_program"));
    let dir = temp_dir("programs", "rust-tron3d");
    let file = dir.join("results.json");
    let out = play(&[
        "tron3d",
        "--games",
        "2",
        "--rounds",
        "60",
        "--quiet",
        "--bots",
        &format!("{program},search,demo"),
        "--results",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let results = std::fs::read_to_string(&file).unwrap();
    for kind in ["crash:", "flood:", "garbage:"] {
        assert!(!results.contains(kind), "a {kind} fault: {results}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

// That no program outlives a killed `play` (nor its children) is tested in `contained`.
