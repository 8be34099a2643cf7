//! [`Roster`] for [`windward::Game`]: every windward bot by name.

use arena::Bot;
use windward::Game;

use crate::roster::Roster;

/// A recording keeps one state per this many ticks (the original's status cadence): see
/// [`arena::WINDWARD_RECORDING_STRIDE`].
pub const RECORDING_STRIDE: u32 = arena::WINDWARD_RECORDING_STRIDE;

impl Roster for Game {
    fn bot_names() -> &'static [(&'static str, &'static str)] {
        &super::bots::BOTS
    }

    fn bot(&self, name: &str) -> Result<Box<dyn Bot<Self>>, String> {
        super::bots::bot(name)
    }
}
