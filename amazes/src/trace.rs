//! Golden files: the look-up table of views and the single-player turn trace (see the data
//! README's schema), parsed with documented limits. [`crate::replay`] replays them against this
//! crate's rules.
//!
//! # Limits
//!
//! Every reader checks its limit before it allocates, and a [`TraceError`] names the limit and
//! the rejected value: a file is at most [`MAX_TRACE_FILE`] bytes (checked on its metadata
//! before it is read), a row at most [`MAX_TRACE_LINE`] bytes, a file at most [`MAX_TRACE_ROWS`]
//! data rows, and a maze named by a views table is a plain file name beside the table (no
//! directory part, at most [`MAX_MAZE_NAME`] bytes).

use crate::maze::{Dir, Pose, Square, quote};

/// The largest golden file read, in bytes (the shipped ones are under 10 KB).
pub const MAX_TRACE_FILE: u64 = 4 * 1024 * 1024;
/// The longest row of a golden file, in bytes (a trace row with a 256-move line is under 450).
pub const MAX_TRACE_LINE: usize = 1024;
/// The most data rows one golden file may hold.
pub const MAX_TRACE_ROWS: usize = 100_000;
/// The longest maze file name a views table may give.
pub const MAX_MAZE_NAME: usize = 255;

/// A line of a golden file that cannot be read, or a file that cannot be opened.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {reason}")]
pub struct TraceError {
    /// The file (or a label).
    pub file: String,
    /// 1-based line number (0 for the whole file).
    pub line: usize,
    /// What is wrong, quoting the rejected text.
    pub reason: String,
}

/// One row of `golden_views.tsv`: a maze file, a pose and the four lines seen from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ViewCase {
    /// The maze file name (beside the table).
    pub maze: String,
    /// Where the player stands.
    pub pose: Pose,
    /// Ahead, right, behind, left.
    pub lines: [String; 4],
}

/// One turn of a `golden_trace_*.tsv` file (one player alone).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceTurn {
    /// 1-based turn.
    pub turn: usize,
    /// Pose at the start of the turn.
    pub pose: Pose,
    /// The four view lines.
    pub lines: [String; 4],
    /// Discovered squares after the look.
    pub after_look: usize,
    /// After inference.
    pub after_inference: usize,
    /// The move line.
    pub moves: String,
    /// Steps executed.
    pub steps: usize,
    /// Whether the extra `T` happened.
    pub extra_t: bool,
    /// Pose at the end of the turn.
    pub end: Pose,
    /// Discovered squares after the moves.
    pub after_moves: usize,
}

fn fields<'a>(file: &str, no: usize, line: &'a str, n: usize) -> Result<Vec<&'a str>, TraceError> {
    let err = |reason| TraceError {
        file: file.into(),
        line: no,
        reason,
    };
    if line.len() > MAX_TRACE_LINE {
        return Err(err(format!(
            "row of {} bytes, more than the limit {MAX_TRACE_LINE}",
            line.len()
        )));
    }
    if no > MAX_TRACE_ROWS {
        return Err(err(format!("more than the limit of {MAX_TRACE_ROWS} rows")));
    }
    let count = line.split('\t').count();
    if count != n {
        return Err(err(format!(
            "{count} fields, expected {n}: {:?}",
            quote(line)
        )));
    }
    Ok(line.split('\t').collect())
}

/// A maze file name from a views table: a plain name (no directory part, nothing hidden).
fn maze_name(file: &str, no: usize, name: &str) -> Result<String, TraceError> {
    let plain = !name.is_empty()
        && name.len() <= MAX_MAZE_NAME
        && !name.starts_with('.')
        && !name.contains(['/', '\\', ':', '\0']);
    if plain {
        Ok(name.to_owned())
    } else {
        Err(TraceError {
            file: file.into(),
            line: no,
            reason: format!(
                "maze {:?} is not a plain file name of at most {MAX_MAZE_NAME} bytes",
                quote(name)
            ),
        })
    }
}

fn num(file: &str, no: usize, s: &str) -> Result<usize, TraceError> {
    s.trim().parse().map_err(|_| TraceError {
        file: file.into(),
        line: no,
        reason: format!("{:?} is not a number", quote(s)),
    })
}

fn pose(file: &str, no: usize, r: &str, c: &str, f: &str) -> Result<Pose, TraceError> {
    let (r, c) = (num(file, no, r)?, num(file, no, c)?);
    let facing = f.chars().next().and_then(Dir::from_letter);
    match facing {
        Some(d) if (1..=32).contains(&r) && (1..=32).contains(&c) && f.len() == 1 => {
            Ok(Pose::new(Square::new(r - 1, c - 1), d))
        }
        _ => Err(TraceError {
            file: file.into(),
            line: no,
            reason: format!("bad pose {r} {c} {:?}", quote(f)),
        }),
    }
}

pub(crate) fn rows(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
}

/// Parses `golden_views.tsv` (see the module docs for the limits).
pub fn parse_views(file: &str, text: &str) -> Result<Vec<ViewCase>, TraceError> {
    rows(text)
        .map(|(no, line)| {
            let f = fields(file, no, line, 8)?;
            Ok(ViewCase {
                maze: maze_name(file, no, f[0])?,
                pose: pose(file, no, f[1], f[2], f[3])?,
                lines: [f[4].into(), f[5].into(), f[6].into(), f[7].into()],
            })
        })
        .collect()
}

/// Parses a `golden_trace_*.tsv` file (see the module docs for the limits).
pub fn parse_trace(file: &str, text: &str) -> Result<Vec<TraceTurn>, TraceError> {
    rows(text)
        .map(|(no, line)| {
            let f = fields(file, no, line, 17)?;
            Ok(TraceTurn {
                turn: num(file, no, f[0])?,
                pose: pose(file, no, f[1], f[2], f[3])?,
                lines: [f[4].into(), f[5].into(), f[6].into(), f[7].into()],
                after_look: num(file, no, f[8])?,
                after_inference: num(file, no, f[9])?,
                moves: f[10].to_owned(),
                steps: num(file, no, f[11])?,
                extra_t: num(file, no, f[12])? != 0,
                end: pose(file, no, f[13], f[14], f[15])?,
                after_moves: num(file, no, f[16])?,
            })
        })
        .collect()
}
