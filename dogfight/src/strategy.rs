//! [proptest](mod@proptest) strategies for directions, moves, planes, states and actions (feature `proptest`),
//! so bot authors can property-test their bots against the rules' edge cases. The crate's own
//! property tests use the same strategies.
//!
//! Everything is valid by construction and shrinks towards simple values (the first direction,
//! no turn, no shot, fewer rounds).
//!
//! ```
//! use dogfight::strategy;
//! use proptest::prelude::*;
//! use proptest::test_runner::TestRunner;
//!
//! let game = dogfight::Game::default();
//! let mut runner = TestRunner::default();
//! runner
//!     .run(&(strategy::reachable_state(&game), strategy::actions()), |(state, actions)| {
//!         let next = game.step_joint(&state, &actions);
//!         prop_assert_eq!(next.round, state.round + 1);
//!         Ok(())
//!     })
//!     .unwrap();
//! ```

use proptest::prelude::*;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::{Action, Actions, Arena, Direction, Game, Move, Plane, Pos, Side, State};

/// One of the 26 non-zero directions.
pub fn direction() -> impl Strategy<Value = Direction> {
    proptest::sample::select(&Direction::ALL[..])
}

/// Any direction, the zero vector included (what a Java bot could send).
pub fn any_direction() -> impl Strategy<Value = Direction> {
    (0usize..27).prop_map(|i| Direction::from_index(i).unwrap_or(Direction::ZERO))
}

/// Any move: any direction (valid or not for the plane), any flags.
pub fn any_move() -> impl Strategy<Value = Move> {
    (any_direction(), any::<bool>(), any::<bool>())
        .prop_map(|(direction, turn, shoot)| Move::new(direction, turn, shoot))
}

/// One side's orders: each move present or missing.
pub fn action() -> impl Strategy<Value = Action> {
    [
        proptest::option::weighted(0.9, any_move()),
        proptest::option::weighted(0.9, any_move()),
    ]
    .prop_map(|moves| Action { moves })
}

/// Both sides' orders.
pub fn actions() -> impl Strategy<Value = Actions> {
    [action(), action()].prop_map(Actions)
}

/// A cell inside an arena of `size`.
pub fn cell(size: u32) -> impl Strategy<Value = Pos> {
    let n = size as i8;
    (0..n, 0..n, 0..n).prop_map(|(x, y, z)| Pos::new(x, y, z))
}

/// A live plane somewhere in an arena of `size`, any heading, cooldown 0 or 1.
pub fn plane(size: u32) -> impl Strategy<Value = Plane> {
    (cell(size), direction(), 0u8..=1).prop_map(|(pos, heading, cooldown)| Plane {
        alive: true,
        pos,
        heading,
        cooldown,
    })
}

/// Any state of an arena of `size`: four planes (each alive with probability 0.85, any heading,
/// cooldown 0 or 1), any round before the last of `rounds`. Dead planes keep an in-arena cell.
///
/// A third of the states are crowded (all four planes within a 5³ box, clamped to the arena, often
/// at a wall) and a third lined up (all on one line, mostly heading along it), so that
/// collisions, rays through several planes and friendly fire are common.
pub fn state(size: u32, rounds: u16) -> impl Strategy<Value = State> {
    let n = size as i8;
    let alive = || proptest::bool::weighted(0.85);
    let spread = [
        (plane(size), alive()),
        (plane(size), alive()),
        (plane(size), alive()),
        (plane(size), alive()),
    ]
    .prop_map(|planes| {
        planes.map(|(mut plane, alive)| {
            plane.alive = alive;
            plane
        })
    });
    let offset = || (-2i8..=2, -2i8..=2, -2i8..=2, direction(), 0u8..=1, alive());
    let crowded = (cell(size), [offset(), offset(), offset(), offset()]).prop_map(
        move |(centre, offsets)| {
            offsets.map(|(dx, dy, dz, heading, cooldown, alive)| Plane {
                alive,
                pos: Pos::new(
                    (centre.x + dx).clamp(0, n - 1),
                    (centre.y + dy).clamp(0, n - 1),
                    (centre.z + dz).clamp(0, n - 1),
                ),
                heading,
                cooldown,
            })
        },
    );
    // Lined up: all four on one line, most pointing along it, so one shot can cross them all.
    let along = || {
        (
            0i8..8,
            proptest::bool::weighted(0.7),
            direction(),
            0u8..=1,
            alive(),
        )
    };
    let lined_up = (
        cell(size),
        direction(),
        [along(), along(), along(), along()],
    )
        .prop_map(move |(start, line, planes)| {
            planes.map(|(step, on_line, other, cooldown, alive)| {
                let pos = start.offset(line, step);
                Plane {
                    alive,
                    pos: Pos::new(
                        pos.x.clamp(0, n - 1),
                        pos.y.clamp(0, n - 1),
                        pos.z.clamp(0, n - 1),
                    ),
                    heading: if on_line { line } else { other },
                    cooldown,
                }
            })
        });
    (prop_oneof![spread, crowded, lined_up], 0..rounds)
        .prop_map(|(planes, round)| State::new(planes).with_round(round))
}

/// A state of an ongoing fight of `game`, reached from the start by up to `rounds − 1` rounds of
/// random legal play (a round that would end the fight is not played).
pub fn reachable_state(game: &Game) -> impl Strategy<Value = State> + use<> {
    let game = *game;
    (any::<u64>(), 0..game.config().rounds).prop_map(move |(seed, rounds)| {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut state = game.initial_state(0);
        while state.round < rounds {
            let actions = Actions::new(
                game.random_action(&state, Side::P1, &mut rng),
                game.random_action(&state, Side::P2, &mut rng),
            );
            let next = game.step_joint(&state, &actions);
            if game.is_terminal(&next) {
                break;
            }
            state = next;
        }
        state
    })
}

/// An arena of any size in `4..=20`.
pub fn arena() -> impl Strategy<Value = Arena> {
    (Arena::MIN_SIZE..=20).prop_map(|size| Arena::new(size).expect("a size in range"))
}
