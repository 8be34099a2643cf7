//! The crate's one replay surface: [`verify_files`] replays golden traces recorded from the
//! original engine tick by tick ([`tick::replay`](crate::tick::replay)) and answers with the
//! workspace's [`Summary`] or the first [`VerifyError`]. Tests, `play verify windward` and users
//! share it.

use std::path::Path;

use pathfind::replay::{Summary, VerifyError};

use crate::tick::replay::{ReplayError, maps_dir_for, replay_file};

/// Replays every trace file (`.jsonl.gz`, its map read from the `maps/` directory beside the
/// trace's directory, as in `CONTEST_DATA/windward/`). A file that cannot be read or is not a
/// trace is [`VerifyError::Format`] (an empty file included); no file at all is
/// [`VerifyError::Empty`]: nothing checked is never a pass.
pub fn verify_files(paths: &[impl AsRef<Path>]) -> Result<Summary, VerifyError> {
    if paths.is_empty() {
        return Err(VerifyError::Empty {
            paths: "no files".to_string(),
        });
    }
    let (mut ticks, mut cars, mut statuses) = (0, 0, 0);
    for path in paths {
        let path = path.as_ref();
        let stats = replay_file(path, &maps_dir_for(path)).map_err(|e| match e {
            ReplayError::Format { reason, .. } => VerifyError::Format {
                path: path.to_path_buf(),
                message: reason,
            },
            ReplayError::Mismatch(m) => VerifyError::from(*m),
        })?;
        ticks += stats.ticks;
        cars += stats.car_states;
        statuses += stats.statuses;
    }
    Ok(Summary {
        game: "windward".to_string(),
        traces: paths.len() as u64,
        steps: ticks,
        step_name: "ticks".to_string(),
        notes: vec![format!("{cars} car states, {statuses} statuses compared")],
    })
}
