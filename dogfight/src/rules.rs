//! One round exactly as the original resolves it, and the end of a fight: [`Game`] and
//! [`Config`].
//!
//! A round (`C:119-228`, `P:140-163`):
//! 1. every live plane moves at once (an invalid direction flies straight; leaving the arena kills);
//! 2. collisions: every plane that survived the move and shares its cell with another survivor
//!    dies (any number of planes; crossing or swapping cells is safe);
//! 3. shooting, simultaneous: each plane that asked to, survived steps 1–2 and has cooldown 0
//!    fires along its post-move heading; every plane alive after step 2 on any ray dies (bullets
//!    pass through planes, friendly ones included);
//! 4. cooldowns: a plane that fired (and is still alive) gets `cooldown`, every other plane's
//!    cooldown falls by one down to 0;
//! 5. the end check.

use rand::Rng;
use smallvec::SmallVec;

use crate::{
    Action, Actions, Arena, Direction, EndReason, Events, Move, Observation, Outcome, Plane,
    PlaneId, PlaneSet, Pos, Side, State,
};

/// The fight's parameters. `Default` gives the original's values (`C:8-11`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Config {
    /// Rounds per fight (`ROUNDS`, 100).
    pub rounds: u16,
    /// Rounds a plane must wait after firing, counting the round it is told about it (`COOLDOWN`,
    /// 1: a plane fires at most every other round).
    pub cooldown: u8,
    /// Fights per match-up (`FIGHTS`, 10). Used by match runners, not by the rules.
    pub fights: u32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            rounds: 100,
            cooldown: 1,
            fights: 10,
        }
    }
}

/// A [`Config`] that [`Game::new`] rejects.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// A fight needs at least one round.
    #[error("a fight needs at least one round (got rounds = {0})")]
    NoRounds(u16),
}

/// Up to 34 moves of one plane (17 direction/turn choices, each with and without a shot): what
/// [`Game::legal_moves`] returns, inline with no allocation.
pub type Moves = SmallVec<[Move; 34]>;

/// The rules of one fight: the [`Arena`] and the [`Config`]. Built once and shared by reference;
/// every state-changing call takes the [`State`] separately.
///
/// ```
/// use dogfight::{Action, Actions, Direction, Game, Move};
///
/// let game = Game::default();
/// let state = game.initial_state(0);
/// // Everyone flies straight; player 1's first plane also fires.
/// let actions = Actions::new(
///     Action::new(Move::slide(Direction::S).firing(), Move::slide(Direction::S)),
///     Action::none(),
/// );
/// let next = game.step_joint(&state, &actions);
/// assert_eq!(next.round, 1);
/// assert_eq!(next.planes()[0].cooldown, 1);
/// assert!(game.outcome(&next).is_none());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Game {
    arena: Arena,
    config: Config,
}

impl Game {
    /// The rules for `arena` and `config`.
    pub fn new(arena: Arena, config: Config) -> Result<Game, ConfigError> {
        if config.rounds == 0 {
            return Err(ConfigError::NoRounds(config.rounds));
        }
        Ok(Game { arena, config })
    }

    /// The arena.
    pub const fn arena(&self) -> &Arena {
        &self.arena
    }

    /// The parameters.
    pub const fn config(&self) -> &Config {
        &self.config
    }

    /// The start of every fight (`C:111-114`). The rules have no chance, so `seed` is ignored
    /// (it is there for the workspace's one shape, `initial_state(seed)`): every fight starts the
    /// same, as in the original.
    pub const fn initial_state(&self, seed: u64) -> State {
        let _ = seed;
        State::start(&self.arena)
    }

    /// What the controller tells the bots before the next round (`setRoundsLeft`, `C:142-143`):
    /// 99 before round 1, 0 before round 100.
    pub const fn rounds_left(&self, state: &State) -> u16 {
        self.config.rounds.saturating_sub(state.round + 1)
    }

    /// The state after one round with `actions` (`actions[0]` player 1's, `actions[1]` player
    /// 2's; a missing one flies straight). Pure: `step(s, a)` equals
    /// [`advance`](Game::advance) on a copy. The contract's
    /// [`step`](pathfind::tree::Game::step): a finished fight stays as it is.
    #[inline]
    pub fn step(&self, state: &State, actions: &[Action]) -> State {
        let mut next = *state;
        self.advance(&mut next, actions);
        next
    }

    /// Plays one round in place and tells what happened: `actions[0]` is player 1's
    /// ([`Side::P1`]) action, `actions[1]` player 2's, a missing one is [`Action::none`] (fly
    /// straight, as the controller treats a missing move). The contract's
    /// [`advance`](pathfind::tree::Game::advance): advancing a finished fight changes nothing
    /// (see [`Game::advance_joint`] for the rules applied past the end).
    //
    // Always inlined, as `advance_joint` is, so the terminal check costs three compares on
    // words already loaded (issue 11).
    #[inline(always)]
    pub fn advance(&self, state: &mut State, actions: &[Action]) -> Events {
        if self.is_terminal(state) {
            return Events::default();
        }
        let p1 = actions.first().copied().unwrap_or_default();
        let p2 = actions.get(1).copied().unwrap_or_default();
        self.advance_joint(state, &Actions::new(p1, p2))
    }

    /// [`Game::step_joint`]'s pure twin: the state after one round of the rules with the joint
    /// `actions`, whether or not the fight was over.
    #[inline]
    pub fn step_joint(&self, state: &State, actions: &Actions) -> State {
        let mut next = *state;
        self.advance_joint(&mut next, actions);
        next
    }

    /// Plays one round of the rules in place with the joint `actions` and tells what happened.
    ///
    /// Unlike [`Game::advance`], the rules apply whether or not the fight is already over (the
    /// golden scenarios step past the end); check [`outcome`](Game::outcome) to stop, as the
    /// controller does after every round.
    #[inline(always)]
    pub fn advance_joint(&self, state: &mut State, actions: &Actions) -> Events {
        // The same five steps as the original, over the packed planes (see `State::PLANE_BITS`)
        // and 4-bit plane masks, with no data-dependent branch: recorded fights are random
        // enough that branches per plane and per shooter/target pair mispredict often (issue
        // 13). Dead planes go through the same arithmetic and their results are discarded with
        // masks: written as `if`s (selects), the liveness of each plane and whether it fired
        // were compiled to branches, about two mispredictions a round (issue 40). The words
        // are read once and written once, whole.
        let size = u64::from(self.arena.size());
        // A lane holds 256 or more after adding `256 − size` exactly when it is `size` or more.
        let over = ((256 - size) * LANES) as u32;
        let moves = actions.per_plane();
        let words = state.words();
        // The low 32 bits of each word after the move: coordinates and heading. The cooldown
        // and alive bits above are rebuilt whole in step 4.
        let mut low = [0u32; 4];
        let mut moved = [None; 4];
        let (mut invalid, mut wall, mut shoot, mut alive) = (0u8, 0u8, 0u8, 0u8);

        // 1. Moves (`P:140-158`). A missing move flies straight without shooting (`C:152-184`).
        for (k, &w) in words.iter().enumerate() {
            // All ones for a live plane, 0 for a dead one (arithmetic, not a branch).
            let live = ((w << (63 - Plane::ALIVE_SHIFT)) as i64 >> 63) as u32;
            let heading = (w >> Plane::HEADING_SHIFT & 31) as usize;
            let (asked, turn, fire) = match moves[k] {
                Some(mv) => (mv.direction.index(), mv.turn, mv.shoot),
                None => (heading, false, false),
            };
            shoot |= u8::from(fire) << k;
            // One load gives the whole change of the low word (see `STEPS`); a dead plane adds
            // nothing. The guard bits take the lanes' carries and are dropped, which is the
            // wrapping `i8` add of `Pos::step`; the heading's carry leaves the 32-bit word.
            let step = STEPS[usize::from(turn)][heading][asked & 31] & live;
            let after = (w as u32).wrapping_add(step) & !GUARDS32;
            low[k] = after;
            let inside = u32::from(after.wrapping_add(over) & GUARDS32 == 0);
            alive |= ((live & inside) as u8) << k;
            wall |= ((live & (inside ^ 1)) as u8) << k;
            // Only for the events (dropped by callers that ignore them).
            let flown = (FLIGHTS[heading][asked & 31] >> Plane::HEADING_SHIFT) as usize;
            invalid |= ((live as u8) & u8::from(flown != asked)) << k;
            moved[k] = if live != 0 {
                Direction::from_index(flown)
            } else {
                None
            };
        }

        // 2. Collisions (`C:256-278`): mark every pair of survivors in one cell, then kill.
        //    First only whether any two planes (alive or not) share a cell, which is rare (a
        //    well-predicted branch, and a third of the work of marking every pair).
        const PAIRS: [(usize, usize); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
        let mut shared = 0u8;
        for (p, (i, j)) in PAIRS.into_iter().enumerate() {
            shared |= u8::from((low[i] ^ low[j]) & COORDINATES32 == 0) << p;
        }
        let mut collided = 0u8;
        if shared != 0 {
            for (p, (i, j)) in PAIRS.into_iter().enumerate() {
                let pair = shared >> p & alive >> i & alive >> j & 1;
                collided |= pair << i | pair << j;
            }
        }
        alive &= !collided;

        // The four cooldowns side by side in 16-bit lanes (plane k in bits 16k..16k+8), read
        // before the round: one add finds the lanes that are not 0.
        let cooldowns = (words[0] >> 32 & 0xff)
            | (words[1] >> 16 & 0xff << 16)
            | (words[2] & 0xff << 32)
            | (words[3] << 16 & 0xff << 48);
        let cooling = (cooldowns + 0xff * LANES16) >> 8 & LANES16;
        let ready = !(cooling.wrapping_mul(GATHER16) >> 48) as u8 & 0xf;

        // 3. Shots (`C:281-310`), simultaneous: hits are marked against the post-collision
        //    planes, then applied together, so a plane hit this round still fires.
        let fired = shoot & alive & ready;
        let hit = self.hits(&low, fired) & alive;
        alive &= !hit;

        // 4. Cooldowns (`P:161-163`), read after the hits: a shooter that was hit ends with 0.
        //    Every lane falls by one down to 0, the live shooters' lanes take `cooldown`, with
        //    masks rather than branches (whether a plane fired is as random as the fights).
        let falling = cooldowns - cooling;
        let reset = (u64::from(fired & alive).wrapping_mul(SPREAD16) & LANES16) * 0xff;
        let fresh = u64::from(self.config.cooldown) * LANES16;
        let cooldowns = falling ^ ((falling ^ fresh) & reset);
        let high = cooldowns
            | (u64::from(alive).wrapping_mul(SPREAD16) & LANES16) << (Plane::ALIVE_SHIFT - 32);
        const FIELD: u64 = 0x1ff << 32;
        state.set_words([
            u64::from(low[0]) | (high << 32 & FIELD),
            u64::from(low[1]) | (high << 16 & FIELD),
            u64::from(low[2]) | (high & FIELD),
            u64::from(low[3]) | (high >> 16 & FIELD),
        ]);
        state.round = state.round.saturating_add(1);
        Events {
            moved,
            invalid_direction: PlaneSet::from_bits(invalid),
            wall: PlaneSet::from_bits(wall),
            collided: PlaneSet::from_bits(collided),
            fired: PlaneSet::from_bits(fired),
            hit: PlaneSet::from_bits(hit),
        }
    }

    /// The planes on the ray of some plane in `fired` (bit k = plane k), from the packed
    /// planes. Only meaningful for targets that are alive after the moves, so inside the arena:
    /// the caller masks the rest.
    ///
    /// Inside the arena a ray covers every cell along its heading up to the wall, so a live
    /// target is hit exactly when its offset from the shooter is `s · heading` with `s ≥ 1`: the
    /// ray's length never needs checking. In arenas of up to 16 cells that test is one lookup
    /// in [`LINE_OF_FIRE`]; larger arenas use the same test in arithmetic.
    #[inline(always)]
    fn hits(&self, low: &[u32; 4], fired: u8) -> u8 {
        let heading = |w: u32| (w >> Plane::HEADING_SHIFT) as u8;
        let mut hit = 0u8;
        if self.arena.size() <= LOF_MAX_SIZE {
            // The low 4 bits of each coordinate, 5 bits apart. A live plane's coordinates are in
            // 0..16; a dead plane's are cut to that range (its result is discarded), so
            // `target + LOF_BIAS − shooter` keeps every lane in 1..32 and is a valid index.
            let cells = low.map(|w| u64::from((w & 0xf) | (w >> 4 & 0x1e0) | (w >> 8 & 0x3c00)));
            for (k, &shooter) in low.iter().enumerate() {
                // A plane that does not fire aims at a value no table entry holds.
                let aim = if fired >> k & 1 == 1 {
                    heading(shooter)
                } else {
                    NOT_FIRING
                };
                for (t, &cell) in cells.iter().enumerate() {
                    // A plane never hits itself (the zero offset is `NO_DIRECTION`): skipping the
                    // pair saves a quarter of the lookups.
                    if t != k {
                        // `& 0x7fff` only tells the compiler the index is in bounds.
                        let offset = ((cell + LOF_BIAS - cells[k]) & 0x7fff) as usize;
                        hit |= u8::from(LINE_OF_FIRE[offset] == aim) << t;
                    }
                }
            }
        } else {
            let planes = low.map(|w| Plane::from_word(u64::from(w)));
            for (k, shooter) in planes.iter().enumerate() {
                let fires = fired >> k & 1;
                let [hx, hy, hz] = shooter.heading.vector().map(i16::from);
                for (t, target) in planes.iter().enumerate() {
                    let dx = i16::from(target.pos.x) - i16::from(shooter.pos.x);
                    let dy = i16::from(target.pos.y) - i16::from(shooter.pos.y);
                    let dz = i16::from(target.pos.z) - i16::from(shooter.pos.z);
                    let steps = dx.abs().max(dy.abs()).max(dz.abs());
                    let on_ray =
                        (steps >= 1) & (dx == steps * hx) & (dy == steps * hy) & (dz == steps * hz);
                    hit |= (fires & u8::from(on_ray)) << t;
                }
            }
        }
        hit
    }

    /// The result once the fight is over, checked as the controller does after each round
    /// (`C:199-240`): all four planes dead is a draw; else a side with no plane left loses; else
    /// after the last round the side with more planes wins (equal counts draw).
    #[inline]
    pub const fn outcome(&self, state: &State) -> Option<Outcome> {
        // One well-predicted branch on the cheap test before the detailed one.
        if !self.is_terminal(state) {
            return None;
        }
        let (p1, p2) = (state.alive(Side::P1), state.alive(Side::P2));
        let (winner, reason) = if p1 == 0 && p2 == 0 {
            (None, EndReason::BothOut)
        } else if p1 == 0 {
            (Some(Side::P2), EndReason::P1Out)
        } else if p2 == 0 {
            (Some(Side::P1), EndReason::P2Out)
        } else if state.round >= self.config.rounds {
            let winner = if p1 > p2 {
                Some(Side::P1)
            } else if p2 > p1 {
                Some(Side::P2)
            } else {
                None
            };
            (winner, EndReason::Timeout)
        } else {
            return None;
        };
        Some(Outcome {
            winner,
            reason,
            round: state.round,
        })
    }

    /// The number of players: 2 (player 0 is [`Side::P1`], player 1 [`Side::P2`]). The
    /// contract's [`players`](pathfind::tree::Game::players).
    pub const fn players(&self) -> usize {
        2
    }

    /// Who acts in `state`: both players until the fight is over, then nobody. The contract's
    /// [`to_move`](pathfind::tree::Game::to_move).
    pub const fn to_move(&self, state: &State) -> pathfind::tree::PlayerSet {
        if self.is_terminal(state) {
            pathfind::tree::PlayerSet::EMPTY
        } else {
            pathfind::tree::PlayerSet::all(2)
        }
    }

    /// Writes each player's value into `out[..2]`, the contract's
    /// [`returns`](pathfind::tree::Game::returns). Terminal: 1 for the winner, 0 for the
    /// loser, 0.5 each for a draw. Otherwise the plane balance: `0.5 ± 0.125` per plane ahead
    /// or behind (in `[0.25, 0.75]`).
    pub fn returns(&self, state: &State, out: &mut [f64]) {
        let [p1, p2] = match self.outcome(state) {
            Some(outcome) => match outcome.winner {
                Some(Side::P1) => [1.0, 0.0],
                Some(Side::P2) => [0.0, 1.0],
                None => [0.5, 0.5],
            },
            None => {
                let lead = f64::from(state.alive(Side::P1)) - f64::from(state.alive(Side::P2));
                [0.5 + 0.125 * lead, 0.5 - 0.125 * lead]
            }
        };
        for (slot, value) in out.iter_mut().zip([p1, p2]) {
            *slot = value;
        }
    }

    /// Whether the fight is over: exactly when [`outcome`](Game::outcome) is `Some`, the round
    /// limit included.
    #[inline]
    pub const fn is_terminal(&self, state: &State) -> bool {
        // The same test as `outcome(state).is_some()`, without building the outcome: a side
        // with no plane left, or the round limit.
        let [a, b, c, d] = state.words();
        ((a | b) & (c | d) & ALIVE_BIT == 0) | (state.round >= self.config.rounds)
    }

    /// The distinct moves of one plane: each possible direction, with and without turning (just
    /// once for straight ahead, where turning changes nothing), each with and without a shot when
    /// the plane can fire. 34 moves from a face or edge heading with the gun ready, 26 from a
    /// corner, half that while cooling down, none for a dead plane. Allocation-free.
    pub fn legal_moves(&self, state: &State, plane: PlaneId) -> Moves {
        Moves::from_slice(move_list(&state.plane(plane)))
    }

    /// Fills `buf` with every distinct [`Action`] of contract player `player` (0 is
    /// [`Side::P1`], 1 is [`Side::P2`]) while the fight is not over, as
    /// [`legal_side_actions`](Game::legal_side_actions) does; nothing for a finished fight or
    /// another player number. The contract's
    /// [`legal_actions`](pathfind::tree::Game::legal_actions). Allocation-free once `buf` has
    /// grown.
    pub fn legal_actions(&self, state: &State, player: usize, buf: &mut Vec<Action>) {
        match Side::of_player(player) {
            Some(side) if !self.is_terminal(state) => self.legal_side_actions(state, side, buf),
            _ => buf.clear(),
        }
    }

    /// Fills `buf` with every distinct [`Action`] of `side`: all pairs of its planes'
    /// [`legal_moves`](Game::legal_moves), a dead plane contributing only a missing move. Up to
    /// 34 × 34 = 1156 actions. `buf` is cleared first and, once it has grown, reused without
    /// allocating. Lists the moves even when the fight is over.
    pub fn legal_side_actions(&self, state: &State, side: Side, buf: &mut Vec<Action>) {
        buf.clear();
        let [first, second] = side.planes();
        let (a, b) = (
            move_list(&state.plane(first)),
            move_list(&state.plane(second)),
        );
        match (a.is_empty(), b.is_empty()) {
            (true, true) => buf.push(Action::none()),
            (true, false) => buf.extend(b.iter().map(|&y| Action {
                moves: [None, Some(y)],
            })),
            (false, true) => buf.extend(a.iter().map(|&x| Action {
                moves: [Some(x), None],
            })),
            (false, false) => {
                for &x in a {
                    buf.extend(b.iter().map(|&y| Action::new(x, y)));
                }
            }
        }
    }

    /// A uniformly random [`legal_moves`](Game::legal_moves) entry for `plane` (`None` for a
    /// dead plane), for random playouts. Allocation-free; all chance comes from `rng`.
    pub fn random_move(&self, state: &State, plane: PlaneId, rng: &mut impl Rng) -> Option<Move> {
        let moves = move_list(&state.plane(plane));
        if moves.is_empty() {
            None
        } else {
            Some(moves[rng.random_range(0..moves.len())])
        }
    }

    /// A random action for `side`: each plane's move drawn by [`random_move`](Game::random_move).
    pub fn random_action(&self, state: &State, side: Side, rng: &mut impl Rng) -> Action {
        let [first, second] = side.planes();
        Action {
            moves: [
                self.random_move(state, first, rng),
                self.random_move(state, second, rng),
            ],
        }
    }

    /// The state as `side`'s bot is told it through the wrapper protocol (`W:`): its own planes
    /// first (so it sees itself as [`Side::P1`]), dead planes reduced to `dead 0 0 0 N 0`
    /// (`(0, 0, 0)`, heading N, cooldown 0). Java bots in the original get full copies instead;
    /// the fields hidden here never influence the rules.
    ///
    /// `player` is the contract's player number (0 is [`Side::P1`]; any other reads as
    /// [`Side::P2`]); [`Game::observe_side`] takes the [`Side`].
    pub fn observe(&self, state: &State, player: usize) -> Observation {
        self.observe_side(state, Side::of_player(player).unwrap_or(Side::P2))
    }

    /// [`Game::observe`] for `side`.
    pub fn observe_side(&self, state: &State, side: Side) -> Observation {
        let [a, b] = state.side(side);
        let [c, d] = state.side(side.opponent());
        let mut seen =
            State::new([a, b, c, d].map(|p| crate::protocol::PlaneReport::of(&p).to_plane()));
        seen.round = state.round;
        seen
    }

    /// The planes whose death would end the fight for their side (helpful to searches): the live
    /// planes of sides with exactly one plane left.
    pub fn last_planes(&self, state: &State) -> PlaneSet {
        let mut set = PlaneSet::EMPTY;
        for side in Side::BOTH {
            if state.alive(side) == 1 {
                for id in side.planes() {
                    if state.plane(id).alive {
                        set.insert(id);
                    }
                }
            }
        }
        set
    }
}

/// A [`LINE_OF_FIRE`] entry for offsets along no direction: no heading index.
const NO_DIRECTION: u8 = u8::MAX;

/// What a plane that does not fire aims at in [`Game::hits`]: neither a heading index nor
/// [`NO_DIRECTION`], so it matches no [`LINE_OF_FIRE`] entry.
const NOT_FIRING: u8 = u8::MAX - 1;

/// Arenas up to this size use [`LINE_OF_FIRE`] for shots.
#[doc(hidden)]
pub const LOF_MAX_SIZE: u32 = 16;

/// 16 in each 5-bit lane of a packed offset: lanes of `target + LOF_BIAS − shooter` stay in
/// 1..32 for coordinates in 0..16.
#[doc(hidden)]
pub const LOF_BIAS: u64 = 16 | 16 << 5 | 16 << 10;

/// 1 in each coordinate lane of a packed plane.
const LANES: u64 = 1 | 1 << 9 | 1 << 18;
/// The three 8-bit coordinates of a packed plane.
#[doc(hidden)]
pub const COORDINATES: u64 = 0xff * LANES;
/// The three coordinates of a packed plane's low 32 bits.
const COORDINATES32: u32 = COORDINATES as u32;
/// The guard bit above each coordinate.
const GUARDS32: u32 = (0x100 * LANES) as u32;
/// 1 in each of four 16-bit lanes.
const LANES16: u64 = 0x0001_0001_0001_0001;
/// Multiplying a 4-bit plane mask by this puts bit k at bit 16k (and stray bits elsewhere,
/// none at a multiple of 16 and no carries: `LANES16` keeps the lanes' bits).
const SPREAD16: u64 = 1 | 1 << 15 | 1 << 30 | 1 << 45;
/// Multiplying bits at 0, 16, 32 and 48 (nothing else) by this gathers them at bits 48..52,
/// with no carries into them.
const GATHER16: u64 = 1 << 48 | 1 << 33 | 1 << 18 | 1 << 3;
/// The alive flag of a packed plane.
const ALIVE_BIT: u64 = 1 << Plane::ALIVE_SHIFT;

/// Each direction's vector as an add to the coordinate lanes: 1, or 255 for −1 (the mask after
/// the add makes it a wrapping subtraction). Padded to 32 entries.
const DELTAS: [u64; 32] = {
    let mut table = [0; 32];
    let mut d = 0;
    while d < 27 {
        if let Some(direction) = Direction::from_index(d) {
            let [x, y, z] = direction.vector();
            table[d] = (x as u8 as u64) | (y as u8 as u64) << 9 | (z as u8 as u64) << 18;
        }
        d += 1;
    }
    table
};

/// The line-of-fire table: for each offset `(dx, dy, dz)` between two cells of an arena of up
/// to 16 cells, packed as `(dx+16) | (dy+16) << 5 | (dz+16) << 10`, the index of the direction
/// `h` with `offset = s · h` for some `s ≥ 1`, or [`NO_DIRECTION`] when there is none (the zero offset
/// included). A shooter heading `h` hits a live plane exactly when the entry equals `h`.
#[doc(hidden)]
pub static LINE_OF_FIRE: [u8; 1 << 15] = {
    let mut table = [NO_DIRECTION; 1 << 15];
    let mut index = 0;
    while index < 1 << 15 {
        let d = [
            (index & 31) as i8 - 16,
            (index >> 5 & 31) as i8 - 16,
            (index >> 10 & 31) as i8 - 16,
        ];
        let steps = max_abs(d);
        if steps > 0 {
            let mut on_line = true;
            let mut h = [0i8; 3];
            let mut axis = 0;
            while axis < 3 {
                // Each axis is 0 or ±steps, or the offset is no multiple of a direction.
                if d[axis] == steps {
                    h[axis] = 1;
                } else if d[axis] == -steps {
                    h[axis] = -1;
                } else if d[axis] != 0 {
                    on_line = false;
                }
                axis += 1;
            }
            if on_line {
                table[index] = ((h[0] + 1) * 9 + (h[1] + 1) * 3 + (h[2] + 1)) as u8;
            }
        }
        index += 1;
    }
    table
};

const fn max_abs(d: [i8; 3]) -> i8 {
    let mut m = 0;
    let mut axis = 0;
    while axis < 3 {
        let a = d[axis].abs();
        if a > m {
            m = a;
        }
        axis += 1;
    }
    m
}

/// The direction a plane heading `h` actually flies when it asks for `d`
/// ([`Plane::resolve`]), by `[h][d]` index, as a packed-plane add: its coordinate deltas
/// ([`DELTAS`]) with its index in the heading bits. One load instead of a mask test, a select
/// and a second load. Padded to 32 × 32 so that an index `& 31` needs no bounds check.
#[doc(hidden)]
pub const FLIGHTS: [[u32; 32]; 32] = {
    let mut table = [[0; 32]; 32];
    let mut h = 0;
    while h < 27 {
        let mut d = 0;
        while d < 27 {
            let (Some(heading), Some(asked)) = (Direction::from_index(h), Direction::from_index(d))
            else {
                panic!("indices below 27 are directions");
            };
            let flown = Plane::new(Pos::new(0, 0, 0), heading)
                .resolve(asked)
                .index();
            table[h][d] = DELTAS[flown] as u32 | (flown as u32) << Plane::HEADING_SHIFT;
            d += 1;
        }
        h += 1;
    }
    table
};

/// A move as one add to a packed plane's low 32 bits, by `[turn][h][d]` for a plane heading `h`
/// that asks for `d`: the coordinate deltas of the direction flown ([`FLIGHTS`]) and, when it
/// turns, the difference from `h` to that direction modulo 32 in the heading bits, so the add
/// leaves the new heading there (its carry leaves the 32 bits). Padded to 32 × 32 like
/// [`FLIGHTS`].
const STEPS: [[[u32; 32]; 32]; 2] = {
    let mut table = [[[0; 32]; 32]; 2];
    let mut h = 0;
    while h < 27 {
        let mut d = 0;
        while d < 27 {
            let flight = FLIGHTS[h][d];
            let delta = flight & ((1 << Plane::HEADING_SHIFT) - 1);
            let flown = flight >> Plane::HEADING_SHIFT;
            table[0][h][d] = delta;
            table[1][h][d] = delta | (flown.wrapping_sub(h as u32) & 31) << Plane::HEADING_SHIFT;
            d += 1;
        }
        h += 1;
    }
    table
};

/// The distinct moves of a live plane, by heading and by whether its gun is ready: each possible
/// direction (controller order), without and with turning (once for straight ahead), each
/// without and with a shot when the gun is ready. Built at compile time.
const MOVE_TABLE: [[([Move; 34], u8); 2]; 27] = {
    let blank = Move::new(Direction::ZERO, false, false);
    let mut table = [[([blank; 34], 0u8); 2]; 27];
    let mut heading = 0;
    while heading < 27 {
        let mut ready = 0;
        while ready < 2 {
            let (list, len) = &mut table[heading][ready];
            let directions = &crate::direction::POSSIBLE.0[heading];
            let count = crate::direction::POSSIBLE.1[heading] as usize;
            let mut d = 0;
            while d < count {
                let direction = directions[d];
                let turns = if direction.index() == heading { 1 } else { 2 };
                let mut turn = 0;
                while turn < turns {
                    let mut shoot = 0;
                    while shoot <= ready {
                        list[*len as usize] = Move::new(direction, turn == 1, shoot == 1);
                        *len += 1;
                        shoot += 1;
                    }
                    turn += 1;
                }
                d += 1;
            }
            ready += 1;
        }
        heading += 1;
    }
    table
};

/// The distinct moves of `plane` (none when dead), from [`MOVE_TABLE`].
#[inline]
fn move_list(plane: &Plane) -> &'static [Move] {
    if !plane.alive {
        return &[];
    }
    let (list, len) = &MOVE_TABLE[plane.heading.index()][usize::from(plane.can_shoot())];
    &list[..usize::from(*len)]
}
