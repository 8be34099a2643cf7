//! Tron3D for the `play` command: its bots by name, scores and 1-based
//! ranks, SVG pictures (`tron3d::svg`) and recorded `.t3d` games (`tron3d::replay::load`, which
//! finds the board each game was played on).

use std::path::Path;

use tron3d::{Game, Outcome, State};

use super::bots::{Demo, Null, Search, TREE_ITERATIONS};
use super::tree_bot::TreeBot;
use crate::bot::Bot;
use crate::playable::{Playable, Recording};

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
        match name {
            "search" => Ok(Box::new(Search::new())),
            "tree" => Ok(Box::new(TreeBot::new(TREE_ITERATIONS))),
            // Seeded for real by `Bot::new_game`.
            "demo" => Ok(Box::new(Demo::new(0))),
            "null" => Ok(Box::new(Null)),
            _ => {
                let known: Vec<&str> = Self::bot_names().iter().map(|(n, _)| *n).collect();
                Err(format!(
                    "unknown bot {name:?}; the bots are {}",
                    known.join(", ")
                ))
            }
        }
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
        Recording {
            game,
            names: record.names,
            states,
        }
        .validated(&path.display().to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tron3d::{Actions, PlayerId, Preset};

    #[test]
    fn bots_play_through_the_contract_and_recordings_load() {
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
