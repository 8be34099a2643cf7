//! World setup: the [`Game`] (a world's fixed part, built once from its [`Config`] and [`Setup`]),
//! new worlds (random, from a cloud list, or the setup's own with its players) and players joining.
//! Section numbers (§) refer to `rules/cloudwars.md`.

use std::sync::Arc;

use rand::Rng;

use crate::cloud::{Cloud, Color, Player, PlayerId, Uid, Vec2};
use crate::error::ConfigError;
use crate::physics::kill_ring_vectors;
use crate::state::{Config, MAX_PLAYERS, Setup, State, WindStrength, WorldParams};

/// One cloud of an explicit world: what a scenario file or a loaded world lists.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CloudSpec {
    /// The centre.
    pub pos: Vec2,
    /// The velocity.
    pub vel: Vec2,
    /// The vapor.
    pub vapor: f32,
    /// The owning player, or `None` for a raincloud. Each player cloud gets its own [`PlayerId`].
    pub player: Option<Player>,
}

/// Attempts for random player placement before [`ConfigError::NoFreeSpot`].
pub const PLACEMENT_ATTEMPTS: u32 = 100_000;

/// A CloudWars world's fixed part: its [`Config`], the [`Setup`] of new games and the
/// precomputed kill ring and wind directions. Built once and shared by reference; all changing
/// data is in [`State`]. Fields are private so the precomputed tables always match.
#[derive(Debug, Clone, PartialEq)]
pub struct Game {
    pub(crate) config: Config,
    pub(crate) setup: Setup,
    pub(crate) kill_ring: [Vec2; 36],
    /// Unit vectors of the setup's wind directions.
    pub(crate) directions: Vec<Vec2>,
}

impl Game {
    /// A game with this configuration (the board must be at least 1×1) and the default
    /// [`Setup`] (the original server's world: 100 rainclouds, 3 players).
    pub fn new(config: Config) -> Result<Game, ConfigError> {
        Game::with_setup(config, Setup::default())
    }

    /// A game with this configuration and setup (checked: 1 to 64 players of finite vapor at
    /// least 2, at most 65 535 clouds in all, 1 to 360 wind directions, finite strengths).
    pub fn with_setup(config: Config, setup: Setup) -> Result<Game, ConfigError> {
        if config.width < 1 || config.height < 1 {
            return Err(ConfigError::BadSize {
                width: config.width,
                height: config.height,
            });
        }
        let bad = |field, value: String, reason| {
            Err(ConfigError::BadSetup {
                field,
                value,
                reason,
            })
        };
        if !(1..=MAX_PLAYERS).contains(&setup.players) {
            return bad("players", setup.players.to_string(), "1 to 64");
        }
        let vapor = setup.params.player_vapor;
        if !(vapor.is_finite() && vapor >= 2.0) {
            return bad("player_vapor", vapor.to_string(), "finite, at least 2");
        }
        if setup.params.rainclouds + setup.players > u16::MAX as usize {
            return bad(
                "rainclouds",
                setup.params.rainclouds.to_string(),
                "at most 65535 clouds with the players",
            );
        }
        if !(setup.params.max_wind.is_finite() && setup.params.max_vapor.is_finite()) {
            return bad(
                "max_wind/max_vapor",
                format!("{}/{}", setup.params.max_wind, setup.params.max_vapor),
                "finite",
            );
        }
        if !(1..=360).contains(&setup.winds.directions) {
            return bad(
                "winds.directions",
                setup.winds.directions.to_string(),
                "1 to 360",
            );
        }
        for s in &setup.winds.strengths {
            let (WindStrength::Absolute(v) | WindStrength::OfVapor(v)) = *s;
            if !v.is_finite() {
                return bad("winds.strengths", v.to_string(), "finite");
            }
        }
        let n = setup.winds.directions;
        let directions = (0..n)
            .map(|k| {
                let angle = f32::from(k) * (2.0 * std::f32::consts::PI / f32::from(n));
                Vec2::new(angle.cos(), angle.sin())
            })
            .collect();
        Ok(Game {
            config,
            setup,
            kill_ring: kill_ring_vectors(),
            directions,
        })
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// What [`initial_state`](Game::initial_state) builds and
    /// [`legal_actions`](Game::legal_actions) lists.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The number of players of [`initial_state`](Game::initial_state)'s games.
    pub fn players(&self) -> usize {
        self.setup.players
    }

    /// A new game, seeded: [`new_world`](Game::new_world) with the setup's parameters, then the
    /// setup's players (`P1`, `P2`, ...; colours blue, gray, orange, purple, red in turn) joining
    /// at random free spots in order, as the original server places them. On a board too
    /// crowded to find a free spot in [`PLACEMENT_ATTEMPTS`] draws, the player takes the last
    /// spot drawn (the original would retry for ever).
    pub fn initial_state(&self, seed: u64) -> State {
        let mut state = self.new_world(&self.setup.params, seed);
        for i in 0..self.setup.players {
            let player = Player {
                name: format!("P{}", i + 1),
                color: Color::ALL[i % Color::ALL.len()],
            };
            let vapor = self.setup.params.player_vapor;
            if let Err(ConfigError::NoFreeSpot { .. }) =
                self.add_player(&mut state, player.clone(), None, vapor)
            {
                let pos = Vec2::new(
                    state.rng.random::<f32>() * self.config.width as f32,
                    state.rng.random::<f32>() * self.config.height as f32,
                );
                // Checked by with_setup: fewer than 65 535 clouds and 64 players.
                let _ = self.add_player(&mut state, player, Some(pos), vapor);
            }
        }
        state
    }

    /// The 36 winds `kill` applies, `NewVelocityByAngle(i, 2.5)` for `i = 0, 10, …, 350`.
    pub fn kill_ring(&self) -> &[Vec2; 36] {
        &self.kill_ring
    }

    // ---------------------------------------------------------------- world creation (§5)

    /// A new world with `params.rainclouds` random rainclouds and no players, like `NewWorld`
    /// (`core/world.go:42-65`) but with our own seeded generator: per cloud five uniform `f32`
    /// draws give `x = r0*W`, `y = r1*H`, `vx = (2*r2-1)*max_wind`, `vy = (2*r3-1)*max_wind`,
    /// `vapor = r4*max_vapor`. As in the original there is no overlap check.
    pub fn new_world(&self, params: &WorldParams, seed: u64) -> State {
        let mut state = State::empty(seed);
        let w = self.config.width as f32;
        let h = self.config.height as f32;
        for _ in 0..params.rainclouds.min(u16::MAX as usize) {
            let r: [f32; 5] = std::array::from_fn(|_| state.rng.random::<f32>());
            let pos = Vec2::new(r[0] * w, r[1] * h);
            let vel = Vec2::new(
                (2.0 * r[2] - 1.0) * params.max_wind,
                (2.0 * r[3] - 1.0) * params.max_wind,
            );
            let mut cloud = Cloud::raincloud(pos, vel, r[4] * params.max_vapor);
            cloud.uid = next_uid(&mut state);
            state.clouds.push(cloud);
        }
        state
    }

    /// A world from an explicit list of clouds, in list order (the scenario files' and the
    /// original's `FromJson` way). UIDs come from the generator seeded with `seed`; the
    /// statistics start at zero, as before the first update.
    pub fn world_from_clouds(&self, clouds: &[CloudSpec], seed: u64) -> Result<State, ConfigError> {
        if clouds.len() > u16::MAX as usize {
            return Err(ConfigError::TooManyClouds {
                count: clouds.len(),
            });
        }
        let player_count = clouds.iter().filter(|c| c.player.is_some()).count();
        if player_count > 255 {
            return Err(ConfigError::TooManyPlayers {
                count: player_count,
            });
        }
        let mut state = State::empty(seed);
        let mut players = Vec::with_capacity(player_count);
        for (index, spec) in clouds.iter().enumerate() {
            check_finite(index, spec)?;
            let mut cloud = Cloud::raincloud(spec.pos, spec.vel, spec.vapor);
            if let Some(player) = &spec.player {
                cloud.owner = Some(PlayerId(players.len() as u8));
                players.push(player.clone());
            }
            cloud.uid = next_uid(&mut state);
            state.clouds.push(cloud);
        }
        state.players = Arc::new(players);
        Ok(state)
    }

    /// Adds a player's thunderstorm with velocity 0 at the end of the list, like `AddPlayer`
    /// (`core/world.go:176-208`). With `pos == None` it draws random positions on the board until
    /// the new circle overlaps no cloud (the original retries for ever; we give up after
    /// [`PLACEMENT_ATTEMPTS`]).
    pub fn add_player(
        &self,
        state: &mut State,
        player: Player,
        pos: Option<Vec2>,
        vapor: f32,
    ) -> Result<PlayerId, ConfigError> {
        if state.players.len() >= 255 {
            return Err(ConfigError::TooManyPlayers {
                count: state.players.len() + 1,
            });
        }
        if state.clouds.len() >= u16::MAX as usize {
            return Err(ConfigError::TooManyClouds {
                count: state.clouds.len() + 1,
            });
        }
        let id = PlayerId(state.players.len() as u8);
        let mut cloud = Cloud::raincloud(pos.unwrap_or_default(), Vec2::default(), vapor);
        cloud.owner = Some(id);
        check_finite(
            state.clouds.len(),
            &CloudSpec {
                pos: cloud.pos,
                vel: cloud.vel,
                vapor,
                player: None,
            },
        )?;
        if pos.is_none() {
            let w = self.config.width as f32;
            let h = self.config.height as f32;
            let mut attempts = 0;
            loop {
                if attempts == PLACEMENT_ATTEMPTS {
                    return Err(ConfigError::NoFreeSpot { attempts });
                }
                attempts += 1;
                cloud.pos = Vec2::new(state.rng.random::<f32>() * w, state.rng.random::<f32>() * h);
                if !state.clouds.iter().any(|o| cloud.intersects(o)) {
                    break;
                }
            }
        }
        cloud.uid = next_uid(state);
        state.scratch.fresh = false;
        state.clouds.push(cloud);
        Arc::make_mut(&mut state.players).push(player);
        Ok(id)
    }
}

fn check_finite(index: usize, spec: &CloudSpec) -> Result<(), ConfigError> {
    for (field, value) in [
        ("x", spec.pos.x),
        ("y", spec.pos.y),
        ("vx", spec.vel.x),
        ("vy", spec.vel.y),
        ("vapor", spec.vapor),
    ] {
        if !value.is_finite() {
            return Err(ConfigError::NonFinite {
                index,
                field,
                value,
            });
        }
    }
    Ok(())
}

/// A fresh UID from the state's generator (six random bytes, as the original's `NewUid`).
pub(crate) fn next_uid(state: &mut State) -> Uid {
    let bytes: [u8; 6] = std::array::from_fn(|_| state.rng.random::<u8>());
    Uid::from_random_bytes(bytes)
}
/// Adds a spawned cloud (an exhaust or a kill-ring cloud) at the end of the list with a fresh UID.
#[doc(hidden)]
pub fn push_spawned(state: &mut State, mut spawned: Cloud) {
    spawned.uid = next_uid(state);
    state.scratch.fresh = false;
    state.clouds.push(spawned);
}
