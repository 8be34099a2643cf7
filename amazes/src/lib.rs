#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod action;
pub mod contract;
pub mod event;
pub mod explorer;
pub mod game;
pub mod generate;
pub mod knowledge;
pub mod local;
pub mod maze;
pub mod mazes;
pub mod observation;
pub mod outcome;
pub mod replay;
#[cfg(feature = "proptest")]
pub mod strategy;
#[cfg(feature = "svg")]
pub mod svg;
pub mod tensor;
pub mod trace;
pub mod view;

pub use action::{Action, Fault, MAX_MOVES, Move, MoveLine};
pub use contract::Belief;
pub use event::Event;
#[allow(deprecated)]
pub use event::TurnEvent;
#[allow(deprecated)]
pub use game::GameError;
pub use game::{
    Config, ConfigError, Game, LookReport, MAX_CAPTURE_BONUS, MAX_TURNS, Player, State, Walk, walk,
};
pub use generate::{generate, random_starts, starts_exist, valid_start_pairs};
pub use knowledge::{Bits, Knowledge, Reading, RefereeKnowledge, WindowKnowledge};
pub use local::{LocalMap, Prediction, RelDir, RelPose, Uncertain};
pub use maze::{
    DEFAULT_SIZE, Dir, MAX_MAZE_TEXT, MAX_SIZE, Maze, MazeError, MazeFile, MazeStats, Pose, Square,
};
pub use observation::Observation;
pub use outcome::{End, Outcome};
pub use view::{Line, View, ViewError};
