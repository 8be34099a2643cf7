//! Our own boards: the same three families as the original kit (the surface of a cube cut into
//! a grid, a subdivided icosahedron, a flat grid), in the same sizes, with fair spawns, bonus
//! vertices and 3D coordinates.
//!
//! | preset | family | vertices | original of the same size |
//! |---|---|---|---|
//! | `cube6` | cube surface, 6×6 cells per face | 218 | `cube` (218) |
//! | `cube12` | cube surface, 12×12 per face | 866 | `bigcube` (866) |
//! | `ico2` | icosphere, 2 subdivisions | 162 | `icosahedron` (162) |
//! | `ico3` | icosphere, 3 subdivisions | 642 | `bigicosahedron` (642) |
//! | `grid13` | flat 13×13 grid | 169 | `plane` (169) |
//! | `grid17` | flat 17×17 grid | 289 | `bigplane` (289) |
//!
//! **Fair spawns.** Each family has rotations that map the board onto itself; player `j`'s
//! bikes stand on the images of player 0's under the `j`-th rotation, so every player sees the
//! same board up to symmetry. For 4 players: quarter turns about the z axis (cube, grid) or the
//! three half turns about the coordinate axes (icosphere); for 2 players: the half turn about z;
//! for 3 players (cube, icosphere): the cyclic permutation of the axes. Player 0's positions are
//! chosen greedily to be as far (in moves) as possible from every bike placed so far. Other
//! player counts fall back to farthest-point sampling without symmetry. Bonus vertices are whole
//! orbits too, chosen far from the spawns.
//!
//! Vertex ids are the lexicographic order of the integer lattice points (cube), the row-major
//! order (grid) or the subdivision order (icosphere); neighbour lists are ascending.

use std::collections::HashMap;

use crate::{Board, Config};

/// A family of boards and its size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Family {
    /// The surface of an `n`×`n`×`n` cube of cells: `6n² + 2` vertices.
    Cube {
        /// Cells along an edge.
        n: usize,
    },
    /// An icosahedron whose faces are split in four `level` times: `10·4^level + 2` vertices.
    Icosphere {
        /// Subdivisions.
        level: u32,
    },
    /// A flat `width`×`height` grid.
    Grid {
        /// Vertices per row.
        width: usize,
        /// Rows.
        height: usize,
    },
}

/// What to generate.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Spec {
    /// The geometry.
    pub family: Family,
    /// Players the spawns are laid out for.
    pub nb_players: usize,
    /// Bikes per player.
    pub nb_bikes: usize,
    /// Bonus orbits (each gives one bonus vertex per symmetry, usually `nb_players`).
    pub bonus_orbits: usize,
    /// The map name.
    pub name: String,
}

/// The boards this crate ships (see the module docs for sizes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Preset {
    /// `cube6`: 218 vertices, 4×2 bikes.
    Cube,
    /// `cube12`: 866 vertices, 4×3 bikes.
    BigCube,
    /// `ico2`: 162 vertices, 4×2 bikes.
    Icosphere,
    /// `ico3`: 642 vertices, 4×3 bikes.
    BigIcosphere,
    /// `grid13`: 169 vertices, 4×2 bikes.
    Grid,
    /// `grid17`: 289 vertices, 4×3 bikes.
    BigGrid,
}

impl Preset {
    /// Every preset.
    pub const ALL: [Preset; 6] = [
        Preset::Cube,
        Preset::BigCube,
        Preset::Icosphere,
        Preset::BigIcosphere,
        Preset::Grid,
        Preset::BigGrid,
    ];

    /// The map name.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Cube => "cube6",
            Preset::BigCube => "cube12",
            Preset::Icosphere => "ico2",
            Preset::BigIcosphere => "ico3",
            Preset::Grid => "grid13",
            Preset::BigGrid => "grid17",
        }
    }

    /// The preset called `name`.
    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name() == name)
    }

    /// Whether this is a big board (original big-board parameters).
    pub fn is_big(self) -> bool {
        matches!(
            self,
            Preset::BigCube | Preset::BigIcosphere | Preset::BigGrid
        )
    }

    /// The generation spec.
    pub fn spec(self) -> Spec {
        let family = match self {
            Preset::Cube => Family::Cube { n: 6 },
            Preset::BigCube => Family::Cube { n: 12 },
            Preset::Icosphere => Family::Icosphere { level: 2 },
            Preset::BigIcosphere => Family::Icosphere { level: 3 },
            Preset::Grid => Family::Grid {
                width: 13,
                height: 13,
            },
            Preset::BigGrid => Family::Grid {
                width: 17,
                height: 17,
            },
        };
        Spec {
            family,
            nb_players: 4,
            nb_bikes: if self.is_big() { 3 } else { 2 },
            bonus_orbits: if self.is_big() { 3 } else { 2 },
            name: self.name().to_owned(),
        }
    }

    /// The board (generated; equal to the shipped `boards/<name>.map` plus coordinates).
    pub fn board(self) -> Board {
        generate(&self.spec())
    }

    /// The original's parameters for a board of this size: `cube.cnf` for small boards, the
    /// `big*.cnf` values for big ones (rounds: 200 cube, 180 icosahedron/plane, 250 big cube and
    /// icosahedron, 200 big plane).
    pub fn config(self) -> Config {
        let mut config = if self.is_big() {
            Config::big()
        } else {
            Config::default()
        };
        config.nb_rounds = match self {
            Preset::Cube => 200,
            Preset::Icosphere | Preset::Grid => 180,
            Preset::BigCube | Preset::BigIcosphere => 250,
            Preset::BigGrid => 200,
        };
        config
    }
}

type Point = [f64; 3];

/// A symmetry of a board family, as a map of coordinates.
type Symmetry = fn(Point) -> Point;

/// Vertices, coordinates and symmetric adjacency of a family.
fn geometry(family: Family) -> (Vec<Point>, Vec<Vec<usize>>) {
    match family {
        Family::Cube { n } => cube(n.max(1)),
        Family::Icosphere { level } => icosphere(level),
        Family::Grid { width, height } => grid(width.max(2), height.max(1)),
    }
}

fn cube(n: usize) -> (Vec<Point>, Vec<Vec<usize>>) {
    let on_surface = |p: [usize; 3]| p.iter().any(|&c| c == 0 || c == n);
    let mut ids = HashMap::new();
    let mut lattice = Vec::new();
    for x in 0..=n {
        for y in 0..=n {
            for z in 0..=n {
                let p = [x, y, z];
                if on_surface(p) {
                    ids.insert(p, lattice.len());
                    lattice.push(p);
                }
            }
        }
    }
    let half = n as f64 / 2.0;
    let coords = lattice
        .iter()
        .map(|p| p.map(|c| (c as f64 - half) / half * 0.75))
        .collect();
    let mut adjacency = vec![Vec::new(); lattice.len()];
    for (i, p) in lattice.iter().enumerate() {
        for axis in 0..3 {
            for delta in [-1i64, 1] {
                let c = p[axis] as i64 + delta;
                if c < 0 || c > n as i64 {
                    continue;
                }
                let mut q = *p;
                q[axis] = c as usize;
                // The edge lies on the surface when both ends share a boundary face.
                let shared_face = (0..3).any(|b| b != axis && (p[b] == 0 || p[b] == n));
                if let (Some(&j), true) = (ids.get(&q), shared_face) {
                    adjacency[i].push(j);
                }
            }
        }
        adjacency[i].sort_unstable();
    }
    (coords, adjacency)
}

fn grid(width: usize, height: usize) -> (Vec<Point>, Vec<Vec<usize>>) {
    let mut coords = Vec::new();
    let mut adjacency = Vec::new();
    let span = |i: usize, len: usize| {
        if len > 1 {
            2.0 * i as f64 / (len - 1) as f64
        } else {
            1.0
        }
    };
    for r in 0..height {
        for c in 0..width {
            coords.push([-1.0 + span(c, width), 1.0 - span(r, height), 0.0]);
            let mut list = Vec::new();
            if r > 0 {
                list.push((r - 1) * width + c);
            }
            if c > 0 {
                list.push(r * width + c - 1);
            }
            if c + 1 < width {
                list.push(r * width + c + 1);
            }
            if r + 1 < height {
                list.push((r + 1) * width + c);
            }
            adjacency.push(list);
        }
    }
    (coords, adjacency)
}

fn normalize(p: Point) -> Point {
    let len = (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt();
    [p[0] / len, p[1] / len, p[2] / len]
}

fn icosphere(level: u32) -> (Vec<Point>, Vec<Vec<usize>>) {
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let mut points: Vec<Point> = [
        [-1.0, phi, 0.0],
        [1.0, phi, 0.0],
        [-1.0, -phi, 0.0],
        [1.0, -phi, 0.0],
        [0.0, -1.0, phi],
        [0.0, 1.0, phi],
        [0.0, -1.0, -phi],
        [0.0, 1.0, -phi],
        [phi, 0.0, -1.0],
        [phi, 0.0, 1.0],
        [-phi, 0.0, -1.0],
        [-phi, 0.0, 1.0],
    ]
    .into_iter()
    .map(normalize)
    .collect();
    let mut faces: Vec<[usize; 3]> = vec![
        [0, 11, 5],
        [0, 5, 1],
        [0, 1, 7],
        [0, 7, 10],
        [0, 10, 11],
        [1, 5, 9],
        [5, 11, 4],
        [11, 10, 2],
        [10, 7, 6],
        [7, 1, 8],
        [3, 9, 4],
        [3, 4, 2],
        [3, 2, 6],
        [3, 6, 8],
        [3, 8, 9],
        [4, 9, 5],
        [2, 4, 11],
        [6, 2, 10],
        [8, 6, 7],
        [9, 8, 1],
    ];
    for _ in 0..level {
        let mut midpoints: HashMap<(usize, usize), usize> = HashMap::new();
        let mut midpoint = |a: usize, b: usize, points: &mut Vec<Point>| {
            let key = (a.min(b), a.max(b));
            *midpoints.entry(key).or_insert_with(|| {
                let (p, q) = (points[a], points[b]);
                points.push(normalize([
                    (p[0] + q[0]) / 2.0,
                    (p[1] + q[1]) / 2.0,
                    (p[2] + q[2]) / 2.0,
                ]));
                points.len() - 1
            })
        };
        let mut next = Vec::with_capacity(faces.len() * 4);
        for [a, b, c] in faces {
            let ab = midpoint(a, b, &mut points);
            let bc = midpoint(b, c, &mut points);
            let ca = midpoint(c, a, &mut points);
            next.extend([[a, ab, ca], [b, bc, ab], [c, ca, bc], [ab, bc, ca]]);
        }
        faces = next;
    }
    let mut adjacency = vec![Vec::new(); points.len()];
    for [a, b, c] in faces {
        for (x, y) in [(a, b), (b, c), (c, a)] {
            adjacency[x].push(y);
            adjacency[y].push(x);
        }
    }
    for list in &mut adjacency {
        list.sort_unstable();
        list.dedup();
    }
    (points, adjacency)
}

/// The symmetries giving each player's positions, as maps of coordinates.
fn symmetries(family: Family, nb_players: usize) -> Option<Vec<Symmetry>> {
    let id: fn(Point) -> Point = |p| p;
    let quarter: [fn(Point) -> Point; 4] = [
        id,
        |p| [-p[1], p[0], p[2]],
        |p| [-p[0], -p[1], p[2]],
        |p| [p[1], -p[0], p[2]],
    ];
    let half_z: fn(Point) -> Point = |p| [-p[0], -p[1], p[2]];
    let cyclic: [fn(Point) -> Point; 3] = [id, |p| [p[1], p[2], p[0]], |p| [p[2], p[0], p[1]]];
    let klein: [fn(Point) -> Point; 4] = [
        id,
        |p| [p[0], -p[1], -p[2]],
        |p| [-p[0], p[1], -p[2]],
        |p| [-p[0], -p[1], p[2]],
    ];
    let square = match family {
        Family::Grid { width, height } => width == height,
        _ => true,
    };
    match (family, nb_players) {
        (_, 2) => Some(vec![id, half_z]),
        (Family::Icosphere { .. }, 4) => Some(klein.to_vec()),
        (_, 4) if square => Some(quarter.to_vec()),
        (Family::Cube { .. } | Family::Icosphere { .. }, 3) => Some(cyclic.to_vec()),
        _ => None,
    }
}

/// The squared distance between two points.
fn distance2(p: &Point, q: &Point) -> f64 {
    (0..3).map(|i| (p[i] - q[i]) * (p[i] - q[i])).sum::<f64>()
}

/// The vertex nearest to a point, as a scan of every vertex finds it (the first of equally near
/// vertices, by id), looked up in the 27 cells of a spatial hash around the point: the images of
/// a board's vertices under its rotations are `n` lookups, not `n²` distances (generation was
/// most of Tron3D's conformance replay). Hidden: public only for the crate's tests.
#[doc(hidden)]
pub struct Nearest<'a> {
    coords: &'a [Point],
    /// The side of a cell: about one vertex per cell.
    cell: f64,
    cells: HashMap<[i64; 3], Vec<usize>>,
}

impl<'a> Nearest<'a> {
    pub fn new(coords: &'a [Point]) -> Nearest<'a> {
        let extent = (0..3)
            .map(|i| {
                let (lo, hi) = coords
                    .iter()
                    .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
                        (lo.min(p[i]), hi.max(p[i]))
                    });
                hi - lo
            })
            .fold(0.0, f64::max);
        let per_axis = (coords.len() as f64).cbrt().max(1.0);
        let cell = if extent.is_finite() && extent > 0.0 {
            extent / per_axis
        } else {
            1.0
        };
        let mut nearest = Nearest {
            coords,
            cell,
            cells: HashMap::new(),
        };
        for (v, p) in coords.iter().enumerate() {
            let key = nearest.key(p);
            nearest.cells.entry(key).or_default().push(v);
        }
        nearest
    }

    fn key(&self, p: &Point) -> [i64; 3] {
        // `as` saturates: a far or non-finite point gets an edge cell, and the scan below.
        p.map(|c| (c / self.cell).floor() as i64)
    }

    /// The nearest vertex to `p`.
    pub fn find(&self, p: Point) -> usize {
        let [x, y, z] = self.key(&p);
        let mut best: Option<(f64, usize)> = None;
        for dx in -1..=1 {
            for dy in -1..=1 {
                for dz in -1..=1 {
                    let key = [
                        x.saturating_add(dx),
                        y.saturating_add(dy),
                        z.saturating_add(dz),
                    ];
                    for &v in self.cells.get(&key).into_iter().flatten() {
                        let d = distance2(&p, &self.coords[v]);
                        let closer = best.is_none_or(|(bd, bv)| {
                            d.total_cmp(&bd).then(v.cmp(&bv)) == std::cmp::Ordering::Less
                        });
                        if closer {
                            best = Some((d, v));
                        }
                    }
                }
            }
        }
        // Every vertex within half a cell of `p` lies in those cells (a coordinate differs by at
        // most half a cell, so its cell index by at most one, float rounding included); farther
        // ones may not, so a farther nearest vertex is found by the scan of all vertices.
        match best {
            Some((d, v)) if d <= (self.cell / 2.0) * (self.cell / 2.0) => v,
            _ => self.scan(p),
        }
    }

    /// The same by a scan of every vertex (the reference `find` agrees with).
    pub fn scan(&self, p: Point) -> usize {
        (0..self.coords.len())
            .min_by(|&a, &b| {
                distance2(&p, &self.coords[a]).total_cmp(&distance2(&p, &self.coords[b]))
            })
            .unwrap_or(0)
    }
}

fn bfs(adjacency: &[Vec<usize>], from: usize) -> Vec<u32> {
    let mut dist = vec![u32::MAX; adjacency.len()];
    let mut queue = std::collections::VecDeque::new();
    dist[from] = 0;
    queue.push_back(from);
    while let Some(v) = queue.pop_front() {
        for &w in &adjacency[v] {
            if dist[w] == u32::MAX {
                dist[w] = dist[v] + 1;
                queue.push_back(w);
            }
        }
    }
    dist
}

/// Generates the board `spec` describes.
///
/// ```
/// use tron3d::generate::{Family, Spec, generate};
/// let board = generate(&Spec {
///     family: Family::Cube { n: 6 },
///     nb_players: 4,
///     nb_bikes: 2,
///     bonus_orbits: 2,
///     name: "cube6".into(),
/// });
/// assert_eq!(board.nb_vertices(), 218);
/// assert_eq!(board.spawns().len(), 8);
/// assert_eq!(board.bonus_vertices().len(), 8);
/// assert!(board.coords().is_some());
/// ```
///
/// # Panics
/// If the board would have more than [`crate::MAX_VERTICES`] vertices or fewer vertices than
/// spawns and bonus vertices need.
pub fn generate(spec: &Spec) -> Board {
    let (coords, adjacency) = geometry(spec.family);
    let n = coords.len();
    let nearest = Nearest::new(&coords);
    let nearest = |p: Point| nearest.find(p);
    let group = symmetries(spec.family, spec.nb_players);
    // images[g][v] = vertex at the image of v under symmetry g.
    let images: Vec<Vec<usize>> = match &group {
        Some(maps) => maps
            .iter()
            .map(|g| (0..n).map(|v| nearest(g(coords[v]))).collect())
            .collect(),
        None => vec![(0..n).collect()],
    };
    // All-pairs move distances (at most 1024² entries, generation only).
    let distances: Vec<Vec<u32>> = (0..n).map(|v| bfs(&adjacency, v)).collect();
    let max_degree = adjacency.iter().map(Vec::len).max().unwrap_or(0);
    // Spawn candidates are "interior" vertices: full degree, and so are their neighbours (no
    // start in a grid's corner or next to an icosphere's five-fold vertex), when there are any.
    let interior: Vec<bool> = (0..n)
        .map(|v| {
            adjacency[v].len() == max_degree
                && adjacency[v]
                    .iter()
                    .all(|&w| adjacency[w].len() == max_degree)
        })
        .collect();
    let mut chosen: Vec<usize> = Vec::new();
    let pick_orbits = |count: usize, only_interior: bool, chosen: &mut Vec<usize>| -> Vec<usize> {
        let mut picked = Vec::new();
        // Without symmetry, each player's bike is its own orbit.
        let repeats = if group.is_some() { 1 } else { spec.nb_players };
        for _ in 0..count * repeats {
            let mut best: Option<(u32, usize)> = None;
            for v in 0..n {
                if only_interior && !interior[v] && interior.iter().any(|&i| i) {
                    continue;
                }
                let orbit: Vec<usize> = images.iter().map(|img| img[v]).collect();
                let mut distinct = orbit.clone();
                distinct.sort_unstable();
                distinct.dedup();
                if distinct.len() != orbit.len() || orbit.iter().any(|o| chosen.contains(o)) {
                    continue;
                }
                let mut score = u32::MAX;
                for &o in &orbit {
                    for &x in chosen.iter().chain(orbit.iter().filter(|&&x| x != o)) {
                        score = score.min(distances[o][x]);
                    }
                }
                if best.is_none_or(|(s, _)| score > s) {
                    best = Some((score, v));
                }
            }
            let (_, v) = best.expect("the board is too small for its spawns and bonus vertices");
            for img in &images {
                chosen.push(img[v]);
                picked.push(img[v]);
            }
        }
        picked
    };
    let spawns = pick_orbits(spec.nb_bikes, true, &mut chosen);
    let bonus = pick_orbits(spec.bonus_orbits, false, &mut chosen);
    let as_i64 = |ids: &[usize]| ids.iter().map(|&v| v as i64).collect::<Vec<_>>();
    let neighbours: Vec<Vec<i64>> = adjacency.iter().map(|l| as_i64(l)).collect();
    Board::new(
        spec.name.clone(),
        &neighbours,
        &as_i64(&spawns),
        &as_i64(&bonus),
    )
    .and_then(|b| b.with_coords(coords))
    .expect("generated boards are valid")
}

/// Writes coordinates as a `.xyz` text: a `#` comment line, then `id x y z` per vertex.
pub fn write_xyz(board: &Board) -> String {
    let mut out = format!("# {} vertex coordinates: id x y z\n", board.name());
    if let Some(coords) = board.coords() {
        for (i, p) in coords.iter().enumerate() {
            out.push_str(&format!("{i} {:.6} {:.6} {:.6}\n", p[0], p[1], p[2]));
        }
    }
    out
}
