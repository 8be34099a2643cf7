//! Windward bots, all on the one bot shape [`Bot<windward::Game>`](arena::Bot): the
//! original server's built-in AI and a planner that uses the precomputed distances (both send
//! the orders a client sends, as [`Action::Orders`], and react to every tick's status messages,
//! which they hear), the navigator, the search bot and an idle bot.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use windward::rules::{CardAction, Status};
use windward::tick::Order;
use windward::{
    Action, Card, CardKind, CompanyId, Events, Game, NUM_PLAYERS, Observation, PassengerId,
    PlayerId, Point, State,
};

use arena::Bot;

use crate::error::Result;
use crate::roster::Roster;

/// The bots `play windward` knows: `(name, one line about it)`.
pub const BOTS: [(&str, &str); 6] = [
    (
        "builtin",
        "the original server's built-in AI: random pick-ups and re-routes, random cards",
    ),
    (
        "builtin-nocards",
        "the built-in AI without cards (`ai-powerups` off)",
    ),
    (
        "planner",
        "best points per tile of driving, enemy lobbies, coffee, a slowdown and a flat tyre",
    ),
    (
        "navigator",
        "the planner's choice of passenger and stop, as one action per tick",
    ),
    (
        "search",
        "flat Monte Carlo over the navigator's best passengers, navigator playouts",
    ),
    ("idle", "always waits: its car drives at random"),
];

/// Builds the bot called `name` (one of [`BOTS`]); it draws its randomness from the seed its
/// [`Bot::new_game`] is given.
pub fn bot(name: &str) -> Result<Box<dyn Bot<Game>>> {
    Ok(match name {
        "builtin" => Box::new(BuiltIn::new(0, true)),
        "builtin-nocards" => Box::new(BuiltIn::new(0, false)),
        "planner" => Box::new(Planner::new()),
        "navigator" => Box::new(Navigator::new()),
        "search" => Box::new(Search::new(0)),
        "idle" => Box::new(Idle),
        _ => return Err(Game::unknown_bot(name)),
    })
}

/// The stop index of a company's bus stop.
fn stop_of(game: &Game, state: &State, c: CompanyId) -> Option<usize> {
    game.stop_index(state.company_stops[c.index()])
}

/// The original server's built-in AI, defined in the engine crate as a bot of the contract.
pub use windward::builtin::BuiltIn;

/// A planner: picks the passenger with the best points per tile of driving (car → lobby →
/// destination, by the precomputed distance fields), skips trips whose destination lobby holds
/// an enemy, refills coffee before it runs out, slows every rival with
/// ALL_OTHER_CARS_QUARTER_SPEED at the start, and gives the leading rival a flat tyre (STOP_CAR)
/// while it carries a passenger far from the destination (so the card is not returned).
pub struct Planner {
    path: Vec<Point>,
    target: Option<Point>,
    played_slowdown: bool,
    started: bool,
    /// A status message heard since the last action asks for a new route.
    replan: bool,
    /// Whether the next tick needs a look at the state: the slowdown is not played yet, a
    /// STOP_CAR is in hand (its target depends on where the rivals are), or a card was played.
    must_look: bool,
}

impl Default for Planner {
    fn default() -> Planner {
        Planner::new()
    }
}

impl Planner {
    /// A planner.
    pub fn new() -> Planner {
        Planner {
            path: Vec::new(),
            target: None,
            played_slowdown: false,
            started: false,
            replan: false,
            must_look: true,
        }
    }

    fn enemy_waits_at(state: &State, p: PassengerId, c: CompanyId) -> bool {
        let enemies = &state.passengers[p.index()].enemies;
        state.lobby(c).any(|q| enemies.contains(&q))
    }

    /// The passengers worth a trip, best points per tile of driving first: (value, passenger,
    /// stop of its lobby). Empty when the car carries a passenger or has no coffee.
    fn rank(
        game: &Game,
        state: &State,
        me: PlayerId,
        from: Point,
    ) -> Vec<(f32, PassengerId, usize)> {
        let pl = state.player(me);
        let dist = |s: usize| game.distance_to_stop(s, from) as u32;
        let mut ranked: Vec<(f32, PassengerId, usize)> = Vec::new();
        if pl.passenger.is_some() || pl.car.coffee <= 0 {
            return ranked;
        }
        for p in PassengerId::all() {
            let ps = &state.passengers[p.index()];
            if pl.delivered.contains(&p) || ps.car.is_some() {
                continue;
            }
            let (Some(lobby), Some(dest)) = (ps.lobby, ps.destination) else {
                continue;
            };
            if Self::enemy_waits_at(state, p, dest) {
                continue;
            }
            let (Some(sl), Some(sd)) = (stop_of(game, state, lobby), stop_of(game, state, dest))
            else {
                continue;
            };
            let d = dist(sl) + game.stop_distance(sl, sd) as u32 + 4;
            ranked.push((p.points() as f32 / d as f32, p, sl));
        }
        // Stable: among equal values the earlier passenger stays first.
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        ranked
    }

    /// Where to go now, and the pick-up list.
    fn plan(
        game: &Game,
        state: &State,
        me: PlayerId,
        from: Point,
    ) -> Option<(usize, Vec<PassengerId>)> {
        let pl = state.player(me);
        let dist = |s: usize| game.distance_to_stop(s, from) as u32;
        if let Some(p) = pl.passenger {
            let dest = state.passengers[p.index()].destination?;
            return Some((stop_of(game, state, dest)?, Vec::new()));
        }
        if pl.car.coffee <= 0 {
            let nearest_store = state
                .coffee_stores
                .iter()
                .filter_map(|&t| game.stop_index(t))
                .min_by_key(|&s| dist(s));
            return Some((nearest_store?, Vec::new()));
        }
        let ranked = Self::rank(game, state, me, from);
        let stop = ranked.first()?.2;
        Some((stop, ranked.into_iter().map(|r| r.1).collect()))
    }

    fn route(&mut self, game: &Game, state: &State, me: PlayerId, out: &mut Vec<Order>) {
        let from = state.player(me).car.vehicle.location.next_tile();
        let Some((stop, pickup)) = Self::plan(game, state, me, from) else {
            return;
        };
        game.path_to_stop_plus_one(from, stop, &mut self.path);
        if self.path.is_empty() {
            return;
        }
        self.target = Some(game.stops()[stop]);
        out.push(Order::Path {
            player: me,
            path: self.path.clone(),
            pickup,
        });
    }
}

impl Planner {
    /// STOP_CAR on the rival with the most deliveries (at least ours) while it carries a
    /// passenger far from the destination and is not on a stop, so the card is not returned.
    fn flat_the_leader(&mut self, game: &Game, state: &State, me: PlayerId, out: &mut Vec<Order>) {
        if let Some(card) = Self::flat_card(game, state, me) {
            out.push(Order::Card {
                player: me,
                action: CardAction::Play,
                card,
            });
        }
    }

    /// The STOP_CAR card to play now, its target set, if any.
    fn flat_card(game: &Game, state: &State, me: PlayerId) -> Option<Card> {
        let card = state
            .player(me)
            .hand
            .iter()
            .find(|c| c.kind == CardKind::StopCar && c.ok_to_play)?;
        let mine = state.player(me).delivered.len();
        let target = (0..NUM_PLAYERS)
            .map(|i| PlayerId(i as u8))
            .filter(|&p| p != me)
            .filter(|&p| {
                let pl = state.player(p);
                let v = &pl.car.vehicle;
                let Some(dest) = pl
                    .passenger
                    .and_then(|ps| state.passengers[ps.index()].destination)
                else {
                    return false;
                };
                let front = v.front_tile();
                let on_stop = |t: Point| game.map().square(t).is_some_and(|s| s.kind.is_stop());
                pl.delivered.len() >= mine
                    && !v.motion.flat
                    && front.manhattan(state.company_stops[dest.index()]) > 6
                    && !on_stop(front)
                    && !on_stop(v.back_tile())
            })
            .max_by_key(|&p| state.player(p).delivered.len());
        target.map(|target| Card {
            player: Some(target),
            ..*card
        })
    }
}

impl Planner {
    /// The `<setup>` answer: draws the two cards (drawn at score 0, a card is playable at once)
    /// and the first route.
    fn setup(&mut self, game: &Game, state: &State, me: PlayerId, out: &mut Vec<Order>) {
        for kind in [CardKind::AllOtherCarsQuarterSpeed, CardKind::StopCar] {
            if let Some(card) = state.player(me).deck.iter().find(|c| c.kind == kind) {
                out.push(Order::Card {
                    player: me,
                    action: CardAction::Draw,
                    card: *card,
                });
            }
        }
        self.route(game, state, me, out);
    }

    /// After a tick: the slowdown once, the flat tyre when due, a new route when asked.
    fn after_tick(&mut self, game: &Game, state: &State, me: PlayerId, out: &mut Vec<Order>) {
        if !self.played_slowdown
            && let Some(card) = state
                .player(me)
                .hand
                .iter()
                .find(|c| c.kind == CardKind::AllOtherCarsQuarterSpeed && c.ok_to_play)
        {
            out.push(Order::Card {
                player: me,
                action: CardAction::Play,
                card: *card,
            });
            self.played_slowdown = true;
        }
        self.flat_the_leader(game, state, me, out);
        if std::mem::take(&mut self.replan) {
            self.route(game, state, me, out);
        }
    }
}

impl Bot<Game> for Planner {
    fn name(&self) -> String {
        "planner".to_string()
    }

    fn new_game(&mut self, _game: &Game, _player: usize, _seed: u64) {
        *self = Planner::new();
    }

    /// With nothing heard, the slowdown played and no STOP_CAR in hand, the planner sends
    /// nothing (its hand changes only by its own draws, all at the start, or by a card event).
    fn act_unobserved(&mut self, _game: &Game, _player: usize) -> Option<Action> {
        (self.started && !self.replan && !self.must_look).then_some(Action::Wait)
    }

    /// A new route after a status message about this player, or after a card that moves
    /// passengers, cars or destinations.
    fn hear(&mut self, _game: &Game, events: &Events, player: usize) {
        let me = PlayerId(player as u8);
        self.must_look |= events.iter().any(|e| e.card.is_some());
        self.replan |= events.iter().any(|e| {
            (e.about == me && e.card.is_none())
                || matches!(
                    e.card.map(|c| c.kind),
                    Some(
                        CardKind::RelocateAllCars
                            | CardKind::RelocateAllPassengers
                            | CardKind::MovePassenger
                            | CardKind::ChangeDestination
                    )
                ) && e.status == Status::PowerUpPlayed
        });
    }

    fn act(&mut self, game: &Game, seen: &Observation, player: usize) -> Action {
        let me = PlayerId(player as u8);
        let mut out = Vec::new();
        if self.started {
            self.after_tick(game, &seen.state, me, &mut out);
        } else {
            self.started = true;
            self.replan = false;
            self.setup(game, &seen.state, me, &mut out);
        }
        let hand = &seen.state.player(me).hand;
        self.must_look = !self.played_slowdown
            || out.iter().any(|o| matches!(o, Order::Card { .. }))
            || hand.iter().any(|c| c.kind == CardKind::StopCar);
        Action::from_orders(out)
    }
}

/// The planner's knowledge as a bot of the workspace's contract
/// ([`arena::Bot`] over [`pathfind::tree::Game`]): one
/// [`Action`] per tick from what the player observes (the state with the other
/// hands hidden). It draws ALL_OTHER_CARS_QUARTER_SPEED and STOP_CAR at the start, plays the first
/// at once and the second on the leading rival (as [`Planner`]), and sends a
/// [`GoTo`](Action::GoTo) to the planner's choice of stop whenever its passenger,
/// deliveries or coffee change, its path runs out, or every 200 ticks (passengers move); it waits
/// otherwise.
#[derive(Debug, Clone, Default)]
pub struct Navigator {
    last: Option<(Option<PassengerId>, usize, i32)>,
    since_plan: u32,
    drawn: u8,
    played_slowdown: bool,
}

impl Navigator {
    /// A navigator for a new round.
    pub fn new() -> Navigator {
        Navigator::default()
    }
}

impl Bot<Game> for Navigator {
    fn name(&self) -> String {
        "navigator".to_string()
    }

    fn new_game(&mut self, _game: &Game, _player: usize, _seed: u64) {
        *self = Navigator::new();
    }

    fn act(&mut self, game: &Game, seen: &Observation, player: usize) -> Action {
        let state = &seen.state;
        let me = PlayerId(player as u8);
        let Some(pl) = state.players.get(player) else {
            return Action::Wait;
        };
        // Cards first, one message per tick: drawn at score 0 they are playable at once.
        let kinds = [CardKind::AllOtherCarsQuarterSpeed, CardKind::StopCar];
        while usize::from(self.drawn) < kinds.len() {
            let kind = kinds[usize::from(self.drawn)];
            self.drawn += 1;
            if let Some(card) = pl.deck.iter().find(|c| c.kind == kind) {
                return Action::Card {
                    action: CardAction::Draw,
                    card: *card,
                };
            }
        }
        if !self.played_slowdown
            && let Some(card) = pl
                .hand
                .iter()
                .find(|c| c.kind == CardKind::AllOtherCarsQuarterSpeed && c.ok_to_play)
        {
            self.played_slowdown = true;
            return Action::Card {
                action: CardAction::Play,
                card: *card,
            };
        }
        if let Some(card) = Planner::flat_card(game, state, me) {
            return Action::Card {
                action: CardAction::Play,
                card,
            };
        }
        let key = (pl.passenger, pl.delivered.len(), pl.car.coffee);
        self.since_plan += 1;
        if self.last == Some(key) && !pl.car.vehicle.path.is_empty() && self.since_plan < 200 {
            return Action::Wait;
        }
        self.last = Some(key);
        self.since_plan = 0;
        let from = pl.car.vehicle.location.next_tile();
        match Planner::plan(game, state, me, from) {
            Some((stop, pickup)) => Action::GoTo {
                stop: stop as u16,
                pickup: pickup.into_iter().collect(),
            },
            None => Action::Wait,
        }
    }
}

/// A bot of the contract that always waits (its car drives at random once its path runs out): the
/// floor any bot must beat.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Idle;

impl Bot<Game> for Idle {
    fn name(&self) -> String {
        "idle".to_string()
    }

    fn act(&mut self, _game: &Game, _seen: &Observation, _player: usize) -> Action {
        windward::Action::Wait
    }
}

/// The order-level search bot on [`pathfind::tree`]: it plays as the [`Navigator`] (cards,
/// coffee, deliveries) except where the navigator would choose a passenger to fetch. There it
/// runs a flat Monte Carlo search over the navigator's best few candidates (`GoTo` the lobby of
/// each of the `candidates` best-ranked passengers, that passenger first in the pick-up list):
/// each candidate is played out for `horizon` ticks through [`pathfind::tree::Game::advance`]
/// from a determinized state ([`windward::Game::sample_state`]), with every car following the
/// navigator's routing ([`PlayoutNavigator`]), and valued by [`progress`] at the cap. The
/// navigator's own choice is kept unless another candidate is better by more than `margin`.
///
/// Why not tick-level MCTS: a trip takes hundreds of ticks, so a tree over per-tick actions with
/// the few hundred playouts a second allows sees nothing; here one decision is a whole trip, and
/// a playout of all ten cars shows who reaches a passenger first and what the next trip costs.
#[derive(Debug, Clone)]
pub struct Search {
    nav: Navigator,
    rng: Pcg64Mcg,
    /// How many of the navigator's best-ranked passengers are candidates.
    pub candidates: usize,
    /// Playouts per candidate (the playouts differ only in the sampled hands and chance).
    pub playouts: usize,
    /// Ticks per playout.
    pub horizon: u32,
    /// How much better (in [`progress`] points) another candidate must be than the navigator's.
    pub margin: f32,
}

impl Search {
    /// A search bot with the default budget: 4 candidates, 1 playout of 500 ticks each.
    pub fn new(seed: u64) -> Search {
        Search {
            nav: Navigator::new(),
            rng: Pcg64Mcg::seed_from_u64(seed),
            candidates: 4,
            playouts: 1,
            horizon: 500,
            margin: 0.05,
        }
    }

    /// The value of `candidate` for `me`: the mean [`progress`] after the playouts.
    fn value(
        &mut self,
        game: &Game,
        seen: &Observation,
        me: PlayerId,
        candidate: &windward::Action,
    ) -> f32 {
        let mut total = 0.0;
        let mut actions = vec![windward::Action::Wait; NUM_PLAYERS];
        for _ in 0..self.playouts {
            let mut state = game.sample_state(seen, &mut self.rng);
            // The others keep their current orders until something happens to them.
            let mut policies: [PlayoutNavigator; NUM_PLAYERS] =
                core::array::from_fn(|i| PlayoutNavigator::following(&state, PlayerId(i as u8)));
            for t in 0..self.horizon {
                if state.is_over() {
                    break;
                }
                for (i, policy) in policies.iter_mut().enumerate() {
                    actions[i] = if t == 0 && i == me.index() {
                        policy.last = None;
                        candidate.clone()
                    } else {
                        policy.act(game, &state, PlayerId(i as u8))
                    };
                }
                if t == 0 {
                    policies[me.index()] = PlayoutNavigator::following(&state, me);
                }
                pathfind::tree::Game::advance(game, &mut state, &actions);
            }
            total += progress(game, &state, me);
        }
        total / self.playouts.max(1) as f32
    }
}

impl Bot<Game> for Search {
    fn name(&self) -> String {
        "search".to_string()
    }

    fn new_game(&mut self, game: &Game, player: usize, seed: u64) {
        self.nav.new_game(game, player, seed);
        self.rng = Pcg64Mcg::seed_from_u64(seed);
    }

    fn act(&mut self, game: &Game, seen: &Observation, player: usize) -> Action {
        let chosen = self.nav.act(game, seen, player);
        if !matches!(chosen, Action::GoTo { .. }) {
            return chosen;
        }
        let me = PlayerId(player as u8);
        let state = &seen.state;
        let from = state.player(me).car.vehicle.location.next_tile();
        let ranked = Planner::rank(game, state, me, from);
        if ranked.len() < 2 {
            return chosen;
        }
        let order: Vec<PassengerId> = ranked.iter().map(|r| r.1).collect();
        let mut best: Option<(f32, Action)> = None;
        let mut navigators = 0.0;
        for (k, &(_, p, stop)) in ranked.iter().take(self.candidates).enumerate() {
            let mut pickup: windward::Pickup = order.iter().copied().filter(|&q| q != p).collect();
            pickup.insert(0, p);
            let candidate = Action::GoTo {
                stop: stop as u16,
                pickup,
            };
            let v = self.value(game, seen, me, &candidate);
            if k == 0 {
                navigators = v;
            }
            if best.as_ref().is_none_or(|b| v > b.0) {
                best = Some((v, candidate));
            }
        }
        match best {
            Some((v, candidate)) if v > navigators + self.margin => candidate,
            _ => chosen,
        }
    }
}

/// The navigator's routing alone, for playouts: a new `GoTo` (the [`Planner`]'s choice)
/// whenever the car's passenger, deliveries or coffee change or its path runs out (then at most
/// every 25 ticks); no cards.
#[derive(Debug, Clone, Copy, Default)]
pub struct PlayoutNavigator {
    last: Option<(Option<PassengerId>, usize, i32)>,
    idle: u32,
}

impl PlayoutNavigator {
    /// A policy that keeps `player`'s current orders until something changes.
    pub fn following(state: &State, player: PlayerId) -> PlayoutNavigator {
        let pl = state.player(player);
        PlayoutNavigator {
            last: Some((pl.passenger, pl.delivered.len(), pl.car.coffee)),
            idle: 0,
        }
    }

    /// The action of `player` this tick.
    pub fn act(&mut self, game: &Game, state: &State, player: PlayerId) -> Action {
        let pl = state.player(player);
        let key = (pl.passenger, pl.delivered.len(), pl.car.coffee);
        if self.last == Some(key) {
            if !pl.car.vehicle.path.is_empty() {
                return windward::Action::Wait;
            }
            self.idle += 1;
            if self.idle % 25 != 1 {
                return windward::Action::Wait;
            }
        } else {
            self.idle = 0;
        }
        self.last = Some(key);
        let from = pl.car.vehicle.location.next_tile();
        match Planner::plan(game, state, player, from) {
            Some((stop, pickup)) => windward::Action::GoTo {
                stop: stop as u16,
                pickup: pickup.into_iter().collect(),
            },
            None => windward::Action::Wait,
        }
    }
}

/// What a playout is worth to `player`: its points (+2 at the winning delivery), plus for a
/// passenger on board half its points now and the other half in proportion to the driving done
/// (by the precomputed distances from its start stop to its destination).
pub fn progress(game: &Game, state: &State, player: PlayerId) -> f32 {
    let pl = state.player(player);
    let mut value = pl.points;
    if pl.delivered.len() >= windward::state::DELIVERIES_TO_WIN {
        value += 2.0;
    }
    if let Some(p) = pl.passenger {
        let ps = &state.passengers[p.index()];
        if let (Some(start), Some(dest)) = (ps.start, ps.destination)
            && let (Some(a), Some(b)) = (stop_of(game, state, start), stop_of(game, state, dest))
        {
            let total = f32::from(game.stop_distance(a, b)).max(1.0);
            let left = f32::from(game.distance_to_stop(b, pl.car.tile())).min(total);
            value += p.points() as f32 * (0.5 + 0.5 * (1.0 - left / total));
        }
    }
    value
}
