//! Property tests: rules doc §12 (P1-P13) on generated mazes and random play.

use amazes::strategy;
use amazes::{
    Action, Config, Dir, End, Event, Fault, Game, LocalMap, Maze, MazeFile, MoveLine, Player,
    Reading, RefereeKnowledge, State, View, generate, mazes, random_starts,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Every known edge of a referee map equals the maze's edge (P4 soundness).
fn assert_sound(maze: &Maze, k: &RefereeKnowledge) {
    for sq in maze.squares() {
        for d in Dir::ALL {
            if let Some(open) = k.edge_at(sq, d) {
                assert_eq!(open, maze.is_open(sq, d), "edge {d:?} of {sq}");
            }
        }
        if k.is_dead_end(sq.index()) {
            assert!(k.knows(sq));
        }
    }
}

fn random_action(rng: &mut Pcg64Mcg) -> Action {
    match rng.random_range(0..100) {
        0 => Action::Fault(Fault::Timeout),
        1 => Action::from_line("FFxF"),
        2 => Action::from_line(&"F".repeat(257)),
        3..=10 => {
            let n = rng.random_range(1..=256);
            let s: String = (0..n)
                .map(|_| b"FTLR"[rng.random_range(0..4)] as char)
                .collect();
            Action::from_line(&s)
        }
        _ => {
            let n = rng.random_range(1..=8);
            let s: String = (0..n)
                .map(|_| b"FTLR"[rng.random_range(0..4)] as char)
                .collect();
            Action::from_line(&s)
        }
    }
}

/// Plays a whole game with random actions and checks, on every turn: the bot-side map agrees
/// with the referee (P9); the incremental fixpoint equals the from-scratch one (P6); soundness
/// (P4); monotone counts (P5); movement (P7); the score identities (P8).
fn check_game(game: &Game, state: &mut State, rng: &mut Pcg64Mcg) {
    let maze = game.maze();
    let n = game.config().size;
    let mut maps = [
        LocalMap::new(n, game.config().reading),
        LocalMap::new(n, game.config().reading),
    ];
    let mut shadow = [
        RefereeKnowledge::new(n, game.config().reading),
        RefereeKnowledge::new(n, game.config().reading),
    ];
    let mut earned = [0i32; 2];
    let mut look = state.last_look();
    let mut turns = 0;
    loop {
        let p = state.to_move();
        let pi = p.index();
        assert_eq!(look.player, p);
        earned[pi] += look.points();
        // The view the bot reads, and the shadow from-scratch map.
        let view: View = game.observe(state, state.to_move().index());
        let pose = state.pose(p);
        assert_eq!(
            view.distance2,
            pose.square.distance2(state.pose(p.other()).square)
        );
        let before = maps[pi].discovered_count();
        let found = maps[pi].observe(&view).unwrap();
        assert_eq!(before + found, maps[pi].discovered_count());
        assert_eq!(
            maps[pi].discovered_count(),
            state.knowledge(p).discovered_count(),
            "turn {turns}: local map after look"
        );
        shadow[pi]
            .apply_view(pose.square.index(), pose.facing, &view, &mut |_| {})
            .unwrap();
        shadow[pi].infer_from_scratch(&mut |_| {});
        assert_eq!(
            &shadow[pi],
            state.knowledge(p),
            "turn {turns}: fixpoints differ"
        );
        assert_sound(maze, state.knowledge(p));
        // The edge behind is always open (P7).
        assert!(maze.is_open(pose.square, pose.facing.back()));

        let action = random_action(rng);
        let counts = [
            state.knowledge(Player::Red).discovered_count(),
            state.knowledge(Player::Blue).discovered_count(),
        ];
        let points_before = state.points(p);
        let event: Event = game.advance_action(state, &action);
        turns += 1;
        // Movement: never ends on its start square; a short walk stopped at a real wall.
        assert_ne!(event.end.square, pose.square);
        if (event.steps as usize) < event.line.len() {
            let mut at = pose;
            for m in event.line.moves().take(event.steps as usize) {
                let d = m.turn(at.facing);
                assert!(maze.is_open(at.square, d), "walked through a wall");
                at = amazes::Pose::new(maze.neighbour(at.square, d).unwrap(), d);
            }
            let blocked = event.line.moves().nth(event.steps as usize).unwrap();
            assert!(!maze.is_open(at.square, blocked.turn(at.facing)));
        }
        assert_eq!(event.charged as usize, event.line.len());
        // The next look scores for the opponent, not for the mover.
        assert_eq!(
            state.points(p) - points_before,
            event.points(game.config().capture_bonus)
        );
        earned[pi] += event.points(game.config().capture_bonus);
        // Counts never shrink.
        for q in Player::BOTH {
            assert!(state.knowledge(q).discovered_count() >= counts[q.index()]);
        }
        // The bot's map follows the executed walk.
        let walked = maps[pi].apply_executed(&event.line, event.steps as usize, event.extra_t);
        assert_eq!(walked, event.discovered as usize);
        assert_eq!(
            maps[pi].discovered_count(),
            state.knowledge(p).discovered_count(),
            "turn {turns}: local map after moves"
        );
        let mut walk_shadow = |sq: amazes::Square| {
            shadow[pi].discover(sq.index(), &mut |_| {});
        };
        amazes::walk(
            pose,
            event.line.moves(),
            |sq, d| maze.is_open(sq, d).then(|| maze.neighbour(sq, d)).flatten(),
            &mut walk_shadow,
        );
        match event.next_look {
            Some(l) => look = l,
            None => break,
        }
    }
    // Each square is first-discovered by at most one player, and the scores add up.
    for p in Player::BOTH {
        assert_eq!(earned[p.index()], state.points(p), "score = sum of events");
    }
    let outcome = game.outcome(state).unwrap();
    for p in Player::BOTH {
        let i = p.index();
        let expected = if state.fault(p).is_some() {
            0
        } else {
            outcome.points[i].clamp(0, 1000)
        };
        assert_eq!(outcome.scores[i], expected);
    }
    if outcome.end == End::Turns {
        assert_eq!(turns, 2 * game.config().turns as usize);
    }
}

#[test]
fn random_games_on_shipped_mazes_keep_every_invariant() {
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    for i in 0..mazes::COUNT {
        let file = mazes::get(i);
        let game = Game::new(file.maze, Config::default()).unwrap();
        let mut state = game.initial_state_with(file.starts.unwrap()).unwrap();
        check_game(&game, &mut state, &mut rng);
    }
}

#[test]
fn random_games_with_the_logical_reading() {
    let mut rng = Pcg64Mcg::seed_from_u64(8);
    for i in 0..3 {
        let file = mazes::get(i);
        let config = Config {
            reading: Reading::Logical,
            ..Config::default()
        };
        let game = Game::new(file.maze, config).unwrap();
        let mut state = game.initial_state(i as u64);
        check_game(&game, &mut state, &mut rng);
    }
}

#[test]
fn thousands_of_generated_mazes_are_valid_and_look_official() {
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    let count = 2000;
    let (mut dead, mut deg4, mut longest) = (0usize, 0usize, 0usize);
    for _ in 0..count {
        let maze = generate(25, &mut rng).unwrap();
        maze.validate().unwrap();
        let s = maze.stats();
        assert!((51..=54).contains(&s.loops), "{s:?}");
        let starts = random_starts(&maze, 288, &mut rng).unwrap();
        maze.validate_starts(&starts, 288).unwrap();
        assert!(starts[0].square.distance2(starts[1].square) >= 288);
        dead += s.degrees[1];
        deg4 += s.degrees[4];
        longest += s.longest_corridor;
    }
    // Means inside the official ranges (rules doc §2: 127-151 dead ends, 29-42 crossings,
    // longest corridor 8-13).
    let (dead, deg4, longest) = (dead / count, deg4 / count, longest / count);
    assert!((127..=151).contains(&dead), "dead ends {dead}");
    assert!((29..=42).contains(&deg4), "crossings {deg4}");
    assert!((8..=13).contains(&longest), "longest {longest}");
}

#[test]
fn same_seed_same_game_and_step_equals_advance() {
    let file = mazes::get(3);
    let game = Game::new(file.maze, Config::default()).unwrap();
    let a = game.initial_state(42);
    let b = game.initial_state(42);
    assert_eq!(a, b);
    let action = Action::from_line("FRFL");
    let stepped = game.step_action(&a, &action);
    let mut advanced = a.clone();
    game.advance_action(&mut advanced, &action);
    assert_eq!(stepped, advanced);
    assert_ne!(stepped, a);
}

fn tiny_game(turns: u16) -> (Game, State) {
    // A 2×2 maze: open everywhere but the wall between (0,1) and (1,1).
    let mut maze = Maze::closed(2).unwrap();
    let s = amazes::Square::new;
    maze.set_open(s(0, 0), Dir::E, true).unwrap();
    maze.set_open(s(0, 0), Dir::S, true).unwrap();
    maze.set_open(s(1, 0), Dir::E, true).unwrap();
    let config = Config {
        size: 2,
        turns,
        min_start_distance2: 1,
        ..Config::default()
    };
    let game = Game::new(maze, config).unwrap();
    let starts = [
        amazes::Pose::new(s(0, 1), Dir::E),
        amazes::Pose::new(s(1, 1), Dir::E),
    ];
    let state = game.initial_state_with(starts).unwrap();
    (game, state)
}

#[test]
fn sudden_death_doubles_the_winner_and_zeroes_the_loser() {
    let (game, mut state) = tiny_game(150);
    // Red at (0,1) sees all 4 squares at its first look (+4 +4 first).
    assert_eq!(state.knowledge(Player::Red).discovered_count(), 4);
    assert_eq!(state.points(Player::Red), 8);
    // Red: T (to (0,0) facing W), L (to (1,0) facing S), L (to (1,1) facing E) = Blue's square.
    let e = game.advance_action(&mut state, &Action::from_line("TLL"));
    assert!(e.sudden_death && !e.captured);
    let o = game.outcome(&state).unwrap();
    assert_eq!(
        o.end,
        End::SuddenDeath {
            winner: Player::Red
        }
    );
    assert_eq!(o.points, [2 * (8 - 3), 0]);
    assert_eq!(o.scores, [10, 0]);
    // Nothing happens after the end.
    assert!(
        game.advance_action(&mut state, &Action::from_line("F"))
            .ignored
    );
}

#[test]
fn capture_bonus_before_everything_is_discovered() {
    let file = mazes::get(0);
    let game = Game::new(file.maze, Config::default()).unwrap();
    let mut state = game.initial_state_with(file.starts.unwrap()).unwrap();
    // Find a line for Red that ends on Blue by walking the real maze (BFS).
    let maze = game.maze();
    let (from, to) = (state.pose(Player::Red), state.pose(Player::Blue).square);
    let mut prev = vec![None; 1024];
    let mut queue = std::collections::VecDeque::from([from]);
    prev[from.square.index()] = Some(from);
    while let Some(p) = queue.pop_front() {
        for d in Dir::ALL {
            if maze.is_open(p.square, d) {
                let nb = maze.neighbour(p.square, d).unwrap();
                if prev[nb.index()].is_none() {
                    prev[nb.index()] = Some(p);
                    queue.push_back(amazes::Pose::new(nb, d));
                }
            }
        }
    }
    let mut path = vec![];
    let mut at = to;
    while at != from.square {
        let p = prev[at.index()].unwrap();
        let d = Dir::ALL
            .into_iter()
            .find(|&d| maze.neighbour(p.square, d) == Some(at))
            .unwrap();
        path.push(d);
        at = p.square;
    }
    path.reverse();
    let mut facing = from.facing;
    let text: String = path
        .iter()
        .map(|&d| {
            let m = amazes::Move::between(facing, d);
            facing = d;
            m.letter() as char
        })
        .collect();
    let before = state.points(Player::Red);
    let e = game.advance_action(&mut state, &Action::from_line(&text));
    assert!(e.captured && !e.sudden_death);
    assert_eq!(
        state.points(Player::Red) - before,
        e.discovered as i32 + e.first as i32 - text.len() as i32 + 100
    );
    // Blue starts its turn on the same square (distance 0) and must leave it.
    assert_eq!(game.observe(&state, state.to_move().index()).distance2, 0);
    let e = game.advance_action(&mut state, &Action::from_line("T"));
    assert_ne!(e.end.square, state.pose(Player::Red).square);
}

#[test]
fn faults_hand_the_player_to_the_jury_and_score_zero() {
    let (game, mut state) = tiny_game(3);
    // Red times out: the jury plays T now and in every later turn; Blue plays on.
    let e = game.advance_action(&mut state, &Action::Fault(Fault::Timeout));
    assert_eq!(e.jury, Some(Fault::Timeout));
    assert_eq!(e.line.as_str(), "T");
    assert_eq!(e.charged, 1);
    // The jury's T from (0,1) facing E goes back West to (0,0).
    assert_eq!(e.end.square, amazes::Square::new(0, 0));
    let e = game.advance_action(&mut state, &Action::from_line("T"));
    assert_eq!(e.jury, None);
    let e = game.advance_action(&mut state, &Action::from_line("FFF"));
    assert_eq!(e.jury, Some(Fault::Timeout));
    assert_eq!(e.line.as_str(), "T");
    // A line over 256 characters and an illegal character are faults too.
    assert_eq!(
        Action::from_line(&"F".repeat(257)),
        Action::Fault(Fault::TooLong(257))
    );
    assert_eq!(Action::from_line(""), Action::Fault(Fault::Empty));
    while state.end().is_none() {
        game.advance_action(&mut state, &Action::from_line("T"));
    }
    let o = game.outcome(&state).unwrap();
    assert_eq!(o.scores[0], 0);
    assert_eq!(o.faults, [Some(Fault::Timeout), None]);
    assert_eq!(state.turns_done(Player::Blue), 3);
}

#[test]
fn a_disqualified_player_can_still_end_the_game_by_sudden_death() {
    // Rules doc A6 (our decision): jury turns are normal one-character moves with the normal
    // capture and sudden-death checks; the disqualified player still scores 0.
    let (game, mut state) = tiny_game(10);
    assert_eq!(state.knowledge(Player::Red).discovered_count(), 4);
    // Red crashes: the jury's T takes it from (0,1) West to (0,0).
    let e = game.advance_action(&mut state, &Action::Fault(Fault::Crash));
    assert_eq!(e.end.square, amazes::Square::new(0, 0));
    // Blue walks (1,1) -> (1,0) -> (0,0) -> (0,1).
    let e = game.advance_action(&mut state, &Action::from_line("TRR"));
    assert_eq!(e.end.square, amazes::Square::new(0, 1));
    assert!(!e.captured);
    // Red's next jury T goes back East onto Blue, with all squares discovered.
    let e = game.advance_action(&mut state, &Action::from_line("FF"));
    assert_eq!(e.jury, Some(Fault::Crash));
    assert!(e.sudden_death);
    let o = game.outcome(&state).unwrap();
    assert_eq!(
        o.end,
        End::SuddenDeath {
            winner: Player::Red
        }
    );
    assert_eq!(o.points[1], 0);
    assert_eq!(o.scores, [0, 0]);
}

#[test]
fn extra_t_when_a_turn_ends_where_it_started() {
    let (game, mut state) = tiny_game(150);
    // Red at (0,1) facing E: F hits the outer wall at once; the extra T steps back West.
    let e = game.advance_action(&mut state, &Action::from_line("FFFF"));
    assert_eq!((e.steps, e.extra_t, e.charged), (0, true, 4));
    assert_eq!(e.end.square, amazes::Square::new(0, 0));
    assert_eq!(e.end.facing, Dir::W);
    // Walking a loop back onto the start square also triggers it (and is not charged).
    let (game, mut state) = tiny_game(150);
    let before = state.points(Player::Red);
    let e = game.advance_action(&mut state, &Action::from_line("TT"));
    assert_eq!((e.steps, e.extra_t), (2, true));
    assert_eq!(
        state.points(Player::Red) - before,
        -2 + 100 * e.captured as i32
    );
}

#[test]
fn start_line_goes_to_red_first_turn_only() {
    let (game, mut state) = tiny_game(3);
    assert!(state.is_start());
    game.advance_action(&mut state, &Action::from_line("T"));
    assert!(!state.is_start());
    assert_eq!(state.to_move(), Player::Blue);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn move_line_parsing_never_panics(text in ".{0,300}") {
        if let Ok(line) = MoveLine::parse(&text) {
            prop_assert!(text.trim_end_matches(['\r', '\n']).starts_with(line.as_str()));
        }
    }

    #[test]
    fn maze_parsing_never_panics(
        seed in any::<u64>(),
        edits in proptest::collection::vec((0usize..2700, any::<char>()), 0..6),
        cut in 0usize..3000,
    ) {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let maze = generate(25, &mut rng).unwrap();
        let mut chars: Vec<char> = maze.to_text().chars().collect();
        for (i, c) in edits {
            let i = i % chars.len();
            chars[i] = c;
        }
        chars.truncate(cut.max(1));
        let text: String = chars.into_iter().collect();
        if let Ok(file) = MazeFile::parse(&text) {
            let _ = file.maze.validate();
            prop_assert_eq!(MazeFile::parse(&file.to_text()).unwrap(), file);
        }
    }

    #[test]
    fn maze_text_round_trips(maze in strategy::maze(25)) {
        prop_assert!(maze.validate().is_ok());
        let file = MazeFile::parse(&maze.to_text()).unwrap();
        prop_assert_eq!(file.maze, maze);
    }

    #[test]
    fn arbitrary_actions_never_panic_and_keep_scores_in_range(
        (game, starts) in strategy::game_and_starts(),
        actions in proptest::collection::vec(strategy::action(), 1..40),
    ) {
        let mut state = game.initial_state_with(starts).unwrap();
        for a in &actions {
            let e = game.advance_action(&mut state, a);
            prop_assert!(!e.ignored);
            prop_assert!(game.maze().is_open(e.end.square, e.end.facing.back()));
        }
        let mut k = state.knowledge(Player::Red).clone();
        let before = k.clone();
        k.infer(&mut |_| {});
        prop_assert_eq!(k, before, "infer is idempotent");
    }

    #[test]
    fn serde_round_trip(line in strategy::move_line(256), maze in strategy::maze(7)) {
        let json = serde_json::to_string(&line).unwrap();
        prop_assert_eq!(serde_json::from_str::<MoveLine>(&json).unwrap(), line);
        let json = serde_json::to_string(&maze).unwrap();
        prop_assert_eq!(serde_json::from_str::<Maze>(&json).unwrap(), maze);
    }
}

/// An omniscient explorer for the tests: walks the real maze to the nearest square its
/// referee map has not discovered, so games reach full discovery and the outer-edge rules.
fn omniscient_line(game: &Game, state: &State) -> Action {
    let maze = game.maze();
    let p = state.to_move();
    let k = state.knowledge(p);
    let from = state.pose(p);
    let mut prev: Vec<Option<amazes::Square>> = vec![None; 1024];
    let mut queue = std::collections::VecDeque::from([from.square]);
    prev[from.square.index()] = Some(from.square);
    let mut target = None;
    while let Some(sq) = queue.pop_front() {
        if !k.knows(sq) {
            target = Some(sq);
            break;
        }
        for d in Dir::ALL {
            if maze.is_open(sq, d) {
                let nb = maze.neighbour(sq, d).unwrap();
                if prev[nb.index()].is_none() {
                    prev[nb.index()] = Some(sq);
                    queue.push_back(nb);
                }
            }
        }
    }
    // Everything discovered: head for the opponent (sudden death).
    let target = target.unwrap_or(state.pose(p.other()).square);
    let mut path = vec![];
    let mut at = target;
    while at != from.square {
        let Some(q) = prev[at.index()] else {
            return Action::from_line("T");
        };
        path.push(
            Dir::ALL
                .into_iter()
                .find(|&d| maze.neighbour(q, d) == Some(at))
                .unwrap(),
        );
        at = q;
    }
    path.reverse();
    let mut facing = from.facing;
    let text: String = path
        .iter()
        .map(|&d| {
            let m = amazes::Move::between(facing, d);
            facing = d;
            m.letter() as char
        })
        .collect();
    Action::from_line(if text.is_empty() { "T" } else { &text })
}

#[test]
fn local_map_agrees_with_the_referee_through_full_exploration() {
    let mut fired = 0;
    let mut sudden = 0;
    for i in 0..mazes::COUNT {
        let file = mazes::get(i);
        let game = Game::new(file.maze, Config::default()).unwrap();
        let mut state = game.initial_state(i as u64 + 100);
        let mut maps = [LocalMap::default(), LocalMap::default()];
        while state.end().is_none() {
            let p = state.to_move();
            let map = &mut maps[p.index()];
            map.observe(&game.observe(&state, state.to_move().index()))
                .unwrap();
            assert_eq!(
                map.discovered_count(),
                state.knowledge(p).discovered_count()
            );
            assert_sound(game.maze(), state.knowledge(p));
            let action = omniscient_line(&game, &state);
            let e = game.advance_action(&mut state, &action);
            map.apply_executed(&e.line, e.steps as usize, e.extra_t);
            assert_eq!(
                map.discovered_count(),
                state.knowledge(p).discovered_count()
            );
            sudden += e.sudden_death as usize;
        }
        for p in Player::BOTH {
            if state.knowledge(p).outer_edges_known() == (true, true) {
                fired += 1;
                assert_eq!(
                    maps[p.index()].knowledge().outer_edges_known(),
                    (true, true)
                );
            }
        }
    }
    assert!(fired >= 10, "outer-edge rules fired for {fired} players");
    assert!(sudden >= 1, "no game reached sudden death");
}

#[test]
fn serde_round_trip_of_states_maps_and_events() {
    let file = mazes::get(2);
    let game = Game::new(file.maze, Config::default()).unwrap();
    let mut state = game.initial_state(9);
    let mut map = LocalMap::default();
    map.observe(&game.observe(&state, state.to_move().index()))
        .unwrap();
    let event = game.advance_action(&mut state, &Action::from_line("TFRF"));
    let json = serde_json::to_string(&state).unwrap();
    assert_eq!(serde_json::from_str::<State>(&json).unwrap(), state);
    let json = serde_json::to_string(&map).unwrap();
    assert_eq!(serde_json::from_str::<LocalMap>(&json).unwrap(), map);
    let json = serde_json::to_string(&event).unwrap();
    assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), event);
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);
    assert!(serde_json::from_str::<State>("{}").is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// P2: line syntax, lengths, and rotation consistency of the view.
    #[test]
    fn view_lines_are_well_formed_and_rotate(maze in strategy::maze(25), r in 0usize..25, c in 0usize..25) {
        let sq = amazes::Square::new(r, c);
        for d in Dir::ALL {
            let pose = amazes::Pose::new(sq, d);
            let view = View::look(&maze, pose, sq);
            for line in &view.lines {
                let text = line.as_str();
                prop_assert!(text.ends_with('W') && text[..text.len() - 1].chars().all(|ch| "BLRN".contains(ch)));
                prop_assert_eq!(amazes::Line::parse(text).unwrap(), *line);
            }
            prop_assert!(view.lines[0].len() + view.lines[2].len() <= 26);
            prop_assert!(view.lines[1].len() + view.lines[3].len() <= 26);
            let turned = View::look(&maze, amazes::Pose::new(sq, d.right()), sq);
            prop_assert_eq!(turned.lines[0], view.lines[1]);
            prop_assert_eq!(turned.lines[3], view.lines[0]);
            prop_assert_eq!(view.distance2, 0);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// P4-P9 on generated mazes: every invariant of `check_game`, every turn of whole games.
    #[test]
    fn whole_random_games_on_generated_mazes((game, starts) in strategy::game_and_starts(), seed in any::<u64>()) {
        let mut state = game.initial_state_with(starts).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        check_game(&game, &mut state, &mut rng);
    }
}
