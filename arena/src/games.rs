//! [`Playable`] for the five games' `Game` types: names, current scores, pictures (each crate's
//! `svg` module) and recorded games (each crate's golden trace formats, as `play view` reads them).

#![allow(unused_imports)] // with only some games enabled

use std::path::Path;

use crate::playable::{Playable, Recording, RecordingError};

/// The text of the recording at `path`, of at most `limit` bytes, counted as it is read
/// (`pathfind::replay::read_limited`): a device or a pipe, whose reported size is 0, is refused
/// as [`RecordingError::TooLarge`] like a large file, never read until memory runs out.
#[cfg(any(feature = "dogfight", feature = "cloudwars", feature = "amazes"))]
fn read_recording(path: &Path, limit: u64) -> Result<String, RecordingError> {
    pathfind::replay::read_limited(path, limit).map_err(|e| RecordingError::from_verify(path, e))
}

/// Dogfight: scores are the original tournament's fight scores; a running fight's score is the
/// planes still flying per side.
#[cfg(feature = "dogfight")]
impl Playable for dogfight::Game {
    const NAME: &'static str = "dogfight";

    fn current_scores(&self, state: &dogfight::State) -> Vec<f64> {
        dogfight::Side::BOTH
            .iter()
            .map(|&side| f64::from(state.alive(side)))
            .collect()
    }

    fn render_svg(&self, state: &dogfight::State, out: &mut String) {
        dogfight::svg::render(self, state, out);
    }

    /// The first trace of a golden-format JSON-lines file (at most `trace::MAX_FILE_BYTES`).
    fn load_recording(path: &Path) -> Result<Recording<Self>, RecordingError> {
        use dogfight::trace::{MAX_FILE_BYTES, read_jsonl};
        let error = |e: Box<dyn std::error::Error + Send + Sync>| RecordingError::read(path, e);
        let text = read_recording(path, MAX_FILE_BYTES)?;
        let traces = read_jsonl(&text).map_err(|e| error(e.into()))?;
        let trace = traces
            .into_iter()
            .next()
            .ok_or_else(|| error("no trace in the file".into()))?;
        let game = trace.game().map_err(|e| error(e.into()))?;
        let mut states = vec![dogfight::State::new(trace.initial)];
        states.extend(
            trace
                .turns
                .iter()
                .map(|turn| dogfight::State::new(turn.state).with_round(turn.round)),
        );
        Recording {
            game,
            names: vec!["p1".into(), "p2".into()],
            states,
        }
        .validated(path)
    }
}

/// Tron3D: `.t3d` recordings (`tron3d::replay::load`, which finds the board each game was played on).
#[cfg(feature = "tron3d")]
impl Playable for tron3d::Game {
    const NAME: &'static str = "tron3d";

    fn current_scores(&self, state: &tron3d::State) -> Vec<f64> {
        state.scores().iter().map(|&s| f64::from(s)).collect()
    }

    fn render_svg(&self, state: &tron3d::State, out: &mut String) {
        tron3d::svg::render(self, state, out);
    }

    fn load_recording(path: &Path) -> Result<Recording<Self>, RecordingError> {
        let (game, record, states) =
            tron3d::replay::load(path).map_err(|e| RecordingError::from_verify(path, e))?;
        Recording {
            game,
            names: record.names,
            states,
        }
        .validated(path)
    }
}

/// CloudWars on the engine's own terms (any number of players); a running game's score is each
/// player's vapor.
#[cfg(feature = "cloudwars")]
impl Playable for cloudwars::Game {
    const NAME: &'static str = "cloudwars";

    fn current_scores(&self, state: &cloudwars::State) -> Vec<f64> {
        (0..state.players().len())
            .map(|i| {
                state
                    .cloud_of(cloudwars::PlayerId(i as u8))
                    .map_or(0.0, |c| f64::from(c.vapor))
            })
            .collect()
    }

    fn render_svg(&self, state: &cloudwars::State, out: &mut String) {
        cloudwars::svg::render(self, state, out);
    }

    /// The colour the player chose (its storm's fill on the board).
    fn player_colour(&self, state: &cloudwars::State, player: usize) -> String {
        match state.players().get(player) {
            Some(p) => cloudwars::svg::fill(p.color).to_owned(),
            None => pathfind::palette::player_colour(player).to_owned(),
        }
    }

    /// Reads a golden scenario (`*.scenario.json`, or its `*.trace.jsonl`: the scenario beside it
    /// is read) and replays its commands: every state from the initial one to the last update.
    fn load_recording(path: &Path) -> Result<Recording<Self>, RecordingError> {
        use cloudwars::replay::Scenario;
        use cloudwars::{Setup, WorldParams};
        let name = path.to_string_lossy();
        let stem = name
            .strip_suffix(".scenario.json")
            .or_else(|| name.strip_suffix(".trace.jsonl"))
            .ok_or_else(|| {
                RecordingError::read(path, "not a cloudwars scenario (*.scenario.json)")
            })?;
        let file = std::path::PathBuf::from(format!("{stem}.scenario.json"));
        let error = |e: String| RecordingError::read(&file, e);
        let text = read_recording(&file, cloudwars::replay::MAX_FILE_BYTES)?;
        let scenario = Scenario::parse(&text).map_err(|e| error(e.to_string()))?;
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
        let game = cloudwars::Game::with_setup(scenario.config, setup)
            .map_err(|e| error(e.to_string()))?;
        let mut state = game
            .world_from_clouds(&scenario.clouds, 0)
            .map_err(|e| error(e.to_string()))?;
        let names = state.players().iter().map(|p| p.name.clone()).collect();
        let mut states = vec![state.clone()];
        cloudwars::replay::play_commands(
            &game,
            &mut state,
            &scenario.commands,
            scenario.iterations,
            |s| states.push(s.clone()),
        );
        Recording {
            game,
            names,
            states,
        }
        .validated(path)
    }
}

/// Amazes: a running game's score is each player's points so far.
#[cfg(feature = "amazes")]
impl Playable for amazes::Game {
    const NAME: &'static str = "amazes";

    fn current_scores(&self, state: &amazes::State) -> Vec<f64> {
        amazes::Player::BOTH
            .iter()
            .map(|&p| f64::from(state.points(p)))
            .collect()
    }

    fn render_svg(&self, state: &amazes::State, out: &mut String) {
        amazes::svg::render(self, state, out);
    }

    /// Reads a single-player golden trace (`golden_trace_<maze>.tsv`, its maze `<maze>.txt`
    /// beside it): Red plays the recorded lines from the recorded start; Blue, which the trace
    /// does not have, starts on the first valid pose far enough away and steps back and forth
    /// (`T`), so Red's walk, views and discoveries are the recorded ones.
    fn load_recording(path: &Path) -> Result<Recording<Self>, RecordingError> {
        use amazes::trace::parse_trace;
        use amazes::{Action, Config, MazeFile, MoveLine};
        let err = |e: String| RecordingError::read(path, e);
        let text = read_recording(path, amazes::trace::MAX_TRACE_FILE)?;
        let name = path.display().to_string();
        let turns = parse_trace(&name, &text).map_err(|e| err(e.to_string()))?;
        let first = turns
            .first()
            .ok_or_else(|| err("no turn recorded".into()))?;
        let maze_name = path
            .file_name()
            .and_then(|f| f.to_str())
            .and_then(|f| f.strip_prefix("golden_trace_"))
            .and_then(|f| f.strip_suffix(".tsv"))
            .ok_or_else(|| err("not named golden_trace_<maze>.tsv".into()))?;
        let maze_path = path.with_file_name(format!("{maze_name}.txt"));
        let maze_err = |e: String| RecordingError::read(&maze_path, e);
        let maze_text = std::fs::read_to_string(&maze_path).map_err(|e| maze_err(e.to_string()))?;
        let file = MazeFile::parse(&maze_text).map_err(|e| maze_err(e.to_string()))?;
        let config = Config {
            size: file.maze.size(),
            turns: turns.len().clamp(1, amazes::MAX_TURNS as usize) as u16,
            ..Config::default()
        };
        let game = amazes::Game::new(file.maze, config).map_err(|e| err(e.to_string()))?;
        let starts = amazes::valid_start_pairs(game.maze(), config.min_start_distance2)
            .find(|s| s[0] == first.pose)
            .ok_or_else(|| err("the recorded start has no valid opponent pose".into()))?;
        let mut state = game
            .initial_state_with(starts)
            .map_err(|e| err(e.to_string()))?;
        let mut states = vec![state.clone()];
        let back = Action::Moves(MoveLine::JURY);
        for t in &turns {
            if game.is_terminal(&state) {
                break;
            }
            game.advance_action(&mut state, &Action::from_line(&t.moves));
            states.push(state.clone());
            if !game.is_terminal(&state) {
                game.advance_action(&mut state, &back);
                states.push(state.clone());
            }
        }
        Recording {
            game,
            names: vec!["trace".into(), "T".into()],
            states,
        }
        .validated(path)
    }
}

/// A Windward recording keeps one state per this many ticks (the original's status cadence), so a
/// round of ~34,000 ticks holds a few hundred states.
#[cfg(feature = "windward")]
pub const WINDWARD_RECORDING_STRIDE: u32 = 97;

/// Windward: every player is told every tick's status messages (the built-in AI and the planner
/// react to them), so the runner lets every bot hear them.
#[cfg(feature = "windward")]
impl Playable for windward::Game {
    const NAME: &'static str = "windward";
    const PUBLIC_EVENTS: bool = true;

    /// Refills the observation's buffers (`windward::Game::observe_into`): a copy of the state,
    /// no allocation.
    fn observe_into<'a>(
        &self,
        state: &windward::State,
        player: usize,
        slot: &'a mut Option<windward::Observation>,
    ) -> &'a windward::Observation {
        let viewer = windward::PlayerId(player.min(usize::from(u8::MAX)) as u8);
        let seen = slot.get_or_insert_with(|| windward::Game::observe(self, state, viewer.index()));
        windward::Game::observe_into(self, state, viewer, seen);
        seen
    }

    fn current_scores(&self, state: &windward::State) -> Vec<f64> {
        (0..windward::NUM_PLAYERS)
            .map(|i| {
                let p = windward::PlayerId(i as u8);
                f64::from(windward::rules::score(
                    state,
                    p,
                    state.players[i].car.tile(),
                ))
            })
            .collect()
    }

    fn render_svg(&self, state: &windward::State, out: &mut String) {
        windward::svg::render(self, state, out);
    }

    /// A golden trace (`.jsonl.gz`, its map in the `maps/` directory beside the trace's
    /// directory), replayed and checked tick by tick; one state per
    /// [`WINDWARD_RECORDING_STRIDE`] ticks and the last.
    fn load_recording(path: &Path) -> Result<Recording<Self>, RecordingError> {
        use windward::tick::replay::{maps_dir_for, replay_file_with};
        let mut game: Option<windward::Game> = None;
        let mut states = Vec::new();
        let mut last = None;
        replay_file_with(path, &maps_dir_for(path), |g, s| {
            if game.is_none() {
                game = Some(g.clone());
            }
            if s.tick % WINDWARD_RECORDING_STRIDE == 0 {
                // (tick 0 is reported twice: the setup, then its recorded checks)
                if states
                    .last()
                    .is_some_and(|l: &windward::State| l.tick == s.tick)
                {
                    states.pop();
                }
                states.push(s.clone());
                last = None;
            } else {
                last = Some(s.clone());
            }
        })
        .map_err(|e| RecordingError::read(path, e.to_string()))?;
        states.extend(last);
        let game = game.ok_or_else(|| RecordingError::read(path, "no state"))?;
        Recording {
            game,
            names: windward::state::PLAYER_NAMES
                .iter()
                .map(|n| n.to_string())
                .collect(),
            states,
        }
        .validated(path)
    }
}
