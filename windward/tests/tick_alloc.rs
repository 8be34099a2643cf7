//! The tick engine allocates nothing per tick: after warm-up, `Game::advance` with no orders
//! (cars following their paths, then driving at random, stopping at lights and stop signs,
//! visiting bus stops and coffee stores) makes no heap allocation.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use windward::tick::Order;
use windward::{Config, Game, NUM_PLAYERS, PassengerId, PlayerId, mapgen};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator and only counts calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn advance_allocates_nothing_per_tick() {
    for map in 0..mapgen::DEFAULT_MAP_FILES.len() {
        let game = Game::new(mapgen::default_map(map), Config::default()).unwrap();
        let mut state = game.initial_state(11 + map as u64);
        let mut events = Vec::with_capacity(4096);
        // Orders: every car drives to a company stop and picks up anybody.
        let all: Vec<PassengerId> = PassengerId::all().collect();
        let mut orders = Vec::new();
        for i in 0..NUM_PLAYERS {
            let mut path = Vec::new();
            let from = state.players[i].car.vehicle.location.next_tile();
            game.path_to_stop(from, i % game.bus_stop_count, &mut path);
            orders.push(Order::Path {
                player: PlayerId(i as u8),
                path,
                pickup: all.clone(),
            });
        }
        game.advance(&mut state, &orders, &mut events);
        // warm-up
        for _ in 0..200 {
            events.clear();
            game.advance(&mut state, &[], &mut events);
        }
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let mut statuses = 0;
        for _ in 0..3000 {
            events.clear();
            game.advance(&mut state, &[], &mut events);
            statuses += events.len();
        }
        let after = ALLOCATIONS.load(Ordering::Relaxed);
        assert_eq!(
            after - before,
            0,
            "allocations in 3000 ticks on city{}",
            map + 1
        );
        assert!(state.tick >= 3200);
        // the window saw broadcasts and stop or path events, not an idle round
        assert!(statuses > 300, "{statuses} statuses");
    }
}
