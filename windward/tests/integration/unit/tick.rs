//! Traffic rules on small hand-made maps: the tests of `windward::tick` that lived beside its
//! code.

use windward::geometry::{Heading, Point};
use windward::map::{Map, RoadShape, Signal, Square, StopSigns, TileType};
use windward::movement::{Location, MovementId, Vehicle};
use windward::tick::drive::*;
use windward::tick::pass::{ForecastClock, forecast_all, movement_phase};

/// A map from rows of `.` (park), `R` (road), `B` (bus stop), `C` (coffee stop); shapes from
/// the driveable neighbours, as the original map builder derives them.
pub(crate) fn map_from(rows: &[&str]) -> Map {
    let h = rows.len() as i32;
    let w = rows[0].len() as i32;
    let mut map = Map::filled(w, h);
    let kind_at = |x: i32, y: i32| -> Option<TileType> {
        if x < 0 || y < 0 || x >= w || y >= h {
            return None;
        }
        match rows[y as usize].as_bytes()[x as usize] {
            b'R' => Some(TileType::Road),
            b'B' => Some(TileType::BusStop),
            b'C' => Some(TileType::CoffeeStop),
            _ => None,
        }
    };
    for x in 0..w {
        for y in 0..h {
            if let Some(kind) = kind_at(x, y) {
                let shape = RoadShape::from_neighbours(
                    kind_at(x, y - 1).is_some(),
                    kind_at(x, y + 1).is_some(),
                    kind_at(x - 1, y).is_some(),
                    kind_at(x + 1, y).is_some(),
                );
                *map.square_mut(Point::new(x, y)).unwrap() = Square::new(kind, shape);
            }
        }
    }
    map
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Happened {
    BusStop(usize, Point, u8),
    CoffeeStop(usize, Point),
    NoPath(usize),
    Random(usize, Point, Heading, usize),
}

pub(crate) struct World {
    pub map: Map,
    pub cars: Vec<Vehicle>,
    pub signals: Vec<(Point, Signal)>,
    pub log: Vec<Happened>,
    pub ticks_to_full: Vec<i32>,
}

impl World {
    pub fn new(map: Map, cars: Vec<Vehicle>) -> World {
        let signals = map
            .lights()
            .into_iter()
            .map(|p| (p, map.square(p).unwrap().signal))
            .collect();
        let n = cars.len();
        World {
            map,
            cars,
            signals,
            log: Vec::new(),
            ticks_to_full: vec![0; n],
        }
    }
}

impl Traffic for World {
    fn map(&self) -> &Map {
        &self.map
    }
    fn num_cars(&self) -> usize {
        self.cars.len()
    }
    fn vehicle(&self, car: usize) -> &Vehicle {
        &self.cars[car]
    }
    fn vehicle_mut(&mut self, car: usize) -> &mut Vehicle {
        &mut self.cars[car]
    }
    fn ticks_to_full_speed(&self, car: usize) -> i32 {
        self.ticks_to_full[car]
    }
    fn signal(&self, tile: Point) -> Signal {
        self.signals
            .iter()
            .find(|s| s.0 == tile)
            .map_or(Signal::None, |s| s.1)
    }
    fn set_signal(&mut self, tile: Point, signal: Signal) {
        self.signals.iter_mut().find(|s| s.0 == tile).unwrap().1 = signal;
    }
    fn arrive_bus_stop(&mut self, car: usize, tile: Point) {
        let offset = self.cars[car].location.offset;
        self.log.push(Happened::BusStop(car, tile, offset));
    }
    fn arrive_coffee_stop(&mut self, car: usize, tile: Point) {
        self.log.push(Happened::CoffeeStop(car, tile));
    }
    fn no_path(&mut self, car: usize) {
        self.log.push(Happened::NoPath(car));
    }
    fn random_exit(
        &mut self,
        car: usize,
        tile: Point,
        from: Heading,
        options: &[Heading],
    ) -> usize {
        self.log
            .push(Happened::Random(car, tile, from, options.len()));
        0
    }
}

fn pts(list: &[(i32, i32)]) -> Vec<Point> {
    list.iter().map(|&(x, y)| Point::new(x, y)).collect()
}

/// A car at `offset` of the straight movement through `tile` heading `h`.
fn car_at(tile: Point, h: Heading, offset: u8) -> Vehicle {
    let mut v = Vehicle::placed(tile, h);
    let mut loc = Location::centered(tile, h);
    // rewind to offset 0 of the tile, then walk `offset` steps
    let (dx, dy) = h.delta();
    loc.pos = Point::new(loc.pos.x - dx * 12, loc.pos.y - dy * 12);
    loc.offset = 0;
    for _ in 0..offset {
        loc.advance();
    }
    v.location = loc;
    v
}

#[test]
fn bus_stop_fires_once_at_the_u_turn_apex_then_stop_go() {
    let map = map_from(&["........", ".RRRRRB.", "........"]);
    let mut car = Vehicle::placed(Point::new(2, 1), Heading::East);
    car.path = pts(&[(3, 1), (4, 1), (5, 1), (6, 1), (5, 1), (4, 1), (3, 1)]);
    let mut w = World::new(map, vec![car]);
    let (mut clock, mut locks) = (ForecastClock::default(), SignalLocks::new());
    let mut fired_at = None;
    for tick in 0..600 {
        let l = w.cars[0].location;
        if l.tile() == Point::new(3, 1) && l.direction() == Heading::West {
            break;
        }
        movement_phase(&mut w, &mut clock, &mut locks);
        if fired_at.is_none() && !w.log.is_empty() {
            fired_at = Some(tick);
            // Stop(); Go() ran after the event: speed 1, not stopped, counter 0
            let m = &w.cars[0].motion;
            assert_eq!((m.raw_speed, m.stopped, m.turns_stopped), (1.0, false, 0));
        }
    }
    let stops: Vec<_> = w
        .log
        .iter()
        .filter(|h| matches!(h, Happened::BusStop(..)))
        .collect();
    assert_eq!(stops, vec![&Happened::BusStop(0, Point::new(6, 1), 24)]);
    // the car came back out heading west
    assert!(fired_at.is_some());
    assert_eq!(w.cars[0].location.direction(), Heading::West);
}

#[test]
fn go_after_a_stop_event_takes_exactly_one_more_step() {
    let map = map_from(&["........", ".RRRRRB.", "........"]);
    // one step before the apex of the U-turn in the bus stop, 3 steps to go this tick
    let mut car = car_at(Point::new(5, 1), Heading::East, 0);
    car.location = Location {
        pos: Point::new(6 * 24, 24 + 18),
        movement: MovementId::new(Heading::East, Heading::West),
        offset: 0,
    };
    for _ in 0..23 {
        car.location.advance();
    }
    car.motion.steps_remaining = 3;
    let mut w = World::new(map, vec![car]);
    let mut locks = SignalLocks::new();
    move_car(&mut w, 0, &mut locks, false).unwrap();
    assert_eq!(w.log, vec![Happened::BusStop(0, Point::new(6, 1), 24)]);
    // 1 step to the apex, then Stop();Go() leaves exactly 1 more step: offset 25, none left
    assert_eq!(w.cars[0].location.offset, 25);
    assert_eq!(w.cars[0].motion.steps_remaining, 0);
}

fn crossing_with_light() -> Map {
    let mut map = map_from(&[
        "...R...", "...R...", "...R...", "RRRRRRR", "...R...", "...R...", "...R...",
    ]);
    map.square_mut(Point::new(3, 3)).unwrap().signal = Signal::NorthSouthGreen;
    map
}

#[test]
fn signal_is_locked_by_the_first_car_of_the_tick() {
    // A (eastbound) and B (northbound) both about to put their front into the light square.
    let a = car_at(Point::new(2, 3), Heading::East, 17);
    let b = car_at(Point::new(3, 4), Heading::North, 18);
    let mut w = World::new(crossing_with_light(), vec![a, b]);
    forecast_all(&mut w);
    for c in &mut w.cars {
        c.motion.steps_remaining = 1;
    }
    let mut locks = SignalLocks::new();
    // A is first: nobody in the square, so it turns the light its way and goes.
    assert_eq!(move_car(&mut w, 0, &mut locks, false), Ok(MoveEnd::Done));
    assert_eq!(w.signal(Point::new(3, 3)), Signal::EastWestGreen);
    assert!(locks.contains(Point::new(3, 3)));
    // B would get it back (no car inside yet), but the light is locked for this tick.
    assert_eq!(move_car(&mut w, 1, &mut locks, false), Ok(MoveEnd::Stopped));
    assert_eq!(w.signal(Point::new(3, 3)), Signal::EastWestGreen);
    assert!(w.cars[1].motion.stopped);
    assert_eq!(w.cars[1].motion.turns_stopped, 1);
    // Next tick (locks cleared) with A inside: B asks for the light, the cross axis goes yellow.
    locks.clear();
    let a = &mut w.cars[0];
    for _ in 0..10 {
        a.step();
    }
    forecast_all(&mut w);
    w.cars[1].motion.steps_remaining = 1;
    assert_eq!(move_car(&mut w, 1, &mut locks, false), Ok(MoveEnd::Waiting));
    assert_eq!(w.signal(Point::new(3, 3)), Signal::EastWestGreen);
    assert_eq!(move_car(&mut w, 1, &mut locks, true), Ok(MoveEnd::Stopped));
    assert_eq!(w.signal(Point::new(3, 3)), Signal::EastWestYellow);
}

#[test]
fn stop_sign_full_stop_then_go_when_clear() {
    let mut map = map_from(&[
        "...R...", "...R...", "...R...", "RRRRRRR", "...R...", "...R...", "...R...",
    ]);
    map.square_mut(Point::new(3, 3)).unwrap().stop_signs = StopSigns::side(Heading::West);
    let mut a = car_at(Point::new(2, 3), Heading::East, 17);
    a.path = pts(&[(3, 3), (4, 3)]);
    let mut w = World::new(map, vec![a]);
    forecast_all(&mut w);
    w.cars[0].motion.steps_remaining = 1;
    let mut locks = SignalLocks::new();
    // first arrival: always a full stop
    assert_eq!(move_car(&mut w, 0, &mut locks, true), Ok(MoveEnd::Stopped));
    assert!(w.cars[0].motion.stopped);
    assert_eq!(w.cars[0].motion.raw_speed, 0.0);
    // stopped and nobody within 6 + 42: Go() and cross
    w.cars[0].motion.steps_remaining = 1;
    assert_eq!(move_car(&mut w, 0, &mut locks, true), Ok(MoveEnd::Done));
    assert!(!w.cars[0].motion.stopped);
    assert_eq!(w.cars[0].motion.raw_speed, 1.0);
}

#[test]
fn stop_sign_waits_for_a_car_within_48_steps() {
    let mut map = map_from(&[
        "...R...", "...R...", "...R...", "RRRRRRR", "...R...", "...R...", "...R...",
    ]);
    map.square_mut(Point::new(3, 3)).unwrap().stop_signs = StopSigns::side(Heading::West);
    let mut a = car_at(Point::new(2, 3), Heading::East, 17);
    a.motion.stopped = true;
    // B comes south down the cross street, 30 units from the crossing
    let mut b = car_at(Point::new(3, 1), Heading::South, 18);
    b.path = pts(&[(3, 2), (3, 3), (3, 4), (3, 5)]);
    let mut w = World::new(map, vec![a, b]);
    forecast_all(&mut w);
    w.cars[0].motion.steps_remaining = 1;
    let mut locks = SignalLocks::new();
    assert_eq!(move_car(&mut w, 0, &mut locks, false), Ok(MoveEnd::Waiting));
    assert_eq!(move_car(&mut w, 0, &mut locks, true), Ok(MoveEnd::Stopped));
    assert_eq!(w.cars[0].motion.turns_stopped, 1);
}

#[test]
fn following_car_slows_down_behind_a_stopped_one() {
    let map = map_from(&["..........", "RRRRRRRRRR", ".........."]);
    let mut lead = car_at(Point::new(5, 1), Heading::East, 0);
    for _ in 0..8 {
        lead.step();
    }
    lead.motion.stopped = true;
    lead.motion.steps_remaining = 0;
    let mut follow = car_at(Point::new(5, 1), Heading::East, 0);
    follow.location.pos.x -= 6;
    follow.location = car_at(Point::new(4, 1), Heading::East, 18).location;
    follow.motion.raw_speed = 2.0;
    follow.motion.steps_remaining = 1;
    let mut w = World::new(map, vec![follow, lead]);
    forecast_all(&mut w);
    let mut locks = SignalLocks::new();
    assert_eq!(move_car(&mut w, 0, &mut locks, false), Ok(MoveEnd::Stopped));
    let m = w.cars[0].motion;
    assert_eq!(m.raw_speed, 2.0f32 - 0.1f32);
    assert_eq!(m.turns_stopped, 1);
    assert_eq!(m.steps_remaining, 1);
}

#[test]
fn force_move_after_twenty_stop_events_moves_six_steps_through() {
    let map = map_from(&["..........", "RRRRRRRRRR", ".........."]);
    let mut lead = car_at(Point::new(5, 1), Heading::East, 0);
    for _ in 0..8 {
        lead.step();
    }
    let mut stuck = car_at(Point::new(4, 1), Heading::East, 18);
    stuck.motion.turns_stopped = 19;
    stuck.motion.steps_remaining = 1;
    stuck.motion.raw_speed = 0.0;
    let mut w = World::new(map, vec![stuck, lead]);
    forecast_all(&mut w);
    let mut locks = SignalLocks::new();
    // 19 events: still blocked, the 20th slow-down is counted
    assert_eq!(move_car(&mut w, 0, &mut locks, true), Ok(MoveEnd::Stopped));
    assert_eq!(w.cars[0].motion.turns_stopped, 20);
    let x0 = w.cars[0].location.pos.x;
    // now forced: accelerate, 6 steps, no checks
    assert_eq!(move_car(&mut w, 0, &mut locks, true), Ok(MoveEnd::Done));
    assert_eq!(w.cars[0].location.pos.x, x0 + 6);
    assert!(w.cars[0].motion.force_move);
    assert_eq!(w.cars[0].motion.turns_stopped, 0);
    assert_eq!(w.cars[0].motion.raw_speed, 0.05);
}

#[test]
fn flat_tyre_car_does_not_move() {
    let map = map_from(&["..........", "RRRRRRRRRR", ".........."]);
    let mut car = car_at(Point::new(4, 1), Heading::East, 3);
    car.motion.set_flat(true);
    car.motion.steps_remaining = 3;
    let pos = car.location.pos;
    let mut w = World::new(map, vec![car]);
    assert_eq!(
        move_car(&mut w, 0, &mut SignalLocks::new(), true),
        Ok(MoveEnd::Done)
    );
    assert_eq!(w.cars[0].location.pos, pos);
}

#[test]
fn path_end_gives_random_next_and_no_path() {
    // a crossing ahead and no path: GetRandomNext draws among the exits except the U-turn
    let map = map_from(&[
        "...R...", "...R...", "...R...", "RRRRRRR", "...R...", "...R...", "...R...",
    ]);
    let mut car = car_at(Point::new(2, 3), Heading::East, 23);
    car.motion.steps_remaining = 1;
    let mut w = World::new(map, vec![car]);
    move_car(&mut w, 0, &mut SignalLocks::new(), true).unwrap();
    assert_eq!(
        w.log,
        vec![
            Happened::Random(0, Point::new(3, 3), Heading::East, 3),
            Happened::NoPath(0)
        ]
    );
    // option 0 of [North, East, South] minus West
    assert_eq!(
        w.cars[0].location.movement,
        MovementId::new(Heading::East, Heading::North)
    );
    // the clamp: speed 1 < 3, nothing to clamp
    assert_eq!(w.cars[0].motion.raw_speed, 1.0);
}

#[test]
fn non_adjacent_path_entry_clears_the_path_with_no_path() {
    let map = map_from(&["..........", "RRRRRRRRRR", ".........."]);
    let mut car = car_at(Point::new(4, 1), Heading::East, 23);
    car.path = pts(&[(8, 1)]);
    car.motion.steps_remaining = 1;
    let mut w = World::new(map, vec![car]);
    move_car(&mut w, 0, &mut SignalLocks::new(), true).unwrap();
    assert!(w.cars[0].path.is_empty());
    assert_eq!(w.log, vec![Happened::NoPath(0), Happened::NoPath(0)]);
}

#[test]
fn random_exit_options_follow_the_original_draw() {
    let mut out = [Heading::North; 4];
    // crossing entered eastbound: N, E, S (W is the U-turn)
    assert_eq!(
        random_exit_options(RoadShape::Intersection, Heading::East, &mut out),
        Ok(3)
    );
    assert_eq!(&out[..3], &[Heading::North, Heading::East, Heading::South]);
    // T_NORTH (exits N, E, W) entered northbound: reverse S is not a choice, so only N and E
    // can be drawn (rand.Next(2)) - W never
    assert_eq!(
        random_exit_options(RoadShape::TNorth, Heading::North, &mut out),
        Ok(2)
    );
    assert_eq!(&out[..2], &[Heading::North, Heading::East]);
    assert_eq!(
        random_exit_options(RoadShape::CurveNe, Heading::North, &mut out),
        Err(Heading::East)
    );
    assert_eq!(
        random_exit_options(RoadShape::WestUturn, Heading::West, &mut out),
        Err(Heading::East)
    );
    assert_eq!(straight_next(RoadShape::TNorth, Heading::South), None);
    assert_eq!(
        straight_next(RoadShape::TNorth, Heading::East),
        Some(Heading::East)
    );
}

fn plain_crossing() -> Map {
    map_from(&[
        "...R...", "...R...", "...R...", "RRRRRRR", "...R...", "...R...", "...R...",
    ])
}

#[test]
fn left_turn_yields_to_an_oncoming_car() {
    // A comes north and turns left (west) at the crossing; B comes south towards it.
    let mut a = car_at(Point::new(3, 4), Heading::North, 18);
    a.path = pts(&[(3, 3), (2, 3), (1, 3)]);
    a.motion.steps_remaining = 1;
    let mut b = car_at(Point::new(3, 1), Heading::South, 10);
    b.path = pts(&[(3, 2), (3, 3), (3, 4), (3, 5)]);
    b.motion.steps_remaining = 1;
    let mut w = World::new(plain_crossing(), vec![a, b]);
    forecast_all(&mut w);
    let mut locks = SignalLocks::new();
    // B still has a step this tick: wait for it in this pass
    assert_eq!(move_car(&mut w, 0, &mut locks, false), Ok(MoveEnd::Waiting));
    // on the last pass: stop
    assert_eq!(move_car(&mut w, 0, &mut locks, true), Ok(MoveEnd::Stopped));
    assert!(w.cars[0].motion.stopped);

    // Going straight on instead: no check, A enters the crossing.
    let mut a = car_at(Point::new(3, 4), Heading::North, 18);
    a.path = pts(&[(3, 3), (3, 2)]);
    a.motion.steps_remaining = 1;
    let mut b = car_at(Point::new(3, 1), Heading::South, 10);
    b.path = pts(&[(3, 2), (3, 3), (3, 4), (3, 5)]);
    let mut w = World::new(plain_crossing(), vec![a, b]);
    forecast_all(&mut w);
    assert_eq!(
        move_car(&mut w, 0, &mut SignalLocks::new(), true),
        Ok(MoveEnd::Done)
    );
    assert!(!w.cars[0].motion.stopped);

    // Turning left with B driving away north ahead of us: B is not oncoming.
    let mut a = car_at(Point::new(3, 4), Heading::North, 18);
    a.path = pts(&[(3, 3), (2, 3), (1, 3)]);
    a.motion.steps_remaining = 1;
    let mut b = car_at(Point::new(3, 2), Heading::North, 4);
    b.path = pts(&[(3, 1), (3, 0)]);
    let mut w = World::new(plain_crossing(), vec![a, b]);
    forecast_all(&mut w);
    assert_eq!(
        move_car(&mut w, 0, &mut SignalLocks::new(), true),
        Ok(MoveEnd::Done)
    );
}

#[test]
fn drives_through_a_flat_car_when_it_can_pass_in_time() {
    let map = map_from(&["..........", "RRRRRRRRRR", ".........."]);
    let mut lead = car_at(Point::new(5, 1), Heading::East, 0);
    for _ in 0..8 {
        lead.step();
    }
    lead.motion.set_flat(true);
    let mut follow = car_at(Point::new(4, 1), Heading::East, 18);
    follow.motion.raw_speed = 2.0;
    follow.motion.steps_remaining = 1;
    // (14 + (int)(14 / 6) + 1) * 6 + 1 = 103 ticks to pass: a flat fixed in 1800 ticks is passed
    lead.motion.ticks_to_fix_flat = 1800;
    let mut w = World::new(map, vec![follow, lead]);
    forecast_all(&mut w);
    assert_eq!(
        move_car(&mut w, 0, &mut SignalLocks::new(), true),
        Ok(MoveEnd::Done)
    );
    assert_eq!(w.cars[0].motion.raw_speed, 2.0);
    // ... but not one fixed in 50 ticks: slow down behind it
    let map = map_from(&["..........", "RRRRRRRRRR", ".........."]);
    let mut lead = car_at(Point::new(5, 1), Heading::East, 0);
    for _ in 0..8 {
        lead.step();
    }
    lead.motion.set_flat(true);
    lead.motion.ticks_to_fix_flat = 50;
    let mut follow = car_at(Point::new(4, 1), Heading::East, 18);
    follow.motion.raw_speed = 2.0;
    follow.motion.steps_remaining = 1;
    let mut w = World::new(map, vec![follow, lead]);
    forecast_all(&mut w);
    assert_eq!(
        move_car(&mut w, 0, &mut SignalLocks::new(), true),
        Ok(MoveEnd::Stopped)
    );
    // a quarter-speed leader is passed only while its slow-down lasts long enough
    let map = map_from(&["..........", "RRRRRRRRRR", ".........."]);
    let mut lead = car_at(Point::new(5, 1), Heading::East, 0);
    for _ in 0..8 {
        lead.step();
    }
    lead.set_quarter_speed(true);
    let mut follow = car_at(Point::new(4, 1), Heading::East, 18);
    follow.motion.steps_remaining = 1;
    let mut w = World::new(map, vec![follow, lead]);
    w.ticks_to_full[1] = 1800;
    forecast_all(&mut w);
    assert_eq!(
        move_car(&mut w, 0, &mut SignalLocks::new(), true),
        Ok(MoveEnd::Done)
    );
    w.ticks_to_full[1] = 20;
    w.cars[0].motion.steps_remaining = 1;
    forecast_all(&mut w);
    assert_eq!(
        move_car(&mut w, 0, &mut SignalLocks::new(), true),
        Ok(MoveEnd::Stopped)
    );
}

#[test]
fn dead_end_lets_cars_pass_in_opposite_directions() {
    // B is leaving the bus stop westward with its tail in the stop square; A enters eastward.
    let map = map_from(&["........", ".RRRRRB.", "........"]);
    let mut b = Vehicle::placed(Point::new(6, 1), Heading::West);
    for _ in 0..10 {
        b.step();
    }
    let stop = Point::new(6, 1);
    assert!(b.tail.touches_tile(stop));
    let a = car_at(Point::new(5, 1), Heading::East, 18);
    let w = World::new(map.clone(), vec![a.clone(), b.clone()]);
    // opposite headings and a U-turn square: B does not count as inside
    assert!(!car_in_intersection(&w, 0, stop, LIMO_HALF_LENGTH));
    // the same tail heading our way (east) does count
    let mut b_east = b;
    b_east.location = Location::centered(Point::new(6, 1), Heading::East);
    let w = World::new(map.clone(), vec![a.clone(), b_east]);
    assert!(car_in_intersection(&w, 0, stop, LIMO_HALF_LENGTH));
    // and on an ordinary road square the exception does not apply
    let mut c = Vehicle::placed(Point::new(5, 1), Heading::West);
    for _ in 0..3 {
        c.step();
    }
    let w = World::new(map, vec![a, c]);
    assert!(car_in_intersection(
        &w,
        0,
        Point::new(5, 1),
        LIMO_HALF_LENGTH
    ));
}
