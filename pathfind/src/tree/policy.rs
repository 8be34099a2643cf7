//! Playout policies: how a search picks actions beyond its tree.

use rand::Rng;

use super::Game;

/// The random generator every search uses (seeded from [`SearchConfig::seed`](super::SearchConfig)).
pub type SearchRng = rand_pcg::Pcg64Mcg;

/// Picks one player's action in a playout. Replace the default ([`Uniform`]) with game knowledge
/// to make playouts more realistic (a Tron bot that avoids walls, a greedy mover).
///
/// ```
/// use pathfind::tree::{Game, Policy, SearchConfig, SearchRng, Uct};
/// use pathfind::tree::toys::TicTacToe;
///
/// /// Takes the centre when it can, else the first free cell.
/// struct CentreFirst;
///
/// impl Policy<TicTacToe> for CentreFirst {
///     fn choose(
///         &mut self,
///         _game: &TicTacToe,
///         _state: &<TicTacToe as Game>::State,
///         _player: usize,
///         legal: &[u8],
///         _rng: &mut SearchRng,
///     ) -> usize {
///         legal.iter().position(|&cell| cell == 4).unwrap_or(0)
///     }
/// }
///
/// let game = TicTacToe;
/// let mut search = Uct::with_policy(SearchConfig::default(), CentreFirst);
/// let state = game.initial_state(0);
/// assert!(search.choose(&game, &state, 0).is_some());
/// ```
pub trait Policy<G: Game> {
    /// The index in `legal` (never empty: `player`'s legal actions in `state`, in the game's
    /// order) of the action `player` plays.
    fn choose(
        &mut self,
        game: &G,
        state: &G::State,
        player: usize,
        legal: &[G::Action],
        rng: &mut SearchRng,
    ) -> usize;
}

/// The default playout policy: every legal action equally likely.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Uniform;

impl<G: Game> Policy<G> for Uniform {
    fn choose(
        &mut self,
        _game: &G,
        _state: &G::State,
        _player: usize,
        legal: &[G::Action],
        rng: &mut SearchRng,
    ) -> usize {
        rng.random_range(0..legal.len())
    }
}
