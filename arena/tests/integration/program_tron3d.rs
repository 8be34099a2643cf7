//! Tron3D programs as players (`arena::program`, `tron3d::protocol`): a program that crashes,
//! stays silent, floods or answers garbage gets a recorded fault (its kind first), its bikes get
//! no more commands (the kit's `Null`), the game finishes and the results table counts the
//! faults; a program that plays the protocol sees the header, every round and the `end` line.
//! Every faulty program here is killed at its first fault, so each game waits one turn limit at
//! most.

#![cfg(feature = "tron3d")]

use std::path::PathBuf;
use std::time::Duration;

use arena::program::ProgramBot;
use arena::{Bot, Entry, Tournament};
use tron3d::{Action, Config, Game, Movement, Preset, State};

/// Moves each of its bikes to its first free neighbour.
#[derive(Clone)]
struct FirstFree;

impl Bot<Game> for FirstFree {
    fn name(&self) -> String {
        "first-free".into()
    }
    fn act(&mut self, game: &Game, state: &State, player: usize) -> Action {
        let mut action = Action::new();
        for k in state.bikes_of(player as u8) {
            if !state.must_move(k) {
                continue;
            }
            let at = state.bike(k).vertex as usize;
            if let Some(&to) = game
                .board()
                .neighbours(at)
                .iter()
                .find(|&&v| state.wall(v as usize).is_none())
            {
                action.push(Movement::new(k, to as usize));
            }
        }
        action
    }
}

/// A two-player game of 20 rounds on the 6×6×6 cube.
fn game() -> Game {
    let config = Config {
        nb_players: 2,
        nb_rounds: 20,
        ..Preset::Cube.config()
    };
    Game::new(Preset::Cube.board(), config).unwrap()
}

/// A temporary folder of its own for `name`.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arena-tron3d-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Plays two games (each seat once) of `script` (a shell command line) against [`FirstFree`],
/// the program's standard error to `stderr/g<index>` when given.
fn play(script: &'static str, stderr: Option<PathBuf>) -> arena::Report {
    let program = Entry::seated("program", move |_: &Game, seat: arena::Seat| {
        let mut bot = ProgramBot::new("program", vec!["sh".into(), "-c".into(), script.into()])
            // Generous for a busy machine: only the silent program waits it out.
            .turn_limit(Duration::from_secs(2))
            .startup_grace(Duration::ZERO)
            // The well-behaved script exits as soon as its input closes.
            .exit_grace(Duration::from_secs(60));
        if let Some(dir) = &stderr {
            bot = bot.stderr_to(dir.join(format!("g{}", seat.game)));
        }
        Ok(Box::new(bot) as Box<dyn Bot<Game>>)
    });
    Tournament::new(game())
        .entry(program)
        .bot(FirstFree)
        .games(2)
        .run()
        .unwrap()
}

fn check_faults(script: &'static str, kind: &str) {
    let report = play(script, None);
    assert_eq!(report.results.records.len(), 2, "both games finished");
    for record in &report.results.records {
        let seat = record.seats.iter().position(|&e| e == 0).unwrap();
        let fault = record.faults[seat].as_deref().unwrap_or("none");
        assert!(fault.starts_with(kind), "{script}: {fault}");
        assert!(fault.contains("round 0"), "{fault}");
        assert!(record.faults[1 - seat].is_none());
        // No commands from round 0 on: its bikes explode in the first round and score nothing.
        assert_eq!(record.scores[seat], 0.0, "{record:?}");
        assert!(record.scores[1 - seat] > 0.0, "{record:?}");
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
fn a_program_that_answers_garbage_gets_a_fault() {
    check_faults("echo left; exec cat > /dev/null", "garbage");
    check_faults("echo moves 0 1; exec cat > /dev/null", "garbage");
}

#[test]
fn a_program_that_plays_the_protocol_sees_every_round_and_the_end() {
    // Echoes what it reads to its standard error and answers each round with no command.
    let dir = temp_dir("transcript");
    let report = play(
        "while read -r line; do echo \"$line\" >&2; \
         case \"$line\" in round*) echo moves;; esac; done",
        Some(dir.clone()),
    );
    assert!(report.results.records.iter().all(|r| r.faults.is_empty()));
    for record in &report.results.records {
        let seat = record.seats.iter().position(|&e| e == 0).unwrap();
        let text = std::fs::read_to_string(dir.join(format!("g{}", record.index))).unwrap();
        assert!(
            text.starts_with(&format!("tron3d-protocol 1\nme {seat}\nnb_players 2\n")),
            "{text}"
        );
        // Every round is shown, bikes dead or not.
        for round in 0..20 {
            assert!(text.contains(&format!("\nround {round}\n")), "{round}");
        }
        let scores: Vec<String> = record.scores.iter().map(|s| s.to_string()).collect();
        assert!(
            text.ends_with(&format!("\nend {}\n", scores.join(" "))),
            "{text}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
