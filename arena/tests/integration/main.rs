//! The integration tests of `arena`, one module per concern, in one test binary: a binary
//! per file meant a link of the whole dependency graph per file, most of the first `cargo test`.
//! A new file in this folder is a module here; `every_test_file_is_a_module` checks that none is
//! forgotten.

mod browser;
mod contain;
mod faults;
mod net_programs;
mod output;
mod outside;
mod program;
mod program_tron3d;
mod results;
mod runner;
mod runner_hear;
mod runner_limits;
mod stats_rating;
mod stats_sprt;
mod viewer;
mod viewer_frames;

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
