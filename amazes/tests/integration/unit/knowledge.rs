//! The tests of `amazes::knowledge` that lived beside its code.

use amazes::maze::{Dir, Square};
use amazes::*;

fn nop() -> impl FnMut(usize) {
    |_| {}
}

#[test]
fn three_walls_make_a_dead_end_and_open_the_exit() {
    let mut k = RefereeKnowledge::new(5, Reading::Literal);
    let x = Square::new(2, 2).index();
    k.set_edge(x, Dir::N, false);
    k.set_edge(x, Dir::W, false);
    k.infer(&mut nop());
    assert!(!k.is_discovered(x));
    k.set_edge(x, Dir::S, false);
    let mut found = vec![];
    k.infer(&mut |c| found.push(c));
    assert_eq!(found, vec![x]);
    assert!(k.is_dead_end(x));
    assert_eq!(k.edge(x, Dir::E), Some(true));
    assert!(k.exists(Square::new(2, 3).index()));
    assert!(!k.is_discovered(Square::new(2, 3).index()));
}

#[test]
fn dead_end_chain_runs_along_a_corridor_and_stops_at_two_unknowns() {
    // A corridor along row 1 from column 0: every square has known N and S walls.
    let mut k = RefereeKnowledge::new(6, Reading::Literal);
    for c in 0..4 {
        let x = Square::new(1, c).index();
        k.set_edge(x, Dir::N, false);
        k.set_edge(x, Dir::S, false);
    }
    k.set_edge(Square::new(1, 0).index(), Dir::W, false);
    let mut found = vec![];
    k.infer(&mut |c| found.push(c));
    let expect: Vec<usize> = (0..4).map(|c| Square::new(1, c).index()).collect();
    assert_eq!(found, expect);
    // (1,4) has only the opening from the dead end: two unknown edges, not discovered.
    assert!(!k.is_discovered(Square::new(1, 4).index()));
    assert!(k.exists(Square::new(1, 4).index()));
}

#[test]
fn literal_and_logical_readings_differ_on_a_discovered_square() {
    for reading in [Reading::Literal, Reading::Logical] {
        let mut k = RefereeKnowledge::new(5, reading);
        let x = Square::new(2, 0).index();
        k.discover(x, &mut nop());
        k.set_edge(x, Dir::N, false);
        k.set_edge(x, Dir::S, false);
        k.set_edge(x, Dir::W, false);
        let y = Square::new(2, 1).index();
        k.set_edge(y, Dir::N, false);
        k.set_edge(y, Dir::S, false);
        let mut found = vec![];
        k.infer(&mut |c| found.push(c));
        match reading {
            // The discovered square never becomes a dead end, so the chain stops there.
            Reading::Literal => assert!(found.is_empty() && !k.is_dead_end(x)),
            Reading::Logical => assert_eq!(found, vec![y]),
        }
    }
}

#[test]
fn corner_rule_infers_the_fourth_edge() {
    let mut k = RefereeKnowledge::new(4, Reading::Literal);
    let a = Square::new(0, 0).index();
    let b = Square::new(0, 1).index();
    k.set_edge(a, Dir::E, true);
    k.set_edge(a, Dir::S, true);
    k.infer(&mut nop());
    assert_eq!(k.edge(b, Dir::S), None);
    k.set_edge(b, Dir::S, true);
    k.infer(&mut nop());
    let c = Square::new(1, 0).index();
    assert_eq!(k.edge(c, Dir::E), Some(false));
}

#[test]
fn column_rule_fires_when_every_column_exists_and_opposite_rule_follows() {
    let mut k = RefereeKnowledge::new(3, Reading::Literal);
    k.discover(Square::new(0, 0).index(), &mut nop());
    k.discover(Square::new(0, 1).index(), &mut nop());
    k.infer(&mut nop());
    assert_eq!(k.outer_edges_known(), (false, false));
    // An inferred opening makes (0,2) exist (rules doc A4).
    k.set_edge(Square::new(1, 2).index(), Dir::N, true);
    k.infer(&mut nop());
    assert_eq!(k.outer_edges_known(), (true, false));
    for r in 0..3 {
        assert_eq!(k.edge(Square::new(r, 0).index(), Dir::W), Some(false));
        assert_eq!(k.edge(Square::new(r, 2).index(), Dir::E), Some(false));
    }
    // Seeing the whole north edge reveals the south edge.
    let mut k = RefereeKnowledge::new(3, Reading::Literal);
    for c in 0..3 {
        k.set_edge(Square::new(0, c).index(), Dir::N, false);
    }
    k.infer(&mut nop());
    for c in 0..3 {
        assert_eq!(k.edge(Square::new(2, c).index(), Dir::S), Some(false));
    }
}
