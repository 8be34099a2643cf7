//! `play view` and `play GAME --html` from the command line: pages written, and bad input as one
//! line naming the file, a failure exit and nothing left behind.

use std::path::Path;
use std::process::Command;

fn play(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_play"))
        .args(args)
        .output()
        .expect("play runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn embedded(page: &Path) -> serde_json::Value {
    let html = std::fs::read_to_string(page).unwrap();
    let start = html.find("id=\"game-data\">").unwrap() + "id=\"game-data\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

#[test]
fn a_match_page_and_a_recording_page() {
    let dir = std::env::temp_dir().join(format!("viewer-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let t3d = dir.join("g.t3d");
    let html = dir.join("match.html");
    let (ok, out, err) = play(&[
        "tron3d",
        "--games",
        "1",
        "--rounds",
        "20",
        "--quiet",
        "--t3d",
        t3d.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
        "--html-every",
        "5",
    ]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("viewer written to"), "{out}");
    let data = embedded(&html);
    let steps: Vec<u64> = data["frames"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["step"].as_u64().unwrap())
        .collect();
    assert_eq!(steps, [0, 5, 10, 15, 20]);
    assert_eq!(data["game"], "tron3d");

    let view = dir.join("view.html");
    let (ok, out, err) = play(&[
        "view",
        "tron3d",
        t3d.to_str().unwrap(),
        "--html",
        view.to_str().unwrap(),
    ]);
    assert!(ok, "{out}{err}");
    let data = embedded(&view);
    assert_eq!(data["steps"], 20);
    assert_eq!(data["frames"].as_array().unwrap().len(), 21);
    assert_eq!(data["names"].as_array().unwrap().len(), 4);

    // An unwritable page: one line naming it, a failure, nothing written.
    let nowhere = dir.join("missing").join("view.html");
    let (ok, _, err) = play(&[
        "view",
        "tron3d",
        t3d.to_str().unwrap(),
        "--html",
        nowhere.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(&nowhere.display().to_string()), "{err}");

    // A recording that does not parse: one line naming it.
    let bad = dir.join("bad.t3d");
    std::fs::write(&bad, "not a game\n").unwrap();
    let page = dir.join("bad.html");
    let (ok, _, err) = play(&[
        "view",
        "tron3d",
        bad.to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(&bad.display().to_string()), "{err}");
    assert!(!page.exists());
    let left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn html_every_needs_html_and_view_needs_html() {
    let (ok, _, err) = play(&["dogfight", "--html-every", "3"]);
    assert!(!ok);
    assert!(err.contains("--html"), "{err}");
    let (ok, _, err) = play(&["view", "tron3d", "game.t3d"]);
    assert!(!ok);
    assert!(err.contains("--html"), "{err}");
}

/// `play GAME --html PAGE` shows the game the run played: game 0 of a two-game match with its
/// bots, seats and seed, whose final scores on the page are those the run recorded for game 0.
#[test]
fn the_match_page_is_the_game_the_run_played() {
    let dir = std::env::temp_dir().join(format!("viewer-match-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let cases: [(&str, &[&str]); 5] = [
        // One fight per game: the page of a match-up ends with its last fight.
        ("dogfight", &["--rounds", "40", "--matchup", "1"]),
        ("tron3d", &["--rounds", "30"]),
        ("cloudwars", &["--max-iterations", "300"]),
        ("amazes", &[]),
        ("windward", &["--max-ticks", "400", "--map", "2,1"]),
    ];
    for (game, extra) in cases {
        let page = dir.join(format!("{game}.html"));
        let results = dir.join(format!("{game}.json"));
        let mut args = vec![
            game,
            "--games",
            "2",
            "--seed",
            "11",
            "--quiet",
            "--results",
            results.to_str().unwrap(),
            "--html",
            page.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        let (ok, out, err) = play(&args);
        assert!(ok, "{game}: {out}{err}");
        assert_eq!(out.matches("viewer written to").count(), 1, "{game}: {out}");
        let results: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&results).unwrap()).unwrap();
        let record = results["records"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["index"] == 0)
            .unwrap_or_else(|| panic!("{game}: no game 0 in {results}"));
        let data = embedded(&page);
        let numbers = |v: &serde_json::Value| -> Vec<f64> {
            v.as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_f64().unwrap())
                .collect()
        };
        assert_eq!(
            numbers(&data["final"]),
            numbers(&record["scores"]),
            "{game}: final scores"
        );
        assert_eq!(
            data["steps"], record["steps"],
            "{game}: the page's last step is the game's length"
        );
        let lineup = results["tournament"]["lineup"].as_array().unwrap();
        let names: Vec<&serde_json::Value> = record["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| &lineup[e.as_u64().unwrap() as usize])
            .collect();
        assert_eq!(
            data["names"].as_array().unwrap().iter().collect::<Vec<_>>(),
            names,
            "{game}: the seats' bots"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `play GAME --html PAGE` into a folder that does not exist: one line naming the page, a
/// failure exit, and nothing written.
#[test]
fn an_unwritable_match_page_is_a_one_line_error() {
    let dir = std::env::temp_dir().join(format!("viewer-nowhere-{}", std::process::id()));
    let page = dir.join("missing").join("match.html");
    let (ok, out, err) = play(&[
        "tron3d",
        "--games",
        "1",
        "--rounds",
        "10",
        "--quiet",
        "--html",
        page.to_str().unwrap(),
    ]);
    assert!(!ok, "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(&page.display().to_string()), "{err}");
    assert!(!dir.exists());
}
