//! The tests of `amazes::explorer` that lived beside its code.

use amazes::action::{Action, MoveLine};
use amazes::explorer::*;
use amazes::game::Game;
use amazes::{Config, Player, mazes};

/// The planner's proposal is what the explorer plays, turn by turn, and it does not
/// depend on what happened before `start` (a reused explorer plays a new game as a fresh one).
#[test]
fn choose_plays_the_proposal_and_start_forgets_the_last_game() {
    let game = Game::new(mazes::get(1).maze, Config::default()).unwrap();
    let play = |bots: &mut [Explorer; 2]| {
        let mut state = game.initial_state(5);
        let mut lines = Vec::new();
        for bot in bots.iter_mut() {
            bot.start(25);
        }
        while state.end().is_none() {
            let p = state.to_move();
            let view = game.observe(&state, p.index());
            // What the planner proposes from a copy, before the bot plays.
            let mut copy = bots[p.index()].clone();
            copy.observe(&view);
            let mut out = Vec::new();
            let expected = match copy.propose(3, &mut out) {
                Proposal::Hunt(line) => line,
                Proposal::Explored => MoveLine::JURY,
                Proposal::Walks => {
                    assert!(out.len() <= 3);
                    assert!(out.windows(2).all(|w| w[0].rate >= w[1].rate));
                    match out.first() {
                        Some(c) if c.rate >= MIN_RATE => c.line,
                        _ => MoveLine::JURY,
                    }
                }
            };
            let line = bots[p.index()].choose(&view);
            assert_eq!(line, expected);
            lines.push(line);
            game.advance_action(&mut state, &Action::Moves(line));
        }
        assert!(state.knowledge(Player::Red).discovered_count() > 500);
        lines
    };
    let mut bots = [Explorer::new(), Explorer::new()];
    let first = play(&mut bots);
    // The same bots again: the same game.
    assert_eq!(play(&mut bots), first);
    assert_eq!(play(&mut [Explorer::new(), Explorer::new()]), first);
}
