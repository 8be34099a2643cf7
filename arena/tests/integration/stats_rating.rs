//! Ratings of a pool (`arena::stats::rating`): simulated players of known strengths, in
//! two-player and four-player games, recovered within their 95 % intervals; intervals that
//! shrink with more games; the anchor at exactly 0; a bot that won everything; ties; results
//! files; and the leaderboard page in headless Chromium.

use std::path::Path;

use arena::results::Results;
use arena::stats::rating::{
    MAX_PLAYERS, Pool, RatingError, RatingOptions, Ratings, write_leaderboard,
};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use crate::browser::{self, Browser, TempDir};

/// The natural-log strength of a rating: `γ = 10^(r/400) = e^θ`.
fn theta(rating: f64) -> f64 {
    rating * std::f64::consts::LN_10 / 400.0
}

/// The places of one Plackett–Luce game of players rated `ratings` (no ties): the order of
/// `θ + Gumbel noise` is a Plackett–Luce draw.
fn places(rng: &mut Pcg64, ratings: &[f64]) -> Vec<u32> {
    let keys: Vec<f64> = ratings
        .iter()
        .map(|&r| {
            let u: f64 = rng.random::<f64>().max(f64::MIN_POSITIVE);
            theta(r) - (-u.ln()).ln()
        })
        .collect();
    let mut order: Vec<usize> = (0..ratings.len()).collect();
    order.sort_by(|&a, &b| keys[b].total_cmp(&keys[a]));
    let mut places = vec![0; ratings.len()];
    for (place, &seat) in order.iter().enumerate() {
        places[seat] = place as u32 + 1;
    }
    places
}

/// A round robin of two-player games, `per_pair` games per pair of bots rated `truth`.
fn duel_pool(truth: &[f64], per_pair: usize, seed: u64) -> Pool {
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut pool = Pool::with_bots((0..truth.len()).map(|i| format!("bot{i}")));
    for a in 0..truth.len() {
        for b in a + 1..truth.len() {
            for game in 0..per_pair {
                // Seats alternate (they do not matter here, but the pool should not care).
                let (first, second) = if game % 2 == 0 { (a, b) } else { (b, a) };
                let p = places(&mut rng, &[truth[first], truth[second]]);
                pool.add_game(&[(first, p[0]), (second, p[1])]).unwrap();
            }
        }
    }
    pool
}

/// `games` four-player games, each of four distinct bots drawn from those rated `truth`.
fn four_player_pool(truth: &[f64], games: usize, seed: u64) -> Pool {
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut pool = Pool::with_bots((0..truth.len()).map(|i| format!("bot{i}")));
    let mut bots: Vec<usize> = (0..truth.len()).collect();
    for _ in 0..games {
        bots.shuffle(&mut rng);
        let seated = &bots[..4];
        let ratings: Vec<f64> = seated.iter().map(|&b| truth[b]).collect();
        let p = places(&mut rng, &ratings);
        let seats: Vec<(usize, u32)> = seated.iter().copied().zip(p).collect();
        pool.add_game(&seats).unwrap();
    }
    pool
}

/// How many bots (the anchor, bot 0, left out) have their true rating relative to the
/// anchor's inside their 95 % interval, and how many were checked.
fn covered(ratings: &Ratings, truth: &[f64]) -> (usize, usize) {
    let mut inside = 0;
    for (i, bot) in ratings.bots.iter().enumerate().skip(1) {
        assert_eq!(bot.name, format!("bot{i}"));
        let relative = truth[i] - truth[0];
        if bot.lower <= relative && relative <= bot.upper {
            inside += 1;
        }
    }
    (inside, truth.len() - 1)
}

#[test]
fn two_player_ratings_recover_the_true_strengths_within_their_intervals() {
    let truth = [0.0, 120.0, -80.0, 40.0, 250.0, -200.0];
    let (mut inside, mut checked) = (0, 0);
    for seed in 0..20 {
        let ratings = duel_pool(&truth, 40, seed)
            .ratings(&RatingOptions::default())
            .unwrap();
        assert_eq!(ratings.model, arena::stats::rating::Model::BradleyTerry);
        assert_eq!(ratings.games, 15 * 40);
        let (i, c) = covered(&ratings, &truth);
        inside += i;
        checked += c;
    }
    println!("two-player: {inside} of {checked} true ratings inside their 95% intervals");
    assert!(inside * 100 >= 90 * checked, "{inside} of {checked} inside");
}

#[test]
fn four_player_ratings_recover_the_true_strengths_within_their_intervals() {
    let truth = [0.0, 100.0, -100.0, 200.0, 50.0, -150.0, 300.0, -50.0];
    let (mut inside, mut checked) = (0, 0);
    for seed in 0..20 {
        let ratings = four_player_pool(&truth, 300, 100 + seed)
            .ratings(&RatingOptions::default())
            .unwrap();
        assert_eq!(ratings.model, arena::stats::rating::Model::PlackettLuce);
        let (i, c) = covered(&ratings, &truth);
        inside += i;
        checked += c;
    }
    println!("four-player: {inside} of {checked} true ratings inside their 95% intervals");
    assert!(inside * 100 >= 90 * checked, "{inside} of {checked} inside");
}

#[test]
fn intervals_shrink_as_the_square_root_of_the_games() {
    let truth = [0.0, 100.0, -100.0, 200.0, 50.0, -150.0];
    let few = four_player_pool(&truth, 200, 7)
        .ratings(&RatingOptions::default())
        .unwrap();
    let many = four_player_pool(&truth, 800, 7)
        .ratings(&RatingOptions::default())
        .unwrap();
    let mut sum = 0.0;
    for (a, b) in few.bots.iter().zip(&many.bots).skip(1) {
        let ratio = (b.upper - b.lower) / (a.upper - a.lower);
        assert!(
            (0.35..0.7).contains(&ratio),
            "{}: width {} with 200 games, {} with 800",
            a.name,
            a.upper - a.lower,
            b.upper - b.lower
        );
        sum += ratio;
    }
    let mean = sum / (truth.len() - 1) as f64;
    assert!(
        (0.42..0.58).contains(&mean),
        "mean ratio {mean}, about 1/2 expected"
    );
    assert_eq!((few.games, many.games), (200, 800));
}

#[test]
fn the_anchor_is_exactly_zero_and_moving_it_shifts_every_rating_alike() {
    let truth = [0.0, 150.0, -50.0, 80.0, -120.0];
    let pool = four_player_pool(&truth, 200, 11);
    let first = pool.ratings(&RatingOptions::default()).unwrap();
    assert_eq!(first.anchor, "bot0");
    let bot0 = first.get("bot0").unwrap();
    assert_eq!((bot0.rating, bot0.lower, bot0.upper), (0.0, 0.0, 0.0));
    let other = pool
        .ratings(&RatingOptions::default().anchor("bot3"))
        .unwrap();
    assert_eq!(other.anchor, "bot3");
    let bot3 = other.get("bot3").unwrap();
    assert_eq!((bot3.rating, bot3.lower, bot3.upper), (0.0, 0.0, 0.0));
    let shift = first.get("bot3").unwrap().rating;
    for (a, b) in first.bots.iter().zip(&other.bots) {
        assert!(
            (a.rating - shift - b.rating).abs() < 1e-6,
            "{}: {} vs {}",
            a.name,
            a.rating,
            b.rating
        );
    }
    // The difference of two bots and its interval do not depend on the anchor.
    for (x, y) in [("bot1", "bot2"), ("bot4", "bot0"), ("bot3", "bot1")] {
        let (d, e) = (
            first.difference(x, y).unwrap(),
            other.difference(x, y).unwrap(),
        );
        assert!(
            (d.rating - e.rating).abs() < 1e-6,
            "{x}-{y}: {d:?} vs {e:?}"
        );
        assert!((d.lower - e.lower).abs() < 1e-6, "{x}-{y}: {d:?} vs {e:?}");
        assert!((d.upper - e.upper).abs() < 1e-6, "{x}-{y}: {d:?} vs {e:?}");
    }
    // A bot's interval is that of its difference from the anchor.
    let d = first.difference("bot2", "bot0").unwrap();
    let bot2 = first.get("bot2").unwrap();
    assert!((d.lower - bot2.lower).abs() < 1e-9 && (d.upper - bot2.upper).abs() < 1e-9);
}

#[test]
fn a_bot_that_won_everything_stays_finite() {
    let mut rng = Pcg64::seed_from_u64(3);
    let mut pool = Pool::with_bots(["a", "champ", "b", "c"]);
    for _ in 0..100 {
        let mut rest = places(&mut rng, &[0.0, 0.0, 0.0]);
        rest.iter_mut().for_each(|p| *p += 1);
        pool.add_game(&[(1, 1), (0, rest[0]), (2, rest[1]), (3, rest[2])])
            .unwrap();
    }
    let ratings = pool.ratings(&RatingOptions::default()).unwrap();
    let champ = ratings.get("champ").unwrap();
    assert!(
        champ.rating.is_finite() && champ.upper.is_finite(),
        "{champ:?}"
    );
    assert!(champ.rating > 500.0 && champ.rating < 2000.0, "{champ:?}");
    for other in ["a", "b", "c"] {
        let other = ratings.get(other).unwrap();
        assert!(other.rating.abs() < 150.0, "{other:?}");
        let d = ratings.difference("champ", &other.name).unwrap();
        assert!(d.lower > 300.0, "{d:?}");
    }
    assert_eq!(ratings.ranked()[0].name, "champ");
    // Without a prior there is no finite maximum, and the error says who ran off.
    assert_eq!(
        pool.ratings(&RatingOptions::default().prior(0.0)),
        Err(RatingError::NoMaximum {
            bot: "champ".into(),
            ahead: true
        })
    );
    // A pool where everyone won and lost has a plain maximum likelihood too.
    let plain = four_player_pool(&[0.0, 50.0, 100.0, -50.0, 20.0], 200, 5)
        .ratings(&RatingOptions::default().prior(0.0))
        .unwrap();
    assert_eq!(plain.prior, 0.0);
}

#[test]
fn ties_count_as_the_mean_of_their_orders() {
    let options = RatingOptions::default();
    // Two draws weigh exactly as one win and one loss.
    let mut draws = Pool::with_bots(["a", "b", "c"]);
    let mut split = Pool::with_bots(["a", "b", "c"]);
    for _ in 0..5 {
        draws.add_game(&[(0, 1), (1, 1)]).unwrap();
        draws.add_game(&[(0, 1), (1, 1)]).unwrap();
        split.add_game(&[(0, 1), (1, 2)]).unwrap();
        split.add_game(&[(0, 2), (1, 1)]).unwrap();
        for pool in [&mut draws, &mut split] {
            pool.add_game(&[(2, 1), (0, 2)]).unwrap();
            pool.add_game(&[(2, 1), (1, 2)]).unwrap();
        }
    }
    assert_close(
        &draws.ratings(&options).unwrap(),
        &split.ratings(&options).unwrap(),
    );
    // A tie of a and b for first in a race of four: the mean of a first and b first.
    let mut ties = Pool::with_bots(["a", "b", "c", "d"]);
    let mut orders = Pool::with_bots(["a", "b", "c", "d"]);
    for _ in 0..8 {
        for _ in 0..2 {
            ties.add_game(&[(0, 1), (1, 1), (2, 3), (3, 4)]).unwrap();
        }
        orders.add_game(&[(0, 1), (1, 2), (2, 3), (3, 4)]).unwrap();
        orders.add_game(&[(0, 2), (1, 1), (2, 3), (3, 4)]).unwrap();
        for pool in [&mut ties, &mut orders] {
            pool.add_game(&[(3, 1), (2, 2), (1, 3), (0, 4)]).unwrap();
        }
    }
    let (tied, ordered) = (
        ties.ratings(&options).unwrap(),
        orders.ratings(&options).unwrap(),
    );
    assert_close(&tied, &ordered);
    // Every game a four-way tie: everyone equal.
    let mut level = Pool::with_bots(["a", "b", "c", "d"]);
    for _ in 0..10 {
        level.add_game(&[(0, 1), (1, 1), (2, 1), (3, 1)]).unwrap();
        level.add_game(&[(3, 2), (1, 2), (0, 2), (2, 2)]).unwrap();
    }
    let level = level.ratings(&options).unwrap();
    for bot in &level.bots {
        assert!(bot.rating.abs() < 1e-9, "{bot:?}");
        assert_eq!(bot.games, 20);
    }
    assert_eq!(level.head_to_head[1][2].games, 20);
    assert_eq!(level.head_to_head[1][2].score, 10.0);
    // Ties among the losers, and the seats' order does not matter.
    let mut a = Pool::with_bots(["w", "x", "y", "z"]);
    let mut b = Pool::with_bots(["w", "x", "y", "z"]);
    for _ in 0..6 {
        a.add_game(&[(0, 1), (1, 2), (2, 2), (3, 2)]).unwrap();
        b.add_game(&[(3, 2), (2, 2), (0, 1), (1, 2)]).unwrap();
        a.add_game(&[(1, 1), (0, 2), (2, 3), (3, 3)]).unwrap();
        b.add_game(&[(2, 7), (1, 1), (3, 7), (0, 5)]).unwrap();
    }
    let (a, b) = (a.ratings(&options).unwrap(), b.ratings(&options).unwrap());
    assert_close(&a, &b);
    assert!((a.get("y").unwrap().rating - a.get("z").unwrap().rating).abs() < 1e-9);
    assert!(a.get("x").unwrap().rating > a.get("y").unwrap().rating);
}

/// Asserts two fits agree to rounding.
fn assert_close(a: &Ratings, b: &Ratings) {
    assert_eq!(a.bots.len(), b.bots.len());
    for (x, y) in a.bots.iter().zip(&b.bots) {
        assert_eq!((&x.name, x.games), (&y.name, y.games));
        for (u, v) in [(x.rating, y.rating), (x.lower, y.lower), (x.upper, y.upper)] {
            assert!((u - v).abs() < 1e-6, "{x:?} vs {y:?}");
        }
    }
    assert_eq!(a.head_to_head, b.head_to_head);
}

#[test]
fn bad_games_and_options_are_refused() {
    let mut pool = Pool::with_bots(["a", "b", "c", "d"]);
    assert_eq!(
        pool.ratings(&RatingOptions::default()),
        Err(RatingError::NoGames)
    );
    assert_eq!(
        pool.add_game(&[(0, 1)]),
        Err(RatingError::Players {
            game: 0,
            players: 1
        })
    );
    let eleven: Vec<(usize, u32)> = (0..=MAX_PLAYERS).map(|i| (i % 4, i as u32 + 1)).collect();
    assert_eq!(
        pool.add_game(&eleven),
        Err(RatingError::Players {
            game: 0,
            players: 11
        })
    );
    assert_eq!(
        pool.add_game(&[(0, 1), (4, 2)]),
        Err(RatingError::UnknownBot {
            game: 0,
            bot: 4,
            pool: 4
        })
    );
    let ten: Vec<(usize, u32)> = (0..MAX_PLAYERS).map(|i| (i % 2, 1)).collect();
    pool.add_game(&ten).unwrap(); // a ten-way tie of a and b: 2^10 orders
    pool.add_game(&[(2, 1), (3, 2)]).unwrap();
    assert_eq!(pool.games(), 2);
    let error = pool.ratings(&RatingOptions::default()).unwrap_err();
    assert_eq!(
        error,
        RatingError::Disconnected {
            anchor: "a".into(),
            bots: vec!["c".into(), "d".into()]
        }
    );
    assert!(
        error
            .to_string()
            .starts_with("c, d never played the anchor a")
    );
    pool.add_game(&[(1, 2), (2, 1)]).unwrap();
    let ratings = pool.ratings(&RatingOptions::default()).unwrap();
    assert_eq!(ratings.get("a").unwrap().games, 5);
    assert_eq!(ratings.head_to_head[0][1].games, 25);
    assert_eq!(
        pool.ratings(&RatingOptions::default().anchor("e")),
        Err(RatingError::UnknownAnchor {
            name: "e".into(),
            bots: "a, b, c, d".into()
        })
    );
    for prior in [-1.0, f64::NAN, f64::INFINITY] {
        assert!(matches!(
            pool.ratings(&RatingOptions::default().prior(prior)),
            Err(RatingError::Prior { .. })
        ));
    }
}

/// A results file of `games` four-player games among `lineup` (seats rotating), places drawn
/// for bots rated `truth` (per line-up entry), as JSON: built through serde, as a file is read.
fn league(lineup: &[&str], truth: &[f64], games: u64, seed: u64) -> Results {
    let mut rng = Pcg64::seed_from_u64(seed);
    let players = lineup.len();
    let records: Vec<serde_json::Value> = (0..games)
        .map(|index| {
            let seats: Vec<usize> = (0..players)
                .map(|seat| (seat + index as usize) % players)
                .collect();
            let ratings: Vec<f64> = seats.iter().map(|&e| truth[e]).collect();
            let ranks = places(&mut rng, &ratings);
            let scores: Vec<f64> = ranks.iter().map(|&r| f64::from(10 - r)).collect();
            serde_json::json!({
                "index": index, "seats": seats, "scores": scores, "ranks": ranks, "steps": 50
            })
        })
        .collect();
    serde_json::from_value(serde_json::json!({
        "format": arena::results::RESULTS_FORMAT,
        "shard": null,
        "tournament": {
            "game": "tron3d", "setup": "", "lineup": lineup, "games": games, "seed": seed,
            "rotate": true
        },
        "records": records,
    }))
    .unwrap()
}

#[test]
fn a_results_file_gives_the_same_ratings_and_ratings_round_trip() {
    let dir = TempDir::new("ratings-file");
    let results = league(&["a", "b", "c", "d"], &[0.0, 100.0, -50.0, 200.0], 120, 9);
    let file = dir.0.join("league.json");
    results.save(&file).unwrap();
    let loaded = Results::load(&file).unwrap();
    let options = RatingOptions::default();
    let direct = Pool::from_results(&results)
        .unwrap()
        .ratings(&options)
        .unwrap();
    let from_file = Pool::from_results(&loaded)
        .unwrap()
        .ratings(&options)
        .unwrap();
    assert_eq!(direct, from_file);
    assert_eq!(direct.games, 120);
    assert_eq!(direct.bots[3].games, 120);
    // The ratings through JSON: the same to the last bits that JSON's decimal keeps.
    let text = serde_json::to_string(&direct).unwrap();
    let back: Ratings = serde_json::from_str(&text).unwrap();
    assert_close(&direct, &back);
    assert_eq!(back.covariance.len(), 4);
    assert_eq!(direct.to_string(), back.to_string());
    // A bot named twice in the line-up is one bot, holding two seats.
    let twice = league(&["a", "b", "a", "c"], &[0.0, 0.0, 0.0, 0.0], 20, 1);
    let pool = Pool::from_results(&twice).unwrap();
    assert_eq!(pool.names(), ["a", "b", "c"]);
    let ratings = pool.ratings(&options).unwrap();
    assert_eq!(ratings.get("a").unwrap().games, 40);
    assert_eq!(ratings.head_to_head[0][1].games, 40);
    assert_eq!(ratings.head_to_head[1][2].games, 20);
}

#[test]
fn the_table_is_sorted_and_marks_the_anchor() {
    let truth = [0.0, 200.0, -100.0, 50.0];
    let ratings = four_player_pool(&truth, 100, 2)
        .ratings(&RatingOptions::default())
        .unwrap();
    let table = ratings.to_string();
    let lines: Vec<&str> = table.lines().collect();
    assert!(
        lines[0].starts_with(
            "Plackett-Luce ratings of 4 bots, 100 games, 95% intervals, anchor bot0 = 0"
        ),
        "{table}"
    );
    assert_eq!(lines.len(), 2 + truth.len());
    let ranked = ratings.ranked();
    for (k, (line, bot)) in lines[2..].iter().zip(&ranked).enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[0], (k + 1).to_string(), "{table}");
        assert_eq!(words[1], bot.name, "{table}");
        assert_eq!(
            words[2].parse::<f64>().unwrap(),
            (bot.rating * 10.0).round() / 10.0
        );
        assert_eq!(line.contains("anchor"), bot.name == "bot0", "{table}");
    }
}

#[test]
fn the_leaderboard_page_draws_the_table_bars_and_matrix() {
    let dir = TempDir::new("leaderboard");
    let truth = [0.0, 150.0, -80.0, 60.0, 250.0];
    let ratings = four_player_pool(&truth, 150, 21)
        .ratings(&RatingOptions::default().anchor("bot2"))
        .unwrap();
    let page = dir.0.join("board.html");
    let title = "league </script><b>4</b> & co";
    write_leaderboard(&page, &ratings, title).unwrap();
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(!html.contains("</script><b>"), "the title is escaped");
    assert!(
        !html.contains(" src=") && !html.contains("href=\"http"),
        "no external assets"
    );
    // An unwritable path is an error naming it.
    let nowhere = dir.0.join("no/such/dir/board.html");
    let error = write_leaderboard(&nowhere, &ratings, title).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with(&nowhere.display().to_string())
    );

    let Some(browser) = Browser::find("leaderboard page") else {
        return;
    };
    let png = dir.0.join("board.png");
    let dom = browser.dump_dom_and_screenshot(&page, "", &png, 1000, 700);
    browser::assert_ran_cleanly(&dom);
    let n = truth.len();
    assert_eq!(browser::viewer_attribute(&dom, "data-bots"), n.to_string());
    assert_eq!(browser::viewer_attribute(&dom, "data-bars"), n.to_string());
    assert_eq!(browser::viewer_attribute(&dom, "data-anchor"), "bot2");
    let pairs = (0..n)
        .flat_map(|i| (0..n).map(move |j| (i, j)))
        .filter(|&(i, j)| i != j && ratings.head_to_head[i][j].games > 0)
        .count();
    assert_eq!(
        browser::viewer_attribute(&dom, "data-cells"),
        pairs.to_string()
    );
    assert!(
        dom.contains("league &lt;/script&gt;&lt;b&gt;4&lt;/b&gt; &amp; co"),
        "the title"
    );
    assert!(
        dom.contains("<td class=\"interval\">anchor</td>"),
        "the anchor marked"
    );
    // One bar per bot in rank order, all on one linear scale: x = offset + scale · lower.
    let mut scales = Vec::new();
    let mut offsets = Vec::new();
    for (k, bot) in ratings.ranked().iter().enumerate() {
        let attributes = browser::attributes(&dom, "rect", &format!("bar-{k}"));
        let get = |name: &str| {
            attributes
                .iter()
                .find(|(key, _)| key == name)
                .map(|(_, v)| v.clone())
                .unwrap_or_else(|| panic!("bar-{k} has no {name}"))
        };
        assert_eq!(get("data-bot"), bot.name);
        let number = |name: &str| get(name).parse::<f64>().unwrap();
        assert!((number("data-lower") - bot.lower).abs() < 1e-6);
        assert!((number("data-upper") - bot.upper).abs() < 1e-6);
        let (x, width) = (number("x"), number("width"));
        if bot.name == "bot2" {
            assert!(width.abs() < 1e-3, "the anchor's bar is a point: {width}");
            offsets.push((x, 0.0));
        } else {
            assert!(width > 10.0, "{}'s bar is drawn: width {width}", bot.name);
            let scale = width / (bot.upper - bot.lower);
            scales.push(scale);
            offsets.push((x, bot.lower));
        }
    }
    let scale = scales[0];
    for s in &scales {
        assert!((s - scale).abs() < 1e-3 * scale, "one scale: {scales:?}");
    }
    let offset = offsets[0].0 - scale * offsets[0].1;
    for &(x, lower) in &offsets {
        assert!(
            (x - (offset + scale * lower)).abs() < 0.05,
            "bars on one axis: {offsets:?}"
        );
    }
    assert!(dom.contains("id=\"h2h\""), "the head-to-head matrix");
    browser::assert_not_blank(&png);
}

#[test]
fn the_leaderboard_is_written_through_a_link_to_its_target() {
    let dir = TempDir::new("leaderboard-link");
    let mut pool = Pool::with_bots(["a", "b"]);
    pool.add_game(&[(0, 1), (1, 2)]).unwrap();
    let ratings = pool.ratings(&RatingOptions::default()).unwrap();
    let target = dir.0.join("target.html");
    std::fs::write(&target, "old").unwrap();
    let link = dir.0.join("link.html");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    write_leaderboard(&link, &ratings, "t").unwrap();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        std::fs::read_to_string(Path::new(&target))
            .unwrap()
            .starts_with("<!DOCTYPE html>")
    );
}
