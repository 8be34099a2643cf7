//! Hostile input (issue 12): random bytes and mutations of the crate's own valid files into every
//! reader, and random in-range and out-of-range orders and actions into the engine. Each case
//! must end without a panic.
//!
//! Bounded time and memory by construction: every input is at most [`MAX_INPUT`] bytes (a mutated
//! map stays near the shipped maps' size, whose parse is linear), declared sizes above the readers'
//! documented limits are rejected before allocating (map sizes above 1000, lines above
//! `trace::MAX_LINE_BYTES`), and an engine case runs at most [`TICKS_PER_CASE`] ticks.
//!
//! Cases per target: 2,000 by default (a few seconds in all); set `CONTEST_FUZZ_CASES` (e.g.
//! `CONTEST_FUZZ_CASES=100000 cargo test --profile fuzz -p windward --test integration fuzz::`) for a long run.
//! Cases are seeded: a failure names its seed.

use std::io::Write;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde_json::{Value, json};
use windward::rules::CardAction;
use windward::{
    Action, Card, CardKind, CompanyId, Config, Game, Map, NUM_PLAYERS, Order, PassengerId,
    PlayerId, Point, State, mapgen, trace,
};

/// The largest input one case feeds a reader, in bytes.
const MAX_INPUT: usize = 1 << 20;
/// The most ticks one engine case runs.
const TICKS_PER_CASE: usize = 8;

fn cases() -> u64 {
    std::env::var("CONTEST_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000)
}

/// Values a mutation writes into numbers: limits, off-by-ones, signs, overflow.
const INTERESTING: [&[u8]; 12] = [
    b"-1",
    b"0",
    b"1000",
    b"1001",
    b"99999999999",
    b"2147483648",
    b"-2147483649",
    b"18446744073709551616",
    b"1e308",
    b"\"\"",
    b"null",
    "é".as_bytes(),
];

/// One seeded mutation of `base`: random bytes, or a few byte flips, inserts, deletions,
/// duplicated ranges and interesting numbers.
fn mutate(base: &[u8], rng: &mut Pcg64Mcg) -> Vec<u8> {
    if rng.random_ratio(1, 8) {
        let n = rng.random_range(0..256);
        return (0..n).map(|_| rng.random()).collect();
    }
    let mut out = base.to_vec();
    for _ in 0..rng.random_range(1..6) {
        let len = out.len();
        let at = if len == 0 {
            0
        } else {
            rng.random_range(0..len)
        };
        match rng.random_range(0..6) {
            0 if len > 0 => out[at] = rng.random(),
            1 => out.insert(at, rng.random()),
            2 if len > 0 => {
                let end = (at + rng.random_range(1..64)).min(len);
                out.drain(at..end);
            }
            3 if len > 0 => {
                let end = (at + rng.random_range(1..256)).min(len);
                let chunk = out[at..end].to_vec();
                if out.len() + chunk.len() <= MAX_INPUT {
                    out.splice(at..at, chunk);
                }
            }
            4 => {
                let v = INTERESTING[rng.random_range(0..INTERESTING.len())];
                out.splice(at..at, v.iter().copied());
            }
            _ => {
                // overwrite a digit run with an interesting number
                if let Some(d) = out[at..].iter().position(u8::is_ascii_digit) {
                    let start = at + d;
                    let end = start
                        + out[start..]
                            .iter()
                            .take_while(|b| b.is_ascii_digit())
                            .count();
                    let v = INTERESTING[rng.random_range(0..INTERESTING.len())];
                    out.splice(start..end, v.iter().copied());
                }
            }
        }
    }
    out.truncate(MAX_INPUT);
    out
}

fn run(target: &str, mut case: impl FnMut(&mut Pcg64Mcg)) {
    let n = cases();
    for seed in 0..n {
        let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x5eed_0000);
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| case(&mut rng)));
        assert!(result.is_ok(), "{target}: case seed {seed} panicked");
    }
}

#[test]
fn map_files_and_xml() {
    let maps: Vec<Vec<u8>> = mapgen::DEFAULT_MAP_FILES
        .iter()
        .map(|m| m.to_vec())
        .collect();
    // A small map keeps `Game::new` (distance fields from every stop) cheap for each case.
    let small = mapgen::default_map(0);
    let small_xml = small.to_xml();
    run("map", |rng| {
        let base = if rng.random_ratio(1, 2) {
            &small_xml
        } else {
            &maps[rng.random_range(0..maps.len())]
        };
        let bytes = mutate(base, rng);
        let _ = windward::xml::parse(&bytes);
        if let Ok(map) = Map::parse(&bytes)
            && map.squares.len() <= small.squares.len()
            && let Ok(game) = Game::new(map, Config::default())
        {
            let _ = game.initial_state(rng.random());
        }
    });
}

/// A trace's setup record for a state (the schema of `shared/data/windward/traces/README.md`).
fn setup_record(state: &State) -> Value {
    let card = |c: &Card| {
        json!({
            "card": c.kind.name(),
            "passenger": c.passenger.map(|p| p.name()),
            "company": c.company.map(|c| c.name()),
            "player": c.player.map(|p| p.0),
            "ok": c.ok_to_play,
        })
    };
    let pt = |p: Point| json!([p.x, p.y]);
    json!({
        "ev": "setup",
        "map": "city1.xml",
        "players": state.players.iter().map(|p| json!({
            "tile": pt(p.car.tile()),
            "dir": p.car.vehicle.location.direction().name(),
            "deck": p.deck.iter().map(card).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "companies": CompanyId::all().map(|c| json!({
            "name": c.name(),
            "bus_stop": pt(state.company_stops[c.index()]),
        })).collect::<Vec<_>>(),
        "coffee_stores": state.coffee_stores.iter().map(|&s| json!({"stop": pt(s)})).collect::<Vec<_>>(),
        "passengers": PassengerId::all().map(|p| {
            let ps = &state.passengers[p.index()];
            json!({
                "name": p.name(),
                "destination": ps.destination.map(|c| c.name()),
                "route": ps.route.iter().map(|c| c.name()).collect::<Vec<_>>(),
                "enemies": ps.enemies.iter().map(|e| e.name()).collect::<Vec<_>>(),
            })
        }).collect::<Vec<_>>(),
    })
}

#[test]
fn trace_records_and_files() {
    let game = Game::new(mapgen::default_map(0), Config::default()).unwrap();
    let state = game.initial_state(3);
    let record = serde_json::to_vec(&setup_record(&state)).unwrap();
    // The record is valid: it reads back to the same setup.
    let (_, setup) = trace::setup_from_record(&serde_json::from_slice(&record).unwrap()).unwrap();
    assert_eq!(
        game.state_from_setup(&setup, 0).unwrap().players[0].deck,
        state.players[0].deck
    );

    let dir = std::env::temp_dir().join(format!("windward-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("case.jsonl");
    let mut case_no = 0u64;
    run("trace", |rng| {
        let bytes = mutate(&record, rng);
        if let Ok(v) = serde_json::from_slice::<Value>(&bytes)
            && let Ok((_, setup)) = trace::setup_from_record(&v)
            && let Ok(mut s) = game.state_from_setup(&setup, rng.random())
        {
            for _ in 0..TICKS_PER_CASE {
                game.advance_orders(&mut s, &[]);
            }
        }
        // Every hundredth case also goes through the file readers (as a plain and a gzipped
        // trace), with the setup line followed by a car line.
        case_no += 1;
        if case_no.is_multiple_of(100) {
            let mut f = std::fs::File::create(&file).unwrap();
            f.write_all(&bytes).unwrap();
            f.write_all(b"\n{\"ev\":\"car\",\"t\":1}\n").unwrap();
            drop(f);
            let _ = trace::read_lines(&file);
            let gz = dir.join("case.jsonl.gz");
            let mut enc = flate2::write::GzEncoder::new(
                std::fs::File::create(&gz).unwrap(),
                flate2::Compression::fast(),
            );
            enc.write_all(&bytes).unwrap();
            enc.finish().unwrap();
            let _ = windward::replay::verify_files(&[&gz]);
        }
    });
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_line_over_the_limit_is_rejected_before_it_is_kept() {
    let dir = std::env::temp_dir().join(format!("windward-fuzz-line-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("long.jsonl.gz");
    // 64 MiB of one line, compressed to a few kilobytes.
    let mut enc = flate2::write::GzEncoder::new(
        std::fs::File::create(&file).unwrap(),
        flate2::Compression::fast(),
    );
    let chunk = vec![b' '; 1 << 20];
    for _ in 0..64 {
        enc.write_all(&chunk).unwrap();
    }
    enc.finish().unwrap();
    match trace::read_lines(&file) {
        Err(trace::TraceError::LineTooLong { line: 1, limit }) => {
            assert_eq!(limit, trace::MAX_LINE_BYTES)
        }
        other => panic!("{other:?}"),
    }
    std::fs::remove_dir_all(&dir).ok();
}

fn any_id(rng: &mut Pcg64Mcg, below: u8) -> u8 {
    if rng.random_ratio(1, 4) {
        rng.random()
    } else {
        rng.random_range(0..below)
    }
}

fn any_card(rng: &mut Pcg64Mcg) -> Card {
    let kind = CardKind::ALL[rng.random_range(0..CardKind::ALL.len())];
    Card {
        kind,
        passenger: rng.random_ratio(1, 2).then(|| PassengerId(any_id(rng, 12))),
        company: rng.random_ratio(1, 2).then(|| CompanyId(any_id(rng, 12))),
        player: rng.random_ratio(1, 2).then(|| PlayerId(any_id(rng, 10))),
        ok_to_play: rng.random(),
    }
}

fn any_action(rng: &mut Pcg64Mcg) -> CardAction {
    [CardAction::Draw, CardAction::Discard, CardAction::Play][rng.random_range(0..3)]
}

#[test]
fn engine_orders_and_actions() {
    let game = Game::new(mapgen::default_map(0), Config::default()).unwrap();
    // Start states from a few points of a round, so that cars carry passengers and cards.
    let mut starts = vec![game.initial_state(1)];
    let mut s = game.initial_state(2);
    let mut buf = Vec::new();
    for t in 0..2_000u32 {
        let joint: Vec<Action> = (0..NUM_PLAYERS)
            .map(|p| {
                game.legal_actions(&s, p, &mut buf);
                buf[(t as usize * 31 + p * 7) % buf.len()].clone()
            })
            .collect();
        game.advance(&mut s, &joint);
        if t % 500 == 499 {
            starts.push(s.clone());
        }
    }
    let (w, h) = (game.map().width, game.map().height);
    run("engine", |rng| {
        let mut state = starts[rng.random_range(0..starts.len())].clone();
        for _ in 0..TICKS_PER_CASE {
            if rng.random_ratio(1, 2) {
                let orders: Vec<Order> = (0..rng.random_range(0..4))
                    .map(|_| {
                        let player = PlayerId(any_id(rng, 10));
                        if rng.random_ratio(1, 2) {
                            Order::Path {
                                player,
                                path: (0..rng.random_range(0..12))
                                    .map(|_| {
                                        Point::new(
                                            rng.random_range(-3..w + 3),
                                            rng.random_range(-3..h + 3),
                                        )
                                    })
                                    .collect(),
                                pickup: (0..rng.random_range(0..14))
                                    .map(|_| PassengerId(any_id(rng, 12)))
                                    .collect(),
                            }
                        } else {
                            Order::Card {
                                player,
                                action: any_action(rng),
                                card: any_card(rng),
                            }
                        }
                    })
                    .collect();
                game.advance_orders(&mut state, &orders);
            } else {
                let joint: Vec<Action> = (0..rng.random_range(0..12))
                    .map(|p| {
                        if p < NUM_PLAYERS && rng.random_ratio(1, 2) {
                            game.legal_actions(&state, p, &mut buf);
                            return buf[rng.random_range(0..buf.len())].clone();
                        }
                        match rng.random_range(0..3) {
                            0 => Action::Wait,
                            1 => Action::GoTo {
                                stop: rng.random_range(0..40),
                                pickup: (0..rng.random_range(0..12))
                                    .map(|_| PassengerId(any_id(rng, 12)))
                                    .collect(),
                            },
                            _ => Action::Card {
                                action: any_action(rng),
                                card: any_card(rng),
                            },
                        }
                    })
                    .collect();
                game.advance(&mut state, &joint);
            }
        }
        let _ = game.outcome(&state);
        let mut out = [0.0; NUM_PLAYERS];
        game.returns(&state, &mut out);
        assert!(out.iter().all(|v| (0.0..=1.0).contains(v)));
        let seen = game.observe(&state, (PlayerId(any_id(rng, 10))).index());
        let _ = game.sample_state(&seen, rng);
    });
}

/// The wire (rules §10): the server's messages (setup, status, power-up status) and the client's
/// (join, ready, move), mutated, into both message parsers and the frame reader, and every server
/// message that still parses into a bot's [`windward::net::View`], which rebuilds its game from
/// whatever a server sent. A network peer controls all of these bytes.
#[test]
fn protocol_messages_frames_and_views() {
    use windward::net::View;
    use windward::protocol::{self, ClientMessage, ServerMessage};
    use windward::rules::Status;

    let game = Game::new(mapgen::default_map(0), Config::default()).unwrap();
    let state = game.initial_state(7);
    let setup = protocol::setup_message(&game, &state, PlayerId(0));
    let view = View::from_setup(&setup, Config::default(), 1).expect("a valid setup rebuilds");
    let mut seed_rng = Pcg64Mcg::seed_from_u64(12);
    let scoreboard = [0.0; NUM_PLAYERS];
    let server: Vec<Vec<u8>> = vec![
        ServerMessage::Setup(Box::new(setup.clone()))
            .to_xml()
            .into_bytes(),
        protocol::status_message(
            &state,
            PlayerId(0),
            PlayerId(1),
            Status::Update,
            &scoreboard,
        )
        .to_xml()
        .into_bytes(),
        protocol::powerup_status_message(
            &state,
            PlayerId(0),
            PlayerId(2),
            Status::PowerUpPlayed,
            &any_card(&mut seed_rng),
        )
        .to_xml()
        .into_bytes(),
        b"<exit />".to_vec(),
    ];
    let client: Vec<Vec<u8>> = vec![
        ClientMessage::Join {
            name: "fuzz".into(),
            school: "school".into(),
            language: "Rust".into(),
            avatar: Some("iVBORw0KGgo=".into()),
        }
        .to_xml()
        .into_bytes(),
        ClientMessage::Ready {
            path: vec![Point::new(3, 4), Point::new(3, 5)],
            pickup: vec![PassengerId(0), PassengerId(11)],
        }
        .to_xml()
        .into_bytes(),
        ClientMessage::Move {
            path: vec![Point::new(1, 1)],
            pickup: vec![PassengerId(3)],
        }
        .to_xml()
        .into_bytes(),
    ];
    run("protocol", |rng| {
        let from_server = rng.random_ratio(1, 2);
        let bases = if from_server { &server } else { &client };
        let bytes = mutate(&bases[rng.random_range(0..bases.len())], rng);
        let _ = protocol::parse_client(&bytes);
        match protocol::parse_server(&bytes) {
            // Rebuilding a game is the costly path (tables of the map): one case in eight.
            Ok(ServerMessage::Setup(setup)) if rng.random_ratio(1, 8) => {
                if let Ok(mut rebuilt) = View::from_setup(&setup, Config::default(), 2) {
                    let status = mutate(&server[1], rng);
                    if let Ok(message) = protocol::parse_server(&status) {
                        let _ = rebuilt.apply(&message);
                    }
                }
            }
            Ok(message) => {
                let mut view = view.clone();
                let _ = view.apply(&message);
                let _ = view.apply(&message);
            }
            Err(_) => {}
        }
        // The same bytes framed, with a mutated length prefix half of the time.
        let mut framed = protocol::frame(&String::from_utf8_lossy(&bytes));
        if rng.random_ratio(1, 2) && framed.len() >= 4 {
            let at = rng.random_range(0..4);
            framed[at] = rng.random();
        }
        let cut = rng.random_range(0..=framed.len());
        let _ = protocol::read_frame(&framed[..cut]);
    });
}

/// Issue 22: states read with serde are validated before use. Real states' JSON, corrupted
/// (ids, positions, movements, counters and numbers out of range, elements missing or
/// repeated), is refused by serde or by `Game::validate`, or is safe for every method of the
/// contract (`pathfind::tree::check::hostile_serde`).
#[test]
fn corrupted_deserialized_states_are_refused_or_safe() {
    let game = Game::new(mapgen::default_map(0), Config { max_ticks: 400 }).unwrap();
    let mut summary = pathfind::tree::check::HostileSummary::default();
    for case in 0..cases().div_ceil(8) {
        summary += pathfind::tree::check::hostile_serde(&game, case, 300, 8, 40);
    }
    assert!(summary.refused > 0 && summary.accepted > 0, "{summary:?}");
}
