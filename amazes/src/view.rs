//! What a player is told at the start of its turn (seeds L54-67): four corridor lines (ahead,
//! right, behind, left) and the squared distance to the opponent.

use std::fmt;

use crate::maze::{Dir, MAX_SIZE, Maze, Pose};

/// A malformed view line or view.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ViewError {
    /// A line is empty, too long, does not end in `W`, or has a character other than `BLRN`.
    #[error("view line {line:?}: {reason}")]
    Line {
        /// The rejected line (its first 80 characters, `…` marking a cut).
        line: String,
        /// Why.
        reason: &'static str,
    },
    /// The fifth line is not a squared distance (its first 80 characters).
    #[error("distance line {0:?} is not an integer 0..=2048")]
    Distance(String),
    /// Fewer than five lines.
    #[error("view has {0} lines, expected 5")]
    LineCount(usize),
    /// The view does not fit the map it is applied to (a corridor runs off the map).
    #[error("view line {0} runs off the map")]
    OffMap(usize),
}

/// One corridor line: the squares seen in one direction, each `B`, `L`, `R` or `N` (openings on
/// both sides, to the left, to the right, none; left and right relative to the line's own
/// direction), then `W`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Line {
    len: u8,
    bytes: [u8; MAX_SIZE],
}

impl Line {
    /// The line text, `W` included.
    pub fn as_str(&self) -> &str {
        // Only ASCII `BLRNW` is ever stored.
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("W")
    }
    /// The corridor squares (the characters before the final `W`).
    pub fn squares(&self) -> &[u8] {
        &self.bytes[..self.len as usize - 1]
    }
    /// Length of the line, `W` included.
    pub fn len(&self) -> usize {
        self.len as usize
    }
    /// Always false: a line has at least its `W`.
    pub fn is_empty(&self) -> bool {
        false
    }
    /// Reads a line: `[BLRN]{0,31}W`.
    pub fn parse(text: &str) -> Result<Line, ViewError> {
        let bad = |reason| ViewError::Line {
            line: crate::maze::quote(text),
            reason,
        };
        let b = text.as_bytes();
        if b.is_empty() || b.len() > MAX_SIZE {
            return Err(bad("length outside 1..=32"));
        }
        if b[b.len() - 1] != b'W' {
            return Err(bad("does not end in W"));
        }
        if b[..b.len() - 1].iter().any(|c| !b"BLRN".contains(c)) {
            return Err(bad("character other than B, L, R, N before the W"));
        }
        let mut line = Line {
            len: b.len() as u8,
            bytes: [0; MAX_SIZE],
        };
        line.bytes[..b.len()].copy_from_slice(b);
        Ok(line)
    }

    /// The line seen from `square` looking in absolute direction `dir` (rules doc §5).
    pub fn look(maze: &Maze, pose: Pose) -> Line {
        let d = pose.facing;
        let mut line = Line {
            len: 0,
            bytes: [0; MAX_SIZE],
        };
        let mut x = pose.square;
        while maze.is_open(x, d) {
            let Some(next) = maze.neighbour(x, d) else {
                break;
            };
            x = next;
            let mask = maze.open_mask(x);
            let ol = mask & d.left().bit() != 0;
            let or = mask & d.right().bit() != 0;
            line.bytes[line.len as usize] = match (ol, or) {
                (true, true) => b'B',
                (true, false) => b'L',
                (false, true) => b'R',
                (false, false) => b'N',
            };
            line.len += 1;
        }
        line.bytes[line.len as usize] = b'W';
        line.len += 1;
        line
    }
}

impl fmt::Debug for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Line {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Line {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Line, D::Error> {
        let text = String::deserialize(d)?;
        Line::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// The five lines a player reads before it moves (the optional `Start` line aside).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct View {
    /// Ahead, right, behind, left: line `k` looks in direction `facing` turned `k` quarters clockwise.
    pub lines: [Line; 4],
    /// Squared Euclidean distance to the opponent.
    pub distance2: u32,
}

impl View {
    /// What a player at `pose` sees, with the opponent on `opponent`.
    pub fn look(maze: &Maze, pose: Pose, opponent: crate::Square) -> View {
        let line = |k: usize| {
            Line::look(
                maze,
                Pose::new(pose.square, Dir::from_index(pose.facing.index() + k)),
            )
        };
        View {
            lines: [line(0), line(1), line(2), line(3)],
            distance2: pose.square.distance2(opponent),
        }
    }

    /// Reads the five lines (a trailing `\r` on each is ignored; lines after the fifth are not
    /// read). Each line is checked against its limit (32 characters for a corridor line, an
    /// integer `0..=2048` for the distance) before anything is kept; nothing is allocated unless
    /// an error quotes the rejected line.
    pub fn parse_lines(lines: &[&str]) -> Result<View, ViewError> {
        if lines.len() < 5 {
            return Err(ViewError::LineCount(lines.len()));
        }
        let mut out = [Line::parse("W")?; 4];
        for k in 0..4 {
            out[k] = Line::parse(lines[k].trim_end_matches('\r'))?;
        }
        let d = lines[4].trim_end_matches('\r');
        let distance2 = match d.parse::<u32>() {
            Ok(v) if v <= 2048 => v,
            _ => return Err(ViewError::Distance(crate::maze::quote(d))),
        };
        Ok(View {
            lines: out,
            distance2,
        })
    }
}

impl fmt::Display for View {
    /// The five lines exactly as the referee sends them, each followed by `\n`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in &self.lines {
            writeln!(f, "{line}")?;
        }
        writeln!(f, "{}", self.distance2)
    }
}
