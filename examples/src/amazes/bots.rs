//! Example Amazes bots. A bot sees only what a real program sees: the five view lines each turn.

use amazes::{Action, Dir, LocalMap, Move, MoveLine, Reading, View};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// A player program's brain: one move line per view.
pub trait Bot {
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
pub fn by_name(name: &str) -> Option<Box<dyn Bot>> {
    match name {
        "random" => Some(Box::new(RandomBot::default())),
        "explorer" => Some(Box::new(ExplorerBot::default())),
        "search" => Some(Box::new(SearchBot::default())),
        _ => None,
    }
}

/// Every player-program bot is also a bot of the workspace's [`arena::Bot`] shape for
/// [`amazes::Game`]: it is told the view only (`observation`), exactly as a real program.
macro_rules! contract_bot {
    ($t:ty) => {
        impl arena::Bot<amazes::Game> for $t {
            fn name(&self) -> String {
                Bot::name(self).to_owned()
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
contract_bot!(ExplorerBot);
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

impl Bot for RandomBot {
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

/// Keeps a [`LocalMap`], and each turn walks (over known openings only, found with
/// `pathfind`'s breadth-first search, so its map stays exact) to the square whose next look promises the most new squares per character.
#[derive(Debug, Clone, Default)]
pub struct ExplorerBot {
    map: LocalMap,
    dist: Vec<u16>,
    /// Undiscovered squares on the path to each cell (walking discovers them).
    walked: Vec<u16>,
    parent: Vec<(u32, Dir)>,
    /// Reachable squares, nearest first (the source first).
    queue: Vec<usize>,
    searcher: pathfind::Searcher,
    last_distance2: u32,
    hunts: usize,
}

/// Value of an unknown edge at the end of a corridor: the expected new squares behind it.
const UNKNOWN_EDGE: f32 = 6.0;
/// Value of an unknown side edge of a corridor square with an undiscovered square behind it.
const UNKNOWN_SIDE: f32 = 0.6;
/// Added to the path length when dividing value by cost (favours nearby targets a little less).
const DISTANCE_BIAS: f32 = 0.5;
/// Below this value per character, a walk is not worth it: step back instead (1 character).
const MIN_RATE: f32 = 0.3;
/// What a turn of exploring is worth, against a hunt for the opponent.
const HUNT_MARGIN: f32 = 3.0;

impl ExplorerBot {
    /// The map the bot keeps.
    pub fn map(&self) -> &LocalMap {
        &self.map
    }

    /// What a look from `cell` is expected to reveal.
    fn look_value(&self, cell: usize) -> f32 {
        let k = self.map.knowledge();
        let mut value = 0.0;
        for d in Dir::ALL {
            let mut x = cell;
            loop {
                match k.edge(x, d) {
                    Some(false) => break,
                    None => {
                        // Worth more when the square behind is itself undiscovered.
                        value += match k.neighbour(x, d) {
                            Some(y) if !k.is_discovered(y) => UNKNOWN_EDGE,
                            Some(_) => UNKNOWN_EDGE * 0.3,
                            None => 0.0,
                        };
                        break;
                    }
                    Some(true) => {}
                }
                let Some(next) = k.neighbour(x, d) else {
                    break;
                };
                x = next;
                if !k.is_discovered(x) {
                    value += 1.0;
                }
                for side in [d.left(), d.right()] {
                    match k.edge(x, side) {
                        None => {
                            if k.neighbour(x, side).is_some_and(|s| !k.is_discovered(s)) {
                                value += UNKNOWN_SIDE;
                            }
                        }
                        Some(true) => {
                            if let Some(s) = k.neighbour(x, side) {
                                if !k.is_discovered(s) {
                                    value += 1.0;
                                }
                            }
                        }
                        Some(false) => {}
                    }
                }
            }
        }
        value
    }

    /// Breadth-first search over known openings from the current square, with `pathfind`: the
    /// map becomes a grid at double resolution (squares on even coordinates, the edge between two
    /// squares on the cell between them, open when known open), and the distance field gives each
    /// reachable square's distance (halved) and its parent.
    fn search(&mut self) {
        let k = self.map.knowledge();
        let (h, w) = k.dims();
        let cells = 4096;
        self.dist.clear();
        self.dist.resize(cells, u16::MAX);
        self.walked.clear();
        self.walked.resize(cells, 0);
        self.parent.clear();
        self.parent.resize(cells, (u32::MAX, Dir::N));
        self.queue.clear();
        let here = self.map.here();
        let grid = pathfind::Grid::from_fn(2 * w - 1, 2 * h - 1, |x, y| match (x % 2, y % 2) {
            (0, 0) => true,
            (1, 0) => k.edge(k.index(y / 2, x / 2), Dir::E) == Some(true),
            (0, 1) => k.edge(k.index(y / 2, x / 2), Dir::S) == Some(true),
            _ => false,
        });
        let Ok(grid) = grid else {
            return;
        };
        let (hr, hc) = k.coords(here);
        let Some(source) = grid.node(2 * hc, 2 * hr) else {
            return;
        };
        let Ok(field) = self.searcher.distance_field(&grid, source) else {
            return;
        };
        let mut reached: Vec<(u32, usize, pathfind::Node)> = field
            .reached()
            .filter_map(|(node, d)| {
                let (x, y) = grid.position(node)?;
                (x % 2 == 0 && y % 2 == 0).then(|| (d, k.index(y / 2, x / 2), node))
            })
            .collect();
        reached.sort_unstable_by_key(|&(d, cell, _)| (d, cell));
        for &(d, cell, node) in &reached {
            self.dist[cell] = (d / 2) as u16;
            self.queue.push(cell);
            if cell == here {
                continue;
            }
            let Some(edge) = field.step_toward_source(&grid, node) else {
                continue;
            };
            let Some(prev) = field.step_toward_source(&grid, edge) else {
                continue;
            };
            let (Some((x, y)), Some((px, py))) = (grid.position(node), grid.position(prev)) else {
                continue;
            };
            let dir = match (x as isize - px as isize, y as isize - py as isize) {
                (2, _) => Dir::E,
                (-2, _) => Dir::W,
                (_, 2) => Dir::S,
                _ => Dir::N,
            };
            let parent = k.index(py / 2, px / 2);
            self.parent[cell] = (parent as u32, dir);
            self.walked[cell] = self.walked[parent] + !k.is_discovered(cell) as u16;
        }
    }

    /// With the opponent close by, a short walk through known openings to one of the squares
    /// at that distance may land on it (+100): tried when 100 over the number of such squares
    /// beats the walk's cost plus a turn of exploring. Needs `search` to have run.
    fn hunt(&mut self) -> Option<MoveLine> {
        let d2 = self.last_distance2 as i32;
        if d2 == 0 || d2 > 13 {
            return None;
        }
        let pose = self.map.pose();
        let mut offsets = Vec::new();
        for dr in -3i32..=3 {
            for dc in -3i32..=3 {
                if dr * dr + dc * dc == d2 {
                    offsets.push((dr, dc));
                }
            }
        }
        let reachable: Vec<usize> = offsets
            .iter()
            .filter_map(|&(dr, dc)| self.map.cell(pose.row + dr, pose.col + dc))
            .filter(|&c| self.dist[c] != u16::MAX)
            .collect();
        let &target = reachable.get(self.hunts % reachable.len().max(1))?;
        let cost = self.dist[target] as f32;
        if 100.0 / offsets.len() as f32 <= cost + HUNT_MARGIN {
            return None;
        }
        self.hunts += 1;
        Some(self.path_to(target))
    }

    /// The moves along the search tree from the current square to `target`.
    fn path_to(&self, target: usize) -> MoveLine {
        let mut dirs = Vec::new();
        let mut x = target;
        while x != self.map.here() {
            let (p, d) = self.parent[x];
            dirs.push(d);
            x = p as usize;
        }
        dirs.reverse();
        dirs.truncate(amazes::MAX_MOVES);
        let mut facing = self.map.pose().facing.0;
        let moves: Vec<Move> = dirs
            .iter()
            .map(|&d| {
                let m = Move::between(facing, d);
                facing = d;
                m
            })
            .collect();
        MoveLine::from_moves(&moves).unwrap_or(MoveLine::JURY)
    }

    /// The `k` best walk targets by expected new squares per character, best first, into
    /// `out` as (score, line). Needs `search` to have run.
    fn candidates(&self, k: usize, out: &mut Vec<(f32, MoveLine)>) {
        out.clear();
        let mut scored: Vec<(f32, usize)> = self
            .queue
            .iter()
            .skip(1)
            .map(|&t| {
                let d = self.dist[t] as f32;
                // Squares walked through that are not yet discovered count too.
                let walked = self.walked[t] as f32;
                ((self.look_value(t) + walked) / (d + DISTANCE_BIAS), t)
            })
            .collect();
        // Stable on the queue order (nearest first), as the single best pick always was.
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        out.extend(scored.iter().take(k).map(|&(v, t)| (v, self.path_to(t))));
    }

    fn plan(&mut self) -> MoveLine {
        self.search();
        if let Some(line) = self.hunt() {
            return line;
        }
        let n = self.map.size();
        if self.map.discovered_count() >= n * n {
            return MoveLine::JURY;
        }
        let mut best = Vec::new();
        self.candidates(1, &mut best);
        match best.first() {
            // Nothing worth a walk: one step back (the edge behind is always open) costs least.
            Some(&(score, line)) if score >= MIN_RATE => line,
            _ => MoveLine::JURY,
        }
    }
}

impl Bot for ExplorerBot {
    fn name(&self) -> &'static str {
        "explorer"
    }
    fn reset(&mut self, size: usize, _seed: u64) {
        self.map = LocalMap::new(size, Reading::Literal);
    }
    fn choose(&mut self, view: &View) -> MoveLine {
        self.last_distance2 = view.distance2;
        if self.map.observe(view).is_err() {
            // A view that does not fit the map: the map is lost; start a new one here.
            self.map = LocalMap::new(self.map.size(), Reading::Literal);
            let _ = self.map.observe(view);
        }
        let line = self.plan();
        // Every step crosses a known opening, so the walk is certain.
        if self.map.apply(&line).is_err() {
            self.map = LocalMap::new(self.map.size(), Reading::Literal);
        }
        line
    }
}

/// The explorer's plans, judged by lookahead on determinized states: each turn it takes the
/// explorer's best few walks (and the step back), samples mazes consistent with its own
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
    candidates: Vec<(f32, MoveLine)>,
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
        self.values
            .extend(self.candidates.iter().map(|c| c.0 * SEARCH_SAMPLES as f32));
        for _ in 0..SEARCH_SAMPLES {
            let sample = model.sample_state(belief, player.index(), &mut self.rng);
            for (k, &(_, line)) in self.candidates.iter().enumerate() {
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

impl Bot for SearchBot {
    fn name(&self) -> &'static str {
        "search"
    }
    fn reset(&mut self, size: usize, seed: u64) {
        self.explorer.reset(size, seed);
        self.rng = Pcg64Mcg::seed_from_u64(seed ^ 0x5EA2C4);
        self.model = SearchBot::model(size, &mut self.rng);
        self.belief = self
            .model
            .as_ref()
            .map(|g| amazes::Belief::new(g, amazes::Player::Red));
    }
    fn choose(&mut self, view: &View) -> MoveLine {
        let e = &mut self.explorer;
        e.last_distance2 = view.distance2;
        if e.map.observe(view).is_err() {
            e.map = LocalMap::new(e.map.size(), Reading::Literal);
            let _ = e.map.observe(view);
        }
        if let Some(b) = &mut self.belief {
            b.observe(view);
        }
        e.search();
        let n = e.map.size();
        let line = if let Some(line) = e.hunt() {
            line
        } else if e.map.discovered_count() >= n * n {
            MoveLine::JURY
        } else {
            e.candidates(SEARCH_CANDIDATES, &mut self.candidates);
            // Only walks close to the explorer's best are worth judging; below the explorer's
            // floor, the step back.
            let top = self.candidates.first().map_or(0.0, |c| c.0);
            self.candidates.retain(|c| c.0 >= NEAR_BEST * top);
            if top < MIN_RATE {
                self.candidates.clear();
                self.candidates.push((MIN_RATE, MoveLine::JURY));
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
                Some(k) if !self.values.is_empty() => self.candidates[k].1,
                _ => self.candidates[0].1,
            }
        };
        let e = &mut self.explorer;
        if e.map.apply(&line).is_err() {
            e.map = LocalMap::new(e.map.size(), Reading::Literal);
        }
        if let Some(b) = &mut self.belief {
            b.played(&Action::Moves(line));
        }
        line
    }
}
