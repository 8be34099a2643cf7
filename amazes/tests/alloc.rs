//! Allocation-free proof: a counting global allocator sees no allocation across `advance`,
//! `observe`, `legal_actions`, inference and the `LocalMap` update, after warm-up.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use amazes::{Action, Config, Game, LocalMap, MoveLine, mazes};

struct Counting;
static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn a_whole_game_allocates_nothing() {
    let file = mazes::get(1);
    let game = Game::new(file.maze, Config::default()).unwrap();
    let mut state = game.initial_state_with(file.starts.unwrap()).unwrap();
    let lines: Vec<Action> = ["F", "RFL", "TFFRFLF", "LFR", "FFFFFFFFFFFF", "T"]
        .iter()
        .map(|s| Action::from_line(s))
        .collect();
    let mut buf = Vec::with_capacity(4);
    let mut maps = [LocalMap::default(), LocalMap::default()];
    let probe = MoveLine::parse("FRF").unwrap();
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let mut turn = 0;
    while state.end().is_none() {
        let p = state.to_move().index();
        let view = game.observe(&state, state.to_move());
        maps[p].observe(&view).unwrap();
        let _ = maps[p].predict(&probe);
        game.legal_actions(&state, &mut buf);
        let e = game.advance(&mut state, &lines[turn % lines.len()]);
        maps[p].apply_executed(&e.line, e.steps as usize, e.extra_t);
        turn += 1;
    }
    let after = ALLOCATIONS.load(Ordering::Relaxed);
    assert_eq!(after - before, 0, "allocations during a game");
    assert_eq!(turn, 300);
}
