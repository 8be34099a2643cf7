//! Orders: one plane's [`Move`], one side's [`Action`], both sides' [`Actions`].

use std::fmt;

use crate::{Direction, PlaneId, Side};

/// One plane's order for one round (the original's `Move`).
///
/// The plane moves one cell in `direction`. With `turn` (the original's `changeDirection`) it
/// also takes `direction` as its new heading; without it the plane "changes lanes" and keeps
/// pointing, and shooting, along its old heading. With `shoot` it fires after the move if its
/// cooldown allows.
///
/// A direction the heading cannot turn to (a reversal, a 90° face turn, the zero vector) makes
/// the plane fly straight ahead instead; the `shoot` flag is still honoured (`P:140-158`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    /// Where to move (and, with `turn`, where to point).
    pub direction: Direction,
    /// Take `direction` as the new heading.
    pub turn: bool,
    /// Fire after moving.
    pub shoot: bool,
}

impl Move {
    /// A move with all three fields given.
    pub const fn new(direction: Direction, turn: bool, shoot: bool) -> Move {
        Move {
            direction,
            turn,
            shoot,
        }
    }

    /// Move towards `direction` and turn to it, without shooting.
    pub const fn turn(direction: Direction) -> Move {
        Move::new(direction, true, false)
    }

    /// Move towards `direction` keeping the heading ("change lanes"), without shooting.
    pub const fn slide(direction: Direction) -> Move {
        Move::new(direction, false, false)
    }

    /// The same move, also shooting.
    pub const fn firing(self) -> Move {
        Move::new(self.direction, self.turn, true)
    }
}

impl fmt::Display for Move {
    /// The wrapper's reply format, `DIR CHANGE SHOOT` (e.g. `SE 0 1`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {}",
            self.direction,
            u8::from(self.turn),
            u8::from(self.shoot)
        )
    }
}

/// One side's orders for one round: a move for each of its two planes.
///
/// `None` is a missing move (the bot's array was too short): the controller flies that plane
/// straight ahead without shooting (`C:152-184`). Moves of dead planes are ignored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Action {
    /// The order of the side's plane 0 and plane 1.
    pub moves: [Option<Move>; 2],
}

impl Action {
    /// Orders for both planes.
    pub const fn new(first: Move, second: Move) -> Action {
        Action {
            moves: [Some(first), Some(second)],
        }
    }

    /// No orders at all (both planes fly straight without shooting), like a bot returning
    /// `new Move[0]`.
    pub const fn none() -> Action {
        Action {
            moves: [None, None],
        }
    }
}

impl From<[Move; 2]> for Action {
    fn from([first, second]: [Move; 2]) -> Action {
        Action::new(first, second)
    }
}

/// The joint orders of both sides for one round, indexed by [`Side`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Actions(pub [Action; 2]);

impl Actions {
    /// Player 1's and player 2's orders.
    pub const fn new(p1: Action, p2: Action) -> Actions {
        Actions([p1, p2])
    }

    /// The order of one plane (`None` if missing).
    #[inline]
    pub const fn plane(&self, plane: PlaneId) -> Option<Move> {
        self.0[plane.side() as usize].moves[plane.slot()]
    }

    /// The orders of the four planes in plane-index order (p1.0, p1.1, p2.0, p2.1).
    #[inline]
    pub const fn per_plane(&self) -> [Option<Move>; 4] {
        let [a, b] = self.0;
        [a.moves[0], a.moves[1], b.moves[0], b.moves[1]]
    }

    /// The orders seen through the central inversion with sides swapped (see
    /// [`State::mirrored`](crate::State::mirrored)): each side gets the other's orders with every
    /// direction reversed.
    pub fn mirrored(&self) -> Actions {
        let flip =
            |mv: Option<Move>| mv.map(|mv| Move::new(mv.direction.opposite(), mv.turn, mv.shoot));
        let [a, b, c, d] = self.per_plane();
        Actions::from_planes([flip(c), flip(d), flip(a), flip(b)])
    }

    /// The joint orders from the four planes' orders in plane-index order.
    pub const fn from_planes(moves: [Option<Move>; 4]) -> Actions {
        Actions([
            Action {
                moves: [moves[0], moves[1]],
            },
            Action {
                moves: [moves[2], moves[3]],
            },
        ])
    }
}

impl std::ops::Index<Side> for Actions {
    type Output = Action;

    fn index(&self, side: Side) -> &Action {
        &self.0[side as usize]
    }
}

impl std::ops::IndexMut<Side> for Actions {
    fn index_mut(&mut self, side: Side) -> &mut Action {
        &mut self.0[side as usize]
    }
}
