//! Shape statistics of generated mazes (the figures in the README):
//! `cargo run --release -p amazes --example maze_stats [COUNT]`.

use amazes::generate;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn main() {
    let count: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    let mut sum = [0usize; 7];
    let mut lo = [usize::MAX; 7];
    let mut hi = [0usize; 7];
    for _ in 0..count {
        let s = generate(25, &mut rng).expect("25 is a valid size").stats();
        let v = [
            s.openings,
            s.degrees[1],
            s.degrees[2],
            s.degrees[3],
            s.degrees[4],
            s.longest_corridor,
            s.loops,
        ];
        for i in 0..7 {
            sum[i] += v[i];
            lo[i] = lo[i].min(v[i]);
            hi[i] = hi[i].max(v[i]);
        }
    }
    let names = [
        "openings", "degree 1", "degree 2", "degree 3", "degree 4", "longest", "loops",
    ];
    for i in 0..7 {
        println!(
            "{:<9} mean {:>6.1}  min {:>4}  max {:>4}",
            names[i],
            sum[i] as f64 / count as f64,
            lo[i],
            hi[i]
        );
    }
}
