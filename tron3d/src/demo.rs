//! The original kit's `Demo` player (`AIDemo.cc:38-85`), exact to its `rand()` calls, so that
//! with a [`crate::GlibcRand`] shared with the engine it reproduces the original's games.

use smallvec::SmallVec;

use crate::{Actions, CRand, Game, Item, Movement, PlayerId, State};

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
        actions.push(
            player,
            Movement {
                bike: k as i32,
                to: i32::from(target),
                use_item,
            },
        );
    }
}
