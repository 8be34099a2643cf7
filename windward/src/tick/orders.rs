//! Joining a new path order to a car's position (the path half of `PlayerOrders`, E:1608-1689).

use crate::geometry::Point;
use crate::movement::Vehicle;

/// Which of the four cases of `PlayerOrders` joined the path (rules §4.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PathJoin {
    /// The order was empty: the path is unchanged.
    Unchanged,
    /// 1. The tile the car enters next is in the order: the path starts there.
    FromNextTile,
    /// 2. The car's current tile is in the order: drive on to the next tile and U-turn back.
    UTurnBack,
    /// 3. The old path contains the order's first tile: the old path up to it, then the order.
    Spliced,
    /// 4. An A* join from the next tile to the order's first tile (possibly empty, which keeps
    ///    the old path); the player is told `NO_PATH` either way.
    AStarJoin,
}

impl PathJoin {
    /// Whether the original sends `NO_PATH` to the player (case 4 only).
    pub fn sends_no_path(self) -> bool {
        self == PathJoin::AStarJoin
    }
}

/// Applies a path order to `vehicle` as the original does. `astar(from, to)` is the server's
/// pathfinder (`SimpleAStar.CalculatePath`), used only in case 4. An empty `order` changes
/// nothing. The path is not validated here; a bad entry is found when the car reaches it.
///
/// ```
/// use windward::movement::Vehicle;
/// use windward::tick::orders::{PathJoin, join_path};
/// use windward::{Heading, Point};
///
/// // A car heading east through tile (5, 5): it enters (6, 5) next.
/// let mut car = Vehicle::placed(Point::new(5, 5), Heading::East);
/// let no_astar = |_: Point, _: Point| -> Vec<Point> { unreachable!() };
///
/// // 1. the order contains the next tile: the path starts there
/// let order = [Point::new(5, 5), Point::new(6, 5), Point::new(7, 5)];
/// assert_eq!(join_path(&mut car, &order, no_astar), PathJoin::FromNextTile);
/// assert_eq!(car.path, [Point::new(6, 5), Point::new(7, 5)]);
///
/// // 2. only the current tile: drive on to (6, 5), U-turn, come back
/// let order = [Point::new(5, 5), Point::new(4, 5)];
/// assert_eq!(join_path(&mut car, &order, no_astar), PathJoin::UTurnBack);
/// assert_eq!(car.path, [Point::new(6, 5), Point::new(5, 5), Point::new(4, 5)]);
///
/// // 4. neither, and not on the old path: the server's A* joins (and says NO_PATH)
/// let order = [Point::new(9, 9)];
/// let join = join_path(&mut car, &order, |from, to| vec![from, to]);
/// assert_eq!(join, PathJoin::AStarJoin);
/// assert!(join.sends_no_path());
/// assert_eq!(car.path, [Point::new(6, 5), Point::new(9, 9)]);
/// ```
pub fn join_path(
    vehicle: &mut Vehicle,
    order: &[Point],
    mut astar: impl FnMut(Point, Point) -> Vec<Point>,
) -> PathJoin {
    if order.is_empty() {
        return PathJoin::Unchanged;
    }
    let car_tile = vehicle.location.tile();
    let car_next = vehicle.location.next_tile();
    let path = &mut vehicle.path;
    if let Some(i) = order.iter().position(|&t| t == car_next) {
        path.clear();
        path.extend_from_slice(&order[i..]);
        return PathJoin::FromNextTile;
    }
    if let Some(i) = order.iter().position(|&t| t == car_tile) {
        path.clear();
        path.push(car_next);
        path.extend_from_slice(&order[i..]);
        return PathJoin::UTurnBack;
    }
    if let Some(i) = path.iter().position(|&t| t == order[0]) {
        path.truncate(i);
        path.extend_from_slice(order);
        return PathJoin::Spliced;
    }
    let join = astar(car_next, order[0]);
    if !join.is_empty() {
        path.clear();
        path.extend_from_slice(&join);
        path.extend_from_slice(&order[1..]);
    }
    PathJoin::AStarJoin
}
