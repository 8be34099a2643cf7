//! Writing a file a user named (`--results FILE`, a page): never replacing what is not a regular
//! file.
//!
//! A regular file is written whole or not at all: to a temporary file beside it, renamed over it
//! at the end, so no half-written file is ever seen. A rename replaces the *name*, though: over a
//! symbolic link it would put a regular file in the link's place, over a FIFO or a device node
//! (`/dev/full`, `/dev/stdout`'s terminal) it would replace the node itself (as root, even in
//! `/dev`). So [`destination`] looks at what the name is first:
//!
//! - nothing yet, or a regular file: replaced through a temporary file ([`Destination::Replace`]);
//! - a symbolic link to a regular file: the same, at the link's final target (the link stays);
//! - anything else (a FIFO, a character or block device, a link to one, a link to nothing yet):
//!   opened and written in place ([`Destination::Through`]; a FIFO once a reader has opened it,
//!   as for any writer); what the system says of a write
//!   (`/dev/full`: no space left) is the error, and nothing is renamed or removed. A directory is
//!   refused by the system when it is opened for writing.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// How [`write_file`] writes to a path.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Destination {
    /// A regular file, or no file yet: written to a temporary file beside this path (the link's
    /// final target for a symbolic link), then renamed over it.
    Replace(PathBuf),
    /// Not a regular file (a FIFO, a device, a link to one or to nothing yet): opened for writing
    /// and written in place.
    Through(PathBuf),
}

/// What writing to `path` does (see the [module docs](self)). An error only when the system
/// cannot say what `path` is (a folder on the way that cannot be read).
pub fn destination(path: &Path) -> io::Result<Destination> {
    let link = match std::fs::symlink_metadata(path) {
        Ok(link) => link,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Ok(Destination::Replace(path.to_owned()));
        }
        Err(e) => return Err(e),
    };
    if link.is_file() {
        return Ok(Destination::Replace(path.to_owned()));
    }
    if link.is_symlink() {
        match std::fs::metadata(path) {
            Ok(target) if target.is_file() => {
                return Ok(Destination::Replace(std::fs::canonicalize(path)?));
            }
            // A link to nothing yet: opening it creates its target.
            Ok(_) | Err(_) => return Ok(Destination::Through(path.to_owned())),
        }
    }
    Ok(Destination::Through(path.to_owned()))
}

/// Writes a file at `path` with `write` (see the [module docs](self)): a regular file is replaced
/// whole through a temporary file beside it (synced to the disk first when `sync`), anything else
/// written in place. On an error the temporary file is removed and what was at `path` is left as
/// it was (a FIFO or a device may have taken part of the bytes).
pub fn write_file(
    path: &Path,
    sync: bool,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    match destination(path)? {
        Destination::Through(path) => {
            let file = OpenOptions::new()
                .write(true)
                .create(true)
                .truncate(true)
                .open(path)?;
            let mut out = BufWriter::new(file);
            write(&mut out)?;
            out.flush()
        }
        Destination::Replace(path) => {
            let temporary = temporary_path(&path);
            let file = create_new(&temporary)?;
            let written = (|| {
                let mut out = BufWriter::new(file);
                write(&mut out)?;
                let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
                if sync {
                    file.sync_all()?;
                }
                drop(file);
                std::fs::rename(&temporary, &path)
            })();
            if written.is_err() {
                let _ = std::fs::remove_file(&temporary);
            }
            written
        }
    }
}

/// The temporary file beside `path` (a rename stays on one file system), hidden and particular to
/// this process.
fn temporary_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// Creates `path` as a new file, never opening what is there (`O_EXCL`: a link planted at the
/// temporary name is not followed); a leftover of an earlier run of the same process id is
/// removed once.
fn create_new(path: &Path) -> io::Result<File> {
    let open = || OpenOptions::new().write(true).create_new(true).open(path);
    match open() {
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            std::fs::remove_file(path)?;
            open()
        }
        other => other,
    }
}
