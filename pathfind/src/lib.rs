#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

mod error;
mod graph;
mod grid;
#[doc(hidden)]
pub mod internals;
pub mod palette;
pub mod replay;
mod search;
mod space;
#[cfg(feature = "proptest")]
pub mod strategy;
mod table;
pub mod tree;

pub use error::Error;
pub use graph::Graph;
pub use grid::Grid;
pub use search::{Field, Searcher};
pub use space::{Dir, NeighbourOrder, Node, Space};
pub use table::DistanceTable;
