//! The referee: turns, looks, moves, scoring and the end of the game (rules doc §6-7).

use std::sync::Arc;

use pathfind::tree::InvalidState;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::action::{Action, Fault, MAX_MOVES, Move, MoveLine};
pub use crate::event::Event;
#[allow(deprecated)]
pub use crate::event::TurnEvent;
use crate::generate::{random_starts, valid_start_pairs};
use crate::knowledge::{Reading, RefereeKnowledge};
use crate::maze::{DEFAULT_SIZE, Dir, Maze, MazeError, Pose, Square};
use crate::observation::Observation;
pub use crate::outcome::{End, Outcome};
use crate::view::View;

/// The two players. Red moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Player {
    /// Moves first and reads `Start` on its first turn.
    Red = 0,
    /// Moves second.
    Blue = 1,
}

impl Player {
    /// Both players, Red first.
    pub const BOTH: [Player; 2] = [Player::Red, Player::Blue];
    /// 0 for Red, 1 for Blue: the contract's player number.
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The player of contract player number `index`: 0 is Red, 1 is Blue, any other number is
    /// no player.
    pub const fn from_index(index: usize) -> Option<Player> {
        match index {
            0 => Some(Player::Red),
            1 => Some(Player::Blue),
            _ => None,
        }
    }
    /// The opponent.
    pub const fn other(self) -> Player {
        match self {
            Player::Red => Player::Blue,
            Player::Blue => Player::Red,
        }
    }
}

/// The game's parameters; `Default` is the CodeCup 2010 contest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Config {
    /// Maze side (25).
    pub size: usize,
    /// Turns per player (150).
    pub turns: u16,
    /// Longest legal move line (256).
    pub max_moves: usize,
    /// Minimum squared distance between the start squares (288, i.e. distance ≥ √288).
    pub min_start_distance2: u32,
    /// Points for ending a turn on the opponent's square (100).
    pub capture_bonus: i32,
    /// Final scores are clamped to `0..=max_score` (1000).
    pub max_score: i32,
    /// Which reading of the dead-end rule (literal).
    pub reading: Reading,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            size: DEFAULT_SIZE,
            turns: 150,
            max_moves: MAX_MOVES,
            min_start_distance2: 288,
            capture_bonus: 100,
            max_score: 1000,
            reading: Reading::Literal,
        }
    }
}

/// A game that cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ConfigError {
    /// The maze breaks a rule, or the starts do.
    #[error(transparent)]
    Maze(#[from] MazeError),
    /// The maze side is not the configured one.
    #[error("maze side {maze} differs from the configured {config}")]
    SizeMismatch {
        /// The maze's side.
        maze: usize,
        /// The configured side.
        config: usize,
    },
    /// A configuration value is outside its documented range.
    #[error("config: {field} = {value} is outside {limit}")]
    Config {
        /// The field of [`Config`].
        field: &'static str,
        /// The rejected value.
        value: i64,
        /// The accepted range.
        limit: &'static str,
    },
}

/// The old name of [`ConfigError`]: the error of building a game from its configuration is
/// `ConfigError` in every game crate.
#[deprecated(note = "renamed `ConfigError`, as in every game crate")]
pub type GameError = ConfigError;

/// The most turns per player a [`Config`] may ask for (the contest plays 150). With
/// [`MAX_CAPTURE_BONUS`] it keeps every score far inside `i32`: at most
/// `MAX_TURNS * (2 * 1024 + MAX_CAPTURE_BONUS)` points, doubled by sudden death.
pub const MAX_TURNS: u16 = 10_000;
/// The largest capture bonus a [`Config`] may ask for (the contest gives 100).
pub const MAX_CAPTURE_BONUS: i32 = 10_000;

/// What a look and its inference found, at the start of `player`'s turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LookReport {
    /// Whose turn starts.
    pub player: Player,
    /// Squares discovered by sight.
    pub seen: u16,
    /// Squares discovered by inference (dead ends).
    pub inferred: u16,
    /// How many of those the opponent had not discovered (+1 each).
    pub first: u16,
}

impl LookReport {
    /// The points this look earned.
    pub fn points(&self) -> i32 {
        (self.seen + self.inferred + self.first) as i32
    }
}

/// The result of walking a line through the maze.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Walk {
    /// The final pose (after the extra `T`, if any).
    pub end: Pose,
    /// Steps executed before the line ended or a wall stopped it.
    pub steps: u16,
    /// Whether the extra `T` was performed.
    pub extra_t: bool,
}

/// Walks `moves` from `start` through any map whose walls `is_open` reports (rules doc §6): each
/// move turns then steps; a wall stops the walk without changing position or heading; ending on
/// the start square adds an uncharged `T`. `on_enter` sees every square stepped into.
pub fn walk(
    start: Pose,
    moves: impl IntoIterator<Item = Move>,
    mut is_open: impl FnMut(Square, Dir) -> Option<Square>,
    mut on_enter: impl FnMut(Square),
) -> Walk {
    let mut pose = start;
    let mut steps = 0;
    for m in moves {
        let d = m.turn(pose.facing);
        match is_open(pose.square, d) {
            Some(next) => {
                pose = Pose::new(next, d);
                steps += 1;
                on_enter(next);
            }
            None => break,
        }
    }
    let mut extra_t = false;
    if pose.square == start.square {
        // The edge behind is always open (rules doc §6 invariant), so this step never fails.
        let d = pose.facing.back();
        if let Some(next) = is_open(pose.square, d) {
            pose = Pose::new(next, d);
            on_enter(next);
            extra_t = true;
        }
    }
    Walk {
        end: pose,
        steps,
        extra_t,
    }
}

/// Everything that changes during a game. The mover's look of this turn has already been
/// applied: [`Game::observe`] gives the lines it reads.
#[derive(Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct State {
    pub(crate) knowledge: [RefereeKnowledge; 2],
    pub(crate) poses: [Pose; 2],
    pub(crate) points: [i32; 2],
    pub(crate) faults: [Option<Fault>; 2],
    pub(crate) turns_done: [u16; 2],
    pub(crate) to_move: Player,
    pub(crate) end: Option<End>,
    pub(crate) last_look: LookReport,
    pub(crate) rng: Pcg64Mcg,
    /// The maze this state is played in when it is not the game's: a determinized state
    /// ([`pathfind::tree::Determinize::sample_state`]) carries the maze it was sampled with,
    /// shared, so cloning it stays cheap.
    #[cfg_attr(feature = "serde", serde(with = "sampled_maze"))]
    pub(crate) sampled: Option<Arc<Maze>>,
}

/// `clone_from` copies each field in place (the derived one built a whole copy on the stack
/// first and then moved it; issue 23: a search copies states hundreds of times a decision).
impl Clone for State {
    fn clone(&self) -> Self {
        State {
            knowledge: self.knowledge.clone(),
            poses: self.poses,
            points: self.points,
            faults: self.faults,
            turns_done: self.turns_done,
            to_move: self.to_move,
            end: self.end,
            last_look: self.last_look,
            rng: self.rng.clone(),
            sampled: self.sampled.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        for (mine, theirs) in self.knowledge.iter_mut().zip(&source.knowledge) {
            mine.clone_from(theirs);
        }
        self.poses = source.poses;
        self.points = source.points;
        self.faults = source.faults;
        self.turns_done = source.turns_done;
        self.to_move = source.to_move;
        self.end = source.end;
        self.last_look = source.last_look;
        self.rng.clone_from(&source.rng);
        self.sampled.clone_from(&source.sampled);
    }
}

#[cfg(feature = "serde")]
mod sampled_maze {
    use std::sync::Arc;

    use crate::maze::Maze;

    pub fn serialize<S: serde::Serializer>(m: &Option<Arc<Maze>>, s: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&m.as_deref(), s)
    }
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Arc<Maze>>, D::Error> {
        let m: Option<Maze> = serde::Deserialize::deserialize(d)?;
        Ok(m.map(Arc::new))
    }
}

impl State {
    /// Whose turn it is.
    pub fn to_move(&self) -> Player {
        self.to_move
    }
    /// A player's pose.
    pub fn pose(&self, player: Player) -> Pose {
        self.poses[player.index()]
    }
    /// A player's points so far (before the end-of-game rules).
    pub fn points(&self, player: Player) -> i32 {
        self.points[player.index()]
    }
    /// What the referee knows a player knows.
    pub fn knowledge(&self, player: Player) -> &RefereeKnowledge {
        &self.knowledge[player.index()]
    }
    /// The fault that disqualified a player, if any.
    pub fn fault(&self, player: Player) -> Option<Fault> {
        self.faults[player.index()]
    }
    /// Turns a player has played.
    pub fn turns_done(&self, player: Player) -> u16 {
        self.turns_done[player.index()]
    }
    /// How the game ended, once it has.
    pub fn end(&self) -> Option<End> {
        self.end
    }
    /// The look that began the current turn (the first one: Red's first look).
    pub fn last_look(&self) -> LookReport {
        self.last_look
    }
    /// Whether the mover gets the extra `Start` line (Red's first turn, seeds L88).
    pub fn is_start(&self) -> bool {
        self.to_move == Player::Red && self.turns_done[0] == 0
    }
    /// The state's random generator (used for the start poses).
    pub fn rng(&self) -> &Pcg64Mcg {
        &self.rng
    }
    /// The maze a determinized state was sampled with (`None`: the game's own maze).
    pub fn sampled_maze(&self) -> Option<&Maze> {
        self.sampled.as_deref()
    }
}

/// A maze and the rules: built once, shared by reference.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "GameParts", into = "GameParts"))]
pub struct Game {
    maze: Maze,
    config: Config,
    /// A valid start pair (the first in enumeration order).
    any_starts: [Pose; 2],
}

/// What a [`Game`] is serialized as: deserializing goes through [`Game::new`], so a stored game
/// is checked like a new one.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct GameParts {
    maze: Maze,
    config: Config,
}

#[cfg(feature = "serde")]
impl TryFrom<GameParts> for Game {
    type Error = ConfigError;
    fn try_from(parts: GameParts) -> Result<Game, ConfigError> {
        Game::new(parts.maze, parts.config)
    }
}

#[cfg(feature = "serde")]
impl From<Game> for GameParts {
    fn from(game: Game) -> GameParts {
        GameParts {
            maze: game.maze,
            config: game.config,
        }
    }
}

impl Game {
    /// Checks the maze (its rules and the configured size) and the config.
    pub fn new(maze: Maze, config: Config) -> Result<Game, ConfigError> {
        if maze.size() != config.size {
            return Err(ConfigError::SizeMismatch {
                maze: maze.size(),
                config: config.size,
            });
        }
        let bad = |field, value: i64, limit| {
            Err(ConfigError::Config {
                field,
                value,
                limit,
            })
        };
        if !(1..=MAX_MOVES).contains(&config.max_moves) {
            return bad("max_moves", config.max_moves as i64, "1..=256");
        }
        if !(1..=MAX_TURNS).contains(&config.turns) {
            return bad("turns", config.turns.into(), "1..=10000");
        }
        let n = config.size as u32 - 1;
        if config.min_start_distance2 > 2 * n * n || config.min_start_distance2 == 0 {
            return bad(
                "min_start_distance2",
                config.min_start_distance2.into(),
                "1..=2(size-1)^2",
            );
        }
        if !(0..=MAX_CAPTURE_BONUS).contains(&config.capture_bonus) {
            return bad("capture_bonus", config.capture_bonus.into(), "0..=10000");
        }
        // Scores are clamped to `0..=max_score` (issue 12: a negative one made `clamp` panic).
        if config.max_score < 0 {
            return bad("max_score", config.max_score.into(), "0..=2147483647");
        }
        maze.validate()?;
        // One valid pair, found once: proves that `initial_state` can always choose starts.
        let any_starts = valid_start_pairs(&maze, config.min_start_distance2)
            .next()
            .ok_or(MazeError::NoStarts(config.min_start_distance2))?;
        Ok(Game {
            maze,
            config,
            any_starts,
        })
    }

    /// The maze.
    pub fn maze(&self) -> &Maze {
        &self.maze
    }
    /// The config.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Checks a state the game did not build (a [`State`] read with serde) against this game
    /// before it is used: both players' poses on the maze's squares; each referee map of the
    /// game's size and reading, its counters agreeing with its sets, at rest (no inference
    /// pending) and holding only edges true of the maze; a carried (sampled) maze of
    /// the game's size; at most `turns` turns done, Red's one ahead of Blue's exactly while Blue is
    /// to move; points within what a game can score
    /// (`MAX_TURNS * (2 * 1024 + MAX_CAPTURE_BONUS)`, doubled); the last look's counts within
    /// the maze's squares. Every method of the game accepts a state that passes (and the states
    /// it advances to) without a panic; the first refused field is named with its value. The
    /// contract's [`validate`](pathfind::tree::Game::validate).
    ///
    /// ```
    /// use amazes::{Config, Game};
    ///
    /// let game = Game::new(amazes::mazes::get(0).maze, Config::default())?;
    /// assert!(game.validate(&game.initial_state(3)).is_ok());
    /// # Ok::<(), amazes::ConfigError>(())
    /// ```
    pub fn validate(&self, state: &State) -> Result<(), InvalidState> {
        let n = self.config.size;
        let fresh = RefereeKnowledge::new(n, self.config.reading);
        let most_points = 2 * i64::from(MAX_TURNS) * (2 * 1024 + i64::from(MAX_CAPTURE_BONUS));
        let maze = self.maze_of(state);
        if maze.size() != n {
            return Err(InvalidState::new(
                "sampled",
                format!("a maze of size {}", maze.size()),
                format!("a maze of the game's size {n}"),
            ));
        }
        for (i, player) in ["red", "blue"].into_iter().enumerate() {
            let truth = |cell: usize, d: Dir| maze.is_open(Square::from_index(cell), d);
            if let Some((field, value)) = state.knowledge[i].foreign_field(&fresh, truth) {
                return Err(InvalidState::new(
                    format!("knowledge[{i}].{field}"),
                    value,
                    format!("the {player} referee map of a {n}x{n} game"),
                ));
            }
            let square = state.poses[i].square;
            if !maze.contains(square) {
                return Err(InvalidState::new(
                    format!("poses[{i}].square"),
                    format!("{square:?}"),
                    format!("a square of the {n}x{n} maze"),
                ));
            }
            if state.turns_done[i] > self.config.turns {
                return Err(InvalidState::new(
                    format!("turns_done[{i}]"),
                    state.turns_done[i],
                    format!("at most the game's {} turns", self.config.turns),
                ));
            }
            if i64::from(state.points[i]).abs() > most_points {
                return Err(InvalidState::new(
                    format!("points[{i}]"),
                    state.points[i],
                    format!("at most {most_points} either way"),
                ));
            }
        }
        // Red moves first: while the game runs, Blue has played as many turns as Red, or one
        // fewer while Blue is to move.
        let [red, blue] = state.turns_done;
        let lead = if state.to_move == Player::Blue { 1 } else { 0 };
        if state.end.is_none() && Some(red) != blue.checked_add(lead) {
            return Err(InvalidState::new(
                "turns_done[0]",
                red,
                format!(
                    "{} (Blue's {blue} turns, and {:?} to move)",
                    u32::from(blue) + u32::from(lead),
                    state.to_move
                ),
            ));
        }
        let look = &state.last_look;
        for (field, value) in [
            ("last_look.seen", look.seen),
            ("last_look.inferred", look.inferred),
            ("last_look.first", look.first),
        ] {
            if usize::from(value) > n * n {
                return Err(InvalidState::new(
                    field,
                    value,
                    format!("at most the maze's {} squares", n * n),
                ));
            }
        }
        Ok(())
    }

    /// A new game with start poses drawn by `seed` (the same seed gives the same game): uniform
    /// among the valid pairs (see [`random_starts`]), which [`Game::new`] proved exist.
    pub fn initial_state(&self, seed: u64) -> State {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let starts = random_starts(&self.maze, self.config.min_start_distance2, &mut rng)
            .unwrap_or(self.any_starts);
        self.start(starts, rng)
    }

    /// A new game from given start poses (for example a maze file's header), checked against
    /// the rules.
    pub fn initial_state_with(&self, starts: [Pose; 2]) -> Result<State, ConfigError> {
        self.maze
            .validate_starts(&starts, self.config.min_start_distance2)?;
        Ok(self.start(starts, Pcg64Mcg::seed_from_u64(0)))
    }

    fn start(&self, starts: [Pose; 2], rng: Pcg64Mcg) -> State {
        let n = self.config.size;
        let mut state = State {
            knowledge: [
                RefereeKnowledge::new(n, self.config.reading),
                RefereeKnowledge::new(n, self.config.reading),
            ],
            poses: starts,
            points: [0; 2],
            faults: [None; 2],
            turns_done: [0; 2],
            to_move: Player::Red,
            end: None,
            last_look: LookReport {
                player: Player::Red,
                seen: 0,
                inferred: 0,
                first: 0,
            },
            rng,
            sampled: None,
        };
        // Each start square is discovered at its player's own first look (rules doc A1).
        state.last_look = self.look(&mut state, Player::Red);
        state
    }

    /// The maze `state` is played in: the game's, or the one a determinized state carries.
    pub fn maze_of<'a>(&'a self, state: &'a State) -> &'a Maze {
        state.sampled.as_deref().unwrap_or(&self.maze)
    }

    /// What `player` sees from where it stands now.
    pub fn view(&self, state: &State, player: Player) -> View {
        View::look(
            self.maze_of(state),
            state.pose(player),
            state.pose(player.other()).square,
        )
    }

    /// What `player` reads at the start of its turn: the view from where it stands (the `Start`
    /// line aside: see [`State::is_start`]). For the mover, the lines of this turn's look.
    ///
    /// `player` is the contract's player number (0 Red, 1 Blue; any other reads as Red).
    pub fn observe(&self, state: &State, player: usize) -> Observation {
        self.view(state, Player::from_index(player).unwrap_or(Player::Red))
    }

    /// Whether the game is over: both players played all their turns, or sudden death. Exactly
    /// when [`Game::outcome`] is `Some`.
    pub fn is_terminal(&self, state: &State) -> bool {
        state.end.is_some()
    }

    /// The look at the start of `player`'s turn, then inference; scores the discoveries.
    pub(crate) fn look(&self, state: &mut State, player: Player) -> LookReport {
        let view = self.view(state, player);
        let pose = state.pose(player);
        let [red, blue] = &mut state.knowledge;
        let (me, opp) = match player {
            Player::Red => (red, &*blue),
            Player::Blue => (blue, &*red),
        };
        let mut seen = 0u16;
        let mut first = 0u16;
        // A view computed from the maze always fits the maze.
        let _ = me.apply_view(pose.square.index(), pose.facing, &view, &mut |c| {
            seen += 1;
            first += !opp.is_discovered(c) as u16;
        });
        let mut inferred = 0u16;
        me.infer(&mut |c| {
            inferred += 1;
            first += !opp.is_discovered(c) as u16;
        });
        let report = LookReport {
            player,
            seen,
            inferred,
            first,
        };
        state.points[player.index()] += report.points();
        report
    }

    /// The single-step lines `player` could play without hitting a wall (`F`, `R`, `T`, `L`
    /// order), into a reused buffer; empty unless `player` is to move in a game that is not
    /// over. Any line of 1..=256 moves is legal; these are the useful one-character ones (never
    /// empty for the mover: the edge behind is always open, rules doc §6).
    ///
    /// `player` is the contract's player number ([`Player::index`]: 0 Red, 1 Blue).
    pub fn legal_actions(&self, state: &State, player: usize, buf: &mut Vec<Action>) {
        buf.clear();
        if player != state.to_move.index() || state.end.is_some() {
            return;
        }
        let player = state.to_move;
        let pose = state.pose(player);
        let maze = self.maze_of(state);
        for m in Move::ALL {
            if maze.is_open(pose.square, m.turn(pose.facing))
                && let Ok(line) = MoveLine::from_moves(&[m])
            {
                buf.push(Action::Moves(line));
            }
        }
    }

    /// Plays the mover's turn in place, then the next player's look (rules doc §7):
    /// `actions[0]` is the mover's action; an empty slice is a turn without a line (the
    /// referee's [`Fault::Timeout`]: the jury plays `T` and the player scores 0). The
    /// contract's [`advance`](pathfind::tree::Game::advance); [`Game::advance_action`] takes
    /// the one action.
    pub fn advance(&self, state: &mut State, actions: &[Action]) -> Event {
        let action = actions
            .first()
            .copied()
            .unwrap_or(Action::Fault(Fault::Timeout));
        self.advance_action(state, &action)
    }

    /// The pure form of [`Game::advance`]: the state after the mover's turn.
    pub fn step(&self, state: &State, actions: &[Action]) -> State {
        let mut next = state.clone();
        self.advance(&mut next, actions);
        next
    }

    /// Plays the mover's `action` in place, then the next player's look (rules doc §7).
    pub fn advance_action(&self, state: &mut State, action: &Action) -> Event {
        let p = state.to_move;
        let (pi, oi) = (p.index(), p.other().index());
        let mut event = Event {
            player: p,
            line: MoveLine::JURY,
            jury: None,
            charged: 0,
            steps: 0,
            extra_t: false,
            discovered: 0,
            first: 0,
            captured: false,
            sudden_death: false,
            end: state.poses[pi],
            next_look: None,
            ignored: false,
        };
        if state.end.is_some() {
            event.ignored = true;
            return event;
        }
        let line = match (state.faults[pi], action) {
            (Some(fault), _) => {
                event.jury = Some(fault);
                MoveLine::JURY
            }
            (None, Action::Fault(fault)) => {
                state.faults[pi] = Some(*fault);
                event.jury = Some(*fault);
                MoveLine::JURY
            }
            (None, Action::Moves(line)) if line.len() > self.config.max_moves => {
                let fault = Fault::TooLong(line.len());
                state.faults[pi] = Some(fault);
                event.jury = Some(fault);
                MoveLine::JURY
            }
            (None, Action::Moves(line)) => *line,
        };
        event.line = line;
        event.charged = line.len() as u16;
        state.points[pi] -= line.len() as i32;
        let maze: &Maze = match &state.sampled {
            Some(m) => m,
            None => &self.maze,
        };
        let [red, blue] = &mut state.knowledge;
        let (me, opp) = match p {
            Player::Red => (red, &*blue),
            Player::Blue => (blue, &*red),
        };
        let (mut discovered, mut first) = (0u16, 0u16);
        let walked = walk(
            state.poses[pi],
            line.moves(),
            |sq, d| {
                if maze.is_open(sq, d) {
                    maze.neighbour(sq, d)
                } else {
                    None
                }
            },
            |sq| {
                let c = sq.index();
                if me.discover(c, &mut |_| {}) {
                    discovered += 1;
                    first += !opp.is_discovered(c) as u16;
                }
            },
        );
        let discovered_all = me.discovered_count() == self.config.size * self.config.size;
        state.poses[pi] = walked.end;
        event.steps = walked.steps;
        event.extra_t = walked.extra_t;
        event.end = walked.end;
        event.discovered = discovered;
        event.first = first;
        state.points[pi] += (discovered + first) as i32;
        state.turns_done[pi] += 1;
        if walked.end.square == state.poses[oi].square {
            // A disqualified player's jury `T` is a normal move here too (rules doc A6).
            if discovered_all {
                event.sudden_death = true;
                state.end = Some(End::SuddenDeath { winner: p });
                return event;
            }
            event.captured = true;
            state.points[pi] += self.config.capture_bonus;
        }
        if p == Player::Blue && state.turns_done[pi] >= self.config.turns {
            state.end = Some(End::Turns);
            return event;
        }
        state.to_move = p.other();
        let look = self.look(state, p.other());
        state.last_look = look;
        event.next_look = Some(look);
        event
    }

    /// The pure form of [`Game::advance_action`]: the state after the mover's `action`.
    pub fn step_action(&self, state: &State, action: &Action) -> State {
        let mut next = state.clone();
        self.advance_action(&mut next, action);
        next
    }

    /// The number of players: 2 (0 is Red, 1 Blue). The contract's
    /// [`players`](pathfind::tree::Game::players).
    pub const fn players(&self) -> usize {
        2
    }

    /// Who acts in `state`: the mover alone, nobody once the game is over. The contract's
    /// [`to_move`](pathfind::tree::Game::to_move); [`State::to_move`] is the mover as a
    /// [`Player`].
    pub fn to_move(&self, state: &State) -> pathfind::tree::PlayerSet {
        if state.end.is_some() {
            pathfind::tree::PlayerSet::EMPTY
        } else {
            pathfind::tree::PlayerSet::only(state.to_move.index())
        }
    }

    /// Writes each player's value into `out[..2]`, Red first, the contract's
    /// [`returns`](pathfind::tree::Game::returns). Terminal: 1 for the higher score, 0 for the
    /// lower, 0.5 each on a tie. Elsewhere: a logistic estimate on the difference of points so
    /// far ([`RETURNS_SCALE`](crate::contract::RETURNS_SCALE)).
    pub fn returns(&self, state: &State, out: &mut [f64]) {
        if let Some(outcome) = self.outcome(state) {
            for (i, o) in out.iter_mut().take(2).enumerate() {
                *o = match outcome.ranks[i].cmp(&outcome.ranks[1 - i]) {
                    std::cmp::Ordering::Less => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Greater => 0.0,
                };
            }
            return;
        }
        let diff = (state.points(Player::Red) - state.points(Player::Blue)) as f64;
        let red = 1.0 / (1.0 + (-diff / crate::contract::RETURNS_SCALE).exp());
        if let [r, b, ..] = out {
            *r = red;
            *b = 1.0 - red;
        }
    }

    /// The result once the game is over.
    pub fn outcome(&self, state: &State) -> Option<Outcome> {
        let end = state.end?;
        let mut points = state.points;
        if let End::SuddenDeath { winner } = end {
            points[winner.index()] *= 2;
            points[winner.other().index()] = 0;
        }
        let score = |i: usize| {
            if state.faults[i].is_some() {
                0
            } else {
                points[i].clamp(0, self.config.max_score)
            }
        };
        let scores = [score(0), score(1)];
        let rank = |i: usize| 1 + (scores[1 - i] > scores[i]) as u8;
        Some(Outcome {
            end,
            points,
            scores,
            faults: state.faults,
            ranks: [rank(0), rank(1)],
        })
    }
}
