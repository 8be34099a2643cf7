//! The 26 flight directions, the zero vector, and the original's turn rule.
//!
//! A direction is a vector of three signs `[NS, WE, DU]`: x is the N/S axis (N = −1, S = +1),
//! y is W/E (W = −1, E = +1) and z is D/U (D = −1, U = +1), as in `Direction.java:5-20`.
//! Its text lists the non-zero axes in that fixed order (`"SWU"`, never `"UWS"`).

use std::fmt;
use std::str::FromStr;

/// One of the 26 flight directions, or the zero vector.
///
/// The zero vector is what a Java bot could build with `new Direction(0,0,0)`; it is never a legal
/// move (the plane flies straight instead) and never a heading of a plane of a real fight.
///
/// Directions are numbered `(x+1)·9 + (y+1)·3 + (z+1)`, which is the order in which the original
/// enumerates them (`Direction.getPossibleDirections`, `D:74-96`: NS outer, WE middle, DU inner),
/// so every list this crate returns comes in the controller's order.
///
/// ```
/// use dogfight::Direction;
///
/// let d: Direction = "SE".parse()?;
/// assert_eq!(d.vector(), [1, 1, 0]);
/// assert!(Direction::S.can_turn_to(d));
/// assert!(!Direction::S.can_turn_to(Direction::E)); // a 90° face-to-face turn is invalid
/// assert_eq!(Direction::N.possible().len(), 9);
/// assert_eq!("NEU".parse::<Direction>()?.possible().len(), 7);
/// # Ok::<(), dogfight::ParseDirectionError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "String", try_from = "String")
)]
pub struct Direction(u8);

/// The text of each direction, by index (the zero vector prints as `""`, `D:23-25`).
const NAMES: [&str; 27] = [
    "NWD", "NW", "NWU", "ND", "N", "NU", "NED", "NE", "NEU", //
    "WD", "W", "WU", "D", "", "U", "ED", "E", "EU", //
    "SWD", "SW", "SWU", "SD", "S", "SU", "SED", "SE", "SEU",
];

const fn vector_of(index: u8) -> [i8; 3] {
    [
        (index / 9) as i8 - 1,
        (index / 3 % 3) as i8 - 1,
        (index % 3) as i8 - 1,
    ]
}

/// [`vector_of`] for every index, so [`Direction::vector`] is one load.
const VECTORS: [[i8; 3]; 27] = {
    let mut table = [[0; 3]; 27];
    let mut index = 0;
    while index < 27 {
        table[index] = vector_of(index as u8);
        index += 1;
    }
    table
};

/// `valid(d, v)` of `Direction.java:99-102`: `|v − d|² < 3` and some axis has `v_i ≠ 0 ∧ v_i == d_i`.
const fn valid(from: u8, to: u8) -> bool {
    let d = vector_of(from);
    let v = vector_of(to);
    let mut distance = 0;
    let mut shared = false;
    let mut axis = 0;
    while axis < 3 {
        let diff = v[axis] - d[axis];
        distance += diff * diff;
        if v[axis] != 0 && v[axis] == d[axis] {
            shared = true;
        }
        axis += 1;
    }
    distance < 3 && shared
}

/// For each direction, the valid targets in controller order, padded, and their number.
pub(crate) const POSSIBLE: ([[Direction; 9]; 27], [u8; 27]) = {
    let mut lists = [[Direction(13); 9]; 27];
    let mut lens = [0u8; 27];
    let mut from = 0;
    while from < 27 {
        let mut to = 0;
        while to < 27 {
            if valid(from as u8, to as u8) {
                lists[from][lens[from] as usize] = Direction(to as u8);
                lens[from] += 1;
            }
            to += 1;
        }
        from += 1;
    }
    (lists, lens)
};

/// For each direction, the set of valid targets as a bitmask over direction indices.
const VALID_MASK: [u32; 27] = {
    let mut masks = [0u32; 27];
    let mut from = 0;
    while from < 27 {
        let mut to = 0;
        while to < 27 {
            if valid(from as u8, to as u8) {
                masks[from] |= 1 << to;
            }
            to += 1;
        }
        from += 1;
    }
    masks
};

impl Direction {
    /// North: x − 1.
    pub const N: Direction = Direction(4);
    /// South: x + 1.
    pub const S: Direction = Direction(22);
    /// West: y − 1.
    pub const W: Direction = Direction(10);
    /// East: y + 1.
    pub const E: Direction = Direction(16);
    /// Down: z − 1.
    pub const D: Direction = Direction(12);
    /// Up: z + 1.
    pub const U: Direction = Direction(14);
    /// The zero vector: never a legal move, printed as `""`.
    pub const ZERO: Direction = Direction(13);

    /// The 26 non-zero directions in controller order (`NWD`, `NW`, `NWU`, `ND`, `N`, ... `SEU`).
    pub const ALL: [Direction; 26] = {
        let mut all = [Direction(0); 26];
        let mut i = 0;
        while i < 26 {
            all[i] = Direction(if i < 13 { i as u8 } else { i as u8 + 1 });
            i += 1;
        }
        all
    };

    /// The direction with the signs of `x`, `y` and `z` (each component is normalised to −1, 0 or
    /// 1, as `Direction.java:9-13` does).
    pub const fn new(x: i32, y: i32, z: i32) -> Direction {
        Direction(((x.signum() + 1) * 9 + (y.signum() + 1) * 3 + (z.signum() + 1)) as u8)
    }

    /// Reads a direction the way the original's `Direction(String)` does (`D:16-20`): `N` if the
    /// text contains `'N'`, else `S` if it contains `'S'`; the same for W before E and D before U.
    /// Contradictions resolve as N over S, W over E, D over U (`"NS"` → N); other characters are
    /// ignored and the test is case-sensitive, so any text yields a direction (maybe the zero
    /// vector).
    ///
    /// ```
    /// use dogfight::Direction;
    /// assert_eq!(Direction::parse_lenient("NS"), Direction::N);
    /// assert_eq!(Direction::parse_lenient("NSEW").to_string(), "NW");
    /// assert_eq!(Direction::parse_lenient("s"), Direction::ZERO);
    /// ```
    pub fn parse_lenient(text: &str) -> Direction {
        let pick = |neg: char, pos: char| {
            if text.contains(neg) {
                -1
            } else if text.contains(pos) {
                1
            } else {
                0
            }
        };
        Direction::new(pick('N', 'S'), pick('W', 'E'), pick('D', 'U'))
    }

    /// The index of this direction, `(x+1)·9 + (y+1)·3 + (z+1)`, in `0..27` (13 is the zero vector).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The direction with the given [`index`](Direction::index), if it is below 27.
    pub const fn from_index(index: usize) -> Option<Direction> {
        if index < 27 {
            Some(Direction(index as u8))
        } else {
            None
        }
    }

    /// The vector `[x, y, z]`, each −1, 0 or 1.
    #[inline]
    pub const fn vector(self) -> [i8; 3] {
        VECTORS[self.0 as usize]
    }

    /// The N/S component (N = −1, S = +1).
    pub const fn x(self) -> i8 {
        self.vector()[0]
    }

    /// The W/E component (W = −1, E = +1).
    pub const fn y(self) -> i8 {
        self.vector()[1]
    }

    /// The D/U component (D = −1, U = +1).
    pub const fn z(self) -> i8 {
        self.vector()[2]
    }

    /// Whether this is the zero vector.
    pub const fn is_zero(self) -> bool {
        self.0 == 13
    }

    /// How many axes are non-zero: 1 for a face (N), 2 for an edge (NE), 3 for a corner (NEU).
    pub const fn axes(self) -> u32 {
        let [x, y, z] = self.vector();
        (x != 0) as u32 + (y != 0) as u32 + (z != 0) as u32
    }

    /// The opposite direction (each component negated).
    pub const fn opposite(self) -> Direction {
        Direction(26 - self.0)
    }

    /// Whether a plane heading `self` may move (or turn) towards `to` (`Direction.valid`, `D:99-102`).
    ///
    /// No axis may flip sign, at most two axes may change, and `to` must share a non-zero
    /// component with `self`. The relation is symmetric, `d.can_turn_to(d)` holds for every
    /// non-zero `d`, and nothing can turn to or from the zero vector.
    pub const fn can_turn_to(self, to: Direction) -> bool {
        VALID_MASK[self.0 as usize] & (1 << to.0) != 0
    }

    /// The directions a plane heading `self` may move in (`getPossibleDirections`, `D:74-96`), in
    /// controller order: 9 from a face or an edge heading, 7 from a corner, none from the zero
    /// vector.
    pub fn possible(self) -> &'static [Direction] {
        let index = self.0 as usize;
        &POSSIBLE.0[index][..POSSIBLE.1[index] as usize]
    }

    /// The text, e.g. `"SWU"` (the zero vector is `""`).
    pub const fn as_str(self) -> &'static str {
        NAMES[self.0 as usize]
    }
}

impl Default for Direction {
    /// North, the wrapper's fallback direction.
    fn default() -> Direction {
        Direction::N
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_zero() {
            f.write_str("ZERO")
        } else {
            f.write_str(self.as_str())
        }
    }
}

/// A direction text that [`Direction::from_str`] rejects.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a direction: {text:?} ({reason})")]
pub struct ParseDirectionError {
    /// The rejected text.
    pub text: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl FromStr for Direction {
    type Err = ParseDirectionError;

    /// Reads a direction strictly: letters from `NSWEDU` only, in any order, each axis at most
    /// once (`"SE"`, `"ES"`). The empty text is the zero vector, as the golden traces write it.
    /// For the original's lenient reading see [`Direction::parse_lenient`].
    fn from_str(text: &str) -> Result<Direction, ParseDirectionError> {
        let error = |reason| ParseDirectionError {
            text: text.to_owned(),
            reason,
        };
        let mut v = [0i32; 3];
        for c in text.chars() {
            let (axis, sign) = match c {
                'N' => (0, -1),
                'S' => (0, 1),
                'W' => (1, -1),
                'E' => (1, 1),
                'D' => (2, -1),
                'U' => (2, 1),
                _ => return Err(error("letters must be N, S, W, E, D or U")),
            };
            if v[axis] != 0 {
                return Err(error("an axis is named twice"));
            }
            v[axis] = sign;
        }
        Ok(Direction::new(v[0], v[1], v[2]))
    }
}

impl From<Direction> for String {
    fn from(direction: Direction) -> String {
        direction.as_str().to_owned()
    }
}

impl TryFrom<String> for Direction {
    type Error = ParseDirectionError;

    fn try_from(text: String) -> Result<Direction, ParseDirectionError> {
        text.parse()
    }
}
