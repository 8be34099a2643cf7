//! Faults told plainly and command lines that say what they do (issue 36, parts 5 and 6), as a
//! user of `play` sees them: each bot's first fault under the table, in the results file and on
//! the page, in one vocabulary; `cmd:` words quoted as in a shell, commas inside quotes kept.

use crate::support::{play, temp_dir, text};

/// An Amazes program that floods (`cat /dev/zero`), its command line quoted: `sh -c` gets one
/// argument holding spaces and a comma (split at whitespace, or the bots at every comma, it
/// would not run, or not be one bot). Its first fault, with the game, the step and why, is under
/// the table, in the results file with its step, and on the page at that step; the flood names
/// the reader's limit, not a length it never read.
#[test]
fn a_programs_first_fault_is_under_the_table_in_the_results_and_on_the_page() {
    let dir = temp_dir("faults", "amazes");
    let (results, page) = (dir.join("results.json"), dir.join("game.html"));
    let bot = "cmd:sh -c 'exec cat /dev/zero # a, b'";
    let out = play(&[
        "amazes",
        "--games",
        "2",
        "--quiet",
        "--bots",
        &format!("{bot},random"),
        "--results",
        results.to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let fault = "flood: turn 1: a line longer than 4096 bytes";
    let line = format!("faults of {bot}: 2 flood; first in game 0 at step 1: {fault}");
    assert!(stdout.lines().any(|l| l == line), "{stdout}");

    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&results).unwrap()).unwrap();
    assert_eq!(value["tournament"]["lineup"][0], bot);
    let record = &value["records"][0];
    assert_eq!(record["faults"][0], fault, "{record}");
    assert_eq!(record["fault_steps"][0], 1, "{record}");
    assert!(record["faults"][1].is_null());
    // Seated second in game 1: Blue's first turn is the game's second step.
    assert_eq!(value["records"][1]["fault_steps"][1], 2);

    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains(&format!(
            "\"faults\":[{{\"step\":1,\"text\":\"{fault}\"}},null]"
        )),
        "no fault in the page's data"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A Dogfight program answering garbage has its fault said once (`garbage: round 1: ...`,
/// never `garbage: garbage:`), in the vocabulary of every game.
#[test]
fn a_dogfight_fault_is_said_once() {
    let dir = temp_dir("faults", "dogfight");
    let results = dir.join("results.json");
    let bot =
        "cmd:sh -c 'while read l; do [ \"$l\" = \"NEW TURN\" ] && echo hello && echo hello; done'";
    let out = play(&[
        "dogfight",
        "--games",
        "1",
        "--rounds",
        "3",
        "--quiet",
        "--bots",
        &format!("{bot},straight"),
        "--results",
        results.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    // The first of the match-up's ten fights, told once.
    let fault = "garbage: round 1: reply \"hello\" read as N 0 0 (fight 1 of 10)";
    let line = format!("faults of {bot}: 1 garbage; first in game 0 at step 1: {fault}");
    assert!(stdout.lines().any(|l| l == line), "{stdout}");
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&results).unwrap()).unwrap();
    assert_eq!(value["records"][0]["faults"][0], fault);
    assert_eq!(value["records"][0]["fault_steps"][0], 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--bots` splits at commas outside quotes only, and a quote left open in a program's command
/// line is an error that says so, before any game.
#[test]
fn bots_split_at_commas_outside_quotes_and_an_open_quote_is_an_error() {
    use examples::cli::split_bots;
    assert_eq!(
        split_bots("cmd:bot 'a,b' \"c,d\" e\\,f,random"),
        ["cmd:bot 'a,b' \"c,d\" e\\,f", "random"]
    );
    assert_eq!(split_bots("a,b,,c"), ["a", "b", "", "c"]);
    assert_eq!(split_bots("cmd:bot 'a,b"), ["cmd:bot 'a,b"]);
    let out = play(&[
        "amazes",
        "--games",
        "1",
        "--quiet",
        "--bots",
        "cmd:sh -c 'true",
        "--bots",
        "random",
    ]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(stderr.contains("a quote is left open"), "{stderr}");
    // `play --help` of a game says how `cmd:` is quoted.
    let help = text(&play(&["amazes", "--help"]).stdout);
    assert!(help.contains("commas outside quotes"), "{help}");
}
