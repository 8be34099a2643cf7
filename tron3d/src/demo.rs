//! The original kit's `Demo` player (`AIDemo.cc:38-85`), exact to its `rand()` calls, so that
//! with a [`crate::GlibcRand`] shared with the engine it reproduces the original's games.

use pathfind::tree::Bot;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use smallvec::SmallVec;

use crate::{Action, Actions, CRand, Game, Item, Movement, PlayerId, State};

/// The kit's Demo player as a bot of the contract ([`pathfind::tree::Bot`]): the moves of
/// [`action`], drawn from its own seeded generator (reseeded by each game's
/// [`Bot::new_game`]). The arena plays it like any other bot (`play tron3d --bots demo,...`);
/// a search can play against it directly.
///
/// ```
/// use pathfind::tree::{Bot, Game as _};
/// use tron3d::{Game, demo::Demo, generate::Preset};
///
/// let game = Game::new(Preset::Cube.board(), Preset::Cube.config()).unwrap();
/// let mut state = game.initial_state(7);
/// let mut bots = [Demo::new(1), Demo::new(2)];
/// while !game.is_terminal(&state) {
///     let joint: Vec<_> = (0..2).map(|p| bots[p].act(&game, &state, p)).collect();
///     game.advance(&mut state, &joint);
/// }
/// assert!(game.outcome(&state).is_some());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Demo {
    rng: Pcg64Mcg,
}

impl Demo {
    /// A Demo player drawing from a generator seeded with `seed`.
    pub fn new(seed: u64) -> Demo {
        Demo {
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }
}

impl Bot<Game> for Demo {
    fn name(&self) -> String {
        "demo".into()
    }

    fn new_game(&mut self, _game: &Game, _player: usize, seed: u64) {
        self.rng = Pcg64Mcg::seed_from_u64(seed);
    }

    fn act(&mut self, game: &Game, state: &State, player: usize) -> Action {
        action(game, state, player, &mut self.rng)
    }
}

/// Adds the Demo player's commands for `player` to `actions`.
///
/// For each of its bikes (ascending id) that must move: a random free neighbour (`wall == -1`),
/// or a random neighbour when none is free, one `rand()` call; then, if the bike holds an item,
/// a second call decides to use it with probability 1/5 (`rand() % 5 > 3`).
///
/// ```
/// use tron3d::{Actions, Game, GlibcRand, demo, generate};
/// let game = Game::new(generate::Preset::Cube.board(), generate::Preset::Cube.config()).unwrap();
/// let state = game.initial_state(0);
/// let mut rng = GlibcRand::new(1);
/// let mut actions = Actions::new();
/// demo::play(&game, &state, 0, &mut rng, &mut actions);
/// assert_eq!(actions.commands(0).len(), 2); // one command per bike
/// ```
pub fn play<R: CRand + ?Sized>(
    game: &Game,
    state: &State,
    player: PlayerId,
    rng: &mut R,
    actions: &mut Actions,
) {
    demo_moves(game, state, player, rng, |movement| {
        actions.push(player, movement)
    });
}

/// The Demo player's move for contract player `player` (`0..nb_players`) as the contract's
/// [`Action`]: the same draws as [`play`], so a bot playing it is the original's Demo, with no
/// conversion from [`Actions`]. Any other player number gets the empty action.
///
/// ```
/// use pathfind::tree::Game as _;
/// use tron3d::{Game, GlibcRand, demo, generate};
///
/// let game = Game::new(generate::Preset::Cube.board(), generate::Preset::Cube.config()).unwrap();
/// let mut state = game.initial_state(0);
/// let mut rng = GlibcRand::new(1);
/// let joint: Vec<_> = (0..game.players()).map(|p| demo::action(&game, &state, p, &mut rng)).collect();
/// assert_eq!(joint[0].moves().len(), 2); // one command per bike
/// game.advance(&mut state, &joint);
/// ```
pub fn action<R: CRand + ?Sized>(game: &Game, state: &State, player: usize, rng: &mut R) -> Action {
    let mut action = Action::new();
    if player < game.players() {
        // `players() <= MAX_PLAYERS`, so the id fits.
        demo_moves(game, state, player as PlayerId, rng, |movement| {
            action.push(movement)
        });
    }
    action
}

/// The Demo player's commands for `player`, in order, each given to `emit`.
fn demo_moves<R: CRand + ?Sized>(
    game: &Game,
    state: &State,
    player: PlayerId,
    rng: &mut R,
    mut emit: impl FnMut(Movement),
) {
    let board = game.board();
    for k in state.bikes_of(player) {
        let bike = state.bike(k);
        if !bike.alive || (state.is_odd_round() && bike.turbo <= 0) {
            continue;
        }
        let neighbours = board.neighbours(bike.vertex as usize);
        let empty: SmallVec<[u16; 8]> = neighbours
            .iter()
            .copied()
            .filter(|&v| state.wall(v as usize).is_none())
            .collect();
        let x = rng.rand() as usize;
        let target = if empty.is_empty() {
            neighbours[x % neighbours.len()]
        } else {
            empty[x % empty.len()]
        };
        let use_item = bike.item != Item::None && rng.rand() % 5 > 3;
        emit(Movement {
            bike: k as i32,
            to: i32::from(target),
            use_item,
        });
    }
}
