//! Example Amazes bots. A bot sees only what a real program sees: the five view lines each turn.

use amazes::explorer::{Candidate, DISTANCE_BIAS, MIN_RATE, Proposal};
use amazes::{Action, Move, MoveLine, View};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// A player program's brain: one move line per view, what a CodeCup program computes between
/// reading a view and writing its move. Not the workspace's bot shape ([`arena::Bot`], which
/// every brain also is, through the impls below); its own name says so.
pub trait Brain {
    /// The bot's name in result tables.
    fn name(&self) -> &'static str;
    /// Called before the first turn of a game.
    fn reset(&mut self, size: usize, seed: u64);
    /// The move line for this turn's view.
    fn choose(&mut self, view: &View) -> MoveLine;
}

/// The bot names `play amazes --bots` knows.
pub const BOTS: [&str; 3] = ["search", "explorer", "random"];

/// A bot by name.
pub fn by_name(name: &str) -> Option<Box<dyn Brain>> {
    match name {
        "random" => Some(Box::new(RandomBot::default())),
        "explorer" => Some(Box::new(ExplorerBot::default())),
        "search" => Some(Box::new(SearchBot::default())),
        _ => None,
    }
}

/// Every brain is also a bot of the workspace's [`arena::Bot`] shape for
/// [`amazes::Game`]: it is told the view only (`observation`), exactly as a real program.
macro_rules! contract_bot {
    ($t:ty) => {
        impl arena::Bot<amazes::Game> for $t {
            fn name(&self) -> String {
                Brain::name(self).to_owned()
            }
            fn new_game(&mut self, game: &amazes::Game, _player: usize, seed: u64) {
                self.reset(game.config().size, seed);
            }
            fn act(&mut self, _game: &amazes::Game, view: &View, _player: usize) -> Action {
                Action::Moves(self.choose(view))
            }
        }
    };
}
contract_bot!(RandomBot);
contract_bot!(SearchBot);

/// Each turn, one step in a uniformly random open direction (the view shows which are open).
#[derive(Debug, Clone)]
pub struct RandomBot {
    rng: Pcg64Mcg,
}

impl Default for RandomBot {
    fn default() -> RandomBot {
        RandomBot {
            rng: Pcg64Mcg::seed_from_u64(0),
        }
    }
}

impl Brain for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }
    fn reset(&mut self, _size: usize, seed: u64) {
        self.rng = Pcg64Mcg::seed_from_u64(seed);
    }
    fn choose(&mut self, view: &View) -> MoveLine {
        // Line k of the view looks k quarter turns clockwise; "W" alone means a wall at once.
        let open: Vec<Move> = [Move::F, Move::R, Move::T, Move::L]
            .into_iter()
            .enumerate()
            .filter(|(k, _)| view.lines[*k].len() > 1)
            .map(|(_, m)| m)
            .collect();
        let m = if open.is_empty() {
            Move::T
        } else {
            open[self.rng.random_range(0..open.len())]
        };
        MoveLine::from_moves(&[m]).unwrap_or(MoveLine::JURY)
    }
}

/// The explorer, the crate's built-in opponent: it is [`amazes::explorer::Explorer`] (a bot of
/// the contract in the engine crate), here under its old name and as a player-program brain.
pub use amazes::explorer::Explorer as ExplorerBot;

impl Brain for ExplorerBot {
    fn name(&self) -> &'static str {
        "explorer"
    }
    fn reset(&mut self, size: usize, _seed: u64) {
        self.start(size);
    }
    fn choose(&mut self, view: &View) -> MoveLine {
        ExplorerBot::choose(self, view)
    }
}

/// The explorer's plans, judged by lookahead on determinized states: each turn it takes the
/// explorer's best few walks ([`amazes::explorer::Explorer::propose`], and the step back), samples mazes consistent with its own
/// [`amazes::Belief`] (`pathfind::tree::Determinize::sample_state`: the map it has seen, never
/// the referee's maze), plays each walk in every sample through the contract's `step`, and
/// scores it by what the walk and the next look from its end really discover there (inference
/// included), per character. The opponent hunt is the explorer's.
#[derive(Debug, Clone)]
pub struct SearchBot {
    explorer: ExplorerBot,
    belief: Option<amazes::Belief>,
    /// A game of the right size and rules, for the sampler (its maze is never looked at).
    model: Option<amazes::Game>,
    rng: Pcg64Mcg,
    candidates: Vec<Candidate>,
    values: Vec<f32>,
}

/// Explorer walks judged per turn.
const SEARCH_CANDIDATES: usize = 5;
/// Walks whose explorer score is at least this share of the best are judged by lookahead.
const NEAR_BEST: f32 = 0.75;
/// Determinized states sampled per turn (shared by every candidate: common random numbers).
const SEARCH_SAMPLES: usize = 12;

impl Default for SearchBot {
    fn default() -> SearchBot {
        SearchBot {
            explorer: ExplorerBot::default(),
            belief: None,
            model: None,
            rng: Pcg64Mcg::seed_from_u64(0),
            candidates: Vec::new(),
            values: Vec::new(),
        }
    }
}

impl SearchBot {
    /// A model game of side `size`: a generated maze (never consulted: the sampler draws its
    /// own), the contest's rules.
    fn model(size: usize, rng: &mut Pcg64Mcg) -> Option<amazes::Game> {
        let maze = amazes::generate(size, rng).ok()?;
        let config = amazes::Config {
            size,
            min_start_distance2: amazes::Config::default()
                .min_start_distance2
                .min(2 * (size as u32 - 1).pow(2)),
            ..amazes::Config::default()
        };
        amazes::Game::new(maze, config).ok()
    }

    /// Mean over samples of (walk discoveries + next-look discoveries) per character.
    fn judge(&mut self, player: amazes::Player) {
        use pathfind::tree::Determinize;
        let (Some(model), Some(belief)) = (&self.model, &self.belief) else {
            return;
        };
        self.values.clear();
        // The explorer's own estimate (which values what lies beyond the next look), plus the
        // mean of what the samples show the walk and the next look really discover.
        self.values.extend(
            self.candidates
                .iter()
                .map(|c| c.rate * SEARCH_SAMPLES as f32),
        );
        for _ in 0..SEARCH_SAMPLES {
            let sample = model.sample_state(belief, player.index(), &mut self.rng);
            for (k, &Candidate { line, .. }) in self.candidates.iter().enumerate() {
                let mut s = sample.clone();
                let e = model.advance_action(&mut s, &Action::Moves(line));
                let mut found = e.discovered as f32;
                if !model.is_terminal(&s) {
                    let view = model.observe(&s, player.index());
                    let pose = s.pose(player);
                    let mut k2 = s.knowledge(player).clone();
                    let _ = k2.apply_view(pose.square.index(), pose.facing, &view, &mut |_| {
                        found += 1.0
                    });
                    k2.infer(&mut |_| found += 1.0);
                }
                self.values[k] += found / (line.len() as f32 + DISTANCE_BIAS);
            }
        }
    }
}

impl Brain for SearchBot {
    fn name(&self) -> &'static str {
        "search"
    }
    fn reset(&mut self, size: usize, seed: u64) {
        self.explorer.start(size);
        self.rng = Pcg64Mcg::seed_from_u64(seed ^ 0x5EA2C4);
        self.model = SearchBot::model(size, &mut self.rng);
        self.belief = self
            .model
            .as_ref()
            .map(|g| amazes::Belief::new(g, amazes::Player::Red));
    }
    fn choose(&mut self, view: &View) -> MoveLine {
        self.explorer.observe(view);
        if let Some(b) = &mut self.belief {
            b.observe(view);
        }
        let line = match self
            .explorer
            .propose(SEARCH_CANDIDATES, &mut self.candidates)
        {
            Proposal::Hunt(line) => line,
            Proposal::Explored => MoveLine::JURY,
            Proposal::Walks => {
                // Only walks close to the explorer's best are worth judging; below the
                // explorer's floor, the step back.
                let top = self.candidates.first().map_or(0.0, |c| c.rate);
                self.candidates.retain(|c| c.rate >= NEAR_BEST * top);
                if top < MIN_RATE {
                    self.candidates.clear();
                    self.candidates.push(Candidate {
                        rate: MIN_RATE,
                        line: MoveLine::JURY,
                    });
                }
                // Which colour we are does not matter to the sampler beyond the turn count.
                let player = amazes::Player::Red;
                self.judge(player);
                let best = self
                    .values
                    .iter()
                    .enumerate()
                    .max_by(|a, b| a.1.total_cmp(b.1))
                    .map(|(k, _)| k);
                match best {
                    Some(k) if !self.values.is_empty() => self.candidates[k].line,
                    _ => self.candidates[0].line,
                }
            }
        };
        self.explorer.commit(&line);
        if let Some(b) = &mut self.belief {
            b.played(&Action::Moves(line));
        }
        line
    }
}
