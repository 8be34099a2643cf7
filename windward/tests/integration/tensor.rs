//! Windward as tensors (`windward::tensor`): the fixed action space against `legal_actions` over
//! random rounds (cards drawn, played and discarded, stops chosen), every legal index played,
//! observations in shape and allocation-free, and what a player is not told kept out of its
//! tensor.

use pathfind::tree::Tensor;
use rand::{Rng, SeedableRng};
use windward::rules::CardAction;
use windward::{
    Action, CardKind, Config, Game, NUM_PLAYERS, PassengerId, Pickup, PlayerId, State, Status,
    mapgen,
};

fn game(map: usize, max_ticks: u32) -> Game {
    Game::new(mapgen::default_map(map), Config { max_ticks }).unwrap()
}

fn planes(game: &Game, state: &State, player: usize) -> Vec<f32> {
    let mut out = vec![f32::NAN; game.observation_len()];
    game.observation_tensor(state, player, &mut out);
    out
}

/// The indices where two observations differ (a short message instead of 14 400 values).
fn differences(a: &[f32], b: &[f32]) -> Vec<(usize, f32, f32)> {
    a.iter()
        .zip(b)
        .enumerate()
        .filter(|(_, (x, y))| x != y)
        .map(|(i, (x, y))| (i, *x, *y))
        .take(12)
        .collect()
}

/// Rounds on the three shipped maps, every player checked on every tick: the mask is
/// `legal_actions` (no two listed actions share an index), the legal actions round trip, and the
/// actions of legal indices the players pick (one tick in eight a random one) are all taken by
/// `advance`: no card refused, every GoTo a path the car then follows.
#[test]
fn the_action_space_and_mask_agree_with_legal_actions_over_playouts() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(8);
    let (mut checked, mut cards, mut goes) = (0, [0usize; 3], 0);
    for map in 0..3 {
        let game = game(map, 500);
        let n = game.num_distinct_actions();
        assert_eq!(n, 152 + game.stops().len());
        let mut mask = vec![false; n];
        let mut legal = Vec::new();
        let mut state = game.initial_state(map as u64);
        while !state.is_over() {
            let mut joint = Vec::new();
            for player in 0..NUM_PLAYERS {
                game.legal_actions(&state, player, &mut legal);
                game.legal_mask(&state, player, &mut mask);
                let mut indices: Vec<usize> = legal
                    .iter()
                    .map(|a| {
                        let i = game.action_index(&state, player, a).unwrap();
                        assert_eq!(game.index_action(&state, player, i).as_ref(), Some(a));
                        i
                    })
                    .collect();
                checked += indices.len();
                indices.sort_unstable();
                let marked: Vec<usize> = (0..n).filter(|&i| mask[i]).collect();
                assert_eq!(marked.len(), legal.len(), "player {player}: {legal:?}");
                assert_eq!(marked, indices);
                let action = if rng.random_range(0..8) == 0 {
                    game.index_action(&state, player, marked[rng.random_range(0..marked.len())])
                        .unwrap()
                } else {
                    Action::Wait
                };
                match &action {
                    Action::Card { action, .. } => cards[*action as usize] += 1,
                    Action::GoTo { .. } => goes += 1,
                    _ => {}
                }
                joint.push(action);
            }
            // A GoTo names a stop the planner reaches: the path a client would send.
            for (player, action) in joint.iter().enumerate() {
                if let Action::GoTo { .. } = action {
                    let order = action.to_order(&game, &state, PlayerId(player as u8));
                    assert!(order.is_some(), "player {player}: {action:?} has no path");
                }
            }
            // An instant card resolving this tick (played now or just before) may move every car
            // elsewhere, its path with it.
            let relocation = state.players.iter().any(|p| {
                p.in_action
                    .is_some_and(|c| c.kind == CardKind::RelocateAllCars)
            }) || joint.iter().any(|a| {
                matches!(a, Action::Card { action: CardAction::Play, card }
                    if card.kind == CardKind::RelocateAllCars)
            });
            let events = game.advance(&mut state, &joint);
            for e in events.iter() {
                assert!(
                    !matches!(
                        e.status,
                        Status::PowerUpDrawTooMany
                            | Status::PowerUpPlayNotExist
                            | Status::PowerUpPlayNotReady
                    ),
                    "a legal card refused: {e:?}"
                );
            }
            for (player, action) in joint.iter().enumerate().filter(|_| !relocation) {
                if let Action::GoTo { stop, .. } = action {
                    // The path (or the car) reaches a tile at distance 0 from the stop.
                    let car = &state.players[player].car;
                    let s = usize::from(*stop);
                    let arrives = |p: &windward::Point| game.distance_to_stop(s, *p) == 0;
                    assert!(
                        car.path().iter().any(arrives) || arrives(&car.tile()),
                        "player {player} is not on its way to stop {stop}: {:?}",
                        car.path()
                    );
                }
            }
        }
        game.legal_mask(&state, 0, &mut mask);
        assert!(
            !mask.contains(&true),
            "a finished round has no legal action"
        );
    }
    assert!(checked > 100_000, "{checked}");
    assert!(
        cards.iter().all(|&c| c > 10) && goes > 100,
        "{cards:?} {goes}"
    );
}

#[test]
fn actions_outside_the_space_have_no_index() {
    let game = game(0, 1000);
    let mut state = game.initial_state(2);
    let me = 3;
    // A GoTo with a pick-up list of one passenger, or none at a bus stop: not the listed one.
    let mut only = Pickup::new();
    only.push(PassengerId(0));
    for pickup in [only, Pickup::new()] {
        assert_eq!(
            game.action_index(&state, me, &Action::GoTo { stop: 0, pickup }),
            None
        );
    }
    let stops = game.stops().len() as u16;
    let beyond = Action::GoTo {
        stop: stops,
        pickup: Pickup::new(),
    };
    assert_eq!(game.action_index(&state, me, &beyond), None);
    assert_eq!(
        game.action_index(&state, me, &Action::Orders(Vec::new())),
        None
    );
    assert_eq!(
        game.index_action(&state, me, game.num_distinct_actions()),
        None
    );
    assert_eq!(game.index_action(&state, NUM_PLAYERS, 0), None);
    // Playing STOP_CAR on oneself has no index; its index stands for nothing before it is
    // held.
    let (play, draw) = (1 + stops as usize, 1 + stops as usize + 58);
    let stop_car = *state.players[me]
        .deck
        .iter()
        .find(|c| c.kind == CardKind::StopCar)
        .unwrap();
    assert_eq!(game.index_action(&state, me, play + 47), None);
    let self_target = Action::Card {
        action: CardAction::Play,
        card: windward::Card {
            player: Some(PlayerId(me as u8)),
            ok_to_play: true,
            ..stop_car
        },
    };
    assert_eq!(game.action_index(&state, me, &self_target), None);
    // Drawn, it is held: index 47 plays it on the next seat.
    let mut joint = vec![Action::Wait; NUM_PLAYERS];
    joint[me] = game.index_action(&state, me, draw + 28).unwrap();
    game.advance(&mut state, &joint);
    let Some(Action::Card { card, .. }) = game.index_action(&state, me, play + 47) else {
        panic!("STOP_CAR is held");
    };
    assert_eq!(card.player, Some(PlayerId(me as u8 + 1)));
}

#[test]
fn masks_and_observations_allocate_nothing() {
    let game = game(1, 400);
    let mut state = game.initial_state(5);
    let mut mask = vec![false; game.num_distinct_actions()];
    let mut out = vec![0.0; game.observation_len()];
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    let mut marked = 0;
    while !state.is_over() {
        let info = allocation_counter::measure(|| {
            for player in 0..NUM_PLAYERS {
                game.legal_mask(&state, player, &mut mask);
                marked += mask.iter().filter(|&&m| m).count();
                game.observation_tensor(&state, player, &mut out);
            }
        });
        assert_eq!(info.count_total, 0, "tick {}", state.tick);
        let joint = random_joint(&game, &state, &mut mask, &mut rng, 10);
        game.advance(&mut state, &joint);
    }
    assert!(marked > 10_000);
}

/// Every player's action for one tick: a random legal index one tick in `one_in`, else waiting.
fn random_joint(
    game: &Game,
    state: &State,
    mask: &mut [bool],
    rng: &mut rand_pcg::Pcg64Mcg,
    one_in: u32,
) -> Vec<Action> {
    (0..NUM_PLAYERS)
        .map(|p| {
            game.legal_mask(state, p, mask);
            let legal: Vec<usize> = (0..mask.len()).filter(|&i| mask[i]).collect();
            if rng.random_range(0..one_in) == 0 {
                game.index_action(state, p, legal[rng.random_range(0..legal.len())])
                    .unwrap()
            } else {
                Action::Wait
            }
        })
        .collect()
}

/// Plays `ticks` ticks in which every player picks a random legal index one tick in six.
fn played(game: &Game, seed: u64, ticks: usize) -> State {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut state = game.initial_state(seed);
    let mut mask = vec![false; game.num_distinct_actions()];
    for _ in 0..ticks {
        let joint = random_joint(game, &state, &mut mask, &mut rng, 6);
        game.advance(&mut state, &joint);
    }
    state
}

/// What the player is not told: the other players' hands and decks, their paths and pick-up
/// lists, the instant cards they just played, and the generator. Changed, the viewer's tensor
/// does not change; its own hand changed, it does.
#[test]
fn what_the_player_is_not_told_is_not_in_its_tensor() {
    let game = game(2, 5000);
    let mut hidden = 0;
    for seed in 0..4 {
        let state = played(&game, seed, 300);
        let viewer = (seed as usize * 3) % NUM_PLAYERS;
        let seen = planes(&game, &state, viewer);
        let mut changed = state.clone();
        for (i, pl) in changed.players.iter_mut().enumerate() {
            if i == viewer {
                continue;
            }
            // Their cards all back in the deck (or the deck emptied into the hand), reversed.
            hidden += pl.hand.len() + pl.deck.len();
            let mut all: Vec<_> = pl.hand.drain(..).chain(pl.deck.drain(..)).collect();
            all.reverse();
            if i % 2 == 0 {
                pl.deck.extend(all);
            } else {
                pl.hand.extend(all.iter().copied().take(8));
                pl.deck.extend(all.into_iter().skip(8));
            }
            pl.car.vehicle.path.clear();
            pl.pickup.clear();
            pl.in_action = None;
        }
        changed.rng = rand_pcg::Pcg64Mcg::seed_from_u64(99);
        assert_ne!(changed, state);
        assert_eq!(differences(&planes(&game, &changed, viewer), &seen), []);
        // And the determinization of its observation: the same tensor.
        let observation = pathfind::tree::Game::observe(&game, &state, viewer);
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let sample = game.sample_state(&observation, &mut rng);
        assert_eq!(differences(&planes(&game, &sample, viewer), &seen), []);
        // Its own hand is in it.
        let mut mine = state.clone();
        let pl = &mut mine.players[viewer];
        if let Some(card) = pl.deck.pop() {
            pl.hand.push(card);
        } else {
            pl.hand.clear();
        }
        assert_ne!(differences(&planes(&game, &mine, viewer), &seen), []);
    }
    assert!(hidden > 100);
}

/// Spot checks of the planes and features on a round in progress.
#[test]
fn the_planes_hold_what_the_docs_say() {
    let game = game(0, 5000);
    let state = played(&game, 11, 400);
    assert_eq!(game.observation_shape(), [12, 30, 40]);
    let area = 1200;
    for viewer in [0, 7] {
        let out = planes(&game, &state, viewer);
        assert!(out.iter().all(|v| v.is_finite()));
        let at =
            |plane: usize, p: windward::Point| out[plane * area + p.y as usize * 40 + p.x as usize];
        let me = &state.players[viewer];
        assert_eq!(at(3, me.car.tile()), 1.0);
        assert_eq!(out[3 * area..4 * area].iter().sum::<f32>(), 1.0);
        assert_eq!(
            out[6 * area..7 * area].iter().sum::<f32>(),
            9.0,
            "the other cars"
        );
        for &p in me.car.path() {
            assert_eq!(at(4, p), 1.0);
        }
        for &stop in &state.company_stops {
            assert_eq!((at(0, stop), at(1, stop)), (1.0, 1.0));
        }
        let features = &out[11 * area..];
        assert_eq!(features[0], state.tick as f32 / 5000.0);
        assert_eq!(features[2], me.car.coffee as f32 / 3.0);
        assert_eq!(features[5], me.hand.len() as f32 / 4.0);
        assert_eq!(features[6..10].iter().sum::<f32>(), 1.0, "one heading");
        let hand = 6 + 4 + 12;
        assert_eq!(
            features[hand..hand + 31].iter().sum::<f32>(),
            me.hand.len() as f32
        );
        assert_eq!(
            features[hand + 62..hand + 93].iter().sum::<f32>(),
            me.deck.len() as f32
        );
        assert!(
            features[windward::tensor::FEATURES..]
                .iter()
                .all(|&v| v == 0.0)
        );
        let enemies: usize = state.passengers.iter().map(|p| p.enemies.len()).sum();
        let table = windward::tensor::FEATURES - 144;
        assert_eq!(
            features[table..table + 144].iter().sum::<f32>(),
            enemies as f32
        );
    }
    let nobody = planes(&game, &state, NUM_PLAYERS);
    assert!(nobody.iter().all(|&v| v == 0.0));
}
