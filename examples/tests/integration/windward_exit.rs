//! Windward's end as the original kit's clients need it (issue 38 part 3): `<exit/>` reaches a
//! program before its input closes. The program here is the Windward sample wrapped the way the
//! kit's clients behave: it quits the moment its standard input ends. It must see its exit
//! message in every game.

use crate::support::{assert_every_stderr_says, play, temp_dir, text};

#[test]
fn a_client_that_quits_when_its_input_ends_sees_exit_in_every_game() {
    let dir = temp_dir("windward-exit", "kit-like");
    let own = dir.join("client");
    std::fs::create_dir_all(&own).unwrap();
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/windward/bot.py");
    std::fs::copy(sample, own.join("bot.py")).unwrap();
    let wrapper = own.join("kit_like.py");
    std::fs::write(
        &wrapper,
        "import os, runpy, sys, threading\n\
         def watch():\n    sys.stdin.read()\n    os._exit(0)\n\
         threading.Thread(target=watch, daemon=True).start()\n\
         bot = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'bot.py')\n\
         sys.argv = [bot] + sys.argv[1:]\n\
         runpy.run_path(bot, run_name='__main__')\n",
    )
    .unwrap();
    let logs = dir.join("logs");
    let out = play(&[
        "windward",
        "--games",
        "5",
        "--max-ticks",
        "200",
        "--quiet",
        "--bots",
        &format!("cmd:python3 {}", wrapper.display()),
        "--stderr-dir",
        logs.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_every_stderr_says(&dir, &logs, 5, "<exit/> received");
}

/// `--tps N`: a program that never syncs (the sample with `WINDWARD_NO_SYNC`, as the kit's
/// clients) plays at the original server's pace: 200 ticks at 96 a second take at least 2 s of
/// wall-clock time, with no fault.
#[test]
fn tps_plays_an_unsynced_client_at_the_original_pace() {
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/windward/bot.py");
    let dir = temp_dir("windward-exit", "tps");
    let file = dir.join("results.json");
    let started = std::time::Instant::now();
    let out = std::process::Command::new(crate::support::PLAY)
        .args([
            "windward",
            "--games",
            "1",
            "--max-ticks",
            "200",
            "--tps",
            "96",
            "--quiet",
        ])
        .args(["--pass-env", "WINDWARD_NO_SYNC", "--results"])
        .arg(&file)
        .arg("--bots")
        .arg(format!("cmd:python3 {sample}"))
        .env("WINDWARD_NO_SYNC", "1")
        .output()
        .unwrap();
    let took = started.elapsed();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(took >= std::time::Duration::from_millis(2000), "{took:?}");
    let results = std::fs::read_to_string(&file).unwrap();
    assert!(!results.contains("faults"), "{results}");
    assert!(results.contains("\"steps\":200"), "{results}");
    std::fs::remove_dir_all(&dir).unwrap();
}
