//! Hostile input: random bytes and mutations of valid grid texts and of serialized grids and
//! graphs into every reader (`Grid::from_text`, `Grid::from_bytes`, serde), random edge lists with
//! in-range and out-of-range ends into the graph builders, and any node id into the searches.
//! Each case must end without a panic.
//!
//! Bounded by construction: an input is at most [`MAX_INPUT`] bytes, so every grid or graph a
//! case builds is at most that large (the readers allocate in proportion to their input; sizes
//! over `Grid::MAX_SIDE` / `Graph::MAX_NODES` are rejected before allocating).
//!
//! Cases per target: 2,000 by default; `CONTEST_FUZZ_CASES=100000 cargo test --profile fuzz -p
//! pathfind --test integration fuzz::` for a long run. Cases are
//! seeded: a failure names its seed.

use pathfind::tree::toys::TicTacToe;
use pathfind::{DistanceTable, Graph, Grid, Node, Searcher};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The largest input one case feeds a reader, in bytes.
const MAX_INPUT: usize = 1 << 16;

fn cases() -> u64 {
    std::env::var("CONTEST_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000)
}

/// Values a mutation writes into numbers: limits, off-by-ones, signs, overflow.
const INTERESTING: [&[u8]; 9] = [
    b"-1",
    b"0",
    b"65534",
    b"65535",
    b"4294967295",
    b"4294967296",
    b"18446744073709551616",
    b"null",
    "é".as_bytes(),
];

/// One seeded mutation of `base`: random bytes, or a few byte flips, inserts, deletions,
/// duplicated ranges and interesting numbers.
fn mutate(base: &[u8], rng: &mut Pcg64Mcg) -> Vec<u8> {
    if rng.random_ratio(1, 8) {
        let n = rng.random_range(0..256);
        return (0..n).map(|_| rng.random()).collect();
    }
    let mut out = base.to_vec();
    for _ in 0..rng.random_range(1..6) {
        let len = out.len();
        let at = if len == 0 {
            0
        } else {
            rng.random_range(0..len)
        };
        match rng.random_range(0..5) {
            0 if len > 0 => out[at] = rng.random(),
            1 => out.insert(at, b".#\n\r{}[],:"[rng.random_range(0..10)]),
            2 if len > 0 => {
                let end = (at + rng.random_range(1..64)).min(len);
                out.drain(at..end);
            }
            3 if len > 0 => {
                let end = (at + rng.random_range(1..256)).min(len);
                let chunk = out[at..end].to_vec();
                if out.len() + chunk.len() <= MAX_INPUT {
                    out.splice(at..at, chunk);
                }
            }
            _ => {
                let value = INTERESTING[rng.random_range(0..INTERESTING.len())];
                out.splice(at..at, value.iter().copied());
            }
        }
    }
    out.truncate(MAX_INPUT);
    out
}

fn run(target: &str, mut case: impl FnMut(&mut Pcg64Mcg)) {
    for seed in 0..cases() {
        let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0xf022_0000);
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| case(&mut rng)));
        assert!(result.is_ok(), "{target}: case seed {seed} panicked");
    }
}

/// Any node id: mostly inside the space, sometimes anywhere.
fn any_node(rng: &mut Pcg64Mcg, bound: usize) -> Node {
    if rng.random_ratio(1, 4) || bound == 0 {
        Node(rng.random())
    } else {
        Node(rng.random_range(0..bound as u32))
    }
}

const MAZE: &str = "\
..#......#\n\
.##.####.#\n\
....#....#\n\
###.#.##..\n\
....#..#.#\n";

#[test]
fn grid_texts_bytes_and_searches() {
    let mut searcher = Searcher::new();
    run("grid", |rng| {
        let text = mutate(MAZE.as_bytes(), rng);
        let _ = Grid::from_bytes(
            rng.random_range(0..20),
            rng.random_range(0..20),
            &text,
            |b| b == b'.',
        );
        let Ok(grid) = Grid::from_text(&String::from_utf8_lossy(&text)) else {
            return;
        };
        let bound = grid.width() * grid.height() * 2;
        let (a, b) = (any_node(rng, bound), any_node(rng, bound));
        let _ = searcher.bfs_distance(&grid, a, b);
        let _ = searcher.astar(&grid, a, b, |_| 0);
        if let Ok(field) = searcher.distance_field(&grid, a) {
            let _ = field.distance(b);
        }
        let _ = DistanceTable::new(&grid, &[a, b]);
    });
}

#[test]
fn graphs_from_any_edges() {
    let mut searcher = Searcher::new();
    run("graph", |rng| {
        let nodes = rng.random_range(0..64usize);
        let edges: Vec<(u32, u32)> = (0..rng.random_range(0..128))
            .map(|_| {
                let mut end = || {
                    if rng.random_ratio(1, 16) {
                        rng.random()
                    } else {
                        rng.random_range(0..nodes.max(1) as u32)
                    }
                };
                (end(), end())
            })
            .collect();
        let built = if rng.random() {
            Graph::directed(nodes, edges.iter().copied())
        } else {
            Graph::undirected(nodes, edges.iter().copied())
        };
        let Ok(graph) = built else {
            return;
        };
        let (a, b) = (any_node(rng, nodes), any_node(rng, nodes));
        let _ = searcher.bfs_distance(&graph, a, b);
        let _ = searcher.astar(&graph, a, b, |_| 0);
        let _ = DistanceTable::new(&graph, &[a, b]);
    });
}

#[test]
fn serialized_grids_and_graphs() {
    let grid = serde_json::to_vec(&Grid::from_text(MAZE).unwrap()).unwrap();
    let graph =
        serde_json::to_vec(&Graph::undirected(5, [(0, 1), (1, 2), (2, 3), (3, 4)]).unwrap())
            .unwrap();
    let mut searcher = Searcher::new();
    run("serde", |rng| {
        let base = if rng.random() { &grid } else { &graph };
        let bytes = mutate(base, rng);
        if let Ok(grid) = serde_json::from_slice::<Grid>(&bytes) {
            let bound = grid.width() * grid.height();
            let _ = searcher.bfs_distance(&grid, any_node(rng, bound), any_node(rng, bound));
        }
        if let Ok(graph) = serde_json::from_slice::<Graph>(&bytes) {
            let bound = graph.node_count();
            let _ = searcher.bfs_distance(&graph, any_node(rng, bound), any_node(rng, bound));
        }
    });
}

#[test]
fn tic_tac_toe_boards() {
    run("tictactoe", |rng| {
        let text = mutate(b"X.O.X.O..", rng);
        let _ = TicTacToe::from_text(&String::from_utf8_lossy(&text));
    });
}

/// Issue 22: search settings whose arithmetic overflows (a `Duration::MAX` budget, `u64::MAX`
/// seconds, NaN and infinite constants, any playout depth) and toy settings out of range (a NaN
/// or infinite probability or pass value) in every search: never a panic.
#[test]
fn search_settings_and_toy_values_that_overflow() {
    use pathfind::tree::toys::{CoinBelief, CoinGuess, Goofspiel};
    use pathfind::tree::{
        DecoupledUct, FlatMonteCarlo, Game, InformationSetMcts, SearchConfig, Uct,
    };
    use std::time::Duration;
    const TIMES: [Option<Duration>; 6] = [
        None,
        Some(Duration::ZERO),
        Some(Duration::from_nanos(1)),
        Some(Duration::from_secs(3600)),
        Some(Duration::from_secs(u64::MAX)),
        Some(Duration::MAX),
    ];
    const FLOATS: [f64; 8] = [
        0.0,
        1.0,
        -1.0,
        0.5,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::MAX,
    ];
    let goofspiel = Goofspiel::new(4).unwrap();
    run("search settings", |rng| {
        let float = |rng: &mut Pcg64Mcg| FLOATS[rng.random_range(0..FLOATS.len())];
        let config = SearchConfig {
            iterations: [0, 1, 7, 40][rng.random_range(0..4)],
            time: TIMES[rng.random_range(0..TIMES.len())],
            exploration: float(rng),
            mixing: float(rng),
            max_playout_steps: [0, 1, 5, u32::MAX][rng.random_range(0..4)],
            seed: rng.random(),
        };
        let (pass_value, heads_probability) = (float(rng), float(rng));
        let seed = rng.random();
        let ttt = TicTacToe.initial_state(seed);
        let _ = Uct::new(config.clone()).choose(&TicTacToe, &ttt, 0);
        let _ = FlatMonteCarlo::new(config.clone()).choose(&TicTacToe, &ttt, 0);
        let state = goofspiel.initial_state(seed);
        let _ = DecoupledUct::new(config.clone()).choose(&goofspiel, &state, 1);
        let coin = CoinGuess { pass_value };
        let belief = CoinBelief { heads_probability };
        let _ = InformationSetMcts::new(config).choose(&coin, &belief, 0);
        let mut returns = [0.0];
        coin.returns(
            &coin.step(
                &coin.initial_state(seed),
                &[pathfind::tree::toys::Guess::Pass],
            ),
            &mut returns,
        );
        assert!((0.0..=1.0).contains(&returns[0]), "{returns:?}");
    });
}
