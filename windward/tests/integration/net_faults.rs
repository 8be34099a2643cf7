//! Clients that misbehave, over real loopback sockets: an oversized frame, a truncated frame, a
//! disconnect and a client that never reads are each dropped (or never waited for), a client
//! that sends what the original ignores is not, a client that floods orders costs bounded memory
//! and work, and the others play the round to its end.

use crate::net_support;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::thread;
use std::time::Duration;

use net_support::{BOUND, Courier, config, game, serve};
use windward::net::{Join, MAX_CLIENT_FRAME, Pace, RunOptions, read_frame_from, run_bot};
use windward::net::{MAX_INBOX_BYTES, MAX_ORDERS_PER_TICK};
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

/// Reads frames in its own thread until `<exit/>` or the end of the stream; returns them.
fn read_all(s: &TcpStream) -> thread::JoinHandle<Vec<Vec<u8>>> {
    let mut s = s.try_clone().unwrap();
    thread::spawn(move || {
        let mut frames = Vec::new();
        while let Ok(Some(f)) = read_frame_from(&mut s, windward::net::MAX_SERVER_FRAME) {
            let exit = f.starts_with(b"<exit");
            frames.push(f);
            if exit {
                break;
            }
        }
        frames
    })
}

#[test]
fn oversized_truncated_and_vanishing_clients_are_dropped_and_the_round_goes_on() {
    // Seats are found by name (the roster): the order in which the clients join does not matter.
    let pace = Pace::RealTime {
        ticks_per_second: 4000,
    };
    let (addr, report) = serve(game(3000), config(4, pace));
    let good = good_client(addr);
    let mut oversized = join_raw(addr, "oversized");
    let mut truncated = join_raw(addr, "truncated");
    let mut gone = join_raw(addr, "gone");
    for s in [&mut oversized, &mut truncated, &mut gone] {
        ready_raw(s);
    }
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
    assert!(
        reason("oversized").contains("exceeds the limit"),
        "{reasons:?}"
    );
    assert!(reason("truncated").contains("closed"), "{reasons:?}");
    assert!(reason("gone").contains("disconnected") || reason("gone").contains("closed"));
    assert_eq!(report.dropped.len(), 3);
    let summary = good.join().unwrap();
    assert!(summary.exited, "the good client played to the end");
    // A dropped client's connection is closed: reading ends (after whatever was queued).
    let mut rest = Vec::new();
    oversized.set_read_timeout(Some(BOUND)).unwrap();
    let _ = oversized.read_to_end(&mut rest);
}

#[test]
fn a_seated_client_is_not_dropped_for_what_the_original_ignores() {
    // F:357-372, 407-415, 634-665: bad XML, an unknown message, a second join and an unknown
    // card are ignored; a path is cut at its first bad element; unknown pick-up names skipped.
    let pace = Pace::RealTime {
        ticks_per_second: 2000,
    };
    let (addr, report) = serve(game(1500), config(2, pace));
    let good = good_client(addr);
    let mut odd = join_raw(addr, "odd");
    ready_raw(&mut odd);
    let frames = read_all(&odd);
    let sent = [
        "<hello/>",                                                        // unknown message
        "<move><path>1,2",                                                 // bad XML
        "<join name=\"odd\"/>",                                            // second join
        "<order action=\"PLAY\"><powerup card=\"NO_SUCH_CARD\"/></order>", // unknown card
        "<move><path>1,2;1,x;3,4</path></move>",                           // cut at 1,x
        "<move><pick-up>Nobody</pick-up></move>",                          // unknown name
    ];
    for xml in sent {
        odd.write_all(&frame(xml)).unwrap();
    }
    let frames = frames.join().unwrap();
    drop(odd);
    let report = report.recv_timeout(BOUND).expect("the round ends in time");
    assert_eq!(report.ticks, 1500);
    assert!(report.dropped.is_empty(), "{:?}", report.dropped);
    let seat = report
        .roster
        .seats
        .iter()
        .position(|s| s.name == "odd")
        .unwrap();
    assert_eq!(report.ignored[seat], sent.len() as u64, "{report:?}");
    assert_eq!(frames.last().map(Vec::as_slice), Some(&b"<exit/>"[..]));
    assert!(good.join().unwrap().exited);
}

#[test]
fn a_flood_of_valid_orders_is_bounded_in_memory_and_in_work_per_tick() {
    // One client writes valid `<move>` frames as fast as the server takes them, for the whole
    // round. The server holds at most MAX_INBOX_BYTES of its messages (its reader stops reading
    // while they wait, so TCP slows the flooder down), applies at most MAX_ORDERS_PER_TICK of
    // them per tick (each is an A* join and a NO_PATH here), and the round goes on for the
    // other client, who gets all its messages and `<exit/>`.
    let pace = Pace::RealTime {
        ticks_per_second: 400,
    };
    let mut cfg = config(2, pace);
    cfg.queue_frames = 1 << 16;
    let (addr, report) = serve(game(800), cfg);
    let good = good_client(addr);
    let mut flood = join_raw(addr, "flood");
    ready_raw(&mut flood);
    let frames = read_all(&flood);
    let order = frame("<move><path>3,3;3,4</path></move>");
    let mut burst = Vec::new();
    for _ in 0..64 {
        burst.extend_from_slice(&order);
    }
    let mut written = 0u64;
    while !frames.is_finished() {
        if flood.write_all(&burst).is_err() {
            break;
        }
        written += 64;
    }
    drop(flood);
    let report = report.recv_timeout(BOUND).expect("the round ends in time");
    assert_eq!(report.ticks, 800);
    let seat = report
        .roster
        .seats
        .iter()
        .position(|s| s.name == "flood")
        .unwrap();
    eprintln!(
        "flood: {written} frames written, {} deferred, {} bytes held at most, round {:?}",
        report.deferred[seat], report.peak_inbox[seat], report.round_time
    );
    // The flood held more than the inbox can (each message holds more than its frame)...
    assert!(written * order.len() as u64 > MAX_INBOX_BYTES as u64);
    // ...and the round took at most MAX_ORDERS_PER_TICK of it per tick, the rest waited.
    assert_eq!(report.busiest_tick[seat], MAX_ORDERS_PER_TICK, "{report:?}");
    assert!(report.deferred[seat] > 0, "{report:?}");
    assert!(
        (1..=MAX_INBOX_BYTES + 1024).contains(&report.peak_inbox[seat]),
        "{} bytes held",
        report.peak_inbox[seat]
    );
    let summary = good.join().unwrap();
    assert!(summary.exited, "the other client played to the end");
    let good_seat = 1 - seat;
    assert!(report.peak_inbox[good_seat] < 64 << 10, "{report:?}");
    assert_eq!(report.deferred[good_seat], 0);
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
    // Seats are found by name: the order in which the two join does not matter.
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
