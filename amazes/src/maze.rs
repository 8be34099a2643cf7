//! The maze: squares, directions, walls on square edges, the validity rules and the start poses.

use std::fmt;

/// The largest maze side this crate supports (squares are indexed with a fixed stride of 32).
pub const MAX_SIZE: usize = 32;
/// The side of the official CodeCup 2010 maze.
pub const DEFAULT_SIZE: usize = 25;
/// The longest maze file [`MazeFile::parse`] reads, in bytes: a 32×32 body is 65 lines of 65
/// characters (4,290 bytes with `\n`, 4,355 with `\r\n`) plus the header; the rest is room for
/// trailing blank lines.
pub const MAX_MAZE_TEXT: usize = 8 * 1024;
/// How much of a rejected line an error message quotes, in characters.
pub(crate) const QUOTE_LIMIT: usize = 80;

/// `text` for an error message: at most [`QUOTE_LIMIT`] characters, `…` marking a cut.
pub(crate) fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTE_LIMIT) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}
/// Number of square slots: a fixed stride of [`MAX_SIZE`], whatever the maze size.
pub(crate) const CELLS: usize = MAX_SIZE * MAX_SIZE;

/// An absolute direction. North is up (towards row 0), the order is clockwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Dir {
    /// Up, towards row 0.
    #[default]
    N = 0,
    /// Right, towards the last column.
    E = 1,
    /// Down, towards the last row.
    S = 2,
    /// Left, towards column 0.
    W = 3,
}

impl Dir {
    /// The four directions in clockwise order starting at North.
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// The direction with index `i % 4` (N=0, E=1, S=2, W=3).
    pub const fn from_index(i: usize) -> Dir {
        Dir::ALL[i % 4]
    }
    /// N=0, E=1, S=2, W=3.
    pub const fn index(self) -> usize {
        self as usize
    }
    /// A quarter turn clockwise.
    pub const fn right(self) -> Dir {
        Dir::from_index(self as usize + 1)
    }
    /// The opposite direction.
    pub const fn back(self) -> Dir {
        Dir::from_index(self as usize + 2)
    }
    /// A quarter turn anticlockwise.
    pub const fn left(self) -> Dir {
        Dir::from_index(self as usize + 3)
    }
    /// Row and column change of one step.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (-1, 0),
            Dir::E => (0, 1),
            Dir::S => (1, 0),
            Dir::W => (0, -1),
        }
    }
    /// The letter `N`, `E`, `S` or `W`.
    pub const fn letter(self) -> char {
        match self {
            Dir::N => 'N',
            Dir::E => 'E',
            Dir::S => 'S',
            Dir::W => 'W',
        }
    }
    /// Reads `N`, `E`, `S` or `W`.
    pub const fn from_letter(c: char) -> Option<Dir> {
        match c {
            'N' => Some(Dir::N),
            'E' => Some(Dir::E),
            'S' => Some(Dir::S),
            'W' => Some(Dir::W),
            _ => None,
        }
    }
    /// The bit of this direction in a 4-bit edge mask.
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A square, by row (0 = top) and column (0 = left), packed with a fixed stride of [`MAX_SIZE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Square(u16);

impl Square {
    /// The square at 0-based `row`, `col` (each below [`MAX_SIZE`]).
    pub const fn new(row: usize, col: usize) -> Square {
        debug_assert!(row < MAX_SIZE && col < MAX_SIZE);
        Square((row * MAX_SIZE + col) as u16)
    }
    /// 0-based row.
    pub const fn row(self) -> usize {
        self.0 as usize / MAX_SIZE
    }
    /// 0-based column.
    pub const fn col(self) -> usize {
        self.0 as usize % MAX_SIZE
    }
    /// The packed index `row * 32 + col`, for tables.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The square with a packed index (the inverse of [`Square::index`]).
    pub const fn from_index(index: usize) -> Square {
        Square(index as u16)
    }
    /// Squared Euclidean distance, the number the view's fifth line carries.
    pub fn distance2(self, other: Square) -> u32 {
        let dr = self.row() as i32 - other.row() as i32;
        let dc = self.col() as i32 - other.col() as i32;
        (dr * dr + dc * dc) as u32
    }
}

impl fmt::Display for Square {
    /// 1-based `row,col`, as the rules and the maze files count.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row() + 1, self.col() + 1)
    }
}

/// Where a player stands and which way it faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pose {
    /// The square.
    pub square: Square,
    /// The heading.
    pub facing: Dir,
}

impl Pose {
    /// A pose.
    pub const fn new(square: Square, facing: Dir) -> Pose {
        Pose { square, facing }
    }
}

/// A malformed or invalid maze.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MazeError {
    /// The size is outside `2..=32`.
    #[error("maze size {0} is outside 2..=32")]
    Size(usize),
    /// A line of the text has the wrong length or a character that does not belong there.
    #[error("maze text line {line}: {reason}")]
    Format {
        /// 1-based line number in the text (the header line counts).
        line: usize,
        /// What is wrong, quoting the rejected text.
        reason: String,
    },
    /// The text has a number of lines that is not `2 * size + 1` (plus an optional header).
    #[error("maze text has {0} body lines; expected an odd number 5..=65")]
    LineCount(usize),
    /// An outer edge is open.
    #[error("outer edge {dir:?} of square {square} is open")]
    OpenOuterEdge {
        /// The square on the edge.
        square: Square,
        /// The side that is open.
        dir: Dir,
    },
    /// Not every square can be reached.
    #[error("square {0} cannot be reached from (1,1)")]
    Disconnected(Square),
    /// The four edges that meet at a grid corner are all open (a fully open 2×2 block).
    #[error("the corner at the bottom right of square {0} touches no wall")]
    OpenCorner(Square),
    /// A start pose is outside the maze or has a wall behind it.
    #[error("start {pose:?}: {reason}")]
    BadStart {
        /// The rejected pose.
        pose: Pose,
        /// Why.
        reason: &'static str,
    },
    /// The start squares are closer than the minimum distance.
    #[error("start squares at squared distance {0}, below the minimum {1}")]
    StartsTooClose(u32, u32),
    /// The text is longer than [`MAX_MAZE_TEXT`] bytes (checked before anything is read).
    #[error("maze text of {bytes} bytes, more than the limit {limit}")]
    TooLong {
        /// The text's length.
        bytes: usize,
        /// [`MAX_MAZE_TEXT`].
        limit: usize,
    },
    /// No pair of start poses satisfies the rules in this maze.
    #[error("no start poses at squared distance >= {0} exist in this maze")]
    NoStarts(u32),
}

/// The walls of a square maze of side 2..=32 (25 in the contest). Every edge of a square is a wall
/// or an opening; the outer edges are always walls.
#[derive(Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "String", try_from = "String"))]
pub struct Maze {
    size: u8,
    /// Per square slot: the directions with an opening (bit `Dir::bit`).
    open: [u8; CELLS],
}

impl fmt::Debug for Maze {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Maze {{ size: {}, text:\n{}}}",
            self.size,
            self.to_text()
        )
    }
}

impl From<Maze> for String {
    fn from(maze: Maze) -> String {
        maze.to_text()
    }
}

impl TryFrom<String> for Maze {
    type Error = MazeError;
    fn try_from(text: String) -> Result<Maze, MazeError> {
        Ok(MazeFile::parse(&text)?.maze)
    }
}

/// Counts that describe the shape of a maze (rules doc §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MazeStats {
    /// Open interior edges.
    pub openings: usize,
    /// Independent loops: openings beyond a spanning tree (`openings - squares + 1`).
    pub loops: usize,
    /// Squares by number of openings (index 0..=4); index 1 counts dead ends.
    pub degrees: [usize; 5],
    /// The longest straight run of squares joined by openings, in a row or a column.
    pub longest_corridor: usize,
}

impl Maze {
    /// A maze of side `size` with every edge a wall (a starting point for building one by hand).
    pub fn closed(size: usize) -> Result<Maze, MazeError> {
        if !(2..=MAX_SIZE).contains(&size) {
            return Err(MazeError::Size(size));
        }
        Ok(Maze {
            size: size as u8,
            open: [0; CELLS],
        })
    }

    /// The side length.
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// Whether `square` lies inside the maze.
    pub fn contains(&self, square: Square) -> bool {
        square.row() < self.size() && square.col() < self.size()
    }

    /// Every square, row by row.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        let n = self.size();
        (0..n).flat_map(move |r| (0..n).map(move |c| Square::new(r, c)))
    }

    /// Whether the edge on side `dir` of `square` is open.
    #[inline]
    pub fn is_open(&self, square: Square, dir: Dir) -> bool {
        self.open[square.index()] & dir.bit() != 0
    }

    /// The open sides of `square` as a 4-bit mask (bit `Dir::bit`).
    #[inline]
    pub fn open_mask(&self, square: Square) -> u8 {
        self.open[square.index()]
    }

    /// The neighbouring square on side `dir`, or `None` across the outer edge.
    #[inline]
    pub fn neighbour(&self, square: Square, dir: Dir) -> Option<Square> {
        let n = self.size();
        let (r, c) = (square.row(), square.col());
        match dir {
            Dir::N if r > 0 => Some(Square::new(r - 1, c)),
            Dir::E if c + 1 < n => Some(Square::new(r, c + 1)),
            Dir::S if r + 1 < n => Some(Square::new(r + 1, c)),
            Dir::W if c > 0 => Some(Square::new(r, c - 1)),
            _ => None,
        }
    }

    /// [`set_open`](Maze::set_open) for an edge known to be interior, with `other` the square
    /// across it: no checks (the maze generators call it about 800 times a maze; issue 23).
    #[inline]
    pub(crate) fn set_interior(&mut self, square: Square, dir: Dir, other: Square, open: bool) {
        debug_assert_eq!(self.neighbour(square, dir), Some(other));
        if open {
            self.open[square.index()] |= dir.bit();
            self.open[other.index()] |= dir.back().bit();
        } else {
            self.open[square.index()] &= !dir.bit();
            self.open[other.index()] &= !dir.back().bit();
        }
    }

    /// Opens or closes the edge on side `dir` of `square` (both of its sides). Outer edges stay
    /// walls: opening one is an error that names it.
    pub fn set_open(&mut self, square: Square, dir: Dir, open: bool) -> Result<(), MazeError> {
        if !self.contains(square) {
            return Err(MazeError::BadStart {
                pose: Pose::new(square, dir),
                reason: "square outside the maze",
            });
        }
        let Some(other) = self.neighbour(square, dir) else {
            if open {
                return Err(MazeError::OpenOuterEdge { square, dir });
            }
            return Ok(());
        };
        if open {
            self.open[square.index()] |= dir.bit();
            self.open[other.index()] |= dir.back().bit();
        } else {
            self.open[square.index()] &= !dir.bit();
            self.open[other.index()] &= !dir.back().bit();
        }
        Ok(())
    }

    /// Checks the rules' maze properties (seeds L27-32): outer edges are walls, every square is
    /// reachable, and every interior grid corner touches a wall.
    pub fn validate(&self) -> Result<(), MazeError> {
        let n = self.size();
        for sq in self.squares() {
            for d in Dir::ALL {
                if self.neighbour(sq, d).is_none() && self.is_open(sq, d) {
                    return Err(MazeError::OpenOuterEdge { square: sq, dir: d });
                }
            }
        }
        for r in 0..n - 1 {
            for c in 0..n - 1 {
                let a = Square::new(r, c);
                let d = Square::new(r + 1, c + 1);
                if self.is_open(a, Dir::E)
                    && self.is_open(a, Dir::S)
                    && self.is_open(d, Dir::N)
                    && self.is_open(d, Dir::W)
                {
                    return Err(MazeError::OpenCorner(a));
                }
            }
        }
        let mut seen = [false; CELLS];
        let mut stack = Vec::with_capacity(n * n);
        seen[0] = true;
        stack.push(Square::new(0, 0));
        while let Some(sq) = stack.pop() {
            for d in Dir::ALL {
                if self.is_open(sq, d)
                    && let Some(nb) = self.neighbour(sq, d)
                    && !seen[nb.index()]
                {
                    seen[nb.index()] = true;
                    stack.push(nb);
                }
            }
        }
        match self.squares().find(|sq| !seen[sq.index()]) {
            Some(sq) => Err(MazeError::Disconnected(sq)),
            None => Ok(()),
        }
    }

    /// Checks a pair of start poses: inside the maze, the square behind each open (seeds L44),
    /// and squared distance at least `min_distance2` (288 in the contest, seeds L38-42).
    pub fn validate_starts(&self, starts: &[Pose; 2], min_distance2: u32) -> Result<(), MazeError> {
        for pose in starts {
            if !self.contains(pose.square) {
                return Err(MazeError::BadStart {
                    pose: *pose,
                    reason: "square outside the maze",
                });
            }
            if !self.is_open(pose.square, pose.facing.back()) {
                return Err(MazeError::BadStart {
                    pose: *pose,
                    reason: "wall behind the player",
                });
            }
        }
        let d2 = starts[0].square.distance2(starts[1].square);
        if d2 < min_distance2 || starts[0].square == starts[1].square {
            return Err(MazeError::StartsTooClose(d2, min_distance2));
        }
        Ok(())
    }

    /// Shape statistics (openings, loops, degree counts, longest corridor).
    pub fn stats(&self) -> MazeStats {
        let n = self.size();
        let mut stats = MazeStats::default();
        for sq in self.squares() {
            let deg = self.open_mask(sq).count_ones() as usize;
            stats.degrees[deg] += 1;
            stats.openings += deg;
        }
        stats.openings /= 2;
        stats.loops = (stats.openings + 1).saturating_sub(n * n);
        let mut longest = 1;
        for i in 0..n {
            let (mut run_r, mut run_c) = (1, 1);
            for j in 0..n - 1 {
                run_r = if self.is_open(Square::new(i, j), Dir::E) {
                    run_r + 1
                } else {
                    1
                };
                run_c = if self.is_open(Square::new(j, i), Dir::S) {
                    run_c + 1
                } else {
                    1
                };
                longest = longest.max(run_r).max(run_c);
            }
        }
        stats.longest_corridor = longest;
        stats
    }

    /// The 51-line body text of the sample files (`2 * size + 1` lines, `\n` after each).
    pub fn to_text(&self) -> String {
        let n = self.size();
        let mut out = String::with_capacity((2 * n + 2) * (2 * n + 1));
        for r in 0..=n {
            out.push('+');
            for c in 0..n {
                let wall = r == 0 || !self.is_open(Square::new(r - 1, c), Dir::S);
                out.push(if wall { '-' } else { ' ' });
                out.push('+');
            }
            out.push('\n');
            if r == n {
                break;
            }
            for c in 0..=n {
                let wall = c == n || !self.is_open(Square::new(r, c), Dir::W);
                out.push(if wall { '|' } else { ' ' });
                if c < n {
                    out.push(' ');
                }
            }
            out.push('\n');
        }
        out
    }

    /// Parses a body of `2n + 1` lines (see [`MazeFile::parse`] for the optional header). The
    /// maze is not validated: call [`Maze::validate`].
    pub fn parse_body(lines: &[&str], first_line: usize) -> Result<Maze, MazeError> {
        let count = lines.len();
        if count.is_multiple_of(2) || !(5..=2 * MAX_SIZE + 1).contains(&count) {
            return Err(MazeError::LineCount(count));
        }
        let n = (count - 1) / 2;
        let mut maze = Maze::closed(n)?;
        let width = 2 * n + 1;
        for (i, line) in lines.iter().enumerate() {
            let bad = |reason: String| MazeError::Format {
                line: first_line + i,
                reason,
            };
            let bytes = line.as_bytes();
            if bytes.len() != width {
                return Err(bad(format!(
                    "{} characters, expected {width}: {:?}",
                    bytes.len(),
                    quote(line)
                )));
            }
            for (j, &b) in bytes.iter().enumerate() {
                let expected: &[u8] = match (i % 2, j % 2) {
                    (0, 0) => b"+",
                    (0, _) => b"- ",
                    (_, 0) => b"| ",
                    _ => b" ",
                };
                if !expected.contains(&b) {
                    return Err(bad(format!(
                        "character {:?} at column {} (expected one of {:?})",
                        b as char,
                        j + 1,
                        String::from_utf8_lossy(expected)
                    )));
                }
                if b != b' ' || (i % 2 == 1 && j % 2 == 1) {
                    continue;
                }
                // An opening: a space on an edge position.
                let (r, c) = (i / 2, j / 2);
                let (square, dir) = if i % 2 == 0 {
                    if r == 0 || r == n {
                        return Err(bad(format!("outer edge open at column {}", j + 1)));
                    }
                    (Square::new(r, c), Dir::N)
                } else {
                    if c == 0 || c == n {
                        return Err(bad(format!("outer edge open at column {}", j + 1)));
                    }
                    (Square::new(r, c), Dir::W)
                };
                maze.set_open(square, dir, true)?;
            }
        }
        Ok(maze)
    }
}

impl fmt::Display for Maze {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// A maze file: the body, optionally preceded by our start header line.
///
/// The official files began with two lines (Red's and Blue's start: 1-based row, column,
/// orientation) whose exact syntax is lost (rules doc A10). This crate writes and reads one header
/// line of its own instead:
///
/// ```text
/// start 2 20 W 24 3 N
/// ```
///
/// the word `start`, then Red's 1-based row, column and facing letter (`N`, `E`, `S`, `W`), then
/// Blue's. A file without the line (like the published sample mazes) is a body only; the referee
/// then draws the starts itself.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MazeFile {
    /// The walls.
    pub maze: Maze,
    /// Red's and Blue's start poses, when the file has the header line.
    pub starts: Option<[Pose; 2]>,
}

impl MazeFile {
    /// Parses a maze file (header line optional, `\n` or `\r\n` line ends, trailing empty lines
    /// ignored). Checks the format only; call [`Maze::validate`] for the maze rules.
    ///
    /// Texts longer than [`MAX_MAZE_TEXT`] bytes are rejected before any line is read.
    pub fn parse(text: &str) -> Result<MazeFile, MazeError> {
        if text.len() > MAX_MAZE_TEXT {
            return Err(MazeError::TooLong {
                bytes: text.len(),
                limit: MAX_MAZE_TEXT,
            });
        }
        let mut lines: Vec<&str> = text
            .split('\n')
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .collect();
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        let (starts, body, first) = match lines.first() {
            Some(head) if head.starts_with("start") => (Some(parse_header(head)?), &lines[1..], 2),
            _ => (None, &lines[..], 1),
        };
        let maze = Maze::parse_body(body, first)?;
        if let Some(starts) = &starts {
            for pose in starts {
                if !maze.contains(pose.square) {
                    return Err(MazeError::BadStart {
                        pose: *pose,
                        reason: "square outside the maze",
                    });
                }
            }
        }
        Ok(MazeFile { maze, starts })
    }

    /// Writes the file: the header line when there are starts, then the body.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        if let Some([red, blue]) = &self.starts {
            out.push_str(&format!(
                "start {} {} {} {} {} {}\n",
                red.square.row() + 1,
                red.square.col() + 1,
                red.facing.letter(),
                blue.square.row() + 1,
                blue.square.col() + 1,
                blue.facing.letter()
            ));
        }
        out.push_str(&self.maze.to_text());
        out
    }
}

fn parse_header(line: &str) -> Result<[Pose; 2], MazeError> {
    let bad = |reason: String| MazeError::Format { line: 1, reason };
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.len() != 7 || words[0] != "start" {
        return Err(bad(format!(
            "header {:?} is not `start ROW COL FACING ROW COL FACING`",
            quote(line)
        )));
    }
    let mut poses = [Pose::new(Square::new(0, 0), Dir::N); 2];
    for (k, pose) in poses.iter_mut().enumerate() {
        let w = &words[1 + 3 * k..4 + 3 * k];
        let num = |s: &str| -> Result<usize, MazeError> {
            match s.parse::<usize>() {
                Ok(v) if (1..=MAX_SIZE).contains(&v) => Ok(v - 1),
                _ => Err(bad(format!(
                    "header: {:?} is not a row/column in 1..=32",
                    quote(s)
                ))),
            }
        };
        let facing = match w[2].chars().collect::<Vec<_>>()[..] {
            [c] => Dir::from_letter(c),
            _ => None,
        }
        .ok_or_else(|| bad(format!("header: {:?} is not a facing N/E/S/W", quote(w[2]))))?;
        *pose = Pose::new(Square::new(num(w[0])?, num(w[1])?), facing);
    }
    Ok(poses)
}
