//! `play` and files that are not what they seem (issue 36, round four): `--results` written
//! through a FIFO, a link or a device and never replacing it, `--html` refusing what it would
//! replace, `play view` of a device refused within the limit, and `play merge` refusing ranks and
//! scores no game produces.

use crate::support::{play, temp_dir, text};
use std::os::unix::fs::FileTypeExt as _;
use std::path::Path;
use std::process::Command;

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(status.success(), "mkfifo {}", path.display());
}

fn is_fifo(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

#[test]
fn results_go_through_a_fifo_and_a_link_which_stay() {
    let dir = temp_dir("hostile", "results");
    let fifo = dir.join("results.fifo");
    mkfifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let fifo_text = fifo.display().to_string();
    let out = play(&[
        "dogfight",
        "--games",
        "2",
        "--quiet",
        "--results",
        &fifo_text,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    // It used to be replaced by a regular file (and the reader waited for ever).
    assert!(is_fifo(&fifo), "the FIFO was replaced");
    let json: serde_json::Value = serde_json::from_str(&reader.join().unwrap()).unwrap();
    assert_eq!(json["records"].as_array().unwrap().len(), 2);

    let target = dir.join("target.json");
    std::fs::write(&target, "old").unwrap();
    let link = dir.join("link.json");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let out = play(&[
        "dogfight",
        "--games",
        "2",
        "--quiet",
        "--results",
        &link.display().to_string(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&target).unwrap()).unwrap();
    assert_eq!(json["records"].as_array().unwrap().len(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// As root, `play amazes --results /dev/full` replaced the device node. Run only as root (an
/// unprivileged user could not replace it anyway); checks that it is still a device afterwards.
#[test]
fn results_to_dev_full_as_root_are_an_error_and_the_device_stays() {
    let root = std::fs::metadata("/proc/self").is_ok_and(|m| {
        use std::os::unix::fs::MetadataExt as _;
        m.uid() == 0
    });
    let full = Path::new("/dev/full");
    if !root || !std::fs::metadata(full).is_ok_and(|m| m.file_type().is_char_device()) {
        return;
    }
    let out = play(&[
        "amazes",
        "--games",
        "1",
        "--quiet",
        "--results",
        "/dev/full",
    ]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("/dev/full: "), "{err}");
    assert!(err.contains("No space left on device"), "{err}");
    let after = std::fs::symlink_metadata(full).unwrap();
    assert!(after.file_type().is_char_device(), "/dev/full was replaced");
}

#[test]
fn a_page_is_never_renamed_over_a_fifo_and_follows_a_link() {
    let dir = temp_dir("hostile", "html");
    let fifo = dir.join("page.fifo");
    mkfifo(&fifo);
    let fifo_text = fifo.display().to_string();
    for args in [
        &["tron3d", "--games", "1", "--quiet", "--html", &fifo_text][..],
        &["view", "amazes", "/dev/null", "--html", &fifo_text][..],
    ] {
        let out = play(args);
        assert!(!out.status.success(), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains("not a regular file"), "{err}");
        assert!(err.contains(&fifo_text), "{err}");
        assert!(is_fifo(&fifo), "{args:?}: the FIFO was replaced");
    }

    let target = dir.join("target.html");
    std::fs::write(&target, "old").unwrap();
    let link = dir.join("link.html");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let out = play(&[
        "dogfight",
        "--games",
        "1",
        "--quiet",
        "--html",
        &link.display().to_string(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    let page = std::fs::read_to_string(&target).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"), "{}", &page[..40]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn viewing_a_device_is_refused_at_the_limit() {
    // /dev/zero reports size 0: it used to be read until memory ran out (Dogfight's and Tron3D's
    // readers, 256 MiB limits, are checked in arena's tests).
    let dir = temp_dir("hostile", "view");
    let page = dir.join("page.html").display().to_string();
    let out = play(&["view", "amazes", "/dev/zero", "--html", &page]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("/dev/zero: more than the limit of 4194304 bytes"),
        "{err}"
    );
    assert!(!Path::new(&page).exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn merge_refuses_ranks_beyond_the_players_and_absurd_scores() {
    let dir = temp_dir("hostile", "merge");
    let file = dir.join("part.json");
    let file_text = file.display().to_string();
    let out = play(&[
        "dogfight",
        "--games",
        "2",
        "--quiet",
        "--results",
        &file_text,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&file).unwrap();
    let fine = play(&["merge", &file_text]);
    assert!(fine.status.success(), "{}", text(&fine.stderr));
    for (field, value, shown) in [
        (
            "ranks",
            "4294967295",
            "rank 4294967295 is out of range (1..=2)",
        ),
        ("scores", "1e308", "score 1e308 is out of range"),
        ("scores", "-1e308", "score -1e308 is out of range"),
    ] {
        let mut json: serde_json::Value = serde_json::from_str(&written).unwrap();
        json["records"][1][field][0] = serde_json::from_str(value).unwrap();
        std::fs::write(&file, json.to_string()).unwrap();
        let out = play(&["merge", &file_text]);
        assert!(!out.status.success(), "{field} {value}");
        let err = text(&out.stderr);
        assert!(
            err.contains(&format!("{file_text}: game 1, seat 0: {shown}")),
            "{err}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
