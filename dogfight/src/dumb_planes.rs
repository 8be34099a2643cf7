//! `DumbPlanes`, the original KOTH's sample bot, exactly: [`RandomBot::java`] draws from
//! [`JavaRandom`], a port of `java.util.Random`, and makes the moves of the golden data's
//! `SeededDumbPlanes` draw for draw; [`DumbPlanes`] is it as a bot of the contract
//! ([`pathfind::tree::Bot`]), a fresh generator seeded from each game's seed. [`RandomBot::new`]
//! is the same bot drawing from a `Pcg64Mcg`.
//!
//! The port is fast as well as exact: the tries whose moves `DumbPlanes` throws away are jumped
//! over in closed form (the 48-bit generator's affine jumps), never stepped, and the last try's
//! draws are read in parallel jumps; the draws stay exactly `java.util.Random`'s (the tests
//! compare the port with a literal copy of the original loop over whole fights).
//!
//! ```
//! use dogfight::{Game, dumb_planes::DumbPlanes};
//! use pathfind::tree::{Bot, Game as _};
//!
//! let game = Game::default();
//! let mut state = game.initial_state(9);
//! let mut bots = [DumbPlanes::default(), DumbPlanes::default()];
//! for (player, bot) in bots.iter_mut().enumerate() {
//!     bot.new_game(&game, player, 100 + player as u64);
//! }
//! while !game.is_terminal(&state) {
//!     let joint: Vec<_> = (0..2).map(|p| bots[p].act(&game, &game.observe(&state, p), p)).collect();
//!     game.advance(&mut state, &joint);
//! }
//! assert!(game.outcome(&state).is_some());
//! ```

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::{Action, Arena, Bot, Direction, Game, Move, Plane, Pos, Side, State};

/// A source of uniform numbers in `[0, 1)`, like Java's `Math.random()`: what [`RandomBot`]
/// draws from.
pub trait UnitRandom {
    /// The next number in `[0, 1)`.
    fn unit(&mut self) -> f64;

    /// Draws `count` numbers and forgets them. A generator that can jump ahead overrides it;
    /// what is drawn next is the same either way.
    fn skip(&mut self, count: u32) {
        for _ in 0..count {
            self.unit();
        }
    }

    /// What [`RandomBot`] draws in `tries` of `DumbPlanes`' tries whose moves it throws away
    /// (every try but the last): per try a first pick (a number `u`, the direction
    /// `(u·n) as usize` of `n`), then `per_try − 1` numbers, plus one more (the second pick)
    /// when bit `(u·n) as usize` of `outside` is set. Only the count of these draws matters, so
    /// a generator that can jump ahead overrides this; what is drawn next is the same either way.
    #[doc(hidden)]
    fn skip_tries(&mut self, tries: u32, per_try: u32, n: u32, outside: u32) {
        for _ in 0..tries {
            let index = (self.unit() * f64::from(n)) as u32;
            self.skip(per_try.saturating_sub(1) + (outside >> index.min(31) & 1));
        }
    }

    /// `DumbPlanes`' last try, the one whose move counts: the index of the picked direction of
    /// `n` (the second pick's when bit `index` of `outside` is set for the first), the turn
    /// (`u > 0.5`) and, when `can_shoot`, the shot (`u > 0.2`). A generator that can jump ahead
    /// overrides it; the draws are the same either way.
    #[doc(hidden)]
    fn last_try(&mut self, n: u32, outside: u32, can_shoot: bool) -> (u32, bool, bool) {
        // `(int)(Math.random() * length)`: truncation, as in Java.
        let mut index = (self.unit() * f64::from(n)) as u32;
        if outside >> index.min(31) & 1 == 1 {
            index = (self.unit() * f64::from(n)) as u32;
        }
        let turn = self.unit() > 0.5;
        let shoot = can_shoot && self.unit() > 0.2;
        (index, turn, shoot)
    }

    /// `DumbPlanes`' move for a plane that no wall is near: [`skip`](UnitRandom::skip) the
    /// `skipped` numbers of the thrown-away tries (none of whose picks leads outside), then
    /// [`last_try`](UnitRandom::last_try) with nothing outside. A generator that can jump ahead
    /// overrides it; the draws are the same either way.
    #[doc(hidden)]
    fn plain_try(&mut self, skipped: u32, n: u32, can_shoot: bool) -> (u32, bool, bool) {
        self.skip(skipped);
        self.last_try(n, 0, can_shoot)
    }
}

impl UnitRandom for Pcg64Mcg {
    fn unit(&mut self) -> f64 {
        self.random::<f64>()
    }
}

/// `java.util.Random`: the 48-bit linear congruential generator documented in the Java API
/// (multiplier `0x5DEECE66D`, increment 11), with `nextDouble`. With it, [`RandomBot::java`]
/// makes exactly the moves of the golden data's `SeededDumbPlanes` (one seeded `Random` per bot).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JavaRandom {
    seed: u64,
}

/// The longest jump in [`JUMPS`]: the steps of a plane's whole move with the most possible
/// directions (26) and its gun ready, `2·3·(3·26 − 1)` for the thrown-away tries and 6 for the
/// last, so that a plane away from the walls costs one lookup per draw.
const JUMP_MAX: usize = 2 * 3 * (3 * 26 - 1) + 6;

/// `(a, c)` with `seed_k = (a·seed + c) mod 2⁴⁸` for `k` steps of [`JavaRandom`], `k` =
/// 0..=[`JUMP_MAX`]: a jump ahead costs one multiply whatever its length (issue 23).
const JUMPS: [(u64, u64); JUMP_MAX + 1] = {
    let mut table = [(1u64, 0u64); JUMP_MAX + 1];
    let mut k = 1;
    while k <= JUMP_MAX {
        let (a, c) = table[k - 1];
        table[k] = (
            a.wrapping_mul(JavaRandom::MULTIPLIER) & JavaRandom::MASK,
            c.wrapping_mul(JavaRandom::MULTIPLIER).wrapping_add(0xB) & JavaRandom::MASK,
        );
        k += 1;
    }
    table
};

impl JavaRandom {
    #[doc(hidden)]
    pub const MULTIPLIER: u64 = 0x5_DEEC_E66D;
    #[doc(hidden)]
    pub const MASK: u64 = (1 << 48) - 1;
    /// The multiplier's inverse modulo 2⁶⁴ (it is odd; Newton's iteration doubles the correct
    /// bits each round, from the 3 that `m` itself gets right): one step back costs a multiply.
    const INVERSE: u64 = {
        let mut inverse = JavaRandom::MULTIPLIER;
        let mut round = 0;
        while round < 6 {
            inverse = inverse
                .wrapping_mul(2u64.wrapping_sub(JavaRandom::MULTIPLIER.wrapping_mul(inverse)));
            round += 1;
        }
        inverse
    };
    /// `u > 0.5` and `u > 0.2` for `u = bits·2⁻⁵³` (a `nextDouble`'s 53 bits): `bits` above
    /// these. The products are exact (powers of two), and `bits` is an integer, so truncating
    /// the threshold keeps the comparison (pinned by a test).
    #[doc(hidden)]
    pub const TURN_ABOVE: u64 = (0.5 * (1u64 << 53) as f64) as u64;
    #[doc(hidden)]
    pub const SHOOT_ABOVE: u64 = (0.2 * (1u64 << 53) as f64) as u64;
    /// `0x1.0p-53`, Java's `DOUBLE_UNIT`.
    #[doc(hidden)]
    pub const DOUBLE_UNIT: f64 = 1.0 / (1u64 << 53) as f64;

    /// The seed `steps` steps after `seed`.
    #[inline(always)]
    #[doc(hidden)]
    pub fn jump(seed: u64, steps: usize) -> u64 {
        let (a, c) = JUMPS[steps];
        seed.wrapping_mul(a).wrapping_add(c) & JavaRandom::MASK
    }

    /// The 53 bits of the `nextDouble()` drawn from `seed`, without advancing: the double is
    /// these times 2⁻⁵³.
    #[inline(always)]
    fn bits_at(seed: u64) -> u64 {
        (JavaRandom::jump(seed, 1) >> 22) << 27 | JavaRandom::jump(seed, 2) >> 21
    }

    /// The `nextDouble()` drawn from `seed`, without advancing.
    #[inline(always)]
    fn double_at(seed: u64) -> f64 {
        // Below 2⁵³, so the signed conversion (cheaper than the unsigned one) is exact.
        JavaRandom::bits_at(seed) as i64 as f64 * JavaRandom::DOUBLE_UNIT
    }

    /// `(int)(nextDouble() * n)` for the `nextDouble` drawn from `seed`, without advancing, exactly
    /// as Java computes it. The double is `(high·2²⁷ + low)·2⁻⁵³` with `high` the 26 bits of the
    /// next seed and `low` 27 bits of the one after; `high·n / 2²⁶` decides the index unless it
    /// lies within `n / 2²⁶` below an integer, where `low` and Java's rounding of the double
    /// product can matter: there (about one draw in 2²⁶/n) the double product itself is
    /// computed, as Java does.
    #[inline(always)]
    #[doc(hidden)]
    pub fn index_at(seed: u64, n: u32) -> u32 {
        JavaRandom::index_of(JavaRandom::jump(seed, 1) >> 22, n, || {
            JavaRandom::bits_at(seed)
        })
    }

    /// [`index_at`](JavaRandom::index_at) from the double's high 26 bits, and all 53 of them
    /// (`bits`) for the rare draw where they matter.
    #[inline(always)]
    fn index_of(high: u64, n: u32, bits: impl FnOnce() -> u64) -> u32 {
        let product = high * u64::from(n);
        if product & ((1 << 26) - 1) < (1 << 26) - u64::from(n) {
            (product >> 26) as u32
        } else {
            (bits() as i64 as f64 * JavaRandom::DOUBLE_UNIT * f64::from(n)) as u32
        }
    }

    /// [`index_at`](JavaRandom::index_at)'s exact case for the seed one step before `top`, a
    /// seed one step on held in the top 48 bits of a `u64` (as [`skip_tries`] keeps it). Cold:
    /// the tries loop branches around it.
    #[cold]
    #[inline(never)]
    fn rounded_index(top: u64, n: u32) -> u32 {
        let before = top
            .wrapping_sub(0xB << 16)
            .wrapping_mul(JavaRandom::INVERSE)
            >> 16;
        (JavaRandom::double_at(before) * f64::from(n)) as u32
    }

    /// `new Random(seed)`.
    pub fn new(seed: i64) -> JavaRandom {
        JavaRandom {
            seed: (seed as u64 ^ JavaRandom::MULTIPLIER) & JavaRandom::MASK,
        }
    }

    fn next(&mut self, bits: u32) -> u64 {
        self.seed = (self
            .seed
            .wrapping_mul(JavaRandom::MULTIPLIER)
            .wrapping_add(0xB))
            & JavaRandom::MASK;
        self.seed >> (48 - bits)
    }

    /// `nextDouble()`: 53 random bits scaled to `[0, 1)`.
    pub fn next_double(&mut self) -> f64 {
        let high = self.next(26);
        let low = self.next(27);
        // Below 2⁵³, so the signed conversion (cheaper than the unsigned one) is exact.
        ((high << 27) + low) as i64 as f64 * JavaRandom::DOUBLE_UNIT
    }
}

impl UnitRandom for JavaRandom {
    fn unit(&mut self) -> f64 {
        self.next_double()
    }

    /// One jump of `2·count` steps (`nextDouble` takes two).
    fn skip(&mut self, count: u32) {
        let mut steps = 2 * count as usize;
        while steps > JUMP_MAX {
            self.seed = JavaRandom::jump(self.seed, JUMP_MAX);
            steps -= JUMP_MAX;
        }
        self.seed = JavaRandom::jump(self.seed, steps);
    }

    /// Each try reads its first pick from the seed without stepping through it and jumps to the
    /// next try in one multiply, so the tries cost a few instructions each instead of about
    /// three `nextDouble`s (issue 23). Same draws as the provided method, pinned by tests.
    ///
    /// The seed is kept one step into the try and shifted to the top 48 bits of a `u64`, where
    /// the generator's arithmetic modulo 2⁴⁸ is plain wrapping arithmetic (no mask) and the
    /// first pick's 26 bits are the top 26. The tries form one chain (each starts where the
    /// last ended), so the loop's speed is that chain's latency, not its instructions. It goes
    /// two tries at a time: from a try's start it computes at once the next try's two possible
    /// starts (the pick inside, or outside with its second pick), their picks, and the three
    /// possible starts of the try after (0, 1 or 2 picks outside), then selects one with
    /// conditional moves, not branches (a plane near a wall picks outside at random, which a
    /// branch predictor cannot learn). The chain is then two multiplies, a bit test and two
    /// moves per two tries, where one try at a time it was a multiply, a bit test and a move per
    /// try; the multiplies off the chain run in parallel.
    fn skip_tries(&mut self, tries: u32, per_try: u32, n: u32, outside: u32) {
        let (inside_steps, outside_steps) = (2 * per_try as usize, 2 * per_try as usize + 2);
        if per_try == 0 || 2 * outside_steps > JUMP_MAX || n == 0 || n > 32 {
            for _ in 0..tries {
                let index = (self.unit() * f64::from(n)) as u32;
                self.skip(per_try.saturating_sub(1) + (outside >> index.min(31) & 1));
            }
            return;
        }
        // Jumps in the top form: `top·a + (c << 16)` is `(a·seed + c) << 16` modulo 2⁶⁴.
        let jump = |steps: usize| (JUMPS[steps].0, JUMPS[steps].1 << 16);
        let (inside, beyond) = (jump(inside_steps), jump(outside_steps));
        // Two tries with 0, 1 or 2 picks outside.
        let twice = [
            jump(2 * inside_steps),
            jump(inside_steps + outside_steps),
            jump(2 * outside_steps),
        ];
        let n64 = u64::from(n);
        let outside = u64::from(outside);
        let top = JavaRandom::jump(self.seed, 1) << 16;
        let top = walk(top, tries, inside, beyond, twice, |top| {
            // `top·n / 2⁶⁴` is `high·n / 2²⁶` plus less than `n / 2²⁶` (the seed's low 22
            // bits): its integer part is the index and its fraction shows whether the
            // index is sure (not within `n / 2²⁶` of an integer on either side; a carry
            // from the low bits leaves a fraction below `n / 2²⁶`).
            let wide = u128::from(top) * u128::from(n64);
            let (index, fraction) = ((wide >> 64) as u32, wide as u64);
            let index = if fraction.wrapping_sub(n64 << 38) < ((1 << 26) - 2 * n64) << 38 {
                index
            } else {
                JavaRandom::rounded_index(top, n)
            };
            outside >> (index & 63) & 1 == 1
        });
        // One step back, to the last try's start.
        self.seed = top
            .wrapping_sub(0xB << 16)
            .wrapping_mul(JavaRandom::INVERSE)
            >> 16;
    }

    /// Every draw of the last try is read straight from the seed before the thrown-away tries,
    /// each one jump (one multiply) from it, so that none waits for another or for the skip
    /// (issue 23).
    fn plain_try(&mut self, skipped: u32, n: u32, can_shoot: bool) -> (u32, bool, bool) {
        let start = 2 * skipped as usize;
        if start + 6 > JUMP_MAX {
            self.skip(skipped);
            return self.last_try(n, 0, can_shoot);
        }
        let seed = self.seed;
        let at = |k: usize| JavaRandom::jump(seed, start + k);
        // A `nextDouble`'s 53 bits from the seeds `k` and `k + 1` steps into the last try.
        let bits = |k: usize| (at(k) >> 22) << 27 | at(k + 1) >> 21;
        // The pick (steps 1 and 2), the turn (3 and 4) and the shot (5 and 6).
        let index = JavaRandom::index_of(at(1) >> 22, n, || bits(1));
        let (turn, shot) = (bits(3), bits(5));
        self.seed = at(4 + 2 * usize::from(can_shoot));
        (
            index,
            turn > JavaRandom::TURN_ABOVE,
            can_shoot && shot > JavaRandom::SHOOT_ABOVE,
        )
    }

    /// Every draw of the try is read from the seed at once, each a jump from the try's start
    /// (so they do not wait for each other), and the generator jumps past the try.
    fn last_try(&mut self, n: u32, outside: u32, can_shoot: bool) -> (u32, bool, bool) {
        let seed = self.seed;
        let first = JavaRandom::index_at(seed, n);
        let second = JavaRandom::index_at(JavaRandom::jump(seed, 2), n);
        // The turn and shot compare a double's 53 bits with the thresholds' (exact, and no
        // conversion to floating point).
        let (d2, d4, d6) = (
            JavaRandom::bits_at(JavaRandom::jump(seed, 2)),
            JavaRandom::bits_at(JavaRandom::jump(seed, 4)),
            JavaRandom::bits_at(JavaRandom::jump(seed, 6)),
        );
        let again = outside >> first.min(31) & 1 == 1;
        // Whether the first pick leads outside is as random as in the tries: no branch.
        let pick =
            |if_again: u64, if_not: u64| std::hint::select_unpredictable(again, if_again, if_not);
        let (index, turn, shot) = (
            pick(u64::from(second), u64::from(first)) as u32,
            pick(d4, d2),
            pick(d6, d4),
        );
        let steps = 4 + 2 * usize::from(again) + 2 * usize::from(can_shoot);
        self.seed = JavaRandom::jump(seed, steps);
        (
            index,
            turn > JavaRandom::TURN_ABOVE,
            can_shoot && shot > JavaRandom::SHOOT_ABOVE,
        )
    }
}

/// `tries` of [`JavaRandom::skip_tries`]' tries from `top` (a try's start, one step in, in the
/// top form), two at a time: from a try's start it computes at once the next try's two
/// possible starts (its pick inside, or outside with a second pick), whether each picks
/// outside, and the three possible starts of the try after (0, 1 or 2 picks outside), then
/// selects one with `select_unpredictable`, conditional moves rather than branches (a plane
/// near a wall picks outside at random, which no branch predictor learns; a plain `if` or a
/// mask made from the pick is compiled to branches here, and runs at half the speed). The
/// tries form one chain, each starting where the last ended, so the loop's speed is that
/// chain's latency: this way it is one jump, one `picks_outside` and two moves per two tries;
/// the other jumps run beside it.
#[inline(always)]
fn walk(
    mut top: u64,
    tries: u32,
    inside: (u64, u64),
    beyond: (u64, u64),
    twice: [(u64, u64); 3],
    picks_outside: impl Fn(u64) -> bool,
) -> u64 {
    let step = |top: u64, (a, c): (u64, u64)| top.wrapping_mul(a).wrapping_add(c);
    for _ in 0..tries / 2 {
        let (next_in, next_out) = (step(top, inside), step(top, beyond));
        let after = twice.map(|jump| step(top, jump));
        let after_in = std::hint::select_unpredictable(picks_outside(next_in), after[1], after[0]);
        let after_out =
            std::hint::select_unpredictable(picks_outside(next_out), after[2], after[1]);
        top = std::hint::select_unpredictable(picks_outside(top), after_out, after_in);
    }
    if tries % 2 == 1 {
        top = std::hint::select_unpredictable(
            picks_outside(top),
            step(top, beyond),
            step(top, inside),
        );
    }
    top
}

/// The original's reference bot, `DumbPlanes` (`DP:10-35`), with a seeded generator instead of
/// `Math.random()`.
///
/// For each live plane it tries `3 × (number of possible directions)` times: pick a random
/// possible direction (`(int)(random·n)`); if the cell it leads to is outside, pick another one
/// (inside or not); turn if `random > 0.5`; shoot if the gun is ready and `random > 0.2`. Because
/// of a `continue` in the original only the last try counts, so the bot does fly into walls now
/// and then. The port keeps all of that and draws its numbers in the same order, so with
/// [`JavaRandom`] it reproduces the harness's `SeededDumbPlanes` move for move (a test checks
/// this against the golden fights). Dead planes answer `N`, no turn, no shot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RandomBot<R = Pcg64Mcg> {
    rng: R,
}

impl RandomBot {
    /// A bot whose choices all come from a `Pcg64Mcg` seeded with `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }
}

impl RandomBot<JavaRandom> {
    /// The golden data's `SeededDumbPlanes`: `DumbPlanes` drawing from `new java.util.Random(seed)`.
    pub fn java(seed: i64) -> RandomBot<JavaRandom> {
        RandomBot {
            rng: JavaRandom::new(seed),
        }
    }
}

impl<R: UnitRandom> RandomBot<R> {
    /// A bot drawing from `rng`.
    pub fn with_rng(rng: R) -> RandomBot<R> {
        RandomBot { rng }
    }

    /// One plane's move, drawing exactly as `DumbPlanes` does.
    pub fn plane_move(&mut self, plane: &Plane, arena: &Arena) -> Move {
        if !plane.alive {
            return Move::slide(Direction::N);
        }
        let possible = plane.possible_directions();
        let n = possible.len() as u32;
        if n == 0 {
            return Move::slide(plane.heading);
        }
        // Only the last try's move counts (the original's `continue`), so the earlier tries
        // matter only through how many numbers they draw: a pick, a second pick when the first
        // leads out of the arena, the turn, and the shot when the gun is ready.
        let per_try = 2 + u32::from(plane.can_shoot());
        let outside = outside_mask(plane, arena);
        let (index, turn, shoot) = if outside == 0 {
            self.rng
                .plain_try(per_try * (3 * n - 1), n, plane.can_shoot())
        } else {
            self.rng.skip_tries(3 * n - 1, per_try, n, outside);
            self.rng.last_try(n, outside, plane.can_shoot())
        };
        Move::new(
            possible[(index as usize).min(possible.len() - 1)],
            turn,
            shoot,
        )
    }
}

/// The walls a cell touches: bit `2a` when axis `a` (x, y, z) is 0, bit `2a + 1` when it is the
/// last cell.
fn walls(pos: Pos, arena: &Arena) -> usize {
    let last = arena.size() as i8 - 1;
    let mut walls = 0;
    for (axis, c) in pos.to_array().into_iter().enumerate() {
        walls |= usize::from(c == 0) << (2 * axis) | usize::from(c == last) << (2 * axis + 1);
    }
    walls
}

/// For each heading and each set of [`walls`], which of the heading's possible directions (bit
/// `i` for the `i`-th of [`Direction::possible`]) lead out of the arena from a cell touching
/// those walls: a step leaves the arena exactly when it moves against a wall the cell touches.
/// The possible directions come in index order (pinned by a test).
const OUTSIDE: [[u16; 64]; 27] = {
    let mut table = [[0u16; 64]; 27];
    let mut heading = 0;
    while heading < 27 {
        let Some(from) = Direction::from_index(heading) else {
            panic!("27 directions")
        };
        let mut walls = 0;
        while walls < 64 {
            let (mut mask, mut i, mut to) = (0u16, 0, 0);
            while to < 27 {
                let Some(direction) = Direction::from_index(to) else {
                    panic!("27 directions")
                };
                if from.can_turn_to(direction) {
                    let v = direction.vector();
                    let mut against = 0;
                    let mut axis = 0;
                    while axis < 3 {
                        if v[axis] != 0 {
                            against |= 1 << (2 * axis + (v[axis] > 0) as usize);
                        }
                        axis += 1;
                    }
                    if against & walls != 0 {
                        mask |= 1 << i;
                    }
                    i += 1;
                }
                to += 1;
            }
            table[heading][walls] = mask;
            walls += 1;
        }
        heading += 1;
    }
    table
};

/// Bit `i` set when the `i`-th possible direction of `plane` leads out of the arena: one table
/// lookup for a plane inside the arena (every live plane of a fight), the steps checked one by
/// one otherwise (a hand-built state).
#[doc(hidden)]
pub fn outside_mask(plane: &Plane, arena: &Arena) -> u32 {
    if arena.contains(plane.pos) {
        u32::from(OUTSIDE[plane.heading.index()][walls(plane.pos, arena)])
    } else {
        plane
            .possible_directions()
            .iter()
            .enumerate()
            .fold(0u32, |mask, (i, &direction)| {
                mask | u32::from(!arena.contains(plane.pos.step(direction))) << i
            })
    }
}

impl<R: UnitRandom> Bot for RandomBot<R> {
    fn act(&mut self, game: &Game, state: &State, side: Side) -> Action {
        let [a, b] = state.side(side);
        Action::new(
            self.plane_move(&a, game.arena()),
            self.plane_move(&b, game.arena()),
        )
    }
}

/// `DumbPlanes` as a bot of the contract ([`pathfind::tree::Bot`]): each game a fresh
/// [`RandomBot::java`] seeded with the game's seed (as a Java `long`), shown its player's
/// observation, in which its own planes come first, so it plays as [`Side::P1`] of that view,
/// exactly as through the wrapper protocol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DumbPlanes {
    bot: RandomBot<JavaRandom>,
}

impl Default for DumbPlanes {
    /// Seeded with 0 until [`pathfind::tree::Bot::new_game`] reseeds it.
    fn default() -> DumbPlanes {
        DumbPlanes {
            bot: RandomBot::java(0),
        }
    }
}

impl pathfind::tree::Bot<Game> for DumbPlanes {
    fn name(&self) -> String {
        "dumbplanes".into()
    }

    fn new_game(&mut self, _game: &Game, _player: usize, seed: u64) {
        self.bot = RandomBot::java(seed as i64);
    }

    fn act(&mut self, game: &Game, observation: &State, _player: usize) -> Action {
        Bot::act(&mut self.bot, game, observation, Side::P1)
    }
}
