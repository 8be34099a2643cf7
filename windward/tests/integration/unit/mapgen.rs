//! The tests of `windward::mapgen` that lived beside its code.

use windward::map::{RoadShape, TileType};
use windward::mapgen::*;

#[test]
fn shipped_maps_are_the_generator_output_and_valid() {
    for (i, (cfg, seed)) in DEFAULT_MAPS.iter().enumerate() {
        let map = generate(cfg, *seed).unwrap();
        if std::env::var_os("WINDWARD_REGENERATE_MAPS").is_some() {
            let path = format!("{}/maps/city{}.xml", env!("CARGO_MANIFEST_DIR"), i + 1);
            std::fs::write(path, map.to_xml()).unwrap();
            continue;
        }
        assert!(
            map.to_xml() == DEFAULT_MAP_FILES[i],
            "maps/city{}.xml is stale: regenerate with WINDWARD_REGENERATE_MAPS=1",
            i + 1
        );
        let parsed = default_map(i);
        parsed.validate().unwrap();
        assert_eq!(parsed, map);
    }
}

#[test]
fn generated_maps_have_every_feature() {
    for seed in 0..6 {
        let map = generate(&GenConfig::default(), seed).unwrap();
        map.validate().unwrap();
        let st = map.stats();
        assert_eq!((st.bus_stops, st.coffee_stops, st.starts), (14, 4, 12));
        assert!(st.lights > 0 && st.stop_sign_squares > 0);
        let shapes: Vec<RoadShape> = map
            .squares
            .iter()
            .filter(|s| s.kind == TileType::Road)
            .map(|s| s.shape)
            .collect();
        for wanted in [
            RoadShape::EastWest,
            RoadShape::NorthSouth,
            RoadShape::Intersection,
            RoadShape::CurveNe,
        ] {
            assert!(shapes.contains(&wanted), "seed {seed}: no {wanted:?}");
        }
        assert!(shapes.iter().any(|s| matches!(
            s,
            RoadShape::TNorth | RoadShape::TEast | RoadShape::TSouth | RoadShape::TWest
        )));
        // Same seed, same map.
        assert_eq!(generate(&GenConfig::default(), seed).unwrap(), map);
    }
}

#[test]
fn impossible_configs_are_errors() {
    let tiny = GenConfig {
        width: 10,
        height: 10,
        ..GenConfig::default()
    };
    assert!(matches!(generate(&tiny, 0), Err(GenError::Impossible(_))));
    let few = GenConfig {
        bus_stops: 3,
        ..GenConfig::default()
    };
    assert!(matches!(generate(&few, 0), Err(GenError::Impossible(_))));
}
