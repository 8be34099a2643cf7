//! Conformance with the original: the seven original maps and the golden traces in
//! `$CONTEST_DATA/windward/` (read in place, never copied into the project).

use std::path::PathBuf;

use windward::astar::simple_astar;
use windward::trace::{read_lines, replay_rules, setup_from_record};
use windward::{Config, Game, Heading, Map, Point, TileType};

/// The map statistics of rules §3: (file, width, height, bus stops, coffee stops, starts, lights,
/// stop-sign squares).
type MapRow = (&'static str, i32, i32, usize, usize, usize, usize, usize);

const MAP_STATS: [MapRow; 7] = [
    ("map1.xml", 70, 34, 13, 4, 14, 15, 2),
    ("map2.xml", 79, 48, 13, 4, 13, 5, 49),
    ("map3.xml", 75, 58, 12, 5, 12, 4, 17),
    ("map4.xml", 77, 51, 14, 5, 14, 21, 47),
    ("map5.xml", 49, 50, 13, 6, 12, 11, 0),
    ("map6.xml", 68, 60, 13, 4, 12, 6, 12),
    ("map7.xml", 31, 31, 13, 3, 12, 5, 9),
];

const TRACES: [&str; 3] = [
    "map1_seed1_full.jsonl.gz",
    "map2_seed1_20k.jsonl.gz",
    "map3_seed2_nopowerups_20k.jsonl.gz",
];

fn data_dir() -> Option<PathBuf> {
    std::env::var_os("CONTEST_DATA").map(|d| PathBuf::from(d).join("windward"))
}

fn load_map(dir: &std::path::Path, file: &str) -> (Vec<u8>, Map) {
    let path = dir.join("maps").join(file);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let map = Map::parse(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
    (bytes, map)
}

#[test]
fn original_maps_parse_validate_round_trip_and_match_the_statistics() {
    let Some(dir) = data_dir() else {
        println!("conformance: windward maps: skipped (CONTEST_DATA unset)");
        return;
    };
    for (file, w, h, bus, coffee, starts, lights, signs) in MAP_STATS {
        let (bytes, map) = load_map(&dir, file);
        map.validate().unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(
            map.to_xml() == bytes,
            "{file} does not round-trip byte for byte"
        );
        let st = map.stats();
        assert_eq!(
            (
                st.width,
                st.height,
                st.bus_stops,
                st.coffee_stops,
                st.starts,
                st.lights,
                st.stop_sign_squares
            ),
            (w, h, bus, coffee, starts, lights, signs),
            "{file}"
        );
    }
    println!("conformance: windward maps: 7 maps parse, validate, round-trip and match §3");
}

#[test]
fn simple_astar_is_valid_and_as_short_as_bfs_between_all_stops() {
    let Some(dir) = data_dir() else {
        println!("conformance: windward astar: skipped (CONTEST_DATA unset)");
        return;
    };
    let mut pairs = 0;
    for (file, ..) in MAP_STATS {
        let (_, map) = load_map(&dir, file);
        let game = Game::new(map, Config::default()).unwrap();
        for (a, &from) in game.stops().iter().enumerate() {
            for (b, &to) in game.stops().iter().enumerate() {
                let path = simple_astar(game.map(), from, to);
                assert_eq!(path.first(), Some(&from), "{file} {from}->{to}");
                assert_eq!(path.last(), Some(&to), "{file} {from}->{to}");
                assert!(
                    path.windows(2).all(|w| w[0].manhattan(w[1]) == 1),
                    "{file} {from}->{to}: not contiguous"
                );
                assert!(
                    path.iter().all(|&t| game.map().is_driveable(t)),
                    "{file} {from}->{to}: off road"
                );
                assert_eq!(
                    path.len() - 1,
                    game.stop_distance(a, b) as usize,
                    "{file} {from}->{to}: longer than BFS"
                );
                pairs += 1;
            }
        }
    }
    println!("conformance: windward astar: {pairs} stop pairs on 7 maps, all valid and BFS-short");
}

#[test]
fn traces_setup_and_rule_events_match() {
    let Some(dir) = data_dir() else {
        println!("conformance: windward: skipped (CONTEST_DATA unset)");
        return;
    };
    let mut ticks = 0;
    let mut events = 0;
    for file in TRACES {
        let path = dir.join("traces").join(file);
        let lines = read_lines(&path).unwrap_or_else(|e| panic!("{e}"));
        let (map_file, setup) =
            setup_from_record(&lines[0]).unwrap_or_else(|e| panic!("{file}: {e}"));
        let (_, map) = load_map(&dir, &map_file);
        let game = Game::new(map, Config::default()).unwrap();
        let state = game
            .state_from_setup(&setup, 0)
            .unwrap_or_else(|e| panic!("{file}: {e}"));

        // The initial state equals the recorded one.
        let rec = &lines[0];
        for (i, p) in rec["players"].as_array().unwrap().iter().enumerate() {
            let car = &state.players[i].car;
            let pos = Point::new(
                p["pos"][0].as_i64().unwrap() as i32,
                p["pos"][1].as_i64().unwrap() as i32,
            );
            assert_eq!(car.vehicle.location.pos, pos, "{file} player {i} pos");
            assert_eq!(
                car.tile().x as i64,
                p["tile"][0].as_i64().unwrap(),
                "{file} player {i} tile"
            );
            assert_eq!(
                car.vehicle.location.angle() as i64,
                p["angle"].as_i64().unwrap(),
                "{file} player {i} angle"
            );
            assert_eq!(
                car.vehicle.location.offset as i64,
                p["offset"].as_i64().unwrap(),
                "{file} player {i} offset"
            );
            assert_eq!(
                car.vehicle.motion.speed() as f64,
                p["speed"].as_f64().unwrap(),
                "{file} player {i} speed"
            );
            assert_eq!(
                car.coffee as i64,
                p["coffee"].as_i64().unwrap(),
                "{file} player {i} coffee"
            );
            assert_eq!(state.players[i].deck.len(), 13);
            assert!(state.players[i].hand.is_empty());
        }
        for c in rec["companies"].as_array().unwrap() {
            let id = windward::CompanyId::from_name(c["name"].as_str().unwrap()).unwrap();
            let lobby: Vec<&str> = state.lobby(id).map(|p| p.name()).collect();
            let expected: Vec<&str> = c["lobby"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_str().unwrap())
                .collect();
            assert_eq!(lobby, expected, "{file} lobby of {}", id.name());
        }
        let unassigned: Vec<Point> = game
            .map()
            .tiles_of(TileType::BusStop)
            .into_iter()
            .filter(|t| state.company_at(*t).is_none())
            .collect();
        let mut expected: Vec<Point> = rec["unassigned_bus_stops"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| windward::trace::point(p).unwrap())
            .collect();
        expected.sort();
        assert_eq!(unassigned, expected, "{file} unassigned bus stops");
        for (k, s) in rec["coffee_stores"].as_array().unwrap().iter().enumerate() {
            assert_eq!(
                s["name"].as_str().unwrap(),
                windward::state::coffee_store_name(k)
            );
        }
        for (k, s) in rec["signals"].as_array().unwrap().iter().enumerate() {
            assert_eq!(
                game.lights()[k],
                windward::trace::point(&s["tile"]).unwrap()
            );
            assert_eq!(state.signals[k].name(), s["state"].as_str().unwrap());
        }
        let start_headings: Vec<Heading> = state
            .players
            .iter()
            .map(|p| p.car.vehicle.location.direction())
            .collect();
        assert_eq!(
            start_headings,
            setup.starts.iter().map(|s| s.1).collect::<Vec<_>>()
        );

        // Every bus-stop, coffee and card event reproduces the recorded outcome.
        let report = replay_rules(&game, &lines).unwrap_or_else(|m| panic!("{file}: {m}"));
        assert!(report.bus_stops > 0 && report.card_orders > 0 || file.contains("nopowerups"));
        ticks += report.ticks;
        events += report.bus_stops + report.coffee_stops + report.card_orders + report.powerups;
        println!("conformance: windward: {file}: {report:?}");
    }
    println!(
        "conformance: windward: {} traces, {ticks} steps, all match ({events} rule events)",
        TRACES.len()
    );
}
