//! Everything that changes during a round: players, their cars, cards and passengers.
//!
//! The geometry is not in here (it is in [`Game`](crate::Game)), so cloning a [`State`] for a
//! lookahead copies a few kilobytes and the cars' paths.

use rand_pcg::Pcg64Mcg;
use smallvec::SmallVec;

use crate::geometry::{Heading, Point};

/// Players in a game (`NUM_PLAYERS`, F:86).
pub const NUM_PLAYERS: usize = 10;
/// Companies, and passengers (one CEO per company) (CO:69-118).
pub const NUM_COMPANIES: usize = 12;
/// Passengers.
pub const NUM_PASSENGERS: usize = 12;
/// Deliveries that end a round (`NUM_PASSENGERS_TO_WIN`, PL:28).
pub const DELIVERIES_TO_WIN: usize = 8;
/// Coffee servings after a restock or at the start (PL:106).
pub const FULL_COFFEE: i32 = 3;
/// Ticks a card effect lasts: "30 seconds" of `TICKS_PER_SECOND = 60` (E:396, E:606).
pub const CARD_TICKS: i32 = 1800;
/// Cards in each player's deck at the start.
pub const DECK_SIZE: usize = 13;

/// The companies, sorted by name the way .NET's culture-aware `CompareTo` sorts them
/// ("salesforce.com" between Oracle and Twitter). A [`CompanyId`] indexes this list.
pub const COMPANY_NAMES: [&str; NUM_COMPANIES] = [
    "Amazon",
    "Apple",
    "Facebook",
    "Google",
    "Hewlett-Packard",
    "JetBrains",
    "LinkedIn",
    "Microsoft",
    "Oracle",
    "salesforce.com",
    "Twitter",
    "Windward",
];

/// The CEOs sorted by name, with their home company and points (CO:87-98). A [`PassengerId`]
/// indexes this list.
pub const PASSENGERS: [(&str, CompanyId, u8); NUM_PASSENGERS] = [
    ("Dick Costolo", CompanyId(10), 1),
    ("Jeff Bezos", CompanyId(0), 1),
    ("Jeff Weiner", CompanyId(6), 1),
    ("Larry Ellison", CompanyId(8), 1),
    ("Larry Page", CompanyId(3), 1),
    ("Marc Benioff", CompanyId(9), 2),
    ("Mark Zuckerberg", CompanyId(2), 1),
    ("Meg Whitman", CompanyId(4), 2),
    ("Oleg Stepanov", CompanyId(5), 2),
    ("Shirley Clawson", CompanyId(11), 3),
    ("Steve Ballmer", CompanyId(7), 1),
    ("Tim Cook", CompanyId(1), 1),
];

/// The order in which the original creates the passengers (CO:87-98), which is the order of the
/// enemy draws (PA:95-117).
pub const PASSENGER_CREATION_ORDER: [PassengerId; NUM_PASSENGERS] = [
    PassengerId(10), // Steve Ballmer
    PassengerId(7),  // Meg Whitman
    PassengerId(5),  // Marc Benioff
    PassengerId(3),  // Larry Ellison
    PassengerId(6),  // Mark Zuckerberg
    PassengerId(8),  // Oleg Stepanov
    PassengerId(9),  // Shirley Clawson
    PassengerId(11), // Tim Cook
    PassengerId(2),  // Jeff Weiner
    PassengerId(4),  // Larry Page
    PassengerId(1),  // Jeff Bezos
    PassengerId(0),  // Dick Costolo
];

/// The built-in players' names (F:1021-1025), in `Players` order.
pub const PLAYER_NAMES: [&str; NUM_PLAYERS] = [
    "Sheldon Cooper",
    "Leonard Hofstadter",
    "Rajesh Koothrappali",
    "Howard Wolowitz",
    "Penny",
    "Bernadette Rostenkowski",
    "Amy Farrah Fowler",
    "Leslie Winkle",
    "Barry Kripke",
    "Stuart Bloom",
];

/// Coffee store names in list order (CS:57-62); the last repeats beyond seven stores.
pub const COFFEE_STORE_NAMES: [&str; 7] = [
    "Starbucks",
    "Costa Coffee",
    "The Coffee Bean",
    "Gloria Jean\u{2019}s Coffees",
    "Caribou Coffee",
    "Peet\u{2019}s Coffee and Tea",
    "Tully\u{2019}s Coffee",
];

/// The name of coffee store number `i`.
pub fn coffee_store_name(i: usize) -> &'static str {
    COFFEE_STORE_NAMES[i.min(COFFEE_STORE_NAMES.len() - 1)]
}

/// A player: an index into `Players` (join order, also the movement order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlayerId(pub u8);

/// A company: an index into [`COMPANY_NAMES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CompanyId(pub u8);

/// A passenger: an index into [`PASSENGERS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PassengerId(pub u8);

impl PlayerId {
    /// The index as usize.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The built-in name of this player.
    pub fn name(self) -> &'static str {
        PLAYER_NAMES.get(self.index()).copied().unwrap_or("")
    }
    /// Finds a built-in player by name.
    pub fn from_name(name: &str) -> Option<PlayerId> {
        PLAYER_NAMES
            .iter()
            .position(|n| *n == name)
            .map(|i| PlayerId(i as u8))
    }
}

impl CompanyId {
    /// The index as usize.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The company's name.
    pub fn name(self) -> &'static str {
        COMPANY_NAMES.get(self.index()).copied().unwrap_or("")
    }
    /// Finds a company by name.
    pub fn from_name(name: &str) -> Option<CompanyId> {
        COMPANY_NAMES
            .iter()
            .position(|n| *n == name)
            .map(|i| CompanyId(i as u8))
    }
    /// All companies in list order.
    pub fn all() -> impl Iterator<Item = CompanyId> {
        (0..NUM_COMPANIES as u8).map(CompanyId)
    }
}

impl PassengerId {
    /// The index as usize.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The passenger's name.
    pub fn name(self) -> &'static str {
        PASSENGERS.get(self.index()).map_or("", |p| p.0)
    }
    /// The passenger's home company (where they start).
    pub fn home(self) -> CompanyId {
        PASSENGERS[self.index()].1
    }
    /// The passenger's points (`PointsDelivered`): 1, 2 or 3.
    pub fn points(self) -> u8 {
        PASSENGERS[self.index()].2
    }
    /// Finds a passenger by name.
    pub fn from_name(name: &str) -> Option<PassengerId> {
        PASSENGERS
            .iter()
            .position(|p| p.0 == name)
            .map(|i| PassengerId(i as u8))
    }
    /// All passengers in list order.
    pub fn all() -> impl Iterator<Item = PassengerId> {
        (0..NUM_PASSENGERS as u8).map(PassengerId)
    }
}

/// The nine power-up cards (`PowerUp.CARD`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CardKind {
    /// +20% for delivering the named one-point passenger (transit card).
    MultDeliveringPassenger,
    /// +20% for delivering to the named company (transit card).
    MultDeliverAtCompany,
    /// Move a passenger who is not in a car to a random other company (instant).
    MovePassenger,
    /// Give a player's passenger a random new destination (instant).
    ChangeDestination,
    /// +50%, but the car drives at quarter speed while transiting (transit card).
    MultDeliveryQuarterSpeed,
    /// Every other car at quarter speed for 1800 ticks, stacking (instant).
    AllOtherCarsQuarterSpeed,
    /// A flat tyre for the target for 1800 ticks (instant).
    StopCar,
    /// Every car to a random straight road (instant).
    RelocateAllCars,
    /// Every passenger not in a car to a random other company (instant).
    RelocateAllPassengers,
}

impl CardKind {
    /// Every card kind.
    pub const ALL: [CardKind; 9] = [
        CardKind::MultDeliveringPassenger,
        CardKind::MultDeliverAtCompany,
        CardKind::MovePassenger,
        CardKind::ChangeDestination,
        CardKind::MultDeliveryQuarterSpeed,
        CardKind::AllOtherCarsQuarterSpeed,
        CardKind::StopCar,
        CardKind::RelocateAllCars,
        CardKind::RelocateAllPassengers,
    ];

    /// The seven cards every deck holds once (`PowerUp.atAllStores`), in deck order.
    pub const FIXED: [CardKind; 7] = [
        CardKind::MovePassenger,
        CardKind::ChangeDestination,
        CardKind::MultDeliveryQuarterSpeed,
        CardKind::AllOtherCarsQuarterSpeed,
        CardKind::StopCar,
        CardKind::RelocateAllCars,
        CardKind::RelocateAllPassengers,
    ];

    /// The original's name.
    pub const fn name(self) -> &'static str {
        match self {
            CardKind::MultDeliveringPassenger => "MULT_DELIVERING_PASSENGER",
            CardKind::MultDeliverAtCompany => "MULT_DELIVER_AT_COMPANY",
            CardKind::MovePassenger => "MOVE_PASSENGER",
            CardKind::ChangeDestination => "CHANGE_DESTINATION",
            CardKind::MultDeliveryQuarterSpeed => "MULT_DELIVERY_QUARTER_SPEED",
            CardKind::AllOtherCarsQuarterSpeed => "ALL_OTHER_CARS_QUARTER_SPEED",
            CardKind::StopCar => "STOP_CAR",
            CardKind::RelocateAllCars => "RELOCATE_ALL_CARS",
            CardKind::RelocateAllPassengers => "RELOCATE_ALL_PASSENGERS",
        }
    }

    /// Parses the original's name.
    pub fn from_name(name: &str) -> Option<CardKind> {
        CardKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Cards that act on the next bus stop's passenger (`PowerUpNextBusStop`), as opposed to
    /// instant cards (`PowerUpInAction`).
    pub const fn is_transit(self) -> bool {
        matches!(
            self,
            CardKind::MultDeliveringPassenger
                | CardKind::MultDeliverAtCompany
                | CardKind::MultDeliveryQuarterSpeed
        )
    }

    /// Cards whose target is written into the card when it is looked up (F:718-731).
    pub const fn takes_target(self) -> bool {
        matches!(
            self,
            CardKind::ChangeDestination | CardKind::MovePassenger | CardKind::StopCar
        )
    }
}

/// One power-up card with its target and whether it may be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Card {
    /// Which card.
    pub kind: CardKind,
    /// The passenger it names (MULT_DELIVERING_PASSENGER, MOVE_PASSENGER).
    pub passenger: Option<PassengerId>,
    /// The company it names (MULT_DELIVER_AT_COMPANY).
    pub company: Option<CompanyId>,
    /// The player it targets (CHANGE_DESTINATION, STOP_CAR).
    pub player: Option<PlayerId>,
    /// `OkToPlay`: drawn at score 0, or a stop was visited since it was drawn.
    pub ok_to_play: bool,
}

impl Card {
    /// A card without targets, not yet playable.
    pub const fn new(kind: CardKind) -> Card {
        Card {
            kind,
            passenger: None,
            company: None,
            player: None,
            ok_to_play: false,
        }
    }
}

/// A passenger (a CEO).
#[derive(Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Passenger {
    /// The company whose lobby they wait in; `None` in a car, or when done (rules §12.1).
    pub lobby: Option<CompanyId>,
    /// The car they ride in.
    pub car: Option<PlayerId>,
    /// Where the current trip began (set at pick-up; `None` before the first).
    pub start: Option<CompanyId>,
    /// Where they want to go next; `None` once the route is used up.
    pub destination: Option<CompanyId>,
    /// The companies after the destination, in order.
    pub route: SmallVec<[CompanyId; 12]>,
    /// Passengers who make this one refuse to get out at their lobby (one-way), sorted by name.
    pub enemies: SmallVec<[PassengerId; 6]>,
}

/// A car (`Limo`): the [`Vehicle`](crate::movement::Vehicle) the tick engine drives (location,
/// speed, flat tyre, quarter speed, tail, forecast and path) and its coffee.
#[derive(Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Car {
    /// Where the car is and how it moves.
    pub vehicle: crate::movement::Vehicle,
    /// `CoffeeServings`.
    pub coffee: i32,
}

impl Clone for Car {
    fn clone(&self) -> Car {
        Car {
            vehicle: self.vehicle.clone(),
            coffee: self.coffee,
        }
    }

    /// Reuses the path's buffer (see [`State`]'s `clone_from`).
    fn clone_from(&mut self, source: &Car) {
        let Car { vehicle, coffee } = source;
        self.vehicle.clone_from(vehicle);
        self.coffee = *coffee;
    }
}

impl Car {
    /// A car at the centre of `tile` heading `heading` (offset 12 of the straight move, in its lane,
    /// E:133-176), Speed 1, with full coffee.
    pub fn new(tile: Point, heading: Heading) -> Car {
        Car {
            vehicle: crate::movement::Vehicle::placed(tile, heading),
            coffee: FULL_COFFEE,
        }
    }

    /// `Limo.Reset()` then `SetTileLocation` (RELOCATE_ALL_CARS): path, tail and forecast cleared,
    /// Speed 1; flat tyre, quarter speed and coffee are kept, as in the original.
    pub fn place(&mut self, tile: Point, heading: Heading) {
        self.vehicle.relocate(tile, heading);
    }

    /// `Location.TilePosition`.
    pub fn tile(&self) -> Point {
        self.vehicle.location.tile()
    }

    /// `PathTiles`.
    pub fn path(&self) -> &[Point] {
        &self.vehicle.path
    }
}

/// A player: their car, passenger, pick-up list, deliveries, points and cards.
#[derive(Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Player {
    /// The car.
    pub car: Car,
    /// The passenger in the car.
    pub passenger: Option<PassengerId>,
    /// `PickUp`: passengers to pick up, in order of preference.
    pub pickup: SmallVec<[PassengerId; 12]>,
    /// `PassengersDelivered`, in delivery order.
    pub delivered: SmallVec<[PassengerId; 12]>,
    /// Points earned (without the partial credit of [`rules::score`](crate::rules::score)).
    pub points: f32,
    /// `PowerUpsDeck`: cards not drawn yet.
    pub deck: SmallVec<[Card; 13]>,
    /// `PowerUpsDrawn`: the hand.
    pub hand: SmallVec<[Card; 8]>,
    /// `PowerUpInAction`: an instant card played, resolved at the next tick.
    pub in_action: Option<Card>,
    /// `PowerUpNextBusStop`: a transit card waiting for the next pick-up.
    pub next_bus_stop: Option<Card>,
    /// `PowerUpThisTransit`: the transit card of the passenger being carried.
    pub this_transit: Option<Card>,
    /// `TicksToFullSpeed` (ALL_OTHER_CARS_QUARTER_SPEED, stacking).
    pub ticks_to_full_speed: i32,
}

/// `dst.clone_from(src)` for a small vector of `Copy` items as one copy (`SmallVec`'s
/// `clone_from` clones item by item).
fn copy_from<A: smallvec::Array>(dst: &mut SmallVec<A>, src: &SmallVec<A>)
where
    A::Item: Copy,
{
    dst.clear();
    dst.extend_from_slice(src);
}

impl Clone for Passenger {
    fn clone(&self) -> Passenger {
        Passenger {
            lobby: self.lobby,
            car: self.car,
            start: self.start,
            destination: self.destination,
            route: self.route.clone(),
            enemies: self.enemies.clone(),
        }
    }

    /// The lists as one copy each (see [`State`]'s `clone_from`).
    fn clone_from(&mut self, source: &Passenger) {
        let Passenger {
            lobby,
            car,
            start,
            destination,
            route,
            enemies,
        } = source;
        self.lobby = *lobby;
        self.car = *car;
        self.start = *start;
        self.destination = *destination;
        copy_from(&mut self.route, route);
        copy_from(&mut self.enemies, enemies);
    }
}

impl Clone for Player {
    fn clone(&self) -> Player {
        let mut player = Player::new(Point::default(), Heading::North, SmallVec::new());
        player.clone_from(self);
        player
    }

    /// Reuses the path's buffer (see [`State`]'s `clone_from`).
    fn clone_from(&mut self, source: &Player) {
        // Destructured so that a new field is a compile error here, not a field left stale.
        let Player {
            car,
            passenger,
            pickup,
            delivered,
            points,
            deck,
            hand,
            in_action,
            next_bus_stop,
            this_transit,
            ticks_to_full_speed,
        } = source;
        self.car.clone_from(car);
        self.passenger = *passenger;
        copy_from(&mut self.pickup, pickup);
        copy_from(&mut self.delivered, delivered);
        self.points = *points;
        copy_from(&mut self.deck, deck);
        copy_from(&mut self.hand, hand);
        self.in_action = *in_action;
        self.next_bus_stop = *next_bus_stop;
        self.this_transit = *this_transit;
        self.ticks_to_full_speed = *ticks_to_full_speed;
    }
}

impl Player {
    /// A player at a start position with a deck, as `Player.Reset` leaves it.
    pub fn new(tile: Point, heading: Heading, deck: SmallVec<[Card; 13]>) -> Player {
        Player {
            car: Car::new(tile, heading),
            passenger: None,
            pickup: SmallVec::new(),
            delivered: SmallVec::new(),
            points: 0.0,
            deck,
            hand: SmallVec::new(),
            in_action: None,
            next_bus_stop: None,
            this_transit: None,
            ticks_to_full_speed: 0,
        }
    }
}

/// Everything that changes during a round.
#[derive(Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct State {
    /// Ticks run so far (`GameTicks`).
    pub tick: u32,
    /// The round's random generator; every chance outcome not supplied from outside comes from it.
    pub rng: Pcg64Mcg,
    /// The players in `Players` order.
    pub players: [Player; NUM_PLAYERS],
    /// The passengers in [`PASSENGERS`] order.
    pub passengers: [Passenger; NUM_PASSENGERS],
    /// The bus stop of each company.
    pub company_stops: [Point; NUM_COMPANIES],
    /// The coffee stores in list order (names by [`coffee_store_name`]).
    pub coffee_stores: SmallVec<[Point; 8]>,
    /// The state of each light, parallel to [`Game::lights`](crate::Game::lights).
    pub signals: Vec<crate::map::Signal>,
    /// `ticksSinceLastUpdate` of the status broadcast (starts at 96 so tick 1 broadcasts).
    pub ticks_since_update: i32,
    /// `numTicksToPrepareMove` (E:332-346): the forecast runs on a tick when this is ≤ 0, then
    /// restarts at 6; a path order sets it to 0. Starts at 0.
    pub ticks_to_forecast: i32,
    /// The round's tick limit, [`Config::max_ticks`](crate::Config::max_ticks) of the game that
    /// built the state: [`State::is_over`] once `tick` reaches it.
    pub max_ticks: u32,
}

impl Clone for State {
    fn clone(&self) -> State {
        State {
            tick: self.tick,
            rng: self.rng.clone(),
            players: self.players.clone(),
            passengers: self.passengers.clone(),
            company_stops: self.company_stops,
            coffee_stores: self.coffee_stores.clone(),
            signals: self.signals.clone(),
            ticks_since_update: self.ticks_since_update,
            ticks_to_forecast: self.ticks_to_forecast,
            max_ticks: self.max_ticks,
        }
    }

    /// Copies `source` into this state's buffers (the cars' paths, the signals): no allocation
    /// once they have grown, so an observation refilled every tick
    /// ([`Game::observe_into`](crate::Game::observe_into)) costs a copy, not a dozen allocations.
    fn clone_from(&mut self, source: &State) {
        // Destructured so that a new field is a compile error here, not a field left stale.
        let State {
            tick,
            rng,
            players,
            passengers,
            company_stops,
            coffee_stores,
            signals,
            ticks_since_update,
            ticks_to_forecast,
            max_ticks,
        } = source;
        self.tick = *tick;
        self.rng.clone_from(rng);
        self.players.clone_from(players);
        self.passengers.clone_from(passengers);
        self.company_stops = *company_stops;
        self.coffee_stores.clone_from(coffee_stores);
        self.signals.clone_from(signals);
        self.ticks_since_update = *ticks_since_update;
        self.ticks_to_forecast = *ticks_to_forecast;
        self.max_ticks = *max_ticks;
    }
}

impl State {
    /// The player `p`.
    pub fn player(&self, p: PlayerId) -> &Player {
        &self.players[p.index()]
    }

    /// The company whose bus stop is at `tile`, if any.
    pub fn company_at(&self, tile: Point) -> Option<CompanyId> {
        self.company_stops
            .iter()
            .position(|&s| s == tile)
            .map(|i| CompanyId(i as u8))
    }

    /// The passengers waiting in `company`'s lobby, in list order.
    pub fn lobby(&self, company: CompanyId) -> impl Iterator<Item = PassengerId> + '_ {
        PassengerId::all().filter(move |p| self.passengers[p.index()].lobby == Some(company))
    }

    /// Whether some player has 8 deliveries: the original's only end of a round (F:929-936).
    pub fn has_winner(&self) -> bool {
        self.players
            .iter()
            .any(|p| p.delivered.len() >= DELIVERIES_TO_WIN)
    }

    /// Whether the round is over: someone has 8 deliveries ([`State::has_winner`]) or the tick
    /// limit ([`State::max_ticks`]) is reached. The one meaning of "over": `Game::advance` changes
    /// nothing exactly then, and `Game::outcome` is `Some` exactly then.
    pub fn is_over(&self) -> bool {
        self.has_winner() || self.tick >= self.max_ticks
    }
}
