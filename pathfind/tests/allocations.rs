//! Zero allocations per query after the first: a counting global allocator watches every search
//! of a warmed-up `Searcher`.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

use pathfind::{Graph, Grid, NeighbourOrder, Node, Searcher};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// Only the test's own thread is watched (the test harness allocates on its own threads).
    static WATCHED: Cell<bool> = const { Cell::new(false) };
}

fn count() {
    if WATCHED.with(Cell::get) {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    }
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

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
    WATCHED.with(|w| w.set(true));
    let mut s = Searcher::new();
    // The caller's path buffer is part of the warm-up: give it room for the longest path.
    let mut path = Vec::with_capacity(grid.width() * grid.height());
    let mut sum = queries(&mut s, &grid, &graph, &mut path, 0); // warm-up: sizes everything
    for k in 0..8 {
        sum += queries(&mut s, &grid, &graph, &mut path, k); // the worst queries the grid allows
    }
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    for k in 0..200 {
        sum += queries(&mut s, &grid, &graph, &mut path, k);
    }
    let after = ALLOCATIONS.load(Ordering::Relaxed);
    assert!(sum > 0);
    assert_eq!(after - before, 0, "allocations during warmed-up queries");
}
