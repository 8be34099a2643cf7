//! The tests of `pathfind::tree::tensor` that lived beside its code.

use pathfind::tree::Game;
use pathfind::tree::Tensor;
use pathfind::tree::toys::TicTacToe;

#[test]
fn tic_tac_toe_indices_round_trip_and_the_mask_matches_legal_actions() {
    let game = TicTacToe;
    // X, O, X played: O (player 1) to move.
    let state = TicTacToe::from_text("XO.X.....").unwrap();
    let mut legal = Vec::new();
    game.legal_actions(&state, 1, &mut legal);
    let mut mask = [false; 9];
    game.legal_mask(&state, 1, &mut mask);
    for (index, &allowed) in mask.iter().enumerate() {
        let action = game.index_action(&state, 1, index).unwrap();
        assert_eq!(game.action_index(&state, 1, &action), Some(index));
        assert_eq!(allowed, legal.contains(&action));
    }
    assert_eq!(mask.iter().filter(|&&m| m).count(), 6);
    assert_eq!(game.index_action(&state, 1, 9), None);
    game.legal_mask(&state, 0, &mut mask);
    assert!(mask.iter().all(|&m| !m), "X is not to move");
    let mut out = [f32::NAN; 27];
    game.observation_tensor(&state, 1, &mut out);
    // O sees its own mark at 1, X's at 0 and 3, and six empty cells.
    assert_eq!(out[1], 1.0);
    assert_eq!((out[9], out[9 + 3]), (1.0, 1.0));
    assert_eq!(out[18..].iter().sum::<f32>(), 6.0);
    assert!(out.iter().all(|&v| v == 0.0 || v == 1.0));
}

/// The default update is the full write of the new state, whatever the buffer held.
#[test]
fn the_default_update_is_the_full_write() {
    let game = TicTacToe;
    assert!(!game.incremental_observations());
    let before = TicTacToe::from_text("X........").unwrap();
    let after = TicTacToe::from_text("XO.X.....").unwrap();
    for player in 0..2 {
        let mut updated = [f32::NAN; 27];
        game.update_observation_tensor(&before, &after, player, &mut updated);
        let mut full = [0.0; 27];
        game.observation_tensor(&after, player, &mut full);
        assert_eq!(updated, full);
    }
}
