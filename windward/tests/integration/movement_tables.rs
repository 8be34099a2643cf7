//! Conformance of the in-tile movement tables: when `CONTEST_DATA` is set, the 16 tables
//! computed by [`windward::movement::MovementTables::compute`] must equal the derived
//! `windward/tile_movements.json` step for step (offsets, angles, top speed, length).

use std::path::PathBuf;

use windward::movement::{Heading, MovementId, movements};

fn dir(name: &str) -> Heading {
    match name {
        "NORTH" => Heading::North,
        "EAST" => Heading::East,
        "SOUTH" => Heading::South,
        "WEST" => Heading::West,
        other => panic!("tile_movements.json: unknown direction {other:?}"),
    }
}

#[test]
fn tables_equal_tile_movements_json() {
    let Some(root) = std::env::var_os("CONTEST_DATA") else {
        println!("conformance: windward movement tables: skipped (CONTEST_DATA unset)");
        return;
    };
    let path = PathBuf::from(root).join("windward/tile_movements.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let json: serde_json::Value = serde_json::from_str(&text).expect("tile_movements.json parses");
    assert_eq!(json["units_per_tile"], 24);
    let list = json["movements"].as_array().expect("movements array");
    assert_eq!(list.len(), 16, "16 movements");
    let mut seen = [false; 16];
    let mut steps = 0;
    for m in list {
        let name = m["name"].as_str().unwrap();
        let id = MovementId::new(
            dir(m["enter_dir"].as_str().unwrap()),
            dir(m["exit_dir"].as_str().unwrap()),
        );
        assert_eq!(id.name(), name, "name of {:?}", id.code());
        seen[id.index()] = true;
        let ours = movements().get(id);
        assert_eq!(
            ours.max_speed() as i64,
            m["max_speed"].as_i64().unwrap(),
            "{name}: max speed"
        );
        let moves = m["moves"].as_array().unwrap();
        assert_eq!(ours.len(), moves.len(), "{name}: length");
        assert_eq!(
            ours.len() as i64,
            m["num_moves"].as_i64().unwrap(),
            "{name}: num_moves"
        );
        for (i, (a, b)) in ours.moves().iter().zip(moves).enumerate() {
            let b: Vec<i64> = b
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_i64().unwrap())
                .collect();
            assert_eq!(
                [a.dx as i64, a.dy as i64, a.angle as i64],
                [b[0], b[1], b[2]],
                "{name}: step {i}"
            );
            steps += 1;
        }
        let off = m["total_offset"].as_array().unwrap();
        assert_eq!(
            ours.net_offset(),
            (
                off[0].as_i64().unwrap() as i32,
                off[1].as_i64().unwrap() as i32
            ),
            "{name}: net offset"
        );
    }
    assert!(seen.iter().all(|&s| s), "every movement present");
    println!("conformance: windward movement tables: 16 tables, {steps} steps, all match");
}
