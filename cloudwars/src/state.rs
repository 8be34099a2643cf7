//! The game's parameters ([`Config`], [`WorldParams`]) and everything that changes during a game
//! ([`State`]).

use std::sync::Arc;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::cloud::{Cloud, Player, PlayerId};
pub use crate::outcome::{Outcome, WinReason};

/// The fixed parameters of a world (`core/world.go:16-34`). `Default` gives the original server's
/// values (`main.go:20-37`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Config {
    /// Board width in pixels (2048).
    pub width: i32,
    /// Board height in pixels (1152; the Go struct comment's 1024 is not what `main.go` uses).
    pub height: i32,
    /// Nominal iterations per second (60). It only sets the timeout: `3 * 60 * game_speed` iterations.
    pub game_speed: i32,
    /// The original's `SimSpeedUp` (1): a cloud moves `vel * 0.1 * sim_speed_up` per iteration;
    /// 0 counts as 1.
    pub sim_speed_up: i32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            width: 2048,
            height: 1152,
            game_speed: 60,
            sim_speed_up: 1,
        }
    }
}

impl Config {
    /// The iteration count after which the game is over by timeout: `3 * 60 * game_speed`
    /// (`core/world.go:295-329`); the win flag is set once `iteration` exceeds it.
    pub fn max_iterations(&self) -> i64 {
        3 * 60 * i64::from(self.game_speed)
    }
}

/// How [`Game::new_world`](crate::Game::new_world) fills a new world, after `NewWorld`
/// (`core/world.go:42-65`). `Default` gives the original server's values.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WorldParams {
    /// Number of rainclouds (100).
    pub rainclouds: usize,
    /// Each raincloud velocity component is uniform in `(-max_wind, max_wind)` (7).
    pub max_wind: f32,
    /// Raincloud vapor is uniform in `[0, max_vapor)` (200).
    pub max_vapor: f32,
    /// The vapor a joining player starts with (600; it was 1000 in 2011).
    pub player_vapor: f32,
}

impl Default for WorldParams {
    fn default() -> WorldParams {
        WorldParams {
            rainclouds: 100,
            max_wind: 7.0,
            max_vapor: 200.0,
            player_vapor: 600.0,
        }
    }
}

/// What [`Game::initial_state`](crate::Game::initial_state) builds and what
/// [`Game::legal_actions`](crate::Game::legal_actions) offers: the random world, the players, and
/// the discretisation of the continuous wind. `Default` gives the original server's world
/// (100 rainclouds, 3 players of 600 vapor) and 16 directions × 3 strengths.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// The rainclouds and the players' starting vapor.
    pub params: WorldParams,
    /// How many players join (1 to [`MAX_PLAYERS`]); they are named `P1`, `P2`, ... with the
    /// five colours in turn, and placed at random free spots, in order, with the seed.
    pub players: usize,
    /// The winds [`legal_actions`](crate::Game::legal_actions) lists.
    pub winds: WindGrid,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            params: WorldParams::default(),
            players: 3,
            winds: WindGrid::default(),
        }
    }
}

/// The most players a [`Setup`] may ask for (a search's player set holds 64).
pub const MAX_PLAYERS: usize = 64;

/// A discretisation of the wind for search: `directions` evenly spaced angles (starting at
/// +x, counter-clockwise in the board's coordinates, i.e. towards +y), each at every strength
/// of `strengths`. A strength is absolute vapor or a fraction of the storm's vapor; winds the
/// rules refuse (below 1, above half the vapor) are left out, so every listed action is legal.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WindGrid {
    /// Evenly spaced directions (1 to 360; 16 by default).
    pub directions: u16,
    /// The strengths, in order (by default 1, a twentieth and a fifth of the vapor).
    pub strengths: Vec<WindStrength>,
    /// Whether `kill` is listed (last). By default it is: it is legal while alive.
    pub kill: bool,
}

impl Default for WindGrid {
    fn default() -> WindGrid {
        WindGrid {
            directions: 16,
            strengths: vec![
                WindStrength::Absolute(1.0),
                WindStrength::OfVapor(0.05),
                WindStrength::OfVapor(0.2),
            ],
            kill: true,
        }
    }
}

/// One strength of a [`WindGrid`].
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WindStrength {
    /// This much vapor.
    Absolute(f32),
    /// This fraction of the storm's vapor.
    OfVapor(f32),
}

/// Who leads, as the original's `leader` string reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Leader {
    /// `""`: before the first update.
    #[default]
    Unknown,
    /// The living player with the most vapor (the earliest in the list on a tie).
    Player(PlayerId),
    /// `"no player alive"`.
    NoPlayerAlive,
}

/// The text the original uses for [`Leader::NoPlayerAlive`].
pub const NO_PLAYER_ALIVE: &str = "no player alive";

/// Everything that changes during a game: the cloud list, the players, the statistics of the last
/// update and the random generator (for new UIDs and random player placement).
///
/// Cloning copies the cloud list (about 32 bytes per cloud); the player list is shared.
#[derive(Debug, Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct State {
    pub(crate) clouds: Vec<Cloud>,
    pub(crate) players: Arc<Vec<Player>>,
    pub(crate) iteration: u64,
    pub(crate) world_vapor: f32,
    pub(crate) alive: u32,
    pub(crate) win: bool,
    pub(crate) leader: Leader,
    pub(crate) rng: Pcg64Mcg,
    /// Cloud indices sorted by `pos.x` from the last update: a cache for the sweep that prunes
    /// pairs which cannot touch. Not part of the game's state (ignored by `==`).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) sweep: Vec<u16>,
    /// Reused buffers of an update (sweep ranks, survivors, new indices), kept so that updates
    /// do not allocate once they have grown. Not part of the game's state.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) scratch: Scratch,
}

/// The buffers an update reuses (see [`State`]).
#[derive(Debug, Clone, Default)]
pub(crate) struct Scratch {
    pub(crate) rank: Vec<u16>,
    pub(crate) col: crate::sweep::Column,
    pub(crate) marks: Vec<u64>,
    pub(crate) radius: Vec<f32>,
    pub(crate) radius_of: Vec<u32>,
    pub(crate) kept: Vec<u64>,
    pub(crate) new_index: Vec<u16>,
    /// Whether the clouds are exactly as the last update left them, with its sweep (order,
    /// ranks, column, radii) still exact for them: the next update then skips comparing every
    /// cloud with its column entry. Cleared by everything else that changes the clouds
    /// ([`State::clouds_mut`], commands, spawned and added clouds).
    pub(crate) fresh: bool,
    /// The still world the last update found (see `Game::update`), if any.
    pub(crate) still: Still,
}

/// A still world: what an update proved about the clouds it left, so that the next updates
/// without commands can skip the physics. `keys[i]` holds the bits of cloud `i`'s `pos.x`,
/// `pos.y`, `vapor` and its owner; the proof holds while every key still matches.
#[derive(Debug, Clone, Default)]
pub(crate) struct Still {
    /// Whether `keys` describes a proven still world.
    pub(crate) valid: bool,
    /// The board (`width`, `height` bits) the proof was made on.
    pub(crate) board: [u32; 2],
    pub(crate) keys: Vec<[u32; 4]>,
    /// The velocities a still update is about to give the clouds (a buffer of `still_update`).
    pub(crate) vels: Vec<crate::cloud::Vec2>,
    /// The statistics every update of this world computes (they depend on the vapors only).
    pub(crate) world_vapor: f32,
    pub(crate) alive: u32,
}

impl Scratch {
    /// Keeps a sweep's buffers for the next update; returns its order (for `State::sweep`).
    pub(crate) fn put_back(&mut self, buffers: crate::sweep::SweepBuffers) -> Vec<u16> {
        self.rank = buffers.rank;
        self.col = buffers.col;
        self.marks = buffers.marks;
        self.radius = buffers.radius;
        self.radius_of = buffers.radius_of;
        buffers.order
    }
}

impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.clouds == other.clouds
            && self.players == other.players
            && self.iteration == other.iteration
            && self.world_vapor.to_bits() == other.world_vapor.to_bits()
            && self.alive == other.alive
            && self.win == other.win
            && self.leader == other.leader
            && self.rng == other.rng
    }
}

impl State {
    /// An empty world (no clouds, no players, zero statistics) with a seeded generator.
    pub fn empty(seed: u64) -> State {
        State {
            clouds: Vec::new(),
            players: Arc::new(Vec::new()),
            iteration: 0,
            world_vapor: 0.0,
            alive: 0,
            win: false,
            leader: Leader::Unknown,
            rng: Pcg64Mcg::seed_from_u64(seed),
            sweep: Vec::new(),
            scratch: Scratch::default(),
        }
    }

    /// The clouds in the original's list order: initial clouds, then players in joining order,
    /// then spawned rainclouds. Dead players stay in the list for ever.
    pub fn clouds(&self) -> &[Cloud] {
        &self.clouds
    }

    /// Mutable access to the clouds, for building test positions and search experiments.
    /// Keep each player's one cloud (an owner may appear once at most).
    pub fn clouds_mut(&mut self) -> &mut Vec<Cloud> {
        self.scratch.fresh = false;
        &mut self.clouds
    }

    /// The players, indexed by [`PlayerId`].
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// A player's entry.
    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players.get(id.index())
    }

    /// The first player with this name (the original's `World.Me(name)`).
    pub fn player_by_name(&self, name: &str) -> Option<PlayerId> {
        self.players
            .iter()
            .position(|p| p.name == name)
            .map(|i| PlayerId(i as u8))
    }

    /// The index in [`clouds`](State::clouds) of this player's cloud.
    pub fn cloud_index(&self, id: PlayerId) -> Option<usize> {
        self.clouds.iter().position(|c| c.owner == Some(id))
    }

    /// This player's cloud.
    pub fn cloud_of(&self, id: PlayerId) -> Option<&Cloud> {
        self.clouds.iter().find(|c| c.owner == Some(id))
    }

    /// How many updates have run.
    pub fn iteration(&self) -> u64 {
        self.iteration
    }

    /// The world vapor as the last update sampled it: each kept cloud's vapor right after its own
    /// update, summed in `f32` in list order. Transfers later in the same pass are not included.
    pub fn world_vapor(&self) -> f32 {
        self.world_vapor
    }

    /// How many clouds were alive right after their own update in the last pass.
    pub fn alive(&self) -> u32 {
        self.alive
    }

    /// The win flag of the last update.
    pub fn win_condition(&self) -> bool {
        self.win
    }

    /// The leader of the last update.
    pub fn leader(&self) -> Leader {
        self.leader
    }

    /// The leader as the original's string: a name, `"no player alive"` or `""`.
    pub fn leader_name(&self) -> &str {
        match self.leader {
            Leader::Unknown => "",
            Leader::NoPlayerAlive => NO_PLAYER_ALIVE,
            Leader::Player(id) => self.player(id).map_or("", |p| p.name.as_str()),
        }
    }

    /// The sum of every cloud's current vapor in list order (in `f32`).
    pub fn total_vapor(&self) -> f32 {
        self.clouds.iter().fold(0.0f32, |sum, c| sum + c.vapor)
    }

    /// FNV-1a 64 over the little-endian bits of `pos.x, pos.y, vel.x, vel.y, vapor` of every cloud
    /// in list order: the hash the golden traces record every iteration.
    pub fn float_hash(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for c in &self.clouds {
            for bits in c.float_bits() {
                for b in bits.to_le_bytes() {
                    h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
                }
            }
        }
        h
    }

    /// Sets the statistics (as a loaded world or a `list` reply carries them).
    pub fn set_stats(
        &mut self,
        iteration: u64,
        world_vapor: f32,
        alive: u32,
        win: bool,
        leader: Leader,
    ) {
        self.iteration = iteration;
        self.world_vapor = world_vapor;
        self.alive = alive;
        self.win = win;
        self.leader = leader;
    }
}

impl State {
    /// Whether the still-world shortcut's record is valid: the next update may take the
    /// shortcut. For the integration tests.
    #[doc(hidden)]
    pub fn still_shortcut_valid(&self) -> bool {
        self.scratch.still.valid
    }
}
