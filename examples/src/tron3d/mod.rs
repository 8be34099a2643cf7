//! Tron3D bots and the `play tron3d` / `play verify tron3d` commands.

pub mod bots;
pub mod playable;
pub mod tree_bot;

use std::path::{Path, PathBuf};

use tron3d::format::{Cnf, parse_map};
use tron3d::generate::Preset;
use tron3d::replay::Recorder;
use tron3d::{Actions, Board, Config, Game};

use crate::Args;

const HELP: &str = "\
play tron3d [--bots search,demo,demo,demo] [--board cube6] [--games 4] [--seed 1]
            [--rounds R] [--t3d FILE] [--name MAP] [--fixed-seats]

Runs a match of Tron3D games and prints a results table.
  --bots      one bot per player (search, tree, demo, null); 2 to 8 players
  --board     a shipped board (cube6 cube12 ico2 ico3 grid13 grid17), or a .map or .cnf file
              (a .cnf's map is read from the same folder)
  --games     number of games (default 4)
  --seed      seed of the first game (game i uses seed + i)
  --rounds    number of rounds (default: the board's)
  --t3d       write each game as .t3d (FILE for one game, FILE-<i>.t3d for several); the
              original web viewer plays them
  --name      the map name written into .t3d files (e.g. --board grid13 --name plane: the
              original viewer draws a game by its map name, and grid13/grid17 number their
              vertices like its plane/bigplane)
  --fixed-seats  keep each bot in its seat (default: the seats rotate every game)

play verify tron3d FILE.t3d...
Replays recorded .t3d v1.2 games (the map is looked up next to the file, in a boards/
folder beside it or beside a parent folder, in $CONTEST_DATA/tron3d/boards/, then among the
shipped boards by name and by size, so games written with --name replay too) and checks every
board and the written bytes.";

/// Loads `--board`: a preset name, a `.map` or a `.cnf` file.
fn load_board(spec: &str) -> Result<(Board, Config), String> {
    if let Some(preset) = Preset::from_name(spec) {
        return Ok((preset.board(), preset.config()));
    }
    let path = Path::new(spec);
    let text = std::fs::read_to_string(path).map_err(|e| format!("{spec}: {e}"))?;
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("map");
    if spec.ends_with(".cnf") {
        let cnf = Cnf::parse(&text).map_err(|e| format!("{spec}: {e}"))?;
        let map_path = path.with_file_name(format!("{}.map", cnf.map));
        let map = std::fs::read_to_string(&map_path)
            .map_err(|e| format!("{}: {e}", map_path.display()))?;
        let board =
            parse_map(&cnf.map, &map).map_err(|e| format!("{}: {e}", map_path.display()))?;
        Ok((board, cnf.config))
    } else {
        let board = parse_map(stem, &text).map_err(|e| format!("{spec}: {e}"))?;
        Ok((board, Config::default()))
    }
}

fn t3d_path(base: &str, games: usize, i: usize) -> PathBuf {
    if games == 1 {
        return PathBuf::from(base);
    }
    let path = Path::new(base);
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("game");
    path.with_file_name(format!("{stem}-{i}.t3d"))
}

/// Per-bot results of a match.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tally {
    /// Bot name.
    pub name: String,
    /// Games with the single highest score.
    pub wins: usize,
    /// Games tied for the highest score.
    pub shared: usize,
    /// Sum of final scores.
    pub total: i64,
    /// Sum of ranks (1 = best).
    pub ranks: usize,
}

/// Plays `games` games on `game` between `bots` (seats rotating unless `fixed`), returning one
/// tally per entry of `bots`. Writes `.t3d` files when `t3d` is given.
pub fn run_match(
    game: &Game,
    bot_names: &[String],
    games: usize,
    seed: u64,
    fixed: bool,
    t3d: Option<&str>,
) -> Result<Vec<Tally>, String> {
    let p = bot_names.len();
    let mut tallies: Vec<Tally> = bot_names
        .iter()
        .map(|name| Tally {
            name: name.clone(),
            ..Tally::default()
        })
        .collect();
    let mut actions = Actions::new();
    for i in 0..games {
        let game_seed = seed.wrapping_add(i as u64);
        // seat s is played by entry (s + shift) % p.
        let shift = if fixed { 0 } else { i % p };
        let entry_of = |seat: usize| (seat + shift) % p;
        let mut bots = Vec::with_capacity(p);
        for seat in 0..p {
            let name = &bot_names[entry_of(seat)];
            let bot = bots::make(name, game_seed.wrapping_mul(31).wrapping_add(seat as u64))
                .ok_or_else(|| {
                    format!(
                        "unknown bot {name:?}; the bots are {}",
                        bots::NAMES.join(", ")
                    )
                })?;
            bots.push(bot);
        }
        let mut state = game.initial_state(game_seed);
        let names: Vec<String> = (0..p)
            .map(|seat| bot_names[entry_of(seat)].clone())
            .collect();
        let mut recorder = t3d.map(|_| Recorder::new(game, &names, &state));
        while !state.is_over() {
            actions.clear();
            for (seat, bot) in bots.iter_mut().enumerate() {
                bot.play(game, &state, seat as u8, &mut actions);
            }
            let events = game.advance(&mut state, &actions);
            if let Some(recorder) = recorder.as_mut() {
                recorder.record(game, &actions, &events, &state);
            }
        }
        let outcome = game.outcome(&state).ok_or("game not over")?;
        let best = outcome.scores.iter().copied().max().unwrap_or(0);
        for seat in 0..p {
            let tally = &mut tallies[entry_of(seat)];
            tally.total += i64::from(outcome.scores[seat]);
            tally.ranks += outcome.ranks[seat];
            if outcome.winner == Some(seat as u8) {
                tally.wins += 1;
            } else if outcome.scores[seat] == best {
                tally.shared += 1;
            }
        }
        if let (Some(base), Some(recorder)) = (t3d, recorder) {
            let path = t3d_path(base, games, i);
            std::fs::write(&path, recorder.finish().write())
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    Ok(tallies)
}

/// Runs `play tron3d`.
pub fn play(args: &Args) -> Result<(), String> {
    if args.flag("help") {
        println!("{HELP}");
        return Ok(());
    }
    let bot_names = args.list("bots", &["search", "demo", "demo", "demo"]);
    let board_spec = args.text("board").unwrap_or("cube6").to_owned();
    let games: usize = args.value("games", 4)?;
    let seed: u64 = args.value("seed", 1)?;
    let (mut board, mut config) = load_board(&board_spec)?;
    if let Some(name) = args.text("name") {
        board.set_name(name);
    }
    config.nb_players = bot_names.len();
    config.nb_rounds = args.value("rounds", config.nb_rounds)?;
    let game = Game::new(board, config).map_err(|e| format!("{board_spec}: {e}"))?;
    let start = std::time::Instant::now();
    let tallies = run_match(
        &game,
        &bot_names,
        games,
        seed,
        args.flag("fixed-seats"),
        args.text("t3d"),
    )?;
    println!(
        "tron3d: {games} games on {} ({} vertices, {} players x {} bikes, {} rounds), seed {seed}, {:.2?}",
        game.board().name(),
        game.board().nb_vertices(),
        config.nb_players,
        config.nb_bikes,
        config.nb_rounds,
        start.elapsed()
    );
    println!(
        "{:<4} {:<8} {:>6} {:>7} {:>10} {:>9}",
        "#", "bot", "wins", "shared", "avg score", "avg rank"
    );
    for (i, t) in tallies.iter().enumerate() {
        let n = games.max(1) as f64;
        println!(
            "{:<4} {:<8} {:>6} {:>7} {:>10.1} {:>9.2}",
            i,
            t.name,
            t.wins,
            t.shared,
            t.total as f64 / n,
            t.ranks as f64 / n
        );
    }
    Ok(())
}

/// Runs `play verify tron3d FILE...`: the crate's replay, which finds each game's board.
pub fn verify(files: &[String]) -> Result<String, String> {
    tron3d::replay::verify_files(files)
        .map(|summary| summary.to_string())
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_default_match_and_t3d_output_verify() {
        let dir = std::env::temp_dir().join(format!("tron3d-play-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let base = dir.join("g.t3d");
        let args = Args::parse([
            "--games",
            "2",
            "--rounds",
            "40",
            "--bots",
            "search,demo",
            "--t3d",
            base.to_str().unwrap(),
        ]);
        play(&args).unwrap();
        let files: Vec<String> = (0..2)
            .map(|i| dir.join(format!("g-{i}.t3d")).display().to_string())
            .collect();
        assert_eq!(
            verify(&files).unwrap(),
            "conformance: tron3d: 2 traces, 80 rounds, all match; .t3d bytes identical"
        );
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(play(&Args::parse(["--bots", "search,nobody"])).is_err());
        assert!(play(&Args::parse(["--board", "nowhere.map"])).is_err());
        assert!(verify(&["/nonexistent.t3d".to_string()]).is_err());
    }

    #[test]
    fn search_beats_demo_on_the_cube() {
        let game = Game::new(Preset::Cube.board(), Preset::Cube.config()).unwrap();
        let names: Vec<String> = ["search", "demo", "demo", "demo"]
            .map(String::from)
            .to_vec();
        let tallies = run_match(&game, &names, 8, 100, false, None).unwrap();
        assert!(tallies[0].wins >= 5, "{tallies:?}");
    }
}
