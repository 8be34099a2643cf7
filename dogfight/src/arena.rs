//! The arena: a walled cube of `size³` cells, and the start positions.

use std::fmt;

use crate::Direction;

/// A cell `(x, y, z)`. Inside the arena each coordinate is in `0..size`; a plane that died at the
/// wall keeps its out-of-arena cell (for example `(14, 5, 5)` or `(−1, −1, −1)`), as the original
/// does.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pos {
    /// The N/S coordinate (N is towards 0).
    pub x: i8,
    /// The W/E coordinate (W is towards 0).
    pub y: i8,
    /// The D/U coordinate (D is towards 0).
    pub z: i8,
}

impl Pos {
    /// The cell `(x, y, z)`.
    pub const fn new(x: i8, y: i8, z: i8) -> Pos {
        Pos { x, y, z }
    }

    /// The cell one step away in `direction`.
    #[inline]
    pub const fn step(self, direction: Direction) -> Pos {
        self.offset(direction, 1)
    }

    /// The cell `distance` steps away in `direction`. Arithmetic wraps instead of overflowing, so a
    /// hand-built far-out position never panics (it simply stays outside the arena).
    #[inline]
    pub const fn offset(self, direction: Direction, distance: i8) -> Pos {
        let [dx, dy, dz] = direction.vector();
        Pos {
            x: self.x.wrapping_add(dx.wrapping_mul(distance)),
            y: self.y.wrapping_add(dy.wrapping_mul(distance)),
            z: self.z.wrapping_add(dz.wrapping_mul(distance)),
        }
    }

    /// The cell as one number, for fast equality tests (distinct cells, distinct keys).
    #[inline]
    pub const fn key(self) -> u32 {
        (self.x as u8 as u32) | (self.y as u8 as u32) << 8 | (self.z as u8 as u32) << 16
    }

    /// The coordinates as an array `[x, y, z]`.
    pub const fn to_array(self) -> [i8; 3] {
        [self.x, self.y, self.z]
    }
}

impl fmt::Debug for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {}, {})", self.x, self.y, self.z)
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.x, self.y, self.z)
    }
}

/// An arena size that [`Arena::new`] rejects.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("arena size {size} is outside {min}..={max}", min = Arena::MIN_SIZE, max = Arena::MAX_SIZE)]
pub struct ArenaError {
    /// The rejected size.
    pub size: u32,
}

/// The immutable geometry: a cube of `size × size × size` cells with deadly walls.
///
/// The original's `ARENA_SIZE` is 14 (`C:8`); any size from 4 (the smallest where the start
/// positions `size/2 − 2` exist) to 100 works.
///
/// ```
/// use dogfight::{Arena, Direction, Pos};
///
/// let arena = Arena::default();
/// assert_eq!(arena.size(), 14);
/// assert!(arena.contains(Pos::new(13, 0, 13)));
/// assert!(!arena.contains(Pos::new(14, 0, 0)));
/// // Cells left before the wall, in the original's getDistanceFromWall sense.
/// assert_eq!(arena.wall_distance(Pos::new(3, 5, 0), Direction::S), 10);
/// # Ok::<(), dogfight::ArenaError>(())
/// ```
///
/// With the `serde` feature an arena is written as its size, and reading validates it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "u32", into = "u32")
)]
pub struct Arena {
    size: i8,
}

impl Default for Arena {
    /// The original 14³ arena.
    fn default() -> Arena {
        Arena {
            size: Arena::STANDARD_SIZE as i8,
        }
    }
}

impl Arena {
    /// The original's `ARENA_SIZE` (`C:8`).
    pub const STANDARD_SIZE: u32 = 14;
    /// The smallest size: the start positions use `size/2 − 2`.
    pub const MIN_SIZE: u32 = 4;
    /// The largest size this crate supports (coordinates are stored in an `i8`).
    pub const MAX_SIZE: u32 = 100;

    /// An arena of `size³` cells.
    pub fn new(size: u32) -> Result<Arena, ArenaError> {
        if (Arena::MIN_SIZE..=Arena::MAX_SIZE).contains(&size) {
            Ok(Arena { size: size as i8 })
        } else {
            Err(ArenaError { size })
        }
    }

    /// The edge length in cells.
    pub const fn size(&self) -> u32 {
        self.size as u32
    }

    /// Whether `pos` is inside (`Point3D.inArena`, `PT:28-30`: `0 ≤ x, y, z < size`).
    #[inline]
    pub const fn contains(&self, pos: Pos) -> bool {
        (pos.x as u8) < self.size as u8
            && (pos.y as u8) < self.size as u8
            && (pos.z as u8) < self.size as u8
    }

    /// Cells between `pos` and the wall in the face direction `face` (`getDistanceFromWall`,
    /// `P:47-68`: N → x, S → size−1−x, W → y, E → size−1−y, D → z, U → size−1−z).
    ///
    /// For an edge or corner direction it is the smallest of its faces' distances: the number of
    /// in-arena cells on the ray from `pos`. It is negative for a cell outside the arena on that
    /// side, and `i8::MAX` for the zero vector.
    #[inline]
    pub const fn wall_distance(&self, pos: Pos, direction: Direction) -> i8 {
        let last = self.size - 1;
        let [dx, dy, dz] = direction.vector();
        let mut distance = i8::MAX;
        let per_axis = [(dx, pos.x), (dy, pos.y), (dz, pos.z)];
        let mut axis = 0;
        while axis < 3 {
            let (sign, coordinate) = per_axis[axis];
            let d = if sign < 0 {
                coordinate
            } else if sign > 0 {
                last.wrapping_sub(coordinate)
            } else {
                i8::MAX
            };
            if d < distance {
                distance = d;
            }
            axis += 1;
        }
        distance
    }

    /// The mirror image of `pos` under the central inversion `c → size−1−c` (which maps each
    /// side's start onto the other's).
    pub const fn mirror(&self, pos: Pos) -> Pos {
        let last = self.size - 1;
        Pos {
            x: last.wrapping_sub(pos.x),
            y: last.wrapping_sub(pos.y),
            z: last.wrapping_sub(pos.z),
        }
    }

    /// The start cell and heading of each plane, in the original's index order (`C:111-114`):
    /// p1.0 at `(0, size/2−2, 0)` and p1.1 at `(0, size/2+1, 0)` heading S; p2.0 at
    /// `(size−1, size/2+1, size−1)` and p2.1 at `(size−1, size/2−2, size−1)` heading N.
    ///
    /// Note the order of p2: its first plane is the one at `y = size/2+1` (the challenge text lists
    /// them the other way round; the program decides).
    pub const fn start(&self) -> [(Pos, Direction); 4] {
        let s = self.size;
        let (low, high, last) = (s / 2 - 2, s / 2 + 1, s - 1);
        [
            (Pos::new(0, low, 0), Direction::S),
            (Pos::new(0, high, 0), Direction::S),
            (Pos::new(last, high, last), Direction::N),
            (Pos::new(last, low, last), Direction::N),
        ]
    }
}

impl TryFrom<u32> for Arena {
    type Error = ArenaError;

    fn try_from(size: u32) -> Result<Arena, ArenaError> {
        Arena::new(size)
    }
}

impl From<Arena> for u32 {
    fn from(arena: Arena) -> u32 {
        arena.size()
    }
}
