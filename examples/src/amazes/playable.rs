//! Amazes as the `play` command runs, tabulates and draws it.

use std::path::Path;

use amazes::trace::parse_trace;
use amazes::{Action, Config, Game, MazeFile, MoveLine, Outcome, Player, State};

use super::bots::{ExplorerBot, RandomBot, SearchBot};
use crate::bot::Bot;
use crate::playable::{Playable, Recording};

impl Playable for Game {
    const NAME: &'static str = "amazes";

    fn bot_names() -> &'static [(&'static str, &'static str)] {
        &[
            (
                "search",
                "explorer walks judged on mazes sampled from its own map",
            ),
            (
                "explorer",
                "walks known openings to the best next look per character",
            ),
            ("random", "one step in a random open direction"),
        ]
    }

    fn bot(&self, name: &str) -> Result<Box<dyn Bot<Game>>, String> {
        match name {
            "search" => Ok(Box::new(SearchBot::default())),
            "explorer" => Ok(Box::new(ExplorerBot::default())),
            "random" => Ok(Box::new(RandomBot::default())),
            _ => Err(format!(
                "unknown amazes bot {name:?}; the bots are search, explorer, random"
            )),
        }
    }

    fn scores(&self, outcome: &Outcome) -> Vec<f64> {
        outcome.scores.iter().map(|&s| s as f64).collect()
    }

    fn ranks(&self, outcome: &Outcome) -> Vec<u32> {
        outcome.ranks.iter().map(|&r| r as u32).collect()
    }

    fn current_scores(&self, state: &State) -> Vec<f64> {
        Player::BOTH
            .iter()
            .map(|&p| state.points(p) as f64)
            .collect()
    }

    fn render_svg(&self, state: &State, out: &mut String) {
        amazes::svg::render(self, state, out);
    }

    /// Reads a single-player golden trace (`golden_trace_<maze>.tsv`, its maze `<maze>.txt`
    /// beside it): Red plays the recorded lines from the recorded start; Blue, which the trace
    /// does not have, starts on the first valid pose far enough away and steps back and forth
    /// (`T`), so Red's walk, views and discoveries are the recorded ones.
    fn load_recording(path: &Path) -> Result<Recording<Game>, String> {
        let err = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
        let len = std::fs::metadata(path).map_err(|e| err(&e))?.len();
        if len > amazes::trace::MAX_TRACE_FILE {
            return Err(err(&format!(
                "{len} bytes, more than the limit {}",
                amazes::trace::MAX_TRACE_FILE
            )));
        }
        let text = std::fs::read_to_string(path).map_err(|e| err(&e))?;
        let name = path.display().to_string();
        let turns = parse_trace(&name, &text).map_err(|e| e.to_string())?;
        let first = turns.first().ok_or_else(|| err(&"no turn recorded"))?;
        let maze_name = path
            .file_name()
            .and_then(|f| f.to_str())
            .and_then(|f| f.strip_prefix("golden_trace_"))
            .and_then(|f| f.strip_suffix(".tsv"))
            .ok_or_else(|| err(&"not named golden_trace_<maze>.tsv"))?;
        let maze_path = path.with_file_name(format!("{maze_name}.txt"));
        let maze_text = std::fs::read_to_string(&maze_path)
            .map_err(|e| format!("{}: {e}", maze_path.display()))?;
        let file =
            MazeFile::parse(&maze_text).map_err(|e| format!("{}: {e}", maze_path.display()))?;
        let config = Config {
            size: file.maze.size(),
            turns: turns.len().clamp(1, amazes::MAX_TURNS as usize) as u16,
            ..Config::default()
        };
        let game = Game::new(file.maze, config).map_err(|e| err(&e))?;
        let starts = amazes::valid_start_pairs(game.maze(), config.min_start_distance2)
            .find(|s| s[0] == first.pose)
            .ok_or_else(|| err(&"the recorded start has no valid opponent pose"))?;
        let mut state = game.initial_state_with(starts).map_err(|e| err(&e))?;
        let mut states = vec![state.clone()];
        let back = Action::Moves(MoveLine::JURY);
        for t in &turns {
            if game.is_terminal(&state) {
                break;
            }
            game.advance(&mut state, &Action::from_line(&t.moves));
            states.push(state.clone());
            if !game.is_terminal(&state) {
                game.advance(&mut state, &back);
                states.push(state.clone());
            }
        }
        Recording {
            game,
            names: vec!["trace".into(), "T".into()],
            states,
        }
        .validated(&name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bots_by_name_and_a_picture() {
        let file = amazes::mazes::get(0);
        let game = Game::new(file.maze, Config::default()).unwrap();
        for (name, _) in Game::bot_names() {
            assert_eq!(game.bot(name).unwrap().name(), *name);
        }
        assert!(game.bot("nobody").is_err());
        let state = game.initial_state(3);
        let mut svg = String::new();
        game.render_svg(&state, &mut svg);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert_eq!(game.current_scores(&state).len(), 2);
    }

    #[test]
    fn the_golden_trace_loads_with_the_recorded_walk() {
        let Some(dir) = std::env::var_os("CONTEST_DATA") else {
            println!("amazes playable: skipped (CONTEST_DATA unset)");
            return;
        };
        let path = std::path::PathBuf::from(dir).join("amazes/golden_trace_maze01.tsv");
        let rec = Game::load_recording(&path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let turns = parse_trace("t", &text).unwrap();
        assert_eq!(rec.states.len(), 1 + 2 * turns.len());
        // After each of Red's walks, its discovered count is the recorded one.
        for (k, t) in turns.iter().enumerate() {
            let after = &rec.states[2 * k + 1];
            assert_eq!(
                after.knowledge(Player::Red).discovered_count(),
                t.after_moves
            );
        }
        let last = rec.states.last().unwrap();
        assert!(rec.game.outcome(last).is_some());
    }
}
