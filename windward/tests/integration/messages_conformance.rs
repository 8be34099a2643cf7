//! The server's messages byte for byte: the game of `$CONTEST_DATA/windward/messages/` (3,000
//! ticks of map1, seed 1, all 10 seats) is rebuilt from its trace, and every `<setup>`, `<status>`
//! and `<powerup-status>` the original server built for every seat is compared with the one this
//! crate builds from the engine's state at the same moment, GUIDs taken from the recording's
//! roster and line ends as the original wrote them on Windows (`\r\n`, the data's README caveat 1).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use serde_json::Value;
use windward::protocol::{Roster, Seat, ServerMessage};
use windward::rules::{Event, Recipient};
use windward::tick::replay::{ReplayObserver, maps_dir_for, replay_file_observed};
use windward::{Game, NUM_PLAYERS, PlayerId, State};

const MESSAGES: &str = "map1_seed1_3000_msgs.jsonl.gz";
const GUIDS: &str = "map1_seed1_3000_msgs.guids.json";
const TRACE: &str = "map1_seed1_3000_trace.jsonl.gz";

/// One recorded message.
struct Recorded {
    t: u64,
    to: usize,
    kind: String,
    xml: String,
}

fn read_messages(path: &Path) -> Vec<Recorded> {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    BufReader::new(flate2::read::GzDecoder::new(file))
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(&l.expect("readable")).expect("JSON line");
            let xml = v["xml"].as_str().expect("xml").to_string();
            assert_eq!(v["len"].as_u64(), Some(xml.len() as u64), "len field");
            Recorded {
                t: v["t"].as_u64().expect("t"),
                to: v["to"].as_u64().expect("to") as usize,
                kind: v["kind"].as_str().expect("kind").to_string(),
                // Caveat 1: the original on Windows wrote `\r\n`.
                xml: xml.replace('\n', "\r\n"),
            }
        })
        .collect()
}

fn read_roster(path: &Path) -> Roster {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let v: Value = serde_json::from_str(&text).expect("guids JSON");
    Roster {
        seats: core::array::from_fn(|i| Seat {
            guid: v[i.to_string()]["guid"].as_str().expect("guid").to_string(),
            name: v[i.to_string()]["name"].as_str().expect("name").to_string(),
            school: "Windward".into(),
            language: "C#".into(),
        }),
    }
}

/// Builds every message the server sends, tick by tick, as `windward_server` does.
struct Builder {
    roster: Roster,
    built: Vec<Recorded>,
}

impl Builder {
    fn messages(&mut self, state: &State, t: u64, events: &[Event]) {
        for ev in events {
            let seats: Vec<usize> = match ev.to {
                Recipient::All => (0..NUM_PLAYERS).collect(),
                Recipient::Only => vec![ev.about.index()],
            };
            for to in seats {
                let to_id = PlayerId(to as u8);
                let (kind, msg) = match &ev.card {
                    Some(card) => (
                        "powerup-status",
                        self.roster
                            .powerup_status(state, to_id, ev.about, ev.status, card),
                    ),
                    None => (
                        "status",
                        self.roster
                            .status(state, to_id, ev.about, ev.status, &[0.0; NUM_PLAYERS]),
                    ),
                };
                self.built.push(Recorded {
                    t,
                    to,
                    kind: kind.into(),
                    xml: msg.to_xml(),
                });
            }
        }
    }
}

impl ReplayObserver for Builder {
    fn start(&mut self, game: &Game, state: &State) {
        for to in 0..NUM_PLAYERS {
            let msg = self.roster.setup(game, state, PlayerId(to as u8));
            self.built.push(Recorded {
                t: 0,
                to,
                kind: "setup".into(),
                xml: ServerMessage::Setup(Box::new(msg)).to_xml(),
            });
        }
    }
    fn events(&mut self, _game: &Game, state: &State, t: u64, events: &[Event]) {
        self.messages(state, t, events);
    }
}

fn first_difference(a: &str, b: &str) -> String {
    let at = a
        .bytes()
        .zip(b.bytes())
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()));
    let from = at.saturating_sub(200);
    let snip = |s: &str| {
        s.get(from..(at + 120).min(s.len()))
            .unwrap_or("")
            .to_string()
    };
    format!(
        "at byte {at}\n--- original:\n{}\n--- ours:\n{}",
        snip(a),
        snip(b)
    )
}

#[test]
fn every_message_of_the_original_server_byte_for_byte() {
    let Some(root) = std::env::var_os("CONTEST_DATA") else {
        println!("conformance: windward messages: skipped (CONTEST_DATA unset)");
        return;
    };
    let dir = PathBuf::from(root).join("windward/messages");
    for f in [MESSAGES, GUIDS, TRACE] {
        assert!(dir.join(f).exists(), "missing {}", dir.join(f).display());
    }
    let recorded = read_messages(&dir.join(MESSAGES));
    let roster = read_roster(&dir.join(GUIDS));
    for (i, seat) in roster.seats.iter().enumerate() {
        assert_eq!(
            seat.name,
            PlayerId(i as u8).name(),
            "seat {i}'s built-in name"
        );
    }
    let mut builder = Builder {
        roster,
        built: Vec::new(),
    };
    let trace = dir.join(TRACE);
    replay_file_observed(&trace, &maps_dir_for(&trace), &mut builder).expect("the trace replays");
    // The exit lines were appended when the recording stopped (caveat 3): compare their text.
    let (exits, recorded): (Vec<_>, Vec<_>) = recorded.into_iter().partition(|m| m.kind == "exit");
    assert_eq!(exits.len(), NUM_PLAYERS);
    for e in &exits {
        assert_eq!(e.xml, ServerMessage::Exit.to_xml());
    }
    let built: Vec<&Recorded> = builder.built.iter().filter(|m| m.t <= 3000).collect();
    let mut mismatches = Vec::new();
    for (i, (want, got)) in recorded.iter().zip(&built).enumerate() {
        if (want.t, want.to, &want.kind) != (got.t, got.to, &got.kind) {
            panic!(
                "message {i}: the original sent {} to seat {} at tick {}, we send {} to seat {} at tick {}",
                want.kind, want.to, want.t, got.kind, got.to, got.t
            );
        }
        if want.xml != got.xml {
            mismatches.push(format!(
                "message {i} ({} to seat {} at tick {}): {}",
                want.kind,
                want.to,
                want.t,
                first_difference(&want.xml, &got.xml)
            ));
        }
    }
    assert_eq!(recorded.len(), built.len(), "number of messages");
    assert!(
        mismatches.is_empty(),
        "{} of {} messages differ; first:\n{}",
        mismatches.len(),
        recorded.len(),
        mismatches[0]
    );
    println!(
        "conformance: windward messages: {} messages ({} setup, {} status, {} powerup-status) to 10 seats over 3000 ticks, all byte for byte",
        recorded.len(),
        recorded.iter().filter(|m| m.kind == "setup").count(),
        recorded.iter().filter(|m| m.kind == "status").count(),
        recorded
            .iter()
            .filter(|m| m.kind == "powerup-status")
            .count(),
    );
}
