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
        assert_eq!(a, b, "iteration {it}");
    }
}

/// The sweep an update leaves is reused by the next one only while nothing else changed the
/// clouds: edits through `clouds_mut` between updates (a cloud moved onto another, a vapor
/// changed, a cloud added or removed) must be seen.
#[test]
pub(crate) fn sweep_sees_edits_between_updates() {
    let g = Game::new(Config::default()).unwrap();
    let params = WorldParams {
        rainclouds: 60,
        ..WorldParams::default()
    };
    let mut a = g.new_world(&params, 4);
    let mut b = a.clone();
    for it in 0..300u32 {
        if it % 7 == 3 {
            for s in [&mut a, &mut b] {
                let clouds = s.clouds_mut();
                let n = clouds.len();
                let (i, j) = ((it as usize * 5) % n, (it as usize * 11 + 1) % n);
                match it % 4 {
                    0 => clouds[i].pos = clouds[j].pos,
                    1 => clouds[i].vapor += 40.0,
                    2 => {
                        let mut c = clouds[j];
                        c.pos.x += 3.0;
                        clouds.push(c);
                    }
                    _ => {
                        clouds.remove(i);
                    }
                }
            }
        }
        g.update(&mut a);
        g.update_all_pairs(&mut b);
        assert_eq!(a.float_hash(), b.float_hash(), "iteration {it}");
        assert_eq!(a, b, "iteration {it}");
    }
}
