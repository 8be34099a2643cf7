//! Amazes as tensors ([`pathfind::tree::Tensor`]), for learning.
//!
//! **Actions.** Four, the one-move lines of [`Game::legal_actions`] in its order: index 0 `F`
//! (ahead), 1 `R` (right), 2 `T` (turn around), 3 `L` (left), each one step ([`Move::ALL`]). The
//! mask is the mover's open directions, exactly the list; it is all false for the player not to
//! move and once the game is over. Longer lines (any 2..=256 moves, charged −1 a character) and
//! the faults are valid actions the space cannot express ([`Tensor::action_index`] is `None` for
//! them): an agent of this space walks one square a turn.
//!
//! **Observation.** Shape `[14, 2n − 1, 2n − 1]` for a maze of side `n` (`[14, 49, 49]` for the
//! contest's 25): a map *centred on the player and turned to its heading* — the centre cell
//! `(n − 1, n − 1)` is the square it stands on, row `n − 2` above it is ahead. Whatever the
//! player's place and heading, every square of the maze falls in the window, and neither the
//! place nor the heading (which the player is never told) is in the tensor. Per cell:
//!
//! | plane | value |
//! |---|---|
//! | 0 | 1 if the player has discovered the square |
//! | 1 | 1 if it knows the square exists (discovered, or the end of an opening it knows) |
//! | 2 | 1 if it has marked the square a dead end |
//! | 3–6 | 1 if it knows the cell's edge ahead / right / behind / left (its own turn of the map) is open |
//! | 7–10 | 1 if it knows that edge is a wall |
//!
//! An edge is marked on both cells it separates, a border wall too (on the cell beyond the
//! border, which is no square): otherwise the unmarked side would show where the border runs.
//! | 11 | 1 on the cells at the squared distance to the opponent its view gives (a ring) |
//! | 12 | everywhere: the fraction of its turns it has left |
//! | 13 | everywhere: 1 if it is to move |
//!
//! The map is the player's own discoveries as the referee scores them
//! ([`State::knowledge`]: what its views, walks and the rules' inference told it; a bot's own
//! [`LocalMap`](crate::LocalMap) reproduces it, as the crate's property tests check).
//! Deliberately left out: the maze beyond that map, the opponent's place (only the ring of its
//! told distance), heading, discoveries and faults, and the points of both players (a player's
//! own points include +1 for each square the opponent had not discovered yet, so they would
//! leak the opponent's map). A player number other than 0 (Red) or 1 (Blue) gets all zeros.
//!
//! ```
//! use amazes::{Config, Game, mazes};
//! use pathfind::tree::{Game as _, Tensor};
//!
//! let game = Game::new(mazes::get(0).maze, Config::default())?;
//! let state = game.initial_state(7);
//! let mut mask = [false; 4];
//! game.legal_mask(&state, 0, &mut mask); // Red moves first
//! assert!(mask[2], "the edge behind a start is always open");
//! let back = game.index_action(&state, 0, 2).unwrap();
//! assert_eq!(back, amazes::Action::from_line("T"));
//!
//! let mut planes = vec![0.0; game.observation_len()];
//! game.observation_tensor(&state, 0, &mut planes);
//! assert_eq!(game.observation_shape(), [14, 49, 49]);
//! let centre = 24 * 49 + 24;
//! assert_eq!(planes[centre], 1.0); // plane 0: it has discovered the square it stands on
//! assert_eq!(planes[5 * 49 * 49 + centre], 1.0); // plane 5: the edge behind it is open
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use pathfind::tree::Tensor;

use crate::action::{Action, Move, MoveLine};
use crate::game::{Game, Player, State};
use crate::maze::Dir;

/// Planes of the observation.
pub const PLANES: usize = 14;

/// The side of the observation's square window for a maze of side `size`: `2·size − 1`.
pub const fn window(size: usize) -> usize {
    2 * size - 1
}

/// `(dr, dc)` turned a quarter anticlockwise `turns` times: an absolute offset seen by a
/// player facing `Dir::from_index(turns)`, ahead being up.
fn turn_back(mut dr: i32, mut dc: i32, turns: usize) -> (i32, i32) {
    for _ in 0..turns % 4 {
        (dr, dc) = (-dc, dr);
    }
    (dr, dc)
}

impl Tensor for Game {
    fn num_distinct_actions(&self) -> usize {
        Move::ALL.len()
    }

    fn action_index(&self, _state: &State, _player: usize, action: &Action) -> Option<usize> {
        let Action::Moves(line) = action else {
            return None;
        };
        match line.as_bytes() {
            &[letter] => Move::ALL.iter().position(|m| m.letter() == letter),
            _ => None,
        }
    }

    fn index_action(&self, _state: &State, _player: usize, index: usize) -> Option<Action> {
        let m = *Move::ALL.get(index)?;
        MoveLine::from_moves(&[m]).ok().map(Action::Moves)
    }

    fn legal_mask(&self, state: &State, player: usize, mask: &mut [bool]) {
        let mask = &mut mask[..Move::ALL.len()];
        mask.fill(false);
        if player != state.to_move().index() || state.end().is_some() {
            return;
        }
        let pose = state.pose(state.to_move());
        let maze = self.maze_of(state);
        for (m, slot) in Move::ALL.iter().zip(mask.iter_mut()) {
            *slot = maze.is_open(pose.square, m.turn(pose.facing));
        }
    }

    fn observation_shape(&self) -> Vec<usize> {
        let side = window(self.config().size);
        vec![PLANES, side, side]
    }

    fn observation_tensor(&self, state: &State, player: usize, out: &mut [f32]) {
        let n = self.config().size;
        let side = window(n);
        let area = side * side;
        let out = &mut out[..PLANES * area];
        out.fill(0.0);
        let Some(me) = Player::from_index(player) else {
            return;
        };
        let pose = state.pose(me);
        let (pr, pc) = (pose.square.row() as i32, pose.square.col() as i32);
        let facing = pose.facing.index();
        let centre = (n - 1) as i32;
        // The window row and column of an absolute offset from the player (always inside:
        // |offset| < n).
        let place = |dr: i32, dc: i32| {
            let (r, c) = turn_back(dr, dc, facing);
            (r + centre, c + centre)
        };
        let inside =
            |r: i32, c: i32| (0..side as i32).contains(&r) && (0..side as i32).contains(&c);
        let known = state.knowledge(me);
        for row in 0..n {
            for col in 0..n {
                let k = known.index(row, col);
                let (r, c) = place(row as i32 - pr, col as i32 - pc);
                let at = (r * side as i32 + c) as usize;
                out[at] = f32::from(u8::from(known.is_discovered(k)));
                out[area + at] = f32::from(u8::from(known.exists(k)));
                out[2 * area + at] = f32::from(u8::from(known.is_dead_end(k)));
                for d in Dir::ALL {
                    let Some(open) = known.edge(k, d) else {
                        continue;
                    };
                    // The edge's side as the player turns the map (0 ahead, 1 right, ...), on
                    // this square and on the square beyond it. That one may lie outside the
                    // maze (a border wall): marked all the same, so the planes show edges, not
                    // where the border is.
                    let turned = Dir::from_index(d.index() + 4 - facing);
                    let first = if open { 3 } else { 7 };
                    out[(first + turned.index()) * area + at] = 1.0;
                    let (dr, dc) = turned.delta();
                    let (r2, c2) = (r + dr, c + dc);
                    if inside(r2, c2) {
                        let beyond = (r2 * side as i32 + c2) as usize;
                        out[(first + turned.back().index()) * area + beyond] = 1.0;
                    }
                }
            }
        }
        let distance2 = pose.square.distance2(state.pose(me.other()).square) as i32;
        let ring = &mut out[11 * area..12 * area];
        for r in 0..side as i32 {
            for c in 0..side as i32 {
                let (dr, dc) = (r - centre, c - centre);
                if dr * dr + dc * dc == distance2 {
                    ring[(r * side as i32 + c) as usize] = 1.0;
                }
            }
        }
        let turns = self.config().turns;
        let left = f32::from(turns.saturating_sub(state.turns_done(me))) / f32::from(turns.max(1));
        out[12 * area..13 * area].fill(left);
        let to_move = state.end().is_none() && state.to_move() == me;
        out[13 * area..].fill(f32::from(u8::from(to_move)));
    }
}
