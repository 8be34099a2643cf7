//! The tests of `pathfind::grid` that lived beside its code.

use pathfind::*;
use pathfind::{Error, NeighbourOrder, Node, Space};
use proptest::prelude::*;

/// Runs one kernel from `source` (which may be closed) and returns the stamps and the queue.
fn flood(grid: &Grid, source: usize, branchy: bool) -> (Vec<u32>, Vec<u32>) {
    let bound = grid.slot_count();
    let (mut stamp, mut queue) = (vec![0u32; bound], vec![0u32; bound + 4]);
    stamp[source] = 1;
    queue[0] = source as u32;
    let tail = if branchy {
        pathfind::internals::space::bfs_fill_branchy(grid.adjacency(), &mut stamp, &mut queue, 1, 1)
    } else {
        pathfind::internals::space::bfs_to(
            grid.adjacency(),
            &mut stamp,
            &mut queue,
            1,
            1,
            usize::MAX,
        )
    };
    queue.truncate(tail);
    (stamp, queue)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Both BFS kernels stamp the same distances and queue the same nodes in the same
    /// order, from every cell (open or closed), so the per-grid choice changes only speed.
    #[test]
    fn both_bfs_kernels_give_identical_fields(grid in pathfind::strategy::grid(24, 24)) {
        for y in 0..grid.height() {
            for x in 0..grid.width() {
                let source = grid.slot(x, y);
                prop_assert_eq!(flood(&grid, source, true), flood(&grid, source, false));
            }
        }
    }
}

#[test]
fn spiral_corridors_take_the_branchy_kernel() {
    // A one-cell-wide serpentine: the BFS frontier is one or two cells.
    let serpentine = Grid::from_fn(41, 41, |x, y| {
        y % 2 == 0 || (y % 4 == 1 && x == 40) || (y % 4 == 3 && x == 0)
    })
    .unwrap();
    assert!(serpentine.uses_branchy_kernel());
    // Open ground has wide frontiers: the branch-free kernel. Walled into the serpentine
    // cell by cell it keeps its hint, yet equals the serpentine: the hint is no part of
    // equality.
    let mut open = Grid::from_fn(41, 41, |_, _| true).unwrap();
    assert!(!open.uses_branchy_kernel());
    for y in 0..41 {
        for x in 0..41 {
            open.set_open(x, y, serpentine.is_open_at(x, y)).unwrap();
        }
    }
    assert!(!open.uses_branchy_kernel());
    assert_eq!(open, serpentine);
}

#[test]
fn padding_is_closed_and_not_a_node() {
    let grid = Grid::from_text("..\n..\n").unwrap();
    assert_eq!(grid.id_bound(), 16);
    for id in 0..16u32 {
        let inner = grid.position(Node(id)).is_some();
        assert_eq!(grid.contains(Node(id)), inner);
        assert_eq!(grid.is_open(Node(id)), inner);
    }
    assert!(!grid.is_open(Node(99)));
    assert_eq!(grid.nodes().count(), 4);
}

#[test]
fn text_errors_name_the_place() {
    assert_eq!(
        Grid::from_text(""),
        Err(Error::EmptyGrid {
            width: 0,
            height: 0
        })
    );
    assert_eq!(
        Grid::from_text("\n\n"),
        Err(Error::EmptyGrid {
            width: 0,
            height: 0
        })
    );
    assert_eq!(
        Grid::from_text("...\n..\n"),
        Err(Error::RaggedRow {
            line: 2,
            found: 2,
            expected: 3
        })
    );
    assert_eq!(
        Grid::from_text("..\n\n..\n"),
        Err(Error::RaggedRow {
            line: 2,
            found: 0,
            expected: 2
        })
    );
    assert_eq!(
        Grid::from_text("#?\n"),
        Err(Error::UnknownCell {
            ch: '?',
            line: 1,
            column: 2
        })
    );
    assert_eq!(
        Grid::from_fn(70_000, 1, |_, _| true),
        Err(Error::GridTooLarge {
            width: 70_000,
            height: 1
        })
    );
    assert_eq!(
        Grid::from_fn(60_000, 60_000, |_, _| true),
        Err(Error::GridTooLarge {
            width: 60_000,
            height: 60_000
        })
    );
}

#[test]
fn neighbour_order_is_followed() {
    let grid = Grid::from_text("...\n...\n...\n").unwrap();
    let c = grid.node(1, 1).unwrap();
    for order in [
        NeighbourOrder::NESW,
        NeighbourOrder::WENS,
        NeighbourOrder::NSWE,
    ] {
        let g = grid.clone().with_order(order);
        let mut got = Vec::new();
        g.for_each_neighbour(c, |n| got.push(n));
        let want: Vec<Node> = order
            .dirs()
            .iter()
            .map(|&d| g.step(c, d).unwrap())
            .collect();
        assert_eq!(got, want);
    }
}

#[test]
fn serde_round_trip() {
    let grid = Grid::from_text(".#.\n..#\n")
        .unwrap()
        .with_order(NeighbourOrder::WENS);
    let json = serde_json::to_string(&grid).unwrap();
    assert_eq!(serde_json::from_str::<Grid>(&json).unwrap(), grid);
    assert!(
        serde_json::from_str::<Grid>(
            r#"{"text":"..\n.\n","order":["North","East","South","West"]}"#
        )
        .is_err()
    );
}
