//! Windward bots: the original server's built-in AI and a planner that uses the precomputed
//! distances.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use windward::rules::{self, CardAction, Event, Status};
use windward::tick::Order;
use windward::{Card, CardKind, CompanyId, Game, NUM_PLAYERS, PassengerId, PlayerId, Point, State};

/// A Windward player: told what happened each tick, answers with orders for the next tick.
pub trait Bot {
    /// A short name for tables.
    fn name(&self) -> &'static str;
    /// The `<setup>`: the first orders (`<ready>`).
    fn setup(&mut self, game: &Game, state: &State, me: PlayerId, out: &mut Vec<Order>);
    /// After a tick: the status messages of that tick (every player's), and the state.
    fn after_tick(
        &mut self,
        game: &Game,
        state: &State,
        me: PlayerId,
        events: &[Event],
        out: &mut Vec<Order>,
    );
}

/// Makes a bot by name (`builtin`, `planner`).
pub fn make_bot(name: &str, seed: u64) -> Option<Box<dyn Bot>> {
    match name {
        "builtin" => Some(Box::new(BuiltIn::new(seed, true))),
        "builtin-nocards" => Some(Box::new(BuiltIn::new(seed, false))),
        "planner" => Some(Box::new(Planner::new())),
        _ => None,
    }
}

/// The names [`make_bot`] knows.
pub const BOT_NAMES: [&str; 3] = ["builtin", "builtin-nocards", "planner"];

/// The stop index of a company's bus stop.
fn stop_of(game: &Game, state: &State, c: CompanyId) -> Option<usize> {
    game.stop_index(state.company_stops[c.index()])
}

/// A path to stop `s` for an order: from `from`, plus the step back out of the dead end
/// (`CalculatePathPlus1`, AI:389-396), so the car has orders while the bot decides.
fn path_plus_one(game: &Game, from: Point, s: usize, out: &mut Vec<Point>) {
    game.path_to_stop(from, s, out);
    if out.len() > 1 {
        out.push(out[out.len() - 2]);
    }
}

/// One queued status message of the built-in AI (AI:108-123).
struct Message {
    status: Status,
    limo_tile: Point,
    dest_stop: Option<Point>,
    pickup: Vec<PassengerId>,
}

/// The original's built-in AI (`PlayerAI`, rules §11): a random pick-up list, heads for the
/// first passenger's lobby, then the destination; a random other company when refused, a random
/// coffee store without coffee; cards at random on UPDATE (47/50 skipped when holding a card,
/// draws up to the limit, else plays the first playable card 90% / discards 10%).
///
/// Paths come from the crate's BFS fields rather than `SimpleAStar` (same lengths).
pub struct BuiltIn {
    rng: Pcg64Mcg,
    cards: bool,
    deck: Vec<Card>,
    hand: Vec<Card>,
    queue: Vec<Message>,
    path: Vec<Point>,
    initialised: bool,
}

impl BuiltIn {
    /// A built-in AI with its own random generator; `cards` as the `ai-powerups` setting.
    pub fn new(seed: u64, cards: bool) -> BuiltIn {
        BuiltIn {
            rng: Pcg64Mcg::seed_from_u64(seed),
            cards,
            deck: Vec::new(),
            hand: Vec::new(),
            queue: Vec::new(),
            path: Vec::new(),
            initialised: false,
        }
    }

    /// `AllPickups`: passengers not delivered by me, not mine, not in a car, with a destination,
    /// in random order.
    fn all_pickups(&mut self, state: &State, me: PlayerId) -> Vec<PassengerId> {
        let pl = state.player(me);
        let mut list: Vec<PassengerId> = PassengerId::all()
            .filter(|&p| {
                let ps = &state.passengers[p.index()];
                !pl.delivered.contains(&p)
                    && pl.passenger != Some(p)
                    && ps.car.is_none()
                    && ps.destination.is_some()
            })
            .collect();
        list.shuffle(&mut self.rng);
        list
    }

    fn enqueue(&mut self, state: &State, me: PlayerId, status: Status) {
        let pl = state.player(me);
        let dest_stop = pl
            .passenger
            .and_then(|p| state.passengers[p.index()].destination)
            .map(|c| state.company_stops[c.index()]);
        let pickup = self.all_pickups(state, me);
        self.queue.push(Message {
            status,
            limo_tile: pl.car.tile(),
            dest_stop,
            pickup,
        });
    }

    fn process(&mut self, game: &Game, state: &State, me: PlayerId, out: &mut Vec<Order>) {
        let mut limo = None;
        let mut dest: Option<Point> = None;
        let mut pickup: Option<Vec<PassengerId>> = None;
        let queue = std::mem::take(&mut self.queue);
        for msg in queue {
            if self.cards && msg.status == Status::Update {
                self.cards_on_update(state, me, out);
                continue;
            }
            limo = Some(msg.limo_tile);
            let lobby_of = |p: PassengerId| {
                state.passengers[p.index()]
                    .lobby
                    .map(|c| state.company_stops[c.index()])
            };
            match msg.status {
                Status::NoPath | Status::PassengerNoAction => {
                    if let Some(d) = msg.dest_stop {
                        dest = Some(d);
                    } else if let Some(&first) = msg.pickup.first() {
                        dest = lobby_of(first);
                        pickup = Some(msg.pickup.clone());
                    }
                }
                Status::PassengerDelivered | Status::PassengerAbandoned => {
                    if let Some(&first) = msg.pickup.first() {
                        dest = lobby_of(first);
                        pickup = Some(msg.pickup.clone());
                    }
                }
                Status::PassengerRefusedEnemy => {
                    let others: Vec<Point> = state
                        .company_stops
                        .iter()
                        .copied()
                        .filter(|&s| Some(s) != msg.dest_stop)
                        .collect();
                    dest = others.get(self.rng.random_range(0..others.len())).copied();
                }
                Status::PassengerDeliveredAndPickedUp | Status::PassengerPickedUp
                    if !msg.pickup.is_empty() =>
                {
                    dest = msg.dest_stop;
                    pickup = Some(msg.pickup.clone());
                }
                _ => {}
            }
            let store = |rng: &mut Pcg64Mcg| {
                let n = state.coffee_stores.len();
                (n > 0).then(|| state.coffee_stores[rng.random_range(0..n)])
            };
            match msg.status {
                Status::PassengerDeliveredAndPickedUp
                | Status::PassengerDelivered
                | Status::PassengerAbandoned
                    if state.player(me).car.coffee <= 0 =>
                {
                    dest = store(&mut self.rng);
                    pickup = None;
                }
                Status::PassengerRefusedNoCoffee | Status::PassengerDeliveredAndPickUpRefused => {
                    dest = store(&mut self.rng);
                }
                Status::CoffeeStoreCarRestocked => {
                    if let Some(&first) = msg.pickup.first() {
                        dest = lobby_of(first);
                        pickup = Some(msg.pickup.clone());
                    }
                }
                _ => {}
            }
        }
        let (Some(limo), Some(dest)) = (limo, dest) else {
            return;
        };
        let Some(s) = game.stop_index(dest) else {
            return;
        };
        path_plus_one(game, limo, s, &mut self.path);
        out.push(Order::Path {
            player: me,
            path: self.path.clone(),
            pickup: pickup.unwrap_or_default(),
        });
    }

    fn cards_on_update(&mut self, state: &State, me: PlayerId, out: &mut Vec<Order>) {
        if !self.hand.is_empty() && self.rng.random_range(0..50) < 47 {
            return;
        }
        let pl = state.player(me);
        let score = rules::score(state, me, pl.car.tile());
        let max = rules::max_hand(score);
        if self.hand.len() < max && !self.deck.is_empty() {
            let n = max - self.hand.len();
            for _ in 0..n {
                if self.deck.is_empty() {
                    break;
                }
                let card = self.deck.remove(0);
                self.hand.push(card);
                out.push(Order::Card {
                    player: me,
                    action: CardAction::Draw,
                    card,
                });
            }
            return;
        }
        // The first card the engine says is playable.
        let playable = |c: &Card| {
            pl.hand
                .iter()
                .any(|h| h.kind == c.kind && h.ok_to_play && same_target(h, c))
        };
        let Some(i) = self.hand.iter().position(playable) else {
            return;
        };
        let mut card = self.hand[i];
        if self.rng.random_range(0..10) == 0 {
            out.push(Order::Card {
                player: me,
                action: CardAction::Discard,
                card,
            });
        } else {
            if card.kind == CardKind::MovePassenger {
                let mut free: Vec<PassengerId> = PassengerId::all()
                    .filter(|p| state.passengers[p.index()].car.is_none())
                    .collect();
                free.shuffle(&mut self.rng);
                card.passenger = free.first().copied();
            }
            if matches!(card.kind, CardKind::ChangeDestination | CardKind::StopCar) {
                let mut carrying: Vec<PlayerId> = (0..NUM_PLAYERS)
                    .map(|i| PlayerId(i as u8))
                    .filter(|&p| p != me && state.player(p).passenger.is_some())
                    .collect();
                if carrying.is_empty() {
                    return;
                }
                carrying.shuffle(&mut self.rng);
                card.player = Some(carrying[0]);
            }
            out.push(Order::Card {
                player: me,
                action: CardAction::Play,
                card,
            });
        }
        self.hand.remove(i);
    }
}

fn same_target(a: &Card, b: &Card) -> bool {
    a.kind.takes_target() || (a.company == b.company && a.passenger == b.passenger)
}

impl Bot for BuiltIn {
    fn name(&self) -> &'static str {
        if self.cards {
            "builtin"
        } else {
            "builtin-nocards"
        }
    }

    fn setup(&mut self, game: &Game, state: &State, me: PlayerId, out: &mut Vec<Order>) {
        if !self.initialised {
            self.deck = state.player(me).deck.to_vec();
            self.deck.shuffle(&mut self.rng);
            self.initialised = true;
        }
        self.enqueue(state, me, Status::NoPath);
        self.process(game, state, me, out);
    }

    fn after_tick(
        &mut self,
        game: &Game,
        state: &State,
        me: PlayerId,
        events: &[Event],
        out: &mut Vec<Order>,
    ) {
        for e in events {
            if let Some(card) = e.card {
                // AI:96-102: re-route after a relocation, or a new destination for my passenger.
                if e.status == Status::PowerUpPlayed
                    && (card.kind == CardKind::RelocateAllCars
                        || (card.kind == CardKind::ChangeDestination && card.player == Some(me)))
                {
                    self.enqueue(state, me, Status::NoPath);
                }
                continue;
            }
            if e.about == me {
                self.enqueue(state, me, e.status);
            }
        }
        if !self.queue.is_empty() {
            self.process(game, state, me, out);
        }
    }
}

/// A planner: picks the passenger with the best points per tile of driving (car → lobby →
/// destination, by the precomputed distance fields), skips trips whose destination lobby holds
/// an enemy, refills coffee before it runs out, slows every rival with
/// ALL_OTHER_CARS_QUARTER_SPEED at the start, and gives the leading rival a flat tyre (STOP_CAR)
/// while it carries a passenger far from the destination (so the card is not returned).
pub struct Planner {
    path: Vec<Point>,
    target: Option<Point>,
    played_slowdown: bool,
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
        }
    }

    fn enemy_waits_at(state: &State, p: PassengerId, c: CompanyId) -> bool {
        let enemies = &state.passengers[p.index()].enemies;
        state.lobby(c).any(|q| enemies.contains(&q))
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
        let nearest_store = || {
            state
                .coffee_stores
                .iter()
                .filter_map(|&t| game.stop_index(t))
                .min_by_key(|&s| dist(s))
        };
        if pl.car.coffee <= 0 {
            return Some((nearest_store()?, Vec::new()));
        }
        let mut best: Option<(f32, PassengerId, usize)> = None;
        let mut ranked: Vec<(f32, PassengerId)> = Vec::new();
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
            let value = p.points() as f32 / d as f32;
            ranked.push((value, p));
            if best.is_none_or(|b| value > b.0) {
                best = Some((value, p, sl));
            }
        }
        let (_, _, stop) = best?;
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        Some((stop, ranked.into_iter().map(|r| r.1).collect()))
    }

    fn route(&mut self, game: &Game, state: &State, me: PlayerId, out: &mut Vec<Order>) {
        let from = state.player(me).car.vehicle.location.next_tile();
        let Some((stop, pickup)) = Self::plan(game, state, me, from) else {
            return;
        };
        path_plus_one(game, from, stop, &mut self.path);
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

impl Bot for Planner {
    fn name(&self) -> &'static str {
        "planner"
    }

    fn setup(&mut self, game: &Game, state: &State, me: PlayerId, out: &mut Vec<Order>) {
        // Drawn at score 0, a card is playable at once.
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

    fn after_tick(
        &mut self,
        game: &Game,
        state: &State,
        me: PlayerId,
        events: &[Event],
        out: &mut Vec<Order>,
    ) {
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
        let replan = events.iter().any(|e| {
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
        if replan {
            self.route(game, state, me, out);
        }
    }
}

/// The planner's knowledge as a bot of the workspace's contract
/// ([`examples::bot::Bot`](crate::bot::Bot) over [`pathfind::tree::Game`]): one
/// [`Action`](windward::Action) per tick from what the player observes (the state with the other
/// hands hidden). It draws ALL_OTHER_CARS_QUARTER_SPEED and STOP_CAR at the start, plays the first
/// at once and the second on the leading rival (as [`Planner`]), and sends a
/// [`GoTo`](windward::Action::GoTo) to the planner's choice of stop whenever its passenger,
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

impl crate::bot::Bot<Game> for Navigator {
    fn name(&self) -> String {
        "navigator".to_string()
    }

    fn new_game(&mut self, _game: &Game, _player: usize, _seed: u64) {
        *self = Navigator::new();
    }

    fn act(
        &mut self,
        game: &Game,
        seen: &windward::Observation,
        player: usize,
    ) -> windward::Action {
        use windward::Action;
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

impl crate::bot::Bot<Game> for Idle {
    fn name(&self) -> String {
        "idle".to_string()
    }

    fn act(
        &mut self,
        _game: &Game,
        _seen: &windward::Observation,
        _player: usize,
    ) -> windward::Action {
        windward::Action::Wait
    }
}
