//! The example bots: the explorer's map stays exact, and it scores at least 3× the random bot.

use amazes::{Action, Config, Game, MazeFile, Player, generate, random_starts};
use examples::amazes::bots::{Brain, ExplorerBot, RandomBot};
use examples::amazes::play_game;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;

/// The sample mazes when CONTEST_DATA is set, else the crate's shipped mazes.
fn sample_or_shipped() -> Vec<amazes::Maze> {
    if let Some(dir) = std::env::var_os("CONTEST_DATA") {
        let dir = std::path::PathBuf::from(dir).join("amazes");
        (1..=10)
            .map(|i| {
                let path = dir.join(format!("maze{i:02}.txt"));
                let text = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                MazeFile::parse(&text).unwrap().maze
            })
            .collect()
    } else {
        (0..amazes::mazes::COUNT)
            .map(|i| amazes::mazes::get(i).maze)
            .collect()
    }
}

#[test]
fn explorer_scores_at_least_three_times_the_random_bot_over_200_games() {
    let samples = sample_or_shipped();
    let mut rng = Pcg64Mcg::seed_from_u64(2010);
    let games = 200;
    // The mazes and starts are drawn in order from one generator, then the games are played in
    // parallel: the longest test of the workspace's run, it would otherwise keep one core busy
    // while the other waits. The sums do not depend on the order the games finish in.
    let setups: Vec<_> = (0..games)
        .map(|i| {
            // Half the games on the sample mazes, half on freshly generated ones.
            let maze = if i % 2 == 0 {
                samples[(i / 2) % samples.len()].clone()
            } else {
                generate(25, &mut rng).unwrap()
            };
            let starts = random_starts(&maze, 288, &mut rng).unwrap();
            (i, maze, starts)
        })
        .collect();
    let (explorer_total, random_total) = setups
        .into_par_iter()
        .map(|(i, maze, starts)| {
            let game = Game::new(maze, Config::default()).unwrap();
            let (mut explorer, mut random) = (ExplorerBot::default(), RandomBot::default());
            let explorer_red = i % 4 < 2;
            let outcome = if explorer_red {
                play_game(&game, starts, [&mut explorer, &mut random], i as u64)
            } else {
                play_game(&game, starts, [&mut random, &mut explorer], i as u64)
            };
            let (e, r) = if explorer_red { (0, 1) } else { (1, 0) };
            (outcome.scores[e] as i64, outcome.scores[r] as i64)
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    let (e, r) = (
        explorer_total as f64 / games as f64,
        random_total as f64 / games as f64,
    );
    println!("amazes: explorer {e:.1} vs random {r:.1} mean score over {games} games");
    assert!(e >= 3.0 * r, "explorer {e} < 3 × random {r}");
    assert!(e > 400.0, "explorer mean {e}");
}

#[test]
fn explorer_map_matches_the_referee_on_every_turn() {
    for i in 0..6 {
        let file = amazes::mazes::get(i);
        let game = Game::new(file.maze, Config::default()).unwrap();
        let mut state = game.initial_state(i as u64);
        let mut bots = [ExplorerBot::default(), ExplorerBot::default()];
        for b in &mut bots {
            b.reset(25, 0);
        }
        while state.end().is_none() {
            let p = state.to_move();
            let bot = &mut bots[p.index()];
            let line = bot.choose(&game.observe(&state, state.to_move().index()));
            // choose() observed the view and applied its own (certain) walk.
            game.advance_action(&mut state, &Action::Moves(line));
            assert_eq!(
                bot.map().discovered_count(),
                state.knowledge(p).discovered_count(),
                "game {i}, {p:?}"
            );
        }
        assert!(state.knowledge(Player::Red).discovered_count() > 550);
    }
}

#[test]
fn verify_replays_golden_files_and_reports_the_first_mismatch() {
    let Some(dir) = std::env::var_os("CONTEST_DATA") else {
        println!("conformance: amazes: skipped (CONTEST_DATA unset)");
        return;
    };
    let dir = std::path::PathBuf::from(dir).join("amazes");
    let files: Vec<String> = ["golden_views.tsv", "golden_trace_maze01.tsv"]
        .iter()
        .map(|f| dir.join(f).display().to_string())
        .collect();
    let line = examples::amazes::verify(&files).unwrap();
    assert!(line.starts_with("conformance: amazes: 2 traces,") && line.ends_with("all match"));
    // A copy with one move changed fails at that turn.
    let tmp = std::env::temp_dir().join(format!("amazes-verify-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    std::fs::copy(dir.join("maze01.txt"), tmp.join("maze01.txt")).unwrap();
    let text = std::fs::read_to_string(dir.join("golden_trace_maze01.tsv")).unwrap();
    let bad = tmp.join("golden_trace_maze01.tsv");
    std::fs::write(&bad, text.replacen("\tTF\t", "\tTFF\t", 1)).unwrap();
    let err = examples::amazes::verify(&[bad.display().to_string()])
        .unwrap_err()
        .to_string();
    assert!(err.contains("step 1: steps executed"), "{err}");
    let _ = std::fs::remove_dir_all(&tmp);
}

/// The search bot through the workspace's `Bot` shape and the contract: it sees views only,
/// and beats the random bot by far (the 200-game figures are in the amazes README).
#[test]
fn search_bot_plays_through_the_contract_and_beats_random() {
    use arena::Bot as ContractBot;
    use examples::amazes::bots::SearchBot;
    let (mut search_total, mut random_total) = (0i64, 0i64);
    for i in 0..4u64 {
        let file = amazes::mazes::get(i as usize);
        let game = Game::new(file.maze, Config::default()).unwrap();
        let mut bots: [Box<dyn ContractBot<Game>>; 2] = [
            Box::new(SearchBot::default()),
            Box::new(RandomBot::default()),
        ];
        if i % 2 == 1 {
            bots.swap(0, 1);
        }
        for (p, b) in bots.iter_mut().enumerate() {
            b.new_game(&game, p, i);
        }
        let mut state = pathfind::tree::Game::initial_state(&game, i);
        while let Some(p) = game.to_move(&state).iter().next() {
            let view = pathfind::tree::Game::observe(&game, &state, p);
            let action = bots[p].act(&game, &view, p);
            pathfind::tree::Game::advance(&game, &mut state, &[action]);
        }
        let outcome = pathfind::tree::Game::outcome(&game, &state).unwrap();
        let (s, r) = if i % 2 == 0 { (0, 1) } else { (1, 0) };
        assert_eq!(bots[s].name(), "search");
        search_total += outcome.scores[s] as i64;
        random_total += outcome.scores[r] as i64;
    }
    assert!(
        search_total >= 3 * random_total.max(1),
        "{search_total} vs {random_total}"
    );
}
