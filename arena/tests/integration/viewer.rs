//! The replay viewer on a toy game: what the page holds, how it is written, and (in headless
//! Chromium) what it shows.
//!
//! The toy: each player adds its number + 1 to its total every round, for `rounds` rounds, so the
//! scores at step k are known: player p has k * (p + 1).

use crate::browser;

use std::path::Path;

use arena::runner::{Entry, GameSetup, play_game};
use arena::viewer::{Recorder, ViewerError, ViewerOptions, write_html};
use arena::{Bot, Playable};
use pathfind::tree::{Game, Moves, Outcome, PlayerSet, ranks_from_scores};

use browser::{Browser, TempDir};

#[derive(Debug, Clone, PartialEq)]
struct Toy {
    players: usize,
    rounds: u32,
}

/// The final totals. Final scores differ from the running ones (+1000), so the page must show the
/// outcome's.
#[derive(Debug, Clone, PartialEq)]
struct Totals(Vec<u32>);

impl Outcome for Totals {
    fn ranks(&self) -> Vec<u32> {
        ranks_from_scores(&self.scores())
    }
    fn scores(&self) -> Vec<f64> {
        self.0.iter().map(|&t| f64::from(t) + 1000.0).collect()
    }
}

#[derive(Debug, Clone, PartialEq)]
struct ToyState {
    round: u32,
    totals: Vec<u32>,
}

impl Game for Toy {
    type State = ToyState;
    type Action = u32;
    type Events = ();
    type Outcome = Totals;
    type Observation = ToyState;

    fn moves(&self) -> Moves {
        Moves::Simultaneous
    }
    fn players(&self) -> usize {
        self.players
    }
    fn initial_state(&self, _seed: u64) -> ToyState {
        ToyState {
            round: 0,
            totals: vec![0; self.players],
        }
    }
    fn to_move(&self, state: &ToyState) -> PlayerSet {
        if self.is_terminal(state) {
            PlayerSet::EMPTY
        } else {
            PlayerSet::all(self.players)
        }
    }
    fn legal_actions(&self, state: &ToyState, player: usize, buf: &mut Vec<u32>) {
        buf.clear();
        if self.to_move(state).contains(player) {
            buf.push(player as u32 + 1);
        }
    }
    fn advance(&self, state: &mut ToyState, actions: &[u32]) {
        if self.is_terminal(state) {
            return;
        }
        for (total, &add) in state.totals.iter_mut().zip(actions) {
            *total += add;
        }
        state.round += 1;
    }
    fn is_terminal(&self, state: &ToyState) -> bool {
        state.round >= self.rounds
    }
    fn outcome(&self, state: &ToyState) -> Option<Totals> {
        self.is_terminal(state)
            .then(|| Totals(state.totals.clone()))
    }
    fn returns(&self, state: &ToyState, out: &mut [f64]) {
        let best = state.totals.iter().copied().max().unwrap_or(0).max(1);
        for (out, &total) in out.iter_mut().zip(&state.totals) {
            *out = f64::from(total) / f64::from(best);
        }
    }
    fn observe(&self, state: &ToyState, _player: usize) -> ToyState {
        state.clone()
    }
}

#[derive(Clone)]
struct Own;

impl Bot<Toy> for Own {
    fn name(&self) -> String {
        "own".into()
    }
    fn act(&mut self, _: &Toy, _: &ToyState, player: usize) -> u32 {
        player as u32 + 1
    }
}

impl Playable for Toy {
    const NAME: &'static str = "toy";

    fn current_scores(&self, state: &ToyState) -> Vec<f64> {
        state.totals.iter().map(|&t| f64::from(t)).collect()
    }
    fn render_svg(&self, state: &ToyState, out: &mut String) {
        // A quote, a backslash and a closing script tag in a comment: the embedding must survive.
        out.push_str(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 300 200\">\
             <!-- \"\\ </script> -->\n",
        );
        let colours = ["#c62828", "#1565c0", "#2e7d32", "#f9a825"];
        for (i, total) in state.totals.iter().enumerate() {
            out.push_str(&format!(
                "<rect class=\"bar\" x=\"{}\" y=\"0\" width=\"40\" height=\"{}\" fill=\"{}\"/>\n",
                10 + 60 * i,
                total.min(&200),
                colours[i % colours.len()]
            ));
        }
        out.push_str(&format!(
            "<text x=\"10\" y=\"190\" font-size=\"20\">round {}</text>\n</svg>\n",
            state.round
        ));
    }
}

fn toy() -> Toy {
    Toy {
        players: 3,
        rounds: 25,
    }
}

fn states(game: &Toy) -> Vec<ToyState> {
    let mut state = game.initial_state(0);
    let mut states = vec![state.clone()];
    while !game.is_terminal(&state) {
        let actions: Vec<u32> = (0..game.players as u32).map(|p| p + 1).collect();
        game.advance(&mut state, &actions);
        states.push(state.clone());
    }
    states
}

fn names() -> Vec<String> {
    ["ann", "bob <b>", "cy \"c\""].map(String::from).to_vec()
}

/// The JSON the page embeds.
fn embedded(page: &Path) -> serde_json::Value {
    let html = std::fs::read_to_string(page).unwrap();
    let start = html.find("id=\"game-data\">").unwrap() + "id=\"game-data\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

/// Every frame's picture, rebuilt from the embedded changes as the page's script does: `n > 0`
/// keeps `n` lines, `n < 0` drops them, a string inserts a line, the rest is kept.
fn pictures(data: &serde_json::Value) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut out = Vec::new();
    for frame in data["frames"].as_array().unwrap() {
        let mut next = Vec::new();
        let mut i = 0;
        for change in frame["svg"].as_array().unwrap() {
            match change {
                serde_json::Value::String(line) => next.push(line.clone()),
                n => {
                    let n = n.as_i64().unwrap();
                    if n > 0 {
                        next.extend_from_slice(&lines[i..i + n as usize]);
                        i += n as usize;
                    } else {
                        i += n.unsigned_abs() as usize;
                    }
                }
            }
        }
        next.extend_from_slice(&lines[i..]);
        lines = next;
        out.push(lines.join("\n"));
    }
    out
}

#[test]
fn the_page_embeds_sampled_steps_with_the_last_and_the_final_scores() {
    let dir = TempDir::new("toy-json");
    let page = dir.0.join("toy.html");
    let game = toy();
    let options = ViewerOptions {
        every: 10,
        title: None,
    };
    let summary = write_html(&page, &game, &names(), states(&game), &options).unwrap();
    assert_eq!(summary.frames, 4);
    assert_eq!(summary.last_step, 25);
    assert_eq!(summary.final_scores, [1025.0, 1050.0, 1075.0]);
    assert_eq!(summary.bytes, std::fs::metadata(&page).unwrap().len());
    let data = embedded(&page);
    let steps: Vec<u64> = data["frames"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["step"].as_u64().unwrap())
        .collect();
    assert_eq!(steps, [0, 10, 20, 25]);
    assert_eq!(data["frames"][1]["scores"], serde_json::json!([10, 20, 30]));
    // Each picture is rebuilt exactly from the changes, and the markup is safe in the script.
    let rebuilt = pictures(&data);
    let all = states(&game);
    for (frame, step) in rebuilt.iter().zip([0, 10, 20, 25]) {
        let mut svg = String::new();
        game.render_svg(&all[step], &mut svg);
        assert_eq!(frame, svg.trim_end_matches('\n'), "step {step}");
    }
    assert!(rebuilt[3].contains("</script>"));
    assert_eq!(data["final"], serde_json::json!([1025, 1050, 1075]));
    assert_eq!(data["ranks"], serde_json::json!([3, 2, 1]));
    assert_eq!(data["names"][2], "cy \"c\"");
    assert_eq!(data["steps"], 25);
    // Nothing but the page in the folder: the temporary file was renamed.
    assert_eq!(std::fs::read_dir(&dir.0).unwrap().count(), 1);
}

#[test]
fn a_recorder_watching_a_game_writes_the_same_page_as_its_states() {
    let dir = TempDir::new("toy-recorder");
    let game = toy();
    let lineup = vec![Entry::of(Own); 3];
    let setup = GameSetup {
        index: 0,
        seed: 0,
        seats: vec![0, 1, 2],
    };
    let mut recorder = Recorder::new(7);
    play_game(&game, &lineup, &setup, &mut recorder).unwrap();
    let options = ViewerOptions {
        every: 7,
        title: Some("same".into()),
    };
    let watched = dir.0.join("watched.html");
    let from_states = dir.0.join("states.html");
    recorder.write(&watched, &game, &names(), &options).unwrap();
    write_html(
        &from_states,
        &game,
        &names(),
        states(&game).iter(),
        &options,
    )
    .unwrap();
    assert_eq!(
        std::fs::read(&watched).unwrap(),
        std::fs::read(&from_states).unwrap()
    );
}

#[test]
fn bad_paths_samplings_and_empty_recordings_are_one_line_errors_leaving_nothing() {
    let dir = TempDir::new("toy-errors");
    let game = toy();
    let missing = dir.0.join("no such folder").join("toy.html");
    let error = write_html(
        &missing,
        &game,
        &names(),
        states(&game),
        &ViewerOptions::default(),
    )
    .unwrap_err();
    assert!(matches!(error, ViewerError::Io { .. }), "{error:?}");
    let message = error.to_string();
    assert!(
        message.starts_with(&missing.display().to_string()),
        "{message}"
    );
    assert!(!message.contains('\n'), "{message}");

    let page = dir.0.join("toy.html");
    let zero = ViewerOptions {
        every: 0,
        title: None,
    };
    let error = write_html(&page, &game, &names(), states(&game), &zero).unwrap_err();
    assert!(
        matches!(error, ViewerError::BadSampling { every: 0, .. }),
        "{error:?}"
    );
    let error = write_html(
        &page,
        &game,
        &names(),
        Vec::<ToyState>::new(),
        &ViewerOptions::default(),
    )
    .unwrap_err();
    assert!(matches!(error, ViewerError::Empty { .. }), "{error:?}");
    // A folder in the page's place: written to the temporary file, then the rename fails.
    std::fs::create_dir(&page).unwrap();
    std::fs::write(page.join("keep"), "x").unwrap();
    let error = write_html(
        &page,
        &game,
        &names(),
        states(&game),
        &ViewerOptions::default(),
    )
    .unwrap_err();
    assert!(matches!(error, ViewerError::Io { .. }), "{error:?}");
    let left: Vec<_> = std::fs::read_dir(&dir.0)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, ["toy.html"], "only the folder is left");
}

#[test]
fn the_page_runs_in_chromium_and_shows_the_steps_and_scores() {
    let Some(browser) = Browser::find("viewer toy page") else {
        return;
    };
    let dir = TempDir::new("toy-browser");
    let page = dir.0.join("toy page.html");
    let game = toy();
    let options = ViewerOptions {
        every: 5,
        title: None,
    };
    let all = states(&game);
    write_html(&page, &game, &names(), &all, &options).unwrap();
    let final_scores = game.outcome(all.last().unwrap()).unwrap().scores();
    browser::check_opens_at_first_step(&browser, &page);
    browser::check_page_at(
        &browser,
        &dir.0,
        &page,
        &final_scores,
        15,
        &game.current_scores(&all[15]),
    );
    // A step that was not sampled shows the last sampled one before it.
    let dom = browser.dump_dom(&page, "#step=13");
    browser::assert_ran_cleanly(&dom);
    assert_eq!(browser::viewer_attribute(&dom, "data-step"), "10");
    assert_eq!(browser::viewer_attribute(&dom, "data-frames"), "6");
    // The picture is step 10's, rebuilt from the frames' changes.
    assert!(dom.contains(">round 10</text>"), "step 10's picture");
    // The names are text, not markup.
    assert!(dom.contains("bob &lt;b&gt;"), "names escaped");
    // The chart has one line per player.
    assert_eq!(dom.matches("class=\"score-line\"").count(), 3);
}

#[test]
fn a_script_error_is_caught_and_exposed() {
    let Some(browser) = Browser::find("viewer script error") else {
        return;
    };
    let dir = TempDir::new("toy-error");
    let page = dir.0.join("broken.html");
    let game = toy();
    write_html(
        &page,
        &game,
        &names(),
        states(&game),
        &ViewerOptions::default(),
    )
    .unwrap();
    // Break the embedded data: the frames lose their scores.
    let html = std::fs::read_to_string(&page)
        .unwrap()
        .replace("\"scores\":", "\"x\":");
    std::fs::write(&page, html).unwrap();
    let dom = browser.dump_dom(&page, "");
    let error = browser::viewer_attribute(&dom, "data-error");
    assert!(error.contains("TypeError"), "{error:?}");
    assert!(dom.contains("id=\"error\""));
}

/// A page is written like a results file (`arena::output`): through a FIFO (read whole by its
/// reader, the FIFO left in place) and at a link's target (the link stays); the summary counts
/// the bytes written, which a FIFO's size cannot say.
#[test]
fn a_page_is_written_through_a_fifo_and_a_link_never_replacing_them() {
    use std::os::unix::fs::FileTypeExt as _;
    let dir = TempDir::new("toy-fifo");
    let game = toy();
    let options = ViewerOptions {
        every: 10,
        title: None,
    };
    let fifo = dir.0.join("page.fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    let summary = write_html(&fifo, &game, &names(), states(&game), &options).unwrap();
    let read = reader.join().unwrap();
    assert_eq!(summary.bytes, read.len() as u64);
    assert!(String::from_utf8_lossy(&read).ends_with("</html>\n"));
    let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
    assert!(kind.is_fifo(), "the FIFO was replaced");

    let target = dir.0.join("target.html");
    std::fs::write(&target, "old").unwrap();
    let link = dir.0.join("link.html");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let summary = write_html(&link, &game, &names(), states(&game), &options).unwrap();
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert_eq!(summary.bytes, std::fs::metadata(&target).unwrap().len());
}
