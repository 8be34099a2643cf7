//! The tests of `pathfind::tree` that lived beside its code.

use pathfind::tree::*;

#[test]
fn player_sets_iterate_in_order_and_give_positions() {
    let set: PlayerSet = [5, 0, 3].into_iter().collect();
    assert_eq!(set.iter().collect::<Vec<_>>(), [0, 3, 5]);
    assert_eq!(set.len(), 3);
    assert_eq!(set.position(3), Some(1));
    assert_eq!(set.position(5), Some(2));
    assert_eq!(set.position(4), None);
    assert!(!set.contains(64));
    assert_eq!(PlayerSet::all(3).bits(), 0b111);
    assert_eq!(PlayerSet::all(64).len(), 64);
    assert!(PlayerSet::EMPTY.is_empty());
}

#[test]
fn outcomes_of_places_and_values_agree_with_the_rank_convention() {
    assert_eq!(ranks_from_scores(&[9.0, 9.0, 4.0]), [1, 1, 3]);
    assert_eq!(ranks_from_scores(&[1.0, 3.0, 2.0]), [3, 1, 2]);
    let places = [2u8, 1, 3];
    assert_eq!(places.ranks(), [2, 1, 3]);
    assert_eq!(ranks_from_scores(&places.scores()), [2, 1, 3]);
    assert_eq!(vec![1u32, 1, 3].scores(), [1.0, 1.0, 0.0]);
    assert_eq!([0.25, 0.75].ranks(), [2, 1]);
    assert_eq!(0.5.ranks(), [1]);
}

#[test]
fn ucb1_reciprocals_are_the_direct_formula_and_grow_to_cover_a_node() {
    use pathfind::internals::tree_arena::{RECIPROCAL_TABLE, reciprocal_pair, reciprocals_to};
    let direct = |n: u32| {
        let inverse = 1.0 / f64::from(n);
        [inverse.to_bits(), inverse.sqrt().to_bits()]
    };
    let mut table = Vec::new();
    // Grown in the order a search meets node visits: small, then larger, then past the cap.
    for n in [
        0,
        1,
        2,
        3,
        7,
        8,
        100,
        1_000,
        RECIPROCAL_TABLE - 1,
        RECIPROCAL_TABLE,
        1 << 20,
    ] {
        let covered = reciprocals_to(&mut table, n).len();
        assert_eq!(covered, table.len(), "the whole table");
        let covered = &table;
        assert!(
            covered.len() as u32 <= RECIPROCAL_TABLE,
            "capped at {RECIPROCAL_TABLE}"
        );
        assert!(
            covered.len() as u32 > n.min(RECIPROCAL_TABLE - 1),
            "visits {n}: the table holds {} entries",
            covered.len()
        );
    }
    assert_eq!(table.len() as u32, RECIPROCAL_TABLE);
    for (n, pair) in table.iter().enumerate() {
        assert_eq!(pair.map(f64::to_bits), direct(n as u32), "entry {n}");
    }
    for n in [RECIPROCAL_TABLE, 12_345, u32::MAX] {
        assert_eq!(reciprocal_pair(n).map(f64::to_bits), direct(n));
    }
}
