#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod action;
pub mod game;
pub mod generate;
pub mod knowledge;
pub mod local;
pub mod maze;
pub mod mazes;
#[cfg(feature = "proptest")]
pub mod strategy;
pub mod trace;
pub mod view;

pub use action::{Action, Fault, MAX_MOVES, Move, MoveLine};
pub use game::{
    Config, End, Game, GameError, LookReport, Outcome, Player, State, TurnEvent, Walk, walk,
};
pub use generate::{generate, random_starts};
pub use knowledge::{Bits, Knowledge, Reading, RefereeKnowledge, WindowKnowledge};
pub use local::{LocalMap, Prediction, RelDir, RelPose, Uncertain};
pub use maze::{DEFAULT_SIZE, Dir, MAX_SIZE, Maze, MazeError, MazeFile, MazeStats, Pose, Square};
pub use view::{Line, View, ViewError};
