//! The integration tests of `windward`, one module per concern, in one test binary: a binary
//! per file meant a link of the whole dependency graph per file, most of the first `cargo test`.
//! The conformance suites and the fuzz targets are modules here too; one runs with a filter,
//! e.g. `cargo test -p windward --test integration conformance::` or `... fuzz::`. A new file in
//! this folder is a module here; `every_test_file_is_a_module` checks that none is forgotten.

mod alloc;
mod conformance;
mod contract;
mod fuzz;
mod hostile_orders;
mod messages_conformance;
mod movement_tables;
mod net_faults;
mod net_room;
mod net_round;
mod net_support;
mod properties;
mod rules;
mod tensor;
mod tick_conformance;
mod tick_properties;
mod unit;

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
