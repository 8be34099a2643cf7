//! The page's pieces: JSON escaping, frames sent as changes to the previous picture, page paths.

use std::path::Path;

use arena::internals::FrameChanges;
use arena::viewer::{escape_json, page_path};

#[test]
fn json_escaping_is_valid_json_and_safe_in_a_script() {
    let text = "a\"b\\c</script><!--\n\t\u{1}é☃";
    let mut out = String::new();
    escape_json(text, &mut out);
    assert!(!out.contains('<'), "{out}");
    let back: String = serde_json::from_str(&out).unwrap();
    assert_eq!(back, text);
}

/// The page's rebuilding of a picture from a frame's changes (as `tail.html` does it).
fn apply(base: &[String], changes: &serde_json::Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    for change in changes.as_array().unwrap() {
        match change.as_str() {
            Some(line) => out.push(line.to_owned()),
            None => {
                let n = change.as_i64().unwrap();
                if n > 0 {
                    out.extend_from_slice(&base[i..i + n as usize]);
                }
                i += n.unsigned_abs() as usize;
            }
        }
    }
    out.extend_from_slice(&base[i..]);
    out
}

#[test]
fn frame_changes_rebuild_every_picture() {
    let pictures = [
        "",
        "a\nb\nc\n",
        "a\nb\nc\n",
        "a\nx\nb\nc",
        "c\nb\na\nx\n",
        "a\na\na\nb\n",
        "b\n\"</script>\\\n",
        "",
        "q\nr\ns\nt\nu\nv\n",
        "q\nr2\ns\nt\nu2\nv\nw\n",
        "q\n",
    ];
    let mut frames = FrameChanges::new();
    let mut lines: Vec<String> = Vec::new();
    for picture in pictures {
        let mut json = b"[".to_vec();
        json.extend_from_slice(frames.next(picture));
        json.push(b']');
        let changes: serde_json::Value = serde_json::from_slice(&json).unwrap();
        lines = apply(&lines, &changes);
        let expected: Vec<&str> = picture.lines().collect();
        assert_eq!(lines, expected, "{picture:?} from {changes}");
    }
    // A picture that does not change is sent as no change at all.
    assert!(frames.next("q\n").is_empty());
}

#[test]
fn page_paths() {
    let base = Path::new("/tmp/g.html");
    assert_eq!(page_path(base, 1, 0), base);
    assert_eq!(page_path(base, 3, 2), Path::new("/tmp/g-2.html"));
}
