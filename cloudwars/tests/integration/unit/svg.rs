//! The tests of `cloudwars::svg` that lived beside its code.

use cloudwars::cloud::Color;
use cloudwars::cloud::{Player, Vec2};
use cloudwars::rules::CloudSpec;
use cloudwars::rules::Game;
use cloudwars::state::Config;
use cloudwars::svg::*;

#[test]
fn a_known_state_has_its_elements_and_balanced_tags() {
    let game = Game::new(Config {
        width: 300,
        height: 200,
        game_speed: 60,
        sim_speed_up: 1,
    })
    .unwrap();
    let clouds = [
        CloudSpec {
            pos: Vec2::new(100.0, 100.0),
            vel: Vec2::new(3.0, 0.0),
            vapor: 400.0,
            player: Some(Player {
                name: "A<&>".into(),
                color: Color::Red,
            }),
        },
        CloudSpec {
            pos: Vec2::new(250.0, 50.0),
            vel: Vec2::default(),
            vapor: 0.5,
            player: Some(Player {
                name: "B".into(),
                color: Color::Blue,
            }),
        },
        CloudSpec {
            pos: Vec2::new(30.0, 150.0),
            vel: Vec2::new(0.0, -1.0),
            vapor: 25.0,
            player: None,
        },
    ];
    let state = game.world_from_clouds(&clouds, 0).unwrap();
    let mut svg = String::from("prefix:");
    render(&game, &state, &mut svg);
    assert!(svg.starts_with("prefix:<svg"), "appends to the buffer");
    assert!(svg.contains(r#"viewBox="0 0 300 200""#));
    assert!(
        svg.contains(r##"class="storm" data-player="0" cx="100" cy="100" r="20" fill="#d43b2b""##)
    );
    assert!(svg.contains(r#"class="dead" cx="250" cy="50""#));
    assert!(svg.contains(r#"class="rain" cx="30" cy="150" r="5""#));
    assert!(svg.contains("A&lt;&amp;&gt; 400</text>"));
    assert_eq!(svg.matches("<line").count(), 2);
    assert_eq!(svg.matches("<text").count(), svg.matches("</text>").count());
    assert_eq!(svg.matches("<svg").count(), 1);
    assert!(svg.ends_with("</svg>\n"));
    // Every element is closed: self-closing or with its end tag.
    for line in svg.lines().skip(1) {
        assert!(
            line.ends_with("/>") || line.ends_with("</text>") || line == "</svg>",
            "{line}"
        );
    }
}
