//! The original server's built-in AI (`PlayerAI`, rules §11) as a bot of the contract
//! ([`pathfind::tree::Bot`]): what a car does when no client drives it, so a bot author can
//! train and test against the opponent the real server fields.
//!
//! It sends the orders a client sends ([`Action::Orders`]) and reacts to every tick's status
//! messages, which it hears ([`Bot::hear`]): a random pick-up list, heads for the first
//! passenger's lobby, then the destination; a random other company when refused, a random coffee
//! store without coffee; cards at random on UPDATE (47/50 skipped when holding a card, draws up
//! to the limit, else plays the first playable card 90% / discards 10%). Paths come from the
//! game's distance fields rather than the original's `SimpleAStar` (same lengths). Its random
//! draws are its own generator's (`Pcg64Mcg`, seeded by [`Bot::new_game`]), not the original's
//! .NET `Random`: the same behaviour in distribution, not draw for draw.
//!
//! ```
//! use pathfind::tree::{Bot, Game as _};
//! use windward::{Config, Game, builtin::BuiltIn, mapgen};
//!
//! let game = Game::new(mapgen::default_map(0), Config { max_ticks: 300 }).unwrap();
//! let mut state = game.initial_state(5);
//! let mut bots: Vec<BuiltIn> = (0..game.players()).map(|p| BuiltIn::new(p as u64, true)).collect();
//! while !game.is_terminal(&state) {
//!     let joint: Vec<_> = game
//!         .to_move(&state)
//!         .iter()
//!         .map(|p| bots[p].act(&game, &game.observe(&state, p), p))
//!         .collect();
//!     let events = game.advance(&mut state, &joint);
//!     for (p, bot) in bots.iter_mut().enumerate() {
//!         bot.hear(&game, &events, p);
//!     }
//! }
//! assert!(game.outcome(&state).is_some());
//! ```

use pathfind::tree::Bot;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::rules::{self, CardAction, Status};
use crate::tick::Order;
use crate::{
    Action, Card, CardKind, Events, Game, NUM_PLAYERS, Observation, PassengerId, PlayerId, Point,
    State,
};

/// One queued status message of the built-in AI (AI:108-123).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Message {
    status: Status,
    limo_tile: Point,
    dest_stop: Option<Point>,
    pickup: Vec<PassengerId>,
}

/// The original server's built-in AI (see the [module](self) docs); `cards` as the server's
/// `ai-powerups` setting.
#[derive(Debug, Clone, PartialEq)]
pub struct BuiltIn {
    rng: Pcg64Mcg,
    cards: bool,
    deck: Vec<Card>,
    hand: Vec<Card>,
    queue: Vec<Message>,
    /// The status messages about this player heard since it last acted (their order matters).
    heard: Vec<Status>,
    path: Vec<Point>,
    initialised: bool,
}

impl BuiltIn {
    /// A built-in AI with its own random generator; `cards` as the `ai-powerups` setting.
    pub fn new(seed: u64, cards: bool) -> BuiltIn {
        BuiltIn {
            rng: Pcg64Mcg::seed_from_u64(seed),
            cards,
            deck: Vec::new(),
            hand: Vec::new(),
            queue: Vec::new(),
            heard: Vec::new(),
            path: Vec::new(),
            initialised: false,
        }
    }

    /// `AllPickups`: passengers not delivered by me, not mine, not in a car, with a destination,
    /// in random order.
    fn all_pickups(&mut self, state: &State, me: PlayerId) -> Vec<PassengerId> {
        let pl = state.player(me);
        let mut list: Vec<PassengerId> = PassengerId::all()
            .filter(|&p| {
                let ps = &state.passengers[p.index()];
                !pl.delivered.contains(&p)
                    && pl.passenger != Some(p)
                    && ps.car.is_none()
                    && ps.destination.is_some()
            })
            .collect();
        list.shuffle(&mut self.rng);
        list
    }

    fn enqueue(&mut self, state: &State, me: PlayerId, status: Status) {
        let pl = state.player(me);
        let dest_stop = pl
            .passenger
            .and_then(|p| state.passengers[p.index()].destination)
            .map(|c| state.company_stops[c.index()]);
        let pickup = self.all_pickups(state, me);
        self.queue.push(Message {
            status,
            limo_tile: pl.car.tile(),
            dest_stop,
            pickup,
        });
    }

    fn process(&mut self, game: &Game, state: &State, me: PlayerId, out: &mut Vec<Order>) {
        let mut limo = None;
        let mut dest: Option<Point> = None;
        let mut pickup: Option<Vec<PassengerId>> = None;
        let queue = std::mem::take(&mut self.queue);
        for msg in queue {
            if self.cards && msg.status == Status::Update {
                self.cards_on_update(state, me, out);
                continue;
            }
            limo = Some(msg.limo_tile);
            let lobby_of = |p: PassengerId| {
                state.passengers[p.index()]
                    .lobby
                    .map(|c| state.company_stops[c.index()])
            };
            match msg.status {
                Status::NoPath | Status::PassengerNoAction => {
                    if let Some(d) = msg.dest_stop {
                        dest = Some(d);
                    } else if let Some(&first) = msg.pickup.first() {
                        dest = lobby_of(first);
                        pickup = Some(msg.pickup.clone());
                    }
                }
                Status::PassengerDelivered | Status::PassengerAbandoned => {
                    if let Some(&first) = msg.pickup.first() {
                        dest = lobby_of(first);
                        pickup = Some(msg.pickup.clone());
                    }
                }
                Status::PassengerRefusedEnemy => {
                    let others: Vec<Point> = state
                        .company_stops
                        .iter()
                        .copied()
                        .filter(|&s| Some(s) != msg.dest_stop)
                        .collect();
                    dest = others.get(self.rng.random_range(0..others.len())).copied();
                }
                Status::PassengerDeliveredAndPickedUp | Status::PassengerPickedUp
                    if !msg.pickup.is_empty() =>
                {
                    dest = msg.dest_stop;
                    pickup = Some(msg.pickup.clone());
                }
                _ => {}
            }
            let store = |rng: &mut Pcg64Mcg| {
                let n = state.coffee_stores.len();
                (n > 0).then(|| state.coffee_stores[rng.random_range(0..n)])
            };
            match msg.status {
                Status::PassengerDeliveredAndPickedUp
                | Status::PassengerDelivered
                | Status::PassengerAbandoned
                    if state.player(me).car.coffee <= 0 =>
                {
                    dest = store(&mut self.rng);
                    pickup = None;
                }
                Status::PassengerRefusedNoCoffee | Status::PassengerDeliveredAndPickUpRefused => {
                    dest = store(&mut self.rng);
                }
                Status::CoffeeStoreCarRestocked => {
                    if let Some(&first) = msg.pickup.first() {
                        dest = lobby_of(first);
                        pickup = Some(msg.pickup.clone());
                    }
                }
                _ => {}
            }
        }
        let (Some(limo), Some(dest)) = (limo, dest) else {
            return;
        };
        let Some(s) = game.stop_index(dest) else {
            return;
        };
        game.path_to_stop_plus_one(limo, s, &mut self.path);
        out.push(Order::Path {
            player: me,
            path: self.path.clone(),
            pickup: pickup.unwrap_or_default(),
        });
    }

    fn cards_on_update(&mut self, state: &State, me: PlayerId, out: &mut Vec<Order>) {
        if !self.hand.is_empty() && self.rng.random_range(0..50) < 47 {
            return;
        }
        let pl = state.player(me);
        let score = rules::score(state, me, pl.car.tile());
        let max = rules::max_hand(score);
        if self.hand.len() < max && !self.deck.is_empty() {
            let n = max - self.hand.len();
            for _ in 0..n {
                if self.deck.is_empty() {
                    break;
                }
                let card = self.deck.remove(0);
                self.hand.push(card);
                out.push(Order::Card {
                    player: me,
                    action: CardAction::Draw,
                    card,
                });
            }
            return;
        }
        // The first card the engine says is playable.
        let playable = |c: &Card| {
            pl.hand
                .iter()
                .any(|h| h.kind == c.kind && h.ok_to_play && same_target(h, c))
        };
        let Some(i) = self.hand.iter().position(playable) else {
            return;
        };
        let mut card = self.hand[i];
        if self.rng.random_range(0..10) == 0 {
            out.push(Order::Card {
                player: me,
                action: CardAction::Discard,
                card,
            });
        } else {
            if card.kind == CardKind::MovePassenger {
                let mut free: Vec<PassengerId> = PassengerId::all()
                    .filter(|p| state.passengers[p.index()].car.is_none())
                    .collect();
                free.shuffle(&mut self.rng);
                card.passenger = free.first().copied();
            }
            if matches!(card.kind, CardKind::ChangeDestination | CardKind::StopCar) {
                let mut carrying: Vec<PlayerId> = (0..NUM_PLAYERS)
                    .map(|i| PlayerId(i as u8))
                    .filter(|&p| p != me && state.player(p).passenger.is_some())
                    .collect();
                if carrying.is_empty() {
                    return;
                }
                carrying.shuffle(&mut self.rng);
                card.player = Some(carrying[0]);
            }
            out.push(Order::Card {
                player: me,
                action: CardAction::Play,
                card,
            });
        }
        self.hand.remove(i);
    }
}

fn same_target(a: &Card, b: &Card) -> bool {
    a.kind.takes_target() || (a.company == b.company && a.passenger == b.passenger)
}

impl Bot<Game> for BuiltIn {
    fn name(&self) -> String {
        if self.cards {
            "builtin"
        } else {
            "builtin-nocards"
        }
        .to_string()
    }

    fn new_game(&mut self, _game: &Game, _player: usize, seed: u64) {
        *self = BuiltIn::new(seed, self.cards);
    }

    /// Between status messages about it the AI sends nothing, so it need not look.
    fn act_unobserved(&mut self, _game: &Game, _player: usize) -> Option<Action> {
        (self.initialised && self.heard.is_empty()).then_some(Action::Wait)
    }

    /// AI:96-123: each status message about this player is queued; a relocation of all cars,
    /// or a new destination for its passenger, is queued as NO_PATH (a re-route).
    fn hear(&mut self, _game: &Game, events: &Events, player: usize) {
        let me = PlayerId(player as u8);
        for e in events {
            if let Some(card) = e.card {
                if e.status == Status::PowerUpPlayed
                    && (card.kind == CardKind::RelocateAllCars
                        || (card.kind == CardKind::ChangeDestination && card.player == Some(me)))
                {
                    self.heard.push(Status::NoPath);
                }
                continue;
            }
            if e.about == me {
                self.heard.push(e.status);
            }
        }
    }

    /// The `<setup>` answer on the first tick, then the queued messages processed on the state
    /// after the tick that sent them (as the original's AI thread does).
    fn act(&mut self, game: &Game, seen: &Observation, player: usize) -> Action {
        let state = &seen.state;
        let me = PlayerId(player as u8);
        let mut out = Vec::new();
        if !self.initialised {
            self.deck = state.player(me).deck.to_vec();
            self.deck.shuffle(&mut self.rng);
            self.initialised = true;
            self.heard.clear();
            self.enqueue(state, me, Status::NoPath);
            self.process(game, state, me, &mut out);
            return Action::from_orders(out);
        }
        let heard = std::mem::take(&mut self.heard);
        for &status in &heard {
            self.enqueue(state, me, status);
        }
        // The buffer goes back for the next messages: no allocation once it has grown.
        self.heard = heard;
        self.heard.clear();
        if !self.queue.is_empty() {
            self.process(game, state, me, &mut out);
        }
        Action::from_orders(out)
    }
}
