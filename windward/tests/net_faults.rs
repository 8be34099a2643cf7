//! Clients that misbehave, over real loopback sockets: garbage, an oversized frame, a truncated
//! frame, a disconnect and a client that never reads are each dropped (or never waited for) and
//! the others play the round to its end.

mod net_support;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::thread;
use std::time::Duration;

use net_support::{BOUND, Courier, config, game, serve};
use windward::net::{Join, MAX_CLIENT_FRAME, Pace, RunOptions, read_frame_from, run_bot};
use windward::protocol::{ClientMessage, frame};

/// Joins as `name`.
fn join_raw(addr: SocketAddr, name: &str) -> TcpStream {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(BOUND)).unwrap();
    s.write_all(&frame(&Join::new(name).message().to_xml()))
        .unwrap();
    s
}

/// Reads the `<setup>` and answers `<ready />`.
fn ready_raw(s: &mut TcpStream) {
    let setup = read_frame_from(s, windward::net::MAX_SERVER_FRAME)
        .unwrap()
        .unwrap();
    assert!(setup.starts_with(b"<setup game-start=\"true\" my-guid=\""));
    let ready = ClientMessage::Ready {
        path: vec![],
        pickup: vec![],
    };
    s.write_all(&frame(&ready.to_xml())).unwrap();
}

fn good_client(addr: SocketAddr) -> thread::JoinHandle<windward::net::client::RunSummary> {
    thread::spawn(move || {
        run_bot(
            addr,
            &Join::new("good"),
            &mut Courier,
            RunOptions::default(),
        )
        .unwrap()
    })
}

#[test]
fn garbage_oversized_truncated_and_vanishing_clients_are_dropped_and_the_round_goes_on() {
    let pace = Pace::RealTime {
        ticks_per_second: 4000,
    };
    let (addr, report) = serve(game(3000), config(5, pace));
    let good = good_client(addr);
    thread::sleep(Duration::from_millis(200)); // the good client takes seat 0
    let mut garbage = join_raw(addr, "garbage");
    let mut oversized = join_raw(addr, "oversized");
    let mut truncated = join_raw(addr, "truncated");
    let mut gone = join_raw(addr, "gone");
    for s in [&mut garbage, &mut oversized, &mut truncated, &mut gone] {
        ready_raw(s);
    }
    garbage
        .write_all(&frame("<move><path>1,2;x</path></move>"))
        .unwrap();
    oversized
        .write_all(&(MAX_CLIENT_FRAME + 1).to_le_bytes())
        .unwrap();
    truncated.write_all(&100u32.to_le_bytes()).unwrap();
    truncated.write_all(b"<move>").unwrap();
    truncated.shutdown(std::net::Shutdown::Write).unwrap();
    drop(gone);
    let report = report.recv_timeout(BOUND).expect("the round ends in time");
    assert_eq!(report.ticks, 3000);
    let reasons: Vec<(String, String)> = report
        .dropped
        .iter()
        .map(|(p, r)| (report.roster.seat(*p).name.clone(), r.clone()))
        .collect();
    let reason = |name: &str| {
        reasons
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, r)| r.clone())
            .unwrap_or_else(|| panic!("{name} was not dropped: {reasons:?}"))
    };
    assert!(reason("garbage").contains("bad message"), "{reasons:?}");
    assert!(
        reason("oversized").contains("exceeds the limit"),
        "{reasons:?}"
    );
    assert!(reason("truncated").contains("closed"), "{reasons:?}");
    assert!(reason("gone").contains("disconnected") || reason("gone").contains("closed"));
    assert_eq!(report.dropped.len(), 4);
    let summary = good.join().unwrap();
    assert!(summary.exited, "the good client played to the end");
    // A dropped client's connection is closed: reading ends (after whatever was queued).
    let mut rest = Vec::new();
    garbage.set_read_timeout(Some(BOUND)).unwrap();
    let _ = garbage.read_to_end(&mut rest);
}

#[test]
fn a_client_that_never_reads_blocks_nobody() {
    // Lockstep: the silent client never syncs, so after one reply timeout it is not waited for;
    // its frames pile up in its queue and socket until it is dropped or the round ends. The
    // timeouts are generous: a good client that missed one reply deadline on a busy machine would
    // no longer be waited for, fall behind and be dropped too.
    let mut cfg = config(2, Pace::Lockstep);
    cfg.reply_timeout = Duration::from_secs(5);
    cfg.queue_frames = 8;
    cfg.write_timeout = Duration::from_secs(5);
    let (addr, report) = serve(game(20_000), cfg);
    let good = thread::spawn(move || {
        let options = RunOptions {
            lockstep: true,
            ..RunOptions::default()
        };
        run_bot(addr, &Join::new("good"), &mut Courier, options).unwrap()
    });
    thread::sleep(Duration::from_millis(200));
    let mut silent = join_raw(addr, "silent");
    ready_raw(&mut silent);
    let report = report.recv_timeout(BOUND).expect("the round ends in time");
    assert_eq!(report.ticks, 20_000);
    let summary = good.join().unwrap();
    assert!(summary.exited);
    for (p, reason) in &report.dropped {
        assert_eq!(report.roster.seat(*p).name, "silent");
        assert!(
            reason.contains("queue full") || reason.contains("write"),
            "{reason}"
        );
    }
    drop(silent);
}
