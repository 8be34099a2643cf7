//! Example dogfight bots: [`RandomBot`], a seeded port of the original's `DumbPlanes`, and
//! [`SearchBot`], which looks one round ahead over every move of every enemy plane.

#[cfg(feature = "cli")]
use arena::program::contain::{Contained, Containment, Output, Start};
use std::path::Path;

#[cfg(feature = "cli")]
use dogfight::protocol::{Fault, Limits, Wrapper};
use dogfight::{Action, Arena, Bot, Direction, Game, Move, Plane, PlaneId, Side, State};
use pathfind::tree::{FlatMonteCarlo, Policy, SearchConfig, SearchRng};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use smallvec::SmallVec;

pub use dogfight::dumb_planes::{JavaRandom, RandomBot, UnitRandom};

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
/// or unread input) or is dropped. Built with the feature `cli` (the arena's program bots).
#[cfg(feature = "cli")]
#[derive(Debug)]
pub struct ProgramBot {
    wrapper: Wrapper,
    /// The program: killed (with everything it started) once the wrapper gives up on it, and
    /// when the bot is dropped.
    child: Option<Contained>,
    /// How the program ended, once it did (the kind and the detail of
    /// [`arena::program::exit_fault`]): what a [`Fault::Crash`] becomes.
    ended: Option<(&'static str, String)>,
}

#[cfg(feature = "cli")]
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
    /// created or truncated) when given, contained as [`Containment::default`] says.
    pub fn start_with_stderr(
        command: &[String],
        game: &Game,
        limits: Limits,
        stderr: Option<&Path>,
    ) -> crate::Result<ProgramBot> {
        ProgramBot::start_contained(command, game, limits, stderr, None, &Containment::default())
    }

    /// [`ProgramBot::start_with_stderr`], in `seat` (told in `CONTEST_SEAT` when given),
    /// contained as `containment` says (limits, sandbox, environment:
    /// [`arena::program::contain`]).
    pub fn start_contained(
        command: &[String],
        game: &Game,
        limits: Limits,
        stderr: Option<&Path>,
        seat: Option<usize>,
        containment: &Containment,
    ) -> crate::Result<ProgramBot> {
        let program = command
            .first()
            .ok_or(arena::program::ProgramError::Empty)?
            .clone();
        // As `Wrapper::spawn` starts it (the original's argv), with the standard error chosen
        // here.
        let extra = [
            game.arena().size().to_string(),
            game.config().rounds.to_string(),
        ];
        let mut child = containment
            .spawn(&Start {
                command,
                seat,
                port: None,
                extra_args: &extra,
                output: Output::Piped,
                stderr,
            })
            .map_err(|error| match error {
                arena::program::ProgramError::Stderr { path, source } => {
                    crate::Error::file(&path, source)
                }
                arena::program::ProgramError::Spawn { source, .. } => crate::Error::Spawn {
                    program: program.clone(),
                    source,
                },
                other => crate::Error::from(other),
            })?;
        let (Some(stdin), Some(stdout)) = (child.take_stdin(), child.take_stdout()) else {
            return Err(crate::Error::Spawn {
                program,
                source: std::io::Error::other("no pipes"),
            });
        };
        let wrapper = Wrapper::new(game, stdout, stdin, limits)
            .with_startup_grace(arena::program::STARTUP_GRACE);
        let mut bot = ProgramBot {
            wrapper,
            child: Some(child),
            ended: None,
        };
        bot.reap();
        Ok(bot)
    }

    /// The current fight's fault, if any.
    pub fn fault(&self) -> Option<&Fault> {
        self.wrapper.fault()
    }

    /// Kills the program once the wrapper has given up on it; when its output ended, first
    /// learns how it ended (waiting a moment for it to).
    fn reap(&mut self) {
        if self.wrapper.is_running() {
            return;
        }
        if let (Some(Fault::Crash { .. }), Some(child)) = (self.wrapper.fault(), &mut self.child)
            && let Some(status) = child.wait_timeout(std::time::Duration::from_millis(500))
        {
            self.ended = Some(child.exit_fault(status));
        }
        self.kill();
    }

    fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            child.kill();
        }
    }
}

#[cfg(feature = "cli")]
impl Drop for ProgramBot {
    fn drop(&mut self) {
        self.kill();
    }
}

#[cfg(feature = "cli")]
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
        match (self.wrapper.fight_fault(), &self.ended) {
            (Some(Fault::Crash { round }), Some((kind, how))) => Some(Fault::Ended {
                kind: (*kind).to_owned(),
                round,
                how: how.clone(),
            }),
            (fault, _) => fault,
        }
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
    bot_in_seat(name, seed, game, stderr, None)
}

/// [`bot_with_stderr`], a program told its `seat` (`CONTEST_SEAT`) when given. Program bots
/// (`cmd:`) are built with the feature `cli`.
#[cfg_attr(not(feature = "cli"), allow(unused_variables))]
pub fn bot_in_seat(
    name: &str,
    seed: u64,
    game: &Game,
    stderr: Option<&Path>,
    seat: Option<usize>,
) -> crate::Result<Box<dyn Bot>> {
    #[cfg(feature = "cli")]
    if let Some(text) = name.strip_prefix("cmd:") {
        return Ok(Box::new(ProgramBot::start_contained(
            &arena::program::command_line(text)?,
            game,
            Limits::default(),
            stderr,
            seat,
            &crate::containment(),
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
