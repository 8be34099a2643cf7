//! The runner's seats, seeds and limits: rotation, distinct seeds, clamped threads, a shard at
//! the very end of the index range.

use std::num::NonZeroUsize;

use arena::results::{GameRecord, Shard, TournamentSpec};
use arena::runner::{MAX_JOBS, RunOptions, effective_jobs, game_seed, run, seats};

#[test]
fn rotation_gives_every_entry_every_seat() {
    assert_eq!(seats(3, 0, true), [0, 1, 2]);
    assert_eq!(seats(3, 1, true), [1, 2, 0]);
    assert_eq!(seats(3, 5, true), [2, 0, 1]);
    assert_eq!(seats(3, 5, false), [0, 1, 2]);
}

#[test]
fn seeds_differ_between_games_and_tournaments() {
    let mut seen: Vec<u64> = (0..4)
        .flat_map(|seed| (0..100).map(move |i| game_seed(seed, i)))
        .collect();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), 400);
}

/// Issue 22: `--jobs 18446744073709551615` asked rayon for that many threads.
#[test]
fn jobs_are_clamped_to_the_limit_and_the_games() {
    let huge = NonZeroUsize::new(usize::MAX);
    assert_eq!(effective_jobs(huge, u64::MAX), MAX_JOBS);
    assert_eq!(effective_jobs(huge, 3), 3);
    assert_eq!(effective_jobs(NonZeroUsize::new(2), 100), 2);
    assert_eq!(effective_jobs(NonZeroUsize::new(8), 0), 1);
}

/// Issue 22: a shard at the very end of `u64` overflowed `start + BATCH`.
#[test]
fn a_shard_at_the_end_of_the_index_range_plays_exactly_its_games() {
    let tournament = TournamentSpec {
        game: "toy".into(),
        setup: String::new(),
        lineup: vec!["a".into(), "b".into()],
        games: u64::MAX,
        seed: 1,
        rotate: true,
        paired: false,
        schedule: arena::results::Schedule::Lineup,
    };
    let shard = Shard {
        index: u64::MAX - 1,
        count: u64::MAX,
    };
    let options = RunOptions {
        jobs: NonZeroUsize::new(usize::MAX),
        shard: Some(shard),
        progress: false,
        stop: None,
    };
    let played = std::sync::Mutex::new(Vec::new());
    let results = run(
        &tournament,
        &options,
        |setup| {
            played.lock().unwrap().push(setup.index);
            let record = GameRecord {
                index: setup.index,
                seats: setup.seats.clone(),
                scores: vec![1.0, 0.0],
                ranks: vec![1, 2],
                steps: u64::MAX,
                faults: Vec::new(),
                fault_steps: Vec::new(),
            };
            Ok((record, ()))
        },
        |_, ()| Ok(()),
    )
    .unwrap();
    let range = shard.range(u64::MAX);
    assert_eq!(range, u64::MAX - 1..u64::MAX);
    assert_eq!(*played.lock().unwrap(), [u64::MAX - 1]);
    assert_eq!(results.records.len(), 1);
    assert_eq!(results.records[0].index, u64::MAX - 1);
    assert_eq!(results.records[0].seats, seats(2, u64::MAX - 1, true));
}
