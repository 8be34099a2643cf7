//! Conformance against the original engine's golden games in `$CONTEST_DATA/tron3d/games/`.
//!
//! Replay mode (every v1.2 game, including `stress/` and `recorded/`): the recorded commands with
//! the recorded player order and item types; every board after every round and every
//! `movements` list must match, and the `.t3d` the engine writes must equal the file byte for
//! byte. Full mode (the games the README gives command lines for): the kit's Demo/Null players
//! and the engine share one glibc `rand()` stream seeded as on the command line; the written
//! game must equal the file byte for byte.

use std::path::{Path, PathBuf};

use tron3d::format::{Cnf, parse_map};
use tron3d::replay::run_original;

fn data_dir() -> Option<PathBuf> {
    std::env::var_os("CONTEST_DATA").map(|d| PathBuf::from(d).join("tron3d"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The `.map` a game names: next to the game, else in `boards/`.
fn find_map(data: &Path, game_dir: &Path, name: &str) -> tron3d::Board {
    let file = format!("{name}.map");
    let path = [game_dir.join(&file), data.join("boards").join(&file)]
        .into_iter()
        .find(|p| p.exists())
        .unwrap_or_else(|| panic!("map {file} not found for a game in {}", game_dir.display()));
    parse_map(name, &read(&path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn t3d_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "t3d"))
        .collect();
    files.sort();
    files
}

#[test]
fn replay_every_recorded_game() {
    let Some(data) = data_dir() else {
        println!("conformance: tron3d: skipped (CONTEST_DATA unset)");
        return;
    };
    let games = data.join("games");
    let mut files = Vec::new();
    for dir in [games.clone(), games.join("stress"), games.join("recorded")] {
        files.extend(t3d_files(&dir));
    }
    assert!(
        files.len() >= 9,
        "expected the golden games, found {}",
        files.len()
    );
    let mut skipped = Vec::new();
    let mut v12 = Vec::new();
    for path in files {
        if read(&path).starts_with("tron3d v1.0") {
            // The 2014 engine's format and rules (rules doc §9): not this engine.
            skipped.push(path.file_name().unwrap().to_string_lossy().into_owned());
        } else {
            v12.push(path);
        }
    }
    // The crate's one replay surface: it finds each game's board itself (games/../boards/).
    let summary = tron3d::replay::verify_files(&v12).unwrap_or_else(|e| panic!("{e}"));
    println!("{summary}");
    println!(
        "  (replay mode: every board, every movements list and the written .t3d bytes; skipped, format v1.0 of the 2014 engine: {})",
        skipped.join(", ")
    );
    assert!(summary.traces >= 9);
}

#[test]
fn original_program_runs_reproduced_byte_for_byte() {
    let Some(data) = data_dir() else {
        println!("conformance: tron3d (original command lines): skipped (CONTEST_DATA unset)");
        return;
    };
    // The command lines of games/README.md: (output, config, players, seed).
    let runs: [(&str, &str, &[&str], u32); 8] = [
        ("cube_demo4_s1.t3d", "boards/cube.cnf", &["Demo"; 4], 1),
        ("cube_demo4_s2.t3d", "boards/cube.cnf", &["Demo"; 4], 2),
        (
            "icosahedron_demo4_s1.t3d",
            "boards/icosahedron.cnf",
            &["Demo"; 4],
            1,
        ),
        ("plane_demo4_s1.t3d", "boards/plane.cnf", &["Demo"; 4], 1),
        (
            "plane1vs1_demo2_s1.t3d",
            "boards/plane1vs1.cnf.disabled",
            &["Demo"; 2],
            1,
        ),
        (
            "cube_demo_null_s4.t3d",
            "boards/cube.cnf",
            &["Demo", "Null", "Demo", "Null"],
            4,
        ),
        (
            "stress/stresscube_demo4_s1.t3d",
            "games/stress/stresscube.cnf",
            &["Demo"; 4],
            1,
        ),
        (
            "stress/stressico_demo2_s3.t3d",
            "games/stress/stressico.cnf",
            &["Demo"; 2],
            3,
        ),
    ];
    let mut rounds = 0;
    for (output, cnf_path, players, seed) in runs {
        let cnf_path = data.join(cnf_path);
        let cnf =
            Cnf::parse(&read(&cnf_path)).unwrap_or_else(|e| panic!("{}: {e}", cnf_path.display()));
        let board = find_map(&data, cnf_path.parent().unwrap(), &cnf.map);
        let game = cnf.game(board).expect("valid configuration");
        let record = run_original(&game, players, seed).expect("kit players");
        let expected = read(&data.join("games").join(output));
        let written = record.write();
        if written != expected {
            let at = written
                .bytes()
                .zip(expected.bytes())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            let line = expected[..at].matches('\n').count() + 1;
            panic!(
                "{output}: differs at byte {at} (line {line}): expected {:?}, got {:?}",
                &expected[at..(at + 40).min(expected.len())],
                &written[at..(at + 40).min(written.len())]
            );
        }
        rounds += record.rounds.len();
    }
    println!(
        "conformance: tron3d (original command lines, glibc rand + Demo): {} traces, {rounds} steps, all match",
        runs.len()
    );
}

/// Our flat grids number their vertices like the original viewer's `plane` / `bigplane`
/// geometry (three.js `PlaneGeometry`, row-major), with the same graph: a game on them, recorded
/// under the map name `plane` / `bigplane`, is drawn correctly by the original web viewer.
#[test]
fn generated_grids_match_the_viewers_plane_geometry() {
    let Some(data) = data_dir() else {
        println!("conformance: tron3d (grid geometry): skipped (CONTEST_DATA unset)");
        return;
    };
    for (preset, original) in [
        (tron3d::Preset::Grid, "plane"),
        (tron3d::Preset::BigGrid, "bigplane"),
    ] {
        let ours = preset.board();
        let boards = data.join("boards");
        let theirs = parse_map(original, &read(&boards.join(format!("{original}.map")))).unwrap();
        assert_eq!(ours.nb_vertices(), theirs.nb_vertices());
        for v in 0..ours.nb_vertices() {
            let mut a = ours.neighbours(v).to_vec();
            let mut b = theirs.neighbours(v).to_vec();
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "{original}: neighbours of {v}");
        }
        let coords = ours.coords().unwrap();
        let xyz = read(&boards.join("coords").join(format!("{original}.xyz")));
        let mut lines = 0;
        for line in xyz.lines().filter(|l| !l.starts_with('#')) {
            let fields: Vec<f64> = line
                .split_whitespace()
                .map(|f| f.parse().unwrap())
                .collect();
            let p = coords[fields[0] as usize];
            for i in 0..3 {
                assert!(
                    (p[i] - fields[i + 1]).abs() < 1e-5,
                    "{original}: vertex {}",
                    fields[0]
                );
            }
            lines += 1;
        }
        assert_eq!(lines, ours.nb_vertices());
    }
}
