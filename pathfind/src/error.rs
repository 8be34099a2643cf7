//! The one error type of the crate: every rejected input says what was wrong and where.

/// Why a grid, a graph or a query was rejected.
///
/// Every variant carries the rejected value, so a caller can report it without re-deriving it.
///
/// ```
/// use pathfind::{Error, Grid};
///
/// let err = Grid::from_text("..#\n.#\n").unwrap_err();
/// assert_eq!(err, Error::RaggedRow { line: 2, found: 2, expected: 3 });
/// assert_eq!(err.to_string(), "ragged grid text: line 2 has 2 cells, expected 3");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Error {
    /// A grid must have at least one row and one column.
    #[error("empty grid: {width}x{height}")]
    EmptyGrid {
        /// The requested width.
        width: usize,
        /// The requested height.
        height: usize,
    },
    /// The grid is too large: each side must be at most [`Grid::MAX_SIDE`](crate::Grid::MAX_SIDE)
    /// cells and the grid with its border at most [`Grid::MAX_SLOTS`](crate::Grid::MAX_SLOTS).
    #[error(
        "grid too large: {width}x{height} (at most 65534 a side, 2^31 - 1 cells with the border)"
    )]
    GridTooLarge {
        /// The requested width.
        width: usize,
        /// The requested height.
        height: usize,
    },
    /// A row of a text grid has a different length from the first row.
    #[error("ragged grid text: line {line} has {found} cells, expected {expected}")]
    RaggedRow {
        /// The 1-based line number of the offending row.
        line: usize,
        /// The number of cells on that line.
        found: usize,
        /// The number of cells on the first line.
        expected: usize,
    },
    /// A text grid holds a character the cell classifier does not know.
    #[error("unknown grid character {ch:?} at line {line}, column {column}")]
    UnknownCell {
        /// The rejected character.
        ch: char,
        /// The 1-based line number.
        line: usize,
        /// The 1-based column (in characters).
        column: usize,
    },
    /// A byte-slice grid does not hold exactly `width * height` bytes.
    #[error("grid bytes: a {width}x{height} grid needs {expected} bytes, got {found}")]
    ByteCount {
        /// The requested width.
        width: usize,
        /// The requested height.
        height: usize,
        /// `width * height`.
        expected: usize,
        /// The length of the slice.
        found: usize,
    },
    /// A grid coordinate lies outside the grid.
    #[error("cell ({x}, {y}) is outside the {width}x{height} grid")]
    OutsideGrid {
        /// The rejected column.
        x: usize,
        /// The rejected row.
        y: usize,
        /// The grid's width.
        width: usize,
        /// The grid's height.
        height: usize,
    },
    /// A node id names no node of the space (for a grid: a padding slot or beyond the end).
    #[error("node {node} is not a node of this space")]
    NotANode {
        /// The rejected node id.
        node: u32,
    },
    /// A graph has more nodes than the crate can index.
    #[error("graph too large: {nodes} nodes (at most {max})")]
    GraphTooLarge {
        /// The requested node count.
        nodes: usize,
        /// The largest supported count.
        max: usize,
    },
    /// A graph edge names a node outside `0..nodes`.
    #[error("edge {index} ({from} -> {to}) leaves the graph of {nodes} nodes")]
    EdgeOutOfRange {
        /// The position of the edge in the input (for adjacency lists: the edge's rank
        /// over all lists).
        index: usize,
        /// The edge's tail.
        from: u32,
        /// The edge's head.
        to: u32,
        /// The graph's node count.
        nodes: usize,
    },
    /// A neighbour order must name each of the four directions exactly once.
    #[error("neighbour order {order:?} does not name each direction exactly once")]
    BadNeighbourOrder {
        /// The rejected order.
        order: [crate::Dir; 4],
    },
    /// A point-of-interest index is beyond the table.
    #[error("point {index} is beyond the table of {len} points")]
    NoSuchPoint {
        /// The rejected index.
        index: usize,
        /// The number of points in the table.
        len: usize,
    },
}
