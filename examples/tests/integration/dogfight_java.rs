//! The Java adapter for 2014 Dogfight entries (`examples/programs/dogfight/java/`, issue 38 part
//! 2): `build.sh ENTRY.java OUTDIR` compiles the adapter's `Planes` classes and an entry into a
//! program bot `OUTDIR/bot` that speaks the wrapper protocol. The two example entries play
//! `play dogfight` without a fault; a probe entry, fed a fixed transcript, shows that the
//! launcher reads the protocol's lines into the API's objects and writes the moves back as the
//! Java controller would have applied them. Skipped (one line on standard error) without `javac`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::support::{play, temp_dir, text};

const JAVA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/dogfight/java");

/// Whether `javac` runs here; if not, says so once for `test`.
fn have_javac(test: &str) -> bool {
    let found = Command::new("javac")
        .arg("-version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !found {
        eprintln!("dogfight_java::{test}: skipped, no javac on PATH");
    }
    found
}

/// `build.sh SOURCE OUT`: the launcher `OUT/bot`.
fn build(source: &Path, out: &Path) -> PathBuf {
    let built = Command::new(Path::new(JAVA).join("build.sh"))
        .arg(source)
        .arg(out)
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "build.sh {}: {}{}",
        source.display(),
        text(&built.stdout),
        text(&built.stderr)
    );
    let bot = out.join("bot");
    assert!(bot.is_file(), "{}", bot.display());
    bot
}

/// Each example entry, built by `build.sh`, plays four match-ups (40 fights, a process each) of
/// `play dogfight` against `random` with no fault of any kind in the results file.
#[test]
fn the_example_entries_play_without_a_fault() {
    if !have_javac("the_example_entries_play_without_a_fault") {
        return;
    }
    let dir = temp_dir("dogfight-java", "entries");
    for entry in ["Hunter", "Wanderer"] {
        let out = dir.join(entry);
        let bot = build(&Path::new(JAVA).join(format!("entries/{entry}.java")), &out);
        let file = dir.join(format!("{entry}.json"));
        let played = play(&[
            "dogfight",
            "--games",
            "4",
            "--bots",
            &format!("cmd:{},random", bot.display()),
            "--quiet",
            "--results",
            file.to_str().unwrap(),
        ]);
        let stdout = text(&played.stdout);
        assert!(played.status.success(), "{stdout}{}", text(&played.stderr));
        assert!(stdout.starts_with("dogfight: 4 games"), "{stdout}");
        let results: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let records = results["records"].as_array().unwrap();
        assert_eq!(records.len(), 4, "{results}");
        for record in records {
            let faults = &record["faults"];
            assert!(
                faults.is_null()
                    || faults
                        .as_array()
                        .is_some_and(|f| f.iter().all(|s| s.is_null())),
                "{entry}: a fault: {record}\n{stdout}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A test entry in the 2014 style: it prints (to `System.out`, which the launcher sends to
/// standard error) what the API gives it, and answers a scripted move per round.
const PROBE: &str = r#"package Planes;

public class Probe extends PlaneControl {
    public Probe(int arenaSize, int rounds) {
        super(arenaSize, rounds);
        int pairs = 0, doomed = 0;
        for (int a = -1; a <= 1; a++) for (int b = -1; b <= 1; b++) for (int c = -1; c <= 1; c++) {
            Direction d = new Direction(a, b, c);
            if (d.getAsString().isEmpty()) continue;
            pairs += d.getPossibleDirections().length;
            for (int x = 0; x < arenaSize; x++) for (int y = 0; y < arenaSize; y++) for (int z = 0; z < arenaSize; z++)
                if (new Plane(arenaSize, d, x, y, z).isSuicidal()) doomed++;
        }
        System.out.println("created " + arenaSize + " " + rounds + " api " + pairs + " " + doomed);
    }

    @Override public void newOpponent(int fights) { System.out.println("newOpponent " + fights); }
    @Override public void newFight(int i, int mine, int theirs) { System.out.println("newFight " + i + " " + mine + " " + theirs); }
    @Override public void close() { System.out.println("closed"); }

    @Override
    public Move[] act() {
        System.out.println("saw " + roundsLeft + " " + myPlanes[0].getDataString() + " | " + myPlanes[1].getDataString()
            + " | " + enemyPlanes[0].getDataString() + " | " + enemyPlanes[1].getDataString()
            + " | range " + myPlanes[0].getShootRange().length + " cd " + myPlanes[0].canShoot());
        switch (roundsLeft) {
            case 99: return new Move[] {new Move(new Direction("SE"), true, true), new Move(new Direction("N"), false, true)};
            case 98: return new Move[0];
            case 97: { Move shared = new Move(new Direction("W"), true, false); return new Move[] {shared, shared}; }
            case 96: return null;
            case 95: throw new IllegalStateException("probe");
            case 94: return new Move[] {new Move(new Direction(""), true, true), new Move(null, true, true), new Move(new Direction("U"), true, true)};
            default: return new Move[] {new Move(new Direction("NS"), false, false), new Move(new Direction("S"), false, true)};
        }
    }
}
"#;

/// The fixed transcript: the controller's lines, and the two reply lines each turn must get.
const TRANSCRIPT: &[(&str, [&str; 2])] = &[
    // SE is a turn S may take; N reverses S, so the plane flies straight S, still firing.
    (
        "ROUNDS LEFT 99\nNEW TURN\nalive 0 5 0 S 0\nalive 0 8 0 S 0\nalive 13 8 13 N 0\nalive 13 5 13 N 0\n",
        ["SE 1 1", "S 0 1"],
    ),
    // No moves: straight ahead along each heading, no shot.
    (
        "ROUNDS LEFT 98\nNEW TURN\nalive 1 6 0 SE 1\nalive 1 8 0 S 1\nalive 12 8 12 N 0\nalive 12 5 12 N 0\n",
        ["SE 0 0", "S 0 0"],
    ),
    // One Move for both planes: the first plane's correction (W → S) is written into it, so the
    // second plane (heading SW, from which both W and S are legal) moves S, as in the original.
    (
        "ROUNDS LEFT 97\nNEW TURN\nalive 2 7 0 S 0\nalive 2 8 0 SW 0\nalive 11 8 11 N 0\nalive 11 5 11 N 0\n",
        ["S 1 0", "S 1 0"],
    ),
    // A null array: straight; a dead plane's line is always N 0 0.
    (
        "ROUNDS LEFT 96\nNEW TURN\nalive 3 7 0 S 0\ndead 0 0 0 N 0\nalive 10 8 10 N 0\ndead 0 0 0 N 0\n",
        ["S 0 0", "N 0 0"],
    ),
    // act() throws: both straight, no shot.
    (
        "ROUNDS LEFT 95\nNEW TURN\nalive 4 7 0 S 0\nalive 4 8 1 SEU 0\nalive 9 8 9 N 0\nalive 9 5 9 N 0\n",
        ["S 0 0", "SEU 0 0"],
    ),
    // The zero direction flies straight (firing if asked); a null direction is a missing move;
    // a third move is ignored.
    (
        "ROUNDS LEFT 94\nNEW TURN\nalive 5 7 0 NEU 0\nalive 5 8 1 W 1\nalive 8 8 8 N 0\nalive 8 5 8 N 0\n",
        ["NEU 1 1", "W 0 0"],
    ),
    // "NS" reads as N (N over S), a legal slide from N.
    (
        "ROUNDS LEFT 93\nNEW TURN\nalive 13 0 13 N 0\nalive 7 7 7 S 1\nalive 8 8 8 N 0\nalive 8 5 8 N 0\n",
        ["N 0 0", "S 0 1"],
    ),
];

/// The launcher, fed a fixed transcript, creates the entry from `NEW CONTEST`, passes on
/// `NEW OPPONENT` and `NEW FIGHT`, gives the entry the planes and rounds left of each turn, and
/// answers exactly the reply lines the Java controller's reading of the entry's moves gives:
/// well-formed wrapper lines (`([NSWEDU]+) ([01]) ([01])`), invalid directions replaced by the
/// heading in the Move itself, missing moves flying straight without a shot. The entry's prints
/// go to standard error, and `close()` is called when the input ends.
#[test]
fn the_launcher_answers_a_fixed_transcript_as_the_java_controller_reads_the_moves() {
    if !have_javac("the_launcher_answers_a_fixed_transcript_as_the_java_controller_reads_the_moves")
    {
        return;
    }
    let dir = temp_dir("dogfight-java", "transcript");
    let source = dir.join("Probe.java");
    std::fs::write(&source, PROBE).unwrap();
    let bot = build(&source, &dir.join("out"));

    let mut input = String::from("NEW CONTEST 14 100\nNEW OPPONENT 10\nNEW FIGHT 3 1 2\n");
    let mut expected = String::new();
    for (lines, replies) in TRANSCRIPT {
        input.push_str(lines);
        for reply in replies {
            assert!(dogfight::protocol::reply_is_well_formed(reply), "{reply}");
            expected.push_str(reply);
            expected.push('\n');
        }
    }
    let mut child = Command::new(&bot)
        .args(["14", "100"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert_eq!(text(&output.stdout), expected, "{stderr}");

    for seen in [
        "created 14 100 api 218 1408",
        "newOpponent 10",
        "newFight 3 1 2",
        "saw 99 alive 0 5 0 S 0 | alive 0 8 0 S 0 | alive 13 8 13 N 0 | alive 13 5 13 N 0 | range 13 cd true",
        "saw 98 alive 1 6 0 SE 1 | alive 1 8 0 S 1 | alive 12 8 12 N 0 | alive 12 5 12 N 0 | range 7 cd false",
        "saw 96 alive 3 7 0 S 0 | dead 0 0 0 N 0 | alive 10 8 10 N 0 | dead 0 0 0 N 0 | range 10 cd true",
        "the entry's act() threw java.lang.IllegalStateException: probe",
        "closed",
    ] {
        assert!(stderr.contains(seen), "{seen:?} not in:\n{stderr}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
