//! The tests of `cloudwars::sweep` that lived beside its code.

use cloudwars::cloud::Vec2;
use cloudwars::*;

#[test]
pub(crate) fn sweep_matches_all_pairs_on_a_crowded_world() {
    let g = Game::new(Config::default()).unwrap();
    let params = WorldParams {
        rainclouds: 150,
        ..WorldParams::default()
    };
    let mut a = g.new_world(&params, 9);
    for name in ["A", "B", "C"] {
        g.add_player(
            &mut a,
            Player {
                name: name.into(),
                color: Color::Red,
            },
            None,
            600.0,
        )
        .unwrap();
    }
    let mut b = a.clone();
    for it in 0..600 {
        if it % 50 == 7 {
            for p in 0..3 {
                let act = Action::Move(Vec2::new(3.0 + p as f32, -2.0));
                let _ = g.apply(&mut a, PlayerId(p), act);
                let _ = g.apply(&mut b, PlayerId(p), act);
            }
        }
        g.update(&mut a);
        g.update_all_pairs(&mut b);
        assert_eq!(a.float_hash(), b.float_hash(), "iteration {it}");
        assert_eq!(a, b);
    }
}
