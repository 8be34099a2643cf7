//! Conformance against the golden data recorded from the original Go program
//! (`$CONTEST_DATA/cloudwars/`): every scenario with its per-iteration float-bit hashes and every
//! recorded cloud state, every micro case, and the kill-ring vectors.

use std::path::PathBuf;

use cloudwars::replay::{
    Scenario, Summary, check_kill_ring, replay_micro_cases, replay_scenario, summary_line,
};

fn data_dir() -> Option<PathBuf> {
    std::env::var_os("CONTEST_DATA").map(|d| PathBuf::from(d).join("cloudwars"))
}

fn read(dir: &std::path::Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name))
        .unwrap_or_else(|e| panic!("{}: {e}", dir.join(name).display()))
}

#[test]
fn golden_data_matches_bit_for_bit() {
    let Some(dir) = data_dir() else {
        println!("conformance: cloudwars: skipped (CONTEST_DATA unset)");
        return;
    };
    // Every scenario the data folder lists in its index, and any other scenario file there.
    let index: serde_json::Value = serde_json::from_str(&read(&dir, "index.json")).unwrap();
    let mut names: Vec<String> = index
        .as_array()
        .expect("index.json is an array")
        .iter()
        .map(|e| e["name"].as_str().expect("name").to_owned())
        .collect();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let file = entry.unwrap().file_name().into_string().unwrap();
        if let Some(stem) = file.strip_suffix(".scenario.json")
            && !names.iter().any(|n| n == stem)
        {
            names.push(stem.to_owned());
        }
    }
    assert!(!names.is_empty(), "no scenarios in {}", dir.display());
    let mut scenarios = Summary::default();
    for name in &names {
        let scenario = Scenario::parse(&read(&dir, &format!("{name}.scenario.json"))).unwrap();
        let trace = read(&dir, &format!("{name}.trace.jsonl"));
        let summary = replay_scenario(&scenario, &trace).unwrap_or_else(|m| panic!("{m}"));
        let entry = index
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == name.as_str());
        if let Some(entry) = entry {
            assert_eq!(
                summary.iterations,
                entry["iterations"].as_u64().unwrap(),
                "{name}"
            );
            assert_eq!(
                summary.commands,
                entry["commands"].as_u64().unwrap(),
                "{name}"
            );
        }
        println!(
            "conformance: cloudwars: {name}: {} iterations, {} states, {} commands",
            summary.iterations, summary.states, summary.commands
        );
        scenarios += summary;
    }
    let micro =
        replay_micro_cases(&read(&dir, "micro_cases.json")).unwrap_or_else(|m| panic!("{m}"));
    assert_eq!(micro.traces, 26);
    let ring =
        check_kill_ring(&read(&dir, "kill_ring_vectors.json")).unwrap_or_else(|m| panic!("{m}"));
    println!("{}", summary_line(&scenarios, &micro, ring));
}

#[test]
fn list_response_example_round_trips_byte_for_byte() {
    let Some(dir) = data_dir() else {
        println!("conformance: cloudwars: skipped (CONTEST_DATA unset)");
        return;
    };
    let text = read(&dir, "list_response_example.json");
    let text = text.trim_end();
    let json = cloudwars::WorldJson::parse(text).unwrap();
    assert_eq!(json.to_json().unwrap(), text);
    // Loading it as a world and listing it again gives the same bytes.
    let (game, state) = json.to_world().unwrap();
    let again = cloudwars::WorldJson::from_state(&game, &state);
    assert_eq!(again.to_json().unwrap(), text);
    println!("conformance: cloudwars: list_response_example.json round-trips byte for byte");
}

/// Reads a Go-quoted string starting at `text` (after the opening quote); returns it unescaped.
fn go_unquote(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => break,
            '\\' => match chars.next() {
                Some('r') => out.push('\r'),
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some(other) => out.push(other),
                None => break,
            },
            c => out.push(c),
        }
    }
    out
}

#[test]
fn protocol_transcript_replays_against_our_server() {
    use std::io::{BufRead, BufReader, Write};
    use std::time::Duration;

    use cloudwars::server::{Pacing, Server, ServerConfig};

    let Some(dir) = data_dir() else {
        println!("conformance: cloudwars: skipped (CONTEST_DATA unset)");
        return;
    };
    let transcript = read(&dir, "protocol_transcript.txt");
    // The transcript's server: a 400x300 world, one player to wait for, no update loop.
    let cfg = ServerConfig {
        config: cloudwars::Config {
            width: 400,
            height: 300,
            ..cloudwars::Config::default()
        },
        params: cloudwars::WorldParams {
            rainclouds: 3,
            ..cloudwars::WorldParams::default()
        },
        players: 1,
        pacing: Pacing::RealTime {
            iterations_per_second: 1e-3,
        },
        stop_on_win: false,
        ..ServerConfig::default()
    };
    let server = Server::bind("127.0.0.1:0", cfg).unwrap();
    let addr = server.local_addr().unwrap();
    std::thread::spawn(move || server.run());
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut checked = 0;
    let mut after_nan = false;
    for line in transcript.lines().filter(|l| l.starts_with("C: \"")) {
        let request = go_unquote(&line[4..]);
        let s_at = line.find("S: \"").expect("a reply");
        let expected = go_unquote(&line[s_at + 4..]);
        stream.write_all(format!("{request}\n").as_bytes()).unwrap();
        let mut reply = String::new();
        reader.read_line(&mut reply).unwrap();
        assert!(reply.ends_with("\r\n"), "{reply:?}");
        if request == "moveNaN;0" {
            // Deviation: the original accepts NaN (and can no longer list its world).
            assert_eq!(expected, "ok\r\n");
            assert_eq!(reply, "err: invalid move\r\n");
            after_nan = true;
        } else if expected.starts_with('{') || (after_nan && request == "list") {
            // World lines: the original's world came from Go's math/rand; compare the shape.
            assert!(
                reply.starts_with("{\"Width\":400,\"Height\":300,\"GameSpeed\":60,\"Iteration\":"),
                "{request}: {reply:?}"
            );
            assert!(reply.ends_with("],\"SimSpeedUp\":1}\r\n"), "{reply:?}");
        } else {
            assert_eq!(reply, expected, "request {request:?}");
        }
        checked += 1;
    }
    assert!(checked >= 30, "{checked} transcript lines");
    println!(
        "conformance: cloudwars: protocol_transcript.txt: {checked} requests, all replies match (NaN move refused by design)"
    );
}

#[test]
fn verify_files_replays_every_golden_file() {
    let Some(dir) = data_dir() else {
        println!("conformance: cloudwars: skipped (CONTEST_DATA unset)");
        return;
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.ends_with(".scenario.json")
                || name == "micro_cases.json"
                || name == "kill_ring_vectors.json"
        })
        .collect();
    files.sort();
    let summary = cloudwars::replay::verify_files(&files).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(summary.traces, 4 + 26 + 1);
    assert_eq!(summary.steps, 11_500 + 1_211);
    println!("{summary}");
}
