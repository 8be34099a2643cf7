//! Pins of what the searches choose for a given seed, where a speed change must not change the
//! algorithm: information-set MCTS with one iteration per sample (the default) draws its random
//! numbers exactly as it did before samples could be reused (issue 23), so its visit counts for
//! a fixed seed are pinned here.

use pathfind::tree::toys::{CoinBelief, CoinGuess};
use pathfind::tree::{InformationSetMcts, SearchConfig};

fn visits(search: &InformationSetMcts<CoinGuess>) -> Vec<u32> {
    search.stats().map(|s| s.visits).collect()
}

#[test]
fn information_set_mcts_with_one_iteration_per_sample_is_unchanged() {
    let game = CoinGuess { pass_value: 0.6 };
    let belief = CoinBelief {
        heads_probability: 0.55,
    };
    let config = SearchConfig {
        iterations: 500,
        seed: 3,
        ..SearchConfig::default()
    };
    let mut search = InformationSetMcts::new(config.clone());
    search.choose(&game, &belief, 0);
    assert_eq!(visits(&search), [178, 45, 277]);
    let mut search = InformationSetMcts::new(SearchConfig { seed: 4, ..config });
    search.choose(&game, &belief, 0);
    assert_eq!(visits(&search), [197, 42, 261]);
}
