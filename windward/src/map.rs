//! The city map: tiles, roads, stop signs, traffic lights and start positions, read from and written
//! to the original XML format byte for byte (rules §3, GM:43-59, MS:204-225, MT:27-162).

use core::fmt;
use thiserror::Error;

use crate::geometry::{Heading, Point};
use crate::xml::{self, XmlError};

/// Map units per tile side (`TileMovement.UNITS_PER_TILE`, TM:24).
pub const UNITS_PER_TILE: i32 = 24;

/// What a square is (`MapTile.TYPE`, MT:108-139).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum TileType {
    /// Scenery.
    Park,
    /// A road.
    Road,
    /// A bus stop, where a company may be assigned (a dead-end road).
    BusStop,
    /// A company building (scenery).
    Company,
    /// A coffee store's stop (a dead-end road).
    CoffeeStop,
    /// A coffee store building (scenery).
    CoffeeBuilding,
}

impl TileType {
    const NAMES: [(TileType, &'static str); 6] = [
        (TileType::Park, "PARK"),
        (TileType::Road, "ROAD"),
        (TileType::BusStop, "BUS_STOP"),
        (TileType::Company, "COMPANY"),
        (TileType::CoffeeStop, "COFFEE_STOP"),
        (TileType::CoffeeBuilding, "COFFEE_BUILDING"),
    ];

    /// ROAD, BUS_STOP or COFFEE_STOP (MT:151-154): cars may drive here.
    pub const fn is_driveable(self) -> bool {
        matches!(
            self,
            TileType::Road | TileType::BusStop | TileType::CoffeeStop
        )
    }

    /// BUS_STOP or COFFEE_STOP (MT:159-162).
    pub const fn is_stop(self) -> bool {
        matches!(self, TileType::BusStop | TileType::CoffeeStop)
    }

    /// The name used in the map file.
    pub fn name(self) -> &'static str {
        TileType::NAMES
            .iter()
            .find(|(t, _)| *t == self)
            .map_or("", |(_, n)| n)
    }

    /// Parses a map-file name; the legacy prefix `LIQUOR_` reads as `COFFEE_` (MS:207-208).
    pub fn from_name(name: &str) -> Option<TileType> {
        let renamed;
        let name = match name.strip_prefix("LIQUOR_") {
            Some(rest) => {
                renamed = format!("COFFEE_{rest}");
                renamed.as_str()
            }
            None => name,
        };
        TileType::NAMES
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(t, _)| *t)
    }
}

/// The road shape of a square (`MapTile.DIRECTION`, MT:27-103), with the original integer values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum RoadShape {
    /// Straight north–south.
    NorthSouth = 0,
    /// Straight east–west.
    EastWest = 1,
    /// A 4-way crossing (also the value of every non-road square).
    Intersection = 2,
    /// Dead end; the road continues only to the south.
    NorthUturn = 3,
    /// Dead end; the road continues only to the west.
    EastUturn = 4,
    /// Dead end; the road continues only to the north.
    SouthUturn = 5,
    /// Dead end; the road continues only to the east.
    WestUturn = 6,
    /// T whose stem points north: exits N, E, W.
    TNorth = 7,
    /// T with exits N, E, S.
    TEast = 8,
    /// T with exits E, S, W.
    TSouth = 9,
    /// T with exits N, S, W.
    TWest = 10,
    /// Curve joining the south and east neighbours.
    CurveNe = 11,
    /// Curve joining the south and west neighbours.
    CurveNw = 12,
    /// Curve joining the north and east neighbours.
    CurveSe = 13,
    /// Curve joining the north and west neighbours.
    CurveSw = 14,
}

impl RoadShape {
    /// Every shape in value order.
    pub const ALL: [RoadShape; 15] = [
        RoadShape::NorthSouth,
        RoadShape::EastWest,
        RoadShape::Intersection,
        RoadShape::NorthUturn,
        RoadShape::EastUturn,
        RoadShape::SouthUturn,
        RoadShape::WestUturn,
        RoadShape::TNorth,
        RoadShape::TEast,
        RoadShape::TSouth,
        RoadShape::TWest,
        RoadShape::CurveNe,
        RoadShape::CurveNw,
        RoadShape::CurveSe,
        RoadShape::CurveSw,
    ];

    /// The name used in the map file.
    pub const fn name(self) -> &'static str {
        match self {
            RoadShape::NorthSouth => "NORTH_SOUTH",
            RoadShape::EastWest => "EAST_WEST",
            RoadShape::Intersection => "INTERSECTION",
            RoadShape::NorthUturn => "NORTH_UTURN",
            RoadShape::EastUturn => "EAST_UTURN",
            RoadShape::SouthUturn => "SOUTH_UTURN",
            RoadShape::WestUturn => "WEST_UTURN",
            RoadShape::TNorth => "T_NORTH",
            RoadShape::TEast => "T_EAST",
            RoadShape::TSouth => "T_SOUTH",
            RoadShape::TWest => "T_WEST",
            RoadShape::CurveNe => "CURVE_NE",
            RoadShape::CurveNw => "CURVE_NW",
            RoadShape::CurveSe => "CURVE_SE",
            RoadShape::CurveSw => "CURVE_SW",
        }
    }

    /// Parses a map-file name.
    pub fn from_name(name: &str) -> Option<RoadShape> {
        RoadShape::ALL.into_iter().find(|s| s.name() == name)
    }

    /// A dead end (`*_UTURN`); every bus stop and coffee stop is one.
    pub const fn is_uturn(self) -> bool {
        matches!(
            self,
            RoadShape::NorthUturn
                | RoadShape::EastUturn
                | RoadShape::SouthUturn
                | RoadShape::WestUturn
        )
    }

    /// A 4-way crossing or a T: the only squares that carry lights or stop signs.
    pub const fn is_junction(self) -> bool {
        matches!(
            self,
            RoadShape::Intersection
                | RoadShape::TNorth
                | RoadShape::TEast
                | RoadShape::TSouth
                | RoadShape::TWest
        )
    }

    /// The shape `GameMap.CalculateSquare` (GM:198-265) derives from which 4-neighbours are driveable.
    pub const fn from_neighbours(north: bool, south: bool, west: bool, east: bool) -> RoadShape {
        let mask = (north as u8) | (south as u8) << 1 | (west as u8) << 2 | (east as u8) << 3;
        match mask {
            1 => RoadShape::SouthUturn,
            2 => RoadShape::NorthUturn,
            3 => RoadShape::NorthSouth,
            4 => RoadShape::EastUturn,
            5 => RoadShape::CurveSw,
            6 => RoadShape::CurveNw,
            7 => RoadShape::TWest,
            8 => RoadShape::WestUturn,
            9 => RoadShape::CurveSe,
            10 => RoadShape::CurveNe,
            11 => RoadShape::TEast,
            12 => RoadShape::EastWest,
            13 => RoadShape::TNorth,
            14 => RoadShape::TSouth,
            _ => RoadShape::Intersection,
        }
    }

    /// Whether this shape connects to its neighbour towards `side`.
    pub const fn exits(self, side: Heading) -> bool {
        let (n, s, w, e) = match self {
            RoadShape::NorthSouth => (true, true, false, false),
            RoadShape::EastWest => (false, false, true, true),
            RoadShape::Intersection => (true, true, true, true),
            RoadShape::NorthUturn => (false, true, false, false),
            RoadShape::EastUturn => (false, false, true, false),
            RoadShape::SouthUturn => (true, false, false, false),
            RoadShape::WestUturn => (false, false, false, true),
            RoadShape::TNorth => (true, false, true, true),
            RoadShape::TEast => (true, true, false, true),
            RoadShape::TSouth => (false, true, true, true),
            RoadShape::TWest => (true, true, true, false),
            RoadShape::CurveNe => (false, true, false, true),
            RoadShape::CurveNw => (false, true, true, false),
            RoadShape::CurveSe => (true, false, false, true),
            RoadShape::CurveSw => (true, false, true, false),
        };
        match side {
            Heading::North => n,
            Heading::South => s,
            Heading::West => w,
            Heading::East => e,
        }
    }
}

/// Stop-sign flags of a square (`MapSquare.STOP_SIGNS`, MS:26-52). `STOP_X` stops cars *entering
/// from side X*: a car travelling east checks `STOP_WEST` (MS:246-252).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StopSigns(pub u8);

impl StopSigns {
    /// No stop sign.
    pub const NONE: StopSigns = StopSigns(0);
    /// Flag names and values, in the order .NET writes them.
    const FLAGS: [(&'static str, u8); 4] = [
        ("STOP_NORTH", 1),
        ("STOP_EAST", 2),
        ("STOP_SOUTH", 4),
        ("STOP_WEST", 8),
    ];

    /// The flag for side `side`.
    pub const fn side(side: Heading) -> StopSigns {
        StopSigns(match side {
            Heading::North => 1,
            Heading::East => 2,
            Heading::South => 4,
            Heading::West => 8,
        })
    }

    /// True if there is no stop sign.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether a car travelling `heading` must stop here (it enters from the opposite side).
    pub const fn stops(self, heading: Heading) -> bool {
        self.0 & StopSigns::side(heading.reverse()).0 != 0
    }

    /// The .NET `[Flags]` text, e.g. `STOP_EAST, STOP_WEST` (`NONE` when empty).
    pub fn to_flags_string(self) -> String {
        if self.0 == 0 {
            return "NONE".to_string();
        }
        let names: Vec<&str> = StopSigns::FLAGS
            .iter()
            .filter(|(_, v)| self.0 & v != 0)
            .map(|(n, _)| *n)
            .collect();
        names.join(", ")
    }

    /// Parses the .NET `[Flags]` text.
    pub fn from_flags_string(s: &str) -> Option<StopSigns> {
        let mut v = 0;
        for part in s.split(',') {
            let part = part.trim();
            if part == "NONE" {
                continue;
            }
            v |= StopSigns::FLAGS.iter().find(|(n, _)| *n == part)?.1;
        }
        Some(StopSigns(v))
    }
}

/// A traffic light and its state (`MapSquare.SIGNAL_DIRECTION`, MS:133-140).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Signal {
    /// No light.
    #[default]
    None,
    /// North–south traffic may pass.
    NorthSouthGreen,
    /// North–south wants to change; red for everyone.
    NorthSouthYellow,
    /// East–west traffic may pass.
    EastWestGreen,
    /// East–west wants to change; red for everyone.
    EastWestYellow,
}

impl Signal {
    /// Every value.
    pub const ALL: [Signal; 5] = [
        Signal::None,
        Signal::NorthSouthGreen,
        Signal::NorthSouthYellow,
        Signal::EastWestGreen,
        Signal::EastWestYellow,
    ];

    /// The name used in the map file and the traces.
    pub const fn name(self) -> &'static str {
        match self {
            Signal::None => "NONE",
            Signal::NorthSouthGreen => "NORTH_SOUTH_GREEN",
            Signal::NorthSouthYellow => "NORTH_SOUTH_YELLOW",
            Signal::EastWestGreen => "EAST_WEST_GREEN",
            Signal::EastWestYellow => "EAST_WEST_YELLOW",
        }
    }

    /// Parses a name.
    pub fn from_name(name: &str) -> Option<Signal> {
        Signal::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// One square of the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Square {
    /// What it is.
    pub kind: TileType,
    /// Its road shape (`INTERSECTION` for scenery).
    pub shape: RoadShape,
    /// Stop signs.
    pub stop_signs: StopSigns,
    /// The traffic light and its initial state.
    pub signal: Signal,
    /// A start position and the heading of a car started there.
    pub start: Option<Heading>,
}

impl Square {
    /// A park square (scenery).
    pub const PARK: Square = Square {
        kind: TileType::Park,
        shape: RoadShape::Intersection,
        stop_signs: StopSigns::NONE,
        signal: Signal::None,
        start: None,
    };

    /// A plain square of `kind` and `shape`.
    pub const fn new(kind: TileType, shape: RoadShape) -> Square {
        Square {
            kind,
            shape,
            stop_signs: StopSigns::NONE,
            signal: Signal::None,
            start: None,
        }
    }
}

/// Counts that characterise a map (the table of rules §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MapStats {
    /// Width in tiles.
    pub width: i32,
    /// Height in tiles.
    pub height: i32,
    /// BUS_STOP squares.
    pub bus_stops: usize,
    /// COFFEE_STOP squares.
    pub coffee_stops: usize,
    /// Start positions.
    pub starts: usize,
    /// Squares with a traffic light.
    pub lights: usize,
    /// Squares with at least one stop sign.
    pub stop_sign_squares: usize,
}

/// Why a map file could not be read. Every variant names the place and carries the rejected value.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MapError {
    /// Not well-formed XML.
    #[error("map XML: {0}")]
    Xml(#[from] XmlError),
    /// The root element is not `<map>`.
    #[error("root element is <{found}>, expected <map>")]
    NotAMap {
        /// The root's name.
        found: String,
    },
    /// `width` or `height` missing or not a number in 1..=1000.
    #[error("map attribute {attr}={value:?} is not a size in 1..=1000")]
    BadSize {
        /// `width` or `height`.
        attr: &'static str,
        /// The rejected text (empty when missing).
        value: String,
    },
    /// An element inside `<map>` that is not `<square>`.
    #[error("line {line}: unexpected element <{name}> inside <map>")]
    UnexpectedElement {
        /// Line of the element.
        line: usize,
        /// Its name.
        name: String,
    },
    /// `x` or `y` of a square is missing, not a number or off the map.
    #[error("line {line}: square attribute {attr}={value:?} is not a coordinate on the map")]
    BadCoordinate {
        /// Line of the square.
        line: usize,
        /// `x` or `y`.
        attr: &'static str,
        /// The rejected text.
        value: String,
    },
    /// A square attribute is missing or has an unknown value.
    #[error("line {line}: square ({x},{y}): attribute {attr}={value:?} is invalid")]
    BadAttribute {
        /// Line of the square.
        line: usize,
        /// Column.
        x: i32,
        /// Row.
        y: i32,
        /// The attribute.
        attr: &'static str,
        /// The rejected text (empty when missing).
        value: String,
    },
    /// The same square appears twice.
    #[error("line {line}: square ({x},{y}) appears twice")]
    DuplicateSquare {
        /// Line of the second occurrence.
        line: usize,
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// A square of the grid is missing.
    #[error("square ({x},{y}) is missing")]
    MissingSquare {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// A square breaks a rule the engine relies on.
    #[error("square ({x},{y}): {reason}")]
    InvalidSquare {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
        /// What is wrong.
        reason: InvalidSquare,
    },
    /// Too few squares of a kind for a 10-player game.
    #[error("the map has {found} {what}, the game needs at least {needed}")]
    TooFew {
        /// What is counted.
        what: &'static str,
        /// How many there are.
        found: usize,
        /// How many are needed.
        needed: usize,
    },
    /// Some driveable squares cannot be reached from the others.
    #[error("square ({x},{y}) is driveable but not connected to square ({from_x},{from_y})")]
    Disconnected {
        /// Column of an unreachable square.
        x: i32,
        /// Row of an unreachable square.
        y: i32,
        /// Column of the first driveable square.
        from_x: i32,
        /// Row of the first driveable square.
        from_y: i32,
    },
}

/// What is wrong with one square (see [`MapError::InvalidSquare`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum InvalidSquare {
    /// A driveable square's shape differs from what its driveable neighbours give.
    #[error("road shape {found} but its driveable neighbours make it {expected}")]
    ShapeMismatch {
        /// The stored shape.
        found: &'static str,
        /// The neighbour-derived shape.
        expected: &'static str,
    },
    /// A bus or coffee stop that is not a dead end.
    #[error("{kind} must be a dead end (*_UTURN), found {shape}")]
    StopNotDeadEnd {
        /// The tile type.
        kind: &'static str,
        /// Its shape.
        shape: &'static str,
    },
    /// A start position that is not a straight road along its heading.
    #[error("start position {heading} must be on a straight ROAD along it, found {kind} {shape}")]
    BadStart {
        /// The heading.
        heading: &'static str,
        /// The tile type.
        kind: &'static str,
        /// Its shape.
        shape: &'static str,
    },
    /// A light or stop sign on a square that is not a driveable crossing or T.
    #[error("traffic control on {kind} {shape}; only road crossings and T-junctions may have one")]
    ControlNotAtJunction {
        /// The tile type.
        kind: &'static str,
        /// Its shape.
        shape: &'static str,
    },
    /// Both a traffic light and stop signs.
    #[error("has both a traffic light and stop signs")]
    LightAndStopSigns,
}

/// The immutable geometry of a round: a `width × height` grid of [`Square`]s.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Map {
    /// Width in tiles.
    pub width: i32,
    /// Height in tiles.
    pub height: i32,
    /// The squares, column-major: index `x * height + y` (the file's order).
    pub squares: Vec<Square>,
}

impl Map {
    /// A map of `width × height` park squares.
    pub fn filled(width: i32, height: i32) -> Map {
        Map {
            width,
            height,
            squares: vec![Square::PARK; (width.max(0) * height.max(0)) as usize],
        }
    }

    /// The index of tile `p` in [`Map::squares`], or `None` off the map.
    #[inline]
    pub fn index(&self, p: Point) -> Option<usize> {
        if p.x >= 0 && p.y >= 0 && p.x < self.width && p.y < self.height {
            Some((p.x * self.height + p.y) as usize)
        } else {
            None
        }
    }

    /// The tile at index `i` of [`Map::squares`].
    #[inline]
    pub fn point(&self, i: usize) -> Point {
        Point::new(i as i32 / self.height, i as i32 % self.height)
    }

    /// The square at tile `p` (`SquareOrDefault`), or `None` off the map.
    #[inline]
    pub fn square(&self, p: Point) -> Option<&Square> {
        self.index(p).map(|i| &self.squares[i])
    }

    /// A mutable square, or `None` off the map.
    pub fn square_mut(&mut self, p: Point) -> Option<&mut Square> {
        self.index(p).map(move |i| &mut self.squares[i])
    }

    /// Whether tile `p` is on the map and driveable.
    #[inline]
    pub fn is_driveable(&self, p: Point) -> bool {
        self.square(p).is_some_and(|s| s.kind.is_driveable())
    }

    /// All tiles of type `kind`, x outer, y inner (the original's scan order).
    pub fn tiles_of(&self, kind: TileType) -> Vec<Point> {
        (0..self.squares.len())
            .filter(|&i| self.squares[i].kind == kind)
            .map(|i| self.point(i))
            .collect()
    }

    /// Start positions in scan order with their headings.
    pub fn starts(&self) -> Vec<(Point, Heading)> {
        (0..self.squares.len())
            .filter_map(|i| self.squares[i].start.map(|h| (self.point(i), h)))
            .collect()
    }

    /// Light squares in scan order.
    pub fn lights(&self) -> Vec<Point> {
        (0..self.squares.len())
            .filter(|&i| self.squares[i].signal != Signal::None)
            .map(|i| self.point(i))
            .collect()
    }

    /// The counts of rules §3.
    pub fn stats(&self) -> MapStats {
        let count = |f: &dyn Fn(&Square) -> bool| self.squares.iter().filter(|s| f(s)).count();
        MapStats {
            width: self.width,
            height: self.height,
            bus_stops: count(&|s| s.kind == TileType::BusStop),
            coffee_stops: count(&|s| s.kind == TileType::CoffeeStop),
            starts: count(&|s| s.start.is_some()),
            lights: count(&|s| s.signal != Signal::None),
            stop_sign_squares: count(&|s| !s.stop_signs.is_empty()),
        }
    }

    /// Reads a map file (UTF-8, optional BOM, any line ends).
    ///
    /// Every square of the grid must appear exactly once; attributes are checked, and the error names
    /// the line and the square. This does not [`validate`](Map::validate) the road network.
    pub fn parse(bytes: &[u8]) -> Result<Map, MapError> {
        let mut map = Map::filled(0, 0);
        let mut seen: Vec<bool> = Vec::new();
        xml::scan::<MapError>(bytes, |item| {
            let (depth, name, attrs, line) = match item {
                xml::Item::Start {
                    depth,
                    name,
                    attrs,
                    line,
                } => (depth, name, attrs, line),
                _ => return Ok(()),
            };
            let get = |key: &str| {
                attrs
                    .iter()
                    .find(|(k, _)| *k == key)
                    .map(|(_, v)| v.as_ref())
            };
            if depth == 0 {
                if name != "map" {
                    return Err(MapError::NotAMap {
                        found: name.to_string(),
                    });
                }
                let size = |attr: &'static str| -> Result<i32, MapError> {
                    let v = get(attr).unwrap_or("");
                    match v.parse::<i32>() {
                        Ok(n) if (1..=1000).contains(&n) => Ok(n),
                        _ => Err(MapError::BadSize {
                            attr,
                            value: v.to_string(),
                        }),
                    }
                };
                map = Map::filled(size("width")?, size("height")?);
                seen = vec![false; map.squares.len()];
                return Ok(());
            }
            if depth > 1 || name != "square" {
                return Err(MapError::UnexpectedElement {
                    line,
                    name: name.to_string(),
                });
            }
            let (width, height) = (map.width, map.height);
            let coord = |attr: &'static str, max: i32| -> Result<i32, MapError> {
                let v = get(attr).unwrap_or("");
                match v.parse::<i32>() {
                    Ok(n) if (0..max).contains(&n) => Ok(n),
                    _ => Err(MapError::BadCoordinate {
                        line,
                        attr,
                        value: v.to_string(),
                    }),
                }
            };
            let (x, y) = (coord("x", width)?, coord("y", height)?);
            let bad = |attr: &'static str, value: &str| MapError::BadAttribute {
                line,
                x,
                y,
                attr,
                value: value.to_string(),
            };
            let ty = get("type").unwrap_or("");
            let kind = TileType::from_name(ty).ok_or_else(|| bad("type", ty))?;
            let dir = get("direction").unwrap_or("");
            let shape = RoadShape::from_name(dir).ok_or_else(|| bad("direction", dir))?;
            let stop_signs = match get("signals") {
                Some(v) => StopSigns::from_flags_string(v).ok_or_else(|| bad("signals", v))?,
                None => StopSigns::NONE,
            };
            let signal = match get("signal-direction") {
                Some(v) => Signal::from_name(v).ok_or_else(|| bad("signal-direction", v))?,
                None => Signal::None,
            };
            let start = match get("start-position") {
                Some("NONE") | None => None,
                Some(v) => Some(Heading::from_name(v).ok_or_else(|| bad("start-position", v))?),
            };
            let i = (x * height + y) as usize;
            if seen[i] {
                return Err(MapError::DuplicateSquare { line, x, y });
            }
            seen[i] = true;
            map.squares[i] = Square {
                kind,
                shape,
                stop_signs,
                signal,
                start,
            };
            Ok(())
        })?;
        if let Some(i) = seen.iter().position(|s| !s) {
            let p = map.point(i);
            return Err(MapError::MissingSquare { x: p.x, y: p.y });
        }
        Ok(map)
    }

    /// Writes the map file exactly as the original map builder does: UTF-8 BOM, CRLF line ends,
    /// two-space indent, x outer and y inner, ` />` closings and no line end after `</map>`.
    pub fn to_xml(&self) -> Vec<u8> {
        use core::fmt::Write as _;
        let mut s = String::with_capacity(self.squares.len() * 72 + 128);
        s.push('\u{FEFF}');
        s.push_str("<?xml version=\"1.0\" encoding=\"utf-8\"?>\r\n");
        let _ = write!(
            s,
            "<map width=\"{}\" height=\"{}\">\r\n",
            self.width, self.height
        );
        for (i, sq) in self.squares.iter().enumerate() {
            let p = self.point(i);
            let _ = write!(s, "  <square x=\"{}\" y=\"{}\" type=\"", p.x, p.y);
            s.push_str(sq.kind.name());
            s.push_str("\" direction=\"");
            s.push_str(sq.shape.name());
            s.push('"');
            if !sq.stop_signs.is_empty() {
                s.push_str(" signals=\"");
                s.push_str(&sq.stop_signs.to_flags_string());
                s.push('"');
            }
            if sq.signal != Signal::None {
                s.push_str(" signal-direction=\"");
                s.push_str(sq.signal.name());
                s.push('"');
            }
            if let Some(h) = sq.start {
                s.push_str(" start-position=\"");
                s.push_str(h.name());
                s.push('"');
            }
            s.push_str(" />\r\n");
        }
        s.push_str("</map>");
        s.into_bytes()
    }

    /// Checks what the engine relies on: every driveable square's shape matches its driveable
    /// neighbours (as `GameMap.CalculateSquare` computes it; true of all original maps), stops are
    /// dead ends, starts are straight roads along their heading, lights and stop signs sit only on
    /// road crossings and T-junctions (never both), all driveable squares are connected, and there
    /// are at least 10 starts (the server indexes 10 of them, F:555), 12 bus stops (one per company,
    /// E:236-244) and 1 coffee stop. (The map builder's `ValidateMap` wants 4 coffee stops, but the
    /// original map7 has 3 and is played, so 1 is the engine's real need.)
    pub fn validate(&self) -> Result<(), MapError> {
        for (i, sq) in self.squares.iter().enumerate() {
            let p = self.point(i);
            let invalid = |reason| MapError::InvalidSquare {
                x: p.x,
                y: p.y,
                reason,
            };
            let controlled = sq.signal != Signal::None || !sq.stop_signs.is_empty();
            if sq.kind.is_driveable() {
                let d = |h| self.is_driveable(p.step(h));
                let expected = RoadShape::from_neighbours(
                    d(Heading::North),
                    d(Heading::South),
                    d(Heading::West),
                    d(Heading::East),
                );
                if expected != sq.shape {
                    return Err(invalid(InvalidSquare::ShapeMismatch {
                        found: sq.shape.name(),
                        expected: expected.name(),
                    }));
                }
                if sq.kind.is_stop() && !sq.shape.is_uturn() {
                    return Err(invalid(InvalidSquare::StopNotDeadEnd {
                        kind: sq.kind.name(),
                        shape: sq.shape.name(),
                    }));
                }
            }
            if controlled && !(sq.kind == TileType::Road && sq.shape.is_junction()) {
                return Err(invalid(InvalidSquare::ControlNotAtJunction {
                    kind: sq.kind.name(),
                    shape: sq.shape.name(),
                }));
            }
            if sq.signal != Signal::None && !sq.stop_signs.is_empty() {
                return Err(invalid(InvalidSquare::LightAndStopSigns));
            }
            if let Some(h) = sq.start {
                let axis = if h.is_vertical() {
                    RoadShape::NorthSouth
                } else {
                    RoadShape::EastWest
                };
                if sq.kind != TileType::Road || sq.shape != axis {
                    return Err(invalid(InvalidSquare::BadStart {
                        heading: h.name(),
                        kind: sq.kind.name(),
                        shape: sq.shape.name(),
                    }));
                }
            }
        }
        let st = self.stats();
        for (what, found, needed) in [
            ("start positions", st.starts, crate::NUM_PLAYERS),
            ("bus stops", st.bus_stops, crate::NUM_COMPANIES),
            ("coffee stops", st.coffee_stops, 1),
        ] {
            if found < needed {
                return Err(MapError::TooFew {
                    what,
                    found,
                    needed,
                });
            }
        }
        self.check_connected()
    }

    fn check_connected(&self) -> Result<(), MapError> {
        let Some(first) = self.squares.iter().position(|s| s.kind.is_driveable()) else {
            return Ok(());
        };
        let mut seen = vec![false; self.squares.len()];
        let mut stack = vec![first];
        seen[first] = true;
        while let Some(i) = stack.pop() {
            let p = self.point(i);
            for h in Heading::ALL {
                let q = p.step(h);
                if let Some(j) = self.index(q)
                    && !seen[j]
                    && self.squares[j].kind.is_driveable()
                {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        match (0..self.squares.len()).find(|&i| self.squares[i].kind.is_driveable() && !seen[i]) {
            Some(i) => {
                let (p, f) = (self.point(i), self.point(first));
                Err(MapError::Disconnected {
                    x: p.x,
                    y: p.y,
                    from_x: f.x,
                    from_y: f.y,
                })
            }
            None => Ok(()),
        }
    }
}

impl fmt::Display for MapStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}x{}, {} bus stops, {} coffee stops, {} starts, {} lights, {} stop-sign squares",
            self.width,
            self.height,
            self.bus_stops,
            self.coffee_stops,
            self.starts,
            self.lights,
            self.stop_sign_squares
        )
    }
}
