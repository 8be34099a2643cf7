//! `play GAME --league A,B,...` (issue 37 part 3): the bots play as a line-up, and each gets a
//! rating with a 95 % interval, printed after the table; `--html` writes the leaderboard page.

use crate::support::{play, temp_dir, text};

#[test]
fn a_league_of_four_tron3d_bots_is_rated_and_gets_a_leaderboard() {
    let dir = temp_dir("league", "tron3d");
    let page = dir.join("leaderboard.html");
    let out = play(&[
        "tron3d",
        "--league",
        "search,demo,null,tree",
        "--games",
        "8",
        "--rounds",
        "60",
        "--quiet",
        "--html",
        page.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout
            .contains("Plackett-Luce ratings of 4 bots, 8 games, 95% intervals, anchor search = 0"),
        "{stdout}"
    );
    let row = |bot: &str| {
        stdout
            .lines()
            .find(|line| line.split_whitespace().nth(1) == Some(bot) && line.contains('['))
            .unwrap_or_else(|| panic!("no rating row for {bot}: {stdout}"))
            .to_owned()
    };
    // `null` never moves: last, below the anchor with its whole interval.
    let null = row("null");
    assert!(null.trim_start().starts_with('4'), "{null}");
    for bot in ["demo", "tree"] {
        row(bot);
    }
    let html = std::fs::read_to_string(&page).unwrap();
    // The page embeds the ratings its script draws (drawn in Chromium by the arena's test).
    for bot in ["search", "demo", "null", "tree"] {
        assert!(html.contains(&format!("\"name\":\"{bot}\"")), "{bot}");
    }
    assert!(stdout.contains("leaderboard written to"), "{stdout}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A league needs one bot per seat: three bots in a two-player game is an error that says so.
#[test]
fn a_league_larger_than_the_seats_is_an_error() {
    let out = play(&[
        "cloudwars",
        "--league",
        "greedy,greedy,search",
        "--games",
        "2",
    ]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(stderr.contains('2') && stderr.contains('3'), "{stderr}");
}
