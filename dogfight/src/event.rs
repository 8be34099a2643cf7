//! What a round did: [`Events`] (compact, per plane) and [`Event`] (one happening).

use std::fmt;

use crate::{Direction, PlaneId};

/// A set of planes, as a 4-bit mask in plane-index order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlaneSet(u8);

impl PlaneSet {
    /// No plane.
    pub const EMPTY: PlaneSet = PlaneSet(0);

    /// The set of planes whose flag is true, in plane-index order.
    pub const fn from_flags(flags: [bool; 4]) -> PlaneSet {
        PlaneSet(
            flags[0] as u8 | (flags[1] as u8) << 1 | (flags[2] as u8) << 2 | (flags[3] as u8) << 3,
        )
    }

    /// The set with mask `bits & 0b1111` (bit k = plane k).
    #[inline]
    pub const fn from_bits(bits: u8) -> PlaneSet {
        PlaneSet(bits & 0b1111)
    }

    /// The mask, bit k for plane k.
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// One flag per plane, in plane-index order.
    pub const fn flags(self) -> [bool; 4] {
        [
            self.0 & 1 != 0,
            self.0 & 2 != 0,
            self.0 & 4 != 0,
            self.0 & 8 != 0,
        ]
    }

    /// Whether `plane` is in the set.
    #[inline]
    pub const fn contains(self, plane: PlaneId) -> bool {
        self.0 & (1 << plane.index()) != 0
    }

    /// Adds `plane`.
    #[inline]
    pub fn insert(&mut self, plane: PlaneId) {
        self.0 |= 1 << plane.index();
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many planes are in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The planes in the set, in index order.
    pub fn iter(self) -> impl Iterator<Item = PlaneId> {
        PlaneId::ALL.into_iter().filter(move |&p| self.contains(p))
    }
}

impl fmt::Debug for PlaneSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|p| p.index()))
            .finish()
    }
}

/// One thing that happened to a plane during a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Event {
    /// It asked for a direction its heading cannot turn to, and flew straight instead.
    InvalidDirection(PlaneId),
    /// It flew out of the arena and died.
    Wall(PlaneId),
    /// It ended its move in the same cell as another live plane, and died.
    Collision(PlaneId),
    /// It fired (its ray may have been empty).
    Fired(PlaneId),
    /// It was on the ray of a plane that fired, and died.
    Hit(PlaneId),
}

/// Everything one round did, plane by plane (the golden traces' `moved_dir` and `events`).
///
/// Returned by [`Game::advance`](crate::Game::advance); `Copy`, no allocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Events {
    /// The displacement applied to each plane (the requested direction, or the heading when it
    /// was invalid or missing); `None` for planes dead at the start of the round.
    pub moved: [Option<Direction>; 4],
    /// Planes alive at round start whose requested direction was not a legal turn.
    pub invalid_direction: PlaneSet,
    /// Planes alive at round start that left the arena.
    pub wall: PlaneSet,
    /// Planes that survived the move and shared a cell with another survivor.
    pub collided: PlaneSet,
    /// Planes that fired: asked to, alive after collisions, cooldown 0.
    pub fired: PlaneSet,
    /// Planes alive after collisions that lay on the ray of a plane that fired.
    pub hit: PlaneSet,
}

impl Events {
    /// The events one by one: for each plane in index order, an invalid direction, a wall death,
    /// a collision, a shot, a hit (the order in which the round resolves them).
    pub fn iter(&self) -> impl Iterator<Item = Event> + '_ {
        PlaneId::ALL.into_iter().flat_map(move |p| {
            [
                (self.invalid_direction, Event::InvalidDirection(p)),
                (self.wall, Event::Wall(p)),
                (self.collided, Event::Collision(p)),
                (self.fired, Event::Fired(p)),
                (self.hit, Event::Hit(p)),
            ]
            .into_iter()
            .filter(move |(set, _)| set.contains(p))
            .map(|(_, event)| event)
        })
    }

    /// The planes that died this round (wall, collision or hit).
    pub fn deaths(&self) -> PlaneSet {
        PlaneSet(self.wall.0 | self.collided.0 | self.hit.0)
    }
}
