//! Windward under the workspace's game contract ([`pathfind::tree::Game`]): one player's
//! [`Action`] per tick at a granularity search can use (go to a stop with a pick-up list, play,
//! draw or discard a card), [`Game::legal_actions`] per player, [`Game::outcome`] and
//! [`Game::returns`], and [`Game::observe`]: the state with the other players' hands hidden, which
//! [`Determinize`] samples back into full states.
//!
//! All ten players act on every tick (simultaneous moves) until the round is over
//! ([`State::is_over`]: 8 deliveries or the tick limit). Most ticks a player says nothing
//! ([`Action::Wait`]); its car keeps following its path.

use std::cell::RefCell;

use pathfind::tree::{self, Determinize, InvalidState, Moves, PlayerSet, Policy, SearchRng};
use rand::Rng;
use rand::seq::SliceRandom;
use rand::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

pub use crate::action::{Action, Pickup};
pub use crate::event::{EVENTS_INLINE, Events};
use crate::game::{Game, UNREACHABLE};
pub use crate::observation::Observation;
use crate::rules::{self, CardAction, Event, Outcome};
use crate::state::{Card, CardKind, NUM_PLAYERS, PassengerId, PlayerId, State};
use crate::tick::round::{Order, apply_order, engine_tick_after_orders, status_broadcast};

/// Whether [`Action::GoTo`] to `stop` finds a path from a car on `tile` entering `next`.
pub(crate) fn reachable(game: &Game, tile: crate::Point, next: crate::Point, stop: u16) -> bool {
    let stop = usize::from(stop);
    stop < game.stops().len()
        && (game.distance_to_stop(stop, next) != UNREACHABLE
            || game.distance_to_stop(stop, tile) != UNREACHABLE)
}

/// The path of [`Action::GoTo`] into `out`: from `next` (the tile the car enters next) to the
/// stop, plus one tile back out of it; when the stop cannot be reached from `next`, from the car's
/// tile after a U-turn (case 2 of rules §4.9). False (and `out` empty) when neither reaches it.
pub(crate) fn plan_path(
    game: &Game,
    tile: crate::Point,
    next: crate::Point,
    stop: u16,
    out: &mut Vec<crate::Point>,
) -> bool {
    let stop = usize::from(stop);
    out.clear();
    if stop >= game.stops().len() {
        return false;
    }
    // Room for the longest path, its U-turn tile and the tile out: once per buffer, so that
    // new paths never grow it again.
    out.reserve(game.longest_path() + 2);
    if game.distance_to_stop(stop, next) != UNREACHABLE {
        game.path_to_stop(next, stop, out);
    } else if game.distance_to_stop(stop, tile) != UNREACHABLE {
        game.path_to_stop(tile, stop, out);
        out.insert(0, next);
    }
    if out.len() >= 2 {
        out.push(out[out.len() - 2]);
    }
    !out.is_empty()
}

thread_local! {
    /// The tick's events before they are copied out, reused so that `advance` does not allocate.
    static SCRATCH: RefCell<Vec<Event>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` with the thread's cleared event scratch buffer and returns the events it appended.
fn collect_events(f: impl FnOnce(&mut Vec<Event>)) -> Events {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut buf) => {
            buf.clear();
            f(&mut buf);
            buf.iter().copied().collect()
        }
        // Re-entered from inside `f` (not done by this crate): a fresh buffer.
        Err(_) => {
            let mut buf = Vec::new();
            f(&mut buf);
            buf.into_iter().collect()
        }
    })
}

impl Game {
    /// One tick with the orders that arrived since the last one (in arrival order), the
    /// original server's protocol-level form; returns the tick's status messages.
    /// [`Game::advance_orders_into`] appends them to the caller's buffer instead. Neither
    /// allocates unless a tick has more than [`EVENTS_INLINE`] events (or the buffer grows).
    pub fn advance_orders(&self, state: &mut State, orders: &[Order]) -> Events {
        collect_events(|events| self.advance_orders_into(state, orders, events))
    }

    /// The pure form of [`Game::advance_orders`]: a new state one tick on.
    pub fn step_orders(&self, state: &State, orders: &[Order]) -> State {
        let mut next = state.clone();
        self.advance_orders(&mut next, orders);
        next
    }

    /// One tick with one [`Action`] per player (`actions[i]` is player `i`'s; missing entries are
    /// [`Action::Wait`], extra ones ignored), applied where the original applies queued orders, in
    /// player order. Returns the tick's status messages. A finished round does not change. The
    /// contract's [`advance`](pathfind::tree::Game::advance); [`Game::advance_orders`] takes the
    /// original's [`Order`]s.
    pub fn advance(&self, state: &mut State, actions: &[Action]) -> Events {
        collect_events(|events| self.advance_into(state, actions, events))
    }

    /// The pure form of [`Game::advance`]: a new state one tick on (`step = clone + advance`).
    pub fn step(&self, state: &State, actions: &[Action]) -> State {
        let mut next = state.clone();
        self.advance(&mut next, actions);
        next
    }

    /// The old name of [`Game::advance`].
    #[deprecated(note = "renamed `advance`, the contract's name (orders: `advance_orders`)")]
    pub fn advance_actions(&self, state: &mut State, actions: &[Action]) -> Events {
        self.advance(state, actions)
    }

    /// [`Game::advance`] appending the tick's events to `events` (allocation-free once the
    /// buffer has grown).
    pub fn advance_into(&self, state: &mut State, actions: &[Action], events: &mut Vec<Event>) {
        if state.is_over() {
            return;
        }
        let mut rng = state.rng.clone();
        status_broadcast(state, events);
        state.tick += 1;
        for (i, action) in actions.iter().enumerate().take(NUM_PLAYERS) {
            self.apply_action(state, PlayerId(i as u8), action, events, &mut rng);
        }
        engine_tick_after_orders(self, state, &mut rng, events);
        state.rng = rng;
    }

    fn apply_action(
        &self,
        state: &mut State,
        player: PlayerId,
        action: &Action,
        events: &mut Vec<Event>,
        rng: &mut Pcg64Mcg,
    ) {
        match action {
            Action::Wait => {}
            Action::GoTo { stop, pickup } => {
                let car = &mut state.players[player.index()].car.vehicle;
                let (tile, next) = (car.location.tile(), car.location.next_tile());
                if !reachable(self, tile, next, *stop) {
                    return;
                }
                // The new path replaces the old in the car's own buffer: no allocation once it
                // has grown.
                let mut path = std::mem::take(&mut car.path);
                plan_path(self, tile, next, *stop, &mut path);
                state.players[player.index()].car.vehicle.path = path;
                rules::apply_pickup_list(state, player, pickup);
                state.ticks_to_forecast = 0;
            }
            Action::Card { action, card } => {
                let order = Order::Card {
                    player,
                    action: *action,
                    card: *card,
                };
                apply_order(self, state, &order, events, rng);
            }
            Action::Orders(orders) => {
                // `apply_order` drops an order that fails `Order::validate`; one from another
                // sender is dropped here, as the original's server ignores it.
                for order in orders.iter().filter(|o| o.player() == player) {
                    apply_order(self, state, order, events, rng);
                }
            }
        }
    }

    /// Clears `buf` and fills it with `player`'s actions in `state`: [`Action::Wait`]; a
    /// [`Action::GoTo`] for every stop the car can reach (bus stops with the pick-up list of every
    /// passenger waiting in a lobby that this player has not delivered, most points first; coffee
    /// stops keeping the list); playing each playable hand card (cards with a target once per
    /// possible target: every other player, or every waiting passenger); drawing each deck card
    /// when the hand has room; discarding each hand card. Empty when the round is over or
    /// `player` is not one. No allocation once `buf` has grown.
    ///
    /// `player` is the contract's player number, the [`PlayerId`]'s index.
    pub fn legal_actions(&self, state: &State, player: usize, buf: &mut Vec<Action>) {
        buf.clear();
        if state.is_over() || player >= NUM_PLAYERS {
            return;
        }
        let player = PlayerId(player as u8);
        let pl = &state.players[player.index()];
        buf.push(Action::Wait);
        let pickup = full_pickup(state, player);
        let (tile, next) = (
            pl.car.vehicle.location.tile(),
            pl.car.vehicle.location.next_tile(),
        );
        for s in 0..self.stops().len() {
            if !reachable(self, tile, next, s as u16) {
                continue;
            }
            let pickup = if s < self.bus_stop_count() {
                pickup.clone()
            } else {
                Pickup::new()
            };
            buf.push(Action::GoTo {
                stop: s as u16,
                pickup,
            });
        }
        for card in pl.hand.iter().filter(|c| c.ok_to_play) {
            let play = |card: Card| Action::Card {
                action: CardAction::Play,
                card,
            };
            match card.kind {
                CardKind::StopCar | CardKind::ChangeDestination => {
                    for t in (0..NUM_PLAYERS as u8)
                        .map(PlayerId)
                        .filter(|&t| t != player)
                    {
                        buf.push(play(Card {
                            player: Some(t),
                            ..*card
                        }));
                    }
                }
                CardKind::MovePassenger => {
                    for p in PassengerId::all() {
                        let ps = &state.passengers[p.index()];
                        if ps.lobby.is_some() && ps.car.is_none() {
                            buf.push(play(Card {
                                passenger: Some(p),
                                ..*card
                            }));
                        }
                    }
                }
                _ => buf.push(play(*card)),
            }
        }
        let score = rules::raw_score(state, player, pl.car.vehicle.location.tile());
        if pl.hand.len() < rules::max_hand(score) {
            for (i, card) in pl.deck.iter().enumerate() {
                if !pl.deck[..i].contains(card) {
                    buf.push(Action::Card {
                        action: CardAction::Draw,
                        card: *card,
                    });
                }
            }
        }
        for card in &pl.hand {
            buf.push(Action::Card {
                action: CardAction::Discard,
                card: *card,
            });
        }
    }

    /// The number of players: ten (the original's cars). The contract's
    /// [`players`](pathfind::tree::Game::players).
    pub const fn players(&self) -> usize {
        NUM_PLAYERS
    }

    /// Whether the round is over ([`State::is_over`]: 8 deliveries or the tick limit); exactly
    /// when [`Game::outcome`] is `Some`. The contract's
    /// [`is_terminal`](pathfind::tree::Game::is_terminal).
    pub fn is_terminal(&self, state: &State) -> bool {
        state.is_over()
    }

    /// The players who act: all ten until the round is over, then none.
    pub fn to_move(&self, state: &State) -> PlayerSet {
        if state.is_over() {
            PlayerSet::EMPTY
        } else {
            PlayerSet::all(NUM_PLAYERS)
        }
    }

    /// The result once the round is over ([`State::is_over`]: 8 deliveries or the tick limit),
    /// else `None`. Ranks are 1-based, equal scores share the better place.
    pub fn outcome(&self, state: &State) -> Option<Outcome> {
        rules::outcome(state)
    }

    /// One value per player in `[0, 1]` into `out[..10]`: the share of the other players whose
    /// score is lower (an equal score counts half). In a finished round that follows the outcome
    /// (the winner 1, the last 0, ties shared); before, it is the same on the current scores.
    pub fn returns(&self, state: &State, out: &mut [f64]) {
        let scores: [f32; NUM_PLAYERS] = core::array::from_fn(|i| {
            rules::score(state, PlayerId(i as u8), state.players[i].car.tile())
        });
        for (i, slot) in out.iter_mut().take(NUM_PLAYERS).enumerate() {
            let mut beaten = 0.0;
            for (j, &s) in scores.iter().enumerate() {
                if j != i {
                    beaten += if s < scores[i] {
                        1.0
                    } else if s == scores[i] {
                        0.5
                    } else {
                        0.0
                    };
                }
            }
            *slot = beaten / (NUM_PLAYERS - 1) as f64;
        }
    }

    /// What `player` knows of `state`: everything but the other players' hands (see
    /// [`Observation`]). (The `<status>` message the server sends is
    /// `protocol::status_message`.)
    ///
    /// `player` is the contract's player number, the [`PlayerId`]'s index;
    /// [`Game::observe_into`] takes the [`PlayerId`].
    pub fn observe(&self, state: &State, player: usize) -> Observation {
        let player = PlayerId(player.min(usize::from(u8::MAX)) as u8);
        let mut seen = Observation {
            viewer: player,
            state: state.clone(),
            hand_sizes: [0; NUM_PLAYERS],
        };
        hide_hands(&mut seen, player);
        seen
    }

    /// [`Game::observe`] into `out`, reusing its buffers (a state's `clone_from` copies into the
    /// cars' paths and the signals): no allocation once they have grown, for a runner that
    /// shows a bot its observation every tick.
    pub fn observe_into(&self, state: &State, player: PlayerId, out: &mut Observation) {
        out.state.clone_from(state);
        hide_hands(out, player);
    }

    /// A full state consistent with `observation`: every other player's hand is drawn at random
    /// (its recorded size, playable) from the cards in its deck, and the random generator is
    /// seeded from `rng`.
    pub fn sample_state(&self, observation: &Observation, rng: &mut dyn RngCore) -> State {
        let mut state = observation.state.clone();
        for (i, pl) in state.players.iter_mut().enumerate() {
            if i == observation.viewer.index() {
                continue;
            }
            pl.deck.shuffle(rng);
            let n = usize::from(observation.hand_sizes[i]).min(pl.deck.len());
            for _ in 0..n {
                let mut card = pl.deck.remove(0);
                card.ok_to_play = true;
                pl.hand.push(card);
            }
        }
        state.rng = Pcg64Mcg::seed_from_u64(rng.next_u64());
        state
    }
}

/// Turns `seen` (holding the full state) into `player`'s observation: every other hand moved to
/// the end of its owner's deck (only its size kept), and a fixed random generator.
fn hide_hands(seen: &mut Observation, player: PlayerId) {
    seen.viewer = player;
    for (i, pl) in seen.state.players.iter_mut().enumerate() {
        seen.hand_sizes[i] = pl.hand.len() as u8;
        if i != player.index() {
            pl.deck.extend_from_slice(&pl.hand);
            pl.hand.clear();
        }
    }
    seen.state.rng = Pcg64Mcg::seed_from_u64(0);
}

/// A playout policy for searches on Windward: a player keeps driving ([`Action::Wait`], the first
/// listed action) and on average once every `1 / change` ticks picks any listed action. Uniform
/// playouts (a new destination nearly every tick) drive nowhere; this one drives to stops.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MostlyWait {
    /// The chance per tick of a uniformly random listed action instead of waiting.
    pub change: f64,
}

impl Default for MostlyWait {
    /// One change per 200 ticks on average (about two seconds of the original's play).
    fn default() -> Self {
        MostlyWait {
            change: 1.0 / 200.0,
        }
    }
}

impl Policy<Game> for MostlyWait {
    fn choose(
        &mut self,
        _game: &Game,
        _state: &State,
        _player: usize,
        legal: &[Action],
        rng: &mut SearchRng,
    ) -> usize {
        if legal.len() > 1 && rng.random_bool(self.change.clamp(0.0, 1.0)) {
            rng.random_range(1..legal.len())
        } else {
            0
        }
    }
}

/// The places and the scoreboard's scores (partial credit and the +2 for 8 deliveries included),
/// by seat.
impl tree::Outcome for Outcome {
    fn ranks(&self) -> Vec<tree::Rank> {
        self.ranks.iter().map(|&r| tree::Rank::from(r)).collect()
    }
    fn scores(&self) -> Vec<f64> {
        self.scores.iter().map(|&s| f64::from(s)).collect()
    }
}

impl tree::Game for Game {
    type State = State;
    type Action = Action;
    type Events = Events;
    type Outcome = Outcome;
    type Observation = Observation;

    fn moves(&self) -> Moves {
        Moves::Simultaneous
    }

    fn players(&self) -> usize {
        Game::players(self)
    }

    fn initial_state(&self, seed: u64) -> State {
        Game::initial_state(self, seed)
    }

    fn to_move(&self, state: &State) -> PlayerSet {
        Game::to_move(self, state)
    }

    fn legal_actions(&self, state: &State, player: usize, buf: &mut Vec<Action>) {
        Game::legal_actions(self, state, player, buf);
    }

    fn advance(&self, state: &mut State, actions: &[Action]) -> Events {
        // `to_move` is all ten players, so `actions[i]` is player `i`'s.
        Game::advance(self, state, actions)
    }

    fn step(&self, state: &State, actions: &[Action]) -> State {
        Game::step(self, state, actions)
    }

    fn is_terminal(&self, state: &State) -> bool {
        Game::is_terminal(self, state)
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        Game::outcome(self, state)
    }

    fn returns(&self, state: &State, out: &mut [f64]) {
        Game::returns(self, state, out)
    }

    fn observe(&self, state: &State, player: usize) -> Observation {
        Game::observe(self, state, player)
    }

    fn validate(&self, state: &State) -> Result<(), InvalidState> {
        Game::validate(self, state)
    }
}

impl Determinize for Game {
    type Belief = Observation;

    fn sample_state(&self, belief: &Observation, _player: usize, rng: &mut dyn RngCore) -> State {
        Game::sample_state(self, belief, rng)
    }
}

/// The pick-up list [`Game::legal_actions`] gives a GoTo to a bus stop (and the tensor's GoTo
/// indices stand for): every passenger waiting in a lobby (not in a car) that `me` has not
/// delivered, 3 points first, then 2, then 1.
pub(crate) fn full_pickup(state: &State, me: PlayerId) -> Pickup {
    let pl = &state.players[me.index()];
    let mut pickup = Pickup::new();
    for points in [3, 2, 1] {
        for p in PassengerId::all() {
            let ps = &state.passengers[p.index()];
            if p.points() == points
                && ps.lobby.is_some()
                && ps.car.is_none()
                && !pl.delivered.contains(&p)
            {
                pickup.push(p);
            }
        }
    }
    pickup
}
