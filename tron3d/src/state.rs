//! Everything that changes during a game: walls, items, ghost stacks, bikes, scores, the round
//! and the random generator. Fixed arrays and bitsets, so a clone is one flat copy.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use smallvec::SmallVec;

use crate::{BikeId, Item, MAX_BIKES, MAX_PLAYERS, MAX_VERTICES, PlayerId, VertexId};

pub(crate) const WORDS: usize = MAX_VERTICES / 64;
pub(crate) const NO_WALL: u8 = u8::MAX;

/// A set of vertices as a fixed bitset (used for the walls).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct VertexSet {
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_arrays"))]
    words: [u64; WORDS],
}

impl Default for VertexSet {
    fn default() -> VertexSet {
        VertexSet { words: [0; WORDS] }
    }
}

impl VertexSet {
    /// The empty set.
    pub fn new() -> VertexSet {
        VertexSet::default()
    }

    /// Whether `v` is in the set.
    #[inline]
    pub fn contains(&self, v: usize) -> bool {
        v < MAX_VERTICES && self.words[v >> 6] & (1u64 << (v & 63)) != 0
    }

    /// Adds `v` (a vertex id below [`MAX_VERTICES`]).
    #[inline]
    pub fn insert(&mut self, v: usize) {
        self.words[v >> 6] |= 1u64 << (v & 63);
    }

    /// Removes `v`.
    #[inline]
    pub fn remove(&mut self, v: usize) {
        self.words[v >> 6] &= !(1u64 << (v & 63));
    }

    /// The number of vertices in the set.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The 64-bit words, vertex `v` at bit `v % 64` of word `v / 64`.
    pub fn words(&self) -> &[u64; WORDS] {
        &self.words
    }

    /// The vertices in ascending order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &word)| {
            let mut w = word;
            std::iter::from_fn(move || {
                if w == 0 {
                    None
                } else {
                    let bit = w.trailing_zeros() as usize;
                    w &= w - 1;
                    Some(i * 64 + bit)
                }
            })
        })
    }
}

/// A set of bikes as a bitmask (bit `k` = bike `k`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BikeSet(pub u16);

impl BikeSet {
    /// Whether bike `k` is in the set.
    #[inline]
    pub fn contains(self, k: usize) -> bool {
        k < MAX_BIKES && self.0 & (1 << k) != 0
    }

    /// Adds bike `k`.
    #[inline]
    pub fn insert(&mut self, k: usize) {
        self.0 |= 1 << k;
    }

    /// The number of bikes in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The bikes in ascending order.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..MAX_BIKES).filter(move |&k| self.contains(k))
    }
}

/// One bike (`Board.hh:46-61`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bike {
    /// The owning player (bike `k` belongs to player `k % nb_players`).
    pub player: PlayerId,
    /// The held item (`Turbo` or `Ghost`; never `Points`, which scores at once).
    pub item: Item,
    /// The vertex it stands on; for a bike that crashed, the vertex it crashed into.
    pub vertex: VertexId,
    /// Remaining turbo rounds: while positive the bike must move every round.
    pub turbo: i32,
    /// Remaining ghost moves: while positive the bike passes through walls.
    pub ghost: i32,
    /// Alive?
    pub alive: bool,
}

/// One entry of a vertex's ghost stack: `bike` crossed the walled `vertex` as a ghost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct GhostMark {
    pub(crate) vertex: VertexId,
    pub(crate) bike: BikeId,
}

/// The state of a game after some rounds. Built by [`crate::Game::initial_state`] (or from a
/// recorded board); changed by [`crate::Game::advance`]. Cheap to clone, and
/// [`clone_from`](Clone::clone_from) copies in place: it allocates nothing once the target's
/// ghost-mark list has room (more than 32 marks live on the heap).
#[derive(Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct State {
    pub(crate) round: u32,
    pub(crate) last_round: u32,
    pub(crate) nb_players: u8,
    pub(crate) nb_bikes: u8,
    /// Wall owner per vertex, two vertices a byte (4 bits each: bike ids are below 16); only
    /// meaningful where `walls` has the vertex.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_arrays"))]
    pub(crate) owner: [u8; MAX_VERTICES / 2],
    pub(crate) walls: VertexSet,
    /// Items lying on vertices, two bits per vertex (0 none, 1 turbo, 2 ghost, 3 points).
    pub(crate) item_bits: [VertexSet; 2],
    /// The ghost stacks of all vertices, in push order (the original's `hack_guarro`).
    pub(crate) ghost_marks: SmallVec<[GhostMark; 32]>,
    pub(crate) bikes: [Bike; MAX_BIKES],
    pub(crate) scores: [i32; MAX_PLAYERS],
    pub(crate) rng: Pcg64Mcg,
}

impl Clone for State {
    fn clone(&self) -> State {
        State {
            round: self.round,
            last_round: self.last_round,
            nb_players: self.nb_players,
            nb_bikes: self.nb_bikes,
            owner: self.owner,
            walls: self.walls,
            item_bits: self.item_bits,
            ghost_marks: self.ghost_marks.clone(),
            bikes: self.bikes,
            scores: self.scores,
            rng: self.rng.clone(),
        }
    }

    /// Field by field, so that the ghost-mark list keeps its buffer (the derived `clone_from`
    /// would build a new list and drop the old one: an allocation per copy of a state with
    /// more than 32 marks, in a search's or a vector env's copy loop).
    fn clone_from(&mut self, source: &State) {
        // Every field named, so that a new one cannot be forgotten here.
        let State {
            round,
            last_round,
            nb_players,
            nb_bikes,
            owner,
            walls,
            item_bits,
            ghost_marks,
            bikes,
            scores,
            rng,
        } = source;
        self.round = *round;
        self.last_round = *last_round;
        self.nb_players = *nb_players;
        self.nb_bikes = *nb_bikes;
        self.owner = *owner;
        self.walls = *walls;
        self.item_bits = *item_bits;
        self.ghost_marks.clone_from(ghost_marks);
        self.bikes = *bikes;
        self.scores = *scores;
        self.rng.clone_from(rng);
    }
}

impl State {
    pub(crate) fn empty(nb_players: usize, nb_bikes: usize, seed: u64) -> State {
        State {
            round: 0,
            last_round: 0,
            nb_players: nb_players as u8,
            nb_bikes: nb_bikes as u8,
            owner: [0; MAX_VERTICES / 2],
            walls: VertexSet::new(),
            item_bits: [VertexSet::new(); 2],
            ghost_marks: SmallVec::new(),
            bikes: [Bike::default(); MAX_BIKES],
            scores: [0; MAX_PLAYERS],
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }

    /// The round the players see (0 before the first move).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The round after which the game is over.
    pub fn last_round(&self) -> u32 {
        self.last_round
    }

    /// Whether all rounds have been played.
    pub fn is_over(&self) -> bool {
        self.round >= self.last_round
    }

    /// Whether this round is odd (only bikes in turbo move).
    pub fn is_odd_round(&self) -> bool {
        self.round % 2 == 1
    }

    /// The number of players.
    pub fn nb_players(&self) -> usize {
        self.nb_players as usize
    }

    /// All bikes, by id (dead ones included).
    pub fn bikes(&self) -> &[Bike] {
        &self.bikes[..self.nb_bikes as usize]
    }

    /// Bike `k`.
    ///
    /// # Panics
    /// If `k` is not a bike id of the game.
    pub fn bike(&self, k: usize) -> &Bike {
        &self.bikes()[k]
    }

    /// The ids of the bikes of `player` (ascending, dead ones included; none for a player id
    /// that is not in the game).
    pub fn bikes_of(&self, player: PlayerId) -> impl Iterator<Item = usize> + '_ {
        let start = if player < self.nb_players {
            player as usize
        } else {
            self.nb_bikes as usize
        };
        (start..self.nb_bikes as usize).step_by(self.nb_players.max(1) as usize)
    }

    /// Whether bike `k` is alive and has to move this round (every live bike on even rounds,
    /// bikes in turbo on odd rounds). A bike that has to move and does not explodes.
    pub fn must_move(&self, k: usize) -> bool {
        let bike = &self.bikes[k];
        bike.alive && (self.round.is_multiple_of(2) || bike.turbo > 0)
    }

    /// Every player's score.
    pub fn scores(&self) -> &[i32] {
        &self.scores[..self.nb_players as usize]
    }

    /// The score of `player`.
    ///
    /// # Panics
    /// If `player` is not a player of the game.
    pub fn score(&self, player: PlayerId) -> i32 {
        self.scores()[player as usize]
    }

    /// The bike owning the wall on `v`, if any (may be a dead bike, see the crate docs on
    /// ghost stacks).
    #[inline]
    pub fn wall(&self, v: usize) -> Option<BikeId> {
        if self.walls.contains(v) {
            Some((self.owner[v >> 1] >> ((v & 1) * 4)) & 0x0f)
        } else {
            None
        }
    }

    /// Every walled vertex.
    pub fn walls(&self) -> &VertexSet {
        &self.walls
    }

    /// The item lying on `v`.
    #[inline]
    pub fn item(&self, v: usize) -> Item {
        let code =
            (self.item_bits[0].contains(v) as u8) | ((self.item_bits[1].contains(v) as u8) << 1);
        match code {
            0 => Item::None,
            1 => Item::Turbo,
            2 => Item::Ghost,
            _ => Item::Points,
        }
    }

    #[inline]
    pub(crate) fn set_item(&mut self, v: usize, item: Item) {
        let code = item as u8;
        if code & 1 != 0 {
            self.item_bits[0].insert(v);
        } else {
            self.item_bits[0].remove(v);
        }
        if code & 2 != 0 {
            self.item_bits[1].insert(v);
        } else {
            self.item_bits[1].remove(v);
        }
    }

    /// The ghost stack of `v`, bottom to top: the ghosts that crossed the wall on `v`, who
    /// inherit it (top first) when its owner dies.
    pub fn ghost_stack(&self, v: usize) -> impl Iterator<Item = BikeId> + '_ {
        self.ghost_marks
            .iter()
            .filter(move |m| m.vertex as usize == v)
            .map(|m| m.bike)
    }

    /// The state's random generator (draws the player order and the item types).
    pub fn rng_mut(&mut self) -> &mut Pcg64Mcg {
        &mut self.rng
    }

    #[inline]
    pub(crate) fn set_wall(&mut self, v: usize, owner: u8) {
        // A free vertex keeps nibble 0, so equal positions compare equal.
        let nibble = if owner == NO_WALL { 0 } else { owner & 0x0f };
        let shift = (v & 1) * 4;
        let byte = &mut self.owner[v >> 1];
        *byte = (*byte & !(0x0f << shift)) | (nibble << shift);
        if owner == NO_WALL {
            self.walls.remove(v);
        } else {
            self.walls.insert(v);
        }
    }

    /// Pops the top of `v`'s ghost stack.
    pub(crate) fn pop_ghost(&mut self, v: usize) -> Option<BikeId> {
        let index = self
            .ghost_marks
            .iter()
            .rposition(|m| m.vertex as usize == v)?;
        Some(self.ghost_marks.remove(index).bike)
    }
}
