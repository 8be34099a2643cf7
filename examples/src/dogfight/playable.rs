//! [`Roster`] for [`dogfight::Game`]: the example bots by name, each (the crate's own
//! [`dogfight::Bot`] shape, which external programs behind the wrapper protocol also have) played
//! as an [`arena::Bot`] through [`arena::adapt::DogfightBot`].

use arena::Bot;
use arena::adapt::{DogfightBot, DogfightFactory};
use dogfight::Game;

use super::bots;
use crate::roster::Roster;

fn factory(name: &str) -> Option<DogfightFactory> {
    match name {
        "search" => Some(|seed| Box::new(bots::MctsBot::new(seed))),
        "search-classic" => Some(|seed| Box::new(bots::SearchBot::new(seed))),
        "random" => Some(|seed| Box::new(bots::RandomBot::new(seed))),
        "fast-random" => Some(|seed| Box::new(bots::FastDumbPlanes::new(seed))),
        _ => None,
    }
}

impl Roster for Game {
    fn bot_names() -> &'static [(&'static str, &'static str)] {
        &bots::BOTS
    }

    fn bot(&self, name: &str) -> crate::Result<Box<dyn Bot<Game>>> {
        let bot = bots::bot(name, 0, self)?;
        Ok(Box::new(DogfightBot::new(name, bot, factory(name))))
    }
}
