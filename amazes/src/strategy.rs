//! proptest strategies (feature `proptest`): valid mazes, start poses, move lines and actions,
//! valid by construction, for bot authors' own property tests and this crate's.

use proptest::prelude::*;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::action::{Action, Fault, MoveLine};
use crate::game::{Config, Game};
use crate::generate::{generate, random_starts};
use crate::maze::{Maze, Pose};

/// A valid generated maze of side `size`, shrinking towards seed 0.
pub fn maze(size: usize) -> impl Strategy<Value = Maze> {
    any::<u64>().prop_map(move |seed| {
        generate(size, &mut Pcg64Mcg::seed_from_u64(seed)).expect("size checked by the caller")
    })
}

/// A contest game (25×25, default config) on a generated maze, with start poses.
pub fn game_and_starts() -> impl Strategy<Value = (Game, [Pose; 2])> {
    any::<u64>().prop_map(|seed| {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let maze = generate(25, &mut rng).expect("25 is a valid size");
        let starts = random_starts(&maze, 288, &mut rng).expect("25×25 mazes have starts");
        (
            Game::new(maze, Config::default()).expect("generated mazes are valid"),
            starts,
        )
    })
}

/// A valid move line of 1..=`max` moves.
pub fn move_line(max: usize) -> impl Strategy<Value = MoveLine> {
    proptest::collection::vec(
        prop_oneof![Just(b'F'), Just(b'T'), Just(b'L'), Just(b'R')],
        1..=max,
    )
    .prop_map(|bytes| MoveLine::from_bytes(&bytes).expect("letters and length are valid"))
}

/// Any action: mostly valid lines, sometimes each kind of fault.
pub fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        8 => move_line(12).prop_map(Action::Moves),
        1 => move_line(256).prop_map(Action::Moves),
        1 => prop_oneof![
            Just(Fault::Crash),
            Just(Fault::Timeout),
            Just(Fault::Empty),
            (257usize..1000).prop_map(Fault::TooLong),
            (any::<char>(), 0usize..256).prop_map(|(ch, index)| Fault::Illegal { ch, index }),
        ]
        .prop_map(Action::Fault),
    ]
}
