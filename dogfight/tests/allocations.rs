//! `step`, `advance`, `legal_moves`, `legal_actions` (with a warmed-up buffer), the random
//! playout helpers and the plane helper API allocate nothing: counted by a global allocator.

#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use dogfight::{Actions, Game, PlaneId, Side};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards every call to the system allocator unchanged; only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        // SAFETY: same contract as our caller's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as our caller's.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        // SAFETY: same contract as our caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn the_hot_paths_allocate_nothing() {
    let game = Game::default();
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let mut buf = Vec::new();
    // Warm-up: grow the reusable buffer to its largest size (34 × 34 actions).
    game.legal_actions(&game.initial_state(), Side::P1, &mut buf);
    let mut work = 0usize;

    let before = ALLOCATIONS.load(Ordering::SeqCst);
    for _ in 0..50 {
        let mut state = game.initial_state();
        while !game.is_over(&state) {
            for side in Side::BOTH {
                game.legal_actions(&state, side, &mut buf);
                work += buf.len();
            }
            for id in PlaneId::ALL {
                let plane = state.plane(id);
                work += game.legal_moves(&state, id).len();
                work += plane.reach().count();
                work += plane.shoot_range(game.arena()).count();
                work += usize::from(plane.is_suicidal(game.arena()));
            }
            let actions = Actions::new(
                game.random_action(&state, Side::P1, &mut rng),
                game.random_action(&state, Side::P2, &mut rng),
            );
            let stepped = game.step(&state, &actions);
            let events = game.advance(&mut state, &actions);
            assert_eq!(stepped, state);
            work += events.iter().count();
            work += usize::from(game.outcome(&state).is_some());
        }
    }
    let after = ALLOCATIONS.load(Ordering::SeqCst);
    assert!(work > 0);
    assert_eq!(after - before, 0, "allocations in the hot paths");
}
