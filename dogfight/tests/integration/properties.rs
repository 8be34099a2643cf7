//! Property tests: the rules against an independent reference written from the rules doc's
//! pseudo-code (§5.8), the mirror symmetry, copy-make, the edge cases of the rules doc §11, and
//! robustness against any move and any protocol input.

// The reference round mirrors the controller's indexed Java loops on purpose.
#![allow(clippy::needless_range_loop)]

use dogfight::protocol::{Message, PlaneReport, parse_reply, reply_line, run_bot, turn_messages};
use dogfight::strategy;
use dogfight::{
    Action, Actions, Arena, Bot, Direction, Events, Game, Move, Plane, PlaneId, PlaneSet, Pos,
    Side, State,
};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// §5.8 of the rules doc, transcribed as literally as possible: cell-by-cell ray scans, the
/// controller's loops, no shared helpers with the crate except the turn table.
fn reference_step(
    arena_size: i32,
    planes: [Plane; 4],
    moves: [Option<Move>; 4],
) -> ([Plane; 4], [bool; 4], [bool; 4]) {
    let mut p = planes;
    let inside = |pos: Pos| {
        let ok = |c: i8| (0..arena_size).contains(&i32::from(c));
        ok(pos.x) && ok(pos.y) && ok(pos.z)
    };
    let mv: Vec<Move> = (0..4)
        .map(|k| moves[k].unwrap_or(Move::new(p[k].heading, false, false)))
        .collect();
    for k in 0..4 {
        if p[k].alive {
            let v = if p[k].heading.possible().contains(&mv[k].direction) {
                mv[k].direction
            } else {
                p[k].heading
            };
            let [dx, dy, dz] = v.vector();
            p[k].pos = Pos::new(p[k].pos.x + dx, p[k].pos.y + dy, p[k].pos.z + dz);
            if mv[k].turn {
                p[k].heading = v;
            }
            p[k].alive = inside(p[k].pos);
        }
    }
    let mut marked = [false; 4];
    for i in 0..4 {
        for j in i + 1..4 {
            if p[i].alive && p[j].alive && p[i].pos == p[j].pos {
                marked[i] = true;
                marked[j] = true;
            }
        }
    }
    for k in 0..4 {
        if marked[k] {
            p[k].alive = false;
        }
    }
    let fire: Vec<bool> = (0..4)
        .map(|k| mv[k].shoot && p[k].alive && p[k].cooldown == 0)
        .collect();
    let mut hit = [false; 4];
    for k in 0..4 {
        if !fire[k] {
            continue;
        }
        let [dx, dy, dz] = p[k].heading.vector();
        let mut s = 1i8;
        loop {
            let cell = Pos::new(
                p[k].pos.x + s * dx,
                p[k].pos.y + s * dy,
                p[k].pos.z + s * dz,
            );
            if !inside(cell) {
                break;
            }
            for j in 0..4 {
                if p[j].alive && p[j].pos == cell {
                    hit[j] = true;
                }
            }
            s += 1;
        }
    }
    for k in 0..4 {
        if hit[k] {
            p[k].alive = false;
        }
    }
    for k in 0..4 {
        p[k].cooldown = if mv[k].shoot && p[k].alive && p[k].cooldown == 0 {
            1
        } else {
            p[k].cooldown.saturating_sub(1)
        };
    }
    let fired: [bool; 4] = [fire[0], fire[1], fire[2], fire[3]];
    (p, fired, hit)
}

fn mirror_set(set: PlaneSet) -> PlaneSet {
    let f = set.flags();
    PlaneSet::from_flags([f[2], f[3], f[0], f[1]])
}

fn mirror_events(events: &Events) -> Events {
    let m = events.moved.map(|d| d.map(Direction::opposite));
    Events {
        moved: [m[2], m[3], m[0], m[1]],
        invalid_direction: mirror_set(events.invalid_direction),
        wall: mirror_set(events.wall),
        collided: mirror_set(events.collided),
        fired: mirror_set(events.fired),
        hit: mirror_set(events.hit),
    }
}

/// Plays a whole fight with uniformly random legal actions.
fn random_fight(game: &Game, seed: u64) -> (State, Vec<Actions>) {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut state = game.initial_state(0);
    let mut history = Vec::new();
    while game.outcome(&state).is_none() {
        let actions = Actions::new(
            game.random_action(&state, Side::P1, &mut rng),
            game.random_action(&state, Side::P2, &mut rng),
        );
        game.advance_joint(&mut state, &actions);
        history.push(actions);
    }
    (state, history)
}

/// The greatest fixpoint of "some legal move keeps the plane inside and in a safe state":
/// every state outside it is doomed whatever the plane does.
fn doomed_states(arena: &Arena) -> Vec<(Plane, bool)> {
    let n = arena.size() as i8;
    let index = |pos: Pos, heading: Direction| {
        ((heading.index() * n as usize + pos.x as usize) * n as usize + pos.y as usize) * n as usize
            + pos.z as usize
    };
    let mut safe = vec![true; 27 * (n as usize).pow(3)];
    let mut all = Vec::new();
    for heading in Direction::ALL {
        for x in 0..n {
            for y in 0..n {
                for z in 0..n {
                    all.push(Plane::new(Pos::new(x, y, z), heading));
                }
            }
        }
    }
    loop {
        let mut changed = false;
        for plane in &all {
            let i = index(plane.pos, plane.heading);
            if !safe[i] {
                continue;
            }
            let survives = plane.heading.possible().iter().any(|&d| {
                [false, true].iter().any(|&turn| {
                    let next = plane.simulate_move(Move::new(d, turn, false), arena);
                    next.alive && safe[index(next.pos, next.heading)]
                })
            });
            if !survives {
                safe[i] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    all.iter()
        .map(|p| (*p, !safe[index(p.pos, p.heading)]))
        .collect()
}

#[test]
fn is_suicidal_equals_the_exhaustive_fixpoint() {
    for size in [4, 5, 6, 7, 14] {
        let arena = Arena::new(size).unwrap();
        let states = doomed_states(&arena);
        let mut doomed = 0;
        for (plane, expected) in states {
            assert_eq!(
                plane.is_suicidal(&arena),
                expected,
                "size {size}: {plane:?}"
            );
            doomed += usize::from(expected);
        }
        if size == 14 {
            // 6·196 face + 12·14 edge + 8·8 corner states (rules doc §7).
            assert_eq!(doomed, 1408);
        }
    }
}

struct Recorder {
    seen: Vec<State>,
    reply: Action,
}

impl Bot for Recorder {
    fn act(&mut self, _: &Game, state: &State, _: Side) -> Action {
        self.seen.push(*state);
        self.reply
    }
}

#[test]
fn serde_validates_what_it_reads() {
    assert!(serde_json::from_str::<PlaneId>("4").is_err());
    assert!(serde_json::from_str::<Arena>("3").is_err());
    assert!(serde_json::from_str::<Arena>("-128").is_err());
    assert_eq!(
        serde_json::from_str::<Arena>("14").unwrap(),
        Arena::default()
    );
    assert!(serde_json::from_str::<Direction>("\"NS\"").is_err());
    assert_eq!(
        serde_json::to_string(&"SE".parse::<Direction>().unwrap()).unwrap(),
        "\"SE\""
    );
    let game: Game =
        serde_json::from_str(r#"{"arena":20,"config":{"rounds":50,"cooldown":1,"fights":10}}"#)
            .unwrap();
    assert_eq!(game.arena().size(), 20);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn advance_matches_the_reference(state in strategy::state(14, 100), actions in strategy::actions()) {
        let game = Game::default();
        let mut next = state;
        let events = game.advance_joint(&mut next, &actions);
        let (planes, fired, hit) = reference_step(14, state.planes(), actions.per_plane());
        prop_assert_eq!(next.planes(), planes);
        prop_assert_eq!(events.fired.flags(), fired);
        prop_assert_eq!(events.hit.flags(), hit);
        prop_assert_eq!(next.round, state.round + 1);
    }

    #[test]
    fn advance_matches_the_reference_in_any_arena(
        arena in strategy::arena(),
        seed in any::<u64>(),
        actions in strategy::actions(),
    ) {
        let game = Game::new(arena, dogfight::Config::default()).unwrap();
        let mut state = game.initial_state(0);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        for _ in 0..(seed % 20) {
            let random = Actions::new(
                game.random_action(&state, Side::P1, &mut rng),
                game.random_action(&state, Side::P2, &mut rng),
            );
            game.advance_joint(&mut state, &random);
        }
        let mut next = state;
        let events = game.advance_joint(&mut next, &actions);
        let (planes, fired, hit) =
            reference_step(arena.size() as i32, state.planes(), actions.per_plane());
        prop_assert_eq!(next.planes(), planes);
        prop_assert_eq!(events.fired.flags(), fired);
        prop_assert_eq!(events.hit.flags(), hit);
    }

    #[test]
    fn step_equals_copy_and_advance(state in strategy::reachable_state(&Game::default()), actions in strategy::actions()) {
        let game = Game::default();
        let stepped = game.step_joint(&state, &actions);
        let mut copy = state;
        game.advance_joint(&mut copy, &actions);
        prop_assert_eq!(stepped, copy);
    }

    #[test]
    fn mirror_symmetry_of_one_round(state in strategy::state(14, 100), actions in strategy::actions()) {
        let game = Game::default();
        let arena = game.arena();
        let mut direct = state;
        let events = game.advance_joint(&mut direct, &actions);
        let mut mirrored = state.mirrored(arena);
        let mirrored_events = game.advance_joint(&mut mirrored, &actions.mirrored());
        prop_assert_eq!(mirrored, direct.mirrored(arena));
        prop_assert_eq!(mirrored_events, mirror_events(&events));
        let outcome = game.outcome(&direct).map(|o| o.result());
        prop_assert_eq!(game.outcome(&mirrored).map(|o| -o.result()), outcome);
    }

    #[test]
    fn mirrored_fights_have_the_negated_result(seed in any::<u64>()) {
        let game = Game::default();
        let (end, history) = random_fight(&game, seed);
        let mut mirrored = game.initial_state(0).mirrored(game.arena());
        for actions in &history {
            game.advance_joint(&mut mirrored, &actions.mirrored());
        }
        let direct = game.outcome(&end).unwrap();
        let mirror = game.outcome(&mirrored).unwrap();
        prop_assert_eq!(mirror.result(), -direct.result());
        prop_assert_eq!(mirror.round, direct.round);
    }

    #[test]
    fn swapping_planes_within_a_side_only_permutes(state in strategy::state(14, 100), actions in strategy::actions()) {
        let game = Game::default();
        let swap = |s: State| { let p = s.planes(); State::new([p[1], p[0], p[2], p[3]]).with_round(s.round) };
        let m = actions.per_plane();
        let swapped_actions = Actions::from_planes([m[1], m[0], m[2], m[3]]);
        prop_assert_eq!(game.step_joint(&swap(state), &swapped_actions), swap(game.step_joint(&state, &actions)));
    }

    #[test]
    fn random_playouts_end_in_time_with_a_plain_result(seed in any::<u64>()) {
        let game = Game::default();
        let (end, history) = random_fight(&game, seed);
        let outcome = game.outcome(&end).unwrap();
        prop_assert!(outcome.round >= 1 && outcome.round <= 100);
        prop_assert_eq!(usize::from(outcome.round), history.len());
        prop_assert!((-1..=1).contains(&outcome.result()));
        if outcome.reason == dogfight::EndReason::Timeout {
            prop_assert_eq!(outcome.round, 100);
            prop_assert!(end.alive(Side::P1) > 0 && end.alive(Side::P2) > 0);
        }
    }

    #[test]
    fn no_panic_for_any_state_and_move(
        planes in proptest::array::uniform4((any::<bool>(), any::<[i8; 3]>(), strategy::any_direction(), any::<u8>())),
        actions in strategy::actions(),
        round in any::<u16>(),
    ) {
        let game = Game::default();
        let planes = planes.map(|(alive, [x, y, z], heading, cooldown)| Plane { alive, pos: Pos::new(x, y, z), heading, cooldown });
        let mut state = State::new(planes).with_round(round);
        game.advance_joint(&mut state, &actions);
        let _ = game.outcome(&state);
        let mut buf = Vec::new();
        game.legal_side_actions(&state, Side::P1, &mut buf);
        for plane in &state.planes() {
            let _ = plane.is_suicidal(game.arena());
            let _ = plane.shoot_range(game.arena()).count();
            let _ = plane.reach().count();
        }
    }

    #[test]
    fn invalid_or_missing_moves_displace_by_the_heading(plane in strategy::plane(14), requested in strategy::any_direction(), missing in any::<bool>()) {
        let game = Game::default();
        prop_assume!(!plane.heading.can_turn_to(requested) || missing);
        let far = Plane::new(Pos::new(0, 0, 0), Direction::S);
        let mut state = State::new([plane, far, Plane { alive: false, ..far }, Plane { alive: false, ..far }]);
        let mv = (!missing).then_some(Move::new(requested, true, false));
        let events = game.advance_joint(&mut state, &Actions::new(Action { moves: [mv, None] }, Action::none()));
        prop_assert_eq!(events.moved[0], Some(plane.heading));
        prop_assert_eq!(state.planes()[0].heading, plane.heading);
        prop_assert_eq!(state.planes()[0].pos, plane.pos.step(plane.heading));
        prop_assert_eq!(events.invalid_direction.contains(PlaneId::new(0)), !missing);
    }

    #[test]
    fn turn_validity_is_symmetric_and_reflexive(a in strategy::direction(), b in strategy::direction()) {
        prop_assert!(a.can_turn_to(a));
        prop_assert_eq!(a.can_turn_to(b), b.can_turn_to(a));
        prop_assert_eq!(a.possible().contains(&b), a.can_turn_to(b));
        prop_assert_eq!(a.possible().len(), if a.axes() == 3 { 7 } else { 9 });
    }

    #[test]
    fn after_a_round_no_two_live_planes_share_a_cell_and_dead_planes_are_frozen(state in strategy::state(14, 100), actions in strategy::actions()) {
        let game = Game::default();
        let next = game.step_joint(&state, &actions);
        for i in 0..4 {
            for j in i + 1..4 {
                prop_assert!(!(next.planes()[i].alive && next.planes()[j].alive && next.planes()[i].pos == next.planes()[j].pos));
            }
            let before = state.planes()[i];
            if !before.alive {
                prop_assert_eq!(next.planes()[i], Plane { cooldown: before.cooldown.saturating_sub(1), ..before });
            }
        }
    }

    #[test]
    fn a_plane_never_fires_two_rounds_running(seed in any::<u64>()) {
        let game = Game::default();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut state = game.initial_state(0);
        let mut last = PlaneSet::EMPTY;
        while game.outcome(&state).is_none() {
            // Ask every plane to shoot every round.
            let mut actions = Actions::new(
                game.random_action(&state, Side::P1, &mut rng),
                game.random_action(&state, Side::P2, &mut rng),
            );
            for side in &mut actions.0 {
                for mv in side.moves.iter_mut().flatten() {
                    mv.shoot = true;
                }
            }
            let events = game.advance_joint(&mut state, &actions);
            for id in events.fired.iter() {
                prop_assert!(!last.contains(id));
            }
            last = events.fired;
        }
    }

    #[test]
    fn legal_moves_are_distinct_and_valid(state in strategy::reachable_state(&Game::default())) {
        let game = Game::default();
        for id in PlaneId::ALL {
            let plane = state.plane(id);
            let moves = game.legal_moves(&state, id);
            let mut results: Vec<(Plane, bool)> = moves.iter().map(|&mv| {
                prop_assert!(plane.heading.can_turn_to(mv.direction));
                Ok((plane.simulate_move(mv, game.arena()), mv.shoot && plane.can_shoot()))
            }).collect::<Result<_, _>>()?;
            let count = results.len();
            results.sort_by_key(|(p, s)| (p.pos, p.heading, *s));
            results.dedup();
            prop_assert_eq!(results.len(), count);
            // Complete: every valid move of any kind has the outcome of one listed move.
            if plane.alive {
                let mut every: Vec<(Plane, bool)> = Direction::ALL
                    .iter()
                    .filter(|&&d| plane.heading.can_turn_to(d))
                    .flat_map(|&d| [(d, false, false), (d, false, true), (d, true, false), (d, true, true)])
                    .map(|(d, turn, shoot)| {
                        (plane.simulate_move(Move::new(d, turn, shoot), game.arena()), shoot && plane.can_shoot())
                    })
                    .collect();
                every.sort_by_key(|(p, s)| (p.pos, p.heading, *s));
                every.dedup();
                prop_assert_eq!(every, results);
            }
        }
    }

    #[test]
    fn serde_round_trips(state in strategy::state(14, 100), actions in strategy::actions()) {
        let game = Game::default();
        let mut next = state;
        let events = game.advance_joint(&mut next, &actions);
        let json = serde_json::to_string(&(state, actions, events, game.outcome(&next))).unwrap();
        let back: (State, Actions, Events, Option<dogfight::Outcome>) = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, (state, actions, events, game.outcome(&next)));
        let game_json = serde_json::to_string(&game).unwrap();
        prop_assert_eq!(serde_json::from_str::<Game>(&game_json).unwrap(), game);
        for id in PlaneId::ALL {
            let text = serde_json::to_string(&id).unwrap();
            prop_assert_eq!(serde_json::from_str::<PlaneId>(&text).unwrap(), id);
        }
        for event in events.iter() {
            let text = serde_json::to_string(&event).unwrap();
            prop_assert_eq!(serde_json::from_str::<dogfight::Event>(&text).unwrap(), event);
        }
    }

    #[test]
    fn recorded_fights_round_trip_through_the_trace_format_and_replay(seed in any::<u64>(), actions in strategy::actions()) {
        let game = Game::default();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut trace = dogfight::trace::Trace::new(format!("fight {seed}"), &game, game.initial_state(0));
        let mut state = game.initial_state(0);
        let mut first = true;
        while !game.is_terminal(&state) {
            // The first round uses arbitrary (possibly invalid or missing) orders.
            let now = if first {
                actions
            } else {
                Actions::new(game.random_action(&state, Side::P1, &mut rng), game.random_action(&state, Side::P2, &mut rng))
            };
            first = false;
            let before = state;
            let events = game.advance_joint(&mut state, &now);
            trace.push(&dogfight::bot::Round { before, actions: now, events, after: state });
        }
        trace.finish(game.outcome(&state));
        let read = dogfight::trace::Trace::from_json(&trace.to_json()).unwrap();
        prop_assert_eq!(&read, &trace);
        prop_assert_eq!(read.replay(), Ok(trace.turns.len()));
    }

    #[test]
    fn protocol_parsers_never_panic(line in ".{0,40}", bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let _ = Message::parse(&line);
        let mv = parse_reply(&line);
        prop_assert!(!mv.direction.is_zero());
        let mut bot = Recorder { seen: Vec::new(), reply: Action::none() };
        let _ = run_bot(&mut bot, &bytes[..], Vec::new());
    }

    #[test]
    fn protocol_structured_fuzz(words in proptest::collection::vec(
        prop_oneof!["NEW", "TURN", "FIGHT", "CONTEST", "ROUNDS", "LEFT", "alive", "dead", "S", "NE", "0", "1", "13", "-1", "999999999999"],
        0..7,
    )) {
        let line = words.join(" ");
        if let Ok(message) = Message::parse(&line) {
            prop_assert_eq!(Message::parse(&message.to_string()), Ok(message));
        }
    }

    #[test]
    fn controller_lines_round_trip_and_the_driver_sees_the_true_state(state in strategy::reachable_state(&Game::default()), side in prop_oneof![Just(Side::P1), Just(Side::P2)], action in strategy::action()) {
        let game = Game::default();
        prop_assume!(game.outcome(&state).is_none());
        let mut input = String::new();
        for message in turn_messages(&game, &state, side) {
            let line = message.to_string();
            prop_assert_eq!(Message::parse(&line), Ok(message));
            input.push_str(&line);
            input.push('\n');
        }
        let mut bot = Recorder { seen: Vec::new(), reply: action };
        let mut output = Vec::new();
        prop_assert_eq!(run_bot(&mut bot, input.as_bytes(), &mut output).unwrap(), 1);
        let seen = bot.seen[0];
        prop_assert_eq!(seen, game.observe_side(&state, side));
        let own = state.side(side);
        let theirs = state.side(side.opponent());
        let expected = [own[0], own[1], theirs[0], theirs[1]];
        for k in 0..4 {
            prop_assert_eq!(seen.planes()[k], PlaneReport::of(&expected[k]).to_plane());
        }
        // The replies make the controller do exactly what the action does in the engine.
        let text = String::from_utf8(output).unwrap();
        let replies: Vec<Move> = text.lines().map(parse_reply).collect();
        prop_assert_eq!(replies.len(), 2);
        for slot in 0..2 {
            let plane = own[slot];
            if plane.alive {
                let direct = plane.simulate_move(action.moves[slot].unwrap_or(Move::slide(plane.heading)), game.arena());
                let via_wire = plane.simulate_move(replies[slot], game.arena());
                prop_assert_eq!(direct, via_wire);
                prop_assert_eq!(replies[slot].shoot, action.moves[slot].is_some_and(|m| m.shoot));
                prop_assert_eq!(reply_line(&plane, Some(replies[slot])), text.lines().nth(slot).unwrap());
            }
        }
    }
}
