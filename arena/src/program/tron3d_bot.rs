//! [`ProgramBot`] as a Tron3D player, over [`tron3d::protocol`].

use tron3d::protocol::{self, write_end, write_header, write_round};
use tron3d::{Action, Game, Outcome, PlayerId, State};

use super::{Answer, LINE_LIMIT, ProgramBot};
use crate::bot::Bot;

impl Bot<Game> for ProgramBot {
    fn name(&self) -> String {
        self.name.clone()
    }

    /// Starts the program and sends it the header: the parameters and the map.
    fn new_game(&mut self, game: &Game, player: usize, _seed: u64) {
        self.restart(player);
        let mut text = String::new();
        write_header(&mut text, game, player as PlayerId);
        let sent = self.program.as_mut().is_some_and(|p| p.send(&text));
        if !sent {
            self.faulted("crash: the program's input is closed".to_owned());
        }
    }

    /// Sends the round and reads one `moves` line within the limit. After a fault the program
    /// is gone and the player commands nothing (the kit's `Null`): its bikes explode at their
    /// next required move.
    fn act(&mut self, game: &Game, state: &State, _player: usize) -> Action {
        if self.fault.is_some() {
            return Action::new();
        }
        self.turns += 1;
        let limit = self.limit();
        let Some(program) = self.program.as_mut() else {
            return Action::new();
        };
        let round = state.round();
        let mut text = String::new();
        write_round(&mut text, game, state);
        let fault = if program.send(&text) {
            match program.answer(limit) {
                Answer::Line(line) => match protocol::parse_moves(&line) {
                    Ok(action) => return action,
                    Err(error) => format!("garbage: round {round}: {error}"),
                },
                Answer::TooLong(_) => {
                    format!("flood: round {round}: a line longer than {LINE_LIMIT} bytes")
                }
                Answer::Closed => program.closed_fault(&format!("round {round}")),
                Answer::Timeout => format!("silence: round {round}: no answer within {limit:?}"),
            }
        } else {
            format!("crash: round {round}: the program's input is closed")
        };
        self.faulted(fault);
        Action::new()
    }

    /// Sends `end` and the final scores, closes the program's input and lets it exit.
    fn game_over(&mut self, _game: &Game, outcome: &Outcome, _player: usize) {
        if let Some(program) = self.program.as_mut() {
            let mut text = String::new();
            write_end(&mut text, &outcome.scores);
            program.send(&text);
        }
        self.finish();
    }

    fn fault(&self) -> Option<String> {
        self.fault.clone()
    }
}
