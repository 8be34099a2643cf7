//! Example dogfight bots: [`RandomBot`], a seeded port of the original's `DumbPlanes`, and
//! [`SearchBot`], which looks one round ahead over every move of every enemy plane.

use std::path::Path;
use std::process::{Child, Command, Stdio};

use dogfight::protocol::{Fault, Limits, Wrapper};
use dogfight::{Action, Arena, Bot, Direction, Game, Move, Plane, PlaneId, Pos, Side, State};
use pathfind::tree::{FlatMonteCarlo, Policy, SearchConfig, SearchRng};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use smallvec::SmallVec;

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

/// `(a, c)` with `seed_k = (a·seed + c) mod 2⁴⁸` for `k` steps of [`JavaRandom`], `k` = 0..=256:
/// a jump ahead costs one multiply whatever its length (issue 23).
const JUMPS: [(u64, u64); 257] = {
    let mut table = [(1u64, 0u64); 257];
    let mut k = 1;
    while k < 257 {
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
    const MULTIPLIER: u64 = 0x5_DEEC_E66D;
    const MASK: u64 = (1 << 48) - 1;
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
    const TURN_ABOVE: u64 = (0.5 * (1u64 << 53) as f64) as u64;
    const SHOOT_ABOVE: u64 = (0.2 * (1u64 << 53) as f64) as u64;
    /// `0x1.0p-53`, Java's `DOUBLE_UNIT`.
    const DOUBLE_UNIT: f64 = 1.0 / (1u64 << 53) as f64;

    /// The seed `steps` steps after `seed`.
    #[inline(always)]
    fn jump(seed: u64, steps: usize) -> u64 {
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
    fn index_at(seed: u64, n: u32) -> u32 {
        let high = JavaRandom::jump(seed, 1) >> 22;
        let product = high * u64::from(n);
        if product & ((1 << 26) - 1) < (1 << 26) - u64::from(n) {
            (product >> 26) as u32
        } else {
            (JavaRandom::double_at(seed) * f64::from(n)) as u32
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
        while steps > 256 {
            self.seed = JavaRandom::jump(self.seed, 256);
            steps -= 256;
        }
        self.seed = JavaRandom::jump(self.seed, steps);
    }

    /// Each try reads its first pick from the seed without stepping through it and jumps to the
    /// next try in one multiply, so the tries cost a few instructions each instead of about
    /// three `nextDouble`s (issue 23). Same draws as the provided method, pinned by tests.
    ///
    /// The seed is kept one step into the try and shifted to the top 48 bits of a `u64`, where
    /// the generator's arithmetic modulo 2⁴⁸ is plain wrapping arithmetic (no mask) and the
    /// first pick's 26 bits are the top 26. Both possible next tries (the pick inside, or
    /// outside with its second pick) are computed, and the pick selects one without a branch:
    /// a plane near a wall picks outside at random, which a branch predictor cannot learn.
    fn skip_tries(&mut self, tries: u32, per_try: u32, n: u32, outside: u32) {
        let (inside_steps, outside_steps) = (2 * per_try as usize, 2 * per_try as usize + 2);
        if per_try == 0 || outside_steps > 256 || n == 0 || n > 32 {
            for _ in 0..tries {
                let index = (self.unit() * f64::from(n)) as u32;
                self.skip(per_try.saturating_sub(1) + (outside >> index.min(31) & 1));
            }
            return;
        }
        let ((a_in, c_in), (a_out, c_out)) = (JUMPS[inside_steps], JUMPS[outside_steps]);
        let (c_in, c_out) = (c_in << 16, c_out << 16);
        // From the next try's start after a pick inside to the one after a pick outside.
        let (a_delta, c_delta) = (a_out.wrapping_sub(a_in), c_out.wrapping_sub(c_in));
        let n64 = u64::from(n);
        // Bit `63 − i` for an outside index `i`: shifted left by the index, the pick's bit
        // lands in the sign bit.
        let outside = u64::from(outside).reverse_bits();
        let mut top = JavaRandom::jump(self.seed, 1) << 16;
        for _ in 0..tries {
            // `top·n / 2⁶⁴` is `high·n / 2²⁶` plus less than `n / 2²⁶` (the seed's low 22 bits):
            // its integer part is the index and its fraction shows whether the index is sure
            // (not within `n / 2²⁶` of an integer on either side; a carry from the low bits
            // leaves a fraction below `n / 2²⁶`).
            let wide = u128::from(top) * u128::from(n64);
            let (index, fraction) = ((wide >> 64) as u32, wide as u64);
            let index = if fraction.wrapping_sub(n64 << 38) < ((1 << 26) - 2 * n64) << 38 {
                index
            } else {
                JavaRandom::rounded_index(top, n)
            };
            // All ones when the pick leads outside (an arithmetic shift, not a comparison, so
            // that the compiler keeps the selection below free of branches).
            let out = ((outside << (index & 63)) as i64 >> 63) as u64;
            let inside = top.wrapping_mul(a_in).wrapping_add(c_in);
            let delta = top.wrapping_mul(a_delta).wrapping_add(c_delta);
            top = inside.wrapping_add(delta & out);
        }
        // One step back, to the last try's start.
        self.seed = top
            .wrapping_sub(0xB << 16)
            .wrapping_mul(JavaRandom::INVERSE)
            >> 16;
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
        let (index, turn, shot) = if again {
            (second, d4, d6)
        } else {
            (first, d2, d4)
        };
        let steps = 4 + 2 * usize::from(again) + 2 * usize::from(can_shoot);
        self.seed = JavaRandom::jump(seed, steps);
        (
            index,
            turn > JavaRandom::TURN_ABOVE,
            can_shoot && shot > JavaRandom::SHOOT_ABOVE,
        )
    }
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
#[derive(Debug, Clone)]
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
        if outside == 0 {
            self.rng.skip(per_try * (3 * n - 1));
        } else {
            self.rng.skip_tries(3 * n - 1, per_try, n, outside);
        }
        let (index, turn, shoot) = self.rng.last_try(n, outside, plane.can_shoot());
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
fn outside_mask(plane: &Plane, arena: &Arena) -> u32 {
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

/// `DumbPlanes` with the same choices at the same probabilities as [`RandomBot`] from one 64-bit
/// draw per live plane instead of about 80 `nextDouble` calls (issue 13).
///
/// Only the last of the original's `3n` tries counts, so one try is drawn. Its direction is
/// `d₁`, uniform over the `n` possible directions; if `d₁` leads out of the arena a second uniform
/// `d₂` replaces it, wherever it leads. So with `k` of the `n` directions leading out, a direction
/// `d` comes with probability `[d inside]/n + k/n²`. The turn flag is a fair coin and the shot
/// (when the gun is ready) comes with probability 0.8, as `random > 0.5` and `random > 0.2` do
/// with Java's doubles (up to 2⁻⁵³). The 64 bits split into four independent fields: 21 bits
/// for `d₁`, 21 for `d₂` (multiply-shift, bias below n/2²¹ ≈ 4·10⁻⁶), 1 for the turn and 21 for
/// the shot (threshold ⌈0.2·2²¹⌉, error below 5·10⁻⁷). `tests/integration/dogfight_dumbplanes.rs` proves the
/// distributions equal with a chi-square test over many states. It does not reproduce the
/// golden fights move for move: use [`RandomBot::java`] for that.
#[derive(Debug, Clone)]
pub struct FastDumbPlanes {
    rng: Pcg64Mcg,
}

impl FastDumbPlanes {
    const FIELD_BITS: u32 = 21;
    const FIELD_MASK: u64 = (1 << Self::FIELD_BITS) - 1;
    /// `random > 0.2` on a 21-bit field: at least ⌈0.2·2²¹⌉.
    const SHOOT_FROM: u64 = (2 * (1 << Self::FIELD_BITS) as u64).div_ceil(10);

    /// A bot drawing from a `Pcg64Mcg` seeded with `seed`.
    pub fn new(seed: u64) -> FastDumbPlanes {
        FastDumbPlanes {
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }

    /// One plane's move (`N`, no turn, no shot for a dead plane, as the original).
    #[inline]
    pub fn plane_move(&mut self, plane: &Plane, arena: &Arena) -> Move {
        if !plane.alive {
            return Move::slide(Direction::N);
        }
        let possible = plane.possible_directions();
        if possible.is_empty() {
            // A zero heading (never in a fight): the original makes no try, keeping its default.
            return Move::slide(plane.heading);
        }
        let n = possible.len() as u64;
        let bits: u64 = self.rng.random();
        let pick =
            |field: u64| possible[(((field & Self::FIELD_MASK) * n) >> Self::FIELD_BITS) as usize];
        let mut direction = pick(bits);
        if !arena.contains(plane.pos.step(direction)) {
            direction = pick(bits >> Self::FIELD_BITS);
        }
        let turn = bits >> (2 * Self::FIELD_BITS) & 1 == 1;
        let shoot = plane.can_shoot()
            && (bits >> (2 * Self::FIELD_BITS + 1)) & Self::FIELD_MASK >= Self::SHOOT_FROM;
        Move::new(direction, turn, shoot)
    }
}

impl Bot for FastDumbPlanes {
    fn act(&mut self, game: &Game, state: &State, side: Side) -> Action {
        let [a, b] = state.side(side);
        Action::new(
            self.plane_move(&a, game.arena()),
            self.plane_move(&b, game.arena()),
        )
    }
}

/// One possible position of an enemy plane after the coming move.
#[derive(Debug, Clone, Copy)]
struct Response {
    after: Plane,
    fires: bool,
}

/// Every distinct choice of one enemy plane: at most 17 (9 directions, 8 of them with and without
/// turning).
type Responses = SmallVec<[Response; 17]>;

/// A bot that searches one round ahead against every move of every enemy plane.
///
/// For each enemy plane it lists all 17 (or 13) distinct direction/turn choices, simulated with
/// the engine's [`Plane::simulate_move`], and assumes it fires whenever its gun is ready. Each
/// own move is then scored by
/// - the chance of dying: for each enemy plane, the share of its choices whose ray covers (or
///   whose cell is) our new cell, combined over the enemy planes, plus a penalty for any risk;
/// - the chance of a kill: the share of each enemy plane's choices that end on our ray;
/// - safety from the walls ([`Plane::is_suicidal`] after the move) and room to manoeuvre.
///
/// The two own planes' moves are chosen jointly so that they neither collide nor shoot each
/// other. Ties are broken by a seeded generator.
#[derive(Debug, Clone)]
pub struct SearchBot {
    rng: Pcg64Mcg,
}

/// A scored move of one own plane.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    mv: Move,
    after: Plane,
    fires: bool,
    score: f64,
}

const KILL: f64 = 100.0;
const DEATH: f64 = 150.0;
const ANY_RISK: f64 = 25.0;

impl SearchBot {
    /// A bot whose tie-breaks come from `seed`.
    pub fn new(seed: u64) -> SearchBot {
        SearchBot {
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }

    /// All distinct outcomes of an enemy plane's next move (firing whenever it can).
    fn responses(plane: &Plane, arena: &Arena) -> Responses {
        let mut out = Responses::new();
        for &direction in plane.possible_directions() {
            for turn in [false, true] {
                if turn && direction == plane.heading {
                    continue;
                }
                let after = plane.simulate_move(Move::new(direction, turn, false), arena);
                out.push(Response {
                    after,
                    fires: after.can_shoot(),
                });
            }
        }
        out
    }

    fn candidates(
        &mut self,
        game: &Game,
        state: &State,
        id: PlaneId,
        enemies: &[(Responses, bool); 2],
        my_last: bool,
    ) -> SmallVec<[Candidate; 34]> {
        let arena = game.arena();
        let moves = game.legal_moves(state, id);
        if moves.is_empty() {
            // A dead plane: its move is ignored.
            let plane = state.plane(id);
            return smallvec::smallvec![Candidate {
                mv: Move::slide(Direction::N),
                after: plane,
                fires: false,
                score: 0.0,
            }];
        }
        let plane = state.plane(id);
        let death = if my_last { DEATH * 1.5 } else { DEATH };
        moves
            .iter()
            .map(|&mv| {
                let after = plane.simulate_move(mv, arena);
                let fires = mv.shoot && after.can_shoot();
                let mut score = self.rng.random::<f64>() * 0.01;
                if !after.alive {
                    score -= 10.0 * DEATH;
                } else if after.is_suicidal(arena) {
                    score -= 5.0 * DEATH;
                } else {
                    // Defence: the chance each enemy plane's choice kills us.
                    let mut survive = 1.0;
                    let mut any = false;
                    for (responses, _) in enemies {
                        if responses.is_empty() {
                            continue;
                        }
                        let deadly = responses
                            .iter()
                            .filter(|r| {
                                r.after.alive
                                    && (r.after.pos == after.pos
                                        || (r.fires
                                            && r.after.shoot_range(arena).contains(after.pos)))
                            })
                            .count();
                        any |= deadly > 0;
                        survive *= 1.0 - deadly as f64 / responses.len() as f64;
                    }
                    score -= death * (1.0 - survive);
                    if any {
                        score -= ANY_RISK;
                    }
                    // Room: prefer cells away from the walls (at most 3 cells counts).
                    let room = Direction::ALL[..]
                        .iter()
                        .filter(|d| d.axes() == 1)
                        .map(|&d| arena.wall_distance(after.pos, d).min(3))
                        .min()
                        .unwrap_or(0);
                    score += f64::from(room) * 2.0;
                    // Aim for next round: enemies ahead of our new heading.
                    for (responses, last) in enemies {
                        let ahead = responses
                            .iter()
                            .filter(|r| {
                                r.after.alive && after.shoot_range(arena).contains(r.after.pos)
                            })
                            .count();
                        if ahead > 0 {
                            let chance = ahead as f64 / responses.len() as f64;
                            let value = if *last { KILL * 1.5 } else { KILL };
                            if fires {
                                score += value * chance;
                            } else {
                                score += value * chance * 0.05;
                            }
                        }
                    }
                }
                if fires {
                    // A shot costs the next round's readiness.
                    score -= 1.0;
                }
                Candidate {
                    mv,
                    after,
                    fires,
                    score,
                }
            })
            .collect()
    }
}

impl SearchBot {
    /// The `k` best joint actions of `side` by this bot's one-round score, best first, into
    /// `out` (cleared first). The first is the action [`Bot::act`] plays.
    pub fn ranked(
        &mut self,
        game: &Game,
        state: &State,
        side: Side,
        k: usize,
        out: &mut SmallVec<[(f64, Action); 16]>,
    ) {
        out.clear();
        let arena = game.arena();
        let last = game.last_planes(state);
        let enemy_ids = side.opponent().planes();
        let enemies =
            enemy_ids.map(|id| (Self::responses(&state.plane(id), arena), last.contains(id)));
        let [first, second] = side.planes();
        let my_last = |id| last.contains(id);
        let a = self.candidates(game, state, first, &enemies, my_last(first));
        let b = self.candidates(game, state, second, &enemies, my_last(second));
        for x in &a {
            for y in &b {
                let mut score = x.score + y.score;
                if x.after.alive && y.after.alive {
                    if x.after.pos == y.after.pos {
                        score -= 2.0 * DEATH;
                    }
                    if x.fires && x.after.shoot_range(arena).contains(y.after.pos) {
                        score -= DEATH;
                    }
                    if y.fires && y.after.shoot_range(arena).contains(x.after.pos) {
                        score -= DEATH;
                    }
                }
                if out.len() == k.max(1) && out.last().is_some_and(|&(worst, _)| worst >= score) {
                    continue;
                }
                let at = out.partition_point(|&(s, _)| s >= score);
                out.insert(at, (score, Action::new(x.mv, y.mv)));
                out.truncate(k.max(1));
            }
        }
    }
}

impl Bot for SearchBot {
    fn act(&mut self, game: &Game, state: &State, side: Side) -> Action {
        let mut best = SmallVec::new();
        self.ranked(game, state, side, 1, &mut best);
        best[0].1
    }
}

/// Dogfight as [`pathfind::tree`] sees it inside [`MctsBot`]: the real rules, but each side
/// chooses only among *sensible* actions, which is where the game knowledge lives.
///
/// - At the search's root, the deciding player's actions are the shortlist (the classic
///   [`SearchBot`]'s best joint actions), so the search spends its playouts comparing plans
///   worth comparing instead of trying each of the 1,156 joint actions once.
/// - Everywhere else (the opponent at the root, both sides in playouts) each live plane picks
///   among its moves that do not doom it ([`Plane::is_suicidal`] after the move) and fire
///   whenever the gun is ready; a side's actions are all pairs of those. A uniform playout
///   policy over them is a careful random pilot, far closer to real play than uniform moves,
///   half of which fly into a wall or waste the gun.
///
/// Returns are the contract's: 1 / ½ / 0 at the end, the plane balance (⅛ a plane) before it.
#[derive(Debug, Clone, PartialEq)]
pub struct Focused {
    game: Game,
    root: State,
    player: usize,
    shortlist: SmallVec<[Action; 16]>,
}

impl Focused {
    /// The rules of `game`, with `player`'s actions in `root` restricted to `shortlist`.
    pub fn new(game: Game, root: State, player: usize, shortlist: &[Action]) -> Focused {
        Focused {
            game,
            root,
            player,
            shortlist: shortlist.iter().copied().collect(),
        }
    }

    /// The sensible moves of one plane: not doomed after the move, firing whenever it can
    /// (every move of that kind if all of them doom it). Empty for a dead plane.
    fn sensible_moves(&self, state: &State, id: PlaneId) -> SmallVec<[Move; 17]> {
        let arena = self.game.arena();
        let plane = state.plane(id);
        let moves = self.game.legal_moves(state, id);
        let firing = moves.iter().filter(|mv| mv.shoot == plane.can_shoot());
        let mut out: SmallVec<[Move; 17]> = firing
            .clone()
            .filter(|&&mv| {
                let after = plane.simulate_move(mv, arena);
                after.alive && !after.is_suicidal(arena)
            })
            .copied()
            .collect();
        if out.is_empty() {
            out.extend(firing.copied());
        }
        out
    }
}

impl pathfind::tree::Game for Focused {
    type State = State;
    type Action = Action;
    type Events = dogfight::Events;
    type Outcome = dogfight::Outcome;
    type Observation = State;

    fn moves(&self) -> pathfind::tree::Moves {
        pathfind::tree::Game::moves(&self.game)
    }

    fn players(&self) -> usize {
        2
    }

    fn initial_state(&self, _seed: u64) -> State {
        self.root
    }

    fn to_move(&self, state: &State) -> pathfind::tree::PlayerSet {
        pathfind::tree::Game::to_move(&self.game, state)
    }

    fn legal_actions(&self, state: &State, player: usize, buf: &mut Vec<Action>) {
        if player == self.player && *state == self.root && !self.shortlist.is_empty() {
            buf.clear();
            buf.extend_from_slice(&self.shortlist);
            return;
        }
        let side = if player == 0 { Side::P1 } else { Side::P2 };
        let [first, second] = side.planes();
        let (a, b) = (
            self.sensible_moves(state, first),
            self.sensible_moves(state, second),
        );
        buf.clear();
        match (a.is_empty(), b.is_empty()) {
            (true, true) => buf.push(Action::none()),
            (true, false) => buf.extend(b.iter().map(|&y| Action {
                moves: [None, Some(y)],
            })),
            (false, true) => buf.extend(a.iter().map(|&x| Action {
                moves: [Some(x), None],
            })),
            (false, false) => {
                for &x in &a {
                    buf.extend(b.iter().map(|&y| Action::new(x, y)));
                }
            }
        }
    }

    fn advance(&self, state: &mut State, actions: &[Action]) -> dogfight::Events {
        pathfind::tree::Game::advance(&self.game, state, actions)
    }

    fn is_terminal(&self, state: &State) -> bool {
        self.game.is_terminal(state)
    }

    fn outcome(&self, state: &State) -> Option<dogfight::Outcome> {
        self.game.outcome(state)
    }

    fn returns(&self, state: &State, out: &mut [f64]) {
        pathfind::tree::Game::returns(&self.game, state, out);
    }

    fn observe(&self, state: &State, player: usize) -> State {
        pathfind::tree::Game::observe(&self.game, state, player)
    }
}

/// The playout pilot of [`MctsBot`]: each live plane, among its [`Focused`] sensible moves,
/// prefers (three times in four) a move whose shot covers where an enemy plane will be if it
/// flies straight, and that keeps off the rays of the enemy planes flying straight; otherwise it
/// picks uniformly. Cheap enough for playouts (a few ray tests per move), and it shoots back,
/// which a uniform pilot hardly ever does.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Pilot;

impl Pilot {
    /// The index in `moves` (the sensible moves of plane `id` of `side`) that the plane flies.
    fn pick(
        game: &Focused,
        state: &State,
        side: Side,
        id: PlaneId,
        moves: &[Move],
        rng: &mut SearchRng,
    ) -> usize {
        if moves.len() <= 1 {
            return 0;
        }
        if rng.random_range(0..4u32) == 0 {
            return rng.random_range(0..moves.len());
        }
        let arena = game.game.arena();
        let plane = state.plane(id);
        // Where each enemy plane will be, and what it will cover, if it flies straight.
        let enemies = side.opponent().planes().map(|enemy| {
            let enemy = state.plane(enemy);
            let after = enemy.simulate_move(Move::slide(enemy.heading), arena);
            (after, enemy.can_shoot())
        });
        let mut best = i32::MIN;
        let mut ties = 0u32;
        let mut chosen = 0;
        for (i, &mv) in moves.iter().enumerate() {
            let after = plane.simulate_move(mv, arena);
            let ray = after.shoot_range(arena);
            let mut score = 0;
            for (enemy, armed) in &enemies {
                if !enemy.alive {
                    continue;
                }
                if mv.shoot && ray.contains(enemy.pos) {
                    score += 2;
                }
                if *armed && enemy.shoot_range(arena).contains(after.pos) {
                    score -= 1;
                }
            }
            // Reservoir sampling among the best moves: uniform over ties.
            if score > best {
                best = score;
                ties = 1;
                chosen = i;
            } else if score == best {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    chosen = i;
                }
            }
        }
        chosen
    }
}

impl Policy<Focused> for Pilot {
    fn choose(
        &mut self,
        game: &Focused,
        state: &State,
        player: usize,
        legal: &[Action],
        rng: &mut SearchRng,
    ) -> usize {
        if player == game.player && *state == game.root {
            return rng.random_range(0..legal.len()); // the shortlist
        }
        let side = if player == 0 { Side::P1 } else { Side::P2 };
        let [first, second] = side.planes();
        let (a, b) = (
            game.sensible_moves(state, first),
            game.sensible_moves(state, second),
        );
        let i = Self::pick(game, state, side, first, &a, rng);
        let j = Self::pick(game, state, side, second, &b, rng);
        // The layout of `Focused::legal_actions`: all pairs, the first plane's move major.
        let index = match (a.is_empty(), b.is_empty()) {
            (true, true) => 0,
            (true, false) => j,
            (false, true) => i,
            (false, false) => i * b.len() + j,
        };
        if index < legal.len() { index } else { 0 }
    }
}

/// The search bot, rebuilt on the workspace's shared lookahead ([`pathfind::tree`]): flat Monte
/// Carlo over the [`Focused`] game.
///
/// Each decision the classic one-round [`SearchBot`] proposes its `shortlist` best joint actions
/// (a prior that prunes 1,156 actions to a handful); [`FlatMonteCarlo`] then plays `iterations`
/// playouts spread evenly over them, the opponent and both sides' later rounds flown by the
/// careful random pilot of [`Focused`] for at most `playout_rounds` rounds, and plays the
/// candidate of the best mean return. Seeded: the same seed plays the same fights.
#[derive(Debug, Clone)]
pub struct MctsBot {
    classic: SearchBot,
    search: FlatMonteCarlo<Focused, Pilot>,
    shortlist: usize,
    candidates: SmallVec<[(f64, Action); 16]>,
    actions: SmallVec<[Action; 16]>,
}

impl MctsBot {
    /// Candidates per decision.
    pub const SHORTLIST: usize = 8;
    /// Playouts per decision.
    pub const ITERATIONS: u32 = 400;
    /// Rounds per playout beyond the decision.
    pub const PLAYOUT_ROUNDS: u32 = 8;

    /// The bot with the default budget, seeded with `seed`.
    pub fn new(seed: u64) -> MctsBot {
        MctsBot::with_budget(
            seed,
            Self::SHORTLIST,
            Self::ITERATIONS,
            Self::PLAYOUT_ROUNDS,
        )
    }

    /// The bot comparing `shortlist` candidates (1..=16) with `iterations` playouts of at most
    /// `playout_rounds` rounds per decision.
    pub fn with_budget(
        seed: u64,
        shortlist: usize,
        iterations: u32,
        playout_rounds: u32,
    ) -> MctsBot {
        MctsBot {
            classic: SearchBot::new(seed),
            search: FlatMonteCarlo::with_policy(
                SearchConfig {
                    iterations,
                    max_playout_steps: playout_rounds,
                    seed,
                    ..SearchConfig::default()
                },
                Pilot,
            ),
            shortlist: shortlist.clamp(1, 16),
            candidates: SmallVec::new(),
            actions: SmallVec::new(),
        }
    }

    /// Playouts run by the last decision.
    pub fn iterations(&self) -> u32 {
        self.search.iterations()
    }
}

impl Bot for MctsBot {
    fn act(&mut self, game: &Game, state: &State, side: Side) -> Action {
        self.classic
            .ranked(game, state, side, self.shortlist, &mut self.candidates);
        let first = self.candidates[0].1;
        if self.candidates.len() == 1 {
            return first;
        }
        self.actions.clear();
        self.actions.extend(self.candidates.iter().map(|&(_, a)| a));
        let focused = Focused::new(*game, *state, side as usize, &self.actions);
        self.search
            .choose(&focused, state, side as usize)
            .unwrap_or(first)
    }
}

/// The bots `play dogfight` knows: `(name, description)`.
pub const BOTS: [(&str, &str); 6] = [
    (
        "search",
        "flat Monte Carlo (pathfind::tree) over the classic bot's shortlist (MctsBot)",
    ),
    (
        "search-classic",
        "looks one round ahead over every enemy move (SearchBot)",
    ),
    ("random", "the original's DumbPlanes, seeded (RandomBot)"),
    (
        "fast-random",
        "DumbPlanes' move distribution from one draw per plane (FastDumbPlanes)",
    ),
    ("straight", "sends no moves: flies straight into the wall"),
    (
        "cmd:PROGRAM ARG...",
        "an external program for the original wrapper protocol",
    ),
];

/// An external bot program driven through the original wrapper protocol
/// ([`dogfight::protocol::Wrapper`]), started as `PROGRAM ARG... <arena size> <rounds>` with the
/// wrapper's default [`Limits`] (1 s per turn, 1024-byte lines) and 10 s more for its first answer
/// ([`arena::program::STARTUP_GRACE`], for an interpreter's start-up on a busy machine). Its
/// standard error goes to a file when one is given ([`ProgramBot::start_with_stderr`]), else
/// nowhere. The process is killed when the bot gives up on it (a timeout, crash, oversized line
/// or unread input) or is dropped.
#[derive(Debug)]
pub struct ProgramBot {
    wrapper: Wrapper,
    /// The program: killed once the wrapper gives up on it, and when the bot is dropped.
    child: Option<Child>,
}

impl ProgramBot {
    /// Starts `program <arena size> <rounds>` (the original's argv) and sends `NEW CONTEST`.
    pub fn start(program: &str, game: &Game, limits: Limits) -> crate::Result<ProgramBot> {
        ProgramBot::start_command(&[program.to_owned()], game, limits)
    }

    /// Starts `command` (the program and its arguments, as `cmd:` splits them with
    /// [`arena::program::command_line`]) followed by `<arena size> <rounds>`.
    pub fn start_command(
        command: &[String],
        game: &Game,
        limits: Limits,
    ) -> crate::Result<ProgramBot> {
        ProgramBot::start_with_stderr(command, game, limits, None)
    }

    /// [`ProgramBot::start_command`], the program's standard error written to `stderr` (a file,
    /// created or truncated) when given.
    pub fn start_with_stderr(
        command: &[String],
        game: &Game,
        limits: Limits,
        stderr: Option<&Path>,
    ) -> crate::Result<ProgramBot> {
        let (program, args) = command
            .split_first()
            .ok_or(arena::program::ProgramError::Empty)?;
        let errors = match stderr {
            Some(path) => {
                Stdio::from(std::fs::File::create(path).map_err(|e| crate::Error::file(path, e))?)
            }
            None => Stdio::null(),
        };
        // As `Wrapper::spawn` starts it (the original's argv), with the standard error chosen
        // here.
        let mut command = Command::new(program);
        arena::program::dies_with_parent(&mut command);
        let mut child = command
            .args(args)
            .arg(game.arena().size().to_string())
            .arg(game.config().rounds.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(errors)
            .spawn()
            .map_err(|source| crate::Error::Spawn {
                program: program.clone(),
                source,
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(crate::Error::Spawn {
                program: program.clone(),
                source: std::io::Error::other("no pipes"),
            });
        };
        let wrapper = Wrapper::new(game, stdout, stdin, limits)
            .with_startup_grace(arena::program::STARTUP_GRACE);
        let mut bot = ProgramBot {
            wrapper,
            child: Some(child),
        };
        bot.reap();
        Ok(bot)
    }

    /// The current fight's fault, if any.
    pub fn fault(&self) -> Option<&Fault> {
        self.wrapper.fault()
    }

    /// Kills the program once the wrapper has given up on it.
    fn reap(&mut self) {
        if !self.wrapper.is_running() {
            self.kill();
        }
    }

    fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for ProgramBot {
    fn drop(&mut self) {
        self.kill();
    }
}

impl Bot for ProgramBot {
    fn new_opponent(&mut self, fights: u32) {
        self.wrapper.new_opponent(fights);
        self.reap();
    }

    fn new_fight(&mut self, game: &Game, fight: u32, my_score: u32, enemy_score: u32) {
        self.wrapper.new_fight(game, fight, my_score, enemy_score);
        self.reap();
    }

    fn act(&mut self, game: &Game, state: &State, side: Side) -> Action {
        let action = self.wrapper.act(game, state, side);
        self.reap();
        action
    }

    fn fight_fault(&self) -> Option<Fault> {
        self.wrapper.fight_fault()
    }
}

/// A bot that sends no moves (the golden data's `Straight`).
#[derive(Debug, Clone, Copy, Default)]
pub struct StraightBot;

impl Bot for StraightBot {
    fn act(&mut self, _: &Game, _: &State, _: Side) -> Action {
        Action::none()
    }
}

/// The bot called `name` (see [`BOTS`]), seeded with `seed`, for fights of `game`.
pub fn bot(name: &str, seed: u64, game: &Game) -> crate::Result<Box<dyn Bot>> {
    bot_with_stderr(name, seed, game, None)
}

/// [`bot`], a program's (`cmd:`) standard error written to `stderr` when given.
pub fn bot_with_stderr(
    name: &str,
    seed: u64,
    game: &Game,
    stderr: Option<&Path>,
) -> crate::Result<Box<dyn Bot>> {
    if let Some(text) = name.strip_prefix("cmd:") {
        return Ok(Box::new(ProgramBot::start_with_stderr(
            &arena::program::command_line(text),
            game,
            Limits::default(),
            stderr,
        )?));
    }
    match name {
        "search" => Ok(Box::new(MctsBot::new(seed))),
        "search-classic" => Ok(Box::new(SearchBot::new(seed))),
        "random" => Ok(Box::new(RandomBot::new(seed))),
        "fast-random" => Ok(Box::new(FastDumbPlanes::new(seed))),
        "straight" => Ok(Box::new(StraightBot)),
        other => Err(crate::Error::UnknownBot {
            game: "dogfight",
            name: other.to_owned(),
            known: BOTS.map(|(name, _)| name).to_vec(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dogfight::trace::Trace;

    /// `JavaRandom` stepped one `nextDouble` at a time: the trait's provided `skip` and
    /// `skip_tries`, none of the jumps.
    struct Stepping(JavaRandom);

    impl UnitRandom for Stepping {
        fn unit(&mut self) -> f64 {
            self.0.next_double()
        }
    }

    /// `DumbPlanes.act` for one plane as the original loops (`DP:10-35`), every try drawn.
    fn dumbplanes_move(rng: &mut JavaRandom, plane: &Plane, arena: &Arena) -> Move {
        if !plane.alive {
            return Move::slide(Direction::N);
        }
        let possible = plane.possible_directions();
        let pick = |rng: &mut JavaRandom| {
            possible[((rng.next_double() * possible.len() as f64) as usize).min(possible.len() - 1)]
        };
        let mut chosen = Move::slide(plane.heading);
        for _ in 0..3 * possible.len() {
            let mut direction = pick(rng);
            if !arena.contains(plane.pos.step(direction)) {
                direction = pick(rng);
            }
            let turn = rng.next_double() > 0.5;
            let shoot = plane.can_shoot() && rng.next_double() > 0.2;
            chosen = Move::new(direction, turn, shoot);
        }
        chosen
    }

    /// Issue 23: the jumps draw exactly what stepping draws, move for move, and leave the
    /// generator where stepping leaves it, over whole fights.
    #[test]
    fn the_java_port_jumps_to_the_moves_the_original_loop_draws() {
        let game = Game::default();
        for seed in 0..300 {
            let mut fast = [RandomBot::java(2 * seed + 1), RandomBot::java(2 * seed + 2)];
            let mut slow = [JavaRandom::new(2 * seed + 1), JavaRandom::new(2 * seed + 2)];
            let mut state = game.initial_state(0);
            while game.outcome(&state).is_none() {
                let mut actions = [Action::none(); 2];
                for (k, side) in [Side::P1, Side::P2].into_iter().enumerate() {
                    let [a, b] = state.side(side);
                    let expected = Action::new(
                        dumbplanes_move(&mut slow[k], &a, game.arena()),
                        dumbplanes_move(&mut slow[k], &b, game.arena()),
                    );
                    actions[k] = fast[k].act(&game, &state, side);
                    assert_eq!(actions[k], expected, "seed {seed}, {state:?}");
                    assert_eq!(fast[k].rng, slow[k]);
                }
                game.advance_joint(&mut state, &dogfight::Actions::new(actions[0], actions[1]));
            }
        }
    }

    /// The jumps against the provided (stepping) methods, for every shape of try, and the
    /// first pick's index where `high·n` lies just below a multiple of 2²⁶ (the draws where
    /// Java's rounding of the double product is computed as Java does).
    #[test]
    fn java_random_jumps_agree_with_stepping() {
        let mut rng = Pcg64Mcg::seed_from_u64(23);
        for _ in 0..2_000 {
            let seed: i64 = rng.random();
            let (tries, per_try) = (rng.random_range(0..30), rng.random_range(1..5));
            let n = rng.random_range(1..=27);
            let outside = rng.random::<u32>() & ((1u64 << n) - 1) as u32;
            let (mut fast, mut slow) = (JavaRandom::new(seed), Stepping(JavaRandom::new(seed)));
            fast.skip_tries(tries, per_try, n, outside);
            slow.skip_tries(tries, per_try, n, outside);
            assert_eq!(fast, slow.0);
            let count = rng.random_range(0..300);
            fast.skip(count);
            slow.skip(count);
            assert_eq!(fast, slow.0);
            let can_shoot = rng.random();
            let tried = (
                fast.last_try(n, outside, can_shoot),
                slow.last_try(n, outside, can_shoot),
            );
            assert_eq!(tried.0, tried.1);
            assert_eq!(fast, slow.0);
        }
        // A seed whose next step is `next`: step back once (the multiplier is odd).
        let mut inverse = JavaRandom::MULTIPLIER;
        for _ in 0..6 {
            inverse = inverse
                .wrapping_mul(2u64.wrapping_sub(JavaRandom::MULTIPLIER.wrapping_mul(inverse)));
        }
        let before = |next: u64| (next.wrapping_sub(0xB)).wrapping_mul(inverse) & JavaRandom::MASK;
        let mut near = 0;
        for n in 1..=27u32 {
            for k in 1..n {
                let high = (u64::from(k) << 26).div_ceil(u64::from(n)) - 1;
                for _ in 0..64 {
                    let next = high << 22 | rng.random_range(0..1u64 << 22);
                    let seed = before(next);
                    assert_eq!(JavaRandom::jump(seed, 1), next);
                    let mut stepping = JavaRandom { seed };
                    let expected = (stepping.next_double() * f64::from(n)) as u32;
                    assert_eq!(
                        JavaRandom::index_at(seed, n),
                        expected,
                        "n {n}, seed {seed:#x}"
                    );
                    // The tries loop's exact case: which side of the boundary the pick
                    // falls decides whether a second pick is skipped.
                    for outside in [1 << (k - 1), 1 << k] {
                        let mut fast = JavaRandom { seed };
                        let mut slow = Stepping(JavaRandom { seed });
                        fast.skip_tries(2, 2, n, outside);
                        slow.skip_tries(2, 2, n, outside);
                        assert_eq!(fast, slow.0, "n {n}, seed {seed:#x}");
                    }
                    near += usize::from(
                        (high * u64::from(n)) & ((1 << 26) - 1) >= (1 << 26) - u64::from(n),
                    );
                }
            }
        }
        assert!(near > 10_000, "the boundary cases were reached ({near})");
    }

    /// The wall table against stepping every possible direction, for every heading and cell
    /// of the smallest and the standard arena, and for cells outside (hand-built states).
    #[test]
    fn the_outside_table_is_the_steps_that_leave_the_arena() {
        for arena in [Arena::new(4).unwrap(), Arena::default()] {
            let size = arena.size() as i8;
            for heading in (0..27).filter_map(Direction::from_index) {
                for x in -1..=size {
                    for y in -1..=size {
                        for z in -1..=size {
                            let plane = Plane {
                                alive: true,
                                pos: Pos::new(x, y, z),
                                heading,
                                cooldown: 0,
                            };
                            let stepped = plane
                                .possible_directions()
                                .iter()
                                .enumerate()
                                .filter(|(_, d)| !arena.contains(plane.pos.step(**d)))
                                .fold(0, |mask, (i, _)| mask | 1 << i);
                            assert_eq!(outside_mask(&plane, &arena), stepped, "{plane:?}");
                        }
                    }
                }
            }
        }
    }

    /// The turn and shot thresholds on a double's 53 bits are Java's `u > 0.5` and `u > 0.2`.
    #[test]
    fn the_draw_thresholds_are_javas_comparisons() {
        let unit = |bits: u64| bits as f64 * JavaRandom::DOUBLE_UNIT;
        for (threshold, above) in [
            (0.5, JavaRandom::TURN_ABOVE),
            (0.2, JavaRandom::SHOOT_ABOVE),
        ] {
            for bits in above - 3..=above + 3 {
                assert_eq!(unit(bits) > threshold, bits > above, "{bits}");
            }
        }
    }

    #[test]
    fn the_shortlist_is_sorted_and_starts_with_the_classic_choice() {
        let game = Game::default();
        let mut state = game.initial_state(0);
        let mut rng = Pcg64Mcg::seed_from_u64(5);
        for _ in 0..6 {
            let mut ranked = SmallVec::new();
            SearchBot::new(9).ranked(&game, &state, Side::P2, 8, &mut ranked);
            let live = state.alive(Side::P2);
            assert_eq!(ranked.len(), if live == 0 { 1 } else { 8 }, "{state:?}");
            assert!(ranked.windows(2).all(|w| w[0].0 >= w[1].0));
            let played = SearchBot::new(9).act(&game, &state, Side::P2);
            assert_eq!(ranked[0].1, played);
            let actions = dogfight::Actions::new(
                game.random_action(&state, Side::P1, &mut rng),
                game.random_action(&state, Side::P2, &mut rng),
            );
            game.advance_joint(&mut state, &actions);
        }
    }

    #[test]
    fn focused_offers_the_shortlist_at_the_root_and_sensible_moves_elsewhere() {
        use pathfind::tree::Game as _;
        let game = Game::default();
        let arena = game.arena();
        let root = game.initial_state(0);
        let shortlist = [
            Action::none(),
            Action::new(Move::slide(Direction::S), Move::slide(Direction::S)),
        ];
        let focused = Focused::new(game, root, 0, &shortlist);
        let mut buf = Vec::new();
        focused.legal_actions(&root, 0, &mut buf);
        assert_eq!(buf, shortlist);
        let mut next = root;
        game.advance_joint(
            &mut next,
            &dogfight::Actions::new(Action::none(), Action::none()),
        );
        for (state, player) in [(root, 1), (next, 0), (next, 1)] {
            focused.legal_actions(&state, player, &mut buf);
            let side = if player == 0 { Side::P1 } else { Side::P2 };
            // Every pair of the planes' sensible moves: not doomed, turning or not, firing.
            let sensible = side.planes().map(|id| {
                let plane = state.plane(id);
                game.legal_moves(&state, id)
                    .iter()
                    .filter(|mv| mv.shoot && !plane.simulate_move(**mv, arena).is_suicidal(arena))
                    .count()
            });
            assert_eq!(buf.len(), sensible[0] * sensible[1], "{state:?}");
            assert!(buf.len() >= 9 * 9, "{state:?}");
            for action in &buf {
                for (id, mv) in side.planes().iter().zip(action.moves) {
                    let (plane, mv) = (state.plane(*id), mv.expect("both planes alive"));
                    assert!(mv.shoot, "fires whenever the gun is ready");
                    assert!(!plane.simulate_move(mv, arena).is_suicidal(arena));
                }
            }
        }
    }

    #[test]
    fn the_pilot_flies_focused_actions() {
        let game = Game::default();
        let mut state = game.initial_state(0);
        let focused = Focused::new(game, state, 0, &[Action::none()]);
        let mut rng = SearchRng::seed_from_u64(3);
        let mut legal = Vec::new();
        for round in 0..30 {
            let mut actions = [Action::none(); 2];
            for (player, action) in actions.iter_mut().enumerate() {
                pathfind::tree::Game::legal_actions(&focused, &state, player, &mut legal);
                let i = Pilot.choose(&focused, &state, player, &legal, &mut rng);
                assert!(i < legal.len(), "round {round}");
                *action = legal[i];
            }
            game.advance_joint(&mut state, &dogfight::Actions::new(actions[0], actions[1]));
            if game.is_terminal(&state) {
                break;
            }
        }
    }

    #[test]
    fn the_rebuilt_search_bot_beats_random_and_is_seeded() {
        let game = Game::default();
        let fights = |seed| {
            let mut bot = MctsBot::with_budget(seed, 4, 40, 4);
            let tally = dogfight::play_match(&game, &mut bot, &mut RandomBot::new(seed), 4);
            (tally, bot.iterations())
        };
        let (tally, iterations) = fights(1);
        assert_eq!(tally.wins[0], 4, "{tally:?}");
        assert!(iterations > 0 && iterations <= 40);
        assert_eq!(fights(1).0, tally);
    }

    #[test]
    fn java_random_matches_the_java_api() {
        // new Random(42).nextDouble() in Java is 0.7275636800328681, then 0.6832234717598454.
        let mut rng = JavaRandom::new(42);
        assert_eq!(rng.next_double(), 0.7275636800328681);
        assert_eq!(rng.next_double(), 0.6832234717598454);
    }

    /// The golden fights name their bots and seeds; every `SeededDumbPlanes` move must be ours.
    #[test]
    fn java_seeded_random_bot_is_the_harness_dumbplanes() {
        let Some(dir) = std::env::var_os("CONTEST_DATA") else {
            println!("conformance: dogfight bots: skipped (CONTEST_DATA unset)");
            return;
        };
        let path = std::path::Path::new(&dir).join("dogfight/golden_fights.jsonl");
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let game = Game::default();
        let mut checked = 0;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let raw: serde_json::Value = serde_json::from_str(line).unwrap();
            let trace = Trace::from_json(line).unwrap();
            for (side, key) in [(Side::P1, "p1"), (Side::P2, "p2")] {
                if raw[key] != "SeededDumbPlanes" {
                    continue;
                }
                let seed = raw[format!("{key}_seed")].as_i64().expect("a seed");
                let mut bot = RandomBot::java(seed);
                let mut state = State::new(trace.initial);
                for turn in &trace.turns {
                    let action = bot.act(&game, &state, side);
                    let first = side as usize * 2;
                    assert_eq!(
                        action.moves,
                        [turn.moves[first], turn.moves[first + 1]],
                        "{} {key} round {}",
                        trace.id,
                        turn.round
                    );
                    state = State::new(turn.state).with_round(turn.round);
                    checked += 1;
                }
            }
        }
        assert!(checked > 50, "only {checked} moves checked");
    }
}
