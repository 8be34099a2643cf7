//! Game setup (rules §5, E:214-269): start positions, company bus stops, passengers' routes and
//! enemies, coffee stores and decks — drawn from a seeded generator, or given explicitly (as read
//! from the server's `<setup>` message or a trace's setup record).

use rand::Rng;
use rand::seq::SliceRandom;
use smallvec::SmallVec;
use thiserror::Error;

use crate::geometry::{Heading, Point};
use crate::map::{Map, TileType};
use crate::state::{
    Card, CardKind, CompanyId, NUM_COMPANIES, NUM_PASSENGERS, NUM_PLAYERS,
    PASSENGER_CREATION_ORDER, PassengerId,
};

/// The random part of a passenger, fixed at setup.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PassengerSetup {
    /// First destination.
    pub destination: CompanyId,
    /// The ten companies after it.
    pub route: SmallVec<[CompanyId; 12]>,
    /// Enemies, sorted by name.
    pub enemies: SmallVec<[PassengerId; 6]>,
}

/// Every outcome of setup. With the map it determines the initial [`State`](crate::State).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// Each player's start tile and heading.
    pub starts: [(Point, Heading); NUM_PLAYERS],
    /// Each company's bus stop.
    pub company_stops: [Point; NUM_COMPANIES],
    /// The coffee stores in list order.
    pub coffee_stores: SmallVec<[Point; 8]>,
    /// Each passenger's destination, route and enemies (they start in their home lobby).
    pub passengers: [PassengerSetup; NUM_PASSENGERS],
    /// Each player's 13-card deck in deck order.
    pub decks: [SmallVec<[Card; 13]>; NUM_PLAYERS],
}

/// An explicit setup that does not fit the map or the rules.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// A start that is not a start square of the map.
    #[error("player {player}: start {tile} is not a start position of the map")]
    BadStart {
        /// The player index.
        player: usize,
        /// The tile.
        tile: Point,
    },
    /// Two players on one start.
    #[error("players {a} and {b} share start {tile}")]
    SharedStart {
        /// First player.
        a: usize,
        /// Second player.
        b: usize,
        /// The tile.
        tile: Point,
    },
    /// A company stop that is not a BUS_STOP square, or is used twice.
    #[error("company {company}: {tile} is not a free bus stop")]
    BadCompanyStop {
        /// Company name.
        company: &'static str,
        /// The tile.
        tile: Point,
    },
    /// A coffee store that is not a COFFEE_STOP square.
    #[error("coffee store {index}: {tile} is not a coffee stop")]
    BadCoffeeStore {
        /// Index in the list.
        index: usize,
        /// The tile.
        tile: Point,
    },
    /// A route that is not the other companies.
    #[error(
        "passenger {passenger}: destination and route must be 11 distinct companies other than home"
    )]
    BadRoute {
        /// Passenger name.
        passenger: &'static str,
    },
    /// An enemy list with self, duplicates or too many entries.
    #[error("passenger {passenger}: enemies must be distinct others, at most points+2")]
    BadEnemies {
        /// Passenger name.
        passenger: &'static str,
    },
    /// A deck of the wrong size.
    #[error("player {player}: deck has {len} cards, expected 13")]
    BadDeck {
        /// The player index.
        player: usize,
        /// Its size.
        len: usize,
    },
    /// The map cannot host a game.
    #[error("the map has {found} {what}, the game needs {needed}")]
    MapTooSmall {
        /// What is counted.
        what: &'static str,
        /// How many there are.
        found: usize,
        /// How many are needed.
        needed: usize,
    },
}

/// The 20 multiplier cards a deck's 6 are drawn from (`PowerUp.atOneStore`, PU:161-187): one
/// MULT_DELIVERING_PASSENGER per one-point passenger, then one MULT_DELIVER_AT_COMPANY per company.
pub fn multiplier_cards() -> SmallVec<[Card; 20]> {
    let mut cards = SmallVec::new();
    for p in PassengerId::all().filter(|p| p.points() == 1) {
        cards.push(Card {
            passenger: Some(p),
            ..Card::new(CardKind::MultDeliveringPassenger)
        });
    }
    for c in CompanyId::all() {
        cards.push(Card {
            company: Some(c),
            ..Card::new(CardKind::MultDeliverAtCompany)
        });
    }
    cards
}

impl Setup {
    /// Draws a setup as the original does (E:214-269): shuffled starts, companies on shuffled bus
    /// stops (extra stops get none), each passenger's route a shuffle of the other 11 companies,
    /// enemies by the six-shuffled-lists walk (PA:95-117), and each deck 6 random multiplier cards
    /// plus the 7 fixed cards. The coffee stores' order is a uniform shuffle (the original's sort
    /// with a random comparer is not uniform; only the store names depend on it).
    pub fn random<R: Rng + ?Sized>(map: &Map, rng: &mut R) -> Result<Setup, SetupError> {
        let mut starts = map.starts();
        let mut stops = map.tiles_of(TileType::BusStop);
        let mut coffee = map.tiles_of(TileType::CoffeeStop);
        for (what, found, needed) in [
            ("start positions", starts.len(), NUM_PLAYERS),
            ("bus stops", stops.len(), NUM_COMPANIES),
            ("coffee stops", coffee.len(), 1),
        ] {
            if found < needed {
                return Err(SetupError::MapTooSmall {
                    what,
                    found,
                    needed,
                });
            }
        }
        starts.shuffle(rng);
        let starts: [(Point, Heading); NUM_PLAYERS] = core::array::from_fn(|i| starts[i]);

        // Routes: the other 11 companies shuffled; the first is the destination (PA:83-93).
        let mut routes: [SmallVec<[CompanyId; 12]>; NUM_PASSENGERS] = Default::default();
        for &p in &PASSENGER_CREATION_ORDER {
            let mut others: SmallVec<[CompanyId; 12]> =
                CompanyId::all().filter(|&c| c != p.home()).collect();
            others.shuffle(rng);
            routes[p.index()] = others;
        }
        let enemies = draw_enemies(rng);
        let passengers: [PassengerSetup; NUM_PASSENGERS] =
            core::array::from_fn(|i| PassengerSetup {
                destination: routes[i][0],
                route: routes[i][1..].iter().copied().collect(),
                enemies: enemies[i].clone(),
            });

        stops.shuffle(rng);
        let company_stops: [Point; NUM_COMPANIES] = core::array::from_fn(|i| stops[i]);
        coffee.shuffle(rng);

        let decks: [SmallVec<[Card; 13]>; NUM_PLAYERS] = core::array::from_fn(|_| {
            let mut mult = multiplier_cards();
            mult.shuffle(rng);
            let take = mult.len() / 3;
            let mut deck: SmallVec<[Card; 13]> = mult[..take].iter().copied().collect();
            deck.extend(CardKind::FIXED.iter().map(|&k| Card::new(k)));
            deck
        });
        Ok(Setup {
            starts,
            company_stops,
            coffee_stores: coffee.into_iter().collect(),
            passengers,
            decks,
        })
    }

    /// Checks the setup against the map and the rules of §5.
    pub fn validate(&self, map: &Map) -> Result<(), SetupError> {
        for (i, &(tile, heading)) in self.starts.iter().enumerate() {
            if map.square(tile).and_then(|s| s.start) != Some(heading) {
                // A start must be a start square; its heading may differ only for a relocated car,
                // which a setup never has.
                return Err(SetupError::BadStart { player: i, tile });
            }
            if let Some(j) = self.starts[..i].iter().position(|s| s.0 == tile) {
                return Err(SetupError::SharedStart { a: j, b: i, tile });
            }
        }
        for (i, &tile) in self.company_stops.iter().enumerate() {
            let bus = map
                .square(tile)
                .is_some_and(|s| s.kind == TileType::BusStop);
            if !bus || self.company_stops[..i].contains(&tile) {
                return Err(SetupError::BadCompanyStop {
                    company: CompanyId(i as u8).name(),
                    tile,
                });
            }
        }
        for (index, &tile) in self.coffee_stores.iter().enumerate() {
            if !map
                .square(tile)
                .is_some_and(|s| s.kind == TileType::CoffeeStop)
            {
                return Err(SetupError::BadCoffeeStore { index, tile });
            }
        }
        for p in PassengerId::all() {
            let ps = &self.passengers[p.index()];
            let mut all: Vec<CompanyId> = core::iter::once(ps.destination)
                .chain(ps.route.iter().copied())
                .collect();
            all.sort();
            all.dedup();
            if all.len() != NUM_COMPANIES - 1
                || ps.route.len() != NUM_COMPANIES - 2
                || all.contains(&p.home())
            {
                return Err(SetupError::BadRoute {
                    passenger: p.name(),
                });
            }
            let mut e: Vec<PassengerId> = ps.enemies.to_vec();
            e.sort();
            e.dedup();
            if e.len() != ps.enemies.len() || e.contains(&p) || e.len() > p.points() as usize + 2 {
                return Err(SetupError::BadEnemies {
                    passenger: p.name(),
                });
            }
        }
        for (player, deck) in self.decks.iter().enumerate() {
            if deck.len() != crate::state::DECK_SIZE {
                return Err(SetupError::BadDeck {
                    player,
                    len: deck.len(),
                });
            }
        }
        Ok(())
    }
}

/// The enemy draw of PA:95-117: six independently shuffled copies of the passenger list; for each
/// passenger in creation order, `numEnemies = rand.Next(p, p+3)`; walk the six lists in order and take
/// from each the first entry that is not self and not already an enemy (removing it from that list)
/// while more are needed. Lists can run dry, so a passenger may get fewer. Sorted by name.
pub fn draw_enemies<R: Rng + ?Sized>(rng: &mut R) -> [SmallVec<[PassengerId; 6]>; NUM_PASSENGERS] {
    let mut lists: [SmallVec<[PassengerId; 12]>; 6] = core::array::from_fn(|_| {
        let mut l: SmallVec<[PassengerId; 12]> = PassengerId::all().collect();
        l.shuffle(rng);
        l
    });
    let mut out: [SmallVec<[PassengerId; 6]>; NUM_PASSENGERS] = Default::default();
    for &p in &PASSENGER_CREATION_ORDER {
        let points = p.points() as usize;
        let wanted = rng.random_range(points..points + 3);
        let mine = &mut out[p.index()];
        for list in lists.iter_mut() {
            if mine.len() >= wanted {
                break;
            }
            if let Some(k) = list.iter().position(|&q| q != p && !mine.contains(&q)) {
                mine.push(list.remove(k));
            }
        }
        mine.sort();
    }
    out
}
