//! The workspace's generic contract harness (`pathfind::tree::check`) on CloudWars: determinism,
//! step = clone + advance, movers, legal actions accepted, outcome/returns/ranks, "over means
//! over", termination within the timeout, serde round trips.

use cloudwars::{Config, Game, Setup, WindGrid, WindStrength, WorldParams};
use pathfind::tree::check;

fn small_game(players: usize, winds: WindGrid) -> Game {
    // game_speed 1: the timeout ends every game after 3 * 60 * 1 = 180 updates (the 181st).
    let config = Config {
        width: 500,
        height: 350,
        game_speed: 1,
        sim_speed_up: 1,
    };
    let setup = Setup {
        params: WorldParams {
            rainclouds: 12,
            player_vapor: 200.0,
            ..WorldParams::default()
        },
        players,
        winds,
    };
    Game::with_setup(config, setup).unwrap()
}

fn ranks(outcome: &cloudwars::Outcome) -> Vec<usize> {
    outcome.ranks.iter().map(|&r| r as usize).collect()
}

#[test]
fn cloudwars_keeps_the_game_contract() {
    for players in [1, 2, 4] {
        let game = small_game(players, WindGrid::default());
        let summary = check::contract(&game, 0..6, 181, ranks);
        assert_eq!(summary.games, 6);
        assert!(summary.actions_tried > 0);
    }
    // A coarse grid with big winds: many refused strengths, games end by kills and deaths.
    let coarse = WindGrid {
        directions: 3,
        strengths: vec![WindStrength::OfVapor(0.5), WindStrength::Absolute(40.0)],
        kill: true,
    };
    check::contract(&small_game(3, coarse), 0..6, 181, ranks);
}

#[test]
fn states_survive_a_json_round_trip() {
    assert_eq!(
        check::serde_round_trip(&small_game(2, WindGrid::default()), 0..4, 181),
        4
    );
}

/// Issue 22: a deserialized state whose cloud owner is not a player of the state made `outcome`
/// index past the vapors (rules.rs:525). `validate` refuses it, naming the field and the value.
#[test]
fn a_deserialized_state_with_a_foreign_cloud_owner_is_refused() {
    let game = small_game(2, WindGrid::default());
    let state = game.initial_state(4);
    assert_eq!(game.validate(&state), Ok(()));
    // Player 0's cloud said to be player 2's, in a finished game (so `outcome` reads it).
    let json = serde_json::to_string(&state).unwrap();
    assert!(json.contains("\"owner\":0,") && json.contains("\"win\":false"));
    let json = json
        .replacen("\"owner\":0,", "\"owner\":2,", 1)
        .replace("\"win\":false", "\"win\":true");
    let index = state.cloud_index(cloudwars::PlayerId(0)).unwrap();
    let hostile: cloudwars::State = serde_json::from_str(&json).unwrap();
    let error = game.validate(&hostile).unwrap_err();
    assert_eq!(error.field, format!("clouds[{index}].owner"));
    assert_eq!(error.value, "2");
    assert!(error.expected.contains("below 2"), "{error}");
    // Through the contract too.
    assert_eq!(pathfind::tree::Game::validate(&game, &hostile), Err(error));
}
