//! The one bot shape of every game of the [`pathfind::tree::Game`] contract, [`Bot`]: defined
//! beside the contract in `pathfind::tree`, so that each game crate's built-in opponent (the
//! Tron3D kit's Demo, Dogfight's DumbPlanes, the Windward server's AI, the CloudWars greedy bot,
//! the Amazes explorer) is a bot of this shape without depending on the arena. The runner drives
//! any mix of them, the example bots, a bot author's own and programs
//! ([`crate::program::ProgramBot`]) through it.

pub use pathfind::tree::Bot;
