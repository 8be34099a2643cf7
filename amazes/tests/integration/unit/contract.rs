//! The tests of `amazes::contract` that lived beside its code.

use amazes::game::{Game, Player};
use amazes::maze::Dir;
use amazes::*;
use rand::{Rng, RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;
mod same_names {

    // The contract imported, as a bot author has it: `game.method(..)` still names the inherent
    // method, which must take the same arguments.
    #[allow(unused_imports)]
    use pathfind::tree::{self, Game as _};

    use amazes::{Config, Game, mazes};

    /// With the contract imported, `game.method(..)` is the inherent method; it takes the
    /// contract's arguments and answers as the contract does, for every method of the same
    /// name, to the end of a game and one step past it.
    #[test]
    fn inherent_methods_take_the_contracts_arguments_and_agree() {
        let game = Game::new(mazes::get(0).maze, Config::default()).unwrap();
        let mut state = game.initial_state(3);
        assert_eq!(state, <Game as tree::Game>::initial_state(&game, 3));
        assert_eq!(game.players(), <Game as tree::Game>::players(&game));
        let (mut buf, mut contract_buf) = (Vec::new(), Vec::new());
        let (mut returns, mut contract_returns) = ([0.0; 2], [0.0; 2]);
        let mut pick = 0usize;
        loop {
            assert_eq!(
                game.to_move(&state),
                <Game as tree::Game>::to_move(&game, &state)
            );
            let mut joint = Vec::new();
            for player in 0..3 {
                game.legal_actions(&state, player, &mut buf);
                <Game as tree::Game>::legal_actions(&game, &state, player, &mut contract_buf);
                assert_eq!(buf, contract_buf);
                assert_eq!(
                    game.observe(&state, player),
                    <Game as tree::Game>::observe(&game, &state, player)
                );
                if !buf.is_empty() {
                    pick = pick.wrapping_mul(31).wrapping_add(7);
                    joint.push(buf[pick % buf.len()]);
                }
            }
            game.returns(&state, &mut returns);
            <Game as tree::Game>::returns(&game, &state, &mut contract_returns);
            assert_eq!(returns, contract_returns);
            assert_eq!(
                game.outcome(&state),
                <Game as tree::Game>::outcome(&game, &state)
            );
            let terminal = game.is_terminal(&state);
            assert_eq!(terminal, <Game as tree::Game>::is_terminal(&game, &state));
            let next = game.step(&state, &joint);
            assert_eq!(next, <Game as tree::Game>::step(&game, &state, &joint));
            let mut other = state.clone();
            let event = game.advance(&mut state, &joint);
            assert_eq!(
                event,
                <Game as tree::Game>::advance(&game, &mut other, &joint)
            );
            assert_eq!((&state, &other), (&next, &next));
            if terminal {
                assert!(event.ignored, "a finished game changes nothing");
                break;
            }
        }
    }
}
mod tests {
    use super::*;
    use amazes::contract::*;

    /// The enumeration `placement_rects` replaced (issue 23): every origin and north, kept when
    /// all four corners of the box land inside.
    fn placements_by_search(game: &Game, known: KnownBox) -> Vec<(i32, i32, usize)> {
        let n = game.config().size as i32;
        let (r0, r1, c0, c1) = known;
        let mut out = Vec::new();
        for north in 0..4 {
            for sr in 0..n {
                for sc in 0..n {
                    let p = Placement {
                        origin: (sr, sc),
                        north,
                    };
                    let corners = [(r0, c0), (r0, c1), (r1, c0), (r1, c1)];
                    if corners.iter().all(|&rc| {
                        let (r, c) = p.offset(rc);
                        (0..n).contains(&r) && (0..n).contains(&c)
                    }) {
                        out.push((sr, sc, north));
                    }
                }
            }
        }
        out
    }

    /// Skipping the placements that leave the opponent no square (issue 23) changes no sample
    /// and leaves the caller's generator where it was: beliefs of both players over random
    /// games, at every distance a game shows, several draws each.
    #[test]
    fn skipping_hopeless_placements_draws_the_same_samples() {
        let mut rng = Pcg64Mcg::seed_from_u64(23);
        let mut checked = 0;
        for i in 0..3 {
            let game =
                Game::new(amazes::mazes::get(i).maze, amazes::Config::default()).expect("shipped");
            let mut state = game.initial_state(i as u64);
            let mut beliefs = [Player::Red, Player::Blue].map(|p| Belief::new(&game, p));
            let mut buf = Vec::new();
            for turn in 0..60 {
                let Some(mover) = game.to_move(&state).iter().next() else {
                    break;
                };
                let belief = &mut beliefs[mover];
                belief.observe(&game.observe(&state, mover));
                if turn % 3 == 0 {
                    for seed in 0..4u64 {
                        let (mut a, mut b) =
                            (Pcg64Mcg::seed_from_u64(seed), Pcg64Mcg::seed_from_u64(seed));
                        let skipped = game.sample(belief, mover, &mut a, true);
                        let built = game.sample(belief, mover, &mut b, false);
                        assert_eq!(skipped, built, "maze {i}, turn {turn}, seed {seed}");
                        assert_eq!(a.next_u64(), b.next_u64());
                        checked += 1;
                    }
                }
                game.legal_actions(&state, mover, &mut buf);
                let action = buf[rng.random_range(0..buf.len())];
                belief.played(&action);
                game.advance(&mut state, &[action]);
            }
        }
        assert!(checked >= 200, "{checked}");
    }

    /// The cells `known_cells` lists (issue 23: read 64 a word) are exactly those a scan of
    /// the whole window finds discovered or with a known edge, in the window's order, on maps
    /// of random games from the first view to the end.
    #[test]
    fn known_cells_are_those_a_whole_window_scan_finds() {
        let mut rng = Pcg64Mcg::seed_from_u64(5);
        let mut checked = 0;
        for i in 0..2 {
            let game =
                Game::new(amazes::mazes::get(i).maze, amazes::Config::default()).expect("shipped");
            let mut state = game.initial_state(i as u64 + 10);
            let mut belief = Belief::new(&game, Player::Red);
            let mut buf = Vec::new();
            while let Some(mover) = game.to_move(&state).iter().next() {
                if mover == 0 {
                    belief.observe(&game.observe(&state, 0));
                    let map = &belief.map;
                    let k = map.knowledge();
                    let (h, w) = k.dims();
                    let mut scanned = Vec::new();
                    for row in 0..h {
                        for col in 0..w {
                            let cell = k.index(row, col);
                            if k.is_discovered(cell)
                                || Dir::ALL.iter().any(|&d| k.edge(cell, d).is_some())
                            {
                                scanned.push((cell, map.coords(cell)));
                            }
                        }
                    }
                    let mut listed = Vec::new();
                    known_cells(map, |cell, rc| listed.push((cell, rc)));
                    assert_eq!(listed, scanned);
                    checked += 1;
                }
                game.legal_actions(&state, mover, &mut buf);
                let action = buf[rng.random_range(0..buf.len())];
                if mover == 0 {
                    belief.played(&action);
                }
                game.advance(&mut state, &[action]);
            }
        }
        assert!(checked >= 300, "{checked}");
    }

    /// `State::clone_from` (and so `Knowledge::clone_from`), written field by field (issue
    /// 23), makes a copy equal to the source, over a stale target of another game and maze
    /// (a sampled state carries its own).
    #[test]
    fn clone_from_copies_every_field() {
        use pathfind::tree::Determinize;
        let game = Game::new(amazes::mazes::get(2).maze, amazes::Config::default()).expect("maze");
        let mut state = game.initial_state(4);
        let mut buf = Vec::new();
        let mut target = game.initial_state(9);
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        for turn in 0..80 {
            let Some(mover) = game.to_move(&state).iter().next() else {
                break;
            };
            target.clone_from(&state);
            assert_eq!(target, state, "turn {turn}");
            assert_eq!(target, state.clone());
            let belief = Belief::from_state(&game, &state, Player::from_index(mover).unwrap());
            let sampled = game.sample_state(&belief, mover, &mut rng);
            target.clone_from(&sampled);
            assert_eq!(target, sampled);
            game.legal_actions(&state, mover, &mut buf);
            let action = buf[rng.random_range(0..buf.len())];
            game.advance(&mut state, &[action]);
        }
    }

    #[test]
    fn placement_rectangles_list_the_fitting_placements_in_order() {
        let game =
            Game::new(amazes::mazes::get(0).maze, amazes::Config::default()).expect("shipped maze");
        let boxes = [
            (0, 0, 0, 0),
            (-3, 2, -1, 5),
            (-24, 0, 0, 24),
            (-24, 24, 0, 0),
            (-12, 12, -12, 12),
            (-13, 13, 0, 0),
            (5, 9, -20, -2),
        ];
        for known in boxes {
            let rects = game.placement_rects(known);
            let listed: Vec<_> = rects
                .iter()
                .flat_map(|rect| (0..rect.count()).map(move |k| rect.nth(k)))
                .map(|p| (p.origin.0, p.origin.1, p.north))
                .collect();
            assert_eq!(listed, placements_by_search(&game, known), "box {known:?}");
        }
    }
}
