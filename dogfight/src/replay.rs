//! One replay surface, shared with every contest-engines crate: [`verify_files`] reads golden
//! trace files ([`crate::trace`]) and replays each through the engine, returning a
//! [`pathfind::replay::Summary`] or the first [`pathfind::replay::VerifyError`].
//!
//! ```
//! use dogfight::replay::verify_files;
//! use pathfind::replay::VerifyError;
//!
//! let empty = std::env::temp_dir().join(format!("dogfight-empty-{}.jsonl", std::process::id()));
//! std::fs::write(&empty, "\n")?;
//! // A file without a trace checks nothing: that is an error, never "all match".
//! assert!(matches!(verify_files(&[&empty]), Err(VerifyError::Empty { .. })));
//! std::fs::remove_file(&empty)?;
//! # Ok::<(), std::io::Error>(())
//! ```

use std::path::Path;

use pathfind::replay::{Mismatch, Summary, VerifyError};

use crate::trace::{MAX_FILE_BYTES, TraceError, read_jsonl};

/// Reads and replays every trace in the given JSON-lines files; stops at the first problem.
/// A file of more than [`MAX_FILE_BYTES`] is [`VerifyError::TooLarge`] (a regular file before it
/// is read, any file once that many bytes are read); files that hold no trace at all give
/// [`VerifyError::Empty`].
pub fn verify_files<P: AsRef<Path>>(paths: &[P]) -> Result<Summary, VerifyError> {
    let mut summary = Summary {
        game: "dogfight".into(),
        traces: 0,
        steps: 0,
        step_name: "rounds".into(),
        notes: Vec::new(),
    };
    for path in paths {
        let path = path.as_ref();
        let format = |error: TraceError| VerifyError::Format {
            path: path.to_owned(),
            message: error.to_string(),
        };
        // Counted as it is read: a file that grows or a device cannot make it read more.
        let text = pathfind::replay::read_limited(path, MAX_FILE_BYTES)?;
        let traces = read_jsonl(&text).map_err(format)?;
        for trace in &traces {
            let steps = trace.replay().map_err(|m| {
                VerifyError::from(Mismatch {
                    trace: format!("{} trace {}", path.display(), m.trace),
                    step: m.step,
                    field: m.field,
                    expected: m.expected,
                    got: m.got,
                })
            })?;
            summary.steps += steps as u64;
            summary.traces += 1;
        }
    }
    if summary.traces == 0 {
        let names: Vec<String> = paths
            .iter()
            .map(|p| p.as_ref().display().to_string())
            .collect();
        return Err(VerifyError::Empty {
            paths: if names.is_empty() {
                "no files".into()
            } else {
                names.join(", ")
            },
        });
    }
    Ok(summary)
}
