//! The rules that are not movement: bus-stop arrival (§6), coffee stores (§7), power-up cards (§8)
//! and scoring (§9), each a faithful port of the original with file:line references to
//! `shared/rules/windward.md`.
//!
//! Every function takes the state and pushes the status messages it produces into a reused
//! `Vec<Event>`; none allocates once the buffer has grown. Chance outcomes go through a
//! [`Chance`] so that a replay can supply the original's recorded outcomes.

use rand::Rng;
use rand_pcg::Pcg64Mcg;

use crate::astar::simple_astar;
pub use crate::event::{Event, Recipient};
use crate::game::Game;
use crate::geometry::{Heading, Point};
pub use crate::outcome::{EndReason, Outcome};
use crate::state::{
    CARD_TICKS, Card, CardKind, CompanyId, DELIVERIES_TO_WIN, FULL_COFFEE, NUM_COMPANIES,
    NUM_PASSENGERS, NUM_PLAYERS, PassengerId, PlayerId, State,
};

/// The status codes a player is told (`PlayerAIBase.STATUS`, IA:89-180).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// Periodic update.
    Update,
    /// The player's path is empty or could not be joined.
    NoPath,
    /// The passenger was dropped at a company that is not their destination.
    PassengerAbandoned,
    /// The passenger was delivered.
    PassengerDelivered,
    /// Delivered (or abandoned) one passenger and picked up another.
    PassengerDeliveredAndPickedUp,
    /// The passenger would not get out: an enemy is in the lobby.
    PassengerRefusedEnemy,
    /// Picked up a passenger.
    PassengerPickedUp,
    /// A company stop where nothing happened.
    PassengerNoAction,
    /// A coffee store visited while carrying a passenger: no restock.
    CoffeeStoreNoStockUp,
    /// The car's coffee was restocked.
    CoffeeStoreCarRestocked,
    /// No coffee left: the pick-up was refused.
    PassengerRefusedNoCoffee,
    /// Delivered, but the pick-up was refused for lack of coffee.
    PassengerDeliveredAndPickUpRefused,
    /// DRAW with a full hand.
    PowerUpDrawTooMany,
    /// PLAY of a card not in the hand.
    PowerUpPlayNotExist,
    /// PLAY of a card not yet playable.
    PowerUpPlayNotReady,
    /// A card whose conditions were not met.
    PowerUpIllegalToPlay,
    /// A card took effect.
    PowerUpPlayed,
    /// Cards were discarded at random down to the hand limit.
    PowerUpHandTooMany,
}

impl Status {
    /// Every status code.
    pub const ALL: [Status; 18] = [
        Status::Update,
        Status::NoPath,
        Status::PassengerAbandoned,
        Status::PassengerDelivered,
        Status::PassengerDeliveredAndPickedUp,
        Status::PassengerRefusedEnemy,
        Status::PassengerPickedUp,
        Status::PassengerNoAction,
        Status::CoffeeStoreNoStockUp,
        Status::CoffeeStoreCarRestocked,
        Status::PassengerRefusedNoCoffee,
        Status::PassengerDeliveredAndPickUpRefused,
        Status::PowerUpDrawTooMany,
        Status::PowerUpPlayNotExist,
        Status::PowerUpPlayNotReady,
        Status::PowerUpIllegalToPlay,
        Status::PowerUpPlayed,
        Status::PowerUpHandTooMany,
    ];

    /// The original's name.
    pub const fn name(self) -> &'static str {
        match self {
            Status::Update => "UPDATE",
            Status::NoPath => "NO_PATH",
            Status::PassengerAbandoned => "PASSENGER_ABANDONED",
            Status::PassengerDelivered => "PASSENGER_DELIVERED",
            Status::PassengerDeliveredAndPickedUp => "PASSENGER_DELIVERED_AND_PICKED_UP",
            Status::PassengerRefusedEnemy => "PASSENGER_REFUSED_ENEMY",
            Status::PassengerPickedUp => "PASSENGER_PICKED_UP",
            Status::PassengerNoAction => "PASSENGER_NO_ACTION",
            Status::CoffeeStoreNoStockUp => "COFFEE_STORE_NO_STOCK_UP",
            Status::CoffeeStoreCarRestocked => "COFFEE_STORE_CAR_RESTOCKED",
            Status::PassengerRefusedNoCoffee => "PASSENGER_REFUSED_NO_COFFEE",
            Status::PassengerDeliveredAndPickUpRefused => "PASSENGER_DELIVERED_AND_PICK_UP_REFUSED",
            Status::PowerUpDrawTooMany => "POWER_UP_DRAW_TOO_MANY",
            Status::PowerUpPlayNotExist => "POWER_UP_PLAY_NOT_EXIST",
            Status::PowerUpPlayNotReady => "POWER_UP_PLAY_NOT_READY",
            Status::PowerUpIllegalToPlay => "POWER_UP_ILLEGAL_TO_PLAY",
            Status::PowerUpPlayed => "POWER_UP_PLAYED",
            Status::PowerUpHandTooMany => "POWER_UP_HAND_TOO_MANY",
        }
    }

    /// Parses the original's name.
    pub fn from_name(name: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Whether this is a card status (sent as `<powerup-status>`), not a game status.
    pub const fn is_card_status(self) -> bool {
        matches!(
            self,
            Status::PowerUpDrawTooMany
                | Status::PowerUpPlayNotExist
                | Status::PowerUpPlayNotReady
                | Status::PowerUpIllegalToPlay
                | Status::PowerUpPlayed
                | Status::PowerUpHandTooMany
        )
    }
}

/// What a random draw decides, so that a replay can answer with the recorded outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Draw {
    /// Which hand card the hand-limit enforcement discards (index into the hand).
    HandDiscard(PlayerId),
    /// CHANGE_DESTINATION: the new destination, an index into the companies other than the current
    /// destination, in list order.
    NewDestination(PassengerId),
    /// MOVE_PASSENGER / RELOCATE_ALL_PASSENGERS: the new lobby, an index into the companies other than
    /// the current lobby and the destination, in list order (E:627-639).
    NewLobby(PassengerId),
    /// RELOCATE_ALL_CARS: a column (`rand.Next(Width)`).
    RelocateX(PlayerId),
    /// RELOCATE_ALL_CARS: a row (`rand.Next(Height)`).
    RelocateY(PlayerId),
    /// RELOCATE_ALL_CARS without a target: 0 = north/west, 1 = south/east.
    RelocateHeading(PlayerId),
    /// `MapTile.GetRandomNext` on a junction: an index into the allowed exits (tick engine).
    RandomNext(PlayerId),
}

/// A source of chance outcomes: `pick(draw, n)` returns a number in `0..n`.
pub trait Chance {
    /// Decides `draw`, one of `n` outcomes.
    fn pick(&mut self, draw: Draw, n: usize) -> usize;
}

impl Chance for Pcg64Mcg {
    fn pick(&mut self, _draw: Draw, n: usize) -> usize {
        if n <= 1 { 0 } else { self.random_range(0..n) }
    }
}

/// Runs `f` with the state's own generator as the chance source.
pub fn with_state_rng<T>(state: &mut State, f: impl FnOnce(&mut State, &mut Pcg64Mcg) -> T) -> T {
    let mut rng = state.rng.clone();
    let out = f(state, &mut rng);
    state.rng = rng;
    out
}

/// The score (`Player.Score`, PL:227-255), f32 as in the original: points, plus 2 once 8 passengers
/// are delivered (no partial credit then), else plus `0.5·(total − remaining)/total` for a passenger
/// in the car, where the distances are Manhattan from the trip's start stop and from `car_tile`
/// (`Limo.Location.TilePosition`) to the destination stop, and 0 when remaining > total.
///
/// Deviation: when the trip's start and destination are the same stop (possible after
/// CHANGE_DESTINATION) and the car is on it, the original divides 0 by 0 and reports NaN (§12.9;
/// it happens in the golden traces); this returns the points without partial credit. The rules that
/// read the score (the hand limit, a DRAW's playability) still see the original's NaN, see
/// [`raw_score`].
pub fn score(state: &State, player: PlayerId, car_tile: Point) -> f32 {
    let s = raw_score(state, player, car_tile);
    if s.is_nan() {
        state.player(player).points
    } else {
        s
    }
}

/// The score exactly as the original computes it, NaN included (see [`score`]).
pub fn raw_score(state: &State, player: PlayerId, car_tile: Point) -> f32 {
    let pl = state.player(player);
    if pl.delivered.len() >= DELIVERIES_TO_WIN {
        return pl.points + 2.0;
    }
    let Some(p) = pl.passenger else {
        return pl.points;
    };
    let ps = &state.passengers[p.index()];
    let (Some(dest), Some(start)) = (ps.destination, ps.start) else {
        return pl.points;
    };
    let dest = state.company_stops[dest.index()];
    let start = state.company_stops[start.index()];
    let total = dest.manhattan(start);
    let remaining = dest.manhattan(car_tile);
    if remaining > total {
        return pl.points;
    }
    pl.points + 0.5f32 * (total - remaining) as f32 / total as f32
}

/// `MaxPowerUpsInHand` (PL:322-335): 4 below 0.5 points, 3 below 6, 2 below 8.5, else 1 (also for NaN).
pub fn max_hand(score: f32) -> usize {
    if score < 0.5 {
        4
    } else if score < 6.0 {
        3
    } else if score < 8.5 {
        2
    } else {
        1
    }
}

/// The pick-up half of `PlayerOrders` (E:1697-1702): a non-empty list replaces the pick-up list,
/// minus passengers this player has already delivered; an empty list changes nothing. Ids that
/// name no passenger (≥ [`NUM_PASSENGERS`]) are left out, as the original leaves out names it
/// cannot resolve; an unknown `player` changes nothing.
pub fn apply_pickup_list(state: &mut State, player: PlayerId, list: &[PassengerId]) {
    if list.is_empty() {
        return;
    }
    let Some(pl) = state.players.get_mut(player.index()) else {
        return;
    };
    pl.pickup.clear();
    for &p in list {
        if p.index() < NUM_PASSENGERS && !pl.delivered.contains(&p) {
            pl.pickup.push(p);
        }
    }
}

/// `BusStopOffOn` (E:1251-1479): a car's centre reached the apex of the bus stop at `stop`.
///
/// Returns `false` (and does nothing) when no company owns the stop; otherwise unlocks the hand,
/// drops off (refused if an enemy of the passenger waits in this lobby; else one coffee, delivery
/// with points and the transit-card bonus, or abandonment; one more coffee if a transit card was
/// active), picks up the first pick-up-list passenger waiting here (not the one just dropped, not
/// one already delivered; refused without coffee), turns the next-stop card into the transit card
/// (needs 2 coffees; MULT cards must match the passenger or destination), enforces the hand limit by
/// random discards, and tells everyone the status. Returns `true`: the caller resets the status
/// broadcast counter and runs `Stop(); Go()`. `car_tile` is the car's `TilePosition` (the stop).
pub fn bus_stop_arrival<C: Chance + ?Sized>(
    state: &mut State,
    player: PlayerId,
    stop: Point,
    car_tile: Point,
    chance: &mut C,
    events: &mut Vec<Event>,
) -> bool {
    let Some(company) = state.company_at(stop) else {
        return false;
    };
    let pi = player.index();
    for c in state.players[pi].hand.iter_mut() {
        c.ok_to_play = true;
    }

    let mut status = Status::PassengerNoAction;
    let mut abandoned = None;
    if let Some(p) = state.players[pi].passenger {
        // Refused if any passenger in this lobby is an enemy of ours (one-way, E:1285).
        let enemies = &state.passengers[p.index()].enemies;
        let no_drop = enemies
            .iter()
            .any(|e| state.passengers[e.index()].lobby == Some(company));
        if no_drop {
            status = Status::PassengerRefusedEnemy;
        } else {
            state.players[pi].car.coffee -= 1;
            if state.passengers[p.index()].destination == Some(company) {
                let points = p.points() as f32;
                let pl = &mut state.players[pi];
                pl.points += points;
                pl.delivered.push(p);
                // Passenger.Arrived (PA:130-137): next destination from the route; done (no lobby)
                // when the route is used up (§12.1).
                let ps = &mut state.passengers[p.index()];
                ps.destination = if ps.route.is_empty() {
                    None
                } else {
                    Some(ps.route.remove(0))
                };
                ps.lobby = if ps.route.is_empty() {
                    None
                } else {
                    Some(company)
                };
                ps.start = None;
                ps.car = None;
                pl.passenger = None;
                status = Status::PassengerDelivered;
                if let Some(card) = pl.this_transit {
                    match card.kind {
                        CardKind::MultDeliveryQuarterSpeed => pl.points += points * 0.5f32,
                        CardKind::MultDeliverAtCompany | CardKind::MultDeliveringPassenger => {
                            pl.points += points * 0.2f32
                        }
                        _ => {}
                    }
                }
            } else {
                abandoned = Some(p);
                let ps = &mut state.passengers[p.index()];
                ps.lobby = Some(company);
                ps.start = None;
                ps.car = None;
                state.players[pi].passenger = None;
                status = Status::PassengerAbandoned;
            }
            let pl = &mut state.players[pi];
            if let Some(card) = pl.this_transit.take() {
                pl.car.coffee -= 1;
                if card.kind == CardKind::MultDeliveryQuarterSpeed && pl.ticks_to_full_speed <= 0 {
                    pl.car.vehicle.set_quarter_speed(false);
                }
            }
        }
    }

    if state.players[pi].passenger.is_none() {
        let pl = &state.players[pi];
        let candidate = pl.pickup.iter().copied().find(|&q| {
            let ps = &state.passengers[q.index()];
            ps.lobby == Some(company)
                && ps.car.is_none()
                && !pl.delivered.contains(&q)
                && Some(q) != abandoned
        });
        if let Some(q) = candidate {
            if state.players[pi].car.coffee <= 0 {
                status = if status == Status::PassengerNoAction {
                    Status::PassengerRefusedNoCoffee
                } else {
                    Status::PassengerDeliveredAndPickUpRefused
                };
            } else {
                let ps = &mut state.passengers[q.index()];
                ps.start = ps.lobby;
                ps.lobby = None;
                ps.car = Some(player);
                let pl = &mut state.players[pi];
                pl.passenger = Some(q);
                if let Some(k) = pl.pickup.iter().position(|&x| x == q) {
                    pl.pickup.remove(k);
                }
                status = if status == Status::PassengerNoAction {
                    Status::PassengerPickedUp
                } else {
                    Status::PassengerDeliveredAndPickedUp
                };
                if let Some(card) = pl.next_bus_stop {
                    if pl.car.coffee <= 1 {
                        // Not enough coffee: illegal, and the card stays the next-stop card.
                        events.push(Event {
                            to: Recipient::Only,
                            about: player,
                            status: Status::PowerUpIllegalToPlay,
                            card: Some(card),
                        });
                    } else {
                        pl.this_transit = Some(card);
                        pl.next_bus_stop = None;
                        let dest = state.passengers[q.index()].destination;
                        let legal = match card.kind {
                            CardKind::MultDeliveryQuarterSpeed => {
                                pl.car.vehicle.set_quarter_speed(true);
                                true
                            }
                            // Checked now, against the destination at pick-up (§12.6).
                            CardKind::MultDeliverAtCompany => card.company == dest,
                            CardKind::MultDeliveringPassenger => card.passenger == Some(q),
                            _ => false,
                        };
                        if legal {
                            events.push(Event {
                                to: Recipient::All,
                                about: player,
                                status: Status::PowerUpPlayed,
                                card: Some(card),
                            });
                        } else {
                            pl.this_transit = None;
                            if card.kind.is_transit() {
                                events.push(Event {
                                    to: Recipient::Only,
                                    about: player,
                                    status: Status::PowerUpIllegalToPlay,
                                    card: Some(card),
                                });
                            }
                        }
                    }
                }
            }
        }
    }

    enforce_hand_limit(state, player, car_tile, chance, events);
    events.push(Event {
        to: Recipient::All,
        about: player,
        status,
        card: None,
    });
    true
}

/// E:1446-1458: while the hand is over the limit for the current score, discard a random card; then
/// send `POWER_UP_HAND_TOO_MANY` with the last card discarded.
fn enforce_hand_limit<C: Chance + ?Sized>(
    state: &mut State,
    player: PlayerId,
    car_tile: Point,
    chance: &mut C,
    events: &mut Vec<Event>,
) {
    let limit = max_hand(raw_score(state, player, car_tile));
    let hand = &mut state.players[player.index()].hand;
    if hand.len() <= limit {
        return;
    }
    let mut last = None;
    while hand.len() > limit {
        let k = chance
            .pick(Draw::HandDiscard(player), hand.len())
            .min(hand.len() - 1);
        last = Some(hand.remove(k));
    }
    events.push(Event {
        to: Recipient::Only,
        about: player,
        status: Status::PowerUpHandTooMany,
        card: last,
    });
}

/// `CoffeeStopFillUp` (E:1481-1518): the car's centre reached the apex of the coffee stop at `stop`.
/// Unlocks the hand; with a passenger aboard there is no restock (`COFFEE_STORE_NO_STOCK_UP` to this
/// player only, returns `false`); otherwise coffee is refilled to 3 and everyone is told (returns
/// `true`: reset the status broadcast counter). A stop that is not a store does nothing.
pub fn coffee_stop_arrival(
    state: &mut State,
    player: PlayerId,
    stop: Point,
    events: &mut Vec<Event>,
) -> bool {
    if !state.coffee_stores.contains(&stop) {
        return false;
    }
    let pl = &mut state.players[player.index()];
    for c in pl.hand.iter_mut() {
        c.ok_to_play = true;
    }
    if pl.passenger.is_some() {
        events.push(Event {
            to: Recipient::Only,
            about: player,
            status: Status::CoffeeStoreNoStockUp,
            card: None,
        });
        return false;
    }
    pl.car.coffee = FULL_COFFEE;
    events.push(Event {
        to: Recipient::All,
        about: player,
        status: Status::CoffeeStoreCarRestocked,
        card: None,
    });
    true
}

/// A card message's action (`PlayerAIBase.CARD_ACTION`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CardAction {
    /// Move a card from the deck to the hand.
    Draw,
    /// Drop a card from the hand.
    Discard,
    /// Play a card from the hand.
    Play,
}

impl CardAction {
    /// The original's name.
    pub const fn name(self) -> &'static str {
        match self {
            CardAction::Draw => "DRAW",
            CardAction::Discard => "DISCARD",
            CardAction::Play => "PLAY",
        }
    }
    /// Parses the original's name.
    pub fn from_name(s: &str) -> Option<CardAction> {
        [CardAction::Draw, CardAction::Discard, CardAction::Play]
            .into_iter()
            .find(|a| a.name() == s)
    }
}

/// Where a card message's card was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CardSlot {
    /// Index into the hand.
    Hand(usize),
    /// Index into the deck.
    Deck(usize),
}

/// The framework's card lookup (F:700-756): hand first, then deck. CHANGE_DESTINATION,
/// MOVE_PASSENGER and STOP_CAR match on the kind alone and get the message's targets written in
/// (even for DRAW and DISCARD, §12.4); other cards must match every target the message gives.
/// `None`: the card is unknown and the message is ignored.
pub fn find_card(state: &mut State, player: PlayerId, wanted: &Card) -> Option<CardSlot> {
    let pl = &mut state.players[player.index()];
    let matches = |c: &Card| {
        c.kind == wanted.kind
            && (wanted.kind.takes_target()
                || ((wanted.company.is_none() || c.company == wanted.company)
                    && (wanted.passenger.is_none() || c.passenger == wanted.passenger)
                    && (wanted.player.is_none() || c.player == wanted.player)))
    };
    let slot = match pl.hand.iter().position(matches) {
        Some(i) => CardSlot::Hand(i),
        None => CardSlot::Deck(pl.deck.iter().position(matches)?),
    };
    if wanted.kind.takes_target() {
        let card = match slot {
            CardSlot::Hand(i) => &mut pl.hand[i],
            CardSlot::Deck(i) => &mut pl.deck[i],
        };
        if wanted.company.is_some() {
            card.company = wanted.company;
        }
        if wanted.passenger.is_some() {
            card.passenger = wanted.passenger;
        }
        if wanted.player.is_some() {
            card.player = wanted.player;
        }
    }
    Some(slot)
}

/// A card message (`<order action=..><powerup .../></order>`) from a remote player: the framework's
/// lookup ([`find_card`]); an unknown card is ignored (F:745-755); otherwise [`card_action`].
/// `car_tile` is the player's `TilePosition` (for the score).
pub fn card_order(
    state: &mut State,
    player: PlayerId,
    action: CardAction,
    wanted: &Card,
    car_tile: Point,
    events: &mut Vec<Event>,
) {
    if let Some(slot) = find_card(state, player, wanted) {
        card_action(state, player, action, Some(slot), *wanted, car_tile, events);
    }
}

/// `PlayerPowerups` (E:1705-1780) on a card object: `slot` says where the object is, `None` for a
/// card object that is in neither the hand nor the deck (a built-in AI can hold such a stale
/// reference; then `card` is its value).
///
/// - DISCARD removes the card from the hand, silently.
/// - DRAW with room in the hand moves it from the deck to the hand (a card object already in the
///   hand, or in neither, is added again: the deck's `Remove` fails silently, §12.4), playable at
///   once only when `|score| < 0.01`; with a full hand `POWER_UP_DRAW_TOO_MANY`.
/// - PLAY needs the card in the hand (`POWER_UP_PLAY_NOT_EXIST`) and playable
///   (`POWER_UP_PLAY_NOT_READY`); an instant card becomes `in_action` (replacing an unprocessed one,
///   §12.5), a MULT card becomes `next_bus_stop` (replacing the previous one). It leaves the hand.
pub fn card_action(
    state: &mut State,
    player: PlayerId,
    action: CardAction,
    slot: Option<CardSlot>,
    card: Card,
    car_tile: Point,
    events: &mut Vec<Event>,
) {
    let current_score = raw_score(state, player, car_tile);
    let pl = &mut state.players[player.index()];
    let card = match slot {
        Some(CardSlot::Hand(i)) => pl.hand[i],
        Some(CardSlot::Deck(i)) => pl.deck[i],
        None => card,
    };
    match action {
        CardAction::Discard => {
            if let Some(CardSlot::Hand(i)) = slot {
                pl.hand.remove(i);
            }
        }
        CardAction::Draw => {
            if pl.hand.len() < max_hand(current_score) {
                let ok = current_score.abs() < 0.01;
                let mut card = card;
                card.ok_to_play = ok;
                match slot {
                    Some(CardSlot::Deck(i)) => {
                        pl.deck.remove(i);
                    }
                    Some(CardSlot::Hand(i)) => pl.hand[i].ok_to_play = ok,
                    None => {}
                }
                pl.hand.push(card);
            } else {
                events.push(Event {
                    to: Recipient::Only,
                    about: player,
                    status: Status::PowerUpDrawTooMany,
                    card: Some(card),
                });
            }
        }
        CardAction::Play => {
            let Some(CardSlot::Hand(i)) = slot else {
                events.push(Event {
                    to: Recipient::Only,
                    about: player,
                    status: Status::PowerUpPlayNotExist,
                    card: Some(card),
                });
                return;
            };
            if !card.ok_to_play {
                events.push(Event {
                    to: Recipient::Only,
                    about: player,
                    status: Status::PowerUpPlayNotReady,
                    card: Some(card),
                });
                return;
            }
            if card.kind.is_transit() {
                pl.next_bus_stop = Some(card);
            } else {
                pl.in_action = Some(card);
            }
            pl.hand.remove(i);
        }
    }
}

/// Tick steps 3 and 4 (E:305-330): count down `TicksToFullSpeed` (leaving quarter speed at 0 unless
/// the transit card is MULT_DELIVERY_QUARTER_SPEED) and the flat-tyre repair.
pub fn tick_timers(state: &mut State) {
    for pl in state.players.iter_mut() {
        if pl.ticks_to_full_speed > 0 {
            pl.ticks_to_full_speed -= 1;
            if pl.ticks_to_full_speed == 0
                && pl.this_transit.map(|c| c.kind) != Some(CardKind::MultDeliveryQuarterSpeed)
            {
                pl.car.vehicle.set_quarter_speed(false);
            }
        }
    }
    for pl in state.players.iter_mut() {
        let motion = &mut pl.car.vehicle.motion;
        if motion.ticks_to_fix_flat > 0 {
            motion.ticks_to_fix_flat -= 1;
            if motion.ticks_to_fix_flat == 0 {
                motion.set_flat(false);
            }
        }
    }
}

/// `MovePassengerToRandomCompany` (E:627-639): a random company other than the lobby and the destination.
fn move_passenger_to_random_company<C: Chance + ?Sized>(
    state: &mut State,
    p: PassengerId,
    chance: &mut C,
) {
    let ps = &state.passengers[p.index()];
    let (lobby, dest) = (ps.lobby, ps.destination);
    let mut options = [CompanyId(0); NUM_COMPANIES];
    let mut n = 0;
    for c in CompanyId::all() {
        if Some(c) != lobby && Some(c) != dest {
            options[n] = c;
            n += 1;
        }
    }
    let k = chance.pick(Draw::NewLobby(p), n).min(n - 1);
    let ps = &mut state.passengers[p.index()];
    ps.lobby = Some(options[k]);
    ps.start = None;
    ps.car = None;
}

/// `ProcessPowerup` (E:385-619): resolves `player`'s `in_action` card (then clears it).
///
/// Illegal plays send `POWER_UP_ILLEGAL_TO_PLAY` to the player; CHANGE_DESTINATION and STOP_CAR
/// within 3 tiles of the target's destination (and STOP_CAR on a stop) are returned to the hand.
/// Deviations: MOVE_PASSENGER or RELOCATE_ALL_PASSENGERS on a passenger who is done (no lobby, §12.1)
/// crash the original with a NullReferenceException; here such a passenger is left alone (and
/// MOVE_PASSENGER on one is illegal and discarded). RELOCATE_ALL_CARS on a map with no free straight
/// road far enough from a target hangs the original; here that car stays where it is.
pub fn process_powerup<C: Chance + ?Sized>(
    game: &Game,
    state: &mut State,
    player: PlayerId,
    chance: &mut C,
    events: &mut Vec<Event>,
) {
    let Some(card) = state.players[player.index()].in_action.take() else {
        return;
    };
    let played = Event {
        to: Recipient::All,
        about: player,
        status: Status::PowerUpPlayed,
        card: Some(card),
    };
    let illegal = Event {
        to: Recipient::Only,
        about: player,
        status: Status::PowerUpIllegalToPlay,
        card: Some(card),
    };
    match card.kind {
        CardKind::AllOtherCarsQuarterSpeed => {
            for (i, pl) in state.players.iter_mut().enumerate() {
                if i != player.index() {
                    pl.car.vehicle.set_quarter_speed(true);
                    pl.ticks_to_full_speed += CARD_TICKS;
                }
            }
            events.push(played);
        }
        CardKind::ChangeDestination => {
            let Some(target) = card.player.filter(|t| t.index() < NUM_PLAYERS) else {
                return events.push(illegal);
            };
            let Some(p) = state.players[target.index()].passenger else {
                return events.push(illegal);
            };
            let Some(dest) = state.passengers[p.index()].destination else {
                return events.push(illegal);
            };
            let front = state.players[target.index()].car.vehicle.front_tile();
            if front.manhattan(state.company_stops[dest.index()]) <= 3 {
                state.players[player.index()].hand.push(card);
                return events.push(illegal);
            }
            let mut options = [CompanyId(0); NUM_COMPANIES];
            let mut n = 0;
            for c in CompanyId::all().filter(|&c| c != dest) {
                options[n] = c;
                n += 1;
            }
            let new_dest = options[chance.pick(Draw::NewDestination(p), n).min(n - 1)];
            let ps = &mut state.passengers[p.index()];
            ps.route.push(dest);
            if let Some(k) = ps.route.iter().position(|&c| c == new_dest) {
                ps.route.remove(k);
            }
            ps.destination = Some(new_dest);
            events.push(played);
        }
        CardKind::MovePassenger => {
            let Some(p) = card.passenger.filter(|p| p.index() < NUM_PASSENGERS) else {
                return events.push(illegal);
            };
            let ps = &state.passengers[p.index()];
            if ps.car.is_some() || ps.lobby.is_none() {
                return events.push(illegal);
            }
            move_passenger_to_random_company(state, p, chance);
            events.push(played);
        }
        CardKind::RelocateAllCars => {
            relocate_all_cars(game, state, chance);
            events.push(played);
        }
        CardKind::RelocateAllPassengers => {
            let mut exempt = [false; crate::state::NUM_PASSENGERS];
            if let Some(mine) = state.players[player.index()].passenger {
                let ps = &state.passengers[mine.index()];
                for &e in &ps.enemies {
                    if state.passengers[e.index()].lobby.is_some()
                        && state.passengers[e.index()].lobby == ps.destination
                    {
                        exempt[e.index()] = true;
                    }
                }
            }
            for p in PassengerId::all() {
                let ps = &state.passengers[p.index()];
                if ps.car.is_none() && ps.lobby.is_some() && !exempt[p.index()] {
                    move_passenger_to_random_company(state, p, chance);
                }
            }
            events.push(played);
        }
        CardKind::StopCar => {
            let Some(target) = card.player.filter(|t| t.index() < NUM_PLAYERS) else {
                return events.push(illegal);
            };
            let front = state.players[target.index()].car.vehicle.front_tile();
            if let Some(p) = state.players[target.index()].passenger
                && let Some(dest) = state.passengers[p.index()].destination
                && front.manhattan(state.company_stops[dest.index()]) <= 3
            {
                state.players[player.index()].hand.push(card);
                return events.push(illegal);
            }
            let back = state.players[target.index()].car.vehicle.back_tile();
            let on_stop = |t: Point| game.map().square(t).is_some_and(|s| s.kind.is_stop());
            if on_stop(front) || on_stop(back) {
                state.players[player.index()].hand.push(card);
                return events.push(illegal);
            }
            let motion = &mut state.players[target.index()].car.vehicle.motion;
            motion.set_flat(true);
            // An assignment: STOP_CAR does not stack (§12.2).
            motion.ticks_to_fix_flat = CARD_TICKS;
            events.push(played);
        }
        // A transit card never reaches `in_action`.
        CardKind::MultDeliveringPassenger
        | CardKind::MultDeliverAtCompany
        | CardKind::MultDeliveryQuarterSpeed => {}
    }
}

/// RELOCATE_ALL_CARS (E:479-547), for each player in order: the target is the last path tile, else
/// the passenger's destination stop, else none; draw random tiles until one is not taken, is a
/// straight ROAD and (with a target) is at Manhattan ≥ 4 from it; with a target the path is
/// `SimpleAStar(tile, target)` and the heading its first step, else a random heading along the road.
pub fn relocate_all_cars<C: Chance + ?Sized>(game: &Game, state: &mut State, chance: &mut C) {
    let map = game.map();
    let mut taken: [Option<Point>; NUM_PLAYERS] = [None; NUM_PLAYERS];
    for i in 0..NUM_PLAYERS {
        let who = PlayerId(i as u8);
        let pl = &state.players[i];
        // `Point.Empty` (0,0) doubles as "no target" in the original.
        let target = match pl.car.vehicle.path.last() {
            Some(&t) => t,
            None => pl
                .passenger
                .and_then(|p| state.passengers[p.index()].destination)
                .map_or(Point::new(0, 0), |d| state.company_stops[d.index()]),
        };
        let has_target = target != Point::new(0, 0);
        let acceptable = |t: Point| {
            (!has_target || t.manhattan(target) >= 4)
                && !taken.contains(&Some(t))
                && map.square(t).is_some_and(|s| {
                    s.kind.is_driveable()
                        && matches!(
                            s.shape,
                            crate::map::RoadShape::EastWest | crate::map::RoadShape::NorthSouth
                        )
                })
        };
        let mut tile = None;
        for _ in 0..100_000 {
            let x = chance.pick(Draw::RelocateX(who), map.width as usize) as i32;
            let y = chance.pick(Draw::RelocateY(who), map.height as usize) as i32;
            if acceptable(Point::new(x, y)) {
                tile = Some(Point::new(x, y));
                break;
            }
        }
        let Some(tile) = tile else { continue };
        taken[i] = Some(tile);
        let mut heading = None;
        let mut path = None;
        if has_target {
            let p = simple_astar(map, tile, target);
            if p.len() > 1 {
                heading = Heading::between(p[0], p[1]);
            }
            path = Some(p);
        }
        let heading = heading.unwrap_or_else(|| {
            let vertical = map
                .square(tile)
                .is_some_and(|s| s.shape == crate::map::RoadShape::NorthSouth);
            match (vertical, chance.pick(Draw::RelocateHeading(who), 2)) {
                (true, 0) => Heading::North,
                (true, _) => Heading::South,
                (false, 0) => Heading::West,
                (false, _) => Heading::East,
            }
        });
        let car = &mut state.players[i].car;
        car.place(tile, heading);
        if let Some(p) = path {
            car.vehicle.path = p;
        }
    }
}

/// The outcome once the round is over ([`State::is_over`]), else `None`.
pub fn outcome(state: &State) -> Option<Outcome> {
    if !state.is_over() {
        return None;
    }
    let delivered: [u8; NUM_PLAYERS] =
        core::array::from_fn(|i| state.players[i].delivered.len() as u8);
    let reason = if state.has_winner() {
        let best = delivered.iter().copied().max().unwrap_or(0);
        let winner = delivered.iter().position(|&d| d == best).unwrap_or(0);
        EndReason::Deliveries {
            winner: PlayerId(winner as u8),
        }
    } else {
        EndReason::TickLimit
    };
    let scores: [f32; NUM_PLAYERS] =
        core::array::from_fn(|i| score(state, PlayerId(i as u8), state.players[i].car.tile()));
    let ranks =
        core::array::from_fn(|i| 1 + scores.iter().filter(|&&s| s > scores[i]).count() as u8);
    Some(Outcome {
        reason,
        scores,
        delivered,
        ranks,
    })
}
