//! The tournament runner's parallel speed-up: 1000 Dogfight fights (search against random, as
//! `play dogfight --games 1000`) on one thread and on two.
//!
//! `cargo bench -p examples --bench parallel -- --warm-up-time 1 --measurement-time 20`; the
//! speed-up is the ratio of the two medians.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use examples::cli::{Command, parse};

fn dogfight_options(jobs: usize) -> examples::dogfight::Options {
    let jobs = jobs.to_string();
    let words = [
        "play", "dogfight", "--games", "1000", "--quiet", "--jobs", &jobs,
    ];
    match parse(words).expect("valid options").command {
        Some(Command::Dogfight(options)) => options,
        other => unreachable!("parsed as {other:?}"),
    }
}

fn parallel_tournament(c: &mut Criterion) {
    let mut group = c.benchmark_group("dogfight_1000_fights");
    group.sample_size(10);
    for jobs in [1, 2] {
        let options = dogfight_options(jobs);
        group.bench_with_input(BenchmarkId::new("jobs", jobs), &options, |b, options| {
            b.iter(|| {
                let (results, _) =
                    examples::dogfight::tournament(black_box(options)).expect("plays");
                assert_eq!(results.records.len(), 1000);
                results
            });
        });
    }
    group.finish();
}

criterion_group!(benches, parallel_tournament);
criterion_main!(benches);
