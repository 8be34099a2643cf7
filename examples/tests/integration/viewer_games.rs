//! The replay viewer of every game in headless Chromium: a short game played through the game's
//! contract bots, its page written, loaded and checked against the engine: no script error, the
//! final scores equal the outcome's, opening at a step shows that step's scores and picture, and
//! the screenshot is not blank, all from one browser run per game (that a page opens at its first
//! step is checked by the arena's viewer test, for every game alike). Without Chromium each test
//! prints one line saying it was skipped (and fails when `CI` is set).

#[path = "../../../arena/tests/integration/browser/mod.rs"]
mod browser;

use arena::Playable;
use arena::runner::{GameSetup, Watch, play_game};
use arena::viewer::{ViewerOptions, write_html};
use examples::roster::{Roster, lineup};
use pathfind::tree::Outcome as _;

use browser::{Browser, TempDir};

/// Keeps every state of a game.
struct All<G: Playable>(Vec<G::State>);

impl<G: Playable> Watch<G> for All<G> {
    fn start(&mut self, _: &G, state: &G::State) {
        self.0.push(state.clone());
    }
    fn step(&mut self, _: &G, _: &[G::Action], _: &G::Events, state: &G::State) {
        self.0.push(state.clone());
    }
}

/// Plays one game of `game` between `lineup`, writes its viewer (every `every`-th step) and checks
/// it in the browser at a sampled step in the middle of the game.
fn check_game<G: Roster>(game: &G, names: &[&str], seed: u64, every: usize) {
    let Some(browser) = Browser::find(&format!("viewer of {}", G::NAME)) else {
        return;
    };
    let names: Vec<String> = names.iter().map(|&s| s.to_owned()).collect();
    let setup = GameSetup {
        index: 0,
        seed,
        seats: (0..names.len()).collect(),
    };
    let mut all = All::<G>(Vec::new());
    let record = play_game(game, &lineup::<G>(&names), &setup, &mut all).unwrap();
    let states = all.0;
    assert!(
        states.len() >= 3,
        "{}: a game of {} states",
        G::NAME,
        states.len()
    );
    let last = states.last().unwrap();
    let outcome = game.outcome(last).expect("the game is over");
    let final_scores = outcome.scores();
    assert_eq!(final_scores, record.scores);

    let dir = TempDir::new(G::NAME);
    let page = dir.0.join(format!("{}.html", G::NAME));
    let options = ViewerOptions { every, title: None };
    let summary = write_html(&page, game, &names, &states, &options).unwrap();
    assert_eq!(summary.last_step, states.len() - 1);
    let step = (states.len() / 2) / every * every;
    let dom = browser::check_page_at(
        &browser,
        &dir.0,
        &page,
        &final_scores,
        step,
        &game.current_scores(&states[step]),
    );
    // The picture shown at that step is that step's: every element class the engine draws for
    // it appears as often in the page (the page rebuilds it from the frames' changes).
    let mut svg = String::new();
    game.render_svg(&states[step], &mut svg);
    let mut classes: Vec<&str> = svg
        .split("class=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect();
    classes.sort_unstable();
    classes.dedup();
    assert!(!classes.is_empty(), "{}: no classes to compare", G::NAME);
    for class in classes {
        let pattern = format!("class=\"{class}\"");
        assert_eq!(
            dom.matches(&pattern).count(),
            svg.matches(&pattern).count(),
            "{}: elements of class {class:?} at step {step}",
            G::NAME
        );
    }
    check_colours::<G>(&dom, names.len(), step);
}

/// The value of attribute `name` in one tag's text (`<circle a="1" b="2"/>`), if any.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    tag[at..].split('"').next()
}

/// One palette: every piece the board draws for a player (an element with `data-player="p"`
/// and a `fill`) has the colour of that player's legend entry in the score table (its swatch's
/// `data-colour`, which also paints its score line), and the legend has one entry per player.
fn check_colours<G: Playable>(dom: &str, players: usize, step: usize) {
    let tags: Vec<&str> = dom.split('<').filter_map(|t| t.split('>').next()).collect();
    let legend: Vec<&str> = tags
        .iter()
        .filter(|t| t.starts_with("span") && t.contains("class=\"swatch\""))
        .filter_map(|t| attribute(t, "data-colour"))
        .collect();
    assert_eq!(legend.len(), players, "{}: legend entries", G::NAME);
    for (player, colour) in legend.iter().enumerate() {
        let lines: Vec<&str> = tags
            .iter()
            .filter(|t| attribute(t, "data-series") == Some(&player.to_string()))
            .filter_map(|t| attribute(t, "stroke"))
            .collect();
        assert_eq!(
            lines,
            [*colour],
            "{}: player {player}'s score line",
            G::NAME
        );
    }
    let mut pieces = 0;
    for tag in &tags {
        let (Some(player), Some(fill)) = (attribute(tag, "data-player"), attribute(tag, "fill"))
        else {
            continue;
        };
        let player: usize = player.parse().expect("a player number");
        assert!(player < players, "{}: piece of player {player}", G::NAME);
        assert_eq!(
            fill.to_ascii_lowercase(),
            legend[player].to_ascii_lowercase(),
            "{}: player {player}'s piece at step {step} against its legend entry",
            G::NAME
        );
        pieces += 1;
    }
    assert!(
        pieces > 0,
        "{}: no player piece on the board at step {step}",
        G::NAME
    );
}

#[test]
fn dogfight_viewer_in_chromium() {
    check_game(&dogfight::Game::default(), &["search", "random"], 3, 1);
}

#[test]
fn tron3d_viewer_in_chromium() {
    use tron3d::Preset;
    let config = tron3d::Config {
        nb_rounds: 60,
        ..Preset::Cube.config()
    };
    let game = tron3d::Game::new(Preset::Cube.board(), config).unwrap();
    check_game(&game, &["search", "demo", "demo", "null"], 5, 2);
}

#[test]
fn cloudwars_viewer_in_chromium() {
    use cloudwars::{Config, Setup, WorldParams};
    let setup = Setup {
        params: WorldParams {
            rainclouds: 12,
            ..WorldParams::default()
        },
        players: 2,
        ..Setup::default()
    };
    let game = cloudwars::Game::with_setup(Config::default(), setup).unwrap();
    check_game(&game, &["greedy", "greedy"], 4, 25);
    // The match `play cloudwars` plays (its players chose blue and red, not the palette's
    // order): the page must take their colours too.
    let play = examples::cloudwars::Match::new(&examples::cloudwars::MatchConfig {
        max_iterations: 300,
        ..examples::cloudwars::MatchConfig::default()
    })
    .unwrap();
    check_game(&play, &["greedy", "greedy"], 4, 25);
}

#[test]
fn amazes_viewer_in_chromium() {
    let file = amazes::mazes::get(0);
    let game = amazes::Game::new(file.maze, amazes::Config::default()).unwrap();
    check_game(&game, &["explorer", "random"], 2, 10);
}

#[test]
fn windward_viewer_in_chromium() {
    let config = windward::Config { max_ticks: 400 };
    let game = windward::Game::new(windward::mapgen::default_map(0), config).unwrap();
    let mut lineup = vec!["navigator"; 2];
    lineup.resize(game.players(), "idle");
    check_game(&game, &lineup, 1, 20);
}
