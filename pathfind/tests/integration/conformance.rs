//! Conformance on the original Windward maps (`$CONTEST_DATA/windward/maps/map1.xml` ..
//! `map7.xml`): on the driveable tiles (ROAD, BUS_STOP, COFFEE_STOP; rules/windward.md §3, §11)
//! with Windward's neighbour order W, E, N, S, the all-pairs table of bus stops and coffee
//! stores, every point-to-tile distance, early-exit BFS and A* all equal a plain BFS written here.
//!
//! The map XML is parsed here with a few lines of attribute scanning: this crate does not depend
//! on the `windward` crate.

use std::collections::VecDeque;
use std::path::PathBuf;

use pathfind::{DistanceTable, Grid, NeighbourOrder, Node, Searcher};

/// `(file, bus stops, coffee stops)` as listed in data/windward/maps/README.md.
const MAPS: [(&str, usize, usize); 7] = [
    ("map1.xml", 13, 4),
    ("map2.xml", 13, 4),
    ("map3.xml", 12, 5),
    ("map4.xml", 14, 5),
    ("map5.xml", 13, 6),
    ("map6.xml", 13, 4),
    ("map7.xml", 13, 3),
];

/// The value of `name="..."` inside one element's text.
fn attr<'a>(element: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = element.find(&key)? + key.len();
    let len = element[start..].find('"')?;
    Some(&element[start..start + len])
}

struct WindwardMap {
    width: usize,
    height: usize,
    /// `y * width + x` -> driveable.
    driveable: Vec<bool>,
    bus_stops: Vec<(usize, usize)>,
    coffee_stops: Vec<(usize, usize)>,
}

fn parse_map(text: &str) -> WindwardMap {
    let root = &text[text.find("<map").expect("a <map> root")..];
    let root_tag = &root[..root.find('>').unwrap()];
    let width: usize = attr(root_tag, "width").unwrap().parse().unwrap();
    let height: usize = attr(root_tag, "height").unwrap().parse().unwrap();
    let mut map = WindwardMap {
        width,
        height,
        driveable: vec![false; width * height],
        bus_stops: Vec::new(),
        coffee_stops: Vec::new(),
    };
    let mut squares = 0;
    for chunk in root.split("<square").skip(1) {
        let element = &chunk[..chunk.find("/>").expect("a self-closing square")];
        let element = format!(" {element}");
        let x: usize = attr(&element, "x").unwrap().parse().unwrap();
        let y: usize = attr(&element, "y").unwrap().parse().unwrap();
        // The legacy LIQUOR_ prefix reads as COFFEE_ (MS:207-208).
        let kind = attr(&element, "type")
            .unwrap()
            .replace("LIQUOR_", "COFFEE_");
        assert!(
            x < width && y < height,
            "square ({x}, {y}) outside {width}x{height}"
        );
        map.driveable[y * width + x] = matches!(kind.as_str(), "ROAD" | "BUS_STOP" | "COFFEE_STOP");
        match kind.as_str() {
            "BUS_STOP" => map.bus_stops.push((x, y)),
            "COFFEE_STOP" => map.coffee_stops.push((x, y)),
            _ => {}
        }
        squares += 1;
    }
    assert_eq!(squares, width * height, "one square per tile");
    map
}

/// Plain BFS over the driveable tiles by coordinates: `y * width + x` -> distance.
fn reference_bfs(map: &WindwardMap, from: (usize, usize)) -> Vec<Option<u32>> {
    let (w, h) = (map.width, map.height);
    let mut dist = vec![None; w * h];
    dist[from.1 * w + from.0] = Some(0);
    let mut queue = VecDeque::from([from]);
    while let Some((x, y)) = queue.pop_front() {
        let d = dist[y * w + x].unwrap();
        for (dx, dy) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
            let (Some(nx), Some(ny)) = (x.checked_add_signed(dx), y.checked_add_signed(dy)) else {
                continue;
            };
            if nx < w && ny < h && map.driveable[ny * w + nx] && dist[ny * w + nx].is_none() {
                dist[ny * w + nx] = Some(d + 1);
                queue.push_back((nx, ny));
            }
        }
    }
    dist
}

fn check_path(grid: &Grid, path: &[Node], from: Node, to: Node, len: u32) {
    assert_eq!(path.len(), len as usize + 1);
    assert_eq!((path[0], *path.last().unwrap()), (from, to));
    for pair in path.windows(2) {
        assert_eq!(grid.manhattan(pair[0], pair[1]), Some(1));
        let (x, y) = grid.position(pair[1]).unwrap();
        assert!(grid.is_open_at(x, y));
    }
}

#[test]
fn windward_maps_all_pairs_equal_bfs() {
    let Some(data) = std::env::var_os("CONTEST_DATA") else {
        println!("conformance: pathfind: skipped (CONTEST_DATA unset)");
        return;
    };
    let dir = PathBuf::from(data).join("windward").join("maps");
    let mut searcher = Searcher::new();
    let mut path = Vec::new();
    let (mut pairs, mut tiles) = (0usize, 0usize);
    for (file, bus, coffee) in MAPS {
        let path_name = dir.join(file);
        let text = std::fs::read_to_string(&path_name)
            .unwrap_or_else(|e| panic!("{}: {e}", path_name.display()));
        let map = parse_map(&text);
        assert_eq!(
            (map.bus_stops.len(), map.coffee_stops.len()),
            (bus, coffee),
            "{file}"
        );
        let grid = Grid::from_fn(map.width, map.height, |x, y| {
            map.driveable[y * map.width + x]
        })
        .unwrap()
        .with_order(NeighbourOrder::WENS);
        let points_xy: Vec<(usize, usize)> = map
            .bus_stops
            .iter()
            .chain(&map.coffee_stops)
            .copied()
            .collect();
        let points: Vec<Node> = points_xy
            .iter()
            .map(|&(x, y)| grid.node(x, y).unwrap())
            .collect();
        let table = DistanceTable::new(&grid, &points).unwrap();
        for (i, &from_xy) in points_xy.iter().enumerate() {
            let reference = reference_bfs(&map, from_xy);
            for (j, &(x, y)) in points_xy.iter().enumerate() {
                let want = reference[y * map.width + x];
                assert!(want.is_some(), "{file}: stop {j} unreachable from stop {i}");
                assert_eq!(table.between(i, j), want, "{file}: table {i} -> {j}");
                let (from, to) = (points[i], points[j]);
                assert_eq!(
                    searcher.bfs_distance(&grid, from, to).unwrap(),
                    want,
                    "{file}: bfs"
                );
                assert_eq!(
                    searcher.astar_grid(&grid, from, to).unwrap(),
                    want,
                    "{file}: A*"
                );
                assert!(searcher.path(&grid, to, &mut path));
                check_path(&grid, &path, from, to, want.unwrap());
                pairs += 1;
            }
            for y in 0..map.height {
                for x in 0..map.width {
                    let node = grid.node(x, y).unwrap();
                    assert_eq!(
                        table.from_point(i, node),
                        reference[y * map.width + x],
                        "{file}: from stop {i} to ({x}, {y})"
                    );
                    tiles += 1;
                }
            }
        }
    }
    println!(
        "conformance: pathfind: {} windward maps, {pairs} stop pairs, {tiles} stop-to-tile distances, all match",
        MAPS.len()
    );
}
