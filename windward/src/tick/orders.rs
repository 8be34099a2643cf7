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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Heading;

    fn car() -> Vehicle {
        // heading east on tile (5, 5): next tile (6, 5)
        Vehicle::placed(Point::new(5, 5), Heading::East)
    }

    fn pts(list: &[(i32, i32)]) -> Vec<Point> {
        list.iter().map(|&(x, y)| Point::new(x, y)).collect()
    }

    fn no_astar(_: Point, _: Point) -> Vec<Point> {
        panic!("A* must not be called")
    }

    #[test]
    fn case_1_next_tile_in_order() {
        let mut v = car();
        v.path = pts(&[(9, 9)]);
        let join = join_path(&mut v, &pts(&[(5, 5), (6, 5), (7, 5)]), no_astar);
        assert_eq!(join, PathJoin::FromNextTile);
        assert_eq!(v.path, pts(&[(6, 5), (7, 5)]));
        assert!(!join.sends_no_path());
    }

    #[test]
    fn case_2_current_tile_in_order_u_turns() {
        let mut v = car();
        let join = join_path(&mut v, &pts(&[(5, 5), (4, 5)]), no_astar);
        assert_eq!(join, PathJoin::UTurnBack);
        assert_eq!(v.path, pts(&[(6, 5), (5, 5), (4, 5)]));
    }

    #[test]
    fn case_3_splices_into_old_path() {
        let mut v = car();
        v.path = pts(&[(6, 5), (7, 5), (8, 5), (9, 5)]);
        let join = join_path(&mut v, &pts(&[(8, 5), (8, 6)]), no_astar);
        assert_eq!(join, PathJoin::Spliced);
        assert_eq!(v.path, pts(&[(6, 5), (7, 5), (8, 5), (8, 6)]));
    }

    #[test]
    fn case_4_astar_join_and_no_path() {
        let mut v = car();
        v.path = pts(&[(6, 5)]);
        let mut called = None;
        let join = join_path(&mut v, &pts(&[(8, 7), (8, 8)]), |a, b| {
            called = Some((a, b));
            pts(&[(6, 5), (7, 5), (8, 5), (8, 6), (8, 7)])
        });
        assert_eq!(join, PathJoin::AStarJoin);
        assert!(join.sends_no_path());
        assert_eq!(called, Some((Point::new(6, 5), Point::new(8, 7))));
        assert_eq!(
            v.path,
            pts(&[(6, 5), (7, 5), (8, 5), (8, 6), (8, 7), (8, 8)])
        );
        // an unreachable join keeps the old path (still NO_PATH)
        let mut v = car();
        v.path = pts(&[(6, 5)]);
        let join = join_path(&mut v, &pts(&[(20, 20)]), |_, _| Vec::new());
        assert_eq!(join, PathJoin::AStarJoin);
        assert_eq!(v.path, pts(&[(6, 5)]));
    }

    #[test]
    fn empty_order_changes_nothing() {
        let mut v = car();
        v.path = pts(&[(6, 5)]);
        assert_eq!(join_path(&mut v, &[], no_astar), PathJoin::Unchanged);
        assert_eq!(v.path, pts(&[(6, 5)]));
    }
}
