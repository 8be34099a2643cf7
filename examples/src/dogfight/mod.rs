//! Dogfight bots and the `play dogfight` command.
//!
//! ```text
//! play dogfight [--bots A,B] [--fights N] [--seed S] [--arena SIZE] [--rounds R] [--record FILE]
//! play verify dogfight FILE...
//! ```

pub mod bots;
pub mod playable;

use std::io::Write;
use std::time::Instant;

use dogfight::bot::play_fight_from;
use dogfight::protocol::Fault;
use dogfight::replay::verify_files;
use dogfight::trace::Trace;
use dogfight::{Arena, Bot, Config, Game, MatchUp};

use crate::Args;

const DEFAULT_FIGHTS: u32 = 100;

fn usage() -> String {
    let bots: Vec<String> = bots::BOTS
        .iter()
        .map(|(name, about)| format!("    {name:<12} {about}"))
        .collect();
    format!(
        "play dogfight: fights between two bots, scored as the original tournament\n\
         \n\
         options:\n  \
           --bots A,B      player 1 and player 2 (default search,random)\n  \
           --fights N      fights to play (default {DEFAULT_FIGHTS}); grouped into match-ups of 10\n  \
           --seed S        seed of the bots' generators (default 1)\n  \
           --arena SIZE    arena edge length (default 14)\n  \
           --rounds R      rounds per fight (default 100)\n  \
           --record FILE   write every fight as a golden-format trace (JSON lines)\n\
         \n\
         bots:\n{}",
        bots.join("\n")
    )
}

/// Runs `play dogfight`: N fights between two bots, then wins/draws/losses per bot and the
/// match-up scores (match-ups of 10 fights; 2 points for a win, 1 each for a draw).
pub fn play(args: &Args) -> Result<(), String> {
    if args.flag("help") || args.flag("h") {
        println!("{}", usage());
        return Ok(());
    }
    let names = args.list("bots", &["search", "random"]);
    let [first, second] = names.as_slice() else {
        return Err(format!("--bots needs two names, got {}", names.len()));
    };
    let fights: u32 = args.value("fights", DEFAULT_FIGHTS)?;
    let seed: u64 = args.value("seed", 1)?;
    let arena =
        Arena::new(args.value("arena", Arena::STANDARD_SIZE)?).map_err(|e| e.to_string())?;
    let config = Config {
        rounds: args.value("rounds", Config::default().rounds)?,
        ..Config::default()
    };
    let game = Game::new(arena, config).map_err(|e| e.to_string())?;
    let mut p1 = bots::bot(first, seed, &game)?;
    let mut p2 = bots::bot(second, seed.wrapping_add(0x9e37_79b9_7f4a_7c15), &game)?;
    let mut record = match args.text("record") {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path).map_err(|e| format!("{path}: {e}"))?,
        )),
        None if args.flag("record") => return Err("--record needs a file name".into()),
        None => None,
    };

    // Short row labels: an external program is named by its file name.
    let label = |name: &str| match name.strip_prefix("cmd:") {
        Some(program) => std::path::Path::new(program)
            .file_name()
            .map_or(name.to_owned(), |file| {
                format!("cmd:{}", file.to_string_lossy())
            }),
        None => name.to_owned(),
    };
    let (first, second) = (&label(first), &label(second));
    let started = Instant::now();
    let mut total = MatchUp::default();
    let mut points = [0u32; 2];
    let mut matchups = [0u32; 3]; // p1 won, drawn, p2 won
    let mut rounds = 0u64;
    let mut faults = [Faults::default(), Faults::default()];
    let per_matchup = game.config().fights.max(1);
    let mut played = 0;
    while played < fights {
        let size = per_matchup.min(fights - played);
        let mut tally = MatchUp::default();
        p1.new_opponent(size);
        p2.new_opponent(size);
        for fight in 0..size {
            p1.new_fight(&game, fight, tally.wins[0], tally.wins[1]);
            p2.new_fight(&game, fight, tally.wins[1], tally.wins[0]);
            let id = format!("{first}_vs_{second}_{}", played + fight + 1);
            let mut trace = Trace::new(id, &game, game.initial_state(0));
            let outcome = play_fight_from(
                &game,
                game.initial_state(0),
                [&mut *p1, &mut *p2],
                |round| {
                    if record.is_some() {
                        trace.push(round);
                    }
                },
            );
            rounds += u64::from(outcome.round);
            tally.record(&outcome);
            let fight_number = played + fight + 1;
            for (side, bot) in [(0, &p1), (1, &p2)] {
                if let Some(fault) = bot.fight_fault() {
                    faults[side].record(fight_number, fault);
                }
            }
            if let Some(out) = record.as_mut() {
                trace.finish(Some(outcome));
                writeln!(out, "{}", trace.to_json()).map_err(|e| e.to_string())?;
            }
        }
        let [won_p1, won_p2] = tally.wins;
        let [points_p1, points_p2] = tally.points();
        total.wins = [total.wins[0] + won_p1, total.wins[1] + won_p2];
        points = [points[0] + points_p1, points[1] + points_p2];
        total.draws += tally.draws;
        matchups[match tally.winner() {
            Some(dogfight::Side::P1) => 0,
            None => 1,
            Some(dogfight::Side::P2) => 2,
        }] += 1;
        played += size;
    }
    if let Some(mut out) = record {
        out.flush().map_err(|e| e.to_string())?;
    }

    let elapsed = started.elapsed();
    let percent = |n: u32| 100.0 * f64::from(n) / f64::from(fights.max(1));
    println!(
        "dogfight: {first} vs {second}, {fights} fights, arena {}, {} rounds, seed {seed}",
        game.arena().size(),
        game.config().rounds
    );
    let rows = [(format!("{first} (p1)"), 0), (format!("{second} (p2)"), 1)];
    let width = rows
        .iter()
        .map(|(name, _)| name.len())
        .max()
        .unwrap_or(0)
        .max(10);
    println!(
        "{:<width$} {:>6} {:>6} {:>6} {:>7}",
        "bot", "wins", "draws", "losses", "win %"
    );
    for (name, side) in rows.clone() {
        let (wins, losses) = (total.wins[side], total.wins[1 - side]);
        println!(
            "{name:<width$} {wins:>6} {:>6} {losses:>6} {:>6.1}%",
            total.draws,
            percent(wins)
        );
    }
    println!(
        "match-ups of {per_matchup}: {first} (p1) won {}, drew {}, lost {}; points {first} (p1) {}, {second} (p2) {}",
        matchups[0], matchups[1], matchups[2], points[0], points[1]
    );
    for ((name, _), faults) in rows.iter().zip(&faults) {
        if let Some(line) = faults.summary(name) {
            println!("{line}");
        }
    }
    println!(
        "mean fight length {:.1} rounds; {:.2} s",
        rounds as f64 / f64::from(fights.max(1)),
        elapsed.as_secs_f64()
    );
    Ok(())
}

/// The faults of one side's program over a run: how many fights had each kind, and the first.
#[derive(Debug, Default)]
struct Faults {
    /// Fights per fault kind, in order of first appearance.
    counts: Vec<(&'static str, u32)>,
    first: Option<(u32, Fault)>,
}

impl Faults {
    fn record(&mut self, fight: u32, fault: Fault) {
        match self
            .counts
            .iter_mut()
            .find(|(kind, _)| *kind == fault.kind())
        {
            Some((_, count)) => *count += 1,
            None => self.counts.push((fault.kind(), 1)),
        }
        self.first.get_or_insert((fight, fault));
    }

    /// `faults of NAME: 3 fights timeout, 1 garbage; first in fight 2: timeout: ...`.
    fn summary(&self, name: &str) -> Option<String> {
        let (fight, fault) = self.first.as_ref()?;
        let counts: Vec<String> = self
            .counts
            .iter()
            .map(|(kind, n)| format!("{n} {kind}"))
            .collect();
        Some(format!(
            "faults of {name}: fights with a fault: {}; first in fight {fight}: {fault}",
            counts.join(", ")
        ))
    }
}

/// Runs `play verify dogfight FILE...`: replays golden-format trace files through
/// [`dogfight::trace`] and returns the conformance line, or the first mismatch.
pub fn verify(files: &[String]) -> Result<String, String> {
    verify_files(files)
        .map(|summary| summary.to_string())
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use dogfight::play_match;

    #[test]
    fn search_beats_random() {
        let game = Game::default();
        let tally = play_match(
            &game,
            &mut bots::SearchBot::new(3),
            &mut bots::RandomBot::new(4),
            20,
        );
        assert!(tally.wins[0] >= 16, "{tally:?}");
    }

    #[test]
    fn random_bot_is_seeded() {
        let game = Game::default();
        let a = play_match(
            &game,
            &mut bots::RandomBot::new(1),
            &mut bots::RandomBot::new(2),
            10,
        );
        let b = play_match(
            &game,
            &mut bots::RandomBot::new(1),
            &mut bots::RandomBot::new(2),
            10,
        );
        assert_eq!(a, b);
    }

    #[test]
    fn unknown_bots_and_bad_options_are_errors() {
        assert!(play(&Args::parse(["--bots", "search,nobody"])).is_err());
        assert!(play(&Args::parse(["--bots", "search"])).is_err());
        assert!(play(&Args::parse(["--fights", "many"])).is_err());
        assert!(play(&Args::parse(["--arena", "2"])).is_err());
        assert!(play(&Args::parse(["--bots", "search,cmd:/nonexistent/bot"])).is_err());
    }

    #[test]
    fn a_short_match_runs_and_records_replayable_traces() {
        let path = std::env::temp_dir().join(format!("dogfight-play-{}.jsonl", std::process::id()));
        let path_text = path.display().to_string();
        play(&Args::parse([
            "--bots",
            "search,random",
            "--fights",
            "3",
            "--record",
            &path_text,
        ]))
        .unwrap();
        let line = verify(&[path_text]).unwrap();
        assert!(
            line.starts_with("conformance: dogfight: 3 traces,"),
            "{line}"
        );
        std::fs::remove_file(path).unwrap();
    }
}
