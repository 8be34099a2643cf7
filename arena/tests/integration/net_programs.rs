//! Network programs as players (`arena::program::{CloudWarsProgram, WindwardProgram}`): a
//! program that crashes, stays silent, floods, answers garbage, never connects or exits at once
//! gets a recorded fault (its kind first), the game's default action is played for it, and the
//! game finishes; a missing program and a port in use are typed errors before any game. The
//! programs are small Python scripts (Python 3 is on every machine the tests run on); every one
//! is killed at its first fault, so a game waits at most about one time limit.

#![cfg(all(feature = "cloudwars", feature = "windward"))]

use std::net::TcpListener;
use std::path::PathBuf;
use std::time::Duration;

use arena::program::{CloudWarsProgram, ProgramError, WindwardProgram};
use arena::{Bot, Entry, Tournament};

/// `python3 -c SCRIPT`, the script prefixed with a connection `s` to the arena's port (read from
/// `CONTEST_PORT`) and helpers.
fn python(script: &str) -> Vec<String> {
    let prelude = "import os, socket, struct, sys, time\n\
                   s = socket.create_connection(('127.0.0.1', int(os.environ['CONTEST_PORT'])))\n\
                   r = s.makefile('rb')\n\
                   def frame(x):\n    b = x.encode(); s.sendall(struct.pack('<I', len(b)) + b)\n\
                   def receive():\n    n = struct.unpack('<I', r.read(4))[0]; return r.read(n).decode()\n";
    vec!["python3".into(), "-c".into(), format!("{prelude}{script}")]
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arena-net-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

// ------------------------------------------------------------------------------ CloudWars

mod cloudwars_programs {
    use super::*;
    use cloudwars::{Action, Config, Game, Setup, State, WorldParams};

    /// Never sends a wind.
    #[derive(Clone)]
    struct Still;

    impl Bot<Game> for Still {
        fn name(&self) -> String {
            "still".into()
        }
        fn act(&mut self, _game: &Game, _state: &State, _player: usize) -> Action {
            Action::Wait
        }
    }

    /// A two-player game of 180 iterations (`game_speed` 1 sets the timeout only).
    fn game() -> Game {
        let config = Config {
            width: 640,
            height: 360,
            game_speed: 1,
            sim_speed_up: 1,
        };
        let setup = Setup {
            params: WorldParams {
                rainclouds: 10,
                ..WorldParams::default()
            },
            players: 2,
            ..Setup::default()
        };
        Game::with_setup(config, setup).unwrap()
    }

    fn play(bot: impl Fn() -> CloudWarsProgram + Send + Sync + 'static) -> arena::Report {
        let program = Entry::new("program", move |_: &Game| {
            Ok(Box::new(bot()) as Box<dyn Bot<Game>>)
        });
        Tournament::new(game())
            .entry(program)
            .bot(Still)
            .games(2)
            .run()
            .unwrap()
    }

    /// Both games finished, the program had a fault of `kind` in each, the other bot none.
    fn check_faults(report: &arena::Report, kind: &str) {
        assert_eq!(report.results.records.len(), 2, "both games finished");
        for record in &report.results.records {
            let seat = record.seats.iter().position(|&e| e == 0).unwrap();
            let fault = record.faults[seat].as_deref().unwrap_or("none");
            assert!(fault.starts_with(kind), "{fault}");
            assert!(record.faults[1 - seat].is_none());
        }
        let rows = report.results.standings();
        assert_eq!((rows[0].faults, rows[1].faults), (2, 0));
    }

    fn script(text: &str) -> CloudWarsProgram {
        // Generous for a busy machine: only the silent programs wait it out.
        CloudWarsProgram::new("program", python(text)).turn_limit(Duration::from_secs(2))
    }

    #[test]
    fn a_program_that_plays_the_protocol_is_answered_as_the_lockstep_server_answers() {
        // Checks the replies (a second command in a step waits for the next step, and is answered
        // then; a kill ends the game); prints "good" on stderr (its file) when all were as expected.
        let dir = temp_dir("cloudwars-checker");
        let errors = dir.join("stderr.txt");
        let checker = "import json\n\
            def ask(line):\n    s.sendall((line + '\\n').encode()); return r.readline().decode().rstrip('\\r\\n')\n\
            assert ask('nameme') == 'ok'\n\
            assert ask('move1;0') == \"err: you're not playing\"\n\
            assert ask('play') == 'ok: the game begins when all players are ready'\n\
            world = json.loads(ask('list'))\n\
            mine = [c for c in world['Clouds'] if c['Player'] == 'me']\n\
            assert len(mine) == 1, world\n\
            assert ask('move100000;0') == 'err: invalid move'\n\
            assert ask('move2;0') == 'ok'\n\
            s.sendall(b'move3;0\\n')\n\
            assert r.readline() == b'ok\\r\\n'\n\
            world2 = json.loads(ask('list'))\n\
            assert world2['Iteration'] == world['Iteration'] + 2, (world['Iteration'], world2['Iteration'])\n\
            assert ask('kill') == 'ok'\n\
            print('good', file=sys.stderr, flush=True)\n\
            while ask('list'):\n    pass\n";
        let path = errors.clone();
        let program = Entry::new("program", move |_: &Game| {
            let bot = CloudWarsProgram::new("program", python(checker))
                .turn_limit(Duration::from_secs(2))
                .stderr_to(path.clone());
            Ok(Box::new(bot) as Box<dyn Bot<Game>>)
        });
        let report = Tournament::new(game())
            .entry(program)
            .bot(Still)
            .games(1)
            .run()
            .unwrap();
        let said = std::fs::read_to_string(&errors).unwrap();
        assert!(said.contains("good"), "{said}");
        let record = &report.results.records[0];
        assert!(
            record.faults.iter().all(Option::is_none),
            "{:?}",
            record.faults
        );
        // It killed its storm: the other player has the vapor.
        assert_eq!(record.ranks, vec![2, 1]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_program_that_closes_the_connection_crashes() {
        let report = play(|| script("s.sendall(b'namex\\nplay\\n')\nr.readline(); r.readline()"));
        check_faults(&report, "crash");
    }

    #[test]
    fn a_program_that_stops_listing_is_silent() {
        let report = play(|| {
            script(
                "s.sendall(b'namex\\nplay\\nlist\\n')\nr.readline(); r.readline(); r.readline()\ntime.sleep(600)",
            )
        });
        check_faults(&report, "silence");
    }

    #[test]
    fn a_program_that_sends_an_endless_line_floods() {
        let report = play(|| script("s.sendall(b'x' * 200000)\ntime.sleep(600)"));
        check_faults(&report, "flood");
    }

    #[test]
    fn a_program_that_sends_requests_without_end_floods() {
        let report = play(|| script("s.sendall(b'typered\\n' * 1000)\ntime.sleep(600)"));
        check_faults(&report, "flood");
    }

    #[test]
    fn a_program_that_answers_garbage_is_stopped() {
        let report = play(|| script("s.sendall(b'hello there\\n')\ntime.sleep(600)"));
        check_faults(&report, "garbage");
    }

    #[test]
    fn a_program_that_never_connects_is_silent_and_one_that_exits_at_once_crashes() {
        let report = play(|| {
            CloudWarsProgram::new("program", vec!["sleep".into(), "600".into()])
                .turn_limit(Duration::from_millis(500))
                .startup_grace(Duration::ZERO)
        });
        check_faults(&report, "silence");
        let fault = report.results.records[0]
            .faults
            .iter()
            .flatten()
            .next()
            .unwrap();
        assert!(fault.contains("did not connect"), "{fault}");
        let report = play(|| CloudWarsProgram::new("program", vec!["true".into()]));
        check_faults(&report, "crash");
        let fault = report.results.records[0]
            .faults
            .iter()
            .flatten()
            .next()
            .unwrap();
        assert!(fault.contains("before connecting"), "{fault}");
    }
}

// ------------------------------------------------------------------------------ Windward

mod windward_programs {
    use super::*;
    use windward::{Action, Config, Game, Observation, mapgen};

    /// Sends no orders.
    #[derive(Clone)]
    struct Idle;

    impl Bot<Game> for Idle {
        fn name(&self) -> String {
            "idle".into()
        }
        fn act(&mut self, _game: &Game, _seen: &Observation, _player: usize) -> Action {
            Action::Wait
        }
    }

    /// A round of 300 ticks on the first map: the first status messages go out at tick 97.
    fn game() -> Game {
        Game::new(mapgen::default_map(0), Config { max_ticks: 300 }).unwrap()
    }

    fn play(bot: impl Fn() -> WindwardProgram + Send + Sync + 'static) -> arena::Report {
        let program = Entry::new("program", move |_: &Game| {
            Ok(Box::new(bot()) as Box<dyn Bot<Game>>)
        });
        let mut tournament = Tournament::new(game()).entry(program);
        for _ in 1..windward::NUM_PLAYERS {
            tournament = tournament.bot(Idle);
        }
        tournament.games(1).fixed_seats().run().unwrap()
    }

    fn check_fault(report: &arena::Report, kind: &str) -> String {
        let record = &report.results.records[0];
        assert_eq!(record.steps, 300, "the round finished");
        let fault = record.faults[0].clone().unwrap_or_else(|| "none".into());
        assert!(fault.starts_with(kind), "{fault}");
        assert!(record.faults[1..].iter().all(Option::is_none));
        fault
    }

    const JOIN: &str = "frame('<join name=\"py\" school=\"s\" language=\"Python\"/>')\n";

    fn script(text: &str) -> WindwardProgram {
        WindwardProgram::new("program", python(&format!("{JOIN}{text}")))
    }

    #[test]
    fn a_program_that_syncs_is_sent_its_messages_and_its_orders_are_applied() {
        // Joins, readies with a pick-up list and syncs every message; prints what it saw.
        let dir = temp_dir("windward-checker");
        let errors = dir.join("stderr.txt");
        let checker = "setup = receive()\n\
            assert setup.startswith('<setup'), setup[:80]\n\
            frame('<ready />')\n\
            frame('<move />')\n\
            statuses = 0\n\
            while True:\n    \
                m = receive()\n    \
                if not m or m.startswith('<exit'):\n        break\n    \
                statuses += 1\n    \
                frame('<move />')\n\
            print('statuses', statuses, file=sys.stderr, flush=True)\n";
        let path = errors.clone();
        let report = play(move || {
            WindwardProgram::new("program", python(&format!("{JOIN}{checker}")))
                .stderr_to(path.clone())
        });
        let record = &report.results.records[0];
        assert!(
            record.faults.iter().all(Option::is_none),
            "{:?}",
            record.faults
        );
        let said = std::fs::read_to_string(&errors).unwrap();
        let statuses: u32 = said
            .trim()
            .strip_prefix("statuses ")
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{said}"));
        // Every seat's UPDATE or NO_PATH at least once in 300 ticks.
        assert!(statuses >= 10, "{said}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_program_that_closes_the_connection_crashes() {
        check_fault(&play(|| script("receive()")), "crash");
    }

    #[test]
    fn a_program_that_stops_syncing_is_silent() {
        let report = play(|| {
            script("receive()\nframe('<ready />')\nframe('<move />')\ntime.sleep(600)")
                .turn_limit(Duration::from_millis(500))
        });
        let fault = check_fault(&report, "silence");
        assert!(fault.contains("not synced"), "{fault}");
    }

    #[test]
    fn a_program_that_never_readies_is_silent() {
        let report = play(|| {
            script("time.sleep(600)")
                .turn_limit(Duration::from_millis(500))
                .startup_grace(Duration::from_secs(5))
        });
        let fault = check_fault(&report, "silence");
        assert!(fault.contains("<ready>"), "{fault}");
    }

    #[test]
    fn a_program_that_sends_an_oversized_frame_floods() {
        check_fault(
            &play(|| script("s.sendall(struct.pack('<I', 10**8))\ntime.sleep(600)")),
            "flood",
        );
    }

    #[test]
    fn a_program_that_sends_orders_without_end_floods() {
        // Frames under the frame limit, but more than the inbox holds waiting.
        let long = "receive()\npath = ';'.join(['1,1'] * 60000)\n\
                    while True:\n    frame('<move><path>' + path + '</path></move>')\n";
        check_fault(&play(move || script(long)), "flood");
    }

    #[test]
    fn a_program_that_answers_garbage_is_stopped() {
        check_fault(
            &play(|| script("receive()\nframe('hello there')\ntime.sleep(600)")),
            "garbage",
        );
    }

    #[test]
    fn a_program_that_never_connects_is_silent_and_one_that_exits_at_once_crashes() {
        let report = play(|| {
            WindwardProgram::new("program", vec!["sleep".into(), "600".into()])
                .turn_limit(Duration::from_millis(500))
                .startup_grace(Duration::ZERO)
        });
        let fault = check_fault(&report, "silence");
        assert!(fault.contains("did not connect"), "{fault}");
        let report = play(|| WindwardProgram::new("program", vec!["true".into()]));
        let fault = check_fault(&report, "crash");
        assert!(fault.contains("before connecting"), "{fault}");
    }
}

// ------------------------------------------------------------------------------ both

#[test]
fn a_missing_program_and_a_port_in_use_are_typed_errors() {
    assert!(matches!(
        CloudWarsProgram::from_command_line("/nonexistent/bot {port}"),
        Err(ProgramError::NotFound { .. })
    ));
    assert!(matches!(
        WindwardProgram::from_command_line("  "),
        Err(ProgramError::Empty)
    ));
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let bot = WindwardProgram::from_command_line("sh -c true").unwrap();
    assert_eq!(Bot::<windward::Game>::name(&bot), "cmd:sh");
    assert!(matches!(bot.port(port), Err(ProgramError::Port { port: p, .. }) if p == port));
    let bot = CloudWarsProgram::from_command_line("sh -c true").unwrap();
    assert!(matches!(bot.port(port), Err(ProgramError::Port { .. })));
}

#[test]
fn the_port_replaces_every_port_placeholder() {
    let command: Vec<String> = ["bot", "--port={port}", "{port}", "x"]
        .map(String::from)
        .to_vec();
    assert_eq!(
        arena::program::with_port(&command, 1707),
        ["bot", "--port=1707", "1707", "x"]
    );
}
