//! A faithful port of the original server's pathfinder, `SimpleAStar` (A*:41-314, rules §11).
//!
//! The server uses it to join a bot's path to the car (E:1659) and to route relocated cars (E:511),
//! and the built-in AI plans with it, so a bot that predicts the server needs the very path it picks
//! among equal-length ones. It is a greedy A* variant: a neighbour that does not increase `f` is
//! walked at once, closed nodes relax their `g` both ways with recursive propagation, dead ends get
//! `h = 10000`, and otherwise the open node with the least `f` is taken in .NET `Dictionary`
//! enumeration order (slots reused last-freed-first), which this port reproduces. For everything
//! else use the [`pathfind`] searches in [`Game`](crate::Game), which are much faster.
//!
//! ```
//! use windward::{Map, Point, astar::simple_astar};
//! let map = windward::mapgen::default_map(0);
//! let stops = map.tiles_of(windward::TileType::BusStop);
//! let path = simple_astar(&map, stops[0], stops[1]);
//! assert_eq!(path.first(), Some(&stops[0]));
//! assert_eq!(path.last(), Some(&stops[1]));
//! assert!(path.windows(2).all(|w| w[0].manhattan(w[1]) == 1));
//! ```

use smallvec::SmallVec;

use crate::geometry::Point;
use crate::map::Map;

const DEAD_END: i32 = 10000;
const NONE: u32 = u32::MAX;
/// `ptOffMap` of the original.
const OFF_MAP: Point = Point { x: -1, y: -1 };
/// Neighbour order W, E, N, S (`offsets`, A*:30).
const OFFSETS: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

struct TrailPoint {
    tile: Point,
    neighbors: SmallVec<[u32; 5]>,
    cost_to_end: i32,
    cost_from_start: i32,
}

/// .NET `Dictionary<Point, TrailPoint>` as far as enumeration order goes: entries fill slots in
/// insertion order, and a removed slot is reused by the next insertion (last freed, first reused).
struct OpenSet {
    slots: Vec<Option<u32>>,
    free: Vec<usize>,
    slot_of: Vec<u32>,
}

impl OpenSet {
    fn remove(&mut self, tile_index: usize) {
        let s = self.slot_of[tile_index];
        if s != NONE {
            self.slots[s as usize] = None;
            self.free.push(s as usize);
            self.slot_of[tile_index] = NONE;
        }
    }

    fn add(&mut self, tile_index: usize, node: u32) {
        let s = match self.free.pop() {
            Some(s) => {
                self.slots[s] = Some(node);
                s
            }
            None => {
                self.slots.push(Some(node));
                self.slots.len() - 1
            }
        };
        self.slot_of[tile_index] = s as u32;
    }
}

struct Search<'a> {
    map: &'a Map,
    nodes: Vec<TrailPoint>,
}

impl Search<'_> {
    fn f(&self, n: u32) -> i32 {
        let t = &self.nodes[n as usize];
        t.cost_from_start + t.cost_to_end
    }

    fn new_node(&mut self, tile: Point, end: Point, g: i32) -> u32 {
        self.nodes.push(TrailPoint {
            tile,
            neighbors: SmallVec::new(),
            cost_to_end: tile.manhattan(end),
            cost_from_start: g,
        });
        (self.nodes.len() - 1) as u32
    }

    /// `RecalculateCostFromStart` (recursive, with the original's step cap).
    fn recalc_cost_from_start(&mut self, n: u32, ignore: Point, mut remaining: i32) {
        if self.nodes[n as usize].cost_from_start == 0 {
            return;
        }
        let r = remaining;
        remaining -= 1;
        if r < 0 {
            return;
        }
        let me = self.nodes[n as usize].tile;
        for k in 0..self.nodes[n as usize].neighbors.len() {
            let nb = self.nodes[n as usize].neighbors[k];
            if self.nodes[nb as usize].tile == ignore {
                continue;
            }
            let g = self.nodes[n as usize].cost_from_start;
            if self.nodes[nb as usize].cost_from_start <= g + 1 {
                continue;
            }
            self.nodes[nb as usize].cost_from_start = g + 1;
            self.recalc_cost_from_start(nb, me, remaining);
        }
    }

    fn min_neighbour_h(&self, n: u32) -> i32 {
        let m = self.nodes[n as usize]
            .neighbors
            .iter()
            .map(|&k| self.nodes[k as usize].cost_to_end)
            .min();
        let m = m.unwrap_or(DEAD_END);
        if m != DEAD_END { m + 1 } else { m }
    }

    /// `RecalculateDistance` (recursive, with the original's step cap).
    fn recalc_distance(&mut self, n: u32, caller: Point, mut remaining: i32) {
        let count = self.nodes[n as usize].neighbors.len();
        if count == 0 {
            return;
        }
        if count == 1 {
            self.nodes[n as usize].cost_to_end = DEAD_END;
            return;
        }
        let shortest = self.min_neighbour_h(n);
        if shortest == self.nodes[n as usize].cost_to_end
            || self.nodes[n as usize].cost_from_start == 0
        {
            return;
        }
        self.nodes[n as usize].cost_to_end = shortest;
        let r = remaining;
        remaining -= 1;
        if r < 0 {
            return;
        }
        let me = self.nodes[n as usize].tile;
        for k in 0..count {
            let nb = self.nodes[n as usize].neighbors[k];
            if self.nodes[nb as usize].tile != caller {
                self.recalc_distance(nb, me, remaining);
            }
        }
        self.nodes[n as usize].cost_to_end = self.min_neighbour_h(n);
    }
}

/// `SimpleAStar.CalculatePath(map, start, end)`: the tile path from `start` to `end` inclusive over
/// 4-connected driveable tiles (every edge costs 1; road shapes, lights and cars are ignored),
/// `[start]` when `start == end`, or empty when `end` cannot be reached. As in the original, the
/// result is usually but not provably a shortest path, and may be partial if its back-walk fails.
/// Off-map endpoints give an empty path (the original would index out of range).
pub fn simple_astar(map: &Map, start: Point, end: Point) -> Vec<Point> {
    if start == end {
        return vec![start];
    }
    let (Some(_), Some(end_index)) = (map.index(start), map.index(end)) else {
        return Vec::new();
    };
    let cells = map.squares.len();
    let mut closed = vec![NONE; cells];
    let mut open = OpenSet {
        slots: Vec::new(),
        free: Vec::new(),
        slot_of: vec![NONE; cells],
    };
    let mut s = Search {
        map,
        nodes: Vec::with_capacity(64),
    };
    let area_cap = map.width * map.height / 4;
    let perimeter_cap = map.width + map.height;

    let mut on = s.new_node(start, end, 0);
    loop {
        let on_tile = s.nodes[on as usize].tile;
        if let Some(i) = s.map.index(on_tile) {
            closed[i] = on;
        }
        let mut closest: Option<u32> = None;
        for (dx, dy) in OFFSETS {
            let pt = Point::new(on_tile.x + dx, on_tile.y + dy);
            let Some(pi) = s.map.index(pt) else { continue };
            if !s.map.squares[pi].kind.is_driveable() {
                continue;
            }
            let evaluated = closed[pi];
            if evaluated != NONE {
                let g_on = s.nodes[on as usize].cost_from_start;
                let g_ev = s.nodes[evaluated as usize].cost_from_start;
                let recalc = if g_on > g_ev + 1 {
                    Some((on, s.nodes[evaluated as usize].tile))
                } else if g_on + 1 < g_ev {
                    Some((evaluated, on_tile))
                } else {
                    None
                };
                let g_on = g_on.min(g_ev + 1);
                s.nodes[on as usize].cost_from_start = g_on;
                let g_ev = g_ev.min(g_on + 1);
                s.nodes[evaluated as usize].cost_from_start = g_ev;
                s.nodes[on as usize].neighbors.push(evaluated);
                if let Some((node, ignore)) = recalc {
                    s.recalc_cost_from_start(node, ignore, area_cap);
                }
                continue;
            }
            let g = s.nodes[on as usize].cost_from_start + 1;
            let nb = s.new_node(pt, end, g);
            s.nodes[on as usize].neighbors.push(nb);
            open.remove(pi);
            match closest {
                None => {
                    if s.f(nb) <= s.f(on) {
                        closest = Some(nb);
                    } else {
                        open.add(pi, nb);
                    }
                }
                Some(c) => {
                    if s.f(c) <= s.f(nb) {
                        open.add(pi, nb);
                    } else {
                        let ci = s.map.index(s.nodes[c as usize].tile).unwrap_or(0);
                        open.add(ci, c);
                        closest = Some(nb);
                    }
                }
            }
        }

        s.recalc_distance(on, OFF_MAP, perimeter_cap);

        let next = match closest {
            Some(c) => c,
            None => {
                // The first open node with the least f, in enumeration order (stable OrderBy).
                let mut best: Option<u32> = None;
                for &slot in open.slots.iter().flatten() {
                    if best.is_none_or(|b| s.f(slot) < s.f(b)) {
                        best = Some(slot);
                    }
                }
                let Some(b) = best else { break };
                let bi = s.map.index(s.nodes[b as usize].tile).unwrap_or(0);
                open.remove(bi);
                b
            }
        };
        if s.nodes[next as usize].tile == end {
            s.nodes[next as usize].neighbors.push(on);
            closed[end_index] = next;
            break;
        }
        on = next;
    }

    let mut path = Vec::new();
    let mut on = closed[end_index];
    if on == NONE {
        return path;
    }
    path.push(end);
    while s.nodes[on as usize].tile != start {
        let cost = s.nodes[on as usize].cost_from_start;
        let mut best: Option<u32> = None;
        for &k in &s.nodes[on as usize].neighbors {
            if best.is_none_or(|b| {
                s.nodes[k as usize].cost_from_start < s.nodes[b as usize].cost_from_start
            }) {
                best = Some(k);
            }
        }
        let Some(b) = best else { break };
        on = b;
        if s.nodes[on as usize].cost_from_start >= cost {
            break;
        }
        path.push(s.nodes[on as usize].tile);
    }
    path.reverse();
    path
}
