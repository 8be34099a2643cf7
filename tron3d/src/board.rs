//! The immutable geometry: a graph of vertices, the spawn list and the bonus vertices.

use crate::{MAX_VERTICES, VertexId};

/// Why a [`Board`] cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The board has no vertex.
    #[error("the board has no vertex")]
    NoVertices,
    /// More vertices than the engine's fixed arrays hold.
    #[error("{count} vertices, more than the engine's maximum {max}")]
    TooManyVertices {
        /// The number of vertices given.
        count: usize,
        /// [`MAX_VERTICES`].
        max: usize,
    },
    /// A vertex without neighbours (the `.map` format cannot express one, `Board.cc:24-64`).
    #[error("vertex {vertex} has no neighbours")]
    NoNeighbours {
        /// The vertex.
        vertex: usize,
    },
    /// A neighbour id that is not a vertex.
    #[error("vertex {vertex} lists neighbour {neighbour}, not a vertex")]
    NeighbourOutOfRange {
        /// The vertex whose list is wrong.
        vertex: usize,
        /// The rejected neighbour id.
        neighbour: i64,
    },
    /// A spawn entry that is not a vertex.
    #[error("spawn entry {index} is {vertex}, not a vertex")]
    SpawnOutOfRange {
        /// Position in the spawn list.
        index: usize,
        /// The rejected id.
        vertex: i64,
    },
    /// A bonus entry that is not a vertex.
    #[error("bonus entry {index} is {vertex}, not a vertex")]
    BonusOutOfRange {
        /// Position in the bonus list.
        index: usize,
        /// The rejected id.
        vertex: i64,
    },
    /// Coordinates given for a different number of vertices.
    #[error("{found} coordinates for {expected} vertices")]
    CoordinateCount {
        /// The number of vertices.
        expected: usize,
        /// The number of coordinates given.
        found: usize,
    },
}

/// The graph the bikes ride on, as read from a `.map` file or made by [`crate::generate`].
///
/// Neighbour lists keep their order (the Demo AI indexes them) and are directed, as in the
/// original (`is_neighbour(from, to)` scans `from`'s list, `Board.hh:241-247`).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Board {
    name: String,
    offsets: Vec<u32>,
    targets: Vec<VertexId>,
    spawns: Vec<VertexId>,
    bonus_vertices: Vec<VertexId>,
    coords: Option<Vec<[f64; 3]>>,
}

impl Board {
    /// Builds a board named `name` (the `map` name written in `.cnf`/`.t3d` files) from the
    /// neighbour list of every vertex, the spawn list (bike `k` starts at `spawns[k]`) and the
    /// bonus vertices (in the order items are drawn).
    pub fn new(
        name: impl Into<String>,
        neighbours: &[Vec<i64>],
        spawns: &[i64],
        bonus_vertices: &[i64],
    ) -> Result<Board, BoardError> {
        let n = neighbours.len();
        if n == 0 {
            return Err(BoardError::NoVertices);
        }
        if n > MAX_VERTICES {
            return Err(BoardError::TooManyVertices {
                count: n,
                max: MAX_VERTICES,
            });
        }
        let in_range = |v: i64| v >= 0 && (v as u64) < n as u64;
        let mut offsets = Vec::with_capacity(n + 1);
        let mut targets = Vec::new();
        offsets.push(0);
        for (vertex, list) in neighbours.iter().enumerate() {
            if list.is_empty() {
                return Err(BoardError::NoNeighbours { vertex });
            }
            for &neighbour in list {
                if !in_range(neighbour) {
                    return Err(BoardError::NeighbourOutOfRange { vertex, neighbour });
                }
                targets.push(neighbour as VertexId);
            }
            offsets.push(targets.len() as u32);
        }
        let mut spawn_ids = Vec::with_capacity(spawns.len());
        for (index, &vertex) in spawns.iter().enumerate() {
            if !in_range(vertex) {
                return Err(BoardError::SpawnOutOfRange { index, vertex });
            }
            spawn_ids.push(vertex as VertexId);
        }
        let mut bonus_ids = Vec::with_capacity(bonus_vertices.len());
        for (index, &vertex) in bonus_vertices.iter().enumerate() {
            if !in_range(vertex) {
                return Err(BoardError::BonusOutOfRange { index, vertex });
            }
            bonus_ids.push(vertex as VertexId);
        }
        Ok(Board {
            name: name.into(),
            offsets,
            targets,
            spawns: spawn_ids,
            bonus_vertices: bonus_ids,
            coords: None,
        })
    }

    /// Attaches 3D coordinates (one per vertex) so the board can be drawn.
    pub fn with_coords(mut self, coords: Vec<[f64; 3]>) -> Result<Board, BoardError> {
        if coords.len() != self.nb_vertices() {
            return Err(BoardError::CoordinateCount {
                expected: self.nb_vertices(),
                found: coords.len(),
            });
        }
        self.coords = Some(coords);
        Ok(self)
    }

    /// The map name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Renames the board (the name written into `.cnf` and `.t3d` files).
    pub fn set_name(&mut self, name: impl Into<String>) {
        self.name = name.into();
    }

    /// The number of vertices.
    pub fn nb_vertices(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The neighbours of `vertex`, in file order.
    ///
    /// # Panics
    /// If `vertex` is not a vertex of the board.
    #[inline]
    pub fn neighbours(&self, vertex: usize) -> &[VertexId] {
        let start = self.offsets[vertex] as usize;
        let end = self.offsets[vertex + 1] as usize;
        &self.targets[start..end]
    }

    /// Whether `to` is in the neighbour list of `from` (false for ids that are not vertices).
    #[inline]
    pub fn is_neighbour(&self, from: usize, to: i64) -> bool {
        from < self.nb_vertices() && self.neighbours(from).iter().any(|&v| i64::from(v) == to)
    }

    /// The spawn list: bike `k` starts at `spawns()[k]`.
    pub fn spawns(&self) -> &[VertexId] {
        &self.spawns
    }

    /// The bonus vertices, in the order the items are drawn.
    pub fn bonus_vertices(&self) -> &[VertexId] {
        &self.bonus_vertices
    }

    /// 3D coordinates of every vertex, when known (generated boards have them; `.map` files
    /// do not carry any).
    pub fn coords(&self) -> Option<&[[f64; 3]]> {
        self.coords.as_deref()
    }

    /// The neighbour lists in compressed-row form: the neighbours of `v` are
    /// `targets[offsets[v]..offsets[v + 1]]` (handy for graph searches).
    pub fn csr(&self) -> (&[u32], &[VertexId]) {
        (&self.offsets, &self.targets)
    }
}
