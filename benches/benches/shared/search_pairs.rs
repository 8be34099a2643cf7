//! The search-efficiency workloads of the five games (issue 23), shared by the criterion bench
//! (`search`, whose docs give each game's searcher, state, budget and horizon) and the paired
//! runner (`efficiency`): per game, one decision of the searcher the README shows, and as many
//! bare random playouts from the same state, each answering the engine steps it played inside
//! playouts.

use std::hint::black_box;

use pathfind::tree::{
    DecoupledUct, FlatMonteCarlo, Game, InformationSetMcts, SearchConfig, SearchRng,
};
use rand::{Rng, SeedableRng};

const SEED: u64 = 7;

/// One game's pair of workloads; each closure owns its own copies of the game and the state,
/// and does the same work (the same steps) every call.
pub struct Workload {
    pub name: &'static str,
    /// One decision of the searcher for its iteration budget; the searcher's own
    /// `playout_steps()` (the steps beyond the tree).
    pub search: Box<dyn FnMut() -> u64>,
    /// As many bare playouts as the search's iterations, to the same horizon; the steps played.
    pub bare: Box<dyn FnMut() -> u64>,
}

/// Builds a game's workload.
pub type Build = fn() -> Workload;

/// The games' names and workloads, in the order the benches report them.
pub const GAMES: [(&str, Build); 5] = [
    ("dogfight", dogfight),
    ("tron3d", tron3d),
    ("cloudwars", cloudwars),
    ("amazes", amazes),
    ("windward", windward),
];

fn config(iterations: u32, horizon: u32) -> SearchConfig {
    SearchConfig {
        iterations,
        max_playout_steps: horizon,
        seed: SEED,
        ..SearchConfig::default()
    }
}

/// `playouts` random playouts of at most `horizon` steps from `root`; the steps played.
fn bare_playouts<G: Game>(game: &G, root: &G::State, playouts: u32, horizon: u32) -> u64 {
    let mut rng = SearchRng::seed_from_u64(SEED);
    let mut state = root.clone();
    let (mut legal, mut joint) = (Vec::new(), Vec::new());
    let mut steps = 0u64;
    for _ in 0..playouts {
        state.clone_from(root);
        let mut n = 0;
        'play: while n < horizon && !game.is_terminal(&state) {
            joint.clear();
            for player in game.to_move(&state) {
                game.legal_actions(&state, player, &mut legal);
                if legal.is_empty() {
                    break 'play;
                }
                joint.push(legal[rng.random_range(0..legal.len())].clone());
            }
            game.advance(&mut state, &joint);
            n += 1;
        }
        steps += u64::from(n);
    }
    black_box(&state);
    steps
}

/// The bare side for `settings`' iterations and horizon, from its own copies of `game` and
/// `root`.
fn bare<G>(game: &G, root: &G::State, settings: &SearchConfig) -> Box<dyn FnMut() -> u64>
where
    G: Game + Clone + 'static,
    G::State: 'static,
{
    let (game, root) = (game.clone(), root.clone());
    let (playouts, horizon) = (settings.iterations, settings.max_playout_steps);
    Box::new(move || bare_playouts(&game, black_box(&root), playouts, horizon))
}

/// A workload whose searcher is [`DecoupledUct`] from `state`, deciding for player 0.
fn decoupled_uct<G>(
    name: &'static str,
    game: G,
    state: G::State,
    settings: SearchConfig,
) -> Workload
where
    G: Game + Clone + 'static,
    G::State: 'static,
{
    let bare = bare(&game, &state, &settings);
    let mut search = DecoupledUct::new(settings);
    Workload {
        name,
        search: Box::new(move || {
            search.reseed(SEED);
            black_box(search.choose(&game, &state, 0));
            search.playout_steps()
        }),
        bare,
    }
}

pub fn dogfight() -> Workload {
    let game = dogfight::Game::default();
    let state = Game::initial_state(&game, 0);
    let settings = config(1_000, 1_000);
    decoupled_uct("dogfight", game, state, settings)
}

pub fn tron3d() -> Workload {
    let preset = tron3d::generate::Preset::Cube;
    let game = tron3d::Game::new(preset.board(), preset.config()).expect("presets are valid");
    let mut state = game.initial_state(11);
    let mut actions = tron3d::Actions::new();
    for _ in 0..40 {
        game.demo_actions(&mut state, &mut actions);
        game.advance_commands(&mut state, &actions);
    }
    let settings = config(200, 1_000);
    decoupled_uct("tron3d", game, state, settings)
}

pub fn cloudwars() -> Workload {
    use cloudwars::{Setup, WindGrid, WindStrength, WorldParams};
    let winds = WindGrid {
        directions: 4,
        strengths: vec![WindStrength::OfVapor(0.05)],
        kill: false,
    };
    let params = WorldParams {
        rainclouds: 30,
        ..WorldParams::default()
    };
    let setup = Setup {
        params,
        players: 2,
        winds,
    };
    let game = cloudwars::Game::with_setup(cloudwars::Config::default(), setup)
        .expect("the README's world");
    let state = Game::initial_state(&game, 1);
    let settings = config(300, 10);
    decoupled_uct("cloudwars", game, state, settings)
}

pub fn amazes() -> Workload {
    use amazes::{Belief, Player, mazes};
    let game =
        amazes::Game::new(mazes::get(0).maze, amazes::Config::default()).expect("shipped maze");
    let state = Game::initial_state(&game, 7);
    let mut belief = Belief::new(&game, Player::Red);
    belief.observe(&game.observe(&state, Player::Red.index()));
    let settings = config(200, 20);
    let bare = bare(&game, &state, &settings);
    // As the README shows: a sample (a whole maze drawn to fit Red's map) costs about twenty
    // playouts, so each one serves 32 iterations.
    let mut search =
        InformationSetMcts::<amazes::Game>::new(settings).with_iterations_per_sample(32);
    Workload {
        name: "amazes",
        search: Box::new(move || {
            search.reseed(SEED);
            black_box(search.choose(&game, &belief, 0));
            search.playout_steps()
        }),
        bare,
    }
}

pub fn windward() -> Workload {
    let game = windward::Game::new(
        windward::mapgen::default_map(0),
        windward::Config::default(),
    )
    .expect("generated map");
    let state = Game::initial_state(&game, 1);
    let settings = config(60, 200);
    let bare = bare(&game, &state, &settings);
    let mut search = FlatMonteCarlo::new(settings);
    Workload {
        name: "windward",
        search: Box::new(move || {
            search.reseed(SEED);
            black_box(search.choose(&game, &state, 0));
            search.playout_steps()
        }),
        bare,
    }
}
