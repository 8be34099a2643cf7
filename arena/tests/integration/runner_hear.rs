//! The runner's two windward-driven hooks, on a toy game small enough to log every call: bots
//! hear every step's events, in order, after the step and before the next action, only in games
//! whose events are public (`Playable::PUBLIC_EVENTS`); a bot that acts without observing
//! (`Bot::act_unobserved`) is not shown an observation and its action is played.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use arena::runner::{Entry, GameSetup, play_game};
use arena::{Bot, Playable};
use pathfind::tree::{Game, Moves, PlayerSet};

/// Three players add their action to their total for `rounds` rounds; a step's events are the
/// round and the joint action. `PUBLIC` is its `Playable::PUBLIC_EVENTS`.
#[derive(Debug)]
struct Echo<const PUBLIC: bool> {
    rounds: u32,
    /// Every bot call, in order.
    log: Arc<Mutex<Vec<String>>>,
    /// How many observations the runner asked for.
    observed: AtomicUsize,
}

#[derive(Debug, Clone, PartialEq)]
struct EchoState {
    round: u32,
    totals: [u32; 3],
}

impl<const PUBLIC: bool> Game for Echo<PUBLIC> {
    type State = EchoState;
    type Action = u32;
    type Events = Vec<u32>;
    /// The totals, as scores (placed by `ranks_from_scores`).
    type Outcome = [f64; 3];
    type Observation = u32;

    fn moves(&self) -> Moves {
        Moves::Simultaneous
    }
    fn players(&self) -> usize {
        3
    }
    fn initial_state(&self, _seed: u64) -> EchoState {
        EchoState {
            round: 0,
            totals: [0; 3],
        }
    }
    fn to_move(&self, state: &EchoState) -> PlayerSet {
        if state.round >= self.rounds {
            PlayerSet::EMPTY
        } else {
            PlayerSet::all(3)
        }
    }
    fn legal_actions(&self, state: &EchoState, player: usize, buf: &mut Vec<u32>) {
        buf.clear();
        if self.to_move(state).contains(player) {
            buf.extend(0..10);
        }
    }
    fn advance(&self, state: &mut EchoState, actions: &[u32]) -> Vec<u32> {
        if self.is_terminal(state) {
            return Vec::new();
        }
        let mut events = vec![state.round];
        for (total, &a) in state.totals.iter_mut().zip(actions) {
            *total += a;
            events.push(a);
        }
        state.round += 1;
        events
    }
    fn is_terminal(&self, state: &EchoState) -> bool {
        state.round >= self.rounds
    }
    fn outcome(&self, state: &EchoState) -> Option<[f64; 3]> {
        self.is_terminal(state).then(|| state.totals.map(f64::from))
    }
    fn returns(&self, state: &EchoState, out: &mut [f64]) {
        for (o, &t) in out.iter_mut().zip(&state.totals) {
            *o = f64::from(t);
        }
    }
    fn observe(&self, state: &EchoState, _player: usize) -> u32 {
        self.observed.fetch_add(1, Ordering::Relaxed);
        state.round
    }
}

/// Logs every call; its action is `10 * heard + player` (heard: steps heard so far, so a hook
/// called late or twice shows in the totals too). `blind` acts without observing.
struct Listener {
    log: Arc<Mutex<Vec<String>>>,
    heard: u32,
    blind: bool,
}

impl Listener {
    fn note(&self, line: String) {
        self.log.lock().unwrap().push(line);
    }
}

impl<const PUBLIC: bool> Bot<Echo<PUBLIC>> for Listener {
    fn name(&self) -> String {
        if self.blind { "blind" } else { "listener" }.into()
    }
    fn act(&mut self, _: &Echo<PUBLIC>, round: &u32, player: usize) -> u32 {
        self.note(format!("{player} acts in round {round}"));
        10 * self.heard + player as u32
    }
    fn act_unobserved(&mut self, _: &Echo<PUBLIC>, player: usize) -> Option<u32> {
        self.blind.then(|| {
            self.note(format!("{player} acts blind"));
            10 * self.heard + player as u32
        })
    }
    fn hear(&mut self, _: &Echo<PUBLIC>, events: &Vec<u32>, player: usize) {
        self.note(format!("{player} hears {events:?}"));
        self.heard += 1;
    }
}

impl<const PUBLIC: bool> Playable for Echo<PUBLIC> {
    const NAME: &'static str = "echo";
    const PUBLIC_EVENTS: bool = PUBLIC;

    fn current_scores(&self, state: &EchoState) -> Vec<f64> {
        state.totals.iter().map(|&t| f64::from(t)).collect()
    }
    fn render_svg(&self, _state: &EchoState, out: &mut String) {
        out.push_str("<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>");
    }
}

/// `listener` logs every call; `blind` also acts unobserved.
fn entry<const PUBLIC: bool>(name: &str) -> Entry<Echo<PUBLIC>> {
    let blind = match name {
        "listener" => false,
        "blind" => true,
        other => panic!("unknown echo bot {other:?}"),
    };
    Entry::new(name, move |game: &Echo<PUBLIC>| {
        Ok(Box::new(Listener {
            log: Arc::clone(&game.log),
            heard: 0,
            blind,
        }) as Box<dyn Bot<Echo<PUBLIC>>>)
    })
}

fn echo<const PUBLIC: bool>(rounds: u32) -> Echo<PUBLIC> {
    Echo {
        rounds,
        log: Arc::default(),
        observed: AtomicUsize::new(0),
    }
}

fn play<const PUBLIC: bool>(game: &Echo<PUBLIC>, lineup: &[&str]) -> Vec<f64> {
    let lineup: Vec<Entry<Echo<PUBLIC>>> = lineup.iter().map(|s| entry(s)).collect();
    let setup = GameSetup {
        index: 0,
        seed: 1,
        seats: vec![0, 1, 2],
    };
    play_game(game, &lineup, &setup, &mut ()).unwrap().scores
}

#[test]
fn bots_hear_every_step_in_order_between_actions() {
    let game = echo::<true>(3);
    let scores = play(&game, &["listener", "listener", "listener"]);
    let mut expected = Vec::new();
    for round in 0..3u32 {
        for p in 0..3 {
            expected.push(format!("{p} acts in round {round}"));
        }
        let events: Vec<u32> = [round]
            .into_iter()
            .chain((0..3).map(|p| 10 * round + p))
            .collect();
        for p in 0..3 {
            expected.push(format!("{p} hears {events:?}"));
        }
    }
    assert_eq!(*game.log.lock().unwrap(), expected);
    // player p played p, 10 + p, 20 + p
    assert_eq!(scores, [30.0, 33.0, 36.0]);
    assert_eq!(game.observed.load(Ordering::Relaxed), 9);
}

#[test]
fn bots_hear_nothing_where_events_are_not_public() {
    let game = echo::<false>(3);
    let scores = play(&game, &["listener", "listener", "listener"]);
    let log = game.log.lock().unwrap();
    assert_eq!(log.len(), 9);
    assert!(log.iter().all(|line| line.contains("acts in round")));
    assert_eq!(scores, [0.0, 3.0, 6.0]);
}

#[test]
fn a_bot_that_acts_unobserved_is_shown_nothing_and_its_action_plays() {
    let game = echo::<true>(2);
    let scores = play(&game, &["listener", "blind", "listener"]);
    let log = game.log.lock().unwrap();
    assert_eq!(log.iter().filter(|l| *l == "1 acts blind").count(), 2);
    assert!(!log.iter().any(|l| l.starts_with("1 acts in round")));
    // two observations a round, for the two seats that look
    assert_eq!(game.observed.load(Ordering::Relaxed), 4);
    assert_eq!(scores, [10.0, 12.0, 14.0]);
    // the blind bot still hears every step
    assert_eq!(log.iter().filter(|l| l.starts_with("1 hears")).count(), 2);
}
