//! Allocation-free proof: after warm-up, `advance`, `update`, `apply` and `legal_actions` do not
//! touch the heap (a counting global allocator).
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use cloudwars::{Action, Color, Config, Game, Player, PlayerId, Vec2, WorldParams};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    // Only the test's own thread counts (the test harness allocates on other threads).
    static COUNTING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

fn count() {
    if COUNTING.with(|c| c.get()) {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    }
}

// SAFETY: forwards to the system allocator and only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn the_hot_path_does_not_allocate_after_warm_up() {
    let game = Game::new(Config::default()).unwrap();
    let mut state = game.new_world(&WorldParams::default(), 3);
    for name in ["A", "B", "C", "D"] {
        let player = Player {
            name: name.into(),
            color: Color::Gray,
        };
        game.add_player(&mut state, player, None, 600.0).unwrap();
    }
    state.clouds_mut().reserve(1000);
    let mut buf = Vec::with_capacity(64);
    let moves = [
        (PlayerId(0), Action::Move(Vec2::new(3.0, 1.0))),
        (PlayerId(1), Action::Move(Vec2::new(-2.0, 4.0))),
        (PlayerId(2), Action::Move(Vec2::new(0.5, 0.5))), // refused: too weak
    ];
    // Warm-up: the sweep cache reaches its size.
    for _ in 0..20 {
        game.advance(&mut state, &moves);
    }
    COUNTING.with(|c| c.set(true));
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    for i in 0..300u32 {
        if i % 10 == 0 {
            game.advance(&mut state, &moves);
        } else {
            game.update(&mut state);
        }
        game.legal_actions(&state, PlayerId((i % 4) as u8), &mut buf);
    }
    game.apply(&mut state, PlayerId(3), Action::Kill).unwrap();
    game.update(&mut state);
    let after = ALLOCATIONS.load(Ordering::Relaxed);
    COUNTING.with(|c| c.set(false));
    assert_eq!(after - before, 0, "allocations on the hot path");
    assert!(state.clouds().len() > 100);
}
