//! `play cloudwars --real-time` (issue 38 part 3): a client that sleeps 2 s between moves, as the
//! original Go repository's `myAi.go` does, plays a whole game without a fault; in lockstep it
//! gets `silence` at one of its first steps.

use crate::support::{assert_every_stderr_says, play, temp_dir, text};

#[test]
fn a_client_that_sleeps_between_moves_plays_a_whole_real_time_game() {
    let dir = temp_dir("cloudwars-real-time", "sleepy");
    let client = dir.join("sleepy.py");
    std::fs::write(
        &client,
        "import os, socket, sys, time\n\
         s = socket.create_connection(('127.0.0.1', int(os.environ['CONTEST_PORT'])))\n\
         f = s.makefile('rwb')\n\
         def ask(line):\n    f.write((line + '\\n').encode()); f.flush()\n    \
         reply = f.readline()\n    if not reply:\n        sys.exit(0)\n    return reply\n\
         ask('namesleepy'); ask('play')\n\
         while True:\n    ask('list'); ask('move1;0'); time.sleep(2)\n",
    )
    .unwrap();
    let results = dir.join("results.json");
    let bots = format!("cmd:python3 {},greedy", client.display());
    let run = |extra: &[&str]| {
        let mut args = vec![
            "cloudwars",
            "--max-iterations",
            "300",
            "--games",
            "1",
            "--fixed-seats",
            "--quiet",
            "--bots",
            &bots,
            "--results",
            results.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        let out = play(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        std::fs::read_to_string(&results).unwrap()
    };
    let real_time = run(&["--real-time"]);
    assert!(!real_time.contains("faults"), "{real_time}");
    assert!(
        real_time.contains("\"steps\":50"),
        "a whole game: {real_time}"
    );
    let lockstep = run(&[]);
    // Where exactly depends on the machine's load: one of its first steps.
    assert!(
        lockstep.contains("\"faults\":[\"silence: step "),
        "{lockstep}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The end of a game reaches a program before its input closes: the connection closes, and the
/// program has a grace to leave on its own. This client quits the moment its input ends (as a
/// client watching its standard input would), and says on its standard error when it saw the
/// connection close: in every game.
#[test]
fn the_end_of_a_game_reaches_the_program_before_its_input_closes() {
    let dir = temp_dir("cloudwars-real-time", "end");
    let client = dir.join("ender.py");
    std::fs::write(
        &client,
        "import os, socket, sys, threading\n\
         def watch():\n    sys.stdin.read()\n    os._exit(0)\n\
         threading.Thread(target=watch, daemon=True).start()\n\
         s = socket.create_connection(('127.0.0.1', int(os.environ['CONTEST_PORT'])))\n\
         f = s.makefile('rwb')\n\
         def ask(line):\n    f.write((line + '\\n').encode()); f.flush()\n    \
         reply = f.readline()\n    if not reply:\n        \
         print('game over seen', file=sys.stderr, flush=True)\n        os._exit(0)\n    \
         return reply\n\
         ask('nameender'); ask('play')\n\
         while True:\n    ask('list'); ask('move1;0')\n",
    )
    .unwrap();
    let logs = dir.join("logs");
    let out = play(&[
        "cloudwars",
        "--max-iterations",
        "120",
        "--games",
        "3",
        "--quiet",
        "--bots",
        &format!("cmd:python3 {},greedy", client.display()),
        "--stderr-dir",
        logs.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_every_stderr_says(&dir, &logs, 3, "game over seen");
}
