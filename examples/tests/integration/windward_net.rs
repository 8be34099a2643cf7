//! The built-in AI over real loopback sockets gives the same round as in-process: ten clients
//! replaying the built-in AI against `windward::net::Server` in lockstep, versus the same server
//! playing the same ten bots in-process (fed the same messages), for the same seed.

use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use examples::windward::net::{WireBot, wire_bot};
use windward::net::{Join, NetBot, Pace, RunOptions, Server, ServerConfig, run_bot};
use windward::rules::Event;
use windward::tick::Order;
use windward::{Config, Game, PlayerId, State, mapgen};

/// The built-in AI, seeded by the seat it gets (known only at `<setup>`).
struct SeatSeeded(Option<WireBot>);

fn seed_of(seat: PlayerId) -> u64 {
    0x5EED ^ (u64::from(seat.0) << 32)
}

impl NetBot for SeatSeeded {
    fn setup(&mut self, game: &Game, state: &State, me: PlayerId, out: &mut Vec<Order>) {
        let bot = self
            .0
            .insert(wire_bot("builtin", seed_of(me)).expect("builtin"));
        bot.setup(game, state, me, out);
    }
    fn after_message(
        &mut self,
        game: &Game,
        state: &State,
        me: PlayerId,
        events: &[Event],
        out: &mut Vec<Order>,
    ) {
        if let Some(bot) = self.0.as_mut() {
            bot.after_message(game, state, me, events, out);
        }
    }
}

fn config(clients: usize) -> ServerConfig {
    ServerConfig {
        addr: "127.0.0.1:0".parse().unwrap(),
        clients,
        pace: Pace::Lockstep,
        seed: 11,
        join_timeout: Duration::from_secs(30),
        reply_timeout: Duration::from_secs(30),
        log: false,
        ..ServerConfig::default()
    }
}

fn game() -> Game {
    Game::new(mapgen::default_map(1), Config { max_ticks: 8000 }).unwrap()
}

#[test]
fn builtin_ai_over_sockets_equals_builtin_ai_in_process() {
    let in_process = Server::bind(game(), config(0))
        .unwrap()
        .run(&mut |_| Box::new(SeatSeeded(None)))
        .unwrap();
    let server = Server::bind(game(), config(10)).unwrap();
    let addr = server.local_addr().unwrap();
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let _ = tx.send(server.run(&mut |_| Box::new(SeatSeeded(None))));
    });
    let clients: Vec<_> = (0..10)
        .map(|i| {
            thread::spawn(move || {
                let options = RunOptions {
                    lockstep: true,
                    ..RunOptions::default()
                };
                run_bot(
                    addr,
                    &Join::new(&format!("builtin {i}")),
                    &mut SeatSeeded(None),
                    options,
                )
            })
        })
        .collect();
    let served = rx
        .recv_timeout(Duration::from_secs(120))
        .expect("the round ends in time")
        .unwrap();
    for c in clients {
        assert!(c.join().unwrap().unwrap().exited);
    }
    assert!(served.remote.iter().all(|&r| r) && served.dropped.is_empty());
    assert!(in_process.remote.iter().all(|&r| !r));
    assert_eq!(served.ticks, in_process.ticks);
    assert_eq!(served.delivered, in_process.delivered);
    assert_eq!(served.scores, in_process.scores);
    assert!(served.delivered.iter().sum::<usize>() > 0, "{served:?}");
}
