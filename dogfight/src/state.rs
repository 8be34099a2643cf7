//! Who is who ([`Side`], [`PlaneId`]) and everything that changes during a fight ([`State`]).

use std::fmt;

use crate::{Arena, Plane};

/// One of the two players. Player 1 is the entry with the lower index in the tournament; it
/// starts at x = 0 heading S.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    /// Player 1 (planes 0 and 1).
    P1 = 0,
    /// Player 2 (planes 2 and 3).
    P2 = 1,
}

impl Side {
    /// Both sides, player 1 first.
    pub const BOTH: [Side; 2] = [Side::P1, Side::P2];

    /// The other side.
    pub const fn opponent(self) -> Side {
        match self {
            Side::P1 => Side::P2,
            Side::P2 => Side::P1,
        }
    }

    /// This side's two planes.
    pub const fn planes(self) -> [PlaneId; 2] {
        let first = self as u8 * 2;
        [PlaneId(first), PlaneId(first + 1)]
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::P1 => "p1",
            Side::P2 => "p2",
        })
    }
}

/// The index of a plane, `0..4` in the original's order: p1.0, p1.1, p2.0, p2.1.
///
/// With the `serde` feature it is written as its index, and reading rejects indices above 3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "u8", into = "u8")
)]
pub struct PlaneId(u8);

impl TryFrom<u8> for PlaneId {
    type Error = String;

    fn try_from(index: u8) -> Result<PlaneId, String> {
        if index < 4 {
            Ok(PlaneId(index))
        } else {
            Err(format!("plane index {index} is not in 0..4"))
        }
    }
}

impl From<PlaneId> for u8 {
    fn from(id: PlaneId) -> u8 {
        id.0
    }
}

impl PlaneId {
    /// The four planes in index order.
    pub const ALL: [PlaneId; 4] = [PlaneId(0), PlaneId(1), PlaneId(2), PlaneId(3)];

    /// Plane `index` (taken modulo 4, so any number names a plane).
    pub const fn new(index: usize) -> PlaneId {
        PlaneId((index % 4) as u8)
    }

    /// The index, `0..4`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The side it belongs to.
    pub const fn side(self) -> Side {
        if self.0 < 2 { Side::P1 } else { Side::P2 }
    }

    /// Its slot within its side, 0 or 1.
    pub const fn slot(self) -> usize {
        (self.0 % 2) as usize
    }

    /// The plane with the same slot on the other side (the mirror partner).
    pub const fn counterpart(self) -> PlaneId {
        PlaneId(self.0 ^ 2)
    }
}

impl fmt::Display for PlaneId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.side(), self.slot())
    }
}

/// Everything that changes during a fight: the four planes and the number of rounds played.
///
/// `State` is `Copy` and 26 bytes; the arena and the rules live in [`Game`](crate::Game), so a
/// search copies states freely.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct State {
    /// The planes in index order (p1.0, p1.1, p2.0, p2.1).
    pub planes: [Plane; 4],
    /// Rounds played so far (0 before the first round).
    pub round: u16,
}

impl State {
    /// A state with the given planes before round 1 (for scenarios and tests).
    pub const fn new(planes: [Plane; 4]) -> State {
        State { planes, round: 0 }
    }

    /// The standard start in `arena` (`C:111-114`).
    pub const fn start(arena: &Arena) -> State {
        let start = arena.start();
        State::new([
            Plane::new(start[0].0, start[0].1),
            Plane::new(start[1].0, start[1].1),
            Plane::new(start[2].0, start[2].1),
            Plane::new(start[3].0, start[3].1),
        ])
    }

    /// One plane.
    pub const fn plane(&self, id: PlaneId) -> &Plane {
        &self.planes[id.index()]
    }

    /// One side's two planes.
    pub const fn side(&self, side: Side) -> [Plane; 2] {
        let first = side as usize * 2;
        [self.planes[first], self.planes[first + 1]]
    }

    /// How many planes of `side` still fly.
    pub const fn alive(&self, side: Side) -> u32 {
        let [a, b] = self.side(side);
        a.alive as u32 + b.alive as u32
    }

    /// The same fight seen through the central inversion `c → size−1−c` with the sides swapped:
    /// p1.i and p2.i trade places, positions are mirrored and headings reversed. The arena and
    /// the start are symmetric under this map, so the mirrored fight has the negated result.
    pub const fn mirrored(&self, arena: &Arena) -> State {
        let mut planes = self.planes;
        let mut i = 0;
        while i < 4 {
            let p = self.planes[i ^ 2];
            planes[i] = Plane {
                alive: p.alive,
                pos: arena.mirror(p.pos),
                heading: p.heading.opposite(),
                cooldown: p.cooldown,
            };
            i += 1;
        }
        State {
            planes,
            round: self.round,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_is_tiny() {
        assert_eq!(std::mem::size_of::<State>(), 26);
        assert_eq!(std::mem::size_of::<Plane>(), 6);
    }

    #[test]
    fn ids_and_sides() {
        assert_eq!(Side::P2.planes(), [PlaneId::new(2), PlaneId::new(3)]);
        assert_eq!(PlaneId::new(3).side(), Side::P2);
        assert_eq!(PlaneId::new(3).slot(), 1);
        assert_eq!(PlaneId::new(1).counterpart(), PlaneId::new(3));
        assert_eq!(PlaneId::new(2).to_string(), "p2.0");
        assert_eq!(Side::P1.opponent(), Side::P2);
    }

    #[test]
    fn the_start_is_its_own_mirror() {
        let arena = Arena::default();
        let start = State::start(&arena);
        assert_eq!(start.mirrored(&arena), start);
        assert_eq!(start.alive(Side::P1), 2);
    }
}
