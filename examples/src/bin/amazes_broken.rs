//! Deliberately broken Amazes player programs, for testing the referee:
//! `amazes_broken MODE [TURNS]` plays `TURNS` (default 0) good random turns, then misbehaves:
//!
//! - `crash`: exits with status 3 instead of answering
//! - `panic`: panics
//! - `slow`: sleeps 30 s instead of answering
//! - `illegal`: answers `FX`
//! - `long`: answers 257 `F`s
//! - `flood`: writes 10 MB without a newline
//! - `empty`: answers an empty line
//! - `script LINES MARKER`: answers the comma-separated `LINES` in turn, then `T`; on `Quit` it
//!   creates the file `MARKER` and exits (to test when the referee sends `Quit`)
//! - `deaf`: never reads its input and writes `F` lines as fast as it can (legal lines, out of
//!   step with the views; the referee must not block on the pipe it never drains)

use std::io::{BufRead, Write};

use examples::amazes::bots::{Brain, RandomBot};

fn main() {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_default();
    if mode == "script" {
        let lines: Vec<String> = args
            .next()
            .unwrap_or_default()
            .split(',')
            .map(str::to_owned)
            .collect();
        let marker = args.next().unwrap_or_default();
        script(&lines, &marker);
        return;
    }
    let good: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut bot = RandomBot::default();
    bot.reset(25, 5);
    let mut lines = stdin.lock().lines();
    if mode == "deaf" {
        loop {
            if writeln!(out, "F").and_then(|_| out.flush()).is_err() {
                return;
            }
        }
    }
    let mut turn = 0;
    loop {
        let mut view = Vec::new();
        while view.len() < 5 {
            match lines.next() {
                Some(Ok(l)) if l == "Start" && turn == 0 && view.is_empty() => {}
                Some(Ok(l)) if l == "Quit" => return,
                Some(Ok(l)) => view.push(l),
                _ => return,
            }
        }
        if turn < good {
            let refs: Vec<&str> = view.iter().map(String::as_str).collect();
            let v = amazes::View::parse_lines(&refs).expect("the referee sends valid views");
            let _ = writeln!(out, "{}", bot.choose(&v));
            let _ = out.flush();
            turn += 1;
            continue;
        }
        match mode.as_str() {
            "crash" => std::process::exit(3),
            "panic" => panic!("a deliberately broken player"),
            "slow" => std::thread::sleep(std::time::Duration::from_secs(30)),
            "illegal" => {
                let _ = writeln!(out, "FX");
            }
            "long" => {
                let _ = writeln!(out, "{}", "F".repeat(257));
            }
            "flood" => {
                let chunk = "F".repeat(1 << 16);
                for _ in 0..160 {
                    if out.write_all(chunk.as_bytes()).is_err() {
                        return;
                    }
                }
            }
            "empty" => {
                let _ = writeln!(out);
            }
            other => {
                eprintln!("amazes_broken: unknown mode {other:?}");
                std::process::exit(2);
            }
        }
        let _ = out.flush();
        turn += 1;
    }
}

fn script(answers: &[String], marker: &str) {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut read = 0;
    let mut turn = 0;
    for line in stdin.lock().lines() {
        let Ok(line) = line else { return };
        if line == "Quit" && read == 0 {
            let _ = std::fs::write(marker, "Quit\n");
            return;
        }
        if line == "Start" && read == 0 && turn == 0 {
            continue;
        }
        read += 1;
        if read == 5 {
            read = 0;
            let answer = answers.get(turn).map_or("T", String::as_str);
            let _ = writeln!(out, "{answer}");
            let _ = out.flush();
            turn += 1;
        }
    }
}
