//! proptest strategies for grids, graphs and neighbour orders (feature `proptest`), so bot
//! authors can property-test their own code on the same inputs as this crate's tests.
//!
//! ```
//! use proptest::prelude::*;
//! use proptest::strategy::ValueTree;
//! use proptest::test_runner::TestRunner;
//!
//! let mut runner = TestRunner::deterministic();
//! let grid = pathfind::strategy::grid(8, 8).new_tree(&mut runner).unwrap().current();
//! assert!(grid.width() <= 8 && grid.height() <= 8);
//! ```

use proptest::prelude::*;

use crate::{Dir, Graph, Grid, NeighbourOrder, Node};

/// Any of the 24 neighbour orders.
///
/// ```
/// use proptest::prelude::*;
/// use proptest::strategy::ValueTree;
/// use proptest::test_runner::TestRunner;
///
/// let mut runner = TestRunner::deterministic();
/// let order = pathfind::strategy::neighbour_order().new_tree(&mut runner).unwrap().current();
/// let mut dirs = order.dirs();
/// dirs.sort();
/// assert_eq!(dirs, pathfind::Dir::ALL);
/// ```
pub fn neighbour_order() -> impl Strategy<Value = NeighbourOrder> {
    Just(Dir::ALL.to_vec()).prop_shuffle().prop_map(|v| {
        NeighbourOrder::new([v[0], v[1], v[2], v[3]]).expect("a permutation of the four directions")
    })
}

/// Grids of 1..=`max_width` by 1..=`max_height` cells, with a wall density drawn per grid
/// (from open rooms to mazes of isolated pockets) and any neighbour order.
///
/// ```
/// use proptest::prelude::*;
/// use proptest::strategy::ValueTree;
/// use proptest::test_runner::TestRunner;
///
/// let mut runner = TestRunner::deterministic();
/// let grid = pathfind::strategy::grid(5, 3).new_tree(&mut runner).unwrap().current();
/// assert!(grid.height() <= 3);
/// ```
pub fn grid(max_width: usize, max_height: usize) -> impl Strategy<Value = Grid> {
    (
        1..=max_width.max(1),
        1..=max_height.max(1),
        0u32..=60,
        neighbour_order(),
    )
        .prop_flat_map(|(w, h, wall_percent, order)| {
            proptest::collection::vec(
                proptest::bool::weighted(f64::from(wall_percent) / 100.0),
                w * h,
            )
            .prop_map(move |walls| {
                Grid::from_fn(w, h, |x, y| !walls[y * w + x])
                    .expect("a non-empty grid within limits")
                    .with_order(order)
            })
        })
}

/// A grid and a list of 1..=`max_points` of its cells (open or closed, possibly repeated).
///
/// ```
/// use proptest::prelude::*;
/// use proptest::strategy::ValueTree;
/// use proptest::test_runner::TestRunner;
///
/// let mut runner = TestRunner::deterministic();
/// let (grid, cells) = pathfind::strategy::grid_with_cells(6, 6, 3).new_tree(&mut runner).unwrap().current();
/// assert!(!cells.is_empty() && cells.iter().all(|&c| grid.position(c).is_some()));
/// ```
pub fn grid_with_cells(
    max_width: usize,
    max_height: usize,
    max_points: usize,
) -> impl Strategy<Value = (Grid, Vec<Node>)> {
    grid(max_width, max_height).prop_flat_map(move |g| {
        let (w, h) = (g.width(), g.height());
        let cells = proptest::collection::vec((0..w, 0..h), 1..=max_points.max(1));
        (Just(g), cells).prop_map(|(g, xy)| {
            let nodes = xy
                .iter()
                .map(|&(x, y)| g.node(x, y).expect("inside"))
                .collect();
            (g, nodes)
        })
    })
}

/// Graphs of 1..=`max_nodes` nodes with up to `3 * max_nodes` edges, directed or undirected,
/// with some nodes closed.
///
/// ```
/// use proptest::prelude::*;
/// use proptest::strategy::ValueTree;
/// use proptest::test_runner::TestRunner;
///
/// let mut runner = TestRunner::deterministic();
/// let graph = pathfind::strategy::graph(10).new_tree(&mut runner).unwrap().current();
/// assert!(graph.node_count() >= 1 && graph.node_count() <= 10);
/// ```
pub fn graph(max_nodes: usize) -> impl Strategy<Value = Graph> {
    (1..=max_nodes.max(1)).prop_flat_map(|n| {
        let edges = proptest::collection::vec((0..n as u32, 0..n as u32), 0..=3 * n);
        let closed = proptest::collection::vec(proptest::bool::weighted(0.15), n);
        (edges, closed, any::<bool>()).prop_map(move |(edges, closed, directed)| {
            let mut g = if directed {
                Graph::directed(n, edges)
            } else {
                Graph::undirected(n, edges)
            }
            .expect("edges inside the graph");
            for (v, &c) in closed.iter().enumerate() {
                g.set_open(Node(v as u32), !c).expect("a node");
            }
            g
        })
    })
}
