//! `windward_net_bench [--ticks T] [--rounds R] [--map 1|2|3]`: the network speed figure. Runs
//! whole rounds of `windward::net::Server` in lockstep (as fast as the clients allow) with ten
//! local clients (threads of this process, each the built-in AI through `run_bot` over a
//! loopback socket), and prints ticks per second and the CPU time the process used.

use std::thread;
use std::time::Instant;

use clap::Parser;

use examples::windward::net::{process_cpu_seconds, wire_bot};
use windward::net::{Join, Pace, RunOptions, Server, ServerConfig, run_bot};
use windward::{Config, Game, mapgen};

/// Whole lockstep rounds of the Windward server with ten local clients: ticks per second.
#[derive(Debug, Parser)]
#[command(name = "windward_net_bench", version)]
struct Cli {
    /// Ticks per round.
    #[arg(long, value_name = "T", default_value_t = 60_000)]
    ticks: u32,
    /// Rounds to play.
    #[arg(long, value_name = "R", default_value_t = 3)]
    rounds: u64,
    /// The shipped map.
    #[arg(long, value_name = "1|2|3", default_value_t = 1,
          value_parser = clap::value_parser!(u8).range(1..=3))]
    map: u8,
}

fn main() {
    let Cli { ticks, rounds, map } = Cli::parse();
    let mut total_ticks = 0u64;
    let mut total_wall = 0.0;
    let cpu0 = process_cpu_seconds().unwrap_or(0.0);
    for round in 0..rounds {
        let game = Game::new(
            mapgen::default_map(usize::from(map - 1)),
            Config { max_ticks: ticks },
        )
        .expect("shipped map");
        let config = ServerConfig {
            addr: "127.0.0.1:0".parse().expect("address"),
            clients: 10,
            pace: Pace::Lockstep,
            seed: round + 1,
            log: false,
            ..ServerConfig::default()
        };
        let server = Server::bind(game, config).expect("bind");
        let addr = server.local_addr().expect("address");
        let started = Instant::now();
        let clients: Vec<_> = (0..10u64)
            .map(|i| {
                thread::spawn(move || {
                    let mut bot = wire_bot("builtin", i).expect("builtin");
                    let options = RunOptions {
                        lockstep: true,
                        ..RunOptions::default()
                    };
                    run_bot(addr, &Join::new(&format!("builtin {i}")), &mut bot, options)
                })
            })
            .collect();
        let report = server
            .run(&mut |_| unreachable!("ten clients"))
            .expect("round");
        for c in clients {
            c.join().expect("client thread").expect("client");
        }
        let wall = started.elapsed().as_secs_f64();
        println!(
            "round {round}: {} ticks in {wall:.3} s = {:.0} ticks/s, {} messages",
            report.ticks,
            f64::from(report.ticks) / wall,
            report.messages_sent
        );
        total_ticks += u64::from(report.ticks);
        total_wall += wall;
    }
    let cpu = process_cpu_seconds().unwrap_or(0.0) - cpu0;
    println!(
        "total: {total_ticks} ticks in {total_wall:.3} s = {:.0} ticks/s; process CPU {cpu:.2} s ({:.0}% of one core; server + 10 clients)",
        total_ticks as f64 / total_wall,
        100.0 * cpu / total_wall
    );
}
