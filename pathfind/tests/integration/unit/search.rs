//! The tests of `pathfind::search` that lived beside its code.

use pathfind::Graph;
use pathfind::*;
use pathfind::{Error, Grid, Node};

#[test]
fn stamps_wrap_around_without_stale_hits() {
    let grid = Grid::from_text("...\n.#.\n...\n").unwrap();
    let mut s = Searcher::new();
    s.set_stamp_base(u32::MAX - 40);
    for _ in 0..20 {
        let f = s.distance_field(&grid, grid.node(0, 0).unwrap()).unwrap();
        assert_eq!(f.reached_count(), 8);
        assert_eq!(f.distance(grid.node(2, 2).unwrap()), Some(4));
    }
    assert!(s.stamp_base() < 1000);
}

#[test]
fn closed_source_spreads_and_closed_target_is_unreachable() {
    let grid = Grid::from_text(".#.\n").unwrap();
    let (a, wall, c) = (
        grid.node(0, 0).unwrap(),
        grid.node(1, 0).unwrap(),
        grid.node(2, 0).unwrap(),
    );
    let mut s = Searcher::new();
    let f = s.distance_field(&grid, wall).unwrap();
    assert_eq!((f.distance(a), f.distance(c)), (Some(1), Some(1)));
    let mut path = Vec::new();
    assert!(s.path(&grid, c, &mut path));
    assert_eq!(path, [wall, c]);
    assert_eq!(s.bfs_distance(&grid, a, wall).unwrap(), None);
    assert_eq!(s.astar_grid(&grid, a, wall).unwrap(), None);
    assert_eq!(s.astar(&grid, a, wall, |_| 0).unwrap(), None);
    assert_eq!(s.astar_grid(&grid, wall, c).unwrap(), Some(1));
}

#[test]
fn non_nodes_are_errors() {
    let grid = Grid::from_text("..\n").unwrap();
    let mut s = Searcher::new();
    let pad = Node(0);
    let ok = grid.node(0, 0).unwrap();
    assert_eq!(
        s.distance_field(&grid, pad).unwrap_err(),
        Error::NotANode { node: 0 }
    );
    assert!(s.multi_source_field(&grid, &[ok, Node(999)]).is_err());
    assert!(s.bfs_distance(&grid, ok, pad).is_err());
    assert!(s.bfs_find(&grid, &[pad], |_| true).is_err());
    assert!(s.astar(&grid, ok, pad, |_| 0).is_err());
    assert!(s.astar_grid(&grid, pad, ok).is_err());
    let g = Graph::directed(2, []).unwrap();
    assert!(s.distance_field(&g, Node(2)).is_err());
    let mut path = vec![ok];
    assert!(!s.path(&grid, pad, &mut path));
    assert!(path.is_empty());
}

#[test]
fn high_degree_and_duplicate_edges_stay_in_bounds() {
    // A star whose centre has every leaf three times over: the branch-free kernel writes
    // one queue slot per edge, never beyond the tail.
    let edges = (1..200u32).flat_map(|v| [(0, v), (0, v), (v, 0)]);
    let star = Graph::directed(200, edges).unwrap();
    let mut s = Searcher::new();
    let f = s.distance_field(&star, Node(0)).unwrap();
    assert_eq!(f.reached_count(), 200);
    assert_eq!(f.distance(Node(199)), Some(1));
    let f = s.distance_field(&star, Node(7)).unwrap();
    assert_eq!(f.distance(Node(199)), Some(2));
    assert_eq!(s.bfs_distance(&star, Node(5), Node(6)).unwrap(), Some(2));
}

#[test]
fn duplicate_source_is_tied_with_itself() {
    let g = Graph::undirected(3, [(0, 1), (1, 2)]).unwrap();
    let mut s = Searcher::new();
    let f = s.multi_source_field(&g, &[Node(0), Node(0)]).unwrap();
    assert!(f.is_tied(Node(0)) && f.is_tied(Node(2)));
    assert_eq!(f.owner(Node(2)), Some(0));
    let f = s.multi_source_field(&g, &[]).unwrap();
    assert_eq!(f.reached_count(), 0);
}

#[test]
fn inconsistent_admissible_heuristic_still_optimal() {
    // 0 -> 1 -> 3 -> 4 (goal) and 0 -> 2 -> 3; h(1)=0 lures, h(2)=2 is admissible but not
    // consistent with h(0)=0.
    let g = Graph::directed(5, [(0, 2), (0, 1), (1, 5 - 2), (2, 3), (3, 4)]).unwrap();
    let h = |n: Node| [0, 0, 2, 1, 0][n.index()];
    let mut s = Searcher::new();
    assert_eq!(s.astar(&g, Node(0), Node(4), h).unwrap(), Some(3));
    let mut path = Vec::new();
    assert!(s.path(&g, Node(4), &mut path));
    assert_eq!(path.len(), 4);
}
