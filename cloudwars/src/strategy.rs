//! proptest strategies for configurations, worlds and commands (feature `proptest`), for bot
//! authors' property tests. Worlds are valid by construction (finite floats) and shrink towards
//! fewer, smaller clouds.
//!
//! ```
//! use cloudwars::strategy;
//! use proptest::prelude::*;
//!
//! proptest!(ProptestConfig::with_cases(8), |((game, mut state) in strategy::world(20, 3))| {
//!     game.update(&mut state);
//!     prop_assert_eq!(state.iteration(), 1);
//! });
//! ```

use proptest::prelude::*;

use crate::action::Action;
use crate::cloud::{Color, Player, PlayerId, Vec2};
use crate::rules::{CloudSpec, Game};
use crate::state::{Config, State};

/// Board sizes from 40×40 to 2500×1500, game speeds 1 to 120.
pub fn config() -> impl Strategy<Value = Config> {
    (40i32..2500, 40i32..1500, 1i32..120).prop_map(|(width, height, game_speed)| Config {
        width,
        height,
        game_speed,
        sim_speed_up: 1,
    })
}

/// Any of the five colours.
pub fn color() -> impl Strategy<Value = Color> {
    prop::sample::select(Color::ALL.to_vec())
}

/// One cloud on (or a little off) a `width`×`height` board: speeds up to 60, vapor up to 1200
/// (including dead clouds below 1).
pub fn cloud_spec(width: i32, height: i32) -> impl Strategy<Value = CloudSpec> {
    let (w, h) = (width as f32, height as f32);
    (
        -30.0f32..w + 30.0,
        -30.0f32..h + 30.0,
        -60.0f32..60.0,
        -60.0f32..60.0,
        prop_oneof![0.0f32..1.0, 1.0f32..300.0, 300.0f32..1200.0],
    )
        .prop_map(|(x, y, vx, vy, vapor)| CloudSpec {
            pos: Vec2::new(x, y),
            vel: Vec2::new(vx, vy),
            vapor,
            player: None,
        })
}

/// A game and a world with up to `max_rainclouds` rainclouds and `0..=max_players` players
/// (named `P0`, `P1`, …, placed among the rainclouds in list order).
pub fn world(max_rainclouds: usize, max_players: usize) -> impl Strategy<Value = (Game, State)> {
    config().prop_flat_map(move |config| {
        let clouds =
            prop::collection::vec(cloud_spec(config.width, config.height), 0..=max_rainclouds);
        let players = prop::collection::vec(
            (
                cloud_spec(config.width, config.height),
                color(),
                any::<prop::sample::Index>(),
            ),
            0..=max_players,
        );
        (Just(config), clouds, players, any::<u64>()).prop_map(
            |(config, mut clouds, players, seed)| {
                for (i, (mut spec, color, at)) in players.into_iter().enumerate() {
                    spec.player = Some(Player {
                        name: format!("P{i}"),
                        color,
                    });
                    let at = at.index(clouds.len() + 1);
                    clouds.insert(at, spec);
                }
                let game = Game::new(config).expect("valid config");
                let state = game
                    .world_from_clouds(&clouds, seed)
                    .expect("finite clouds");
                (game, state)
            },
        )
    })
}

/// Any `f32` bit pattern, plus extra weight on the special values: NaN, ±infinity, subnormals,
/// ±0, the extremes, and ordinary wind strengths.
pub fn any_f32() -> impl Strategy<Value = f32> {
    prop_oneof![
        any::<u32>().prop_map(f32::from_bits),
        prop::num::f32::ANY,
        -200.0f32..200.0,
        prop::sample::select(vec![
            f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::MIN_POSITIVE / 2.0,
            -0.0,
            0.0,
            f32::MAX,
            f32::MIN,
            1.0,
            0.999_999_94,
        ]),
    ]
}

/// A command with any floats (valid or not).
pub fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        8 => (any_f32(), any_f32()).prop_map(|(x, y)| Action::Move(Vec2::new(x, y))),
        8 => (-60.0f32..60.0, -60.0f32..60.0).prop_map(|(x, y)| Action::Move(Vec2::new(x, y))),
        1 => Just(Action::Kill),
    ]
}

/// Commands by players `0..players` (some ids may not exist in a world with fewer players).
pub fn actions(players: u8, max_len: usize) -> impl Strategy<Value = Vec<(PlayerId, Action)>> {
    prop::collection::vec(
        ((0..players.max(1)).prop_map(PlayerId), action()),
        0..=max_len,
    )
}
