//! `play`'s errors are typed (`examples::Error`), say what and where, and every example program's
//! command line is `clap`'s: `--help` succeeds, a misspelled option names the right one.

use std::process::Command;

use examples::Error;

fn run(words: &[&str]) -> Result<(), Error> {
    let words = std::iter::once("play").chain(words.iter().copied());
    examples::run(examples::cli::parse(words)?)
}

#[test]
fn an_unknown_bot_is_named_with_the_known_ones() {
    match run(&["windward", "--bots", "nobody", "--games", "1", "--quiet"]) {
        Err(Error::UnknownBot { game, name, known }) => {
            assert_eq!((game, name.as_str()), ("windward", "nobody"));
            assert!(known.contains(&"planner"), "{known:?}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_line_up_of_the_wrong_size_says_how_many_play() {
    for game in ["amazes", "dogfight", "cloudwars"] {
        match run(&[game, "--bots", "random,random,random", "--quiet"]) {
            Err(Error::Lineup {
                game: named,
                players: 2,
                got: 3,
            }) => assert_eq!(named, game),
            other => panic!("{game}: {other:?}"),
        }
    }
    let eleven = ["idle"; 11].join(",");
    match run(&["windward", "--bots", &eleven, "--quiet"]) {
        Err(Error::TooManyBots {
            seats: 10, got: 11, ..
        }) => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn options_that_do_not_go_together_are_typed() {
    match run(&["dogfight", "--port", "1707", "--quiet"]) {
        Err(Error::PortNotServed {
            port: 1707,
            game: "dogfight",
        }) => {}
        other => panic!("{other:?}"),
    }
    match run(&["cloudwars", "--port", "1707", "--bots", "greedy,search"]) {
        Err(Error::PortPrograms {
            port: 1707,
            programs: 0,
        }) => {}
        other => panic!("{other:?}"),
    }
    match run(&["tron3d", "--board", "cube7"]) {
        Err(error @ Error::UnknownBoard { .. }) => {
            let text = error.to_string();
            assert!(text.starts_with("cube7: not a shipped board"), "{text}");
            assert!(text.contains("cube6"), "{text}");
        }
        other => panic!("{other:?}"),
    }
    match run(&["amazes", "--maze", "/nonexistent/maze.txt"]) {
        Err(Error::UnknownMaze { path, shipped, .. }) => {
            assert_eq!(path, std::path::Path::new("/nonexistent/maze.txt"));
            assert!(shipped > 0);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn verify_names_the_file_it_could_not_use() {
    let dir = std::env::temp_dir().join(format!("examples-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let empty = dir.join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    let result = run(&["verify", "dogfight", empty.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&dir);
    match result {
        Err(Error::EmptyRecording { path }) => assert_eq!(path, empty),
        other => panic!("{other:?}"),
    }
    match run(&["verify", "tron3d", "/nonexistent/game.t3d"]) {
        Err(Error::File { path, .. }) => {
            assert_eq!(path, std::path::Path::new("/nonexistent/game.t3d"))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_map_file_over_the_limit_is_refused_before_it_is_read_whole() {
    let dir = std::env::temp_dir().join(format!("examples-bounded-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("eleven.bin");
    std::fs::write(&file, [0u8; 11]).unwrap();
    let too_big = examples::read_bounded(&file, 10, "a test file");
    let fits = examples::read_bounded(&file, 11, "a test file");
    let _ = std::fs::remove_dir_all(&dir);
    match too_big {
        Err(Error::TooLarge {
            limit: 10, what, ..
        }) => assert_eq!(what, "a test file"),
        other => panic!("{other:?}"),
    }
    assert_eq!(fits.unwrap().len(), 11);
}

/// The example programs beside `play` and the two servers (tested in their own files).
const PROGRAMS: [(&str, &str, &str); 4] = [
    (env!("CARGO_BIN_EXE_windward_builtin"), "--prot", "--port"),
    (
        env!("CARGO_BIN_EXE_windward_planner"),
        "--lockstp",
        "--lockstep",
    ),
    (
        env!("CARGO_BIN_EXE_windward_net_bench"),
        "--tick",
        "--ticks",
    ),
    (env!("CARGO_BIN_EXE_tron3d_program"), "--sed", "--seed"),
];

#[test]
fn every_program_answers_help_and_corrects_a_misspelled_option() {
    for (program, typo, right) in PROGRAMS {
        let help = Command::new(program).arg("--help").output().unwrap();
        assert!(help.status.success(), "{program} --help: {help:?}");
        let text = String::from_utf8_lossy(&help.stdout);
        assert!(
            text.contains(right),
            "{program} --help lacks {right}:\n{text}"
        );
        let wrong = Command::new(program).args([typo, "1"]).output().unwrap();
        assert_eq!(wrong.status.code(), Some(2), "{program} {typo}: {wrong:?}");
        let err = String::from_utf8_lossy(&wrong.stderr);
        assert!(err.contains(right), "{program} {typo}: {err}");
    }
}

#[test]
fn the_tron3d_program_lists_its_bots_and_refuses_programs() {
    let program = env!("CARGO_BIN_EXE_tron3d_program");
    let wrong = Command::new(program).arg("cmd:sh").output().unwrap();
    assert_eq!(wrong.status.code(), Some(2), "{wrong:?}");
    let err = String::from_utf8_lossy(&wrong.stderr);
    for bot in ["search", "tree", "demo", "null"] {
        assert!(err.contains(bot), "{err}");
    }
}
