//! Windward bots on the contract: a round through `pathfind::tree::Game` with the navigator
//! against idle cars, and the `Playable` surface (bots by name, scores, ranks, pictures).

use arena::Bot;
use arena::Playable;
use examples::roster::Roster;
use examples::windward::bots::{Idle, Navigator, PlayoutNavigator, Search, progress};
use pathfind::tree;
use windward::{Config, Game, NUM_PLAYERS, mapgen};

#[test]
fn the_navigator_delivers_and_beats_idle_cars() {
    let game = Game::new(mapgen::default_map(0), Config { max_ticks: 6_000 }).unwrap();
    let mut bots: Vec<Box<dyn Bot<Game>>> = vec![Box::new(Navigator::new())];
    for _ in 1..NUM_PLAYERS {
        bots.push(Box::new(Idle));
    }
    for (i, b) in bots.iter_mut().enumerate() {
        b.new_game(&game, i, 5);
    }
    let mut state = game.initial_state(5);
    let mut joint = Vec::with_capacity(NUM_PLAYERS);
    while !tree::Game::is_terminal(&game, &state) {
        joint.clear();
        for (i, b) in bots.iter_mut().enumerate() {
            let seen = tree::Game::observe(&game, &state, i);
            joint.push(b.act(&game, &seen, i));
        }
        tree::Game::advance(&game, &mut state, &joint);
    }
    let outcome = game.outcome(&state).unwrap();
    assert!(outcome.delivered[0] >= 2, "{:?}", outcome.delivered);
    assert_eq!(outcome.ranks[0], 1, "{:?}", outcome.scores);
    assert_eq!(tree::Outcome::ranks(&outcome)[0], 1);
    assert_eq!(tree::Outcome::scores(&outcome).len(), NUM_PLAYERS);
}

#[test]
fn the_search_bot_delivers_and_beats_idle_cars() {
    let game = Game::new(mapgen::default_map(1), Config { max_ticks: 4_000 }).unwrap();
    let mut search = Search::new(3);
    search.horizon = 200; // a small budget: debug builds are slow
    let mut bots: Vec<Box<dyn Bot<Game>>> = vec![Box::new(search)];
    for _ in 1..NUM_PLAYERS {
        bots.push(Box::new(Idle));
    }
    for (i, b) in bots.iter_mut().enumerate() {
        b.new_game(&game, i, 3);
    }
    let mut state = game.initial_state(3);
    let mut joint = Vec::with_capacity(NUM_PLAYERS);
    while !tree::Game::is_terminal(&game, &state) {
        joint.clear();
        for (i, b) in bots.iter_mut().enumerate() {
            let seen = tree::Game::observe(&game, &state, i);
            joint.push(b.act(&game, &seen, i));
        }
        if let windward::Action::GoTo { stop, pickup } = &joint[0] {
            assert!(usize::from(*stop) < game.stops().len());
            assert!(
                !pickup.is_empty()
                    || state.players[0].passenger.is_some()
                    || state.players[0].car.coffee <= 0
            );
        }
        tree::Game::advance(&game, &mut state, &joint);
    }
    let outcome = game.outcome(&state).unwrap();
    assert!(outcome.delivered[0] >= 1, "{:?}", outcome.delivered);
    assert_eq!(outcome.ranks[0], 1, "{:?}", outcome.scores);
}

#[test]
fn playouts_follow_the_navigator_and_progress_counts_the_ride() {
    let game = Game::new(mapgen::default_map(0), Config::default()).unwrap();
    let mut state = game.initial_state(2);
    let me = windward::PlayerId(0);
    assert_eq!(progress(&game, &state, me), 0.0);
    let mut policies = [PlayoutNavigator::default(); NUM_PLAYERS];
    let mut joint = vec![windward::Action::Wait; NUM_PLAYERS];
    let mut rode = false;
    for _ in 0..20_000 {
        for (i, p) in policies.iter_mut().enumerate() {
            joint[i] = p.act(&game, &state, windward::PlayerId(i as u8));
        }
        tree::Game::advance(&game, &mut state, &joint);
        let pl = &state.players[0];
        let v = progress(&game, &state, me);
        // a rider counts half its points at once, the rest as the car nears the destination
        if let Some(p) = pl.passenger {
            let pts = p.points() as f32;
            assert!(v >= pl.points + pts * 0.5 && v <= pl.points + pts, "{v}");
            rode = true;
        }
        if !pl.delivered.is_empty() {
            break;
        }
    }
    assert!(rode, "player 0 never picked anybody up");
    assert!(
        !state.players[0].delivered.is_empty(),
        "player 0 never delivered"
    );
}

#[test]
fn playable_names_bots_and_draws() {
    let game = Game::new(mapgen::default_map(1), Config::default()).unwrap();
    // The program bot (`cmd:PROGRAM ARG...`) needs a real program: tested in net_programs.
    for (name, _) in Game::bot_names()
        .iter()
        .filter(|(n, _)| !n.starts_with("cmd:"))
    {
        assert_eq!(game.bot(name).unwrap().name(), *name);
    }
    assert!(game.bot("nobody").is_err());
    let state = game.initial_state(1);
    assert!(game.current_scores(&state).iter().all(|&s| s == 0.0));
    let mut svg = String::new();
    game.render_svg(&state, &mut svg);
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
}

#[test]
fn recordings_load_from_golden_traces() {
    let Some(root) = std::env::var_os("CONTEST_DATA") else {
        println!("windward recording: skipped (CONTEST_DATA unset)");
        return;
    };
    let path = std::path::PathBuf::from(root).join("windward/traces/map2_seed1_20k.jsonl.gz");
    let rec = Game::load_recording(&path).unwrap();
    assert_eq!(rec.names.len(), NUM_PLAYERS);
    assert_eq!(rec.states[0].tick, 0);
    assert!(rec.states.len() > 100);
    assert!(rec.states.windows(2).all(|w| w[0].tick < w[1].tick));
}
