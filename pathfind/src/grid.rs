//! [`Grid`]: a rectangle of open and closed cells with 4-neighbour unit-cost moves, stored as a
//! flat array with a one-cell closed border so that a neighbour step is one addition with no
//! bounds test.

use crate::{Dir, Error, NeighbourOrder, Node, Space};

/// A rectangular grid of open (passable) and closed cells; moves go to the 4 neighbours at
/// unit cost.
///
/// Cells are stored row by row in a flat array padded by a closed border one cell wide, so
/// that the neighbour of any real cell is a valid slot and the search loops need no bounds
/// checks. Node ids ([`Node`]) are indices into that padded array: use [`Grid::node`] and
/// [`Grid::position`] to convert from and to `(x, y)`. North is row 0.
///
/// The grid carries the [`NeighbourOrder`] its searches use ([`Grid::with_order`]).
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
/// assert_eq!((grid.width(), grid.height()), (4, 3));
/// let mut searcher = Searcher::new();
/// let from = grid.node(0, 1).unwrap();
/// let to = grid.node(3, 1).unwrap();
/// assert_eq!(searcher.bfs_distance(&grid, from, to).unwrap(), Some(5));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "GridRepr", into = "GridRepr"))]
pub struct Grid {
    width: usize,
    height: usize,
    /// `(width + 2) * (height + 2)` flags, row-major, the border always closed.
    open: Vec<bool>,
    order: NeighbourOrder,
    /// The slot offset of each direction in `order`.
    offsets: [isize; 4],
    /// Which BFS kernel suits this grid, decided once when it is built.
    kernel: KernelHint,
}

impl Grid {
    /// The largest supported width or height.
    pub const MAX_SIDE: usize = 65_534;

    /// The largest supported cell count including the one-cell border, `(width + 2) *
    /// (height + 2)`: node ids and distances are `u32`.
    pub const MAX_SLOTS: usize = (u32::MAX / 2) as usize;

    /// A grid whose cell `(x, y)` is open when `open(x, y)` is true.
    ///
    /// ```
    /// use pathfind::Grid;
    ///
    /// // A checkerboard-free room with a wall column at x = 2.
    /// let grid = Grid::from_fn(5, 3, |x, _y| x != 2).unwrap();
    /// assert!(grid.is_open_at(1, 1));
    /// assert!(!grid.is_open_at(2, 1));
    /// assert!(!grid.is_open_at(9, 9)); // outside: closed
    /// assert!(Grid::from_fn(0, 3, |_, _| true).is_err());
    /// ```
    pub fn from_fn(
        width: usize,
        height: usize,
        mut open: impl FnMut(usize, usize) -> bool,
    ) -> Result<Self, Error> {
        let mut grid = Grid::closed(width, height)?;
        for y in 0..height {
            for x in 0..width {
                let slot = grid.slot(x, y);
                grid.open[slot] = open(x, y);
            }
        }
        grid.kernel = KernelHint::measure(&grid);
        Ok(grid)
    }

    /// A grid from `width * height` bytes in row-major order; a cell is open when `open(byte)`.
    ///
    /// ```
    /// use pathfind::{Error, Grid};
    ///
    /// let grid = Grid::from_bytes(3, 2, b"..#.#.", |b| b == b'.').unwrap();
    /// assert!(grid.is_open_at(0, 0) && !grid.is_open_at(2, 0) && grid.is_open_at(2, 1));
    /// let err = Grid::from_bytes(3, 2, b"...", |b| b == b'.').unwrap_err();
    /// assert_eq!(err, Error::ByteCount { width: 3, height: 2, expected: 6, found: 3 });
    /// ```
    pub fn from_bytes(
        width: usize,
        height: usize,
        bytes: &[u8],
        mut open: impl FnMut(u8) -> bool,
    ) -> Result<Self, Error> {
        let expected = width
            .checked_mul(height)
            .ok_or(Error::GridTooLarge { width, height })?;
        if bytes.len() != expected {
            return Err(Error::ByteCount {
                width,
                height,
                expected,
                found: bytes.len(),
            });
        }
        Grid::from_fn(width, height, |x, y| open(bytes[y * width + x]))
    }

    /// A grid from text: one line per row, `.` open and `#` closed. Lines may end in `\n` or
    /// `\r\n`; trailing empty lines are ignored. Other characters are an
    /// [`Error::UnknownCell`]; rows of different lengths an [`Error::RaggedRow`].
    ///
    /// ```
    /// use pathfind::{Error, Grid};
    ///
    /// let grid = Grid::from_text("..#\r\n#..\r\n").unwrap();
    /// assert_eq!((grid.width(), grid.height()), (3, 2));
    /// assert_eq!(grid.to_text(), "..#\n#..\n");
    /// let err = Grid::from_text("..\n.x\n").unwrap_err();
    /// assert_eq!(err, Error::UnknownCell { ch: 'x', line: 2, column: 2 });
    /// ```
    pub fn from_text(text: &str) -> Result<Self, Error> {
        Grid::from_text_with(text, |ch| match ch {
            '.' => Some(true),
            '#' => Some(false),
            _ => None,
        })
    }

    /// A grid from text with your own cell alphabet: `classify(ch)` says `Some(open)` for a
    /// known character and `None` for an unknown one (an [`Error::UnknownCell`]).
    ///
    /// ```
    /// use pathfind::Grid;
    ///
    /// // A MovingAI-style map body: '.' and 'G' passable, '@', 'T' and 'O' not.
    /// let grid = Grid::from_text_with(".G@\nT..\n", |ch| match ch {
    ///     '.' | 'G' => Some(true),
    ///     '@' | 'T' | 'O' => Some(false),
    ///     _ => None,
    /// })
    /// .unwrap();
    /// assert!(grid.is_open_at(1, 0) && !grid.is_open_at(0, 1));
    /// ```
    pub fn from_text_with(
        text: &str,
        mut classify: impl FnMut(char) -> Option<bool>,
    ) -> Result<Self, Error> {
        let mut lines: Vec<&str> = text.lines().collect();
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        let height = lines.len();
        let width = lines.first().map_or(0, |l| l.chars().count());
        for (i, line) in lines.iter().enumerate() {
            let found = line.chars().count();
            if found != width {
                return Err(Error::RaggedRow {
                    line: i + 1,
                    found,
                    expected: width,
                });
            }
        }
        let mut grid = Grid::closed(width, height)?;
        for (y, line) in lines.iter().enumerate() {
            for (x, ch) in line.chars().enumerate() {
                let open = classify(ch).ok_or(Error::UnknownCell {
                    ch,
                    line: y + 1,
                    column: x + 1,
                })?;
                let slot = grid.slot(x, y);
                grid.open[slot] = open;
            }
        }
        grid.kernel = KernelHint::measure(&grid);
        Ok(grid)
    }

    /// An all-closed grid (then open cells with [`Grid::set_open`]).
    fn closed(width: usize, height: usize) -> Result<Self, Error> {
        if width == 0 || height == 0 {
            return Err(Error::EmptyGrid { width, height });
        }
        if width > Self::MAX_SIDE
            || height > Self::MAX_SIDE
            || (width + 2) * (height + 2) > Self::MAX_SLOTS
        {
            return Err(Error::GridTooLarge { width, height });
        }
        let order = NeighbourOrder::default();
        Ok(Grid {
            width,
            height,
            open: vec![false; (width + 2) * (height + 2)],
            order,
            offsets: offsets(order, width + 2),
            kernel: KernelHint::default(),
        })
    }

    /// The same grid with another neighbour order.
    ///
    /// ```
    /// use pathfind::{Grid, NeighbourOrder, Space};
    ///
    /// let grid = Grid::from_text("...\n...\n...\n").unwrap().with_order(NeighbourOrder::WENS);
    /// assert_eq!(grid.order(), NeighbourOrder::WENS);
    /// let mut seen = Vec::new();
    /// grid.for_each_neighbour(grid.node(1, 1).unwrap(), |n| seen.push(grid.position(n).unwrap()));
    /// assert_eq!(seen, [(0, 1), (2, 1), (1, 0), (1, 2)]); // W, E, N, S
    /// ```
    pub fn with_order(mut self, order: NeighbourOrder) -> Self {
        self.set_order(order);
        self
    }

    /// Changes the neighbour order in place.
    ///
    /// ```
    /// use pathfind::{Grid, NeighbourOrder};
    ///
    /// let mut grid = Grid::from_text("..\n").unwrap();
    /// grid.set_order(NeighbourOrder::NSWE);
    /// assert_eq!(grid.order(), NeighbourOrder::NSWE);
    /// ```
    pub fn set_order(&mut self, order: NeighbourOrder) {
        self.order = order;
        self.offsets = offsets(order, self.width + 2);
    }

    /// The neighbour order of this grid's searches.
    ///
    /// ```
    /// use pathfind::{Grid, NeighbourOrder};
    ///
    /// assert_eq!(Grid::from_text(".\n").unwrap().order(), NeighbourOrder::NESW);
    /// ```
    pub fn order(&self) -> NeighbourOrder {
        self.order
    }

    /// The number of columns.
    ///
    /// ```
    /// assert_eq!(pathfind::Grid::from_text("...\n").unwrap().width(), 3);
    /// ```
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    ///
    /// ```
    /// assert_eq!(pathfind::Grid::from_text("...\n...\n").unwrap().height(), 2);
    /// ```
    pub fn height(&self) -> usize {
        self.height
    }

    /// The node of cell `(x, y)`, or `None` outside the grid.
    ///
    /// ```
    /// use pathfind::Grid;
    ///
    /// let grid = Grid::from_text("..\n..\n").unwrap();
    /// assert!(grid.node(1, 1).is_some());
    /// assert_eq!(grid.node(2, 0), None);
    /// ```
    pub fn node(&self, x: usize, y: usize) -> Option<Node> {
        (x < self.width && y < self.height).then(|| Node(self.slot(x, y) as u32))
    }

    /// The node of cell `(x, y)`, or [`Error::OutsideGrid`].
    ///
    /// ```
    /// use pathfind::{Error, Grid};
    ///
    /// let grid = Grid::from_text("..\n..\n").unwrap();
    /// assert_eq!(grid.try_node(0, 5), Err(Error::OutsideGrid { x: 0, y: 5, width: 2, height: 2 }));
    /// ```
    pub fn try_node(&self, x: usize, y: usize) -> Result<Node, Error> {
        self.node(x, y).ok_or(Error::OutsideGrid {
            x,
            y,
            width: self.width,
            height: self.height,
        })
    }

    /// The `(x, y)` of a node, or `None` if `node` is not a cell of this grid.
    ///
    /// ```
    /// use pathfind::{Grid, Node};
    ///
    /// let grid = Grid::from_text("...\n...\n").unwrap();
    /// assert_eq!(grid.position(grid.node(2, 1).unwrap()), Some((2, 1)));
    /// assert_eq!(grid.position(Node(0)), None); // a padding slot
    /// ```
    pub fn position(&self, node: Node) -> Option<(usize, usize)> {
        let stride = self.width + 2;
        let (row, col) = (node.index() / stride, node.index() % stride);
        (row >= 1 && row <= self.height && col >= 1 && col <= self.width)
            .then(|| (col - 1, row - 1))
    }

    /// Whether cell `(x, y)` is open; cells outside the grid are closed.
    ///
    /// ```
    /// let grid = pathfind::Grid::from_text(".#\n").unwrap();
    /// assert!(grid.is_open_at(0, 0) && !grid.is_open_at(1, 0) && !grid.is_open_at(2, 0));
    /// ```
    pub fn is_open_at(&self, x: usize, y: usize) -> bool {
        self.node(x, y).is_some_and(|n| self.open[n.index()])
    }

    /// Opens or closes cell `(x, y)` (a wall built, a cell taken). Outside the grid it is an
    /// [`Error::OutsideGrid`].
    ///
    /// ```
    /// use pathfind::Grid;
    ///
    /// let mut grid = Grid::from_text("...\n").unwrap();
    /// grid.set_open(1, 0, false).unwrap();
    /// assert_eq!(grid.to_text(), ".#.\n");
    /// assert!(grid.set_open(3, 0, true).is_err());
    /// ```
    pub fn set_open(&mut self, x: usize, y: usize, open: bool) -> Result<(), Error> {
        let node = self.try_node(x, y)?;
        self.open[node.index()] = open;
        Ok(())
    }

    /// Opens or closes a node. A node that is not a cell is an [`Error::NotANode`].
    ///
    /// ```
    /// use pathfind::{Grid, Node};
    ///
    /// let mut grid = Grid::from_text("..\n").unwrap();
    /// let n = grid.node(0, 0).unwrap();
    /// grid.set_node_open(n, false).unwrap();
    /// assert_eq!(grid.to_text(), "#.\n");
    /// assert!(grid.set_node_open(Node(0), true).is_err());
    /// ```
    pub fn set_node_open(&mut self, node: Node, open: bool) -> Result<(), Error> {
        self.check(node)?;
        self.open[node.index()] = open;
        Ok(())
    }

    /// The node one step from `node` in direction `dir`, if that is a cell of the grid (open or
    /// not).
    ///
    /// ```
    /// use pathfind::{Dir, Grid};
    ///
    /// let grid = Grid::from_text("..\n..\n").unwrap();
    /// let n = grid.node(0, 0).unwrap();
    /// assert_eq!(grid.step(n, Dir::East), grid.node(1, 0));
    /// assert_eq!(grid.step(n, Dir::North), None);
    /// ```
    pub fn step(&self, node: Node, dir: Dir) -> Option<Node> {
        let (x, y) = self.position(node)?;
        let (dx, dy) = dir.delta();
        self.node(x.checked_add_signed(dx)?, y.checked_add_signed(dy)?)
    }

    /// The Manhattan distance between two cells (an admissible, consistent A* heuristic on a
    /// 4-neighbour grid). `None` if either is not a cell.
    ///
    /// ```
    /// use pathfind::Grid;
    ///
    /// let grid = Grid::from_text("....\n....\n").unwrap();
    /// let (a, b) = (grid.node(0, 0).unwrap(), grid.node(3, 1).unwrap());
    /// assert_eq!(grid.manhattan(a, b), Some(4));
    /// ```
    pub fn manhattan(&self, a: Node, b: Node) -> Option<u32> {
        let (ax, ay) = self.position(a)?;
        let (bx, by) = self.position(b)?;
        Some((ax.abs_diff(bx) + ay.abs_diff(by)) as u32)
    }

    /// The number of open cells.
    ///
    /// ```
    /// assert_eq!(pathfind::Grid::from_text(".#.\n##.\n").unwrap().open_count(), 3);
    /// ```
    pub fn open_count(&self) -> usize {
        self.open.iter().filter(|&&o| o).count()
    }

    /// The grid as text: `.` open, `#` closed, each row ending in `\n`.
    /// [`Grid::from_text`] reads it back.
    ///
    /// ```
    /// use pathfind::Grid;
    ///
    /// let text = ".#\n#.\n";
    /// assert_eq!(Grid::from_text(text).unwrap().to_text(), text);
    /// ```
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity((self.width + 1) * self.height);
        for y in 0..self.height {
            for x in 0..self.width {
                s.push(if self.open[self.slot(x, y)] { '.' } else { '#' });
            }
            s.push('\n');
        }
        s
    }

    /// The number of slots of the padded array (the bound of a slot). For the integration tests.
    #[doc(hidden)]
    pub fn slot_count(&self) -> usize {
        self.open.len()
    }

    /// Whether the grid was measured as branchy (it runs the branchy BFS kernel). For the
    /// integration tests.
    #[doc(hidden)]
    pub fn uses_branchy_kernel(&self) -> bool {
        self.kernel.branchy()
    }

    /// The slot of `(x, y)` in the padded array.
    #[inline(always)]
    #[doc(hidden)]
    pub fn slot(&self, x: usize, y: usize) -> usize {
        (y + 1) * (self.width + 2) + x + 1
    }

    /// The padded open flags (border closed); for the grid kernels.
    #[inline(always)]
    pub(crate) fn open_slots(&self) -> &[bool] {
        &self.open
    }

    /// The slot offsets of the four directions in neighbour order.
    #[inline(always)]
    pub(crate) fn offsets(&self) -> [isize; 4] {
        self.offsets
    }

    /// The padded row length.
    #[inline(always)]
    pub(crate) fn stride(&self) -> usize {
        self.width + 2
    }
}

fn offsets(order: NeighbourOrder, stride: usize) -> [isize; 4] {
    order.dirs().map(|d| {
        let (dx, dy) = d.delta();
        dy * stride as isize + dx
    })
}

/// Which BFS kernel a grid's distance fields use: the branchy one when the grid is mostly
/// corridor that a BFS crosses one or two cells at a time. Only speed depends on it (both
/// kernels give identical fields), so it takes no part in equality or hashing, and it is not
/// updated by [`Grid::set_open`].
#[derive(Debug, Clone, Copy, Default)]
struct KernelHint {
    narrow: bool,
}

impl KernelHint {
    /// Mean BFS level width (nodes reached per distance level) below which the branchy kernel
    /// is used. Measured (README, benchmarks): the one-spiral Windward `map5` scores 1.5 and
    /// `map6` 3.6 (branchy kernel about 2x faster there); `map3`, `map4`, the city and the
    /// mazes, where the branch-free kernel is up to 2x faster, score 5.3 and more.
    const NARROW_WIDTH: u64 = 4;

    /// Floods from four open cells spread over the grid (in slot order) and compares the
    /// reached nodes per distance level with [`KernelHint::NARROW_WIDTH`]: four BFS when the
    /// grid is built (a few microseconds on a Windward map).
    fn measure(grid: &Grid) -> KernelHint {
        let open: Vec<usize> = (0..grid.open.len()).filter(|&i| grid.open[i]).collect();
        if open.is_empty() {
            return KernelHint::default();
        }
        let bound = grid.open.len();
        let (mut stamp, mut queue) = (vec![0u32; bound], vec![0u32; bound + 4]);
        let (mut reached, mut levels) = (0u64, 0u64);
        for k in 0..4 {
            let source = open[k * open.len() / 4];
            stamp.fill(0);
            stamp[source] = 1;
            queue[0] = source as u32;
            let tail =
                crate::space::bfs_to(grid.adjacency(), &mut stamp, &mut queue, 1, 1, usize::MAX);
            reached += tail as u64;
            // The last node queued is the farthest: its stamp is 1 + eccentricity.
            levels += u64::from(stamp[queue[tail - 1] as usize]);
        }
        KernelHint {
            narrow: reached < Self::NARROW_WIDTH * levels,
        }
    }

    fn branchy(self) -> bool {
        self.narrow
    }
}

impl PartialEq for KernelHint {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for KernelHint {}

impl std::hash::Hash for KernelHint {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// The grid's adjacency for the search kernels: the padded open flags and the four offsets.
#[derive(Clone, Copy)]
pub struct GridAdj<'a> {
    open: &'a [bool],
    offsets: [isize; 4],
}

impl crate::space::internal::Adjacency for GridAdj<'_> {
    #[inline(always)]
    fn bound(self) -> usize {
        self.open.len()
    }

    #[inline(always)]
    fn for_each_edge(self, u: usize, mut f: impl FnMut(usize, bool)) {
        for off in self.offsets {
            let n = u.wrapping_add_signed(off);
            f(n, self.open[n]);
        }
    }

    #[inline(always)]
    fn for_each_open(self, u: usize, mut f: impl FnMut(usize)) {
        for off in self.offsets {
            let n = u.wrapping_add_signed(off);
            if self.open[n] {
                f(n);
            }
        }
    }
}

impl Space for Grid {
    type Adj<'a> = GridAdj<'a>;

    fn bfs_fill(&self, stamp: &mut [u32], queue: &mut [u32], tail: usize, base: u32) -> usize {
        if self.kernel.branchy() {
            crate::space::bfs_fill_branchy(self.adjacency(), stamp, queue, tail, base)
        } else {
            crate::space::bfs_to(self.adjacency(), stamp, queue, tail, base, usize::MAX)
        }
    }

    #[inline(always)]
    fn adjacency(&self) -> GridAdj<'_> {
        GridAdj {
            open: &self.open,
            offsets: self.offsets,
        }
    }

    #[inline(always)]
    fn id_bound(&self) -> usize {
        self.open.len()
    }

    #[inline]
    fn contains(&self, node: Node) -> bool {
        self.position(node).is_some()
    }

    #[inline(always)]
    fn is_open(&self, node: Node) -> bool {
        self.open.get(node.index()).copied().unwrap_or(false)
    }

    #[inline(always)]
    fn for_each_neighbour<F: FnMut(Node)>(&self, node: Node, mut f: F) {
        let u = node.index();
        for off in self.offsets {
            let n = u.wrapping_add_signed(off);
            if self.open[n] {
                f(Node(n as u32));
            }
        }
    }

    #[inline(always)]
    fn for_each_predecessor<F: FnMut(Node)>(&self, node: Node, mut f: F) {
        let u = node.index();
        for off in self.offsets {
            f(Node(u.wrapping_add_signed(off) as u32));
        }
    }

    fn nodes(&self) -> impl Iterator<Item = Node> + '_ {
        (0..self.height)
            .flat_map(move |y| (0..self.width).map(move |x| Node(self.slot(x, y) as u32)))
    }
}

/// The serde form of a [`Grid`]: its text and its neighbour order.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct GridRepr {
    text: String,
    order: NeighbourOrder,
}

#[cfg(feature = "serde")]
impl From<Grid> for GridRepr {
    fn from(grid: Grid) -> Self {
        GridRepr {
            text: grid.to_text(),
            order: grid.order,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<GridRepr> for Grid {
    type Error = Error;
    fn try_from(repr: GridRepr) -> Result<Self, Error> {
        Ok(Grid::from_text(&repr.text)?.with_order(repr.order))
    }
}
