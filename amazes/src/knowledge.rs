//! What one player knows: known edges (wall or open), discovered squares, dead-end marks, and
//! the discovery-inference fixpoint of the rules (seeds L134-158, rules doc §8).
//!
//! One engine serves both sides of the table. The referee keeps a [`Knowledge`] per player in
//! absolute coordinates ([`RefereeKnowledge`]); a bot keeps one in coordinates relative to its
//! start inside a `(2n-1)²` window ([`crate::LocalMap`]). The engine only differs in where the
//! outer edges are: the referee knows the grid, the bot learns them from the column/row rule.
//!
//! Storage is flat: one byte per square holds the 4 known bits (low nibble) and 4 open bits (high
//! nibble) of its edges, and squares sets (discovered, dead end, exists) are bitsets. The fixpoint
//! is incremental: every newly known edge or dead end marks the squares and corners it can affect
//! as dirty, and only those are re-examined ([`Knowledge::infer`]). The straightforward version
//! that rescans everything until nothing changes ([`Knowledge::infer_from_scratch`]) is kept as
//! the oracle for tests and benchmarks.

use crate::maze::{Dir, Square};
use crate::view::{Line, View, ViewError};

/// Which reading of the dead-end rule to apply (rules doc A2, §8.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Reading {
    /// The text: only a square "that you have not yet discovered" can become a dead end (default).
    #[default]
    Literal,
    /// Any square with three known walls / dead-end openings is a dead end, discovered or not
    /// (the reading of the known unofficial arbiter).
    Logical,
}

/// A fixed-size bitset of `64 * W` squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bits<const W: usize>(pub(crate) [u64; W]);

impl<const W: usize> Bits<W> {
    /// The empty set.
    pub const EMPTY: Self = Bits([0; W]);
    /// Whether bit `i` is set.
    #[inline]
    pub fn get(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }
    /// Sets bit `i`; returns whether it was clear before.
    #[inline]
    pub fn insert(&mut self, i: usize) -> bool {
        let w = &mut self.0[i >> 6];
        let m = 1u64 << (i & 63);
        let fresh = *w & m == 0;
        *w |= m;
        fresh
    }
    /// Number of set bits.
    pub fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    /// Number of bits set here and clear in `other`.
    pub fn count_minus(&self, other: &Self) -> usize {
        self.0
            .iter()
            .zip(other.0.iter())
            .map(|(a, b)| (a & !b).count_ones() as usize)
            .sum()
    }
    /// Whether no bit is set.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    /// The set bits in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(k, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                Some(k * 64 + b)
            })
        })
    }
}

#[cfg(feature = "serde")]
impl<const W: usize> serde::Serialize for Bits<W> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&self.0[..], s)
    }
}

#[cfg(feature = "serde")]
impl<'de, const W: usize> serde::Deserialize<'de> for Bits<W> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let words = <Vec<u64> as serde::Deserialize>::deserialize(d)?;
        let n = words.len();
        words
            .try_into()
            .map(Bits)
            .map_err(|_| serde::de::Error::invalid_length(n, &"the bitset's word count"))
    }
}

/// Serde for fixed byte arrays longer than serde's built-in 32 (as a byte sequence).
#[cfg(feature = "serde")]
mod byte_array {
    pub fn serialize<S: serde::Serializer, const N: usize>(
        a: &[u8; N],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&a[..], s)
    }
    pub fn deserialize<'de, D: serde::Deserializer<'de>, const N: usize>(
        d: D,
    ) -> Result<[u8; N], D::Error> {
        let v = <Vec<u8> as serde::Deserialize>::deserialize(d)?;
        let n = v.len();
        v.try_into()
            .map_err(|_| serde::de::Error::invalid_length(n, &"the map's cell count"))
    }
}

impl<const W: usize> std::fmt::Debug for Bits<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Where the outer edges of the maze lie in a knowledge map's coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) enum Frame {
    /// The referee's grid: the map is the maze, its border is the outer edge, and the rule of the
    /// opposing edge (R-opp) applies to the border.
    Absolute,
    /// A bot's window around its start: the outer edges are learnt from the column and row rules.
    Window,
}

/// What one player knows, in a map of up to `CELLS` squares (`WORDS = CELLS / 64`).
///
/// Squares are addressed by index `row * stride + col` (stride a power of two). See the module
/// docs for the layout.
#[derive(PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Knowledge<const CELLS: usize, const WORDS: usize> {
    height: u8,
    width: u8,
    shift: u8,
    /// Side of the real maze: how many columns/rows must be known for the outer-edge rules.
    span: u8,
    frame: Frame,
    reading: Reading,
    /// Low nibble: edge known, high nibble: edge open (bit `Dir::bit`).
    #[cfg_attr(feature = "serde", serde(with = "byte_array"))]
    edges: [u8; CELLS],
    disc: Bits<WORDS>,
    dead: Bits<WORDS>,
    exists: Bits<WORDS>,
    row_mask: u64,
    col_mask: u64,
    cols_fired: bool,
    rows_fired: bool,
    opposite_fired: [bool; 4],
    outer_walls: [u8; 4],
    dirty_squares: Bits<WORDS>,
    dirty_corners: Bits<WORDS>,
    /// Bit `w`: word `w` of the dirty sets may be non-zero (so `infer` skips clean words).
    dirty_words: u64,
    disc_count: u16,
}

/// Every field is plain data. `clone_from` copies each in place: the derived one built a
/// whole copy on the stack first and then moved it (issue 23: a search copies states, and so
/// knowledge, hundreds of times a decision).
impl<const CELLS: usize, const WORDS: usize> Clone for Knowledge<CELLS, WORDS> {
    fn clone(&self) -> Self {
        Knowledge {
            height: self.height,
            width: self.width,
            shift: self.shift,
            span: self.span,
            frame: self.frame,
            reading: self.reading,
            edges: self.edges,
            disc: self.disc,
            dead: self.dead,
            exists: self.exists,
            row_mask: self.row_mask,
            col_mask: self.col_mask,
            cols_fired: self.cols_fired,
            rows_fired: self.rows_fired,
            opposite_fired: self.opposite_fired,
            outer_walls: self.outer_walls,
            dirty_squares: self.dirty_squares,
            dirty_corners: self.dirty_corners,
            dirty_words: self.dirty_words,
            disc_count: self.disc_count,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.height = source.height;
        self.width = source.width;
        self.shift = source.shift;
        self.span = source.span;
        self.frame = source.frame;
        self.reading = source.reading;
        self.edges = source.edges;
        self.disc = source.disc;
        self.dead = source.dead;
        self.exists = source.exists;
        self.row_mask = source.row_mask;
        self.col_mask = source.col_mask;
        self.cols_fired = source.cols_fired;
        self.rows_fired = source.rows_fired;
        self.opposite_fired = source.opposite_fired;
        self.outer_walls = source.outer_walls;
        self.dirty_squares = source.dirty_squares;
        self.dirty_corners = source.dirty_corners;
        self.dirty_words = source.dirty_words;
        self.disc_count = source.disc_count;
    }
}

impl<const CELLS: usize, const WORDS: usize> std::fmt::Debug for Knowledge<CELLS, WORDS> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Knowledge")
            .field("height", &self.height)
            .field("width", &self.width)
            .field("discovered", &self.disc_count)
            .field("dead", &self.dead)
            .field("cols_fired", &self.cols_fired)
            .field("rows_fired", &self.rows_fired)
            .finish_non_exhaustive()
    }
}

/// The referee's knowledge of one player, in absolute coordinates (stride 32, up to 32×32).
pub type RefereeKnowledge = Knowledge<1024, 16>;
/// A bot's knowledge in its start-relative window (stride 64, up to 63×63).
pub type WindowKnowledge = Knowledge<4096, 64>;

impl<const CELLS: usize, const WORDS: usize> Knowledge<CELLS, WORDS> {
    /// For `Game::validate`: the first field of this map (read from outside) that a map of
    /// `fresh`'s frame cannot hold, with its value. The frame (dimensions, stride, span, kind and
    /// reading) must be `fresh`'s; the counters must agree with the sets they count; rows,
    /// columns, squares and edges must lie in the map; nothing may wait for inference (a map at
    /// rest has run it to the end); every known edge must be `truth(cell, dir)` (the referee's
    /// maps hold only what is true of the maze).
    pub(crate) fn foreign_field(
        &self,
        fresh: &Self,
        truth: impl Fn(usize, Dir) -> bool,
    ) -> Option<(&'static str, String)> {
        if let Some(field) = self.frame_field(fresh) {
            return Some(field);
        }
        if self.dirty_words != 0 || !self.dirty_squares.is_empty() || !self.dirty_corners.is_empty()
        {
            return Some(("dirty_words", self.dirty_words.to_string()));
        }
        let (h, w) = (usize::from(self.height), usize::from(self.width));
        let in_map = |cell: usize| self.row(cell) < h && self.col(cell) < w;
        for (name, set) in [
            ("disc", &self.disc),
            ("dead", &self.dead),
            ("exists", &self.exists),
        ] {
            if let Some(cell) = set.iter().find(|&c| !in_map(c)) {
                return Some((name, cell.to_string()));
            }
        }
        for (cell, &e) in self.edges.iter().enumerate() {
            if e == 0 {
                continue;
            }
            if !in_map(cell) {
                return Some(("edges", format!("{e} at cell {cell}")));
            }
            for d in Dir::ALL {
                if let Some(open) = self.edge(cell, d)
                    && open != truth(cell, d)
                {
                    return Some(("edges", format!("{e} at cell {cell}")));
                }
            }
            if e >> 4 & !e & 0x0f != 0 {
                return Some(("edges", format!("{e} at cell {cell}")));
            }
        }
        for (d, &walls) in self.outer_walls.iter().enumerate() {
            let side = if d % 2 == 0 { self.width } else { self.height };
            if walls > side.max(self.height).max(self.width) {
                return Some(("outer_walls", walls.to_string()));
            }
        }
        None
    }

    fn frame_field(&self, fresh: &Self) -> Option<(&'static str, String)> {
        let frame = [
            ("height", self.height, fresh.height),
            ("width", self.width, fresh.width),
            ("shift", self.shift, fresh.shift),
            ("span", self.span, fresh.span),
        ];
        for (name, value, expected) in frame {
            if value != expected {
                return Some((name, value.to_string()));
            }
        }
        if self.frame != fresh.frame {
            return Some(("frame", format!("{:?}", self.frame)));
        }
        if self.reading != fresh.reading {
            return Some(("reading", format!("{:?}", self.reading)));
        }
        if usize::from(self.disc_count) != self.disc.count() {
            return Some(("disc_count", self.disc_count.to_string()));
        }
        let inside = |mask: u64, n: u8| n >= 64 || mask >> n == 0;
        if !inside(self.row_mask, self.height) {
            return Some(("row_mask", self.row_mask.to_string()));
        }
        if !inside(self.col_mask, self.width) {
            return Some(("col_mask", self.col_mask.to_string()));
        }
        None
    }

    pub(crate) fn with_frame(
        height: usize,
        width: usize,
        shift: u32,
        span: usize,
        frame: Frame,
        reading: Reading,
    ) -> Self {
        debug_assert!(height << shift <= CELLS && width <= 1 << shift && CELLS == WORDS * 64);
        Knowledge {
            height: height as u8,
            width: width as u8,
            shift: shift as u8,
            span: span as u8,
            frame,
            reading,
            edges: [0; CELLS],
            disc: Bits::EMPTY,
            dead: Bits::EMPTY,
            exists: Bits::EMPTY,
            row_mask: 0,
            col_mask: 0,
            cols_fired: false,
            rows_fired: false,
            opposite_fired: [false; 4],
            outer_walls: [0; 4],
            dirty_squares: Bits::EMPTY,
            dirty_corners: Bits::EMPTY,
            dirty_words: 0,
            disc_count: 0,
        }
    }

    #[inline]
    fn row(&self, cell: usize) -> usize {
        cell >> self.shift
    }
    #[inline]
    fn col(&self, cell: usize) -> usize {
        cell & ((1 << self.shift) - 1)
    }
    #[inline]
    fn cell(&self, row: usize, col: usize) -> usize {
        (row << self.shift) | col
    }

    /// The neighbouring cell on side `d`, or `None` at the border of the map.
    #[inline]
    pub fn neighbour(&self, cell: usize, d: Dir) -> Option<usize> {
        let (r, c) = (self.row(cell), self.col(cell));
        match d {
            Dir::N if r > 0 => Some(cell - (1 << self.shift)),
            Dir::E if c + 1 < self.width as usize => Some(cell + 1),
            Dir::S if r + 1 < self.height as usize => Some(cell + (1 << self.shift)),
            Dir::W if c > 0 => Some(cell - 1),
            _ => None,
        }
    }

    /// The known state of edge `d` of `cell`: `Some(true)` open, `Some(false)` wall, `None` unknown.
    #[inline]
    pub fn edge(&self, cell: usize, d: Dir) -> Option<bool> {
        let e = self.edges[cell];
        if e & d.bit() == 0 {
            None
        } else {
            Some(e & (d.bit() << 4) != 0)
        }
    }

    /// Whether `cell` is discovered.
    #[inline]
    pub fn is_discovered(&self, cell: usize) -> bool {
        self.disc.get(cell)
    }
    /// Whether `cell` is marked as a dead end.
    #[inline]
    pub fn is_dead_end(&self, cell: usize) -> bool {
        self.dead.get(cell)
    }
    /// Whether `cell` is known to exist: discovered, or an end of a known opening.
    #[inline]
    pub fn exists(&self, cell: usize) -> bool {
        self.exists.get(cell)
    }
    /// Number of discovered squares.
    #[inline]
    pub fn discovered_count(&self) -> usize {
        self.disc_count as usize
    }
    /// Calls `f` with every cell that is discovered or has a known edge, in increasing order:
    /// what a determinizer must carry over (issue 23: it reads 64 cells a word here instead of
    /// asking every cell of the window for its four edges).
    pub(crate) fn for_each_known_cell(&self, mut f: impl FnMut(usize)) {
        // Low nibble of each edge byte: the known edges.
        const KNOWN: u64 = 0x0F0F_0F0F_0F0F_0F0F;
        for (w, cells) in self.edges.chunks_exact(64).enumerate() {
            let mut bits = self.disc.0.get(w).copied().unwrap_or(0);
            for (j, eight) in cells.chunks_exact(8).enumerate() {
                let mut known = u64::from_le_bytes(eight.try_into().unwrap_or([0; 8])) & KNOWN;
                while known != 0 {
                    let byte = known.trailing_zeros() / 8;
                    bits |= 1 << (8 * j as u32 + byte);
                    known &= !(0xFF << (8 * byte));
                }
            }
            while bits != 0 {
                f(64 * w + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }

    /// The discovered squares.
    pub fn discovered(&self) -> &Bits<WORDS> {
        &self.disc
    }
    /// The dead-end squares.
    pub fn dead_ends(&self) -> &Bits<WORDS> {
        &self.dead
    }
    /// Whether the vertical (column rule) and horizontal (row rule) outer edges are known.
    pub fn outer_edges_known(&self) -> (bool, bool) {
        (self.cols_fired, self.rows_fired)
    }
    /// Map height and width.
    pub fn dims(&self) -> (usize, usize) {
        (self.height as usize, self.width as usize)
    }
    /// The cell index of 0-based `row`, `col` in this map.
    pub fn index(&self, row: usize, col: usize) -> usize {
        self.cell(row, col)
    }
    /// Row and column of a cell index.
    pub fn coords(&self, cell: usize) -> (usize, usize) {
        (self.row(cell), self.col(cell))
    }
    /// Which reading of the dead-end rule this map applies.
    pub fn reading(&self) -> Reading {
        self.reading
    }

    #[inline]
    fn mark_exists(&mut self, cell: usize) {
        if self.exists.insert(cell) {
            self.row_mask |= 1 << self.row(cell);
            self.col_mask |= 1 << self.col(cell);
        }
    }

    /// Marks `cell` discovered; calls `on_discover` and returns true if it was not before.
    #[inline]
    pub fn discover(&mut self, cell: usize, on_discover: &mut impl FnMut(usize)) -> bool {
        if self.disc.insert(cell) {
            self.disc_count += 1;
            self.mark_exists(cell);
            on_discover(cell);
            true
        } else {
            false
        }
    }

    #[inline]
    fn dirty_square(&mut self, cell: usize) {
        self.dirty_squares.insert(cell);
        self.dirty_words |= 1 << (cell >> 6);
    }

    #[inline]
    fn dirty_corner(&mut self, row: usize, col: usize) {
        // Corner (row, col) = the top-left corner of square (row, col); interior ones only.
        if row >= 1 && col >= 1 && row < self.height as usize && col < self.width as usize {
            let c = self.cell(row, col);
            self.dirty_corners.insert(c);
            self.dirty_words |= 1 << (c >> 6);
        }
    }

    /// Records edge `d` of `cell` as open or wall. Returns whether it was unknown. A contradiction
    /// with what is already known (only possible with a bogus view) keeps the old fact.
    #[inline]
    pub fn set_edge(&mut self, cell: usize, d: Dir, open: bool) -> bool {
        if self.edges[cell] & d.bit() != 0 {
            return false;
        }
        let bits = d.bit() | if open { d.bit() << 4 } else { 0 };
        self.edges[cell] |= bits;
        self.dirty_square(cell);
        match self.neighbour(cell, d) {
            Some(other) => {
                let b = d.back();
                self.edges[other] |= b.bit() | if open { b.bit() << 4 } else { 0 };
                self.dirty_square(other);
                if open {
                    self.mark_exists(cell);
                    self.mark_exists(other);
                }
                // The edge's two end corners, each named by the square at its bottom right.
                let (r, c) = match d {
                    Dir::N | Dir::W => (self.row(other), self.col(other)),
                    _ => (self.row(cell), self.col(cell)),
                };
                match d {
                    Dir::E | Dir::W => {
                        self.dirty_corner(r, c + 1);
                        self.dirty_corner(r + 1, c + 1);
                    }
                    Dir::N | Dir::S => {
                        self.dirty_corner(r + 1, c);
                        self.dirty_corner(r + 1, c + 1);
                    }
                }
            }
            None => {
                if open {
                    self.mark_exists(cell);
                } else {
                    self.outer_walls[d.index()] += 1;
                }
            }
        }
        true
    }

    /// Applies one view line seen from `cell` in absolute map direction `d` (rules doc §5):
    /// the edges passed are open, each corridor square is discovered with its side edges known,
    /// the squares behind open side edges are discovered, and the final edge is a wall.
    pub fn apply_line(
        &mut self,
        cell: usize,
        d: Dir,
        line: &Line,
        on_discover: &mut impl FnMut(usize),
    ) -> Result<(), ViewError> {
        let mut x = cell;
        let (l, r) = (d.left(), d.right());
        for &ch in line.squares() {
            self.set_edge(x, d, true);
            x = self.neighbour(x, d).ok_or(ViewError::OffMap(d.index()))?;
            self.discover(x, on_discover);
            let ol = ch == b'B' || ch == b'L';
            let or = ch == b'B' || ch == b'R';
            self.set_edge(x, l, ol);
            if ol {
                let s = self.neighbour(x, l).ok_or(ViewError::OffMap(d.index()))?;
                self.discover(s, on_discover);
            }
            self.set_edge(x, r, or);
            if or {
                let s = self.neighbour(x, r).ok_or(ViewError::OffMap(d.index()))?;
                self.discover(s, on_discover);
            }
        }
        self.set_edge(x, d, false);
        Ok(())
    }

    /// Applies a whole view seen from `cell` facing map direction `facing`: the player's own
    /// square is discovered, then the four lines (ahead, right, behind, left). No inference.
    pub fn apply_view(
        &mut self,
        cell: usize,
        facing: Dir,
        view: &View,
        on_discover: &mut impl FnMut(usize),
    ) -> Result<(), ViewError> {
        self.discover(cell, on_discover);
        for (k, line) in view.lines.iter().enumerate() {
            let d = Dir::from_index(facing.index() + k);
            self.apply_line(cell, d, line, on_discover)?;
        }
        Ok(())
    }

    /// The dead-end rule on one square (R-de): returns true if it fired.
    #[inline]
    fn dead_end_rule(&mut self, x: usize, on_discover: &mut impl FnMut(usize)) -> bool {
        if self.dead.get(x) || (self.reading == Reading::Literal && self.disc.get(x)) {
            return false;
        }
        let e = self.edges[x];
        let known = e & 15;
        if known.count_ones() < 3 {
            return false;
        }
        let mut n = (known & !(e >> 4)).count_ones();
        let mut opens = known & (e >> 4);
        while opens != 0 {
            let d = Dir::from_index(opens.trailing_zeros() as usize);
            opens &= opens - 1;
            if let Some(y) = self.neighbour(x, d)
                && self.dead.get(y)
            {
                n += 1;
            }
        }
        if n < 3 {
            return false;
        }
        self.discover(x, on_discover);
        self.dead.insert(x);
        for d in Dir::ALL {
            if e & d.bit() == 0 {
                self.set_edge(x, d, true);
            }
            if let Some(y) = self.neighbour(x, d) {
                self.dirty_square(y);
            }
        }
        true
    }

    /// The corner rule (R-corner) at the corner above-left of square `corner`: three known
    /// openings make the fourth edge a wall. Returns true if it fired.
    #[inline]
    fn corner_rule(&mut self, corner: usize) -> bool {
        let step = 1usize << self.shift;
        let d = corner;
        let a = corner - step - 1;
        let b = corner - step;
        let c = corner - 1;
        // The four inner edges of the block a b / c d.
        let edges = [(a, Dir::E), (c, Dir::E), (a, Dir::S), (b, Dir::S)];
        let _ = d;
        let mut open = 0;
        let mut unknown = None;
        for (i, &(cell, dir)) in edges.iter().enumerate() {
            match self.edge(cell, dir) {
                Some(true) => open += 1,
                Some(false) => return false,
                None => {
                    if unknown.is_some() {
                        return false;
                    }
                    unknown = Some(i);
                }
            }
        }
        match unknown {
            Some(i) if open == 3 => {
                let (cell, dir) = edges[i];
                self.set_edge(cell, dir, false)
            }
            _ => false,
        }
    }

    /// The column, row and opposing-edge rules; returns true if any fired.
    fn outer_rules(&mut self, row_mask: u64, col_mask: u64) -> bool {
        let mut fired = false;
        let span = self.span as u32;
        if !self.cols_fired && col_mask.count_ones() >= span {
            self.cols_fired = true;
            fired = true;
            let (lo, hi) = mask_ends(col_mask);
            for r in 0..self.height as usize {
                let (w, e) = (self.cell(r, lo), self.cell(r, hi));
                self.set_edge(w, Dir::W, false);
                self.set_edge(e, Dir::E, false);
            }
        }
        if !self.rows_fired && row_mask.count_ones() >= span {
            self.rows_fired = true;
            fired = true;
            let (lo, hi) = mask_ends(row_mask);
            for c in 0..self.width as usize {
                let (n, s) = (self.cell(lo, c), self.cell(hi, c));
                self.set_edge(n, Dir::N, false);
                self.set_edge(s, Dir::S, false);
            }
        }
        if self.frame == Frame::Absolute {
            for d in Dir::ALL {
                let side_len = match d {
                    Dir::N | Dir::S => self.width,
                    _ => self.height,
                };
                if !self.opposite_fired[d.index()] && self.outer_walls[d.index()] >= side_len {
                    self.opposite_fired[d.index()] = true;
                    let o = d.back();
                    for i in 0..side_len as usize {
                        let cell = match o {
                            Dir::N => self.cell(0, i),
                            Dir::S => self.cell(self.height as usize - 1, i),
                            Dir::W => self.cell(i, 0),
                            Dir::E => self.cell(i, self.width as usize - 1),
                        };
                        fired |= self.set_edge(cell, o, false);
                    }
                }
            }
        }
        fired
    }

    /// Runs every inference rule until nothing new follows, re-examining only the squares and
    /// corners touched since the last call. Calls `on_discover` for every square it discovers.
    pub fn infer(&mut self, on_discover: &mut impl FnMut(usize)) {
        loop {
            while self.dirty_words != 0 {
                let w = self.dirty_words.trailing_zeros() as usize;
                self.dirty_words &= self.dirty_words - 1;
                // Rules fired here may dirty this word again; its bit is then set again.
                while self.dirty_squares.0[w] | self.dirty_corners.0[w] != 0 {
                    while self.dirty_squares.0[w] != 0 {
                        let b = self.dirty_squares.0[w].trailing_zeros() as usize;
                        self.dirty_squares.0[w] &= self.dirty_squares.0[w] - 1;
                        self.dead_end_rule(w * 64 + b, on_discover);
                    }
                    while self.dirty_corners.0[w] != 0 {
                        let b = self.dirty_corners.0[w].trailing_zeros() as usize;
                        self.dirty_corners.0[w] &= self.dirty_corners.0[w] - 1;
                        self.corner_rule(w * 64 + b);
                    }
                }
            }
            if !self.outer_rules(self.row_mask, self.col_mask) {
                break;
            }
        }
    }

    /// The same fixpoint computed the straightforward way (rules doc §8.3): sweep every square
    /// and every corner, recompute the known rows and columns from scratch, and repeat until a
    /// sweep changes nothing. Slow; the oracle for [`Knowledge::infer`].
    pub fn infer_from_scratch(&mut self, on_discover: &mut impl FnMut(usize)) {
        let (h, w) = (self.height as usize, self.width as usize);
        loop {
            let mut changed = false;
            for r in 0..h {
                for c in 0..w {
                    let x = self.cell(r, c);
                    changed |= self.dead_end_rule(x, on_discover);
                }
            }
            for r in 1..h {
                for c in 1..w {
                    let x = self.cell(r, c);
                    changed |= self.corner_rule(x);
                }
            }
            // The exists set, rebuilt from the facts.
            let (mut rows, mut cols) = (0u64, 0u64);
            for r in 0..h {
                for c in 0..w {
                    let x = self.cell(r, c);
                    let open_edge = Dir::ALL.iter().any(|&d| self.edge(x, d) == Some(true));
                    if self.disc.get(x) || open_edge {
                        rows |= 1 << r;
                        cols |= 1 << c;
                    }
                }
            }
            changed |= self.outer_rules(rows, cols);
            if !changed {
                break;
            }
        }
        self.dirty_squares = Bits::EMPTY;
        self.dirty_corners = Bits::EMPTY;
        self.dirty_words = 0;
    }
}

/// Lowest and highest set bit.
fn mask_ends(mask: u64) -> (usize, usize) {
    (
        mask.trailing_zeros() as usize,
        63 - mask.leading_zeros() as usize,
    )
}

impl RefereeKnowledge {
    /// An empty map of the referee's absolute grid of side `size` (2..=32).
    pub fn new(size: usize, reading: Reading) -> Self {
        Knowledge::with_frame(size, size, 5, size, Frame::Absolute, reading)
    }

    /// The known state of edge `d` of `square`.
    pub fn edge_at(&self, square: Square, d: Dir) -> Option<bool> {
        self.edge(square.index(), d)
    }

    /// Whether `square` is discovered.
    pub fn knows(&self, square: Square) -> bool {
        self.is_discovered(square.index())
    }
}
