//! `arena::stats::sprt` against the anchors: the published figures of fastchess's tests (which
//! compute fishtest's generalized LLR and fastchess's Elo), to their printed precision; the
//! degenerate counts (nothing played, all draws, all wins, one pair) without NaN; and simulated
//! SPRTs with fixed seeds: between equal bots H1 is accepted at about `alpha`, and a strong
//! difference is found within the expected number of pairs.

use arena::stats::sprt::{
    Counts, Interval, Model, Outcome, Pentanomial, SprtConfig, SprtError, Trinomial, Verdict,
};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

fn config(text: &str) -> SprtConfig {
    text.parse().unwrap()
}

/// `x` as printed with two decimals.
fn two(x: f64) -> String {
    format!("{x:.2}")
}

/// fastchess's `Stats(LL, LD, WL, DD, WD, WW)` as our five categories (WL and DD both score 1).
fn fastchess_penta(ll: u64, ld: u64, wl: u64, dd: u64, wd: u64, ww: u64) -> Pentanomial {
    Pentanomial([ll, ld, wl + dd, wd, ww])
}

/// fastchess's `Stats(wins, losses, draws)`.
fn fastchess_wdl(wins: u64, losses: u64, draws: u64) -> Trinomial {
    Trinomial {
        losses,
        draws,
        wins,
    }
}

/// The LLR figures of fastchess's `app/tests/sprt_test.cpp` (alpha = beta = 0.05), each its
/// test's name: fishtest's `LLR_normalized` / `LLR_logistic` of the counts. The first is the
/// issue's fishtest pentanomial case, 365, 16618, 36229, 16974, 390 with normalized [0, 2].
#[test]
fn llr_matches_fastchess_and_fishtest() {
    let penta = [
        // "normalized pentanomial 1"
        (
            fastchess_penta(365, 16618, 36029, 200, 16974, 390),
            "elo0=0,elo1=2,model=normalized",
            "2.25",
        ),
        // "normalized pentanomial 2"
        (
            fastchess_penta(127, 4883, 10311, 401, 5150, 104),
            "elo0=-1.75,elo1=0.25,model=normalized",
            "3.01",
        ),
        // "logistic pentanomial 1"
        (
            fastchess_penta(223, 9863, 20279, 1000, 10037, 246),
            "elo0=0.5,elo1=2.5,model=logistic",
            "-3.07",
        ),
        // "logistic pentanomial 2"
        (
            fastchess_penta(871, 26175, 55003, 980, 26678, 821),
            "elo0=0,elo1=2,model=logistic",
            "-4.98",
        ),
    ];
    assert_eq!(penta[0].0, Pentanomial([365, 16618, 36229, 16974, 390]));
    for (counts, sprt, expected) in penta {
        assert_eq!(two(config(sprt).llr(&counts)), expected, "{counts} {sprt}");
    }
    let tri = [
        // "normalized trinomial 1"
        (
            fastchess_wdl(36433, 36027, 68692),
            "elo0=0,elo1=2,model=normalized",
            "0.92",
        ),
        // "normalized trinomial 2"
        (
            fastchess_wdl(10871, 10650, 20431),
            "elo0=-1.75,elo1=0.25,model=normalized",
            "2.30",
        ),
        // "logistic trinomial 1"
        (
            fastchess_wdl(21404, 21184, 40708),
            "elo0=0.5,elo1=2.5,model=logistic",
            "-1.57",
        ),
        // "logistic trinomial 2"
        (
            fastchess_wdl(57433, 57030, 106593),
            "elo0=0,elo1=2,model=logistic",
            "-2.59",
        ),
    ];
    for (counts, sprt, expected) in tri {
        assert_eq!(two(config(sprt).llr(&counts)), expected, "{counts} {sprt}");
    }
}

/// fastchess's "normalized pentanomial 3" (`Stats(0, 0, 0, 0, 0, 5550)`, [0, 5]: 2.94) and
/// "normalized trinomial 3" (4250 wins, [0, 10]: 2.97) expect the bound, ln 19 = 2.94, within
/// their 1 % tolerance: a run of wins that ends a test. fishtest's maximum-likelihood ratio of
/// those counts is far beyond the bound (H1 accepted by a wide margin), which is what we give.
#[test]
fn all_wins_pass_the_upper_bound() {
    let sprt = config("elo0=0,elo1=5,model=normalized");
    let llr = sprt.llr(&Pentanomial([0, 0, 0, 0, 5550]));
    assert!(llr > sprt.bounds().upper, "{llr}");
    let sprt = config("elo0=0,elo1=10,model=normalized");
    let llr = sprt.llr(&fastchess_wdl(4250, 0, 0));
    assert!(llr > sprt.bounds().upper, "{llr}");
}

#[test]
fn bounds_are_walds() {
    let bounds = config("elo0=0,elo1=2").bounds();
    assert_eq!(
        (two(bounds.lower), two(bounds.upper)),
        ("-2.94".into(), "2.94".into())
    );
    let bounds = config("elo0=0,elo1=2,alpha=0.01,beta=0.1").bounds();
    assert!((bounds.lower - (0.1f64 / 0.99).ln()).abs() < 1e-15);
    assert!((bounds.upper - (0.9f64 / 0.01).ln()).abs() < 1e-15);
}

/// `value +/- error` as fastchess prints an estimate.
fn pm(interval: Interval) -> String {
    format!("{:.2} +/- {:.2}", interval.value, interval.error())
}

/// The Elo figures of fastchess's `app/tests/elo_test.cpp` (each its test's name), to their
/// printed precision.
#[test]
fn elo_matches_fastchess() {
    // "EloPentanomial 1"
    let counts = fastchess_penta(34, 54, 31, 32, 64, 75);
    assert_eq!(pm(counts.elo()), "55.58 +/- 27.65");
    assert_eq!(pm(counts.normalized_elo()), "57.94 +/- 28.28");
    assert_eq!(format!("{:.2} %", 100.0 * counts.los()), "100.00 %");
    assert_eq!(format!("{:.3}", counts.score()), "0.579");
    // "EloPentanomial 2"
    let counts = fastchess_penta(332, 433, 457, 41, 333, 334);
    assert_eq!(pm(counts.elo()), "-8.64 +/- 10.33");
    assert_eq!(pm(counts.normalized_elo()), "-9.17 +/- 10.96");
    assert_eq!(format!("{:.2} %", 100.0 * counts.los()), "5.05 %");
    // "EloPentanomial 3"
    let counts = fastchess_penta(7895, 8757, 5485, 200, 568, 9999);
    assert_eq!(pm(counts.elo()), "-21.04 +/- 2.95");
    assert_eq!(pm(counts.normalized_elo()), "-19.01 +/- 2.65");
    // "EloWDL 1"
    let counts = fastchess_wdl(76, 89, 123);
    assert_eq!(pm(counts.normalized_elo()), "-20.76 +/- 40.13");
    assert_eq!(format!("{:.2} %", 100.0 * counts.los()), "15.53 %");
    // "EloWDL 2"
    let counts = fastchess_wdl(136, 96, 111);
    assert_eq!(pm(counts.elo()), "40.70 +/- 30.43");
    assert_eq!(pm(counts.normalized_elo()), "49.77 +/- 36.77");
    assert_eq!(format!("{:.2} %", 100.0 * counts.los()), "99.60 %");
    // "EloWDL 3": no draws at all
    let counts = fastchess_wdl(34, 356, 0);
    assert_eq!(pm(counts.normalized_elo()), "-508.44 +/- 34.48");
}

#[test]
fn elo_interval_is_the_score_interval_mapped() {
    let counts = Pentanomial([485, 1923, 2942, 1937, 594]);
    let elo = counts.elo();
    assert!(elo.lower < elo.value && elo.value < elo.upper);
    // asymmetric about the estimate, ± half the width
    assert!((elo.error() - (elo.upper - elo.lower) / 2.0).abs() < 1e-12);
    let nelo = counts.normalized_elo();
    assert!((nelo.value - nelo.lower - (nelo.upper - nelo.value)).abs() < 1e-9);
    // the normalized interval's half-width is 1.96 · 800/ln 10 / √(2 pairs)
    let expected = 1.959963984540054 * 800.0 / std::f64::consts::LN_10 / (2.0f64 * 7881.0).sqrt();
    assert!((nelo.error() - expected).abs() < 1e-9);
}

/// Every figure of a report is a number, never NaN.
fn assert_no_nan(counts: &impl Counts, sprt: &SprtConfig) {
    let report = sprt.test(counts);
    let figures = [
        report.points,
        report.score,
        report.elo.value,
        report.elo.lower,
        report.elo.upper,
        report.elo.error(),
        report.normalized_elo.value,
        report.normalized_elo.lower,
        report.normalized_elo.upper,
        report.normalized_elo.error(),
        report.los,
        report.draw_ratio,
        report.llr,
        report.lower,
        report.upper,
    ];
    assert!(
        figures.iter().all(|x| !x.is_nan()),
        "{:?} {sprt}: {figures:?}",
        counts.tally()
    );
    assert!(report.llr.is_finite(), "{report}");
    // (past 2^53 pairs a score may round to 1 in f64, and its Elo is infinite)
    if report.games < 1 << 53 {
        assert!(report.elo.value.is_finite(), "{report}");
        assert!(report.normalized_elo.value.is_finite(), "{report}");
    }
    assert!(report.elo.lower <= report.elo.value && report.elo.value <= report.elo.upper);
    assert!((0.0..=1.0).contains(&report.los));
    assert!(!report.to_string().contains("NaN"), "{report}");
}

#[test]
fn nothing_played_is_no_evidence() {
    for sprt in ["elo0=0,elo1=5", "elo0=-3,elo1=1,model=logistic"].map(config) {
        let report = sprt.test(&Pentanomial::default());
        assert_eq!(
            (report.games, report.pairs, report.score),
            (0, Some(0), 0.5)
        );
        assert_eq!(report.elo.value, 0.0);
        assert_eq!(
            (report.elo.lower, report.elo.upper),
            (f64::NEG_INFINITY, f64::INFINITY)
        );
        assert_eq!(report.normalized_elo.error(), f64::INFINITY);
        assert_eq!((report.los, report.draw_ratio, report.llr), (0.5, 0.0, 0.0));
        assert_eq!(report.verdict, Verdict::Continue);
        let report = sprt.test(&Trinomial::default());
        assert_eq!((report.games, report.pairs, report.llr), (0, None, 0.0));
    }
}

#[test]
fn degenerate_counts_have_no_nan() {
    let configs = [
        "elo0=0,elo1=5",
        "elo0=-200,elo1=200",
        "elo0=0,elo1=200",
        "elo0=-1000,elo1=1000,model=logistic",
        "elo0=0,elo1=2,model=logistic",
    ]
    .map(config);
    for sprt in &configs {
        for n in [0, 1, 2, 10, 1000, 1_000_000_000] {
            for k in 0..5 {
                let mut counts = [0; 5];
                counts[k] = n;
                assert_no_nan(&Pentanomial(counts), sprt);
                if k < 3 {
                    assert_no_nan(
                        &Trinomial {
                            losses: counts[0],
                            draws: counts[1],
                            wins: counts[2],
                        },
                        sprt,
                    );
                }
            }
        }
        // every small count
        for code in 0..4u32.pow(5) {
            let counts: [u64; 5] =
                std::array::from_fn(|k| u64::from(code / 4u32.pow(k as u32) % 4));
            assert_no_nan(&Pentanomial(counts), sprt);
        }
        // past f64's integers, and u64's end (totals saturate)
        assert_no_nan(&Pentanomial([u64::MAX; 5]), sprt);
        assert_no_nan(&Pentanomial([1, 0, 0, 0, u64::MAX]), sprt);
    }
}

#[test]
fn all_draws_never_accept_h1() {
    // two copies of one deterministic bot: every pair 1-1
    for sprt in [
        "elo0=0,elo1=5",
        "elo0=0,elo1=20",
        "elo0=0,elo1=5,model=logistic",
    ]
    .map(config)
    {
        for pairs in [1, 2, 5, 100, 10_000] {
            let report = sprt.test(&Pentanomial([0, 0, pairs, 0, 0]));
            assert!(report.llr <= 0.0, "{report}");
            assert_ne!(report.verdict, Verdict::AcceptH1);
            assert_eq!(report.score, 0.5);
            // (regularized: the five categories' weights sum to ½ up to rounding)
            assert!(report.elo.value.abs() < 1e-9, "{report}");
            assert!(report.normalized_elo.value.abs() < 1e-9, "{report}");
            assert_eq!(report.draw_ratio, 1.0);
        }
    }
}

#[test]
fn a_perfect_score_has_a_finite_estimate_and_an_open_interval() {
    let counts = Pentanomial([0, 0, 0, 0, 3]);
    let elo = counts.elo();
    assert_eq!(counts.score(), 1.0);
    assert!(elo.value.is_finite() && elo.value > 1000.0, "{elo:?}");
    assert!(elo.lower.is_finite() && elo.lower > 0.0, "{elo:?}");
    assert_eq!((elo.upper, elo.error()), (f64::INFINITY, f64::INFINITY));
    assert!(counts.los() > 0.99);
    // and the mirror
    let elo = Pentanomial([3, 0, 0, 0, 0]).elo();
    assert!(elo.value < -1000.0 && elo.lower == f64::NEG_INFINITY && elo.upper < 0.0);
    // a single pair
    let report = config("elo0=0,elo1=5").test(&Pentanomial([0, 0, 0, 1, 0]));
    assert_eq!(report.verdict, Verdict::Continue);
    assert!(report.llr > 0.0 && report.elo.value > 0.0, "{report}");
}

#[test]
fn counts_add_up() {
    let mut counts = Pentanomial::default();
    for (a, b) in [
        (Outcome::Win, Outcome::Win),
        (Outcome::Win, Outcome::Loss),
        (Outcome::Draw, Outcome::Draw),
        (Outcome::Loss, Outcome::Draw),
    ] {
        counts.add_pair(a, b);
    }
    assert!(!counts.add(5));
    assert!(!counts.add(u8::MAX));
    assert_eq!(counts, Pentanomial([0, 1, 2, 0, 1]));
    assert_eq!(
        (counts.pairs(), counts.games(), counts.points()),
        (4, 8, 4.5)
    );
    let mut saturated = Pentanomial([u64::MAX, 0, 0, 0, 0]);
    assert!(saturated.add(0));
    assert_eq!(saturated.0[0], u64::MAX);
    let mut games = Trinomial::default();
    games.add(Outcome::Win);
    games.add(Outcome::Win);
    games.add(Outcome::Loss);
    assert_eq!((games.games(), games.points()), (3, 2.0));
}

#[test]
fn counts_parse() {
    assert_eq!(
        "[1, 2, 3, 4, 5]".parse::<Pentanomial>().unwrap(),
        Pentanomial([1, 2, 3, 4, 5])
    );
    assert_eq!(
        Pentanomial([1, 2, 3, 4, 5])
            .to_string()
            .parse::<Pentanomial>()
            .unwrap()
            .0[4],
        5
    );
    assert!(matches!(
        "1,2,3,4".parse::<Pentanomial>(),
        Err(SprtError::Length { expected: 5, .. })
    ));
    assert!(matches!(
        "1,2,-3,4,5".parse::<Pentanomial>(),
        Err(SprtError::Count { position: 3, .. })
    ));
    assert!(matches!(
        "1,,3".parse::<Trinomial>(),
        Err(SprtError::Count { position: 2, .. })
    ));
    let error = "1,2,x".parse::<Trinomial>().unwrap_err().to_string();
    assert!(
        error.contains("\"x\"") && error.contains("item 3"),
        "{error}"
    );
}

#[test]
fn config_parses_with_fastchess_defaults_and_names_what_is_wrong() {
    let sprt = config("elo0=0,elo1=5");
    assert_eq!(
        (sprt.alpha(), sprt.beta(), sprt.model()),
        (0.05, 0.05, Model::Normalized)
    );
    let cases: [(&str, &str); 12] = [
        ("elo0=0,elo1=5,gamma=1", "unknown key \"gamma\""),
        ("elo0=0,elo1=5,elo0=1", "elo0 is given twice"),
        ("elo1=5", "elo0 is missing"),
        ("elo0=0", "elo1 is missing"),
        ("elo0=0,elo1", "\"elo1\": expected key=value"),
        ("elo0=0,elo1=5,", "\"\": expected key=value"),
        ("elo0=0,elo1=NaN", "elo1=\"NaN\": a finite number"),
        (
            "elo0=0,elo1=5,model=bayesian",
            "model=\"bayesian\": normalized or logistic",
        ),
        ("elo0=5,elo1=0", "elo0 (5) must be below elo1 (0)"),
        (
            "elo0=0,elo1=300",
            "elo1=300: the normalized model takes Elo bounds within ±200",
        ),
        (
            "elo0=0,elo1=5,alpha=0",
            "alpha=0: a probability strictly between 0 and 1",
        ),
        (
            "elo0=0,elo1=5,alpha=0.5,beta=0.5",
            "alpha + beta (0.5 + 0.5) must be below 1",
        ),
    ];
    for (text, message) in cases {
        let error = text.parse::<SprtConfig>().unwrap_err().to_string();
        assert!(error.contains(message), "{text}: {error}");
    }
    // logistic bounds reach further
    assert!(
        "elo0=0,elo1=300,model=logistic"
            .parse::<SprtConfig>()
            .is_ok()
    );
    // serde goes through the same text
    let json = serde_json::to_string(&sprt).unwrap();
    assert_eq!(
        json,
        "\"elo0=0,elo1=5,alpha=0.05,beta=0.05,model=normalized\""
    );
    assert_eq!(serde_json::from_str::<SprtConfig>(&json).unwrap(), sprt);
    assert!(serde_json::from_str::<SprtConfig>("\"elo0=1,elo1=0\"").is_err());
}

#[test]
fn report_prints_every_figure() {
    let sprt = config("elo0=0,elo1=2,model=normalized");
    let report = sprt.test(&Pentanomial([365, 16618, 36229, 16974, 390]));
    let text = report.to_string();
    print!("{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 8, "{text}");
    assert_eq!(
        lines[0],
        "SPRT: elo0=0,elo1=2,alpha=0.05,beta=0.05,model=normalized"
    );
    assert_eq!(
        lines[1],
        "Games: 141152, Pairs: 70576, Points: 70779.0 (50.14 %)"
    );
    assert_eq!(lines[2], "Ptnml(0-2): [365, 16618, 36229, 16974, 390]");
    assert!(
        lines[3].starts_with("Elo: ") && lines[3].contains("+/-") && lines[3].contains("95 % [")
    );
    assert!(lines[4].starts_with("nElo: ") && lines[4].contains("+/-"));
    assert!(
        lines[5].starts_with("LOS: ") && lines[5].contains("DrawRatio: 51.33 %"),
        "{text}"
    );
    assert_eq!(lines[6], "LLR: 2.25 (-2.94, 2.94) [0.00, 2.00]");
    assert_eq!(lines[7], "Verdict: continue");
}

/// One pair's score in half points, drawn from `probabilities` (of 0 to 4 half points).
fn draw_pair(rng: &mut Pcg64Mcg, probabilities: &[f64; 5]) -> u8 {
    let mut u: f64 = rng.random();
    for (halves, &p) in probabilities.iter().enumerate() {
        if u < p {
            return halves as u8;
        }
        u -= p;
    }
    4
}

/// Runs an SPRT on pairs drawn from `probabilities` until it decides or `cap` pairs were played;
/// returns the verdict and the pairs played.
fn simulate(sprt: &SprtConfig, probabilities: &[f64; 5], seed: u64, cap: u64) -> (Verdict, u64) {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut counts = Pentanomial::default();
    let bounds = sprt.bounds();
    for pairs in 1..=cap {
        counts.add(draw_pair(&mut rng, probabilities));
        let verdict = bounds.verdict(sprt.llr(&counts));
        if verdict != Verdict::Continue {
            return (verdict, pairs);
        }
    }
    (Verdict::Continue, cap)
}

/// Equal bots (a symmetric pair distribution: H0 of `elo0 = 0` holds), 2000 tests: H1 is
/// accepted at about `alpha` = 0.05 (102 times with these seeds; the binomial standard
/// deviation of the rate is 0.005). The generalized LLR of a few pairs jumps a little more
/// than Wald's; the jump past the bound works the other way.
#[test]
fn equal_bots_accept_h1_at_about_alpha() {
    let sprt = config("elo0=0,elo1=50,alpha=0.05,beta=0.05,model=normalized");
    let equal = [0.05, 0.2, 0.5, 0.2, 0.05];
    let runs = 2000;
    let (mut h1, mut pairs, mut open) = (0, 0, 0);
    for seed in 0..runs {
        let (verdict, n) = simulate(&sprt, &equal, seed, 5000);
        pairs += n;
        match verdict {
            Verdict::AcceptH1 => h1 += 1,
            Verdict::Continue => open += 1,
            Verdict::AcceptH0 => {}
        }
    }
    let rate = h1 as f64 / runs as f64;
    eprintln!(
        "equal bots: H1 in {h1} of {runs} ({rate:.4}), {open} open, {:.1} pairs on average",
        pairs as f64 / runs as f64
    );
    assert_eq!(open, 0);
    assert!((0.035..=0.065).contains(&rate), "{rate}");
}

/// A strong difference (the first bot's pairs score 1.25 of 2 on average) against [0, 50]: H1 is
/// accepted in every test, in about the number of pairs Wald's approximation gives (the upper
/// bound over the LLR's mean gain per pair, plus the jump past it).
#[test]
fn a_strong_difference_is_found_within_the_expected_pairs() {
    let sprt = config("elo0=0,elo1=50,alpha=0.05,beta=0.05,model=normalized");
    let strong = [0.02, 0.13, 0.40, 0.30, 0.15];
    // The LLR's mean gain per pair: the LLR of a large sample drawn exactly as `strong`.
    let scale = 1e6;
    let exact = Pentanomial(strong.map(|p| (p * scale) as u64));
    let drift = sprt.llr(&exact) / scale;
    let expected = sprt.bounds().upper / drift;
    let runs = 300;
    let (mut h1, mut pairs, mut longest) = (0, 0, 0);
    for seed in 0..runs {
        let (verdict, n) = simulate(&sprt, &strong, 1_000_000 + seed, 5000);
        h1 += u64::from(verdict == Verdict::AcceptH1);
        pairs += n;
        longest = longest.max(n);
    }
    let mean = pairs as f64 / runs as f64;
    eprintln!(
        "strong difference: H1 in {h1} of {runs}, {mean:.1} pairs on average (Wald: {expected:.1}), longest {longest}"
    );
    assert!(h1 as f64 >= 0.99 * runs as f64, "{h1}");
    assert!(
        mean >= 0.7 * expected && mean <= 1.5 * expected,
        "{mean} against {expected}"
    );
}
