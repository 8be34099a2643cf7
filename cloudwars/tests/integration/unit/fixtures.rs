//! Worlds for the unit tests of the rules' modules.

use cloudwars::cloud::{Color, Player, Vec2};
use cloudwars::state::Config;
use cloudwars::*;

pub(crate) fn game(w: i32, h: i32) -> Game {
    Game::new(Config {
        width: w,
        height: h,
        game_speed: 60,
        sim_speed_up: 1,
    })
    .unwrap()
}

pub(crate) fn rain(x: f32, y: f32, vx: f32, vy: f32, vapor: f32) -> CloudSpec {
    CloudSpec {
        pos: Vec2::new(x, y),
        vel: Vec2::new(vx, vy),
        vapor,
        player: None,
    }
}

pub(crate) fn storm(name: &str, x: f32, y: f32, vapor: f32) -> CloudSpec {
    CloudSpec {
        pos: Vec2::new(x, y),
        vel: Vec2::default(),
        vapor,
        player: Some(Player {
            name: name.into(),
            color: Color::Blue,
        }),
    }
}
