//! The tests of `dogfight::bot` that lived beside its code.

use dogfight::bot::*;
use dogfight::{Action, Game, Side, State};
use dogfight::{EndReason, Move};

struct Straight;

impl Bot for Straight {
    fn act(&mut self, _: &Game, _: &State, _: Side) -> Action {
        Action::none()
    }
}

struct Shooter;

impl Bot for Shooter {
    fn act(&mut self, _: &Game, state: &State, side: Side) -> Action {
        let [a, b] = state.side(side);
        Action::new(
            Move::slide(a.heading).firing(),
            Move::slide(b.heading).firing(),
        )
    }
}

#[test]
fn straight_fliers_all_die_at_the_wall() {
    let game = Game::default();
    let outcome = play_fight(&game, &mut Straight, &mut Straight);
    assert_eq!(outcome.reason, EndReason::BothOut);
    let tally = play_match(&game, &mut Straight, &mut Straight, 10);
    assert_eq!((tally.draws, tally.points()), (10, [1, 1]));
}

#[test]
fn observe_sees_every_round() {
    let game = Game::default();
    let mut rounds = 0;
    let outcome = play_fight_from(
        &game,
        game.initial_state(0),
        [&mut Shooter, &mut Straight],
        |round| {
            rounds += 1;
            assert_eq!(round.after.round, round.before.round + 1);
        },
    );
    assert_eq!(u16::try_from(rounds).unwrap(), outcome.round);
}
