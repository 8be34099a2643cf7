//! The float arithmetic of a cloud: its move command, its movement and damping, absorption of
//! one pair, the bounce and the kill ring (`core/cloud.go`, `core/velocity.go`).
//!
//! # Float determinism policy
//!
//! Every value is an `f32` and every operation is rounded to `f32` one at a time, in the order the
//! original writes it. `f64` appears only where the original converts: the bounce factor `0.6`
//! (§2.5) and the kill ring's `cos`/`sin` (§4). Square roots are computed in `f32`, which gives
//! the same bits as the original's `f32(sqrt_f64(f64(x)))`. No `mul_add`, no reassociation.

use crate::cloud::{Cloud, Vec2};
use crate::error::CommandError;

/// `Cloud.move(wind)` (`core/cloud.go:135-175`): pays `strength` vapor, kicks the cloud in the
/// wind's direction and returns the exhaust raincloud (not yet in the list, blank UID).
pub fn move_cloud(cloud: &mut Cloud, wind: Vec2) -> Result<Cloud, CommandError> {
    if !wind.is_finite() {
        return Err(CommandError::NonFiniteWind {
            x: wind.x,
            y: wind.y,
        });
    }
    let (x, y) = (wind.x, wind.y);
    // x*x + y*y in f32 (it overflows to +inf for |x| above about 1.8e19: rejected below).
    let strength = (x * x + y * y).sqrt();
    if strength < 1.0 || strength > cloud.vapor / 2.0 {
        return Err(CommandError::StrengthOutOfRange {
            strength,
            max: cloud.vapor / 2.0,
        });
    }
    cloud.vapor -= strength;
    // The kick uses the radius after paying, and x * (5/r), not (x/r) * 5.
    let m = 5.0f32 / cloud.radius();
    cloud.vel.x += x * m;
    cloud.vel.y += y * m;
    let r2 = strength.sqrt();
    let distance = (cloud.radius() + r2) * 1.1f32;
    let wx = x / strength;
    let wy = y / strength;
    let pos = Vec2::new(cloud.pos.x - wx * distance, cloud.pos.y - wy * distance);
    // The exhaust velocity uses the storm's velocity after the kick.
    let vel = Vec2::new((-wx) * 20.0f32 + cloud.vel.x, (-wy) * 20.0f32 + cloud.vel.y);
    Ok(Cloud::raincloud(pos, vel, strength))
}

/// One axis of the movement: `(pos + vel * k, vel * 0.999)`, each rounded to `f32`.
///
/// Velocities decay into subnormals after about 10 000 updates and stay there; on many CPUs a
/// float operation on a subnormal is a slow microcode assist. For a subnormal or zero `vel`, a
/// `k` below 1 and `|pos| >= 1`, the same bits come from integers: `vel * k` is below `2^-126`,
/// less than half an ulp of `pos`, so `pos + vel * k == pos`; and `vel * 0.999` is the exact
/// product `m * M * 2^-173` (`vel = m * 2^-149`, `0.999 = M * 2^-24`) rounded half to even to a
/// multiple of `2^-149`, still subnormal. A test checks it against the float operations.
/// The bits of `2^-30`: below it, a velocity no longer moves a position of magnitude 1 or more.
const TINY: u32 = 0x3080_0000;

#[inline(always)]
#[doc(hidden)]
pub fn move_axis(pos: f32, vel: f32, k: f32) -> (f32, f32) {
    const DAMP: f32 = 0.999;
    let bits = vel.to_bits();
    if bits & 0x7f80_0000 != 0 || !(pos.abs() >= 1.0 && k < 1.0) {
        // Normal, infinite or NaN velocity, or a position or speed outside the shortcut.
        if bits & 0x7fff_ffff < TINY && pos.abs() >= 1.0 && k.abs() < 1.0 {
            // |vel * k| rounds to at most 2^-30, below half an ulp of |pos| >= 1 (2^-24):
            // `pos` comes back unchanged, and skipping the product avoids its subnormal
            // results near the end of the decay.
            return (pos, vel * DAMP);
        }
        return (pos + vel * k, vel * DAMP);
    }
    (pos, damp_subnormal(bits, DAMP))
}

/// `f32::from_bits(bits) * damp` for a subnormal or zero `bits` and a `damp` in `[0.5, 1)`,
/// in integers (see [`move_axis`]).
#[inline(always)]
pub(crate) fn damp_subnormal(bits: u32, damp: f32) -> f32 {
    let sign = bits & 0x8000_0000;
    let m = u64::from(bits & 0x007f_ffff);
    // damp = M * 2^-24 for damp in [0.5, 1).
    let big_m = u64::from((damp.to_bits() & 0x007f_ffff) | 0x0080_0000);
    let product = m * big_m;
    let mut q = product >> 24;
    let rem = product & 0x00ff_ffff;
    if rem > 0x0080_0000 || (rem == 0x0080_0000 && q & 1 == 1) {
        q += 1;
    }
    f32::from_bits(sign | q as u32)
}

/// `NewVelocityByAngle(i, 2.5)` for `i = 0, 10, …, 350` (`core/velocity.go:22-26`): degrees to
/// radians in **f32** (`f32(π/180) * a`), then `f32(cos_f64(f64(rad)) * f64(2.5) * -1)` (negating the product gives the same bits).
pub fn kill_ring_vectors() -> [Vec2; 36] {
    // Go's untyped constant math.Pi/180 becomes the float32 0.017453292.
    let factor = (std::f64::consts::PI / 180.0) as f32;
    std::array::from_fn(|i| {
        let angle = (i as f32) * 10.0f32;
        let rad = factor * angle;
        let s = 2.5f32;
        Vec2::new(
            (-((rad as f64).cos() * f64::from(s))) as f32,
            (-((rad as f64).sin() * f64::from(s))) as f32,
        )
    })
}

/// The bounce (`core/cloud.go:116-131`): four independent tests in this order, with the radius
/// after absorption (`r`, which must be `c.radius()`); the 0.6 factor is applied in `f64` before
/// rounding to `f32`. Returns whether any test fired.
#[inline]
#[doc(hidden)]
pub fn bounce(c: &mut Cloud, r: f32, width: f32, height: f32) -> bool {
    let mut fired = false;
    if c.pos.x < r {
        fired = true;
        c.pos.x = r;
        c.vel.x = (f64::from(c.vel.x).abs() * 0.6f64) as f32;
    }
    if c.pos.y < r {
        fired = true;
        c.pos.y = r;
        c.vel.y = (f64::from(c.vel.y).abs() * 0.6f64) as f32;
    }
    if c.pos.x + r > width {
        fired = true;
        c.pos.x = width - r;
        c.vel.x = (-f64::from(c.vel.x).abs() * 0.6f64) as f32;
    }
    if c.pos.y + r > height {
        fired = true;
        c.pos.y = height - r;
        c.vel.y = (-f64::from(c.vel.y).abs() * 0.6f64) as f32;
    }
    fired
}

/// Absorption of cloud `a` against cloud `o` (`core/cloud.go:89-113`). Returns whether `a`
/// gained vapor. The roles are decided once: `a` is the smaller only if its radius is strictly
/// smaller, so on equal `f32` radii the cloud being updated wins.
#[inline]
pub(crate) fn absorb_pair(clouds: &mut [Cloud], a: usize, o: usize) -> bool {
    let (ca, co) = pair_mut(clouds, a, o);
    if co.is_dead() || surely_apart(ca, co) {
        return false;
    }
    let a_is_smaller = ca.radius() < co.radius();
    let mut gained = false;
    while ca.intersects(co) {
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
            // Vapor of 2^25 or more (or infinite) no longer shrinks by 1: the original loops for
            // ever here. We stop this pair's transfers instead (a documented deviation).
            break;
        }
        big.vapor += 1.0f32;
        small.vapor = drained;
        gained |= !a_is_smaller;
    }
    gained
}

/// A square-root-free test that two clouds cannot intersect, exact in the sense that it never
/// says "apart" when [`Cloud::intersects`] would say they touch.
///
/// With `q = f32(dx*dx + dy*dy)` and `s = f32(r_a + r_o)`, they intersect iff
/// `f32(sqrt(q)) < s`, which needs `q < s*s`. Each radius is within half an ulp of
/// `sqrt(vapor)` and so is the rounded sum, hence `s*s <= (sqrt(v_a) + sqrt(v_o))^2 * (1 + 2^-21)
/// <= 2 (v_a + v_o) (1 + 2^-21)`. So `q >= 2 (v_a + v_o) (1 + 1e-6)` (in `f64`) proves they are
/// apart. NaN or infinite inputs make the comparison false, leaving the exact test to decide.
#[inline]
#[doc(hidden)]
pub fn surely_apart(a: &Cloud, o: &Cloud) -> bool {
    let dx = o.pos.x - a.pos.x;
    let dy = o.pos.y - a.pos.y;
    let q = f64::from(dx * dx + dy * dy);
    q >= 2.0 * (f64::from(a.vapor) + f64::from(o.vapor)) * (1.0 + 1e-6)
}

/// Absorption of cloud `a` against every other cloud from index `from` on, in list order.
pub(crate) fn absorb_range(clouds: &mut [Cloud], a: usize, from: usize) {
    for o in from..clouds.len() {
        if o != a {
            absorb_pair(clouds, a, o);
        }
    }
}

#[inline(always)]
pub(crate) fn pair_mut(clouds: &mut [Cloud], a: usize, b: usize) -> (&mut Cloud, &mut Cloud) {
    if a < b {
        let (left, right) = clouds.split_at_mut(b);
        (&mut left[a], &mut right[0])
    } else {
        let (left, right) = clouds.split_at_mut(a);
        (&mut right[0], &mut left[b])
    }
}
