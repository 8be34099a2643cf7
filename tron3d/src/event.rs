//! What a round did: [`Events`] (the contract's `Events`, returned by
//! [`Game::advance`](crate::Game::advance)) and, one by one, each [`Event`] in it.

use smallvec::SmallVec;

use crate::{BikeId, BikeSet, Item, MAX_PLAYERS, Movement, PlayerId, VertexId};

/// One thing that happened in a round, as [`Events::iter`] lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Event {
    /// A bike's command passed every check and was executed (the bike moved, maybe into the
    /// wall it crashed on).
    Moved(Movement),
    /// A bike picked up the item lying on the vertex it entered.
    PickedUp {
        /// The bike.
        bike: BikeId,
        /// The vertex the item lay on.
        vertex: VertexId,
        /// The item (a [`Item::Points`] bonus is scored at once).
        item: Item,
    },
    /// A bike moved into a wall.
    Crashed(BikeId),
    /// A bike died (crashed, or did not move when it had to).
    Died(BikeId),
    /// The bonus items appeared at the end of the round.
    ItemsSpawned,
}

/// What one round did.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Events {
    /// The players in execution order (the round's shuffle).
    pub order: SmallVec<[PlayerId; MAX_PLAYERS]>,
    /// The commands that passed every check, in execution order, including moves that then
    /// crashed (the `.t3d` `movements` section).
    pub executed: SmallVec<[Movement; 16]>,
    /// Bikes that moved into a wall this round.
    pub crashed: BikeSet,
    /// Bikes that died this round (crashed or overheated).
    pub died: BikeSet,
    /// Items picked up: (bike, vertex, item).
    pub pickups: SmallVec<[(u8, VertexId, Item); 4]>,
    /// Whether the bonus items appeared at the end of this round.
    pub items_spawned: bool,
}

impl Events {
    pub(crate) fn clear(&mut self) {
        self.order.clear();
        self.executed.clear();
        self.crashed = BikeSet::default();
        self.died = BikeSet::default();
        self.pickups.clear();
        self.items_spawned = false;
    }
}

impl Events {
    /// Each thing that happened, in this order: the executed moves (in execution order), the
    /// pickups, the crashes, the deaths (by bike id), then the items' appearance.
    ///
    /// ```
    /// use tron3d::{Action, Game, Movement, event::Event, generate::Preset};
    ///
    /// let game = Game::new(Preset::Cube.board(), Preset::Cube.config()).unwrap();
    /// let mut state = game.initial_state(0);
    /// let events = game.advance(&mut state, &[]); // nobody moves: every bike overheats
    /// assert!(events.iter().all(|event| matches!(event, Event::Died(_))));
    /// assert_eq!(events.iter().count(), state.bikes().len());
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = Event> + '_ {
        let moved = self.executed.iter().map(|&m| Event::Moved(m));
        let picked = self
            .pickups
            .iter()
            .map(|&(bike, vertex, item)| Event::PickedUp { bike, vertex, item });
        let crashed = self.crashed.iter().map(|k| Event::Crashed(k as BikeId));
        let died = self.died.iter().map(|k| Event::Died(k as BikeId));
        let spawned = self.items_spawned.then_some(Event::ItemsSpawned);
        moved
            .chain(picked)
            .chain(crashed)
            .chain(died)
            .chain(spawned)
    }
}
