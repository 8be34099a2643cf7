//! dogfight benchmarks: copying a state, one round, legal moves and actions, the helper API, 100
//! rounds of random play, a whole fight between two random bots, the replay of a full 100-round
//! fight, and one search-bot decision.
//!
//! `cargo bench -p benches --bench dogfight -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use dogfight::{Actions, Bot, Game, PlaneId, Side, State, play_fight};
use examples::dogfight::bots::{RandomBot, SearchBot};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// A mid-fight state with all four planes alive: 20 rounds of two search bots.
fn midgame(game: &Game) -> State {
    let mut p1 = SearchBot::new(1);
    let mut p2 = SearchBot::new(2);
    let mut state = game.initial_state(0);
    for _ in 0..20 {
        let actions = Actions::new(
            p1.act(game, &state, Side::P1),
            p2.act(game, &state, Side::P2),
        );
        game.advance_joint(&mut state, &actions);
    }
    assert!(
        state.planes().iter().all(|p| p.alive),
        "bench state needs four live planes"
    );
    state
}

/// The actions of the first search-vs-search fight (seeds 1, 2, 3, ...) that lasts 100 rounds.
fn full_length_fight(game: &Game) -> Vec<Actions> {
    for seed in 1.. {
        let mut p1 = SearchBot::new(seed);
        let mut p2 = SearchBot::new(seed + 1000);
        let mut state = game.initial_state(0);
        let mut history = Vec::new();
        while !game.is_terminal(&state) {
            let actions = Actions::new(
                p1.act(game, &state, Side::P1),
                p2.act(game, &state, Side::P2),
            );
            game.advance_joint(&mut state, &actions);
            history.push(actions);
        }
        if history.len() == 100 {
            return history;
        }
    }
    unreachable!("some search-vs-search fight goes the distance")
}

fn benches(c: &mut Criterion) {
    let game = Game::default();
    let state = midgame(&game);
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let actions = Actions::new(
        game.random_action(&state, Side::P1, &mut rng),
        game.random_action(&state, Side::P2, &mut rng),
    );

    c.bench_function("dogfight/clone_state", |b| {
        b.iter(|| {
            let copy: State = *black_box(&state);
            black_box(copy)
        })
    });
    c.bench_function("dogfight/step_one_round", |b| {
        b.iter(|| game.step_joint(black_box(&state), black_box(&actions)))
    });
    c.bench_function("dogfight/advance_one_round", |b| {
        b.iter(|| {
            let mut s = *black_box(&state);
            black_box(game.advance_joint(&mut s, black_box(&actions)));
            s
        })
    });
    let mut buf = Vec::with_capacity(34 * 34);
    c.bench_function("dogfight/legal_actions_side", |b| {
        b.iter(|| {
            game.legal_side_actions(black_box(&state), Side::P1, &mut buf);
            buf.len()
        })
    });
    c.bench_function("dogfight/legal_moves_plane", |b| {
        b.iter(|| game.legal_moves(black_box(&state), PlaneId::new(0)))
    });
    c.bench_function("dogfight/helpers_4_planes", |b| {
        b.iter(|| {
            let mut n = 0;
            for plane in &black_box(&state).planes() {
                n += usize::from(plane.is_suicidal(game.arena()));
                n += plane.shoot_range(game.arena()).count();
                n += plane.reach().count();
            }
            n
        })
    });
    c.bench_function("dogfight/random_playout_100_rounds", |b| {
        // 100 rounds of uniformly random legal actions from the mid-game state, ignoring the end
        // check (the rules keep applying), so every iteration is exactly 100 rounds.
        let mut rng = Pcg64Mcg::seed_from_u64(9);
        b.iter(|| {
            let mut s = state;
            s.round = 0;
            for _ in 0..100 {
                let actions = Actions::new(
                    game.random_action(&s, Side::P1, &mut rng),
                    game.random_action(&s, Side::P2, &mut rng),
                );
                game.advance_joint(&mut s, &actions);
            }
            s
        })
    });
    c.bench_function("dogfight/fight_random_bots", |b| {
        // A whole fight (to its end, at most 100 rounds) between two DumbPlanes ports.
        let mut p1 = RandomBot::new(1);
        let mut p2 = RandomBot::new(2);
        b.iter(|| play_fight(&game, &mut p1, &mut p2))
    });
    c.bench_function("dogfight/replay_100_round_fight", |b| {
        // The engine alone over a full-length fight: the 100 recorded rounds of a search-vs-search
        // fight that went the distance, replayed with `advance`.
        let history = full_length_fight(&game);
        b.iter(|| {
            let mut s = game.initial_state(0);
            for actions in &history {
                game.advance_joint(&mut s, black_box(actions));
            }
            s
        })
    });
    c.bench_function("dogfight/search_bot_decision", |b| {
        let mut bot = SearchBot::new(3);
        b.iter(|| bot.act(&game, black_box(&state), Side::P1))
    });
}

criterion_group!(dogfight_benches, benches);
criterion_main!(dogfight_benches);
