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

/// Plays `program` against Demo on a fixed seed; returns the results file's text. `extra` are
/// further options.
fn play_demo(program: &str, seed: &str, results: &Path, extra: &[&str]) -> String {
    let bots = format!("cmd:{program},demo");
    let mut args = vec![
        "tron3d",
        "--games",
        "2",
        "--rounds",
        "60",
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
        let results = play_demo(
            program.to_str().unwrap(),
            "5",
            &dir.join(format!("{player}.json")),
            &[],
        );
        assert!(records(&results).contains("\"steps\":60"), "{results}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The same deterministic logic (the lowest-numbered free neighbour), once as a kit player
/// (`AILowest.cc`) and once in Python speaking the protocol (`lowest.py`), plays the same games
/// against Demo on fixed seeds: equal records. Each also writes what it knows in the protocol's
/// lines to standard error, the kit player from the API's answers and the Python program as it
/// read them: equal too, round by round.
#[test]
fn kit_moves_equal_those_of_the_same_logic_over_the_protocol() {
    if !have_gpp() {
        return;
    }
    let dir = temp_dir("tron3d-kit", "same");
    let kit_program = dir.join("Lowest");
    build("AILowest.cc", &kit_program);
    let python = format!("{KIT}/players/lowest.py");
    for seed in ["1", "7"] {
        let told = |name: &str| dir.join(format!("told-{name}-{seed}"));
        let kit = play_demo(
            kit_program.to_str().unwrap(),
            seed,
            &dir.join(format!("kit-{seed}.json")),
            &["--stderr-dir", told("kit").to_str().unwrap()],
        );
        let direct = play_demo(
            &python,
            seed,
            &dir.join(format!("python-{seed}.json")),
            &["--stderr-dir", told("python").to_str().unwrap()],
        );
        assert_eq!(records(&kit), records(&direct), "seed {seed}");
        for file in ["tron3d-g0-s0.stderr", "tron3d-g1-s1.stderr"] {
            let kit = std::fs::read_to_string(told("kit").join(file)).unwrap();
            let direct = std::fs::read_to_string(told("python").join(file)).unwrap();
            assert!(kit.contains("round 59\n"), "seed {seed} {file}: {kit}");
            assert!(kit == direct, "seed {seed} {file}: the kit's view differs");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
