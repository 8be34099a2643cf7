//! A generator of valid city maps in the original format, and the project's own default maps.
//!
//! The city is a grid of streets inside a ring road (its corners are curves); random inner street
//! segments are removed, which turns crossings into T-junctions, curves and straights. Bus stops and
//! coffee stops sit on one-tile dead-end spurs off straight roads, each with its company or coffee
//! building beside it; some crossings get traffic lights, some get stop signs, and straight roads
//! get start positions. Every generated map passes [`Map::validate`].
//!
//! ```
//! use windward::mapgen::{GenConfig, generate};
//! let map = generate(&GenConfig::default(), 42).unwrap();
//! map.validate().unwrap();
//! let stats = map.stats();
//! assert!(stats.bus_stops >= 12 && stats.coffee_stops >= 4 && stats.starts >= 10);
//! ```

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use thiserror::Error;

use crate::geometry::{Heading, Point};
use crate::map::{Map, MapError, RoadShape, Signal, Square, StopSigns, TileType};

/// What to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GenConfig {
    /// Width in tiles.
    pub width: i32,
    /// Height in tiles.
    pub height: i32,
    /// Tiles between parallel streets (at least 4).
    pub spacing: i32,
    /// Bus stops (at least 12, one per company).
    pub bus_stops: usize,
    /// Coffee stops (at least 1).
    pub coffee_stops: usize,
    /// Start positions (at least 10).
    pub starts: usize,
    /// Crossings with a traffic light.
    pub lights: usize,
    /// Junctions with stop signs.
    pub stop_sign_squares: usize,
    /// Percent of inner street segments removed.
    pub removal_percent: u32,
}

impl Default for GenConfig {
    fn default() -> Self {
        GenConfig {
            width: 40,
            height: 30,
            spacing: 6,
            bus_stops: 14,
            coffee_stops: 4,
            starts: 12,
            lights: 5,
            stop_sign_squares: 6,
            removal_percent: 20,
        }
    }
}

/// Why no map could be generated.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GenError {
    /// The parameters cannot give a valid map (too small, too few stops or starts).
    #[error("cannot generate: {0}")]
    Impossible(&'static str),
    /// No valid map after many attempts (too little room for the stops and starts asked for).
    #[error("no valid map after {attempts} attempts; last problem: {last}")]
    GaveUp {
        /// Attempts made.
        attempts: usize,
        /// The last validation error.
        last: MapError,
    },
}

/// Generates a valid map from `seed` (the same seed and config give the same map).
pub fn generate(cfg: &GenConfig, seed: u64) -> Result<Map, GenError> {
    if cfg.width < 3 * cfg.spacing
        || cfg.height < 3 * cfg.spacing
        || cfg.spacing < 4
        || cfg.width > 1000
        || cfg.height > 1000
    {
        return Err(GenError::Impossible(
            "the map must be at least 3 street spacings wide and high, spacing >= 4",
        ));
    }
    if cfg.bus_stops < crate::NUM_COMPANIES
        || cfg.coffee_stops < 1
        || cfg.starts < crate::NUM_PLAYERS
    {
        return Err(GenError::Impossible(
            "needs at least 12 bus stops, 1 coffee stop and 10 starts",
        ));
    }
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut last = None;
    for _ in 0..64 {
        let map = attempt(cfg, &mut rng);
        match map.validate() {
            Ok(()) => {
                let st = map.stats();
                if st.bus_stops == cfg.bus_stops
                    && st.coffee_stops == cfg.coffee_stops
                    && st.starts == cfg.starts
                {
                    return Ok(map);
                }
                last = Some(MapError::TooFew {
                    what: "stops or starts placed",
                    found: st.bus_stops,
                    needed: cfg.bus_stops,
                });
            }
            Err(e) => last = Some(e),
        }
    }
    Err(GenError::GaveUp {
        attempts: 64,
        last: last.unwrap_or(MapError::TooFew {
            what: "maps",
            found: 0,
            needed: 1,
        }),
    })
}

fn attempt(cfg: &GenConfig, rng: &mut Pcg64Mcg) -> Map {
    let (w, h, sp) = (cfg.width, cfg.height, cfg.spacing);
    let mut road = vec![false; (w * h) as usize];
    let at = |p: Point| (p.x * h + p.y) as usize;
    // Street lines: columns and rows from 1 to the far edge minus 2, `spacing` apart (the outer ones
    // form the ring road).
    let lines = |len: i32| -> Vec<i32> {
        let last = len - 2;
        let n = ((last - 1) / sp).max(2);
        (0..=n).map(|i| 1 + (last - 1) * i / n).collect()
    };
    let (xs, ys) = (lines(w), lines(h));
    for &x in &xs {
        for y in ys[0]..=ys[ys.len() - 1] {
            road[at(Point::new(x, y))] = true;
        }
    }
    for &y in &ys {
        for x in xs[0]..=xs[xs.len() - 1] {
            road[at(Point::new(x, y))] = true;
        }
    }
    // Remove random inner segments while both end junctions keep two or more roads.
    let degree = |road: &[bool], p: Point| {
        Heading::ALL
            .iter()
            .filter(|&&d| {
                let q = p.step(d);
                q.x >= 0 && q.y >= 0 && q.x < w && q.y < h && road[at(q)]
            })
            .count()
    };
    let mut segments = Vec::new();
    for (i, &x) in xs.iter().enumerate() {
        for j in 0..ys.len() - 1 {
            if i > 0 && i < xs.len() - 1 {
                segments.push((Point::new(x, ys[j]), Point::new(x, ys[j + 1])));
            }
        }
    }
    for (j, &y) in ys.iter().enumerate() {
        for i in 0..xs.len() - 1 {
            if j > 0 && j < ys.len() - 1 {
                segments.push((Point::new(xs[i], y), Point::new(xs[i + 1], y)));
            }
        }
    }
    segments.shuffle(rng);
    for (a, b) in segments {
        if rng.random_range(0..100) >= cfg.removal_percent {
            continue;
        }
        if degree(&road, a) <= 2 || degree(&road, b) <= 2 {
            continue;
        }
        let (dx, dy) = ((b.x - a.x).signum(), (b.y - a.y).signum());
        let mut p = Point::new(a.x + dx, a.y + dy);
        let mut inner = Vec::new();
        while p != b {
            inner.push(p);
            p = Point::new(p.x + dx, p.y + dy);
        }
        for &q in &inner {
            road[at(q)] = false;
        }
        if !connected(&road, w, h) {
            for &q in &inner {
                road[at(q)] = true;
            }
        }
    }

    let mut map = Map::filled(w, h);
    for (square, &is_road) in map.squares.iter_mut().zip(&road) {
        if is_road {
            *square = Square::new(TileType::Road, RoadShape::Intersection);
        }
    }
    let is_road = |map: &Map, p: Point| map.square(p).is_some_and(|s| s.kind.is_driveable());
    let straight = |map: &Map, p: Point, horizontal: bool| {
        let (a, b) = if horizontal {
            (Heading::West, Heading::East)
        } else {
            (Heading::North, Heading::South)
        };
        let (c, d) = if horizontal {
            (Heading::North, Heading::South)
        } else {
            (Heading::West, Heading::East)
        };
        is_road(map, p)
            && is_road(map, p.step(a))
            && is_road(map, p.step(b))
            && !is_road(map, p.step(c))
            && !is_road(map, p.step(d))
    };

    // Spurs: a stop beside a straight road tile whose neighbours are straight too, with free space
    // around the stop and a building beside it.
    let mut spur_sites = Vec::new();
    for x in 1..w - 1 {
        for y in 1..h - 1 {
            let p = Point::new(x, y);
            for horizontal in [true, false] {
                let along = if horizontal {
                    [Heading::West, Heading::East]
                } else {
                    [Heading::North, Heading::South]
                };
                if straight(&map, p, horizontal)
                    && along.iter().all(|&d| straight(&map, p.step(d), horizontal))
                {
                    let sides = if horizontal {
                        [Heading::North, Heading::South]
                    } else {
                        [Heading::West, Heading::East]
                    };
                    for side in sides {
                        spur_sites.push((p, side));
                    }
                }
            }
        }
    }
    spur_sites.shuffle(rng);
    let mut placed_bus = 0;
    let mut placed_coffee = 0;
    let mut used_road: Vec<Point> = Vec::new();
    for (p, side) in spur_sites {
        if placed_bus == cfg.bus_stops && placed_coffee == cfg.coffee_stops {
            break;
        }
        let stop = p.step(side);
        let beyond = stop.step(side);
        let left = stop.step(turn(side, false));
        let right = stop.step(turn(side, true));
        let inside = |q: Point| q.x >= 1 && q.y >= 1 && q.x < w - 1 && q.y < h - 1;
        if !inside(stop) || !inside(beyond) || !inside(left) || !inside(right) {
            continue;
        }
        let free = |q: Point| map.square(q).is_some_and(|s| s.kind == TileType::Park);
        if !free(stop) || !free(beyond) || !free(left) || !free(right) {
            continue;
        }
        // Keep spurs two tiles apart along the road, so each spur's road tile is a clean T.
        if used_road.iter().any(|u| u.manhattan(p) <= 2) {
            continue;
        }
        // Nothing driveable may touch the stop except its road tile.
        if Heading::ALL
            .iter()
            .any(|&d| stop.step(d) != p && is_road(&map, stop.step(d)))
        {
            continue;
        }
        let (kind, building) = if placed_coffee < cfg.coffee_stops
            && (placed_bus >= cfg.bus_stops || rng.random_range(0..4) == 0)
        {
            placed_coffee += 1;
            (TileType::CoffeeStop, TileType::CoffeeBuilding)
        } else if placed_bus < cfg.bus_stops {
            placed_bus += 1;
            (TileType::BusStop, TileType::Company)
        } else {
            continue;
        };
        if let Some(s) = map.square_mut(stop) {
            *s = Square::new(kind, RoadShape::Intersection);
        }
        for q in [beyond, left] {
            if let Some(s) = map.square_mut(q) {
                *s = Square::new(building, RoadShape::Intersection);
            }
        }
        used_road.push(p);
    }

    // Shapes from the neighbours, as the map builder computes them.
    for i in 0..map.squares.len() {
        if map.squares[i].kind.is_driveable() {
            let p = map.point(i);
            let d = |hd: Heading| is_road(&map, p.step(hd));
            map.squares[i].shape = RoadShape::from_neighbours(
                d(Heading::North),
                d(Heading::South),
                d(Heading::West),
                d(Heading::East),
            );
        }
    }

    // Starts on straight roads away from junctions and from each other.
    let mut starts = Vec::new();
    for i in 0..map.squares.len() {
        let p = map.point(i);
        let s = map.squares[i];
        if s.kind == TileType::Road
            && matches!(s.shape, RoadShape::EastWest | RoadShape::NorthSouth)
        {
            starts.push(p);
        }
    }
    starts.shuffle(rng);
    let mut chosen: Vec<Point> = Vec::new();
    for p in starts {
        if chosen.len() == cfg.starts {
            break;
        }
        if chosen.iter().any(|c| c.manhattan(p) < 3) {
            continue;
        }
        let vertical = map
            .square(p)
            .is_some_and(|s| s.shape == RoadShape::NorthSouth);
        let heading = match (vertical, rng.random_range(0..2)) {
            (true, 0) => Heading::North,
            (true, _) => Heading::South,
            (false, 0) => Heading::East,
            (false, _) => Heading::West,
        };
        if let Some(s) = map.square_mut(p) {
            s.start = Some(heading);
        }
        chosen.push(p);
    }

    // Traffic control: lights on crossings, stop signs on other junctions.
    let mut junctions: Vec<Point> = (0..map.squares.len())
        .filter(|&i| map.squares[i].kind == TileType::Road && map.squares[i].shape.is_junction())
        .map(|i| map.point(i))
        .collect();
    junctions.shuffle(rng);
    let mut lights = 0;
    let mut signs = 0;
    for p in junctions {
        let Some(s) = map.square_mut(p) else { continue };
        if s.shape == RoadShape::Intersection && lights < cfg.lights {
            s.signal = Signal::NorthSouthGreen;
            lights += 1;
        } else if signs < cfg.stop_sign_squares {
            // Stop the cross traffic of the straight-through road.
            s.stop_signs = match s.shape {
                RoadShape::TNorth | RoadShape::TSouth => {
                    StopSigns::side(Heading::North).0 | StopSigns::side(Heading::South).0
                }
                RoadShape::TEast | RoadShape::TWest => {
                    StopSigns::side(Heading::East).0 | StopSigns::side(Heading::West).0
                }
                _ if rng.random_range(0..2) == 0 => {
                    StopSigns::side(Heading::East).0 | StopSigns::side(Heading::West).0
                }
                _ => StopSigns::side(Heading::North).0 | StopSigns::side(Heading::South).0,
            }
            .into_signs();
            signs += 1;
        }
    }
    map
}

trait IntoSigns {
    fn into_signs(self) -> StopSigns;
}

impl IntoSigns for u8 {
    fn into_signs(self) -> StopSigns {
        StopSigns(self)
    }
}

const fn turn(h: Heading, right: bool) -> Heading {
    match (h, right) {
        (Heading::North, true) | (Heading::South, false) => Heading::East,
        (Heading::East, true) | (Heading::West, false) => Heading::South,
        (Heading::South, true) | (Heading::North, false) => Heading::West,
        (Heading::West, true) | (Heading::East, false) => Heading::North,
    }
}

fn connected(road: &[bool], w: i32, h: i32) -> bool {
    let Some(first) = road.iter().position(|&r| r) else {
        return true;
    };
    let mut seen = vec![false; road.len()];
    let mut stack = vec![first];
    seen[first] = true;
    let mut count = 1;
    while let Some(i) = stack.pop() {
        let p = Point::new(i as i32 / h, i as i32 % h);
        for d in Heading::ALL {
            let q = p.step(d);
            if q.x >= 0 && q.y >= 0 && q.x < w && q.y < h {
                let j = (q.x * h + q.y) as usize;
                if road[j] && !seen[j] {
                    seen[j] = true;
                    count += 1;
                    stack.push(j);
                }
            }
        }
    }
    count == road.iter().filter(|&&r| r).count()
}

/// The configs and seeds of the shipped default maps (`windward/maps/city1.xml` ...).
pub const DEFAULT_MAPS: [(GenConfig, u64); 3] = [
    (
        GenConfig {
            width: 40,
            height: 30,
            spacing: 6,
            bus_stops: 14,
            coffee_stops: 4,
            starts: 12,
            lights: 5,
            stop_sign_squares: 6,
            removal_percent: 20,
        },
        1,
    ),
    (
        GenConfig {
            width: 56,
            height: 40,
            spacing: 7,
            bus_stops: 14,
            coffee_stops: 5,
            starts: 14,
            lights: 8,
            stop_sign_squares: 10,
            removal_percent: 25,
        },
        2,
    ),
    (
        GenConfig {
            width: 32,
            height: 32,
            spacing: 5,
            bus_stops: 13,
            coffee_stops: 4,
            starts: 12,
            lights: 4,
            stop_sign_squares: 5,
            removal_percent: 15,
        },
        3,
    ),
];

/// The shipped default map files, byte for byte.
pub const DEFAULT_MAP_FILES: [&[u8]; 3] = [
    include_bytes!("../maps/city1.xml"),
    include_bytes!("../maps/city2.xml"),
    include_bytes!("../maps/city3.xml"),
];

/// Shipped default map `i` (0, 1 or 2; other values wrap around).
pub fn default_map(i: usize) -> Map {
    Map::parse(DEFAULT_MAP_FILES[i % DEFAULT_MAP_FILES.len()]).expect("the shipped maps parse")
}
