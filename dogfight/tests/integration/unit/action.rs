//! The tests of `dogfight::action` that lived beside its code.

use dogfight::action::*;
use dogfight::{Direction, PlaneId, Side};

#[test]
fn display_is_the_wrapper_reply() {
    let mv = Move::slide("SE".parse().unwrap()).firing();
    assert_eq!(mv.to_string(), "SE 0 1");
    assert_eq!(Move::turn(Direction::N).to_string(), "N 1 0");
}

#[test]
fn per_plane_order() {
    let a = Move::turn(Direction::S);
    let b = Move::turn(Direction::N);
    let actions = Actions::new(Action::new(a, a), with_missing_second(Action::new(b, b)));
    assert_eq!(actions.per_plane(), [Some(a), Some(a), Some(b), None]);
    assert_eq!(Actions::from_planes(actions.per_plane()), actions);
    assert_eq!(actions.plane(PlaneId::new(2)), Some(b));
    assert_eq!(actions[Side::P2].moves[1], None);
}

/// `action` without its second plane's move.
fn with_missing_second(mut action: Action) -> Action {
    action.moves[1] = None;
    action
}
