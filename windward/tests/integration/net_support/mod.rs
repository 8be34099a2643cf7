//! Shared by the socket tests: a small deterministic bot, a server on a free loopback port in
//! its own thread, and a bound on how long anything may take.

#![allow(dead_code)]

use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use windward::net::{NetBot, Pace, RoundReport, Server, ServerConfig};
use windward::rules::Event;
use windward::tick::Order;
use windward::{Config, Game, PassengerId, PlayerId, State, Status, mapgen};

/// Every test finishes within this, or fails.
pub const BOUND: Duration = Duration::from_secs(120);

/// Drives to the nearest waiting passenger, then to their destination.
#[derive(Default)]
pub struct Courier;

impl Courier {
    fn plan(game: &Game, state: &State, me: PlayerId, out: &mut Vec<Order>) {
        let pl = state.player(me);
        let from = pl.car.tile();
        let mut path = Vec::new();
        if let Some(p) = pl.passenger {
            if let Some(dest) = state.passengers[p.index()].destination
                && let Some(s) = game.stop_index(state.company_stops[dest.index()])
            {
                game.path_to_stop(from, s, &mut path);
            }
            if path.len() > 1 {
                path.push(path[path.len() - 2]);
                out.push(Order::Path {
                    player: me,
                    path,
                    pickup: Vec::new(),
                });
            }
            return;
        }
        let best = PassengerId::all()
            .filter(|p| {
                let ps = &state.passengers[p.index()];
                ps.car.is_none() && ps.lobby.is_some() && ps.destination.is_some()
            })
            .filter_map(|p| {
                let lobby = state.passengers[p.index()].lobby?;
                let s = game.stop_index(state.company_stops[lobby.index()])?;
                Some((game.distance_to_stop(s, from), p, s))
            })
            .min();
        if let Some((_, p, s)) = best {
            game.path_to_stop(from, s, &mut path);
            if path.len() > 1 {
                path.push(path[path.len() - 2]);
            }
            out.push(Order::Path {
                player: me,
                path,
                pickup: vec![p],
            });
        }
    }
}

impl NetBot for Courier {
    fn setup(&mut self, game: &Game, state: &State, me: PlayerId, out: &mut Vec<Order>) {
        Courier::plan(game, state, me, out);
    }
    fn after_message(
        &mut self,
        game: &Game,
        state: &State,
        me: PlayerId,
        events: &[Event],
        out: &mut Vec<Order>,
    ) {
        let mine = events.iter().any(|e| {
            e.about == me
                && e.card.is_none()
                && matches!(
                    e.status,
                    Status::NoPath
                        | Status::PassengerPickedUp
                        | Status::PassengerDelivered
                        | Status::PassengerDeliveredAndPickedUp
                        | Status::PassengerNoAction
                        | Status::PassengerRefusedEnemy
                        | Status::PassengerAbandoned
                )
        });
        if mine {
            Courier::plan(game, state, me, out);
        }
    }
}

/// A server config for tests: a free loopback port, no log, short timeouts.
pub fn config(clients: usize, pace: Pace) -> ServerConfig {
    ServerConfig {
        addr: "127.0.0.1:0".parse().unwrap(),
        clients,
        pace,
        seed: 3,
        join_timeout: Duration::from_secs(30),
        join_deadline: Duration::from_secs(10),
        reply_timeout: Duration::from_secs(10),
        write_timeout: Duration::from_secs(2),
        queue_frames: 256,
        flush_timeout: Duration::from_secs(30),
        log: false,
    }
}

/// A game on the first shipped map with a tick limit.
pub fn game(max_ticks: u32) -> Game {
    Game::new(mapgen::default_map(0), Config { max_ticks }).unwrap()
}

/// Starts a server in its own thread (in-process seats play [`Courier`]); returns its address
/// and a receiver for its report.
pub fn serve(
    game: Game,
    config: ServerConfig,
) -> (std::net::SocketAddr, mpsc::Receiver<RoundReport>) {
    let server = Server::bind(game, config).unwrap();
    let addr = server.local_addr().unwrap();
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let report = server.run(&mut |_| Box::new(Courier)).unwrap();
        let _ = tx.send(report);
    });
    (addr, rx)
}
