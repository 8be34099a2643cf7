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

/// How many entries a scan examines at once, and how many sentinels pad each end of the columns.
pub(crate) const BLOCK: usize = 4;

/// The prefilter: a necessary condition for [`Cloud::intersects`] (`f32(sqrt(q)) < s` with `q = f32(dx*dx +
/// dy*dy)`, `s = f32(r_o + r_a)`), computed in `f32` with the same `q` and `s`: `q <= f32(s*s)`.
///
/// Proof that it never drops a touching pair. Suppose `q > f32(s*s)`. If `s*s` rounded up,
/// `q > s*s` at once; if it rounded down, `s*s` lies below the next `f32` after `f32(s*s)`,
/// and `q`, an `f32` above `f32(s*s)`, is at least that next one: `q >= s*s` either way (an
/// overflow to infinity cannot be exceeded). So `sqrt(q) >= s`, and since `s` is an `f32` and
/// rounding is monotone, `f32(sqrt(q)) >= s`: no intersection. With a NaN anywhere the
/// comparison is false and so is `intersects`.
///
/// Tested for one block of column entries (`x`, `y`, `r`): bit `l` set when entry `l` may
/// touch cloud `a` (at `ax`, `ay`, of radius `radius_a`). Branch-free, so a scan pays one
/// predictable branch per block instead of one hard-to-predict loop exit per window end; a
/// sentinel (`y` NaN) never sets its bit. `(ax, ay)` is cloud `a`'s own column entry, read
/// from the column (LLVM then vectorises the four entries lane by lane).
#[inline(always)]
fn block_mask(
    x: &[f32; BLOCK],
    y: &[f32; BLOCK],
    r: &[f32; BLOCK],
    ax: f32,
    ay: f32,
    radius_a: f32,
) -> u32 {
    let mut mask = 0u32;
    for l in 0..BLOCK {
        let dx = x[l] - ax;
        let dy = y[l] - ay;
        let q = dx * dx + dy * dy;
        let s = r[l] + radius_a;
        mask |= u32::from(q <= s * s) << l;
    }
    mask
}

/// A chunk of `BLOCK` entries as an array (the chunk iterators give exactly that many).
#[inline(always)]
fn block(chunk: &[f32]) -> &[f32; BLOCK] {
    chunk.try_into().expect("a chunk of BLOCK entries")
}

/// Marks the clouds of the set bits of `mask` (column entries `k + bit`, padded positions) as
/// candidates, widening `lo..=hi`, the words of `marks` in use.
#[inline(always)]
fn mark(order: &[u16], marks: &mut [u64], mut mask: u32, k: usize, lo: &mut usize, hi: &mut usize) {
    while mask != 0 {
        let l = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        let o = order[k + l - BLOCK] as usize;
        marks[o / 64] |= 1 << (o % 64);
        *lo = (*lo).min(o / 64);
        *hi = (*hi).max(o / 64);
    }
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
    /// The position and radius of cloud `order[r]` at `r + BLOCK` (always equal to
    /// `clouds[order[r]].pos` and `radius[order[r]]` outside a cloud's move and its
    /// `reposition`), between `BLOCK` sentinels at each end, so the scans read contiguous
    /// arrays, a block at a time, without bounds tests.
    pub(crate) col: Column,
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
    /// Whether a cloud's position became non-finite during this update (the next update's
    /// sweep must then be refused, see [`Sweep::prepare`]).
    pub(crate) infinite: bool,
}

/// The sweep's column by rank, padded with `BLOCK` sentinels at each end: `x` is `-inf` on
/// the left and `+inf` on the right (no cloud sorts past them, and every scan stops at them)
/// and `y` is NaN (a sentinel never passes [`block_mask`]).
#[derive(Debug, Clone, Default)]
pub(crate) struct Column {
    pub(crate) x: Vec<f32>,
    pub(crate) y: Vec<f32>,
    pub(crate) r: Vec<f32>,
}

impl Column {
    fn reserve(&mut self, cap: usize) {
        for v in [&mut self.x, &mut self.y, &mut self.r] {
            if v.capacity() < cap {
                v.reserve_exact(cap - v.len());
            }
        }
    }

    fn clear(&mut self) {
        self.x.clear();
        self.y.clear();
        self.r.clear();
    }

    fn push(&mut self, x: f32, y: f32, r: f32) {
        self.x.push(x);
        self.y.push(y);
        self.r.push(r);
    }

    /// Writes entry `p` (a padded position).
    #[inline(always)]
    fn set(&mut self, p: usize, x: f32, y: f32, r: f32) {
        self.x[p] = x;
        self.y[p] = y;
        self.r[p] = r;
    }

    /// Copies entry `from` to `to` (padded positions).
    #[inline(always)]
    fn copy(&mut self, from: usize, to: usize) {
        self.x[to] = self.x[from];
        self.y[to] = self.y[from];
        self.r[to] = self.r[from];
    }
}

/// The buffers a [`Sweep`] reuses across updates (kept in the state's scratch).
pub(crate) struct SweepBuffers {
    pub(crate) order: Vec<u16>,
    pub(crate) col: Column,
    pub(crate) rank: Vec<u16>,
    pub(crate) marks: Vec<u64>,
    pub(crate) radius: Vec<f32>,
    pub(crate) radius_of: Vec<u32>,
}

impl Sweep {
    // The error hands the reused buffers back (boxing them would allocate on the hot path).
    #[allow(clippy::result_large_err)]
    ///
    /// `fresh`: the clouds are exactly as the last update with a sweep left them (see
    /// `Scratch::fresh`), so the buffers are exact for them and only the vapor bound is
    /// recomputed.
    pub(crate) fn prepare(
        clouds: &Vec<Cloud>,
        buffers: SweepBuffers,
        fresh: bool,
    ) -> Result<Sweep, SweepBuffers> {
        let SweepBuffers {
            mut order,
            mut col,
            mut rank,
            mut marks,
            mut radius,
            mut radius_of,
        } = buffers;
        let n = clouds.len();
        // Grow with the cloud list's capacity, so the sweep allocates only when the list does.
        let cap = clouds.capacity().max(n);
        if order.capacity() < cap {
            order.reserve_exact(cap - order.len());
        }
        col.reserve(cap + 2 * BLOCK);
        if rank.capacity() < cap {
            rank.reserve_exact(cap - rank.len());
        }
        if radius.capacity() < cap {
            radius.reserve_exact(cap - radius.len());
        }
        if radius_of.capacity() < cap {
            radius_of.reserve_exact(cap - radius_of.len());
        }
        if marks.capacity() < cap.div_ceil(64) {
            marks.reserve_exact(cap.div_ceil(64) - marks.len());
        }
        // The last update leaves the order, the ranks and the column sorted and exact (see
        // `Column`); only the clouds changed since (commands, `clouds_mut`, a new list) need
        // work. Rebuilt from nothing when its shape does not fit this list.
        let m = order.len();
        if fresh
            && m == n
            && rank.len() == n
            && radius.len() == n
            && radius_of.len() == n
            && col.x.len() == n + 2 * BLOCK
        {
            // The same bound as the full check below computes (no NaN vapor: the last update
            // had none and makes none).
            let max_vapor = clouds
                .iter()
                .fold(0.0f32, |m, c| if c.vapor > m { c.vapor } else { m });
            marks.clear();
            marks.resize(n.div_ceil(64), 0);
            return Ok(Sweep {
                order,
                col,
                rank,
                marks,
                radius,
                radius_of,
                max_vapor,
                max_radius: max_vapor.sqrt(),
                touched: false,
                infinite: false,
            });
        }
        if m > n || rank.len() != m || col.x.len() != m + 2 * BLOCK {
            order.clear();
            rank.clear();
            col.clear();
            for _ in 0..BLOCK {
                col.push(f32::NEG_INFINITY, f32::NAN, 0.0);
            }
            for _ in 0..BLOCK {
                col.push(f32::INFINITY, f32::NAN, 0.0);
            }
        }
        let m = order.len();
        // Radii from the last update where the vapor bits are the same (NaN vapor, whose bits
        // the fill value has, is refused below).
        radius.resize(n, f32::NAN);
        radius_of.resize(n, u32::MAX);
        radius.truncate(n);
        radius_of.truncate(n);
        marks.clear();
        marks.resize(n.div_ceil(64), 0);
        // Clouds new to the sweep go at the end, to be sorted in below.
        let mut unsorted = n > m;
        if n > m {
            col.x.truncate(m + BLOCK);
            col.y.truncate(m + BLOCK);
            col.r.truncate(m + BLOCK);
            for i in m..n {
                order.push(i as u16);
                rank.push(i as u16);
                col.push(f32::NAN, f32::NAN, f32::NAN);
            }
            for _ in 0..BLOCK {
                col.push(f32::INFINITY, f32::NAN, 0.0);
            }
        }
        let mut max_vapor = 0.0f32;
        let mut refused = false;
        for (i, c) in clouds.iter().enumerate() {
            refused |= !c.pos.is_finite() || c.vapor.is_nan();
            if c.vapor > max_vapor {
                max_vapor = c.vapor;
            }
            let p = rank[i] as usize + BLOCK;
            let bits = c.vapor.to_bits();
            if radius_of[i] != bits {
                radius_of[i] = bits;
                radius[i] = c.radius();
            }
            // Always written: a rebuilt or new entry holds NaN, which no scan would take for
            // a touch, while the radius by index may be exact from the last update.
            col.r[p] = radius[i];
            if col.x[p].to_bits() != c.pos.x.to_bits() || col.y[p].to_bits() != c.pos.y.to_bits() {
                col.x[p] = c.pos.x;
                col.y[p] = c.pos.y;
                unsorted = true;
            }
        }
        if refused {
            // Not sorted any more: the next update rebuilds the order.
            order.clear();
            return Err(SweepBuffers {
                order,
                col,
                rank,
                marks,
                radius,
                radius_of,
            });
        }
        if unsorted {
            // Insertion sort: nearly sorted from the last update, so about linear (the left
            // sentinel stops it).
            for j in 1..n {
                let mut p = j;
                while col.x[BLOCK + p - 1] > col.x[BLOCK + p] {
                    order.swap(p - 1, p);
                    col.x.swap(BLOCK + p - 1, BLOCK + p);
                    col.y.swap(BLOCK + p - 1, BLOCK + p);
                    col.r.swap(BLOCK + p - 1, BLOCK + p);
                    p -= 1;
                }
            }
            for (r, &i) in order.iter().enumerate() {
                rank[i as usize] = r as u16;
            }
        }
        Ok(Sweep {
            order,
            col,
            rank,
            marks,
            radius,
            radius_of,
            max_vapor,
            max_radius: max_vapor.sqrt(),
            touched: false,
            infinite: false,
        })
    }

    /// Drops the clouds whose bit is clear in `kept` from the order and the column, and
    /// renumbers the others (`new_index[i]`: cloud `i`'s index after the drop).
    pub(crate) fn retain(&mut self, kept: &[u64], new_index: &[u16]) {
        // The radii by cloud index, renumbered (`new_index[i] <= i`).
        let mut w = 0;
        for i in 0..self.radius.len() {
            if kept[i / 64] & (1 << (i % 64)) != 0 {
                self.radius[w] = self.radius[i];
                self.radius_of[w] = self.radius_of[i];
                w += 1;
            }
        }
        self.radius.truncate(w);
        self.radius_of.truncate(w);
        let mut w = 0;
        for r in 0..self.order.len() {
            let i = self.order[r] as usize;
            if kept[i / 64] & (1 << (i % 64)) != 0 {
                self.order[w] = new_index[i];
                self.col.copy(r + BLOCK, w + BLOCK);
                w += 1;
            }
        }
        self.order.truncate(w);
        self.col.x.truncate(w + BLOCK);
        self.col.y.truncate(w + BLOCK);
        self.col.r.truncate(w + BLOCK);
        for _ in 0..BLOCK {
            self.col.push(f32::INFINITY, f32::NAN, 0.0);
        }
        self.rank.truncate(w);
        for (r, &i) in self.order.iter().enumerate() {
            self.rank[i as usize] = r as u16;
        }
    }

    pub(crate) fn into_buffers(self) -> SweepBuffers {
        SweepBuffers {
            order: self.order,
            col: self.col,
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
        for (key, &i) in self.col.r[BLOCK..].iter_mut().zip(&self.order) {
            *key = self.radius[i as usize];
        }
    }

    /// Writes cloud `i`'s radius (`radius[i]`) into its column entry.
    #[inline(always)]
    pub(crate) fn sync_radius(&mut self, i: usize) {
        let p = self.rank[i] as usize + BLOCK;
        self.col.r[p] = self.radius[i];
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
        let mut p = self.rank[i] as usize + BLOCK;
        // Still in order (the usual case: clouds rarely pass each other): only the entry
        // changes. The sentinels bound both tests.
        if self.col.x[p - 1] > x || self.col.x[p + 1] < x {
            p = self.reposition_moved(x, p, i);
        }
        self.col.set(p, x, y, self.radius[i]);
    }

    /// Moves cloud `i` from padded position `p` to where `x` belongs; returns its new padded
    /// position. The sentinels (`-inf`, `+inf`) stop both loops.
    #[inline(never)]
    pub(crate) fn reposition_moved(&mut self, x: f32, mut p: usize, i: usize) -> usize {
        while self.col.x[p - 1] > x {
            let other = self.order[p - 1 - BLOCK];
            self.order[p - BLOCK] = other;
            self.col.copy(p - 1, p);
            self.rank[other as usize] = (p - BLOCK) as u16;
            p -= 1;
        }
        while self.col.x[p + 1] < x {
            let other = self.order[p + 1 - BLOCK];
            self.order[p - BLOCK] = other;
            self.col.copy(p + 1, p);
            self.rank[other as usize] = (p - BLOCK) as u16;
            p += 1;
        }
        self.order[p - BLOCK] = i as u16;
        self.rank[i] = (p - BLOCK) as u16;
        p
    }

    /// Cloud `a`'s absorption step, examining only the clouds within reach, in list order.
    ///
    /// Inlined into the update's loop: the scan usually finds no candidate, and then nothing
    /// else runs (the candidates' absorption is [`Sweep::absorb_marked`]).
    #[inline(always)]
    pub(crate) fn absorb(&mut self, clouds: &mut [Cloud], a: usize) {
        let Cloud { pos, vapor, .. } = clouds[a];
        if vapor < 1.0 {
            // Dead (`Cloud::is_dead`).
            return;
        }
        if !pos.is_finite() {
            return self.absorb_infinite(clouds, a);
        }
        let ra = self.radius[a];
        let reach = f64::from(ra + self.max_radius) + 1.0;
        let x = f64::from(pos.x);
        // The three arrays of the column as slices of one length (one bounds test per block).
        let xs = &self.col.x[..];
        let ys = &self.col.y[..xs.len()];
        let rs = &self.col.r[..xs.len()];
        let p = self.rank[a] as usize + BLOCK;
        // Cloud a's own column entry (its position, from two arrays: LLVM then vectorises
        // the blocks lane by lane).
        let (ax, ay) = (xs[p], ys[p]);
        let (mut lo, mut hi) = (usize::MAX, 0usize);
        // Blocks of entries, each tested whole (entries beyond the reach only add candidates
        // the exact test then rejects); a scan stops after the block whose farthest entry is
        // out of reach, at the latest at the sentinels.
        // Leftwards: the blocks ending just before cloud a, nearest first (the left sentinels
        // end the scan before `k` could go below 0).
        let mut k = p;
        loop {
            k -= BLOCK;
            let bx = block(&xs[k..k + BLOCK]);
            let mask = block_mask(
                bx,
                block(&ys[k..k + BLOCK]),
                block(&rs[k..k + BLOCK]),
                ax,
                ay,
                ra,
            );
            if mask != 0 {
                mark(&self.order, &mut self.marks, mask, k, &mut lo, &mut hi);
            }
            if x - f64::from(bx[0]) >= reach {
                break;
            }
        }
        // Rightwards: the blocks starting just after it (the right sentinels end the scan).
        let mut k = p + 1;
        loop {
            let bx = block(&xs[k..k + BLOCK]);
            let mask = block_mask(
                bx,
                block(&ys[k..k + BLOCK]),
                block(&rs[k..k + BLOCK]),
                ax,
                ay,
                ra,
            );
            if mask != 0 {
                mark(&self.order, &mut self.marks, mask, k, &mut lo, &mut hi);
            }
            if f64::from(bx[BLOCK - 1]) - x >= reach {
                break;
            }
            k += BLOCK;
        }
        if lo <= hi {
            self.absorb_marked(clouds, a, vapor, lo, hi);
        }
    }

    /// Cloud `a`'s absorption step after it moved to infinity: the sort cannot bound the search
    /// any more.
    #[inline(never)]
    fn absorb_infinite(&mut self, clouds: &mut [Cloud], a: usize) {
        self.touched = true;
        self.infinite = true;
        absorb_range(clouds, a, 0);
        self.raise_max_vapor(f32::INFINITY);
        self.refresh_radii(clouds);
    }

    /// Cloud `a`'s absorption of the candidates marked in words `lo..=hi` of `marks`, in list
    /// order (`start_vapor`: its vapor before); clears the marks.
    #[inline(never)]
    fn absorb_marked(
        &mut self,
        clouds: &mut [Cloud],
        a: usize,
        start_vapor: f32,
        lo: usize,
        hi: usize,
    ) {
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
