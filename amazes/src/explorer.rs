//! The explorer, the crate's built-in opponent, as a bot of the contract
//! ([`pathfind::tree::Bot`]): it keeps a [`LocalMap`] from its views and its own lines only
//! (never the referee's maze), and each turn walks, over known openings only (found with
//! `pathfind`'s breadth-first search, so its map stays exact), to the square whose next look
//! promises the most new squares per character. When the distance line says the opponent is
//! within a few squares, it tries a short walk onto it for the +100.
//!
//! Its planner is public, for bots that build on it: [`Explorer::observe`] a view,
//! [`Explorer::propose`] the best few walks with their expected new squares per character,
//! [`Explorer::commit`] the line played (the examples' `search` bot judges the proposed walks by
//! lookahead on determinized states). [`Explorer::choose`] is the three in a row, taking the
//! best walk.
//!
//! Two explorers play a game through the contract:
//!
//! ```
//! use amazes::{Config, Game, Player, explorer::Explorer, mazes};
//! use pathfind::tree::{Bot, Game as _};
//!
//! let game = Game::new(mazes::get(0).maze, Config::default()).unwrap();
//! let mut state = game.initial_state(3);
//! let mut bots = [Explorer::default(), Explorer::default()];
//! for (player, bot) in bots.iter_mut().enumerate() {
//!     bot.new_game(&game, player, 3);
//! }
//! for _ in 0..40 {
//!     let player = game.to_move(&state).iter().next().unwrap();
//!     let action = bots[player].act(&game, &game.observe(&state, player), player);
//!     game.advance(&mut state, &[action]);
//!     // The explorer's map is exactly what the referee says it discovered.
//!     assert_eq!(
//!         bots[player].map().discovered_count(),
//!         state.knowledge(Player::from_index(player).unwrap()).discovered_count()
//!     );
//! }
//! assert!(state.knowledge(Player::Red).discovered_count() > 100);
//! ```

use pathfind::tree::Bot;

use crate::action::{Action, MAX_MOVES, Move, MoveLine};
use crate::game::Game;
use crate::knowledge::Reading;
use crate::local::LocalMap;
use crate::maze::Dir;
use crate::view::View;

/// Value of an unknown edge at the end of a corridor: the expected new squares behind it.
const UNKNOWN_EDGE: f32 = 6.0;
/// Value of an unknown side edge of a corridor square with an undiscovered square behind it.
const UNKNOWN_SIDE: f32 = 0.6;
/// Added to a walk's length (in characters) when dividing its value by its cost, so that a
/// nearby target is favoured a little less than by the plain rate.
pub const DISTANCE_BIAS: f32 = 0.5;
/// Below this value per character, a walk is not worth it: the explorer steps back instead
/// ([`MoveLine::JURY`], `T`: one character, and the edge behind is always open).
pub const MIN_RATE: f32 = 0.3;
/// What a turn of exploring is worth, against a hunt for the opponent.
const HUNT_MARGIN: f32 = 3.0;
/// The window cells of the largest map ([`LocalMap`] of side 32: `(2·32 − 1)²` < 4096).
const CELLS: usize = 4096;

/// A walk the planner proposes: its line and its expected new squares per character.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Candidate {
    /// What the walk and the next look from its end are expected to discover (squares walked
    /// through included), over the line's length plus [`DISTANCE_BIAS`].
    pub rate: f32,
    /// The walk: every step crosses a known opening, so the map predicts it exactly.
    pub line: MoveLine,
}

/// What the planner proposes for this turn ([`Explorer::propose`]).
// A line is a fixed 256-byte array on purpose (Copy, no heap), as in `Action`; a proposal is
// made once a turn, so the size difference is fine.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proposal {
    /// The opponent is close by: this short walk onto one of the squares at the seen distance
    /// may land on it (+100). The explorer plays it.
    Hunt(MoveLine),
    /// The map has every square discovered: nothing is left to explore (the explorer steps
    /// back, [`MoveLine::JURY`]).
    Explored,
    /// The best walks are in the candidate list, best first (empty when no square is
    /// reachable over known openings). The explorer plays the first when its rate is at least
    /// [`MIN_RATE`], else steps back.
    Walks,
}

/// The explorer: a [`LocalMap`] and the planner over it (see the [module](self) docs). Its
/// name in result tables is `explorer`.
#[derive(Debug, Clone, Default)]
pub struct Explorer {
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
    best: Vec<Candidate>,
}

impl Explorer {
    /// An explorer with an empty map of the contest's size (25): call [`Explorer::start`] (or
    /// the contract's `new_game`) for another size.
    pub fn new() -> Explorer {
        Explorer::default()
    }

    /// A new game on a maze of side `size`: an empty map (squares read literally,
    /// [`Reading::Literal`]), no hunt tried yet.
    pub fn start(&mut self, size: usize) {
        self.map = LocalMap::new(size, Reading::Literal);
        self.last_distance2 = 0;
        self.hunts = 0;
    }

    /// The map the explorer keeps.
    pub fn map(&self) -> &LocalMap {
        &self.map
    }

    /// Reads this turn's view: the map learns what it shows, and the planner the distance to
    /// the opponent. A view that does not fit the map (it never happens when the map was fed
    /// only this game's views and lines) loses the map: a new one starts at the current square.
    pub fn observe(&mut self, view: &View) {
        self.last_distance2 = view.distance2;
        if self.map.observe(view).is_err() {
            self.map = LocalMap::new(self.map.size(), Reading::Literal);
            let _ = self.map.observe(view);
        }
    }

    /// The planner, after [`Explorer::observe`]: a hunt for the opponent when one is worth
    /// it, [`Proposal::Explored`] when the map is complete, else the `k` best walks by
    /// expected new squares per character into `out`, best first (ties keep the nearest
    /// target first). `out` is cleared first.
    pub fn propose(&mut self, k: usize, out: &mut Vec<Candidate>) -> Proposal {
        out.clear();
        self.search();
        if let Some(line) = self.hunt() {
            return Proposal::Hunt(line);
        }
        let n = self.map.size();
        if self.map.discovered_count() >= n * n {
            return Proposal::Explored;
        }
        self.candidates(k, out);
        Proposal::Walks
    }

    /// Records the line played this turn: the map walks it. A line the map cannot predict (it
    /// crosses an edge the map does not know open; the explorer's own walks never do) loses
    /// the map: a new one starts.
    pub fn commit(&mut self, line: &MoveLine) {
        if self.map.apply(line).is_err() {
            self.map = LocalMap::new(self.map.size(), Reading::Literal);
        }
    }

    /// The explorer's turn: [`observe`](Explorer::observe) the view, play the hunt or the
    /// best walk [`propose`](Explorer::propose)d (the step back when no walk reaches
    /// [`MIN_RATE`] or nothing is left to explore), and [`commit`](Explorer::commit) it.
    pub fn choose(&mut self, view: &View) -> MoveLine {
        self.observe(view);
        let mut best = std::mem::take(&mut self.best);
        let line = match self.propose(1, &mut best) {
            Proposal::Hunt(line) => line,
            Proposal::Explored => MoveLine::JURY,
            Proposal::Walks => match best.first() {
                Some(c) if c.rate >= MIN_RATE => c.line,
                _ => MoveLine::JURY,
            },
        };
        self.best = best;
        self.commit(&line);
        line
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
                            if let Some(s) = k.neighbour(x, side)
                                && !k.is_discovered(s)
                            {
                                value += 1.0;
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
        self.dist.clear();
        self.dist.resize(CELLS, u16::MAX);
        self.walked.clear();
        self.walked.resize(CELLS, 0);
        self.parent.clear();
        self.parent.resize(CELLS, (u32::MAX, Dir::N));
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
        dirs.truncate(MAX_MOVES);
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
    /// `out`. Needs `search` to have run.
    fn candidates(&self, k: usize, out: &mut Vec<Candidate>) {
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
        out.extend(scored.iter().take(k).map(|&(rate, t)| Candidate {
            rate,
            line: self.path_to(t),
        }));
    }
}

/// The explorer is told its view only (the contract's observation), exactly as a real program;
/// each game starts a new map of the game's size.
impl Bot<Game> for Explorer {
    fn name(&self) -> String {
        "explorer".into()
    }

    fn new_game(&mut self, game: &Game, _player: usize, _seed: u64) {
        self.start(game.config().size);
    }

    fn act(&mut self, _game: &Game, view: &View, _player: usize) -> Action {
        Action::Moves(self.choose(view))
    }
}
