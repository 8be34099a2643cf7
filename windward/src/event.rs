//! What a tick did: each status message, an [`Event`], and a tick's [`Events`] (the contract's
//! `Events`, returned by [`Game::advance`](crate::Game::advance)).

use smallvec::SmallVec;

use crate::rules::Status;
use crate::state::{Card, PlayerId};

/// Who receives a status message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Recipient {
    /// Every player.
    All,
    /// Only the player the event is about.
    Only,
}

/// A status message produced by a rule: what happened to whom, and who is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Event {
    /// Who is told.
    pub to: Recipient,
    /// The player it is about (the card's player for card statuses).
    pub about: PlayerId,
    /// The status code.
    pub status: Status,
    /// The card, for card statuses.
    pub card: Option<Card>,
}

/// Events kept inline by [`Events`]: a tick's status broadcast is 10, bus-stop and card events a
/// few more; a tick with more spills to the heap.
pub const EVENTS_INLINE: usize = 32;

/// The status messages of one tick, as [`Game::advance`](crate::Game::advance) and
/// [`Game::advance_orders`](crate::Game::advance_orders) return them.
pub type Events = SmallVec<[Event; EVENTS_INLINE]>;
