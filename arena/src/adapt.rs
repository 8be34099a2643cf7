//! Adapters between the one [`Bot`] and the games' own bot shapes, so that every bot plays every
//! way a game is played:
//!
//! - [`DogfightBot`]: any [`dogfight::Bot`] (the crate's bot shape, which programs behind the
//!   original wrapper protocol also have, `dogfight::protocol::Wrapper`) as a [`Bot`];
//! - `WireBot` (features `windward` and `tournament`, which turns on Windward's `net`): any
//!   Windward [`Bot`] as a `windward::net::NetBot`, to play on a Windward server (the original's
//!   or `windward_server`) over the original TCP protocol.

#[cfg(all(feature = "windward", feature = "tournament"))]
use windward::{net::NetBot, rules::Event, tick::Order};

use crate::bot::Bot;

/// Builds a fresh seeded dogfight bot for each game.
#[cfg(feature = "dogfight")]
pub type DogfightFactory = fn(u64) -> Box<dyn dogfight::Bot>;

/// A [`dogfight::Bot`] as a [`Bot`]: it is shown the observation (its own planes first, so it
/// plays as [`dogfight::Side::P1`] of that view, exactly as through the wrapper protocol) and its
/// action is the player's action.
///
/// A game of the generic runner is one fight, played by bots built for it: so the wrapped bot is
/// told a match-up of one fight (`new_opponent(1)`, then `new_fight(0, 0, 0)`: a program behind
/// the wrapper protocol hears `NEW OPPONENT 1` and `NEW FIGHT 0 0 0`). A `DogfightBot` kept for
/// several games (outside the runner) is told each next fight with its index and the fights each
/// side has won so far ([`Bot::game_over`]'s outcomes), the original's `newFight`. `play
/// dogfight` plays whole match-ups of the original's 10 fights instead, one program process each
/// (`examples::dogfight`).
#[cfg(feature = "dogfight")]
pub struct DogfightBot {
    name: String,
    bot: Box<dyn dogfight::Bot>,
    /// For seeded bots: a fresh bot per game from the game's seed.
    factory: Option<DogfightFactory>,
    /// Fights begun, and fights won by this bot and by its opponents.
    fights: u32,
    wins: [u32; 2],
}

#[cfg(feature = "dogfight")]
impl DogfightBot {
    /// Wraps `bot` under `name`; with `factory`, each new game starts a fresh bot from its seed.
    pub fn new(
        name: &str,
        bot: Box<dyn dogfight::Bot>,
        factory: Option<DogfightFactory>,
    ) -> DogfightBot {
        DogfightBot {
            name: name.to_owned(),
            bot,
            factory,
            fights: 0,
            wins: [0, 0],
        }
    }

    /// The program fault of the last fight, if the wrapped bot is a program that had one.
    pub fn fight_fault(&self) -> Option<dogfight::protocol::Fault> {
        self.bot.fight_fault()
    }
}

#[cfg(feature = "dogfight")]
impl Bot<dogfight::Game> for DogfightBot {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, game: &dogfight::Game, _player: usize, seed: u64) {
        if let Some(factory) = self.factory {
            self.bot = factory(seed);
        }
        if self.fights == 0 {
            self.bot.new_opponent(1);
        }
        self.bot
            .new_fight(game, self.fights, self.wins[0], self.wins[1]);
        self.fights = self.fights.saturating_add(1);
    }

    fn game_over(&mut self, _game: &dogfight::Game, outcome: &dogfight::Outcome, player: usize) {
        if let Some(side) = outcome.winner {
            let mine = usize::from(side as usize != player);
            self.wins[mine] = self.wins[mine].saturating_add(1);
        }
    }

    fn act(
        &mut self,
        game: &dogfight::Game,
        observation: &dogfight::State,
        _player: usize,
    ) -> dogfight::Action {
        self.bot.act(game, observation, dogfight::Side::P1)
    }
}

/// A [`Bot<windward::Game>`](Bot) as a [`NetBot`]: the `<setup>` starts its game and asks for its
/// first action; each status message it receives is heard ([`Bot::hear`]) and answered with an
/// action, sent as the orders a client sends ([`windward::Action::to_orders`]).
#[cfg(all(feature = "windward", feature = "tournament"))]
pub struct WireBot {
    bot: Box<dyn Bot<windward::Game>>,
    seed: u64,
}

#[cfg(all(feature = "windward", feature = "tournament"))]
impl WireBot {
    /// Plays `bot`, which draws its randomness from `seed`.
    pub fn new(bot: Box<dyn Bot<windward::Game>>, seed: u64) -> WireBot {
        WireBot { bot, seed }
    }

    fn act(
        &mut self,
        game: &windward::Game,
        state: &windward::State,
        me: windward::PlayerId,
        out: &mut Vec<Order>,
    ) {
        let action = match self.bot.act_unobserved(game, me.index()) {
            Some(action) => action,
            None => self
                .bot
                .act(game, &game.observe(state, me.index()), me.index()),
        };
        action.to_orders(game, state, me, out);
    }
}

#[cfg(all(feature = "windward", feature = "tournament"))]
impl NetBot for WireBot {
    fn setup(
        &mut self,
        game: &windward::Game,
        state: &windward::State,
        me: windward::PlayerId,
        out: &mut Vec<Order>,
    ) {
        self.bot.new_game(game, me.index(), self.seed);
        self.act(game, state, me, out);
    }
    fn after_message(
        &mut self,
        game: &windward::Game,
        state: &windward::State,
        me: windward::PlayerId,
        events: &[Event],
        out: &mut Vec<Order>,
    ) {
        self.bot
            .hear(game, &windward::Events::from_slice(events), me.index());
        self.act(game, state, me, out);
    }
}
