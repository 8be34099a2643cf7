//! CloudWars as the `play` command runs, tabulates, draws and replays it: the engine's [`Game`]
//! (the viewer's, and any bot's), and [`Match`], the two-player game `play cloudwars` plays.

use std::path::Path;

use cloudwars::replay::Scenario;
use cloudwars::{Game, Outcome, Setup, State, WorldParams};

use super::bots::{Greedy, Search, SearchClassic};
use super::{GameResult, Match};
use crate::bot::Bot;
use crate::playable::{Playable, Recording};

impl Playable for Game {
    const NAME: &'static str = "cloudwars";

    fn bot_names() -> &'static [(&'static str, &'static str)] {
        &[
            (
                "greedy",
                "chases the nearest smaller cloud, flees bigger ones",
            ),
            (
                "search",
                "decoupled UCT (pathfind::tree) over 6-iteration decisions, greedy playouts",
            ),
            (
                "search-classic",
                "simulates 18 candidate winds 30 iterations ahead with the engine",
            ),
        ]
    }

    fn bot(&self, name: &str) -> Result<Box<dyn Bot<Game>>, String> {
        match name {
            "greedy" => Ok(Box::new(Greedy)),
            "search" => Ok(Box::new(Search::default())),
            "search-classic" => Ok(Box::new(SearchClassic::default())),
            other => Err(format!(
                "unknown cloudwars bot {other:?} (known: {})",
                Self::bot_names()
                    .iter()
                    .map(|(n, _)| *n)
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    }

    fn scores(&self, outcome: &Outcome) -> Vec<f64> {
        outcome.vapors.iter().map(|&v| f64::from(v)).collect()
    }

    fn ranks(&self, outcome: &Outcome) -> Vec<u32> {
        outcome.ranks.clone()
    }

    fn current_scores(&self, state: &State) -> Vec<f64> {
        (0..state.players().len())
            .map(|i| {
                state
                    .cloud_of(cloudwars::PlayerId(i as u8))
                    .map_or(0.0, |c| f64::from(c.vapor))
            })
            .collect()
    }

    fn render_svg(&self, state: &State, out: &mut String) {
        cloudwars::svg::render(self, state, out);
    }

    /// Reads a golden scenario (`*.scenario.json`, or its `*.trace.jsonl`: the scenario beside it
    /// is read) and replays its commands: every state from the initial one to the last update.
    fn load_recording(path: &Path) -> Result<Recording<Game>, String> {
        let name = path.to_string_lossy();
        let stem = name
            .strip_suffix(".scenario.json")
            .or_else(|| name.strip_suffix(".trace.jsonl"))
            .ok_or_else(|| format!("{name}: not a cloudwars scenario (*.scenario.json)"))?;
        let file = format!("{stem}.scenario.json");
        let text = std::fs::read_to_string(&file).map_err(|e| format!("{file}: {e}"))?;
        let scenario = Scenario::parse(&text).map_err(|e| format!("{file}: {e}"))?;
        let players = scenario
            .clouds
            .iter()
            .filter(|c| c.player.is_some())
            .count();
        let setup = Setup {
            params: WorldParams {
                rainclouds: 0,
                ..WorldParams::default()
            },
            players: players.max(1),
            ..Setup::default()
        };
        let game = Game::with_setup(scenario.config, setup).map_err(|e| format!("{file}: {e}"))?;
        let mut state = game
            .world_from_clouds(&scenario.clouds, 0)
            .map_err(|e| format!("{file}: {e}"))?;
        let names = state.players().iter().map(|p| p.name.clone()).collect();
        let mut states = vec![state.clone()];
        let mut next = 0;
        for iter in 0..scenario.iterations {
            while let Some(cmd) = scenario.commands.get(next).filter(|c| c.at == iter) {
                if let Some(id) = state.player_by_name(&cmd.player) {
                    let _ = game.apply(&mut state, id, cmd.action);
                }
                next += 1;
            }
            game.update(&mut state);
            states.push(state.clone());
        }
        Recording {
            game,
            names,
            states,
        }
        .validated(&file)
    }
}

/// A bot of the engine playing a [`Match`]: it is handed the match's engine.
struct OnMatch(Box<dyn Bot<Game>>);

impl Bot<Match> for OnMatch {
    fn name(&self) -> String {
        self.0.name()
    }

    fn new_game(&mut self, game: &Match, player: usize, seed: u64) {
        self.0.new_game(game.game(), player, seed);
    }

    fn act(&mut self, game: &Match, observation: &State, player: usize) -> cloudwars::Action {
        self.0.act(game.game(), observation, player)
    }
}

/// The match's bots are the engine's; scores are the final vapors.
impl Playable for Match {
    const NAME: &'static str = Game::NAME;

    fn bot_names() -> &'static [(&'static str, &'static str)] {
        Game::bot_names()
    }

    fn bot(&self, name: &str) -> Result<Box<dyn Bot<Match>>, String> {
        let bot = self.game().bot(name)?;
        Ok(Box::new(OnMatch(bot)))
    }

    fn scores(&self, outcome: &GameResult) -> Vec<f64> {
        outcome.vapors.iter().map(|&v| f64::from(v)).collect()
    }

    fn ranks(&self, outcome: &GameResult) -> Vec<u32> {
        outcome.ranks()
    }

    fn current_scores(&self, state: &State) -> Vec<f64> {
        self.game().current_scores(state)
    }

    fn render_svg(&self, state: &State, out: &mut String) {
        self.game().render_svg(state, out);
    }

    /// A recorded game, as [`Game`] reads it, in a match of one iteration per step that no
    /// iteration limit ends.
    fn load_recording(path: &Path) -> Result<Recording<Match>, String> {
        let recording = Game::load_recording(path)?;
        let players = recording.game.players();
        if players != 2 {
            return Err(format!(
                "{}: a match has 2 players; the recording has {players}",
                path.display()
            ));
        }
        Ok(Recording {
            game: Match {
                game: recording.game,
                params: WorldParams::default(),
                every: 1,
                max_iterations: u64::MAX,
            },
            names: recording.names,
            states: recording.states,
        })
    }
}
