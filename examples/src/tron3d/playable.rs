//! Tron3D for the `play` command: its bots on the shared [`Bot`] shape, scores and 1-based
//! ranks, SVG pictures (`tron3d::svg`) and recorded `.t3d` games (`tron3d::replay::load`, which
//! finds the board each game was played on).

use std::path::Path;

use tron3d::{Action, Actions, Game, Outcome, PlayerId, State};

use super::bots;
use crate::bot::Bot;
use crate::playable::{Playable, Recording};

/// One of the example bots ([`bots::make`]) as a [`Bot`] of the game contract: rebuilt with the
/// game's seed at each new game, its commands for one round collected into one [`Action`].
pub struct KitBot {
    name: &'static str,
    inner: Box<dyn bots::Bot>,
    actions: Actions,
}

impl KitBot {
    /// The bot called `name` (one of [`bots::NAMES`]).
    pub fn new(name: &str) -> Result<KitBot, String> {
        let known = bots::NAMES.iter().find(|&&n| n == name).ok_or_else(|| {
            format!(
                "unknown bot {name:?}; the bots are {}",
                bots::NAMES.join(", ")
            )
        })?;
        let inner = bots::make(known, 0).ok_or_else(|| format!("unknown bot {name:?}"))?;
        Ok(KitBot {
            name: known,
            inner,
            actions: Actions::new(),
        })
    }
}

impl Bot<Game> for KitBot {
    fn name(&self) -> String {
        self.name.to_owned()
    }

    fn new_game(&mut self, _game: &Game, _player: usize, seed: u64) {
        if let Some(inner) = bots::make(self.name, seed) {
            self.inner = inner;
        }
    }

    fn act(&mut self, game: &Game, state: &State, player: usize) -> Action {
        self.actions.clear();
        let player = player as PlayerId;
        self.inner.play(game, state, player, &mut self.actions);
        Action::of(self.actions.commands(player))
    }
}

impl Playable for Game {
    const NAME: &'static str = "tron3d";

    fn bot_names() -> &'static [(&'static str, &'static str)] {
        &[
            (
                "search",
                "joint bike moves scored by Voronoi territory, dead ends and items",
            ),
            (
                "tree",
                "flat Monte Carlo on pathfind::tree over joint bike moves, Voronoi returns",
            ),
            ("demo", "the original kit's Demo: a random free neighbour"),
            ("null", "the original kit's Null: commands nothing"),
        ]
    }

    fn bot(&self, name: &str) -> Result<Box<dyn Bot<Self>>, String> {
        Ok(Box::new(KitBot::new(name)?))
    }

    fn scores(&self, outcome: &Outcome) -> Vec<f64> {
        outcome.scores.iter().map(|&s| f64::from(s)).collect()
    }

    fn ranks(&self, outcome: &Outcome) -> Vec<u32> {
        outcome.ranks.iter().map(|&r| r as u32).collect()
    }

    fn current_scores(&self, state: &State) -> Vec<f64> {
        state.scores().iter().map(|&s| f64::from(s)).collect()
    }

    fn render_svg(&self, state: &State, out: &mut String) {
        tron3d::svg::render(self, state, out);
    }

    fn load_recording(path: &Path) -> Result<Recording<Self>, String> {
        let (game, record, states) = tron3d::replay::load(path).map_err(|e| e.to_string())?;
        Ok(Recording {
            game,
            names: record.names,
            states,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tron3d::Preset;

    #[test]
    fn kit_bots_play_through_the_contract_and_recordings_load() {
        let game = Game::new(Preset::Grid.board(), Preset::Grid.config()).unwrap();
        assert!(game.bot("nobody").is_err());
        let mut bots: Vec<Box<dyn Bot<Game>>> = ["search", "demo", "demo", "null"]
            .iter()
            .map(|n| game.bot(n).unwrap())
            .collect();
        for (p, bot) in bots.iter_mut().enumerate() {
            bot.new_game(&game, p, 9);
        }
        let mut state = game.initial_state(9);
        let mut recorder =
            tron3d::Recorder::new(&game, &["a", "b", "c", "d"].map(String::from), &state);
        let mut joint = Vec::new();
        while !game.is_terminal(&state) {
            joint.clear();
            for (p, bot) in bots.iter_mut().enumerate() {
                joint.push(bot.act(&game, &state, p));
            }
            let mut actions = Actions::new();
            for (p, action) in joint.iter().enumerate() {
                for m in action.moves() {
                    actions.push(p as PlayerId, *m);
                }
            }
            let events = game.advance(&mut state, &joint);
            recorder.record(&game, &actions, &events, &state);
        }
        let outcome = game.outcome(&state).unwrap();
        assert_eq!(game.ranks(&outcome).len(), 4);
        assert_eq!(game.scores(&outcome), game.current_scores(&state));
        // Null's bikes die at once: it ends last.
        assert_eq!(game.ranks(&outcome)[3], 4);
        let dir = std::env::temp_dir().join(format!("tron3d-playable-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("g.t3d");
        std::fs::write(&path, recorder.finish().write()).unwrap();
        let recording = Game::load_recording(&path).unwrap();
        assert_eq!(recording.states.len(), 181);
        // The same game (only the generator differs: the recording holds the chance outcomes).
        let last = recording.states.last().unwrap();
        assert_eq!(last.scores(), state.scores());
        assert_eq!(last.bikes(), state.bikes());
        assert_eq!(last.walls(), state.walls());
        let mut svg = String::new();
        recording.game.render_svg(&recording.states[100], &mut svg);
        assert!(svg.starts_with("<svg"));
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(Game::load_recording(&dir.join("missing.t3d")).is_err());
    }
}
