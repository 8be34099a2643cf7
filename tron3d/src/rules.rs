//! The rules: [`Config`], [`Game`] and one round of the original's `Board::next`
//! (`Board.cc:256-425`, rules doc §4).

use pathfind::tree::InvalidState;
use smallvec::SmallVec;

use crate::action::{Action, Commands, MAX_BIKES_PER_PLAYER};
pub use crate::event::Events;
use crate::observation::Observation;
pub use crate::outcome::{Outcome, outcome_of};
use crate::state::{GhostMark, NO_WALL};
use crate::{
    Actions, Bike, BikeSet, Board, Chance, Item, MAX_BIKES, MAX_PLAYERS, MAX_ROUNDS, Movement,
    PlayerId, State, VertexId,
};

/// The most joint actions [`Game::legal_actions`] lists for one player.
pub const MAX_JOINT_ACTIONS: usize = 1024;

/// Points for every required move a bike makes (`score_per_round_`, `Board.hh:77`).
pub const SCORE_PER_ROUND: i32 = 10;

/// The game's parameters (the `.cnf` numbers). `Default` is the original `cube.cnf`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Config {
    /// Players (≥ 2).
    pub nb_players: usize,
    /// Bikes per player (≥ 1); `nb_players * nb_bikes` spawn entries are used.
    pub nb_bikes: usize,
    /// Rounds to play (≥ 1).
    pub nb_rounds: u32,
    /// The round from which the bonus items lie on the board (spawned once; ≤ 0 or beyond the
    /// last round: never).
    pub bonus_round: i32,
    /// Rounds of compulsory moves a Turbo gives (≥ 0).
    pub turbo_duration: i32,
    /// Moves through walls a Ghost gives (≥ 0).
    pub ghost_duration: i32,
    /// Points a Points item gives (≥ 0).
    pub score_bonus: i32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            nb_players: 4,
            nb_bikes: 2,
            nb_rounds: 200,
            bonus_round: 50,
            turbo_duration: 8,
            ghost_duration: 3,
            score_bonus: 50,
        }
    }
}

impl Config {
    /// The parameters the original uses for its big boards (`bigcube.cnf`: 4 players × 3 bikes,
    /// 250 rounds, turbo 12, score bonus 150).
    pub fn big() -> Config {
        Config {
            nb_players: 4,
            nb_bikes: 3,
            nb_rounds: 250,
            bonus_round: 50,
            turbo_duration: 12,
            ghost_duration: 3,
            score_bonus: 150,
        }
    }

    /// The total number of bikes.
    pub fn total_bikes(&self) -> usize {
        self.nb_players * self.nb_bikes
    }
}

/// Why a [`Game`] cannot be set up (each is an assertion of the original, `Board.cc:66-93`,
/// or a limit of the engine's fixed arrays).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// Fewer than 2 players.
    #[error("nb_players {0}: at least 2 are needed")]
    TooFewPlayers(usize),
    /// More players than the engine supports.
    #[error("nb_players {0}: at most {max} are supported", max = MAX_PLAYERS)]
    TooManyPlayers(usize),
    /// No bike per player.
    #[error("nb_bikes {0}: at least 1 is needed")]
    NoBikes(usize),
    /// More bikes in total than the engine supports.
    #[error("{0} bikes in total: at most {max} are supported", max = MAX_BIKES)]
    TooManyBikes(usize),
    /// More bikes than spawn entries.
    #[error("{bikes} bikes but only {spawns} spawn entries")]
    TooFewSpawns {
        /// Bikes needed.
        bikes: usize,
        /// Spawn entries of the board.
        spawns: usize,
    },
    /// `nb_rounds` is 0.
    #[error("nb_rounds must be at least 1")]
    NoRounds,
    /// A negative duration or bonus.
    #[error("{what} {value}: must not be negative")]
    Negative {
        /// The parameter.
        what: &'static str,
        /// The rejected value.
        value: i32,
    },
    /// More rounds than [`MAX_ROUNDS`].
    #[error("nb_rounds {0}: at most {max} are supported", max = MAX_ROUNDS)]
    TooManyRounds(u32),
    /// A game in which a score could pass `i32::MAX` (the original's `int` would overflow,
    /// which C++ leaves undefined): `nb_rounds · nb_bikes · 10 + bonus vertices · score_bonus`.
    #[error("a score could grow by {gain} in this game, beyond the int range")]
    ScoreOverflow {
        /// The most a player's score can grow in the game.
        gain: i64,
    },
}

/// The old name of [`ConfigError`]: the error of building a game from its configuration is
/// `ConfigError` in every game crate.
#[deprecated(note = "renamed `ConfigError`, as in every game crate")]
pub type GameError = ConfigError;

/// Why a recorded board cannot become a [`State`] of a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StateError {
    /// The board lists another number of vertices than the map has.
    #[error("{found} vertex records for a map of {expected} vertices")]
    VertexCount {
        /// Vertices of the map.
        expected: usize,
        /// Records given.
        found: usize,
    },
    /// Another number of bikes than the game has.
    #[error("{found} bikes for a game of {expected}")]
    BikeCount {
        /// Bikes of the game.
        expected: usize,
        /// Bikes given.
        found: usize,
    },
    /// Another number of scores than players.
    #[error("{found} scores for {expected} players")]
    ScoreCount {
        /// Players.
        expected: usize,
        /// Scores given.
        found: usize,
    },
    /// A wall or ghost-stack entry that is not a bike id.
    #[error("vertex {vertex}: {value} is not a bike id")]
    BadBikeId {
        /// The vertex.
        vertex: usize,
        /// The rejected id.
        value: i32,
    },
    /// A bike field out of range.
    #[error("bike {bike}: {what} {value} out of range")]
    BadBike {
        /// The bike.
        bike: usize,
        /// The field.
        what: &'static str,
        /// The rejected value.
        value: i32,
    },
    /// A negative round.
    #[error("round {0} is negative")]
    BadRound(i32),
    /// A starting score from which the game's points could pass `i32::MAX` (see
    /// [`ConfigError::ScoreOverflow`]).
    #[error(
        "player {player}: score {score} could grow by {gain} in this game, beyond the int range"
    )]
    ScoreOverflow {
        /// The player.
        player: usize,
        /// The rejected starting score.
        score: i32,
        /// The most a player's score can grow in the game ([`Game::max_score_gain`]).
        gain: i64,
    },
}

/// A board and its parameters: validated once, shared by reference.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(from = "GameParts"))]
pub struct Game {
    board: Board,
    config: Config,
    /// The tensor action space, derived from `board` and `config` when the game is made (not
    /// serialised): the tensor methods run for every player in every step of a vectorised
    /// environment, and the board's largest degree is a pass over all its vertices.
    #[cfg_attr(feature = "serde", serde(skip_serializing))]
    pub(crate) space: crate::tensor::ActionSpace,
}

/// What a serialised [`Game`] holds; deserialising derives the rest.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename = "Game")]
struct GameParts {
    board: Board,
    config: Config,
}

#[cfg(feature = "serde")]
impl From<GameParts> for Game {
    fn from(parts: GameParts) -> Game {
        Game::assemble(parts.board, parts.config)
    }
}

impl Game {
    /// Validates `config` against `board` as the original asserts (`Board.cc:66-93`).
    pub fn new(board: Board, config: Config) -> Result<Game, ConfigError> {
        let c = &config;
        if c.nb_players < 2 {
            return Err(ConfigError::TooFewPlayers(c.nb_players));
        }
        if c.nb_players > MAX_PLAYERS {
            return Err(ConfigError::TooManyPlayers(c.nb_players));
        }
        if c.nb_bikes < 1 {
            return Err(ConfigError::NoBikes(c.nb_bikes));
        }
        let bikes = c.nb_players.saturating_mul(c.nb_bikes);
        if bikes > MAX_BIKES {
            return Err(ConfigError::TooManyBikes(bikes));
        }
        if bikes > board.spawns().len() {
            return Err(ConfigError::TooFewSpawns {
                bikes,
                spawns: board.spawns().len(),
            });
        }
        if c.nb_rounds < 1 {
            return Err(ConfigError::NoRounds);
        }
        if c.nb_rounds > MAX_ROUNDS {
            return Err(ConfigError::TooManyRounds(c.nb_rounds));
        }
        for (what, value) in [
            ("turbo_duration", c.turbo_duration),
            ("ghost_duration", c.ghost_duration),
            ("score_bonus", c.score_bonus),
        ] {
            if value < 0 {
                return Err(ConfigError::Negative { what, value });
            }
        }
        let game = Game::assemble(board, config);
        let gain = game.max_score_gain();
        if gain > i64::from(i32::MAX) {
            return Err(ConfigError::ScoreOverflow { gain });
        }
        Ok(game)
    }

    /// The game of `board` and `config` with its derived parts, unchecked.
    fn assemble(board: Board, config: Config) -> Game {
        let space = crate::tensor::ActionSpace::of(&board, &config);
        Game {
            board,
            config,
            space,
        }
    }

    /// The most one player's score can grow during a game: every bike scores at most
    /// [`SCORE_PER_ROUND`] per round, and each bonus vertex yields at most one Points item
    /// (items appear once, `Board.cc:413-422`). [`Game::new`] refuses games where this passes
    /// `i32::MAX`, and starting scores are checked against it, so scores never overflow.
    pub fn max_score_gain(&self) -> i64 {
        let c = &self.config;
        i64::from(c.nb_rounds) * c.nb_bikes as i64 * i64::from(SCORE_PER_ROUND)
            + self.board.bonus_vertices().len() as i64 * i64::from(c.score_bonus)
    }

    /// Checks starting scores (one per player) against [`Game::max_score_gain`].
    pub fn check_scores(&self, scores: &[i32]) -> Result<(), StateError> {
        if scores.len() != self.config.nb_players {
            return Err(StateError::ScoreCount {
                expected: self.config.nb_players,
                found: scores.len(),
            });
        }
        let gain = self.max_score_gain();
        for (player, &score) in scores.iter().enumerate() {
            if i64::from(score) + gain > i64::from(i32::MAX) {
                return Err(StateError::ScoreOverflow {
                    player,
                    score,
                    gain,
                });
            }
        }
        Ok(())
    }

    /// Checks a state the game did not build (a [`State`] read with serde) against this game
    /// before it is used: the game's numbers of players and bikes; every bike's player and
    /// vertex in range; walls and items only on the board's vertices, every wall owned by a bike
    /// of the game; ghost stacks on the board's vertices naming bikes of the game; at most
    /// `nb_rounds` rounds left; starting scores that cannot pass the int range (see
    /// [`Game::max_score_gain`]). Every method of the game accepts a state that passes (and the
    /// states it advances to) without a panic; the first refused field is named with its value.
    /// The contract's [`validate`](pathfind::tree::Game::validate).
    ///
    /// ```
    /// use tron3d::{Game, Preset};
    ///
    /// let game = Game::new(Preset::Grid.board(), Preset::Grid.config())?;
    /// let state = game.initial_state(1);
    /// assert!(game.validate(&state).is_ok());
    /// # Ok::<(), tron3d::ConfigError>(())
    /// ```
    pub fn validate(&self, state: &State) -> Result<(), InvalidState> {
        let n = self.board.nb_vertices();
        let nb = self.nb_bikes();
        let players = self.config.nb_players;
        if usize::from(state.nb_players) != players {
            return Err(InvalidState::new(
                "nb_players",
                state.nb_players,
                format!("the game's {players} players"),
            ));
        }
        if usize::from(state.nb_bikes) != nb {
            return Err(InvalidState::new(
                "nb_bikes",
                state.nb_bikes,
                format!("the game's {nb} bikes"),
            ));
        }
        for (k, bike) in state.bikes[..nb].iter().enumerate() {
            if usize::from(bike.player) >= players {
                return Err(InvalidState::new(
                    format!("bikes[{k}].player"),
                    bike.player,
                    format!("a player below {players}"),
                ));
            }
            if usize::from(bike.vertex) >= n {
                return Err(InvalidState::new(
                    format!("bikes[{k}].vertex"),
                    bike.vertex,
                    format!("a vertex of the board (below {n})"),
                ));
            }
        }
        let off_board = |set: &crate::VertexSet| set.iter().find(|&v| v >= n);
        if let Some(v) = off_board(&state.walls) {
            return Err(InvalidState::new(
                "walls",
                v,
                format!("vertices of the board (below {n})"),
            ));
        }
        for (i, bits) in state.item_bits.iter().enumerate() {
            if let Some(v) = off_board(bits) {
                return Err(InvalidState::new(
                    format!("item_bits[{i}]"),
                    v,
                    format!("vertices of the board (below {n})"),
                ));
            }
        }
        for v in state.walls.iter() {
            if let Some(owner) = state.wall(v).filter(|&b| usize::from(b) >= nb) {
                return Err(InvalidState::new(
                    format!("owner of vertex {v}"),
                    owner,
                    format!("a bike below {nb}"),
                ));
            }
        }
        for (i, mark) in state.ghost_marks.iter().enumerate() {
            if usize::from(mark.vertex) >= n {
                return Err(InvalidState::new(
                    format!("ghost_marks[{i}].vertex"),
                    mark.vertex,
                    format!("a vertex of the board (below {n})"),
                ));
            }
            if usize::from(mark.bike) >= nb {
                return Err(InvalidState::new(
                    format!("ghost_marks[{i}].bike"),
                    mark.bike,
                    format!("a bike below {nb}"),
                ));
            }
        }
        let left = state.last_round.saturating_sub(state.round);
        if left > self.config.nb_rounds {
            return Err(InvalidState::new(
                "last_round",
                state.last_round,
                format!(
                    "at most the game's {} rounds after round {}",
                    self.config.nb_rounds, state.round
                ),
            ));
        }
        let gain = self.max_score_gain();
        for (p, &score) in state.scores[..players].iter().enumerate() {
            if i64::from(score) + gain > i64::from(i32::MAX) {
                return Err(InvalidState::new(
                    format!("scores[{p}]"),
                    score,
                    format!(
                        "a score that cannot pass the int range with the game's {gain} points to win"
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The parameters.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The number of bikes of the game.
    pub fn nb_bikes(&self) -> usize {
        self.config.total_bikes()
    }

    /// The state before the first round: bike `k` of player `k % P` on `spawns[k]`, its spawn
    /// walled (`Board.cc:136-163`); `seed` seeds the state's generator.
    pub fn initial_state(&self, seed: u64) -> State {
        let mut state = State::empty(self.config.nb_players, self.nb_bikes(), seed);
        state.last_round = self.config.nb_rounds;
        for k in 0..self.nb_bikes() {
            let vertex = self.board.spawns()[k];
            state.bikes[k] = Bike {
                player: (k % self.config.nb_players) as PlayerId,
                item: Item::None,
                vertex,
                turbo: 0,
                ghost: 0,
                alive: true,
            };
            state.set_wall(vertex as usize, k as u8);
        }
        state
    }

    /// A state from recorded parts (a resumed `.cnf` board or a `.t3d` board): `round`, the
    /// scores, per vertex (wall, item, ghost stack bottom to top) and the bikes. The game then
    /// runs `nb_rounds` more rounds, as the original's `Game` does when resuming (`Game.cc:35`).
    pub fn state_from_parts(
        &self,
        round: i32,
        scores: &[i32],
        vertices: &[(i32, Item, &[i32])],
        bikes: &[Bike],
        seed: u64,
    ) -> Result<State, StateError> {
        let n = self.board.nb_vertices();
        let nb = self.nb_bikes();
        if round < 0 {
            return Err(StateError::BadRound(round));
        }
        if vertices.len() != n {
            return Err(StateError::VertexCount {
                expected: n,
                found: vertices.len(),
            });
        }
        if bikes.len() != nb {
            return Err(StateError::BikeCount {
                expected: nb,
                found: bikes.len(),
            });
        }
        self.check_scores(scores)?;
        let mut state = State::empty(self.config.nb_players, nb, seed);
        state.round = round as u32;
        state.last_round = state.round + self.config.nb_rounds;
        state.scores[..scores.len()].copy_from_slice(scores);
        for (v, &(wall, item, stack)) in vertices.iter().enumerate() {
            if wall != -1 {
                if wall < 0 || wall as usize >= nb {
                    return Err(StateError::BadBikeId {
                        vertex: v,
                        value: wall,
                    });
                }
                state.set_wall(v, wall as u8);
            }
            state.set_item(v, item);
            for &id in stack {
                if id < 0 || id as usize >= nb {
                    return Err(StateError::BadBikeId {
                        vertex: v,
                        value: id,
                    });
                }
                state.ghost_marks.push(GhostMark {
                    vertex: v as VertexId,
                    bike: id as u8,
                });
            }
        }
        for (k, bike) in bikes.iter().enumerate() {
            if bike.player as usize >= self.config.nb_players {
                return Err(StateError::BadBike {
                    bike: k,
                    what: "player",
                    value: i32::from(bike.player),
                });
            }
            if bike.vertex as usize >= n {
                return Err(StateError::BadBike {
                    bike: k,
                    what: "vertex",
                    value: i32::from(bike.vertex),
                });
            }
            state.bikes[k] = *bike;
        }
        Ok(state)
    }

    /// Whether bike `k` could execute `movement` now (the checks of `Board.cc:286-318`): the
    /// move may still crash.
    pub fn is_valid(&self, state: &State, player: PlayerId, movement: &Movement) -> bool {
        let nb = self.nb_bikes() as i64;
        let unit = i64::from(movement.bike);
        if unit < 0 || unit >= nb {
            return false;
        }
        let bike = &state.bikes[unit as usize];
        bike.player == player
            && self
                .board
                .is_neighbour(bike.vertex as usize, i64::from(movement.to))
            && bike.alive
            && !(state.round % 2 == 1 && bike.turbo <= 0)
    }

    /// Fills `buf` with every valid movement of `player`'s bikes this round, grouped by bike
    /// (ascending id), each neighbour in file order, followed by the same move using the held
    /// item when the bike holds one (moves into walls included). Allocates nothing once `buf`
    /// has grown.
    pub fn legal_movements(&self, state: &State, player: PlayerId, buf: &mut Vec<Movement>) {
        buf.clear();
        for k in state.bikes_of(player) {
            if !state.must_move(k) {
                continue;
            }
            let bike = &state.bikes[k];
            for &to in self.board.neighbours(bike.vertex as usize) {
                buf.push(Movement::new(k, to as usize));
                if bike.item != Item::None {
                    buf.push(Movement::using_item(k, to as usize));
                }
            }
        }
    }

    /// Fills `buf` with `player`'s joint actions this round: one movement for each of its bikes
    /// that has to move, in every combination (the last bike varying fastest). A bike's options
    /// are the neighbours it survives entering on its own (free, or it is a ghost), in file
    /// order, each followed by the same move using its held item where the item keeps it alive
    /// (a Ghost lets it enter a wall too). A bike with no such option gets no movement: it dies
    /// whatever it is ordered, as a crash or a missing move kills it alike. A player with no
    /// bike to move has one action, the empty one.
    ///
    /// Bounded: at most [`MAX_JOINT_ACTIONS`]. When the combinations would pass it, the item
    /// variants are left out; if they still would, only the first `MAX_JOINT_ACTIONS`
    /// combinations are listed (the original's boards give at most 6 neighbours, so 4 × 6
    /// combinations at most for 2 bikes and 216 for 3). Any other command is still accepted by
    /// [`Game::advance`] (see [`Game::legal_movements`]). Allocates nothing once `buf` has grown.
    ///
    /// `player` is a contract player number (`0..nb_players`, the [`PlayerId`] as a `usize`), as
    /// in [`pathfind::tree::Game::legal_actions`]; any other number gets no action.
    pub fn legal_actions(&self, state: &State, player: usize, buf: &mut Vec<Action>) {
        buf.clear();
        if state.is_over() || player >= self.config.nb_players {
            return;
        }
        // `nb_players <= MAX_PLAYERS` (checked by `Game::new`), so the id fits.
        let player = player as PlayerId;
        // Per bike that must move: its options (target, uses item).
        let mut options: [SmallVec<[(VertexId, bool); 16]>; MAX_BIKES_PER_PLAYER] =
            Default::default();
        let mut bikes = [0u8; MAX_BIKES_PER_PLAYER];
        let mut count = 0;
        for with_items in [true, false] {
            count = 0;
            let mut product: usize = 1;
            for k in state.bikes_of(player) {
                if !state.must_move(k) || count == MAX_BIKES_PER_PLAYER {
                    continue;
                }
                let bike = &state.bikes[k];
                let list = &mut options[count];
                list.clear();
                for &to in self.board.neighbours(bike.vertex as usize) {
                    let free = !state.walls.contains(to as usize);
                    if free || bike.ghost > 0 {
                        list.push((to, false));
                    }
                    if with_items
                        && bike.item != Item::None
                        && (free || bike.ghost > 0 || bike.item == Item::Ghost)
                    {
                        list.push((to, true));
                    }
                }
                if list.is_empty() {
                    continue;
                }
                bikes[count] = k as u8;
                product = product.saturating_mul(list.len());
                count += 1;
            }
            if product <= MAX_JOINT_ACTIONS {
                break;
            }
        }
        // Mixed-radix enumeration, last bike fastest.
        let mut digits = [0usize; MAX_BIKES_PER_PLAYER];
        loop {
            let mut action = Action::new();
            for i in 0..count {
                let (to, use_item) = options[i][digits[i]];
                action.push(Movement {
                    bike: i32::from(bikes[i]),
                    to: i32::from(to),
                    use_item,
                });
            }
            buf.push(action);
            if buf.len() == MAX_JOINT_ACTIONS {
                return;
            }
            let mut i = count;
            loop {
                if i == 0 {
                    return;
                }
                i -= 1;
                digits[i] += 1;
                if digits[i] < options[i].len() {
                    break;
                }
                digits[i] = 0;
            }
        }
    }

    /// Pure step: the state after one round (`step = clone + advance`), `actions[p]` being
    /// player `p`'s [`Action`] (a missing one moves nothing): the contract's
    /// [`step`](pathfind::tree::Game::step). [`Game::step_commands`] takes any [`Commands`]
    /// (an [`Actions`] filled by [`Game::demo_actions`], say).
    pub fn step(&self, state: &State, actions: &[Action]) -> State {
        self.step_commands(state, actions)
    }

    /// Plays one round in place, `actions[p]` being player `p`'s [`Action`] (a missing one moves
    /// nothing), drawing the player order and item types from the state's generator; returns
    /// what happened. The contract's [`advance`](pathfind::tree::Game::advance): advancing a
    /// finished game changes nothing. [`Game::advance_commands`] takes any [`Commands`].
    pub fn advance(&self, state: &mut State, actions: &[Action]) -> Events {
        self.advance_commands(state, actions)
    }

    /// [`Game::step`] with the commands given as any [`Commands`] (an [`Actions`], a slice or
    /// an array of [`Action`]s).
    pub fn step_commands<A: Commands + ?Sized>(&self, state: &State, actions: &A) -> State {
        let mut next = state.clone();
        self.advance_commands(&mut next, actions);
        next
    }

    /// [`Game::advance`] with the commands given as any [`Commands`] (an [`Actions`], a slice
    /// or an array of [`Action`]s).
    pub fn advance_commands<A: Commands + ?Sized>(&self, state: &mut State, actions: &A) -> Events {
        let mut events = Events::default();
        let mut rng = state.rng.clone();
        self.advance_into(state, actions, &mut rng, &mut events);
        state.rng = rng;
        events
    }

    /// Plays one round in place with the chance outcomes from `chance` (e.g. a
    /// [`crate::GlibcRand`] for the original's stream, or a recorded game).
    pub fn advance_with<A: Commands + ?Sized, C: Chance + ?Sized>(
        &self,
        state: &mut State,
        actions: &A,
        chance: &mut C,
    ) -> Events {
        let mut events = Events::default();
        self.advance_into(state, actions, chance, &mut events);
        events
    }

    /// [`Game::advance_with`] writing into a reused `events`.
    pub fn advance_into<A: Commands + ?Sized, C: Chance + ?Sized>(
        &self,
        state: &mut State,
        actions: &A,
        chance: &mut C,
        events: &mut Events,
    ) {
        events.clear();
        if state.is_over() {
            return;
        }
        let config = &self.config;
        let nb_players = config.nb_players;
        let nb_bikes = self.nb_bikes();
        let odd = state.round % 2 == 1;

        // Board.cc:265-269: shuffle the players.
        let mut order = [0 as PlayerId; MAX_PLAYERS];
        for (p, slot) in order.iter_mut().enumerate().take(nb_players) {
            *slot = p as PlayerId;
        }
        chance.shuffle_players(&mut order[..nb_players]);
        events.order.extend_from_slice(&order[..nb_players]);

        let mut moved = BikeSet::default();
        for &player in &order[..nb_players] {
            for m in actions.commands(player) {
                // Board.cc:286-318: skip invalid commands.
                if m.bike < 0 || m.bike as usize >= nb_bikes {
                    continue;
                }
                let k = m.bike as usize;
                let bike = state.bikes[k];
                if bike.player != player
                    || !self
                        .board
                        .is_neighbour(bike.vertex as usize, i64::from(m.to))
                    || !bike.alive
                    || moved.contains(k)
                    || (odd && bike.turbo <= 0)
                {
                    continue;
                }
                events.executed.push(*m);
                let to = m.to as usize;
                let bike = &mut state.bikes[k];
                // Board.cc:324-340: the item is used before the move.
                if m.use_item {
                    match bike.item {
                        Item::Ghost => bike.ghost = config.ghost_duration,
                        Item::Turbo => bike.turbo = config.turbo_duration,
                        _ => {}
                    }
                    bike.item = Item::None;
                }
                // Board.cc:346: the bike is at the target even if it crashes there.
                bike.vertex = to as VertexId;
                let ghost = bike.ghost > 0;
                if !state.walls.contains(to) {
                    state.set_wall(to, k as u8);
                } else if !ghost {
                    events.crashed.insert(k);
                    continue;
                } else {
                    // Board.cc:357-359: a ghost over a wall leaves the wall, joins its stack.
                    state.ghost_marks.push(GhostMark {
                        vertex: to as VertexId,
                        bike: k as u8,
                    });
                }
                let item = state.item(to);
                if item != Item::None {
                    if item == Item::Points {
                        // Never saturates in a game built by `Game::new` (see `max_score_gain`); a
                        // hand-made (deserialised) state stops at the int range instead of wrapping.
                        let score = &mut state.scores[player as usize];
                        *score = score.saturating_add(config.score_bonus);
                    } else {
                        state.bikes[k].item = item;
                    }
                    state.set_item(to, Item::None);
                    events.pickups.push((k as u8, to as VertexId, item));
                }
                moved.insert(k);
            }
        }

        // Board.cc:379-410: score the bikes that moved, blow up those that had to and did not.
        for k in 0..nb_bikes {
            let bike = &mut state.bikes[k];
            if !bike.alive || (odd && bike.turbo <= 0) {
                continue;
            }
            if moved.contains(k) {
                if bike.ghost > 0 {
                    bike.ghost -= 1;
                }
                if bike.turbo > 0 {
                    bike.turbo -= 1;
                }
                let score = &mut state.scores[bike.player as usize];
                *score = score.saturating_add(SCORE_PER_ROUND);
            } else {
                bike.alive = false;
                bike.ghost = 0;
                bike.turbo = 0;
                events.died.insert(k);
                // Board.cc:396-407: the trail goes, except where a ghost inherits the wall.
                let walls = state.walls;
                for v in walls.iter() {
                    if state.wall(v) == Some(k as u8) {
                        let heir = state.pop_ghost(v).unwrap_or(NO_WALL);
                        state.set_wall(v, heir);
                    }
                }
            }
        }

        state.round += 1;
        // Board.cc:413-422: the items appear once, on free bonus vertices.
        if i64::from(state.round) == i64::from(config.bonus_round) {
            events.items_spawned = true;
            for &v in self.board.bonus_vertices() {
                if !state.walls.contains(v as usize) {
                    let item = chance.bonus_item(v);
                    state.set_item(v as usize, item);
                }
            }
        }
    }

    /// The number of players (`nb_players`): the contract's
    /// [`players`](pathfind::tree::Game::players).
    pub fn players(&self) -> usize {
        self.config.nb_players
    }

    /// The players who act in `state`: every player until the last round has been played, then
    /// none (players whose bikes are all dead act too, with the empty [`Action`]). The
    /// contract's [`to_move`](pathfind::tree::Game::to_move).
    pub fn to_move(&self, state: &State) -> pathfind::tree::PlayerSet {
        if state.is_over() {
            pathfind::tree::PlayerSet::EMPTY
        } else {
            pathfind::tree::PlayerSet::all(self.config.nb_players)
        }
    }

    /// Whether the game is over: every round has been played ([`State::is_over`]; the original
    /// plays all `nb_rounds` rounds even when every bike is dead). The only limit of the game.
    pub fn is_terminal(&self, state: &State) -> bool {
        state.is_over()
    }

    /// What `player` is told: everything (Tron3D hides nothing; the original's AIs read the
    /// whole board), so the observation is the state itself.
    pub fn observe(&self, state: &State, _player: usize) -> Observation {
        state.clone()
    }

    /// One value per player in `[0, 1]` into `out[..nb_players]`: the share of opponents it
    /// beats (a tie counts half). In a terminal state by the final scores (the single winner 1,
    /// the single last 0); elsewhere by projected scores: the score plus 10 per live bike for
    /// each even round left, an estimate for search.
    pub fn returns(&self, state: &State, out: &mut [f64]) {
        let n = self.config.nb_players;
        let mut projected = [0i64; MAX_PLAYERS];
        for (p, slot) in projected.iter_mut().enumerate().take(n) {
            *slot = i64::from(state.scores[p]);
        }
        if !state.is_over() {
            let even_rounds_left = i64::from((state.last_round - state.round).div_ceil(2));
            for bike in state.bikes() {
                if bike.alive {
                    projected[bike.player as usize] +=
                        i64::from(SCORE_PER_ROUND) * even_rounds_left;
                }
            }
        }
        for (p, slot) in out.iter_mut().enumerate().take(n) {
            let mut beaten = 0.0;
            for q in 0..n {
                if q != p {
                    beaten += match projected[p].cmp(&projected[q]) {
                        std::cmp::Ordering::Greater => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Less => 0.0,
                    };
                }
            }
            *slot = beaten / (n - 1) as f64;
        }
    }

    /// The result once every round has been played.
    pub fn outcome(&self, state: &State) -> Option<Outcome> {
        if !state.is_over() {
            return None;
        }
        Some(outcome_of(state.scores()))
    }

    /// Plays the original's Demo AI for every player with the state's own generator, for quick
    /// random games: clears `actions` and fills it with every player's commands (play them with
    /// [`Game::advance_commands`]). One player's Demo as a contract
    /// [`Action`] is [`crate::demo::action`].
    pub fn demo_actions(&self, state: &mut State, actions: &mut Actions) {
        actions.clear();
        let mut rng = state.rng.clone();
        for p in 0..self.config.nb_players {
            crate::demo::play(self, state, p as PlayerId, &mut rng, actions);
        }
        state.rng = rng;
    }
}
