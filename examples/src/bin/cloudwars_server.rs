//! `cloudwars_server`: a headless CloudWars server on loopback that speaks the original protocol
//! (`cloudwars::server`). `cloudwars_server --help` lists the options.

use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use examples::Error;

use cloudwars::server::{AfterEnd, Pacing, Server, ServerConfig};

/// A headless CloudWars server on loopback that speaks the original text protocol.
///
/// It prints `listening on 127.0.0.1:<port>`, serves until the win flag is set (or, with
/// --play-on, until --max-iterations), then prints the results line. Like the original it keeps
/// the connections open after the end (`list` shows the final world) and exits once every client
/// has gone; a client silent for --idle-after-end-ms, or one that does not read a reply within
/// --write-timeout-ms, is disconnected. --close-at-end closes every connection at once. At most
/// --max-connections connections are served at a time; the ones beyond are closed at once, with a
/// log line. Before the game starts, a connection that does not complete a request line within
/// --line-deadline-ms (of its opening or its last reply; a seated player's, of the line's first
/// byte) is closed, so that connections dribbling a partial line cannot hold every place.
#[derive(Debug, Parser)]
#[command(name = "cloudwars_server", version)]
struct Args {
    /// Port on 127.0.0.1 (0: any free port; the first line printed says which).
    #[arg(long, value_name = "P", default_value_t = 3333)]
    port: u16,
    /// Players to wait for before the world starts.
    #[arg(long, value_name = "N", default_value_t = 3)]
    players: usize,
    /// Seed of the world and of the players' places.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Updates per second at the real-time pace (the original: 62.5).
    #[arg(
        long,
        value_name = "R",
        default_value_t = 62.5,
        conflicts_with = "lockstep"
    )]
    ips: f64,
    /// As fast as the clients allow: one update each time every player has sent `list`.
    #[arg(long)]
    lockstep: bool,
    /// World width.
    #[arg(long, value_name = "W", default_value_t = 2048)]
    width: i32,
    /// World height.
    #[arg(long, value_name = "H", default_value_t = 1152)]
    height: i32,
    /// Game speed.
    #[arg(long, value_name = "S", default_value_t = 60)]
    speed: i32,
    /// Rainclouds in the world.
    #[arg(long, value_name = "N", default_value_t = 100)]
    clouds: usize,
    /// Stop after this many updates at the latest (default: the game's own limit, plus one).
    #[arg(long, value_name = "N")]
    max_iterations: Option<u64>,
    /// Keep playing after the win flag is set (until --max-iterations).
    #[arg(long)]
    play_on: bool,
    /// Lockstep: how long the waiting players wait for a silent one, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 2000)]
    patience_ms: u64,
    /// Close every connection at the end instead of keeping them open.
    #[arg(long, conflicts_with = "idle_after_end_ms")]
    close_at_end: bool,
    /// After the end, close a connection silent for this long, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 60_000)]
    idle_after_end_ms: u64,
    /// Disconnect a client that does not read a reply within this long, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 5000)]
    write_timeout_ms: u64,
    /// Most connections served at a time (each has a thread); more are closed at once.
    #[arg(long, value_name = "N", default_value_t = ServerConfig::default().max_connections)]
    max_connections: usize,
    /// Before the game starts: close a connection that takes longer than this to complete a
    /// request line, in milliseconds.
    #[arg(
        long,
        value_name = "MS",
        default_value_t = cloudwars::server::LINE_DEADLINE.as_millis() as u64
    )]
    line_deadline_ms: u64,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("cloudwars_server: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: Args) -> examples::Result<()> {
    let defaults = ServerConfig::default();
    let mut config = defaults.config;
    config.width = args.width;
    config.height = args.height;
    config.game_speed = args.speed;
    let mut cfg = ServerConfig {
        config,
        players: args.players,
        seed: args.seed,
        pacing: if args.lockstep {
            Pacing::Lockstep
        } else {
            Pacing::RealTime {
                iterations_per_second: args.ips,
            }
        },
        stop_on_win: !args.play_on,
        lockstep_patience: Duration::from_millis(args.patience_ms),
        after_end: if args.close_at_end {
            AfterEnd::Close
        } else {
            AfterEnd::KeepOpen {
                idle: Duration::from_millis(args.idle_after_end_ms),
            }
        },
        write_timeout: Duration::from_millis(args.write_timeout_ms),
        max_connections: args.max_connections,
        line_deadline: Duration::from_millis(args.line_deadline_ms),
        ..defaults
    };
    cfg.params.rainclouds = args.clouds;
    cfg.max_iterations = args
        .max_iterations
        .unwrap_or(cfg.config.max_iterations().max(0) as u64 + 1);
    let addr = format!("127.0.0.1:{}", args.port);
    let server = Server::bind(addr.as_str(), cfg).map_err(|e| Error::net(&addr, e))?;
    println!(
        "listening on {}",
        server.local_addr().map_err(|e| Error::net(&addr, e))?
    );
    let (result, lingering) = server.run_until_end().map_err(Error::game)?;
    println!("{result}");
    lingering.wait();
    Ok(())
}
