//! The example bots of a game by name: what `play GAME --bots A,B,...` builds its line-up from.
//!
//! [`arena::Playable`] is what the runner needs of a game; [`Roster`] adds the names of this
//! crate's bots, and [`lineup`] turns a list of names into the runner's line-up
//! ([`arena::Entry`]: a name and a way to build the bot for each game).

use arena::{Bot, BoxError, Entry, Playable};

/// A game whose example bots `play` builds by name.
pub trait Roster: Playable + 'static {
    /// The bots [`Roster::bot`] can build: `(name, one line about it)`.
    fn bot_names() -> &'static [(&'static str, &'static str)];

    /// Builds the bot called `name` (one of [`Roster::bot_names`], or a game-specific form such
    /// as `cmd:PROGRAM`); an unknown name is an error that lists the known ones.
    fn bot(&self, name: &str) -> Result<Box<dyn Bot<Self>>, String>;
}

/// The line-up entry of the bot called `name`: built by [`Roster::bot`] for each game.
pub fn entry<G: Roster>(name: &str) -> Entry<G> {
    let owned = name.to_owned();
    Entry::new(name, move |game: &G| {
        game.bot(&owned).map_err(BoxError::from)
    })
}

/// The line-up of `names`, one entry per seat of the first game.
pub fn lineup<G: Roster>(names: &[String]) -> Vec<Entry<G>> {
    names.iter().map(|name| entry(name)).collect()
}
