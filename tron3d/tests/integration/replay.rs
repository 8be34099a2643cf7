//! `replay::verify_files`: the crate's one replay surface finds each game's board itself.

use std::path::PathBuf;

use tron3d::generate::Preset;
use tron3d::replay::{VerifyError, run_original, verify_files};
use tron3d::{Config, Game};

fn temp_dir(label: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tron3d-replay-{label}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn short_game(preset: Preset, name: &str, seed: u32) -> String {
    let mut board = preset.board();
    board.set_name(name);
    let config = Config {
        nb_rounds: 30,
        bonus_round: 5,
        ..preset.config()
    };
    let game = Game::new(board, config).unwrap();
    run_original(&game, &["Demo"; 4], seed).unwrap().write()
}

/// Issue 14: `play tron3d --board grid13 --name plane` writes a game named after the original's
/// `plane`; verifying it must find the board it was played on (today: "plane.map not found"
/// without the data folder, or a mismatch against the original's `plane.map`, whose bonus
/// vertices differ, with it).
#[test]
fn a_game_written_under_another_name_finds_its_shipped_board() {
    let dir = temp_dir("named");
    for (preset, name) in [
        (Preset::Grid, "plane"),
        (Preset::BigGrid, "bigplane"),
        (Preset::Cube, "mycube"),
    ] {
        let path = dir.join(format!("{name}.t3d"));
        std::fs::write(&path, short_game(preset, name, 4)).unwrap();
        let summary = verify_files(&[&path]).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!((summary.traces, summary.steps), (1, 30));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_game_no_board_replays_is_a_mismatch() {
    let dir = temp_dir("beside");
    let path = dir.join("g.t3d");
    std::fs::write(&path, short_game(Preset::Icosphere, "island", 2)).unwrap();
    // No board named island and no preset of its size but the right one: found by shape.
    assert_eq!(verify_files(&[&path]).unwrap().traces, 1);
    // A record no candidate board replays: the error is a mismatch naming the trace.
    let game_text = short_game(Preset::Icosphere, "island", 2);
    let broken = game_text.replacen("\nscore 0 0 0 0\n", "\nscore 0 0 0 1\n", 1);
    std::fs::write(&path, broken).unwrap();
    match verify_files(&[&path]) {
        Err(VerifyError::Mismatch(m)) => assert!(m.trace.contains("g.t3d"), "{m}"),
        other => panic!("{other:?}"),
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn empty_files_and_no_files_are_errors() {
    let dir = temp_dir("empty");
    let path = dir.join("empty.t3d");
    std::fs::write(&path, "  \n").unwrap();
    assert!(matches!(
        verify_files(&[&path]),
        Err(VerifyError::Empty { .. })
    ));
    assert!(matches!(
        verify_files(&[] as &[PathBuf]),
        Err(VerifyError::Empty { .. })
    ));
    assert!(matches!(
        verify_files(&[dir.join("missing.t3d")]),
        Err(VerifyError::Io { .. })
    ));
    std::fs::write(&path, "tron3d v1.2\nmap x\n").unwrap();
    assert!(matches!(
        verify_files(&[&path]),
        Err(VerifyError::Format { .. })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Python's `tron3d.verify(["/dev/zero"])` (this function) read the device until memory ran out:
/// its reported size is 0. The bytes are counted as they are read (issue 36).
#[test]
fn a_device_is_too_large_not_read_without_end() {
    let zero = std::path::Path::new("/dev/zero");
    match verify_files(&[zero]) {
        Err(VerifyError::TooLarge { path, limit }) => {
            assert_eq!(path, zero);
            assert_eq!(limit, tron3d::replay::MAX_FILE_BYTES);
        }
        other => panic!("{other:?}"),
    }
}
