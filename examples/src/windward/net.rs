//! The windward bots on the wire: [`arena::adapt::WireBot`] plays any
//! [`arena::Bot<windward::Game>`] through `windward::net` (each status message the client
//! receives is heard, then answered with one action, on the view rebuilt from the messages), and
//! [`client_main`] / [`server_main`] are the command lines of the `windward_builtin`,
//! `windward_planner` and `windward_server` programs.

use std::net::SocketAddr;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;

pub use arena::adapt::WireBot;
use windward::net::{Join, Pace, RunOptions, Server, ServerConfig, run_bot};
use windward::{Config, Game, mapgen};

use super::bots;
use crate::error::{Error, Result};

/// The windward bot called `name` (one of [`bots::BOTS`]) on the wire, drawing from `seed`.
pub fn wire_bot(name: &str, seed: u64) -> Result<WireBot> {
    Ok(WireBot::new(bots::bot(name)?, seed))
}

/// The command line of the `windward_builtin` and `windward_planner` clients.
#[derive(Debug, Parser)]
pub struct ClientArgs {
    /// The server's address.
    #[arg(long, value_name = "H", default_value = "127.0.0.1")]
    pub host: String,
    /// The server's port.
    #[arg(long, value_name = "P", default_value_t = windward::net::DEFAULT_PORT)]
    pub port: u16,
    /// The player's name in the `<join>` message (default: the bot's name).
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// The school in the `<join>` message.
    #[arg(long, value_name = "S")]
    pub school: Option<String>,
    /// Answer every status message with a sync (`windward_server --fast`).
    #[arg(long)]
    pub lockstep: bool,
    /// The bot's seed.
    #[arg(long, value_name = "S", default_value_t = RunOptions::default().seed)]
    pub seed: u64,
}

/// Parses the arguments of `program` (the words after its name): `--help` and `--version` print
/// and exit 0, errors print and exit 2, as `clap` does.
fn parse_or_exit<P: Parser>(program: &str, args: &[String]) -> std::result::Result<P, ExitCode> {
    P::try_parse_from(std::iter::once(program).chain(args.iter().map(String::as_str))).map_err(
        |e| {
            let _ = e.print();
            if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            }
        },
    )
}

/// `windward_<bot> [--host H] [--port P] [--name NAME] [--school S] [--lockstep] [--seed S]`:
/// plays one round of `bot` on a Windward server (the original's or `windward_server`).
pub fn client_main(bot: &str, args: &[String]) -> ExitCode {
    let program = format!("windward_{bot}");
    let args: ClientArgs = match parse_or_exit(&program, args) {
        Ok(args) => args,
        Err(code) => return code,
    };
    let run = || -> Result<String> {
        let mut join = Join::new(&format!("{bot} (contest-engines)"));
        if let Some(name) = &args.name {
            join.name.clone_from(name);
        }
        if let Some(school) = &args.school {
            join.school.clone_from(school);
        }
        let options = RunOptions {
            lockstep: args.lockstep,
            seed: args.seed,
            ..RunOptions::default()
        };
        let mut wire = wire_bot(bot, options.seed)?;
        let addr = format!("{}:{}", args.host, args.port);
        let summary = run_bot((args.host.as_str(), args.port), &join, &mut wire, options)
            .map_err(|e| Error::net(&addr, e))?;
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

/// `windward_server`: serves one round of Windwardopolis II over the original's protocol.
///
/// Waits for the clients to join on HOST:PORT, fills the other seats with the in-process bots of
/// --bots, runs at the original's 96 ticks/s (--tps) or, with --fast, as fast as the clients sync
/// (lockstep), sends `<exit/>`, waits for every client to get what is queued, then prints the
/// results line and the pace of the round (its ticks over its own time, the join wait excluded).
#[derive(Debug, Parser)]
#[command(name = "windward_server", version)]
pub struct ServerArgs {
    /// Address to listen on.
    #[arg(long, value_name = "H", default_value = "127.0.0.1")]
    pub host: String,
    /// Port to listen on (0: any free port; the log says which).
    #[arg(long, value_name = "P", default_value_t = windward::net::DEFAULT_PORT)]
    pub port: u16,
    /// Clients to wait for (0 to 10); the other seats are played in-process.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub clients: usize,
    /// Lockstep: as fast as the clients sync (see `windward::net`), reproducible.
    #[arg(long, conflicts_with = "tps")]
    pub fast: bool,
    /// Ticks per second at the real-time pace.
    #[arg(long, value_name = "T", default_value_t = 96)]
    pub tps: u32,
    /// The round's seed.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// One of the three shipped maps.
    #[arg(long, value_name = "1|2|3", default_value_t = 1,
          value_parser = clap::value_parser!(u8).range(1..=3), conflicts_with = "map_file")]
    pub map: u8,
    /// A map file in the original's format instead.
    #[arg(long, value_name = "PATH")]
    pub map_file: Option<std::path::PathBuf>,
    /// The round ends after this many ticks at the latest.
    #[arg(long, value_name = "T", default_value_t = Config::default().max_ticks)]
    pub max_ticks: u32,
    /// The bot playing the seats no client took (one of the windward bots of `play`).
    #[arg(long, value_name = "NAME", default_value = "builtin")]
    pub bots: String,
    /// Seconds to wait for the clients to join and to answer `<setup>`.
    #[arg(long, value_name = "SECS", default_value_t = 60)]
    pub join_timeout: u64,
    /// Seconds a connection may stay without sending its `<join>` before it is closed (at most
    /// `windward::net::MAX_CONNECTIONS`, 64, are open at a time before the round).
    #[arg(long, value_name = "SECS", default_value_t = windward::net::JOIN_DEADLINE.as_secs())]
    pub join_deadline: u64,
    /// Seconds a client may take no byte of what is sent to it before it is dropped.
    #[arg(long, value_name = "SECS", default_value_t = 5)]
    pub write_timeout: u64,
}

/// `windward_server`: serves one round (`windward_server --help` for the options).
pub fn server_main(args: &[String]) -> ExitCode {
    let args: ServerArgs = match parse_or_exit("windward_server", args) {
        Ok(args) => args,
        Err(code) => return code,
    };
    let addr = format!("{}:{}", args.host, args.port);
    let run = || -> Result<String> {
        let config = ServerConfig {
            clients: args.clients,
            pace: if args.fast {
                Pace::Lockstep
            } else {
                Pace::RealTime {
                    ticks_per_second: args.tps,
                }
            },
            seed: args.seed,
            join_timeout: Duration::from_secs(args.join_timeout),
            join_deadline: Duration::from_secs(args.join_deadline),
            write_timeout: Duration::from_secs(args.write_timeout),
            addr: addr
                .parse::<SocketAddr>()
                .map_err(|e| Error::net(&addr, e))?,
            ..ServerConfig::default()
        };
        let map = match &args.map_file {
            Some(path) => {
                let bytes =
                    crate::read_bounded(path, windward::trace::MAX_MAP_BYTES, "a map file")?;
                windward::Map::parse(&bytes).map_err(|e| Error::format(path, e))?
            }
            None => mapgen::default_map(usize::from(args.map - 1)),
        };
        bots::bot(&args.bots)?;
        let game = Game::new(
            map,
            Config {
                max_ticks: args.max_ticks,
            },
        )
        .map_err(|e| Error::engine("windward game", e))?;
        let seed = config.seed;
        let server = Server::bind(game, config).map_err(|e| Error::net(&addr, e))?;
        eprintln!(
            "windward_server: listening on {}",
            server.local_addr().map_err(|e| Error::net(&addr, e))?
        );
        let fill = &args.bots;
        let report = server
            .run(&mut |seat| {
                let seed = seed ^ (u64::from(seat.0) << 32);
                let bot = wire_bot(fill, seed).expect("the name was checked");
                Box::new(bot)
            })
            .map_err(Error::game)?;
        // The pace of the round itself: the wait for the clients to join is not part of it.
        let round = report.round_time.as_secs_f64().max(1e-9);
        let cpu = process_cpu_seconds();
        Ok(format!(
            "{}\nwindward_server: {} ticks in {round:.2} s ({:.0} ticks/s), {} messages sent, process CPU {} ({})",
            report.results_line(),
            report.ticks,
            f64::from(report.ticks) / round,
            report.messages_sent,
            cpu.map_or("n/a".to_string(), |c| format!("{c:.2} s")),
            cpu.map_or("n/a".to_string(), |c| format!(
                "{:.1}% of one core over the round",
                100.0 * c / round
            )),
        ))
    };
    match run() {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("windward_server: {e}");
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
