//! Golden files: the look-up table of views and the single-player turn trace (see the data
//! README's schema), parsed and replayed against this crate's rules. Tests, `play verify amazes`
//! and users share this code.

use std::path::Path;

use crate::action::MoveLine;
use crate::game::walk;
use crate::knowledge::{Reading, RefereeKnowledge};
use crate::maze::{Dir, Maze, MazeFile, Pose, Square};
use crate::view::View;

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

/// The first difference between a golden file and this crate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{trace}: step {step}: {field}: expected {expected}, got {got}")]
pub struct Mismatch {
    /// The file.
    pub trace: String,
    /// The row (views) or turn (trace).
    pub step: usize,
    /// Which value differs.
    pub field: &'static str,
    /// The golden value.
    pub expected: String,
    /// This crate's value.
    pub got: String,
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
    let f: Vec<&str> = line.split('\t').collect();
    if f.len() != n {
        return Err(TraceError {
            file: file.into(),
            line: no,
            reason: format!("{} fields, expected {n}: {line:?}", f.len()),
        });
    }
    Ok(f)
}

fn num(file: &str, no: usize, s: &str) -> Result<usize, TraceError> {
    s.trim().parse().map_err(|_| TraceError {
        file: file.into(),
        line: no,
        reason: format!("{s:?} is not a number"),
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
            reason: format!("bad pose {r} {c} {f:?}"),
        }),
    }
}

fn rows(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
}

/// Parses `golden_views.tsv`.
pub fn parse_views(file: &str, text: &str) -> Result<Vec<ViewCase>, TraceError> {
    rows(text)
        .map(|(no, line)| {
            let f = fields(file, no, line, 8)?;
            Ok(ViewCase {
                maze: f[0].to_owned(),
                pose: pose(file, no, f[1], f[2], f[3])?,
                lines: [f[4].into(), f[5].into(), f[6].into(), f[7].into()],
            })
        })
        .collect()
}

/// Parses a `golden_trace_*.tsv` file.
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

fn check<T: PartialEq + std::fmt::Debug>(
    trace: &str,
    step: usize,
    field: &'static str,
    expected: T,
    got: T,
) -> Result<(), Mismatch> {
    if expected == got {
        Ok(())
    } else {
        Err(Mismatch {
            trace: trace.into(),
            step,
            field,
            expected: format!("{expected:?}"),
            got: format!("{got:?}"),
        })
    }
}

fn fmt_pose(p: Pose) -> String {
    format!("{} {}", p.square, p.facing.letter())
}

/// Checks each view case: the lines this crate computes must equal the golden ones. `maze`
/// resolves a file name. Returns the number of rows.
pub fn replay_views(
    trace: &str,
    cases: &[ViewCase],
    mut maze: impl FnMut(&str) -> Result<Maze, String>,
) -> Result<usize, Mismatch> {
    for (i, case) in cases.iter().enumerate() {
        let m = maze(&case.maze).map_err(|e| Mismatch {
            trace: trace.into(),
            step: i + 1,
            field: "maze",
            expected: case.maze.clone(),
            got: e,
        })?;
        let view = View::look(&m, case.pose, case.pose.square);
        for (k, name) in ["ahead", "right", "behind", "left"].iter().enumerate() {
            check(
                trace,
                i + 1,
                name,
                case.lines[k].as_str(),
                view.lines[k].as_str(),
            )?;
        }
    }
    Ok(cases.len())
}

/// Replays a single-player trace on `maze` with the given reading: for each turn the start pose,
/// the four lines, the counts after look / inference / moves, the steps, the extra `T` and the
/// end pose must match. Returns the number of turns.
pub fn replay_trace(
    trace: &str,
    maze: &Maze,
    turns: &[TraceTurn],
    reading: Reading,
) -> Result<usize, Mismatch> {
    let mut k = RefereeKnowledge::new(maze.size(), reading);
    let mut at: Option<Pose> = None;
    for t in turns {
        let s = t.turn;
        if let Some(p) = at {
            check(trace, s, "start pose", fmt_pose(t.pose), fmt_pose(p))?;
        }
        let pose = t.pose;
        let view = View::look(maze, pose, pose.square);
        for (k, name) in ["ahead", "right", "behind", "left"].iter().enumerate() {
            check(trace, s, name, t.lines[k].as_str(), view.lines[k].as_str())?;
        }
        let _ = k.apply_view(pose.square.index(), pose.facing, &view, &mut |_| {});
        check(
            trace,
            s,
            "discovered after look",
            t.after_look,
            k.discovered_count(),
        )?;
        k.infer(&mut |_| {});
        check(
            trace,
            s,
            "discovered after inference",
            t.after_inference,
            k.discovered_count(),
        )?;
        let line = MoveLine::parse(&t.moves).unwrap_or(MoveLine::JURY);
        let w = walk(
            pose,
            line.moves(),
            |sq, d| {
                if maze.is_open(sq, d) {
                    maze.neighbour(sq, d)
                } else {
                    None
                }
            },
            |sq| {
                k.discover(sq.index(), &mut |_| {});
            },
        );
        check(trace, s, "steps executed", t.steps, w.steps as usize)?;
        check(trace, s, "extra T", t.extra_t, w.extra_t)?;
        check(trace, s, "end pose", fmt_pose(t.end), fmt_pose(w.end))?;
        check(
            trace,
            s,
            "discovered after moves",
            t.after_moves,
            k.discovered_count(),
        )?;
        at = Some(w.end);
    }
    Ok(turns.len())
}

/// Totals of a successful verification.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Summary {
    /// Files replayed.
    pub traces: usize,
    /// Rows or turns checked.
    pub steps: usize,
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "conformance: amazes: {} traces, {} steps, all match",
            self.traces, self.steps
        )
    }
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn load_maze(dir: &Path, name: &str) -> Result<Maze, String> {
    let path = dir.join(name);
    let text = read(&path)?;
    let file = MazeFile::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    file.maze
        .validate()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(file.maze)
}

/// Replays golden files: a views table (8 columns) or a trace (17 columns, named
/// `golden_trace_<maze>.tsv`, replayed on `<maze>.txt` beside it). Maze files are looked up in
/// the file's directory. Returns the totals, or the first error or mismatch as text.
pub fn verify_files<P: AsRef<Path>>(paths: &[P]) -> Result<Summary, String> {
    let mut summary = Summary::default();
    for path in paths {
        let path = path.as_ref();
        let name = path.display().to_string();
        let dir = path.parent().unwrap_or(Path::new("."));
        let text = read(path)?;
        let columns = rows(&text)
            .next()
            .map(|(_, l)| l.split('\t').count())
            .unwrap_or(0);
        let steps = match columns {
            8 => {
                let cases = parse_views(&name, &text).map_err(|e| e.to_string())?;
                replay_views(&name, &cases, |m| load_maze(dir, m)).map_err(|e| e.to_string())?
            }
            17 => {
                let turns = parse_trace(&name, &text).map_err(|e| e.to_string())?;
                let file = path
                    .file_name()
                    .map(|f| f.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let maze_name = file
                    .strip_prefix("golden_trace_")
                    .and_then(|f| f.strip_suffix(".tsv"))
                    .ok_or_else(|| {
                        format!("{name}: trace file name is not golden_trace_<maze>.tsv")
                    })?;
                let maze = load_maze(dir, &format!("{maze_name}.txt"))?;
                replay_trace(&name, &maze, &turns, Reading::Literal).map_err(|e| e.to_string())?
            }
            n => {
                return Err(format!(
                    "{name}: {n} columns: neither a views table nor a trace"
                ));
            }
        };
        summary.traces += 1;
        summary.steps += steps;
    }
    Ok(summary)
}
