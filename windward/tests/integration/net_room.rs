//! The room before the round (issue 36): connections beyond `MAX_CONNECTIONS` are closed at once
//! (about 1,500 idle ones made the accept thread panic and the listener was gone), and a
//! connection that sends no `<join>` (idle, or dribbling a frame) is closed after the join
//! deadline; then a real client joins and plays.

use crate::net_support;

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::thread;
use std::time::{Duration, Instant};

use net_support::{BOUND, Courier, config, game, serve};
use windward::net::{Join, MAX_CONNECTIONS, Pace, RunOptions, run_bot};

/// Whether the server closed `stream` (the end of the stream, or a reset), waiting at most
/// `within`.
fn closed_within(stream: &mut TcpStream, within: Duration) -> bool {
    stream.set_read_timeout(Some(within)).unwrap();
    let mut buf = [0u8; 64];
    match stream.read(&mut buf) {
        Ok(0) => true,
        Ok(n) => panic!("{n} bytes from the room"),
        Err(e) => e.kind() == ErrorKind::ConnectionReset,
    }
}

fn connect(addr: SocketAddr) -> TcpStream {
    TcpStream::connect(addr).unwrap()
}

#[test]
fn connections_beyond_the_cap_and_without_a_join_are_closed_and_a_real_client_plays() {
    let deadline = Duration::from_millis(1500);
    let mut cfg = config(1, Pace::Lockstep);
    cfg.join_deadline = deadline;
    let (addr, report) = serve(game(200), cfg);
    let opened = Instant::now();
    // The room fills up: idle connections and one dribbling a frame it never finishes.
    let mut held: Vec<TcpStream> = (0..MAX_CONNECTIONS - 1).map(|_| connect(addr)).collect();
    let dribbler = connect(addr);
    let dribbling = {
        let mut dribbler = dribbler.try_clone().unwrap();
        thread::spawn(move || {
            let _ = dribbler.write_all(&1000u32.to_le_bytes());
            for _ in 0..100 {
                if dribbler.write_all(b"<").is_err() {
                    return;
                }
                thread::sleep(Duration::from_millis(30));
            }
        })
    };
    // (every one of them accepted before the next ones come)
    thread::sleep(Duration::from_millis(300));
    // One more is closed at once, long before any deadline.
    for _ in 0..5 {
        let mut extra = connect(addr);
        assert!(
            closed_within(&mut extra, Duration::from_millis(1000)),
            "a connection beyond MAX_CONNECTIONS was kept"
        );
    }
    assert!(opened.elapsed() < deadline, "{:?}", opened.elapsed());
    // Those that never joined are closed once their time to join is over (before the fix: never,
    // up to the whole join timeout).
    held.push(dribbler.try_clone().unwrap());
    for stream in &mut held {
        assert!(closed_within(stream, Duration::from_secs(10)), "kept");
    }
    let closed = opened.elapsed();
    assert!(
        closed >= deadline && closed < Duration::from_secs(8),
        "{closed:?}"
    );
    dribbling.join().unwrap();
    drop(dribbler);
    // A real client gets in and plays the round.
    let options = RunOptions {
        lockstep: true,
        ..RunOptions::default()
    };
    let summary = run_bot(addr, &Join::new("real"), &mut Courier, options).unwrap();
    assert!(summary.exited);
    let report = report.recv_timeout(BOUND).expect("the round in time");
    assert_eq!(report.ticks, 200);
    assert!(report.remote[0]);
    assert_eq!(report.roster.seats[0].name, "real");
    assert!(report.dropped.is_empty(), "{:?}", report.dropped);
}
