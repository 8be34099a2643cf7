//! The bot-side map: a player's own knowledge in coordinates relative to its start.
//!
//! A bot never learns where it is in the maze, so [`LocalMap`] puts its start at `(0, 0)`,
//! facing "north", and keeps a window of `(2n-1)²` squares around it: whatever the real start,
//! every real square fits. It applies the same look and inference engine as the referee, so its
//! discovered count is the referee's count for that player on every turn (a property test plays
//! whole games to check this). The only difference is the outer edges: the bot learns them from
//! the column and row rules, which in the window mark the wall lines just outside the known
//! columns (rows); the opposing-edge rule needs no separate step (rules doc §8.4: it never
//! changes a count).

use crate::action::{Move, MoveLine};
use crate::game::walk;
use crate::knowledge::{Frame, Reading, WindowKnowledge};
use crate::maze::{DEFAULT_SIZE, Dir, MAX_SIZE, Pose, Square};
use crate::view::{View, ViewError};

/// A pose relative to the start: `row`/`col` offsets (row grows "south" of the start's
/// facing) and the heading, where the start faces [`Dir::N`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RelPose {
    /// Rows from the start (negative: ahead of the start's facing).
    pub row: i32,
    /// Columns from the start (positive: to the start's right).
    pub col: i32,
    /// Heading; the start faces `N`.
    pub facing: RelDir,
}

/// A direction in the start's frame (a newtype over [`Dir`], so it is never mixed up with an
/// absolute one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RelDir(pub Dir);

/// What a line of moves will do, as far as the map can tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Prediction {
    /// Squares the walk will discover.
    pub discovered: usize,
    /// Characters charged.
    pub cost: usize,
    /// Steps executed (the extra `T` not included).
    pub steps: usize,
    /// Whether the extra `T` will be performed.
    pub extra_t: bool,
    /// Where the walk ends.
    pub end: RelPose,
}

impl Prediction {
    /// Points the walk earns before the first-discovery bonus (which depends on the opponent)
    /// and the capture bonus: `discovered - cost`.
    pub fn points(&self) -> i32 {
        self.discovered as i32 - self.cost as i32
    }
}

/// A walk crossed an edge the map does not know: where it ends cannot be predicted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("move {step} of the line crosses an edge the map does not know")]
pub struct Uncertain {
    /// 0-based index of the move.
    pub step: usize,
}

/// A player's map of the maze relative to its start.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LocalMap {
    size: usize,
    knowledge: WindowKnowledge,
    pose: RelPose,
}

impl Default for LocalMap {
    fn default() -> LocalMap {
        LocalMap::new(DEFAULT_SIZE, Reading::Literal)
    }
}

impl LocalMap {
    /// An empty map for a maze of side `size` (2..=32), at the start.
    pub fn new(size: usize, reading: Reading) -> LocalMap {
        let size = size.clamp(2, MAX_SIZE);
        let side = 2 * size - 1;
        LocalMap {
            size,
            knowledge: WindowKnowledge::with_frame(side, side, 6, size, Frame::Window, reading),
            pose: RelPose::default(),
        }
    }

    /// The maze side.
    pub fn size(&self) -> usize {
        self.size
    }
    /// Where the player is now.
    pub fn pose(&self) -> RelPose {
        self.pose
    }
    /// The engine underneath (cells are window indices: see [`LocalMap::cell`]).
    pub fn knowledge(&self) -> &WindowKnowledge {
        &self.knowledge
    }
    /// The engine underneath, for building a map from other knowledge.
    pub(crate) fn knowledge_mut(&mut self) -> &mut WindowKnowledge {
        &mut self.knowledge
    }
    /// Squares discovered so far (equal to the referee's count for this player).
    pub fn discovered_count(&self) -> usize {
        self.knowledge.discovered_count()
    }

    /// The window cell of a relative square, or `None` outside the window.
    pub fn cell(&self, row: i32, col: i32) -> Option<usize> {
        let o = self.size as i32 - 1;
        let (r, c) = (row + o, col + o);
        let side = 2 * self.size as i32 - 1;
        if r < 0 || c < 0 || r >= side || c >= side {
            return None;
        }
        Some(self.knowledge.index(r as usize, c as usize))
    }
    /// The relative square of a window cell.
    pub fn coords(&self, cell: usize) -> (i32, i32) {
        let (r, c) = self.knowledge.coords(cell);
        let o = self.size as i32 - 1;
        (r as i32 - o, c as i32 - o)
    }
    /// The window cell the player stands on.
    pub fn here(&self) -> usize {
        self.cell(self.pose.row, self.pose.col)
            .expect("the player stays inside its window")
    }
    /// The known state of edge `dir` of the relative square (`None`: unknown or off the map).
    pub fn edge(&self, row: i32, col: i32, dir: RelDir) -> Option<bool> {
        self.knowledge.edge(self.cell(row, col)?, dir.0)
    }
    /// Whether the relative square is discovered.
    pub fn is_discovered(&self, row: i32, col: i32) -> bool {
        self.cell(row, col)
            .is_some_and(|c| self.knowledge.is_discovered(c))
    }

    /// Applies the view read at the start of a turn, then inference. Returns the squares it
    /// discovered (the points the look earns, before the first-discovery bonus).
    pub fn observe(&mut self, view: &View) -> Result<usize, ViewError> {
        let here = self.here();
        let mut found = 0;
        self.knowledge
            .apply_view(here, self.pose.facing.0, view, &mut |_| found += 1)?;
        self.knowledge.infer(&mut |_| found += 1);
        Ok(found)
    }

    fn step_known(&self, sq: Square, d: Dir) -> Option<Square> {
        // Squares here are window cells packed as `Square::from_index`.
        let cell = sq.index();
        if self.knowledge.edge(cell, d) == Some(true) {
            self.knowledge.neighbour(cell, d).map(Square::from_index)
        } else {
            None
        }
    }

    fn to_pose(&self, p: RelPose) -> Pose {
        Pose::new(
            Square::from_index(self.cell(p.row, p.col).unwrap_or(0)),
            p.facing.0,
        )
    }
    fn rel_pose(&self, p: Pose) -> RelPose {
        let (row, col) = self.coords(p.square.index());
        RelPose {
            row,
            col,
            facing: RelDir(p.facing),
        }
    }

    /// What `line` will do from the current pose, if every step crosses a known edge (a known
    /// wall stops the walk, as the referee does); otherwise which step is uncertain.
    pub fn predict(&self, line: &MoveLine) -> Result<Prediction, Uncertain> {
        let mut pose = self.pose;
        let mut uncertain = None;
        let mut steps = 0;
        for (i, m) in line.moves().enumerate() {
            let d = m.turn(pose.facing.0);
            let cell = self.cell(pose.row, pose.col).ok_or(Uncertain { step: i })?;
            match self.knowledge.edge(cell, d) {
                Some(true) => {
                    let (dr, dc) = d.delta();
                    pose = RelPose {
                        row: pose.row + dr,
                        col: pose.col + dc,
                        facing: RelDir(d),
                    };
                    steps += 1;
                }
                Some(false) => break,
                None => {
                    uncertain = Some(i);
                    break;
                }
            }
        }
        if let Some(step) = uncertain {
            return Err(Uncertain { step });
        }
        let mut seen = crate::knowledge::Bits::<64>::EMPTY;
        let mut discovered = 0;
        let w = walk(
            self.to_pose(self.pose),
            line.moves().take(steps),
            |sq, d| {
                self.step_known(sq, d).or_else(|| {
                    self.knowledge
                        .neighbour(sq.index(), d)
                        .map(Square::from_index)
                })
            },
            |sq| {
                if !self.knowledge.is_discovered(sq.index()) && seen.insert(sq.index()) {
                    discovered += 1;
                }
            },
        );
        Ok(Prediction {
            discovered,
            cost: line.len(),
            steps: w.steps as usize,
            extra_t: w.extra_t,
            end: self.rel_pose(w.end),
        })
    }

    /// Plays `line` on the map when its outcome is certain (see [`LocalMap::predict`]).
    pub fn apply(&mut self, line: &MoveLine) -> Result<Prediction, Uncertain> {
        let prediction = self.predict(line)?;
        self.apply_executed(line, prediction.steps, prediction.extra_t);
        Ok(prediction)
    }

    /// Plays the first `steps` moves of `line` as the referee executed them, then the extra `T`
    /// if it was performed, discovering the squares walked. For bots that learn how far a walk
    /// went (and for tests that feed the referee's report).
    pub fn apply_executed(&mut self, line: &MoveLine, steps: usize, extra_t: bool) -> usize {
        let mut pose = self.pose;
        let mut found = 0;
        let mut step = |pose: &mut RelPose, d: Dir, map: &mut LocalMap| {
            let (dr, dc) = d.delta();
            let next = RelPose {
                row: pose.row + dr,
                col: pose.col + dc,
                facing: RelDir(d),
            };
            if let Some(cell) = map.cell(next.row, next.col) {
                *pose = next;
                if map.knowledge.discover(cell, &mut |_| {}) {
                    found += 1;
                }
            }
        };
        for m in line.moves().take(steps) {
            let d = m.turn(pose.facing.0);
            step(&mut pose, d, self);
        }
        if extra_t {
            let d = Move::T.turn(pose.facing.0);
            step(&mut pose, d, self);
        }
        self.pose = pose;
        found
    }
}
