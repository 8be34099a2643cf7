//! [`Graph`]: an arbitrary graph with unit-cost edges in compressed sparse row (CSR) form.

use crate::{Error, Node, Space};

/// A graph of `n` nodes `0..n` with unit-cost edges, stored in compressed sparse row form
/// (one offsets array and one targets array, for the edges out of each node and for the edges
/// into it), plus an open flag per node.
///
/// The neighbour order of a node is the order in which its edges were given; searches follow it,
/// so ties among equally short paths are broken by edge order. All nodes start open.
///
/// ```
/// use pathfind::{Graph, Node, Searcher};
///
/// // A 4-cycle 0-1-2-3-0 with a chord 0-2.
/// let graph = Graph::undirected(4, [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)]).unwrap();
/// assert_eq!(graph.node_count(), 4);
/// assert_eq!(graph.edge_count(), 10); // each undirected edge both ways
/// let mut searcher = Searcher::new();
/// let field = searcher.distance_field(&graph, Node(1)).unwrap();
/// assert_eq!(field.distance(Node(3)), Some(2));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "GraphRepr", into = "GraphRepr"))]
pub struct Graph {
    out_offsets: Vec<u32>,
    out_targets: Vec<u32>,
    in_offsets: Vec<u32>,
    in_sources: Vec<u32>,
    open: Vec<bool>,
}

impl Graph {
    /// The largest supported node count.
    pub const MAX_NODES: usize = (u32::MAX / 2) as usize;

    /// A directed graph: each `(from, to)` is one edge from `from` to `to`.
    ///
    /// ```
    /// use pathfind::{Error, Graph, Node, Searcher};
    ///
    /// let graph = Graph::directed(3, [(0, 1), (1, 2)]).unwrap();
    /// let mut searcher = Searcher::new();
    /// assert_eq!(searcher.bfs_distance(&graph, Node(0), Node(2)).unwrap(), Some(2));
    /// assert_eq!(searcher.bfs_distance(&graph, Node(2), Node(0)).unwrap(), None);
    /// let err = Graph::directed(3, [(0, 3)]).unwrap_err();
    /// assert_eq!(err, Error::EdgeOutOfRange { index: 0, from: 0, to: 3, nodes: 3 });
    /// ```
    pub fn directed(
        nodes: usize,
        edges: impl IntoIterator<Item = (u32, u32)>,
    ) -> Result<Self, Error> {
        let edges: Vec<(u32, u32)> = edges.into_iter().collect();
        Graph::build(nodes, &edges)
    }

    /// An undirected graph: each `(a, b)` is an edge both ways. Node `a` gets `b` as its next
    /// neighbour and `b` gets `a`, in the order the edges are given.
    ///
    /// ```
    /// use pathfind::{Graph, Node, Space};
    ///
    /// let graph = Graph::undirected(3, [(0, 2), (0, 1)]).unwrap();
    /// let mut seen = Vec::new();
    /// graph.for_each_neighbour(Node(0), |n| seen.push(n.0));
    /// assert_eq!(seen, [2, 1]);
    /// ```
    pub fn undirected(
        nodes: usize,
        edges: impl IntoIterator<Item = (u32, u32)>,
    ) -> Result<Self, Error> {
        let mut both = Vec::new();
        for (index, (a, b)) in edges.into_iter().enumerate() {
            if a as usize >= nodes || b as usize >= nodes {
                return Err(Error::EdgeOutOfRange {
                    index,
                    from: a,
                    to: b,
                    nodes,
                });
            }
            both.push((a, b));
            both.push((b, a));
        }
        Graph::build(nodes, &both)
    }

    /// A directed graph from adjacency lists: `neighbours(v)` gives the heads of the edges out of
    /// `v`, in the order searches should try them. For an undirected graph, list each edge at
    /// both ends.
    ///
    /// ```
    /// use pathfind::{Graph, Node, Searcher};
    ///
    /// // A ring of 6 nodes, each joined to its two neighbours.
    /// let ring = Graph::from_fn(6, |v| [(v + 5) % 6, (v + 1) % 6]).unwrap();
    /// let mut searcher = Searcher::new();
    /// assert_eq!(searcher.bfs_distance(&ring, Node(0), Node(3)).unwrap(), Some(3));
    /// ```
    pub fn from_fn<I: IntoIterator<Item = u32>>(
        nodes: usize,
        mut neighbours: impl FnMut(u32) -> I,
    ) -> Result<Self, Error> {
        if nodes > Self::MAX_NODES {
            return Err(Error::GraphTooLarge {
                nodes,
                max: Self::MAX_NODES,
            });
        }
        let mut edges = Vec::new();
        for v in 0..nodes as u32 {
            edges.extend(neighbours(v).into_iter().map(|w| (v, w)));
        }
        Graph::build(nodes, &edges)
    }

    fn build(nodes: usize, edges: &[(u32, u32)]) -> Result<Self, Error> {
        if nodes > Self::MAX_NODES {
            return Err(Error::GraphTooLarge {
                nodes,
                max: Self::MAX_NODES,
            });
        }
        if edges.len() > u32::MAX as usize {
            return Err(Error::GraphTooLarge {
                nodes: edges.len(),
                max: u32::MAX as usize,
            });
        }
        for (index, &(from, to)) in edges.iter().enumerate() {
            if from as usize >= nodes || to as usize >= nodes {
                return Err(Error::EdgeOutOfRange {
                    index,
                    from,
                    to,
                    nodes,
                });
            }
        }
        let (out_offsets, out_targets) = csr(nodes, edges.iter().map(|&(a, b)| (a, b)));
        let (in_offsets, in_sources) = csr(nodes, edges.iter().map(|&(a, b)| (b, a)));
        Ok(Graph {
            out_offsets,
            out_targets,
            in_offsets,
            in_sources,
            open: vec![true; nodes],
        })
    }

    /// The number of nodes.
    ///
    /// ```
    /// assert_eq!(pathfind::Graph::directed(5, []).unwrap().node_count(), 5);
    /// ```
    pub fn node_count(&self) -> usize {
        self.open.len()
    }

    /// The number of directed edges (an undirected edge counts twice).
    ///
    /// ```
    /// assert_eq!(pathfind::Graph::undirected(2, [(0, 1)]).unwrap().edge_count(), 2);
    /// ```
    pub fn edge_count(&self) -> usize {
        self.out_targets.len()
    }

    /// The heads of the edges out of `node`, in neighbour order (open or not); empty for a
    /// non-node.
    ///
    /// ```
    /// use pathfind::{Graph, Node};
    ///
    /// let graph = Graph::directed(3, [(0, 2), (0, 1), (1, 0)]).unwrap();
    /// assert_eq!(graph.neighbours(Node(0)), [2, 1]);
    /// assert!(graph.neighbours(Node(9)).is_empty());
    /// ```
    pub fn neighbours(&self, node: Node) -> &[u32] {
        if !self.contains(node) {
            return &[];
        }
        let i = node.index();
        &self.out_targets[self.out_offsets[i] as usize..self.out_offsets[i + 1] as usize]
    }

    /// Opens or closes a node (a cell taken by a light trail, a blocked junction).
    ///
    /// ```
    /// use pathfind::{Graph, Node, Searcher};
    ///
    /// let mut path = Graph::undirected(3, [(0, 1), (1, 2)]).unwrap();
    /// path.set_open(Node(1), false).unwrap();
    /// let mut searcher = Searcher::new();
    /// assert_eq!(searcher.bfs_distance(&path, Node(0), Node(2)).unwrap(), None);
    /// assert!(path.set_open(Node(3), true).is_err());
    /// ```
    pub fn set_open(&mut self, node: Node, open: bool) -> Result<(), Error> {
        self.check(node)?;
        self.open[node.index()] = open;
        Ok(())
    }
}

/// Builds CSR arrays from `(from, to)` pairs, keeping the input order within each row.
fn csr(nodes: usize, pairs: impl Iterator<Item = (u32, u32)> + Clone) -> (Vec<u32>, Vec<u32>) {
    let mut offsets = vec![0u32; nodes + 1];
    for (from, _) in pairs.clone() {
        offsets[from as usize + 1] += 1;
    }
    for i in 0..nodes {
        offsets[i + 1] += offsets[i];
    }
    let mut fill: Vec<u32> = offsets[..nodes].to_vec();
    let mut targets = vec![0u32; offsets[nodes] as usize];
    for (from, to) in pairs {
        let slot = &mut fill[from as usize];
        targets[*slot as usize] = to;
        *slot += 1;
    }
    (offsets, targets)
}

/// The graph's adjacency for the search kernels: the out-edge CSR and the open flags.
#[derive(Clone, Copy)]
pub struct GraphAdj<'a> {
    offsets: &'a [u32],
    targets: &'a [u32],
    open: &'a [bool],
}

impl crate::space::internal::Adjacency for GraphAdj<'_> {
    #[inline(always)]
    fn bound(self) -> usize {
        self.open.len()
    }

    #[inline(always)]
    fn for_each_edge(self, u: usize, mut f: impl FnMut(usize, bool)) {
        let (lo, hi) = (self.offsets[u] as usize, self.offsets[u + 1] as usize);
        for &n in &self.targets[lo..hi] {
            f(n as usize, self.open[n as usize]);
        }
    }

    #[inline(always)]
    fn for_each_open(self, u: usize, mut f: impl FnMut(usize)) {
        let (lo, hi) = (self.offsets[u] as usize, self.offsets[u + 1] as usize);
        for &n in &self.targets[lo..hi] {
            if self.open[n as usize] {
                f(n as usize);
            }
        }
    }
}

impl Space for Graph {
    type Adj<'a> = GraphAdj<'a>;

    #[inline(always)]
    fn adjacency(&self) -> GraphAdj<'_> {
        GraphAdj {
            offsets: &self.out_offsets,
            targets: &self.out_targets,
            open: &self.open,
        }
    }

    #[inline(always)]
    fn id_bound(&self) -> usize {
        self.open.len()
    }

    #[inline(always)]
    fn contains(&self, node: Node) -> bool {
        node.index() < self.open.len()
    }

    #[inline(always)]
    fn is_open(&self, node: Node) -> bool {
        self.open.get(node.index()).copied().unwrap_or(false)
    }

    #[inline(always)]
    fn for_each_neighbour<F: FnMut(Node)>(&self, node: Node, mut f: F) {
        let i = node.index();
        let (lo, hi) = (
            self.out_offsets[i] as usize,
            self.out_offsets[i + 1] as usize,
        );
        for &n in &self.out_targets[lo..hi] {
            if self.open[n as usize] {
                f(Node(n));
            }
        }
    }

    #[inline(always)]
    fn for_each_predecessor<F: FnMut(Node)>(&self, node: Node, mut f: F) {
        let i = node.index();
        let (lo, hi) = (self.in_offsets[i] as usize, self.in_offsets[i + 1] as usize);
        for &n in &self.in_sources[lo..hi] {
            f(Node(n));
        }
    }

    fn nodes(&self) -> impl Iterator<Item = Node> + '_ {
        (0..self.open.len() as u32).map(Node)
    }
}

/// The serde form of a [`Graph`]: node count, directed edges in order, closed nodes.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct GraphRepr {
    nodes: usize,
    edges: Vec<(u32, u32)>,
    closed: Vec<u32>,
}

#[cfg(feature = "serde")]
impl From<Graph> for GraphRepr {
    fn from(g: Graph) -> Self {
        let mut edges = Vec::with_capacity(g.out_targets.len());
        for v in 0..g.node_count() {
            for &w in g.neighbours(Node(v as u32)) {
                edges.push((v as u32, w));
            }
        }
        let closed = (0..g.node_count() as u32)
            .filter(|&v| !g.open[v as usize])
            .collect();
        GraphRepr {
            nodes: g.node_count(),
            edges,
            closed,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<GraphRepr> for Graph {
    type Error = Error;
    fn try_from(repr: GraphRepr) -> Result<Self, Error> {
        let mut g = Graph::directed(repr.nodes, repr.edges)?;
        for v in repr.closed {
            g.set_open(Node(v), false)?;
        }
        Ok(g)
    }
}
