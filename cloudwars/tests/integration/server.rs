//! The headless server against real TCP clients on loopback (every test bounded in time).

use std::io::{BufRead, BufReader, ErrorKind, Write};
use std::net::TcpStream;
use std::thread;
use std::time::Duration;

use cloudwars::client::{Client, ClientError};
use cloudwars::protocol::{Reply, ServerError};
use cloudwars::server::{AfterEnd, MatchResult, Pacing, Server, ServerConfig};
use cloudwars::{Color, Config, Vec2, WinReason, WorldParams};

const TIMEOUT: Option<Duration> = Some(Duration::from_secs(20));

fn small_config(players: usize, pacing: Pacing) -> ServerConfig {
    ServerConfig {
        config: Config {
            width: 400,
            height: 300,
            game_speed: 60,
            sim_speed_up: 1,
        },
        params: WorldParams {
            rainclouds: 3,
            ..WorldParams::default()
        },
        seed: 1,
        players,
        pacing,
        stop_on_win: true,
        max_iterations: 10_801,
        lockstep_patience: Duration::from_secs(10),
        // The bots below play until the server hangs up.
        after_end: AfterEnd::Close,
        write_timeout: Duration::from_secs(5),
        max_connections: 64,
        line_deadline: Duration::from_secs(10),
    }
}

fn start(cfg: ServerConfig) -> (String, thread::JoinHandle<MatchResult>) {
    let server = Server::bind("127.0.0.1:0", cfg).unwrap();
    let addr = server.local_addr().unwrap().to_string();
    (addr, thread::spawn(move || server.run().unwrap()))
}

fn client(addr: &str) -> Client {
    let mut c = Client::connect(addr).unwrap();
    c.set_timeout(TIMEOUT).unwrap();
    c
}

fn err(e: ServerError) -> Reply {
    Reply::Error(e)
}

#[test]
fn replies_end_in_crlf_byte_for_byte() {
    let (addr, server) = start(small_config(1, Pacing::Lockstep));
    let mut stream = TcpStream::connect(&addr).unwrap();
    stream.set_read_timeout(TIMEOUT).unwrap();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut exchange = |request: &[u8]| {
        stream.write_all(request).unwrap();
        let mut reply = Vec::new();
        reader.read_until(b'\n', &mut reply).unwrap();
        String::from_utf8(reply).unwrap()
    };
    assert_eq!(exchange(b"li\n"), "err: invalid command\r\n");
    assert_eq!(exchange(b"\r\n"), "err: invalid command\r\n");
    assert_eq!(exchange(b"move10;0\r\n"), "err: you're not playing\r\n");
    assert_eq!(
        exchange(b"typepink\n"),
        "err: invalid color; use 'blue', 'gray', 'orange', 'purple' or 'red'\r\n"
    );
    let list = exchange(b"LIST\n");
    assert!(list.starts_with("{\"Width\":400,\"Height\":300,\"GameSpeed\":60,\"Iteration\":0,\"WorldVapor\":0,\"Alive\":0,\"WinCondition\":false,\"Leader\":\"\",\"Clouds\":[{\"Pos\":{\"X\":"));
    assert!(list.ends_with("],\"SimSpeedUp\":1}\r\n"), "{list}");
    assert_eq!(exchange(b"nameSolo\n"), "ok\r\n");
    assert_eq!(
        exchange(b"play\n"),
        "ok: the game begins when all players are ready\r\n"
    );
    // One player: the share test passes after the first update and the server stops.
    let list = exchange(b"list\n");
    assert!(list.contains("\"Iteration\":1,"), "{list}");
    assert!(
        list.contains("\"WinCondition\":true,\"Leader\":\"Solo\""),
        "{list}"
    );
    let result = server.join().unwrap();
    assert_eq!(result.iteration, 1);
    assert_eq!(result.leader, "Solo");
    assert_eq!(result.reason, Some(WinReason::Share));
    assert!(
        result
            .to_string()
            .starts_with("results: iteration 1, leader \"Solo\" (share), Solo ")
    );
}

#[test]
fn the_original_transcript_in_lockstep() {
    let (addr, server) = start(small_config(2, Pacing::Lockstep));
    let mut a = client(&addr);
    let send = |c: &mut Client, line: &str| c.send_line(line).unwrap();
    assert!(matches!(send(&mut a, "list"), Reply::World(_)));
    assert_eq!(send(&mut a, "li"), err(ServerError::InvalidCommand));
    assert_eq!(send(&mut a, ""), err(ServerError::InvalidCommand));
    assert_eq!(send(&mut a, "move10;0"), err(ServerError::NotPlaying));
    assert_eq!(send(&mut a, "move10,0"), err(ServerError::NotPlaying));
    assert_eq!(send(&mut a, "kill"), err(ServerError::NotPlaying));
    assert_eq!(send(&mut a, "name"), err(ServerError::InvalidNameLength));
    assert_eq!(send(&mut a, "name   Spaced Name   "), Reply::Ok);
    assert_eq!(
        send(&mut a, "nameABCDEFGHIJKLMNOPQRSTUVWXYZ"),
        err(ServerError::InvalidNameLength)
    );
    assert_eq!(send(&mut a, "nameHansi"), Reply::Ok);
    assert_eq!(send(&mut a, "typepink"), err(ServerError::InvalidColor));
    assert_eq!(send(&mut a, "typeBLUE"), Reply::Ok);
    assert_eq!(send(&mut a, "Play"), Reply::GameBegins);
    assert_eq!(send(&mut a, "play"), err(ServerError::AlreadyPlaying));
    assert_eq!(send(&mut a, "move10;0"), err(ServerError::WaitForPlayers));
    assert_eq!(send(&mut a, "move10,0"), err(ServerError::WaitForPlayers));

    let mut b = client(&addr);
    b.name("Hansi").unwrap();
    assert!(matches!(
        b.play(),
        Err(ClientError::Server(ServerError::NameTaken))
    ));
    b.name("Bob").unwrap();
    b.color(Color::Orange).unwrap();
    b.play().unwrap();
    let mut c = client(&addr);
    c.name("Late").unwrap();
    assert!(matches!(
        c.play(),
        Err(ClientError::Server(ServerError::MaxPlayers))
    ));
    c.quit().unwrap();

    assert_eq!(send(&mut a, "move10;0"), Reply::Ok);
    assert_eq!(send(&mut a, "move0.5;0.5"), err(ServerError::InvalidMove));
    assert_eq!(send(&mut a, "move10,0"), err(ServerError::InvalidInput));
    assert_eq!(send(&mut a, "move 10;0"), err(ServerError::InvalidMove));
    assert_eq!(send(&mut a, "move10;0;1"), err(ServerError::InvalidInput));
    assert_eq!(send(&mut a, "moveabc;5"), Reply::Ok);
    assert_eq!(send(&mut a, "move1e9;0"), err(ServerError::InvalidMove));
    assert_eq!(send(&mut a, "moveinf;0"), err(ServerError::InvalidMove));
    // The original accepts NaN and then cannot list its world; we refuse it.
    assert_eq!(send(&mut a, "moveNaN;0"), err(ServerError::InvalidMove));

    // Lockstep: both players list, then one update runs.
    let b_thread = thread::spawn(move || {
        let world = b.list().unwrap();
        (b, world)
    });
    let world = a.list().unwrap();
    let (mut b, world_b) = b_thread.join().unwrap();
    assert_eq!(world.iteration, 1);
    assert_eq!(world, world_b);
    // Hansi's two moves spawned two rainclouds after the players.
    assert_eq!(world.clouds.len(), 3 + 2 + 2);
    let hansi = world.me("Hansi").unwrap();
    assert_eq!(
        (hansi.color.as_str(), hansi.vapor),
        ("blue", 600.0 - 10.0 - 5.0)
    );
    assert_eq!(world.me("Bob").unwrap().color, "orange");

    assert_eq!(send(&mut a, "kill"), Reply::Ok);
    assert_eq!(send(&mut a, "kill"), err(ServerError::AlreadyDead));
    assert_eq!(send(&mut a, "move5;0"), err(ServerError::InvalidMove));
    let b_thread = thread::spawn(move || b.list().unwrap());
    let world = a.list().unwrap();
    let _ = b_thread.join().unwrap();
    assert_eq!(world.iteration, 2);
    assert_eq!(world.me("Hansi").unwrap().vapor, 0.0);
    assert!(world.win_condition);
    assert_eq!(world.leader, "Bob");
    let result = server.join().unwrap();
    assert_eq!(result.iteration, 2);
    assert_eq!(result.leader, "Bob");
    assert_eq!(result.players.len(), 2);
    assert_eq!(result.players[0], ("Hansi".to_owned(), 0.0));
}

/// A client bot: list, steer towards the nearest smaller cloud, until the server hangs up. It
/// moves only once it sees all `players` (so its moves do not depend on when the others join).
fn chase_bot(addr: String, name: &'static str, players: usize) -> u64 {
    chase_bot_seated(addr, name, players, None)
}

/// [`chase_bot`], telling `seated` once the server has answered its `play` (it has a seat).
fn chase_bot_seated(
    addr: String,
    name: &'static str,
    players: usize,
    seated: Option<std::sync::mpsc::Sender<()>>,
) -> u64 {
    let mut c = client(&addr);
    c.name(name).unwrap();
    c.play().unwrap();
    if let Some(seated) = seated {
        seated.send(()).unwrap();
    }
    let mut last = 0;
    loop {
        let world = match c.list() {
            Ok(w) => w,
            Err(ClientError::Closed | ClientError::Io(_)) => return last,
            Err(e) => panic!("{e}"),
        };
        last = world.iteration;
        let Some(me) = world.me(name) else {
            return last;
        };
        if world.clouds.iter().filter(|c| !c.player.is_empty()).count() < players {
            continue;
        }
        let target = world
            .clouds
            .iter()
            .filter(|o| o.vapor >= 1.0 && o.vapor < me.vapor && o.player.is_empty())
            .min_by(|p, q| {
                let d = |o: &&cloudwars::protocol::CloudJson| {
                    (o.pos.x - me.pos.x).powi(2) + (o.pos.y - me.pos.y).powi(2)
                };
                d(p).total_cmp(&d(q))
            });
        if let Some(t) = target {
            let (dx, dy) = (t.pos.x - me.pos.x, t.pos.y - me.pos.y);
            let len = (dx * dx + dy * dy).sqrt().max(1e-3);
            match c.wind(Vec2::new(dx / len * 2.0, dy / len * 2.0)) {
                Ok(()) | Err(ClientError::Server(_)) => {}
                Err(_) => return last,
            }
        }
    }
}

#[test]
fn real_time_pacing_runs_to_the_iteration_limit_with_three_players() {
    let mut cfg = small_config(
        3,
        Pacing::RealTime {
            iterations_per_second: 400.0,
        },
    );
    cfg.config.width = 1200;
    cfg.config.height = 800;
    cfg.params.rainclouds = 20;
    cfg.stop_on_win = false;
    cfg.max_iterations = 120;
    let (addr, server) = start(cfg);
    let bots: Vec<_> = ["P1", "P2", "P3"]
        .into_iter()
        .map(|name| {
            let addr = addr.clone();
            thread::spawn(move || chase_bot(addr, name, 3))
        })
        .collect();
    let result = server.join().unwrap();
    assert_eq!(result.iteration, 120);
    assert_eq!(result.players.len(), 3);
    for b in bots {
        assert!(b.join().unwrap() <= 120);
    }
}

#[test]
fn lockstep_is_deterministic_for_a_fixed_seed() {
    let run = || {
        let mut cfg = small_config(2, Pacing::Lockstep);
        cfg.config.width = 1000;
        cfg.config.height = 700;
        cfg.params.rainclouds = 15;
        cfg.stop_on_win = false;
        cfg.max_iterations = 150;
        let (addr, server) = start(cfg);
        // Join in a fixed order so that player ids (and positions) do not depend on timing:
        // B connects once the server has given A its seat.
        let (seated, a_is_seated) = std::sync::mpsc::channel();
        let a = {
            let addr = addr.clone();
            thread::spawn(move || chase_bot_seated(addr, "A", 2, Some(seated)))
        };
        a_is_seated.recv_timeout(TIMEOUT.unwrap()).unwrap();
        let b = thread::spawn(move || chase_bot(addr, "B", 2));
        let result = server.join().unwrap();
        a.join().unwrap();
        b.join().unwrap();
        result
    };
    let first = run();
    assert_eq!(first.iteration, 150);
    assert_eq!(first, run());
}

#[test]
fn connections_beyond_the_cap_are_closed_at_once() {
    let mut cfg = small_config(
        2,
        Pacing::RealTime {
            iterations_per_second: 1000.0,
        },
    );
    cfg.max_connections = 2;
    cfg.stop_on_win = false;
    cfg.max_iterations = 5;
    let (addr, server) = start(cfg);
    // Two idle connections take the two places (each answered, so each is being served).
    let mut a = client(&addr);
    let mut b = client(&addr);
    a.name("A").unwrap();
    b.name("B").unwrap();
    // A third is accepted and closed without a reply.
    let refused = |addr: &str| {
        let mut s = TcpStream::connect(addr).unwrap();
        s.set_read_timeout(TIMEOUT).unwrap();
        let _ = s.write_all(b"nameC\n");
        let mut reply = String::new();
        match BufReader::new(s).read_line(&mut reply) {
            Ok(0) | Err(_) => true,
            Ok(_) => false,
        }
    };
    assert!(refused(&addr));
    assert!(refused(&addr));
    // Once one of the two leaves, a new connection is served again (as soon as the server has
    // seen the first one go: try until it is).
    a.quit().unwrap();
    let mut c = loop {
        let mut c = client(&addr);
        match c.name("C") {
            Ok(()) => break c,
            Err(_) => thread::yield_now(),
        }
    };
    // The two served ones play the game to its end.
    b.play().unwrap();
    c.play().unwrap();
    let result = server.join().unwrap();
    assert_eq!(result.iteration, 5);
    let names: Vec<&str> = result.players.iter().map(|p| p.0.as_str()).collect();
    assert_eq!(names, ["B", "C"]);
}

/// Issue 36: connections that dribble a partial line (or say nothing) before the game held every
/// place for ever, and real players were refused. Before the game starts a line must be complete
/// within `line_deadline`.
#[test]
fn connections_that_dribble_a_partial_line_before_the_game_are_closed() {
    let mut cfg = small_config(
        2,
        Pacing::RealTime {
            iterations_per_second: 1000.0,
        },
    );
    cfg.max_connections = 4;
    cfg.line_deadline = Duration::from_millis(400);
    cfg.stop_on_win = false;
    cfg.max_iterations = 5;
    let (addr, server) = start(cfg);
    let opened = std::time::Instant::now();
    // A seated player who then dribbles, two unseated dribblers and one that says nothing take
    // the four places.
    let seated = TcpStream::connect(&addr).unwrap();
    seated.set_read_timeout(TIMEOUT).unwrap();
    let mut seated_replies = BufReader::new(seated.try_clone().unwrap());
    (&seated).write_all(b"nameSeated\nplay\n").unwrap();
    let mut reply = String::new();
    seated_replies.read_line(&mut reply).unwrap();
    seated_replies.read_line(&mut reply).unwrap();
    assert_eq!(
        reply,
        "ok\r\nok: the game begins when all players are ready\r\n"
    );
    let dribble = |stream: TcpStream| {
        thread::spawn(move || {
            let mut stream = stream;
            let start = std::time::Instant::now();
            while start.elapsed() < Duration::from_secs(20) {
                if stream.write_all(b"n").is_err() {
                    return;
                }
                thread::sleep(Duration::from_millis(30));
            }
        })
    };
    let mut hostile = Vec::new();
    for i in 0..3 {
        let stream = TcpStream::connect(&addr).unwrap();
        stream.set_read_timeout(TIMEOUT).unwrap();
        if i < 2 {
            dribble(stream.try_clone().unwrap());
        }
        hostile.push(stream);
    }
    dribble(seated.try_clone().unwrap());
    // Meanwhile a real player is refused: every place is taken.
    thread::sleep(Duration::from_millis(100));
    let mut refused = TcpStream::connect(&addr).unwrap();
    refused.set_read_timeout(TIMEOUT).unwrap();
    let _ = refused.write_all(b"nameReal\n");
    let mut reply = String::new();
    assert!(matches!(
        BufReader::new(refused).read_line(&mut reply),
        Ok(0) | Err(_)
    ));
    // Each hostile connection is closed once its line is late (before the fix: never).
    for mut stream in hostile {
        let mut buf = [0u8; 64];
        let n = std::io::Read::read(&mut stream, &mut buf);
        // (closed by the server: the end of the stream, or a reset for unread bytes; not the
        // read timeout)
        assert!(
            matches!(&n, Ok(0))
                || n.as_ref()
                    .is_err_and(|e| e.kind() == ErrorKind::ConnectionReset),
            "{n:?}"
        );
        let closed = opened.elapsed();
        assert!(
            closed >= Duration::from_millis(400) && closed < Duration::from_secs(5),
            "{closed:?}"
        );
    }
    // The seated dribbler too (its seat stays taken, disconnected).
    reply.clear();
    let n = seated_replies.read_line(&mut reply);
    assert!(
        matches!(&n, Ok(0))
            || n.as_ref()
                .is_err_and(|e| e.kind() == ErrorKind::ConnectionReset),
        "{n:?}"
    );
    assert!(opened.elapsed() < Duration::from_secs(5));
    // A real player gets in, and the game runs.
    let mut real = loop {
        let mut c = client(&addr);
        match c.name("Real") {
            Ok(()) => break c,
            Err(_) => {
                assert!(opened.elapsed() < Duration::from_secs(10), "never let in");
                thread::sleep(Duration::from_millis(20));
            }
        }
    };
    real.play().unwrap();
    let result = server.join().unwrap();
    assert_eq!(result.iteration, 5);
    let names: Vec<&str> = result.players.iter().map(|p| p.0.as_str()).collect();
    assert_eq!(names, ["Seated", "Real"]);
}

#[test]
fn lockstep_skips_a_silent_player_after_the_patience() {
    let mut cfg = small_config(2, Pacing::Lockstep);
    cfg.lockstep_patience = Duration::from_millis(100);
    cfg.stop_on_win = false;
    cfg.max_iterations = 3;
    let (addr, server) = start(cfg);
    let mut silent = client(&addr);
    silent.name("Silent").unwrap();
    silent.play().unwrap();
    let mut active = client(&addr);
    active.name("Active").unwrap();
    active.play().unwrap();
    let start = std::time::Instant::now();
    for expected in 1..=3 {
        assert_eq!(active.list().unwrap().iteration, expected);
    }
    assert!(start.elapsed() >= Duration::from_millis(300));
    assert_eq!(server.join().unwrap().iteration, 3);
    drop(silent);
}

#[test]
fn floods_and_partial_lines_get_answers() {
    let (addr, server) = start(small_config(1, Pacing::Lockstep));
    let mut stream = TcpStream::connect(&addr).unwrap();
    stream.set_read_timeout(TIMEOUT).unwrap();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    // 100 KiB without a newline: one "invalid command" per 64 KiB chunk.
    let flood = vec![b'x'; 100 * 1024];
    stream.write_all(&flood).unwrap();
    stream.write_all(b"\n").unwrap();
    let mut reply = String::new();
    for _ in 0..2 {
        reply.clear();
        reader.read_line(&mut reply).unwrap();
        assert_eq!(reply, "err: invalid command\r\n");
    }
    // A last line without newline is still answered.
    stream.write_all(b"nameSolo\nplay").unwrap();
    stream.shutdown(std::net::Shutdown::Write).unwrap();
    reply.clear();
    reader.read_line(&mut reply).unwrap();
    assert_eq!(reply, "ok\r\n");
    reply.clear();
    reader.read_line(&mut reply).unwrap();
    assert_eq!(reply, "ok: the game begins when all players are ready\r\n");
    // The player left: the lockstep game ends without players.
    let result = server.join().unwrap();
    assert_eq!(result.players.len(), 1);
}

/// Runs `server` to its end on another thread and fails the test if that takes over 30 s.
fn join_within(server: thread::JoinHandle<MatchResult>) -> MatchResult {
    let (tx, rx) = std::sync::mpsc::channel();
    thread::spawn(move || tx.send(server.join().unwrap()));
    rx.recv_timeout(Duration::from_secs(30))
        .expect("the server did not end within 30 s")
}

#[test]
fn connections_stay_open_after_the_end_by_default() {
    let mut cfg = small_config(1, Pacing::Lockstep);
    cfg.after_end = ServerConfig::default().after_end;
    let (addr, server) = start(cfg);
    let mut c = client(&addr);
    c.name("Solo").unwrap();
    c.play().unwrap();
    assert!(c.list().unwrap().win_condition);
    thread::sleep(Duration::from_millis(200));
    for _ in 0..3 {
        let world = c.list().unwrap();
        assert_eq!((world.iteration, world.win_condition), (1, true));
    }
    c.quit().unwrap();
    assert_eq!(join_within(server).iteration, 1);
}

#[test]
fn a_client_that_never_reads_does_not_keep_the_server_up() {
    let mut cfg = small_config(1, Pacing::Lockstep);
    cfg.after_end = AfterEnd::KeepOpen {
        idle: Duration::from_secs(60),
    };
    cfg.write_timeout = Duration::from_millis(200);
    let (addr, server) = start(cfg);
    let mut stream = TcpStream::connect(&addr).unwrap();
    stream
        .set_write_timeout(Some(Duration::from_secs(1)))
        .unwrap();
    stream.write_all(b"nameDeaf\nplay\n").unwrap();
    // Ask for the world again and again, never reading a reply.
    let requests = b"list\n".repeat(1000);
    let flood = thread::spawn(move || {
        let start = std::time::Instant::now();
        while start.elapsed() < Duration::from_secs(25) {
            if stream.write_all(&requests).is_err() {
                break;
            }
        }
        stream
    });
    let result = join_within(server);
    assert_eq!(result.players.len(), 1);
    drop(flood.join().unwrap());
}

#[test]
fn a_silent_client_is_closed_after_the_idle_time_once_the_game_is_over() {
    let mut cfg = small_config(1, Pacing::Lockstep);
    cfg.after_end = AfterEnd::KeepOpen {
        idle: Duration::from_millis(300),
    };
    let (addr, server) = start(cfg);
    let mut c = client(&addr);
    c.name("Solo").unwrap();
    c.play().unwrap();
    assert!(c.list().unwrap().win_condition);
    // The client keeps its connection but says nothing more.
    assert_eq!(join_within(server).iteration, 1);
    assert!(matches!(
        c.list(),
        Err(ClientError::Closed | ClientError::Io(_))
    ));
}

#[test]
fn a_multi_byte_number_in_a_move_gets_a_reply_and_the_lockstep_game_goes_on() {
    let mut cfg = small_config(2, Pacing::Lockstep);
    cfg.stop_on_win = false;
    cfg.max_iterations = 2;
    let (addr, server) = start(cfg);
    let mut a = client(&addr);
    a.name("A").unwrap();
    a.play().unwrap();
    let mut b = client(&addr);
    b.name("B").unwrap();
    b.play().unwrap();
    // "6é" reads as 0 (a syntax error, as in Go): a wind of strength 0 is an invalid move.
    assert_eq!(
        a.send_line("move6é;0").unwrap(),
        err(ServerError::InvalidMove)
    );
    let b_thread = thread::spawn(move || {
        let first = b.list().unwrap().iteration;
        (first, b)
    });
    assert_eq!(a.list().unwrap().iteration, 1);
    let (first, b) = b_thread.join().unwrap();
    assert_eq!(first, 1);
    // A seat whose connection is gone no longer holds up the rounds.
    drop(b);
    assert_eq!(a.list().unwrap().iteration, 2);
    assert_eq!(join_within(server).iteration, 2);
}

#[test]
fn the_client_refuses_a_reply_line_above_its_limit() {
    use cloudwars::client::MAX_REPLY_LINE;
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let hostile = thread::spawn(move || {
        let (mut stream, _) = listener.accept().unwrap();
        let _ = stream.write_all(&vec![b'x'; MAX_REPLY_LINE + 100]);
        stream
    });
    let mut c = client(&addr);
    match c.send_line("list") {
        Err(ClientError::LineTooLong { limit, .. }) => assert_eq!(limit, MAX_REPLY_LINE),
        other => panic!("{other:?}"),
    }
    drop(c);
    drop(hostile.join().unwrap());
}
