//! One replay surface: golden files (see [`crate::trace`]) replayed against this crate's rules,
//! with pathfind's [`Summary`] and [`VerifyError`]. Tests, `play verify amazes` and users share
//! this code.

use std::path::Path;

pub use pathfind::replay::{Mismatch, Summary, VerifyError};

use crate::action::MoveLine;
use crate::game::walk;
use crate::knowledge::{Reading, RefereeKnowledge};
use crate::maze::{Maze, MazeFile, Pose};
use crate::trace::{MAX_TRACE_FILE, TraceTurn, ViewCase, parse_trace, parse_views, rows};
use crate::view::View;

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
            step: step as u64,
            field: field.into(),
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
            step: i as u64 + 1,
            field: "maze".into(),
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

/// Reads a whole file of at most [`MAX_TRACE_FILE`] bytes ([`VerifyError::TooLarge`] beyond,
/// counted as it is read).
fn read(path: &Path) -> Result<String, VerifyError> {
    pathfind::replay::read_limited(path, MAX_TRACE_FILE)
}

fn load_maze(dir: &Path, name: &str) -> Result<Maze, String> {
    let path = dir.join(name);
    let text = read(&path).map_err(|e| e.to_string())?;
    let file = MazeFile::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    file.maze
        .validate()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(file.maze)
}

/// Replays golden files: a views table (8 columns) or a trace (17 columns, named
/// `golden_trace_<maze>.tsv`, replayed on `<maze>.txt` beside it). Maze files are looked up in
/// the file's directory. Returns the totals, or the first unreadable file or mismatch; files
/// with no data row at all are [`VerifyError::Empty`] (nothing checked is never a pass).
pub fn verify_files<P: AsRef<Path>>(paths: &[P]) -> Result<Summary, VerifyError> {
    let mut summary = Summary {
        game: "amazes".into(),
        traces: 0,
        steps: 0,
        step_name: "steps".into(),
        notes: Vec::new(),
    };
    for path in paths {
        let path = path.as_ref();
        let name = path.display().to_string();
        let format = |message: String| VerifyError::Format {
            path: path.to_owned(),
            message,
        };
        let dir = path.parent().unwrap_or(Path::new("."));
        let text = read(path)?;
        let Some((_, first)) = rows(&text).next() else {
            continue;
        };
        let steps = match first.split('\t').count() {
            8 => {
                let cases = parse_views(&name, &text).map_err(|e| format(e.to_string()))?;
                replay_views(&name, &cases, |m| load_maze(dir, m))?
            }
            17 => {
                let turns = parse_trace(&name, &text).map_err(|e| format(e.to_string()))?;
                let file = path
                    .file_name()
                    .map(|f| f.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let maze_name = file
                    .strip_prefix("golden_trace_")
                    .and_then(|f| f.strip_suffix(".tsv"))
                    .ok_or_else(|| {
                        format("trace file name is not golden_trace_<maze>.tsv".into())
                    })?;
                let maze = load_maze(dir, &format!("{maze_name}.txt")).map_err(format)?;
                replay_trace(&name, &maze, &turns, Reading::Literal)?
            }
            n => {
                return Err(format(format!(
                    "{n} columns: neither a views table (8) nor a trace (17)"
                )));
            }
        };
        summary.traces += 1;
        summary.steps += steps as u64;
    }
    if summary.traces == 0 {
        let list: Vec<String> = paths
            .iter()
            .map(|p| p.as_ref().display().to_string())
            .collect();
        return Err(VerifyError::Empty {
            paths: if list.is_empty() {
                "no files".into()
            } else {
                list.join(", ")
            },
        });
    }
    Ok(summary)
}
