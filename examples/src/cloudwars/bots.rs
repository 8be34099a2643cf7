//! Example CloudWars bots: a greedy one and a search one that simulates ahead with the engine.

use cloudwars::{Action, Cloud, Game, PlayerId, State, Vec2};

/// A CloudWars bot: looks at the state, sends at most one command per decision.
pub trait Bot {
    /// The bot's name in result tables.
    fn name(&self) -> &'static str;
    /// The command for `me` now, if any.
    fn decide(&mut self, game: &Game, state: &State, me: PlayerId) -> Option<Action>;
}

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
fn steer(me: &Cloud, desired: Vec2, budget: f32) -> Option<Action> {
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

/// Gap between two circles' edges.
fn gap(a: &Cloud, b: &Cloud) -> f32 {
    len(sub(b.pos, a.pos)) - a.radius() - b.radius()
}

/// Chases the nearest smaller cloud and flees from any bigger one that comes close.
#[derive(Debug, Clone, Default)]
pub struct Greedy;

impl Greedy {
    /// The greedy command for `me` (also used by [`Search`] as one of its candidates).
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

impl Bot for Greedy {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn decide(&mut self, _game: &Game, state: &State, me: PlayerId) -> Option<Action> {
        Greedy::command(state, me)
    }
}

/// Tries a small set of candidate commands (nothing, the greedy command, 8 directions at two
/// strengths), simulates each `horizon` iterations ahead with the engine (everyone else
/// drifting), and keeps the one that ends with the most vapor relative to the opponents.
#[derive(Debug, Clone)]
pub struct Search {
    /// Iterations simulated per candidate.
    pub horizon: u32,
    candidates: Vec<Option<Action>>,
}

impl Default for Search {
    fn default() -> Search {
        Search {
            horizon: 30,
            candidates: Vec::with_capacity(24),
        }
    }
}

impl Search {
    fn score(state: &State, me: PlayerId) -> f32 {
        let Some(mine) = state.cloud_of(me) else {
            return f32::MIN;
        };
        if mine.is_dead() {
            return -1e9;
        }
        let mut rival = 0.0f32;
        let mut prospect = 0.0f32;
        let mut danger = 0.0f32;
        for o in state.clouds() {
            if o.owner == Some(me) || o.is_dead() {
                continue;
            }
            if o.owner.is_some() {
                rival = rival.max(o.vapor);
            }
            let g = gap(mine, o).max(1.0);
            if o.radius() < mine.radius() {
                prospect += o.vapor / (1.0 + g / 50.0);
            } else {
                danger += mine.vapor / (1.0 + g / 20.0);
            }
        }
        mine.vapor - 0.5 * rival + 0.2 * prospect - 0.5 * danger
    }
}

impl Bot for Search {
    fn name(&self) -> &'static str {
        "search"
    }

    fn decide(&mut self, game: &Game, state: &State, me: PlayerId) -> Option<Action> {
        let mine = state.cloud_of(me)?;
        if mine.is_dead() {
            return None;
        }
        self.candidates.clear();
        self.candidates.push(None);
        self.candidates.push(Greedy::command(state, me));
        for fraction in [0.02, 0.06] {
            let strength = (mine.vapor * fraction).max(1.0);
            for k in 0..8 {
                let angle = k as f32 * std::f32::consts::FRAC_PI_4;
                let wind = Vec2::new(angle.cos() * strength, angle.sin() * strength);
                self.candidates.push(Some(Action::Move(wind)));
            }
        }
        let mut best = (f32::MIN, None);
        let mut sim = state.clone();
        for &candidate in &self.candidates {
            sim.clone_from(state);
            if let Some(action) = candidate
                && game.apply(&mut sim, me, action).is_err()
            {
                continue;
            }
            for _ in 0..self.horizon {
                game.update(&mut sim);
            }
            let score = Search::score(&sim, me);
            if score > best.0 {
                best = (score, candidate);
            }
        }
        best.1
    }
}

/// The bots under the workspace's `examples::bot::Bot` (one action per step through
/// `pathfind::tree::Game`; "no command" is `Action::Wait`).
impl crate::bot::Bot<Game> for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn act(&mut self, _game: &Game, state: &State, player: usize) -> Action {
        Greedy::command(state, PlayerId(player as u8)).unwrap_or(Action::Wait)
    }
}

impl crate::bot::Bot<Game> for Search {
    fn name(&self) -> String {
        "search".into()
    }

    fn act(&mut self, game: &Game, state: &State, player: usize) -> Action {
        self.decide(game, state, PlayerId(player as u8))
            .unwrap_or(Action::Wait)
    }
}
