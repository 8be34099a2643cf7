//! A greedy CloudWars bot, the opponent the examples and benchmarks measure against, as a bot of
//! the contract ([`pathfind::tree::Bot`]): it chases the nearest smaller cloud (big prey that is
//! close first) and flees from any bigger one that comes within 120 units, spending a small part
//! of its vapor on each wind. It is deterministic and stateless, so it is also a cheap playout
//! policy for a search ([`Greedy::command`]).
//!
//! ```
//! use cloudwars::{Config, Game, Setup, greedy::Greedy};
//! use pathfind::tree::{Bot, Game as _};
//!
//! let setup = Setup { players: 2, ..Setup::default() };
//! let game = Game::with_setup(Config::default(), setup).unwrap();
//! let mut state = game.initial_state(3);
//! let mut bots = [Greedy, Greedy];
//! for _ in 0..200 {
//!     if game.is_terminal(&state) {
//!         break;
//!     }
//!     let joint: Vec<_> = game
//!         .to_move(&state)
//!         .iter()
//!         .map(|p| bots[p].act(&game, &state, p))
//!         .collect();
//!     game.advance(&mut state, &joint);
//! }
//! assert!(state.iteration() > 0);
//! ```

use pathfind::tree::Bot;

use crate::{Action, Cloud, Game, PlayerId, State, Vec2};

fn sub(a: Vec2, b: Vec2) -> Vec2 {
    Vec2::new(a.x - b.x, a.y - b.y)
}

fn len(v: Vec2) -> f32 {
    (v.x * v.x + v.y * v.y).sqrt()
}

fn unit(v: Vec2) -> Vec2 {
    let l = len(v).max(1e-6);
    Vec2::new(v.x / l, v.y / l)
}

/// The wind that changes `me`'s velocity towards `desired`, spending at most `budget` of its
/// vapor; `None` if the change is too small to bother or no valid wind exists.
pub fn steer(me: &Cloud, desired: Vec2, budget: f32) -> Option<Action> {
    let dv = sub(desired, me.vel);
    let need = len(dv);
    if need < 2.0 {
        return None;
    }
    // A wind of strength s changes the velocity by s * 5 / r (r after paying, about the same).
    let strength = (need * me.radius() / 5.0).clamp(1.0, (me.vapor * budget).max(1.0));
    if strength > me.vapor / 2.0 {
        return None;
    }
    let d = unit(dv);
    Some(Action::Move(Vec2::new(d.x * strength, d.y * strength)))
}

/// The gap between two clouds' edges (negative when they overlap).
pub fn gap(a: &Cloud, b: &Cloud) -> f32 {
    len(sub(b.pos, a.pos)) - a.radius() - b.radius()
}

/// Chases the nearest smaller cloud and flees from any bigger one that comes close.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Greedy;

impl Greedy {
    /// The greedy command for `me` (also used by the searches as one of their candidates).
    pub fn command(state: &State, me: PlayerId) -> Option<Action> {
        let mine = state.cloud_of(me)?;
        if mine.is_dead() {
            return None;
        }
        let r = mine.radius();
        let mut flee = Vec2::default();
        let mut best: Option<(f32, &Cloud)> = None;
        for o in state.clouds() {
            if o.owner == Some(me) || o.is_dead() {
                continue;
            }
            let g = gap(mine, o);
            if o.radius() >= r {
                if g < 120.0 {
                    let away = unit(sub(mine.pos, o.pos));
                    let w = 1.0 / g.max(5.0);
                    flee = Vec2::new(flee.x + away.x * w, flee.y + away.y * w);
                }
            } else {
                // Prefer big prey that is close.
                let score = g.max(1.0) / o.vapor.max(1.0).sqrt();
                if best.is_none_or(|(s, _)| score < s) {
                    best = Some((score, o));
                }
            }
        }
        if len(flee) > 0.0 {
            let d = unit(flee);
            return steer(mine, Vec2::new(d.x * 30.0, d.y * 30.0), 0.08);
        }
        let (_, prey) = best?;
        let d = unit(sub(prey.pos, mine.pos));
        steer(mine, Vec2::new(d.x * 25.0, d.y * 25.0), 0.04)
    }
}

/// The bots act on the [`pathfind::tree::Game`] contract's observation (the whole state);
/// "no command" is `Action::Wait`.
impl Bot<Game> for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn act(&mut self, _game: &Game, state: &State, player: usize) -> Action {
        Greedy::command(state, PlayerId(player as u8)).unwrap_or(Action::Wait)
    }
}
