//! The windward bots on the wire: [`arena::adapt::WireBot`] plays any
//! [`arena::Bot<windward::Game>`] through `windward::net` (each status message the client
//! receives is heard, then answered with one action, on the view rebuilt from the messages), and
//! [`client_main`] / [`server_main`] are the command lines of the `windward_builtin`,
//! `windward_planner` and `windward_server` programs.

use std::net::SocketAddr;
use std::process::ExitCode;
use std::time::Duration;

pub use arena::adapt::WireBot;
use windward::net::{Join, Pace, RunOptions, Server, ServerConfig, run_bot};
use windward::{Config, Game, mapgen};

use super::bots;

/// The windward bot called `name` (one of [`bots::BOTS`]) on the wire, drawing from `seed`.
pub fn wire_bot(name: &str, seed: u64) -> Result<WireBot, String> {
    Ok(WireBot::new(bots::bot(name)?, seed))
}

fn value<T: std::str::FromStr>(args: &[String], i: usize, flag: &str) -> Result<T, String> {
    args.get(i + 1)
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("{flag} needs a valid value"))
}

/// `windward_<bot> [--host H] [--port P] [--name NAME] [--school S] [--lockstep] [--seed S]`:
/// plays one round of `bot` on a Windward server (the original's or `windward_server`).
pub fn client_main(bot: &str, args: &[String]) -> ExitCode {
    let run = || -> Result<String, String> {
        let (mut host, mut port) = ("127.0.0.1".to_string(), windward::net::DEFAULT_PORT);
        let mut join = Join::new(&format!("{bot} (contest-engines)"));
        let mut options = RunOptions::default();
        let mut i = 0;
        while i < args.len() {
            match args[i].as_str() {
                "--host" => host = value(args, i, "--host")?,
                "--port" => port = value(args, i, "--port")?,
                "--name" => join.name = value(args, i, "--name")?,
                "--school" => join.school = value(args, i, "--school")?,
                "--seed" => options.seed = value(args, i, "--seed")?,
                "--lockstep" => {
                    options.lockstep = true;
                    i += 1;
                    continue;
                }
                other => return Err(format!("unknown argument {other:?}")),
            }
            i += 2;
        }
        let mut wire = wire_bot(bot, options.seed)?;
        let summary =
            run_bot((host.as_str(), port), &join, &mut wire, options).map_err(|e| e.to_string())?;
        Ok(format!(
            "{} messages, seat {:?}, scores {:?}",
            summary.messages,
            summary.me.map(|p| p.0),
            summary.scores
        ))
    };
    match run() {
        Ok(line) => {
            eprintln!("windward_{bot}: {line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("windward_{bot}: {e}");
            ExitCode::FAILURE
        }
    }
}

const SERVER_HELP: &str = "windward_server [--host H] [--port P] [--clients N] [--fast] [--tps T]
    [--seed S] [--map 1|2|3 | --map-file PATH] [--max-ticks T] [--bots NAME] [--join-timeout SECS]
  Serves one round of Windwardopolis II over the original's protocol on H:P (default
  127.0.0.1:1707): waits for N clients (default 10), fills the other seats with NAME (default
  builtin), runs at the original's 96 ticks/s (--tps) or, with --fast, as fast as the clients
  sync (lockstep), then prints the results line.";

/// `windward_server`: serves one round (`windward_server --help` for the options).
pub fn server_main(args: &[String]) -> ExitCode {
    let run = || -> Result<String, String> {
        let mut config = ServerConfig::default();
        let mut host = "127.0.0.1".to_string();
        let mut port = windward::net::DEFAULT_PORT;
        let mut map = mapgen::default_map(0);
        let mut max_ticks = Config::default().max_ticks;
        let mut fill = "builtin".to_string();
        let mut i = 0;
        while i < args.len() {
            match args[i].as_str() {
                "--help" | "-h" => return Err(SERVER_HELP.to_string()),
                "--fast" => {
                    config.pace = Pace::Lockstep;
                    i += 1;
                    continue;
                }
                "--host" => host = value(args, i, "--host")?,
                "--port" => port = value(args, i, "--port")?,
                "--clients" => config.clients = value(args, i, "--clients")?,
                "--seed" => config.seed = value(args, i, "--seed")?,
                "--max-ticks" => max_ticks = value(args, i, "--max-ticks")?,
                "--bots" => fill = value(args, i, "--bots")?,
                "--join-timeout" => {
                    config.join_timeout = Duration::from_secs(value(args, i, "--join-timeout")?)
                }
                "--tps" => {
                    config.pace = Pace::RealTime {
                        ticks_per_second: value(args, i, "--tps")?,
                    }
                }
                "--map" => {
                    let n: usize = value(args, i, "--map")?;
                    if !(1..=3).contains(&n) {
                        return Err("--map is 1, 2 or 3".into());
                    }
                    map = mapgen::default_map(n - 1);
                }
                "--map-file" => {
                    let path: String = value(args, i, "--map-file")?;
                    let bytes = std::fs::read(&path).map_err(|e| format!("{path}: {e}"))?;
                    map = windward::Map::parse(&bytes).map_err(|e| format!("{path}: {e}"))?;
                }
                other => return Err(format!("unknown argument {other:?}\n{SERVER_HELP}")),
            }
            i += 2;
        }
        bots::bot(&fill)?;
        config.addr = format!("{host}:{port}")
            .parse::<SocketAddr>()
            .map_err(|e| format!("{host}:{port}: {e}"))?;
        let game = Game::new(map, Config { max_ticks }).map_err(|e| e.to_string())?;
        let seed = config.seed;
        let server = Server::bind(game, config).map_err(|e| format!("{host}:{port}: {e}"))?;
        eprintln!(
            "windward_server: listening on {}",
            server.local_addr().map_err(|e| e.to_string())?
        );
        let started = std::time::Instant::now();
        let report = server
            .run(&mut |seat| {
                let seed = seed ^ (u64::from(seat.0) << 32);
                let bot = wire_bot(&fill, seed).expect("the name was checked");
                Box::new(bot)
            })
            .map_err(|e| e.to_string())?;
        let wall = started.elapsed().as_secs_f64();
        let cpu = process_cpu_seconds();
        Ok(format!(
            "{}\nwindward_server: {} ticks in {wall:.2} s ({:.0} ticks/s), {} messages sent, process CPU {} ({})",
            report.results_line(),
            report.ticks,
            f64::from(report.ticks) / wall.max(1e-9),
            report.messages_sent,
            cpu.map_or("n/a".to_string(), |c| format!("{c:.2} s")),
            cpu.map_or("n/a".to_string(), |c| format!(
                "{:.1}% of one core",
                100.0 * c / wall.max(1e-9)
            )),
        ))
    };
    match run() {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// User + system CPU time of this process so far (Linux `/proc/self/stat`, 100 ticks a second).
pub fn process_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}
