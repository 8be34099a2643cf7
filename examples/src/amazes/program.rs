//! The player side of the CodeCup protocol (seeds L50-95): read `Start` (Red's first turn
//! only), the 4 corridor lines and the distance, write one move line and flush; exit on `Quit`
//! or after 150 turns.

use std::io::{self, BufRead, Write};

use amazes::View;

use super::bots::Brain;

/// The longest line the player side reads from the referee, in bytes (`\n` included): a view
/// line is at most 32 characters; anything longer is refused before it is kept.
pub const LINE_LIMIT: usize = 64;

/// One line of at most [`LINE_LIMIT`] bytes (without its `\n` and `\r`), or `None` at the end
/// of input; a longer line is an `InvalidData` error naming the limit.
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Option<String>> {
    buf.clear();
    let n = io::Read::take(&mut *input, LINE_LIMIT as u64).read_until(b'\n', buf)?;
    if n == 0 {
        return Ok(None);
    }
    if buf.last() != Some(&b'\n') && n == LINE_LIMIT {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a line from the referee is longer than the limit of {LINE_LIMIT} bytes"),
        ));
    }
    let text = String::from_utf8_lossy(buf);
    Ok(Some(text.trim_end_matches(['\n', '\r']).to_owned()))
}

/// Runs `bot` as a player program over `input`/`output` until `Quit`, end of input, or
/// `turns` turns. Returns the number of turns played.
pub fn run(
    bot: &mut dyn Brain,
    mut input: impl BufRead,
    mut output: impl Write,
    size: usize,
    turns: usize,
    seed: u64,
) -> io::Result<usize> {
    bot.reset(size, seed);
    let mut buf = Vec::with_capacity(LINE_LIMIT);
    let mut played = 0;
    while played < turns {
        let mut view_lines: Vec<String> = Vec::with_capacity(5);
        while view_lines.len() < 5 {
            let Some(line) = read_line(&mut input, &mut buf)? else {
                return Ok(played);
            };
            if view_lines.is_empty() {
                if line == "Quit" {
                    return Ok(played);
                }
                if line == "Start" && played == 0 {
                    continue;
                }
            }
            view_lines.push(line);
        }
        let refs: Vec<&str> = view_lines.iter().map(String::as_str).collect();
        let view = View::parse_lines(&refs)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e.to_string()))?;
        let line = bot.choose(&view);
        writeln!(output, "{line}")?;
        output.flush()?;
        played += 1;
    }
    Ok(played)
}

/// `main` for a bot binary: plays on stdin/stdout (seed from the first argument, if any).
pub fn main_for(bot: &mut dyn Brain) -> std::process::ExitCode {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let stdin = io::stdin();
    let stdout = io::stdout();
    match run(bot, stdin.lock(), stdout.lock(), 25, 150, seed) {
        Ok(_) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{}: {e}", bot.name());
            std::process::ExitCode::FAILURE
        }
    }
}
