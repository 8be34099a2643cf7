//! The sweep along x that lets an update skip the pairs of clouds which cannot touch, and the
//! buffers it reuses across updates (kept in the state's scratch). Exact: see [`Sweep`].

use crate::cloud::{Cloud, Vec2};
use crate::physics::{absorb_pair, absorb_range, pair_mut, surely_apart};

/// Below this many clouds an update compares every pair; above it, it sweeps along x.
pub(crate) const SWEEP_MIN_CLOUDS: usize = 12;

/// [`absorb_pair`] with the radii read from (and written back to) `radius`, which must hold
/// `clouds[i].radius()` for `a` and `o`. The exact intersection test is [`Cloud::intersects`]
/// with a square-root-free shortcut: with `q = f32(dx*dx + dy*dy)` and `s = f32(r_o + r_a)`,
/// `q >= s*s` (both exact in `f64`) means `sqrt(q) >= s`, hence `f32(sqrt(q)) >= s` (`s` is
/// an `f32` and rounding is monotone): apart, as `intersects` would say. Otherwise the
/// square root decides, as in the original.
#[inline]
pub(crate) fn absorb_pair_cached(
    clouds: &mut [Cloud],
    radius: &mut [f32],
    radius_of: &mut [u32],
    a: usize,
    o: usize,
    touched: &mut bool,
) -> bool {
    let (ca, co) = pair_mut(clouds, a, o);
    if co.is_dead() || surely_apart(ca, co) {
        return false;
    }
    let (mut ra, mut ro) = (radius[a], radius[o]);
    let a_is_smaller = ra < ro;
    let mut gained = false;
    loop {
        let dx = co.pos.x - ca.pos.x;
        let dy = co.pos.y - ca.pos.y;
        let q = dx * dx + dy * dy;
        let s = ro + ra;
        if f64::from(q) >= f64::from(s) * f64::from(s) {
            break;
        }
        // `Cloud::intersects` (false for NaN).
        let overlap = q.sqrt() < s;
        if !overlap {
            break;
        }
        *touched = true;
        if ca.is_dead() || co.is_dead() {
            break;
        }
        let (small, big) = if a_is_smaller {
            (&mut *ca, &mut *co)
        } else {
            (&mut *co, &mut *ca)
        };
        let drained = small.vapor - 1.0f32;
        if drained == small.vapor {
            // See absorb_pair: the original loops for ever here.
            break;
        }
        big.vapor += 1.0f32;
        small.vapor = drained;
        gained |= !a_is_smaller;
        ra = ca.radius();
        ro = co.radius();
    }
    radius[a] = ra;
    radius[o] = ro;
    radius_of[a] = ca.vapor.to_bits();
    radius_of[o] = co.vapor.to_bits();
    gained
}

/// A necessary condition for [`Cloud::intersects`] (`f32(sqrt(q)) < s` with `q = f32(dx*dx +
/// dy*dy)`, `s = f32(r_o + r_a)`), computed in `f32` with the same `q` and `s`: `q <= f32(s*s)`.
///
/// Proof that it never drops a touching pair. Suppose `q > f32(s*s)`. If `s*s` rounded up,
/// `q > s*s` at once; if it rounded down, `s*s` lies below the next `f32` after `f32(s*s)`,
/// and `q`, an `f32` above `f32(s*s)`, is at least that next one: `q >= s*s` either way (an
/// overflow to infinity cannot be exceeded). So `sqrt(q) >= s`, and since `s` is an `f32` and
/// rounding is monotone, `f32(sqrt(q)) >= s`: no intersection. With a NaN anywhere the
/// comparison is false and so is `intersects`.
///
/// `radius_a` must be `a`'s radius and `o` the other cloud's column entry (the sweep's exact
/// cache of its position and radius).
#[inline(always)]
pub(crate) fn may_touch(a: &Cloud, radius_a: f32, o: SweepKey) -> bool {
    let dx = o.x - a.pos.x;
    let dy = o.y - a.pos.y;
    let q = dx * dx + dy * dy;
    let s = o.r + radius_a;
    q <= s * s
}

/// The sweep along x that lets an update skip pairs which cannot touch.
///
/// Why it is exact: for `f32` values, `d = f32sqrt(dx*dx + dy*dy) >= |dx|` (rounding is monotone and
/// `sqrt(fl(u*u))` rounds back to `u`), so two circles can only intersect when
/// `|o.x - a.x| < r_a + r_o <= r_a + r_max`. Only positions of the cloud being updated change
/// during its update, and it is re-sorted right after it moves and after it bounces; `r_max` is
/// a running upper bound of every live radius. If the cloud being updated grows, its reach grows
/// too, so the rest of its pass falls back to the full scan.
pub(crate) struct Sweep {
    /// Cloud indices sorted by `pos.x`.
    pub(crate) order: Vec<u16>,
    /// `xs[r]`: the position and radius of cloud `order[r]` (always equal to
    /// `clouds[order[r]].pos` and `radius[order[r]]` outside a cloud's move and its
    /// `reposition`), so the scans read one contiguous array.
    pub(crate) xs: Vec<SweepKey>,
    /// `rank[i]`: where cloud `i` sits in `order`.
    pub(crate) rank: Vec<u16>,
    /// Candidate marks, one bit per cloud index: iterating the set bits visits the candidates
    /// in list order without sorting them. All clear between two absorptions.
    pub(crate) marks: Vec<u64>,
    /// `radius[i] == clouds[i].radius()`, kept exact as vapors change (one square root per
    /// change instead of two per pair test).
    pub(crate) radius: Vec<f32>,
    /// `radius[i] == f32::from_bits(radius_of[i]).sqrt()` for every entry, whatever cloud it
    /// now belongs to: the next update recomputes only the radii whose vapor changed.
    pub(crate) radius_of: Vec<u32>,
    /// An upper bound of every live cloud's vapor.
    pub(crate) max_vapor: f32,
    /// `sqrt(max_vapor)`, recomputed only when `max_vapor` changes.
    pub(crate) max_radius: f32,
    /// Whether two living clouds were found touching (or the exact scan was left for the full
    /// one) during this update.
    pub(crate) touched: bool,
}

/// The buffers a [`Sweep`] reuses across updates (kept in the state's scratch).
pub(crate) struct SweepBuffers {
    pub(crate) order: Vec<u16>,
    pub(crate) xs: Vec<SweepKey>,
    pub(crate) rank: Vec<u16>,
    pub(crate) marks: Vec<u64>,
    pub(crate) radius: Vec<f32>,
    pub(crate) radius_of: Vec<u32>,
}

/// One entry of the sweep's column: a cloud's position and radius.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct SweepKey {
    x: f32,
    y: f32,
    r: f32,
}

impl Sweep {
    // The error hands the reused buffers back (boxing them would allocate on the hot path).
    #[allow(clippy::result_large_err)]
    pub(crate) fn prepare(
        clouds: &Vec<Cloud>,
        buffers: SweepBuffers,
    ) -> Result<Sweep, SweepBuffers> {
        let SweepBuffers {
            mut order,
            mut xs,
            mut rank,
            mut marks,
            mut radius,
            mut radius_of,
        } = buffers;
        let n = clouds.len();
        let mut max_vapor = 0.0f32;
        for c in clouds {
            if !c.pos.is_finite() || c.vapor.is_nan() {
                return Err(SweepBuffers {
                    order,
                    xs,
                    rank,
                    marks,
                    radius,
                    radius_of,
                });
            }
            if c.vapor > max_vapor {
                max_vapor = c.vapor;
            }
        }
        // Grow with the cloud list's capacity, so the sweep allocates only when the list does.
        let cap = clouds.capacity().max(n);
        if order.capacity() < cap {
            order.reserve_exact(cap - order.len());
        }
        if xs.capacity() < cap {
            xs.reserve_exact(cap - xs.len());
        }
        if rank.capacity() < cap {
            rank.reserve_exact(cap - rank.len());
        }
        if radius.capacity() < cap {
            radius.reserve_exact(cap - radius.len());
        }
        if radius_of.capacity() < cap {
            radius_of.reserve_exact(cap - radius_of.len());
        }
        // Radii from the last update where the vapor bits are the same (NaN vapor, whose bits
        // the fill value has, was refused above).
        radius.resize(n, f32::NAN);
        radius_of.resize(n, u32::MAX);
        radius.truncate(n);
        radius_of.truncate(n);
        for ((r, of), c) in radius.iter_mut().zip(radius_of.iter_mut()).zip(clouds) {
            let bits = c.vapor.to_bits();
            if *of != bits {
                *of = bits;
                *r = c.radius();
            }
        }
        if marks.capacity() < cap.div_ceil(64) {
            marks.reserve_exact(cap.div_ceil(64) - marks.len());
        }
        marks.clear();
        marks.resize(n.div_ceil(64), 0);
        // Reuse the last update's order if it is a partial permutation; add new clouds.
        rank.clear();
        rank.resize(n, u16::MAX);
        let mut valid = order.len() <= n;
        if valid {
            for (r, &i) in order.iter().enumerate() {
                let i = i as usize;
                if i >= n || rank[i] != u16::MAX {
                    valid = false;
                    break;
                }
                rank[i] = r as u16;
            }
        }
        if !valid {
            order.clear();
            rank.iter_mut().for_each(|r| *r = u16::MAX);
        }
        for (i, &r) in rank.iter().enumerate() {
            if r == u16::MAX {
                order.push(i as u16);
            }
        }
        xs.clear();
        xs.extend(order.iter().map(|&i| {
            let i = i as usize;
            SweepKey {
                x: clouds[i].pos.x,
                y: clouds[i].pos.y,
                r: radius[i],
            }
        }));
        // Insertion sort: nearly sorted from the last update, so about linear.
        for j in 1..order.len() {
            let mut p = j;
            while p > 0 && xs[p - 1].x > xs[p].x {
                order.swap(p - 1, p);
                xs.swap(p - 1, p);
                p -= 1;
            }
        }
        for (r, &i) in order.iter().enumerate() {
            rank[i as usize] = r as u16;
        }
        Ok(Sweep {
            order,
            xs,
            rank,
            marks,
            radius,
            radius_of,
            max_vapor,
            max_radius: max_vapor.sqrt(),
            touched: false,
        })
    }

    pub(crate) fn into_buffers(self) -> SweepBuffers {
        SweepBuffers {
            order: self.order,
            xs: self.xs,
            rank: self.rank,
            marks: self.marks,
            radius: self.radius,
            radius_of: self.radius_of,
        }
    }

    pub(crate) fn refresh_radii(&mut self, clouds: &[Cloud]) {
        for ((r, of), c) in self.radius.iter_mut().zip(&mut self.radius_of).zip(clouds) {
            *r = c.radius();
            *of = c.vapor.to_bits();
        }
        for (key, &i) in self.xs.iter_mut().zip(&self.order) {
            key.r = self.radius[i as usize];
        }
    }

    /// Writes cloud `i`'s radius (`radius[i]`) into its column entry.
    #[inline(always)]
    pub(crate) fn sync_radius(&mut self, i: usize) {
        let r = self.rank[i] as usize;
        self.xs[r].r = self.radius[i];
    }

    pub(crate) fn raise_max_vapor(&mut self, vapor: f32) {
        if vapor > self.max_vapor {
            self.max_vapor = vapor;
            self.max_radius = vapor.sqrt();
        }
    }

    /// Restores the sort (and cloud `i`'s column entry) after cloud `i` moved.
    #[inline(always)]
    pub(crate) fn reposition(&mut self, clouds: &[Cloud], i: usize) {
        let Vec2 { x, y } = clouds[i].pos;
        let mut r = self.rank[i] as usize;
        if self.xs[r].x != x {
            // (Unmoved along x is common: velocities freeze as subnormals after a while.)
            r = self.reposition_moved(x, r, i);
        }
        self.xs[r] = SweepKey {
            x,
            y,
            r: self.radius[i],
        };
    }

    /// Moves cloud `i` from rank `r` to where `x` belongs; returns its new rank.
    pub(crate) fn reposition_moved(&mut self, x: f32, mut r: usize, i: usize) -> usize {
        while r > 0 && self.xs[r - 1].x > x {
            let other = self.order[r - 1];
            self.order[r] = other;
            self.xs[r] = self.xs[r - 1];
            self.rank[other as usize] = r as u16;
            r -= 1;
        }
        while r + 1 < self.order.len() && self.xs[r + 1].x < x {
            let other = self.order[r + 1];
            self.order[r] = other;
            self.xs[r] = self.xs[r + 1];
            self.rank[other as usize] = r as u16;
            r += 1;
        }
        self.order[r] = i as u16;
        self.rank[i] = r as u16;
        r
    }

    /// Cloud `a`'s absorption step, examining only the clouds within reach, in list order.
    pub(crate) fn absorb(&mut self, clouds: &mut [Cloud], a: usize) {
        let ca = clouds[a];
        if ca.is_dead() {
            return;
        }
        if !ca.pos.is_finite() {
            // Moved to infinity: the sort cannot bound the search any more.
            self.touched = true;
            absorb_range(clouds, a, 0);
            self.raise_max_vapor(f32::INFINITY);
            self.refresh_radii(clouds);
            return;
        }
        let ra = self.radius[a];
        let reach = f64::from(ra + self.max_radius) + 1.0;
        let x = f64::from(ca.pos.x);
        let r = self.rank[a] as usize;
        let (mut lo, mut hi) = (usize::MAX, 0usize);
        for k in (0..r).rev() {
            let key = self.xs[k];
            if x - f64::from(key.x) >= reach {
                break;
            }
            if may_touch(&ca, ra, key) {
                let o = self.order[k] as usize;
                self.marks[o / 64] |= 1 << (o % 64);
                lo = lo.min(o / 64);
                hi = hi.max(o / 64);
            }
        }
        for k in r + 1..self.order.len() {
            let key = self.xs[k];
            if f64::from(key.x) - x >= reach {
                break;
            }
            if may_touch(&ca, ra, key) {
                let o = self.order[k] as usize;
                self.marks[o / 64] |= 1 << (o % 64);
                lo = lo.min(o / 64);
                hi = hi.max(o / 64);
            }
        }
        if lo > hi {
            return;
        }
        let start_vapor = ca.vapor;
        for w in lo..=hi {
            while self.marks[w] != 0 {
                let bit = self.marks[w].trailing_zeros() as usize;
                self.marks[w] &= self.marks[w] - 1;
                let o = w * 64 + bit;
                let gained = absorb_pair_cached(
                    clouds,
                    &mut self.radius,
                    &mut self.radius_of,
                    a,
                    o,
                    &mut self.touched,
                );
                self.sync_radius(a);
                self.sync_radius(o);
                let grown = if gained {
                    clouds[a].vapor
                } else {
                    clouds[o].vapor
                };
                self.raise_max_vapor(grown);
                if clouds[a].vapor > start_vapor {
                    // Cloud a reaches further now: finish its pass the original way.
                    self.marks[w..=hi].iter_mut().for_each(|m| *m = 0);
                    for o2 in o + 1..clouds.len() {
                        if o2 != a {
                            absorb_pair(clouds, a, o2);
                        }
                    }
                    for c in clouds.iter() {
                        self.raise_max_vapor(c.vapor);
                    }
                    self.refresh_radii(clouds);
                    return;
                }
            }
        }
    }
}
