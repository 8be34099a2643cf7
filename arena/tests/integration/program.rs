//! Programs as players (`arena::program`): an Amazes program that crashes, stays silent, floods or
//! answers garbage gets a recorded fault (its kind first), the jury plays for it, the game
//! finishes, and the results table counts the faults per bot; a missing program is a typed error
//! before any game. Every program here is killed at its first fault, so each game takes about one
//! turn limit at most.

#![cfg(feature = "amazes")]

use std::time::Duration;

use amazes::{Action, Config, Game, View};
use arena::program::{ProgramBot, ProgramError};
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

/// Plays two games (each seat once) of `script` (a shell command line) against [`Forward`];
/// returns the report.
fn play(script: &'static str) -> arena::Report {
    let maze = amazes::mazes::get(0).maze;
    let game = Game::new(maze, Config::default()).unwrap();
    let program = Entry::new("program", move |_: &Game| {
        let bot = ProgramBot::new("program", vec!["sh".into(), "-c".into(), script.into()])
            // Generous for a busy machine: only the silent program waits it out.
            .turn_limit(Duration::from_secs(2))
            .startup_grace(Duration::ZERO);
        Ok(Box::new(bot) as Box<dyn Bot<Game>>)
    });
    Tournament::new(game)
        .entry(program)
        .bot(Forward)
        .games(2)
        .run()
        .unwrap()
}

fn check_faults(script: &'static str, kind: &str) {
    let report = play(script);
    assert_eq!(report.results.records.len(), 2, "both games finished");
    for record in &report.results.records {
        let seat = record.seats.iter().position(|&e| e == 0).unwrap();
        let fault = record.faults[seat].as_deref().unwrap_or("none");
        assert!(fault.starts_with(kind), "{script}: {fault}");
        assert_eq!(record.scores[seat], 0.0, "the jury scores 0");
        assert!(record.faults[1 - seat].is_none());
    }
    let rows = report.results.standings();
    assert_eq!((rows[0].faults, rows[1].faults), (2, 0));
    let table = report.table();
    assert!(table.lines().nth(1).unwrap().ends_with("faults"), "{table}");
}

#[test]
fn a_program_that_exits_at_once_crashes() {
    check_faults("exit 0", "crash");
}

#[test]
fn a_silent_program_times_out() {
    check_faults("exec sleep 600", "silence");
}

#[test]
fn a_program_that_floods_one_endless_line_is_stopped_at_the_limit() {
    check_faults("exec cat /dev/zero", "flood");
}

#[test]
fn a_program_that_answers_garbage_is_handed_to_the_jury() {
    check_faults("exec yes", "garbage");
}

#[test]
fn a_program_that_plays_the_protocol_has_no_fault() {
    // Skips `Start`, reads the 4 corridor lines and the distance, answers `F`.
    let report = play(
        "while read -r first; do [ \"$first\" = Start ] && read -r first; \
         read -r a; read -r b; read -r c; read -r d; echo F; done",
    );
    assert!(report.results.records.iter().all(|r| r.faults.is_empty()));
    assert!(!report.table().contains("faults"));
}

#[test]
fn a_missing_or_empty_program_is_a_typed_error() {
    assert!(matches!(
        ProgramBot::from_command_line("/nonexistent/bot --fast"),
        Err(ProgramError::NotFound { .. })
    ));
    assert!(matches!(
        ProgramBot::from_command_line("   "),
        Err(ProgramError::Empty)
    ));
    let bot = ProgramBot::from_command_line("sh -c true").unwrap();
    assert_eq!(Bot::<Game>::name(&bot), "cmd:sh");
}

/// Issue 20 part 4: after sudden death the program is sent `Quit`, as the CodeCup 2010 judge does
/// (rules doc A11, P13); after a game of 150 turns nothing (a program then ends by itself). The
/// program copies its input to its standard error file, which is read once it has exited.
#[test]
fn after_sudden_death_the_program_is_sent_quit_and_after_the_turns_nothing() {
    use amazes::{End, Outcome, Player};
    let dir = std::env::temp_dir().join(format!("arena-amazes-quit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let game = Game::new(amazes::mazes::get(0).maze, Config::default()).unwrap();
    let ends = [
        (
            End::SuddenDeath {
                winner: Player::Red,
            },
            "Quit\n",
        ),
        (End::Turns, ""),
    ];
    for (k, (end, expected)) in ends.into_iter().enumerate() {
        let path = dir.join(format!("seat1-{k}.stderr"));
        let mut bot = ProgramBot::new("copy", vec!["sh".into(), "-c".into(), "cat >&2".into()])
            .stderr_to(path.clone())
            // `cat` exits as soon as its input closes; a long grace keeps a busy machine from
            // killing it first.
            .exit_grace(Duration::from_secs(60));
        bot.new_game(&game, 1, 7);
        let outcome = Outcome {
            end,
            points: [0, 0],
            scores: [0, 0],
            faults: [None, None],
            ranks: [1, 1],
        };
        bot.game_over(&game, &outcome, 1);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), expected, "{end:?}");
        assert!(Bot::<Game>::fault(&bot).is_none());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
