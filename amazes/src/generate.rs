//! A generator of valid mazes and start poses whose shape resembles the official mazes.
//!
//! The official generator is unknown. Rules doc §2 measured the 10 sample mazes (675–678 openings,
//! i.e. 51–54 loops; 127–151 dead ends; longest straight corridor 8–13) and suggests the recipe
//! used here: a uniformly random spanning tree (randomised Kruskal; a tree never has a fully open
//! 2×2 block, since that block would be a cycle), then about 52 extra openings, each only where
//! both corners of the removed wall still touch another wall.

use rand::Rng;
use rand::seq::SliceRandom;

use crate::maze::{CELLS, Dir, Maze, MazeError, Pose, Square};

/// How many loops (openings beyond a spanning tree) to add for a maze of side `size`: 51..=54
/// for the contest's 25, scaled by the number of interior corners otherwise.
pub fn loops_for(size: usize) -> std::ops::RangeInclusive<usize> {
    let corners = (size - 1) * (size - 1);
    let lo = (51 * corners + 287) / 576;
    let hi = (54 * corners + 287) / 576;
    lo..=hi.max(lo)
}

/// Generates a valid maze of side `size` (2..=32) with a number of loops drawn from
/// [`loops_for`]. Fully connected, outer edges walls, every corner touching a wall.
pub fn generate(size: usize, rng: &mut impl Rng) -> Result<Maze, MazeError> {
    let range = loops_for(size);
    let loops = rng.random_range(range);
    generate_with_loops(size, loops, rng)
}

/// Generates a valid maze with up to `loops` extra openings (fewer only when no wall can be
/// removed without opening a corner).
pub fn generate_with_loops(
    size: usize,
    loops: usize,
    rng: &mut impl Rng,
) -> Result<Maze, MazeError> {
    let mut maze = Maze::closed(size)?;
    let n = size;
    // Interior edges as (square, E or S).
    let mut edges: Vec<(Square, Dir)> = Vec::with_capacity(2 * n * n);
    for r in 0..n {
        for c in 0..n {
            if c + 1 < n {
                edges.push((Square::new(r, c), Dir::E));
            }
            if r + 1 < n {
                edges.push((Square::new(r, c), Dir::S));
            }
        }
    }
    edges.shuffle(rng);
    let mut parent: Vec<u16> = (0..CELLS as u16).collect();
    fn find(parent: &mut [u16], mut x: u16) -> u16 {
        while parent[x as usize] != x {
            let p = parent[parent[x as usize] as usize];
            parent[x as usize] = p;
            x = p;
        }
        x
    }
    let mut walls = Vec::with_capacity(edges.len());
    for &(sq, d) in &edges {
        let other = maze.neighbour(sq, d).expect("interior edge");
        let (a, b) = (
            find(&mut parent, sq.index() as u16),
            find(&mut parent, other.index() as u16),
        );
        if a != b {
            parent[a as usize] = b;
            maze.set_open(sq, d, true)?;
        } else {
            walls.push((sq, d));
        }
    }
    let mut added = 0;
    for &(sq, d) in &walls {
        if added == loops {
            break;
        }
        maze.set_open(sq, d, true)?;
        if corners_ok(&maze, sq, d) {
            added += 1;
        } else {
            maze.set_open(sq, d, false)?;
        }
    }
    Ok(maze)
}

/// Generates a valid maze of side `size` that agrees with partial knowledge: `known(square,
/// dir)` is `Some(open)` for an interior edge whose state is known, `None` otherwise. Known
/// openings are opened first, then a random spanning forest completes the tree over unknown
/// edges (never a known wall), then about as many loops as [`generate`] adds, scaled by the share
/// of unknown edges, each only where both corners still touch a wall. Fails with
/// [`MazeError::Disconnected`] when the known walls cut the maze, or [`MazeError::OpenCorner`]
/// when the known openings already open a corner (neither happens for knowledge read from a
/// valid maze).
pub fn generate_consistent(
    size: usize,
    mut known: impl FnMut(Square, Dir) -> Option<bool>,
    rng: &mut impl Rng,
) -> Result<Maze, MazeError> {
    let mut maze = Maze::closed(size)?;
    let n = size;
    // A union-find over the squares. Only its answers (same set or not) shape the maze, so the
    // union by size (short paths; issue 23) draws the same mazes as any other.
    let mut parent: [u16; CELLS] = std::array::from_fn(|i| i as u16);
    let mut set_size = [1u16; CELLS];
    fn find(parent: &mut [u16], mut x: u16) -> u16 {
        while parent[x as usize] != x {
            let p = parent[parent[x as usize] as usize];
            parent[x as usize] = p;
            x = p;
        }
        x
    }
    fn union(parent: &mut [u16], set_size: &mut [u16], a: u16, b: u16) {
        let (small, large) = if set_size[a as usize] < set_size[b as usize] {
            (a, b)
        } else {
            (b, a)
        };
        parent[small as usize] = large;
        set_size[large as usize] += set_size[small as usize];
    }
    let mut unknown: Vec<(Square, Dir)> = Vec::with_capacity(2 * n * n);
    let interior = list_edges(n, &mut known, &mut unknown, |sq, d, other| {
        maze.set_interior(sq, d, other, true);
        let (a, b) = (
            find(&mut parent, sq.index() as u16),
            find(&mut parent, other.index() as u16),
        );
        if a != b {
            union(&mut parent, &mut set_size, a, b);
        }
    });
    // Every random draw of the generator is here, before any maze is built from them.
    let loops = draw_order_and_loops(size, &mut unknown, interior, rng);
    // Every edge listed is interior, so `set_interior` (no checks) does what `set_open` did.
    let mut walls = Vec::with_capacity(unknown.len());
    for &(sq, d) in &unknown {
        let other = maze.neighbour(sq, d).ok_or(MazeError::Size(n))?;
        let (a, b) = (
            find(&mut parent, sq.index() as u16),
            find(&mut parent, other.index() as u16),
        );
        if a != b {
            union(&mut parent, &mut set_size, a, b);
            maze.set_interior(sq, d, other, true);
        } else {
            walls.push((sq, d, other));
        }
    }
    let mut added = 0;
    for &(sq, d, other) in &walls {
        if added >= loops {
            break;
        }
        maze.set_interior(sq, d, other, true);
        if corners_ok(&maze, sq, d) {
            added += 1;
        } else {
            maze.set_interior(sq, d, other, false);
        }
    }
    // `Maze::validate`'s checks in its order, without its graph search (issue 23: a third of
    // a sample's time): outer edges are never open (`set_open` refuses them), the corners are
    // scanned alike, and the union-find already holds the components of the open edges (a
    // loop only ever joins two squares of one component).
    for r in 0..n - 1 {
        for c in 0..n - 1 {
            let a = Square::new(r, c);
            let d = Square::new(r + 1, c + 1);
            if maze.is_open(a, Dir::E)
                && maze.is_open(a, Dir::S)
                && maze.is_open(d, Dir::N)
                && maze.is_open(d, Dir::W)
            {
                return Err(MazeError::OpenCorner(a));
            }
        }
    }
    let root = find(&mut parent, Square::new(0, 0).index() as u16);
    for r in 0..n {
        for c in 0..n {
            let sq = Square::new(r, c);
            if find(&mut parent, sq.index() as u16) != root {
                return Err(MazeError::Disconnected(sq));
            }
        }
    }
    debug_assert_eq!(maze.validate(), Ok(()));
    Ok(maze)
}

/// The interior edges of a maze of side `n`, each once (row by row, `E` before `S`): those
/// whose state `known` does not give go to `unknown` in that order, `known_open` is called for
/// the known openings (with the square across). Answers the number of interior edges.
fn list_edges(
    n: usize,
    known: &mut impl FnMut(Square, Dir) -> Option<bool>,
    unknown: &mut Vec<(Square, Dir)>,
    mut known_open: impl FnMut(Square, Dir, Square),
) -> usize {
    let mut interior = 0usize;
    for r in 0..n {
        for c in 0..n {
            let sq = Square::new(r, c);
            for (d, other) in [
                (Dir::E, (c + 1 < n).then(|| Square::new(r, c + 1))),
                (Dir::S, (r + 1 < n).then(|| Square::new(r + 1, c))),
            ] {
                let Some(other) = other else {
                    continue;
                };
                interior += 1;
                match known(sq, d) {
                    Some(true) => known_open(sq, d, other),
                    Some(false) => {}
                    None => unknown.push((sq, d)),
                }
            }
        }
    }
    interior
}

/// The random draws of [`generate_consistent`], all of them: the order in which the unknown
/// edges are tried (a shuffle), then the number of loops to add.
fn draw_order_and_loops(
    size: usize,
    unknown: &mut [(Square, Dir)],
    interior: usize,
    rng: &mut impl Rng,
) -> usize {
    unknown.shuffle(rng);
    rng.random_range(loops_for(size)) * unknown.len() / interior.max(1)
}

/// Makes exactly the random draws [`generate_consistent`] would make for a maze of side `size`
/// with `unknown` interior edges whose state is not known, without building the maze: for a
/// caller that knows beforehand that it will reject the maze, and must leave `rng` where a
/// generated one would have left it (issue 23: the determinizer rejects most placements early
/// in a game, and building each such maze was most of a sample's time).
pub(crate) fn skip_consistent(size: usize, unknown: usize, rng: &mut impl Rng) {
    skip_shuffle(unknown, rng);
    let _ = rng.random_range(loops_for(size));
}

/// The draws of `rand` 0.9's `SliceRandom::shuffle` of `len` elements, without the elements:
/// its `IncreasingUniform` draws one number below `(n + 1)(n + 2)…(n + k)` for every `k`
/// consecutive positions (as many as fit in a `u32`) and splits it among them, so only those
/// draws move the generator. Pinned by the test that compares skipped and built samples (a
/// `rand` whose shuffle draws otherwise fails it).
fn skip_shuffle(len: usize, rng: &mut impl Rng) {
    if len <= 1 {
        return;
    }
    // `IncreasingUniform::new(rng, 0)`: the first position needs no draw.
    let mut remaining: u32 = 1;
    for n in 1..=len as u32 {
        if remaining == 0 {
            let (bound, count) = bound_u32(n);
            let _: u32 = rng.random_range(..bound);
            remaining = count;
        }
        remaining -= 1;
    }
}

/// `rand`'s `calculate_bound_u32(m)`: the product `m (m + 1)…` of as many factors as fit in a
/// `u32`, and how many.
fn bound_u32(m: u32) -> (u32, u32) {
    let (mut product, mut current) = (m, m + 1);
    while let Some(p) = product.checked_mul(current) {
        product = p;
        current += 1;
    }
    (product, current - m)
}

/// Whether the two corners at the ends of edge (`sq`, `d`) each still touch a wall.
fn corners_ok(maze: &Maze, sq: Square, d: Dir) -> bool {
    let n = maze.size();
    // Corners given by the top-left square of their 2×2 block.
    let (r, c) = (sq.row(), sq.col());
    let blocks: [(isize, isize); 2] = match d {
        Dir::E => [(r as isize - 1, c as isize), (r as isize, c as isize)],
        _ => [(r as isize, c as isize - 1), (r as isize, c as isize)],
    };
    blocks.iter().all(|&(br, bc)| {
        if br < 0 || bc < 0 || br as usize + 1 >= n || bc as usize + 1 >= n {
            return true;
        }
        let a = Square::new(br as usize, bc as usize);
        let z = Square::new(br as usize + 1, bc as usize + 1);
        !(maze.is_open(a, Dir::E)
            && maze.is_open(a, Dir::S)
            && maze.is_open(z, Dir::N)
            && maze.is_open(z, Dir::W))
    })
}

/// How many uniform draws [`random_starts`] tries before it enumerates. Every pair a draw
/// finds is the one earlier versions of this crate drew for the same generator state, so games
/// recorded with a seed keep their starts.
pub const START_DRAWS: usize = 100_000;

/// Draws Red's and Blue's start poses as the rules ask (seeds L38-44): uniform square and facing,
/// an open square behind each, squared distance at least `min_distance2`. Rejection sampling
/// first, as the only known arbiter does ([`START_DRAWS`] draws); when the valid pairs are too
/// rare for that, one of them is chosen uniformly by enumerating them all (at most
/// `(4 n²)²` pairs, no allocation). Fails with [`MazeError::NoStarts`] only when no pair exists.
pub fn random_starts(
    maze: &Maze,
    min_distance2: u32,
    rng: &mut impl Rng,
) -> Result<[Pose; 2], MazeError> {
    let n = maze.size();
    let draw = |rng: &mut _| -> Pose {
        let rng: &mut dyn rand::RngCore = rng;
        let sq = Square::new(rng.random_range(0..n), rng.random_range(0..n));
        Pose::new(sq, Dir::from_index(rng.random_range(0..4)))
    };
    for _ in 0..START_DRAWS {
        let red = draw(rng);
        let blue = draw(rng);
        if maze.validate_starts(&[red, blue], min_distance2).is_ok() {
            return Ok([red, blue]);
        }
    }
    let count = valid_start_pairs(maze, min_distance2).count();
    if count == 0 {
        return Err(MazeError::NoStarts(min_distance2));
    }
    let pick = rng.random_range(0..count);
    valid_start_pairs(maze, min_distance2)
        .nth(pick)
        .ok_or(MazeError::NoStarts(min_distance2))
}

/// The poses a player may start in: an open square behind it (seeds L44).
fn start_poses(maze: &Maze) -> impl Iterator<Item = Pose> + '_ {
    maze.squares().flat_map(move |sq| {
        Dir::ALL
            .into_iter()
            .filter(move |d| maze.is_open(sq, d.back()))
            .map(move |d| Pose::new(sq, d))
    })
}

/// Every valid (Red, Blue) start pair, Red's pose major, in a fixed order.
pub fn valid_start_pairs(maze: &Maze, min_distance2: u32) -> impl Iterator<Item = [Pose; 2]> + '_ {
    start_poses(maze).flat_map(move |red| {
        start_poses(maze)
            .filter(move |blue| maze.validate_starts(&[red, *blue], min_distance2).is_ok())
            .map(move |blue| [red, blue])
    })
}

/// Whether any valid start pair exists (stops at the first one).
pub fn starts_exist(maze: &Maze, min_distance2: u32) -> bool {
    valid_start_pairs(maze, min_distance2).next().is_some()
}
