//! `play dogfight` from the library: bot names, options, short tournaments and their traces,
//! the original tournament's scoring (moved from the library's unit tests: one test binary fewer).

use dogfight::Game;
use dogfight::play_match;
use examples::dogfight::{Options, bots, matchup_points, tournament, verify};

#[test]
fn search_beats_random() {
    let game = Game::default();
    let tally = play_match(
        &game,
        &mut bots::SearchBot::new(3),
        &mut bots::RandomBot::new(4),
        20,
    );
    assert!(tally.wins[0] >= 16, "{tally:?}");
}

#[test]
fn random_bot_is_seeded() {
    let game = Game::default();
    let a = play_match(
        &game,
        &mut bots::RandomBot::new(1),
        &mut bots::RandomBot::new(2),
        10,
    );
    let b = play_match(
        &game,
        &mut bots::RandomBot::new(1),
        &mut bots::RandomBot::new(2),
        10,
    );
    assert_eq!(a, b);
}

fn options(words: &[&str]) -> Options {
    let words = ["play", "dogfight"].iter().chain(words);
    match examples::cli::parse(words).unwrap().command {
        Some(examples::cli::Command::Dogfight(options)) => options,
        other => panic!("{other:?}"),
    }
}

#[test]
fn unknown_bots_and_bad_options_are_errors() {
    assert!(tournament(&options(&["--bots", "search,nobody", "--games", "2"])).is_err());
    assert!(tournament(&options(&["--bots", "search"])).is_err());
    assert!(tournament(&options(&["--arena", "2"])).is_err());
    assert!(
        tournament(&options(&[
            "--bots",
            "search,cmd:/nonexistent/bot",
            "--games",
            "1"
        ]))
        .is_err()
    );
}

#[test]
fn a_short_match_runs_and_records_replayable_traces() {
    let path = std::env::temp_dir().join(format!("dogfight-play-{}.jsonl", std::process::id()));
    let path_text = path.display().to_string();
    let results = tournament(&options(&[
        "--bots",
        "search,random",
        "--games",
        "3",
        "--jobs",
        "2",
        "--matchup",
        "2",
        "--record",
        &path_text,
    ]))
    .unwrap();
    assert_eq!(results.records.len(), 3);
    // Three match-ups of two fights: a trace per fight.
    let line = verify(std::slice::from_ref(&path)).unwrap();
    assert!(
        line.starts_with("conformance: dogfight: 6 traces,"),
        "{line}"
    );
    std::fs::remove_file(path).unwrap();
}

#[test]
fn matchups_are_scored_like_the_original_tournament() {
    let results = tournament(&options(&["--games", "2", "--fixed-seats"])).unwrap();
    let table = matchup_points(&results);
    // Two match-ups of 10 fights: every match-up is won, drawn or lost by each entry.
    assert_eq!(table[0][0] + table[0][1] + table[0][2], 2);
    assert_eq!(table[0][3] + table[1][3], 4);
    assert_eq!(table[0][0], table[1][2]);
    // Each record is a match-up: its scores are the fights each side won, its places the
    // match-up's, as the original scores it (`C:91-105`).
    for record in &results.records {
        let [a, b] = [record.scores[0], record.scores[1]];
        assert!(
            a + b <= 10.0 && a.fract() == 0.0 && b.fract() == 0.0,
            "{record:?}"
        );
        let ranks = match a.partial_cmp(&b) {
            Some(std::cmp::Ordering::Greater) => [1, 2],
            Some(std::cmp::Ordering::Less) => [2, 1],
            _ => [1, 1],
        };
        assert_eq!(record.ranks, ranks, "{record:?}");
    }
}
