//! One iteration, `World.Update()` (§2): every cloud moves, damps, absorbs and bounces in list
//! order, dead rainclouds are dropped, the statistics and the win flag recomputed; with the
//! still-world shortcut that skips the physics of a world proven at rest.

use crate::cloud::{Cloud, Vec2};
use crate::physics::{absorb_range, bounce, move_axis};
use crate::setup::Game;
use crate::state::{Leader, State};
use crate::sweep::{SWEEP_MIN_CLOUDS, Sweep, SweepBuffers};

impl Game {
    /// One iteration, `World.Update()` (`core/world.go:244-280`): every cloud in list order moves,
    /// damps, absorbs and bounces; dead rainclouds are dropped (dead players kept); the
    /// statistics and the win flag are recomputed.
    ///
    /// Above a dozen clouds the absorption step only examines pairs whose x-distance allows a
    /// touch (a sweep along x kept sorted across updates). The sweep is conservative and falls
    /// back to the full scan whenever a cloud grows during its own absorption, so results are
    /// bit-identical to [`update_all_pairs`](Game::update_all_pairs).
    pub fn update(&self, state: &mut State) {
        self.update_pass(state, true);
    }

    /// The same update comparing every pair, as the original does. For tests and benchmarks.
    pub fn update_all_pairs(&self, state: &mut State) {
        self.update_pass(state, false);
    }

    fn update_pass(&self, state: &mut State, prune: bool) {
        let speed_up = if self.config.sim_speed_up == 0 {
            1
        } else {
            self.config.sim_speed_up
        };
        let k = 0.1f32 * speed_up as f32;
        let width = self.config.width as f32;
        let height = self.config.height as f32;
        let n = state.clouds.len();
        if prune && still_update(state, k, width, height) {
            return self.finish(state);
        }
        // Whether this update can prove the world still (see `still_update`): nothing moves,
        // bounces or is dropped; the sweep then tells whether any two clouds touch.
        let candidate =
            prune && n >= SWEEP_MIN_CLOUDS && still_candidate(&state.clouds, k, width, height);

        let mut scratch = std::mem::take(&mut state.scratch);
        scratch.still.valid = false;
        let fresh = std::mem::replace(&mut scratch.fresh, false);
        // Grow with the cloud list's capacity, so the buffers allocate only when the list does.
        let cap = state.clouds.capacity().max(n);
        if scratch.new_index.capacity() < cap {
            scratch
                .new_index
                .reserve_exact(cap - scratch.new_index.len());
        }
        if scratch.kept.capacity() < cap.div_ceil(64) {
            scratch
                .kept
                .reserve_exact(cap.div_ceil(64) - scratch.kept.len());
        }
        let buffers = SweepBuffers {
            order: std::mem::take(&mut state.sweep),
            col: std::mem::take(&mut scratch.col),
            rank: std::mem::take(&mut scratch.rank),
            marks: std::mem::take(&mut scratch.marks),
            radius: std::mem::take(&mut scratch.radius),
            radius_of: std::mem::take(&mut scratch.radius_of),
        };
        let mut sweep = if prune && n >= SWEEP_MIN_CLOUDS {
            match Sweep::prepare(&state.clouds, buffers, fresh) {
                Ok(sweep) => Some(sweep),
                Err(buffers) => {
                    state.sweep = scratch.put_back(buffers);
                    None
                }
            }
        } else {
            state.sweep = scratch.put_back(buffers);
            None
        };

        let mut kept = std::mem::take(&mut scratch.kept);
        kept.clear();
        kept.resize(n.div_ceil(64), 0);
        let mut world_vapor = 0.0f32;
        let mut alive = 0u32;
        for i in 0..n {
            let clouds = &mut state.clouds[..];
            if clouds[i].is_dead() {
                // Dead at the start of its update: zeroed, no movement, no bounce
                // (core/cloud.go:71-74).
                clouds[i].vapor = 0.0;
                if let Some(sw) = &mut sweep {
                    sw.radius[i] = 0.0;
                    sw.radius_of[i] = 0;
                    sw.sync_radius(i);
                }
            } else {
                {
                    let c = &mut clouds[i];
                    // Move with the pre-damping velocity, then damp (core/cloud.go:78-86).
                    (c.pos.x, c.vel.x) = move_axis(c.pos.x, c.vel.x, k);
                    (c.pos.y, c.vel.y) = move_axis(c.pos.y, c.vel.y, k);
                }
                let r = match &mut sweep {
                    Some(sw) => {
                        sw.reposition(clouds, i);
                        sw.absorb(clouds, i);
                        sw.radius[i]
                    }
                    None => {
                        absorb_range(clouds, i, 0);
                        clouds[i].radius()
                    }
                };
                // The column entry is up to date unless the bounce moved the cloud.
                if bounce(&mut clouds[i], r, width, height)
                    && let Some(sw) = &mut sweep
                {
                    // An infinite radius moves it to infinity.
                    sw.infinite |= !clouds[i].pos.is_finite();
                    sw.reposition(clouds, i);
                }
            }
            let c = &state.clouds[i];
            if !c.is_dead() || c.owner.is_some() {
                kept[i / 64] |= 1 << (i % 64);
                world_vapor += c.vapor;
            }
            if !c.is_dead() {
                alive += 1;
            }
        }

        // Drop the rainclouds that were dead right after their own update, keeping the order
        // (nothing to do when every cloud stays, the usual case).
        let survivors: u32 = kept.iter().map(|w| w.count_ones()).sum();
        if survivors as usize != n {
            let mut new_index = std::mem::take(&mut scratch.new_index);
            new_index.clear();
            let mut write = 0usize;
            for read in 0..n {
                new_index.push(write as u16);
                if kept[read / 64] & (1 << (read % 64)) != 0 {
                    state.clouds[write] = state.clouds[read];
                    write += 1;
                }
            }
            state.clouds.truncate(write);
            if let Some(sw) = &mut sweep {
                // Keep the order and the column of the survivors, renumbered.
                sw.retain(&kept, &new_index);
            }
            scratch.new_index = new_index;
        }
        if let Some(sw) = sweep {
            if candidate && !sw.touched && survivors as usize == n {
                // Nothing moved, bounced, touched or died: only the velocities changed, and
                // the next updates will do the same (see `still_update`).
                let still = &mut scratch.still;
                if still.keys.capacity() < cap {
                    still.keys.reserve_exact(cap - still.keys.len());
                }
                if still.vels.capacity() < cap {
                    still.vels.reserve_exact(cap - still.vels.len());
                }
                still.keys.clear();
                still.keys.extend(state.clouds.iter().map(still_key));
                still.board = [width.to_bits(), height.to_bits()];
                still.world_vapor = world_vapor;
                still.alive = alive;
                still.valid = true;
            }
            scratch.fresh = !sw.infinite;
            state.sweep = scratch.put_back(sw.into_buffers());
        }
        scratch.kept = kept;
        state.scratch = scratch;

        state.world_vapor = world_vapor;
        state.alive = alive;
        self.finish(state);
    }

    /// The end of every update: the counter, then the win test.
    fn finish(&self, state: &mut State) {
        state.iteration = state.iteration.saturating_add(1);
        let (win, leader) = self.is_winner(state);
        state.win = win;
        state.leader = leader;
    }

    /// The win test (`core/world.go:295-329`), run at the end of every update.
    fn is_winner(&self, state: &State) -> (bool, Leader) {
        let mut best: Option<&Cloud> = None;
        for c in &state.clouds {
            if c.owner.is_some() && !c.is_dead() && best.is_none_or(|b| c.vapor > b.vapor) {
                best = Some(c);
            }
        }
        let Some(best) = best else {
            return (true, Leader::NoPlayerAlive);
        };
        let leader = Leader::Player(best.owner.expect("players only"));
        if i128::from(state.iteration) > i128::from(self.config.max_iterations()) {
            return (true, leader);
        }
        // f32, left to right; strictly more than 51 (51/100*100 is exactly 51: no win).
        (best.vapor / state.world_vapor * 100.0 > 51.0, leader)
    }
}

/// What a still world's proof depends on for one cloud: the bits of its position and vapor and
/// its owner (a raincloud or a player: only dead rainclouds are dropped).
#[inline]
fn still_key(c: &Cloud) -> [u32; 4] {
    let owner = c.owner.map_or(u32::MAX, |p| u32::from(p.0));
    [
        c.pos.x.to_bits(),
        c.pos.y.to_bits(),
        c.vapor.to_bits(),
        owner,
    ]
}

/// Whether an update of these clouds moves and bounces nothing and drops nothing: every living
/// cloud's move leaves its position's bits as they are and none of the four bounce tests fires
/// (they read only the position, the radius and the board), and every dead cloud is a player's
/// with vapor `+0.0` (an update zeroes a dead cloud's vapor and drops dead rainclouds).
/// Velocities may be anything: the moves are computed exactly as the update does.
fn still_candidate(clouds: &[Cloud], k: f32, width: f32, height: f32) -> bool {
    clouds.iter().all(|c| {
        if c.is_dead() {
            return c.owner.is_some() && c.vapor.to_bits() == 0;
        }
        let r = c.radius();
        unmoved(c, k)
            && !(c.pos.x < r || c.pos.y < r || c.pos.x + r > width || c.pos.y + r > height)
    })
}

/// Whether cloud `c`'s move this update (with its current velocity) leaves its position's bits
/// unchanged.
#[inline(always)]
fn unmoved(c: &Cloud, k: f32) -> bool {
    let (x, _) = move_axis(c.pos.x, c.vel.x, k);
    let (y, _) = move_axis(c.pos.y, c.vel.y, k);
    x.to_bits() == c.pos.x.to_bits() && y.to_bits() == c.pos.y.to_bits()
}

/// The still-world shortcut: an update of a world proven still changes only the velocities
/// (each living cloud's damped, as its move computes it) and the counters. Returns `false`,
/// changing nothing, when the proof does not apply.
///
/// Why it is exact. An update proves the world still (`Still::valid`) when, at its start,
/// [`still_candidate`] held and then its sweep found no two living clouds touching. In such an
/// update no position, vapor or list entry changes: each move is a no-op, no bounce fires, the
/// sweep (exact, see [`Sweep`]) tested every living pair against the start geometry, and no
/// cloud is dropped or zeroed. The bounce tests, the touch tests and the drop rule read only
/// positions, vapors, owners and the board, which the keys record. So while every key and the
/// board still match, they give the same answers; the only thing left to check is that each
/// move is still a no-op with the velocity the cloud has now, which is done here, exactly,
/// for every cloud. The statistics (`world_vapor`, `alive`) depend on the vapors only, so they
/// are those the proving update computed.
fn still_update(state: &mut State, k: f32, width: f32, height: f32) -> bool {
    let still = &state.scratch.still;
    if !still.valid
        || still.board != [width.to_bits(), height.to_bits()]
        || still.keys.len() != state.clouds.len()
    {
        return false;
    }
    // One pass computes each move once: the damped velocities wait in `vels` until every
    // cloud has passed (a failure changes nothing).
    let still = &mut state.scratch.still;
    still.vels.clear();
    for (c, key) in state.clouds.iter().zip(&still.keys) {
        if still_key(c) != *key {
            return false;
        }
        if c.is_dead() {
            still.vels.push(c.vel);
            continue;
        }
        let (x, vx) = move_axis(c.pos.x, c.vel.x, k);
        let (y, vy) = move_axis(c.pos.y, c.vel.y, k);
        if x.to_bits() != c.pos.x.to_bits() || y.to_bits() != c.pos.y.to_bits() {
            return false;
        }
        still.vels.push(Vec2 { x: vx, y: vy });
    }
    for (c, &vel) in state.clouds.iter_mut().zip(&still.vels) {
        c.vel = vel;
    }
    state.world_vapor = still.world_vapor;
    state.alive = still.alive;
    true
}
