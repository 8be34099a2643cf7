//! Amazes under the workspace's game contract ([`pathfind::tree::Game`]) and its determinization
//! ([`pathfind::tree::Determinize`]).
//!
//! Amazes alternates: [`tree::Game::to_move`] is the mover alone, and [`tree::Game::advance`]
//! takes its one action. The game hides the maze: a player's observation is its [`View`], and
//! what it knows over a game is a [`Belief`] (its [`LocalMap`] plus the public facts: whose turn,
//! how many turns each played, the distance to the opponent). Lookahead on the referee's
//! [`State`] would see the hidden maze; an honest search samples states from the belief with
//! [`tree::Determinize::sample_state`], which draws a maze consistent with the map (and an
//! opponent at the distance the last view gave), so its playouts never use what the player
//! cannot know.

use pathfind::tree::{self, InvalidState, Moves, PlayerSet};
use rand::{Rng, RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::action::{Action, MoveLine};
use crate::event::Event;
use crate::game::{Game, LookReport, Outcome, Player, State};
use crate::generate::{generate_consistent, skip_consistent};
use crate::knowledge::RefereeKnowledge;
use crate::local::LocalMap;
use crate::maze::{Dir, Maze, Pose, Square};
use crate::observation::Observation;
use crate::view::View;

/// Point difference that moves a non-terminal [`tree::Game::returns`] estimate from 0.5 to
/// about 0.73 (a logistic curve on the difference of points so far).
pub const RETURNS_SCALE: f64 = 100.0;

/// The places and final scores (0 after a fault, else points clamped), Red first.
impl tree::Outcome for Outcome {
    fn ranks(&self) -> Vec<tree::Rank> {
        self.ranks.iter().map(|&r| tree::Rank::from(r)).collect()
    }
    fn scores(&self) -> Vec<f64> {
        self.scores.iter().map(|&s| f64::from(s)).collect()
    }
}

impl tree::Game for Game {
    type State = State;
    type Action = Action;
    type Events = Event;
    type Outcome = Outcome;
    type Observation = Observation;

    fn moves(&self) -> Moves {
        Moves::Alternating
    }

    fn players(&self) -> usize {
        Game::players(self)
    }

    fn initial_state(&self, seed: u64) -> State {
        Game::initial_state(self, seed)
    }

    fn to_move(&self, state: &State) -> PlayerSet {
        Game::to_move(self, state)
    }

    /// Player 0 is Red, 1 is Blue; any other number has no actions.
    fn legal_actions(&self, state: &State, player: usize, buf: &mut Vec<Action>) {
        Game::legal_actions(self, state, player, buf);
    }

    /// `actions[0]` is the mover's; an empty slice is a turn without a line (the referee's
    /// [`Fault::Timeout`](crate::Fault::Timeout), rules doc §7: the jury plays `T` and the
    /// player scores 0).
    fn advance(&self, state: &mut State, actions: &[Action]) -> Event {
        Game::advance(self, state, actions)
    }

    fn step(&self, state: &State, actions: &[Action]) -> State {
        Game::step(self, state, actions)
    }

    fn is_terminal(&self, state: &State) -> bool {
        Game::is_terminal(self, state)
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        Game::outcome(self, state)
    }

    /// Terminal: 1 for the higher score, 0 for the lower, 0.5 each on a tie. Elsewhere: a
    /// logistic estimate on the difference of points so far ([`RETURNS_SCALE`]).
    fn returns(&self, state: &State, out: &mut [f64]) {
        Game::returns(self, state, out);
    }

    fn observe(&self, state: &State, player: usize) -> Observation {
        Game::observe(self, state, player)
    }

    fn validate(&self, state: &State) -> Result<(), InvalidState> {
        Game::validate(self, state)
    }
}

/// What one player knows during a game: its own map (relative to its start) and the public
/// facts. Built by the player from its views and its own lines only, never from the referee's
/// state, so a search that samples from it is honest.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Belief {
    /// Whose knowledge this is.
    pub player: Player,
    /// The player's map, the latest view applied.
    pub map: LocalMap,
    /// Squared distance to the opponent in the latest view.
    pub distance2: u32,
    /// Turns the player has played.
    pub turns_played: u16,
    /// Set when the map lost track (a line crossed an edge the map did not know): the map then
    /// restarts at the current square.
    pub restarts: u16,
}

impl Belief {
    /// Knowing nothing yet, before the first view of a game on `game`'s maze size.
    pub fn new(game: &Game, player: Player) -> Belief {
        Belief {
            player,
            map: LocalMap::new(game.config().size, game.config().reading),
            distance2: 0,
            turns_played: 0,
            restarts: 0,
        }
    }

    /// The belief `player` would hold in `state` had it kept its map: its own knowledge and
    /// pose (re-centred on where it stands now, its facing as the relative north), its turn count
    /// and the distance in its current view; nothing of the opponent's or the maze's beyond
    /// that. For tests and tools that start from a referee state.
    pub fn from_state(game: &Game, state: &State, player: Player) -> Belief {
        let n = game.config().size;
        let mut map = LocalMap::new(n, game.config().reading);
        let k = state.knowledge(player);
        let pose = state.pose(player);
        let north = pose.facing.index();
        let (pr, pc) = (pose.square.row() as i32, pose.square.col() as i32);
        let rel = |r: i32, c: i32| {
            let (mut r, mut c) = (r - pr, c - pc);
            for _ in 0..north {
                (r, c) = (-c, r);
            }
            (r, c)
        };
        for sq in game.maze_of(state).squares() {
            let (r, c) = rel(sq.row() as i32, sq.col() as i32);
            let Some(cell) = map.cell(r, c) else {
                continue;
            };
            let wk = map.knowledge_mut();
            for d in Dir::ALL {
                if let Some(open) = k.edge_at(sq, d) {
                    wk.set_edge(cell, Dir::from_index(d.index() + 4 - north), open);
                }
            }
            if k.knows(sq) {
                wk.discover(cell, &mut |_| {});
            }
        }
        map.knowledge_mut().infer(&mut |_| {});
        Belief {
            player,
            map,
            distance2: Game::observe(game, state, player.index()).distance2,
            turns_played: state.turns_done(player),
            restarts: 0,
        }
    }

    /// Applies the view read at the start of a turn (the map restarts if it cannot hold it).
    pub fn observe(&mut self, view: &View) {
        self.distance2 = view.distance2;
        if self.map.observe(view).is_err() {
            self.restart();
            let _ = self.map.observe(view);
        }
    }

    /// Records the line the player wrote this turn. A line whose walk the map cannot predict
    /// (it crosses an unknown edge) loses the map's position, so the map restarts.
    pub fn played(&mut self, action: &Action) {
        self.turns_played = self.turns_played.saturating_add(1);
        let line = match action {
            Action::Moves(line) => *line,
            Action::Fault(_) => MoveLine::JURY,
        };
        if self.map.apply(&line).is_err() {
            self.restart();
        }
    }

    fn restart(&mut self) {
        self.map = LocalMap::new(self.map.size(), self.map.knowledge().reading());
        self.restarts = self.restarts.saturating_add(1);
    }

    /// The turns each player has played when it is this player's turn (Red moves first).
    pub fn turns_done(&self) -> [u16; 2] {
        let me = self.turns_played;
        match self.player {
            Player::Red => [me, me],
            Player::Blue => [me + 1, me],
        }
    }
}

/// A placement of the start-relative window in the maze: the start square and the absolute
/// direction of the relative north.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct Placement {
    /// The start square.
    pub origin: (i32, i32),
    /// The absolute direction of the relative north.
    pub north: usize,
}

impl Placement {
    /// Rotates a relative offset by `north` quarter turns clockwise.
    pub fn offset(self, (dr, dc): (i32, i32)) -> (i32, i32) {
        let (mut r, mut c) = (dr, dc);
        for _ in 0..self.north {
            (r, c) = (c, -r);
        }
        (self.origin.0 + r, self.origin.1 + c)
    }
    fn dir(self, d: Dir) -> Dir {
        Dir::from_index(d.index() + self.north)
    }
}

/// The placements of one north that fit the maze: origins with rows `rows.0..rows.0 + rows.1`
/// and columns `cols.0..cols.0 + cols.1`, row-major.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct PlacementRect {
    north: usize,
    rows: (i32, i32),
    cols: (i32, i32),
}

impl PlacementRect {
    /// The placements in the rectangle.
    pub fn count(&self) -> usize {
        (self.rows.1 * self.cols.1) as usize
    }

    /// The `k`-th placement, `k < count()`.
    /// The `k`th placement, row-major.
    pub fn nth(&self, k: usize) -> Placement {
        let (k, width) = (k as i32, self.cols.1);
        Placement {
            origin: (self.rows.0 + k / width, self.cols.0 + k % width),
            north: self.north,
        }
    }
}

/// A box of relative squares `(rmin, rmax, cmin, cmax)`.
#[doc(hidden)]
pub type KnownBox = (i32, i32, i32, i32);

/// The window cells of `map` the map knows anything of (discovered, or with a known edge), in
/// the window's order (row by row), with their relative squares: a sample reads only these
/// (issue 23: reading every cell of the window, then of the box of `known_box`, was most of a
/// sample's time). The cells left out have nothing to carry over.
#[doc(hidden)]
pub fn known_cells(map: &LocalMap, mut f: impl FnMut(usize, (i32, i32))) {
    map.knowledge()
        .for_each_known_cell(|cell| f(cell, map.coords(cell)));
}

/// The relative squares the map knows something about, as a bounding box `(rmin, rmax, cmin,
/// cmax)`: discovered squares, squares with a known edge, and the squares behind known openings.
fn known_box(map: &LocalMap) -> KnownBox {
    let k = map.knowledge();
    let (pr, pc) = (map.pose().row, map.pose().col);
    let mut b = (pr, pr, pc, pc);
    let mut grow = |r: i32, c: i32| {
        b = (b.0.min(r), b.1.max(r), b.2.min(c), b.3.max(c));
    };
    known_cells(map, |cell, (r, c)| {
        grow(r, c);
        for d in Dir::ALL {
            if k.edge(cell, d) == Some(true) {
                let (dr, dc) = d.delta();
                grow(r + dr, c + dc);
            }
        }
    });
    b
}

impl Game {
    /// The placements of a window whose known squares span `known` (see [`known_box`]) that
    /// fit the maze, in a fixed order: north, then the origin's row, then its column. For each
    /// north the fitting origins form a rectangle (each corner of the box must land inside,
    /// and rows and columns are independent), so the rectangles are all that is needed to count
    /// them and to find the k-th one (issue 23: enumerating the 4·n² candidates twice was a
    /// third of a sample's time).
    #[doc(hidden)]
    pub fn placement_rects(&self, known: KnownBox) -> [PlacementRect; 4] {
        let n = self.config().size as i32;
        let (r0, r1, c0, c1) = known;
        let corners = [(r0, c0), (r0, c1), (r1, c0), (r1, c1)];
        std::array::from_fn(|north| {
            let at_zero = Placement {
                origin: (0, 0),
                north,
            };
            let (mut lo_r, mut hi_r, mut lo_c, mut hi_c) = (0, n - 1, 0, n - 1);
            for &corner in &corners {
                let (r, c) = at_zero.offset(corner);
                // origin + r in 0..n, origin in 0..n.
                lo_r = lo_r.max(-r);
                hi_r = hi_r.min(n - 1 - r);
                lo_c = lo_c.max(-c);
                hi_c = hi_c.min(n - 1 - c);
            }
            PlacementRect {
                north,
                rows: (lo_r, (hi_r - lo_r + 1).max(0)),
                cols: (lo_c, (hi_c - lo_c + 1).max(0)),
            }
        })
    }

    /// The state `belief`'s player would be in if the maze were `maze`, its window placed at
    /// `place`: its knowledge translated, the opponent on a square at the believed distance.
    fn believed_state(
        &self,
        belief: &Belief,
        maze: Maze,
        place: Placement,
        rng: &mut Pcg64Mcg,
    ) -> Option<State> {
        let map = &belief.map;
        let k = map.knowledge();
        let n = self.config().size;
        let square = |r: i32, c: i32| Square::new(r as usize, c as usize);
        let mut mine = RefereeKnowledge::new(n, self.config().reading);
        known_cells(map, |cell, rc| {
            let (ar, ac) = place.offset(rc);
            if !(0..n as i32).contains(&ar) || !(0..n as i32).contains(&ac) {
                return;
            }
            let abs = square(ar, ac).index();
            for d in Dir::ALL {
                if let Some(open) = k.edge(cell, d) {
                    mine.set_edge(abs, place.dir(d), open);
                }
            }
            if k.is_discovered(cell) {
                mine.discover(abs, &mut |_| {});
            }
        });
        mine.infer(&mut |_| {});
        let pose = map.pose();
        let (mr, mc) = place.offset((pose.row, pose.col));
        let me = Pose::new(square(mr, mc), place.dir(pose.facing.0));
        // The opponent: a square at the believed distance, facing with an open square behind.
        let fits = |sq: Square| Dir::ALL.iter().any(|&d| maze.is_open(sq, d.back()));
        // The squares at that distance, row by row (as `maze.squares()` lists them): per row
        // at most the two columns `me ± dc` (issue 23: testing all n² squares twice was a
        // tenth of a sample).
        let (d2, (mr, mc)) = (i64::from(belief.distance2), (mr as i64, mc as i64));
        let at_distance = (0..n as i64).flat_map(move |r| {
            let rest = d2 - (r - mr) * (r - mr);
            let dc = (0..=rest.max(-1))
                .find(|dc| dc * dc >= rest)
                .filter(|dc| dc * dc == rest);
            let cols = match dc {
                Some(0) => [Some(mc), None],
                Some(dc) => [Some(mc - dc), Some(mc + dc)],
                None => [None, None],
            };
            cols.into_iter()
                .flatten()
                .filter(move |c| (0..n as i64).contains(c))
                .map(move |c| Square::new(r as usize, c as usize))
        });
        let count = at_distance.clone().filter(|&sq| fits(sq)).count();
        if count == 0 {
            return None;
        }
        let sq = at_distance
            .filter(|&sq| fits(sq))
            .nth(rng.random_range(0..count))?;
        let facings = Dir::ALL.iter().filter(|&&d| maze.is_open(sq, d.back()));
        let nf = facings.clone().count();
        let facing = *facings.clone().nth(rng.random_range(0..nf))?;
        let them = Pose::new(sq, facing);
        let p = belief.player;
        let mut poses = [me; 2];
        poses[p.other().index()] = them;
        let mut knowledge = [mine, RefereeKnowledge::new(n, self.config().reading)];
        if p == Player::Blue {
            knowledge.swap(0, 1);
        }
        let mut state = State {
            knowledge,
            poses,
            points: [0; 2],
            faults: [None; 2],
            turns_done: belief.turns_done(),
            to_move: p.other(),
            end: None,
            last_look: LookReport {
                player: p,
                seen: 0,
                inferred: 0,
                first: 0,
            },
            rng: Pcg64Mcg::seed_from_u64(rng.random()),
            sampled: Some(std::sync::Arc::new(maze)),
        };
        // The opponent's own look from where it stands (what it knows beyond that is unknown).
        let _ = self.look(&mut state, p.other());
        state.points = [0; 2];
        state.to_move = p;
        Some(state)
    }

    /// A maze consistent with `belief`'s map, and where the map's window sits in it. With
    /// `skip_hopeless`, a placement that leaves no square at the believed distance to the
    /// opponent (which [`Game::believed_state`] would reject whatever the maze) gets no maze:
    /// the generator's draws are made without building it, so `rng` ends where it would have.
    fn sample_maze(
        &self,
        belief: &Belief,
        bounds: KnownBox,
        skip_hopeless: bool,
        rng: &mut Pcg64Mcg,
    ) -> Option<(Maze, Placement)> {
        let rects = self.placement_rects(bounds);
        let count: usize = rects.iter().map(PlacementRect::count).sum();
        if count == 0 {
            return None;
        }
        let mut k = rng.random_range(0..count);
        let place = rects.iter().find_map(|rect| {
            let here = rect.count();
            if k < here {
                Some(rect.nth(k))
            } else {
                k -= here;
                None
            }
        })?;
        let map = &belief.map;
        let k = map.knowledge();
        let n = self.config().size as i32;
        // The known edges in absolute coordinates, for the generator.
        let mut known = [[None::<bool>; 4]; crate::maze::MAX_SIZE * crate::maze::MAX_SIZE];
        known_cells(map, |cell, rc| {
            let (ar, ac) = place.offset(rc);
            if !(0..n).contains(&ar) || !(0..n).contains(&ac) {
                return;
            }
            let abs = Square::new(ar as usize, ac as usize).index();
            for d in Dir::ALL {
                if let Some(open) = k.edge(cell, d) {
                    known[abs][place.dir(d).index()] = Some(open);
                }
            }
        });
        let known = |sq: Square, d: Dir| known[sq.index()][d.index()];
        if skip_hopeless && !Self::opponent_may_stand(n, place, belief) {
            // The interior edges the generator would list as unknown.
            let unknown = (0..n as usize)
                .flat_map(|r| (0..n as usize).map(move |c| (r, c)))
                .map(|(r, c)| {
                    let sq = Square::new(r, c);
                    usize::from(c + 1 < n as usize && known(sq, Dir::E).is_none())
                        + usize::from(r + 1 < n as usize && known(sq, Dir::S).is_none())
                })
                .sum();
            skip_consistent(n as usize, unknown, rng);
            return None;
        }
        let maze = generate_consistent(n as usize, known, rng).ok()?;
        Some((maze, place))
    }

    /// Whether some square of a maze of side `n` lies at `belief`'s squared distance to the
    /// opponent from the player's square under `place`: else [`Game::believed_state`] finds no
    /// square for the opponent, whatever the maze (every square of a valid maze has an opening,
    /// so its other condition always holds).
    fn opponent_may_stand(n: i32, place: Placement, belief: &Belief) -> bool {
        let pose = belief.map.pose();
        let (mr, mc) = place.offset((pose.row, pose.col));
        let d2 = i64::from(belief.distance2);
        (0..n).any(|r| {
            let dr = i64::from(r - mr);
            (0..n).any(|c| {
                let dc = i64::from(c - mc);
                dr * dr + dc * dc == d2
            })
        })
    }
}

impl tree::Determinize for Game {
    type Belief = Belief;

    /// Draws a maze consistent with the player's map (every known wall and opening kept, the
    /// window placed where it fits, the rest a random valid maze of the official shape), puts
    /// the opponent on a square at the distance the latest view gave, and gives the player its
    /// own knowledge (the opponent knows what it sees from there). Points start at 0 (a search
    /// compares gains), turns follow the belief. After 32 failed draws (a map with no
    /// consistent maze, which only a corrupt belief has) the game's own initial state for a
    /// drawn seed is returned.
    fn sample_state(&self, belief: &Belief, player: usize, rng: &mut dyn RngCore) -> State {
        self.sample(belief, player, rng, true)
    }
}

impl Game {
    /// [`tree::Determinize::sample_state`], with or without skipping the placements that
    /// leave the opponent no square (see [`Game::sample_maze`]): the same samples either way,
    /// which a test checks.
    #[doc(hidden)]
    pub fn sample(
        &self,
        belief: &Belief,
        player: usize,
        rng: &mut dyn RngCore,
        skip_hopeless: bool,
    ) -> State {
        let mut rng = Pcg64Mcg::seed_from_u64(rng.next_u64());
        let mut belief = belief.clone();
        belief.player = Player::from_index(player).unwrap_or(belief.player);
        // What the map knows lies in this box; every draw reads only its cells.
        let bounds = known_box(&belief.map);
        for _ in 0..32 {
            let Some((maze, place)) = self.sample_maze(&belief, bounds, skip_hopeless, &mut rng)
            else {
                continue;
            };
            if let Some(state) = self.believed_state(&belief, maze, place, &mut rng) {
                return state;
            }
        }
        Game::initial_state(self, rng.random())
    }
}
