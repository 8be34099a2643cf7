//! `play amazes` from the library: a whole game's page stays small, and a missing maze says what
//! else there is.

use std::path::Path;

use examples::amazes::{read_maze, tournament};

#[test]
fn a_whole_game_page_is_under_two_megabytes() {
    // It was 36 MB: every picture was one line, so every frame carried all of it.
    let dir = std::env::temp_dir().join(format!("amazes-page-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("game.html");
    let words = ["play", "amazes", "--games", "1", "--quiet", "--html"];
    let words = words
        .iter()
        .map(|w| w.to_string())
        .chain([page.display().to_string()]);
    let Some(examples::cli::Command::Amazes(options)) =
        examples::cli::parse(words).unwrap().command
    else {
        panic!("not play amazes");
    };
    tournament(&options).unwrap();
    let bytes = std::fs::metadata(&page).unwrap().len();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(bytes < 2_000_000, "{bytes} bytes");
}

#[test]
fn a_missing_maze_says_what_else_there_is() {
    let error = read_maze(Path::new("99")).unwrap_err().to_string();
    assert!(error.starts_with("99: not a readable maze file"), "{error}");
    assert!(error.contains("shipped mazes"), "{error}");
    assert!(error.contains("--generated"), "{error}");
}
