//! Tron3D bots on the shared [`Bot`] shape: the original kit's Demo and Null players, and a
//! search bot with a Voronoi territory evaluation (multi-source BFS from `pathfind`). The
//! `tree` bot is in [`super::tree_bot`]; [`Roster::bot`](crate::roster::Roster::bot) builds them all by
//! name.

use pathfind::{Graph, Node, Searcher};
use smallvec::SmallVec;
use tron3d::{Action, Game, Item, Movement, PlayerId, State};

use arena::Bot;

/// Playouts per decision of the `tree` bot.
pub const TREE_ITERATIONS: u32 = 400;

/// The original kit's Demo player (`AIDemo.cc`): a random free neighbour per bike, an item
/// used with probability 1/5, with its own generator; defined in the engine crate as a bot of
/// the contract.
pub use tron3d::demo::Demo;

/// The original kit's Null player: commands nothing (its bikes overheat at once).
#[derive(Debug, Clone, Copy)]
pub struct Null;

impl Bot<Game> for Null {
    fn name(&self) -> String {
        "null".into()
    }
    fn act(&mut self, _: &Game, _: &State, _: usize) -> Action {
        Action::new()
    }
}

/// One candidate move of one bike.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Choice {
    bike: usize,
    to: usize,
    use_item: bool,
}

/// Search over the joint moves of the player's bikes, each scored by Voronoi territory: the
/// free vertices this player's heads reach strictly before every opponent head (multi-source
/// BFS), minus a share of the opponents' territory, with penalties for dead ends and for
/// vertices an opponent head can also reach this round, and bonuses for items. Uses Ghost only
/// to escape a dead end and Turbo when the bike has room for it.
#[derive(Debug, Clone, Default)]
pub struct Search {
    graph: Option<Graph>,
    searcher: Searcher,
    sources: Vec<Node>,
}

impl Search {
    /// A search bot.
    pub fn new() -> Search {
        Search::default()
    }

    fn options(game: &Game, state: &State, bike: usize) -> SmallVec<[Choice; 16]> {
        let b = state.bike(bike);
        let neighbours = game.board().neighbours(b.vertex as usize);
        let mut options = SmallVec::new();
        let free = |v: u16| state.wall(v as usize).is_none();
        for &v in neighbours {
            let to = v as usize;
            if b.ghost > 0 || free(v) {
                options.push(Choice {
                    bike,
                    to,
                    use_item: false,
                });
                if b.item == Item::Turbo && free(v) {
                    options.push(Choice {
                        bike,
                        to,
                        use_item: true,
                    });
                }
            }
        }
        if options.is_empty() && b.item == Item::Ghost {
            for &v in neighbours {
                options.push(Choice {
                    bike,
                    to: v as usize,
                    use_item: true,
                });
            }
        }
        if options.is_empty() {
            // Doomed: any move (it crashes, as staying would overheat).
            options.push(Choice {
                bike,
                to: neighbours[0] as usize,
                use_item: false,
            });
        }
        options
    }

    fn evaluate(&mut self, game: &Game, state: &State, player: PlayerId, combo: &[Choice]) -> f64 {
        let board = game.board();
        let config = game.config();
        let n = board.nb_vertices();
        let graph = self.graph.as_mut().expect("graph built");
        for v in 0..n {
            let _ = graph.set_open(Node(v as u32), state.wall(v).is_none());
        }
        for c in combo {
            let _ = graph.set_open(Node(c.to as u32), false);
        }
        // Sources: my heads (after the move), then every opponent's live head.
        self.sources.clear();
        for k in state.bikes_of(player) {
            let b = state.bike(k);
            if !b.alive {
                continue;
            }
            let head = combo
                .iter()
                .find(|c| c.bike == k)
                .map_or(b.vertex as usize, |c| c.to);
            self.sources.push(Node(head as u32));
        }
        let mine = self.sources.len();
        let mut owners: SmallVec<[PlayerId; 16]> = SmallVec::new();
        for (k, b) in state.bikes().iter().enumerate() {
            if b.alive && b.player != player {
                self.sources.push(Node(b.vertex as u32));
                owners.push(state.bike(k).player);
            }
        }
        let mut territory = [0i32; tron3d::MAX_PLAYERS + 1];
        let mut my_territory = 0i32;
        if let Ok(field) = self.searcher.multi_source_field(&*graph, &self.sources) {
            for (node, _) in field.reached() {
                if field.is_tied(node) {
                    continue;
                }
                let Some(owner) = field.owner(node) else {
                    continue;
                };
                let owner = owner as usize;
                if owner < mine {
                    my_territory += 1;
                } else {
                    territory[owners[owner - mine] as usize] += 1;
                }
            }
        }
        let opponents = (0..config.nb_players)
            .filter(|&p| p != player as usize && territory[p] > 0)
            .count()
            .max(1);
        let opp_total: i32 = territory.iter().sum();
        let mut score = f64::from(my_territory) - 0.5 * f64::from(opp_total) / opponents as f64;
        for c in combo {
            let b = state.bike(c.bike);
            // Dead end: no free neighbour left after the move (and no ghost to carry on).
            let exits = board
                .neighbours(c.to)
                .iter()
                .filter(|&&w| {
                    state.wall(w as usize).is_none() && !combo.iter().any(|o| o.to == w as usize)
                })
                .count();
            let ghost_next = b.ghost > 1 || (c.use_item && b.item == Item::Ghost);
            if exits == 0 && !ghost_next {
                score -= 500.0;
            }
            // Racing an opponent head for the same vertex: the random order decides.
            let walled = state.wall(c.to).is_some();
            if !walled {
                for other in state.bikes() {
                    if other.alive
                        && other.player != player
                        && (!state.is_odd_round() || other.turbo > 0)
                        && board.is_neighbour(other.vertex as usize, c.to as i64)
                    {
                        score -= 25.0;
                    }
                }
            }
            if walled && b.ghost <= 0 && !(c.use_item && b.item == Item::Ghost) {
                score -= 1000.0;
            }
            match state.item(c.to) {
                Item::Points => score += f64::from(config.score_bonus) / 10.0,
                Item::Turbo | Item::Ghost if b.item == Item::None => score += 3.0,
                _ => {}
            }
            if c.use_item && b.item == Item::Turbo {
                // Extra moves pay when the bike has room for all of them.
                let room = f64::from(my_territory) / mine.max(1) as f64;
                let turbo = f64::from(config.turbo_duration);
                score += if room > 3.0 * turbo {
                    turbo / 2.0
                } else {
                    -100.0
                };
            }
        }
        score
    }
}

impl Bot<Game> for Search {
    fn name(&self) -> String {
        "search".into()
    }

    fn act(&mut self, game: &Game, state: &State, player: usize) -> Action {
        let mut action = Action::new();
        let Ok(player) = PlayerId::try_from(player) else {
            return action;
        };
        let board = game.board();
        if self
            .graph
            .as_ref()
            .is_none_or(|g| g.node_count() != board.nb_vertices())
        {
            let graph = Graph::from_fn(board.nb_vertices(), |v| {
                board.neighbours(v as usize).iter().map(|&w| u32::from(w))
            });
            self.graph = graph.ok();
            if self.graph.is_none() {
                return action;
            }
        }
        let movers: SmallVec<[usize; 4]> = state
            .bikes_of(player)
            .filter(|&k| state.must_move(k))
            .collect();
        if movers.is_empty() {
            return action;
        }
        let options: Vec<SmallVec<[Choice; 16]>> = movers
            .iter()
            .map(|&k| Search::options(game, state, k))
            .collect();
        // Enumerate the joint moves (odometer over the option lists), at most 4096.
        let mut index = vec![0usize; movers.len()];
        let mut best: Option<(f64, Vec<Choice>)> = None;
        let mut combo = Vec::with_capacity(movers.len());
        for _ in 0..4096 {
            combo.clear();
            combo.extend(index.iter().zip(&options).map(|(&i, list)| list[i]));
            let distinct = combo
                .iter()
                .enumerate()
                .all(|(i, c)| combo[..i].iter().all(|o| o.to != c.to));
            if distinct {
                let score = self.evaluate(game, state, player, &combo);
                if best.as_ref().is_none_or(|(s, _)| score > *s) {
                    best = Some((score, combo.clone()));
                }
            }
            // Next combination.
            let mut pos = 0;
            loop {
                if pos == index.len() {
                    break;
                }
                index[pos] += 1;
                if index[pos] < options[pos].len() {
                    break;
                }
                index[pos] = 0;
                pos += 1;
            }
            if pos == index.len() {
                break;
            }
        }
        let chosen = match best {
            Some((_, combo)) => combo,
            None => options.iter().map(|list| list[0]).collect(),
        };
        for c in chosen {
            action.push(Movement {
                bike: c.bike as i32,
                to: c.to as i32,
                use_item: c.use_item,
            });
        }
        action
    }
}
