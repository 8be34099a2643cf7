//! The tests of `windward::movement` that lived beside its code.

use windward::movement::*;

fn table(entry: Heading, exit: Heading) -> &'static Movement {
    movements().get(MovementId::new(entry, exit))
}

#[test]
fn lengths_speeds_and_net_offsets() {
    for entry in Heading::ALL {
        let (dx, dy) = entry.delta();
        let s = table(entry, entry);
        assert_eq!((s.len(), s.max_speed()), (24, 6));
        assert_eq!(s.net_offset(), (24 * dx, 24 * dy));

        let r = table(entry, right_of(entry));
        let (rx, ry) = right_of(entry).delta();
        assert_eq!((r.len(), r.max_speed()), (12, 3));
        assert_eq!(r.net_offset(), (6 * dx + 6 * rx, 6 * dy + 6 * ry));

        let l = table(entry, left_of(entry));
        let (lx, ly) = left_of(entry).delta();
        assert_eq!((l.len(), l.max_speed()), (34, 3));
        assert_eq!(l.net_offset(), (18 * dx + 18 * lx, 18 * dy + 18 * ly));

        let u = table(entry, entry.reverse());
        assert_eq!((u.len(), u.max_speed()), (48, 3));
        // ends on the same edge, 12 to the left
        assert_eq!(u.net_offset(), (12 * lx, 12 * ly));
    }
}

#[test]
fn odd_steps_of_the_original_arcs() {
    let ne = table(Heading::North, Heading::East).moves();
    assert_eq!(
        ne[0],
        Move {
            dx: 1,
            dy: 0,
            angle: 1
        }
    );
    assert_eq!(ne[11].angle, 90);
    // Unorth has southward (0,+1) steps inside its semicircle.
    let un = table(Heading::North, Heading::South).moves();
    assert_eq!(
        un[24],
        Move {
            dx: 0,
            dy: 1,
            angle: 269
        }
    );
    assert!(
        un[12..36]
            .iter()
            .all(|m| (m.dx as i32).abs() + (m.dy as i32).abs() == 1)
    );
}

#[test]
fn every_step_is_at_most_one_unit_per_axis() {
    for (_, m) in movements().iter() {
        for s in m.moves() {
            // unit steps, diagonal ones included (the outer curve has some)
            assert!(
                (s.dx, s.dy) != (0, 0) && s.dx.abs() <= 1 && s.dy.abs() <= 1,
                "{s:?}"
            );
            assert!(s.angle < 360);
        }
    }
}

#[test]
fn ids_names_and_codes() {
    assert_eq!(
        MovementId::new(Heading::North, Heading::East).name(),
        "TurnNE"
    );
    assert_eq!(
        MovementId::new(Heading::East, Heading::North).name(),
        "TurnEN"
    );
    assert_eq!(
        MovementId::new(Heading::West, Heading::East).name(),
        "Uwest"
    );
    assert_eq!(
        MovementId::new(Heading::East, Heading::West).kind(),
        MovementKind::UTurn
    );
    for (id, _) in movements().iter() {
        let code: String = id.code().iter().collect();
        assert_eq!(MovementId::from_code(&code), Some(id));
    }
    assert_eq!(MovementId::from_code("NX"), None);
    assert_eq!(MovementId::from_code("NNN"), None);
}

#[test]
fn angle_to_direction_boundaries() {
    assert_eq!(Heading::from_angle(44), Heading::North);
    assert_eq!(Heading::from_angle(45), Heading::East);
    assert_eq!(Heading::from_angle(135), Heading::East);
    assert_eq!(Heading::from_angle(136), Heading::South);
    assert_eq!(Heading::from_angle(225), Heading::South);
    assert_eq!(Heading::from_angle(226), Heading::West);
    assert_eq!(Heading::from_angle(315), Heading::West);
    assert_eq!(Heading::from_angle(316), Heading::North);
}

#[test]
fn front_next_rounds_ties_to_even() {
    // sin or cos is exactly 0.5f at these angles; Math.Round(0.5) = 0, Math.Round(-0.5) = 0.
    assert_eq!(rounded_unit(30), (0, -1));
    assert_eq!(rounded_unit(60), (1, 0));
    assert_eq!(rounded_unit(120), (1, 0));
    assert_eq!(rounded_unit(240), (-1, 0));
    assert_eq!(rounded_unit(330), (0, -1));
    // round() (ties away from zero) would give (1, -1) at 30.
    assert_ne!(rounded_unit(30), (1, -1));
    assert_eq!(rounded_unit(0), (0, -1));
    assert_eq!(rounded_unit(90), (1, 0));
    assert_eq!(rounded_unit(180), (0, 1));
    assert_eq!(rounded_unit(270), (-1, 0));
    assert_eq!(rounded_unit(45), (1, -1));
}

#[test]
fn front_offsets_truncate_toward_zero() {
    assert_eq!(front_offset(0), (0, -5));
    assert_eq!(front_offset(90), (5, 0));
    assert_eq!(front_offset(180), (0, 5));
    assert_eq!(front_offset(270), (-5, 0));
    // 5.75 * sin 30 = 2.875 -> 2; 5.75 * -cos 30 = -4.979 -> -4
    assert_eq!(front_offset(30), (2, -4));
}

#[test]
fn heading_helpers() {
    assert_eq!(right_of(Heading::North), Heading::East);
    assert_eq!(left_of(Heading::North), Heading::West);
    assert_eq!(right_of(Heading::West), Heading::North);
    assert_eq!(left_of(Heading::East), Heading::North);
    for h in Heading::ALL {
        assert_eq!(from_letter(letter(h)), Some(h));
    }
    assert_eq!(map_to_tile(Point::new(47, 48)), Point::new(1, 2));
    assert_eq!(map_to_quarter(Point::new(47, 48)), Point::new(3, 4));
    assert_eq!(quarter_to_tile(Point::new(3, 4)), Point::new(1, 2));
    assert_eq!(tile_to_map(Point::new(1, 2)), Point::new(24, 48));
}
