//! The `windward_server` program: its command line, and the end of a round for a client that
//! reads slowly (it gets every frame and `<exit/>` before the process exits).

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use windward::net::{Join, MAX_SERVER_FRAME, NetBot, RunOptions, read_frame_from, run_bot};
use windward::protocol::{ClientMessage, frame};
use windward::rules::Event;
use windward::tick::Order;
use windward::{Game, PlayerId, State};

const SERVER: &str = env!("CARGO_BIN_EXE_windward_server");

#[test]
fn help_succeeds_and_a_misspelled_option_names_the_right_one() {
    let help = Command::new(SERVER).arg("--help").output().unwrap();
    assert!(help.status.success());
    let text = String::from_utf8_lossy(&help.stdout);
    for option in [
        "--host",
        "--port",
        "--clients",
        "--fast",
        "--tps",
        "--seed",
        "--map",
        "--map-file",
        "--max-ticks",
        "--bots",
        "--join-timeout",
        "--join-deadline",
    ] {
        assert!(text.contains(option), "{option} missing from\n{text}");
    }
    let typo = Command::new(SERVER)
        .args(["--join-timout", "5"])
        .output()
        .unwrap();
    assert!(!typo.status.success());
    let err = String::from_utf8_lossy(&typo.stderr);
    assert!(err.contains("--join-timeout"), "{err}");
    let bad_map = Command::new(SERVER).args(["--map", "4"]).output().unwrap();
    assert!(!bad_map.status.success());
}

/// Starts the server program; returns it and the address it listens on.
fn start(args: &[&str]) -> (std::process::Child, SocketAddr) {
    let mut child = Command::new(SERVER)
        .args(["--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    err.read_line(&mut line).unwrap();
    let addr = line
        .trim()
        .strip_prefix("windward_server: listening on ")
        .unwrap_or_else(|| panic!("{line:?}"))
        .parse()
        .unwrap();
    // Keep reading the log so that the server never blocks on a full pipe.
    thread::spawn(move || for _ in err.lines() {});
    (child, addr)
}

#[test]
fn a_huge_join_timeout_waits_and_the_pace_excludes_the_wait() {
    // `Instant::now() + 18446744073709551615 s` overflows: the server waits without a deadline.
    let (child, addr) = start(&[
        "--clients",
        "1",
        "--fast",
        "--max-ticks",
        "50",
        "--join-timeout",
        "18446744073709551615",
    ]);
    // The client comes late (the server waits for it): the wait is no part of the round's pace.
    thread::sleep(Duration::from_secs(2));
    let joined = Instant::now();
    let options = RunOptions {
        lockstep: true,
        ..RunOptions::default()
    };
    let summary = run_bot(addr, &Join::new("late"), &mut Idle, options).unwrap();
    assert!(summary.exited);
    let out = child.wait_with_output().unwrap();
    let since_join = joined.elapsed().as_secs_f64();
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    // "windward_server: 50 ticks in S s (...)": the round's time is within the client's stay.
    let round: f64 = stdout
        .split("50 ticks in ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(round <= since_join, "{round} s > {since_join} s: {stdout}");
}

/// Never orders anything.
struct Idle;

impl NetBot for Idle {
    fn setup(&mut self, _: &Game, _: &State, _: PlayerId, _: &mut Vec<Order>) {}
    fn after_message(&mut self, _: &Game, _: &State, _: PlayerId, _: &[Event], _: &mut Vec<Order>) {
    }
}

#[test]
fn a_slow_reader_gets_every_frame_and_exit_before_the_process_exits() {
    // Two clients: a quick one plays the round; the slow one asks for 1200 answers (a path the
    // server must join with A*, answered NO_PATH) and reads nothing until the quick one has its
    // `<exit/>` (the round is over and the server is ending), so several megabytes, more than
    // the sockets' buffers hold, are still queued in the server then. The process must not exit
    // before they are written.
    let (child, addr) = start(&[
        "--clients",
        "2",
        "--tps",
        "1000",
        "--max-ticks",
        "1500",
        "--write-timeout",
        "120",
    ]);
    let mut slow = TcpStream::connect(addr).unwrap();
    slow.set_read_timeout(Some(Duration::from_secs(120)))
        .unwrap();
    slow.write_all(&frame(&Join::new("slow").message().to_xml()))
        .unwrap();
    let quick = thread::spawn(move || {
        run_bot(addr, &Join::new("quick"), &mut Idle, RunOptions::default()).unwrap()
    });
    let setup = read_frame_from(&mut slow, MAX_SERVER_FRAME)
        .unwrap()
        .unwrap();
    assert!(setup.starts_with(b"<setup"));
    let ready = ClientMessage::Ready {
        path: vec![],
        pickup: vec![],
    };
    slow.write_all(&frame(&ready.to_xml())).unwrap();
    for _ in 0..1200 {
        slow.write_all(&frame("<move><path>3,3;3,4</path></move>"))
            .unwrap();
    }
    let quick = quick.join().unwrap();
    assert!(quick.exited);
    let mut frames = 1u64; // the setup
    let mut last = Vec::new();
    while let Ok(Some(f)) = read_frame_from(&mut slow, MAX_SERVER_FRAME) {
        frames += 1;
        last = f;
    }
    assert_eq!(String::from_utf8_lossy(&last), "<exit/>");
    drop(slow);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    // "... N messages sent ..." counts the frames sent to both clients.
    let sent: u64 = stdout
        .split(" messages sent")
        .next()
        .and_then(|s| s.rsplit(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{stdout}"));
    assert_eq!(frames + quick.messages, sent, "{stdout}");
}
