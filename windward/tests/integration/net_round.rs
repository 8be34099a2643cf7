//! Our client against our server over real loopback sockets: whole rounds with several clients,
//! in lockstep and at a real-time pace.

use crate::net_support;

use std::thread;

use net_support::{BOUND, Courier, config, game, serve};
use windward::net::{Join, Pace, RunOptions, run_bot};

fn round_with_clients(clients: usize, pace: Pace, ticks: u32) {
    let (addr, report) = serve(game(ticks), config(clients, pace));
    let players: Vec<_> = (0..clients)
        .map(|i| {
            thread::spawn(move || {
                let options = RunOptions {
                    lockstep: pace == Pace::Lockstep,
                    ..RunOptions::default()
                };
                run_bot(
                    addr,
                    &Join::new(&format!("courier {i}")),
                    &mut Courier,
                    options,
                )
            })
        })
        .collect();
    let report = report.recv_timeout(BOUND).expect("the round ends in time");
    assert_eq!(report.ticks, ticks);
    assert!(report.dropped.is_empty(), "{:?}", report.dropped);
    assert_eq!(report.remote.iter().filter(|&&r| r).count(), clients);
    let mut seats = Vec::new();
    for p in players {
        let summary = p.join().unwrap().expect("the client plays to the end");
        assert!(summary.exited, "every client gets <exit/>");
        assert!(summary.messages > 2, "setup, statuses and exit");
        seats.push(summary.me.expect("a seat").0);
    }
    seats.sort_unstable();
    assert_eq!(
        seats,
        (0..clients as u8).collect::<Vec<_>>(),
        "clients take the first seats"
    );
    for i in 0..clients {
        assert_eq!(report.roster.seats[i].language, "Rust");
        assert!(report.roster.seats[i].name.starts_with("courier "));
    }
    assert!(
        report.delivered.iter().sum::<usize>() > 0,
        "the couriers deliver: {report:?}"
    );
    assert!(
        report
            .results_line()
            .starts_with(&format!("result: tick {ticks}; 1. "))
    );
}

#[test]
fn four_clients_play_a_whole_round_in_lockstep() {
    round_with_clients(4, Pace::Lockstep, 6000);
}

#[test]
fn ten_clients_play_a_whole_round_in_lockstep() {
    round_with_clients(10, Pace::Lockstep, 3000);
}

#[test]
fn three_clients_play_a_round_at_a_real_time_pace() {
    round_with_clients(
        3,
        Pace::RealTime {
            ticks_per_second: 3000,
        },
        3000,
    );
}

#[test]
fn a_lockstep_round_is_reproducible() {
    let play = || {
        let (addr, report) = serve(game(4000), config(3, Pace::Lockstep));
        let players: Vec<_> = (0..3)
            .map(|i| {
                thread::spawn(move || {
                    let options = RunOptions {
                        lockstep: true,
                        ..RunOptions::default()
                    };
                    run_bot(addr, &Join::new(&format!("c{i}")), &mut Courier, options)
                })
            })
            .collect();
        let report = report.recv_timeout(BOUND).expect("in time");
        for p in players {
            p.join().unwrap().unwrap();
        }
        (report.scores, report.delivered, report.ticks)
    };
    assert_eq!(play(), play());
}
