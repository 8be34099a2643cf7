//! The quarter-tile footprints of a car: the tail behind it and the forecast ahead
//! (`Limo.TailMap`, `TailQuarter`, `Future`; LI:266-293, LI:404-412).

use super::{NUM_TAIL, Point, map_to_quarter, quarter_to_tile};

/// The last [`NUM_TAIL`] centre points of a car and the quarter tiles they cover.
///
/// `quarters` is the original `TailQuarter` list: the quarter of each point appended when it
/// differs from the last entry, and the first entry dropped when the oldest point leaves and
/// the new oldest point is in another quarter. It is a run-length list of the points' quarters,
/// so it never holds more entries than points (checked by a property test).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Tail {
    points: [Point; NUM_TAIL + 1],
    /// Index of the oldest point in `points` (a ring).
    head: u8,
    len: u8,
    quarters: [Point; NUM_TAIL + 2],
    quarters_len: u8,
}

impl Default for Tail {
    fn default() -> Tail {
        Tail::new()
    }
}

impl Tail {
    /// An empty tail.
    pub const fn new() -> Tail {
        Tail {
            points: [Point::new(0, 0); NUM_TAIL + 1],
            head: 0,
            len: 0,
            quarters: [Point::new(0, 0); NUM_TAIL + 2],
            quarters_len: 0,
        }
    }

    /// For `Game::validate`: the first field of a tail read from outside that its ring cannot
    /// hold (a head or a count past the arrays), with its value.
    pub(crate) fn foreign_field(&self) -> Option<(&'static str, u8)> {
        if usize::from(self.head) > NUM_TAIL {
            Some(("head", self.head))
        } else if usize::from(self.len) > NUM_TAIL {
            Some(("len", self.len))
        } else if usize::from(self.quarters_len) > NUM_TAIL + 2 {
            Some(("quarters_len", self.quarters_len))
        } else {
            None
        }
    }

    /// Forgets everything (`Limo.Reset`).
    pub fn clear(&mut self) {
        self.head = 0;
        self.len = 0;
        self.quarters_len = 0;
    }

    /// The number of stored points.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True when no point is stored.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The oldest point (`TailMap.Peek()`), the back of the car.
    pub fn oldest(&self) -> Option<Point> {
        (self.len > 0).then(|| self.points[self.head as usize])
    }

    /// The stored points, oldest first.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.len as usize).map(|i| self.points[(self.head as usize + i) % (NUM_TAIL + 1)])
    }

    /// The quarter tiles the tail covers (`TailQuarter`), oldest first.
    #[inline]
    pub fn quarters(&self) -> &[Point] {
        &self.quarters[..self.quarters_len as usize]
    }

    /// Records the centre before a step (the first half of `Limo.Move`, LI:266-282).
    pub fn push(&mut self, centre: Point) {
        let q = map_to_quarter(centre);
        let n = self.quarters_len as usize;
        if n == 0 || self.quarters[n - 1] != q {
            if n == self.quarters.len() {
                // Unreachable by the run-length argument above; keep the newest if it happens.
                self.quarters.copy_within(1.., 0);
                self.quarters_len -= 1;
            }
            self.quarters[self.quarters_len as usize] = q;
            self.quarters_len += 1;
        }
        let cap = NUM_TAIL + 1;
        self.points[(self.head as usize + self.len as usize) % cap] = centre;
        self.len += 1;
        while self.len as usize > NUM_TAIL {
            self.head = ((self.head as usize + 1) % cap) as u8;
            self.len -= 1;
            let new_head = map_to_quarter(self.points[self.head as usize]);
            if self.quarters_len > 0 && self.quarters[0] != new_head {
                self.quarters.copy_within(1..self.quarters_len as usize, 0);
                self.quarters_len -= 1;
            }
        }
    }

    /// True if any tail quarter lies in `tile`.
    #[inline]
    pub fn touches_tile(&self, tile: Point) -> bool {
        self.quarters().iter().any(|q| quarter_to_tile(*q) == tile)
    }
}

/// One forecast entry: a quarter tile and the steps the car spends in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct QuarterSteps {
    /// The quarter tile.
    pub quarter: Point,
    /// The number of forecast steps in it.
    pub steps: u8,
}

/// The forecast of a car's next quarter tiles (`Limo.Future`), computed every 7 ticks.
///
/// Entries are unique quarter tiles in first-visit order; a revisit adds to the existing
/// entry's steps (`AddFuture`, LI:404-412). A forecast of `NUM_FUTURE + 1` unit steps crosses a
/// quarter-tile boundary (12 units apart along a lane) only a few times: the golden traces never
/// need more than 10 entries, so [`FUTURE_CAPACITY`] = 32 leaves a wide margin. Should a forecast
/// ever need more, the extra steps are counted in the last entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Future {
    #[cfg_attr(feature = "serde", serde(with = "future_entries"))]
    entries: [QuarterSteps; FUTURE_CAPACITY],
    len: u8,
}

/// The most entries a [`Future`] holds.
pub const FUTURE_CAPACITY: usize = 32;

#[cfg(feature = "serde")]
mod future_entries {
    use super::{FUTURE_CAPACITY, QuarterSteps};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(
        entries: &[QuarterSteps; FUTURE_CAPACITY],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        entries.as_slice().serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<[QuarterSteps; FUTURE_CAPACITY], D::Error> {
        let v = Vec::<QuarterSteps>::deserialize(d)?;
        let mut out = [QuarterSteps::default(); FUTURE_CAPACITY];
        if v.len() != out.len() {
            return Err(serde::de::Error::invalid_length(
                v.len(),
                &"FUTURE_CAPACITY entries",
            ));
        }
        out.copy_from_slice(&v);
        Ok(out)
    }
}

impl Default for Future {
    fn default() -> Future {
        Future::new()
    }
}

impl Future {
    /// For `Game::validate`: the entry count of a forecast read from outside, when it is past
    /// [`FUTURE_CAPACITY`].
    pub(crate) fn foreign_len(&self) -> Option<u8> {
        (usize::from(self.len) > FUTURE_CAPACITY).then_some(self.len)
    }
}

impl Future {
    /// An empty forecast.
    pub const fn new() -> Future {
        Future {
            entries: [QuarterSteps {
                quarter: Point::new(0, 0),
                steps: 0,
            }; FUTURE_CAPACITY],
            len: 0,
        }
    }

    /// Forgets the forecast.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The entries, nearest first.
    #[inline]
    pub fn entries(&self) -> &[QuarterSteps] {
        &self.entries[..self.len as usize]
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// `AddFuture(ptMap)`: one more step in the quarter of `map_point`.
    pub fn add(&mut self, map_point: Point) {
        let q = map_to_quarter(map_point);
        let n = self.len as usize;
        // Consecutive points are usually in the same quarter: check the newest entry first (the
        // entries are unique, so where the match is found does not change the result).
        if n > 0 && self.entries[n - 1].quarter == q {
            self.entries[n - 1].steps = self.entries[n - 1].steps.saturating_add(1);
            return;
        }
        if let Some(e) = self.entries[..n].iter_mut().find(|e| e.quarter == q) {
            e.steps = e.steps.saturating_add(1);
        } else if n < self.entries.len() {
            self.entries[n] = QuarterSteps {
                quarter: q,
                steps: 1,
            };
            self.len += 1;
        } else {
            self.entries[n - 1].steps = self.entries[n - 1].steps.saturating_add(1);
        }
    }

    /// One step consumed by a move (the end of `Limo.Move`): the first entry loses a step and
    /// goes when it has none left.
    #[inline]
    pub fn pop_step(&mut self) {
        if self.len == 0 {
            return;
        }
        if self.entries[0].steps <= 1 {
            let n = self.len as usize;
            self.entries.copy_within(1..n, 0);
            self.len -= 1;
        } else {
            self.entries[0].steps -= 1;
        }
    }

    /// True if, within the first `look` steps (walking whole entries while the step budget
    /// is positive), some forecast quarter lies in `tile` (the Future half of
    /// `CarInIntersection`, E:1539-1551).
    #[inline]
    pub fn enters_tile_within(&self, tile: Point, look: i32) -> bool {
        let mut remaining = look;
        for e in self.entries() {
            if quarter_to_tile(e.quarter) == tile {
                return true;
            }
            remaining -= e.steps as i32;
            if remaining <= 0 {
                break;
            }
        }
        false
    }
}
