//! The rules of a turn: the move and kill commands (§3, §4) and the step API (who acts, the
//! legal actions, advancing by every player's action then one update, the outcome). The update
//! itself ([`Game::update`]) lives in the private `update` module beside the `sweep` that prunes
//! its pairs; its float arithmetic is in [`crate::physics`] and world creation in
//! [`crate::setup`]. Section numbers (§) refer to `rules/cloudwars.md`.

use smallvec::SmallVec;

use crate::action::{Action, Event, Events};
use crate::cloud::{PlayerId, Vec2};
#[allow(deprecated)]
pub use crate::error::WorldError;
pub use crate::error::{CommandError, ConfigError};
use crate::observation::Observation;
use crate::outcome::{Outcome, WinReason};
pub use crate::physics::{kill_ring_vectors, move_cloud};
use crate::setup::push_spawned;
pub use crate::setup::{CloudSpec, Game, PLACEMENT_ATTEMPTS};
use crate::state::{Leader, State, WindStrength};

impl Game {
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
        if !matches!(action, Action::Wait) {
            // The player's cloud may change: the next update checks the sweep against it.
            state.scratch.fresh = false;
        }
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
    ///
    /// `player` is the contract's player number, the [`PlayerId`]'s index (`PlayerId::index`).
    pub fn legal_actions(&self, state: &State, player: usize, buf: &mut Vec<Action>) {
        buf.clear();
        if !self.to_move(state).contains(player) {
            return;
        }
        // A player to move is one of the state's, at most 255.
        let Some(cloud) = state.cloud_of(PlayerId(player as u8)) else {
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
    pub fn observe(&self, state: &State, _player: usize) -> Observation {
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
}
