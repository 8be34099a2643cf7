//! Faults told plainly (issue 36, parts 5 and 6): one fault vocabulary, each bot's first fault
//! with its step in the results file, under the results table and on the replay page; `cmd:`
//! command lines split as a shell quotes words; CloudWars names no longer reserved.

use arena::program::{ProgramError, command_line};
use arena::results::{GameRecord, RESULTS_FORMAT, Results, TournamentSpec, fault_kind};

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("arena-faults-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_command_line_is_split_as_a_shell_quotes_words() {
    let words = |text: &str| command_line(text).unwrap();
    assert_eq!(
        words("python3 'my bot.py' --name \"a, b\" plain\\ word"),
        ["python3", "my bot.py", "--name", "a, b", "plain word"]
    );
    // Nothing is expanded: variables, globs and operators are plain characters.
    assert_eq!(
        words("sh -c 'echo $HOME; ls *'"),
        ["sh", "-c", "echo $HOME; ls *"]
    );
    assert_eq!(words("bot $X a;b"), ["bot", "$X", "a;b"]);
    assert_eq!(words("  "), Vec::<String>::new());
    for open in ["python3 'my bot.py", "bot \"a", "bot 'a\""] {
        let error = command_line(open).unwrap_err();
        assert!(matches!(error, ProgramError::Quoting { .. }), "{open}");
        assert!(error.to_string().contains("quote"), "{error}");
    }
}

/// Two seats, the first line-up entry a program with a fault in both games.
fn results_with_faults() -> Results {
    let record = |index: u64, seats: Vec<usize>, faults: Vec<Option<(u64, String)>>| {
        let mut record = GameRecord {
            index,
            seats,
            scores: vec![0.0, 1.0],
            ranks: vec![2, 1],
            steps: 30,
            faults: Vec::new(),
            fault_steps: Vec::new(),
        };
        record.set_faults(faults);
        record
    };
    Results {
        format: RESULTS_FORMAT,
        tournament: TournamentSpec {
            game: "amazes".into(),
            setup: String::new(),
            lineup: vec!["cmd:bot.py".into(), "random".into()],
            games: 3,
            seed: 1,
            rotate: true,
            paired: false,
            schedule: arena::results::Schedule::Lineup,
        },
        shard: None,
        records: vec![
            record(0, vec![0, 1], vec![None, None]),
            record(
                1,
                vec![1, 0],
                vec![
                    None,
                    Some((14, "silence: turn 7: no answer within 1s".into())),
                ],
            ),
            record(
                2,
                vec![0, 1],
                vec![Some((0, "crash: cannot start: bot.py: gone".into())), None],
            ),
        ],
        ratings: None,
    }
}

#[test]
fn each_bots_first_fault_is_printed_under_the_table_with_its_game_and_step() {
    let results = results_with_faults();
    assert!(results.records[0].faults.is_empty());
    assert_eq!(results.records[1].fault_steps, [None, Some(14)]);
    let table = results.table();
    let lines: Vec<&str> = table.lines().collect();
    // The heading, the columns, two rows, then the faults of the one bot that had any.
    assert_eq!(lines.len(), 5, "{table}");
    assert!(lines[1].ends_with("faults"), "{table}");
    assert_eq!(
        lines[4],
        "faults of cmd:bot.py: 1 silence, 1 crash; first in game 1 at step 14: \
         silence: turn 7: no answer within 1s"
    );
    assert_eq!(results.fault_lines(), [lines[4]]);
    assert_eq!(fault_kind("limit: memory"), "limit");
    assert_eq!(fault_kind("crash"), "crash");
}

#[test]
fn fault_steps_are_kept_in_the_results_file_and_older_files_still_read() {
    let dir = temp_dir("results");
    let path = dir.join("results.json");
    let results = results_with_faults();
    results.save(&path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"fault_steps\":[null,14]"), "{text}");
    assert!(
        text.contains("\"faults\":[null,\"silence: turn 7: no answer within 1s\"]"),
        "{text}"
    );
    assert_eq!(Results::load(&path).unwrap(), results);
    // A file written before the steps were kept: the faults, no steps, and the line says so.
    let old = text
        .replace(",\"fault_steps\":[null,14]", "")
        .replace(",\"fault_steps\":[0,null]", "");
    assert!(!old.contains("fault_steps"));
    std::fs::write(&path, old).unwrap();
    let loaded = Results::load(&path).unwrap();
    assert_eq!(
        loaded.records[1].fault(1),
        Some((None, "silence: turn 7: no answer within 1s"))
    );
    assert!(
        loaded.fault_lines()[0].contains("first in game 1: silence"),
        "{:?}",
        loaded.fault_lines()
    );
    // Fault steps for the wrong number of players are refused.
    let bad = text.replace("\"fault_steps\":[null,14]", "\"fault_steps\":[14]");
    std::fs::write(&path, bad).unwrap();
    let error = Results::load(&path).unwrap_err().to_string();
    assert!(error.contains("1 fault steps for 2 players"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(feature = "amazes")]
mod amazes_programs {
    use std::time::Duration;

    use amazes::{Action, Config, Game, View};
    use arena::program::{LINE_LIMIT, ProgramBot};
    use arena::{Bot, Entry, Tournament};

    /// Always walks one step forward.
    #[derive(Clone)]
    struct Forward;

    impl Bot<Game> for Forward {
        fn name(&self) -> String {
            "forward".into()
        }
        fn act(&mut self, _game: &Game, _view: &View, _player: usize) -> Action {
            Action::from_line("F")
        }
    }

    /// A flooding Amazes program's fault names the reader's limit, not a length it never read;
    /// its step is in the record (Red's first turn is step 1, Blue's step 2) and its reason is
    /// on the page of game 0, at that step.
    #[test]
    fn a_flood_is_told_with_the_limit_its_step_and_on_the_page() {
        let dir = super::temp_dir("amazes-flood");
        let page = dir.join("game.html");
        let game = Game::new(amazes::mazes::get(0).maze, Config::default()).unwrap();
        let program = Entry::new("flood", |_: &Game| {
            let command = arena::program::command_line("sh -c 'exec cat /dev/zero'")?;
            let bot = ProgramBot::new("flood", command)
                .turn_limit(Duration::from_secs(2))
                .startup_grace(Duration::ZERO);
            Ok(Box::new(bot) as Box<dyn Bot<Game>>)
        });
        let report = Tournament::new(game)
            .entry(program)
            .bot(Forward)
            .games(2)
            .page(&page)
            .run()
            .unwrap();
        let expected = format!("flood: turn 1: a line longer than {LINE_LIMIT} bytes");
        for record in &report.results.records {
            let seat = record.seats.iter().position(|&e| e == 0).unwrap();
            let step = seat as u64 + 1;
            assert_eq!(record.fault(seat), Some((Some(step), expected.as_str())));
            assert_eq!(record.fault(1 - seat), None);
        }
        let table = report.table();
        assert!(
            table.contains(&format!(
                "faults of flood: 2 flood; first in game 0 at step 1: {expected}"
            )),
            "{table}"
        );
        let html = std::fs::read_to_string(&page).unwrap();
        assert!(
            html.contains(&format!(
                "\"faults\":[{{\"step\":1,\"text\":\"{expected}\"}},null]"
            )),
            "the page's data has no fault"
        );
        assert!(html.contains("id=\"faults\""));
        // In the browser: the fault is listed, and seen from its step on.
        if let Some(browser) = crate::browser::Browser::find("the fault on the page") {
            use crate::browser::{assert_ran_cleanly, viewer_attribute};
            let before = browser.dump_dom(&page, "#step=0");
            assert_ran_cleanly(&before);
            assert_eq!(viewer_attribute(&before, "data-faults"), "[]");
            assert!(before.contains(&expected), "the fault is listed");
            assert!(!before.contains("class=\"name faulted\""));
            let at = browser.dump_dom(&page, "#step=1");
            assert_ran_cleanly(&at);
            let seen: serde_json::Value =
                serde_json::from_str(&viewer_attribute(&at, "data-faults")).unwrap();
            assert_eq!(
                seen,
                serde_json::json!([{"player": 0, "step": 1, "text": expected}])
            );
            assert!(
                at.contains("class=\"fault seen\""),
                "the item is marked seen"
            );
            assert!(at.contains("class=\"name faulted\""), "the name is flagged");
            assert_eq!(at.matches("class=\"fault-mark\"").count(), 1);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A page without faults has no fault data.
    #[test]
    fn a_page_without_faults_has_no_fault_data() {
        let dir = super::temp_dir("amazes-clean");
        let page = dir.join("game.html");
        let game = Game::new(amazes::mazes::get(0).maze, Config::default()).unwrap();
        Tournament::new(game)
            .bot(Forward)
            .bot(Forward)
            .games(1)
            .page(&page)
            .run()
            .unwrap();
        let html = std::fs::read_to_string(&page).unwrap();
        assert!(!html.contains("\"faults\":"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[cfg(feature = "cloudwars")]
mod cloudwars_names {
    use std::time::Duration;

    use arena::program::CloudWarsProgram;
    use arena::{Bot, Entry, Tournament};
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

    /// A program that names itself as the other seat is named (`P2`, seat 1's name here) plays:
    /// `play` answers `ok`, its world shows its own storm under `P2` and the other seat's under
    /// another name, and it has no fault (an assertion that fails ends the script: a crash).
    #[test]
    fn a_program_may_take_a_seats_name() {
        let script = "import json, os, socket\n\
            s = socket.create_connection(('127.0.0.1', int(os.environ['CONTEST_PORT'])))\n\
            r = s.makefile('rb')\n\
            def ask(line):\n    s.sendall((line + '\\n').encode()); return r.readline().decode().rstrip('\\r\\n')\n\
            assert ask('nameP2') == 'ok'\n\
            assert ask('play') == 'ok: the game begins when all players are ready'\n\
            world = json.loads(ask('list'))\n\
            players = [c['Player'] for c in world['Clouds'] if c['Player']]\n\
            assert players.count('P2') == 1, players\n\
            assert len(set(players)) == 2, players\n\
            while ask('list'):\n    pass\n";
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
        let game = Game::with_setup(config, setup).unwrap();
        let program = Entry::new("program", move |_: &Game| {
            let command = vec!["python3".into(), "-c".into(), script.into()];
            let bot = CloudWarsProgram::new("program", command).turn_limit(Duration::from_secs(2));
            Ok(Box::new(bot) as Box<dyn Bot<Game>>)
        });
        // Seated first (the other seat is `P2`), then second (its own seat is `P2`).
        let report = Tournament::new(game)
            .entry(program)
            .bot(Still)
            .games(2)
            .run()
            .unwrap();
        for record in &report.results.records {
            assert!(record.faults.is_empty(), "{:?}", record.faults);
        }
    }
}
