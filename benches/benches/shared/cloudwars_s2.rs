//! The CloudWars peer workloads of `../shared/rules/peers.md` §1, shared by the criterion bench
//! (`cloudwars_engine`) and the side-by-side runner (`cloudwars_peer`): s2's initial world and
//! commands, the replay and the physics, and the Go original's final hashes.

use cloudwars::replay::{Scenario, ScenarioCommand, play_commands};
use cloudwars::{Game, State};

/// The Go original's final float hash after s2's 4 000 updates with its commands.
pub const PEER_REPLAY_HASH: u64 = 0x7f52_bb66_a09d_9e1e;
/// The Go original's final float hash after 100 000 updates from s2's initial clouds.
pub const PEER_PHYSICS_HASH: u64 = 0x9594_6dc4_3248_7511;

/// s2's initial world and commands from the data folder, or why the peer benches are skipped.
pub fn s2() -> Result<(Game, State, Vec<ScenarioCommand>, u64), String> {
    let dir = benches::contest_data()
        .ok_or("CONTEST_DATA is unset, and the peer's input is its s2 scenario")?;
    let path = dir.join("cloudwars/s2_seed1337_default_4p.scenario.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let scenario = Scenario::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let game = Game::new(scenario.config).map_err(|e| e.to_string())?;
    let state = game
        .world_from_clouds(&scenario.clouds, 0)
        .map_err(|e| e.to_string())?;
    Ok((game, state, scenario.commands, scenario.iterations))
}

/// The peer's physics workload: 100 000 updates, no commands; the final float hash.
pub fn physics(game: &Game, initial: &State) -> u64 {
    let mut state = initial.clone();
    for _ in 0..100_000 {
        game.update(&mut state);
    }
    state.float_hash()
}

/// The peer's replay workload: the scenario's commands before each of its updates.
pub fn replay(game: &Game, initial: &State, commands: &[ScenarioCommand], iterations: u64) -> u64 {
    let mut state = initial.clone();
    play_commands(game, &mut state, commands, iterations, |_| {});
    state.float_hash()
}
