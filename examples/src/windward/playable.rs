//! Windward for the `play` command: every windward bot by name, scores and ranks of the
//! round's outcome, pictures, and recordings from the golden traces.

use std::path::Path;

use windward::tick::replay::{maps_dir_for, replay_file_with};
use windward::{Game, NUM_PLAYERS, PlayerId, rules};

use crate::bot::Bot;
use crate::playable::{Playable, Recording};

/// A recording keeps one state per this many ticks (the original's status cadence), so a round
/// of ~34,000 ticks holds a few hundred states.
pub const RECORDING_STRIDE: u32 = 97;

impl Playable for Game {
    const NAME: &'static str = "windward";

    /// Every player is told every tick's status messages (the built-in AI and the planner react
    /// to them).
    const PUBLIC_EVENTS: bool = true;

    fn bot_names() -> &'static [(&'static str, &'static str)] {
        &super::bots::BOTS
    }

    fn bot(&self, name: &str) -> Result<Box<dyn Bot<Self>>, String> {
        super::bots::bot(name)
    }

    /// Refills the observation's buffers ([`Game::observe_into`]): a copy of the state, no
    /// allocation.
    fn observe_into<'a>(
        &self,
        state: &windward::State,
        player: usize,
        slot: &'a mut Option<windward::Observation>,
    ) -> &'a windward::Observation {
        let viewer = PlayerId(player.min(usize::from(u8::MAX)) as u8);
        let seen = slot.get_or_insert_with(|| Game::observe(self, state, viewer));
        Game::observe_into(self, state, viewer, seen);
        seen
    }

    fn scores(&self, outcome: &windward::Outcome) -> Vec<f64> {
        outcome.scores.iter().map(|&s| f64::from(s)).collect()
    }

    fn ranks(&self, outcome: &windward::Outcome) -> Vec<u32> {
        outcome.ranks.iter().map(|&r| u32::from(r)).collect()
    }

    fn current_scores(&self, state: &windward::State) -> Vec<f64> {
        (0..NUM_PLAYERS)
            .map(|i| {
                let p = PlayerId(i as u8);
                f64::from(rules::score(state, p, state.players[i].car.tile()))
            })
            .collect()
    }

    fn render_svg(&self, state: &windward::State, out: &mut String) {
        windward::svg::render(self, state, out);
    }

    /// A golden trace (`.jsonl.gz`, its map in the `maps/` directory beside the trace's
    /// directory), replayed and checked tick by tick; one state per [`RECORDING_STRIDE`] ticks
    /// and the last.
    fn load_recording(path: &Path) -> Result<Recording<Self>, String> {
        let mut game: Option<Game> = None;
        let mut states = Vec::new();
        let mut last = None;
        replay_file_with(path, &maps_dir_for(path), |g, s| {
            if game.is_none() {
                game = Some(g.clone());
            }
            if s.tick % RECORDING_STRIDE == 0 {
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
        .map_err(|e| e.to_string())?;
        states.extend(last);
        let game = game.ok_or_else(|| format!("{}: no state", path.display()))?;
        Recording {
            game,
            names: windward::state::PLAYER_NAMES
                .iter()
                .map(|n| n.to_string())
                .collect(),
            states,
        }
        .validated(&path.display().to_string())
    }
}
