//! [`Searcher`]: reusable scratch space and every search of the crate (BFS distance fields from one
//! or many sources, early-exit BFS, A*), plus [`Field`], the read-only view of a search's result.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::space::internal::Adjacency;
use crate::{Error, Grid, Node, Space};

/// The owner flag bit: set when more than one source is nearest.
const TIED: u32 = 1 << 31;

/// Reusable scratch space for searches: after the first query on a space of a given size, later
/// queries allocate nothing.
///
/// A `Searcher` is not tied to one space: it grows to the largest it has seen. Each query
/// forgets the previous one in O(1) (a generation stamp, not a clear), so a short query on a big
/// grid costs only what it visits.
///
/// # Results and tie-breaking
///
/// Every search is deterministic. BFS visits sources in the order given and each node's
/// neighbours in the space's neighbour order ([`NeighbourOrder`](crate::NeighbourOrder) for a
/// grid, edge order for a graph). Paths ([`Searcher::path`], [`Field::path_to`]) are rebuilt by
/// walking back from the end: each step goes to the *first* neighbour, in neighbour order, that
/// the search proved to be exactly one step closer to the start.
///
/// ```
/// use pathfind::{Grid, Searcher};
///
/// let grid = Grid::from_text(
///     "#....\n\
///      ..#..\n\
///      .....\n",
/// )
/// .unwrap();
/// let mut searcher = Searcher::new();
/// let (a, b) = (grid.node(0, 1).unwrap(), grid.node(4, 1).unwrap());
/// assert_eq!(searcher.astar_grid(&grid, a, b).unwrap(), Some(6));
/// let mut path = Vec::new();
/// assert!(searcher.path(&grid, b, &mut path));
/// assert_eq!(path.len(), 7);
/// assert_eq!((path[0], path[6]), (a, b));
/// ```
#[derive(Debug, Clone)]
pub struct Searcher {
    /// Per node id: `base + distance` when the current search reached the node, anything below
    /// `base` otherwise.
    stamp: Vec<u32>,
    /// Per node id, for multi-source fields: the smallest nearest source index, `| TIED` when
    /// several sources are nearest.
    owner: Vec<u32>,
    /// The BFS queue (each node enters at most once), always `id_bound + 4` long; `tail` is
    /// the number of entries written by the current search.
    queue: Vec<u32>,
    tail: usize,
    /// Open list of the general A*: `(f, u32::MAX - g, node)`, smallest first.
    heap: BinaryHeap<Reverse<(u64, u32, u32)>>,
    /// Open lists of the grid A*: `(node, x | y << 16)` at f and at f + 2.
    bucket_now: Vec<(u32, u32)>,
    bucket_next: Vec<(u32, u32)>,
    /// Stamp of distance 0 in the current search.
    base: u32,
    /// Strict upper bound of the distances the current search may record.
    span: u32,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new()
    }
}

impl Searcher {
    /// The stamp of distance 0 of the current search. For the integration tests.
    #[doc(hidden)]
    pub fn stamp_base(&self) -> u32 {
        self.base
    }

    /// Moves the stamps near their wrap-around, as after billions of searches. For the
    /// integration tests.
    #[doc(hidden)]
    pub fn set_stamp_base(&mut self, base: u32) {
        self.base = base;
    }

    /// An empty searcher; it sizes itself on its first query.
    ///
    /// ```
    /// use pathfind::{Grid, Searcher};
    ///
    /// let grid = Grid::from_text("..\n").unwrap();
    /// let mut searcher = Searcher::new();
    /// let (a, b) = (grid.node(0, 0).unwrap(), grid.node(1, 0).unwrap());
    /// assert_eq!(searcher.bfs_distance(&grid, a, b).unwrap(), Some(1));
    /// ```
    pub fn new() -> Self {
        Searcher {
            stamp: Vec::new(),
            owner: Vec::new(),
            queue: Vec::new(),
            tail: 0,
            heap: BinaryHeap::new(),
            bucket_now: Vec::new(),
            bucket_next: Vec::new(),
            base: 0,
            span: 1,
        }
    }

    /// A searcher already sized for `space`, so that even the first query allocates nothing
    /// (except the owner array of the first multi-source field).
    ///
    /// ```
    /// use pathfind::{Grid, Searcher};
    ///
    /// let grid = Grid::from_fn(64, 64, |_, _| true).unwrap();
    /// let mut searcher = Searcher::for_space(&grid);
    /// let field = searcher.distance_field(&grid, grid.node(0, 0).unwrap()).unwrap();
    /// assert_eq!(field.distance(grid.node(63, 63).unwrap()), Some(126));
    /// ```
    pub fn for_space<S: Space>(space: &S) -> Self {
        let mut s = Searcher::new();
        s.begin(space.id_bound());
        s
    }

    /// Starts a search over ids `0..bound`: forgets the previous one in O(1) and makes sure the
    /// arrays are large enough.
    fn begin(&mut self, bound: usize) {
        if self.stamp.len() < bound {
            self.stamp.resize(bound, 0);
        }
        // Room for every node plus the write-ahead slot of the branch-free kernel (and spare).
        if self.queue.len() < bound + 4 {
            self.queue.resize(bound + 4, 0);
        }
        self.tail = 0;
        // Distances are below `bound` (a shortest path is simple), so values base..base+span
        // belong to this search and everything older is below base.
        let span = bound as u32 + 1;
        match self
            .base
            .checked_add(self.span)
            .filter(|b| b.checked_add(span).is_some())
        {
            Some(b) if self.base > 0 => self.base = b,
            _ => {
                self.stamp.fill(0);
                self.base = 1;
            }
        }
        self.span = span;
    }

    /// The BFS distance field from `source`: the length of a shortest path from `source` to every
    /// node it can reach.
    ///
    /// `source` may be a closed node (a Tron head, a car): it gets distance 0 and the search
    /// spreads into its open neighbours. A node that is not in the space is an
    /// [`Error::NotANode`].
    ///
    /// ```
    /// use pathfind::{Grid, Searcher};
    ///
    /// let grid = Grid::from_text("...\n##.\n...\n").unwrap();
    /// let mut searcher = Searcher::new();
    /// let field = searcher.distance_field(&grid, grid.node(0, 0).unwrap()).unwrap();
    /// assert_eq!(field.distance(grid.node(0, 2).unwrap()), Some(6));
    /// assert_eq!(field.distance(grid.node(0, 1).unwrap()), None); // a wall
    /// assert_eq!(field.reached_count(), 7);
    /// ```
    pub fn distance_field<S: Space>(
        &mut self,
        space: &S,
        source: Node,
    ) -> Result<Field<'_>, Error> {
        self.bfs_distance_field_from(space, std::slice::from_ref(&source))?;
        Ok(self.field(false))
    }

    /// The BFS distance field from the nearest of several sources, with the nearest source's
    /// index in `sources` for each reached node: a Voronoi partition (a Tron bot's territory).
    ///
    /// [`Field::owner`] is the *smallest* index among the nearest sources and
    /// [`Field::is_tied`] says whether more than one source is nearest (a node listed twice as a
    /// source is tied with itself). The empty source list reaches nothing.
    ///
    /// ```
    /// use pathfind::{Grid, Searcher};
    ///
    /// let grid = Grid::from_text(".....\n").unwrap();
    /// let sources = [grid.node(0, 0).unwrap(), grid.node(4, 0).unwrap()];
    /// let mut searcher = Searcher::new();
    /// let field = searcher.multi_source_field(&grid, &sources).unwrap();
    /// let cell = |x| grid.node(x, 0).unwrap();
    /// assert_eq!(field.owner(cell(1)), Some(0));
    /// assert_eq!(field.owner(cell(3)), Some(1));
    /// assert_eq!((field.owner(cell(2)), field.is_tied(cell(2))), (Some(0), true));
    /// assert_eq!(field.distance(cell(2)), Some(2));
    /// ```
    pub fn multi_source_field<S: Space>(
        &mut self,
        space: &S,
        sources: &[Node],
    ) -> Result<Field<'_>, Error> {
        for &s in sources {
            space.check(s)?;
        }
        self.begin(space.id_bound());
        if self.owner.len() < self.stamp.len() {
            self.owner.resize(self.stamp.len(), 0);
        }
        let base = self.base;
        for (i, &s) in sources.iter().enumerate() {
            let i = (i as u32).min(TIED - 1);
            if self.seed(s) {
                self.owner[s.index()] = i;
            } else {
                self.owner[s.index()] |= TIED;
            }
        }
        let tail = bfs_owners(
            space.adjacency(),
            &mut self.stamp,
            &mut self.owner,
            &mut self.queue,
            self.tail,
            base,
        );
        self.tail = tail;
        Ok(self.field(true))
    }

    /// The BFS distance from `from` to `to`, stopping as soon as `to` is reached; `None` if it
    /// cannot be reached. `to` must be open to be reached (unless `to == from`).
    /// [`Searcher::path`] then gives the path.
    ///
    /// ```
    /// use pathfind::{Grid, Searcher};
    ///
    /// let grid = Grid::from_text(
    ///     "..#..\n\
    ///      ..#..\n",
    /// )
    /// .unwrap();
    /// let mut searcher = Searcher::new();
    /// let (a, b, c) = (grid.node(0, 0).unwrap(), grid.node(1, 1).unwrap(), grid.node(4, 0).unwrap());
    /// assert_eq!(searcher.bfs_distance(&grid, a, b).unwrap(), Some(2));
    /// assert_eq!(searcher.bfs_distance(&grid, a, c).unwrap(), None);
    /// ```
    pub fn bfs_distance<S: Space>(
        &mut self,
        space: &S,
        from: Node,
        to: Node,
    ) -> Result<Option<u32>, Error> {
        space.check(from)?;
        space.check(to)?;
        self.begin(space.id_bound());
        self.seed(from);
        self.tail = crate::space::bfs_to(
            space.adjacency(),
            &mut self.stamp,
            &mut self.queue,
            self.tail,
            self.base,
            to.index(),
        );
        let d = self.stamp[to.index()];
        Ok((d >= self.base).then(|| d - self.base))
    }

    /// Breadth-first from `sources` until the first node for which `goal(node)` holds: that
    /// node and its distance, or `None` if no reachable node matches (an Amazes bot's nearest
    /// unexplored frontier, a Windward car's nearest coffee store).
    ///
    /// Sources are tested first, in order; then nodes as the BFS discovers them, so the match is
    /// a nearest one and, among the nearest, the first discovered (sources in order, neighbours in
    /// neighbour order). Only open nodes (and the sources) are tested. [`Searcher::path`] then
    /// gives the path from a source to the match.
    ///
    /// ```
    /// use pathfind::{Grid, Searcher};
    ///
    /// let grid = Grid::from_text(
    ///     "....\n\
    ///      .##.\n\
    ///      ....\n",
    /// )
    /// .unwrap();
    /// let mut searcher = Searcher::new();
    /// let start = grid.node(0, 0).unwrap();
    /// // The nearest cell of the bottom row.
    /// let found = searcher
    ///     .bfs_find(&grid, &[start], |n| grid.position(n).unwrap().1 == 2)
    ///     .unwrap();
    /// assert_eq!(found, Some((grid.node(0, 2).unwrap(), 2)));
    /// ```
    pub fn bfs_find<S: Space>(
        &mut self,
        space: &S,
        sources: &[Node],
        mut goal: impl FnMut(Node) -> bool,
    ) -> Result<Option<(Node, u32)>, Error> {
        for &s in sources {
            space.check(s)?;
        }
        self.begin(space.id_bound());
        let base = self.base;
        for &s in sources {
            self.seed(s);
        }
        for &s in sources {
            if goal(s) {
                return Ok(Some((s, 0)));
            }
        }
        let found = self.bfs_kernel(space, goal);
        Ok(found.map(|n| (n, self.stamp[n.index()] - base)))
    }

    /// Seeds a BFS from `sources` and runs it to the end.
    fn bfs_distance_field_from<S: Space>(
        &mut self,
        space: &S,
        sources: &[Node],
    ) -> Result<(), Error> {
        for &s in sources {
            space.check(s)?;
        }
        self.begin(space.id_bound());
        for &s in sources {
            self.seed(s);
        }
        self.tail = space.bfs_fill(&mut self.stamp, &mut self.queue, self.tail, self.base);
        Ok(())
    }

    /// Runs the seeded BFS until `stop(node)` holds for a newly discovered node (returned) or
    /// the queue runs dry.
    #[inline(always)]
    fn bfs_kernel<S: Space>(&mut self, space: &S, stop: impl FnMut(Node) -> bool) -> Option<Node> {
        let (tail, found) = bfs_until(
            space.adjacency(),
            &mut self.stamp,
            &mut self.queue,
            self.tail,
            self.base,
            stop,
        );
        self.tail = tail;
        found
    }

    /// Stamps a source at distance 0 and queues it; false if it already was.
    #[inline(always)]
    fn seed(&mut self, s: Node) -> bool {
        let slot = &mut self.stamp[s.index()];
        if *slot < self.base {
            *slot = self.base;
            self.queue[self.tail] = s.0;
            self.tail += 1;
            true
        } else {
            false
        }
    }

    /// A* from `start` to `goal` with the heuristic `h(node)`, an estimate of the distance from
    /// `node` to `goal`: the length of a shortest path, or `None` if `goal` cannot be reached.
    /// [`Searcher::path`] then gives the path.
    ///
    /// The answer is exact when `h` is *admissible* (never above the true distance); with a
    /// consistent heuristic (`h(u) <= 1 + h(v)` along every edge) no node is expanded twice.
    /// Among open nodes of equal `f = g + h`, the deeper one (larger `g`) goes first.
    /// On grids, [`Searcher::astar_grid`] is the faster choice for the Manhattan heuristic.
    ///
    /// ```
    /// use pathfind::{Graph, Node, Searcher};
    ///
    /// // A 3x3 lattice as a graph, node = 3 * row + column; Manhattan distance is admissible.
    /// let lattice = Graph::from_fn(9, |v| {
    ///     let (r, c) = (v / 3, v % 3);
    ///     let mut n = Vec::new();
    ///     if c > 0 { n.push(v - 1) }
    ///     if c < 2 { n.push(v + 1) }
    ///     if r > 0 { n.push(v - 3) }
    ///     if r < 2 { n.push(v + 3) }
    ///     n
    /// })
    /// .unwrap();
    /// let goal = 8u32;
    /// let h = |n: Node| (n.0 / 3).abs_diff(goal / 3) + (n.0 % 3).abs_diff(goal % 3);
    /// let mut searcher = Searcher::new();
    /// assert_eq!(searcher.astar(&lattice, Node(0), Node(goal), h).unwrap(), Some(4));
    /// ```
    pub fn astar<S: Space>(
        &mut self,
        space: &S,
        start: Node,
        goal: Node,
        mut h: impl FnMut(Node) -> u32,
    ) -> Result<Option<u32>, Error> {
        space.check(start)?;
        space.check(goal)?;
        self.begin(space.id_bound());
        let base = self.base;
        self.stamp[start.index()] = base;
        if start == goal {
            return Ok(Some(0));
        }
        let stamp = &mut self.stamp[..];
        let heap = &mut self.heap;
        heap.clear();
        // Open lists rarely hold more entries than nodes; sized once, they stop growing.
        heap.reserve(stamp.len());
        heap.push(Reverse((u64::from(h(start)), u32::MAX, start.0)));
        let adj = space.adjacency();
        while let Some(Reverse((_, neg_g, u))) = heap.pop() {
            let g = u32::MAX - neg_g;
            if stamp[u as usize] != base + g {
                continue; // a stale entry: a shorter way to u was found after it was queued
            }
            if u == goal.0 {
                return Ok(Some(g));
            }
            let next = base + g + 1;
            adj.for_each_open(u as usize, |n| {
                let s = &mut stamp[n];
                if *s < base || *s > next {
                    *s = next;
                    let f = u64::from(g + 1) + u64::from(h(Node(n as u32)));
                    heap.push(Reverse((f, u32::MAX - (g + 1), n as u32)));
                }
            });
        }
        Ok(None)
    }

    /// A* on a grid with the Manhattan heuristic: the length of a shortest path from `start` to
    /// `goal`, or `None`. [`Searcher::path`] then gives the path.
    ///
    /// With unit moves and the Manhattan heuristic every step keeps `f` or raises it by 2, so the
    /// open list is two stacks (at `f` and `f + 2`) instead of a heap: no comparisons, and among
    /// equal `f` the most recently found node goes first, which heads straight for the goal
    /// on open ground. The search stops as soon as the goal is found at the current `f`.
    ///
    /// ```
    /// use pathfind::{Grid, Searcher};
    ///
    /// let grid = Grid::from_text(
    ///     ".#...\n\
    ///      .#.#.\n\
    ///      ...#.\n",
    /// )
    /// .unwrap();
    /// let mut searcher = Searcher::new();
    /// let (a, b) = (grid.node(0, 0).unwrap(), grid.node(4, 2).unwrap());
    /// assert_eq!(searcher.astar_grid(&grid, a, b).unwrap(), Some(10));
    /// ```
    pub fn astar_grid(
        &mut self,
        grid: &Grid,
        start: Node,
        goal: Node,
    ) -> Result<Option<u32>, Error> {
        grid.check(start)?;
        grid.check(goal)?;
        self.begin(grid.id_bound());
        let base = self.base;
        self.stamp[start.index()] = base;
        if start == goal {
            return Ok(Some(0));
        }
        let stride = grid.stride();
        let xy = |slot: usize| ((slot % stride) as u32, (slot / stride) as u32);
        let (gx, gy) = xy(goal.index());
        let h = |x: u32, y: u32| x.abs_diff(gx) + y.abs_diff(gy);
        let open = grid.open_slots();
        let offsets = grid.offsets();
        let dirs = grid.order().dirs();
        // A step's change of the packed position `x | y << 16` (wrapping for -1).
        let dpos = dirs.map(|d| {
            let (dx, dy) = d.delta();
            (dx as i32 as u32).wrapping_add((dy as i32 as u32) << 16)
        });
        let dir_index = dirs.map(|d| d as usize);
        let stamp = &mut self.stamp[..grid.id_bound()];
        let (mut now, mut next) = (
            std::mem::take(&mut self.bucket_now),
            std::mem::take(&mut self.bucket_next),
        );
        now.clear();
        next.clear();
        now.reserve(stamp.len());
        next.reserve(stamp.len());
        let (sx, sy) = xy(start.index());
        let mut f = h(sx, sy);
        now.push((start.0, sx | sy << 16));
        let result = 'search: loop {
            let Some((u, pos)) = now.pop() else {
                if next.is_empty() {
                    break None;
                }
                std::mem::swap(&mut now, &mut next);
                f += 2;
                continue;
            };
            let (x, y) = (pos & 0xffff, pos >> 16);
            let su = stamp[u as usize];
            let g = su - base;
            if g + h(x, y) != f {
                continue; // stale: reached more cheaply after it was queued
            }
            if u == goal.0 {
                break Some(g);
            }
            let ng = su + 1;
            // Whether a step north, east, south, west moves toward the goal (keeps f) or away
            // (raises f by 2).
            let toward = [y > gy, x < gx, y < gy, x > gx];
            for k in 0..4 {
                let n = (u as usize).wrapping_add_signed(offsets[k]);
                // Unreached (below base, so the difference wraps high) or reached by a longer way.
                if !open[n] || stamp[n].wrapping_sub(base) <= g + 1 {
                    continue;
                }
                stamp[n] = ng;
                let entry = (n as u32, pos.wrapping_add(dpos[k]));
                if toward[dir_index[k]] {
                    if n == goal.index() {
                        break 'search Some(g + 1);
                    }
                    now.push(entry);
                } else {
                    next.push(entry);
                }
            }
        };
        self.bucket_now = now;
        self.bucket_next = next;
        Ok(result)
    }

    /// The path found by the last search from one of its sources (or its start) to `to`, both
    /// inclusive, written into `out` (cleared first; no allocation once `out` has the capacity).
    /// Returns false (and leaves `out` empty) when the last search did not reach `to`.
    ///
    /// After a BFS any reached node works; after A*, the goal (other nodes the A* touched may
    /// have only provisional distances). Pass the space the last search ran on. Among equally
    /// short paths the walk back from `to` takes, at each step, the first neighbour in neighbour
    /// order that is one step closer.
    ///
    /// ```
    /// use pathfind::{Grid, NeighbourOrder, Searcher};
    ///
    /// let grid = Grid::from_text("..\n..\n").unwrap();
    /// let (a, d) = (grid.node(0, 0).unwrap(), grid.node(1, 1).unwrap());
    /// let mut searcher = Searcher::new();
    /// let mut path = Vec::new();
    ///
    /// searcher.bfs_distance(&grid, a, d).unwrap();
    /// assert!(searcher.path(&grid, d, &mut path));
    /// // Walking back from d, north comes before west in the default order N, E, S, W.
    /// assert_eq!(path, [a, grid.node(1, 0).unwrap(), d]);
    ///
    /// let wens = grid.clone().with_order(NeighbourOrder::WENS);
    /// searcher.bfs_distance(&wens, a, d).unwrap();
    /// assert!(searcher.path(&wens, d, &mut path));
    /// assert_eq!(path, [a, grid.node(0, 1).unwrap(), d]); // west first
    /// ```
    pub fn path<S: Space>(&self, space: &S, to: Node, out: &mut Vec<Node>) -> bool {
        walk_back(&self.stamp, self.base, space, to, out)
    }

    fn field(&self, owners: bool) -> Field<'_> {
        Field {
            stamp: &self.stamp,
            owner: owners.then_some(&self.owner[..]),
            base: self.base,
        }
    }
}

/// The early-exit BFS kernel: a free function so that its slices get distinct-memory
/// (`noalias`) guarantees and the optimiser keeps the loop tight.
#[inline]
fn bfs_until<A: Adjacency>(
    adj: A,
    stamp: &mut [u32],
    queue: &mut [u32],
    mut tail: usize,
    base: u32,
    mut stop: impl FnMut(Node) -> bool,
) -> (usize, Option<Node>) {
    let stamp = &mut stamp[..adj.bound()];
    let mut head = 0;
    while head < tail {
        let u = queue[head] as usize;
        head += 1;
        let next = stamp[u] + 1;
        let fresh = tail;
        adj.for_each_open(u, |n| {
            let s = &mut stamp[n];
            if *s < base {
                *s = next;
                queue[tail] = n as u32;
                tail += 1;
            }
        });
        // The new nodes are tested apart from the expansion, which stays as tight as the
        // full-field kernel's.
        for &n in &queue[fresh..tail] {
            if stop(Node(n)) {
                return (tail, Some(Node(n)));
            }
        }
    }
    (tail, None)
}

/// The multi-source kernel with nearest-source owners (see [`Searcher::multi_source_field`]).
#[inline]
fn bfs_owners<A: Adjacency>(
    adj: A,
    stamp: &mut [u32],
    owner: &mut [u32],
    queue: &mut [u32],
    mut tail: usize,
    base: u32,
) -> usize {
    let stamp = &mut stamp[..adj.bound()];
    let owner = &mut owner[..adj.bound()];
    let mut head = 0;
    while head < tail {
        let u = queue[head] as usize;
        head += 1;
        let next = stamp[u] + 1;
        let ou = owner[u];
        adj.for_each_open(u, |n| {
            let s = stamp[n];
            if s < base {
                stamp[n] = next;
                owner[n] = ou;
                queue[tail] = n as u32;
                tail += 1;
            } else if s == next && owner[n] != ou {
                // Another nearest source: the union of the nearest-source sets has two members.
                owner[n] = (owner[n] & !TIED).min(ou & !TIED) | TIED;
            }
        });
    }
    tail
}

/// Walks from `to` back to a node of distance 0 through predecessors one step closer each.
fn walk_back<S: Space>(stamp: &[u32], base: u32, space: &S, to: Node, out: &mut Vec<Node>) -> bool {
    out.clear();
    if !space.contains(to) {
        return false;
    }
    let Some(&end) = stamp.get(to.index()) else {
        return false;
    };
    if end < base {
        return false;
    }
    out.push(to);
    let (mut at, mut value) = (to, end);
    while value > base {
        let want = value - 1;
        let mut step = None;
        space.for_each_predecessor(at, |p| {
            if step.is_none() && stamp.get(p.index()) == Some(&want) {
                step = Some(p);
            }
        });
        let Some(p) = step else {
            // Unreachable for a search on this space; a different space was passed.
            out.clear();
            return false;
        };
        out.push(p);
        at = p;
        value = want;
    }
    out.reverse();
    true
}

/// The result of a BFS distance field ([`Searcher::distance_field`],
/// [`Searcher::multi_source_field`]): distances and, for a multi-source field, the nearest source
/// of every reached node. It borrows the [`Searcher`]; copy what you keep
/// ([`Field::copy_distances`]).
///
/// ```
/// use pathfind::{Grid, Searcher};
///
/// let grid = Grid::from_text("...\n").unwrap();
/// let mut searcher = Searcher::new();
/// let field = searcher.distance_field(&grid, grid.node(0, 0).unwrap()).unwrap();
/// let far = grid.node(2, 0).unwrap();
/// assert_eq!(field.distance(far), Some(2));
/// assert_eq!(field.owner(far), Some(0));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Field<'a> {
    stamp: &'a [u32],
    owner: Option<&'a [u32]>,
    base: u32,
}

impl<'a> Field<'a> {
    /// The distance from the nearest source to `node`, or `None` if unreached (closed, cut off,
    /// or not a node).
    ///
    /// ```
    /// use pathfind::{Grid, Node, Searcher};
    ///
    /// let grid = Grid::from_text(".#.\n").unwrap();
    /// let mut searcher = Searcher::new();
    /// let field = searcher.distance_field(&grid, grid.node(0, 0).unwrap()).unwrap();
    /// assert_eq!(field.distance(grid.node(0, 0).unwrap()), Some(0));
    /// assert_eq!(field.distance(grid.node(2, 0).unwrap()), None);
    /// assert_eq!(field.distance(Node(1_000_000)), None);
    /// ```
    #[inline]
    pub fn distance(&self, node: Node) -> Option<u32> {
        let v = *self.stamp.get(node.index())?;
        (v >= self.base).then(|| v - self.base)
    }

    /// The index (in the source list) of the nearest source of a reached node: the smallest
    /// such index when several are equally near. Always `Some(0)` for a reached node of a
    /// single-source field.
    ///
    /// ```
    /// use pathfind::{Graph, Node, Searcher};
    ///
    /// let line = Graph::undirected(5, [(0, 1), (1, 2), (2, 3), (3, 4)]).unwrap();
    /// let mut searcher = Searcher::new();
    /// let field = searcher.multi_source_field(&line, &[Node(4), Node(0)]).unwrap();
    /// assert_eq!(field.owner(Node(1)), Some(1));
    /// assert_eq!(field.owner(Node(3)), Some(0));
    /// assert_eq!(field.owner(Node(2)), Some(0)); // tied; the smaller index
    /// ```
    #[inline]
    pub fn owner(&self, node: Node) -> Option<u32> {
        self.distance(node)?;
        Some(self.owner.map_or(0, |o| o[node.index()] & !TIED))
    }

    /// Whether a reached node has more than one nearest source (a neutral cell in a Tron
    /// territory count). False for unreached nodes and single-source fields.
    ///
    /// ```
    /// use pathfind::{Grid, Searcher};
    ///
    /// let grid = Grid::from_text("....\n").unwrap();
    /// let cell = |x| grid.node(x, 0).unwrap();
    /// let mut searcher = Searcher::new();
    /// let field = searcher.multi_source_field(&grid, &[cell(0), cell(3)]).unwrap();
    /// assert!(!field.is_tied(cell(1)) && !field.is_tied(cell(2))); // 4 cells: no middle
    /// ```
    #[inline]
    pub fn is_tied(&self, node: Node) -> bool {
        self.distance(node).is_some() && self.owner.is_some_and(|o| o[node.index()] & TIED != 0)
    }

    /// How many nodes the search reached (sources included).
    ///
    /// ```
    /// use pathfind::{Grid, Searcher};
    ///
    /// let grid = Grid::from_text("..#\n###\n..#\n").unwrap();
    /// let mut searcher = Searcher::new();
    /// assert_eq!(searcher.distance_field(&grid, grid.node(0, 0).unwrap()).unwrap().reached_count(), 2);
    /// ```
    pub fn reached_count(&self) -> usize {
        self.stamp.iter().filter(|&&v| v >= self.base).count()
    }

    /// The reached nodes and their distances, in increasing node id order.
    ///
    /// ```
    /// use pathfind::{Graph, Node, Searcher};
    ///
    /// let g = Graph::directed(3, [(0, 2)]).unwrap();
    /// let mut searcher = Searcher::new();
    /// let field = searcher.distance_field(&g, Node(0)).unwrap();
    /// assert_eq!(field.reached().collect::<Vec<_>>(), [(Node(0), 0), (Node(2), 1)]);
    /// ```
    pub fn reached(&self) -> impl Iterator<Item = (Node, u32)> + 'a {
        let base = self.base;
        self.stamp
            .iter()
            .enumerate()
            .filter(move |(_, v)| **v >= base)
            .map(move |(i, v)| (Node(i as u32), v - base))
    }

    /// Copies the distances into `out`, one entry per node id of `space` (`u32::MAX` where
    /// unreached), reusing `out`'s allocation.
    ///
    /// ```
    /// use pathfind::{Graph, Node, Searcher};
    ///
    /// let g = Graph::undirected(3, [(0, 1)]).unwrap();
    /// let mut searcher = Searcher::new();
    /// let mut dist = Vec::new();
    /// searcher.distance_field(&g, Node(1)).unwrap().copy_distances(&g, &mut dist);
    /// assert_eq!(dist, [1, 0, u32::MAX]);
    /// ```
    pub fn copy_distances<S: Space>(&self, space: &S, out: &mut Vec<u32>) {
        out.clear();
        let base = self.base;
        out.extend(
            self.stamp[..space.id_bound()]
                .iter()
                .map(|&v| if v >= base { v - base } else { u32::MAX }),
        );
    }

    /// Writes the distances into `out`, one entry per node id (`u32::MAX` where unreached);
    /// `out` may be shorter than the space (the rest is ignored).
    ///
    /// ```
    /// use pathfind::{Graph, Node, Searcher};
    ///
    /// let g = Graph::undirected(3, [(1, 2)]).unwrap();
    /// let mut searcher = Searcher::new();
    /// let mut dist = [0u32; 3];
    /// searcher.distance_field(&g, Node(2)).unwrap().write_distances(&mut dist);
    /// assert_eq!(dist, [u32::MAX, 1, 0]);
    /// ```
    pub fn write_distances(&self, out: &mut [u32]) {
        let base = self.base;
        for (o, &v) in out.iter_mut().zip(self.stamp) {
            *o = if v >= base { v - base } else { u32::MAX };
        }
    }

    /// A shortest path from a nearest source to `to` (both inclusive) into `out`; false if `to`
    /// was not reached. Same rules as [`Searcher::path`].
    ///
    /// ```
    /// use pathfind::{Grid, Searcher};
    ///
    /// let grid = Grid::from_text("...\n.#.\n...\n").unwrap();
    /// let mut searcher = Searcher::new();
    /// let field = searcher.distance_field(&grid, grid.node(0, 0).unwrap()).unwrap();
    /// let mut path = Vec::new();
    /// assert!(field.path_to(&grid, grid.node(2, 2).unwrap(), &mut path));
    /// let cells: Vec<_> = path.iter().map(|&n| grid.position(n).unwrap()).collect();
    /// assert_eq!(cells, [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]);
    /// ```
    pub fn path_to<S: Space>(&self, space: &S, to: Node, out: &mut Vec<Node>) -> bool {
        walk_back(self.stamp, self.base, space, to, out)
    }

    /// The first neighbour of `node` (in neighbour order) that is one step closer to the
    /// sources: the next move of a unit following this field downhill. `None` at a source or
    /// an unreached node. On a directed graph this follows an edge backwards.
    ///
    /// ```
    /// use pathfind::{Grid, Searcher};
    ///
    /// let grid = Grid::from_text("...\n").unwrap();
    /// let mut searcher = Searcher::new();
    /// let home = grid.node(0, 0).unwrap();
    /// let field = searcher.distance_field(&grid, home).unwrap();
    /// assert_eq!(field.step_toward_source(&grid, grid.node(1, 0).unwrap()), Some(home));
    /// assert_eq!(field.step_toward_source(&grid, home), None);
    /// ```
    pub fn step_toward_source<S: Space>(&self, space: &S, node: Node) -> Option<Node> {
        let d = self.distance(node)?;
        if d == 0 || !space.contains(node) {
            return None;
        }
        let want = self.base + d - 1;
        let mut step = None;
        space.for_each_predecessor(node, |p| {
            if step.is_none() && self.stamp.get(p.index()) == Some(&want) {
                step = Some(p);
            }
        });
        step
    }
}
