//! Tensors for learning (issue 24 part 3): the cost of [`Tensor::legal_mask`] and
//! [`Tensor::observation_tensor`] for one player of every game, on a state some way into a game
//! (uniformly random legal actions from a fixed seed), writing into buffers made once, as a
//! training loop calls them. Neither allocates (each crate's tests count it).
//!
//! The states: Dogfight on the 14×14 arena, Tron3D on `cube6`, CloudWars in the README's
//! 2-player world, Amazes on shipped maze 0, Windward on generated map 0; each after 30 steps of
//! uniformly random legal actions from seed 1. Each crate's `tensor` module documents its action
//! space and observation planes.
//!
//! `cargo bench -p benches --bench tensor` (or `-- windward/` for one game).

use std::hint::black_box;

use criterion::Criterion;
use pathfind::tree::{Game, Tensor};
use rand::{Rng, SeedableRng};

/// The state after `steps` steps of uniformly random legal actions from `seed` (fewer if the game
/// ends first).
fn some_way_in<G: Game>(game: &G, seed: u64, steps: usize) -> G::State {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut state = game.initial_state(seed);
    let (mut legal, mut joint) = (Vec::new(), Vec::new());
    for _ in 0..steps {
        if game.is_terminal(&state) {
            break;
        }
        joint.clear();
        for player in game.to_move(&state).iter() {
            game.legal_actions(&state, player, &mut legal);
            joint.push(legal[rng.random_range(0..legal.len())].clone());
        }
        game.advance(&mut state, &joint);
    }
    state
}

/// `GAME/legal_mask` and `GAME/observation_tensor` for player 0 of `state`.
fn pair<G: Tensor>(c: &mut Criterion, name: &str, game: &G, state: &G::State) {
    let mut mask = vec![false; game.num_distinct_actions()];
    let mut planes = vec![0.0f32; game.observation_len()];
    c.bench_function(&format!("{name}/legal_mask"), |b| {
        b.iter(|| game.legal_mask(black_box(state), 0, &mut mask))
    });
    c.bench_function(&format!("{name}/observation_tensor"), |b| {
        b.iter(|| game.observation_tensor(black_box(state), 0, &mut planes))
    });
}

fn tensors(c: &mut Criterion) {
    let dogfight = dogfight::Game::default();
    pair(c, "dogfight", &dogfight, &some_way_in(&dogfight, 1, 30));

    let preset = tron3d::generate::Preset::Cube;
    let tron3d = tron3d::Game::new(preset.board(), preset.config()).expect("presets are valid");
    pair(c, "tron3d", &tron3d, &some_way_in(&tron3d, 1, 30));

    let setup = cloudwars::Setup {
        params: cloudwars::WorldParams {
            rainclouds: 20,
            ..cloudwars::WorldParams::default()
        },
        players: 2,
        ..cloudwars::Setup::default()
    };
    let cloudwars = cloudwars::Game::with_setup(cloudwars::Config::default(), setup)
        .expect("the README's world is valid");
    pair(c, "cloudwars", &cloudwars, &some_way_in(&cloudwars, 1, 30));

    let amazes = amazes::Game::new(amazes::mazes::get(0).maze, amazes::Config::default())
        .expect("shipped maze");
    pair(c, "amazes", &amazes, &some_way_in(&amazes, 1, 30));

    let windward = windward::Game::new(
        windward::mapgen::default_map(0),
        windward::Config::default(),
    )
    .expect("generated maps are valid");
    pair(c, "windward", &windward, &some_way_in(&windward, 1, 30));
}

criterion::criterion_group!(benches, tensors);
criterion::criterion_main!(benches);
