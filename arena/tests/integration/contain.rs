//! Containment of programs (`arena::program::contain`): a program's background child, double
//! fork and `setsid` daemon are gone once it ends or is killed; its limits hold and are named in
//! its fault; under the sandbox it cannot read another folder, write outside its scratch folder
//! or connect to another port; its environment is clean; its standard error stops at the cap.
//!
//! Leftover processes are found by a marker in their command line (`sleep 9NNNNN`, unique per
//! test and process), read from `/proc/*/cmdline`: their PIDs inside the program's namespace mean
//! nothing outside it.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use arena::program::contain::{Output, exit_fault};
use arena::program::{Answer, Containment, Limits, Program, Protections, Start};

/// A marker no other test uses: `sleep` seconds unique to `test` and this process.
pub fn marker(test: u32) -> String {
    format!("{}", 900_000 + (std::process::id() % 5_000) * 20 + test)
}

/// Processes whose command line holds `sleep MARKER`.
pub fn running(marker: &str) -> usize {
    let needle = format!("sleep\0{marker}");
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(Result::ok)
        .filter(|entry| {
            std::fs::read(entry.path().join("cmdline"))
                .is_ok_and(|line| String::from_utf8_lossy(&line).contains(&needle))
        })
        .count()
}

/// Waits until no process carries `marker` (at most 20 s: the kernel kills a namespace at
/// once, so anything near that is a leak); true when none is left.
pub fn gone(marker: &str) -> bool {
    let deadline = Instant::now() + Duration::from_secs(20);
    while Instant::now() < deadline {
        if running(marker) == 0 {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

/// A shell line that leaves three processes behind: a background child, a double fork and a
/// `setsid` daemon, each `sleep MARKER`.
pub fn leave_children(marker: &str) -> String {
    format!(
        "sleep {marker} &\n(sleep {marker} &)\nsetsid sleep {marker} </dev/null >/dev/null 2>&1 &\n"
    )
}

fn start<'a>(command: &'a [String], stderr: Option<&'a Path>) -> Start<'a> {
    Start {
        command,
        seat: Some(1),
        port: None,
        extra_args: &[],
        output: Output::Piped,
        stderr,
    }
}

fn sh(script: &str) -> Vec<String> {
    vec!["sh".into(), "-c".into(), script.into()]
}

fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arena-contain-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn children_go_with_a_program_that_ends_and_with_one_that_is_killed() {
    let protections = Protections::probe();
    if !protections.pid_namespace {
        eprintln!("contain: no PID namespaces on this kernel: the whole-tree tests skip");
        return;
    }
    for (test, kill) in [(1, false), (2, true)] {
        let marker = marker(test);
        let script = format!("{}echo started; read line", leave_children(&marker));
        let command = sh(&script);
        let mut program = Program::start(&Containment::default(), &start(&command, None)).unwrap();
        assert_eq!(
            program.answer(Duration::from_secs(20)),
            Answer::Line("started".into())
        );
        // Exactly three, seen in one scan: `setsid` forks when it leads a process group, and
        // its copy carries the same command line for a moment.
        let deadline = Instant::now() + Duration::from_secs(20);
        while running(&marker) != 3 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(Instant::now() < deadline, "the three children never ran");
        if kill {
            program.kill();
        } else {
            // The program ends by itself when its input closes.
            program.finish(Duration::from_secs(20));
        }
        assert!(gone(&marker), "children left behind (kill: {kill})");
    }
}

#[test]
fn the_environment_is_clean_and_home_is_the_scratch_folder() {
    let command = sh(
        "echo \"$HOME|$CONTEST_SEAT|${CARGO:-none}|$(pwd)\"; test -w \"$HOME\" && echo writable",
    );
    let mut program = Program::start(&Containment::default(), &start(&command, None)).unwrap();
    let Answer::Line(line) = program.answer(Duration::from_secs(20)) else {
        panic!("no answer")
    };
    let fields: Vec<&str> = line.split('|').collect();
    assert!(fields[0].contains("contest-arena-"), "{line}");
    assert_eq!(fields[1], "1", "{line}");
    assert_eq!(
        fields[2], "none",
        "cargo's variables are not passed: {line}"
    );
    assert_eq!(
        program.answer(Duration::from_secs(20)),
        Answer::Line("writable".into())
    );
    program.finish(Duration::from_secs(5));
    assert!(
        !Path::new(fields[0]).exists(),
        "the scratch folder is removed"
    );
}

#[test]
fn a_crash_names_its_exit_code_or_signal() {
    for (script, kind, detail) in [
        ("exit 3", "crash", "exit code 3"),
        ("kill -SEGV $$", "crash", "killed by SIGSEGV"),
        ("kill -XFSZ $$", "limit: file size", "killed by SIGXFSZ"),
    ] {
        let command = sh(script);
        let mut program = Program::start(&Containment::default(), &start(&command, None)).unwrap();
        assert_eq!(program.answer(Duration::from_secs(20)), Answer::Closed);
        assert_eq!(
            program.closed_fault("turn 1"),
            format!("{kind}: turn 1: {detail}"),
            "{script}"
        );
    }
}

#[test]
fn the_cpu_limit_is_named() {
    let containment = Containment {
        limits: Limits {
            cpu_seconds: Some(1),
            ..Limits::default()
        },
        ..Containment::default()
    };
    let command = sh("while :; do :; done");
    let mut program = Program::start(&containment, &start(&command, None)).unwrap();
    assert_eq!(program.answer(Duration::from_secs(60)), Answer::Closed);
    assert_eq!(
        program.closed_fault("turn 1"),
        "limit: cpu time: turn 1: killed by SIGXCPU"
    );
}

#[test]
fn exit_faults_of_statuses() {
    use std::os::unix::process::ExitStatusExt;
    let status = std::process::ExitStatus::from_raw(libc_signal(9));
    assert_eq!(exit_fault(status), ("crash", "killed by SIGKILL".into()));
    let status = std::process::ExitStatus::from_raw(libc_signal(24));
    assert_eq!(exit_fault(status).0, "limit: cpu time");
    let status = std::process::ExitStatus::from_raw(2 << 8);
    assert_eq!(exit_fault(status), ("crash", "exit code 2".into()));
}

/// The raw wait status of a process killed by `signal`.
fn libc_signal(signal: i32) -> i32 {
    signal
}

#[test]
fn a_program_gets_no_8_gb_and_the_arena_stays_small() {
    // Python's MemoryError, or the shell's own failure: the allocation is refused, the program
    // ends with a fault, and the arena's own memory never held it.
    let script = "python3 -c 'b = bytearray(8 << 30); print(\"got it\")' 2>&1 || echo refused";
    let command = sh(script);
    let mut program = Program::start(&Containment::default(), &start(&command, None)).unwrap();
    let mut lines = Vec::new();
    while let Answer::Line(line) = program.answer(Duration::from_secs(60)) {
        lines.push(line);
    }
    let all = lines.join("\n");
    assert!(!all.contains("got it"), "{all}");
    assert!(all.contains("refused"), "{all}");
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let rss_kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap();
    assert!(rss_kb < 4 << 20, "the arena's peak: {rss_kb} kB");
}

#[test]
fn the_process_limit_holds() {
    let containment = Containment {
        limits: Limits {
            processes: Some(16),
            ..Limits::default()
        },
        ..Containment::default()
    };
    let marker = marker(3);
    let script = format!(
        "import subprocess\nstarted = 0\nfor _ in range(40):\n    try:\n        \
         subprocess.Popen(['sleep', '{marker}'])\n        started += 1\n    except OSError:\n        \
         pass\nprint(started, flush=True)\ninput()\n"
    );
    let command = vec!["python3".to_owned(), "-c".to_owned(), script];
    let mut program = Program::start(&containment, &start(&command, None)).unwrap();
    let answer = program.answer(Duration::from_secs(30));
    let ran = running(&marker);
    program.kill();
    let Answer::Line(started) = answer else {
        panic!("{answer:?}")
    };
    // The supervisor, the init and Python count too: fewer sleeps than the limit started.
    let started: usize = started.parse().unwrap();
    assert!((1..16).contains(&started), "{started} of 40 started");
    assert_eq!(ran, started);
    assert!(gone(&marker));
}

#[test]
fn standard_error_stops_at_the_cap() {
    let dir = scratch_dir("stderr");
    let file = dir.join("seat.stderr");
    let containment = Containment {
        stderr_cap: 1000,
        ..Containment::default()
    };
    let command = sh("head -c 50000 /dev/zero | tr '\\0' x >&2; echo done");
    let mut program = Program::start(&containment, &start(&command, Some(&file))).unwrap();
    assert_eq!(
        program.answer(Duration::from_secs(20)),
        Answer::Line("done".into())
    );
    program.finish(Duration::from_secs(5));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with(&"x".repeat(1000)), "{}", &text[..50]);
    assert!(
        text.ends_with("[arena: 49000 more bytes of output dropped past the cap of 1000 bytes]\n"),
        "{}",
        &text[1000..]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_sandbox_refuses_other_folders_writes_and_ports() {
    let protections = Protections::probe();
    if !protections.landlock_files {
        eprintln!("contain: no Landlock on this kernel: the sandbox test skips");
        return;
    }
    let dir = scratch_dir("sandbox");
    let other = dir.join("other-bot");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("secret.txt"), "secret\n").unwrap();
    let own = dir.join("own-bot");
    std::fs::create_dir_all(&own).unwrap();
    std::fs::write(own.join("data.txt"), "mine\n").unwrap();
    let script = own.join("bot.sh");
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::fs::write(
        &script,
        format!(
            "cat {own}/data.txt\n\
             cat {other}/secret.txt 2>/dev/null || echo no-read\n\
             echo x > {other}/written 2>/dev/null || echo no-write\n\
             echo x > \"$HOME/ok\" && echo scratch-ok\n\
             python3 -c 'import socket; socket.create_connection((\"127.0.0.1\", {port}), 5)' \
             2>/dev/null && echo connect-ok || echo no-connect\n\
             python3 -c 'import socket; socket.create_server((\"127.0.0.1\", 0))' \
             2>/dev/null && echo listen-ok || echo no-listen\n\
             kill -0 1 2>/dev/null && echo signal-ok || echo no-signal\n",
            own = own.display(),
            other = other.display(),
        ),
    )
    .unwrap();
    let command = vec!["sh".to_owned(), script.to_str().unwrap().to_owned()];
    let mut program = Program::start(&Containment::default(), &start(&command, None)).unwrap();
    let mut lines = Vec::new();
    while let Answer::Line(line) = program.answer(Duration::from_secs(30)) {
        lines.push(line);
    }
    // The network rules need Landlock ABI 4, the signal scope ABI 6 (process 1 of the
    // program's namespace, the arena's init, is outside its sandbox).
    let network = protections.landlock_network;
    let scopes = protections.landlock_scopes;
    assert_eq!(
        lines,
        [
            "mine",
            "no-read",
            "no-write",
            "scratch-ok",
            if network { "no-connect" } else { "connect-ok" },
            if network { "no-listen" } else { "listen-ok" },
            if scopes { "no-signal" } else { "signal-ok" },
        ]
    );
    assert!(!other.join("written").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Whether `program` runs here (a runtime the machine may not have), asked for its version.
fn have(program: &str) -> bool {
    let ask = if program == "go" {
        "version"
    } else {
        "--version"
    };
    std::process::Command::new(program)
        .arg(ask)
        .output()
        .is_ok_and(|out| out.status.success())
}

/// The first line a program prints, run contained with the default sandbox and limits.
fn first_line(command: Vec<String>) -> Answer {
    let mut program = Program::start(&Containment::default(), &start(&command, None)).unwrap();
    let answer = program.answer(Duration::from_secs(60));
    program.kill();
    answer
}

/// Python, Java and C programs (and Go where it is installed) run under the default sandbox and
/// limits: the JVM's reserved heap is not counted as memory, its runtime is readable.
#[test]
fn programs_of_every_runtime_run_sandboxed() {
    let dir = scratch_dir("runtimes");
    let hello = Answer::Line("hello".into());
    assert_eq!(
        first_line(vec!["python3".into(), "-c".into(), "print('hello')".into()]),
        hello,
        "python"
    );
    if have("gcc") {
        let source = dir.join("hello.c");
        std::fs::write(
            &source,
            "#include <stdio.h>\nint main(void) { puts(\"hello\"); return 0; }\n",
        )
        .unwrap();
        let exe = dir.join("hello");
        let built = std::process::Command::new("gcc")
            .arg(&source)
            .arg("-o")
            .arg(&exe)
            .status()
            .unwrap();
        assert!(built.success());
        assert_eq!(first_line(vec![exe.to_str().unwrap().into()]), hello, "C");
    } else {
        eprintln!("contain: no gcc here: the C program skips");
    }
    if have("javac") {
        let source = dir.join("Hello.java");
        std::fs::write(&source, "public class Hello { public static void main(String[] a) { System.out.println(\"hello\"); } }\n").unwrap();
        let built = std::process::Command::new("javac")
            .arg(&source)
            .status()
            .unwrap();
        assert!(built.success());
        let command = vec![
            "java".into(),
            "-cp".into(),
            dir.to_str().unwrap().into(),
            "Hello".into(),
        ];
        assert_eq!(first_line(command), hello, "Java");
    } else {
        eprintln!("contain: no javac here: the Java program skips");
    }
    if have("go") {
        let source = dir.join("hello.go");
        std::fs::write(
            &source,
            "package main\nimport \"fmt\"\nfunc main() { fmt.Println(\"hello\") }\n",
        )
        .unwrap();
        let exe = dir.join("hello-go");
        let built = std::process::Command::new("go")
            .arg("build")
            .arg("-o")
            .arg(&exe)
            .arg(&source)
            .status()
            .unwrap();
        assert!(built.success());
        assert_eq!(first_line(vec![exe.to_str().unwrap().into()]), hello, "Go");
    } else {
        eprintln!("contain: no go here: the Go program skips");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Memory that `RLIMIT_DATA` does not count (a shared mapping), touched past the limit: where
/// the arena has a memory cgroup, the kernel's out-of-memory killer ends the program and the
/// fault names the limit.
#[test]
fn the_memory_cgroup_names_an_out_of_memory_kill() {
    if !Protections::probe().cgroup_memory {
        eprintln!("contain: no memory cgroup for the arena here: the out-of-memory test skips");
        return;
    }
    let containment = Containment {
        limits: Limits {
            memory: Some(64 << 20),
            ..Limits::default()
        },
        ..Containment::default()
    };
    let script = "import mmap\nm = mmap.mmap(-1, 256 << 20)\nfor i in range(0, 256 << 20, 4096):\n    m[i] = 1\nprint('got it')\n";
    let command = vec!["python3".to_owned(), "-c".to_owned(), script.to_owned()];
    let mut program = Program::start(&containment, &start(&command, None)).unwrap();
    assert_eq!(program.answer(Duration::from_secs(60)), Answer::Closed);
    assert_eq!(
        program.closed_fault("turn 1"),
        "limit: memory: turn 1: killed by the kernel's out-of-memory killer (SIGKILL)"
    );
}

/// What an arena killed with SIGKILL leaves (its programs' scratch folders) is removed by the
/// next arena that makes scratch folders there; a living arena's folders stay.
#[test]
fn scratch_folders_of_a_dead_arena_are_swept() {
    let root = scratch_dir("sweep");
    let mut gone = std::process::Command::new("true").spawn().unwrap();
    let dead = gone.id();
    gone.wait().unwrap();
    let stale = root.join(format!("contest-arena-{dead}-3-seat1"));
    std::fs::create_dir_all(stale.join("inside")).unwrap();
    let living = root.join(format!("contest-arena-{}-999-seat0", std::process::id()));
    std::fs::create_dir_all(&living).unwrap();
    let other = root.join("someone-elses");
    std::fs::create_dir_all(&other).unwrap();
    let containment = Containment {
        scratch_root: Some(root.clone()),
        ..Containment::default()
    };
    let command = sh("echo hi");
    let mut program = Program::start(&containment, &start(&command, None)).unwrap();
    assert_eq!(
        program.answer(Duration::from_secs(20)),
        Answer::Line("hi".into())
    );
    program.finish(Duration::from_secs(5));
    assert!(!stale.exists(), "the dead arena's folder stayed");
    assert!(living.exists() && other.exists());
    std::fs::remove_dir_all(&root).unwrap();
}
