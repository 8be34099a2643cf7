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

    /// The side of contract player `player`: 0 is [`Side::P1`], 1 is [`Side::P2`], any other
    /// number is no side.
    pub const fn of_player(player: usize) -> Option<Side> {
        match player {
            0 => Some(Side::P1),
            1 => Some(Side::P2),
            _ => None,
        }
    }

    /// This side's contract player number: 0 for [`Side::P1`], 1 for [`Side::P2`].
    pub const fn player(self) -> usize {
        self as usize
    }

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
/// `State` is `Copy` and 40 bytes; the arena and the rules live in [`Game`](crate::Game), so a
/// search copies states freely. The planes are stored packed, one `u64` each (see
/// [`PLANE_BITS`](State::PLANE_BITS)), so a round reads and writes whole words: read them with
/// [`planes`](State::planes) or [`plane`](State::plane) and change them with
/// [`set_plane`](State::set_plane). With the `serde` feature a state is written as
/// `{ "planes": [...], "round": n }`, as before the packing.
///
/// ```
/// use dogfight::{Game, PlaneId};
///
/// let game = Game::default();
/// let mut state = game.initial_state(0);
/// let mut plane = state.plane(PlaneId::new(3));
/// plane.alive = false;
/// state.set_plane(PlaneId::new(3), plane);
/// assert!(!state.planes()[3].alive);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(from = "StateFields", into = "StateFields")
)]
pub struct State {
    /// The planes in index order, packed by [`Plane::to_word`]; every unused bit is 0, so the
    /// derived equality and hash are those of the planes.
    words: [u64; 4],
    /// Rounds played so far (0 before the first round).
    pub round: u16,
}

/// The serde shape of a [`State`], unpacked.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct StateFields {
    planes: [Plane; 4],
    round: u16,
}

#[cfg(feature = "serde")]
impl From<StateFields> for State {
    fn from(fields: StateFields) -> State {
        State {
            round: fields.round,
            ..State::new(fields.planes)
        }
    }
}

#[cfg(feature = "serde")]
impl From<State> for StateFields {
    fn from(state: State) -> StateFields {
        StateFields {
            planes: state.planes(),
            round: state.round,
        }
    }
}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("State")
            .field("planes", &self.planes())
            .field("round", &self.round)
            .finish()
    }
}

impl State {
    /// The layout of one packed plane, low bits first: x, y and z as 8-bit two's-complement
    /// values in 9-bit lanes (bits 0, 9, 18; the ninth bit of each lane is a guard, 0 at rest,
    /// so a move is one add and one mask), the heading index (bits 27–31), the cooldown (bits
    /// 32–39) and alive (bit 40).
    pub const PLANE_BITS: u32 = 41;

    /// A state with the given planes before round 1 (for scenarios and tests).
    pub const fn new(planes: [Plane; 4]) -> State {
        State {
            words: [
                planes[0].to_word(),
                planes[1].to_word(),
                planes[2].to_word(),
                planes[3].to_word(),
            ],
            round: 0,
        }
    }

    /// The same planes with `round` rounds played.
    pub const fn with_round(self, round: u16) -> State {
        State { round, ..self }
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

    /// The four planes in index order (p1.0, p1.1, p2.0, p2.1).
    #[inline]
    pub const fn planes(&self) -> [Plane; 4] {
        [
            Plane::from_word(self.words[0]),
            Plane::from_word(self.words[1]),
            Plane::from_word(self.words[2]),
            Plane::from_word(self.words[3]),
        ]
    }

    /// One plane.
    #[inline]
    pub const fn plane(&self, id: PlaneId) -> Plane {
        Plane::from_word(self.words[id.index()])
    }

    /// Replaces one plane.
    #[inline]
    pub const fn set_plane(&mut self, id: PlaneId, plane: Plane) {
        self.words[id.index()] = plane.to_word();
    }

    /// The packed planes, for the rules.
    #[inline]
    pub(crate) const fn words(&self) -> [u64; 4] {
        self.words
    }

    /// Sets the packed planes, for the rules.
    #[inline]
    pub(crate) const fn set_words(&mut self, words: [u64; 4]) {
        self.words = words;
    }

    /// One side's two planes.
    pub const fn side(&self, side: Side) -> [Plane; 2] {
        let first = side as usize * 2;
        [
            Plane::from_word(self.words[first]),
            Plane::from_word(self.words[first + 1]),
        ]
    }

    /// How many planes of `side` still fly.
    #[inline]
    pub const fn alive(&self, side: Side) -> u32 {
        let first = side as usize * 2;
        ((self.words[first] >> Plane::ALIVE_SHIFT) & 1) as u32
            + ((self.words[first + 1] >> Plane::ALIVE_SHIFT) & 1) as u32
    }

    /// The same fight seen through the central inversion `c → size−1−c` with the sides swapped:
    /// p1.i and p2.i trade places, positions are mirrored and headings reversed. The arena and
    /// the start are symmetric under this map, so the mirrored fight has the negated result.
    pub const fn mirrored(&self, arena: &Arena) -> State {
        let planes = self.planes();
        let mut mirrored = planes;
        let mut i = 0;
        while i < 4 {
            let p = planes[i ^ 2];
            mirrored[i] = Plane {
                alive: p.alive,
                pos: arena.mirror(p.pos),
                heading: p.heading.opposite(),
                cooldown: p.cooldown,
            };
            i += 1;
        }
        State {
            round: self.round,
            ..State::new(mirrored)
        }
    }
}
