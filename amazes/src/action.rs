//! A player's answer: one line of 1..=256 moves `F`, `T`, `L`, `R` (seeds L71-82), or the fault
//! that made the jury take over.

use std::fmt;

use crate::maze::Dir;

/// The longest legal move line (seeds L73).
pub const MAX_MOVES: usize = 256;

/// One move: turn (or not), then step one square forward.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Move {
    /// Step straight ahead.
    F,
    /// Turn around, then step.
    T,
    /// Turn left, then step.
    L,
    /// Turn right, then step.
    R,
}

impl Move {
    /// All four moves.
    pub const ALL: [Move; 4] = [Move::F, Move::R, Move::T, Move::L];

    /// The heading after turning from `facing`.
    #[inline]
    pub const fn turn(self, facing: Dir) -> Dir {
        match self {
            Move::F => facing,
            Move::T => facing.back(),
            Move::L => facing.left(),
            Move::R => facing.right(),
        }
    }
    /// The move that turns `from` into `to`.
    pub fn between(from: Dir, to: Dir) -> Move {
        match (to.index() + 4 - from.index()) % 4 {
            0 => Move::F,
            1 => Move::R,
            2 => Move::T,
            _ => Move::L,
        }
    }
    /// The letter.
    pub const fn letter(self) -> u8 {
        match self {
            Move::F => b'F',
            Move::T => b'T',
            Move::L => b'L',
            Move::R => b'R',
        }
    }
    /// Reads a letter.
    pub const fn from_letter(c: u8) -> Option<Move> {
        match c {
            b'F' => Some(Move::F),
            b'T' => Some(Move::T),
            b'L' => Some(Move::L),
            b'R' => Some(Move::R),
            _ => None,
        }
    }
}

/// Why the jury took over a player (seeds L82, L118-122). Each one scores the player 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Fault {
    /// The program crashed or closed its output.
    #[error("the program crashed or closed its output")]
    Crash,
    /// No line within the time limit.
    #[error("the program ran out of time")]
    Timeout,
    /// An empty line (a line must have 1..=256 characters).
    #[error("empty move line")]
    Empty,
    /// More than 256 characters (the count).
    #[error("move line of {0} characters, more than 256")]
    TooLong(usize),
    /// A character other than `F`, `T`, `L`, `R` (the character and its 0-based position).
    #[error("illegal character {ch:?} at position {index}")]
    Illegal {
        /// The rejected character.
        ch: char,
        /// Its 0-based position.
        index: usize,
    },
}

/// A valid line of 1..=256 moves. Its length is what the player is charged.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveLine {
    len: u16,
    moves: [u8; MAX_MOVES],
}

impl MoveLine {
    /// The single move `T` (what the jury plays for a disqualified player).
    pub const JURY: MoveLine = {
        let mut moves = [0; MAX_MOVES];
        moves[0] = b'T';
        MoveLine { len: 1, moves }
    };

    /// Reads a line (rules doc A6: one trailing `\r` is stripped; anything else that is not
    /// `F`, `T`, `L`, `R`, spaces included, is illegal; no prefix of a bad line is kept).
    pub fn parse(text: &str) -> Result<MoveLine, Fault> {
        let text = text.strip_suffix('\n').unwrap_or(text);
        let text = text.strip_suffix('\r').unwrap_or(text);
        if let Some((index, ch)) = text.char_indices().find(|(_, c)| !"FTLR".contains(*c)) {
            return Err(Fault::Illegal {
                ch,
                index: text[..index].chars().count(),
            });
        }
        // Only ASCII remains.
        MoveLine::from_bytes(text.as_bytes())
    }

    /// A line of already-checked letters; fails on length or on a byte that is not `FTLR`.
    pub fn from_bytes(bytes: &[u8]) -> Result<MoveLine, Fault> {
        if bytes.is_empty() {
            return Err(Fault::Empty);
        }
        if bytes.len() > MAX_MOVES {
            return Err(Fault::TooLong(bytes.len()));
        }
        if let Some(index) = bytes.iter().position(|&b| Move::from_letter(b).is_none()) {
            return Err(Fault::Illegal {
                ch: bytes[index] as char,
                index,
            });
        }
        let mut moves = [0; MAX_MOVES];
        moves[..bytes.len()].copy_from_slice(bytes);
        Ok(MoveLine {
            len: bytes.len() as u16,
            moves,
        })
    }

    /// A line from moves (fails if empty or longer than 256).
    pub fn from_moves(moves: &[Move]) -> Result<MoveLine, Fault> {
        if moves.is_empty() {
            return Err(Fault::Empty);
        }
        if moves.len() > MAX_MOVES {
            return Err(Fault::TooLong(moves.len()));
        }
        let mut line = MoveLine {
            len: moves.len() as u16,
            moves: [0; MAX_MOVES],
        };
        for (slot, m) in line.moves.iter_mut().zip(moves) {
            *slot = m.letter();
        }
        Ok(line)
    }

    /// Number of moves (the characters charged).
    pub fn len(&self) -> usize {
        self.len as usize
    }
    /// Always false: a valid line has at least one move.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The letters.
    pub fn as_bytes(&self) -> &[u8] {
        &self.moves[..self.len as usize]
    }
    /// The text.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(self.as_bytes()).unwrap_or("")
    }
    /// The moves.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.as_bytes()
            .iter()
            .map(|&b| Move::from_letter(b).unwrap_or(Move::T))
    }
}

impl fmt::Debug for MoveLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MoveLine({:?})", self.as_str())
    }
}

impl fmt::Display for MoveLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for MoveLine {
    type Err = Fault;
    fn from_str(s: &str) -> Result<MoveLine, Fault> {
        MoveLine::parse(s)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for MoveLine {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for MoveLine {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<MoveLine, D::Error> {
        let text = String::deserialize(d)?;
        MoveLine::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// What the mover does this turn: a line of moves, or a fault after which the jury plays `T`.
// A line is a fixed 256-byte array on purpose (Copy, no heap), so the size difference is fine.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// A valid line.
    Moves(MoveLine),
    /// The program failed this turn; none of its moves is performed (seeds L79, L82).
    Fault(Fault),
}

impl Action {
    /// The action for a line as the program wrote it (without its `\n`).
    pub fn from_line(text: &str) -> Action {
        match MoveLine::parse(text) {
            Ok(line) => Action::Moves(line),
            Err(fault) => Action::Fault(fault),
        }
    }
}
