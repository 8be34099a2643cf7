//! Zero allocations after warm-up, counted per thread by `allocation-counter`: every query of a
//! warmed-up `Searcher`, and every search of `pathfind::tree` on its second decision of the same
//! size.

use pathfind::tree::toys::{CoinBelief, CoinGuess, Goofspiel, TicTacToe};
use pathfind::tree::{DecoupledUct, FlatMonteCarlo, Game, InformationSetMcts, SearchConfig, Uct};
use pathfind::{Graph, Grid, NeighbourOrder, Node, Searcher};

/// Runs every kind of query once; returns a checksum so nothing is optimised away.
fn queries(s: &mut Searcher, grid: &Grid, graph: &Graph, path: &mut Vec<Node>, k: usize) -> u64 {
    let w = grid.width();
    let a = grid.node(k % w, 0).unwrap();
    let b = grid.node(w - 1 - k % w, grid.height() - 1).unwrap();
    let mut sum = 0u64;
    let field = s.distance_field(grid, a).unwrap();
    sum += u64::from(field.distance(b).unwrap_or(0));
    sum += field.path_to(grid, b, path) as u64;
    let sources = [a, b, grid.node(w / 2, grid.height() / 2).unwrap()];
    let field = s.multi_source_field(grid, &sources).unwrap();
    sum += u64::from(field.owner(b).unwrap_or(9));
    sum += u64::from(s.bfs_distance(grid, a, b).unwrap().unwrap_or(0));
    sum += s.path(grid, b, path) as u64;
    sum += s
        .bfs_find(grid, &[a], |n| n == b)
        .unwrap()
        .map_or(0, |(_, d)| u64::from(d));
    sum += u64::from(s.astar_grid(grid, a, b).unwrap().unwrap_or(0));
    sum += s.path(grid, b, path) as u64;
    sum += u64::from(
        s.astar(grid, a, b, |n| grid.manhattan(n, b).unwrap())
            .unwrap()
            .unwrap_or(0),
    );
    sum += s.path(grid, b, path) as u64;
    let (ga, gb) = (Node((k % graph.node_count()) as u32), Node(0));
    sum += u64::from(
        s.distance_field(graph, ga)
            .unwrap()
            .distance(gb)
            .unwrap_or(0),
    );
    sum += u64::from(s.astar(graph, ga, gb, |_| 0).unwrap().unwrap_or(0));
    sum += s.path(graph, gb, path) as u64;
    sum
}

#[test]
fn no_allocation_after_warm_up() {
    // A maze-like grid with a snake of walls, and a ring graph.
    let grid = Grid::from_fn(40, 30, |x, y| {
        !(y % 4 == 1 && x != 0 || y % 4 == 3 && x != 39)
    })
    .unwrap()
    .with_order(NeighbourOrder::WENS);
    let graph = Graph::from_fn(50, |v| [(v + 49) % 50, (v + 1) % 50, (v + 7) % 50]).unwrap();
    let mut s = Searcher::new();
    // The caller's path buffer is part of the warm-up: give it room for the longest path.
    let mut path = Vec::with_capacity(grid.width() * grid.height());
    let mut sum = queries(&mut s, &grid, &graph, &mut path, 0); // warm-up: sizes everything
    for k in 0..8 {
        sum += queries(&mut s, &grid, &graph, &mut path, k); // the worst queries the grid allows
    }
    let info = allocation_counter::measure(|| {
        for k in 0..200 {
            sum += queries(&mut s, &grid, &graph, &mut path, k);
        }
    });
    assert!(sum > 0);
    assert_eq!(info.count_total, 0, "allocations during warmed-up queries");
}

fn config(iterations: u32) -> SearchConfig {
    SearchConfig {
        iterations,
        ..SearchConfig::default()
    }
}

#[test]
fn uct_allocates_nothing_on_a_second_decision_of_the_same_size() {
    let game = TicTacToe;
    let state = game.initial_state(0);
    let mut search = Uct::new(config(3_000));
    // The first decision grows the arena; the second, from the same seed, builds the same tree.
    search.reseed(7);
    search.choose(&game, &state, 0);
    let size = search.tree_size();
    search.reseed(7);
    let info = allocation_counter::measure(|| {
        assert!(search.choose(&game, &state, 0).is_some());
    });
    assert_eq!(search.tree_size(), size, "the same number of nodes");
    assert_eq!(
        info.count_total, 0,
        "allocations in a warmed-up UCT decision"
    );
}

#[test]
fn duct_flat_and_ismcts_allocate_nothing_after_warm_up() {
    let game = Goofspiel::new(6).unwrap();
    let state = game.initial_state(3);
    let mut duct = DecoupledUct::new(config(2_000));
    let mut flat = FlatMonteCarlo::new(config(2_000));
    for _ in 0..3 {
        duct.choose(&game, &state, 1);
        flat.choose(&game, &state, 1);
    }
    let info = allocation_counter::measure(|| {
        assert!(duct.choose(&game, &state, 1).is_some());
        assert!(flat.choose(&game, &state, 1).is_some());
    });
    assert_eq!(
        info.count_total, 0,
        "allocations in warmed-up DUCT and flat decisions"
    );

    let coin = CoinGuess { pass_value: 0.6 };
    let belief = CoinBelief {
        heads_probability: 0.7,
    };
    let mut ismcts = InformationSetMcts::new(config(1_000));
    for _ in 0..3 {
        ismcts.choose(&coin, &belief, 0);
    }
    let info = allocation_counter::measure(|| {
        assert!(ismcts.choose(&coin, &belief, 0).is_some());
    });
    assert_eq!(
        info.count_total, 0,
        "allocations in a warmed-up IS-MCTS decision"
    );
}
