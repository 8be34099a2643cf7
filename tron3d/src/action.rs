//! What a player orders: [`Movement`]s of its bikes, collected per player in [`Actions`].

use smallvec::SmallVec;

use crate::{MAX_PLAYERS, PlayerId};

/// A held or lying bonus item (`Board.hh:18-24`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Item {
    /// No item (`n`).
    #[default]
    None,
    /// Turbo (`t`): when used, the bike must move on every round for `turbo_duration` rounds.
    Turbo,
    /// Ghost (`g`): when used, the bike passes through walls for `ghost_duration` moves.
    Ghost,
    /// Points (`p`): scored at once on pick-up, never held.
    Points,
}

impl Item {
    /// The character the `.t3d` format uses (`n t g p`, `Board.hh:302-320`).
    pub fn to_char(self) -> char {
        match self {
            Item::None => 'n',
            Item::Turbo => 't',
            Item::Ghost => 'g',
            Item::Points => 'p',
        }
    }

    /// The item written as `c`, if `c` is one of `n t g p`.
    pub fn from_char(c: char) -> Option<Item> {
        match c {
            'n' => Some(Item::None),
            't' => Some(Item::Turbo),
            'g' => Some(Item::Ghost),
            'p' => Some(Item::Points),
            _ => None,
        }
    }

    /// The item of the original's bonus draw `1 + rand() % 3` (`Board.cc:419`): pass `rand()`.
    pub fn from_draw(rand: u32) -> Item {
        match rand % 3 {
            0 => Item::Turbo,
            1 => Item::Ghost,
            _ => Item::Points,
        }
    }
}

/// One command: move bike `bike` to vertex `to`, optionally using its held item first
/// (the original's `Movement(unit, next_vertex, use_bonus)`, `Action.hh`).
///
/// Fields are plain integers because a command may be invalid (a foreign bike, an id out of
/// range, a non-neighbour, the original's default target `-99`): the engine skips such commands
/// exactly as the original does, and the `.t3d` format records them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Movement {
    /// The bike id (`unit`).
    pub bike: i32,
    /// The target vertex (`next_vertex`).
    pub to: i32,
    /// Use the held item before moving (`use_bonus`).
    pub use_item: bool,
}

impl Movement {
    /// A plain move of `bike` to `to`.
    pub fn new(bike: usize, to: usize) -> Movement {
        Movement {
            bike: bike as i32,
            to: to as i32,
            use_item: false,
        }
    }

    /// A move of `bike` to `to` that first uses the held item.
    pub fn using_item(bike: usize, to: usize) -> Movement {
        Movement {
            use_item: true,
            ..Movement::new(bike, to)
        }
    }
}

/// The commands of every player for one round, each player's in the order given.
///
/// Reuse one `Actions` across rounds (`clear` then `push`): it does not allocate while each
/// player gives at most 4 commands.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Actions {
    commands: [SmallVec<[Movement; 4]>; MAX_PLAYERS],
}

impl Actions {
    /// No commands.
    pub fn new() -> Actions {
        Actions::default()
    }

    /// Forgets every command.
    pub fn clear(&mut self) {
        for list in &mut self.commands {
            list.clear();
        }
    }

    /// Appends `movement` to the commands of `player`. Players at or above
    /// [`MAX_PLAYERS`] are ignored (no game has them).
    pub fn push(&mut self, player: PlayerId, movement: Movement) {
        if let Some(list) = self.commands.get_mut(player as usize) {
            list.push(movement);
        }
    }

    /// The commands of `player`, in order.
    pub fn commands(&self, player: PlayerId) -> &[Movement] {
        self.commands
            .get(player as usize)
            .map_or(&[][..], |list| list.as_slice())
    }
}

/// The most bikes one player can have (every game has at least 2 players).
pub const MAX_BIKES_PER_PLAYER: usize = crate::MAX_BIKES / 2;

/// One player's order for one round: the movements of its bikes, in the order given (the
/// original's per-player `Action`, `Action.hh`). The action of the game contract
/// ([`pathfind::tree::Game`]); holds up to [`MAX_BIKES_PER_PLAYER`] movements without
/// allocating.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Action {
    moves: SmallVec<[Movement; MAX_BIKES_PER_PLAYER]>,
}

impl Action {
    /// No movement (every bike that has to move then dies).
    pub fn new() -> Action {
        Action::default()
    }

    /// An action of the given movements, in order.
    pub fn of(moves: &[Movement]) -> Action {
        Action {
            moves: SmallVec::from_slice(moves),
        }
    }

    /// Appends a movement.
    pub fn push(&mut self, movement: Movement) {
        self.moves.push(movement);
    }

    /// The movements, in order.
    pub fn moves(&self) -> &[Movement] {
        &self.moves
    }
}

/// Anything that gives each player's commands for one round: [`Actions`], or one [`Action`] per
/// player (`actions[p]` is player `p`'s; missing players give no command), as a slice, array or
/// `Vec`. [`crate::Game::advance`] takes either.
pub trait Commands {
    /// The commands of `player`, in order.
    fn commands(&self, player: PlayerId) -> &[Movement];
}

impl Commands for Actions {
    fn commands(&self, player: PlayerId) -> &[Movement] {
        Actions::commands(self, player)
    }
}

impl Commands for [Action] {
    fn commands(&self, player: PlayerId) -> &[Movement] {
        self.get(player as usize).map_or(&[][..], Action::moves)
    }
}

impl<const N: usize> Commands for [Action; N] {
    fn commands(&self, player: PlayerId) -> &[Movement] {
        self[..].commands(player)
    }
}

impl Commands for Vec<Action> {
    fn commands(&self, player: PlayerId) -> &[Movement] {
        self[..].commands(player)
    }
}
