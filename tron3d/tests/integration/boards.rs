//! Our generated boards: sizes like the originals', valid graphs, fair spawns, and the shipped
//! files in `boards/` equal to the generator's output.

use std::collections::VecDeque;

use tron3d::format::{Cnf, parse_map, write_map};
use tron3d::generate::{Family, Preset, Spec, generate, write_xyz};
use tron3d::{Board, Game};

fn distances(board: &Board, sources: &[u16]) -> Vec<u32> {
    let mut dist = vec![u32::MAX; board.nb_vertices()];
    let mut queue = VecDeque::new();
    for &s in sources {
        dist[s as usize] = 0;
        queue.push_back(s as usize);
    }
    while let Some(v) = queue.pop_front() {
        for &w in board.neighbours(v) {
            if dist[w as usize] == u32::MAX {
                dist[w as usize] = dist[v] + 1;
                queue.push_back(w as usize);
            }
        }
    }
    dist
}

#[test]
fn sizes_and_degrees_match_the_originals_families() {
    let expected = [
        (Preset::Cube, 218, vec![(3, 8), (4, 210)]),
        (Preset::BigCube, 866, vec![(3, 8), (4, 858)]),
        (Preset::Icosphere, 162, vec![(5, 12), (6, 150)]),
        (Preset::BigIcosphere, 642, vec![(5, 12), (6, 630)]),
        (Preset::Grid, 169, vec![(2, 4), (3, 44), (4, 121)]),
        (Preset::BigGrid, 289, vec![(2, 4), (3, 60), (4, 225)]),
    ];
    for (preset, n, degrees) in expected {
        let board = preset.board();
        assert_eq!(board.nb_vertices(), n, "{}", preset.name());
        let mut histogram = std::collections::BTreeMap::new();
        for v in 0..n {
            *histogram.entry(board.neighbours(v).len()).or_insert(0) += 1;
        }
        assert_eq!(
            histogram.into_iter().collect::<Vec<_>>(),
            degrees,
            "{}",
            preset.name()
        );
        // Undirected, simple, connected.
        for v in 0..n {
            let list = board.neighbours(v);
            assert!(!list.contains(&(v as u16)));
            let mut sorted = list.to_vec();
            sorted.dedup();
            assert_eq!(sorted.len(), list.len());
            for &w in list {
                assert!(board.is_neighbour(w as usize, v as i64));
            }
        }
        assert!(distances(&board, &[0]).iter().all(|&d| d != u32::MAX));
        // Coordinates for every vertex; neighbours are close in space.
        let coords = board.coords().unwrap();
        assert_eq!(coords.len(), n);
        // Spawns: enough for the preset, distinct, not bonus vertices.
        let config = preset.config();
        assert_eq!(board.spawns().len(), config.total_bikes());
        let mut all: Vec<u16> = board
            .spawns()
            .iter()
            .chain(board.bonus_vertices())
            .copied()
            .collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(
            all.len(),
            board.spawns().len() + board.bonus_vertices().len()
        );
        assert!(Game::new(board, config).is_ok());
    }
}

#[test]
fn spawns_are_fair_by_symmetry() {
    for preset in Preset::ALL {
        let board = preset.board();
        let config = preset.config();
        let p = config.nb_players;
        // Every player's bikes see the same distance profile...
        let profiles: Vec<Vec<Vec<u32>>> = (0..p)
            .map(|j| {
                let mut per_bike: Vec<Vec<u32>> = (j..config.total_bikes())
                    .step_by(p)
                    .map(|k| {
                        let mut d = distances(&board, &[board.spawns()[k]]);
                        d.sort_unstable();
                        d
                    })
                    .collect();
                per_bike.sort();
                per_bike
            })
            .collect();
        assert!(
            profiles.iter().all(|x| *x == profiles[0]),
            "{}",
            preset.name()
        );
        // ...and the same Voronoi territory when everybody starts.
        let owner_distances: Vec<Vec<u32>> = (0..p)
            .map(|j| {
                let mine: Vec<u16> = (j..config.total_bikes())
                    .step_by(p)
                    .map(|k| board.spawns()[k])
                    .collect();
                distances(&board, &mine)
            })
            .collect();
        let mut territory = vec![0; p];
        for v in 0..board.nb_vertices() {
            let at_v: Vec<u32> = owner_distances.iter().map(|d| d[v]).collect();
            let best = *at_v.iter().min().unwrap();
            let owners: Vec<usize> = (0..p).filter(|&j| at_v[j] == best).collect();
            if owners.len() == 1 {
                territory[owners[0]] += 1;
            }
        }
        assert!(
            territory.iter().all(|&t| t == territory[0]),
            "{}: {territory:?}",
            preset.name()
        );
        // Spawns are interior (full degree) and not adjacent to each other.
        let max_degree = (0..board.nb_vertices())
            .map(|v| board.neighbours(v).len())
            .max()
            .unwrap();
        for &s in board.spawns() {
            assert_eq!(board.neighbours(s as usize).len(), max_degree);
            for &t in board.spawns() {
                assert!(s == t || !board.is_neighbour(s as usize, i64::from(t)));
            }
        }
    }
}

#[test]
fn two_and_three_player_layouts() {
    for (family, players) in [
        (Family::Cube { n: 4 }, 2),
        (Family::Cube { n: 4 }, 3),
        (Family::Icosphere { level: 1 }, 3),
        (
            Family::Grid {
                width: 9,
                height: 7,
            },
            2,
        ),
        (
            Family::Grid {
                width: 9,
                height: 7,
            },
            4,
        ),
    ] {
        let board = generate(&Spec {
            family,
            nb_players: players,
            nb_bikes: 2,
            bonus_orbits: 1,
            name: "x".into(),
        });
        assert_eq!(board.spawns().len(), 2 * players);
        let mut spawns = board.spawns().to_vec();
        spawns.sort_unstable();
        spawns.dedup();
        assert_eq!(spawns.len(), 2 * players, "{family:?}");
    }
}

#[test]
fn shipped_board_files_are_the_generators_output() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("boards");
    for preset in Preset::ALL {
        let board = preset.board();
        let name = preset.name();
        let read = |ext: &str| {
            std::fs::read_to_string(dir.join(format!("{name}.{ext}"))).unwrap_or_else(|e| {
                panic!("boards/{name}.{ext}: {e} (run the write_boards example)")
            })
        };
        let map = read("map");
        assert_eq!(
            map,
            write_map(&board),
            "{name}.map is stale: run the write_boards example"
        );
        assert_eq!(read("xyz"), write_xyz(&board));
        let cnf = Cnf::parse(&read("cnf")).unwrap();
        assert_eq!(cnf, Cnf::new(name, preset.config()));
        // The map file read back is the same graph (without coordinates).
        let parsed = parse_map(name, &map).unwrap();
        for v in 0..board.nb_vertices() {
            assert_eq!(parsed.neighbours(v), board.neighbours(v));
        }
        assert_eq!(parsed.spawns(), board.spawns());
        assert_eq!(Preset::from_name(name), Some(preset));
    }
}

#[test]
fn icosphere_points_lie_on_the_unit_sphere_and_cube_on_its_surface() {
    for p in Preset::Icosphere.board().coords().unwrap() {
        let r = (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt();
        assert!((r - 1.0).abs() < 1e-9);
    }
    for p in Preset::Cube.board().coords().unwrap() {
        assert!(p.iter().any(|c| (c.abs() - 0.75).abs() < 1e-9));
    }
}

/// The spatial hash that maps rotated vertices back to vertices finds what a scan of every vertex
/// finds, the first of equally near ones included: on every preset's coordinates, for the
/// vertices themselves and their rotations, points near and between vertices, far away, and
/// not numbers at all.
#[test]
fn nearest_vertex_by_hash_equals_the_scan() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
    for preset in Preset::ALL {
        let board = preset.board();
        let coords = board.coords().unwrap();
        let nearest = tron3d::generate::Nearest::new(coords);
        let mut points: Vec<[f64; 3]> = Vec::new();
        for &p in coords {
            points.push(p);
            points.push([-p[1], p[0], p[2]]);
            points.push([p[1], p[2], p[0]]);
            let jitter = [0, 1, 2].map(|_| rng.random_range(-0.2..0.2));
            points.push([p[0] + jitter[0], p[1] + jitter[1], p[2] + jitter[2]]);
        }
        // Midpoints of a vertex and the next: often equally near to two vertices.
        for pair in coords.windows(2) {
            points.push([0, 1, 2].map(|i| (pair[0][i] + pair[1][i]) / 2.0));
        }
        for _ in 0..200 {
            points.push([0, 1, 2].map(|_| rng.random_range(-3.0..3.0)));
        }
        points.extend([
            [1e300, -1e300, 0.0],
            [f64::NAN, 0.0, 0.0],
            [f64::INFINITY, 0.0, f64::NEG_INFINITY],
            [0.0; 3],
        ]);
        for p in points {
            assert_eq!(nearest.find(p), nearest.scan(p), "{}: {p:?}", preset.name());
        }
    }
}
