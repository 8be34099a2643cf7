//! Writes the shipped boards: `tron3d/boards/<name>.map`, `.cnf` and `.xyz` for every preset.
//!
//! `cargo run -p tron3d --example write_boards` (the `boards` test checks the files are
//! up to date).

use tron3d::format::{Cnf, write_map};
use tron3d::generate::{Preset, write_xyz};

fn main() -> std::io::Result<()> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("boards");
    std::fs::create_dir_all(&dir)?;
    for preset in Preset::ALL {
        let board = preset.board();
        let name = preset.name();
        std::fs::write(dir.join(format!("{name}.map")), write_map(&board))?;
        std::fs::write(dir.join(format!("{name}.xyz")), write_xyz(&board))?;
        std::fs::write(
            dir.join(format!("{name}.cnf")),
            Cnf::new(name, preset.config()).write(),
        )?;
        println!(
            "{name}: {} vertices, spawns {:?}, bonus {:?}",
            board.nb_vertices(),
            board.spawns(),
            board.bonus_vertices()
        );
    }
    Ok(())
}
