//! A bot author's crate OUTSIDE the workspace, depending on `arena` and a game crate by path,
//! runs a tournament of its own bot: what the README promises, checked by building such a crate
//! from a temporary directory with `cargo` and running it.
//!
//! The outer `cargo test` holds the lock of its target directory, so the inner build uses its own
//! (kept under `CARGO_TARGET_TMPDIR`, so that a second run only relinks), and `--offline` (the
//! crates it needs are those the workspace already fetched: the workspace's `Cargo.lock` is
//! copied in, so it resolves to the same versions). It enables only Dogfight and the tournament
//! side (`default-features = false`), which keeps its first build to the few crates they need.
//! The build and run are bounded by a generous time limit: a hang is a failure, never a stuck CI.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The inner build and run together: a first build on a busy 2-core machine takes a minute or
/// two; ten times that is a hang.
const TIME_LIMIT: Duration = Duration::from_secs(20 * 60);

const MAIN: &str = r#"use arena::{Bot, Tournament};
use dogfight::{Action, Game, Move, Side, State};

/// My bot: keeps its heading and fires whenever a gun is ready.
#[derive(Clone)]
struct Gunner;

impl Bot<Game> for Gunner {
    fn name(&self) -> String {
        "my-gunner".into()
    }
    fn act(&mut self, _game: &Game, seen: &State, _player: usize) -> Action {
        let [a, b] = seen.side(Side::P1).map(|p| Move::new(p.heading, false, p.cooldown == 0));
        Action::new(a, b)
    }
}

/// The one it plays against: flies straight on, never shoots.
#[derive(Clone)]
struct Straight;

impl Bot<Game> for Straight {
    fn name(&self) -> String {
        "straight".into()
    }
    fn act(&mut self, _game: &Game, _seen: &State, _player: usize) -> Action {
        Action::none()
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let page = std::env::args().nth(1).expect("the page's path");
    let report = Tournament::new(Game::default())
        .bot(Gunner)
        .bot(Straight)
        .games(12)
        .page(&page)
        .run()?;
    print!("{}", report.table());
    let me = &report.results.standings()[0];
    println!("standing: {} {} games {} wins", me.name, me.games, me.wins);
    Ok(())
}
"#;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("arena is inside the workspace")
        .to_owned()
}

#[test]
fn a_crate_outside_the_workspace_runs_a_tournament_of_its_own_bot() {
    let root = workspace();
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let dir = tmp.join(format!("outside-crate-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("src")).unwrap();
    let manifest = format!(
        r#"[package]
name = "my-bot"
version = "0.1.0"
edition = "2024"
publish = false

[dependencies]
arena = {{ path = {arena:?}, default-features = false, features = ["tournament", "dogfight"] }}
dogfight = {{ path = {dogfight:?} }}

# Not a member of the contest-engines workspace: a crate of its own.
[workspace]
"#,
        arena = root.join("arena"),
        dogfight = root.join("dogfight"),
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    std::fs::write(dir.join("src/main.rs"), MAIN).unwrap();
    std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    let page = dir.join("game.html");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut child = Command::new(cargo)
        .args(["run", "--quiet", "--offline", "--"])
        .arg(&page)
        .current_dir(&dir)
        .env("CARGO_TARGET_DIR", tmp.join("outside-crate-target"))
        // The outer build's settings are not the author's.
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        // No debug info: nothing here reads it, and without it the inner first build (most of
        // this test, run by every first `cargo test`) took 39.5 CPU seconds instead of 45.7.
        .env("CARGO_PROFILE_DEV_DEBUG", "false")
        // Nor incremental compilation of the three path crates: a first build has nothing to
        // reuse, and its bookkeeping cost 51 CPU seconds where 43 sufficed (two cold builds of
        // this crate on the same machine). A second run still only relinks (nothing changed).
        .env("CARGO_INCREMENTAL", "0")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cargo runs");
    // Read both pipes on threads of their own, so a full pipe never stalls the child.
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut text).map(|_| text)
    });
    let err = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut stderr, &mut text).map(|_| text)
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the outside crate did not build and run within {TIME_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let out = out.join().unwrap().unwrap();
    let err = err.join().unwrap().unwrap();
    assert!(status.success(), "{status}\nstdout:\n{out}\nstderr:\n{err}");
    // Path dependencies' warnings reach the author (only a registry crate's are silenced): the
    // arena with one game's feature compiles cleanly.
    assert!(
        !err.contains("warning"),
        "the author's build printed warnings:\n{err}"
    );
    assert!(out.starts_with("dogfight: 12 games"), "{out}");
    assert!(out.contains("standing: my-gunner 12 games"), "{out}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("my-gunner"), "the page names the bots");
    std::fs::remove_dir_all(&dir).unwrap();
}
