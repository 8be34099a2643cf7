//! The integration tests of `examples`, one module per concern, in one test binary: a binary
//! per file meant a link of the whole dependency graph per file, most of the first `cargo test`.
//! A new file in this folder is a module here; `every_test_file_is_a_module` checks that none is
//! forgotten.

mod amazes_bots;
mod amazes_playable;
mod amazes_program;
mod amazes_referee;
mod builtin_bots;
mod cli;
mod cli_parse;
mod cloudwars;
mod cloudwars_real_time;
mod cloudwars_server;
mod contained;
mod dogfight_bots;
mod dogfight_dumbplanes;
mod dogfight_java;
mod dogfight_matchup;
mod dogfight_playable;
mod errors;
mod faults_told;
mod hostile_files;
mod league;
mod play_amazes;
mod play_dogfight;
mod play_sprt;
mod play_tron3d;
mod program_bots;
mod sprt_games;
mod support;
mod tron3d_kit;
mod tron3d_playable;
mod tron3d_tree_bot;
mod viewer_cli;
mod viewer_games;
mod windward;
mod windward_exit;
mod windward_net;
mod windward_port;
mod windward_server;

/// Every `.rs` file beside this one is declared above (a forgotten one would compile to nothing).
#[test]
fn every_test_file_is_a_module() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/integration");
    let main = std::fs::read_to_string(dir.join("main.rs")).unwrap();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if let Some(module) = name.strip_suffix(".rs").filter(|m| *m != "main") {
            assert!(
                main.contains(&format!("\nmod {module};\n")),
                "tests/integration/{name} is not declared in main.rs"
            );
        }
    }
}
