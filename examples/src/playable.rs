//! What the `play` command needs of a game beyond the [`pathfind::tree::Game`] contract: its bots,
//! its scores and ranks in the game's own units, its pictures, and its recorded games.
//!
//! Each game module here implements [`Playable`] for its crate's `Game`; the match and tournament
//! runner, the results table and the replay viewer are written once against it.

use std::path::Path;

use pathfind::tree::Game;

use crate::bot::Bot;

/// A game as the `play` command runs, tabulates and draws it.
pub trait Playable: Game + Sync + Sized {
    /// The game's name on the command line (`dogfight`, `tron3d`, ...).
    const NAME: &'static str;

    /// Whether every player is told every step's events (Windward's status messages go to all):
    /// then the runner lets each bot [`Bot::hear`] them after every step.
    const PUBLIC_EVENTS: bool = false;

    /// The bots [`Playable::bot`] can build: `(name, one line about it)`.
    fn bot_names() -> &'static [(&'static str, &'static str)];

    /// Builds the bot called `name` (one of [`Playable::bot_names`], or a game-specific form such as
    /// `cmd:PROGRAM`); an unknown name is an error that lists the known ones.
    fn bot(&self, name: &str) -> Result<Box<dyn Bot<Self>>, String>;

    /// `player`'s observation of `state` in `slot`, returned. The default makes a new one
    /// ([`Game::observe`]); a game whose observation owns buffers refills the one already in
    /// `slot`, so that the runner's observation of every step does not allocate.
    fn observe_into<'a>(
        &self,
        state: &Self::State,
        player: usize,
        slot: &'a mut Option<Self::Observation>,
    ) -> &'a Self::Observation {
        slot.insert(self.observe(state, player))
    }

    /// Each player's score in a finished game, in the game's own units (points, vapor, ...).
    fn scores(&self, outcome: &Self::Outcome) -> Vec<f64>;

    /// Each player's 1-based place in a finished game (ties share the better place).
    fn ranks(&self, outcome: &Self::Outcome) -> Vec<u32>;

    /// Each player's score so far in a running game, for the viewer's timeline.
    fn current_scores(&self, state: &Self::State) -> Vec<f64>;

    /// Appends an SVG picture of `state` (a whole `<svg>` element) to `out`.
    fn render_svg(&self, state: &Self::State, out: &mut String);

    /// Reads a recorded game (a trace file in one of the crate's formats) as the game it was played
    /// in, the players' names, and its states from the first to the last.
    fn load_recording(path: &Path) -> Result<Recording<Self>, String>;
}

/// A recorded game, as [`Playable::load_recording`] reads it.
#[derive(Debug)]
pub struct Recording<G: Game> {
    /// The game (geometry and configuration) it was played in.
    pub game: G,
    /// The players' names, one per player.
    pub names: Vec<String>,
    /// Every state from the initial one to the last.
    pub states: Vec<G::State>,
}

impl<G: Game> Recording<G> {
    /// This recording once every state passes its game's [`Game::validate`] (issue 22: a state
    /// read from a file is checked before the viewer or a bot uses it); otherwise the first
    /// refusal, as `SOURCE: state N: invalid state: FIELD is VALUE, expected ...`.
    pub fn validated(self, source: &str) -> Result<Recording<G>, String> {
        for (i, state) in self.states.iter().enumerate() {
            self.game
                .validate(state)
                .map_err(|e| format!("{source}: state {i}: {e}"))?;
        }
        Ok(self)
    }
}
