//! The Tron3D kit's player API over `tron3d-protocol 1` (`examples/programs/tron3d/kit`): player
//! files in the Jutge kit's style, compiled with the kit's `build.sh`, play `play tron3d`; the
//! same logic written against the protocol directly plays the same games, and the kit's answers
//! equal what the arena sent, round by round. Skipped where g++ is missing.

use crate::support::{play, temp_dir, text};
use std::path::Path;
use std::process::Command;

/// The kit's folder.
const KIT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/tron3d/kit");

/// Whether g++ runs here (the kit needs it); says so on standard error when not.
fn have_gpp() -> bool {
    let ok = Command::new("g++")
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success());
    if !ok {
        eprintln!("g++ is missing: the Tron3D kit tests are skipped");
    }
    ok
}

/// Builds the kit player `players/FILE` into `out` with the kit's `build.sh`.
fn build(file: &str, out: &Path) {
    let built = Command::new(format!("{KIT}/build.sh"))
        .arg(format!("{KIT}/players/{file}"))
        .arg(out)
        .output()
        .unwrap();
    assert!(built.status.success(), "{file}: {}", text(&built.stderr));
    assert!(out.is_file(), "{file}: no {}", out.display());
}

/// Plays two games of `rounds` rounds of `program` against `opponents` (a `--bots` tail) on a
/// fixed seed, without a fault; returns the results file's text. `extra` are further options.
fn play_games(
    program: &str,
    opponents: &str,
    rounds: &str,
    seed: &str,
    results: &Path,
    extra: &[&str],
) -> String {
    let bots = format!("cmd:{program},{opponents}");
    let mut args = vec![
        "tron3d",
        "--games",
        "2",
        "--rounds",
        rounds,
        "--seed",
        seed,
        "--bots",
        &bots,
        "--quiet",
        "--results",
        results.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let out = play(&args);
    assert!(out.status.success(), "{program}: {}", text(&out.stderr));
    let results = std::fs::read_to_string(results).unwrap();
    for kind in ["crash:", "flood:", "garbage:", "silence:"] {
        assert!(
            !results.contains(kind),
            "{program}: a {kind} fault: {results}"
        );
    }
    results
}

/// The games' records of a results file (scores, ranks, steps per game), without the line-up.
fn records(results: &str) -> &str {
    let at = results
        .find("\"records\":")
        .unwrap_or_else(|| panic!("{results}"));
    &results[at..]
}

/// Both test players, built with `build.sh`, play two games against Demo without a fault.
#[test]
fn kit_players_build_and_play_without_a_fault() {
    if !have_gpp() {
        return;
    }
    let dir = temp_dir("tron3d-kit", "play");
    for player in ["Walker", "Flood"] {
        let program = dir.join(player);
        build(&format!("AI{player}.cc"), &program);
        let results = play_games(
            program.to_str().unwrap(),
            "demo",
            "60",
            "5",
            &dir.join(format!("{player}.json")),
            &[],
        );
        assert!(records(&results).contains("\"steps\":60"), "{results}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The same deterministic logic (the lowest-numbered free neighbour, any held item used), once
/// as a kit player (`AILowest.cc`) and once in Python speaking the protocol (`lowest.py`), plays
/// the same games on fixed seeds: equal records (scores, ranks, steps), against Demo in short
/// games and against three Demos in whole ones (items picked up and used). Each also writes what
/// it knows in the protocol's lines to standard error, the kit player from the API's answers and
/// the Python program as it read them: equal too, round by round.
#[test]
fn kit_moves_equal_those_of_the_same_logic_over_the_protocol() {
    if !have_gpp() {
        return;
    }
    let dir = temp_dir("tron3d-kit", "same");
    let kit_program = dir.join("Lowest");
    build("AILowest.cc", &kit_program);
    let python = format!("{KIT}/players/lowest.py");
    for (seed, opponents, rounds) in [("1", "demo", "60"), ("3", "demo,demo,demo", "200")] {
        let told = |name: &str| dir.join(format!("told-{name}-{seed}"));
        let kit = play_games(
            kit_program.to_str().unwrap(),
            opponents,
            rounds,
            seed,
            &dir.join(format!("kit-{seed}.json")),
            &["--stderr-dir", told("kit").to_str().unwrap()],
        );
        let direct = play_games(
            &python,
            opponents,
            rounds,
            seed,
            &dir.join(format!("python-{seed}.json")),
            &["--stderr-dir", told("python").to_str().unwrap()],
        );
        assert_eq!(records(&kit), records(&direct), "seed {seed}");
        let last = format!("round {}\n", rounds.parse::<u32>().unwrap() - 1);
        let mut held = false;
        let mut files: Vec<_> = std::fs::read_dir(told("kit"))
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        files.sort();
        assert_eq!(files.len(), 2, "seed {seed}: {files:?}");
        for file in files {
            let file = file.to_str().unwrap();
            let kit = std::fs::read_to_string(told("kit").join(file)).unwrap();
            let direct = std::fs::read_to_string(told("python").join(file)).unwrap();
            assert!(kit.contains(&last), "seed {seed} {file}: {kit}");
            assert!(kit == direct, "seed {seed} {file}: the kit's view differs");
            held |= kit.lines().any(|line| {
                let words: Vec<&str> = line.split(' ').collect();
                words.len() == 6 && words[1] != "n"
            });
        }
        if rounds == "200" {
            assert!(held, "seed {seed}: no bike ever held an item");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
