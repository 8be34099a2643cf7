//! The game's two chance outcomes (the player order of each round and the bonus item types)
//! and the random sources that draw them.
//!
//! The original draws both from C's `rand()` (`Board.cc:265-269`, `Board.cc:413-422`). A
//! [`Chance`] supplies them: any [`CRand`] draws them exactly as the original does from its
//! `rand()` stream (so [`GlibcRand`] reproduces the original's games for a seed), and a recorded
//! game supplies them from the record ([`crate::replay`]).

use crate::{Item, PlayerId, VertexId};

/// A source of `rand()`-like values in `0..2^31`.
pub trait CRand {
    /// The next value, in `0..=0x7fff_ffff`.
    fn rand(&mut self) -> u32;
}

/// Where each round's chance outcomes come from.
pub trait Chance {
    /// Puts the players in execution order: `order` holds `0..P` on entry and must hold a
    /// permutation of it on return.
    fn shuffle_players(&mut self, order: &mut [PlayerId]);
    /// The item that appears on free bonus vertex `vertex` (asked in the board's bonus order).
    fn bonus_item(&mut self, vertex: VertexId) -> Item;
}

/// Draws like the original: libstdc++ `random_shuffle` (`for i in 1..n: j = rand() % (i+1);
/// swap`) and `1 + rand() % 3` for items.
impl<R: CRand + ?Sized> Chance for R {
    fn shuffle_players(&mut self, order: &mut [PlayerId]) {
        for i in 1..order.len() {
            let j = self.rand() as usize % (i + 1);
            if i != j {
                order.swap(i, j);
            }
        }
    }

    fn bonus_item(&mut self, _vertex: VertexId) -> Item {
        Item::from_draw(self.rand())
    }
}

/// The state's generator: `rand()` is the high 31 bits of the next 32-bit output.
impl CRand for rand_pcg::Pcg64Mcg {
    #[inline]
    fn rand(&mut self) -> u32 {
        rand::RngCore::next_u32(self) >> 1
    }
}

/// glibc's `rand()` (the `random()` TYPE_3 additive generator) seeded by `srand(seed)`.
///
/// With it, the engine and [`crate::demo`] replay the original's games for a seed bit for bit.
///
/// ```
/// use tron3d::{CRand, GlibcRand};
/// let mut r = GlibcRand::new(1);
/// assert_eq!([r.rand(), r.rand(), r.rand()], [1804289383, 846930886, 1681692777]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GlibcRand {
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_arrays"))]
    table: [u32; 34],
    index: usize,
}

impl GlibcRand {
    /// `srand(seed)`; seed 0 behaves as 1, like glibc.
    pub fn new(seed: u32) -> GlibcRand {
        let mut r = [0u32; 34];
        r[0] = if seed == 0 { 1 } else { seed };
        for i in 1..31 {
            // Schrage's method for 16807 * r mod (2^31 - 1) on signed values, as glibc does.
            let prev = r[i - 1] as i32 as i64;
            let hi = prev / 127_773;
            let lo = prev % 127_773;
            let mut word = 16_807 * lo - 2_836 * hi;
            if word < 0 {
                word += 2_147_483_647;
            }
            r[i] = word as u32;
        }
        for i in 31..34 {
            r[i] = r[i - 31];
        }
        let mut table = [0u32; 34];
        table.copy_from_slice(&r);
        let mut rng = GlibcRand { table, index: 0 };
        // glibc discards the first 310 outputs.
        for _ in 0..310 {
            rng.step();
        }
        rng
    }

    #[inline]
    fn step(&mut self) -> u32 {
        // r[i] = r[i-31] + r[i-3], kept in a ring of 34 words.
        let i = self.index;
        let value = self.table[(i + 34 - 31 + 34) % 34].wrapping_add(self.table[(i + 34 - 3) % 34]);
        self.table[i] = value;
        self.index = (i + 1) % 34;
        value
    }
}

impl CRand for GlibcRand {
    #[inline]
    fn rand(&mut self) -> u32 {
        self.step() >> 1
    }
}
