//! The tests of `windward::setup` that lived beside its code.

use windward::setup::*;
use windward::state::{CardKind, PassengerId};

#[test]
fn enemies_are_bounded_distinct_and_never_self() {
    let mut rng = rand_pcg::Pcg64Mcg::new(7);
    for _ in 0..200 {
        let e = draw_enemies(&mut rng);
        for p in PassengerId::all() {
            let list = &e[p.index()];
            assert!(list.len() <= p.points() as usize + 2);
            assert!(!list.contains(&p));
            assert!(list.windows(2).all(|w| w[0] < w[1]), "sorted and distinct");
        }
    }
}

#[test]
fn multiplier_pool_has_20_cards() {
    let pool = multiplier_cards();
    assert_eq!(pool.len(), 20);
    assert_eq!(
        pool.iter()
            .filter(|c| c.kind == CardKind::MultDeliveringPassenger)
            .count(),
        8
    );
}
