//! The tests of `pathfind::graph` that lived beside its code.

use pathfind::*;
use pathfind::{Error, Node, Space};

#[test]
fn predecessors_of_a_directed_graph() {
    let g = Graph::directed(4, [(0, 3), (2, 3), (1, 3), (3, 0)]).unwrap();
    let mut preds = Vec::new();
    g.for_each_predecessor(Node(3), |n| preds.push(n.0));
    assert_eq!(preds, [0, 2, 1]);
    assert_eq!(g.neighbours(Node(3)), [0]);
}

#[test]
fn closed_nodes_are_skipped_as_neighbours() {
    let mut g = Graph::undirected(3, [(0, 1), (0, 2)]).unwrap();
    g.set_open(Node(1), false).unwrap();
    let mut seen = Vec::new();
    g.for_each_neighbour(Node(0), |n| seen.push(n.0));
    assert_eq!(seen, [2]);
}

#[test]
fn undirected_edge_errors_carry_the_edge() {
    assert_eq!(
        Graph::undirected(2, [(0, 1), (1, 5)]),
        Err(Error::EdgeOutOfRange {
            index: 1,
            from: 1,
            to: 5,
            nodes: 2
        })
    );
    assert_eq!(
        Graph::from_fn(2, |v| if v == 1 { vec![7] } else { vec![] }),
        Err(Error::EdgeOutOfRange {
            index: 0,
            from: 1,
            to: 7,
            nodes: 2
        })
    );
}

#[test]
fn serde_round_trip() {
    let mut g = Graph::undirected(4, [(0, 1), (1, 2), (3, 0)]).unwrap();
    g.set_open(Node(2), false).unwrap();
    let json = serde_json::to_string(&g).unwrap();
    assert_eq!(serde_json::from_str::<Graph>(&json).unwrap(), g);
}
