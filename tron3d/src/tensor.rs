//! Tron3D as tensors ([`pathfind::tree::Tensor`]), for learning.
//!
//! **Actions.** A player's action gives each of its bikes (its `nb_bikes` bikes in ascending id,
//! bike `player + j · nb_players` in *slot* `j`) one *digit* in `0..R`, where `R = 2·D + 1` and
//! `D` is the board's largest neighbour count ([`radix`]):
//!
//! | digit | the bike's movement |
//! |---|---|
//! | `0` | none |
//! | `1 + 2k` | to the `k`-th neighbour of its vertex (file order) |
//! | `2 + 2k` | to the `k`-th neighbour, using its held item first |
//!
//! and the index is the number written with these digits, slot 0 the most significant:
//! `Σ digit_j · R^(nb_bikes − 1 − j)`, so `R^nb_bikes` distinct actions: 81 on the shipped small
//! cube and grid (`D = 4`, 2 bikes a player), 169 on the small icosphere (`D = 6`), 729 and 2 197
//! on the big ones (3 bikes a player). A move is
//! relative to where the bike stands, which is why the conversions take the state.
//!
//! The space expresses every action [`Game::legal_actions`] lists, so the legal mask is exactly
//! that list as a set (its survival filter, its dropping of the item variants when the
//! combinations would pass [`MAX_JOINT_ACTIONS`], and its cut at that many). It cannot express
//! what the engine accepts beyond that: two commands for one bike (a crashed bike's second
//! command), commands in another order than ascending bikes, commands for other players' bikes
//! or to vertices that are not neighbours (all of which the engine skips). For them
//! [`Tensor::action_index`] is `None`. An index whose `k` is beyond the neighbours of the bike's
//! vertex stands for nothing in that state ([`Tensor::index_action`] is `None`); a movement of a
//! dead bike, or using an item it does not hold, is expressed and skipped (dead) or harmless (no
//! item) as the engine does. On a board whose `R^nb_bikes` does not fit a `usize` (a degree in
//! the hundreds with 8 bikes a player; no shipped board comes near),
//! [`Tensor::num_distinct_actions`] saturates at `usize::MAX` and no mask can be made.
//!
//! **Observation.** Shape `[7·P + 5 + B, V]` for `P` players of `B` bikes each on a board of `V`
//! vertices: planes of one value per vertex. Player blocks come first, in turn order from the viewer (block `i` is
//! player `(viewer + i) % P`, so block 0 is always the viewer's own); block `i` holds, from
//! plane `7·i`:
//!
//! | plane | value per vertex |
//! |---|---|
//! | `+0` | 1 where a wall belongs to one of the player's bikes (dead bikes' walls included) |
//! | `+1` | the number of the player's live bikes on the vertex |
//! | `+2` | the number of its live bikes there holding a Turbo |
//! | `+3` | the number of its live bikes there holding a Ghost |
//! | `+4` | the turbo rounds left of its live bikes there, over `turbo_duration` (summed) |
//! | `+5` | the ghost moves left of its live bikes there, over `ghost_duration` (summed) |
//! | `+6` | everywhere: the player's score over [`Game::max_score_gain`] |
//!
//! then five planes shared by all: `7·P` Turbo items lying on the vertex, `7·P + 1` Ghost items,
//! `7·P + 2` Points items, `7·P + 3` everywhere the fraction of the game's rounds left, and
//! `7·P + 4` everywhere 1 on an odd round (only bikes in turbo move). Last, one plane per slot
//! of the action space: plane `7·P + 5 + j` is 1 where the viewer's bike of slot `j` stands, if
//! it is alive (so an agent knows which digit moves which bike). Values lie in `[0, 1]` except
//! the counts and sums (two bikes share a vertex only through a ghost) and the score (above 1
//! only for a game resumed from a recorded board with scores already high).
//!
//! Tron3D hides nothing ([`Game::observe`] is the state), but the tensor leaves out, on purpose:
//! which bike of an opponent is which (the viewer's own are told apart by the slot planes), the
//! ghost stacks (which ghost inherits a wall when its owner dies; rare), and the state's random
//! generator (the next rounds' player order and item types: chance, not information). A player
//! not in the game gets all zeros.
//!
//! ```
//! use pathfind::tree::{Game as _, Tensor};
//! use tron3d::{Game, Preset};
//!
//! let game = Game::new(Preset::Cube.board(), Preset::Cube.config())?;
//! let state = game.initial_state(1);
//! assert_eq!(tron3d::tensor::radix(&game), 9); // up to 4 neighbours, with or without item
//! assert_eq!(game.num_distinct_actions(), 9 * 9); // 2 bikes a player
//!
//! // Player 2's mask is its joint moves that survive on their own, as `legal_actions` lists.
//! let mut mask = vec![false; game.num_distinct_actions()];
//! game.legal_mask(&state, 2, &mut mask);
//! let mut legal = Vec::new();
//! game.legal_actions(&state, 2, &mut legal);
//! assert_eq!(mask.iter().filter(|&&m| m).count(), legal.len());
//! let index = mask.iter().position(|&m| m).unwrap();
//! let action = game.index_action(&state, 2, index).unwrap();
//! assert!(legal.contains(&action));
//! assert_eq!(game.action_index(&state, 2, &action), Some(index));
//!
//! // Its observation: 7 planes per player, 5 shared ones and one per own bike, over the 218
//! // vertices.
//! let mut planes = vec![0.0; game.observation_len()];
//! game.observation_tensor(&state, 2, &mut planes);
//! assert_eq!(game.observation_shape(), [7 * 4 + 5 + 2, 218]);
//! let v = game.board().nb_vertices();
//! let own_bike = state.bike(2).vertex as usize; // bike 2 is player 2's first
//! assert_eq!(planes[v + own_bike], 1.0); // block 0 (its own), plane 1: its live bikes
//! assert_eq!(planes[own_bike], 1.0); // its spawn is walled by it
//! assert_eq!(planes[(7 * 4 + 5) * v + own_bike], 1.0); // its bike of slot 0
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use pathfind::tree::Tensor;

use crate::{Action, Board, Game, Item, MAX_BIKES_PER_PLAYER, MAX_JOINT_ACTIONS, Movement, State};

/// Planes of each player's block in the observation.
pub const PLAYER_PLANES: usize = 7;

/// Planes shared by all players after the player blocks.
pub const SHARED_PLANES: usize = 5;

/// The number of digits a bike's slot takes in the action index: `2·D + 1` for the board's
/// largest neighbour count `D` (no movement, then each neighbour without and with the item).
pub fn radix(game: &Game) -> usize {
    game.space.radix
}

/// The action space of a game, derived once when the game is made ([`radix`] and
/// [`Tensor::num_distinct_actions`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct ActionSpace {
    radix: usize,
    size: usize,
}

impl ActionSpace {
    pub(crate) fn of(board: &Board, config: &crate::Config) -> ActionSpace {
        let (offsets, _) = board.csr();
        let degree = offsets
            .windows(2)
            .map(|w| (w[1] - w[0]) as usize)
            .max()
            .unwrap_or(0);
        let radix = 2 * degree + 1;
        let bikes = u32::try_from(config.nb_bikes).unwrap_or(u32::MAX);
        ActionSpace {
            radix,
            size: radix.checked_pow(bikes).unwrap_or(usize::MAX),
        }
    }
}

/// The neighbours of `vertex`, none for an id that is not a vertex (a hostile state).
fn neighbours(board: &Board, vertex: usize) -> &[crate::VertexId] {
    if vertex < board.nb_vertices() {
        board.neighbours(vertex)
    } else {
        &[]
    }
}

/// Whether `digit` (not 0) is one of bike `k`'s options in [`Game::legal_actions`]: a move it
/// survives on its own, with the item only when `with_items` and the item keeps it alive.
fn is_option(game: &Game, state: &State, k: usize, digit: usize, with_items: bool) -> bool {
    let bike = state.bike(k);
    let Some(&to) = neighbours(game.board(), bike.vertex as usize).get((digit - 1) / 2) else {
        return false;
    };
    let free = !state.walls().contains(to as usize);
    if (digit - 1).is_multiple_of(2) {
        free || bike.ghost > 0
    } else {
        with_items
            && bike.item != Item::None
            && (free || bike.ghost > 0 || bike.item == Item::Ghost)
    }
}

/// The smallest option digit of bike `k` above `after`, if any.
fn next_option(
    game: &Game,
    state: &State,
    k: usize,
    after: usize,
    radix: usize,
    with_items: bool,
) -> Option<usize> {
    (after + 1..radix).find(|&d| is_option(game, state, k, d, with_items))
}

/// Plane `+6` of player `p`'s block: its score over [`Game::max_score_gain`] (zero for a player
/// the state has no score for). One function for the full and the incremental write, so both
/// compute the same bits.
fn score_value(game: &Game, state: &State, p: usize) -> f32 {
    let gain = game.max_score_gain().max(1) as f32;
    state.scores().get(p).map_or(0.0, |&s| s as f32 / gain)
}

/// Plane `7·P + 3`: the fraction of the game's rounds left.
fn left_value(game: &Game, state: &State) -> f32 {
    let left = state.last_round().saturating_sub(state.round()) as f32
        / game.config().nb_rounds.max(1) as f32;
    left.min(1.0)
}

/// Plane `7·P + 4`: 1 on an odd round.
fn odd_value(state: &State) -> f32 {
    f32::from(u8::from(state.is_odd_round()))
}

/// The offset of each bike id's block in `player`'s observation (ids are 4 bits in the wall
/// owners, so 16).
fn block_offsets(players: usize, player: usize, plane_len: usize) -> [usize; 16] {
    let mut block_of = [0usize; 16];
    // Bike k is player k % players's, in block (k % players − player) mod players: one more
    // with each k, wrapping (no division: this runs for every player of every step).
    let mut block = (players - player % players) % players;
    for at in block_of.iter_mut() {
        *at = block * plane_len;
        block += 1;
        if block == players {
            block = 0;
        }
    }
    block_of
}

/// The owner of the wall on `cell` (meaningful where `walls` has it).
fn owner_of(state: &State, cell: usize) -> usize {
    usize::from((state.owner[cell >> 1] >> ((cell & 1) * 4)) & 0x0f)
}

/// Adds live `bike`'s values to planes `+1` to `+5` of its block, at the cell `at[0]` is
/// (`at` starts at the cell of plane `+0`; planes are `v` apart).
fn add_bike(config: &crate::Config, bike: &crate::state::Bike, at: &mut [f32], v: usize) {
    let turbo = config.turbo_duration.max(1) as f32;
    let ghost = config.ghost_duration.max(1) as f32;
    at[v] += 1.0;
    at[2 * v] += f32::from(u8::from(bike.item == Item::Turbo));
    at[3 * v] += f32::from(u8::from(bike.item == Item::Ghost));
    at[4 * v] += bike.turbo.max(0) as f32 / turbo;
    at[5 * v] += bike.ghost.max(0) as f32 / ghost;
}

/// Planes `+1` to `+5` of `block` at vertex `at` in `state`: the sums of the live bikes of that
/// block there, in bike order from zero, as the full write adds them.
fn bike_values(
    config: &crate::Config,
    state: &State,
    block_of: &[usize; 16],
    block: usize,
    at: usize,
) -> [f32; 5] {
    let mut values = [0.0f32; 6];
    for (k, bike) in state.bikes().iter().enumerate() {
        if block_of[k] == block && bike.alive && bike.vertex as usize == at {
            add_bike(config, bike, &mut values, 1);
        }
    }
    [values[1], values[2], values[3], values[4], values[5]]
}

/// Calls `f` with every cell of word `i` set in `bits` that is a vertex (below `v`).
#[inline]
fn for_cells(i: usize, bits: u64, v: usize, mut f: impl FnMut(usize)) {
    let mut w = bits;
    while w != 0 {
        let cell = i * 64 + w.trailing_zeros() as usize;
        w &= w - 1;
        if cell >= v {
            break;
        }
        f(cell);
    }
}

impl Tensor for Game {
    fn num_distinct_actions(&self) -> usize {
        self.space.size
    }

    fn action_index(&self, state: &State, player: usize, action: &Action) -> Option<usize> {
        let players = self.players();
        if player >= players {
            return None;
        }
        let radix = radix(self);
        let mut digits = [0usize; MAX_BIKES_PER_PLAYER];
        let mut next_slot = 0;
        for movement in action.moves() {
            let bike = usize::try_from(movement.bike).ok()?;
            if bike >= self.nb_bikes() || bike % players != player {
                return None;
            }
            let slot = bike / players;
            // Canonical form only: one movement per bike, in ascending bike order.
            if slot < next_slot {
                return None;
            }
            next_slot = slot + 1;
            let vertex = state.bikes().get(bike)?.vertex as usize;
            let k = neighbours(self.board(), vertex)
                .iter()
                .position(|&v| i64::from(v) == i64::from(movement.to))?;
            digits[slot] = 1 + 2 * k + usize::from(movement.use_item);
        }
        digits[..self.config().nb_bikes]
            .iter()
            .try_fold(0usize, |index, &d| index.checked_mul(radix)?.checked_add(d))
    }

    fn index_action(&self, state: &State, player: usize, index: usize) -> Option<Action> {
        let players = self.players();
        if player >= players || index >= self.num_distinct_actions() {
            return None;
        }
        let radix = radix(self);
        let per_player = self.config().nb_bikes;
        let mut digits = [0usize; MAX_BIKES_PER_PLAYER];
        let mut rest = index;
        for slot in (0..per_player).rev() {
            digits[slot] = rest % radix;
            rest /= radix;
        }
        let mut action = Action::new();
        for (slot, &digit) in digits[..per_player].iter().enumerate() {
            if digit == 0 {
                continue;
            }
            let bike = player + slot * players;
            let vertex = state.bikes().get(bike)?.vertex as usize;
            let &to = neighbours(self.board(), vertex).get((digit - 1) / 2)?;
            action.push(Movement {
                bike: bike as i32,
                to: i32::from(to),
                use_item: (digit - 1) % 2 == 1,
            });
        }
        Some(action)
    }

    /// The digits of [`Game::legal_actions`]' enumeration, walked in the same order (its
    /// options are increasing digits, the last bike fastest), so the same first
    /// [`MAX_JOINT_ACTIONS`] combinations are marked, without a list.
    fn legal_mask(&self, state: &State, player: usize, mask: &mut [bool]) {
        let mask = &mut mask[..self.num_distinct_actions()];
        mask.fill(false);
        let players = self.players();
        if state.is_over() || player >= players {
            return;
        }
        let radix = radix(self);
        let per_player = self.config().nb_bikes;
        // The bikes with options: (id, the weight of its slot's digit).
        let mut moving = [(0usize, 0usize); MAX_BIKES_PER_PLAYER];
        let mut count = 0;
        let mut with_items = true;
        for items in [true, false] {
            with_items = items;
            count = 0;
            let mut product: usize = 1;
            for k in state.bikes_of(player as crate::PlayerId) {
                if !state.must_move(k) || count == MAX_BIKES_PER_PLAYER {
                    continue;
                }
                let options = (1..radix)
                    .filter(|&d| is_option(self, state, k, d, items))
                    .count();
                if options == 0 {
                    continue;
                }
                let slot = k / players;
                let weight = radix.pow((per_player - 1 - slot) as u32);
                moving[count] = (k, weight);
                product = product.saturating_mul(options);
                count += 1;
            }
            if product <= MAX_JOINT_ACTIONS {
                break;
            }
        }
        let moving = &moving[..count];
        let mut digits = [0usize; MAX_BIKES_PER_PLAYER];
        for (digit, &(k, _)) in digits.iter_mut().zip(moving) {
            // Each bike in `moving` has an option.
            *digit = next_option(self, state, k, 0, radix, with_items).unwrap_or(0);
        }
        let mut listed = 0;
        loop {
            let index: usize = moving
                .iter()
                .zip(&digits)
                .map(|(&(_, weight), &d)| weight * d)
                .sum();
            mask[index] = true;
            listed += 1;
            if listed == MAX_JOINT_ACTIONS {
                return;
            }
            let mut i = count;
            loop {
                if i == 0 {
                    return;
                }
                i -= 1;
                let k = moving[i].0;
                if let Some(d) = next_option(self, state, k, digits[i], radix, with_items) {
                    digits[i] = d;
                    break;
                }
                digits[i] = next_option(self, state, k, 0, radix, with_items).unwrap_or(0);
            }
        }
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![
            PLAYER_PLANES * self.players() + SHARED_PLANES + self.config().nb_bikes,
            self.board().nb_vertices(),
        ]
    }

    /// Written plane by plane in memory order, each value once: the planes that hold one value
    /// everywhere are filled with it, the others zeroed, then the few cells that are not zero
    /// (walls, bikes, items) are set from the state's bitsets, word by word. Tron3D has no
    /// plane that stays the same from state to state, so there is nothing to precompute but
    /// the offset of each bike's block.
    fn observation_tensor(&self, state: &State, player: usize, out: &mut [f32]) {
        let players = self.players();
        let v = self.board().nb_vertices();
        let per_player = self.config().nb_bikes;
        let out = &mut out[..(PLAYER_PLANES * players + SHARED_PLANES + per_player) * v];
        if player >= players || v == 0 {
            out.fill(0.0);
            return;
        }
        let words = v.div_ceil(64);
        let plane_len = PLAYER_PLANES * v;
        let (blocks, rest) = out.split_at_mut(players * plane_len);
        // The player blocks: six sparse planes, then the score everywhere (zero for a player
        // the state has no score for).
        for (b, block) in blocks.chunks_exact_mut(plane_len).enumerate() {
            let (sparse, score_plane) = block.split_at_mut(6 * v);
            sparse.fill(0.0);
            score_plane.fill(score_value(self, state, (b + player) % players));
        }
        let (items, rest) = rest.split_at_mut(3 * v);
        items.fill(0.0);
        let (left_plane, rest) = rest.split_at_mut(v);
        left_plane.fill(left_value(self, state));
        let (odd_plane, slots) = rest.split_at_mut(v);
        odd_plane.fill(odd_value(state));
        slots.fill(0.0);

        let block_of = block_offsets(players, player, plane_len);
        // Walls: plane +0 of their owner's block.
        for (i, &word) in state.walls.words().iter().take(words).enumerate() {
            for_cells(i, word, v, |cell| {
                blocks[block_of[owner_of(state, cell)] + cell] = 1.0;
            });
        }
        let config = self.config();
        for (k, bike) in state.bikes().iter().enumerate() {
            let at = bike.vertex as usize;
            if !bike.alive || at >= v {
                continue;
            }
            add_bike(config, bike, &mut blocks[block_of[k] + at..], v);
        }
        // Items: two bits a vertex (1 turbo, 2 ghost, 3 points), plane `item - 1`.
        let [low, high] = &state.item_bits;
        for (i, (&a, &b)) in low.words().iter().zip(high.words()).take(words).enumerate() {
            for (plane, bits) in [a & !b, b & !a, a & b].into_iter().enumerate() {
                for_cells(i, bits, v, |cell| items[plane * v + cell] = 1.0);
            }
        }
        for (slot, plane) in slots.chunks_exact_mut(v).enumerate() {
            let Some(bike) = state.bikes().get(player + slot * players) else {
                continue;
            };
            if bike.alive && (bike.vertex as usize) < v {
                plane[bike.vertex as usize] = 1.0;
            }
        }
    }

    /// Tron3D's steps change few cells: a bike's move walls one vertex and moves its bike
    /// values, an item is picked up, a death takes a trail away. So only the values that differ
    /// are written, found by comparing the two states' bitsets word by word (64 vertices a
    /// comparison): the wall cells whose wall or owner differ, the item cells whose item
    /// differs, the values of planes `+1` to `+5` that differ where a bike that changed stood or
    /// stands (both sums computed from all bikes there, in the full write's order, so they have
    /// its bits), the viewer's slot cells, and the planes holding one value everywhere (scores,
    /// rounds left, odd round) only when the value differs. The two round planes change every
    /// step and the scores every round a player's bike moves, so these are most of what an
    /// update writes: 2 to 6 of the small cube's 35 planes (each cache line a cell write
    /// touches costs about as much as a line of a plane: the memory traffic, not the
    /// arithmetic, is the cost of a tensor this size). States of different player or bike
    /// counts (not of one game) get the full write.
    fn update_observation_tensor(
        &self,
        before: &State,
        after: &State,
        player: usize,
        out: &mut [f32],
    ) {
        let players = self.players();
        let v = self.board().nb_vertices();
        let per_player = self.config().nb_bikes;
        if player >= players
            || v == 0
            || before.nb_players != after.nb_players
            || before.nb_bikes != after.nb_bikes
        {
            self.observation_tensor(after, player, out);
            return;
        }
        let out = &mut out[..(PLAYER_PLANES * players + SHARED_PLANES + per_player) * v];
        let words = v.div_ceil(64);
        let plane_len = PLAYER_PLANES * v;
        let (blocks, rest) = out.split_at_mut(players * plane_len);
        let block_of = block_offsets(players, player, plane_len);

        for (b, block) in blocks.chunks_exact_mut(plane_len).enumerate() {
            let p = (b + player) % players;
            let score = score_value(self, after, p);
            if score.to_bits() != score_value(self, before, p).to_bits() {
                block[6 * v..].fill(score);
            }
        }
        // Walls: a cell changes where the wall appeared or went, or where both have one whose
        // owner differs (a ghost inheriting a dead bike's wall).
        let (old_walls, new_walls) = (before.walls.words(), after.walls.words());
        for i in 0..words {
            let (old, new) = (old_walls[i], new_walls[i]);
            let mut changed = old ^ new;
            let owners = i * 32..(i * 32 + 32).min(before.owner.len());
            if before.owner[owners.clone()] != after.owner[owners] {
                changed |= old & new;
            }
            for_cells(i, changed, v, |cell| {
                let bit = 1u64 << (cell % 64);
                let (was, is) = (old & bit != 0, new & bit != 0);
                let (from, to) = (owner_of(before, cell), owner_of(after, cell));
                if was && is && from == to {
                    return;
                }
                if was {
                    blocks[block_of[from] + cell] = 0.0;
                }
                if is {
                    blocks[block_of[to] + cell] = 1.0;
                }
            });
        }
        // Bikes: the cells of planes +1 to +5 where a changed bike stood or stands, computed
        // from every live bike of that block there in both states; only the values that differ
        // are written (most bikes hold nothing and have no timer: their move writes plane +1 at
        // two cells, not five planes).
        let mut cells = [(0usize, 0usize); 2 * crate::MAX_BIKES];
        let mut count = 0;
        for (k, (old, new)) in before.bikes().iter().zip(after.bikes()).enumerate() {
            if old == new {
                continue;
            }
            for bike in [old, new] {
                if bike.alive && (bike.vertex as usize) < v {
                    cells[count] = (block_of[k], bike.vertex as usize);
                    count += 1;
                }
            }
        }
        let config = self.config();
        for &(block, at) in &cells[..count] {
            let was = bike_values(config, before, &block_of, block, at);
            let is = bike_values(config, after, &block_of, block, at);
            for (plane, (x, y)) in was.iter().zip(&is).enumerate() {
                if x.to_bits() != y.to_bits() {
                    blocks[block + (plane + 1) * v + at] = *y;
                }
            }
        }
        // Items: per kind, the cells whose bit differs take the new one.
        let (items, rest) = rest.split_at_mut(3 * v);
        let kinds = |s: &State, i: usize| {
            let (a, b) = (s.item_bits[0].words()[i], s.item_bits[1].words()[i]);
            [a & !b, b & !a, a & b]
        };
        for i in 0..words {
            let (old, new) = (kinds(before, i), kinds(after, i));
            for plane in 0..3 {
                for_cells(i, old[plane] ^ new[plane], v, |cell| {
                    items[plane * v + cell] =
                        f32::from(u8::from((new[plane] >> (cell % 64)) & 1 == 1));
                });
            }
        }
        let (left_plane, rest) = rest.split_at_mut(v);
        let left = left_value(self, after);
        if left.to_bits() != left_value(self, before).to_bits() {
            left_plane.fill(left);
        }
        let (odd_plane, slots) = rest.split_at_mut(v);
        let odd = odd_value(after);
        if odd.to_bits() != odd_value(before).to_bits() {
            odd_plane.fill(odd);
        }
        let stands = |s: &State, k: usize| {
            s.bikes()
                .get(k)
                .filter(|b| b.alive && (b.vertex as usize) < v)
                .map(|b| b.vertex as usize)
        };
        for (slot, plane) in slots.chunks_exact_mut(v).enumerate() {
            let k = player + slot * players;
            let (was, is) = (stands(before, k), stands(after, k));
            if was != is {
                if let Some(at) = was {
                    plane[at] = 0.0;
                }
                if let Some(at) = is {
                    plane[at] = 1.0;
                }
            }
        }
    }

    fn incremental_observations(&self) -> bool {
        true
    }
}
