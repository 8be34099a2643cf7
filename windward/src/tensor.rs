//! Windward as tensors ([`pathfind::tree::Tensor`]), for learning.
//!
//! **Actions.** `152 + S` for a map of `S` stops ([`Game::stops`]: the bus stops, then the coffee
//! stops), covering every action [`Game::legal_actions`] lists:
//!
//! | index | action |
//! |---|---|
//! | `0` | [`Action::Wait`] |
//! | `1 + s` | [`Action::GoTo`] stop `s`, with the pick-up list `legal_actions` gives it: at a bus stop every passenger waiting in a lobby that the player has not delivered, most points first; at a coffee stop none (the old list kept) |
//! | `P = 1 + S`, then `P + k` | play a hand card: `k` in `0..12` MULT_DELIVERING_PASSENGER of passenger `k`; `12..24` MULT_DELIVER_AT_COMPANY of company `k − 12`; `24..36` MOVE_PASSENGER on passenger `k − 24`; `36..45` CHANGE_DESTINATION on the player `k − 35` seats after the viewer; `45` MULT_DELIVERY_QUARTER_SPEED; `46` ALL_OTHER_CARS_QUARTER_SPEED; `47..56` STOP_CAR on the player `k − 46` seats after; `56` RELOCATE_ALL_CARS; `57` RELOCATE_ALL_PASSENGERS |
//! | `D = P + 58`, then `D + c` | draw the deck card of *kind* `c` |
//! | `D + 31 + 2c + r` | discard the hand card of kind `c`, not yet playable (`r = 0`) or playable (`r = 1`) |
//!
//! where a card's *kind* `c` in `0..31` ([`card_kind`]) is `0..12` MULT_DELIVERING_PASSENGER by
//! passenger, `12..24` MULT_DELIVER_AT_COMPANY by company, then the seven cards every deck holds
//! in [`CardKind::FIXED`] order. A player holds each kind once (a deck is 6 distinct
//! multiplier cards and the 7 fixed ones), so an index names one card; the action carries that
//! card as it lies in the hand or deck (its playable flag, any target a message wrote into it),
//! the first one should raw [`Action::Orders`] have drawn a card twice. The mask is
//! `legal_actions` exactly.
//!
//! What the space cannot express ([`Tensor::action_index`] is `None`): a GoTo with another
//! pick-up list (a chosen order of preference, or only some passengers), several messages in
//! one tick ([`Action::Orders`]), and card messages the rules ignore or refuse (a card not held,
//! a play with a foreign target). An index whose card the player does not hold stands for
//! nothing ([`Tensor::index_action`] is `None`). A GoTo to a stop the car cannot reach is
//! expressed and changes nothing, as the engine does.
//!
//! **Observation.** Shape `[11 + F, H, W]` over the `W × H` tiles of the map (tile `(x, y)` at
//! row `y`, column `x`), with `F` feature planes (1 on the shipped 40×30 maps). It holds only
//! what the original's messages tell the player (`<setup>`, `<status>`, `<powerup-status>`):
//!
//! | plane | value per tile |
//! |---|---|
//! | 0 | 1 on a driveable tile |
//! | 1 | 1 on a company's bus stop |
//! | 2 | 1 on a coffee store |
//! | 3 | 1 on the viewer's car |
//! | 4 | 1 on each tile of the viewer's path |
//! | 5 | 1 on the stop of its passenger's destination |
//! | 6 | the number of other cars on the tile |
//! | 7 | the number of those carrying a passenger |
//! | 8 | on a bus stop, the points (over 3) of the passengers waiting there that the viewer may still deliver |
//! | 9 | on a bus stop, the points (over 3) of those passengers whose destination it is |
//! | 10 | on a bus stop, the number of the viewer's pick-up list waiting there |
//!
//! Planes `11..` hold a feature vector, row-major from plane 11's first tile, zero after its
//! end ([`FEATURES`] values):
//!
//! - the tick over the round's limit; the viewer's score (over 10), coffee (over 3), deliveries
//!   (over 8), hand limit and hand size (over 4); its car's heading (4, one-hot);
//! - its passenger (12, one-hot); its hand by card kind, held (31) and playable (31); its deck
//!   by kind (31); its MULT card waiting for the next bus stop and its card in transit (31 each,
//!   one-hot); whether an instant card of its is waiting to act (1);
//! - for each other player in seat order after the viewer (9 × 7): score (over 10), coffee
//!   (over 3), hand limit (over 4), deliveries (over 8; each delivery is announced), carrying a
//!   passenger, holding a MULT card for the next stop, carrying a passenger with a transit card;
//! - for each passenger (12 × 6): waiting in a lobby, in the viewer's car, in another car, done,
//!   delivered by the viewer, its points (over 3); and the enemies table (12 × 12: 1 where
//!   passenger `i` refuses to get out when `j` waits in the lobby).
//!
//! Deliberately left out, as the player is not told them: the other players' hands, decks, paths
//! and pick-up lists and the instant cards they have just played (only their effects show), the
//! traffic lights' phases, the cars' positions within a tile and speeds, and the round's random
//! generator. Told but left out for size: the passengers' later routes, which MULT cards the
//! rivals hold for their next stop and in transit (only whether they do), and the scoreboard of
//! earlier rounds. A player number that is not a seat (10 and above) gets all zeros.
//!
//! ```
//! use pathfind::tree::{Game as _, Tensor};
//! use windward::{Action, Config, Game};
//!
//! let game = Game::new(windward::mapgen::default_map(0), Config::default())?;
//! let state = game.initial_state(3);
//! let stops = game.stops().len();
//! assert_eq!(game.num_distinct_actions(), 152 + stops);
//!
//! let mut mask = vec![false; game.num_distinct_actions()];
//! game.legal_mask(&state, 4, &mut mask);
//! let mut legal = Vec::new();
//! game.legal_actions(&state, 4, &mut legal);
//! assert_eq!(mask.iter().filter(|&&m| m).count(), legal.len());
//! assert!(mask[0]);
//! // Index 1: drive to the first bus stop, collecting every waiting passenger.
//! assert!(matches!(game.index_action(&state, 4, 1), Some(Action::GoTo { stop: 0, .. })));
//!
//! let mut planes = vec![0.0; game.observation_len()];
//! game.observation_tensor(&state, 4, &mut planes);
//! assert_eq!(game.observation_shape(), [12, 30, 40]);
//! let car = state.players[4].car.tile();
//! assert_eq!(planes[3 * 1200 + car.y as usize * 40 + car.x as usize], 1.0);
//! # Ok::<(), windward::ConfigError>(())
//! ```

use pathfind::tree::Tensor;

use crate::action::{Action, Pickup};
use crate::contract::full_pickup;
use crate::game::Game;
use crate::geometry::{Heading, Point};
use crate::rules::{self, CardAction};
use crate::state::{
    Card, CardKind, DELIVERIES_TO_WIN, FULL_COFFEE, NUM_PASSENGERS, NUM_PLAYERS, PassengerId,
    PlayerId, State,
};

/// Spatial planes before the feature planes.
pub const SPATIAL_PLANES: usize = 11;

/// Card kinds of the action space and the features ([`card_kind`]).
pub const CARD_KINDS: usize = 31;

/// Play slots of the action space.
const PLAY_SLOTS: usize = 58;

/// Values per other player in the features.
const OTHER_FEATURES: usize = 7;

/// Values per passenger in the features (the enemies table apart).
const PASSENGER_FEATURES: usize = 6;

/// The length of the feature vector.
pub const FEATURES: usize = 6
    + 4
    + NUM_PASSENGERS
    + 3 * CARD_KINDS
    + 2 * CARD_KINDS
    + 1
    + (NUM_PLAYERS - 1) * OTHER_FEATURES
    + NUM_PASSENGERS * PASSENGER_FEATURES
    + NUM_PASSENGERS * NUM_PASSENGERS;

/// A card's kind in `0..31` for the action space and the features: MULT_DELIVERING_PASSENGER by
/// its passenger (`0..12`), MULT_DELIVER_AT_COMPANY by its company (`12..24`), then the seven
/// fixed cards in [`CardKind::FIXED`] order (`24..31`). `None` for a multiplier card without its
/// passenger or company (no deck holds one).
pub fn card_kind(card: &Card) -> Option<usize> {
    match card.kind {
        CardKind::MultDeliveringPassenger => card.passenger.map(PassengerId::index),
        CardKind::MultDeliverAtCompany => card.company.map(|c| 12 + c.index()),
        kind => CardKind::FIXED
            .iter()
            .position(|&k| k == kind)
            .map(|i| 24 + i),
    }
}

/// The seat `target` as seen from `me`: 1 for the next seat, ..., 9 for the one before.
fn seats_after(me: PlayerId, target: PlayerId) -> usize {
    (target.index() + NUM_PLAYERS - me.index()) % NUM_PLAYERS
}

/// The play slot of playing `card` (held by `me`, its target written in), if it has one.
fn play_slot(me: PlayerId, card: &Card) -> Option<usize> {
    let seats = |t: Option<PlayerId>| {
        let k = seats_after(me, t?);
        (k != 0).then(|| k - 1)
    };
    match card.kind {
        CardKind::MultDeliveringPassenger | CardKind::MultDeliverAtCompany => card_kind(card),
        CardKind::MovePassenger => card.passenger.map(|p| 24 + p.index()),
        CardKind::ChangeDestination => seats(card.player).map(|k| 36 + k),
        CardKind::MultDeliveryQuarterSpeed => Some(45),
        CardKind::AllOtherCarsQuarterSpeed => Some(46),
        CardKind::StopCar => seats(card.player).map(|k| 47 + k),
        CardKind::RelocateAllCars => Some(56),
        CardKind::RelocateAllPassengers => Some(57),
    }
}

impl Game {
    /// The first index of each part of the action space: play, draw, discard.
    fn action_parts(&self) -> (usize, usize, usize) {
        let play = 1 + self.stops().len();
        let draw = play + PLAY_SLOTS;
        (play, draw, draw + CARD_KINDS)
    }

    /// The map's raster: rows (height) and columns (width).
    fn raster(&self) -> (usize, usize) {
        (
            self.map().height.max(0) as usize,
            self.map().width.max(0) as usize,
        )
    }
}

impl Tensor for Game {
    fn num_distinct_actions(&self) -> usize {
        let (_, _, discard) = self.action_parts();
        discard + 2 * CARD_KINDS
    }

    fn action_index(&self, state: &State, player: usize, action: &Action) -> Option<usize> {
        if player >= NUM_PLAYERS {
            return None;
        }
        let me = PlayerId(player as u8);
        let (play, draw, discard) = self.action_parts();
        match action {
            Action::Wait => Some(0),
            Action::GoTo { stop, pickup } => {
                let s = usize::from(*stop);
                let canonical = if s < self.bus_stop_count() {
                    full_pickup(state, me)
                } else {
                    Pickup::new()
                };
                (s < self.stops().len() && *pickup == canonical).then_some(1 + s)
            }
            Action::Card { action, card } => match action {
                CardAction::Play => play_slot(me, card).map(|k| play + k),
                CardAction::Draw => card_kind(card).map(|c| draw + c),
                CardAction::Discard => {
                    card_kind(card).map(|c| discard + 2 * c + usize::from(card.ok_to_play))
                }
            },
            Action::Orders(_) => None,
        }
    }

    fn index_action(&self, state: &State, player: usize, index: usize) -> Option<Action> {
        if player >= NUM_PLAYERS || index >= self.num_distinct_actions() {
            return None;
        }
        let me = PlayerId(player as u8);
        let pl = &state.players[player];
        let (play, draw, discard) = self.action_parts();
        if index == 0 {
            return Some(Action::Wait);
        }
        if index < play {
            let s = index - 1;
            let pickup = if s < self.bus_stop_count() {
                full_pickup(state, me)
            } else {
                Pickup::new()
            };
            return Some(Action::GoTo {
                stop: s as u16,
                pickup,
            });
        }
        let card_action = |action, card| Some(Action::Card { action, card });
        if index < draw {
            let k = index - play;
            let held = |kind: usize| pl.hand.iter().find(|c| card_kind(c) == Some(kind)).copied();
            let seat = |k: usize| PlayerId(((player + 1 + k) % NUM_PLAYERS) as u8);
            let card = match k {
                0..24 => held(k)?,
                24..36 => Card {
                    passenger: Some(PassengerId((k - 24) as u8)),
                    ..held(24)?
                },
                36..45 => Card {
                    player: Some(seat(k - 36)),
                    ..held(25)?
                },
                45 => held(26)?,
                46 => held(27)?,
                47..56 => Card {
                    player: Some(seat(k - 47)),
                    ..held(28)?
                },
                56 => held(29)?,
                _ => held(30)?,
            };
            return card_action(CardAction::Play, card);
        }
        if index < discard {
            let kind = index - draw;
            let card = *pl.deck.iter().find(|c| card_kind(c) == Some(kind))?;
            return card_action(CardAction::Draw, card);
        }
        let (kind, playable) = ((index - discard) / 2, (index - discard) % 2 == 1);
        let card = *pl
            .hand
            .iter()
            .find(|c| card_kind(c) == Some(kind) && c.ok_to_play == playable)?;
        card_action(CardAction::Discard, card)
    }

    /// [`Game::legal_actions`]' list, walked in the same way, marking indices instead of
    /// pushing actions.
    fn legal_mask(&self, state: &State, player: usize, mask: &mut [bool]) {
        let mask = &mut mask[..self.num_distinct_actions()];
        mask.fill(false);
        if state.is_over() || player >= NUM_PLAYERS {
            return;
        }
        let me = PlayerId(player as u8);
        let pl = &state.players[player];
        let (play, draw, discard) = self.action_parts();
        mask[0] = true;
        let (tile, next) = (
            pl.car.vehicle.location.tile(),
            pl.car.vehicle.location.next_tile(),
        );
        for s in 0..self.stops().len() {
            mask[1 + s] = crate::contract::reachable(self, tile, next, s as u16);
        }
        for card in pl.hand.iter().filter(|c| c.ok_to_play) {
            let mut mark = |card: Card| {
                if let Some(k) = play_slot(me, &card) {
                    mask[play + k] = true;
                }
            };
            match card.kind {
                CardKind::StopCar | CardKind::ChangeDestination => {
                    for t in (0..NUM_PLAYERS as u8).map(PlayerId).filter(|&t| t != me) {
                        mark(Card {
                            player: Some(t),
                            ..*card
                        });
                    }
                }
                CardKind::MovePassenger => {
                    for p in PassengerId::all() {
                        let ps = &state.passengers[p.index()];
                        if ps.lobby.is_some() && ps.car.is_none() {
                            mark(Card {
                                passenger: Some(p),
                                ..*card
                            });
                        }
                    }
                }
                _ => mark(*card),
            }
        }
        let score = rules::raw_score(state, me, pl.car.vehicle.location.tile());
        if pl.hand.len() < rules::max_hand(score) {
            for c in pl.deck.iter().filter_map(card_kind) {
                mask[draw + c] = true;
            }
        }
        for card in &pl.hand {
            if let Some(c) = card_kind(card) {
                mask[discard + 2 * c + usize::from(card.ok_to_play)] = true;
            }
        }
    }

    fn observation_shape(&self) -> Vec<usize> {
        let (rows, cols) = self.raster();
        let area = (rows * cols).max(1);
        vec![SPATIAL_PLANES + FEATURES.div_ceil(area), rows, cols]
    }

    fn observation_tensor(&self, state: &State, player: usize, out: &mut [f32]) {
        let (rows, cols) = self.raster();
        let area = rows * cols;
        let planes = SPATIAL_PLANES + FEATURES.div_ceil(area.max(1));
        let out = &mut out[..planes * area];
        out.fill(0.0);
        if player >= NUM_PLAYERS {
            return;
        }
        let me = PlayerId(player as u8);
        let my = &state.players[player];
        let map = self.map();
        let cell = |p: Point| {
            (p.x >= 0 && p.y >= 0 && (p.x as usize) < cols && (p.y as usize) < rows)
                .then(|| p.y as usize * cols + p.x as usize)
        };
        let mut set = |plane: usize, p: Point, value: f32, add: bool| {
            if let Some(i) = cell(p) {
                let slot = &mut out[plane * area + i];
                *slot = if add { *slot + value } else { value };
            }
        };
        for x in 0..cols as i32 {
            for y in 0..rows as i32 {
                let p = Point { x, y };
                if map.is_driveable(p) {
                    set(0, p, 1.0, false);
                }
            }
        }
        for &p in &state.company_stops {
            set(1, p, 1.0, false);
        }
        for &p in &state.coffee_stores {
            set(2, p, 1.0, false);
        }
        set(3, my.car.tile(), 1.0, false);
        for &p in my.car.path() {
            set(4, p, 1.0, false);
        }
        if let Some(dest) = my
            .passenger
            .and_then(|p| state.passengers[p.index()].destination)
        {
            set(5, state.company_stops[dest.index()], 1.0, false);
        }
        for (i, pl) in state.players.iter().enumerate() {
            if i != player {
                set(6, pl.car.tile(), 1.0, true);
                if pl.passenger.is_some() {
                    set(7, pl.car.tile(), 1.0, true);
                }
            }
        }
        for p in PassengerId::all() {
            let ps = &state.passengers[p.index()];
            let (Some(lobby), None) = (ps.lobby, ps.car) else {
                continue;
            };
            let points = f32::from(p.points()) / 3.0;
            if !my.delivered.contains(&p) {
                set(8, state.company_stops[lobby.index()], points, true);
                if let Some(dest) = ps.destination {
                    set(9, state.company_stops[dest.index()], points, true);
                }
            }
            if my.pickup.contains(&p) {
                set(10, state.company_stops[lobby.index()], 1.0, true);
            }
        }

        let features = &mut out[SPATIAL_PLANES * area..];
        let mut f = Features {
            out: features,
            at: 0,
        };
        let score_of = |id: PlayerId| {
            let tile = state.players[id.index()].car.tile();
            (
                rules::score(state, id, tile),
                rules::max_hand(rules::raw_score(state, id, tile)),
            )
        };
        let (score, limit) = score_of(me);
        let max_ticks = state.max_ticks.max(1) as f32;
        f.push(state.tick as f32 / max_ticks);
        f.push(score / 10.0);
        f.push(my.car.coffee as f32 / FULL_COFFEE as f32);
        f.push(my.delivered.len() as f32 / DELIVERIES_TO_WIN as f32);
        f.push(limit as f32 / 4.0);
        f.push(my.hand.len() as f32 / 4.0);
        let heading = Heading::from_angle(my.car.vehicle.location.angle());
        f.one_hot(4, Some(heading as usize));
        f.one_hot(NUM_PASSENGERS, my.passenger.map(PassengerId::index));
        let by_kind = |f: &mut Features<'_>, cards: &[Card], only_playable: bool| {
            for c in cards.iter().filter(|c| c.ok_to_play || !only_playable) {
                if let Some(k) = card_kind(c) {
                    f.add_at(k, 1.0);
                }
            }
            f.skip(CARD_KINDS);
        };
        by_kind(&mut f, &my.hand, false);
        by_kind(&mut f, &my.hand, true);
        by_kind(&mut f, &my.deck, false);
        f.one_hot(CARD_KINDS, my.next_bus_stop.as_ref().and_then(card_kind));
        f.one_hot(CARD_KINDS, my.this_transit.as_ref().and_then(card_kind));
        f.push(f32::from(u8::from(my.in_action.is_some())));
        for k in 1..NUM_PLAYERS {
            let id = PlayerId(((player + k) % NUM_PLAYERS) as u8);
            let pl = &state.players[id.index()];
            let (score, limit) = score_of(id);
            f.push(score / 10.0);
            f.push(pl.car.coffee as f32 / FULL_COFFEE as f32);
            f.push(limit as f32 / 4.0);
            f.push(pl.delivered.len() as f32 / DELIVERIES_TO_WIN as f32);
            f.push(f32::from(u8::from(pl.passenger.is_some())));
            f.push(f32::from(u8::from(pl.next_bus_stop.is_some())));
            f.push(f32::from(u8::from(pl.this_transit.is_some())));
        }
        for p in PassengerId::all() {
            let ps = &state.passengers[p.index()];
            let flag = |b: bool| f32::from(u8::from(b));
            f.push(flag(ps.car.is_none() && ps.lobby.is_some()));
            f.push(flag(ps.car == Some(me)));
            f.push(flag(ps.car.is_some() && ps.car != Some(me)));
            f.push(flag(ps.car.is_none() && ps.lobby.is_none()));
            f.push(flag(my.delivered.contains(&p)));
            f.push(f32::from(p.points()) / 3.0);
        }
        for p in PassengerId::all() {
            for &enemy in &state.passengers[p.index()].enemies {
                f.add_at(enemy.index(), 1.0);
            }
            f.skip(NUM_PASSENGERS);
        }
        debug_assert_eq!(f.at, FEATURES);
    }
}

/// A cursor writing the feature vector (writes past the buffer's end, on a map too small to
/// hold it, are dropped rather than panic; [`Tensor::observation_shape`] always leaves room).
struct Features<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl Features<'_> {
    fn push(&mut self, value: f32) {
        self.add_at(0, value);
        self.at += 1;
    }

    fn add_at(&mut self, offset: usize, value: f32) {
        if let Some(slot) = self.out.get_mut(self.at + offset) {
            *slot += value;
        }
    }

    fn skip(&mut self, n: usize) {
        self.at += n;
    }

    fn one_hot(&mut self, n: usize, hot: Option<usize>) {
        if let Some(i) = hot.filter(|&i| i < n) {
            self.add_at(i, 1.0);
        }
        self.skip(n);
    }
}
