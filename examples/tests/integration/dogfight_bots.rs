//! The Dogfight example bots: the search bot's shortlist, the focused game its tree search plays,
//! the playout pilot and the rebuilt MCTS bot.

use dogfight::{Action, Bot, Direction, Game, Move, Side};
use examples::dogfight::bots::{Focused, MctsBot, Pilot, RandomBot, SearchBot};
use pathfind::tree::{Policy, SearchRng};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use smallvec::SmallVec;

#[test]
fn the_shortlist_is_sorted_and_starts_with_the_classic_choice() {
    let game = Game::default();
    let mut state = game.initial_state(0);
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    for _ in 0..6 {
        let mut ranked = SmallVec::new();
        SearchBot::new(9).ranked(&game, &state, Side::P2, 8, &mut ranked);
        let live = state.alive(Side::P2);
        assert_eq!(ranked.len(), if live == 0 { 1 } else { 8 }, "{state:?}");
        assert!(ranked.windows(2).all(|w| w[0].0 >= w[1].0));
        let played = SearchBot::new(9).act(&game, &state, Side::P2);
        assert_eq!(ranked[0].1, played);
        let actions = dogfight::Actions::new(
            game.random_action(&state, Side::P1, &mut rng),
            game.random_action(&state, Side::P2, &mut rng),
        );
        game.advance_joint(&mut state, &actions);
    }
}

#[test]
fn focused_offers_the_shortlist_at_the_root_and_sensible_moves_elsewhere() {
    use pathfind::tree::Game as _;
    let game = Game::default();
    let arena = game.arena();
    let root = game.initial_state(0);
    let shortlist = [
        Action::none(),
        Action::new(Move::slide(Direction::S), Move::slide(Direction::S)),
    ];
    let focused = Focused::new(game, root, 0, &shortlist);
    let mut buf = Vec::new();
    focused.legal_actions(&root, 0, &mut buf);
    assert_eq!(buf, shortlist);
    let mut next = root;
    game.advance_joint(
        &mut next,
        &dogfight::Actions::new(Action::none(), Action::none()),
    );
    for (state, player) in [(root, 1), (next, 0), (next, 1)] {
        focused.legal_actions(&state, player, &mut buf);
        let side = if player == 0 { Side::P1 } else { Side::P2 };
        // Every pair of the planes' sensible moves: not doomed, turning or not, firing.
        let sensible = side.planes().map(|id| {
            let plane = state.plane(id);
            game.legal_moves(&state, id)
                .iter()
                .filter(|mv| mv.shoot && !plane.simulate_move(**mv, arena).is_suicidal(arena))
                .count()
        });
        assert_eq!(buf.len(), sensible[0] * sensible[1], "{state:?}");
        assert!(buf.len() >= 9 * 9, "{state:?}");
        for action in &buf {
            for (id, mv) in side.planes().iter().zip(action.moves) {
                let (plane, mv) = (state.plane(*id), mv.expect("both planes alive"));
                assert!(mv.shoot, "fires whenever the gun is ready");
                assert!(!plane.simulate_move(mv, arena).is_suicidal(arena));
            }
        }
    }
}

#[test]
fn the_pilot_flies_focused_actions() {
    let game = Game::default();
    let mut state = game.initial_state(0);
    let focused = Focused::new(game, state, 0, &[Action::none()]);
    let mut rng = SearchRng::seed_from_u64(3);
    let mut legal = Vec::new();
    for round in 0..30 {
        let mut actions = [Action::none(); 2];
        for (player, action) in actions.iter_mut().enumerate() {
            pathfind::tree::Game::legal_actions(&focused, &state, player, &mut legal);
            let i = Pilot.choose(&focused, &state, player, &legal, &mut rng);
            assert!(i < legal.len(), "round {round}");
            *action = legal[i];
        }
        game.advance_joint(&mut state, &dogfight::Actions::new(actions[0], actions[1]));
        if game.is_terminal(&state) {
            break;
        }
    }
}

#[test]
fn the_rebuilt_search_bot_beats_random_and_is_seeded() {
    let game = Game::default();
    let fights = |seed| {
        let mut bot = MctsBot::with_budget(seed, 4, 40, 4);
        let tally = dogfight::play_match(&game, &mut bot, &mut RandomBot::new(seed), 4);
        (tally, bot.iterations())
    };
    let (tally, iterations) = fights(1);
    assert_eq!(tally.wins[0], 4, "{tally:?}");
    assert!(iterations > 0 && iterations <= 40);
    assert_eq!(fights(1).0, tally);
}
