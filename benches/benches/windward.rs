//! windward (part 1) benchmarks: map parsing, `Game::new` precomputation, a bus-stop arrival,
//! and the original `SimpleAStar` against the `pathfind` searches (and the `pathfinding` crate).
//!
//! The shipped map `city2.xml` (56×40) is always used; with `CONTEST_DATA` set, the original
//! `map1.xml` (70×34) too.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use pathfind::Searcher;
use windward::astar::simple_astar;
use windward::rules::{self, Event};
use windward::{Config, Game, Map, PassengerId, PlayerId, Point};

fn maps() -> Vec<(String, Vec<u8>)> {
    let mut out = vec![(
        "city2".to_string(),
        windward::mapgen::DEFAULT_MAP_FILES[1].to_vec(),
    )];
    if let Some(dir) = benches::contest_data() {
        let path = dir.join("windward/maps/map1.xml");
        if let Ok(bytes) = std::fs::read(path) {
            out.push(("map1".to_string(), bytes));
        }
    }
    out
}

fn parse_and_precompute(c: &mut Criterion) {
    for (name, bytes) in maps() {
        c.bench_function(&format!("windward/map parse {name}"), |b| {
            b.iter(|| Map::parse(black_box(&bytes)).unwrap())
        });
        let map = Map::parse(&bytes).unwrap();
        c.bench_function(&format!("windward/map write {name}"), |b| {
            b.iter(|| black_box(&map).to_xml())
        });
        c.bench_function(&format!("windward/Game::new {name}"), |b| {
            b.iter(|| Game::new(black_box(map.clone()), Config::default()).unwrap())
        });
    }
}

fn bus_stop(c: &mut Criterion) {
    let game = Game::new(windward::mapgen::default_map(1), Config::default()).unwrap();
    let mut state = game.initial_state(7);
    // Player 0 carries Tim Cook to his destination, with a full pick-up list.
    let tim = PassengerId::from_name("Tim Cook").unwrap();
    let dest = state.passengers[tim.index()].destination.unwrap();
    let ps = &mut state.passengers[tim.index()];
    ps.lobby = None;
    ps.car = Some(PlayerId(0));
    ps.start = Some(tim.home());
    state.players[0].passenger = Some(tim);
    for e in state.passengers[tim.index()].enemies.clone() {
        state.passengers[e.index()].lobby = Some(tim.home());
    }
    let all: Vec<PassengerId> = PassengerId::all().collect();
    rules::apply_pickup_list(&mut state, PlayerId(0), &all);
    let stop = state.company_stops[dest.index()];
    let mut events: Vec<Event> = Vec::with_capacity(32);
    // The state is cloned outside the timing (a State clone is measured below).
    c.bench_function("windward/bus-stop arrival (deliver + pick up)", |b| {
        b.iter_batched_ref(
            || state.clone(),
            |s| {
                events.clear();
                let mut rng = s.rng.clone();
                rules::bus_stop_arrival(s, PlayerId(0), stop, stop, &mut rng, &mut events);
                black_box(&events);
            },
            BatchSize::SmallInput,
        )
    });
    c.bench_function("windward/State clone", |b| {
        b.iter(|| black_box(&state).clone())
    });
}

fn pathfinding(c: &mut Criterion) {
    for (name, bytes) in maps() {
        let game = Game::new(Map::parse(&bytes).unwrap(), Config::default()).unwrap();
        // All ordered pairs of the first 8 stops.
        let stops: Vec<Point> = game.stops().iter().copied().take(8).collect();
        let pairs: Vec<(Point, Point)> = stops
            .iter()
            .flat_map(|&a| stops.iter().map(move |&b| (a, b)))
            .filter(|(a, b)| a != b)
            .collect();
        let n = pairs.len();
        c.bench_function(
            &format!("windward/SimpleAStar {n} stop pairs {name}"),
            |b| {
                b.iter(|| {
                    for &(a, z) in &pairs {
                        black_box(simple_astar(game.map(), a, z));
                    }
                })
            },
        );
        let mut searcher = Searcher::for_space(game.grid());
        let node = |p: Point| game.grid().node(p.x as usize, p.y as usize).unwrap();
        let mut path = Vec::new();
        c.bench_function(
            &format!("windward/pathfind astar_grid+path {n} stop pairs {name}"),
            |b| {
                b.iter(|| {
                    for &(a, z) in &pairs {
                        searcher.astar_grid(game.grid(), node(a), node(z)).unwrap();
                        searcher.path(game.grid(), node(z), &mut path);
                        black_box(&path);
                    }
                })
            },
        );
        let mut out = Vec::new();
        let targets: Vec<usize> = pairs
            .iter()
            .map(|&(_, z)| game.stop_index(z).unwrap())
            .collect();
        c.bench_function(
            &format!("windward/precomputed field path {n} stop pairs {name}"),
            |b| {
                b.iter(|| {
                    for (&(a, _), &t) in pairs.iter().zip(&targets) {
                        game.path_to_stop(a, t, &mut out);
                        black_box(&out);
                    }
                })
            },
        );
        let (w, h) = (game.map().width, game.map().height);
        c.bench_function(
            &format!("windward/pathfinding::bfs {n} stop pairs {name}"),
            |b| {
                b.iter(|| {
                    for &(a, z) in &pairs {
                        let r = pathfinding::prelude::bfs(
                            &(a.x, a.y),
                            |&(x, y)| {
                                [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                                    .into_iter()
                                    .filter(|&(x, y)| {
                                        x >= 0
                                            && y >= 0
                                            && x < w
                                            && y < h
                                            && game.map().is_driveable(Point::new(x, y))
                                    })
                                    .collect::<Vec<_>>()
                            },
                            |&p| p == (z.x, z.y),
                        );
                        black_box(r);
                    }
                })
            },
        );
    }
}

criterion_group!(benches, parse_and_precompute, bus_stop, pathfinding);
criterion_main!(benches);
