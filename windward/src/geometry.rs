//! Points and compass headings shared by the map, the rules and the tick engine.

use core::fmt;

/// A point on the map: tile coordinates, or map units (24 per tile) where a field says so.
///
/// x grows to the east, y grows to the south, as in the original (`System.Drawing.Point`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Point {
    /// Column (east is positive).
    pub x: i32,
    /// Row (south is positive).
    pub y: i32,
}

impl Point {
    /// A point from its coordinates.
    pub const fn new(x: i32, y: i32) -> Self {
        Point { x, y }
    }

    /// Manhattan distance `|dx| + |dy|`.
    pub const fn manhattan(self, other: Point) -> i32 {
        (self.x - other.x).abs() + (self.y - other.y).abs()
    }

    /// This point moved one step towards `heading`.
    pub const fn step(self, heading: Heading) -> Point {
        let (dx, dy) = heading.delta();
        Point::new(self.x + dx, self.y + dy)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

/// A compass heading (`MapSquare.COMPASS_DIRECTION` without `NONE`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Heading {
    /// Towards y−, angle 0.
    North = 0,
    /// Towards x+, angle 90.
    East = 1,
    /// Towards y+, angle 180.
    South = 2,
    /// Towards x−, angle 270.
    West = 3,
}

impl Heading {
    /// All four, in the order North, East, South, West.
    pub const ALL: [Heading; 4] = [Heading::North, Heading::East, Heading::South, Heading::West];

    /// The unit step `(dx, dy)` of this heading.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Heading::North => (0, -1),
            Heading::East => (1, 0),
            Heading::South => (0, 1),
            Heading::West => (-1, 0),
        }
    }

    /// The opposite heading (`MapSquare.UTurn`).
    pub const fn reverse(self) -> Heading {
        match self {
            Heading::North => Heading::South,
            Heading::East => Heading::West,
            Heading::South => Heading::North,
            Heading::West => Heading::East,
        }
    }

    /// The angle in degrees: 0 north, 90 east, 180 south, 270 west.
    pub const fn angle(self) -> i32 {
        self as i32 * 90
    }

    /// `MapSquare.AngleToDirection` (MS:103-112): 45..=135 east, 135<..=225 south,
    /// 225<..=315 west, anything else north (45 and 135 are both east).
    pub const fn from_angle(angle: i32) -> Heading {
        if angle >= 45 && angle <= 135 {
            Heading::East
        } else if angle > 135 && angle <= 225 {
            Heading::South
        } else if angle > 225 && angle <= 315 {
            Heading::West
        } else {
            Heading::North
        }
    }

    /// The heading from tile `a` to a 4-adjacent tile `b` (`MapSquare.PointsDirection`), or `None`
    /// when they are not 4-adjacent.
    pub const fn between(a: Point, b: Point) -> Option<Heading> {
        match (b.x - a.x, b.y - a.y) {
            (0, -1) => Some(Heading::North),
            (1, 0) => Some(Heading::East),
            (0, 1) => Some(Heading::South),
            (-1, 0) => Some(Heading::West),
            _ => None,
        }
    }

    /// The original's upper-case name (`NORTH`, `EAST`, `SOUTH`, `WEST`).
    pub const fn name(self) -> &'static str {
        match self {
            Heading::North => "NORTH",
            Heading::East => "EAST",
            Heading::South => "SOUTH",
            Heading::West => "WEST",
        }
    }

    /// Parses an upper-case name as written by [`Heading::name`].
    pub fn from_name(name: &str) -> Option<Heading> {
        Heading::ALL.into_iter().find(|h| h.name() == name)
    }

    /// True for North and South.
    pub const fn is_vertical(self) -> bool {
        matches!(self, Heading::North | Heading::South)
    }
}

impl fmt::Display for Heading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
