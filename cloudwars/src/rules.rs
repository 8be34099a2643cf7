//! The rules: one iteration (`World.Update` + `Cloud.update`), the move and kill commands, the win
//! test, and world creation. Section numbers (§) refer to `rules/cloudwars.md`.
//!
//! # Float determinism policy
//!
//! Every value is an `f32` and every operation is rounded to `f32` one at a time, in the order the
//! original writes it. `f64` appears only where the original converts: the bounce factor `0.6`
//! (§2.5) and the kill ring's `cos`/`sin` (§4). Square roots are computed in `f32`, which gives
//! the same bits as the original's `f32(sqrt_f64(f64(x)))`. No `mul_add`, no reassociation.

use std::sync::Arc;

use rand::Rng;
use smallvec::SmallVec;

use crate::action::{Action, Event, Events};
use crate::cloud::{Cloud, Color, Player, PlayerId, Uid, Vec2};
pub use crate::error::{CommandError, WorldError};
use crate::state::{
    Config, Leader, MAX_PLAYERS, Outcome, Setup, State, WinReason, WindStrength, WorldParams,
};

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

/// Attempts for random player placement before [`WorldError::NoFreeSpot`].
pub const PLACEMENT_ATTEMPTS: u32 = 100_000;

/// Below this many clouds an update compares every pair; above it, it sweeps along x.
const SWEEP_MIN_CLOUDS: usize = 12;

/// A CloudWars world's fixed part: its [`Config`], the [`Setup`] of new games and the
/// precomputed kill ring and wind directions. Built once and shared by reference; all changing
/// data is in [`State`]. Fields are private so the precomputed tables always match.
#[derive(Debug, Clone, PartialEq)]
pub struct Game {
    config: Config,
    setup: Setup,
    kill_ring: [Vec2; 36],
    /// Unit vectors of the setup's wind directions.
    directions: Vec<Vec2>,
}

impl Game {
    /// A game with this configuration (the board must be at least 1×1) and the default
    /// [`Setup`] (the original server's world: 100 rainclouds, 3 players).
    pub fn new(config: Config) -> Result<Game, WorldError> {
        Game::with_setup(config, Setup::default())
    }

    /// A game with this configuration and setup (checked: 1 to 64 players of finite vapor at
    /// least 2, at most 65 535 clouds in all, 1 to 360 wind directions, finite strengths).
    pub fn with_setup(config: Config, setup: Setup) -> Result<Game, WorldError> {
        if config.width < 1 || config.height < 1 {
            return Err(WorldError::BadSize {
                width: config.width,
                height: config.height,
            });
        }
        let bad = |field, value: String, reason| {
            Err(WorldError::BadSetup {
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
            if let Err(WorldError::NoFreeSpot { .. }) =
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
    pub fn world_from_clouds(&self, clouds: &[CloudSpec], seed: u64) -> Result<State, WorldError> {
        if clouds.len() > u16::MAX as usize {
            return Err(WorldError::TooManyClouds {
                count: clouds.len(),
            });
        }
        let player_count = clouds.iter().filter(|c| c.player.is_some()).count();
        if player_count > 255 {
            return Err(WorldError::TooManyPlayers {
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
    ) -> Result<PlayerId, WorldError> {
        if state.players.len() >= 255 {
            return Err(WorldError::TooManyPlayers {
                count: state.players.len() + 1,
            });
        }
        if state.clouds.len() >= u16::MAX as usize {
            return Err(WorldError::TooManyClouds {
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
                    return Err(WorldError::NoFreeSpot { attempts });
                }
                attempts += 1;
                cloud.pos = Vec2::new(state.rng.random::<f32>() * w, state.rng.random::<f32>() * h);
                if !state.clouds.iter().any(|o| cloud.intersects(o)) {
                    break;
                }
            }
        }
        cloud.uid = next_uid(state);
        state.clouds.push(cloud);
        Arc::make_mut(&mut state.players).push(player);
        Ok(id)
    }

    // ---------------------------------------------------------------- commands (§3, §4)

    /// Applies one player's command at once, as the original server does between two updates.
    ///
    /// A move spawns its exhaust raincloud at the end of the list; a kill fires the 36-cloud ring
    /// and destroys the rest of the vapor. On error nothing changes.
    pub fn apply(
        &self,
        state: &mut State,
        player: PlayerId,
        action: Action,
    ) -> Result<(), CommandError> {
        let index = state
            .cloud_index(player)
            .ok_or(CommandError::UnknownPlayer(player))?;
        match action {
            Action::Move(wind) => {
                let spawned = move_cloud(&mut state.clouds[index], wind)?;
                push_spawned(state, spawned);
                Ok(())
            }
            Action::Wait => Ok(()),
            Action::Kill => {
                if state.clouds[index].is_dead() {
                    // The server answers "err: you're already dead" and never calls Kill; the
                    // original Kill would only zero the vapor (core/cloud.go:178-195).
                    return Err(CommandError::AlreadyDead(player));
                }
                for wind in self.kill_ring {
                    if state.clouds[index].is_dead() {
                        break;
                    }
                    if let Ok(spawned) = move_cloud(&mut state.clouds[index], wind) {
                        push_spawned(state, spawned);
                    }
                }
                state.clouds[index].vapor = 0.0;
                Ok(())
            }
        }
    }

    /// Checks a command without applying it: the result [`apply`](Game::apply) would give.
    /// It depends only on the player's own cloud.
    pub fn check(
        &self,
        state: &State,
        player: PlayerId,
        action: Action,
    ) -> Result<(), CommandError> {
        let mut cloud = *state
            .cloud_of(player)
            .ok_or(CommandError::UnknownPlayer(player))?;
        match action {
            Action::Move(wind) => move_cloud(&mut cloud, wind).map(|_| ()),
            Action::Wait => Ok(()),
            Action::Kill if cloud.is_dead() => Err(CommandError::AlreadyDead(player)),
            Action::Kill => Ok(()),
        }
    }

    // ---------------------------------------------------------------- the step API

    /// The players who act: every living player (vapor at least 1, ids below 64) while the
    /// game is not over; nobody once it is.
    pub fn to_move(&self, state: &State) -> pathfind::tree::PlayerSet {
        let mut set = pathfind::tree::PlayerSet::EMPTY;
        if self.is_terminal(state) {
            return set;
        }
        for c in &state.clouds {
            if let Some(id) = c.owner
                && id.index() < pathfind::tree::PlayerSet::CAPACITY
                && !c.is_dead()
            {
                set = set.with(id.index());
            }
        }
        set
    }

    /// Whether the game is over: the win flag of the last update is set (a share above 51%, the
    /// timeout `iteration > 3 * 60 * game_speed`, or no player alive). This is the one meaning of
    /// "over" in the crate: [`outcome`](Game::outcome) is `Some` exactly then, and
    /// [`advance`](Game::advance) and [`step`](Game::step) change nothing then. (The original
    /// server plays on and its share flag can turn false again; [`advance_commands`](Game::advance_commands)
    /// and [`update`](Game::update) do so too, for replays and the server.)
    pub fn is_terminal(&self, state: &State) -> bool {
        state.win
    }

    /// One step with one action per player of [`to_move`](Game::to_move), in increasing player
    /// order (`actions[i]` belongs to the `i`-th player to move; missing ones wait, extra ones are
    /// ignored): the commands apply in player order, then one update runs. A refused command
    /// changes nothing and is reported in the events. A terminal state does not change.
    pub fn advance(&self, state: &mut State, actions: &[Action]) -> Events {
        if self.is_terminal(state) {
            return Events::new();
        }
        let movers = self.to_move(state);
        let mut commands: SmallVec<[(PlayerId, Action); 8]> = SmallVec::new();
        for (player, action) in movers.iter().zip(actions) {
            commands.push((PlayerId(player as u8), *action));
        }
        self.advance_commands(state, &commands)
    }

    /// The pure form of [`advance`](Game::advance): a copy of `state`, advanced.
    pub fn step(&self, state: &State, actions: &[Action]) -> State {
        let mut next = state.clone();
        self.advance(&mut next, actions);
        next
    }

    /// The original's free form of a step: any number of commands, from any player, applied in
    /// order (refused ones change nothing), then one update, whether or not the win flag is set.
    /// Returns each command's result and each player that died.
    pub fn advance_commands(&self, state: &mut State, commands: &[(PlayerId, Action)]) -> Events {
        let mut events = Events::new();
        for &(player, action) in commands {
            let result = self.apply(state, player, action);
            events.push(Event::Command {
                player,
                action,
                result,
            });
        }
        let mut alive_before: u64 = 0;
        for c in &state.clouds {
            if let Some(id) = c.owner
                && id.0 < 64
                && !c.is_dead()
            {
                alive_before |= 1 << id.0;
            }
        }
        self.update(state);
        for c in &state.clouds {
            if let Some(id) = c.owner
                && id.0 < 64
                && c.is_dead()
                && alive_before & (1 << id.0) != 0
            {
                events.push(Event::Died { player: id });
            }
        }
        events
    }

    /// The pure form of [`advance_commands`](Game::advance_commands).
    pub fn step_commands(&self, state: &State, commands: &[(PlayerId, Action)]) -> State {
        let mut next = state.clone();
        self.advance_commands(&mut next, commands);
        next
    }

    /// `player`'s legal actions in the setup's discretisation of the continuous wind
    /// ([`WindGrid`](crate::WindGrid)): first [`Action::Wait`], then for each strength in order
    /// each direction in order, leaving out the winds the rules refuse, then
    /// [`Action::Kill`] if the grid lists it. Empty for a player not to move (dead, unknown, or
    /// the game is over). Fills `buf` (cleared first) without allocating once it has grown.
    pub fn legal_actions(&self, state: &State, player: PlayerId, buf: &mut Vec<Action>) {
        buf.clear();
        if !self.to_move(state).contains(player.index()) {
            return;
        }
        let Some(cloud) = state.cloud_of(player) else {
            return;
        };
        buf.push(Action::Wait);
        for strength in &self.setup.winds.strengths {
            let strength = match *strength {
                WindStrength::Absolute(v) => v,
                WindStrength::OfVapor(f) => cloud.vapor * f,
            };
            for d in &self.directions {
                let action = Action::Move(Vec2::new(d.x * strength, d.y * strength));
                let mut copy = *cloud;
                if let Action::Move(wind) = action
                    && move_cloud(&mut copy, wind).is_ok()
                {
                    buf.push(action);
                }
            }
        }
        if self.setup.winds.kill {
            buf.push(Action::Kill);
        }
    }

    /// What a player is told: CloudWars hides nothing, so every player sees the whole state.
    /// The `list` JSON of it is [`WorldJson::from_state`](crate::protocol::WorldJson::from_state).
    pub fn observe(&self, state: &State, _player: PlayerId) -> State {
        state.clone()
    }

    /// One value per player in `[0, 1]` (written to `out[..players]`): in a finished game 1 for
    /// the winner and 0 for the others (all `1/n` when no player is alive); before, each
    /// player's share of the players' vapor (all `1/n` when they have none).
    pub fn returns(&self, state: &State, out: &mut [f64]) {
        let n = state.players.len().min(out.len());
        let share = if n == 0 { 0.0 } else { 1.0 / n as f64 };
        out[..n].iter_mut().for_each(|v| *v = 0.0);
        if self.is_terminal(state) {
            match state.leader {
                Leader::Player(id) if id.index() < n => out[id.index()] = 1.0,
                _ => out[..n].iter_mut().for_each(|v| *v = share),
            }
            return;
        }
        let mut total = 0.0f64;
        for c in &state.clouds {
            if let Some(id) = c.owner
                && id.index() < n
            {
                out[id.index()] = f64::from(c.vapor.max(0.0));
                total += f64::from(c.vapor.max(0.0));
            }
        }
        if total > 0.0 && total.is_finite() {
            out[..n].iter_mut().for_each(|v| *v /= total);
        } else {
            out[..n].iter_mut().for_each(|v| *v = share);
        }
    }

    /// The result, once the win flag is set (see [`Outcome`]).
    pub fn outcome(&self, state: &State) -> Option<Outcome> {
        if !state.win {
            return None;
        }
        let reason = if state.leader == Leader::NoPlayerAlive {
            WinReason::NoPlayerAlive
        } else if i128::from(state.iteration) > i128::from(self.config.max_iterations()) {
            WinReason::Timeout
        } else {
            WinReason::Share
        };
        let mut vapors = vec![0.0; state.players.len()];
        for c in &state.clouds {
            if let Some(id) = c.owner {
                vapors[id.index()] = c.vapor;
            }
        }
        let ranks = vapors
            .iter()
            .map(|v| {
                if reason == WinReason::NoPlayerAlive {
                    1
                } else {
                    1 + vapors.iter().filter(|o| *o > v).count() as u32
                }
            })
            .collect();
        Some(Outcome {
            winner: match state.leader {
                Leader::Player(id) => Some(id),
                _ => None,
            },
            reason,
            iteration: state.iteration,
            vapors,
            ranks,
        })
    }

    // ---------------------------------------------------------------- one iteration (§2)

    /// One iteration, `World.Update()` (`core/world.go:244-280`): every cloud in list order moves,
    /// damps, absorbs and bounces; dead rainclouds are dropped (dead players kept); the
    /// statistics and the win flag are recomputed.
    ///
    /// Above a dozen clouds the absorption step only examines pairs whose x-distance allows a
    /// touch (a sweep along x kept sorted across updates). The sweep is conservative and falls
    /// back to the full scan whenever a cloud grows during its own absorption, so results are
    /// bit-identical to [`update_all_pairs`](Game::update_all_pairs).
    pub fn update(&self, state: &mut State) {
        self.update_pass(state, true);
    }

    /// The same update comparing every pair, as the original does. For tests and benchmarks.
    pub fn update_all_pairs(&self, state: &mut State) {
        self.update_pass(state, false);
    }

    fn update_pass(&self, state: &mut State, prune: bool) {
        let speed_up = if self.config.sim_speed_up == 0 {
            1
        } else {
            self.config.sim_speed_up
        };
        let k = 0.1f32 * speed_up as f32;
        let width = self.config.width as f32;
        let height = self.config.height as f32;
        let n = state.clouds.len();
        if prune && still_update(state, k, width, height) {
            return self.finish(state);
        }
        // Whether this update can prove the world still (see `still_update`): nothing moves,
        // bounces or is dropped; the sweep then tells whether any two clouds touch.
        let candidate =
            prune && n >= SWEEP_MIN_CLOUDS && still_candidate(&state.clouds, k, width, height);

        let mut scratch = std::mem::take(&mut state.scratch);
        scratch.still.valid = false;
        // Grow with the cloud list's capacity, so the buffers allocate only when the list does.
        let cap = state.clouds.capacity().max(n);
        if scratch.new_index.capacity() < cap {
            scratch
                .new_index
                .reserve_exact(cap - scratch.new_index.len());
        }
        if scratch.kept.capacity() < cap.div_ceil(64) {
            scratch
                .kept
                .reserve_exact(cap.div_ceil(64) - scratch.kept.len());
        }
        let buffers = SweepBuffers {
            order: std::mem::take(&mut state.sweep),
            xs: std::mem::take(&mut scratch.xs),
            rank: std::mem::take(&mut scratch.rank),
            marks: std::mem::take(&mut scratch.marks),
            radius: std::mem::take(&mut scratch.radius),
            radius_of: std::mem::take(&mut scratch.radius_of),
        };
        let mut sweep = if prune && n >= SWEEP_MIN_CLOUDS {
            match Sweep::prepare(&state.clouds, buffers) {
                Ok(sweep) => Some(sweep),
                Err(buffers) => {
                    state.sweep = scratch.put_back(buffers);
                    None
                }
            }
        } else {
            state.sweep = scratch.put_back(buffers);
            None
        };

        let mut kept = std::mem::take(&mut scratch.kept);
        kept.clear();
        kept.resize(n.div_ceil(64), 0);
        let mut world_vapor = 0.0f32;
        let mut alive = 0u32;
        for i in 0..n {
            let clouds = &mut state.clouds[..];
            if clouds[i].is_dead() {
                // Dead at the start of its update: zeroed, no movement, no bounce
                // (core/cloud.go:71-74).
                clouds[i].vapor = 0.0;
                if let Some(sw) = &mut sweep {
                    sw.radius[i] = 0.0;
                    sw.radius_of[i] = 0;
                    sw.sync_radius(i);
                }
            } else {
                {
                    let c = &mut clouds[i];
                    // Move with the pre-damping velocity, then damp (core/cloud.go:78-86).
                    (c.pos.x, c.vel.x) = move_axis(c.pos.x, c.vel.x, k);
                    (c.pos.y, c.vel.y) = move_axis(c.pos.y, c.vel.y, k);
                }
                let r = match &mut sweep {
                    Some(sw) => {
                        sw.reposition(clouds, i);
                        sw.absorb(clouds, i);
                        sw.radius[i]
                    }
                    None => {
                        absorb_range(clouds, i, 0);
                        clouds[i].radius()
                    }
                };
                // The column entry is up to date unless the bounce moved the cloud.
                if bounce(&mut clouds[i], r, width, height)
                    && let Some(sw) = &mut sweep
                {
                    sw.reposition(clouds, i);
                }
            }
            let c = &state.clouds[i];
            if !c.is_dead() || c.owner.is_some() {
                kept[i / 64] |= 1 << (i % 64);
                world_vapor += c.vapor;
            }
            if !c.is_dead() {
                alive += 1;
            }
        }

        // Drop the rainclouds that were dead right after their own update, keeping the order
        // (nothing to do when every cloud stays, the usual case).
        let survivors: u32 = kept.iter().map(|w| w.count_ones()).sum();
        if survivors as usize != n {
            let mut new_index = std::mem::take(&mut scratch.new_index);
            new_index.clear();
            let mut write = 0usize;
            for read in 0..n {
                new_index.push(write as u16);
                if kept[read / 64] & (1 << (read % 64)) != 0 {
                    state.clouds[write] = state.clouds[read];
                    write += 1;
                }
            }
            state.clouds.truncate(write);
            if let Some(sw) = &mut sweep {
                // Keep the order (and its x column) of the survivors, renumbered.
                let mut w = 0;
                for r in 0..sw.order.len() {
                    let i = sw.order[r] as usize;
                    if kept[i / 64] & (1 << (i % 64)) != 0 {
                        sw.order[w] = new_index[i];
                        sw.xs[w] = sw.xs[r];
                        w += 1;
                    }
                }
                sw.order.truncate(w);
                sw.xs.truncate(w);
            }
            scratch.new_index = new_index;
        }
        if let Some(sw) = sweep {
            if candidate && !sw.touched && survivors as usize == n {
                // Nothing moved, bounced, touched or died: only the velocities changed, and
                // the next updates will do the same (see `still_update`).
                let still = &mut scratch.still;
                if still.keys.capacity() < cap {
                    still.keys.reserve_exact(cap - still.keys.len());
                }
                still.keys.clear();
                still.keys.extend(state.clouds.iter().map(still_key));
                still.board = [width.to_bits(), height.to_bits()];
                still.world_vapor = world_vapor;
                still.alive = alive;
                still.valid = true;
            }
            state.sweep = scratch.put_back(sw.into_buffers());
        }
        scratch.kept = kept;
        state.scratch = scratch;

        state.world_vapor = world_vapor;
        state.alive = alive;
        self.finish(state);
    }

    /// The end of every update: the counter, then the win test.
    fn finish(&self, state: &mut State) {
        state.iteration = state.iteration.saturating_add(1);
        let (win, leader) = self.is_winner(state);
        state.win = win;
        state.leader = leader;
    }

    /// The win test (`core/world.go:295-329`), run at the end of every update.
    fn is_winner(&self, state: &State) -> (bool, Leader) {
        let mut best: Option<&Cloud> = None;
        for c in &state.clouds {
            if c.owner.is_some() && !c.is_dead() && best.is_none_or(|b| c.vapor > b.vapor) {
                best = Some(c);
            }
        }
        let Some(best) = best else {
            return (true, Leader::NoPlayerAlive);
        };
        let leader = Leader::Player(best.owner.expect("players only"));
        if i128::from(state.iteration) > i128::from(self.config.max_iterations()) {
            return (true, leader);
        }
        // f32, left to right; strictly more than 51 (51/100*100 is exactly 51: no win).
        (best.vapor / state.world_vapor * 100.0 > 51.0, leader)
    }
}

/// What a still world's proof depends on for one cloud: the bits of its position and vapor and
/// its owner (a raincloud or a player: only dead rainclouds are dropped).
#[inline]
fn still_key(c: &Cloud) -> [u32; 4] {
    let owner = c.owner.map_or(u32::MAX, |p| u32::from(p.0));
    [
        c.pos.x.to_bits(),
        c.pos.y.to_bits(),
        c.vapor.to_bits(),
        owner,
    ]
}

/// Whether an update of these clouds moves and bounces nothing and drops nothing: every living
/// cloud's move leaves its position's bits as they are and none of the four bounce tests fires
/// (they read only the position, the radius and the board), and every dead cloud is a player's
/// with vapor `+0.0` (an update zeroes a dead cloud's vapor and drops dead rainclouds).
/// Velocities may be anything: the moves are computed exactly as the update does.
fn still_candidate(clouds: &[Cloud], k: f32, width: f32, height: f32) -> bool {
    clouds.iter().all(|c| {
        if c.is_dead() {
            return c.owner.is_some() && c.vapor.to_bits() == 0;
        }
        let r = c.radius();
        unmoved(c, k)
            && !(c.pos.x < r || c.pos.y < r || c.pos.x + r > width || c.pos.y + r > height)
    })
}

/// Whether cloud `c`'s move this update (with its current velocity) leaves its position's bits
/// unchanged.
#[inline(always)]
fn unmoved(c: &Cloud, k: f32) -> bool {
    let (x, _) = move_axis(c.pos.x, c.vel.x, k);
    let (y, _) = move_axis(c.pos.y, c.vel.y, k);
    x.to_bits() == c.pos.x.to_bits() && y.to_bits() == c.pos.y.to_bits()
}

/// The still-world shortcut: an update of a world proven still changes only the velocities
/// (each living cloud's damped, as its move computes it) and the counters. Returns `false`,
/// changing nothing, when the proof does not apply.
///
/// Why it is exact. An update proves the world still (`Still::valid`) when, at its start,
/// [`still_candidate`] held and then its sweep found no two living clouds touching. In such an
/// update no position, vapor or list entry changes: each move is a no-op, no bounce fires, the
/// sweep (exact, see [`Sweep`]) tested every living pair against the start geometry, and no
/// cloud is dropped or zeroed. The bounce tests, the touch tests and the drop rule read only
/// positions, vapors, owners and the board, which the keys record. So while every key and the
/// board still match, they give the same answers; the only thing left to check is that each
/// move is still a no-op with the velocity the cloud has now, which is done here, exactly,
/// for every cloud. The statistics (`world_vapor`, `alive`) depend on the vapors only, so they
/// are those the proving update computed.
fn still_update(state: &mut State, k: f32, width: f32, height: f32) -> bool {
    let still = &state.scratch.still;
    if !still.valid
        || still.board != [width.to_bits(), height.to_bits()]
        || still.keys.len() != state.clouds.len()
    {
        return false;
    }
    for (c, key) in state.clouds.iter().zip(&still.keys) {
        if still_key(c) != *key || !(c.is_dead() || unmoved(c, k)) {
            return false;
        }
    }
    for c in &mut state.clouds {
        if !c.is_dead() {
            c.vel.x = move_axis(c.pos.x, c.vel.x, k).1;
            c.vel.y = move_axis(c.pos.y, c.vel.y, k).1;
        }
    }
    state.world_vapor = still.world_vapor;
    state.alive = still.alive;
    true
}

fn check_finite(index: usize, spec: &CloudSpec) -> Result<(), WorldError> {
    for (field, value) in [
        ("x", spec.pos.x),
        ("y", spec.pos.y),
        ("vx", spec.vel.x),
        ("vy", spec.vel.y),
        ("vapor", spec.vapor),
    ] {
        if !value.is_finite() {
            return Err(WorldError::NonFinite {
                index,
                field,
                value,
            });
        }
    }
    Ok(())
}

fn next_uid(state: &mut State) -> Uid {
    let bytes: [u8; 6] = std::array::from_fn(|_| state.rng.random::<u8>());
    Uid::from_random_bytes(bytes)
}

fn push_spawned(state: &mut State, mut spawned: Cloud) {
    spawned.uid = next_uid(state);
    state.clouds.push(spawned);
}

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
fn move_axis(pos: f32, vel: f32, k: f32) -> (f32, f32) {
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
fn damp_subnormal(bits: u32, damp: f32) -> f32 {
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
fn bounce(c: &mut Cloud, r: f32, width: f32, height: f32) -> bool {
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
fn absorb_pair(clouds: &mut [Cloud], a: usize, o: usize) -> bool {
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

/// [`absorb_pair`] with the radii read from (and written back to) `radius`, which must hold
/// `clouds[i].radius()` for `a` and `o`. The exact intersection test is [`Cloud::intersects`]
/// with a square-root-free shortcut: with `q = f32(dx*dx + dy*dy)` and `s = f32(r_o + r_a)`,
/// `q >= s*s` (both exact in `f64`) means `sqrt(q) >= s`, hence `f32(sqrt(q)) >= s` (`s` is
/// an `f32` and rounding is monotone): apart, as `intersects` would say. Otherwise the
/// square root decides, as in the original.
#[inline]
fn absorb_pair_cached(
    clouds: &mut [Cloud],
    radius: &mut [f32],
    radius_of: &mut [u32],
    a: usize,
    o: usize,
    touched: &mut bool,
) -> bool {
    let (ca, co) = pair_mut(clouds, a, o);
    if co.is_dead() || surely_apart(ca, co) {
        return false;
    }
    let (mut ra, mut ro) = (radius[a], radius[o]);
    let a_is_smaller = ra < ro;
    let mut gained = false;
    loop {
        let dx = co.pos.x - ca.pos.x;
        let dy = co.pos.y - ca.pos.y;
        let q = dx * dx + dy * dy;
        let s = ro + ra;
        if f64::from(q) >= f64::from(s) * f64::from(s) {
            break;
        }
        // `Cloud::intersects` (false for NaN).
        let overlap = q.sqrt() < s;
        if !overlap {
            break;
        }
        *touched = true;
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
            // See absorb_pair: the original loops for ever here.
            break;
        }
        big.vapor += 1.0f32;
        small.vapor = drained;
        gained |= !a_is_smaller;
        ra = ca.radius();
        ro = co.radius();
    }
    radius[a] = ra;
    radius[o] = ro;
    radius_of[a] = ca.vapor.to_bits();
    radius_of[o] = co.vapor.to_bits();
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
fn surely_apart(a: &Cloud, o: &Cloud) -> bool {
    let dx = o.pos.x - a.pos.x;
    let dy = o.pos.y - a.pos.y;
    let q = f64::from(dx * dx + dy * dy);
    q >= 2.0 * (f64::from(a.vapor) + f64::from(o.vapor)) * (1.0 + 1e-6)
}

/// A necessary condition for [`Cloud::intersects`] (`f32(sqrt(q)) < s` with `q = f32(dx*dx +
/// dy*dy)`, `s = f32(r_o + r_a)`), computed in `f32` with the same `q` and `s`: `q <= f32(s*s)`.
///
/// Proof that it never drops a touching pair. Suppose `q > f32(s*s)`. If `s*s` rounded up,
/// `q > s*s` at once; if it rounded down, `s*s` lies below the next `f32` after `f32(s*s)`,
/// and `q`, an `f32` above `f32(s*s)`, is at least that next one: `q >= s*s` either way (an
/// overflow to infinity cannot be exceeded). So `sqrt(q) >= s`, and since `s` is an `f32` and
/// rounding is monotone, `f32(sqrt(q)) >= s`: no intersection. With a NaN anywhere the
/// comparison is false and so is `intersects`.
///
/// `radius_a` must be `a`'s radius and `o` the other cloud's column entry (the sweep's exact
/// cache of its position and radius).
#[inline(always)]
fn may_touch(a: &Cloud, radius_a: f32, o: SweepKey) -> bool {
    let dx = o.x - a.pos.x;
    let dy = o.y - a.pos.y;
    let q = dx * dx + dy * dy;
    let s = o.r + radius_a;
    q <= s * s
}

/// Absorption of cloud `a` against every other cloud from index `from` on, in list order.
fn absorb_range(clouds: &mut [Cloud], a: usize, from: usize) {
    for o in from..clouds.len() {
        if o != a {
            absorb_pair(clouds, a, o);
        }
    }
}

#[inline(always)]
fn pair_mut(clouds: &mut [Cloud], a: usize, b: usize) -> (&mut Cloud, &mut Cloud) {
    if a < b {
        let (left, right) = clouds.split_at_mut(b);
        (&mut left[a], &mut right[0])
    } else {
        let (left, right) = clouds.split_at_mut(a);
        (&mut right[0], &mut left[b])
    }
}

/// The sweep along x that lets an update skip pairs which cannot touch.
///
/// Why it is exact: for `f32` values, `d = f32sqrt(dx*dx + dy*dy) >= |dx|` (rounding is monotone and
/// `sqrt(fl(u*u))` rounds back to `u`), so two circles can only intersect when
/// `|o.x - a.x| < r_a + r_o <= r_a + r_max`. Only positions of the cloud being updated change
/// during its update, and it is re-sorted right after it moves and after it bounces; `r_max` is
/// a running upper bound of every live radius. If the cloud being updated grows, its reach grows
/// too, so the rest of its pass falls back to the full scan.
struct Sweep {
    /// Cloud indices sorted by `pos.x`.
    order: Vec<u16>,
    /// `xs[r]`: the position and radius of cloud `order[r]` (always equal to
    /// `clouds[order[r]].pos` and `radius[order[r]]` outside a cloud's move and its
    /// `reposition`), so the scans read one contiguous array.
    xs: Vec<SweepKey>,
    /// `rank[i]`: where cloud `i` sits in `order`.
    rank: Vec<u16>,
    /// Candidate marks, one bit per cloud index: iterating the set bits visits the candidates
    /// in list order without sorting them. All clear between two absorptions.
    marks: Vec<u64>,
    /// `radius[i] == clouds[i].radius()`, kept exact as vapors change (one square root per
    /// change instead of two per pair test).
    radius: Vec<f32>,
    /// `radius[i] == f32::from_bits(radius_of[i]).sqrt()` for every entry, whatever cloud it
    /// now belongs to: the next update recomputes only the radii whose vapor changed.
    radius_of: Vec<u32>,
    /// An upper bound of every live cloud's vapor.
    max_vapor: f32,
    /// `sqrt(max_vapor)`, recomputed only when `max_vapor` changes.
    max_radius: f32,
    /// Whether two living clouds were found touching (or the exact scan was left for the full
    /// one) during this update.
    touched: bool,
}

/// The buffers a [`Sweep`] reuses across updates (kept in the state's scratch).
pub(crate) struct SweepBuffers {
    pub(crate) order: Vec<u16>,
    pub(crate) xs: Vec<SweepKey>,
    pub(crate) rank: Vec<u16>,
    pub(crate) marks: Vec<u64>,
    pub(crate) radius: Vec<f32>,
    pub(crate) radius_of: Vec<u32>,
}

/// One entry of the sweep's column: a cloud's position and radius.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct SweepKey {
    x: f32,
    y: f32,
    r: f32,
}

impl Sweep {
    // The error hands the reused buffers back (boxing them would allocate on the hot path).
    #[allow(clippy::result_large_err)]
    fn prepare(clouds: &Vec<Cloud>, buffers: SweepBuffers) -> Result<Sweep, SweepBuffers> {
        let SweepBuffers {
            mut order,
            mut xs,
            mut rank,
            mut marks,
            mut radius,
            mut radius_of,
        } = buffers;
        let n = clouds.len();
        let mut max_vapor = 0.0f32;
        for c in clouds {
            if !c.pos.is_finite() || c.vapor.is_nan() {
                return Err(SweepBuffers {
                    order,
                    xs,
                    rank,
                    marks,
                    radius,
                    radius_of,
                });
            }
            if c.vapor > max_vapor {
                max_vapor = c.vapor;
            }
        }
        // Grow with the cloud list's capacity, so the sweep allocates only when the list does.
        let cap = clouds.capacity().max(n);
        if order.capacity() < cap {
            order.reserve_exact(cap - order.len());
        }
        if xs.capacity() < cap {
            xs.reserve_exact(cap - xs.len());
        }
        if rank.capacity() < cap {
            rank.reserve_exact(cap - rank.len());
        }
        if radius.capacity() < cap {
            radius.reserve_exact(cap - radius.len());
        }
        if radius_of.capacity() < cap {
            radius_of.reserve_exact(cap - radius_of.len());
        }
        // Radii from the last update where the vapor bits are the same (NaN vapor, whose bits
        // the fill value has, was refused above).
        radius.resize(n, f32::NAN);
        radius_of.resize(n, u32::MAX);
        radius.truncate(n);
        radius_of.truncate(n);
        for ((r, of), c) in radius.iter_mut().zip(radius_of.iter_mut()).zip(clouds) {
            let bits = c.vapor.to_bits();
            if *of != bits {
                *of = bits;
                *r = c.radius();
            }
        }
        if marks.capacity() < cap.div_ceil(64) {
            marks.reserve_exact(cap.div_ceil(64) - marks.len());
        }
        marks.clear();
        marks.resize(n.div_ceil(64), 0);
        // Reuse the last update's order if it is a partial permutation; add new clouds.
        rank.clear();
        rank.resize(n, u16::MAX);
        let mut valid = order.len() <= n;
        if valid {
            for (r, &i) in order.iter().enumerate() {
                let i = i as usize;
                if i >= n || rank[i] != u16::MAX {
                    valid = false;
                    break;
                }
                rank[i] = r as u16;
            }
        }
        if !valid {
            order.clear();
            rank.iter_mut().for_each(|r| *r = u16::MAX);
        }
        for (i, &r) in rank.iter().enumerate() {
            if r == u16::MAX {
                order.push(i as u16);
            }
        }
        xs.clear();
        xs.extend(order.iter().map(|&i| {
            let i = i as usize;
            SweepKey {
                x: clouds[i].pos.x,
                y: clouds[i].pos.y,
                r: radius[i],
            }
        }));
        // Insertion sort: nearly sorted from the last update, so about linear.
        for j in 1..order.len() {
            let mut p = j;
            while p > 0 && xs[p - 1].x > xs[p].x {
                order.swap(p - 1, p);
                xs.swap(p - 1, p);
                p -= 1;
            }
        }
        for (r, &i) in order.iter().enumerate() {
            rank[i as usize] = r as u16;
        }
        Ok(Sweep {
            order,
            xs,
            rank,
            marks,
            radius,
            radius_of,
            max_vapor,
            max_radius: max_vapor.sqrt(),
            touched: false,
        })
    }

    fn into_buffers(self) -> SweepBuffers {
        SweepBuffers {
            order: self.order,
            xs: self.xs,
            rank: self.rank,
            marks: self.marks,
            radius: self.radius,
            radius_of: self.radius_of,
        }
    }

    fn refresh_radii(&mut self, clouds: &[Cloud]) {
        for ((r, of), c) in self.radius.iter_mut().zip(&mut self.radius_of).zip(clouds) {
            *r = c.radius();
            *of = c.vapor.to_bits();
        }
        for (key, &i) in self.xs.iter_mut().zip(&self.order) {
            key.r = self.radius[i as usize];
        }
    }

    /// Writes cloud `i`'s radius (`radius[i]`) into its column entry.
    #[inline(always)]
    fn sync_radius(&mut self, i: usize) {
        let r = self.rank[i] as usize;
        self.xs[r].r = self.radius[i];
    }

    fn raise_max_vapor(&mut self, vapor: f32) {
        if vapor > self.max_vapor {
            self.max_vapor = vapor;
            self.max_radius = vapor.sqrt();
        }
    }

    /// Restores the sort (and cloud `i`'s column entry) after cloud `i` moved.
    #[inline(always)]
    fn reposition(&mut self, clouds: &[Cloud], i: usize) {
        let Vec2 { x, y } = clouds[i].pos;
        let mut r = self.rank[i] as usize;
        if self.xs[r].x != x {
            // (Unmoved along x is common: velocities freeze as subnormals after a while.)
            r = self.reposition_moved(x, r, i);
        }
        self.xs[r] = SweepKey {
            x,
            y,
            r: self.radius[i],
        };
    }

    /// Moves cloud `i` from rank `r` to where `x` belongs; returns its new rank.
    fn reposition_moved(&mut self, x: f32, mut r: usize, i: usize) -> usize {
        while r > 0 && self.xs[r - 1].x > x {
            let other = self.order[r - 1];
            self.order[r] = other;
            self.xs[r] = self.xs[r - 1];
            self.rank[other as usize] = r as u16;
            r -= 1;
        }
        while r + 1 < self.order.len() && self.xs[r + 1].x < x {
            let other = self.order[r + 1];
            self.order[r] = other;
            self.xs[r] = self.xs[r + 1];
            self.rank[other as usize] = r as u16;
            r += 1;
        }
        self.order[r] = i as u16;
        self.rank[i] = r as u16;
        r
    }

    /// Cloud `a`'s absorption step, examining only the clouds within reach, in list order.
    fn absorb(&mut self, clouds: &mut [Cloud], a: usize) {
        let ca = clouds[a];
        if ca.is_dead() {
            return;
        }
        if !ca.pos.is_finite() {
            // Moved to infinity: the sort cannot bound the search any more.
            self.touched = true;
            absorb_range(clouds, a, 0);
            self.raise_max_vapor(f32::INFINITY);
            self.refresh_radii(clouds);
            return;
        }
        let ra = self.radius[a];
        let reach = f64::from(ra + self.max_radius) + 1.0;
        let x = f64::from(ca.pos.x);
        let r = self.rank[a] as usize;
        let (mut lo, mut hi) = (usize::MAX, 0usize);
        for k in (0..r).rev() {
            let key = self.xs[k];
            if x - f64::from(key.x) >= reach {
                break;
            }
            if may_touch(&ca, ra, key) {
                let o = self.order[k] as usize;
                self.marks[o / 64] |= 1 << (o % 64);
                lo = lo.min(o / 64);
                hi = hi.max(o / 64);
            }
        }
        for k in r + 1..self.order.len() {
            let key = self.xs[k];
            if f64::from(key.x) - x >= reach {
                break;
            }
            if may_touch(&ca, ra, key) {
                let o = self.order[k] as usize;
                self.marks[o / 64] |= 1 << (o % 64);
                lo = lo.min(o / 64);
                hi = hi.max(o / 64);
            }
        }
        if lo > hi {
            return;
        }
        let start_vapor = ca.vapor;
        for w in lo..=hi {
            while self.marks[w] != 0 {
                let bit = self.marks[w].trailing_zeros() as usize;
                self.marks[w] &= self.marks[w] - 1;
                let o = w * 64 + bit;
                let gained = absorb_pair_cached(
                    clouds,
                    &mut self.radius,
                    &mut self.radius_of,
                    a,
                    o,
                    &mut self.touched,
                );
                self.sync_radius(a);
                self.sync_radius(o);
                let grown = if gained {
                    clouds[a].vapor
                } else {
                    clouds[o].vapor
                };
                self.raise_max_vapor(grown);
                if clouds[a].vapor > start_vapor {
                    // Cloud a reaches further now: finish its pass the original way.
                    self.marks[w..=hi].iter_mut().for_each(|m| *m = 0);
                    for o2 in o + 1..clouds.len() {
                        if o2 != a {
                            absorb_pair(clouds, a, o2);
                        }
                    }
                    for c in clouds.iter() {
                        self.raise_max_vapor(c.vapor);
                    }
                    self.refresh_radii(clouds);
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cloud::Color;

    fn game(w: i32, h: i32) -> Game {
        Game::new(Config {
            width: w,
            height: h,
            game_speed: 60,
            sim_speed_up: 1,
        })
        .unwrap()
    }

    fn rain(x: f32, y: f32, vx: f32, vy: f32, vapor: f32) -> CloudSpec {
        CloudSpec {
            pos: Vec2::new(x, y),
            vel: Vec2::new(vx, vy),
            vapor,
            player: None,
        }
    }

    fn storm(name: &str, x: f32, y: f32, vapor: f32) -> CloudSpec {
        CloudSpec {
            pos: Vec2::new(x, y),
            vel: Vec2::default(),
            vapor,
            player: Some(Player {
                name: name.into(),
                color: Color::Blue,
            }),
        }
    }

    #[test]
    fn the_integer_shortcut_for_subnormal_velocities_gives_the_float_bits() {
        use rand::SeedableRng;
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(9);
        let k = 0.1f32;
        let check = |pos: f32, vel: f32| {
            let (p, v) = move_axis(pos, vel, k);
            assert_eq!(p.to_bits(), (pos + vel * k).to_bits(), "{pos} {vel:e}");
            assert_eq!(v.to_bits(), (vel * 0.999f32).to_bits(), "{pos} {vel:e}");
        };
        for m in (0..0x0080_0000u32)
            .step_by(997)
            .chain([1, 2, 3, 500, 501, 0x7f_ffff])
        {
            for sign in [0, 0x8000_0000] {
                let vel = f32::from_bits(sign | m);
                for pos in [1.0, 1.5, -1.0, 2047.9, 700.25, 1e30] {
                    check(pos, vel);
                }
            }
        }
        for _ in 0..200_000 {
            let vel = f32::from_bits(rng.random::<u32>() & 0x807f_ffff);
            let pos = 1.0 + rng.random::<f32>() * 3000.0;
            check(pos, vel);
            // Outside the shortcut: normal velocities and small positions take the float path.
            check(rng.random::<f32>(), vel);
            check(pos, f32::from_bits(rng.random::<u32>()));
            // Around the tiny-velocity shortcut (|vel| below 2^-30), either sign of position.
            let tiny = rng.random_range(0..0x3500_0000u32) | (rng.random::<u32>() & 0x8000_0000);
            check(pos, f32::from_bits(tiny));
            check(-pos, f32::from_bits(tiny));
            check(0.5 + rng.random::<f32>(), f32::from_bits(tiny));
        }
    }

    #[test]
    fn the_iteration_counter_saturates_instead_of_wrapping() {
        let g = game(100, 100);
        let mut s = g
            .world_from_clouds(&[storm("P", 50.0, 50.0, 9.0)], 0)
            .unwrap();
        s.set_stats(u64::MAX, 9.0, 1, false, Leader::Unknown);
        g.update(&mut s);
        assert_eq!(s.iteration(), u64::MAX);
        assert_eq!(g.outcome(&s).unwrap().reason, WinReason::Timeout);
    }

    #[test]
    fn movement_uses_pre_damping_velocity() {
        let g = game(1000, 1000);
        let mut s = g
            .world_from_clouds(&[rain(500.0, 500.0, 10.0, -5.0, 4.0)], 0)
            .unwrap();
        g.update(&mut s);
        let c = s.clouds()[0];
        assert_eq!(
            c.pos,
            Vec2::new(500.0 + 10.0 * 0.1f32, 500.0 + -5.0 * 0.1f32)
        );
        assert_eq!(c.vel, Vec2::new(10.0 * 0.999f32, -5.0 * 0.999f32));
    }

    #[test]
    fn equal_radius_the_updating_cloud_wins() {
        let g = game(1000, 1000);
        // 100 and the next f32 above it have the same f32 radius (10).
        let big = f32::from_bits(100.0f32.to_bits() + 1);
        let mut s = g
            .world_from_clouds(
                &[
                    rain(500.0, 500.0, 0.0, 0.0, 100.0),
                    rain(505.0, 500.0, 0.0, 0.0, big),
                ],
                0,
            )
            .unwrap();
        g.update(&mut s);
        assert_eq!(s.clouds().len(), 1);
        assert_eq!(s.clouds()[0].pos.x, 500.0);
    }

    #[test]
    fn residual_vapor_is_lost() {
        let g = game(1000, 1000);
        let mut s = g
            .world_from_clouds(
                &[
                    rain(500.0, 500.0, 0.0, 0.0, 100.5),
                    rain(501.0, 500.0, 0.0, 0.0, 10.25),
                ],
                0,
            )
            .unwrap();
        g.update(&mut s);
        assert_eq!(s.clouds().len(), 1);
        assert_eq!(s.clouds()[0].vapor, 110.5);
    }

    #[test]
    fn bounce_factor_is_applied_in_f64() {
        let mut c = Cloud::raincloud(Vec2::new(-5.0, 50.0), Vec2::new(-0.3, 0.0), 4.0);
        let r = c.radius();
        bounce(&mut c, r, 100.0, 100.0);
        assert_eq!(c.pos.x, 2.0);
        assert_eq!(c.vel.x, (0.3f32 as f64 * 0.6) as f32);
        // vx = 0 at the right wall gives -0.0.
        let mut c = Cloud::raincloud(Vec2::new(99.0, 50.0), Vec2::new(0.0, 0.0), 4.0);
        let r = c.radius();
        bounce(&mut c, r, 100.0, 100.0);
        assert_eq!(c.pos.x, 98.0);
        assert_eq!(c.vel.x.to_bits(), (-0.0f32).to_bits());
    }

    #[test]
    fn move_limits_are_inclusive_and_non_finite_is_refused() {
        let mut c = Cloud::raincloud(Vec2::new(500.0, 500.0), Vec2::default(), 100.0);
        assert!(move_cloud(&mut c, Vec2::new(1.0, 0.0)).is_ok());
        assert!(move_cloud(&mut c, Vec2::new(0.999_999_94, 0.0)).is_err());
        let mut c = Cloud::raincloud(Vec2::new(500.0, 500.0), Vec2::default(), 100.0);
        assert!(move_cloud(&mut c, Vec2::new(0.0, 50.0)).is_ok());
        assert_eq!(c.vapor, 50.0);
        assert!(matches!(
            move_cloud(&mut c, Vec2::new(f32::NAN, 0.0)),
            Err(CommandError::NonFiniteWind { .. })
        ));
        assert!(matches!(
            move_cloud(&mut c, Vec2::new(f32::INFINITY, 0.0)),
            Err(CommandError::NonFiniteWind { .. })
        ));
        assert!(matches!(
            move_cloud(&mut c, Vec2::new(1e20, 0.0)),
            Err(CommandError::StrengthOutOfRange { .. })
        ));
    }

    #[test]
    fn kill_ring_of_twenty_fires_seven_and_destroys_the_rest() {
        let g = game(1000, 1000);
        let mut s = g
            .world_from_clouds(&[storm("P", 500.0, 500.0, 20.0)], 0)
            .unwrap();
        g.apply(&mut s, PlayerId(0), Action::Kill).unwrap();
        assert_eq!(s.clouds().len(), 8);
        assert_eq!(s.clouds()[0].vapor, 0.0);
        assert_eq!(
            g.apply(&mut s, PlayerId(0), Action::Kill),
            Err(CommandError::AlreadyDead(PlayerId(0)))
        );
    }

    #[test]
    fn share_of_exactly_51_is_no_win_and_52_is() {
        let g = game(1000, 1000);
        for (share, win) in [(51.0, false), (52.0, true)] {
            let mut s = g
                .world_from_clouds(
                    &[
                        storm("P", 100.0, 100.0, share),
                        rain(800.0, 800.0, 0.0, 0.0, 100.0 - share),
                    ],
                    0,
                )
                .unwrap();
            g.update(&mut s);
            assert_eq!(s.win_condition(), win);
            assert_eq!(s.leader_name(), "P");
        }
    }

    #[test]
    fn observe_shows_the_whole_world() {
        let g = game(100, 100);
        let s = g
            .world_from_clouds(
                &[storm("P", 50.0, 50.0, 9.0), rain(10.0, 10.0, 1.0, 2.0, 4.0)],
                0,
            )
            .unwrap();
        let view = crate::protocol::WorldJson::from_state(&g, &g.observe(&s, PlayerId(0)));
        assert_eq!(view.clouds.len(), 2);
        assert_eq!(view.clouds[0].player, "P");
        assert_eq!(view.clouds[1].vel, Vec2::new(1.0, 2.0));
        assert_eq!(
            (view.width, view.height, view.leader.as_str()),
            (100, 100, "")
        );
    }

    #[test]
    fn no_player_alive_wins_at_once() {
        let g = game(100, 100);
        let mut s = g
            .world_from_clouds(&[rain(50.0, 50.0, 0.0, 0.0, 4.0)], 0)
            .unwrap();
        assert_eq!(s.leader_name(), "");
        g.update(&mut s);
        assert!(s.win_condition());
        assert_eq!(s.leader_name(), "no player alive");
        assert_eq!(g.outcome(&s).unwrap().reason, WinReason::NoPlayerAlive);
    }

    #[test]
    fn partial_absorption_stops_when_the_circles_separate() {
        // 400 and 100 at distance 25: transfers stop at 493/7 (22.2 + 2.65 < 25).
        let g = game(1000, 1000);
        let mut s = g
            .world_from_clouds(
                &[
                    rain(500.0, 500.0, 0.0, 0.0, 400.0),
                    rain(525.0, 500.0, 0.0, 0.0, 100.0),
                ],
                0,
            )
            .unwrap();
        g.update(&mut s);
        let v: Vec<f32> = s.clouds().iter().map(|c| c.vapor).collect();
        assert_eq!(v, [493.0, 7.0]);
    }

    #[test]
    fn dead_at_start_rainclouds_go_and_dead_players_stay() {
        let g = game(1000, 1000);
        let mut s = g
            .world_from_clouds(
                &[
                    rain(100.0, 100.0, 5.0, 0.0, 0.5),
                    storm("P", 500.0, 500.0, 0.5),
                    storm("Q", 800.0, 800.0, 10.0),
                ],
                0,
            )
            .unwrap();
        g.update(&mut s);
        assert_eq!(s.clouds().len(), 2);
        assert_eq!(s.clouds()[0].vapor, 0.0);
        // A dead-at-start cloud does not move.
        assert_eq!(s.clouds()[0].pos, Vec2::new(500.0, 500.0));
        assert_eq!(s.alive(), 1);
        assert_eq!(s.leader_name(), "Q");
    }

    #[test]
    fn a_cloud_killed_by_a_later_cloud_stays_one_more_iteration() {
        let g = game(1000, 1000);
        let mut s = g
            .world_from_clouds(
                &[
                    rain(500.0, 500.0, 0.0, 0.0, 4.0),
                    rain(512.0, 500.0, -50.0, 0.0, 100.0),
                ],
                0,
            )
            .unwrap();
        g.update(&mut s);
        assert_eq!(s.clouds().len(), 2);
        assert_eq!(s.clouds()[0].vapor, 0.0);
        assert_eq!(s.clouds()[1].vapor, 104.0);
        // Sampled right after each cloud's own update: the small one still counted.
        assert_eq!(s.alive(), 2);
        assert_eq!(s.world_vapor(), 4.0 + 104.0);
        g.update(&mut s);
        assert_eq!(s.clouds().len(), 1);
    }

    #[test]
    fn leader_ties_go_to_the_earlier_player_and_timeout_needs_more_than_180_per_speed() {
        let g = Game::new(Config {
            width: 1000,
            height: 1000,
            game_speed: 1,
            sim_speed_up: 1,
        })
        .unwrap();
        let mut s = g
            .world_from_clouds(
                &[
                    storm("A", 200.0, 200.0, 100.0),
                    storm("B", 700.0, 700.0, 100.0),
                ],
                0,
            )
            .unwrap();
        for _ in 0..180 {
            g.update(&mut s);
            assert!(!s.win_condition());
            assert_eq!(s.leader_name(), "A");
        }
        g.update(&mut s);
        assert!(s.win_condition());
        assert_eq!(g.outcome(&s).unwrap().reason, WinReason::Timeout);
        assert_eq!(g.outcome(&s).unwrap().winner, Some(PlayerId(0)));
    }

    #[test]
    fn the_exhaust_spawns_opposite_the_wind_with_the_kicked_velocity() {
        let g = game(1000, 1000);
        let mut s = g
            .world_from_clouds(&[storm("P", 500.0, 500.0, 100.0)], 0)
            .unwrap();
        g.apply(&mut s, PlayerId(0), Action::Move(Vec2::new(3.0, 4.0)))
            .unwrap();
        let (p, e) = (s.clouds()[0], s.clouds()[1]);
        assert_eq!((p.vapor, e.vapor), (95.0, 5.0));
        assert_eq!(e.owner, None);
        // Kick with the radius after paying: 5 / sqrt(95), not 5 / sqrt(100).
        let m = 5.0f32 / 95.0f32.sqrt();
        assert_eq!(p.vel, Vec2::new(3.0 * m, 4.0 * m));
        let distance = (95.0f32.sqrt() + 5.0f32.sqrt()) * 1.1;
        assert_eq!(
            e.pos,
            Vec2::new(500.0 - 0.6 * distance, 500.0 - 0.8 * distance)
        );
        assert_eq!(
            e.vel,
            Vec2::new(-0.6 * 20.0 + p.vel.x, -0.8 * 20.0 + p.vel.y)
        );
        assert!(!p.intersects(&e));
    }

    #[test]
    fn the_kill_ring_converts_degrees_in_f32() {
        let ring = kill_ring_vectors();
        assert_eq!(ring[0], Vec2::new(-2.5, -0.0));
        assert_eq!(ring[0].y.to_bits(), (-0.0f32).to_bits());
        // 60 degrees: radians computed in f64 would give exactly -1.25; the f32 conversion of
        // the original does not.
        let in_f64 = (-(60.0f64.to_radians().cos() * 2.5)) as f32;
        assert_eq!(in_f64, -1.25);
        assert_ne!(ring[6].x, in_f64);
        assert!((ring[6].x - in_f64).abs() < 1e-6);
        assert_eq!(ring[9].y, -2.5);
        assert!(ring[9].x > 0.0 && ring[9].x < 1e-6);
    }

    #[test]
    fn surely_apart_never_hides_an_intersection() {
        use rand::SeedableRng;
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
        let mut near_misses = 0;
        for _ in 0..200_000 {
            let va = 1.0 + rng.random::<f32>() * 2000.0;
            let vo = 1.0 + rng.random::<f32>() * 2000.0;
            let a = Cloud::raincloud(
                Vec2::new(rng.random::<f32>() * 100.0, 7.0),
                Vec2::default(),
                va,
            );
            // Put o near the touching distance, where the two tests matter most.
            let reach = (a.radius() + vo.sqrt()) * (0.999 + rng.random::<f32>() * 0.5);
            let angle = rng.random::<f32>() * 6.3;
            let pos = Vec2::new(a.pos.x + reach * angle.cos(), a.pos.y + reach * angle.sin());
            let o = Cloud::raincloud(pos, Vec2::default(), vo);
            if a.intersects(&o) {
                assert!(!surely_apart(&a, &o), "{a:?} {o:?}");
            } else if !surely_apart(&a, &o) {
                near_misses += 1;
            }
        }
        // The quick test does reject most clouds that are clearly apart.
        assert!(near_misses < 200_000);
    }

    /// A world that comes to rest: tiny velocities on a board of separated clouds, one cloud
    /// pressed against each wall (rounding may make a bounce fire every update there), a dead
    /// player.
    fn resting_world(g: &Game, seed: u64) -> State {
        use rand::SeedableRng;
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut specs = Vec::new();
        for row in 0..4 {
            for col in 0..6 {
                let vx = (rng.random::<f32>() - 0.5) * 4e-5;
                let vy = (rng.random::<f32>() - 0.5) * 4e-5;
                let vapor = 4.0 + rng.random::<f32>() * 60.0;
                let x = 60.0 + col as f32 * 50.0 + rng.random::<f32>() * 20.0;
                let y = 60.0 + row as f32 * 50.0 + rng.random::<f32>() * 20.0;
                specs.push(rain(x, y, vx, vy, vapor));
            }
        }
        // Against the walls, drifting into them.
        specs.push(rain(3.0, 30.0, -2e-6, 0.0, 9.0));
        specs.push(rain(397.0, 200.0, 2e-6, 0.0, 9.0));
        specs.push(rain(200.0, 297.0, 0.0, 2e-6, 9.0));
        specs.push(rain(250.0, 7.0, 0.0, -2e-6, 49.0));
        specs.push(storm("P", 350.0, 30.0, 30.0));
        specs.push(storm("Dead", 20.0, 280.0, 0.0));
        g.world_from_clouds(&specs, 0).unwrap()
    }

    #[test]
    fn the_still_world_shortcut_gives_the_bits_of_the_full_update() {
        let g = game(400, 300);
        for seed in 0..3 {
            let mut a = resting_world(&g, seed);
            let mut b = a.clone();
            let mut shortcuts = 0;
            for it in 0..4000 {
                if it == 3000 {
                    // Wake one cloud up: the keys still match, its move no longer is a no-op.
                    a.clouds_mut()[3].vel.x = 300.0;
                    b.clouds_mut()[3].vel.x = 300.0;
                }
                if it == 3500 {
                    // Change a vapor behind the shortcut's back.
                    a.clouds_mut()[5].vapor += 200.0;
                    b.clouds_mut()[5].vapor += 200.0;
                }
                shortcuts += u32::from(a.scratch.still.valid);
                g.update(&mut a);
                g.update_all_pairs(&mut b);
                assert_eq!(a.float_hash(), b.float_hash(), "seed {seed} iteration {it}");
                assert_eq!(a, b);
                assert_eq!(a.world_vapor().to_bits(), b.world_vapor().to_bits());
            }
            // The shortcut was taken (the world rests after about 1 000 updates).
            assert!(shortcuts > 1000, "seed {seed}: {shortcuts}");
        }
    }

    #[test]
    fn a_still_world_on_another_board_is_updated_in_full() {
        let g = game(400, 300);
        let mut a = resting_world(&g, 7);
        for _ in 0..3000 {
            g.update(&mut a);
        }
        assert!(a.scratch.still.valid);
        // A narrower board: clouds at the right now bounce.
        let small = game(300, 300);
        let mut b = a.clone();
        small.update(&mut a);
        small.update_all_pairs(&mut b);
        assert_eq!(a, b);
        assert_ne!(a.clouds()[0..].len(), 0);
    }

    #[test]
    fn sweep_matches_all_pairs_on_a_crowded_world() {
        let g = Game::new(Config::default()).unwrap();
        let params = WorldParams {
            rainclouds: 150,
            ..WorldParams::default()
        };
        let mut a = g.new_world(&params, 9);
        for name in ["A", "B", "C"] {
            g.add_player(
                &mut a,
                Player {
                    name: name.into(),
                    color: Color::Red,
                },
                None,
                600.0,
            )
            .unwrap();
        }
        let mut b = a.clone();
        for it in 0..600 {
            if it % 50 == 7 {
                for p in 0..3 {
                    let act = Action::Move(Vec2::new(3.0 + p as f32, -2.0));
                    let _ = g.apply(&mut a, PlayerId(p), act);
                    let _ = g.apply(&mut b, PlayerId(p), act);
                }
            }
            g.update(&mut a);
            g.update_all_pairs(&mut b);
            assert_eq!(a.float_hash(), b.float_hash(), "iteration {it}");
            assert_eq!(a, b);
        }
    }
}
