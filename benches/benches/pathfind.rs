//! pathfind benchmarks: MCTS iterations per second on toy games (`tree/...`), and, side by side
//! with the `pathfinding` crate on the same inputs:
//! a BFS distance field, A* between random pairs and the all-pairs table between points of
//! interest, on open and maze-like grids of 32², 64² and 128², a generated Windward-sized city
//! (75×50) and, when `CONTEST_DATA` is set, the seven Windward maps.
//!
//! The `pathfinding` side gets its best case: nodes are `u32` slots of the same padded array,
//! successors are a non-allocating iterator, and the Manhattan heuristic reads a precomputed
//! coordinate table.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use pathfind::tree::toys::{CoinBelief, CoinGuess, Goofspiel, TicTacToe};
use pathfind::tree::{DecoupledUct, FlatMonteCarlo, Game, InformationSetMcts, SearchConfig, Uct};
use pathfind::{DistanceTable, Grid, NeighbourOrder, Node, Searcher, Space};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// One input: a grid, BFS sources, A* pairs and points of interest, all in one component.
/// Each iteration of a BFS benchmark takes the next of 64 sources: repeating one source lets the
/// branch predictor learn the whole flood and flatters the branchy kernels several times over.
struct Case {
    name: String,
    grid: Grid,
    sources: Vec<Node>,
    pairs: Vec<(Node, Node)>,
    points: Vec<Node>,
    /// Open flag per padded slot, and `(x, y)` per slot, for the `pathfinding` closures.
    open: Vec<bool>,
    xy: Vec<(u16, u16)>,
    offsets: [isize; 4],
}

impl Case {
    fn new(name: String, grid: Grid, points: Option<Vec<Node>>, seed: u64) -> Case {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        // The largest component, found from a few probes.
        let mut s = Searcher::new();
        let mut best: Vec<Node> = Vec::new();
        for probe in grid
            .nodes()
            .filter(|&n| grid.is_open(n))
            .step_by(97)
            .take(40)
        {
            let field = s.distance_field(&grid, probe).unwrap();
            if field.reached_count() > best.len() {
                best = field.reached().map(|(n, _)| n).collect();
            }
        }
        let pick = |rng: &mut Pcg64Mcg| best[rng.random_range(0..best.len())];
        let sources = (0..64).map(|_| pick(&mut rng)).collect();
        let pairs = (0..64).map(|_| (pick(&mut rng), pick(&mut rng))).collect();
        let points = points.unwrap_or_else(|| (0..16).map(|_| pick(&mut rng)).collect());
        let bound = grid.id_bound();
        let stride = grid.width() + 2;
        let open = (0..bound as u32).map(|i| grid.is_open(Node(i))).collect();
        let xy = (0..bound)
            .map(|i| ((i % stride) as u16, (i / stride) as u16))
            .collect();
        let s = stride as isize;
        let offsets = grid.order().dirs().map(|d| match d {
            pathfind::Dir::North => -s,
            pathfind::Dir::South => s,
            pathfind::Dir::West => -1,
            pathfind::Dir::East => 1,
        });
        Case {
            name,
            grid,
            sources,
            pairs,
            points,
            open,
            xy,
            offsets,
        }
    }

    /// `pathfinding`-style successors: a non-allocating iterator over open neighbours.
    fn successors(&self, n: u32) -> impl Iterator<Item = u32> + '_ {
        self.offsets
            .iter()
            .map(move |&o| (n as isize + o) as u32)
            .filter(|&m| self.open[m as usize])
    }

    fn manhattan(&self, a: u32, b: u32) -> u32 {
        let (ax, ay) = self.xy[a as usize];
        let (bx, by) = self.xy[b as usize];
        u32::from(ax.abs_diff(bx)) + u32::from(ay.abs_diff(by))
    }
}

/// Random walls with the given density.
fn open_grid(n: usize, walls: f64, seed: u64) -> Grid {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    Grid::from_fn(n, n, |_, _| !rng.random_bool(walls)).unwrap()
}

/// A maze: a depth-first carved perfect maze on odd coordinates, with 5% of the inner walls
/// knocked out so that several routes exist.
fn maze_grid(n: usize, seed: u64) -> Grid {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut open = vec![false; n * n];
    let cells = (n - 1) / 2;
    let mut seen = vec![false; cells * cells];
    let mut stack = vec![(0usize, 0usize)];
    seen[0] = true;
    open[n + 1] = true;
    while let Some(&(cx, cy)) = stack.last() {
        let mut next = Vec::new();
        for (dx, dy) in [(0isize, -1isize), (1, 0), (0, 1), (-1, 0)] {
            let (nx, ny) = (cx as isize + dx, cy as isize + dy);
            if nx >= 0 && ny >= 0 && (nx as usize) < cells && (ny as usize) < cells {
                let (nx, ny) = (nx as usize, ny as usize);
                if !seen[ny * cells + nx] {
                    next.push((nx, ny));
                }
            }
        }
        if next.is_empty() {
            stack.pop();
            continue;
        }
        let (nx, ny) = next[rng.random_range(0..next.len())];
        seen[ny * cells + nx] = true;
        let (x0, y0, x1, y1) = (2 * cx + 1, 2 * cy + 1, 2 * nx + 1, 2 * ny + 1);
        open[y1 * n + x1] = true;
        open[((y0 + y1) / 2) * n + (x0 + x1) / 2] = true;
        stack.push((nx, ny));
    }
    for y in 1..n - 1 {
        for x in 1..n - 1 {
            if !open[y * n + x] && (x + y) % 2 == 1 && rng.random_bool(0.05) {
                open[y * n + x] = true;
            }
        }
    }
    Grid::from_fn(n, n, |x, y| open[y * n + x]).unwrap()
}

/// A Windward-sized city of 75×50 tiles: a street grid with some blocks merged, and 17 one-tile
/// dead-end stops off the streets (13 "bus stops" and 4 "coffee stores"); W, E, N, S order.
fn city_grid(seed: u64) -> (Grid, Vec<(usize, usize)>) {
    let (w, h) = (75usize, 50usize);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut road = vec![false; w * h];
    let rows: Vec<usize> = (2..h - 1).step_by(6).collect();
    let cols: Vec<usize> = (3..w - 1).step_by(8).collect();
    for &y in &rows {
        for x in 3..w - 3 {
            road[y * w + x] = true;
        }
    }
    for &x in &cols {
        for y in 2..h - 2 {
            road[y * w + x] = true;
        }
    }
    // Close some street segments between junctions (never the first row or column).
    for (ri, &y) in rows.iter().enumerate().skip(1) {
        for c in cols.windows(2) {
            if rng.random_bool(0.15) && ri % 2 == 0 {
                for x in c[0] + 1..c[1] {
                    road[y * w + x] = false;
                }
            }
        }
    }
    let mut stops = Vec::new();
    while stops.len() < 17 {
        let (x, y) = (rng.random_range(1..w - 1), rng.random_range(1..h - 1));
        let beside_road = [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
            .iter()
            .filter(|&&(a, b)| road[b * w + a])
            .count();
        if !road[y * w + x] && beside_road == 1 && !stops.contains(&(x, y)) {
            stops.push((x, y));
        }
    }
    for &(x, y) in &stops {
        road[y * w + x] = true;
    }
    let grid = Grid::from_fn(w, h, |x, y| road[y * w + x])
        .unwrap()
        .with_order(NeighbourOrder::WENS);
    (grid, stops)
}

/// The driveable tiles and the stops of an original Windward map (see tests/integration/conformance.rs).
fn windward_map(text: &str) -> (Grid, Vec<(usize, usize)>) {
    fn attr<'a>(element: &'a str, name: &str) -> &'a str {
        let key = format!(" {name}=\"");
        let start = element.find(&key).expect("attribute") + key.len();
        let len = element[start..].find('"').expect("closing quote");
        &element[start..start + len]
    }
    let root = &text[text.find("<map").expect("<map>")..];
    let tag = format!(" {}", &root[4..root.find('>').unwrap()]);
    let (w, h): (usize, usize) = (
        attr(&tag, "width").parse().unwrap(),
        attr(&tag, "height").parse().unwrap(),
    );
    let mut driveable = vec![false; w * h];
    let (mut bus, mut coffee) = (Vec::new(), Vec::new());
    for chunk in root.split("<square").skip(1) {
        let element = format!(" {}", &chunk[..chunk.find("/>").unwrap()]);
        let (x, y): (usize, usize) = (
            attr(&element, "x").parse().unwrap(),
            attr(&element, "y").parse().unwrap(),
        );
        let kind = attr(&element, "type").replace("LIQUOR_", "COFFEE_");
        driveable[y * w + x] = matches!(kind.as_str(), "ROAD" | "BUS_STOP" | "COFFEE_STOP");
        match kind.as_str() {
            "BUS_STOP" => bus.push((x, y)),
            "COFFEE_STOP" => coffee.push((x, y)),
            _ => {}
        }
    }
    bus.extend(coffee);
    let grid = Grid::from_fn(w, h, |x, y| driveable[y * w + x])
        .unwrap()
        .with_order(NeighbourOrder::WENS);
    (grid, bus)
}

fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for (i, n) in [32usize, 64, 128].into_iter().enumerate() {
        cases.push(Case::new(
            format!("open{n}"),
            open_grid(n, 0.1, 10 + i as u64),
            None,
            1,
        ));
        cases.push(Case::new(
            format!("maze{n}"),
            maze_grid(n, 20 + i as u64),
            None,
            2,
        ));
    }
    let (grid, stops) = city_grid(7);
    let points = stops
        .iter()
        .map(|&(x, y)| grid.node(x, y).unwrap())
        .collect();
    cases.push(Case::new("city75x50".into(), grid, Some(points), 3));
    if let Some(data) = benches::contest_data() {
        for m in 1..=7 {
            let path = data
                .join("windward")
                .join("maps")
                .join(format!("map{m}.xml"));
            let text = std::fs::read_to_string(&path).expect("a Windward map");
            let (grid, stops) = windward_map(&text);
            let points = stops
                .iter()
                .map(|&(x, y)| grid.node(x, y).unwrap())
                .collect();
            cases.push(Case::new(format!("windward_map{m}"), grid, Some(points), 4));
        }
    }
    cases
}

fn bench_bfs_field(c: &mut Criterion, cases: &[Case]) {
    for case in cases {
        let mut group = c.benchmark_group(format!("bfs_field/{}", case.name));
        let mut s = Searcher::for_space(&case.grid);
        let mut k = 0;
        group.bench_function("pathfind", |b| {
            b.iter(|| {
                k = (k + 1) % case.sources.len();
                let field = s.distance_field(&case.grid, case.sources[k]).unwrap();
                black_box(field.distance(case.sources[0]))
            })
        });
        group.bench_function("pathfinding_bfs_reach", |b| {
            b.iter(|| {
                k = (k + 1) % case.sources.len();
                black_box(
                    pathfinding::prelude::bfs_reach(case.sources[k].0, |&n| case.successors(n))
                        .count(),
                )
            })
        });
        group.bench_function("pathfinding_dijkstra_all", |b| {
            b.iter(|| {
                k = (k + 1) % case.sources.len();
                let all = pathfinding::prelude::dijkstra_all(&case.sources[k].0, |&n| {
                    case.successors(n).map(|m| (m, 1u32))
                });
                black_box(all.get(&case.sources[0].0).map(|p| p.1))
            })
        });
        group.finish();
    }
}

fn bench_astar(c: &mut Criterion, cases: &[Case]) {
    for case in cases {
        let mut group = c.benchmark_group(format!("astar64/{}", case.name));
        group.throughput(Throughput::Elements(case.pairs.len() as u64));
        let mut s = Searcher::for_space(&case.grid);
        let mut path = Vec::with_capacity(case.grid.id_bound());
        group.bench_function("pathfind_grid", |b| {
            b.iter(|| {
                let mut total = 0;
                for &(a, z) in &case.pairs {
                    total += s.astar_grid(&case.grid, a, z).unwrap().unwrap();
                    s.path(&case.grid, z, &mut path);
                    total += path.len() as u32;
                }
                black_box(total)
            })
        });
        group.bench_function("pathfind_heap", |b| {
            b.iter(|| {
                let mut total = 0;
                for &(a, z) in &case.pairs {
                    total += s
                        .astar(&case.grid, a, z, |n| case.manhattan(n.0, z.0))
                        .unwrap()
                        .unwrap();
                    s.path(&case.grid, z, &mut path);
                    total += path.len() as u32;
                }
                black_box(total)
            })
        });
        group.bench_function("pathfinding", |b| {
            b.iter(|| {
                let mut total = 0;
                for &(a, z) in &case.pairs {
                    let (p, cost) = pathfinding::prelude::astar(
                        &a.0,
                        |&n| case.successors(n).map(|m| (m, 1u32)),
                        |&n| case.manhattan(n, z.0),
                        |&n| n == z.0,
                    )
                    .unwrap();
                    total += cost + p.len() as u32;
                }
                black_box(total)
            })
        });
        group.finish();
    }
}

fn bench_table(c: &mut Criterion, cases: &[Case]) {
    for case in cases {
        let mut group = c.benchmark_group(format!("table/{}", case.name));
        let k = case.points.len();
        let mut s = Searcher::for_space(&case.grid);
        let mut table = DistanceTable::default();
        group.bench_function(BenchmarkId::new("pathfind", k), |b| {
            b.iter(|| {
                table.rebuild(&mut s, &case.grid, &case.points).unwrap();
                black_box(table.between(0, k - 1))
            })
        });
        let mut matrix = vec![u32::MAX; k * k];
        group.bench_function(BenchmarkId::new("pathfinding_dijkstra_all", k), |b| {
            b.iter(|| {
                for (i, p) in case.points.iter().enumerate() {
                    let all = pathfinding::prelude::dijkstra_all(&p.0, |&n| {
                        case.successors(n).map(|m| (m, 1u32))
                    });
                    for (j, q) in case.points.iter().enumerate() {
                        matrix[i * k + j] = if i == j {
                            0
                        } else {
                            all.get(&q.0).map_or(u32::MAX, |e| e.1)
                        };
                    }
                }
                black_box(matrix[k - 1])
            })
        });
        group.finish();
    }
}

/// Iterations per decision in the tree benchmarks (criterion's throughput is per iteration).
const TREE_ITERATIONS: u32 = 1_000;

/// One decision of `TREE_ITERATIONS` iterations per benchmark iteration, from a fixed state, with
/// the search (and so its arena) reused: the steady state of a bot.
fn bench_tree(c: &mut Criterion) {
    let config = SearchConfig {
        iterations: TREE_ITERATIONS,
        ..SearchConfig::default()
    };
    let mut group = c.benchmark_group("tree");
    group.throughput(Throughput::Elements(u64::from(TREE_ITERATIONS)));

    let game = TicTacToe;
    let state = game.initial_state(0);
    let mut uct = Uct::new(config.clone());
    group.bench_function("uct_tictactoe", |b| {
        b.iter(|| black_box(uct.choose(&game, &state, 0)))
    });
    let mut flat = FlatMonteCarlo::new(config.clone());
    group.bench_function("flat_tictactoe", |b| {
        b.iter(|| black_box(flat.choose(&game, &state, 0)))
    });

    // Goofspiel with 8 cards: 8 simultaneous rounds, 8 × 8 joint actions at the root.
    let game = Goofspiel::new(8).unwrap();
    let state = game.initial_state(1);
    let mut duct = DecoupledUct::new(config.clone());
    group.bench_function("duct_goofspiel8", |b| {
        b.iter(|| black_box(duct.choose(&game, &state, 0)))
    });

    let game = CoinGuess { pass_value: 0.6 };
    let belief = CoinBelief {
        heads_probability: 0.7,
    };
    let mut ismcts = InformationSetMcts::new(config);
    group.bench_function("ismcts_coin", |b| {
        b.iter(|| black_box(ismcts.choose(&game, &belief, 0)))
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_tree(c);
    let cases = cases();
    bench_bfs_field(c, &cases);
    bench_astar(c, &cases);
    bench_table(c, &cases);
}

criterion_group!(pathfind_benches, benches);
criterion_main!(pathfind_benches);
