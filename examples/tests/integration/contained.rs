//! Program bots through `play` are contained (`arena::program::contain`), in all five games: a
//! program's background child, double fork and `setsid` daemon are gone after the game, and after
//! `play` itself is killed with SIGKILL; `play` says which protections its programs got.
//!
//! Leftovers are found by a marker in their command line (`sleep 8NNNNN`, unique per game and
//! test process), read from `/proc/*/cmdline`: the PIDs a program sees in its own namespace mean
//! nothing outside it.

#![cfg(target_os = "linux")]

use crate::support::{PLAY, sleeping, temp_dir};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The five games: name, the opponent, and options that keep a game short.
const GAMES: [(&str, &str, &[&str]); 5] = [
    ("dogfight", "random", &[]),
    ("tron3d", "demo", &["--rounds", "30"]),
    ("cloudwars", "greedy", &[]),
    ("amazes", "random", &[]),
    ("windward", "builtin", &["--max-ticks", "300"]),
];

fn marker(game: usize, killed: bool) -> String {
    let base = 800_000 + (std::process::id() % 4_000) * 20;
    format!("{}", base + game as u32 * 2 + u32::from(killed))
}

/// Waits (up to a generous bound that only stops a broken build from hanging the suite) until
/// `count(marker)` holds.
fn wait_until(marker: &str, done: impl Fn(usize) -> bool) -> bool {
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        if done(sleeping(marker)) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

/// A wrapper that leaves a background child, a double fork and a `setsid` daemon behind, then
/// becomes the game's Python sample (its first argument), or sleeps silently when `silent`.
/// Before that it tries what the sandbox refuses (8 GB of memory, reading `other`'s file,
/// writing into `other`, connecting to `port`) and says on its standard error what it got, then
/// floods its standard error with 300,000 bytes.
fn wrapper(
    dir: &std::path::Path,
    marker: &str,
    silent: bool,
    other: &std::path::Path,
    port: u16,
) -> PathBuf {
    // A folder of its own: its whole folder is readable under the sandbox.
    let own = dir.join(format!("own-{marker}"));
    std::fs::create_dir_all(&own).unwrap();
    let path = own.join("wrap.sh");
    let then = if silent {
        "exec sleep 600"
    } else {
        "exec python3 \"$@\""
    };
    let other = other.display();
    std::fs::write(
        &path,
        format!(
            "#!/bin/sh\nsleep {marker} &\n(sleep {marker} &)\n\
             setsid sleep {marker} </dev/null >/dev/null 2>&1 &\n\
             python3 -c 'bytearray(8 << 30)' 2>/dev/null && echo memory:granted >&2 || echo memory:refused >&2\n\
             cat {other}/secret.txt >/dev/null 2>&1 && echo read:granted >&2 || echo read:refused >&2\n\
             (echo x > {other}/written) 2>/dev/null && echo write:granted >&2 || echo write:refused >&2\n\
             python3 -c 'import socket; socket.create_connection((\"127.0.0.1\", {port}), 5)' 2>/dev/null \
             && echo connect:granted >&2 || echo connect:refused >&2\n\
             head -c 300000 /dev/zero | tr '\\0' x >&2\n\
             {then}\n"
        ),
    )
    .unwrap();
    let mut permissions = std::fs::metadata(&path).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
    std::fs::set_permissions(&path, permissions).unwrap();
    path
}

/// Another bot's folder, with a file in it.
fn other_bot(dir: &std::path::Path) -> PathBuf {
    let other = dir.join("other-bot");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("secret.txt"), "secret\n").unwrap();
    other
}

fn sample(game: &str) -> String {
    format!("{}/programs/{game}/bot.py", env!("CARGO_MANIFEST_DIR"))
}

/// In each game: the program's children are gone after the game; under the sandbox it got no
/// 8 GB, could not read or write another bot's folder nor connect to another local port; its
/// standard error stopped at the cap.
#[test]
fn a_programs_children_are_gone_after_its_game_in_every_game() {
    let dir = temp_dir("contained", "after-game");
    let other = other_bot(&dir);
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    for (i, (game, opponent, options)) in GAMES.iter().enumerate() {
        let marker = marker(i, false);
        let wrap = wrapper(&dir, &marker, false, &other, port);
        let logs = dir.join(format!("logs-{game}"));
        let out = Command::new(PLAY)
            .args([game, "--games", "1", "--quiet", "--fixed-seats", "--bots"])
            .arg(format!(
                "cmd:{} {},{opponent}",
                wrap.display(),
                sample(game)
            ))
            .args(*options)
            .args(["--stderr-cap", "100000", "--stderr-dir"])
            .arg(&logs)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{game}: {stderr}");
        assert!(
            stderr.contains("play: program bots: killed whole"),
            "{game}: {stderr}"
        );
        assert!(
            wait_until(&marker, |n| n == 0),
            "{game}: {} processes outlived the game",
            sleeping(&marker)
        );
        let said = std::fs::read_to_string(logs.join(format!("{game}-g0-s0.stderr"))).unwrap();
        assert!(
            said.starts_with("memory:refused\n"),
            "{game}: {}",
            &said[..80]
        );
        if arena::program::Protections::probe().landlock_network {
            assert!(
                said.starts_with("memory:refused\nread:refused\nwrite:refused\nconnect:refused\n"),
                "{game}: {}",
                &said[..80]
            );
        }
        assert!(said.len() < 100_200, "{game}: {} bytes", said.len());
        assert!(
            said.contains("more bytes of output dropped past the cap of 100000 bytes]"),
            "{game}"
        );
        assert!(!other.join("written").exists(), "{game}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_programs_children_are_gone_after_play_is_killed_in_every_game() {
    let dir = temp_dir("contained", "killed");
    for (i, (game, opponent, options)) in GAMES.iter().enumerate() {
        let marker = marker(i, true);
        // Silent: `play` waits for its first answer (or connection), so it is surely still
        // running when it is killed.
        let wrap = wrapper(&dir, &marker, true, &other_bot(&dir), 9);
        let mut child = Command::new(PLAY)
            .args([game, "--games", "1", "--quiet", "--bots"])
            .arg(format!(
                "cmd:{} {},{opponent}",
                wrap.display(),
                sample(game)
            ))
            .args(*options)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        assert!(
            wait_until(&marker, |n| n == 3),
            "{game}: the program's three children never ran"
        );
        child.kill().unwrap();
        child.wait().unwrap();
        assert!(
            wait_until(&marker, |n| n == 0),
            "{game}: {} processes outlived the killed play",
            sleeping(&marker)
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--cpu-limit`: a program that spins past it ends with the fault that names the limit, kept in
/// the results file.
#[test]
fn a_program_over_its_cpu_limit_gets_a_limit_fault() {
    let dir = temp_dir("contained", "cpu-limit");
    let file = dir.join("results.json");
    let out = Command::new(PLAY)
        .args(["tron3d", "--games", "1", "--rounds", "5", "--quiet"])
        .args(["--cpu-limit", "1", "--results"])
        .arg(&file)
        .args(["--bots", "cmd:sh -c 'while :; do :; done',demo"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let results = std::fs::read_to_string(&file).unwrap();
    assert!(
        results.contains("limit: cpu time: round 0: killed by SIGXCPU"),
        "{results}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// In each game, a program that allocates 8 GB does not get it: it ends (Python's
/// `MemoryError`), and the game records its crash with the exit code.
#[test]
fn a_program_that_allocates_8_gb_gets_a_fault_in_every_game() {
    let dir = temp_dir("contained", "memory");
    for (game, opponent, options) in GAMES {
        let file = dir.join(format!("{game}.json"));
        let out = Command::new(PLAY)
            .args([
                game,
                "--games",
                "1",
                "--quiet",
                "--fixed-seats",
                "--results",
            ])
            .arg(&file)
            .arg("--bots")
            .arg(format!(
                "cmd:python3 -c 'b = bytearray(8 << 30); input()',{opponent}"
            ))
            .args(options)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{game}: {stderr}");
        let results = std::fs::read_to_string(&file).unwrap();
        assert!(
            results.contains("\"faults\":[\"crash: ") && results.contains("exit"),
            "{game}: {results}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--pass-env NAME` passes one variable of `play`'s environment (no other reaches a program),
/// `--scratch-dir DIR` makes the scratch folders there and `--keep-scratch` keeps them.
#[test]
fn pass_env_scratch_dir_and_keep_scratch() {
    let dir = temp_dir("contained", "scratch");
    let script = "cmd:sh -c 'echo \"$CONTEST_TEST_PASSED|${CONTEST_TEST_HIDDEN:-hidden}|$CONTEST_SEAT\" > \"$HOME/note\"',demo";
    let out = Command::new(PLAY)
        .args([
            "tron3d",
            "--games",
            "1",
            "--rounds",
            "3",
            "--quiet",
            "--fixed-seats",
        ])
        .args([
            "--pass-env",
            "CONTEST_TEST_PASSED",
            "--keep-scratch",
            "--scratch-dir",
        ])
        .arg(&dir)
        .args(["--bots", script])
        .env("CONTEST_TEST_PASSED", "passed")
        .env("CONTEST_TEST_HIDDEN", "leaked")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let kept: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    let name = kept[0].file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.starts_with("contest-arena-") && name.ends_with("-seat0"),
        "{name}"
    );
    let note = std::fs::read_to_string(kept[0].join("note")).unwrap();
    assert_eq!(note, "passed|hidden|0\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Where the kernel refuses namespaces and has no Landlock (acted out with the arena's two
/// variables), every game still runs, `play` warns once for each, and a program's children in its
/// process group (a background child, a double fork) are still killed with it.
#[test]
fn without_namespaces_and_landlock_games_run_with_a_warning() {
    let dir = temp_dir("contained", "fallback");
    let other = other_bot(&dir);
    for (i, (game, opponent, options)) in GAMES.iter().enumerate() {
        let marker = format!("{}", 700_000 + (std::process::id() % 4_000) * 20 + i as u32);
        // Without the setsid daemon: no process group can hold it.
        let wrap = wrapper(&dir, &marker, false, &other, 9);
        let text = std::fs::read_to_string(&wrap)
            .unwrap()
            .replace(&format!("setsid sleep {marker}"), "true");
        std::fs::write(&wrap, text).unwrap();
        let out = Command::new(PLAY)
            .args([game, "--games", "1", "--quiet", "--bots"])
            .arg(format!(
                "cmd:{} {},{opponent}",
                wrap.display(),
                sample(game)
            ))
            .args(*options)
            .env("CONTEST_ARENA_NO_NAMESPACES", "1")
            .env("CONTEST_ARENA_NO_LANDLOCK", "1")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{game}: {stderr}");
        assert_eq!(
            stderr
                .matches("arena: warning: the kernel refuses user and PID namespaces")
                .count(),
            1,
            "{game}: {stderr}"
        );
        assert_eq!(
            stderr
                .matches("arena: warning: the kernel has no Landlock")
                .count(),
            1,
            "{game}: {stderr}"
        );
        assert!(
            stderr.contains(
                "play: program bots: killed as a process group (no PID namespace), limits"
            ) && stderr.contains(", no Landlock on this kernel\n"),
            "{game}: {stderr}"
        );
        assert!(
            wait_until(&marker, |n| n == 0),
            "{game}: {} processes outlived the game",
            sleeping(&marker)
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
