//! Example dogfight bots: [`RandomBot`], a seeded port of the original's `DumbPlanes`, and
//! [`SearchBot`], which looks one round ahead over every move of every enemy plane.

use std::process::Command;

use dogfight::protocol::{Fault, Limits, Wrapper};
use dogfight::{Action, Arena, Bot, Direction, Game, Move, Plane, PlaneId, Side, State};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use smallvec::SmallVec;

/// A source of uniform numbers in `[0, 1)`, like Java's `Math.random()`: what [`RandomBot`]
/// draws from.
pub trait UnitRandom {
    /// The next number in `[0, 1)`.
    fn unit(&mut self) -> f64;
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

impl JavaRandom {
    const MULTIPLIER: u64 = 0x5_DEEC_E66D;
    const MASK: u64 = (1 << 48) - 1;

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
        ((high << 27) + low) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

impl UnitRandom for JavaRandom {
    fn unit(&mut self) -> f64 {
        self.next_double()
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

    fn pick(&mut self, possible: &[Direction]) -> Direction {
        // `(int)(Math.random() * length)`: truncation, as in Java.
        let index = (self.rng.unit() * possible.len() as f64) as usize;
        possible[index.min(possible.len() - 1)]
    }

    /// One plane's move, drawing exactly as `DumbPlanes` does.
    pub fn plane_move(&mut self, plane: &Plane, arena: &Arena) -> Move {
        if !plane.alive {
            return Move::slide(Direction::N);
        }
        let possible = plane.possible_directions();
        let mut chosen = Move::slide(plane.heading);
        for _ in 0..3 * possible.len() {
            let mut direction = self.pick(possible);
            if !arena.contains(plane.pos.step(direction)) {
                direction = self.pick(possible);
            }
            let turn = self.rng.unit() > 0.5;
            let shoot = plane.can_shoot() && self.rng.unit() > 0.2;
            chosen = Move::new(direction, turn, shoot);
        }
        chosen
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
/// the shot (threshold ⌈0.2·2²¹⌉, error below 5·10⁻⁷). `tests/dogfight_dumbplanes.rs` proves the
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
            let plane = *state.plane(id);
            return smallvec::smallvec![Candidate {
                mv: Move::slide(Direction::N),
                after: plane,
                fires: false,
                score: 0.0,
            }];
        }
        let plane = *state.plane(id);
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

impl Bot for SearchBot {
    fn act(&mut self, game: &Game, state: &State, side: Side) -> Action {
        let arena = game.arena();
        let last = game.last_planes(state);
        let enemy_ids = side.opponent().planes();
        let enemies =
            enemy_ids.map(|id| (Self::responses(state.plane(id), arena), last.contains(id)));
        let [first, second] = side.planes();
        let my_last = |id| last.contains(id);
        let a = self.candidates(game, state, first, &enemies, my_last(first));
        let b = self.candidates(game, state, second, &enemies, my_last(second));
        let mut best = (f64::NEG_INFINITY, a[0].mv, b[0].mv);
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
                if score > best.0 {
                    best = (score, x.mv, y.mv);
                }
            }
        }
        Action::new(best.1, best.2)
    }
}

/// The bots `play dogfight` knows: `(name, description)`.
pub const BOTS: [(&str, &str); 5] = [
    (
        "search",
        "looks one round ahead over every enemy move (SearchBot)",
    ),
    ("random", "the original's DumbPlanes, seeded (RandomBot)"),
    (
        "fast-random",
        "DumbPlanes' move distribution from one draw per plane (FastDumbPlanes)",
    ),
    ("straight", "sends no moves: flies straight into the wall"),
    (
        "cmd:PROGRAM",
        "an external program for the original wrapper protocol",
    ),
];

/// An external bot program driven through the original wrapper protocol
/// ([`dogfight::protocol::Wrapper`]), started as `PROGRAM <arena size> <rounds>` with the
/// wrapper's default [`Limits`] (1 s per turn, 1024-byte lines). The process is killed when the
/// bot gives up on it (a timeout, crash, oversized line or unread input) or is dropped.
#[derive(Debug)]
pub struct ProgramBot {
    wrapper: Wrapper,
}

impl ProgramBot {
    /// Starts `program <arena size> <rounds>` (the original's argv) and sends `NEW CONTEST`.
    pub fn start(program: &str, game: &Game, limits: Limits) -> Result<ProgramBot, String> {
        let wrapper = Wrapper::spawn(&mut Command::new(program), game, limits)
            .map_err(|e| format!("cannot start {program:?}: {e}"))?;
        Ok(ProgramBot { wrapper })
    }

    /// The current fight's fault, if any.
    pub fn fault(&self) -> Option<&Fault> {
        self.wrapper.fault()
    }
}

impl Bot for ProgramBot {
    fn new_opponent(&mut self, fights: u32) {
        self.wrapper.new_opponent(fights);
    }

    fn new_fight(&mut self, game: &Game, fight: u32, my_score: u32, enemy_score: u32) {
        self.wrapper.new_fight(game, fight, my_score, enemy_score);
    }

    fn act(&mut self, game: &Game, state: &State, side: Side) -> Action {
        self.wrapper.act(game, state, side)
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
pub fn bot(name: &str, seed: u64, game: &Game) -> Result<Box<dyn Bot>, String> {
    if let Some(program) = name.strip_prefix("cmd:") {
        return Ok(Box::new(ProgramBot::start(
            program,
            game,
            Limits::default(),
        )?));
    }
    match name {
        "search" => Ok(Box::new(SearchBot::new(seed))),
        "random" => Ok(Box::new(RandomBot::new(seed))),
        "fast-random" => Ok(Box::new(FastDumbPlanes::new(seed))),
        "straight" => Ok(Box::new(StraightBot)),
        other => Err(format!(
            "unknown dogfight bot {other:?}; the bots are {}",
            BOTS.map(|(name, _)| name).join(", ")
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dogfight::trace::Trace;

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
                    state = State {
                        planes: turn.state,
                        round: turn.round,
                    };
                    checked += 1;
                }
            }
        }
        assert!(checked > 50, "only {checked} moves checked");
    }
}
