//! `BoardLocation` (BL) and the front geometry of `Limo` (LI:340-395).

use super::{
    Heading, Move, MovementId, Point, UNITS_PER_TILE, map_to_tile, movements, tile_to_map,
};

/// Where a car is: its centre in map units, the movement it follows through the current tile
/// and how far along it is (the original `BoardLocation`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Location {
    /// The centre of the car, in map units.
    pub pos: Point,
    /// The movement through the current tile.
    pub movement: MovementId,
    /// `OffsetTileMoves`: the index of the next step; equals the movement's length right after
    /// the inter-tile step, until the next movement is assigned.
    pub offset: u8,
}

impl Location {
    /// A location at `pos` on `movement`, half-way along (BL:37-42).
    pub fn new(pos: Point, movement: MovementId) -> Location {
        let len = movements().get(movement).len();
        Location {
            pos,
            movement,
            offset: (len / 2) as u8,
        }
    }

    /// The car centred in `tile`, heading `dir`, in its right-hand lane, half-way along the
    /// straight movement (start positions E:133-176, relocation LI:417-458): northbound x+18,
    /// southbound x+6, eastbound y+18, westbound y+6, and 12 along the heading's axis.
    pub fn centered(tile: Point, dir: Heading) -> Location {
        let o = tile_to_map(tile);
        let (near, mid, far) = (
            UNITS_PER_TILE / 4,
            UNITS_PER_TILE / 2,
            3 * UNITS_PER_TILE / 4,
        );
        let pos = match dir {
            Heading::North => add(o, far, mid),
            Heading::East => add(o, mid, far),
            Heading::South => add(o, near, mid),
            Heading::West => add(o, mid, near),
        };
        Location::new(pos, MovementId::straight(dir))
    }

    /// The step the car is on (`MoveOn`: the step at `min(offset, len - 1)`).
    #[inline]
    pub fn move_on(&self) -> Move {
        movements().get(self.movement).move_on(self.offset as usize)
    }

    /// The angle of the current step.
    #[inline]
    pub fn angle(&self) -> i32 {
        self.move_on().angle as i32
    }

    /// The heading of the current step (`AngleToDirection(Angle)`).
    #[inline]
    pub fn direction(&self) -> Heading {
        Heading::from_angle(self.angle())
    }

    /// True while the next step stays inside the tile (`offset < len - 1`); the last step of a
    /// movement is the inter-tile step.
    #[inline]
    pub fn is_move_inside_tile(&self) -> bool {
        (self.offset as usize) < movements().get(self.movement).len() - 1
    }

    /// The tile the centre is on. Moving north or west, offset 0 lies on the far edge, so this
    /// reports the previous tile there (a quirk of the original, BL quirk in §4.3).
    #[inline]
    pub fn tile(&self) -> Point {
        map_to_tile(self.pos)
    }

    /// The centre after one more step (`NextPosition`): the current step, or past the end of the
    /// movement one unit along the last step's angle, rounded ties-to-even (BL:158-184).
    #[inline]
    pub fn next_position(&self) -> Point {
        let table = movements().get(self.movement);
        if (self.offset as usize) < table.len() {
            let m = table.move_on(self.offset as usize);
            add(self.pos, m.dx as i32, m.dy as i32)
        } else {
            let (ux, uy) = table.front_next_at(table.len() - 1);
            add(self.pos, ux, uy)
        }
    }

    /// The tile the car enters when it leaves the current one (`NextTilePosition`): replay the
    /// remaining steps until the tile changes; if it never does, one more unit along the last
    /// step's heading (BL:119-151).
    pub fn next_tile(&self) -> Point {
        let table = movements().get(self.movement);
        let on = self.tile();
        let mut p = self.pos;
        for m in &table.moves()[(self.offset as usize).min(table.len())..] {
            p = add(p, m.dx as i32, m.dy as i32);
            let t = map_to_tile(p);
            if t != on {
                return t;
            }
        }
        let last = table.moves()[table.len() - 1];
        let (dx, dy) = Heading::from_angle(last.angle as i32).delta();
        map_to_tile(Point::new(p.x + dx, p.y + dy))
    }

    /// Takes one step (`BoardLocation.Move`): the current step's offset, and `offset + 1`.
    #[inline]
    pub fn advance(&mut self) {
        let m = self.move_on();
        self.pos = add(self.pos, m.dx as i32, m.dy as i32);
        self.offset += 1;
    }

    /// Enters a new tile at `pos` on `movement`, offset 0 (`SetMapPosition`).
    #[inline]
    pub fn enter(&mut self, pos: Point, movement: MovementId) {
        self.pos = pos;
        self.movement = movement;
        self.offset = 0;
    }

    /// The front of the car (`Limo.Front`): centre + current step + the f32 front offset
    /// truncated toward zero.
    #[inline]
    pub fn front(&self) -> Point {
        let (fx, fy) = movements()
            .get(self.movement)
            .front_at(self.offset as usize);
        add(self.pos, fx, fy)
    }

    /// The front after one more step (`Limo.FrontNextStep`): [`Location::front`] plus the
    /// rounded (ties-to-even) unit vector of the current angle.
    #[inline]
    pub fn front_next_step(&self) -> Point {
        let table = movements().get(self.movement);
        let (fx, fy) = table.front_at(self.offset as usize);
        let (ux, uy) = table.front_next_at(self.offset as usize);
        add(self.pos, fx + ux, fy + uy)
    }

    /// The movement's length.
    #[inline]
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        movements().get(self.movement).len()
    }

    /// The movement's top speed (6 or 3).
    #[inline]
    pub fn max_speed(&self) -> i32 {
        movements().get(self.movement).max_speed()
    }
}

/// `p + (dx, dy)`.
#[inline]
#[doc(hidden)]
pub fn add(p: Point, dx: i32, dy: i32) -> Point {
    Point::new(p.x + dx, p.y + dy)
}
