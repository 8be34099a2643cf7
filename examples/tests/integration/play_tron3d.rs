//! `play tron3d` from the library: boards by name, short tournaments whose `.t3d` recordings
//! verify, and the search bot against the Demo player.

use std::path::PathBuf;

use examples::tron3d::{Options, tournament, verify};
use tron3d::Preset;

#[test]
fn an_unknown_board_names_the_shipped_ones() {
    let error = tournament(&options(&["--board", "cube7"]))
        .unwrap_err()
        .to_string();
    for preset in Preset::ALL {
        assert!(error.contains(preset.name()), "{error}");
    }
}

fn options(words: &[&str]) -> Options {
    let words = ["play", "tron3d"].iter().chain(words);
    match examples::cli::parse(words).unwrap().command {
        Some(examples::cli::Command::Tron3d(options)) => options,
        other => panic!("{other:?}"),
    }
}

#[test]
fn short_default_match_and_t3d_output_verify() {
    let dir = std::env::temp_dir().join(format!("tron3d-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let base = dir.join("g.t3d");
    tournament(&options(&[
        "--games",
        "2",
        "--rounds",
        "40",
        "--bots",
        "search,demo",
        "--t3d",
        base.to_str().unwrap(),
    ]))
    .unwrap();
    let files: Vec<PathBuf> = (0..2).map(|i| dir.join(format!("g-{i}.t3d"))).collect();
    assert_eq!(
        verify(&files).unwrap(),
        "conformance: tron3d: 2 traces, 80 rounds, all match; .t3d bytes identical"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(tournament(&options(&["--bots", "search,nobody"])).is_err());
    assert!(tournament(&options(&["--board", "nowhere.map"])).is_err());
    assert!(verify(&[PathBuf::from("/nonexistent.t3d")]).is_err());
}

#[test]
fn search_beats_demo_on_the_cube() {
    let results = tournament(&options(&["--games", "8", "--seed", "100"])).unwrap();
    let search = &results.standings()[0];
    assert_eq!(search.name, "search");
    assert!(search.wins >= 5, "{search:?}");
}
