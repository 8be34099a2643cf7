//! One test per rule of the rules doc (§4, and the edge cases of §7), each on a tiny grid with
//! scripted player orders, so a wrong implementation of the rule fails it.

use tron3d::format::BoardRecord;
use tron3d::{
    Action, Actions, Board, Chance, Config, Game, Item, Movement, PlayerId, State, VertexId,
};

/// A chance source with a fixed player order and a fixed item type.
struct Fixed {
    order: Vec<PlayerId>,
    item: Item,
}

impl Chance for Fixed {
    fn shuffle_players(&mut self, order: &mut [PlayerId]) {
        order.copy_from_slice(&self.order[..order.len()]);
    }
    fn bonus_item(&mut self, _vertex: VertexId) -> Item {
        self.item
    }
}

fn order(players: &[PlayerId]) -> Fixed {
    Fixed {
        order: players.to_vec(),
        item: Item::Points,
    }
}

/// A 5×5 grid (ids `row * 5 + col`) with the given spawns and bonus vertices.
fn grid_game(
    players: usize,
    bikes: usize,
    spawns: &[i64],
    bonus: &[i64],
    tweak: impl FnOnce(&mut Config),
) -> Game {
    let mut neighbours = Vec::new();
    for r in 0..5i64 {
        for c in 0..5i64 {
            let mut list = Vec::new();
            if r > 0 {
                list.push((r - 1) * 5 + c);
            }
            if c > 0 {
                list.push(r * 5 + c - 1);
            }
            if c < 4 {
                list.push(r * 5 + c + 1);
            }
            if r < 4 {
                list.push((r + 1) * 5 + c);
            }
            neighbours.push(list);
        }
    }
    let board = Board::new("grid5", &neighbours, spawns, bonus).unwrap();
    let mut config = Config {
        nb_players: players,
        nb_bikes: bikes,
        nb_rounds: 20,
        bonus_round: 0,
        turbo_duration: 3,
        ghost_duration: 2,
        score_bonus: 50,
    };
    tweak(&mut config);
    Game::new(board, config).unwrap()
}

/// The initial state edited through its record.
fn edited(game: &Game, edit: impl FnOnce(&mut BoardRecord)) -> State {
    let status = vec![0.0; game.config().nb_players];
    let mut record = BoardRecord::of(game, &game.initial_state(0), &status);
    edit(&mut record);
    record.to_state(game, 0).unwrap()
}

fn actions(list: &[(PlayerId, Movement)]) -> Actions {
    let mut actions = Actions::new();
    for &(p, m) in list {
        actions.push(p, m);
    }
    actions
}

fn mv(bike: usize, to: usize) -> Movement {
    Movement::new(bike, to)
}

fn use_mv(bike: usize, to: usize) -> Movement {
    Movement::using_item(bike, to)
}

#[test]
fn race_for_a_vertex_first_executed_wins() {
    for (first, winner, loser) in [(0u8, 0usize, 1usize), (1, 1, 0)] {
        let game = grid_game(2, 1, &[0, 2], &[], |_| {});
        let mut state = game.initial_state(0);
        let acts = actions(&[(0, mv(0, 1)), (1, mv(1, 1))]);
        let events = game.advance_with(&mut state, &acts, &mut order(&[first, 1 - first]));
        assert!(state.bike(winner).alive);
        assert!(!state.bike(loser).alive);
        assert_eq!(
            state.bike(loser).vertex,
            1,
            "a crashed bike stands where it crashed"
        );
        assert_eq!(state.wall(1), Some(winner as u8));
        assert_eq!(
            events.executed.len(),
            2,
            "crashing moves are listed as executed"
        );
        assert!(events.crashed.contains(loser));
        // The loser's spawn wall is gone, the winner's trail stays.
        let loser_spawn = [0, 2][loser];
        assert_eq!(state.wall(loser_spawn), None);
        assert_eq!(state.scores()[winner], 10);
        assert_eq!(state.scores()[loser], 0);
    }
}

#[test]
fn head_on_swap_kills_both_unless_ghost() {
    let game = grid_game(2, 1, &[0, 1], &[], |_| {});
    let mut state = game.initial_state(0);
    game.advance_with(
        &mut state,
        &actions(&[(0, mv(0, 1)), (1, mv(1, 0))]),
        &mut order(&[0, 1]),
    );
    assert!(!state.bike(0).alive && !state.bike(1).alive);
    assert!(state.walls().is_empty());

    let mut state = edited(&game, |r| r.bikes[0].item = Item::Ghost);
    game.advance_with(
        &mut state,
        &actions(&[(0, use_mv(0, 1)), (1, mv(1, 0))]),
        &mut order(&[0, 1]),
    );
    assert!(state.bike(0).alive && !state.bike(1).alive);
    assert_eq!(
        state.bike(0).ghost,
        1,
        "ghost duration G - 1 after the activation move"
    );
    // Bike 1's wall on vertex 1 passed to the ghost that crossed it.
    assert_eq!(state.wall(1), Some(0));
    assert_eq!(state.ghost_stack(1).count(), 0);
}

#[test]
fn entering_a_vertex_just_left_crashes() {
    let game = grid_game(2, 1, &[0, 1], &[], |_| {});
    let mut state = game.initial_state(0);
    game.advance_with(
        &mut state,
        &actions(&[(1, mv(1, 2)), (0, mv(0, 1))]),
        &mut order(&[1, 0]),
    );
    assert!(state.bike(1).alive);
    assert!(!state.bike(0).alive);
}

#[test]
fn trail_of_a_bike_dying_this_round_still_kills() {
    let game = grid_game(2, 1, &[0, 1], &[], |_| {});
    let mut state = game.initial_state(0);
    // Bike 1 gives no command (it overheats at the end of the round) but its wall kills bike 0.
    let events = game.advance_with(&mut state, &actions(&[(0, mv(0, 1))]), &mut order(&[0, 1]));
    assert!(!state.bike(0).alive && !state.bike(1).alive);
    assert!(events.died.contains(0) && events.died.contains(1));
    assert!(state.walls().is_empty());
}

#[test]
fn odd_rounds_move_only_turbo_bikes() {
    let game = grid_game(2, 1, &[0, 24], &[], |_| {});
    let mut state = edited(&game, |r| {
        r.round = 1;
        r.bikes[0].item = Item::Turbo;
    });
    let events = game.advance_with(
        &mut state,
        &actions(&[(0, use_mv(0, 1)), (1, mv(1, 23))]),
        &mut order(&[0, 1]),
    );
    assert!(
        events.executed.is_empty(),
        "non-required bikes' commands are skipped"
    );
    assert!(
        state.bike(0).alive && state.bike(1).alive,
        "nobody had to move"
    );
    assert_eq!(state.bike(0).vertex, 0);
    assert_eq!(
        state.bike(0).item,
        Item::Turbo,
        "turbo cannot start on an odd round"
    );
    assert_eq!(state.bike(0).turbo, 0);
    assert_eq!(state.scores(), &[0, 0]);
    assert_eq!(state.round(), 2);
}

#[test]
fn invalid_commands_are_ignored_and_required_bikes_overheat() {
    let game = grid_game(2, 1, &[0, 24], &[], |_| {});
    let mut state = game.initial_state(0);
    let bad = [
        (
            0,
            Movement {
                bike: 0,
                to: -99,
                use_item: false,
            },
        ), // the original's default target
        (0, mv(0, 6)),  // not a neighbour
        (0, mv(1, 23)), // a foreign bike
        (
            0,
            Movement {
                bike: 99,
                to: 1,
                use_item: false,
            },
        ), // no such bike
        (1, mv(1, 23)),
    ];
    let events = game.advance_with(&mut state, &actions(&bad), &mut order(&[0, 1]));
    assert_eq!(events.executed.as_slice(), &[mv(1, 23)]);
    assert!(
        !state.bike(0).alive,
        "required bike without a valid move overheats"
    );
    assert!(state.bike(1).alive);
    assert_eq!(
        state.bike(1).vertex,
        23,
        "a foreign command never moves a bike"
    );
    // A dead bike's commands are skipped (round 1 is odd and empty; round 2 is even).
    game.advance_with(&mut state, &Actions::new(), &mut order(&[0, 1]));
    let events = game.advance_with(
        &mut state,
        &actions(&[(0, mv(0, 1)), (1, mv(1, 22))]),
        &mut order(&[0, 1]),
    );
    assert_eq!(events.executed.as_slice(), &[mv(1, 22)]);
}

#[test]
fn second_command_for_a_moved_bike_is_ignored_but_a_crashed_bike_moves_again() {
    let game = grid_game(2, 1, &[0, 1], &[], |_| {});
    let mut state = game.initial_state(0);
    let events = game.advance_with(
        &mut state,
        &actions(&[(1, mv(1, 2)), (1, mv(1, 3))]),
        &mut order(&[1, 0]),
    );
    assert_eq!(events.executed.as_slice(), &[mv(1, 2)]);
    // Bike 0 crashes into 1, then its second command moves it on from the crash vertex (§6).
    let game = grid_game(2, 1, &[0, 1], &[], |_| {});
    let mut state = game.initial_state(0);
    let events = game.advance_with(
        &mut state,
        &actions(&[(0, mv(0, 1)), (0, mv(0, 2)), (1, mv(1, 6))]),
        &mut order(&[0, 1]),
    );
    assert_eq!(events.executed.as_slice(), &[mv(0, 1), mv(0, 2), mv(1, 6)]);
    assert!(state.bike(0).alive);
    assert_eq!(state.bike(0).vertex, 2);
}

#[test]
fn turbo_forces_moves_on_odd_rounds_and_refreshes() {
    let game = grid_game(2, 1, &[0, 24], &[], |c| c.turbo_duration = 3);
    let mut state = edited(&game, |r| r.bikes[0].item = Item::Turbo);
    let mut chance = order(&[0, 1]);
    game.advance_with(
        &mut state,
        &actions(&[(0, use_mv(0, 1)), (1, mv(1, 23))]),
        &mut chance,
    );
    assert_eq!(state.bike(0).turbo, 2);
    assert_eq!(state.bike(0).item, Item::None);
    // Odd round 1: the turbo bike must move; the other may not.
    assert!(state.must_move(0) && !state.must_move(1));
    game.advance_with(&mut state, &actions(&[(0, mv(0, 2))]), &mut chance);
    assert!(state.bike(0).alive && state.bike(1).alive);
    assert_eq!(state.bike(0).turbo, 1);
    assert_eq!(state.scores(), &[20, 10]);
    // Round 2 even: both move; turbo ends.
    game.advance_with(
        &mut state,
        &actions(&[(0, mv(0, 3)), (1, mv(1, 22))]),
        &mut chance,
    );
    assert_eq!(state.bike(0).turbo, 0);
    // Round 3 odd: no more compulsory move.
    let events = game.advance_with(&mut state, &actions(&[(0, mv(0, 4))]), &mut chance);
    assert!(events.executed.is_empty() && state.bike(0).alive);
    // A turbo bike that does not move on an odd round overheats.
    let mut state = edited(&game, |r| {
        r.round = 1;
        r.bikes[0].turbo = 2;
    });
    game.advance_with(&mut state, &Actions::new(), &mut chance);
    assert!(!state.bike(0).alive && state.bike(1).alive);
    // Refresh while active resets to T (not additive), also on an odd round.
    let mut state = edited(&game, |r| {
        r.round = 1;
        r.bikes[0].turbo = 1;
        r.bikes[0].item = Item::Turbo;
    });
    game.advance_with(&mut state, &actions(&[(0, use_mv(0, 1))]), &mut chance);
    assert_eq!(state.bike(0).turbo, 2);
}

#[test]
fn ghost_lasts_g_required_moves_and_passes_walls() {
    let game = grid_game(2, 1, &[0, 24], &[], |c| c.ghost_duration = 2);
    // Bike 0 at 0; walls of bike 1 put on 1 and 2 (its trail).
    let mut state = edited(&game, |r| {
        r.bikes[0].item = Item::Ghost;
        r.vertices[1].wall = 1;
        r.vertices[2].wall = 1;
    });
    let mut chance = order(&[0, 1]);
    // Activation while moving into a wall: survives.
    game.advance_with(
        &mut state,
        &actions(&[(0, use_mv(0, 1)), (1, mv(1, 23))]),
        &mut chance,
    );
    assert!(state.bike(0).alive);
    assert_eq!(state.bike(0).ghost, 1);
    assert_eq!(
        state.wall(1),
        Some(1),
        "a ghost leaves the wall's owner unchanged"
    );
    assert_eq!(state.ghost_stack(1).collect::<Vec<_>>(), vec![0]);
    // Odd round without turbo: no move, ghost not consumed.
    game.advance_with(&mut state, &Actions::new(), &mut chance);
    assert_eq!(state.bike(0).ghost, 1);
    // Second ghost move into a wall.
    game.advance_with(
        &mut state,
        &actions(&[(0, mv(0, 2)), (1, mv(1, 22))]),
        &mut chance,
    );
    assert!(state.bike(0).alive);
    assert_eq!(state.bike(0).ghost, 0);
    game.advance_with(&mut state, &Actions::new(), &mut chance);
    // Ghost over: moving into a wall (its own trail on 1... here bike 1's) crashes.
    game.advance_with(
        &mut state,
        &actions(&[(0, mv(0, 1)), (1, mv(1, 21))]),
        &mut chance,
    );
    assert!(!state.bike(0).alive);
}

#[test]
fn ghost_shares_an_occupied_vertex_and_later_entrants_crash() {
    let game = grid_game(3, 1, &[0, 2, 6], &[], |_| {});
    // Odd round: bikes 0 (ghost, turbo) and 1 (turbo) must move; bike 2 stands still on 6.
    let mut state = edited(&game, |r| {
        r.round = 1;
        r.bikes[0].vertex = 5;
        r.bikes[0].ghost = 2;
        r.bikes[0].turbo = 2;
        r.vertices[0].wall = -1;
        r.vertices[5].wall = 0;
        r.bikes[1].vertex = 7;
        r.bikes[1].turbo = 2;
        r.vertices[2].wall = -1;
        r.vertices[7].wall = 1;
    });
    let events = game.advance_with(
        &mut state,
        &actions(&[(0, mv(0, 6)), (1, mv(1, 6))]),
        &mut order(&[0, 1, 2]),
    );
    assert!(state.bike(0).alive && state.bike(2).alive);
    assert_eq!(
        state.bike(0).vertex,
        state.bike(2).vertex,
        "the ghost shares the vertex"
    );
    assert_eq!(state.wall(6), Some(2));
    assert_eq!(state.ghost_stack(6).collect::<Vec<_>>(), vec![0]);
    assert!(
        events.crashed.contains(1),
        "a non-ghost entering after it crashes"
    );
    assert!(!state.bike(1).alive);
}

#[test]
fn ghost_sharing_a_bikes_vertex() {
    let game = grid_game(2, 1, &[0, 1], &[], |_| {});
    let mut state = edited(&game, |r| r.bikes[0].ghost = 2);
    // Bike 1 has to move but is slower in the order: the ghost enters its head first.
    let events = game.advance_with(
        &mut state,
        &actions(&[(0, mv(0, 1)), (1, mv(1, 2))]),
        &mut order(&[0, 1]),
    );
    assert!(events.crashed.is_empty());
    assert!(state.bike(0).alive && state.bike(1).alive);
    assert_eq!(state.wall(1), Some(1));
    assert_eq!(state.ghost_stack(1).collect::<Vec<_>>(), vec![0]);
}

#[test]
fn wall_handover_follows_death_order_by_id() {
    let game = grid_game(2, 1, &[0, 24], &[], |_| {});
    // Vertex 12: wall of bike `owner`, stack [ghost]; both bikes overheat this round.
    for (owner, ghost, expected) in [(0, 1, None), (1, 0, Some(0u8))] {
        let mut state = edited(&game, |r| {
            r.vertices[12].wall = owner;
            r.vertices[12].ghosts = vec![ghost];
        });
        game.advance_with(&mut state, &Actions::new(), &mut order(&[0, 1]));
        assert!(!state.bike(0).alive && !state.bike(1).alive);
        assert_eq!(state.wall(12), expected, "owner {owner} ghost {ghost}");
    }
    // An orphan wall blocks everyone forever.
}

#[test]
fn ghost_crossing_its_own_trail_keeps_that_wall_after_death() {
    let game = grid_game(2, 1, &[0, 24], &[], |_| {});
    let mut state = edited(&game, |r| {
        r.bikes[0].vertex = 1;
        r.bikes[0].ghost = 2;
        r.vertices[1].wall = 0;
    });
    let mut chance = order(&[0, 1]);
    game.advance_with(
        &mut state,
        &actions(&[(0, mv(0, 0)), (1, mv(1, 23))]),
        &mut chance,
    );
    assert_eq!(state.ghost_stack(0).collect::<Vec<_>>(), vec![0]);
    game.advance_with(&mut state, &Actions::new(), &mut chance);
    game.advance_with(&mut state, &actions(&[(1, mv(1, 22))]), &mut chance);
    assert!(!state.bike(0).alive);
    assert_eq!(
        state.wall(0),
        Some(0),
        "its own id popped from the stack: the wall survives"
    );
    assert_eq!(state.wall(1), None);
}

#[test]
fn bonus_items_spawn_once_on_free_bonus_vertices_after_deaths() {
    // Bonus vertices: 12 (free), 24 (bike 1's spawn, bike 1 overheats this round), 0 (bike 0).
    let game = grid_game(2, 1, &[0, 24], &[12, 24, 0], |c| c.bonus_round = 1);
    let mut state = game.initial_state(0);
    let mut chance = Fixed {
        order: vec![0, 1],
        item: Item::Ghost,
    };
    let events = game.advance_with(&mut state, &actions(&[(0, mv(0, 1))]), &mut chance);
    assert!(events.items_spawned);
    assert_eq!(state.item(12), Item::Ghost);
    assert_eq!(
        state.item(24),
        Item::Ghost,
        "freed by a death in the same round"
    );
    assert_eq!(state.item(0), Item::None, "walled");
    // Never again.
    game.advance_with(&mut state, &Actions::new(), &mut chance);
    assert!(
        !game
            .advance_with(&mut state, &actions(&[(0, mv(0, 2))]), &mut chance)
            .items_spawned
    );
    // bonus_round 0 or beyond the game: never.
    for round in [0, 21, -3] {
        let game = grid_game(2, 1, &[0, 24], &[12], |c| c.bonus_round = round);
        let mut state = game.initial_state(0);
        while !state.is_over() {
            let e = game.advance_with(&mut state, &Actions::new(), &mut chance);
            assert!(!e.items_spawned);
        }
        assert_eq!(state.item(12), Item::None);
    }
}

#[test]
fn pick_ups_points_score_at_once_items_replace() {
    let game = grid_game(2, 1, &[0, 24], &[], |c| c.score_bonus = 50);
    let mut state = edited(&game, |r| {
        r.bikes[0].item = Item::Ghost;
        r.vertices[1].item = Item::Points;
        r.vertices[23].item = Item::Turbo;
    });
    let mut chance = order(&[0, 1]);
    let events = game.advance_with(
        &mut state,
        &actions(&[(0, mv(0, 1)), (1, mv(1, 23))]),
        &mut chance,
    );
    assert_eq!(state.scores(), &[60, 10]);
    assert_eq!(state.bike(0).item, Item::Ghost, "points are never held");
    assert_eq!(state.bike(1).item, Item::Turbo);
    assert_eq!(state.item(1), Item::None);
    assert_eq!(events.pickups.len(), 2);
    // Use-then-pickup in one move; a pickup replaces the held item.
    let mut state = edited(&game, |r| {
        r.bikes[0].item = Item::Ghost;
        r.vertices[1].item = Item::Turbo;
    });
    game.advance_with(
        &mut state,
        &actions(&[(0, use_mv(0, 1)), (1, mv(1, 23))]),
        &mut chance,
    );
    assert_eq!(state.bike(0).ghost, 2 - 1);
    assert_eq!(state.bike(0).item, Item::Turbo);
    // A crash never picks up; an item used on a crashing move is consumed.
    let mut state = edited(&game, |r| {
        r.bikes[0].item = Item::Turbo;
        r.vertices[1].wall = 1;
        r.vertices[1].item = Item::Points;
    });
    game.advance_with(
        &mut state,
        &actions(&[(0, use_mv(0, 1)), (1, mv(1, 23))]),
        &mut chance,
    );
    assert!(!state.bike(0).alive);
    assert_eq!(state.bike(0).item, Item::None);
    assert_eq!(state.item(1), Item::Points);
    assert_eq!(state.scores(), &[0, 10]);
    // Using with no item: the move proceeds.
    let mut state = game.initial_state(0);
    game.advance_with(
        &mut state,
        &actions(&[(0, use_mv(0, 1)), (1, mv(1, 23))]),
        &mut chance,
    );
    assert!(state.bike(0).alive);
    assert_eq!(state.bike(0).vertex, 1);
}

#[test]
fn exactly_nb_rounds_rounds_then_an_outcome() {
    let game = grid_game(2, 1, &[0, 24], &[], |c| c.nb_rounds = 3);
    let mut state = game.initial_state(0);
    let mut chance = order(&[0, 1]);
    for _ in 0..3 {
        assert!(game.outcome(&state).is_none());
        game.advance_with(&mut state, &Actions::new(), &mut chance);
    }
    assert_eq!(state.round(), 3);
    let outcome = game.outcome(&state).unwrap();
    assert_eq!(outcome.scores, vec![0, 0]);
    assert_eq!(outcome.winner, None, "a tie has no winner");
    let before = state.clone();
    game.advance_with(&mut state, &actions(&[(0, mv(0, 1))]), &mut chance);
    assert_eq!(state, before, "rounds after the end change nothing");
}

#[test]
fn bike_k_belongs_to_player_k_mod_p_and_starts_on_spawn_k() {
    let game = grid_game(2, 2, &[0, 24, 4, 20, 12], &[], |_| {});
    let state = game.initial_state(0);
    let players: Vec<u8> = state.bikes().iter().map(|b| b.player).collect();
    assert_eq!(players, vec![0, 1, 0, 1]);
    let vertices: Vec<u16> = state.bikes().iter().map(|b| b.vertex).collect();
    assert_eq!(vertices, vec![0, 24, 4, 20]);
    assert_eq!(state.walls().len(), 4, "the extra spawn entry is unused");
    assert_eq!(state.bikes_of(1).collect::<Vec<_>>(), vec![1, 3]);
}

#[test]
fn legal_movements_list_valid_moves_per_bike() {
    let game = grid_game(2, 2, &[0, 24, 4, 20], &[], |_| {});
    let mut state = edited(&game, |r| r.bikes[2].item = Item::Ghost);
    let mut buf = Vec::new();
    game.legal_movements(&state, 0, &mut buf);
    // Bike 0 at corner 0: 1, 5; bike 2 at corner 4 with an item: 3, 9, each with and without use.
    assert_eq!(
        buf,
        vec![
            mv(0, 1),
            mv(0, 5),
            mv(2, 3),
            use_mv(2, 3),
            mv(2, 9),
            use_mv(2, 9)
        ]
    );
    assert!(buf.iter().all(|m| game.is_valid(&state, 0, m)));
    // Odd round: no bike in turbo, nothing to do.
    state = edited(&game, |r| r.round = 1);
    game.legal_movements(&state, 0, &mut buf);
    assert!(buf.is_empty());
}

#[test]
fn legal_actions_are_joint_moves_of_a_players_bikes() {
    let game = grid_game(2, 2, &[0, 24, 4, 20], &[], |_| {});
    let mut state = edited(&game, |r| {
        r.bikes[2].item = Item::Ghost;
        // A wall on 9: bike 2 survives entering it only by using its Ghost.
        r.vertices[9].wall = 1;
    });
    let mut buf = Vec::new();
    game.legal_actions(&state, 0, &mut buf);
    // Bike 0: 1, 5. Bike 2: 3, use 3, use 9 (9 is walled). Last bike fastest.
    let expected: Vec<Action> = [
        [mv(0, 1), mv(2, 3)],
        [mv(0, 1), use_mv(2, 3)],
        [mv(0, 1), use_mv(2, 9)],
        [mv(0, 5), mv(2, 3)],
        [mv(0, 5), use_mv(2, 3)],
        [mv(0, 5), use_mv(2, 9)],
    ]
    .iter()
    .map(|moves| Action::of(moves))
    .collect();
    assert_eq!(buf, expected);
    for action in &buf {
        assert!(action.moves().iter().all(|m| game.is_valid(&state, 0, m)));
        // Every listed action keeps both bikes alive when the other player does nothing.
        let mut next = state.clone();
        let events = game.advance(&mut next, &[action.clone(), Action::new()]);
        assert!(
            !events.died.contains(0) && !events.died.contains(2),
            "{action:?}"
        );
    }
    // Odd round: no bike in turbo, one action, the empty one.
    state = edited(&game, |r| r.round = 1);
    game.legal_actions(&state, 0, &mut buf);
    assert_eq!(buf, vec![Action::new()]);
    // A boxed-in bike gets no movement: only the other bike's options remain.
    let state = edited(&game, |r| {
        r.vertices[1].wall = 1;
        r.vertices[5].wall = 1;
    });
    game.legal_actions(&state, 0, &mut buf);
    assert_eq!(buf, vec![Action::of(&[mv(2, 3)]), Action::of(&[mv(2, 9)])]);
}

#[test]
fn legal_actions_are_bounded() {
    // 2 players x 8 bikes on a big grid: 4^8 combinations are cut to MAX_JOINT_ACTIONS.
    let spawns: Vec<i64> = (0..16).map(|i| 40 + 2 * i + 40 * (i / 8)).collect();
    let game = {
        let board = tron3d::generate::Preset::BigGrid.board();
        let board = tron3d::Board::new(
            "g",
            &(0..board.nb_vertices())
                .map(|v| board.neighbours(v).iter().map(|&x| i64::from(x)).collect())
                .collect::<Vec<_>>(),
            &spawns,
            &[],
        )
        .unwrap();
        let config = tron3d::Config {
            nb_players: 2,
            nb_bikes: 8,
            ..tron3d::Config::default()
        };
        Game::new(board, config).unwrap()
    };
    let state = game.initial_state(0);
    let mut buf = Vec::new();
    game.legal_actions(&state, 0, &mut buf);
    assert_eq!(buf.len(), tron3d::MAX_JOINT_ACTIONS);
    assert!(buf.iter().all(|a| a.moves().len() == 8));
}

#[test]
fn default_advance_draws_a_permutation_from_the_state_rng() {
    let game = Game::new(tron3d::Preset::Cube.board(), tron3d::Preset::Cube.config()).unwrap();
    let mut seen = std::collections::HashSet::new();
    for seed in 0..64 {
        let mut state = game.initial_state(seed);
        let events = game.advance(&mut state, &[]);
        let mut sorted = events.order.to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, vec![0, 1, 2, 3]);
        seen.insert(events.order.to_vec());
    }
    assert!(seen.len() > 10, "the order is random");
}

#[test]
fn bikes_of_one_player_racing_the_earlier_command_wins() {
    // Player 0 has bikes 0 (at 0) and 2 (at 2); both go for 1.
    let game = grid_game(2, 2, &[0, 24, 2, 20], &[], |_| {});
    for (first, second, winner) in [(0usize, 2usize, 0usize), (2, 0, 2)] {
        let mut state = game.initial_state(0);
        let acts = actions(&[
            (0, mv(first, 1)),
            (0, mv(second, 1)),
            (1, mv(1, 23)),
            (1, mv(3, 15)),
        ]);
        game.advance_with(&mut state, &acts, &mut order(&[1, 0]));
        assert!(state.bike(winner).alive);
        assert!(!state.bike(2 - winner).alive);
        assert_eq!(state.wall(1), Some(winner as u8));
        assert_eq!(state.scores(), &[10, 20]);
    }
}

#[test]
fn unknown_players_have_no_bikes_and_no_moves() {
    let game = grid_game(2, 2, &[0, 24, 2, 20], &[], |_| {});
    let state = game.initial_state(0);
    let mut buf = Vec::new();
    for player in [2u8, 3, 200] {
        assert_eq!(state.bikes_of(player).count(), 0);
        game.legal_actions(&state, usize::from(player), &mut buf);
        assert!(buf.is_empty());
    }
}

#[test]
fn ranks_are_one_based_places_and_ties_share_the_better_place() {
    let outcome = tron3d::rules::outcome_of(&[9, 9, 4, 12]);
    assert_eq!(outcome.ranks, vec![2, 2, 4, 1]);
    assert_eq!(outcome.winner, Some(3));
    let outcome = tron3d::rules::outcome_of(&[9, 9, 4]);
    assert_eq!(outcome.ranks, vec![1, 1, 3]);
    assert_eq!(outcome.winner, None);
}

#[test]
fn over_means_every_round_played_and_returns_follow_the_outcome() {
    let game = Game::new(tron3d::Preset::Grid.board(), tron3d::Preset::Grid.config()).unwrap();
    let mut state = game.initial_state(3);
    let mut actions = Actions::new();
    let mut returns = [0.0; 4];
    while !game.is_terminal(&state) {
        assert!(game.outcome(&state).is_none());
        game.returns(&state, &mut returns);
        assert!(returns.iter().all(|r| (0.0..=1.0).contains(r)));
        game.demo_actions(&mut state, &mut actions);
        game.advance_commands(&mut state, &actions);
    }
    assert_eq!(state.round(), game.config().nb_rounds);
    let outcome = game.outcome(&state).unwrap();
    game.returns(&state, &mut returns);
    for p in 0..4 {
        for q in 0..4 {
            // A better place means a higher return.
            if outcome.ranks[p] < outcome.ranks[q] {
                assert!(returns[p] > returns[q], "{outcome:?} {returns:?}");
            }
        }
    }
    // Advancing a terminal state changes nothing.
    let before = state.clone();
    game.advance_commands(&mut state, &actions);
    assert_eq!(state, before);
    assert_eq!(game.observe(&state, 0), state);
}
