//! The tests of `dogfight::rules` that lived beside its code.

use dogfight::rules::*;
use dogfight::{
    Actions, Arena, Direction, EndReason, Move, Plane, PlaneId, PlaneSet, Pos, Side, State,
};

fn dir(text: &str) -> Direction {
    text.parse().unwrap()
}

fn planes(list: [(i8, i8, i8, &str); 4]) -> State {
    State::new(list.map(|(x, y, z, d)| Plane::new(Pos::new(x, y, z), dir(d))))
}

/// Changes plane `k` of `s` in place.
fn edit(s: &mut State, k: usize, change: impl FnOnce(&mut Plane)) {
    let id = PlaneId::new(k);
    let mut plane = s.plane(id);
    change(&mut plane);
    s.set_plane(id, plane);
}

fn all(moves: [Option<Move>; 4]) -> Actions {
    Actions::from_planes(moves)
}

const FAR: [(i8, i8, i8, &str); 2] = [(0, 0, 13, "S"), (13, 13, 13, "N")];

#[test]
fn swapping_cells_is_not_a_collision() {
    let game = Game::default();
    let mut s = planes([(5, 5, 5, "S"), FAR[0], (6, 5, 5, "N"), FAR[1]]);
    let fire = |d| Some(Move::slide(d).firing());
    let events = game.advance_joint(
        &mut s,
        &all([fire(Direction::S), None, fire(Direction::N), None]),
    );
    assert!(events.collided.is_empty());
    assert_eq!(events.fired.len(), 2);
    assert!(
        events.hit.is_empty(),
        "after the swap they point away from each other"
    );
    assert!(s.planes().iter().all(|p| p.alive));
}

#[test]
fn meeting_in_a_cell_kills_both_and_they_neither_fire_nor_get_hit() {
    let game = Game::default();
    let mut s = planes([(5, 5, 5, "S"), FAR[0], (7, 5, 5, "N"), (6, 0, 5, "E")]);
    let fire = |d| Some(Move::slide(d).firing());
    let events = game.advance_joint(
        &mut s,
        &all([
            fire(Direction::S),
            None,
            fire(Direction::N),
            fire(Direction::E),
        ]),
    );
    assert_eq!(
        events.collided,
        PlaneSet::from_flags([true, false, true, false])
    );
    assert_eq!(
        events.fired,
        PlaneSet::from_flags([false, false, false, true])
    );
    assert!(events.hit.is_empty());
    assert!(!s.planes()[0].alive && !s.planes()[2].alive && s.planes()[3].alive);
}

/// A live plane flying into a wreck's cell does not collide with it, while two live planes
/// meeting in the same round beside it do (the shared-cell shortcut marks pairs only after
/// checking that both are alive).
#[test]
fn a_wreck_in_the_cell_is_not_a_collision() {
    let game = Game::default();
    let mut s = planes([
        (5, 5, 5, "S"),
        (8, 8, 8, "S"),
        (7, 5, 5, "N"),
        (10, 8, 8, "N"),
    ]);
    edit(&mut s, 2, |p| {
        p.alive = false;
        p.pos = Pos::new(6, 5, 5);
    });
    let events = game.advance_joint(&mut s, &Actions::default());
    assert_eq!(
        events.collided,
        PlaneSet::from_flags([false, true, false, true])
    );
    assert_eq!(s.planes()[0].pos, Pos::new(6, 5, 5));
    assert!(s.planes()[0].alive && !s.planes()[1].alive && !s.planes()[3].alive);
}

#[test]
fn three_planes_collide() {
    let game = Game::default();
    let mut s = planes([(5, 5, 5, "S"), (6, 4, 5, "E"), (7, 5, 5, "N"), FAR[1]]);
    let events = game.advance_joint(&mut s, &Actions::default());
    assert_eq!(events.collided.len(), 3);
}

#[test]
fn bullets_pass_through_every_plane_on_the_ray() {
    let game = Game::default();
    // p1.0 fires S along x; p1.1 (friend) and p2.0 (enemy) end on the ray.
    let mut s = planes([(0, 5, 5, "S"), (3, 4, 5, "E"), (7, 5, 6, "D"), FAR[1]]);
    let events = game.advance_joint(
        &mut s,
        &all([Some(Move::slide(Direction::S).firing()), None, None, None]),
    );
    assert_eq!(events.hit, PlaneSet::from_flags([false, true, true, false]));
    assert_eq!(game.outcome(&s).map(|o| o.reason), None);
}

#[test]
fn shots_are_simultaneous() {
    let game = Game::default();
    let mut s = planes([
        (3, 5, 5, "S"),
        (0, 0, 0, "S"),
        (9, 5, 5, "N"),
        (13, 13, 13, "N"),
    ]);
    let fire = |d| Some(Move::slide(d).firing());
    let events = game.advance_joint(
        &mut s,
        &all([fire(Direction::S), None, fire(Direction::N), None]),
    );
    assert_eq!(events.hit, PlaneSet::from_flags([true, false, true, false]));
    assert_eq!(events.fired, events.hit);
    assert_eq!(
        s.planes()[0].cooldown,
        0,
        "a shooter that was hit ends with cooldown 0"
    );
}

#[test]
fn cooldown_allows_a_shot_every_other_round() {
    let game = Game::default();
    let mut s = planes([(0, 5, 5, "S"), FAR[0], (13, 13, 0, "N"), FAR[1]]);
    let mut fired = Vec::new();
    let mut cooldowns = Vec::new();
    for _ in 0..5 {
        let events = game.advance_joint(
            &mut s,
            &all([Some(Move::slide(Direction::S).firing()), None, None, None]),
        );
        fired.push(events.fired.contains(PlaneId::new(0)));
        cooldowns.push(s.planes()[0].cooldown);
    }
    assert_eq!(fired, [true, false, true, false, true]);
    assert_eq!(cooldowns, [1, 0, 1, 0, 1]);
}

#[test]
fn an_empty_ray_still_starts_the_cooldown() {
    let game = Game::default();
    let mut s = planes([(12, 5, 5, "S"), FAR[0], (13, 13, 0, "N"), FAR[1]]);
    let events = game.advance_joint(
        &mut s,
        &all([Some(Move::slide(Direction::S).firing()), None, None, None]),
    );
    assert!(events.fired.contains(PlaneId::new(0)));
    assert_eq!(s.planes()[0].shoot_range(game.arena()).count(), 0);
    assert_eq!(s.planes()[0].cooldown, 1);
}

#[test]
fn invalid_directions_fly_straight_but_still_shoot() {
    let game = Game::default();
    let mut s = planes([(3, 5, 5, "S"), FAR[0], (9, 5, 4, "U"), FAR[1]]);
    let events = game.advance_joint(
        &mut s,
        &all([Some(Move::turn(Direction::N).firing()), None, None, None]),
    );
    assert!(events.invalid_direction.contains(PlaneId::new(0)));
    assert_eq!(events.moved[0], Some(Direction::S));
    assert_eq!(
        (s.planes()[0].pos, s.planes()[0].heading),
        (Pos::new(4, 5, 5), Direction::S)
    );
    assert!(events.hit.contains(PlaneId::new(2)));
}

#[test]
fn missing_moves_fly_straight_without_shooting() {
    let game = Game::default();
    let mut s = planes([(3, 5, 5, "SE"), FAR[0], (9, 10, 5, "N"), FAR[1]]);
    let events = game.advance_joint(&mut s, &Actions::default());
    assert_eq!(s.planes()[0].pos, Pos::new(4, 6, 5));
    assert!(events.fired.is_empty() && events.invalid_direction.is_empty());
}

#[test]
fn dead_planes_are_frozen_but_their_cooldown_decays() {
    let game = Game::default();
    let mut s = planes([(3, 5, 5, "S"), FAR[0], (9, 10, 5, "N"), FAR[1]]);
    edit(&mut s, 0, |p| p.alive = false);
    edit(&mut s, 0, |p| p.cooldown = 1);
    let before = s.planes()[0];
    let events = game.advance_joint(
        &mut s,
        &all([Some(Move::turn(dir("SE")).firing()), None, None, None]),
    );
    assert_eq!(events.moved[0], None);
    assert!(events.fired.is_empty());
    assert_eq!(
        s.planes()[0],
        Plane {
            cooldown: 0,
            ..before
        }
    );
}

#[test]
fn hits_use_post_move_positions() {
    let game = Game::default();
    // p1.0 fires E along y from (5,0,5); p2.0 moves out of the line, p2.1 moves into it.
    let mut s = planes([(5, 0, 5, "E"), FAR[0], (5, 6, 5, "U"), (6, 8, 5, "N")]);
    let events = game.advance_joint(
        &mut s,
        &all([Some(Move::slide(Direction::E).firing()), None, None, None]),
    );
    assert_eq!(
        events.hit,
        PlaneSet::from_flags([false, false, false, true])
    );
}

#[test]
fn collided_wrecks_do_not_block_a_ray_and_two_shooters_may_share_a_target() {
    let game = Game::default();
    // p1.1 and p2.1 collide at (5,5,5) on p1.0's ray; p2.0 behind them is still hit.
    let mut s = planes([
        (0, 5, 5, "S"),
        (5, 4, 5, "E"),
        (8, 5, 5, "N"),
        (5, 6, 5, "W"),
    ]);
    let events = game.advance_joint(
        &mut s,
        &all([
            Some(Move::slide(Direction::S).firing()),
            None,
            Some(Move::slide(Direction::N)),
            None,
        ]),
    );
    assert_eq!(
        events.collided,
        PlaneSet::from_flags([false, true, false, true])
    );
    assert_eq!(
        events.hit,
        PlaneSet::from_flags([false, false, true, false])
    );
    // Two shooters, one target.
    let mut s = planes([(0, 5, 5, "S"), (5, 0, 5, "E"), (5, 5, 4, "U"), FAR[1]]);
    let fire = |d| Some(Move::slide(d).firing());
    let events = game.advance_joint(
        &mut s,
        &all([
            fire(Direction::S),
            fire(Direction::E),
            Some(Move::slide(Direction::U)),
            None,
        ]),
    );
    assert_eq!(events.fired.len(), 2);
    assert!(!s.planes()[2].alive);
}

#[test]
fn lane_changes_from_an_edge_heading_keep_it() {
    let game = Game::default();
    for requested in ["S", "E", "SED", "SU"] {
        let mut s = planes([(5, 5, 5, "SE"), FAR[0], (13, 13, 0, "N"), FAR[1]]);
        let events = game.advance_joint(
            &mut s,
            &all([Some(Move::slide(dir(requested))), None, None, None]),
        );
        assert!(events.invalid_direction.is_empty(), "{requested}");
        assert_eq!(s.planes()[0].heading, dir("SE"));
        assert_eq!(s.planes()[0].pos, Pos::new(5, 5, 5).step(dir(requested)));
    }
}

#[test]
fn a_side_flying_into_the_wall_loses() {
    let game = Game::default();
    let mut s = planes([
        (13, 5, 5, "S"),
        (13, 7, 5, "S"),
        (5, 5, 5, "N"),
        (5, 7, 5, "N"),
    ]);
    game.advance_joint(&mut s, &Actions::default());
    let outcome = game.outcome(&s).unwrap();
    assert_eq!(
        (outcome.reason, outcome.result(), outcome.round),
        (EndReason::P1Out, -1, 1)
    );
}

#[test]
fn observe_is_the_wrappers_view() {
    let game = Game::default();
    let mut s = game.initial_state(0);
    edit(&mut s, 3, |p| p.alive = false);
    let seen = game.observe_side(&s, Side::P2);
    assert_eq!(seen.planes()[0], s.planes()[2]);
    assert_eq!(
        seen.planes()[1],
        Plane {
            alive: false,
            pos: Pos::new(0, 0, 0),
            heading: Direction::N,
            cooldown: 0
        }
    );
    assert_eq!(seen.planes()[2], s.planes()[0]);
    assert_eq!(
        game.observe_side(&s, Side::P1).planes()[..3],
        s.planes()[..3]
    );
}

#[test]
fn end_checks() {
    let game = Game::default();
    let mut s = game.initial_state(0);
    assert_eq!(game.outcome(&s), None);
    edit(&mut s, 0, |p| p.alive = false);
    edit(&mut s, 1, |p| p.alive = false);
    assert_eq!(game.outcome(&s).unwrap().reason, EndReason::P1Out);
    assert_eq!(game.outcome(&s).unwrap().result(), -1);
    edit(&mut s, 2, |p| p.alive = false);
    edit(&mut s, 3, |p| p.alive = false);
    assert_eq!(game.outcome(&s).unwrap().result(), 0);
    let mut s = game.initial_state(0);
    s.round = 100;
    edit(&mut s, 3, |p| p.alive = false);
    let outcome = game.outcome(&s).unwrap();
    assert_eq!(
        (outcome.reason, outcome.result(), outcome.round),
        (EndReason::Timeout, 1, 100)
    );
}

#[test]
fn straight_flight_hits_the_wall_in_round_14() {
    let game = Game::default();
    let mut s = game.initial_state(0);
    while game.outcome(&s).is_none() {
        game.advance_joint(&mut s, &Actions::default());
    }
    let outcome = game.outcome(&s).unwrap();
    assert_eq!((outcome.reason, outcome.round), (EndReason::BothOut, 14));
}

#[test]
fn legal_move_counts() {
    let game = Game::default();
    let mut s = game.initial_state(0);
    assert_eq!(game.legal_moves(&s, PlaneId::new(0)).len(), 34);
    edit(&mut s, 0, |p| p.cooldown = 1);
    assert_eq!(game.legal_moves(&s, PlaneId::new(0)).len(), 17);
    edit(&mut s, 1, |p| p.heading = dir("SEU"));
    assert_eq!(game.legal_moves(&s, PlaneId::new(1)).len(), 26);
    edit(&mut s, 1, |p| p.alive = false);
    let mut buf = Vec::new();
    game.legal_side_actions(&s, Side::P1, &mut buf);
    assert_eq!(buf.len(), 17);
    game.legal_side_actions(&s, Side::P2, &mut buf);
    assert_eq!(buf.len(), 34 * 34);
}

#[test]
fn the_line_of_fire_table_is_the_ray() {
    // Every target cell against shooters in the corners, on faces and in the middle of the
    // largest arena the table serves, for every heading and the zero vector.
    let arena = Arena::new(LOF_MAX_SIZE).unwrap();
    let last = LOF_MAX_SIZE as i8 - 1;
    let shooters = [
        (0, 0, 0),
        (last, last, last),
        (0, last, 7),
        (7, 8, 9),
        (1, 14, 3),
    ];
    let coords = 0..=last;
    for (sx, sy, sz) in shooters {
        for index in 0..27 {
            let heading = Direction::from_index(index).unwrap();
            let shooter = Plane::new(Pos::new(sx, sy, sz), heading);
            let ray = shooter.shoot_range(&arena);
            let cell = |p: Pos| {
                let [x, y, z] = p.to_array().map(|c| c as u64);
                x | y << 5 | z << 10
            };
            for x in coords.clone() {
                for y in coords.clone() {
                    for z in coords.clone() {
                        let target = Pos::new(x, y, z);
                        let offset = cell(target) + LOF_BIAS - cell(shooter.pos);
                        let on_line = LINE_OF_FIRE[offset as usize] == index as u8;
                        assert_eq!(on_line, ray.contains(target), "{shooter:?} {target:?}");
                    }
                }
            }
        }
    }
}

#[test]
fn flight_table_is_the_turn_rule_and_the_step() {
    for (h, row) in FLIGHTS.iter().enumerate().take(27) {
        for (d, &flight) in row.iter().enumerate().take(27) {
            let heading = Direction::from_index(h).unwrap();
            let asked = Direction::from_index(d).unwrap();
            let plane = Plane::new(Pos::new(3, 3, 3), heading);
            let flown = plane.resolve(asked);
            let flight = u64::from(flight);
            assert_eq!(flight >> Plane::HEADING_SHIFT, flown.index() as u64);
            let word = (plane.to_word() + flight) & COORDINATES;
            assert_eq!(Plane::from_word(word).pos, plane.pos.step(flown));
        }
    }
}

#[test]
fn is_terminal_is_outcome_is_some() {
    let game = Game::new(
        Arena::default(),
        Config {
            rounds: 5,
            ..Config::default()
        },
    )
    .unwrap();
    for bits in 0..16u8 {
        for round in [0, 4, 5, 6] {
            let mut state = game.initial_state(0);
            state.round = round;
            for (k, plane) in state.planes().iter_mut().enumerate() {
                plane.alive = bits >> k & 1 == 1;
            }
            assert_eq!(game.is_terminal(&state), game.outcome(&state).is_some());
        }
    }
}

#[test]
fn configs_are_validated() {
    let config = Config {
        rounds: 0,
        ..Config::default()
    };
    assert_eq!(
        Game::new(Arena::default(), config),
        Err(ConfigError::NoRounds(0))
    );
}
