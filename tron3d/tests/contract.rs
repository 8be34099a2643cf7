//! The workspace's game contract harness (`pathfind::tree::check`) on Tron3D: determinism,
//! step = clone + advance, movers, legal actions (every listed joint action tried), outcome,
//! returns, over means over, termination within `nb_rounds`, observe; and serde round trips.

use pathfind::tree::check;
use tron3d::generate::Preset;
use tron3d::{Config, Game};

fn short(preset: Preset) -> Game {
    let config = Config {
        nb_rounds: 60,
        bonus_round: 6,
        ..preset.config()
    };
    Game::new(preset.board(), config).unwrap()
}

#[test]
fn contract_holds_on_every_shipped_board() {
    for preset in Preset::ALL {
        let game = short(preset);
        let summary = check::contract(&game, 0..6, 60, |outcome: &tron3d::Outcome| {
            outcome.ranks.clone()
        });
        assert_eq!(summary.games, 6, "{}", preset.name());
        assert!(summary.actions_tried > 100, "{summary:?}");
    }
    // A full-length game on the original parameters.
    let game = Game::new(Preset::Cube.board(), Preset::Cube.config()).unwrap();
    check::contract(&game, 0..2, 200, |outcome: &tron3d::Outcome| {
        outcome.ranks.clone()
    });
}

#[test]
fn states_survive_a_serde_round_trip() {
    let game = short(Preset::Icosphere);
    assert_eq!(check::serde_round_trip(&game, 0..4, 60), 4);
}
