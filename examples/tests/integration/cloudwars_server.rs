//! The `cloudwars_server` program: its command line and one served game.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use cloudwars::client::Client;

const SERVER: &str = env!("CARGO_BIN_EXE_cloudwars_server");

#[test]
fn help_succeeds_and_a_misspelled_option_names_the_right_one() {
    let help = Command::new(SERVER).arg("--help").output().unwrap();
    assert!(help.status.success());
    let text = String::from_utf8_lossy(&help.stdout);
    for option in [
        "--port",
        "--players",
        "--seed",
        "--ips",
        "--lockstep",
        "--width",
        "--height",
        "--speed",
        "--clouds",
        "--max-iterations",
        "--play-on",
        "--patience-ms",
        "--close-at-end",
        "--idle-after-end-ms",
        "--write-timeout-ms",
        "--max-connections",
        "--line-deadline-ms",
    ] {
        assert!(text.contains(option), "{option} missing from\n{text}");
    }
    let typo = Command::new(SERVER)
        .args(["--player", "2"])
        .output()
        .unwrap();
    assert!(!typo.status.success());
    let err = String::from_utf8_lossy(&typo.stderr);
    assert!(err.contains("--players"), "{err}");
}

#[test]
fn the_server_binary_serves_a_game_and_prints_the_results_line() {
    let mut child = Command::new(SERVER)
        .args(["--port", "0", "--players", "1", "--lockstep", "--seed", "7"])
        .args(["--width", "600", "--height", "400", "--clouds", "5"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    let addr = first
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("{first:?}"))
        .to_owned();
    let mut c = Client::connect(&addr).unwrap();
    c.set_timeout(Some(std::time::Duration::from_secs(20)))
        .unwrap();
    c.name("Solo").unwrap();
    c.play().unwrap();
    let world = c.list().unwrap();
    assert_eq!(world.iteration, 1);
    assert_eq!((world.width, world.height), (600, 400));
    let mut results = String::new();
    out.read_line(&mut results).unwrap();
    assert!(
        results.starts_with("results: iteration 1, leader \"Solo\" (share), Solo 600"),
        "{results:?}"
    );
    // As the original, the connection stays open after the end: the final world is listed.
    let world = c.list().unwrap();
    assert!(world.win_condition && world.iteration == 1);
    c.quit().unwrap();
    assert!(child.wait().unwrap().success());
}
