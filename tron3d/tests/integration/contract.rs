//! The workspace's game contract harness (`pathfind::tree::check`) on Tron3D: determinism,
//! step = clone + advance, movers, legal actions (every listed joint action tried), outcome,
//! returns, over means over, termination within `nb_rounds`, observe; and serde round trips.

// The contract imported, as a bot author has it: `game.method(..)` still names the inherent
// method, which must take the same arguments.
#[allow(unused_imports)]
use pathfind::tree::{self, Game as _, check};
use tron3d::generate::Preset;
use tron3d::{Config, Game, GlibcRand, demo};

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

/// Issue 22: a deserialized state with more bikes or players than its arrays hold made
/// `State::bikes` (state.rs:210) and `State::scores` (state.rs:241) slice past their ends;
/// `validate` refuses such a state (and any count other than the game's), naming the field.
#[test]
fn deserialized_states_with_foreign_counts_are_refused() {
    let game = short(Preset::Cube);
    let state = game.initial_state(2);
    assert_eq!(game.validate(&state), Ok(()));
    let json = serde_json::to_string(&state).unwrap();
    for (field, from, to) in [
        ("nb_bikes", "\"nb_bikes\":8", "\"nb_bikes\":100"),
        ("nb_players", "\"nb_players\":4", "\"nb_players\":100"),
        ("nb_players", "\"nb_players\":4", "\"nb_players\":3"),
    ] {
        assert!(json.contains(from), "{from}");
        let hostile: tron3d::State = serde_json::from_str(&json.replace(from, to)).unwrap();
        let error = game.validate(&hostile).unwrap_err();
        assert_eq!(error.field, field);
        assert_eq!(error.value, to.rsplit(':').next().unwrap());
        assert_eq!(pathfind::tree::Game::validate(&game, &hostile), Err(error));
    }
    // A bike on a vertex off the board (the svg and the rules index by it).
    let vertex = format!("\"vertex\":{}", state.bike(0).vertex);
    let hostile: tron3d::State =
        serde_json::from_str(&json.replacen(&vertex, "\"vertex\":1000", 1)).unwrap();
    assert_eq!(
        game.validate(&hostile).unwrap_err().field,
        "bikes[0].vertex"
    );
}

/// With the contract imported, `game.method(..)` is the inherent method; it takes the
/// contract's arguments and answers as the contract does, for every method of the same name.
#[test]
fn inherent_methods_take_the_contracts_arguments_and_agree() {
    let game = Game::new(Preset::Cube.board(), Preset::Cube.config()).unwrap();
    let mut state = game.initial_state(3);
    assert_eq!(state, <Game as tree::Game>::initial_state(&game, 3));
    assert_eq!(game.players(), <Game as tree::Game>::players(&game));
    let mut rng = GlibcRand::new(5);
    let (mut buf, mut contract_buf) = (Vec::new(), Vec::new());
    let (mut returns, mut contract_returns) = ([0.0; 4], [0.0; 4]);
    loop {
        assert_eq!(
            game.to_move(&state),
            <Game as tree::Game>::to_move(&game, &state)
        );
        for player in 0..game.players() + 1 {
            game.legal_actions(&state, player, &mut buf);
            <Game as tree::Game>::legal_actions(&game, &state, player, &mut contract_buf);
            assert_eq!(buf, contract_buf);
            assert_eq!(
                game.observe(&state, player),
                <Game as tree::Game>::observe(&game, &state, player)
            );
        }
        game.returns(&state, &mut returns);
        <Game as tree::Game>::returns(&game, &state, &mut contract_returns);
        assert_eq!(returns, contract_returns);
        assert_eq!(
            game.outcome(&state),
            <Game as tree::Game>::outcome(&game, &state)
        );
        let terminal = game.is_terminal(&state);
        assert_eq!(terminal, <Game as tree::Game>::is_terminal(&game, &state));
        let joint: Vec<_> = (0..game.players())
            .map(|player| demo::action(&game, &state, player, &mut rng))
            .collect();
        let next = game.step(&state, &joint);
        assert_eq!(next, <Game as tree::Game>::step(&game, &state, &joint));
        let mut other = state.clone();
        let events = game.advance(&mut state, &joint);
        assert_eq!(
            events,
            <Game as tree::Game>::advance(&game, &mut other, &joint)
        );
        assert_eq!((&state, &other), (&next, &next));
        if terminal {
            assert!(
                events.iter().next().is_none(),
                "a finished game changes nothing"
            );
            break;
        }
    }
}
