//! A plane, and the helper API the original gave bots (`Plane.java`): possible directions, the
//! cells reachable next round, the cells a shot covers, and `is_suicidal`. All are pure, `O(1)` or
//! `O(size)`, and allocate nothing.

use crate::{Arena, Direction, Move, Pos};

/// One plane: where it is, where it points, its gun cooldown, and whether it still flies.
///
/// A dead plane keeps the fields it had when it died, as the original does: its position may be
/// the out-of-arena cell it flew into, its heading is frozen and its cooldown keeps falling to 0.
/// The wrapper protocol hides them (`dead 0 0 0 N 0`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Plane {
    /// Whether the plane still flies.
    pub alive: bool,
    /// Its cell.
    pub pos: Pos,
    /// The direction it points and shoots in. Never the zero vector in a real fight.
    pub heading: Direction,
    /// Rounds until it may fire again (0 = ready; the original's `coolDown`).
    pub cooldown: u8,
}

impl Plane {
    /// A live plane at `pos` heading `heading`, ready to fire.
    pub const fn new(pos: Pos, heading: Direction) -> Plane {
        Plane {
            alive: true,
            pos,
            heading,
            cooldown: 0,
        }
    }

    /// Bit of the alive flag in a packed plane ([`State::PLANE_BITS`](crate::State::PLANE_BITS)).
    pub(crate) const ALIVE_SHIFT: u32 = 40;
    /// First bit of the heading index in a packed plane.
    #[doc(hidden)]
    pub const HEADING_SHIFT: u32 = 27;
    /// First bit of the cooldown in a packed plane.
    pub(crate) const COOLDOWN_SHIFT: u32 = 32;

    /// The plane packed into one word (layout at [`State::PLANE_BITS`](crate::State::PLANE_BITS)).
    #[inline]
    #[doc(hidden)]
    pub const fn to_word(self) -> u64 {
        (self.pos.x as u8 as u64)
            | (self.pos.y as u8 as u64) << 9
            | (self.pos.z as u8 as u64) << 18
            | (self.heading.index() as u64) << Plane::HEADING_SHIFT
            | (self.cooldown as u64) << Plane::COOLDOWN_SHIFT
            | (self.alive as u64) << Plane::ALIVE_SHIFT
    }

    /// The plane [`to_word`](Plane::to_word) packed.
    #[inline]
    #[doc(hidden)]
    pub const fn from_word(word: u64) -> Plane {
        let heading = match Direction::from_index((word >> Plane::HEADING_SHIFT & 31) as usize) {
            Some(heading) => heading,
            // Packed words only ever hold indices below 27.
            None => Direction::ZERO,
        };
        Plane {
            alive: word >> Plane::ALIVE_SHIFT & 1 == 1,
            pos: Pos::new(
                word as u8 as i8,
                (word >> 9) as u8 as i8,
                (word >> 18) as u8 as i8,
            ),
            heading,
            cooldown: (word >> Plane::COOLDOWN_SHIFT) as u8,
        }
    }

    /// The directions it may move in next (`getPossibleDirections`): 9 or 7 in controller order,
    /// none for a dead plane.
    pub fn possible_directions(&self) -> &'static [Direction] {
        if self.alive {
            self.heading.possible()
        } else {
            &[]
        }
    }

    /// Whether it fires if it asks to (`canShoot`, `P:95-97`: alive and cooldown 0).
    #[inline]
    pub const fn can_shoot(&self) -> bool {
        self.alive && self.cooldown == 0
    }

    /// The displacement the controller applies for a requested direction: the direction itself
    /// when the heading can turn to it, otherwise the heading (fly straight, `P:140-158`).
    #[inline]
    pub const fn resolve(&self, direction: Direction) -> Direction {
        if self.heading.can_turn_to(direction) {
            direction
        } else {
            self.heading
        }
    }

    /// The plane after `mv` (`simulateMove`): moved one cell, turned if asked, dead if it left
    /// the arena. The cooldown is unchanged (it is updated after shooting). A dead plane is
    /// returned as it is. Collisions and shots are not considered.
    ///
    /// ```
    /// use dogfight::{Arena, Direction, Move, Plane, Pos};
    ///
    /// let arena = Arena::default();
    /// let plane = Plane::new(Pos::new(5, 5, 5), Direction::S);
    /// let se = "SE".parse()?;
    /// // Changing lanes: moves SE, keeps heading S.
    /// let slid = plane.simulate_move(Move::slide(se), &arena);
    /// assert_eq!((slid.pos, slid.heading), (Pos::new(6, 6, 5), Direction::S));
    /// // An invalid direction (a reversal) flies straight ahead.
    /// let straight = plane.simulate_move(Move::turn(Direction::N), &arena);
    /// assert_eq!((straight.pos, straight.heading), (Pos::new(6, 5, 5), Direction::S));
    /// # Ok::<(), dogfight::ParseDirectionError>(())
    /// ```
    #[inline]
    pub const fn simulate_move(&self, mv: Move, arena: &Arena) -> Plane {
        if !self.alive {
            return *self;
        }
        let direction = self.resolve(mv.direction);
        let pos = self.pos.step(direction);
        Plane {
            alive: arena.contains(pos),
            pos,
            heading: if mv.turn { direction } else { self.heading },
            cooldown: self.cooldown,
        }
    }

    /// The cells it can be in after the next move (`getRange`): its cell plus each possible
    /// direction, 9 or 7 cells, some possibly outside the arena; none for a dead plane.
    pub fn reach(&self) -> impl ExactSizeIterator<Item = Pos> + Clone + use<> {
        let pos = self.pos;
        self.possible_directions().iter().map(move |&d| pos.step(d))
    }

    /// The cells a shot from where it is now would cover (`getShootRange`): every in-arena cell
    /// along its heading, nearest first; empty for a dead plane. To predict a shot after a move,
    /// call it on [`simulate_move`](Plane::simulate_move)'s result, as the original suggests.
    ///
    /// ```
    /// use dogfight::{Arena, Direction, Plane, Pos};
    ///
    /// let arena = Arena::default();
    /// let plane = Plane::new(Pos::new(10, 5, 5), Direction::S);
    /// let cells: Vec<Pos> = plane.shoot_range(&arena).collect();
    /// assert_eq!(cells, [Pos::new(11, 5, 5), Pos::new(12, 5, 5), Pos::new(13, 5, 5)]);
    /// assert!(plane.shoot_range(&arena).contains(Pos::new(13, 5, 5)));
    /// ```
    #[inline]
    pub const fn shoot_range(&self, arena: &Arena) -> Ray {
        let length = if self.alive && !self.heading.is_zero() {
            let distance = arena.wall_distance(self.pos, self.heading);
            if distance > 0 { distance } else { 0 }
        } else {
            0
        };
        Ray {
            origin: self.pos,
            heading: self.heading,
            next: 1,
            length,
        }
    }

    /// Whether the walls doom it: no sequence of moves keeps it inside the arena (`isSuicidal`,
    /// `P:207-213`). A face heading is doomed at the wall it faces; an edge heading when both of
    /// its walls are adjacent; a corner heading when all three of its walls are at most one cell
    /// away. Dead planes are suicidal. Other planes are ignored.
    ///
    /// The rule is exact: it equals the set of states from which every move sequence reaches a
    /// wall (the crate's tests check this against an exhaustive search).
    #[inline]
    pub const fn is_suicidal(&self, arena: &Arena) -> bool {
        if !self.alive {
            return true;
        }
        let [dx, dy, dz] = self.heading.vector();
        let last = arena.size() as i8 - 1;
        let limit = if self.heading.axes() == 3 { 2 } else { 1 };
        let per_axis = [(dx, self.pos.x), (dy, self.pos.y), (dz, self.pos.z)];
        let mut axis = 0;
        let mut any = false;
        while axis < 3 {
            let (sign, coordinate) = per_axis[axis];
            if sign != 0 {
                any = true;
                let distance = if sign < 0 {
                    coordinate
                } else {
                    last.wrapping_sub(coordinate)
                };
                if distance >= limit {
                    return false;
                }
            }
            axis += 1;
        }
        any
    }

    /// Cells to the wall in face direction `face` (`getDistanceFromWall`, `P:47-68`); −1 for a
    /// dead plane, as in the original.
    pub const fn wall_distance(&self, face: Direction, arena: &Arena) -> i8 {
        if self.alive {
            arena.wall_distance(self.pos, face)
        } else {
            -1
        }
    }
}

/// The cells covered by one shot: `origin + s·heading` for `s = 1..=length`. An iterator, and a
/// constant-time membership test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ray {
    origin: Pos,
    heading: Direction,
    next: i8,
    length: i8,
}

impl Ray {
    /// How many cells the whole ray covers.
    pub const fn length(&self) -> usize {
        self.length as usize
    }

    /// Whether `pos` lies on the ray (any of its cells, whether or not the iterator has passed it).
    #[inline]
    pub const fn contains(&self, pos: Pos) -> bool {
        let [hx, hy, hz] = self.heading.vector();
        let delta = [
            pos.x as i16 - self.origin.x as i16,
            pos.y as i16 - self.origin.y as i16,
            pos.z as i16 - self.origin.z as i16,
        ];
        let heading = [hx as i16, hy as i16, hz as i16];
        // Every non-zero axis must give the same step count s, and s must be in 1..=length.
        let mut steps: i16 = -1;
        let mut axis = 0;
        while axis < 3 {
            if heading[axis] == 0 {
                if delta[axis] != 0 {
                    return false;
                }
            } else {
                let s = delta[axis] * heading[axis];
                if s < 1 || (steps >= 0 && s != steps) {
                    return false;
                }
                steps = s;
            }
            axis += 1;
        }
        steps >= 1 && steps <= self.length as i16
    }
}

impl Iterator for Ray {
    type Item = Pos;

    #[inline]
    fn next(&mut self) -> Option<Pos> {
        if self.next > self.length {
            return None;
        }
        let pos = self.origin.offset(self.heading, self.next);
        self.next += 1;
        Some(pos)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.length - self.next + 1).max(0) as usize;
        (left, Some(left))
    }
}

impl ExactSizeIterator for Ray {}
