//! `cloudwars_server`: a headless CloudWars server on loopback that speaks the original protocol.
//!
//! ```text
//! cloudwars_server [--port 3333] [--players 3] [--seed 1] [--ips 62.5 | --lockstep]
//!                  [--width 2048] [--height 1152] [--speed 60] [--clouds 100]
//!                  [--max-iterations N] [--play-on] [--patience-ms 2000]
//!                  [--close-at-end] [--idle-after-end-ms 60000] [--write-timeout-ms 5000]
//! ```
//!
//! It prints `listening on 127.0.0.1:<port>`, serves until the win flag is set (or, with
//! `--play-on`, until `--max-iterations`), then prints the results line. Like the original it
//! keeps the connections open after the end (`list` shows the final world) and exits once every
//! client has gone; a client silent for `--idle-after-end-ms`, or one that does not read a reply
//! within `--write-timeout-ms`, is disconnected. `--close-at-end` closes every connection at once.

use std::process::ExitCode;

use std::time::Duration;

use cloudwars::server::{AfterEnd, Pacing, Server, ServerConfig};

const USAGE: &str = "usage: cloudwars_server [--port 3333] [--players 3] [--seed 1] \
[--ips 62.5 | --lockstep] [--width 2048] [--height 1152] [--speed 60] [--clouds 100] \
[--max-iterations N] [--play-on] [--patience-ms 2000] \
[--close-at-end] [--idle-after-end-ms 60000] [--write-timeout-ms 5000]";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("cloudwars_server: {message}");
            ExitCode::FAILURE
        }
    }
}

fn value<T: std::str::FromStr>(args: &[String], i: usize, name: &str) -> Result<T, String> {
    let text = args.get(i + 1).ok_or(format!("{name} needs a value"))?;
    text.parse()
        .map_err(|_| format!("{name}: cannot read {text:?}"))
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut cfg = ServerConfig::default();
    let mut port: u16 = 3333;
    let mut max_iterations = None;
    let mut i = 0;
    while i < args.len() {
        let name = args[i].as_str();
        let mut takes_value = true;
        match name {
            "--port" => port = value(&args, i, name)?,
            "--players" => cfg.players = value(&args, i, name)?,
            "--seed" => cfg.seed = value(&args, i, name)?,
            "--ips" => {
                cfg.pacing = Pacing::RealTime {
                    iterations_per_second: value(&args, i, name)?,
                }
            }
            "--width" => cfg.config.width = value(&args, i, name)?,
            "--height" => cfg.config.height = value(&args, i, name)?,
            "--speed" => cfg.config.game_speed = value(&args, i, name)?,
            "--clouds" => cfg.params.rainclouds = value(&args, i, name)?,
            "--max-iterations" => max_iterations = Some(value(&args, i, name)?),
            "--patience-ms" => {
                cfg.lockstep_patience = Duration::from_millis(value(&args, i, name)?)
            }
            "--idle-after-end-ms" => {
                cfg.after_end = AfterEnd::KeepOpen {
                    idle: Duration::from_millis(value(&args, i, name)?),
                }
            }
            "--write-timeout-ms" => {
                cfg.write_timeout = Duration::from_millis(value(&args, i, name)?)
            }
            "--close-at-end" => {
                cfg.after_end = AfterEnd::Close;
                takes_value = false;
            }
            "--lockstep" => {
                cfg.pacing = Pacing::Lockstep;
                takes_value = false;
            }
            "--play-on" => {
                cfg.stop_on_win = false;
                takes_value = false;
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(());
            }
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
        i += if takes_value { 2 } else { 1 };
    }
    cfg.max_iterations = max_iterations.unwrap_or(cfg.config.max_iterations().max(0) as u64 + 1);
    let server = Server::bind(("127.0.0.1", port), cfg).map_err(|e| e.to_string())?;
    println!(
        "listening on {}",
        server.local_addr().map_err(|e| e.to_string())?
    );
    let (result, lingering) = server.run_until_end().map_err(|e| e.to_string())?;
    println!("{result}");
    lingering.wait();
    Ok(())
}
