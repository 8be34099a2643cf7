//! [`Config`] and [`Game`]: the map plus everything precomputed from it once, shared by reference.
//!
//! A leaf of the crate's module graph: it knows the map, the setup and the state, not the rules
//! or the protocol (the verbs that need those live beside them: `tick::round`, `contract`).

use pathfind::{Grid, NeighbourOrder, Searcher};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use smallvec::SmallVec;
use thiserror::Error;

use crate::geometry::Point;
use crate::map::{Map, MapError, TileType};
use crate::setup::{Setup, SetupError};
use crate::state::{NUM_PLAYERS, Passenger, PassengerId, Player, State};

/// The round's parameters. `Default` gives the original's values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Config {
    /// A round ends after this many ticks even if nobody has 8 deliveries. The original has no
    /// limit (rules §12.11); the default, 60,000 ticks (about 10 minutes of the original's real
    /// time at 96 ticks/s), is the limit the golden traces were recorded with, and about twice the
    /// length of a full game on the original maps (~34,000 ticks).
    pub max_ticks: u32,
}

impl Default for Config {
    fn default() -> Self {
        Config { max_ticks: 60_000 }
    }
}

/// Why a [`Game`] could not be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ConfigError {
    /// The map is not valid.
    #[error(transparent)]
    Map(#[from] MapError),
}

/// The old name of [`ConfigError`]: the error of building a game from its configuration is
/// `ConfigError` in every game crate.
#[deprecated(note = "renamed `ConfigError`, as in every game crate")]
pub type GameError = ConfigError;

/// Distance value for "unreachable" in the precomputed tables.
pub const UNREACHABLE: u16 = u16::MAX;

/// The geometry of a round and the tables precomputed from it.
///
/// Built once by [`Game::new`], shared by reference, never cloned per step.
#[derive(Debug, Clone)]
///
/// Its fields are private: the map, the parameters and everything precomputed from them are fixed
/// together by [`Game::new`] and read through accessors, so no change can leave the distance tables
/// stale.
pub struct Game {
    map: Map,
    config: Config,
    grid: Grid,
    lights: Vec<Point>,
    stops: Vec<Point>,
    bus_stop_count: usize,
    longest_path: usize,
    light_of: Vec<u16>,
    stop_of: Vec<u16>,
    stop_dist: Vec<u16>,
    fields: Vec<u16>,
}

impl Game {
    /// Validates the map and precomputes: the driveable graph, a BFS distance field from every bus
    /// stop and coffee stop to every tile, and the all-pairs distances between the stops.
    pub fn new(map: Map, config: Config) -> Result<Game, ConfigError> {
        map.validate()?;
        let (w, h) = (map.width as usize, map.height as usize);
        let grid = Grid::from_fn(w, h, |x, y| {
            map.is_driveable(Point::new(x as i32, y as i32))
        })
        .expect("a validated map has a size in 1..=1000")
        .with_order(NeighbourOrder::WENS);
        let cells = map.squares.len();
        let lights = map.lights();
        let mut light_of = vec![u16::MAX; cells];
        for (i, &p) in lights.iter().enumerate() {
            if let Some(c) = map.index(p) {
                light_of[c] = i as u16;
            }
        }
        let mut stops = map.tiles_of(TileType::BusStop);
        let bus_stop_count = stops.len();
        stops.extend(map.tiles_of(TileType::CoffeeStop));
        let mut stop_of = vec![u16::MAX; cells];
        for (i, &p) in stops.iter().enumerate() {
            if let Some(c) = map.index(p) {
                stop_of[c] = i as u16;
            }
        }
        // Node ids of the pathfind grid for each map cell (x outer, y inner, like `Map::squares`).
        let nodes: Vec<pathfind::Node> = (0..cells)
            .map(|i| {
                let p = map.point(i);
                grid.node(p.x as usize, p.y as usize)
                    .expect("inside the grid")
            })
            .collect();
        let mut searcher = Searcher::for_space(&grid);
        let mut fields = Vec::with_capacity(stops.len() * cells);
        for &s in &stops {
            let field = searcher
                .distance_field(&grid, nodes[map.index(s).unwrap_or(0)])
                .expect("a node of the grid");
            fields.extend(nodes.iter().map(|&n| {
                field
                    .distance(n)
                    .map_or(UNREACHABLE, |d| d.min(65_534) as u16)
            }));
        }
        let n = stops.len();
        let mut stop_dist = vec![UNREACHABLE; n * n];
        for a in 0..n {
            for b in 0..n {
                stop_dist[a * n + b] = fields[a * cells + map.index(stops[b]).unwrap_or(0)];
            }
        }
        // Tiles of the longest shortest path to a stop, both ends included.
        let longest_path = 1 + fields
            .iter()
            .filter(|&&d| d != UNREACHABLE)
            .max()
            .copied()
            .unwrap_or(0) as usize;
        Ok(Game {
            longest_path,
            map,
            config,
            grid,
            lights,
            stops,
            bus_stop_count,
            light_of,
            stop_of,
            stop_dist,
            fields,
        })
    }

    /// The map.
    #[inline]
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// The round's parameters.
    #[inline]
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The driveable-tile graph (4-connected, neighbour order W, E, N, S as `SimpleAStar`).
    #[inline]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The traffic-light squares in map order; [`State::signals`] is parallel to it.
    #[inline]
    pub fn lights(&self) -> &[Point] {
        &self.lights
    }

    /// Every stop: the bus stops, then the coffee stops, each in map order.
    #[inline]
    pub fn stops(&self) -> &[Point] {
        &self.stops
    }

    /// How many of [`Game::stops`] are bus stops (the coffee stops follow them).
    #[inline]
    pub fn bus_stop_count(&self) -> usize {
        self.bus_stop_count
    }

    /// The most tiles [`Game::path_to_stop`] can return (the longest shortest path to a stop,
    /// both ends included): a path buffer of this capacity never grows.
    #[inline]
    pub fn longest_path(&self) -> usize {
        self.longest_path
    }

    /// The index of the light at `tile` in [`Game::lights`].
    #[inline]
    pub fn light_index(&self, tile: Point) -> Option<usize> {
        let i = *self.light_of.get(self.map.index(tile)?)?;
        (i != u16::MAX).then_some(i as usize)
    }

    /// The index of the stop at `tile` in [`Game::stops`].
    #[inline]
    pub fn stop_index(&self, tile: Point) -> Option<usize> {
        let i = *self.stop_of.get(self.map.index(tile)?)?;
        (i != u16::MAX).then_some(i as usize)
    }

    /// Driving distance in tiles (BFS over driveable tiles) between stops `a` and `b` (indices into
    /// [`Game::stops`]), or [`UNREACHABLE`].
    #[inline]
    pub fn stop_distance(&self, a: usize, b: usize) -> u16 {
        self.stop_dist[a * self.stops.len() + b]
    }

    /// The distance field of stop `s`: the driving distance from every tile (indexed like
    /// [`Map::squares`]) to the stop, [`UNREACHABLE`] for tiles that cannot reach it.
    #[inline]
    pub fn field(&self, s: usize) -> &[u16] {
        let cells = self.map.squares.len();
        &self.fields[s * cells..(s + 1) * cells]
    }

    /// Driving distance from `tile` to stop `s`, or [`UNREACHABLE`].
    #[inline]
    pub fn distance_to_stop(&self, s: usize, tile: Point) -> u16 {
        self.map
            .index(tile)
            .map_or(UNREACHABLE, |i| self.field(s)[i])
    }

    /// A shortest path from `from` to stop `s`, both inclusive, by descending the stop's distance
    /// field (neighbours tried W, E, N, S); empty if unreachable.
    pub fn path_to_stop(&self, from: Point, s: usize, out: &mut Vec<Point>) {
        out.clear();
        let field = self.field(s);
        let Some(mut i) = self.map.index(from) else {
            return;
        };
        if field[i] == UNREACHABLE {
            return;
        }
        let mut p = from;
        out.push(p);
        while field[i] > 0 {
            let next = [(-1, 0), (1, 0), (0, -1), (0, 1)]
                .into_iter()
                .find_map(|(dx, dy)| {
                    let q = Point::new(p.x + dx, p.y + dy);
                    let j = self.map.index(q)?;
                    (field[j] == field[i] - 1).then_some((q, j))
                });
            let Some((q, j)) = next else { return };
            p = q;
            i = j;
            out.push(p);
        }
    }

    /// [`Game::path_to_stop`] plus the step back out of the stop's dead end
    /// (`CalculatePathPlus1`, AI:389-396): the path the original's AI sends, so the car still
    /// has orders after it reaches the stop while its player decides.
    pub fn path_to_stop_plus_one(&self, from: Point, s: usize, out: &mut Vec<Point>) {
        self.path_to_stop(from, s, out);
        if out.len() > 1 {
            out.push(out[out.len() - 2]);
        }
    }

    /// A new round from a seed: setup drawn from a `Pcg64Mcg` seeded with `seed`, which the state
    /// then carries for every later chance outcome.
    pub fn initial_state(&self, seed: u64) -> State {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let setup = Setup::random(&self.map, &mut rng).expect("a validated map can host a game");
        self.build_state(&setup, rng)
    }

    /// A round from explicit setup values (e.g. from the server's `<setup>` message or a trace),
    /// with `seed` for later chance outcomes.
    pub fn state_from_setup(&self, setup: &Setup, seed: u64) -> Result<State, SetupError> {
        setup.validate(&self.map)?;
        Ok(self.build_state(setup, Pcg64Mcg::seed_from_u64(seed)))
    }

    fn build_state(&self, setup: &Setup, rng: Pcg64Mcg) -> State {
        let players: [Player; NUM_PLAYERS] = core::array::from_fn(|i| {
            Player::new(setup.starts[i].0, setup.starts[i].1, setup.decks[i].clone())
        });
        let passengers = core::array::from_fn(|i| {
            let ps = &setup.passengers[i];
            Passenger {
                lobby: Some(PassengerId(i as u8).home()),
                car: None,
                start: None,
                destination: Some(ps.destination),
                route: ps.route.clone(),
                enemies: ps.enemies.clone(),
            }
        });
        State {
            tick: 0,
            rng,
            players,
            passengers,
            company_stops: setup.company_stops,
            coffee_stores: setup
                .coffee_stores
                .iter()
                .copied()
                .collect::<SmallVec<[Point; 8]>>(),
            signals: self
                .lights
                .iter()
                .map(|&p| {
                    self.map
                        .square(p)
                        .map_or_else(Default::default, |s| s.signal)
                })
                .collect(),
            ticks_since_update: 96,
            ticks_to_forecast: 0,
            max_ticks: self.config.max_ticks,
        }
    }
}
