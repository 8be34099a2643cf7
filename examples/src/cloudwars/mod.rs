//! CloudWars bots and the `play cloudwars` command: two-player games on the generic tournament
//! runner.

pub mod bots;
pub mod playable;

use cloudwars::{
    Action, Color, Config, Events, Game, Leader, Player, PlayerId, State, Vec2, WorldParams,
};
use pathfind::tree::{self, Moves, PlayerSet};
use smallvec::SmallVec;

#[cfg(feature = "cli")]
use crate::cli::MatchArgs;
use crate::error::{Error, Result};
#[cfg(feature = "cli")]
use {
    arena::Bot,
    arena::results::Schedule,
    arena::results::{Results, TournamentSpec},
    arena::runner::{self, RunOptions},
    arena::viewer::{MatchPage, PagePlan},
};

/// Games played when `--games` is not given.
#[cfg(feature = "cli")]
pub const DEFAULT_GAMES: u64 = 2;

/// `play cloudwars`: two bots on random worlds (a game's seed decides the rainclouds and the
/// players' positions). A game's score is the bot's final vapor.
#[cfg(feature = "cli")]
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
#[command(after_help = "Defaults: --games 2 --bots search,greedy.")]
pub struct Options {
    /// The tournament options.
    #[command(flatten)]
    pub common: MatchArgs,
    /// Rainclouds on the board at the start.
    #[arg(long, value_name = "N", default_value_t = MatchConfig::default().params.rainclouds)]
    pub clouds: usize,
    /// Board width.
    #[arg(long, value_name = "W", default_value_t = MatchConfig::default().config.width)]
    pub width: i32,
    /// Board height.
    #[arg(long, value_name = "H", default_value_t = MatchConfig::default().config.height)]
    pub height: i32,
    /// The bots decide every this many iterations (the original's clients list about every 6).
    #[arg(long, value_name = "N", default_value_t = MatchConfig::default().every)]
    pub every: u64,
    /// A game is scored by vapor after this many iterations, unless decided before.
    #[arg(long, value_name = "N", default_value_t = MatchConfig::default().max_iterations)]
    pub max_iterations: u64,
    /// Program bots play in real time, as on the original server: each step lasts `--every`
    /// iterations at the world's speed (60 a second: 0.1 s by default), a program's requests are
    /// answered as they come, and one that says nothing in a step (it sleeps between moves) has
    /// no action in it, and no fault. Default: lockstep (the arena waits for each program's
    /// `list`, at most 2 s a step).
    #[arg(long)]
    pub real_time: bool,
}

/// The settings of a two-player match.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchConfig {
    /// Board size and speed.
    pub config: Config,
    /// Rainclouds and vapors.
    pub params: WorldParams,
    /// Bots decide every this many iterations (the original's clients list about every 6).
    pub every: u64,
    /// The game is scored by vapor after this many iterations, unless the win flag is set or a
    /// player dies before.
    pub max_iterations: u64,
}

impl Default for MatchConfig {
    fn default() -> MatchConfig {
        MatchConfig {
            config: Config {
                width: 1280,
                height: 720,
                game_speed: 60,
                sim_speed_up: 1,
            },
            params: WorldParams {
                rainclouds: 40,
                ..WorldParams::default()
            },
            every: 6,
            max_iterations: 2000,
        }
    }
}

/// How one game ended: the [`pathfind::tree::Game::Outcome`] of [`Match`].
#[derive(Debug, Clone, PartialEq)]
pub struct GameResult {
    /// The winning seat (0 or 1), or `None` for a draw.
    pub winner: Option<usize>,
    /// Each seat's final vapor.
    pub vapors: [f32; 2],
    /// Iterations played.
    pub iterations: u64,
}

/// Each seat's 1-based place (the winner first, both first in a draw) and final vapor.
impl tree::Outcome for GameResult {
    fn ranks(&self) -> Vec<tree::Rank> {
        match self.winner {
            Some(0) => vec![1, 2],
            Some(_) => vec![2, 1],
            None => vec![1, 1],
        }
    }

    fn scores(&self) -> Vec<f64> {
        self.vapors.iter().map(|&v| f64::from(v)).collect()
    }
}

/// CloudWars as `play cloudwars` plays it, on the [`pathfind::tree::Game`] contract: two players
/// (`P0` blue, `P1` red) join a random world; one step is a decision of both players (a
/// [`Action::Wait`] sends no command) followed by `every` iterations; the game is over when the
/// win flag is set, a player has died, or `max_iterations` iterations have run, and is then won
/// by the win flag's leader or by the bigger vapor.
///
/// The bots play the engine's [`Game`] (they implement `Bot<cloudwars::Game>`);
/// [`Roster::bot`](crate::roster::Roster::bot) for `Match` hands them the engine.
#[derive(Debug, Clone, PartialEq)]
pub struct Match {
    pub(crate) game: Game,
    pub(crate) params: WorldParams,
    pub(crate) every: u64,
    pub(crate) max_iterations: u64,
}

impl Match {
    /// The match `cfg` describes (the board must be at least 1×1).
    pub fn new(cfg: &MatchConfig) -> Result<Match> {
        Ok(Match {
            game: Game::new(cfg.config).map_err(|e| Error::engine("cloudwars world", e))?,
            params: cfg.params,
            every: cfg.every.max(1),
            max_iterations: cfg.max_iterations,
        })
    }

    /// The engine the bots play.
    pub fn game(&self) -> &Game {
        &self.game
    }

    fn dead(state: &State, player: u8) -> bool {
        state.cloud_of(PlayerId(player)).is_none_or(|c| c.is_dead())
    }
}

impl tree::Game for Match {
    type State = State;
    type Action = Action;
    type Events = Events;
    type Outcome = GameResult;
    type Observation = State;

    fn moves(&self) -> Moves {
        Moves::Simultaneous
    }

    fn players(&self) -> usize {
        2
    }

    /// `seed` decides the rainclouds and the two players' positions. On a board too crowded to
    /// find a free spot, a player starts in the middle.
    fn initial_state(&self, seed: u64) -> State {
        let mut state = self.game.new_world(&self.params, seed);
        for (name, color) in [("P0", Color::Blue), ("P1", Color::Red)] {
            let player = Player {
                name: name.into(),
                color,
            };
            let vapor = self.params.player_vapor;
            if self
                .game
                .add_player(&mut state, player.clone(), None, vapor)
                .is_err()
            {
                let config = self.game.config();
                let middle = Vec2::new(config.width as f32 / 2.0, config.height as f32 / 2.0);
                let _ = self
                    .game
                    .add_player(&mut state, player, Some(middle), vapor);
            }
        }
        state
    }

    fn to_move(&self, state: &State) -> PlayerSet {
        if tree::Game::is_terminal(self, state) {
            PlayerSet::EMPTY
        } else {
            PlayerSet::EMPTY.with(0).with(1)
        }
    }

    fn legal_actions(&self, state: &State, player: usize, buf: &mut Vec<Action>) {
        buf.clear();
        if tree::Game::to_move(self, state).contains(player) {
            self.game.legal_actions(state, player, buf);
        }
    }

    fn advance(&self, state: &mut State, actions: &[Action]) -> Events {
        if tree::Game::is_terminal(self, state) {
            return Events::new();
        }
        let mut commands: SmallVec<[(PlayerId, Action); 2]> = SmallVec::new();
        for (player, &action) in actions.iter().enumerate().take(2) {
            if action != Action::Wait {
                commands.push((PlayerId(player as u8), action));
            }
        }
        let mut events = self.game.advance_commands(state, &commands);
        for _ in 1..self.every {
            if tree::Game::is_terminal(self, state) {
                break;
            }
            events.extend(self.game.advance_commands(state, &[]));
        }
        events
    }

    fn is_terminal(&self, state: &State) -> bool {
        state.iteration() >= self.max_iterations
            || state.win_condition()
            || Match::dead(state, 0)
            || Match::dead(state, 1)
    }

    fn outcome(&self, state: &State) -> Option<GameResult> {
        if !tree::Game::is_terminal(self, state) {
            return None;
        }
        let vapors = [0, 1].map(|i| state.cloud_of(PlayerId(i)).map_or(0.0, |c| c.vapor));
        let winner = match (state.win_condition(), state.leader()) {
            (true, Leader::Player(id)) => Some(id.index()),
            _ if vapors[0] > vapors[1] => Some(0),
            _ if vapors[1] > vapors[0] => Some(1),
            _ => None,
        };
        Some(GameResult {
            winner,
            vapors,
            iterations: state.iteration(),
        })
    }

    /// Over: 1 for the winner, 0 for the loser, a half each in a draw. Before: each player's
    /// share of the players' vapor.
    fn returns(&self, state: &State, out: &mut [f64]) {
        let n = out.len().min(2);
        if let Some(result) = tree::Game::outcome(self, state) {
            for (seat, value) in out.iter_mut().enumerate().take(n) {
                *value = match result.winner {
                    Some(w) if w == seat => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
            }
            return;
        }
        let vapors = [0, 1].map(|i| {
            state
                .cloud_of(PlayerId(i))
                .map_or(0.0, |c| f64::from(c.vapor.max(0.0)))
        });
        let total = vapors[0] + vapors[1];
        for (seat, value) in out.iter_mut().enumerate().take(n) {
            *value = if total > 0.0 && total.is_finite() {
                vapors[seat] / total
            } else {
                0.5
            };
        }
    }

    fn observe(&self, state: &State, player: usize) -> State {
        self.game.observe(state, player)
    }
}

/// Builds the world of one game: `seed` decides the rainclouds and the two players' positions.
pub fn new_game(cfg: &MatchConfig, seed: u64) -> Result<(Game, State)> {
    let game = Match::new(cfg)?;
    let state = tree::Game::initial_state(&game, seed);
    Ok((game.game, state))
}

/// Plays one game between two bots (seat 0 is `P0`), without the tournament runner: for
/// benchmarks and tests of a bot value.
#[cfg(feature = "cli")]
pub fn play_game(
    cfg: &MatchConfig,
    seed: u64,
    bots: [&mut dyn Bot<Game>; 2],
) -> Result<GameResult> {
    let game = Match::new(cfg)?;
    let mut seats = bots;
    for (player, bot) in seats.iter_mut().enumerate() {
        bot.new_game(&game.game, player, seed);
    }
    let mut state = tree::Game::initial_state(&game, seed);
    let mut actions = Vec::with_capacity(2);
    while !tree::Game::is_terminal(&game, &state) {
        actions.clear();
        for player in tree::Game::to_move(&game, &state) {
            let observation = tree::Game::observe(&game, &state, player);
            actions.push(seats[player].act(&game.game, &observation, player));
        }
        tree::Game::advance(&game, &mut state, &actions);
    }
    tree::Game::outcome(&game, &state).ok_or(Error::NoOutcome { game: "cloudwars" })
}

/// Runs a tournament of `games` games between `lineup` on `cfg`.
#[cfg(feature = "cli")]
pub fn tournament(
    cfg: &MatchConfig,
    lineup: Vec<String>,
    games: u64,
    seed: u64,
    rotate: bool,
    options: &RunOptions,
) -> Result<Results> {
    let tournament = two_bot_tournament(cfg, lineup, games, seed, rotate, Schedule::Lineup)?;
    tournament_paged(cfg, tournament, options, None, None, None, None)
}

/// The tournament of `games` games between the two bots of `lineup` on `cfg` (or, with a
/// `schedule` of its own, between two of them at a time).
#[cfg(feature = "cli")]
fn two_bot_tournament(
    cfg: &MatchConfig,
    lineup: Vec<String>,
    games: u64,
    seed: u64,
    rotate: bool,
    schedule: Schedule,
) -> Result<TournamentSpec> {
    if schedule == Schedule::Lineup && lineup.len() != 2 {
        return Err(Error::Lineup {
            game: "cloudwars",
            players: 2,
            got: lineup.len(),
        });
    }
    Ok(TournamentSpec {
        game: "cloudwars".into(),
        setup: setup_line(cfg),
        lineup,
        games,
        seed,
        rotate,
        paired: false,
        schedule,
    })
}

/// Runs a tournament, writing the page of the game `plan` names (`--html`) as it is played.
#[cfg(feature = "cli")]
fn tournament_paged(
    cfg: &MatchConfig,
    tournament: TournamentSpec,
    options: &RunOptions,
    plan: Option<&PagePlan>,
    port: Option<u16>,
    stderr_dir: Option<&std::path::Path>,
    real_time: Option<std::time::Duration>,
) -> Result<Results> {
    let table = Match::new(cfg)?;
    let lineup = tournament.lineup.clone();
    crate::roster::create_stderr_dir(stderr_dir)?;
    let entries = crate::roster::lineup_with::<Match, _>(
        &lineup,
        "cloudwars",
        stderr_dir,
        move |command, stderr| {
            let bot = playable::program_bot_paced(command, port, stderr, real_time)?;
            Ok(Box::new(playable::OnMatch(bot)) as Box<dyn Bot<Match>>)
        },
    );
    runner::run_playable_watched(
        std::slice::from_ref(&table),
        &tournament,
        &entries,
        options,
        |setup| MatchPage::new(plan, setup),
        |setup, page| {
            let names: Vec<String> = setup.seats.iter().map(|&e| lineup[e].clone()).collect();
            if let Some(line) = page.write(plan, &table, &names)? {
                println!("{line}");
            }
            Ok(())
        },
    )
    .map_err(Error::from)
}

/// The tournament's description of its settings.
#[cfg(feature = "cli")]
fn setup_line(cfg: &MatchConfig) -> String {
    format!(
        "{}x{} board, {} rainclouds, bots every {} iterations, at most {} iterations",
        cfg.config.width, cfg.config.height, cfg.params.rainclouds, cfg.every, cfg.max_iterations
    )
}

/// The tally of a match between two bots.
#[cfg(feature = "cli")]
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tally {
    /// Games won by each bot.
    pub wins: [u32; 2],
    /// Drawn games.
    pub draws: u32,
    /// Sum of each bot's final vapor.
    pub vapor: [f64; 2],
    /// Decisions (steps of [`Match`]) played in all.
    pub decisions: u64,
}

/// Plays `games` games on the tournament runner, the bots swapping seats every game, and tallies
/// them per bot.
#[cfg(feature = "cli")]
pub fn run_match(cfg: &MatchConfig, names: [&str; 2], games: u32, seed: u64) -> Result<Tally> {
    let lineup = names.map(str::to_owned).to_vec();
    let results = tournament(
        cfg,
        lineup,
        u64::from(games),
        seed,
        true,
        &RunOptions::default(),
    )?;
    let mut tally = Tally::default();
    for record in &results.records {
        for (seat, &entry) in record.seats.iter().enumerate() {
            tally.vapor[entry] += record.scores[seat];
            if record.ranks[seat] == 1 && record.ranks[1 - seat] == 2 {
                tally.wins[entry] += 1;
            }
        }
        tally.draws += u32::from(record.ranks == [1, 1]);
        tally.decisions = tally.decisions.saturating_add(record.steps);
    }
    Ok(tally)
}

/// The match settings `play cloudwars` describes.
#[cfg(feature = "cli")]
pub fn match_config(options: &Options) -> MatchConfig {
    let mut cfg = MatchConfig::default();
    cfg.params.rainclouds = options.clouds;
    cfg.config.width = options.width;
    cfg.config.height = options.height;
    cfg.every = options.every;
    cfg.max_iterations = options.max_iterations;
    cfg
}

/// Runs `play cloudwars`; with `--html`, writes the page of the match's first game.
#[cfg(feature = "cli")]
pub fn play(options: &Options) -> Result<()> {
    let common = &options.common;
    let options_flag = options.real_time;
    let cfg = match_config(options);
    let lineup = common.lineup_or(&["search", "greedy"]);
    let schedule = common.schedule("cloudwars", lineup.len(), 2)?;
    let mut tournament = two_bot_tournament(
        &cfg,
        lineup,
        common.games_or(DEFAULT_GAMES),
        common.seed,
        !common.fixed_seats,
        schedule,
    )?;
    tournament.paired = common.paired();
    let mut options = crate::roster::served_on_port(common, &tournament.lineup)?;
    crate::sprt::sequential(common, &tournament, &mut options)?;
    let plan = common.page_plan(tournament.games, 1)?;
    // Real time: a step is `every` iterations at the world's speed (iterations a second).
    let real_time = options_real_time(&cfg, options_flag);
    let results = tournament_paged(
        &cfg,
        tournament,
        &options,
        plan.as_ref(),
        common.port,
        common.stderr_dir.as_deref(),
        real_time,
    )?;
    common.report(&results)
}

/// The wall-clock length of a step of `cfg` in real time (`--real-time`), when `real_time`.
#[cfg(feature = "cli")]
fn options_real_time(cfg: &MatchConfig, real_time: bool) -> Option<std::time::Duration> {
    let per_second =
        f64::from(cfg.config.game_speed.max(1)) * f64::from(cfg.config.sim_speed_up.max(1));
    real_time.then(|| std::time::Duration::from_secs_f64(cfg.every as f64 / per_second))
}

/// Runs `play verify cloudwars FILE...`: scenario files with their traces, `micro_cases.json`
/// and `kill_ring_vectors.json`.
#[cfg(feature = "cli")]
pub fn verify<P: AsRef<std::path::Path>>(files: &[P]) -> Result<String> {
    cloudwars::replay::verify_files(files)
        .map(|summary| summary.to_string())
        .map_err(Error::game)
}
