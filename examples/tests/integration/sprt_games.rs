//! `play GAME --bots NEW,OLD --sprt ...` (issue 37 parts 1-2): paired games until the SPRT
//! decides, the same games and verdict for any `--jobs`, resumable from its results file.

use crate::support::{play, temp_dir, text};

/// Every figure of the printout, in order.
const FIGURES: [&str; 8] = [
    "SPRT: elo0=0,elo1=20",
    "Games: ",
    "Ptnml(0-2): ",
    "Elo: ",
    "nElo: ",
    "LOS: ",
    "LLR: ",
    "Verdict: ",
];

fn games_played(stdout: &str) -> u64 {
    let line = stdout.lines().find(|l| l.starts_with("Games: ")).unwrap();
    line["Games: ".len()..]
        .split(',')
        .next()
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

#[test]
fn a_clearly_stronger_bot_is_accepted_in_a_few_pairs_whatever_the_jobs() {
    let run = |jobs: &str| {
        let out = play(&[
            "dogfight",
            "--bots",
            "search,random",
            // A game of one fight: the test is of the SPRT, and a match-up of ten costs ten.
            "--matchup",
            "1",
            "--sprt",
            "elo0=0,elo1=20",
            "--jobs",
            jobs,
            "--quiet",
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let one = run("1");
    let mut at = 0;
    for figure in FIGURES {
        let found = one[at..]
            .find(figure)
            .unwrap_or_else(|| panic!("{figure:?} missing or out of order: {one}"));
        at += found;
    }
    assert!(one.contains("Verdict: H1 accepted"), "{one}");
    let games = games_played(&one);
    assert!(games.is_multiple_of(2) && games <= 200, "{games} games");
    assert!(one.contains("DrawRatio: "), "{one}");
    let two = run("2");
    assert_eq!(games_played(&two), games, "{two}");
}

#[test]
fn two_copies_of_one_deterministic_bot_never_accept_h1() {
    let out = play(&[
        "tron3d",
        "--bots",
        "demo,demo",
        "--rounds",
        "30",
        "--games",
        "60",
        "--sprt",
        "elo0=0,elo1=20",
        "--quiet",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(!stdout.contains("H1 accepted"), "{stdout}");
    // Each pair is the same game from both seats: exactly one point each.
    let penta = stdout.lines().find(|l| l.starts_with("Ptnml")).unwrap();
    let counts: Vec<u64> = penta[penta.find('[').unwrap() + 1..penta.find(']').unwrap()]
        .split(',')
        .map(|n| n.trim().parse().unwrap())
        .collect();
    assert_eq!(counts[0] + counts[1] + counts[3] + counts[4], 0, "{penta}");
}

#[test]
fn an_interrupted_test_resumes_from_its_results_file() {
    let dir = temp_dir("sprt", "resume");
    let file = dir.join("sprt.json");
    let file = file.to_str().unwrap();
    let run = |games: &str, results: Option<&str>| {
        let mut args = vec![
            "tron3d",
            "--bots",
            "tree,demo",
            "--rounds",
            "40",
            "--games",
            games,
            "--sprt",
            "elo0=0,elo1=20",
            "--quiet",
        ];
        if let Some(file) = results {
            args.extend(["--results", file]);
        }
        let out = play(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        (text(&out.stdout), text(&out.stderr))
    };
    let (whole, _) = run("24", None);
    let (first, _) = run("8", Some(file));
    assert_eq!(games_played(&first), 8, "{first}");
    let (resumed, said) = run("24", Some(file));
    assert!(said.contains("sprt: resuming after 8 games"), "{said}");
    let tail = |s: &str| s[s.find("SPRT:").unwrap()..].to_owned();
    assert_eq!(tail(&resumed), tail(&whole));
    // Another tournament's file is refused, not mixed in.
    let out = play(&[
        "tron3d",
        "--bots",
        "demo,tree",
        "--rounds",
        "40",
        "--games",
        "8",
        "--sprt",
        "elo0=0,elo1=20",
        "--quiet",
        "--results",
        file,
    ]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("holds another tournament"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// In a larger field, the duplicate format: NEW and OLD each play the same game from the same
/// seat against the same opponents, compared game by game (trinomial counts).
#[test]
fn the_duplicate_format_tests_a_bot_in_a_four_player_field() {
    let out = play(&[
        "tron3d",
        "--bots",
        "search,demo,demo,demo,demo",
        "--rounds",
        "60",
        "--games",
        "400",
        "--sprt",
        "elo0=0,elo1=20",
        "--quiet",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Verdict: H1 accepted"), "{stdout}");
    assert!(stdout.contains(", Wins: "), "trinomial counts: {stdout}");
    assert!(!stdout.contains("Ptnml"), "{stdout}");
}

/// Three bots in a two-player game, or fixed seats, are errors that say why.
#[test]
fn sprt_needs_two_bots_in_paired_seats() {
    let out = play(&[
        "dogfight",
        "--bots",
        "search,random,straight",
        "--sprt",
        "elo0=0,elo1=5",
    ]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(stderr.contains('2') && stderr.contains('3'), "{stderr}");
    let out = play(&["dogfight", "--fixed-seats", "--sprt", "elo0=0,elo1=5"]);
    assert!(!out.status.success());
}

/// Windward's ten cars: NEW and OLD take turns in one seat among nine built-in cars.
#[test]
fn windward_tests_a_bot_among_nine_cars_in_the_duplicate_format() {
    let out = play(&[
        "windward",
        "--bots",
        "planner,builtin",
        "--max-ticks",
        "200",
        "--games",
        "4",
        "--sprt",
        "elo0=0,elo1=50",
        "--quiet",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Games: 2, Wins: "), "{stdout}");
}

/// A program bot takes the test like any other: the Python Tron3D sample against `demo`.
#[test]
fn a_program_bot_takes_the_test() {
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/tron3d/bot.py");
    let out = play(&[
        "tron3d",
        "--bots",
        &format!("cmd:python3 {sample},demo"),
        "--rounds",
        "40",
        "--games",
        "4",
        "--sprt",
        "elo0=0,elo1=20",
        "--quiet",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Games: 4, Pairs: 2"), "{stdout}");
}
