//! The tests of `dogfight::trace` that lived beside its code.

use dogfight::bot::Round;
use dogfight::trace::*;
use dogfight::{Actions, Game};

#[test]
fn errors_name_the_field_and_the_value() {
    let err = Trace::from_json("{\"id\": 3}").unwrap_err().to_string();
    assert_eq!(err, "line 1: turns: missing (found nothing)");
    let err = Trace::from_json("[1,").unwrap_err();
    assert!(matches!(err, TraceError::Json { line: 1, .. }));
    let text = "\n{\"id\":\"x\",\"turns\":[{\"moves\":5}]}";
    let err = read_jsonl(text).unwrap_err().to_string();
    assert_eq!(
        err,
        "line 2: turns[0].moves: expected an array of the right length (found 5)"
    );
}

#[test]
fn a_tampered_trace_reports_the_first_difference() {
    let game = Game::default();
    let mut trace = Trace::new("t", &game, game.initial_state(0));
    let mut state = game.initial_state(0);
    while game.outcome(&state).is_none() {
        let before = state;
        let actions = Actions::default();
        let events = game.advance_joint(&mut state, &actions);
        trace.push(&Round {
            before,
            actions,
            events,
            after: state,
        });
    }
    trace.finish(game.outcome(&state));
    assert_eq!(trace.replay(), Ok(14));
    let mut wrong = trace.clone();
    wrong.turns[4].state[2].pos.y += 1;
    let mismatch = wrong.replay().unwrap_err();
    assert_eq!(
        mismatch.to_string(),
        "mismatch in t at step 5: state[2].pos: expected [8,9,13], got [8,8,13]"
    );
    let mut wrong = trace.clone();
    wrong.outcome.as_mut().unwrap().round = 15;
    assert_eq!(wrong.replay().unwrap_err().field, "result");
    let mut wrong = trace;
    wrong.turns[13]
        .events
        .fired
        .insert(dogfight::PlaneId::new(1));
    assert_eq!(wrong.replay().unwrap_err().field, "events.fired[1]");
}
