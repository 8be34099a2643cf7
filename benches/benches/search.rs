//! Search efficiency (issue 23): for every game, the searcher its README shows, with uniformly
//! random playouts, beside the same number of playouts run bare. Both report **engine steps
//! inside playouts per second** (criterion's throughput, in elements):
//!
//! - `GAME/search_playouts`: one decision of the searcher for a fixed iteration budget, counted
//!   with the searcher's own `playout_steps()` (the steps beyond the tree);
//! - `GAME/bare_playouts`: as many playouts from the same state, each a clone of the state and
//!   then, until the end or the same horizon, random legal actions for every mover and `advance`.
//!
//! Their ratio (search steps per second / bare steps per second) says how much of a search's
//! time goes to the engine; the READMEs record it. The budgets and horizons:
//!
//! | game | searcher | state | iterations | playout horizon |
//! |---|---|---|---|---|
//! | dogfight | `DecoupledUct` | the start | 1,000 | to the end (100 rounds) |
//! | tron3d | `DecoupledUct` | 40 Demo rounds into a `cube6` game | 200 | to the end (200 rounds) |
//! | cloudwars | `DecoupledUct` | the README's 2-player world | 300 | 10 steps (the README's) |
//! | amazes | `InformationSetMcts`, 32 iterations per sample | Red's first belief, maze 0 | 200 | 20 turns (the README's) |
//! | windward | `FlatMonteCarlo` | the start, generated map 0 | 60 | 200 ticks (the README's) |
//!
//! `cargo bench -p benches --bench search` (or `-- tron3d/` for one game).

use std::hint::black_box;

use criterion::{Criterion, Throughput};
use pathfind::tree::{
    DecoupledUct, FlatMonteCarlo, Game, InformationSetMcts, SearchConfig, SearchRng,
};
use rand::{Rng, SeedableRng};

const SEED: u64 = 7;

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

/// Registers `name/search_playouts` (one decision by `decide`, which answers the playout steps
/// it played) and `name/bare_playouts` (as many bare playouts as the search's iterations).
fn pair<G: Game>(
    c: &mut Criterion,
    name: &str,
    game: &G,
    root: &G::State,
    settings: &SearchConfig,
    mut decide: impl FnMut() -> u64,
) {
    let search_steps = decide();
    let bare_steps = bare_playouts(game, root, settings.iterations, settings.max_playout_steps);
    let mut group = c.benchmark_group(name);
    group.sample_size(20);
    group.throughput(Throughput::Elements(search_steps));
    group.bench_function("search_playouts", |b| b.iter(&mut decide));
    group.throughput(Throughput::Elements(bare_steps));
    group.bench_function("bare_playouts", |b| {
        b.iter(|| {
            bare_playouts(
                game,
                black_box(root),
                settings.iterations,
                settings.max_playout_steps,
            )
        })
    });
    group.finish();
}

fn dogfight(c: &mut Criterion) {
    let game = dogfight::Game::default();
    let state = Game::initial_state(&game, 0);
    let settings = config(1_000, 1_000);
    let mut search = DecoupledUct::new(settings.clone());
    pair(c, "dogfight", &game, &state, &settings, || {
        search.reseed(SEED);
        black_box(search.choose(&game, &state, 0));
        search.playout_steps()
    });
}

fn tron3d(c: &mut Criterion) {
    let preset = tron3d::generate::Preset::Cube;
    let game = tron3d::Game::new(preset.board(), preset.config()).expect("presets are valid");
    let mut state = game.initial_state(11);
    let mut actions = tron3d::Actions::new();
    for _ in 0..40 {
        game.demo_actions(&mut state, &mut actions);
        game.advance_commands(&mut state, &actions);
    }
    let settings = config(200, 1_000);
    let mut search = DecoupledUct::new(settings.clone());
    pair(c, "tron3d", &game, &state, &settings, || {
        search.reseed(SEED);
        black_box(search.choose(&game, &state, 0));
        search.playout_steps()
    });
}

fn cloudwars(c: &mut Criterion) {
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
    let mut search = DecoupledUct::new(settings.clone());
    pair(c, "cloudwars", &game, &state, &settings, || {
        search.reseed(SEED);
        black_box(search.choose(&game, &state, 0));
        search.playout_steps()
    });
}

fn amazes(c: &mut Criterion) {
    use amazes::{Belief, Player, mazes};
    let game =
        amazes::Game::new(mazes::get(0).maze, amazes::Config::default()).expect("shipped maze");
    let state = Game::initial_state(&game, 7);
    let mut belief = Belief::new(&game, Player::Red);
    belief.observe(&game.observe(&state, Player::Red.index()));
    let settings = config(200, 20);
    // As the README shows: a sample (a whole maze drawn to fit Red's map) costs about twenty
    // playouts, so each one serves 32 iterations.
    let mut search =
        InformationSetMcts::<amazes::Game>::new(settings.clone()).with_iterations_per_sample(32);
    pair(c, "amazes", &game, &state, &settings, || {
        search.reseed(SEED);
        black_box(search.choose(&game, &belief, 0));
        search.playout_steps()
    });
}

fn windward(c: &mut Criterion) {
    let game = windward::Game::new(
        windward::mapgen::default_map(0),
        windward::Config::default(),
    )
    .expect("generated map");
    let state = Game::initial_state(&game, 1);
    let settings = config(60, 200);
    let mut search = FlatMonteCarlo::new(settings.clone());
    pair(c, "windward", &game, &state, &settings, || {
        search.reseed(SEED);
        black_box(search.choose(&game, &state, 0));
        search.playout_steps()
    });
}

criterion::criterion_group!(searches, dogfight, tron3d, cloudwars, amazes, windward);
criterion::criterion_main!(searches);
