//! Regenerates the shipped mazes in `mazes/`: `cargo run -p amazes --example make_mazes`.

use amazes::{MazeFile, generate, random_starts};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("mazes");
    for seed in 1..=10u64 {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let maze = generate(25, &mut rng)?;
        maze.validate()?;
        let starts = random_starts(&maze, 288, &mut rng)?;
        let file = MazeFile {
            maze,
            starts: Some(starts),
        };
        let stats = file.maze.stats();
        println!("maze{seed:02}: {stats:?}");
        std::fs::write(dir.join(format!("maze{seed:02}.txt")), file.to_text())?;
    }
    Ok(())
}
