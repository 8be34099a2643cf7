//! The Tron3D search bot rebuilt on the workspace's lookahead toolkit (`pathfind::tree`): flat
//! Monte Carlo over the player's joint bike moves ([`tron3d::Game::legal_actions`]), the
//! opponents' replies sampled from theirs, each outcome scored by game knowledge — Voronoi
//! territory after the round (multi-source BFS with `pathfind`) — through a [`Model`] that
//! wraps the game and replaces only its `returns`.

use std::cell::RefCell;

use pathfind::tree::{self, FlatMonteCarlo, Moves, PlayerSet, SearchConfig};
use pathfind::{Graph, Node, Searcher};
use tron3d::{Action, Events, Game, Outcome, PlayerId, State};

use arena::Bot;

/// Voronoi scratch: the board's graph, a BFS searcher and the source list, reused.
#[derive(Debug, Default)]
struct Voronoi {
    graph: Option<Graph>,
    searcher: Searcher,
    sources: Vec<Node>,
    owners: Vec<PlayerId>,
}

impl Voronoi {
    /// Each player's territory (free vertices its live heads reach strictly first) into `out`.
    fn territory(&mut self, game: &Game, state: &State, out: &mut [f64]) {
        let board = game.board();
        let n = board.nb_vertices();
        if self.graph.as_ref().is_none_or(|g| g.node_count() != n) {
            self.graph = Graph::from_fn(n, |v| {
                board.neighbours(v as usize).iter().map(|&w| u32::from(w))
            })
            .ok();
        }
        out.iter_mut().for_each(|x| *x = 0.0);
        let Some(graph) = self.graph.as_mut() else {
            return;
        };
        for v in 0..n {
            let _ = graph.set_open(Node(v as u32), state.wall(v).is_none());
        }
        self.sources.clear();
        self.owners.clear();
        for bike in state.bikes() {
            if bike.alive {
                self.sources.push(Node(u32::from(bike.vertex)));
                self.owners.push(bike.player);
            }
        }
        if let Ok(field) = self.searcher.multi_source_field(&*graph, &self.sources) {
            for (node, _) in field.reached() {
                if !field.is_tied(node)
                    && let Some(owner) = field.owner(node)
                {
                    out[self.owners[owner as usize] as usize] += 1.0;
                }
            }
        }
    }
}

/// The game as the search sees it: the rules of [`tron3d::Game`], with returns from Voronoi
/// territory (each player's share of the territory, plus a bonus for its live bikes) before
/// the end and the true outcome at the end.
#[derive(Debug)]
pub struct Model<'g> {
    game: &'g Game,
    voronoi: RefCell<Voronoi>,
}

impl<'g> Model<'g> {
    /// The model of `game`.
    pub fn new(game: &'g Game) -> Model<'g> {
        Model {
            game,
            voronoi: RefCell::default(),
        }
    }
}

impl tree::Game for Model<'_> {
    type State = State;
    type Action = Action;
    type Events = Events;
    type Outcome = Outcome;
    type Observation = State;

    fn moves(&self) -> Moves {
        Moves::Simultaneous
    }
    fn players(&self) -> usize {
        tree::Game::players(self.game)
    }
    fn initial_state(&self, seed: u64) -> State {
        self.game.initial_state(seed)
    }
    fn to_move(&self, state: &State) -> PlayerSet {
        tree::Game::to_move(self.game, state)
    }
    fn legal_actions(&self, state: &State, player: usize, buf: &mut Vec<Action>) {
        tree::Game::legal_actions(self.game, state, player, buf);
    }
    fn advance(&self, state: &mut State, actions: &[Action]) -> Events {
        self.game.advance(state, actions)
    }
    fn is_terminal(&self, state: &State) -> bool {
        self.game.is_terminal(state)
    }
    fn outcome(&self, state: &State) -> Option<Outcome> {
        self.game.outcome(state)
    }
    fn returns(&self, state: &State, out: &mut [f64]) {
        if self.game.is_terminal(state) {
            self.game.returns(state, out);
            return;
        }
        let players = self.game.config().nb_players;
        let mut territory = [0.0; tron3d::MAX_PLAYERS];
        self.voronoi
            .borrow_mut()
            .territory(self.game, state, &mut territory[..players]);
        let total: f64 = territory[..players].iter().sum::<f64>().max(1.0);
        let mut alive = [0.0; tron3d::MAX_PLAYERS];
        for bike in state.bikes() {
            if bike.alive {
                alive[bike.player as usize] += 1.0;
            }
        }
        let bikes = self.game.config().nb_bikes as f64;
        for p in 0..players.min(out.len()) {
            out[p] = 0.8 * territory[p] / total + 0.2 * alive[p] / bikes;
        }
    }
    fn observe(&self, state: &State, _player: usize) -> State {
        state.clone()
    }
}

/// The rebuilt search bot: [`FlatMonteCarlo`] on the [`Model`], `iterations` per decision,
/// no playout beyond the round (the Voronoi returns judge it).
#[derive(Debug)]
pub struct TreeBot {
    iterations: u32,
    seed: u64,
}

impl TreeBot {
    /// A bot spending `iterations` playouts per decision.
    pub fn new(iterations: u32) -> TreeBot {
        TreeBot {
            iterations,
            seed: 0,
        }
    }

    /// `player`'s action in `state`.
    pub fn decide(&mut self, game: &Game, state: &State, player: usize) -> Action {
        let model = Model::new(game);
        self.seed = self.seed.wrapping_add(1);
        let mut search = FlatMonteCarlo::new(SearchConfig {
            iterations: self.iterations,
            max_playout_steps: 0,
            seed: self.seed,
            ..SearchConfig::default()
        });
        search.choose(&model, state, player).unwrap_or_default()
    }
}

impl Bot<Game> for TreeBot {
    fn name(&self) -> String {
        "tree".into()
    }
    fn new_game(&mut self, _game: &Game, player: usize, seed: u64) {
        self.seed = seed.wrapping_mul(31).wrapping_add(player as u64);
    }
    fn act(&mut self, game: &Game, state: &State, player: usize) -> Action {
        self.decide(game, state, player)
    }
}
