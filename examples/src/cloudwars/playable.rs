//! CloudWars as the `play` command runs, tabulates, draws and replays it.

use std::path::Path;

use cloudwars::replay::Scenario;
use cloudwars::{Game, Outcome, Setup, State, WorldParams};

use super::bots::{Greedy, Search, SearchClassic};
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
        Ok(Recording {
            game,
            names,
            states,
        })
    }
}
