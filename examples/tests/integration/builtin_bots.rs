//! Every built-in opponent is a bot of the contract (`pathfind::tree::Bot`): the Tron3D kit's
//! Demo, Dogfight's DumbPlanes, the Windward server's AI, the CloudWars greedy bot and the Amazes
//! explorer each play a whole game through one generic loop, which knows nothing of any game and
//! converts nothing.

use pathfind::tree::{Bot, Game};

/// Plays one game of `game` from `seed` with `bots` (one per player) through the contract only:
/// each player to move is shown its observation and answers with its action; every bot hears
/// every step's events. Returns the number of steps.
fn play<G: Game, B: Bot<G>>(game: &G, bots: &mut [B], seed: u64, step_cap: usize) -> usize {
    let mut state = game.initial_state(seed);
    for (player, bot) in bots.iter_mut().enumerate() {
        bot.new_game(game, player, seed.wrapping_add(player as u64));
    }
    let mut steps = 0;
    while !game.is_terminal(&state) {
        assert!(
            steps < step_cap,
            "{}: no end after {step_cap} steps",
            bots[0].name()
        );
        let mut joint = Vec::new();
        for player in game.to_move(&state).iter() {
            let action = bots[player].act(game, &game.observe(&state, player), player);
            joint.push(action);
        }
        let events = game.advance(&mut state, &joint);
        for (player, bot) in bots.iter_mut().enumerate() {
            bot.hear(game, &events, player);
        }
        steps += 1;
    }
    let outcome = game
        .outcome(&state)
        .expect("a terminal state has an outcome");
    for (player, bot) in bots.iter_mut().enumerate() {
        bot.game_over(game, &outcome, player);
        assert_eq!(bot.fault(), None);
    }
    steps
}

#[test]
fn tron3d_demo_plays_through_the_contract() {
    use tron3d::generate::Preset;
    let game = tron3d::Game::new(Preset::Cube.board(), Preset::Cube.config()).unwrap();
    let mut bots: Vec<_> = (0..game.players())
        .map(|p| tron3d::demo::Demo::new(p as u64))
        .collect();
    assert!(play(&game, &mut bots, 11, 10_000) > 0);
}

#[test]
fn dogfight_dumbplanes_plays_through_the_contract() {
    let game = dogfight::Game::default();
    let mut bots = [
        dogfight::dumb_planes::DumbPlanes::default(),
        dogfight::dumb_planes::DumbPlanes::default(),
    ];
    assert!(play(&game, &mut bots, 5, 100_000) > 0);
}

#[test]
fn windward_builtin_ai_plays_through_the_contract() {
    let config = windward::Config { max_ticks: 600 };
    let game = windward::Game::new(windward::mapgen::default_map(0), config).unwrap();
    let mut bots: Vec<_> = (0..game.players())
        .map(|p| windward::builtin::BuiltIn::new(p as u64, true))
        .collect();
    assert_eq!(play(&game, &mut bots, 3, 10_000), 600);
}

#[test]
fn cloudwars_greedy_plays_through_the_contract() {
    use cloudwars::{Config, Setup};
    let setup = Setup {
        players: 2,
        ..Setup::default()
    };
    let game = cloudwars::Game::with_setup(Config::default(), setup).unwrap();
    let mut bots = [cloudwars::greedy::Greedy; 2];
    assert!(play(&game, &mut bots, 4, 20_000) > 0);
}

#[test]
fn amazes_explorer_plays_through_the_contract() {
    use amazes::explorer::Explorer;
    let file = amazes::mazes::get(0);
    let game = amazes::Game::new(file.maze, amazes::Config::default()).unwrap();
    let mut bots = [Explorer::default(), Explorer::default()];
    assert!(play(&game, &mut bots, 2, 10_000) > 0);
}
