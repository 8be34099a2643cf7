//! [`Playable`] for [`dogfight::Game`]: the `play` command's view of dogfight, and the adapter
//! that lets every dogfight bot (the crate's own [`dogfight::Bot`] shape, which external
//! programs behind the wrapper protocol also have) play as an [`examples::bot::Bot`](Bot).

use std::path::Path;

use dogfight::trace::{MAX_FILE_BYTES, read_jsonl};
use dogfight::{Action, Game, Outcome, Side, State};

use super::bots;
use crate::bot::Bot;
use crate::playable::{Playable, Recording};

/// Builds a fresh seeded bot for each game.
type Factory = fn(u64) -> Box<dyn dogfight::Bot>;

/// A [`dogfight::Bot`] as a workspace [`Bot`]: it is shown the observation (its own planes
/// first, so it plays as [`Side::P1`] of that view, exactly as through the wrapper protocol) and
/// its action is the player's action.
pub struct Adapter {
    name: String,
    bot: Box<dyn dogfight::Bot>,
    /// For seeded bots: a fresh bot per game from the game's seed.
    factory: Option<Factory>,
    fights: u32,
}

impl Adapter {
    /// Wraps `bot` under `name`; with `factory`, each new game starts a fresh bot from its seed.
    pub fn new(name: &str, bot: Box<dyn dogfight::Bot>, factory: Option<Factory>) -> Adapter {
        Adapter {
            name: name.to_owned(),
            bot,
            factory,
            fights: 0,
        }
    }
}

impl Bot<Game> for Adapter {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, game: &Game, _player: usize, seed: u64) {
        if let Some(factory) = self.factory {
            self.bot = factory(seed);
        }
        self.bot.new_fight(game, self.fights, 0, 0);
        self.fights += 1;
    }

    fn act(&mut self, game: &Game, observation: &State, _player: usize) -> Action {
        self.bot.act(game, observation, Side::P1)
    }
}

fn factory(name: &str) -> Option<Factory> {
    match name {
        "search" => Some(|seed| Box::new(bots::MctsBot::new(seed))),
        "search-classic" => Some(|seed| Box::new(bots::SearchBot::new(seed))),
        "random" => Some(|seed| Box::new(bots::RandomBot::new(seed))),
        "fast-random" => Some(|seed| Box::new(bots::FastDumbPlanes::new(seed))),
        _ => None,
    }
}

impl Playable for Game {
    const NAME: &'static str = "dogfight";

    fn bot_names() -> &'static [(&'static str, &'static str)] {
        &bots::BOTS
    }

    fn bot(&self, name: &str) -> Result<Box<dyn Bot<Game>>, String> {
        let bot = bots::bot(name, 0, self)?;
        Ok(Box::new(Adapter::new(name, bot, factory(name))))
    }

    /// The fight score of the original tournament: 1 for the winner, 0 otherwise.
    fn scores(&self, outcome: &Outcome) -> Vec<f64> {
        Side::BOTH
            .iter()
            .map(|&side| f64::from(outcome.fight_score(side)))
            .collect()
    }

    fn ranks(&self, outcome: &Outcome) -> Vec<u32> {
        outcome.ranks().map(u32::from).to_vec()
    }

    /// Planes still flying per side.
    fn current_scores(&self, state: &State) -> Vec<f64> {
        Side::BOTH
            .iter()
            .map(|&side| f64::from(state.alive(side)))
            .collect()
    }

    fn render_svg(&self, state: &State, out: &mut String) {
        dogfight::svg::render(self, state, out);
    }

    /// The first trace of a golden-format JSON-lines file (at most `trace::MAX_FILE_BYTES`).
    fn load_recording(path: &Path) -> Result<Recording<Game>, String> {
        let name = path.display();
        let bytes = std::fs::metadata(path)
            .map_err(|e| format!("{name}: {e}"))?
            .len();
        if bytes > MAX_FILE_BYTES {
            return Err(format!(
                "{name}: {bytes} bytes, more than the limit of {MAX_FILE_BYTES}"
            ));
        }
        let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
        let traces = read_jsonl(&text).map_err(|e| format!("{name}: {e}"))?;
        let trace = traces
            .into_iter()
            .next()
            .ok_or_else(|| format!("{name}: no trace in the file"))?;
        let game = trace.game().map_err(|e| format!("{name}: {e}"))?;
        let mut states = vec![State::new(trace.initial)];
        states.extend(
            trace
                .turns
                .iter()
                .map(|turn| State::new(turn.state).with_round(turn.round)),
        );
        Recording {
            game,
            names: vec!["p1".into(), "p2".into()],
            states,
        }
        .validated(&name.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bots_play_through_the_contract_and_recordings_load() {
        let game = Game::default();
        let mut search = game.bot("search").unwrap();
        let mut random = game.bot("random").unwrap();
        assert!(game.bot("nobody").is_err());
        search.new_game(&game, 0, 1);
        random.new_game(&game, 1, 2);
        let mut state = pathfind::tree::Game::initial_state(&game, 0);
        let mut trace = dogfight::trace::Trace::new("contract", &game, state);
        while !game.is_terminal(&state) {
            let joint = [
                search.act(&game, &game.observe(&state, Side::P1), 0),
                random.act(&game, &game.observe(&state, Side::P2), 1),
            ];
            let before = state;
            let events = pathfind::tree::Game::advance(&game, &mut state, &joint);
            trace.push(&dogfight::bot::Round {
                before,
                actions: dogfight::Actions::new(joint[0], joint[1]),
                events,
                after: state,
            });
        }
        let outcome = game.outcome(&state).unwrap();
        trace.finish(Some(outcome));
        assert_eq!(game.ranks(&outcome).len(), 2);
        let path = std::env::temp_dir().join(format!("dogfight-rec-{}.jsonl", std::process::id()));
        std::fs::write(&path, trace.to_json()).unwrap();
        let recording = Game::load_recording(&path).unwrap();
        // Issue 22: a recorded state with a live plane outside the arena is refused, named.
        let mut hostile = dogfight::trace::Trace::new("hostile", &game, state);
        let mut planes = state.planes();
        planes[1].alive = true;
        planes[1].pos = dogfight::Pos::new(100, 0, 0);
        hostile.initial = planes;
        std::fs::write(&path, hostile.to_json()).unwrap();
        let error = Game::load_recording(&path).unwrap_err();
        assert!(
            error.ends_with("state 0: invalid state: planes[1].pos is [100, 0, 0], expected a cell of the 14³ arena for a live plane"),
            "{error}"
        );
        std::fs::remove_file(&path).unwrap();
        assert_eq!(recording.states.last(), Some(&state));
        assert_eq!(recording.states.len(), usize::from(state.round) + 1);
        let mut svg = String::new();
        game.render_svg(&state, &mut svg);
        assert!(svg.starts_with("<svg"));
        assert_eq!(game.current_scores(&state).len(), 2);
    }
}
