//! The [`Bot`] trait (the original's `PlaneControl`) and runners for fights and match-ups.

use crate::protocol::Fault;
use crate::{Action, Actions, Events, Game, MatchUp, Outcome, Side, State};

/// A player: it sees the whole state (both sides' planes, as the original shows them) and orders
/// its two planes each round.
///
/// The same trait drives local matches ([`play_fight`], [`play_match`]) and the original
/// tournament through the wrapper protocol ([`protocol::run_bot`](crate::protocol::run_bot)).
pub trait Bot {
    /// Called at the start of each match-up (`newOpponent`) with its number of fights.
    fn new_opponent(&mut self, _fights: u32) {}

    /// Called before each fight (`newFight`) with the fight's 0-based index and the fights won so
    /// far by this bot and by its opponent.
    fn new_fight(&mut self, _game: &Game, _fight: u32, _my_score: u32, _enemy_score: u32) {}

    /// The orders for `side`'s planes in the coming round. Moves for dead planes are ignored.
    fn act(&mut self, game: &Game, state: &State, side: Side) -> Action;

    /// What went wrong in the current fight, for bots that drive something that can fail (an
    /// external program behind [`protocol::Wrapper`](crate::protocol::Wrapper)); `None` for
    /// bots that cannot fail. Runners read it after each fight and report it.
    fn fight_fault(&self) -> Option<Fault> {
        None
    }
}

impl<B: Bot + ?Sized> Bot for &mut B {
    fn new_opponent(&mut self, fights: u32) {
        (**self).new_opponent(fights);
    }

    fn new_fight(&mut self, game: &Game, fight: u32, my_score: u32, enemy_score: u32) {
        (**self).new_fight(game, fight, my_score, enemy_score);
    }

    fn act(&mut self, game: &Game, state: &State, side: Side) -> Action {
        (**self).act(game, state, side)
    }

    fn fight_fault(&self) -> Option<Fault> {
        (**self).fight_fault()
    }
}

impl<B: Bot + ?Sized> Bot for Box<B> {
    fn new_opponent(&mut self, fights: u32) {
        (**self).new_opponent(fights);
    }

    fn new_fight(&mut self, game: &Game, fight: u32, my_score: u32, enemy_score: u32) {
        (**self).new_fight(game, fight, my_score, enemy_score);
    }

    fn act(&mut self, game: &Game, state: &State, side: Side) -> Action {
        (**self).act(game, state, side)
    }

    fn fight_fault(&self) -> Option<Fault> {
        (**self).fight_fault()
    }
}

/// One played round, as [`play_fight_from`] reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Round {
    /// The state the bots saw.
    pub before: State,
    /// What they ordered.
    pub actions: Actions,
    /// What happened.
    pub events: Events,
    /// The state after the round.
    pub after: State,
}

/// Plays one fight from the standard start to its end and returns the outcome.
///
/// Player 1 acts before player 2, but both see the same state (`C:146-147`), so the order is
/// not observable unless the bots share something.
pub fn play_fight(game: &Game, p1: &mut impl Bot, p2: &mut impl Bot) -> Outcome {
    play_fight_from(game, game.initial_state(0), [p1, p2], |_| {})
}

/// Plays from `state` until the fight ends, calling `observe` after every round.
pub fn play_fight_from(
    game: &Game,
    mut state: State,
    bots: [&mut dyn Bot; 2],
    mut observe: impl FnMut(&Round),
) -> Outcome {
    let [p1, p2] = bots;
    loop {
        if let Some(outcome) = game.outcome(&state) {
            return outcome;
        }
        let actions = Actions::new(
            p1.act(game, &state, Side::P1),
            p2.act(game, &state, Side::P2),
        );
        let before = state;
        let events = game.advance_joint(&mut state, &actions);
        observe(&Round {
            before,
            actions,
            events,
            after: state,
        });
    }
}

/// Plays a match-up of `fights` fights between the same two bots, as the controller does
/// (`C:79-92`): `new_opponent` once, `new_fight` before each fight, player 1 always player 1.
pub fn play_match(game: &Game, p1: &mut impl Bot, p2: &mut impl Bot, fights: u32) -> MatchUp {
    let mut tally = MatchUp::default();
    p1.new_opponent(fights);
    p2.new_opponent(fights);
    for fight in 0..fights {
        p1.new_fight(game, fight, tally.wins[0], tally.wins[1]);
        p2.new_fight(game, fight, tally.wins[1], tally.wins[0]);
        let outcome = play_fight(game, p1, p2);
        tally.record(&outcome);
    }
    tally
}
