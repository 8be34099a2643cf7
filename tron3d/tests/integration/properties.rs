//! Property tests: invariants over random play on every shipped board, step = clone + advance,
//! determinism, serde and format round-trips, no panic on any command or any input bytes.

use proptest::prelude::*;

use tron3d::format::{Cnf, parse_map, write_map};
use tron3d::generate::Preset;
use tron3d::replay::Recorder;
use tron3d::strategy;
use tron3d::{Actions, Game, Item, SCORE_PER_ROUND, State, T3d};

fn game_of(preset: Preset) -> Game {
    Game::new(preset.board(), preset.config()).unwrap()
}

/// Checks the rules doc's state invariants (§7.18).
fn check_invariants(game: &Game, state: &State) {
    for (k, bike) in state.bikes().iter().enumerate() {
        assert_eq!(bike.player as usize, k % game.config().nb_players);
        if bike.alive {
            assert!(
                state.wall(bike.vertex as usize).is_some(),
                "alive bike {k} on a free vertex"
            );
            assert!(bike.turbo >= 0 && bike.ghost >= 0);
            assert_ne!(bike.item, Item::Points);
        } else {
            assert_eq!((bike.turbo, bike.ghost), (0, 0));
        }
    }
    for v in state.walls().iter() {
        let owner = state.wall(v).unwrap() as usize;
        assert!(owner < game.nb_bikes());
    }
    assert_eq!(
        state.walls().len(),
        (0..game.board().nb_vertices())
            .filter(|&v| state.wall(v).is_some())
            .count()
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Random playouts (Demo players, random orders and items) terminate after exactly
    /// nb_rounds rounds with scores = 10 × required moves + bonus × Points pickups.
    #[test]
    fn playouts_terminate_with_consistent_scores(preset in strategy::preset(), seed in any::<u64>()) {
        let game = game_of(preset);
        let mut state = game.initial_state(seed);
        let mut actions = Actions::new();
        let mut expected = vec![0i32; game.config().nb_players];
        let mut rounds = 0;
        while !state.is_over() {
            let before = state.clone();
            game.demo_actions(&mut state, &mut actions);
            let events = game.advance_commands(&mut state, &actions);
            rounds += 1;
            for k in 0..game.nb_bikes() {
                let was = before.bike(k);
                if before.must_move(k) && state.bike(k).alive {
                    expected[was.player as usize] += SCORE_PER_ROUND;
                }
                if state.bike(k).alive {
                    prop_assert!(!events.died.contains(k));
                }
            }
            for &(bike, _, item) in &events.pickups {
                if item == Item::Points {
                    expected[state.bike(bike as usize).player as usize] += game.config().score_bonus;
                }
            }
            for p in 0..expected.len() {
                prop_assert!(state.scores()[p] >= before.scores()[p], "scores never decrease");
            }
            check_invariants(&game, &state);
        }
        prop_assert_eq!(rounds, game.config().nb_rounds);
        prop_assert_eq!(state.scores(), expected.as_slice());
        let outcome = game.outcome(&state).unwrap();
        prop_assert_eq!(&outcome.scores, &expected);
    }

    /// step = clone + advance, for any commands (valid or not), and the same seed gives the
    /// same game.
    #[test]
    fn step_is_clone_plus_advance_for_any_commands(
        (game, state, actions) in strategy::game().prop_flat_map(|g| {
            let s = strategy::state(&g, 60);
            let a = strategy::actions(&g);
            (Just(g), s, a)
        })
    ) {
        let next = game.step_commands(&state, &actions);
        let mut again = state.clone();
        game.advance_commands(&mut again, &actions);
        prop_assert_eq!(&next, &again);
        prop_assert_eq!(next.round(), state.round() + 1);
        check_invariants(&game, &next);
        // The same state and commands give the same result.
        prop_assert_eq!(game.step_commands(&state, &actions), next);
    }

    #[test]
    fn same_seed_same_game(seed in any::<u64>()) {
        let game = game_of(Preset::Cube);
        let play = |seed| {
            let mut state = game.initial_state(seed);
            let mut actions = Actions::new();
            while !state.is_over() {
                game.demo_actions(&mut state, &mut actions);
                game.advance_commands(&mut state, &actions);
            }
            state
        };
        prop_assert_eq!(play(seed), play(seed));
    }

    #[test]
    fn serde_round_trip(state in strategy::state(&game_of(Preset::Cube), 120)) {
        let json = serde_json::to_string(&state).unwrap();
        let back: State = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, state);
    }

    /// A recorded random game writes, parses and writes again to the same text.
    #[test]
    fn t3d_write_parse_round_trip(seed in any::<u64>(), preset in strategy::preset()) {
        let game = game_of(preset);
        let mut state = game.initial_state(seed);
        let names: Vec<String> = (0..4).map(|p| format!("p{p}")).collect();
        let mut recorder = Recorder::new(&game, &names, &state);
        let mut actions = Actions::new();
        for _ in 0..30 {
            game.demo_actions(&mut state, &mut actions);
            let events = game.advance_commands(&mut state, &actions);
            recorder.record(&game, &actions, &events, &state);
        }
        let text = recorder.t3d().write();
        let parsed = T3d::parse(&text).unwrap();
        prop_assert_eq!(&parsed, recorder.t3d());
        prop_assert_eq!(parsed.write(), text);
    }

    #[test]
    fn map_and_cnf_round_trip(preset in strategy::preset(), rounds in 1u32..500, bonus in -5i32..300) {
        let board = preset.board();
        let text = write_map(&board);
        let parsed = parse_map(preset.name(), &text).unwrap();
        prop_assert_eq!(write_map(&parsed), text);
        let mut config = preset.config();
        config.nb_rounds = rounds;
        config.bonus_round = bonus;
        let cnf = Cnf::new(preset.name(), config);
        prop_assert_eq!(Cnf::parse(&cnf.write()).unwrap(), cnf);
    }

    #[test]
    fn parsers_never_panic_on_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = parse_map("x", &text);
        let _ = Cnf::parse(&text);
        let _ = T3d::parse(&text);
    }

    /// Mutated valid files: still no panic (errors or values, never a crash).
    #[test]
    fn parsers_never_panic_on_mutated_files(cut in 0usize..4000, byte in any::<u8>(), at in 0usize..4000) {
        let board = Preset::Grid.board();
        let mut map = write_map(&board).into_bytes();
        let mut cnf = Cnf::new("grid13", Preset::Grid.config()).write().into_bytes();
        for text in [&mut map, &mut cnf] {
            let len = text.len();
            text[at % len] = byte;
            text.truncate(cut % (len + 1));
        }
        let _ = parse_map("x", &String::from_utf8_lossy(&map));
        let _ = Cnf::parse(&String::from_utf8_lossy(&cnf));
    }
}

#[test]
fn t3d_parser_never_panics_on_mutations_of_a_game() {
    let game = game_of(Preset::Grid);
    let record = tron3d::replay::run_original(&game, &["Demo", "Demo", "Demo", "Demo"], 3).unwrap();
    let text = record.write();
    let bytes = text.as_bytes();
    let mut rng = 12345u64;
    for _ in 0..300 {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let at = (rng >> 33) as usize % bytes.len();
        let mut mutated = bytes[..bytes.len().min(at + 20000)].to_vec();
        mutated[at] = (rng >> 20) as u8;
        let _ = T3d::parse(&String::from_utf8_lossy(&mutated));
    }
}
