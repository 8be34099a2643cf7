//! `play sprt`: the SPRT's figures for given counts, as fastchess's and fishtest's calculators
//! print them, and a typed error naming what is wrong in bad input.

use crate::support::{play, text};

#[test]
fn pentanomial_counts_print_every_figure() {
    // fishtest's pentanomial case (fastchess's `app/tests/sprt_test.cpp`, "normalized
    // pentanomial 1"): LLR 2.25 against the bounds ±2.94.
    let out = play(&[
        "sprt",
        "--penta",
        "365,16618,36229,16974,390",
        "--sprt",
        "elo0=0,elo1=2,model=normalized",
    ]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines,
        [
            "SPRT: elo0=0,elo1=2,alpha=0.05,beta=0.05,model=normalized",
            "Games: 141152, Pairs: 70576, Points: 70779.0 (50.14 %)",
            "Ptnml(0-2): [365, 16618, 36229, 16974, 390]",
            "Elo: 1.00 +/- 0.92, 95 % [0.08, 1.92]",
            "nElo: 1.96 +/- 1.81, 95 % [0.15, 3.77]",
            "LOS: 98.31 %, DrawRatio: 51.33 %",
            "LLR: 2.25 (-2.94, 2.94) [0.00, 2.00]",
            "Verdict: continue",
        ],
        "{stdout}"
    );
}

#[test]
fn trinomial_counts_and_the_verdicts() {
    // fastchess's "logistic trinomial 1" (21404 wins, 21184 losses, 40708 draws): LLR -1.57.
    let out = play(&[
        "sprt",
        "--trinomial",
        "21184,40708,21404",
        "--sprt",
        "elo0=0.5,elo1=2.5,model=logistic",
    ]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("Games: 83296, Wins: 21404, Losses: 21184, Draws: 40708, Points: "),
        "{stdout}"
    );
    assert!(
        stdout.contains("\nLLR: -1.57 (-2.94, 2.94) [0.50, 2.50]\n"),
        "{stdout}"
    );
    assert!(!stdout.contains("Ptnml"), "{stdout}");
    // A run of won pairs passes; two copies of one bot (every pair 1-1) fail.
    let out = play(&["sprt", "--penta", "0,0,0,0,100", "--sprt", "elo0=0,elo1=20"]);
    assert!(
        text(&out.stdout).ends_with("Verdict: H1 accepted\n"),
        "{}",
        text(&out.stdout)
    );
    let out = play(&[
        "sprt",
        "--penta",
        "0,0,1000,0,0",
        "--sprt",
        "elo0=0,elo1=20",
    ]);
    assert!(
        text(&out.stdout).ends_with("Verdict: H0 accepted\n"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn bad_input_is_an_error_that_names_it() {
    let cases: [(&[&str], &str); 7] = [
        (
            &["--penta", "1,2,3", "--sprt", "elo0=0,elo1=5"],
            "expected 5 comma-separated counts",
        ),
        (
            &["--penta", "1,2,x,4,5", "--sprt", "elo0=0,elo1=5"],
            "\"x\" (item 3",
        ),
        (
            &["--trinomial", "1,2,3", "--sprt", "elo0=0,elo1=5,gamma=1"],
            "unknown key \"gamma\"",
        ),
        (
            &["--penta", "1,2,3,4,5", "--sprt", "elo0=5,elo1=0"],
            "elo0 (5) must be below elo1 (0)",
        ),
        (&["--penta", "1,2,3,4,5"], "--sprt"),
        (&["--sprt", "elo0=0,elo1=5"], "--penta"),
        (
            &[
                "--penta",
                "1,2,3,4,5",
                "--trinomial",
                "1,2,3",
                "--sprt",
                "elo0=0,elo1=5",
            ],
            "cannot be used with",
        ),
    ];
    for (args, message) in cases {
        let out = play(&[&["sprt"], args].concat());
        let stderr = text(&out.stderr);
        assert!(!out.status.success(), "{args:?}: {}", text(&out.stdout));
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
