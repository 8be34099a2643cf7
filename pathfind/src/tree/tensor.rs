//! Tensors for learning: the game contract extended with a fixed discrete action space and a
//! fixed-shape `f32` observation per player, what a neural network or a reinforcement-learning
//! library (PettingZoo, OpenSpiel, RLlib) needs of a game.

use super::Game;
use super::toys::TicTacToe;

/// A [`Game`] seen as tensors.
///
/// - **Actions.** Every action a player can take in any state of the game has an index in
///   `0..num_distinct_actions()`, the same for every state. [`Tensor::action_index`] and
///   [`Tensor::index_action`] convert, and [`Tensor::legal_mask`] marks the indices of a player's
///   legal actions in a state (no allocation). An index may stand for an action relative to the
///   state (a Tron3D bike's k-th neighbour), which is why both conversions take the state.
/// - **Observations.** [`Tensor::observation_shape`] is fixed for a game (planes first, then the
///   geometry); [`Tensor::observation_tensor`] writes `player`'s observation of a state into a
///   caller's buffer of [`Tensor::observation_len`] values without allocating. It shows what
///   [`Game::observe`] tells the player and nothing more: hidden information stays hidden.
/// - **Incremental observations.** A caller that keeps a player's observation from step to step
///   brings it from one state to the next with [`Tensor::update_observation_tensor`], which
///   writes only what changed in a game that implements it ([`Tensor::incremental_observations`];
///   the default is the full write), with the same result bit for bit.
///
/// Each implementation documents, plane by plane, what its tensor holds and what it leaves out.
///
/// ```
/// use pathfind::tree::{Game, Tensor, toys::TicTacToe};
///
/// let game = TicTacToe;
/// let mut state = game.initial_state(0);
/// game.advance(&mut state, &[4]); // X takes the centre
/// let mut mask = vec![false; game.num_distinct_actions()];
/// game.legal_mask(&state, 1, &mut mask);
/// assert_eq!(mask.iter().filter(|&&m| m).count(), 8);
/// assert!(!mask[4]);
/// let mut planes = vec![0.0; game.observation_len()];
/// game.observation_tensor(&state, 1, &mut planes);
/// assert_eq!(game.observation_shape(), [3, 3, 3]);
/// assert_eq!(planes[9 + 4], 1.0); // plane 1: the opponent's marks, as O sees them
/// ```
pub trait Tensor: Game {
    /// The number of distinct actions of one player, over every state of the game.
    fn num_distinct_actions(&self) -> usize;

    /// The index of `player`'s `action` in `state`, or `None` when the action has no index
    /// (an action outside the game's fixed space, such as a raw order list).
    fn action_index(
        &self,
        state: &Self::State,
        player: usize,
        action: &Self::Action,
    ) -> Option<usize>;

    /// The action of `index` for `player` in `state`, or `None` for an index out of range or one
    /// that stands for nothing in this state (a move of a bike the player does not have). The
    /// action need not be legal: [`Tensor::legal_mask`] tells.
    fn index_action(
        &self,
        state: &Self::State,
        player: usize,
        index: usize,
    ) -> Option<Self::Action>;

    /// Writes into `mask[..num_distinct_actions()]` whether each index is one of `player`'s
    /// legal actions in `state` (all false for a player not to move). Never allocates.
    fn legal_mask(&self, state: &Self::State, player: usize, mask: &mut [bool]);

    /// The shape of one player's observation, the same for every state: planes first.
    fn observation_shape(&self) -> Vec<usize>;

    /// The number of values of one observation: the product of [`Tensor::observation_shape`].
    fn observation_len(&self) -> usize {
        self.observation_shape().iter().product()
    }

    /// Writes `player`'s observation of `state` into `out[..observation_len()]`. Never
    /// allocates.
    fn observation_tensor(&self, state: &Self::State, player: usize, out: &mut [f32]);

    /// Brings `out` from `player`'s observation of `before` to its observation of `after`,
    /// writing only what differs: for a caller that keeps each player's observation from step
    /// to step (a vectorised environment), where a step changes a few cells of a large
    /// tensor.
    ///
    /// The contract: if `out[..observation_len()]` holds exactly (bit for bit)
    /// `observation_tensor(before, player)`, it afterwards holds exactly
    /// `observation_tensor(after, player)`. Any two states of the game may be given (`after`
    /// need not follow `before` by one step), but if `out` holds anything else, what it holds
    /// afterwards is unspecified (garbage stays garbage; nothing panics). Never allocates.
    ///
    /// The default is the full write, [`Tensor::observation_tensor`] of `after`; a game whose
    /// steps change little overrides it, and says so in
    /// [`Tensor::incremental_observations`].
    fn update_observation_tensor(
        &self,
        before: &Self::State,
        after: &Self::State,
        player: usize,
        out: &mut [f32],
    ) {
        let _ = before;
        self.observation_tensor(after, player, out);
    }

    /// Whether [`Tensor::update_observation_tensor`] writes less than the full tensor. A caller
    /// that would keep the previous state only to pass it as `before` (a clone per step) skips
    /// that when this is false, the default.
    fn incremental_observations(&self) -> bool {
        false
    }
}

/// Tic-tac-toe: 9 actions (the cells, row by row). The observation is 3 planes of 3×3, from the
/// viewer's side: plane 0 its own marks, plane 1 the opponent's, plane 2 the empty cells. Nothing
/// is hidden, and whose turn it is follows from the counts.
impl Tensor for TicTacToe {
    fn num_distinct_actions(&self) -> usize {
        9
    }

    fn action_index(&self, _state: &Self::State, _player: usize, action: &u8) -> Option<usize> {
        (*action < 9).then_some(usize::from(*action))
    }

    fn index_action(&self, _state: &Self::State, _player: usize, index: usize) -> Option<u8> {
        (index < 9).then_some(index as u8)
    }

    fn legal_mask(&self, state: &Self::State, player: usize, mask: &mut [bool]) {
        let to_move = self.to_move(state).contains(player);
        for (cell, m) in mask.iter_mut().take(9).enumerate() {
            *m = to_move && state.mark(cell).is_none();
        }
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![3, 3, 3]
    }

    fn observation_tensor(&self, state: &Self::State, player: usize, out: &mut [f32]) {
        for cell in 0..9 {
            let plane = match state.mark(cell) {
                Some(owner) if owner == player => 0,
                Some(_) => 1,
                None => 2,
            };
            for p in 0..3 {
                out[p * 9 + cell] = f32::from(u8::from(p == plane));
            }
        }
    }
}
