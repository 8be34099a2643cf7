//! Hostile files (issue 36, round four): results written through a FIFO, a symbolic link or a
//! device without replacing it; results and recordings that are devices read within their
//! limits; results whose ranks or scores no game produces refused, naming the file, the game and
//! the value.

use std::os::unix::fs::FileTypeExt as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use arena::Playable;
use arena::output::{Destination, destination};
use arena::playable::RecordingError;
use arena::results::{MAX_RESULTS_FILE_BYTES, Results, ResultsError};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arena-output-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Two games of a two-player tournament, as a results file holds them (read through JSON, so the
/// test holds whatever fields a record has by default).
fn results(ranks: [u64; 2], scores: [f64; 2]) -> Results {
    let text = format!(
        r#"{{"format": 1,
            "tournament": {{"game": "toy", "setup": "s", "lineup": ["a", "b"], "games": 2,
                           "seed": 1, "rotate": false}},
            "shard": null,
            "records": [
              {{"index": 0, "seats": [0, 1], "scores": [1.0, 0.0], "ranks": [1, 2], "steps": 3}},
              {{"index": 1, "seats": [1, 0], "scores": [{}, {}], "ranks": [{}, {}], "steps": 3}}
            ]}}"#,
        scores[0], scores[1], ranks[0], ranks[1]
    );
    serde_json::from_str(&text).unwrap()
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(status.success(), "mkfifo {}", path.display());
}

#[test]
fn results_are_written_through_a_fifo_and_a_link_never_replacing_them() {
    let dir = temp_dir("save");
    let good = results([2, 1], [0.5, 2.0]);

    // A FIFO: written in place (it used to become a regular file, the reader never saw a byte).
    let fifo = dir.join("results.fifo");
    mkfifo(&fifo);
    assert_eq!(
        destination(&fifo).unwrap(),
        Destination::Through(fifo.clone())
    );
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    good.save(&fifo).unwrap();
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo(),
        "the FIFO was replaced"
    );
    let read: Results = serde_json::from_str(&reader.join().unwrap()).unwrap();
    assert_eq!(read, good);

    // A link to a regular file: the target is replaced, the link stays a link.
    let target = dir.join("target.json");
    std::fs::write(&target, "old").unwrap();
    let link = dir.join("link.json");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    good.save(&link).unwrap();
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert_eq!(Results::load(&target).unwrap(), good);
    // A link to nothing yet: written through, creating the target.
    let dangling = dir.join("dangling.json");
    let created = dir.join("created.json");
    std::os::unix::fs::symlink(&created, &dangling).unwrap();
    good.save(&dangling).unwrap();
    assert!(std::fs::symlink_metadata(&dangling).unwrap().is_symlink());
    assert_eq!(Results::load(&created).unwrap(), good);

    // A regular file is still replaced whole, and no temporary file is left beside it.
    let plain = dir.join("plain.json");
    std::fs::write(&plain, "old").unwrap();
    good.save(&plain).unwrap();
    assert_eq!(Results::load(&plain).unwrap(), good);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "created.json",
            "dangling.json",
            "link.json",
            "plain.json",
            "results.fifo",
            "target.json"
        ]
    );
    // A folder is an error naming it.
    let error = good.save(&dir).unwrap_err();
    assert!(matches!(error, ResultsError::Io { .. }), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// As root, `play amazes --results /dev/full` replaced the device node with a regular file.
#[test]
fn results_to_dev_full_are_a_clean_error_and_the_device_stays() {
    let full = Path::new("/dev/full");
    if !std::fs::metadata(full).is_ok_and(|m| m.file_type().is_char_device()) {
        return;
    }
    let error = results([2, 1], [0.5, 2.0]).save(full).unwrap_err();
    match &error {
        ResultsError::Io { path, source } => {
            assert_eq!(path, full);
            assert_eq!(source.raw_os_error(), Some(28), "ENOSPC: {source}");
        }
        other => panic!("{other}"),
    }
    assert!(error.to_string().starts_with("/dev/full: "), "{error}");
    let after = std::fs::symlink_metadata(full).unwrap();
    assert!(after.file_type().is_char_device(), "/dev/full was replaced");
    let leftovers: Vec<_> = std::fs::read_dir("/dev")
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains("full."))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn a_results_file_that_is_a_device_is_read_within_the_limit() {
    // /dev/zero reports size 0: it used to be read until memory ran out.
    let error = Results::load(Path::new("/dev/zero")).unwrap_err();
    assert!(
        matches!(error, ResultsError::TooLarge { bytes, .. } if bytes == MAX_RESULTS_FILE_BYTES + 1),
        "{error}"
    );
}

#[test]
fn ranks_beyond_the_players_and_absurd_scores_are_refused_naming_file_game_and_value() {
    let dir = temp_dir("values");
    let cases: [(&str, [u64; 2], [f64; 2], &str); 5] = [
        (
            "rank.json",
            [4294967295, 1],
            [0.5, 2.0],
            "seat 0: rank 4294967295",
        ),
        ("rank3.json", [1, 3], [0.5, 2.0], "seat 1: rank 3"),
        ("huge.json", [2, 1], [1e308, 2.0], "seat 0: score 1e308"),
        ("minus.json", [2, 1], [0.5, -1e308], "seat 1: score -1e308"),
        ("beyond.json", [2, 1], [0.5, 3e16], "seat 1: score 3e16"),
    ];
    for (name, ranks, scores, what) in cases {
        let path = dir.join(name);
        results([1, 2], [0.0, 0.0]).save(&path).unwrap();
        // Written as a hand-edited (or hostile) file would be.
        let text = std::fs::read_to_string(&path).unwrap();
        let text = text.replacen(
            r#""scores":[0.0,0.0],"ranks":[1,2]"#,
            &format!(
                r#""scores":[{:e},{:e}],"ranks":[{},{}]"#,
                scores[0], scores[1], ranks[0], ranks[1]
            ),
            1,
        );
        std::fs::write(&path, text).unwrap();
        let error = Results::load(&path).unwrap_err();
        assert!(
            matches!(&error, ResultsError::OutOfRange { index: 1, .. }),
            "{name}: {error}"
        );
        let message = error.to_string();
        assert!(
            message.starts_with(&format!("{}: game 1, ", path.display())),
            "{message}"
        );
        assert!(message.contains(what), "{message}");
    }
    // Parts given to a merge directly are checked too, named as given.
    let error = Results::merge(vec![("part one".into(), results([1, 9], [0.5, 2.0]))]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "part one: game 1, seat 1: rank 9 is out of range (1..=2)"
    );
    let mut nan = results([1, 2], [0.5, 2.0]);
    nan.records[1].scores[0] = f64::NAN;
    let error = Results::merge(vec![("p".into(), nan)]).unwrap_err();
    assert!(
        matches!(&error, ResultsError::OutOfRange { field: "score", .. }),
        "{error}"
    );
    // What the games produce passes.
    let fine = results([1, 1], [-1e6, 1e15]);
    assert_eq!(
        Results::merge(vec![("p".into(), fine.clone())]).unwrap(),
        fine
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `play view dogfight|tron3d|amazes /dev/zero` read without the byte limit until memory ran out
/// (a device's reported size is 0); CloudWars' scenario reader had no limit at all.
#[test]
fn recordings_that_are_devices_are_too_large_not_read_without_end() {
    fn too_large<G: Playable>(path: &Path) -> u64 {
        match G::load_recording(path) {
            Err(RecordingError::TooLarge { path: p, limit }) => {
                assert_eq!(p, path, "{}", G::NAME);
                limit
            }
            Err(other) => panic!("{}: {other}", G::NAME),
            Ok(_) => panic!("{}: a recording of /dev/zero", G::NAME),
        }
    }
    let zero = Path::new("/dev/zero");
    assert_eq!(
        too_large::<amazes::Game>(zero),
        amazes::trace::MAX_TRACE_FILE
    );
    assert_eq!(
        too_large::<dogfight::Game>(zero),
        dogfight::trace::MAX_FILE_BYTES
    );
    assert_eq!(
        too_large::<tron3d::Game>(zero),
        tron3d::replay::MAX_FILE_BYTES
    );
    // CloudWars reads the scenario beside the name it is given: a link to /dev/zero.
    let dir = temp_dir("recordings");
    let scenario = dir.join("x.scenario.json");
    std::os::unix::fs::symlink(zero, &scenario).unwrap();
    assert_eq!(
        too_large::<cloudwars::Game>(&scenario),
        cloudwars::replay::MAX_FILE_BYTES
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
