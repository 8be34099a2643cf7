//! CloudWars as tensors ([`pathfind::tree::Tensor`]), for learning.
//!
//! **Actions.** The setup's [`WindGrid`](crate::WindGrid), numbered: index 0 is
//! [`Action::Wait`]; `1 + s·D + d` is the wind of strength `s` (in the grid's order) towards
//! direction `d` (of the `D` directions, from +x towards +y), the very [`Action::Move`]
//! [`Game::legal_actions`] lists; the last index, when the grid lists `kill`, is
//! [`Action::Kill`]. So `1 + S·D (+ 1)` actions: 50 for the default grid (16 directions × 3
//! strengths, kill). A strength given as a fraction of the storm's vapor makes the wind relative
//! to the state, which is why the conversions take it. The mask is `legal_actions` as a set:
//! Wait, the grid's winds the rules accept (strength between 1 and half the vapor), Kill; when
//! two grid entries give the same wind (an absolute strength equal to a fraction of this
//! vapor), only the first index is marked, the one [`Tensor::action_index`] gives.
//!
//! The space cannot express any other wind (the engine accepts any finite wind of strength
//! between 1 and half the vapor: [`Tensor::action_index`] is `None` for one off the grid), nor
//! several commands in one iteration (the original server takes any number between updates;
//! the contract takes one). A wind index for a player without a storm stands for nothing
//! ([`Tensor::index_action`] is `None`).
//!
//! **Observation.** Shape `[12, H, W]`: the board rasterised into square cells of side
//! `max(width, height) / 64` (`W` = 64 along the longer side; `[12, 36, 64]`, 32-pixel cells, on
//! the original 2048×1152 board). Each cloud counts in the cell of its centre (clamped to the
//! board). Vapor is in units of a new player's vapor (`player_vapor`, 600), velocity in units
//! of `max_wind` (7, the largest component a new raincloud gets):
//!
//! | plane | value per cell |
//! |---|---|
//! | 0 | the viewer's storm: its vapor |
//! | 1, 2 | the viewer's storm: its velocity `x`, `y` |
//! | 3 | the other players' storms: their vapor (summed) |
//! | 4, 5 | their momentum `x`, `y` (vapor × velocity, summed) |
//! | 6 | rainclouds: their vapor (summed) |
//! | 7, 8 | their momentum `x`, `y` |
//! | 9 | everywhere: the iterations played, over the timeout's (`3 · 60 · game_speed`) |
//! | 10 | everywhere: the viewer's share of all the vapor (above 0.51 the leader wins) |
//! | 11 | everywhere: the largest share of another player |
//!
//! CloudWars hides nothing ([`Game::observe`] is the state); the tensor leaves out, on purpose,
//! where in its cell a cloud's centre lies and how far its disc (radius √vapor) reaches, the
//! order of the cloud list (which breaks ties of absorption), which other player owns which
//! storm (all rivals share planes 3–5), the UIDs and names, and the state's generator. A player
//! number that is not one of the state's players gets all zeros; a dead player sees the board
//! without its storm.
//!
//! ```
//! use cloudwars::{Action, Config, Game, Setup, WorldParams};
//! use pathfind::tree::Tensor;
//!
//! let setup = Setup { params: WorldParams { rainclouds: 20, ..WorldParams::default() }, players: 2, ..Setup::default() };
//! let game = Game::with_setup(Config::default(), setup)?;
//! let state = game.initial_state(3);
//! assert_eq!(game.num_distinct_actions(), 1 + 3 * 16 + 1);
//! let mut mask = vec![false; game.num_distinct_actions()];
//! game.legal_mask(&state, 0, &mut mask);
//! assert!(mask[0] && mask[49]); // Wait and Kill
//! assert_eq!(game.index_action(&state, 0, 49), Some(Action::Kill));
//! // Index 1: strength 1 towards +x.
//! assert_eq!(game.index_action(&state, 0, 1), Some(Action::Move(cloudwars::Vec2::new(1.0, 0.0))));
//!
//! let mut planes = vec![0.0; game.observation_len()];
//! game.observation_tensor(&state, 0, &mut planes);
//! assert_eq!(game.observation_shape(), [12, 36, 64]);
//! let own_vapor: f32 = planes[..36 * 64].iter().sum();
//! assert_eq!(own_vapor, 1.0); // a new player's 600 vapor, in units of 600
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use pathfind::tree::Tensor;

use crate::action::Action;
use crate::cloud::{Cloud, PlayerId, Vec2};
use crate::physics::move_cloud;
use crate::rules::Game;
use crate::state::{State, WindStrength};

/// Planes of the observation.
pub const PLANES: usize = 12;

/// Cells along the board's longer side.
pub const CELLS: usize = 64;

/// The board's raster: (rows, columns, the side of a cell in pixels).
fn raster(game: &Game) -> (usize, usize, f32) {
    let (w, h) = (game.config().width.max(1), game.config().height.max(1));
    let cell = w.max(h) as f32 / CELLS as f32;
    let cells = |side: i32| ((side as f32 / cell).ceil() as usize).clamp(1, CELLS);
    (cells(h), cells(w), cell)
}

impl Game {
    /// The number of winds of the setup's grid.
    fn winds(&self) -> usize {
        self.setup.winds.strengths.len() * self.directions.len()
    }

    /// The wind of grid entry `k` (strength `k / D`, direction `k % D`) for `cloud`, computed as
    /// [`Game::legal_actions`] computes it (the same bits).
    fn grid_wind(&self, cloud: &Cloud, k: usize) -> Vec2 {
        let d = self.directions[k % self.directions.len()];
        let strength = match self.setup.winds.strengths[k / self.directions.len()] {
            WindStrength::Absolute(v) => v,
            WindStrength::OfVapor(f) => cloud.vapor * f,
        };
        Vec2::new(d.x * strength, d.y * strength)
    }

    /// The storm of contract player `player`, if it has one.
    fn storm(state: &State, player: usize) -> Option<&Cloud> {
        let id = u8::try_from(player).ok()?;
        state.cloud_of(PlayerId(id))
    }
}

impl Tensor for Game {
    fn num_distinct_actions(&self) -> usize {
        1 + self.winds() + usize::from(self.setup.winds.kill)
    }

    fn action_index(&self, state: &State, player: usize, action: &Action) -> Option<usize> {
        match *action {
            Action::Wait => Some(0),
            Action::Kill => self.setup.winds.kill.then_some(1 + self.winds()),
            Action::Move(wind) => {
                let cloud = Game::storm(state, player)?;
                (0..self.winds())
                    .find(|&k| {
                        let grid = self.grid_wind(cloud, k);
                        grid.x == wind.x && grid.y == wind.y
                    })
                    .map(|k| 1 + k)
            }
        }
    }

    fn index_action(&self, state: &State, player: usize, index: usize) -> Option<Action> {
        match index {
            0 => Some(Action::Wait),
            i if i <= self.winds() => {
                let cloud = Game::storm(state, player)?;
                Some(Action::Move(self.grid_wind(cloud, i - 1)))
            }
            i if i == 1 + self.winds() && self.setup.winds.kill => Some(Action::Kill),
            _ => None,
        }
    }

    fn legal_mask(&self, state: &State, player: usize, mask: &mut [bool]) {
        let mask = &mut mask[..self.num_distinct_actions()];
        mask.fill(false);
        if !self.to_move(state).contains(player) {
            return;
        }
        let Some(cloud) = Game::storm(state, player) else {
            return;
        };
        mask[0] = true;
        for k in 0..self.winds() {
            let wind = self.grid_wind(cloud, k);
            let mut copy = *cloud;
            if move_cloud(&mut copy, wind).is_ok() {
                // The first entry of this wind: the index `action_index` gives.
                let first = (0..=k)
                    .find(|&j| {
                        let w = self.grid_wind(cloud, j);
                        w.x == wind.x && w.y == wind.y
                    })
                    .unwrap_or(k);
                mask[1 + first] = true;
            }
        }
        if self.setup.winds.kill {
            mask[1 + self.winds()] = true;
        }
    }

    fn observation_shape(&self) -> Vec<usize> {
        let (rows, cols, _) = raster(self);
        vec![PLANES, rows, cols]
    }

    fn observation_tensor(&self, state: &State, player: usize, out: &mut [f32]) {
        let (rows, cols, cell) = raster(self);
        let area = rows * cols;
        let out = &mut out[..PLANES * area];
        out.fill(0.0);
        if player >= state.players().len() {
            return;
        }
        let unit_vapor = self.setup.params.player_vapor.max(1.0);
        let unit_speed = self.setup.params.max_wind.max(1.0);
        // Shares of the vapor: the viewer's and the largest rival's.
        let mut total = 0.0f32;
        let mut mine = 0.0f32;
        let mut best_rival = 0.0f32;
        for c in state.clouds() {
            let vapor = c.vapor.max(0.0);
            total += vapor;
            match c.owner {
                Some(id) if id.index() == player => mine = vapor,
                Some(_) => best_rival = best_rival.max(vapor),
                None => {}
            }
            let at = |v: f32, side: usize| ((v / cell).floor().max(0.0) as usize).min(side - 1);
            let i = at(c.pos.y, rows) * cols + at(c.pos.x, cols);
            let (v, vx, vy) = (
                vapor / unit_vapor,
                c.vel.x / unit_speed,
                c.vel.y / unit_speed,
            );
            match c.owner {
                Some(id) if id.index() == player => {
                    out[i] += v;
                    out[area + i] = vx;
                    out[2 * area + i] = vy;
                }
                Some(_) => {
                    out[3 * area + i] += v;
                    out[4 * area + i] += v * vx;
                    out[5 * area + i] += v * vy;
                }
                None => {
                    out[6 * area + i] += v;
                    out[7 * area + i] += v * vx;
                    out[8 * area + i] += v * vy;
                }
            }
        }
        let timeout = self.config().max_iterations().max(1) as f64;
        let played = (state.iteration() as f64 / timeout).min(1.0) as f32;
        let share = |v: f32| if total > 0.0 { v / total } else { 0.0 };
        out[9 * area..10 * area].fill(played);
        out[10 * area..11 * area].fill(share(mine));
        out[11 * area..].fill(share(best_rival));
    }
}
