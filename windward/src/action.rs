//! What a player can do in a tick: [`Action`] (the contract's `Action`), and a pick-up list
//! ([`Pickup`]).

use smallvec::SmallVec;

use crate::contract::plan_path;
use crate::game::Game;
use crate::rules::CardAction;
use crate::state::{Card, NUM_PASSENGERS, PassengerId, PlayerId, State};
use crate::tick::round::Order;

/// A pick-up list, in order of preference (at most one entry per passenger).
pub type Pickup = SmallVec<[PassengerId; NUM_PASSENGERS]>;

/// One player's action for one tick.
///
/// An action that names something that does not exist (a stop index out of range, an unknown
/// passenger or player id) changes nothing, like an [`Order`] that fails [`Order::validate`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// Send nothing: the car goes on along its path.
    Wait,
    /// Drive a shortest path to stop `stop` (an index into [`Game::stops`]: the bus stops, then
    /// the coffee stops), plus one tile to leave it again (as the original AI's
    /// `CalculatePathPlus1`), and replace the pick-up list unless `pickup` is empty (a `<move>`
    /// message whose path starts at the tile the car enters next, rules §4.9 case 1).
    GoTo {
        /// The stop.
        stop: u16,
        /// The new pick-up list; empty keeps the old one.
        pickup: Pickup,
    },
    /// A card message (`<order>`): draw, discard or play `card` (with its targets set).
    Card {
        /// What to do.
        action: CardAction,
        /// The card.
        card: Card,
    },
    /// The messages a client sends in one tick, as the order-level loop
    /// ([`Game::advance_orders_into`]) queues them: applied in this order where the original applies
    /// queued orders. What the built-in AI and the planner send (several cards and a path in one
    /// tick). An order from another sender, or one that fails [`Order::validate`], changes
    /// nothing (the original's server ignores it).
    Orders(Vec<Order>),
}

impl Action {
    /// The orders of one tick as an action: [`Action::Wait`] when there are none.
    pub fn from_orders(orders: Vec<Order>) -> Action {
        if orders.is_empty() {
            Action::Wait
        } else {
            Action::Orders(orders)
        }
    }

    /// The same action as the [`Order`]s a client would send for `player`, appended to `out`
    /// (nothing for [`Action::Wait`] and an action naming a stop that does not exist; the orders
    /// of [`Action::Orders`] that `player` sent).
    pub fn to_orders(&self, game: &Game, state: &State, player: PlayerId, out: &mut Vec<Order>) {
        match self {
            Action::Orders(orders) => {
                out.extend(orders.iter().filter(|o| o.player() == player).cloned())
            }
            _ => out.extend(self.to_order(game, state, player)),
        }
    }

    /// The same action as the [`Order`] a client would send for `player` (allocates the path),
    /// or `None` for [`Action::Wait`], an action naming a stop that does not exist, and
    /// [`Action::Orders`] (which may be several: [`Action::to_orders`]).
    pub fn to_order(&self, game: &Game, state: &State, player: PlayerId) -> Option<Order> {
        match self {
            Action::Wait | Action::Orders(_) => None,
            Action::GoTo { stop, pickup } => {
                let car = &state.players.get(player.index())?.car.vehicle;
                let mut path = Vec::new();
                plan_path(
                    game,
                    car.location.tile(),
                    car.location.next_tile(),
                    *stop,
                    &mut path,
                )
                .then_some(Order::Path {
                    player,
                    path,
                    pickup: pickup.to_vec(),
                })
            }
            Action::Card { action, card } => Some(Order::Card {
                player,
                action: *action,
                card: *card,
            }),
        }
    }
}
