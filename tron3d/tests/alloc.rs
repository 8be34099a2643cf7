//! `step`, `advance` and `legal_actions` allocate nothing (after warm-up), proved with a
//! counting global allocator.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use tron3d::generate::Preset;
use tron3d::{Actions, Game, GlibcRand, demo};

struct Counting;

thread_local! {
    // Per thread: the test harness's own threads allocate concurrently.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count() {
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn step_advance_and_legal_actions_do_not_allocate() {
    for preset in [
        Preset::Cube,
        Preset::BigCube,
        Preset::Icosphere,
        Preset::Grid,
    ] {
        let game = Game::new(preset.board(), preset.config()).unwrap();
        let mut actions = Actions::new();
        let mut buf = Vec::with_capacity(64);
        let mut glibc = GlibcRand::new(7);
        let mut events = tron3d::Events::default();
        // The counter sees allocations.
        let probe = allocations();
        drop(std::hint::black_box(Vec::<u8>::with_capacity(10)));
        assert!(allocations() > probe);
        // Warm-up allocations (buffers) are done; count from here.
        let before = allocations();
        let mut rounds = 0;
        for seed in 0..20u64 {
            let mut state = game.initial_state(seed);
            while !state.is_over() {
                for p in 0..4u8 {
                    game.legal_actions(&state, p, &mut buf);
                }
                game.demo_actions(&mut state, &mut actions);
                let next = game.step(&state, &actions);
                game.advance(&mut state, &actions);
                assert_eq!(next, state);
                actions.clear();
                for p in 0..4u8 {
                    demo::play(&game, &state, p, &mut glibc, &mut actions);
                }
                game.advance_into(&mut state, &actions, &mut glibc, &mut events);
                rounds += 2;
            }
        }
        let after = allocations();
        assert!(rounds > 1000);
        assert_eq!(
            after - before,
            0,
            "{}: allocations during {rounds} rounds",
            preset.name()
        );
    }
}
