//! The built-in AI and the planner on the one runner play exactly the rounds they played on the
//! former order-level loop (`examples::windward::run_round`, which queued each bot's orders and
//! applied them at the start of the next tick).
//!
//! The expected figures were recorded by running that loop, before it was removed, with
//! `play windward --games 6 --bots builtin --jobs 1 --results F` and
//! `play windward --games 6 --bots planner --jobs 1 --results F` (base seed 1, seats rotating,
//! maps 1, 2, 3 in turn, 60,000-tick limit), at commit a5a7d76: the scores below are that results
//! file's (each an `f32` score widened to `f64`), seat by seat, and the ticks its `steps`.

use arena::runner::{GameSetup, game_seed, play_game, seats};
use windward::{Config, Game, NUM_PLAYERS, mapgen};

/// (ticks, scores by seat) of rounds 0..6 of the recorded tournament.
type Recorded = [(u64, [f64; NUM_PLAYERS]); 6];

const BUILTIN: Recorded = [
    (
        22442,
        [
            8.142857551574707,
            3.0,
            4.375,
            6.199999809265137,
            6.110000133514404,
            6.805405616760254,
            13.0,
            6.0,
            7.420454502105713,
            10.464285850524902,
        ],
    ),
    (
        36649,
        [
            7.717391490936279,
            9.5,
            15.5,
            9.0,
            5.0,
            7.5,
            7.199999809265137,
            7.5,
            6.0714287757873535,
            8.0,
        ],
    ),
    (
        14859,
        [
            6.0,
            10.0,
            9.326923370361328,
            4.0,
            5.454545497894287,
            4.0,
            13.0,
            10.0,
            10.25,
            8.5,
        ],
    ),
    (
        20590,
        [
            8.371794700622559,
            14.199999809265137,
            7.416666507720947,
            8.399999618530273,
            5.0,
            6.0,
            8.0,
            9.016129493713379,
            11.236842155456543,
            8.0,
        ],
    ),
    (
        32012,
        [
            11.140625,
            7.083333492279053,
            8.0,
            9.0,
            4.0,
            7.202127456665039,
            4.877777576446533,
            9.0,
            14.0,
            10.5,
        ],
    ),
    (
        13746,
        [
            15.399999618530273,
            9.5,
            5.5,
            7.375,
            8.199999809265137,
            7.900000095367432,
            6.0,
            2.0,
            4.333333492279053,
            6.5,
        ],
    ),
];

/// The planner is line-up entry 0: in round `i` it sits in seat `(10 - i) % 10`.
const PLANNER: Recorded = [
    (
        19321,
        [
            15.0,
            5.0,
            3.0,
            5.333333492279053,
            4.02222204208374,
            4.0,
            9.0,
            6.0,
            9.0,
            3.0,
        ],
    ),
    (
        28374,
        [
            4.5,
            2.0,
            8.007143020629883,
            5.480391979217529,
            4.0,
            7.0,
            6.0,
            6.0,
            2.075000047683716,
            15.0,
        ],
    ),
    (
        17300,
        [
            7.0,
            7.0,
            6.0,
            6.0,
            4.0,
            3.0,
            7.0,
            13.0,
            12.333333015441895,
            8.0,
        ],
    ),
    (
        15565,
        [
            5.208333492279053,
            6.447368621826172,
            8.0,
            10.0,
            3.8863635063171387,
            3.0,
            8.0,
            15.0,
            2.309523820877075,
            6.0,
        ],
    ),
    (
        15026,
        [
            2.21276593208313,
            6.0,
            5.388888835906982,
            3.0,
            2.3510637283325195,
            3.0,
            14.0,
            5.0,
            2.0,
            6.0,
        ],
    ),
    (
        10616,
        [
            4.0,
            8.0,
            5.0,
            4.0,
            5.293103218078613,
            15.0,
            5.0,
            4.449999809265137,
            4.635483741760254,
            5.199999809265137,
        ],
    ),
];

/// Plays rounds 0..6 of `play windward --bots <first> --seed 1` on the one runner and compares
/// every seat's score and the ticks with the recording.
fn replay(first: &str, recorded: &Recorded) {
    let maps: Vec<Game> = (0..3)
        .map(|m| Game::new(mapgen::default_map(m), Config::default()).unwrap())
        .collect();
    let mut lineup = vec![first.to_string()];
    lineup.resize(NUM_PLAYERS, "builtin".to_string());
    for (index, (ticks, scores)) in recorded.iter().enumerate() {
        let index = index as u64;
        let setup = GameSetup {
            index,
            seed: game_seed(1, index),
            seats: seats(NUM_PLAYERS, index, true),
        };
        let entries = examples::roster::lineup(&lineup);
        let record = play_game(&maps[(index % 3) as usize], &entries, &setup, &mut ()).unwrap();
        assert_eq!(record.steps, *ticks, "{first}: round {index}'s ticks");
        assert_eq!(
            record.scores,
            scores.to_vec(),
            "{first}: round {index}'s scores"
        );
    }
}

#[test]
fn the_builtin_ai_plays_the_rounds_of_the_order_level_loop() {
    replay("builtin", &BUILTIN);
}

#[test]
fn the_planner_plays_the_rounds_of_the_order_level_loop() {
    replay("planner", &PLANNER);
    // The planner won five of the six recorded rounds (it is not a built-in in disguise).
    let won = PLANNER
        .iter()
        .enumerate()
        .filter(|(i, (_, s))| {
            let seat = (NUM_PLAYERS - i % NUM_PLAYERS) % NUM_PLAYERS;
            s.iter().all(|&x| x <= s[seat])
        })
        .count();
    assert_eq!(won, 5);
}
