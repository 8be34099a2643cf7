//! Property tests: every search against a plain reference implementation on random grids and
//! graphs (the strategies of `pathfind::strategy`).

use std::collections::VecDeque;

use pathfind::strategy::{graph, grid_with_cells};
use pathfind::{DistanceTable, Graph, Grid, Node, Searcher, Space};
use proptest::prelude::*;

/// Reference BFS on a grid by coordinates: distances indexed `y * width + x`, `None` unreached.
/// The source may be closed; other cells are entered only when open.
fn grid_reference(grid: &Grid, from: Node) -> Vec<Option<u32>> {
    let (w, h) = (grid.width(), grid.height());
    let mut dist = vec![None; w * h];
    let (sx, sy) = grid.position(from).unwrap();
    dist[sy * w + sx] = Some(0);
    let mut queue = VecDeque::from([(sx, sy)]);
    while let Some((x, y)) = queue.pop_front() {
        let d = dist[y * w + x].unwrap();
        let mut try_cell = |nx: usize, ny: usize| {
            if nx < w && ny < h && grid.is_open_at(nx, ny) && dist[ny * w + nx].is_none() {
                dist[ny * w + nx] = Some(d + 1);
                queue.push_back((nx, ny));
            }
        };
        try_cell(x.wrapping_sub(1), y);
        try_cell(x + 1, y);
        try_cell(x, y.wrapping_sub(1));
        try_cell(x, y + 1);
    }
    dist
}

/// Reference BFS on a graph through its public adjacency lists.
fn graph_reference(graph: &Graph, from: Node) -> Vec<Option<u32>> {
    let mut dist = vec![None; graph.node_count()];
    dist[from.index()] = Some(0);
    let mut queue = VecDeque::from([from]);
    while let Some(u) = queue.pop_front() {
        let d = dist[u.index()].unwrap();
        for &n in graph.neighbours(u) {
            if graph.is_open(Node(n)) && dist[n as usize].is_none() {
                dist[n as usize] = Some(d + 1);
                queue.push_back(Node(n));
            }
        }
    }
    dist
}

fn grid_dist(grid: &Grid, table: &[Option<u32>], node: Node) -> Option<u32> {
    let (x, y) = grid.position(node).unwrap();
    table[y * grid.width() + x]
}

/// A path is valid if it starts and ends where asked, has `len + 1` nodes, every step follows an
/// edge (`adjacent`) and every node after the first is open.
fn check_path<S: Space>(
    space: &S,
    path: &[Node],
    from: Node,
    to: Node,
    len: u32,
    adjacent: impl Fn(Node, Node) -> bool,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(path.len(), len as usize + 1);
    prop_assert_eq!(path[0], from);
    prop_assert_eq!(*path.last().unwrap(), to);
    for pair in path.windows(2) {
        prop_assert!(adjacent(pair[0], pair[1]), "not a step: {:?}", pair);
        prop_assert!(space.is_open(pair[1]));
    }
    Ok(())
}

fn grid_adjacent(grid: &Grid) -> impl Fn(Node, Node) -> bool + '_ {
    |a, b| grid.manhattan(a, b) == Some(1)
}

fn graph_adjacent(graph: &Graph) -> impl Fn(Node, Node) -> bool + '_ {
    |a, b| graph.neighbours(a).contains(&b.0)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn grid_field_equals_reference_and_paths_are_valid((grid, cells) in grid_with_cells(14, 14, 2)) {
        let from = cells[0];
        let reference = grid_reference(&grid, from);
        let mut s = Searcher::new();
        let field = s.distance_field(&grid, from).unwrap();
        let mut path = Vec::new();
        for node in grid.nodes() {
            let want = grid_dist(&grid, &reference, node);
            prop_assert_eq!(field.distance(node), want);
            prop_assert_eq!(field.path_to(&grid, node, &mut path), want.is_some());
            match want {
                Some(d) => check_path(&grid, &path, from, node, d, grid_adjacent(&grid))?,
                None => prop_assert!(path.is_empty()),
            }
            if let Some(step) = field.step_toward_source(&grid, node) {
                prop_assert_eq!(field.distance(step), want.map(|d| d - 1));
            } else {
                prop_assert!(want.is_none_or(|d| d == 0));
            }
        }
        prop_assert_eq!(field.reached_count(), reference.iter().flatten().count());
    }

    #[test]
    fn early_exit_and_astar_agree_with_bfs((grid, cells) in grid_with_cells(14, 14, 2)) {
        let (from, to) = (cells[0], *cells.last().unwrap());
        let want = grid_dist(&grid, &grid_reference(&grid, from), to);
        let mut s = Searcher::new();
        let mut path = Vec::new();

        prop_assert_eq!(s.bfs_distance(&grid, from, to).unwrap(), want);
        prop_assert_eq!(s.path(&grid, to, &mut path), want.is_some());
        if let Some(d) = want { check_path(&grid, &path, from, to, d, grid_adjacent(&grid))?; }

        prop_assert_eq!(s.astar_grid(&grid, from, to).unwrap(), want);
        prop_assert_eq!(s.path(&grid, to, &mut path), want.is_some());
        if let Some(d) = want { check_path(&grid, &path, from, to, d, grid_adjacent(&grid))?; }

        let h = |n: Node| grid.manhattan(n, to).unwrap();
        prop_assert_eq!(s.astar(&grid, from, to, h).unwrap(), want);
        prop_assert_eq!(s.path(&grid, to, &mut path), want.is_some());
        if let Some(d) = want { check_path(&grid, &path, from, to, d, grid_adjacent(&grid))?; }

        prop_assert_eq!(s.astar(&grid, from, to, |_| 0).unwrap(), want);
    }

    #[test]
    fn voronoi_owner_is_a_nearest_source((grid, sources) in grid_with_cells(12, 12, 5)) {
        let per_source: Vec<_> = sources.iter().map(|&s| grid_reference(&grid, s)).collect();
        let mut s = Searcher::new();
        let field = s.multi_source_field(&grid, &sources).unwrap();
        let mut path = Vec::new();
        for node in grid.nodes() {
            let dists: Vec<Option<u32>> = per_source.iter().map(|r| grid_dist(&grid, r, node)).collect();
            let best = dists.iter().flatten().min().copied();
            prop_assert_eq!(field.distance(node), best);
            let nearest: Vec<u32> = (0..sources.len() as u32).filter(|&i| best.is_some() && dists[i as usize] == best).collect();
            prop_assert_eq!(field.owner(node), nearest.first().copied());
            prop_assert_eq!(field.is_tied(node), nearest.len() > 1);
            if let Some(d) = best {
                prop_assert!(field.path_to(&grid, node, &mut path));
                prop_assert!(sources.contains(&path[0]));
                check_path(&grid, &path, path[0], node, d, grid_adjacent(&grid))?;
            }
        }
    }

    #[test]
    fn bfs_find_returns_a_nearest_match((grid, cells) in grid_with_cells(12, 12, 3), modulus in 2u32..7) {
        let from = cells[0];
        let goal = |n: Node| n.0.is_multiple_of(modulus) && grid.is_open(n);
        let reference = grid_reference(&grid, from);
        let want = grid.nodes().filter(|&n| goal(n) || n == from && n.0 % modulus == 0)
            .filter_map(|n| grid_dist(&grid, &reference, n)).min();
        let mut s = Searcher::new();
        let found = s.bfs_find(&grid, &[from], |n| n.0 % modulus == 0).unwrap();
        prop_assert_eq!(found.map(|(_, d)| d), want);
        if let Some((n, d)) = found {
            prop_assert_eq!(n.0 % modulus, 0);
            prop_assert_eq!(grid_dist(&grid, &reference, n), Some(d));
            let mut path = Vec::new();
            prop_assert!(s.path(&grid, n, &mut path));
            check_path(&grid, &path, from, n, d, grid_adjacent(&grid))?;
        }
    }

    #[test]
    fn graph_searches_equal_reference(g in graph(24), a in 0u32..24, b in 0u32..24) {
        let n = g.node_count() as u32;
        let (from, to) = (Node(a % n), Node(b % n));
        let reference = graph_reference(&g, from);
        let mut s = Searcher::new();
        let mut path = Vec::new();
        let field = s.distance_field(&g, from).unwrap();
        for v in g.nodes() {
            prop_assert_eq!(field.distance(v), reference[v.index()]);
            if let Some(d) = reference[v.index()] {
                prop_assert!(field.path_to(&g, v, &mut path));
                check_path(&g, &path, from, v, d, graph_adjacent(&g))?;
            }
        }
        let want = reference[to.index()];
        prop_assert_eq!(s.bfs_distance(&g, from, to).unwrap(), want);
        // A perfect heuristic (the true distance to the goal) and a weak one (half of it) are
        // both admissible.
        let mut to_goal = vec![None; g.node_count()];
        for v in g.nodes() { to_goal[v.index()] = graph_reference(&g, v)[to.index()]; }
        for scale in [1, 2] {
            let h = |v: Node| to_goal[v.index()].map_or(0, |d| d / scale);
            prop_assert_eq!(s.astar(&g, from, to, h).unwrap(), want);
            prop_assert_eq!(s.path(&g, to, &mut path), want.is_some());
            if let Some(d) = want { check_path(&g, &path, from, to, d, graph_adjacent(&g))?; }
        }
    }

    #[test]
    fn one_searcher_across_spaces_equals_fresh_searchers(
        a in grid_with_cells(10, 10, 2),
        b in grid_with_cells(16, 5, 2),
    ) {
        let mut shared = Searcher::new();
        for _ in 0..3 {
            for (grid, cells) in [&a, &b] {
                let (from, to) = (cells[0], *cells.last().unwrap());
                let mut fresh = Searcher::new();
                prop_assert_eq!(shared.astar_grid(grid, from, to).unwrap(), fresh.astar_grid(grid, from, to).unwrap());
                prop_assert_eq!(shared.bfs_distance(grid, from, to).unwrap(), fresh.bfs_distance(grid, from, to).unwrap());
                let mut x = Vec::new();
                let mut y = Vec::new();
                shared.distance_field(grid, from).unwrap().copy_distances(grid, &mut x);
                fresh.distance_field(grid, from).unwrap().copy_distances(grid, &mut y);
                prop_assert_eq!(x, y);
            }
        }
    }

    #[test]
    fn distance_table_equals_bfs((grid, points) in grid_with_cells(12, 12, 5)) {
        let table = DistanceTable::new(&grid, &points).unwrap();
        let per_point: Vec<_> = points.iter().map(|&p| grid_reference(&grid, p)).collect();
        let mut path = Vec::new();
        for (i, reference) in per_point.iter().enumerate() {
            for (j, &q) in points.iter().enumerate() {
                prop_assert_eq!(table.between(i, j), grid_dist(&grid, reference, q));
            }
            for node in grid.nodes() {
                let want = grid_dist(&grid, reference, node);
                prop_assert_eq!(table.from_point(i, node), want);
                prop_assert_eq!(table.path_from_point(&grid, i, node, &mut path), want.is_some());
                if let Some(d) = want {
                    check_path(&grid, &path, points[i], node, d, grid_adjacent(&grid))?;
                }
            }
        }
        for node in grid.nodes() {
            let best = per_point.iter().filter_map(|r| grid_dist(&grid, r, node)).min();
            let nearest = table.nearest_point(node);
            prop_assert_eq!(nearest.map(|(_, d)| d), best);
            if let Some((i, d)) = nearest {
                prop_assert!(per_point[..i].iter().all(|r| grid_dist(&grid, r, node) != Some(d)));
            }
        }
    }

    #[test]
    fn graph_distance_table_equals_bfs(g in graph(20), picks in proptest::collection::vec(0u32..20, 1..5)) {
        let points: Vec<Node> = picks.iter().map(|&p| Node(p % g.node_count() as u32)).collect();
        let table = DistanceTable::new(&g, &points).unwrap();
        for (i, &p) in points.iter().enumerate() {
            let reference = graph_reference(&g, p);
            for (j, &q) in points.iter().enumerate() {
                prop_assert_eq!(table.between(i, j), reference[q.index()]);
            }
            for v in g.nodes() {
                prop_assert_eq!(table.from_point(i, v), reference[v.index()]);
            }
        }
    }

    #[test]
    fn text_round_trip((grid, _) in grid_with_cells(9, 9, 1)) {
        let back = Grid::from_text(&grid.to_text()).unwrap().with_order(grid.order());
        prop_assert_eq!(back, grid);
    }

    #[test]
    fn text_parser_never_panics(text in "[.#x\r\n]{0,40}") {
        let _ = Grid::from_text(&text);
    }
}
