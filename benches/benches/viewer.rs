//! Writing replay viewer pages (issue 15 part 6): a 200-round Tron3D game with every round
//! embedded (goal: under 50 ms), and a whole Windward game sampled every N ticks (goal: under 2 s;
//! N = 97 by default, `VIEWER_BENCH_EVERY=N` to change it). The games are played once, before
//! measuring; what is measured is `write_html` / `Recorder::write`: rendering every embedded state's
//! SVG, sending the lines that changed since the previous frame into the JSON, and writing and
//! renaming the file. Before each, the CPU time per page (user and system) is printed: on a
//! machine shared with other work the wall-clock figures include waits for a core.
//!
//! `cargo bench -p benches --bench viewer -- --warm-up-time 1 --measurement-time 5`

use std::path::PathBuf;

use arena::Playable;
use arena::runner::{GameSetup, Watch, play_game};
use arena::viewer::{Recorder, ViewerOptions, write_html};
use criterion::{Criterion, criterion_group, criterion_main};
use examples::roster::lineup;

struct All<G: Playable>(Vec<G::State>);

impl<G: Playable> Watch<G> for All<G> {
    fn start(&mut self, _: &G, state: &G::State) {
        self.0.push(state.clone());
    }
    fn step(&mut self, _: &G, _: &[G::Action], _: &G::Events, state: &G::State) {
        self.0.push(state.clone());
    }
}

/// This process's user and system CPU time so far, in seconds (Linux: `/proc/self/stat`, in
/// clock ticks of 1/100 s); `None` elsewhere.
fn cpu_seconds() -> Option<(f64, f64)> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name (which is in parentheses and may hold spaces).
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i)?.parse::<f64>().ok();
    Some((ticks(11)? / 100.0, ticks(12)? / 100.0))
}

/// Prints the CPU time one call of `write` takes, from `pages` calls: on a loaded machine the
/// wall-clock figures of criterion include the waits for a core, the CPU time does not.
fn report_cpu(label: &str, pages: u32, mut write: impl FnMut()) {
    let Some((user0, sys0)) = cpu_seconds() else {
        return;
    };
    for _ in 0..pages {
        write();
    }
    if let Some((user1, sys1)) = cpu_seconds() {
        eprintln!(
            "{label}: CPU per page over {pages} pages: user {:.1} ms, system {:.1} ms",
            (user1 - user0) * 1000.0 / f64::from(pages),
            (sys1 - sys0) * 1000.0 / f64::from(pages)
        );
    }
}

fn out_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("viewer-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

fn setup(players: usize) -> GameSetup {
    GameSetup {
        index: 0,
        seed: 1,
        seats: (0..players).collect(),
    }
}

fn tron3d_200_rounds(c: &mut Criterion) {
    use tron3d::Preset;
    let config = tron3d::Config {
        nb_rounds: 200,
        ..Preset::Cube.config()
    };
    let game = tron3d::Game::new(Preset::Cube.board(), config).expect("the cube");
    let names: Vec<String> = ["search", "demo", "demo", "demo"]
        .map(String::from)
        .to_vec();
    let mut all = All::<tron3d::Game>(Vec::new());
    play_game(&game, &lineup::<tron3d::Game>(&names), &setup(4), &mut all).expect("a game");
    let states = all.0;
    let page = out_dir().join("tron3d.html");
    let options = ViewerOptions::default();
    let summary = write_html(&page, &game, &names, &states, &options).expect("written");
    eprintln!(
        "tron3d: {} states (last step {}), every step embedded, {} KiB",
        states.len(),
        summary.last_step,
        summary.bytes / 1024
    );
    report_cpu("tron3d", 100, || {
        write_html(&page, &game, &names, &states, &options).expect("written");
    });
    c.bench_function("viewer_tron3d_200_rounds", |b| {
        b.iter(|| write_html(&page, &game, &names, &states, &options).expect("written"))
    });
    // The game crate's share: rendering the 201 pictures alone, into one reused buffer.
    let mut svg = String::new();
    c.bench_function("viewer_tron3d_200_rounds_svg_only", |b| {
        b.iter(|| {
            let mut bytes = 0;
            for state in &states {
                svg.clear();
                game.render_svg(state, &mut svg);
                bytes += svg.len();
            }
            bytes
        })
    });
    let _ = std::fs::remove_dir_all(page.parent().expect("a folder"));
}

fn windward_whole_game(c: &mut Criterion) {
    let every: usize = std::env::var("VIEWER_BENCH_EVERY")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(97);
    let game = windward::Game::new(
        windward::mapgen::default_map(0),
        windward::Config::default(),
    )
    .expect("map 1");
    let mut names = vec!["navigator".to_owned(); 2];
    names.resize(game.players(), "idle".to_owned());
    let mut recorder = Recorder::new(every);
    let lineup = lineup::<windward::Game>(&names);
    let record = play_game(&game, &lineup, &setup(game.players()), &mut recorder).expect("a game");
    let page = out_dir().join("windward.html");
    let options = ViewerOptions::default();
    let summary = recorder
        .write(&page, &game, &names, &options)
        .expect("written");
    eprintln!(
        "windward: {} ticks, every {every} embedded: {} frames, {} KiB",
        record.steps,
        summary.frames,
        summary.bytes / 1024
    );
    report_cpu("windward", 5, || {
        recorder
            .write(&page, &game, &names, &options)
            .expect("written");
    });
    let mut group = c.benchmark_group("viewer_windward_whole_game");
    group.sample_size(10);
    group.bench_function(format!("every_{every}"), |b| {
        b.iter(|| {
            recorder
                .write(&page, &game, &names, &options)
                .expect("written")
        })
    });
    group.finish();
    let _ = std::fs::remove_dir_all(page.parent().expect("a folder"));
}

criterion_group!(benches, tron3d_200_rounds, windward_whole_game);
criterion_main!(benches);
