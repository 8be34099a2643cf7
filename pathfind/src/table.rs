//! [`DistanceTable`]: all-pairs distances between points of interest, and from each of them to
//! every node, computed once by one BFS per point.

use crate::{Error, Node, Searcher, Space};

/// Distances between a set of points of interest (bus stops, coffee stores, spawn points) and
/// from each point to every node of the space: one full BFS per point, kept.
///
/// Point-to-point lookups ([`DistanceTable::between`]) read a compact `k * k` matrix;
/// point-to-anywhere lookups ([`DistanceTable::from_point`]) read the point's stored field, so a
/// bot asks "how far is this car from every stop" in O(1) per stop. On a directed graph the
/// distances run *from* the point.
///
/// ```
/// use pathfind::{DistanceTable, Grid};
///
/// let grid = Grid::from_text(
///     ".....\n\
///      .###.\n\
///      .....\n",
/// )
/// .unwrap();
/// let stops = [grid.node(0, 0).unwrap(), grid.node(4, 2).unwrap(), grid.node(2, 2).unwrap()];
/// let table = DistanceTable::new(&grid, &stops).unwrap();
/// assert_eq!(table.between(0, 1), Some(6));
/// assert_eq!(table.between(1, 2), Some(2));
/// assert_eq!(table.from_point(2, grid.node(4, 0).unwrap()), Some(4));
/// assert_eq!(table.nearest_point(grid.node(3, 2).unwrap()), Some((1, 1)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DistanceTable {
    points: Vec<Node>,
    /// Row length of `fields` (the space's id bound).
    stride: usize,
    /// Row `i`: the distance from point `i` to every node id, `u32::MAX` where unreached.
    fields: Vec<u32>,
    /// `pairs[i * k + j]`: the distance from point `i` to point `j`, `u32::MAX` if unreachable.
    pairs: Vec<u32>,
}

impl DistanceTable {
    /// The table for `points` on `space`. A point that is not a node is an
    /// [`Error::NotANode`]; points may be closed (they still spread into open neighbours) and may
    /// repeat.
    ///
    /// ```
    /// use pathfind::{DistanceTable, Graph, Node};
    ///
    /// let ring = Graph::from_fn(8, |v| [(v + 7) % 8, (v + 1) % 8]).unwrap();
    /// let table = DistanceTable::new(&ring, &[Node(0), Node(3), Node(6)]).unwrap();
    /// assert_eq!(table.between(0, 2), Some(2));
    /// assert!(DistanceTable::new(&ring, &[Node(8)]).is_err());
    /// ```
    pub fn new<S: Space>(space: &S, points: &[Node]) -> Result<Self, Error> {
        let mut table = DistanceTable::default();
        table.rebuild(&mut Searcher::new(), space, points)?;
        Ok(table)
    }

    /// Recomputes the table in place for new points or a changed space, reusing this table's
    /// memory and `searcher`'s scratch: no allocation when the sizes do not grow.
    ///
    /// ```
    /// use pathfind::{DistanceTable, Grid, Searcher};
    ///
    /// let mut grid = Grid::from_text("...\n...\n").unwrap();
    /// let points = [grid.node(0, 0).unwrap(), grid.node(2, 0).unwrap()];
    /// let mut searcher = Searcher::new();
    /// let mut table = DistanceTable::default();
    /// table.rebuild(&mut searcher, &grid, &points).unwrap();
    /// assert_eq!(table.between(0, 1), Some(2));
    /// grid.set_open(1, 0, false).unwrap(); // a road block
    /// table.rebuild(&mut searcher, &grid, &points).unwrap();
    /// assert_eq!(table.between(0, 1), Some(4));
    /// ```
    pub fn rebuild<S: Space>(
        &mut self,
        searcher: &mut Searcher,
        space: &S,
        points: &[Node],
    ) -> Result<(), Error> {
        for &p in points {
            space.check(p)?;
        }
        let (k, stride) = (points.len(), space.id_bound());
        self.points.clear();
        self.points.extend_from_slice(points);
        self.stride = stride;
        self.fields.clear();
        self.fields.resize(k * stride, u32::MAX);
        self.pairs.clear();
        self.pairs.resize(k * k, u32::MAX);
        for (i, &p) in points.iter().enumerate() {
            let field = searcher.distance_field(space, p)?;
            field.write_distances(&mut self.fields[i * stride..(i + 1) * stride]);
            for (j, &q) in points.iter().enumerate() {
                self.pairs[i * k + j] = self.fields[i * stride + q.index()];
            }
        }
        Ok(())
    }

    /// The number of points.
    ///
    /// ```
    /// use pathfind::{DistanceTable, Graph, Node};
    ///
    /// let g = Graph::directed(3, []).unwrap();
    /// assert_eq!(DistanceTable::new(&g, &[Node(0), Node(2)]).unwrap().len(), 2);
    /// ```
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Whether the table has no points.
    ///
    /// ```
    /// assert!(pathfind::DistanceTable::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// The points, in the order given.
    ///
    /// ```
    /// use pathfind::{DistanceTable, Graph, Node};
    ///
    /// let g = Graph::directed(3, []).unwrap();
    /// assert_eq!(DistanceTable::new(&g, &[Node(2)]).unwrap().points(), [Node(2)]);
    /// ```
    pub fn points(&self) -> &[Node] {
        &self.points
    }

    /// The distance from point `i` to point `j`; `None` if unreachable or if either index is
    /// beyond the table (see [`DistanceTable::try_between`] to tell the two apart).
    ///
    /// ```
    /// use pathfind::{DistanceTable, Graph, Node};
    ///
    /// let g = Graph::undirected(4, [(0, 1), (2, 3)]).unwrap();
    /// let table = DistanceTable::new(&g, &[Node(0), Node(1), Node(3)]).unwrap();
    /// assert_eq!(table.between(1, 0), Some(1));
    /// assert_eq!(table.between(0, 2), None); // another component
    /// assert_eq!(table.between(0, 9), None);
    /// ```
    #[inline]
    pub fn between(&self, i: usize, j: usize) -> Option<u32> {
        self.try_between(i, j).ok().flatten()
    }

    /// Like [`DistanceTable::between`], with an [`Error::NoSuchPoint`] for a bad index.
    ///
    /// ```
    /// use pathfind::{DistanceTable, Error, Graph, Node};
    ///
    /// let g = Graph::undirected(2, [(0, 1)]).unwrap();
    /// let table = DistanceTable::new(&g, &[Node(0), Node(1)]).unwrap();
    /// assert_eq!(table.try_between(0, 1), Ok(Some(1)));
    /// assert_eq!(table.try_between(2, 0), Err(Error::NoSuchPoint { index: 2, len: 2 }));
    /// ```
    pub fn try_between(&self, i: usize, j: usize) -> Result<Option<u32>, Error> {
        let k = self.points.len();
        for index in [i, j] {
            if index >= k {
                return Err(Error::NoSuchPoint { index, len: k });
            }
        }
        // `get`: a table deserialized from bad data answers `None` rather than panicking.
        Ok(self.pairs.get(i * k + j).copied().and_then(reached))
    }

    /// The distance from point `i` to any node; `None` if unreachable, `i` is beyond the table
    /// or `node` is not a node of the space.
    ///
    /// ```
    /// use pathfind::{DistanceTable, Grid};
    ///
    /// let grid = Grid::from_text("....\n").unwrap();
    /// let table = DistanceTable::new(&grid, &[grid.node(0, 0).unwrap()]).unwrap();
    /// assert_eq!(table.from_point(0, grid.node(3, 0).unwrap()), Some(3));
    /// ```
    #[inline]
    pub fn from_point(&self, i: usize, node: Node) -> Option<u32> {
        reached(*self.field(i)?.get(node.index())?)
    }

    /// Point `i`'s whole distance field, indexed by node id (`u32::MAX` where unreached).
    ///
    /// ```
    /// use pathfind::{DistanceTable, Graph, Node};
    ///
    /// let g = Graph::undirected(3, [(0, 1)]).unwrap();
    /// let table = DistanceTable::new(&g, &[Node(1)]).unwrap();
    /// assert_eq!(table.field(0), Some(&[1, 0, u32::MAX][..]));
    /// assert_eq!(table.field(1), None);
    /// ```
    pub fn field(&self, i: usize) -> Option<&[u32]> {
        if i >= self.points.len() {
            return None;
        }
        self.fields.get(i * self.stride..(i + 1) * self.stride)
    }

    /// The nearest point to `node` and its distance (the smallest index among equally near
    /// points); `None` if no point reaches `node`.
    ///
    /// ```
    /// use pathfind::{DistanceTable, Grid};
    ///
    /// let grid = Grid::from_text(".....\n").unwrap();
    /// let cell = |x| grid.node(x, 0).unwrap();
    /// let table = DistanceTable::new(&grid, &[cell(0), cell(4)]).unwrap();
    /// assert_eq!(table.nearest_point(cell(3)), Some((1, 1)));
    /// assert_eq!(table.nearest_point(cell(2)), Some((0, 2)));
    /// ```
    pub fn nearest_point(&self, node: Node) -> Option<(usize, u32)> {
        let mut best: Option<(usize, u32)> = None;
        for i in 0..self.points.len() {
            if let Some(d) = self.from_point(i, node)
                && best.is_none_or(|(_, b)| d < b)
            {
                best = Some((i, d));
            }
        }
        best
    }

    /// A shortest path from point `i` to `node` (both inclusive) into `out`; false (and `out`
    /// empty) if unreachable. Pass the space the table was built on. The walk back from `node`
    /// takes the first neighbour in neighbour order that is one step closer, as
    /// [`Searcher::path`] does.
    ///
    /// ```
    /// use pathfind::{DistanceTable, Grid};
    ///
    /// let grid = Grid::from_text("..\n..\n").unwrap();
    /// let table = DistanceTable::new(&grid, &[grid.node(0, 0).unwrap()]).unwrap();
    /// let mut path = Vec::new();
    /// assert!(table.path_from_point(&grid, 0, grid.node(1, 1).unwrap(), &mut path));
    /// assert_eq!(path.len(), 3);
    /// assert_eq!(path[0], grid.node(0, 0).unwrap());
    /// ```
    pub fn path_from_point<S: Space>(
        &self,
        space: &S,
        i: usize,
        node: Node,
        out: &mut Vec<Node>,
    ) -> bool {
        out.clear();
        let Some(field) = self.field(i) else {
            return false;
        };
        if !space.contains(node) {
            return false;
        }
        let Some(mut d) = field.get(node.index()).copied().and_then(reached) else {
            return false;
        };
        let mut at = node;
        out.push(at);
        while d > 0 {
            let mut step = None;
            space.for_each_predecessor(at, |p| {
                if step.is_none() && field.get(p.index()) == Some(&(d - 1)) {
                    step = Some(p);
                }
            });
            let Some(p) = step else {
                out.clear(); // a different space from the table's
                return false;
            };
            out.push(p);
            at = p;
            d -= 1;
        }
        out.reverse();
        true
    }
}

#[inline(always)]
fn reached(d: u32) -> Option<u32> {
    (d != u32::MAX).then_some(d)
}
