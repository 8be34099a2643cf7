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

/// A league of more bots than seats is a round robin (or a gauntlet): every pair of four Dogfight
/// bots plays; shards merged give the same ratings as one run.
#[test]
fn a_round_robin_league_rates_more_bots_than_seats_and_merges() {
    let dir = temp_dir("league", "round-robin");
    let league = "search,random,straight,fast-random";
    let whole = play(&["dogfight", "--league", league, "--games", "24", "--quiet"]);
    assert!(whole.status.success(), "{}", text(&whole.stderr));
    let stdout = text(&whole.stdout);
    let ratings = |s: &str| s[s.find("Bradley-Terry ratings of 4 bots").expect(s)..].to_owned();
    let table = ratings(&stdout);
    assert!(table.contains("anchor search = 0"), "{table}");
    let mut files = Vec::new();
    for shard in ["0/2", "1/2"] {
        let file = dir.join(format!("part{}.json", &shard[..1]));
        let out = play(&[
            "dogfight",
            "--league",
            league,
            "--games",
            "24",
            "--quiet",
            "--shard",
            shard,
            "--results",
            file.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        files.push(file.to_str().unwrap().to_owned());
    }
    let text_of = std::fs::read_to_string(&files[0]).unwrap();
    assert!(
        text_of.contains(r#""schedule":{"kind":"round_robin","seats":2}"#),
        "{text_of}"
    );
    assert!(text_of.contains(r#""ratings":{"#), "the ratings are kept");
    let merged = play(&["merge", &files[0], &files[1]]);
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    let merged = text(&merged.stdout);
    // The ratings' lines (the table above them names the shards' files differently).
    let rows = |s: &str| -> Vec<String> { ratings(s).lines().take(6).map(str::to_owned).collect() };
    assert_eq!(rows(&merged), rows(&stdout));
    // Without --league, three bots in a two-player game are the game's line-up error.
    let out = play(&[
        "cloudwars",
        "--bots",
        "greedy,greedy,search",
        "--games",
        "2",
    ]);
    assert!(!out.status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}
