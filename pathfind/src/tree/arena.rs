//! The node/edge arena shared by [`Uct`](super::Uct) (and so decoupled UCT) and
//! [`InformationSetMcts`](super::InformationSetMcts), and the playout they all run.
//!
//! A node is a state reached from the root by a sequence of joint actions (for IS-MCTS, the
//! information set of that action sequence). Its edges are the actions of the players to move
//! there, one list per node holding every mover's actions, each edge tagged with its player and
//! carrying that player's statistics: decoupled selection picks one edge per mover by that
//! mover's own UCB1, and the chosen edges together are the joint action. With one mover this is
//! exactly UCT. A child is found from its joint action: directly on the edge when one player
//! moves, through a list of children keyed by the chosen edge ids otherwise.
//!
//! Everything lives in `Vec`s that are cleared, never freed, between decisions, so a search
//! allocates only while its arena grows past the largest tree it has built so far.

use rand::Rng;

use super::{ActionStats, Game, PlayerSet, Policy, SearchConfig, SearchRng};

/// "No node / edge / child" in a link field.
const NONE: u32 = u32::MAX;

#[derive(Debug, Clone)]
struct Node {
    first_edge: u32,
    last_edge: u32,
    /// Iterations that passed through this node.
    visits: u32,
    /// Whether the node has edges (its movers are then known).
    expanded: bool,
    /// The players to move here, once expanded.
    movers: PlayerSet,
    /// Perfect information: the first of the node's [`Segment`]s (one per mover, in mover
    /// order) in `Arena::segments`; `NONE` before expansion and in determinized trees.
    segments: u32,
}

impl Node {
    const FRESH: Node = Node {
        first_edge: NONE,
        last_edge: NONE,
        visits: 0,
        expanded: false,
        movers: PlayerSet::EMPTY,
        segments: NONE,
    };
}

/// One mover's edges at a perfect-information node: they are contiguous in `Arena::edges`
/// (`first..first + len`), because [`Arena::expand`] pushes every mover's actions at once.
///
/// An untried edge is drawn uniformly with one random number, instead of scanning every edge
/// with a random draw each, which cost Dogfight's 1,156 actions per side most of a search's
/// time (issue 23). A short segment finds the drawn untried edge by counting unvisited edges;
/// a long one (more than [`LONG_SEGMENT`] edges) keeps a permutation of its edge ids in
/// `Arena::order[order..order + len]` whose first `tried` entries are the visited edges, and
/// moves a drawn edge into that prefix (a partial Fisher–Yates shuffle).
#[derive(Debug, Clone)]
struct Segment {
    first: u32,
    len: u32,
    /// How many of the edges have been visited.
    tried: u32,
    /// Long segments: where their permutation starts in `Arena::order`; `NONE` otherwise.
    order: u32,
}

/// The most entries of `Arena::ln_table` (512 KiB); larger visit counts take `ln` directly.
const LN_TABLE: u32 = 1 << 16;

/// The most entries of `Arena::reciprocals` (64 KiB, so that the entries UCB1 reads stay in the
/// first-level caches); edges visited more often (near the root) take the division and the root.
pub const RECIPROCAL_TABLE: u32 = 1 << 12;

/// The longest segment found by counting (see [`Segment`]).
const LONG_SEGMENT: u32 = 16;

/// What selection reads of an edge, kept apart from [`Link`] so a UCB1 scan over a node's
/// edges touches 16 bytes per edge (issue 23: the tree outgrows the caches, and the scans are
/// memory-bound).
#[derive(Debug, Clone)]
struct Edge {
    /// Sum of this edge's player's returns.
    total: f64,
    visits: u32,
    /// The child reached when this edge's player was the only mover; with several movers, the
    /// first of the children (in `Arena::children`) whose joint action starts with this edge.
    child: u32,
}

/// The rest of an edge (same index as its [`Edge`]).
#[derive(Debug, Clone)]
struct Link {
    player: u32,
    next: u32,
    /// IS-MCTS: iterations in which this action was legal at its node (UCB's `N`).
    available: u32,
    /// IS-MCTS: the iteration that last found this action legal (selection skips the others).
    seen: u32,
}

impl Edge {
    fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.total / f64::from(self.visits)
        }
    }
}

#[derive(Debug, Clone)]
struct Child {
    next: u32,
    /// Start of the joint key (the edge ids of the movers after the first) in `Arena::keys`.
    key: u32,
    node: u32,
}

/// The best edge found so far for one mover during selection.
#[derive(Debug, Clone, Copy)]
struct Best {
    edge: u32,
    score: f64,
    /// Untried edges seen so far (they come first, one picked at random).
    untried: u32,
    /// Edges seen so far with exactly the best score (one picked at random: with a fixed
    /// tie-break, two players with mirrored statistics in a symmetric game would keep choosing
    /// alike and never learn what the other does).
    ties: u32,
    /// This mover explores at random this time (simultaneous nodes only, see
    /// [`SearchConfig::mixing`]); `ties` then counts its edges for a uniform pick.
    explore: bool,
}

/// Scratch buffers of one iteration, reused across iterations and decisions.
#[derive(Debug, Clone)]
pub(crate) struct Scratch<A> {
    pub(crate) legal: Vec<A>,
    pub(crate) joint: Vec<A>,
    pub(crate) returns: Vec<f64>,
    /// Engine steps played in playouts since the search's last decision began.
    pub(crate) playout_steps: u64,
}

impl<A> Default for Scratch<A> {
    fn default() -> Self {
        Scratch {
            legal: Vec::new(),
            joint: Vec::new(),
            returns: Vec::new(),
            playout_steps: 0,
        }
    }
}

/// Plays `state` out with `policy` for at most `max_steps` steps, then writes
/// [`Game::returns`] into `scratch.returns`. A mover without legal actions (a contract breach)
/// ends the playout where it is.
pub(crate) fn playout<G: Game, P: Policy<G>>(
    game: &G,
    state: &mut G::State,
    policy: &mut P,
    rng: &mut SearchRng,
    max_steps: u32,
    scratch: &mut Scratch<G::Action>,
) {
    let mut steps = 0;
    'play: while steps < max_steps && !game.is_terminal(state) {
        let movers = game.to_move(state);
        if movers.is_empty() {
            break;
        }
        scratch.joint.clear();
        for player in movers {
            game.legal_actions(state, player, &mut scratch.legal);
            if scratch.legal.is_empty() {
                break 'play;
            }
            let i = policy.choose(game, state, player, &scratch.legal, rng);
            scratch.joint.push(scratch.legal[i].clone());
        }
        game.advance(state, &scratch.joint);
        steps += 1;
    }
    scratch.playout_steps += u64::from(steps);
    scratch.returns.clear();
    scratch.returns.resize(game.players(), 0.0);
    game.returns(state, &mut scratch.returns);
}

/// The most states a [`StateCache`] keeps for one sample.
const CACHED_STATES: u32 = 1 << 12;

/// The states one sample reached at the tree's nodes, for [`InformationSetMcts`] running
/// several iterations per sample (issue 23): an iteration that walks down to a node the
/// sample already reached copies its state instead of replaying the tree's actions with
/// `advance`. `advance` is a pure function of the state and the actions, so the copy is the
/// state the replay would reach, and the search draws and answers exactly the same.
///
/// The pool of states is reused from sample to sample (no allocation once it has grown), and
/// holds at most [`CACHED_STATES`] states: one per node the sample's iterations reached.
///
/// [`InformationSetMcts`]: super::InformationSetMcts
#[derive(Debug, Clone)]
pub(crate) struct StateCache<S> {
    /// Per node: the sample that stored its state, and where.
    at: Vec<(u32, u32)>,
    states: Vec<S>,
    /// States stored for the current sample.
    used: u32,
    /// The current sample's number (never 0, which marks "nothing stored").
    sample: u32,
}

impl<S> Default for StateCache<S> {
    fn default() -> Self {
        StateCache {
            at: Vec::new(),
            states: Vec::new(),
            used: 0,
            sample: 0,
        }
    }
}

impl<S: Clone> StateCache<S> {
    /// Forgets every stored state: a new sample (or a new tree) starts.
    pub(crate) fn next_sample(&mut self) {
        self.used = 0;
        self.sample = self.sample.wrapping_add(1);
        if self.sample == 0 {
            // After 2^32 samples the numbers come round: clear the marks once.
            self.at.fill((0, 0));
            self.sample = 1;
        }
    }

    /// The state stored for `node` in the current sample.
    fn get(&self, node: u32) -> Option<&S> {
        match self.at.get(node as usize) {
            Some(&(sample, slot)) if sample == self.sample && self.sample != 0 => {
                self.states.get(slot as usize)
            }
            _ => None,
        }
    }

    /// Stores `state` as `node`'s in the current sample (unless the pool is full).
    fn put(&mut self, node: u32, state: &S) {
        if self.sample == 0 || self.used >= CACHED_STATES {
            return;
        }
        let slot = self.used;
        match self.states.get_mut(slot as usize) {
            Some(stored) => stored.clone_from(state),
            None => self.states.push(state.clone()),
        }
        if self.at.len() <= node as usize {
            self.at.resize(node as usize + 1, (0, 0));
        }
        self.at[node as usize] = (self.sample, slot);
        self.used += 1;
    }
}

/// The search tree.
#[derive(Debug, Clone)]
pub(crate) struct Arena<A> {
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    links: Vec<Link>,
    /// The action of each edge (same index).
    actions: Vec<A>,
    children: Vec<Child>,
    keys: Vec<u32>,
    segments: Vec<Segment>,
    /// The permutations of the long segments (see [`Segment`]).
    order: Vec<u32>,
    path_nodes: Vec<u32>,
    /// The edges chosen on this iteration's path, each with its player, so backpropagation
    /// need not read the edge's [`Link`] (one cache miss less per edge on a large tree).
    path_edges: Vec<(u32, u32)>,
    selected: Vec<u32>,
    best: Vec<Best>,
    /// `ln(n)` for `n < ln_table.len()` (grown on demand up to [`LN_TABLE`] entries and kept
    /// across decisions): UCB1 takes the log of a node's visits at every selection.
    ln_table: Vec<f64>,
    /// `[1/n, sqrt(1/n)]` for `n < reciprocals.len()` (grown on demand up to
    /// [`RECIPROCAL_TABLE`] entries and kept across decisions): UCB1 takes both for every edge
    /// it scores, and a division and a square root per edge were a third of a UCT search on
    /// tic-tac-toe. The entries are the same operations, so the scores are bit for bit the same.
    reciprocals: Vec<[f64; 2]>,
    scratch: Scratch<A>,
    /// The current iteration's number (for [`Edge::seen`]).
    stamp: u32,
}

impl<A> Default for Arena<A> {
    fn default() -> Self {
        Arena {
            nodes: Vec::new(),
            edges: Vec::new(),
            links: Vec::new(),
            actions: Vec::new(),
            children: Vec::new(),
            keys: Vec::new(),
            segments: Vec::new(),
            order: Vec::new(),
            path_nodes: Vec::new(),
            path_edges: Vec::new(),
            selected: Vec::new(),
            best: Vec::new(),
            ln_table: Vec::new(),
            reciprocals: Vec::new(),
            scratch: Scratch::default(),
            stamp: 0,
        }
    }
}

impl<A: Clone + PartialEq> Arena<A> {
    /// Forgets the previous tree (keeping the capacity) and starts from a bare root.
    pub(crate) fn reset(&mut self) {
        self.nodes.clear();
        self.edges.clear();
        self.links.clear();
        self.actions.clear();
        self.children.clear();
        self.keys.clear();
        self.segments.clear();
        self.order.clear();
        self.stamp = 0;
        self.scratch.playout_steps = 0;
        self.nodes.push(Node::FRESH);
    }

    /// Engine steps played in playouts since the last [`reset`](Self::reset).
    pub(crate) fn playout_steps(&self) -> u64 {
        self.scratch.playout_steps
    }

    /// The number of nodes in the tree.
    pub(crate) fn node_count(&self) -> usize {
        self.nodes.len()
    }

    fn push_edge(&mut self, node: u32, player: usize, action: A, seen: u32) -> u32 {
        let id = self.edges.len() as u32;
        self.edges.push(Edge {
            total: 0.0,
            visits: 0,
            child: NONE,
        });
        self.links.push(Link {
            player: player as u32,
            next: NONE,
            available: 1,
            seen,
        });
        self.actions.push(action);
        let n = &mut self.nodes[node as usize];
        if n.last_edge == NONE {
            n.first_edge = id;
        } else {
            self.links[n.last_edge as usize].next = id;
        }
        n.last_edge = id;
        id
    }

    /// Perfect information: gives `node` one edge per legal action of each mover, once.
    pub(crate) fn expand<G: Game<Action = A>>(
        &mut self,
        game: &G,
        state: &G::State,
        node: u32,
        movers: PlayerSet,
    ) {
        if self.nodes[node as usize].expanded {
            return;
        }
        self.nodes[node as usize].expanded = true;
        self.nodes[node as usize].movers = movers;
        self.nodes[node as usize].segments = self.segments.len() as u32;
        let mut legal = std::mem::take(&mut self.scratch.legal);
        for player in movers {
            game.legal_actions(state, player, &mut legal);
            let first = self.edges.len() as u32;
            for action in legal.drain(..) {
                self.push_edge(node, player, action, 0);
            }
            let end = self.edges.len() as u32;
            let order = if end - first > LONG_SEGMENT {
                let at = self.order.len() as u32;
                self.order.extend(first..end);
                at
            } else {
                NONE
            };
            self.segments.push(Segment {
                first,
                len: end - first,
                tried: 0,
                order,
            });
        }
        self.scratch.legal = legal;
    }

    /// Determinized: marks the movers' actions legal in this sample as seen and available,
    /// adding edges for actions no earlier sample had.
    fn refresh<G: Game<Action = A>>(
        &mut self,
        game: &G,
        state: &G::State,
        node: u32,
        movers: PlayerSet,
    ) {
        self.nodes[node as usize].expanded = true;
        self.nodes[node as usize].movers = movers;
        let mut legal = std::mem::take(&mut self.scratch.legal);
        for player in movers {
            game.legal_actions(state, player, &mut legal);
            for action in legal.drain(..) {
                let mut e = self.nodes[node as usize].first_edge;
                while e != NONE {
                    let edge = &self.links[e as usize];
                    if edge.player as usize == player && self.actions[e as usize] == action {
                        break;
                    }
                    e = edge.next;
                }
                if e == NONE {
                    self.push_edge(node, player, action, self.stamp);
                } else {
                    let edge = &mut self.links[e as usize];
                    // A duplicate in one legal list counts once.
                    if edge.seen != self.stamp {
                        edge.seen = self.stamp;
                        edge.available += 1;
                    }
                }
            }
        }
        self.scratch.legal = legal;
    }

    /// Segment `seg`'s `k`-th edge in its own order (`k < len`), for a uniform pick; marks it
    /// tried if it was not. Long segments draw from their permutation, short ones take the
    /// `k`-th edge as listed.
    fn pick_any(&mut self, seg: usize, k: u32) -> u32 {
        let s = &self.segments[seg];
        if s.order == NONE {
            let e = s.first + k;
            if self.edges[e as usize].visits == 0 {
                self.segments[seg].tried += 1;
            }
            return e;
        }
        if k >= s.tried {
            return self.pick_untried(seg, k - s.tried);
        }
        self.order[(s.order + k) as usize]
    }

    /// Segment `seg`'s `k`-th untried edge (`k < len - tried`), marked tried.
    fn pick_untried(&mut self, seg: usize, k: u32) -> u32 {
        let s = &mut self.segments[seg];
        let (order, tried, first, len) = (s.order, s.tried, s.first, s.len);
        s.tried += 1;
        if order == NONE {
            let edges = &self.edges[first as usize..(first + len) as usize];
            let mut left = k;
            for (i, edge) in edges.iter().enumerate() {
                if edge.visits == 0 {
                    if left == 0 {
                        return first + i as u32;
                    }
                    left -= 1;
                }
            }
            unreachable!("a segment holds `len - tried` unvisited edges");
        }
        let (to, at) = ((order + tried) as usize, (order + tried + k) as usize);
        self.order.swap(to, at);
        self.order[to]
    }

    /// Perfect information: picks one edge per mover into `self.selected` (in mover order) from
    /// the node's segments. A mover with untried edges takes one of them uniformly at random
    /// (one draw); otherwise the best UCB1 score over its edges, ties broken uniformly. At a
    /// simultaneous node each mover first explores uniformly with probability
    /// [`SearchConfig::mixing`]. False if a mover has no edge.
    fn select_segments(
        &mut self,
        node: u32,
        movers: PlayerSet,
        config: &SearchConfig,
        rng: &mut SearchRng,
    ) -> bool {
        let n = &self.nodes[node as usize];
        let (base, count, visits) = (n.segments as usize, movers.len(), n.visits);
        let c = config.exploration;
        if count == 1 {
            // One mover: its edges are the node's, `first_edge..=last_edge`. A short list is
            // read once for its untried edges and, when none is left, its UCB1 scores, without
            // touching the segment (one cache miss less per tree level on tic-tac-toe).
            let (first, last) = (n.first_edge, n.last_edge);
            if first == NONE {
                return false;
            }
            self.selected.clear();
            let edge = if last - first < LONG_SEGMENT {
                let edges = &self.edges[first as usize..=last as usize];
                let untried = edges.iter().filter(|e| e.visits == 0).count() as u32;
                if untried > 0 {
                    let mut left = rng.random_range(0..untried);
                    let mut pick = 0;
                    for (i, edge) in edges.iter().enumerate() {
                        if edge.visits == 0 {
                            if left == 0 {
                                pick = i;
                                break;
                            }
                            left -= 1;
                        }
                    }
                    first + pick as u32
                } else {
                    let ln_visits = ln_of(&mut self.ln_table, visits.max(1));
                    let reciprocals = reciprocals_to(&mut self.reciprocals, visits);
                    first + ucb1(edges, ln_visits, c, reciprocals, rng)
                }
            } else {
                let Segment { len, tried, .. } = self.segments[base];
                if tried < len {
                    self.pick_untried(base, rng.random_range(0..len - tried))
                } else {
                    let ln_visits = ln_of(&mut self.ln_table, visits.max(1));
                    let reciprocals = reciprocals_to(&mut self.reciprocals, visits);
                    let edges = &self.edges[first as usize..=last as usize];
                    first + ucb1(edges, ln_visits, c, reciprocals, rng)
                }
            };
            self.selected.push(edge);
            return true;
        }
        // Check every mover before marking any edge tried: an edge in a tried prefix is one
        // that the iteration's backpropagation will visit.
        if count == 0 || self.segments[base..base + count].iter().any(|s| s.len == 0) {
            return false;
        }
        let mixing = config.mixing.min(1.0);
        self.selected.clear();
        for seg in base..base + count {
            let Segment {
                first, len, tried, ..
            } = self.segments[seg];
            let explore = mixing > 0.0 && rng.random_bool(mixing);
            let edge = if explore {
                self.pick_any(seg, rng.random_range(0..len))
            } else if tried < len {
                self.pick_untried(seg, rng.random_range(0..len - tried))
            } else {
                let ln_visits = ln_of(&mut self.ln_table, visits.max(1));
                let reciprocals = reciprocals_to(&mut self.reciprocals, visits);
                let edges = &self.edges[first as usize..(first + len) as usize];
                first + ucb1(edges, ln_visits, c, reciprocals, rng)
            };
            self.selected.push(edge);
        }
        true
    }

    /// Determinized: picks one edge per mover into `self.selected` (in mover order) by that
    /// mover's UCB1 among the edges this sample allows; untried edges first, a uniformly random
    /// one among them. False if a mover has no edge.
    fn select(
        &mut self,
        node: u32,
        movers: PlayerSet,
        determinized: bool,
        config: &SearchConfig,
        rng: &mut SearchRng,
    ) -> bool {
        let (c, mixing) = (config.exploration, config.mixing);
        self.best.clear();
        self.best.resize(
            movers.len(),
            Best {
                edge: NONE,
                score: f64::NEG_INFINITY,
                untried: 0,
                ties: 0,
                explore: false,
            },
        );
        if movers.len() > 1 && mixing > 0.0 {
            for best in &mut self.best {
                best.explore = rng.random_bool(mixing.min(1.0));
            }
        }
        let n = &self.nodes[node as usize];
        let ln_visits = f64::from(n.visits.max(1)).ln();
        let mut e = n.first_edge;
        while e != NONE {
            let (edge, link) = (&self.edges[e as usize], &self.links[e as usize]);
            let next = link.next;
            if determinized && link.seen != self.stamp {
                e = next;
                continue;
            }
            let Some(pos) = movers.position(link.player as usize) else {
                e = next;
                continue;
            };
            let best = &mut self.best[pos];
            if best.explore {
                best.ties += 1;
                if rng.random_range(0..best.ties) == 0 {
                    best.edge = e;
                }
            } else if edge.visits == 0 {
                best.untried += 1;
                if best.untried == 1 || rng.random_range(0..best.untried) == 0 {
                    best.edge = e;
                    best.score = f64::INFINITY;
                }
            } else if best.untried == 0 {
                let ln_n = if determinized {
                    f64::from(link.available).ln()
                } else {
                    ln_visits
                };
                let visits = f64::from(edge.visits);
                let score = edge.total / visits + c * (ln_n / visits).sqrt();
                if score > best.score {
                    best.edge = e;
                    best.score = score;
                    best.ties = 1;
                } else if score == best.score {
                    best.ties += 1;
                    if rng.random_range(0..best.ties) == 0 {
                        best.edge = e;
                    }
                }
            }
            e = next;
        }
        self.selected.clear();
        for best in &self.best {
            if best.edge == NONE {
                return false;
            }
            self.selected.push(best.edge);
        }
        true
    }

    /// The child reached by the edges in `self.selected`, created if new.
    ///
    /// With one mover the child hangs on the edge itself. With several, the children hang in a
    /// list on the first mover's chosen edge, each keyed by the other movers' edges, so a lookup
    /// scans only the joint actions that share the first mover's action.
    fn child(&mut self) -> (u32, bool) {
        let fresh = self.nodes.len() as u32;
        let (first, rest) = match self.selected[..] {
            [first, ref rest @ ..] => (first as usize, rest),
            [] => unreachable!("select chose one edge per mover"),
        };
        if rest.is_empty() {
            let child = self.edges[first].child;
            if child != NONE {
                return (child, false);
            }
            self.edges[first].child = fresh;
            self.nodes.push(Node::FRESH);
            return (fresh, true);
        }
        let mut c = self.edges[first].child;
        while c != NONE {
            let child = &self.children[c as usize];
            let key = child.key as usize;
            if self.keys[key..key + rest.len()] == *rest {
                return (child.node, false);
            }
            c = child.next;
        }
        let key = self.keys.len() as u32;
        self.keys.extend_from_slice(rest);
        self.children.push(Child {
            next: self.edges[first].child,
            key,
            node: fresh,
        });
        self.edges[first].child = self.children.len() as u32 - 1;
        self.nodes.push(Node::FRESH);
        (fresh, true)
    }

    /// One iteration from `state` (the root state, or a determinization of the root
    /// information set): selection and expansion of one node, a playout, backpropagation. With
    /// `cache`, the states of the nodes on the way down come from it when the current sample
    /// already reached them, and go into it otherwise.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn iterate<G: Game<Action = A>, P: Policy<G>>(
        &mut self,
        game: &G,
        state: &mut G::State,
        policy: &mut P,
        rng: &mut SearchRng,
        config: &SearchConfig,
        determinized: bool,
        mut cache: Option<&mut StateCache<G::State>>,
    ) {
        self.stamp = self.stamp.wrapping_add(1);
        self.path_nodes.clear();
        self.path_edges.clear();
        let mut node = 0;
        loop {
            self.path_nodes.push(node);
            if game.is_terminal(state) {
                break;
            }
            let movers = game.to_move(state);
            let known = &mut self.nodes[node as usize];
            if known.expanded && known.movers != movers {
                // Only a determinization that disagrees with earlier samples of the same history
                // about who moves gets here (`check::determinization` rejects those): the
                // edges and children would not fit, so the descent stops.
                break;
            }
            if determinized {
                self.refresh(game, state, node, movers);
            } else {
                self.expand(game, state, node, movers);
            }
            let selected = if determinized {
                self.select(node, movers, true, config, rng)
            } else {
                self.select_segments(node, movers, config, rng)
            };
            if movers.is_empty() || !selected {
                break;
            }
            for (&e, player) in self.selected.iter().zip(movers) {
                self.path_edges.push((e, player as u32));
            }
            let (child, created) = self.child();
            match cache.as_deref().and_then(|c| c.get(child)) {
                Some(reached) => state.clone_from(reached),
                None => {
                    self.scratch.joint.clear();
                    for &e in &self.selected {
                        self.scratch.joint.push(self.actions[e as usize].clone());
                    }
                    game.advance(state, &self.scratch.joint);
                    if let Some(c) = cache.as_deref_mut() {
                        c.put(child, state);
                    }
                }
            }
            node = child;
            if created {
                self.path_nodes.push(node);
                break;
            }
        }
        playout(
            game,
            state,
            policy,
            rng,
            config.max_playout_steps,
            &mut self.scratch,
        );
        for &n in &self.path_nodes {
            self.nodes[n as usize].visits += 1;
        }
        for &(e, player) in &self.path_edges {
            let edge = &mut self.edges[e as usize];
            edge.visits += 1;
            edge.total += self.scratch.returns[player as usize];
        }
    }

    /// The root's edges for `player`, in the order their actions were first listed.
    pub(crate) fn root_stats(
        &self,
        player: usize,
    ) -> impl Iterator<Item = ActionStats<'_, A>> + Clone {
        let mut e = self.nodes.first().map_or(NONE, |root| root.first_edge);
        std::iter::from_fn(move || {
            while e != NONE {
                let id = e as usize;
                let (edge, link) = (&self.edges[id], &self.links[id]);
                e = link.next;
                if link.player as usize == player {
                    return Some(ActionStats {
                        action: &self.actions[id],
                        visits: edge.visits,
                        mean: edge.mean(),
                    });
                }
            }
            None
        })
    }

    /// The most visited root action of `player` (ties: the higher mean, then the first).
    pub(crate) fn best(&self, player: usize) -> Option<A> {
        best_of(self.root_stats(player))
    }
}

/// `ln(n)`, from `table` when `n` is below [`LN_TABLE`] (growing it as needed).
#[inline]
fn ln_of(table: &mut Vec<f64>, n: u32) -> f64 {
    match table.get(n as usize) {
        Some(&ln) => ln,
        None => ln_grow(table, n),
    }
}

/// [`ln_of`] past the table's end: grows the table (up to [`LN_TABLE`] entries) or computes.
#[cold]
fn ln_grow(table: &mut Vec<f64>, n: u32) -> f64 {
    if n >= LN_TABLE {
        return f64::from(n).ln();
    }
    grow_table(table, n, LN_TABLE, |i| f64::from(i).ln());
    table[n as usize]
}

/// Extends a table of `entry(i)` for `i < table.len()` to cover `n`: to the next power of two
/// above `n`, at most `cap` entries (the `ln` and reciprocal tables of UCB1).
fn grow_table<T>(table: &mut Vec<T>, n: u32, cap: u32, entry: impl Fn(u32) -> T) {
    let want = (n as usize + 1).next_power_of_two().min(cap as usize);
    let from = table.len() as u32;
    table.extend((from..want as u32).map(entry));
}

/// `[1/n, sqrt(1/n)]`, as `ucb1` scores an edge visited `n` times.
#[inline]
pub fn reciprocal_pair(n: u32) -> [f64; 2] {
    let inverse = 1.0 / f64::from(n);
    [inverse, inverse.sqrt()]
}

/// The table of [`reciprocal_pair`]s, grown to cover every count up to `n` (a node's visits,
/// which no edge of its own exceeds) within [`RECIPROCAL_TABLE`] entries.
#[inline]
pub fn reciprocals_to(table: &mut Vec<[f64; 2]>, n: u32) -> &[[f64; 2]] {
    if table.len() as u32 <= n && (table.len() as u32) < RECIPROCAL_TABLE {
        reciprocals_grow(table, n);
    }
    table
}

#[cold]
fn reciprocals_grow(table: &mut Vec<[f64; 2]>, n: u32) {
    grow_table(table, n, RECIPROCAL_TABLE, reciprocal_pair);
}

/// The index in `edges` (all visited) of the best UCB1 score `mean + c·sqrt(ln N / n)` with
/// `ln_visits = ln N`; ties broken uniformly at random.
///
/// The score is computed as `total/n + (c·sqrt(ln N))·sqrt(1/n)`, with the node's factor taken
/// out of the loop, and `1/n` and `sqrt(1/n)` read from `reciprocals` where it holds them
/// (see [`reciprocal_pair`]). A short list (the common case) is scored into a buffer in one
/// branch-free pass, then searched for its best score, so ties cost one random draw in all.
fn ucb1(
    edges: &[Edge],
    ln_visits: f64,
    c: f64,
    reciprocals: &[[f64; 2]],
    rng: &mut SearchRng,
) -> u32 {
    const SHORT: usize = 16;
    let explore = c * ln_visits.sqrt();
    let score = |edge: &Edge| {
        let [inverse, root] = match reciprocals.get(edge.visits as usize) {
            Some(&pair) => pair,
            None => reciprocal_pair(edge.visits),
        };
        edge.total * inverse + explore * root
    };
    if edges.len() <= SHORT {
        let mut scores = [0.0f64; SHORT];
        let mut best_score = f64::NEG_INFINITY;
        for (slot, edge) in scores.iter_mut().zip(edges) {
            *slot = score(edge);
            best_score = best_score.max(*slot);
        }
        let scores = &scores[..edges.len()];
        // Branch-free: the count of best scores and the last of them.
        let (mut ties, mut last) = (0u32, 0usize);
        for (i, &s) in scores.iter().enumerate() {
            let hit = s == best_score;
            ties += u32::from(hit);
            last = if hit { i } else { last };
        }
        match ties {
            // No score compares (NaN from extreme settings): the first edge, as the
            // one-pass scan below answers.
            0 => return 0,
            1 => return last as u32,
            _ => {}
        }
        let mut left = rng.random_range(0..ties);
        for (i, &s) in scores.iter().enumerate() {
            if s == best_score {
                if left == 0 {
                    return i as u32;
                }
                left -= 1;
            }
        }
        unreachable!("the best score is one of the scores");
    }
    let (mut best, mut best_score, mut ties) = (0, f64::NEG_INFINITY, 0u32);
    for (i, edge) in edges.iter().enumerate() {
        let score = score(edge);
        if score > best_score {
            best = i;
            best_score = score;
            ties = 1;
        } else if score == best_score {
            ties += 1;
            if rng.random_range(0..ties) == 0 {
                best = i;
            }
        }
    }
    best as u32
}

/// The most visited action (ties: the higher mean, then the first listed).
pub(crate) fn best_of<'a, A: Clone + 'a>(
    stats: impl Iterator<Item = ActionStats<'a, A>>,
) -> Option<A> {
    let mut best: Option<ActionStats<'a, A>> = None;
    for s in stats {
        if best
            .as_ref()
            .is_none_or(|b| (s.visits, s.mean) > (b.visits, b.mean))
        {
            best = Some(s);
        }
    }
    best.map(|b| b.action.clone())
}

/// An action drawn in proportion to its visits; `None` when nothing was visited.
pub(crate) fn sample_by_visits<'a, A: Clone + 'a>(
    stats: impl Iterator<Item = ActionStats<'a, A>> + Clone,
    rng: &mut SearchRng,
) -> Option<A> {
    let total: u64 = stats.clone().map(|s| u64::from(s.visits)).sum();
    if total == 0 {
        return None;
    }
    let mut pick = rng.random_range(0..total);
    for s in stats {
        let visits = u64::from(s.visits);
        if pick < visits {
            return Some(s.action.clone());
        }
        pick -= visits;
    }
    None
}
