//! A referee for real player programs, as the CodeCup judge ran them: each program is a child
//! process; on its turn it gets (`Start` on Red's first turn) the 4 corridor lines and the
//! distance on stdin and must answer one move line on stdout within the time limit. A crash,
//! closed pipe, timeout, or bad line hands the player to the jury (`T` every turn, score 0), the
//! program is killed, and the game goes on. After sudden death both programs get `Quit`; after a
//! normal end they are expected to exit by themselves (rules doc §4, A11).

use std::time::Duration;

use amazes::{Action, End, Event, Fault, Game, Outcome, Player, Pose};
use arena::program::{Answer, Program};

/// A player program: a running one (`arena::program::Program`, the one program shape of every
/// game), or none when it could not be started (every turn is then a crash).
struct Seat(Option<Program>);

impl Seat {
    fn send(&mut self, text: &str) -> bool {
        self.0.as_mut().is_some_and(|program| program.send(text))
    }

    /// One answer within `limit`, as an action.
    fn answer(&mut self, limit: Duration) -> Action {
        let Some(program) = self.0.as_mut() else {
            return Action::Fault(Fault::Crash);
        };
        match program.answer(limit) {
            Answer::Line(text) => Action::from_line(&text),
            Answer::TooLong(n) => Action::Fault(Fault::TooLong(n)),
            Answer::Closed => Action::Fault(Fault::Crash),
            Answer::Timeout => Action::Fault(Fault::Timeout),
        }
    }

    fn kill(&mut self) {
        if let Some(program) = self.0.as_mut() {
            program.kill();
        }
    }

    fn finish(&mut self, grace: Duration) {
        if let Some(program) = self.0.as_mut() {
            program.finish(grace);
        }
    }
}

/// Referee settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// Time a program has for one answer (the 2010 limit is unknown: rules doc A7).
    pub turn_limit: Duration,
    /// How long programs may take to exit at the end before they are killed.
    pub exit_grace: Duration,
    /// Programs run in the arena's sandbox (`arena::program::contain`; the default); they are
    /// contained and limited either way.
    pub sandbox: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            turn_limit: Duration::from_secs(1),
            exit_grace: Duration::from_millis(500),
            sandbox: true,
        }
    }
}

/// The result of a refereed game.
#[derive(Debug, Clone)]
pub struct Report {
    /// Scores, end and faults.
    pub outcome: Outcome,
    /// Every turn, in order.
    pub events: Vec<Event>,
    /// The start poses.
    pub starts: [Pose; 2],
}

/// Runs one game between two programs (`commands[0]` is Red). Never panics or hangs on a
/// misbehaving program; a program that cannot be started plays as if it crashed at once.
pub fn run_game(
    game: &Game,
    starts: [Pose; 2],
    commands: [&[String]; 2],
    settings: Settings,
) -> crate::Result<Report> {
    let mut state = game
        .initial_state_with(starts)
        .map_err(|e| crate::Error::engine("amazes starts", e))?;
    let containment = arena::program::Containment {
        sandbox: settings.sandbox,
        ..arena::program::Containment::default()
    };
    let mut programs = commands.map(|command| {
        let start = arena::program::Start {
            command,
            seat: None,
            port: None,
            extra_args: &[],
            output: arena::program::contain::Output::Piped,
            stderr: None,
        };
        Seat(Program::start(&containment, &start).ok())
    });
    let mut events = Vec::new();
    while state.end().is_none() {
        let p = state.to_move();
        let program = &mut programs[p.index()];
        let action = if state.fault(p).is_some() {
            // The jury plays; the program is no longer asked.
            Action::Fault(Fault::Crash)
        } else {
            let mut text = String::new();
            if state.is_start() {
                text.push_str("Start\n");
            }
            text.push_str(&game.observe(&state, state.to_move().index()).to_string());
            if program.send(&text) {
                program.answer(settings.turn_limit)
            } else {
                Action::Fault(Fault::Crash)
            }
        };
        if let Action::Fault(_) = action {
            program.kill();
        }
        events.push(game.advance_action(&mut state, &action));
    }
    if let Some(End::SuddenDeath { .. }) = state.end() {
        for p in Player::BOTH {
            programs[p.index()].send("Quit\n");
        }
    }
    for program in &mut programs {
        program.finish(settings.exit_grace);
    }
    let outcome = game
        .outcome(&state)
        .ok_or(crate::Error::NotEnded { game: "amazes" })?;
    Ok(Report {
        outcome,
        events,
        starts,
    })
}
