//! The `amazes_referee` binary with real child processes: the example bots, and deliberately
//! broken programs that crash, hang, flood or write illegal lines.

use std::process::Command;
use std::time::{Duration, Instant};

const REFEREE: &str = env!("CARGO_BIN_EXE_amazes_referee");
const RANDOM: &str = env!("CARGO_BIN_EXE_amazes_random");
const EXPLORER: &str = env!("CARGO_BIN_EXE_amazes_explorer");
const BROKEN: &str = env!("CARGO_BIN_EXE_amazes_broken");

struct Line {
    score: i32,
    status: String,
}

fn referee(red: &str, blue: &str, extra: &[&str]) -> (Vec<Line>, String, Duration) {
    let start = Instant::now();
    // Children inherit this: a panicking player should not spend its turn printing a backtrace.
    let out = Command::new(REFEREE)
        .env("RUST_BACKTRACE", "0")
        .args(extra)
        .args([red, blue])
        .output()
        .expect("referee runs");
    let elapsed = start.elapsed();
    assert!(
        out.status.success(),
        "referee failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    let players = (0..2)
        .map(|_| {
            let l = lines.next().unwrap();
            let w: Vec<&str> = l.splitn(4, ' ').collect();
            Line {
                score: w[1].parse().unwrap(),
                status: w[3].to_owned(),
            }
        })
        .collect();
    (players, lines.next().unwrap_or("").to_owned(), elapsed)
}

#[test]
fn two_example_bots_play_a_full_game() {
    let (p, end, _) = referee(EXPLORER, RANDOM, &[]);
    assert_eq!(p[0].status, "ok");
    assert_eq!(p[1].status, "ok");
    assert!(
        p[0].score > p[1].score,
        "explorer {} random {}",
        p[0].score,
        p[1].score
    );
    assert!(
        end.contains("after 300 turns") || end.contains("SuddenDeath"),
        "{end}"
    );
}

#[test]
fn broken_programs_score_zero_and_the_game_goes_on() {
    let cases: [(&str, &str); 8] = [
        ("crash", "crash"),
        ("panic 2", "crash"),
        ("slow 1", "ran out of time"),
        ("illegal 3", "illegal character 'X'"),
        ("long", "257 characters"),
        ("flood", "a line longer than 4096 bytes"),
        ("empty", "empty move line"),
        ("deaf", "ok"),
    ];
    for (mode, expect) in cases {
        let broken = format!("{BROKEN} {mode}");
        for (red, blue, bad) in [
            (broken.as_str(), EXPLORER, 0),
            (EXPLORER, broken.as_str(), 1),
        ] {
            let (p, end, elapsed) = referee(red, blue, &["--turn-ms", "1000"]);
            let good = 1 - bad;
            assert!(
                elapsed < Duration::from_secs(20),
                "{mode}: took {elapsed:?}"
            );
            assert_eq!(p[good].status, "ok", "{mode}");
            assert!(p[good].score > 0, "{mode}: the good program still plays");
            // The other program always gets its 150 turns.
            assert!(end.contains("after 300 turns"), "{mode}: {end}");
            if mode == "deaf" {
                // A program that answers without reading is out of step but its lines are
                // legal; it is not disqualified.
                continue;
            }
            assert_eq!(p[bad].score, 0, "{mode}");
            assert!(
                p[bad].status.contains(expect),
                "{mode}: {:?} lacks {expect:?}",
                p[bad].status
            );
        }
    }
}

#[test]
fn a_program_that_cannot_start_counts_as_crashed() {
    let (p, end, _) = referee("/nonexistent/amazes-player", RANDOM, &[]);
    assert_eq!(p[0].score, 0);
    assert!(p[0].status.contains("crashed"), "{}", p[0].status);
    assert_eq!(p[1].status, "ok");
    assert!(end.contains("after 300 turns"), "{end}");
}

#[test]
fn bad_arguments_are_reported() {
    let out = Command::new(REFEREE).arg("only-one").output().unwrap();
    assert!(!out.status.success());
    let out = Command::new(REFEREE)
        .args(["--maze", "/nonexistent.txt", RANDOM, RANDOM])
        .output()
        .unwrap();
    assert!(!out.status.success());
}

#[test]
fn quit_goes_to_both_programs_after_sudden_death_only() {
    let tmp = std::env::temp_dir().join(format!("amazes-quit-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    // A 2×2 maze: Red at (1,2) facing E sees all four squares at once; `TL` walks onto Blue at (2,1).
    let maze = tmp.join("tiny.txt");
    std::fs::write(
        &maze,
        "start 1 2 E 2 1 S\n+-+-+\n|   |\n+ +-+\n|   |\n+-+-+\n",
    )
    .unwrap();
    let marker = |name: &str| tmp.join(name).display().to_string();
    let red = format!("{BROKEN} script TL {}", marker("red"));
    let blue = format!("{BROKEN} script T {}", marker("blue"));
    let maze_arg = maze.display().to_string();
    // The programs leave their marks outside their scratch folders: no sandbox.
    let (p, end, _) = referee(&red, &blue, &["--maze", &maze_arg, "--sandbox", "off"]);
    assert!(
        end.contains("SuddenDeath { winner: Red } after 1 turns"),
        "{end}"
    );
    assert_eq!(p[1].score, 0);
    assert!(p[0].score > 0);
    assert!(tmp.join("red").exists() && tmp.join("blue").exists());
    // A normal end (Red shuttles on row 1, Blue on row 2 after `L`): no Quit.
    let (m1, m2) = (marker("red2"), marker("blue2"));
    let red = format!("{BROKEN} script T {m1}");
    let blue = format!("{BROKEN} script L {m2}");
    let (_, end, _) = referee(&red, &blue, &["--maze", &maze_arg, "--sandbox", "off"]);
    assert!(end.contains("Turns after 300 turns"), "{end}");
    assert!(!tmp.join("red2").exists() && !tmp.join("blue2").exists());
    let _ = std::fs::remove_dir_all(&tmp);
}
