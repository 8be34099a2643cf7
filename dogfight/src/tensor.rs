//! Dogfight as tensors ([`pathfind::tree::Tensor`]), for learning.
//!
//! **Actions.** A side's action is one move (or none) per plane. A plane's move is numbered
//! `direction · 4 + turn · 2 + shoot` (the [`Direction::index`] in `0..27`, so 108 moves, the
//! zero vector's included), and 108 is "no move"; the action is `first · 109 + second`, so
//! [`MOVE_SLOTS`]² = 11 881 distinct actions. The legal mask allows, for a live plane, exactly
//! [`Game::legal_moves`] and for a dead one only "no move", as [`Game::legal_actions`] lists
//! them.
//!
//! **Observation.** Shape `[4, 9]`: one row per plane, the viewer's two planes first (in slot
//! order), then the opponent's; each row holds `alive` (1 or 0), the position `x`, `y`, `z`
//! scaled to `[0, 1]` over the arena, the heading's `x`, `y`, `z` (−1, 0 or 1), the cooldown
//! scaled by the game's cooldown (0: ready to fire), and the fraction of the fight's rounds
//! played. A dead plane's row is all zeros but for the last value. Nothing is hidden in Dogfight;
//! the board is not mirrored for the second side (its planes start in the far corner).

use pathfind::tree::{self, Tensor};

use crate::{Action, Direction, Game, Move, PlaneId, Side, State};

/// Moves of one plane in the action numbering, "no move" included: 27 directions × turn ×
/// shoot, plus 1.
pub const MOVE_SLOTS: usize = 27 * 4 + 1;

/// Values per plane row of the observation.
pub const PLANE_FEATURES: usize = 9;

const NO_MOVE: usize = MOVE_SLOTS - 1;

fn move_index(mv: Option<Move>) -> usize {
    match mv {
        Some(m) => m.direction.index() * 4 + usize::from(m.turn) * 2 + usize::from(m.shoot),
        None => NO_MOVE,
    }
}

fn index_move(index: usize) -> Option<Move> {
    if index >= NO_MOVE {
        return None;
    }
    Direction::from_index(index / 4).map(|d| Move::new(d, index & 2 != 0, index & 1 != 0))
}

fn side(player: usize) -> Option<Side> {
    match player {
        0 => Some(Side::P1),
        1 => Some(Side::P2),
        _ => None,
    }
}

impl Tensor for Game {
    fn num_distinct_actions(&self) -> usize {
        MOVE_SLOTS * MOVE_SLOTS
    }

    fn action_index(&self, _state: &State, _player: usize, action: &Action) -> Option<usize> {
        Some(move_index(action.moves[0]) * MOVE_SLOTS + move_index(action.moves[1]))
    }

    fn index_action(&self, _state: &State, _player: usize, index: usize) -> Option<Action> {
        if index >= MOVE_SLOTS * MOVE_SLOTS {
            return None;
        }
        Some(Action {
            moves: [
                index_move(index / MOVE_SLOTS),
                index_move(index % MOVE_SLOTS),
            ],
        })
    }

    fn legal_mask(&self, state: &State, player: usize, mask: &mut [bool]) {
        let mask = &mut mask[..MOVE_SLOTS * MOVE_SLOTS];
        mask.fill(false);
        let Some(side) = side(player) else {
            return;
        };
        if tree::Game::is_terminal(self, state) {
            return;
        }
        // Each plane's legal move indices (inline: at most 34, or "no move" for a dead plane).
        let slots = side.planes().map(|plane: PlaneId| {
            let mut indices = smallvec::SmallVec::<[usize; 34]>::new();
            if state.plane(plane).alive {
                indices.extend(
                    self.legal_moves(state, plane)
                        .into_iter()
                        .map(|m| move_index(Some(m))),
                );
            } else {
                indices.push(NO_MOVE);
            }
            indices
        });
        for &first in &slots[0] {
            for &second in &slots[1] {
                mask[first * MOVE_SLOTS + second] = true;
            }
        }
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![4, PLANE_FEATURES]
    }

    fn observation_tensor(&self, state: &State, player: usize, out: &mut [f32]) {
        let out = &mut out[..4 * PLANE_FEATURES];
        let me = side(player).unwrap_or(Side::P1);
        let order = [me.planes(), me.opponent().planes()];
        let edge = (self.arena().size().max(2) - 1) as f32;
        let cooldown = f32::from(self.config().cooldown.max(1));
        let played = f32::from(state.round.min(self.config().rounds))
            / f32::from(self.config().rounds.max(1));
        for (row, plane) in out
            .chunks_exact_mut(PLANE_FEATURES)
            .zip(order.iter().flatten())
        {
            let p = state.plane(*plane);
            row.fill(0.0);
            row[PLANE_FEATURES - 1] = played;
            if !p.alive {
                continue;
            }
            let [x, y, z] = p.pos.to_array();
            let [hx, hy, hz] = p.heading.vector();
            row[0] = 1.0;
            row[1] = f32::from(x) / edge;
            row[2] = f32::from(y) / edge;
            row[3] = f32::from(z) / edge;
            row[4] = f32::from(hx);
            row[5] = f32::from(hy);
            row[6] = f32::from(hz);
            row[7] = f32::from(p.cooldown) / cooldown;
        }
    }
}
