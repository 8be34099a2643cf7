//! The results' arithmetic: Wilson intervals, shards, tables past `u64`, shared ranks.

use arena::results::{
    GameRecord, RESULTS_FORMAT, Results, Shard, TournamentSpec, ranks_from_scores, wilson_interval,
};

#[test]
fn wilson_interval_matches_published_values() {
    // 0 of 10: the upper end is z²/(n+z²) = 0.2775.
    let (low, high) = wilson_interval(0, 10);
    assert_eq!(low, 0.0);
    assert!((high - 0.2775).abs() < 1e-4, "{high}");
    // 50 of 100: 0.4038..0.5962.
    let (low, high) = wilson_interval(50, 100);
    assert!((low - 0.4038).abs() < 1e-4, "{low}");
    assert!((high - 0.5962).abs() < 1e-4, "{high}");
    assert_eq!(wilson_interval(0, 0), (0.0, 1.0));
}

#[test]
fn shards_cover_every_game_once() {
    for games in [0, 1, 7, 10, 1001] {
        for count in 1..6 {
            let mut next = 0;
            for index in 0..count {
                let range = Shard { index, count }.range(games);
                assert_eq!(range.start, next);
                next = range.end;
            }
            assert_eq!(next, games);
        }
    }
}

#[test]
fn shard_text_is_checked() {
    assert_eq!("2/4".parse(), Ok(Shard { index: 2, count: 4 }));
    for bad in ["4/4", "1/0", "x/2", "3", "-1/2"] {
        assert!(bad.parse::<Shard>().is_err(), "{bad}");
    }
}

/// Issue 22: merged step counts that add past `u64::MAX` overflowed the table's sum.
#[test]
fn step_counts_past_u64_still_give_the_mean() {
    let record = |index| GameRecord {
        index,
        seats: vec![0, 1],
        scores: vec![1.0, 0.0],
        ranks: vec![1, 2],
        steps: u64::MAX,
        faults: Vec::new(),
        fault_steps: Vec::new(),
    };
    let results = Results {
        format: RESULTS_FORMAT,
        tournament: TournamentSpec {
            game: "toy".into(),
            setup: "s".into(),
            lineup: vec!["a".into(), "b".into()],
            games: 3,
            seed: 1,
            rotate: false,
            paired: false,
            schedule: arena::results::Schedule::Lineup,
        },
        shard: None,
        records: (0..3).map(record).collect(),
        ratings: None,
    };
    let table = results.table();
    assert!(
        table.contains(&format!("{:.1} steps per game", u64::MAX as f64)),
        "{table}"
    );
}

#[test]
fn ranks_share_the_better_place() {
    assert_eq!(ranks_from_scores(&[9.0, 9.0, 4.0]), [1, 1, 3]);
    assert_eq!(ranks_from_scores(&[1.0, 3.0, 2.0]), [3, 1, 2]);
}
