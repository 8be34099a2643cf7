//! How a car moves through a tile, exactly as the original computes it.
//!
//! The original server (`TileMovement.cs`, rules §4.2) drives cars along 16 precomputed in-tile
//! movements, one per (entry heading, exit heading) pair: four straights of 24 unit steps, four
//! right turns (the inner curve, radius 6, 12 steps), four left turns (the outer curve, 34 steps)
//! and four U-turns (48 steps). The arcs are stepped one degree at a time in `f64`
//! trigonometry and a step is kept whenever the truncated (`as i32`, toward zero) point changes,
//! so the tables contain the original's odd steps (`TurnNE` starts with `(+1, 0)` at angle 1).
//! [`MovementTables::compute`] repeats that computation; the conformance test checks the result
//! against the derived `tile_movements.json`.
//!
//! [`Location`] is the original `BoardLocation` (a map point plus an offset into a movement),
//! with the `Limo.Front`/`FrontNextStep` geometry (f32, banker's rounding), and [`Motion`] is the
//! f32 speed model of `Limo` (acceleration, caps, accrued steps, stop and go). [`Tail`] and
//! [`Future`] are the quarter-tile footprints used for traffic.
//!
//! # Float determinism
//! Every float operation follows the original's types and order: the tables use `f64`
//! `sin`/`cos` of `angle * PI / 180`; the front point uses `(sin(PI * angle / 180)) as f32`
//! multiplied by `5.75f32`; speeds are `f32` with the original's operation order. No `mul_add`.
//!
//! ```
//! use windward::movement::{Heading, MovementId, movements};
//!
//! let right = movements().get(MovementId::new(Heading::North, Heading::East));
//! assert_eq!(right.len(), 12);
//! assert_eq!(right.net_offset(), (6, -6));
//! assert_eq!(right.max_speed(), 3);
//! ```

pub(crate) mod location;
pub(crate) mod motion;
pub(crate) mod trail;
mod vehicle;

pub use location::Location;

pub use crate::geometry::{Heading, Point};
pub use motion::Motion;
pub use trail::{FUTURE_CAPACITY, Future, QuarterSteps, Tail};
pub use vehicle::Vehicle;

use std::sync::LazyLock;

/// Map units per tile side (`TileMovement.UNITS_PER_TILE`, TM:24).
pub const UNITS_PER_TILE: i32 = 24;
/// Top speed on a straight movement (`MAX_STRAIGHT_SPEED`); speed 6 is one map unit per tick.
pub const MAX_STRAIGHT_SPEED: i32 = 6;
/// Top speed in curves and U-turns (`MAX_CURVE_SPEED`).
pub const MAX_CURVE_SPEED: i32 = 3;
/// The most steps any movement has (`MAX_TILE_STEPS`, the U-turn).
pub const MAX_TILE_STEPS: usize = 48;
/// Map units a car at a stop sign needs to cross the road (`NUM_UNITS_CROSS_ROAD`, TM:36).
pub const NUM_UNITS_CROSS_ROAD: i32 = 42;
/// Tail points a car keeps (`Limo.NUM_TAIL`, LI:27).
pub const NUM_TAIL: usize = 7;
/// Steps of the forecast (`Limo.NUM_FUTURE`, LI:34).
pub const NUM_FUTURE: usize = 90;
/// Stop events after which a car is force-moved (`Limo.MAX_TURNS_STOPPED`, LI:39).
pub const MAX_TURNS_STOPPED: i32 = 20;

/// The heading to the right of `h` (90° clockwise).
pub fn right_of(h: Heading) -> Heading {
    Heading::ALL[(h as usize + 1) & 3]
}

/// The heading to the left of `h` (90° counter-clockwise).
pub fn left_of(h: Heading) -> Heading {
    Heading::ALL[(h as usize + 3) & 3]
}

/// The trace letter of a heading (`N`, `E`, `S`, `W`).
pub fn letter(h: Heading) -> char {
    ['N', 'E', 'S', 'W'][h as usize]
}

/// The heading of a trace letter.
pub fn from_letter(c: char) -> Option<Heading> {
    match c {
        'N' => Some(Heading::North),
        'E' => Some(Heading::East),
        'S' => Some(Heading::South),
        'W' => Some(Heading::West),
        _ => None,
    }
}

/// The tile of a map point (`MapToTile`: integer division by 24).
#[inline]
pub fn map_to_tile(p: Point) -> Point {
    Point::new(p.x / UNITS_PER_TILE, p.y / UNITS_PER_TILE)
}

/// The quarter tile of a map point (`MapToQuarterTile`: integer division by 12).
#[inline]
pub fn map_to_quarter(p: Point) -> Point {
    Point::new(p.x / (UNITS_PER_TILE / 2), p.y / (UNITS_PER_TILE / 2))
}

/// The tile of a quarter tile (`QuarterTileToTile`: integer division by 2).
#[inline]
pub fn quarter_to_tile(q: Point) -> Point {
    Point::new(q.x / 2, q.y / 2)
}

/// The top-left map point of a tile (`TileToMap`).
#[inline]
pub fn tile_to_map(t: Point) -> Point {
    Point::new(t.x * UNITS_PER_TILE, t.y * UNITS_PER_TILE)
}

/// One unit step of a movement: the offset and the car's angle during it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    /// x offset of the step (−1, 0 or +1).
    pub dx: i8,
    /// y offset of the step (−1, 0 or +1).
    pub dy: i8,
    /// The car's angle in degrees, 0..360 (0 = north).
    pub angle: u16,
}

/// The kind of an in-tile movement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MovementKind {
    /// Entry heading = exit heading: 24 steps, top speed 6.
    Straight,
    /// A right turn, the inner curve of radius 6: 12 steps, top speed 3.
    RightTurn,
    /// A left turn, the outer curve: 6 steps, an arc of radius 12, 6 steps; 34 in all, top speed 3.
    LeftTurn,
    /// A U-turn: 12 steps in, a radius-6 semicircle, 12 steps out; 48 in all, top speed 3.
    UTurn,
}

/// Which of the 16 movements: the entry and exit headings packed as `entry * 4 + exit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MovementId(u8);

impl MovementId {
    /// The movement entered heading `entry` and left heading `exit` (`TileMovement.GetMove`).
    pub fn new(entry: Heading, exit: Heading) -> MovementId {
        MovementId((entry as u8) * 4 + exit as u8)
    }

    /// The straight movement of a heading.
    pub fn straight(dir: Heading) -> MovementId {
        MovementId::new(dir, dir)
    }

    /// The heading the car has when it enters the tile.
    pub fn entry(self) -> Heading {
        Heading::ALL[(self.0 >> 2) as usize]
    }

    /// The heading the car leaves the tile with.
    pub fn exit(self) -> Heading {
        Heading::ALL[(self.0 & 3) as usize]
    }

    /// 0..16, for indexing.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The kind of movement.
    pub fn kind(self) -> MovementKind {
        let (entry, exit) = (self.entry(), self.exit());
        if entry == exit {
            MovementKind::Straight
        } else if exit == right_of(entry) {
            MovementKind::RightTurn
        } else if exit == left_of(entry) {
            MovementKind::LeftTurn
        } else {
            MovementKind::UTurn
        }
    }

    /// The original's name (`North`, `TurnNE`, `Unorth`, ...), as in `tile_movements.json`.
    pub fn name(self) -> &'static str {
        const NAMES: [&str; 16] = [
            "North", "TurnNE", "Unorth", "TurnNW", "TurnEN", "East", "TurnES", "Ueast", "Usouth",
            "TurnSE", "South", "TurnSW", "TurnWN", "Uwest", "TurnWS", "West",
        ];
        NAMES[self.0 as usize]
    }

    /// The two-letter code of the traces: entry and exit letter (`EE`, `NE`, `NS`, ...).
    pub fn code(self) -> [char; 2] {
        [letter(self.entry()), letter(self.exit())]
    }

    /// Parses the two-letter trace code.
    pub fn from_code(code: &str) -> Option<MovementId> {
        let mut chars = code.chars();
        let entry = from_letter(chars.next()?)?;
        let exit = from_letter(chars.next()?)?;
        if chars.next().is_some() {
            return None;
        }
        Some(MovementId::new(entry, exit))
    }
}

/// One precomputed in-tile movement with its front-point offsets.
#[derive(Debug, Clone, PartialEq)]
pub struct Movement {
    moves: [Move; MAX_TILE_STEPS],
    /// `Front - position` for each step (move plus the 5.75 front offset), see [`Location::front`].
    front: [(i8, i8); MAX_TILE_STEPS],
    /// `FrontNextStep - Front` for each step (the rounded unit vector of the angle).
    front_next: [(i8, i8); MAX_TILE_STEPS],
    len: u8,
    max_speed: u8,
}

impl Movement {
    fn from_moves(list: &[Move], max_speed: i32) -> Movement {
        let mut moves = [Move {
            dx: 0,
            dy: 0,
            angle: 0,
        }; MAX_TILE_STEPS];
        let mut front = [(0, 0); MAX_TILE_STEPS];
        let mut front_next = [(0, 0); MAX_TILE_STEPS];
        for (i, m) in list.iter().enumerate() {
            moves[i] = *m;
            let (fx, fy) = front_offset(m.angle as i32);
            front[i] = ((m.dx as i32 + fx) as i8, (m.dy as i32 + fy) as i8);
            let (ux, uy) = rounded_unit(m.angle as i32);
            front_next[i] = (ux as i8, uy as i8);
        }
        Movement {
            moves,
            front,
            front_next,
            len: list.len() as u8,
            max_speed: max_speed as u8,
        }
    }

    /// The unit steps, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }

    /// The number of steps.
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// The step at `offset`, clamped to the last one (`BoardLocation.MoveOn`).
    #[inline]
    pub fn move_on(&self, offset: usize) -> Move {
        self.moves[offset.min(self.len as usize - 1)]
    }

    /// The top speed: 6 on a straight, 3 otherwise.
    pub fn max_speed(&self) -> i32 {
        self.max_speed as i32
    }

    /// The sum of all steps.
    pub fn net_offset(&self) -> (i32, i32) {
        self.moves()
            .iter()
            .fold((0, 0), |(x, y), m| (x + m.dx as i32, y + m.dy as i32))
    }

    #[inline]
    fn front_at(&self, offset: usize) -> (i32, i32) {
        let f = self.front[offset.min(self.len as usize - 1)];
        (f.0 as i32, f.1 as i32)
    }

    #[inline]
    fn front_next_at(&self, offset: usize) -> (i32, i32) {
        let f = self.front_next[offset.min(self.len as usize - 1)];
        (f.0 as i32, f.1 as i32)
    }
}

/// The 16 movements, indexed by [`MovementId`].
#[derive(Debug, Clone, PartialEq)]
pub struct MovementTables {
    tables: [Movement; 16],
}

impl MovementTables {
    /// Computes the tables as the original's static constructor does (TM:69-222).
    pub fn compute() -> MovementTables {
        use Heading::*;
        let quarter = UNITS_PER_TILE / 4;
        let half = UNITS_PER_TILE / 2;
        let build = |id: MovementId| -> Movement {
            let list = match (id.entry(), id.exit()) {
                (North, North) => straight(0, -1, 0),
                (East, East) => straight(1, 0, 90),
                (South, South) => straight(0, 1, 180),
                (West, West) => straight(-1, 0, 270),
                (North, East) => inner_curve(quarter, 180, 270, 1),
                (East, South) => inner_curve(quarter, 270, 360, 1),
                (South, West) => inner_curve(quarter, 0, 90, 1),
                (West, North) => inner_curve(quarter, 90, 180, 1),
                (North, West) => outer_curve(half, 360, 270, -1),
                (West, South) => outer_curve(half, 270, 180, -1),
                (South, East) => outer_curve(half, 180, 90, -1),
                (East, North) => outer_curve(half, 90, 0, -1),
                (North, South) => u_turn(0, -1, 360, 180),
                (East, West) => u_turn(1, 0, 90, -90),
                (South, North) => u_turn(0, 1, 180, 0),
                (West, East) => u_turn(-1, 0, 270, 90),
            };
            let max = if id.entry() == id.exit() {
                MAX_STRAIGHT_SPEED
            } else {
                MAX_CURVE_SPEED
            };
            Movement::from_moves(&list, max)
        };
        MovementTables {
            tables: std::array::from_fn(|i| build(MovementId(i as u8))),
        }
    }

    /// The movement `id`.
    #[inline]
    pub fn get(&self, id: MovementId) -> &Movement {
        &self.tables[id.0 as usize]
    }

    /// All 16 movements with their ids.
    pub fn iter(&self) -> impl Iterator<Item = (MovementId, &Movement)> {
        self.tables
            .iter()
            .enumerate()
            .map(|(i, m)| (MovementId(i as u8), m))
    }
}

static TABLES: LazyLock<MovementTables> = LazyLock::new(MovementTables::compute);

/// The shared tables, computed once per process.
#[inline]
pub fn movements() -> &'static MovementTables {
    &TABLES
}

/// `TileMovement.NormalizeAngle`: into 0..360.
fn normalize_angle(mut angle: i32) -> u16 {
    while angle >= 360 {
        angle -= 360;
    }
    while angle < 0 {
        angle += 360;
    }
    angle as u16
}

fn radians(angle: i32) -> f64 {
    // TM: `(angle * Math.PI) / 180d`.
    (angle as f64 * std::f64::consts::PI) / 180.0
}

fn step(dx: i32, dy: i32, angle: i32) -> Move {
    Move {
        dx: dx as i8,
        dy: dy as i8,
        angle: normalize_angle(angle),
    }
}

fn straight(dx: i32, dy: i32, angle: i32) -> Vec<Move> {
    (0..UNITS_PER_TILE).map(|_| step(dx, dy, angle)).collect()
}

/// The arc part shared by the inner and outer curves (TM:118-130, TM:146-158).
fn arc(moves: &mut Vec<Move>, radius: f64, start: i32, end: i32, rotate: i32, angle_add: i32) {
    let r = radians(start);
    let mut x_prev = (radius * r.cos()) as i32;
    let mut y_prev = (radius * r.sin()) as i32;
    let mut angle = start;
    while if rotate > 0 {
        angle <= end
    } else {
        angle >= end
    } {
        let r = radians(angle);
        let x = (radius * r.cos()) as i32;
        let y = (radius * r.sin()) as i32;
        if x != x_prev || y != y_prev {
            moves.push(step(x - x_prev, y - y_prev, angle + angle_add));
            x_prev = x;
            y_prev = y;
        }
        angle += rotate;
    }
}

fn inner_curve(movement: i32, start: i32, end: i32, rotate: i32) -> Vec<Move> {
    let mut moves = Vec::with_capacity(MAX_TILE_STEPS);
    arc(
        &mut moves,
        movement as f64,
        start,
        end,
        rotate,
        if rotate == 1 { 180 } else { 0 },
    );
    moves
}

fn outer_curve(movement: i32, start: i32, end: i32, rotate: i32) -> Vec<Move> {
    let mut moves = Vec::with_capacity(MAX_TILE_STEPS);
    let r = radians(start);
    let (dx, dy) = (r.sin() as i32, (-r.cos()) as i32);
    for _ in 0..UNITS_PER_TILE / 4 {
        moves.push(step(dx, dy, start));
    }
    arc(
        &mut moves,
        movement as f64,
        start,
        end,
        rotate,
        if rotate == 1 { 180 } else { 0 },
    );
    let r = radians(end);
    let (dx, dy) = (r.sin() as i32, (-r.cos()) as i32);
    for _ in 0..UNITS_PER_TILE / 4 {
        moves.push(step(dx, dy, end));
    }
    moves
}

fn u_turn(dx: i32, dy: i32, start: i32, end: i32) -> Vec<Move> {
    let mut moves = Vec::with_capacity(MAX_TILE_STEPS);
    for _ in 0..UNITS_PER_TILE / 2 {
        moves.push(step(dx, dy, start));
    }
    // The semicircle turns one degree down at a time and keeps the plain angle (TM:186-198).
    arc(&mut moves, UNITS_PER_TILE as f64 / 4.0, start, end, -1, 0);
    for _ in 0..UNITS_PER_TILE / 2 {
        moves.push(step(-dx, -dy, end));
    }
    moves
}

/// `(float) Math.Sin((Math.PI * angle) / 180f)` and `-(float) Math.Cos(...)` (LI:340-395).
fn unit_f32(angle: i32) -> (f32, f32) {
    let r = (std::f64::consts::PI * angle as f64) / 180.0;
    (r.sin() as f32, -(r.cos() as f32))
}

/// The front offset of the car from its centre: `(int)(5.75f * sin)`, `(int)(5.75f * -cos)`,
/// f32 products truncated toward zero (LI:340-359; 5.75 = sprite height 23 / 4).
pub fn front_offset(angle: i32) -> (i32, i32) {
    let (s, c) = unit_f32(angle);
    let length = 23.0f32 / 4.0f32;
    ((length * s) as i32, (length * c) as i32)
}

/// The one-step unit vector of an angle: `Math.Round` of the f32 sine and negated cosine, with
/// .NET's ties-to-even rounding (at 30° the sine is exactly 0.5f, which rounds to 0).
pub fn rounded_unit(angle: i32) -> (i32, i32) {
    let (s, c) = unit_f32(angle);
    (
        (s as f64).round_ties_even() as i32,
        (c as f64).round_ties_even() as i32,
    )
}
