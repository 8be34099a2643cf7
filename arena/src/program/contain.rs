//! Containment of a program bot: the process tree killed whole, resource limits, a Landlock
//! sandbox, a clean environment, a scratch folder and a capped standard error.
//!
//! A program bot is someone else's code. [`Containment`] says how the arena starts one, and
//! [`Containment::spawn`] starts it as a [`Contained`] process:
//!
//! - **Killed whole.** The program runs as process 2 of a PID namespace of its own (in a user
//!   namespace, so an unprivileged `play` can make one), under a tiny init (process 1, a fork of
//!   the arena that never executes anything) that reaps orphans and, when the program ends,
//!   ends too. When a PID namespace's init ends, the kernel kills every process left in it:
//!   background children, double forks and `setsid` daemons alike, none of which can leave the
//!   namespace. The init dies with the supervisor the arena holds (`PR_SET_PDEATHSIG`), and the
//!   supervisor with the arena's thread that started it, so the whole tree also goes when `play`
//!   is interrupted or killed with SIGKILL. Why a PID namespace: it is the one mechanism the
//!   kernel itself enforces without privileges and without a process of ours that must outlive
//!   the arena (a cgroup needs a delegated hierarchy, and this kind of machine has only cgroup
//!   v1; a subreaper must survive `play`'s SIGKILL to clean up, which it cannot). Where the
//!   kernel refuses namespaces (user namespaces disabled), the arena says so once on standard
//!   error and falls back to the best that remains: the program leads a process group of its
//!   own, killed as a group, with `PR_SET_PDEATHSIG`; a child that calls `setsid`, or any child
//!   after a SIGKILL of `play`, then escapes.
//! - **Limits** ([`Limits`]): memory (`RLIMIT_DATA`: the writable memory a program maps; address
//!   space reserved but not written, as the JVM and Go reserve it, is free), CPU time, processes
//!   and threads, file size, open files, and no core dumps. Limits are per process as the kernel
//!   keeps them (`setrlimit`), except processes, which in the program's own user namespace
//!   count its own processes and threads. Where the arena may make cgroups (the v1 `pids` and
//!   `memory` hierarchies, as root), each program also gets a `pids` cgroup (the kernel exempts
//!   root from `RLIMIT_NPROC`) and a `memory` cgroup (resident memory and swap, an
//!   out-of-memory kill then named `limit: memory`).
//! - **Sandbox** (Landlock, where the kernel has it: [`Protections`]): the program may read and
//!   execute the system (`/usr`, `/etc`, `/bin`, `/lib*`, `/opt`, `/proc`, `/sys`), the
//!   folders on `PATH` and their prefixes (a toolchain under the home, such as pyenv's, runs),
//!   its own folder (of the program file and of each argument that names a file or folder), and
//!   what [`Containment::allow_read`] adds; it may write only its scratch folder and `/dev/null`;
//!   it may open no TCP listener and connect only to its own game's port (none for the pipe
//!   games); it may not signal processes outside its sandbox nor reach abstract Unix sockets
//!   outside it (Landlock ABI 6).
//! - **Environment**: none of `play`'s, but `PATH` (as `play` has it), `HOME` and `TMPDIR` (the
//!   scratch folder), `LANG=C.UTF-8`, [`SEAT_VARIABLE`] (the seat) and, for network programs, the
//!   port variable; [`Containment::pass_env`] passes more.
//! - **Scratch folder**: created per program start (a seat of a game), removed when it ends
//!   unless [`Containment::keep_scratch`] is set. What an arena killed with SIGKILL could not
//!   remove (scratch folders, empty cgroups: named after its process id) the next arena that
//!   works in the same place removes.
//! - **Standard error** goes to its file through the arena, at most [`Containment::stderr_cap`]
//!   bytes, then one line saying how many more were dropped.
//!
//! It is no virtual machine: a contained program shares the kernel, the CPU and the machine's
//! memory bandwidth with everything else, reads the system's files, and can still connect to
//! Unix sockets named in the file system and send UDP.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::ProgramError;

/// The environment variable that tells a program its seat (0 for the first).
pub const SEAT_VARIABLE: &str = "CONTEST_SEAT";

/// Set (to anything) in the arena's environment, the arena acts as if the kernel refused user
/// and PID namespaces: programs run in process groups (the fallback, with its warning).
pub const NO_NAMESPACES_VARIABLE: &str = "CONTEST_ARENA_NO_NAMESPACES";

/// Set (to anything) in the arena's environment, the arena acts as if the kernel had no
/// Landlock: programs run without the sandbox (with a warning).
pub const NO_LANDLOCK_VARIABLE: &str = "CONTEST_ARENA_NO_LANDLOCK";

/// The default cap on a program's standard error file, in bytes (then one line says how much
/// more was dropped).
pub const STDERR_CAP: u64 = 1 << 20;

/// Resource limits of one contained program. `None` is no limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Limits {
    /// Writable memory in bytes (`RLIMIT_DATA`): a larger allocation fails in the program (a
    /// C `malloc` returns null, Python raises `MemoryError`, the JVM throws `OutOfMemoryError`).
    pub memory: Option<u64>,
    /// CPU time in whole seconds (`RLIMIT_CPU`), over the program's whole life: past it the
    /// program gets SIGXCPU (fault `limit: cpu time`), and SIGKILL a second later.
    pub cpu_seconds: Option<u64>,
    /// Processes and threads (`RLIMIT_NPROC`, counted in the program's own user namespace).
    pub processes: Option<u64>,
    /// The largest file the program may write, in bytes (`RLIMIT_FSIZE`): past it SIGXFSZ
    /// (fault `limit: file size`).
    pub file_size: Option<u64>,
    /// Open file descriptors (`RLIMIT_NOFILE`).
    pub open_files: Option<u64>,
}

impl Limits {
    /// No limit at all (core dumps stay off).
    pub const NONE: Limits = Limits {
        memory: None,
        cpu_seconds: None,
        processes: None,
        file_size: None,
        open_files: None,
    };
}

impl Default for Limits {
    /// 2 GiB of memory, 600 s of CPU time, 256 processes and threads, 64 MiB files, 1024 open
    /// files: room for a JVM or a Python interpreter with a large search tree, far from what
    /// the machine has (the arena runs one program per seat on every core).
    fn default() -> Limits {
        Limits {
            memory: Some(2 << 30),
            cpu_seconds: Some(600),
            processes: Some(256),
            file_size: Some(64 << 20),
            open_files: Some(1024),
        }
    }
}

/// How the arena starts program bots: limits, sandbox, environment, scratch folders, standard
/// error cap. The default is contained: the sandbox on, [`Limits::default`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Containment {
    /// Resource limits.
    pub limits: Limits,
    /// The Landlock sandbox (where the kernel has it); `false` is `play`'s `--sandbox off`.
    pub sandbox: bool,
    /// Folders (or files) a sandboxed program may also read and execute.
    pub allow_read: Vec<PathBuf>,
    /// Variables of the arena's environment passed to the program (when set).
    pub pass_env: Vec<String>,
    /// Where scratch folders are made (default: the system's temporary folder).
    pub scratch_root: Option<PathBuf>,
    /// Keep each scratch folder after its program ended (else it is removed).
    pub keep_scratch: bool,
    /// The most bytes of standard error kept per program start.
    pub stderr_cap: u64,
}

impl Default for Containment {
    fn default() -> Containment {
        Containment {
            limits: Limits::default(),
            sandbox: true,
            allow_read: Vec::new(),
            pass_env: Vec::new(),
            scratch_root: None,
            keep_scratch: false,
            stderr_cap: STDERR_CAP,
        }
    }
}

/// What the kernel lets the arena do, probed once per process.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Protections {
    /// A PID namespace per program (killed whole); else a process group.
    pub pid_namespace: bool,
    /// Landlock file-system rules.
    pub landlock_files: bool,
    /// Landlock TCP bind and connect rules (ABI 4).
    pub landlock_network: bool,
    /// Landlock signal and abstract-socket scoping (ABI 6).
    pub landlock_scopes: bool,
    /// A cgroup per program in the `pids` hierarchy (the process limit, which the kernel
    /// does not apply to root through `RLIMIT_NPROC`).
    pub cgroup_pids: bool,
    /// A cgroup per program in the `memory` hierarchy (resident memory limited, and an
    /// out-of-memory kill named `limit: memory`).
    pub cgroup_memory: bool,
}

impl Protections {
    /// What this kernel allows (probed at the first call; a refusal is said once on standard
    /// error). [`NO_NAMESPACES_VARIABLE`] and [`NO_LANDLOCK_VARIABLE`] act as refusals.
    pub fn probe() -> Protections {
        static PROBED: OnceLock<Protections> = OnceLock::new();
        *PROBED.get_or_init(|| {
            // Set to anything, these act as if the kernel refused (to test the fallbacks, or to
            // step around a kernel whose namespaces or Landlock misbehave).
            let refused = |name: &str| std::env::var_os(name).is_some();
            let namespaces = !refused(NO_NAMESPACES_VARIABLE) && sys::namespaces_work();
            let landlock = !refused(NO_LANDLOCK_VARIABLE);
            let probed = Protections {
                pid_namespace: namespaces,
                landlock_files: landlock && sys::landlock_level(1),
                landlock_network: landlock && sys::landlock_level(4),
                landlock_scopes: landlock && sys::landlock_level(6),
                cgroup_pids: cgroups::usable("pids"),
                cgroup_memory: cgroups::usable("memory"),
            };
            if sys::is_root() && !probed.cgroup_pids {
                eprintln!(
                    "arena: warning: running as root without a pids cgroup of its own: the \
                     kernel does not hold root's programs to the process limit"
                );
            }
            if !probed.pid_namespace {
                eprintln!(
                    "arena: warning: the kernel refuses user and PID namespaces; program bots \
                     run in process groups instead, so a child that calls setsid, or any child \
                     after play is killed with SIGKILL, can outlive its game"
                );
            }
            if !probed.landlock_files {
                eprintln!(
                    "arena: warning: the kernel has no Landlock; program bots run without a \
                     sandbox (limits and process containment still apply)"
                );
            }
            probed
        })
    }

    /// One line for a run's header: which protections `containment` gets on this kernel.
    pub fn describe(&self, containment: &Containment) -> String {
        let mut parts = Vec::new();
        parts.push(if self.pid_namespace {
            "killed whole (PID namespace)"
        } else {
            "killed as a process group (no PID namespace)"
        });
        parts.push(match (self.cgroup_pids, self.cgroup_memory) {
            (true, true) => "limits (cgroups: processes, memory)",
            (true, false) => "limits (cgroup: processes)",
            (false, true) => "limits (cgroup: memory)",
            (false, false) => "limits",
        });
        if !containment.sandbox {
            parts.push("sandbox off");
        } else if self.landlock_files {
            parts.push(match (self.landlock_network, self.landlock_scopes) {
                (true, true) => "Landlock: files, TCP, signals",
                (true, false) => "Landlock: files, TCP",
                _ => "Landlock: files only",
            });
        } else {
            parts.push("no Landlock on this kernel");
        }
        parts.join(", ")
    }
}

/// Where a contained program's standard output and error go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// Standard output is a pipe the arena reads (the line protocols); standard error goes to
    /// the file, capped.
    Piped,
    /// Both go to the file, capped (network clients).
    ToFile,
}

/// One program to start: its command line, seat and port.
#[derive(Debug, Clone, Copy)]
pub struct Start<'a> {
    /// The program, then its arguments.
    pub command: &'a [String],
    /// The seat, told in [`SEAT_VARIABLE`].
    pub seat: Option<usize>,
    /// The game's port on 127.0.0.1, the one TCP port the program may connect to, and the
    /// variable that carries it (network programs).
    pub port: Option<(u16, &'a str)>,
    /// Arguments appended after the command's (Dogfight's arena size and rounds).
    pub extra_args: &'a [String],
    /// Standard output's way.
    pub output: Output,
    /// The standard error file (created or truncated), or none (discarded).
    pub stderr: Option<&'a Path>,
}

/// A running contained program: killed whole when dropped, its scratch folder then removed.
#[derive(Debug)]
pub struct Contained {
    child: Option<Child>,
    whole: bool,
    cgroups: cgroups::Cgroups,
    scratch: Option<PathBuf>,
    keep_scratch: bool,
    stderr: Option<JoinHandle<()>>,
    status: Option<ExitStatus>,
}

/// The process id in the name of a folder the arena made (`contest-arena-PID-...`), when it is
/// no living process's: what a `play` killed with SIGKILL left behind.
fn left_by_dead_arena(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("contest-arena-") else {
        return false;
    };
    let Some(pid) = rest.split('-').next().and_then(|p| p.parse::<u32>().ok()) else {
        return false;
    };
    pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists()
}

/// Removes, once per folder and process, what arenas that died without cleaning up (SIGKILL)
/// left in `root`: scratch folders (removed whole) or cgroups (removed when empty, as they are
/// once their namespace is gone). A folder whose arena's process id is alive again (reused)
/// is kept: never another living arena's.
fn sweep(root: &Path, cgroups: bool) {
    static SWEPT: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());
    {
        let Ok(mut swept) = SWEPT.lock() else { return };
        if swept.iter().any(|done| done == root) {
            return;
        }
        swept.push(root.to_path_buf());
    }
    let Ok(entries) = std::fs::read_dir(root) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        if left_by_dead_arena(&entry.file_name().to_string_lossy()) {
            let _ = if cgroups {
                std::fs::remove_dir(entry.path())
            } else {
                std::fs::remove_dir_all(entry.path())
            };
        }
    }
}

fn scratch_folder(root: &Path, seat: Option<usize>) -> std::io::Result<PathBuf> {
    sweep(root, false);
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let seat = seat.map_or_else(String::new, |s| format!("-seat{s}"));
    let path = root.join(format!("contest-arena-{}-{n}{seat}", std::process::id()));
    let mut builder = std::fs::DirBuilder::new();
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(&path)?;
    Ok(path)
}

/// Copies `from` to `file`, at most `cap` bytes, then counts what is dropped and says so in one
/// last line.
fn capped_copy(
    mut from: impl Read + Send + 'static,
    mut file: std::fs::File,
    cap: u64,
) -> JoinHandle<()> {
    std::thread::spawn(move || {
        let mut kept = 0u64;
        let mut dropped = 0u64;
        let mut buf = [0u8; 8192];
        let mut writable = true;
        loop {
            let n = match from.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            let room = usize::try_from(cap.saturating_sub(kept))
                .unwrap_or(usize::MAX)
                .min(n);
            if writable && room > 0 && file.write_all(&buf[..room]).is_err() {
                writable = false;
            }
            kept += room as u64;
            dropped += (n - room) as u64;
        }
        if dropped > 0 && writable {
            let _ = writeln!(
                file,
                "\n[arena: {dropped} more bytes of output dropped past the cap of {cap} bytes]"
            );
        }
    })
}

/// `program`'s file, searched on `path` when it is a bare name.
fn resolve(program: &str, path: Option<&std::ffi::OsStr>) -> Option<PathBuf> {
    let file = Path::new(program);
    if file.components().count() > 1 {
        return file.is_file().then(|| file.to_path_buf());
    }
    std::env::split_paths(path?)
        .map(|dir| dir.join(file))
        .find(|candidate| candidate.is_file())
}

impl Containment {
    /// The containment without limits or sandbox: the program still runs killed whole, in a
    /// clean environment with a scratch folder (for trusted programs, and to compare).
    pub fn trusted() -> Containment {
        Containment {
            limits: Limits::NONE,
            sandbox: false,
            ..Containment::default()
        }
    }

    /// What a sandboxed program may read and execute beyond the system: the folders on `PATH`
    /// and their prefixes, the program's own folder and its arguments' folders, and
    /// [`Containment::allow_read`].
    fn readable(&self, start: &Start<'_>, path: Option<&std::ffi::OsStr>) -> Vec<PathBuf> {
        let mut folders: Vec<PathBuf> = [
            "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt",
            "/proc", "/sys", "/nix",
        ]
        .iter()
        .map(PathBuf::from)
        .collect();
        let prefix = |dir: &Path| -> Option<PathBuf> {
            let name = dir.file_name()?.to_str()?;
            let parent = dir.parent()?;
            // `/bin`'s prefix would be the whole file system.
            let deep = parent.components().count() > 1;
            (deep && matches!(name, "bin" | "sbin" | "shims")).then(|| parent.to_path_buf())
        };
        if let Some(path) = path {
            for dir in std::env::split_paths(path) {
                folders.extend(prefix(&dir));
                folders.push(dir);
            }
        }
        let home = std::env::var_os("HOME").map(PathBuf::from);
        let mut own = |file: &Path| {
            let Ok(real) = file.canonicalize() else {
                return;
            };
            // An argument `/` or `~` names no folder of the program's own.
            if real.parent().is_none() || home.as_deref() == Some(real.as_path()) {
                return;
            }
            if real.is_dir() {
                folders.push(real);
            } else if let Some(dir) = real.parent() {
                folders.extend(prefix(dir));
                folders.push(dir.to_path_buf());
            }
        };
        if let Some((program, args)) = start.command.split_first() {
            if let Some(file) = resolve(program, path) {
                own(&file);
            }
            for arg in args {
                let file = Path::new(arg);
                if file.exists() {
                    own(file);
                }
            }
        }
        folders.extend(self.allow_read.iter().cloned());
        folders.sort();
        folders.dedup();
        folders
    }

    /// Starts `start`'s program, contained as this says.
    pub fn spawn(&self, start: &Start<'_>) -> Result<Contained, ProgramError> {
        let (exe, args) = start.command.split_first().ok_or(ProgramError::Empty)?;
        let protections = Protections::probe();
        let root = self.scratch_root.clone().unwrap_or_else(std::env::temp_dir);
        let scratch =
            scratch_folder(&root, start.seat).map_err(|source| ProgramError::Scratch {
                path: root.clone(),
                source,
            })?;
        let cgroups = cgroups::Cgroups::make(&self.limits, &protections);
        let cgroup_procs = cgroups.procs_files();
        let mut contained = Contained {
            child: None,
            whole: protections.pid_namespace,
            cgroups,
            scratch: Some(scratch.clone()),
            keep_scratch: self.keep_scratch,
            stderr: None,
            status: None,
        };

        let mut command = Command::new(exe);
        command.args(args).args(start.extra_args);
        let path = std::env::var_os("PATH");
        command.env_clear();
        if let Some(path) = &path {
            command.env("PATH", path);
        }
        command
            .env("HOME", &scratch)
            .env("TMPDIR", &scratch)
            .env("LANG", "C.UTF-8");
        if let Some(seat) = start.seat {
            command.env(SEAT_VARIABLE, seat.to_string());
        }
        if let Some((port, variable)) = start.port {
            command.env(variable, port.to_string());
        }
        for name in &self.pass_env {
            if let Some(value) = std::env::var_os(name) {
                command.env(name, value);
            }
        }

        // Standard error (and for clients standard output) through a capped copy.
        let sink = match start.stderr {
            Some(file_path) => {
                let file =
                    std::fs::File::create(file_path).map_err(|source| ProgramError::Stderr {
                        path: file_path.to_path_buf(),
                        source,
                    })?;
                let (reader, writer) = std::io::pipe().map_err(|source| ProgramError::Spawn {
                    program: exe.clone(),
                    source,
                })?;
                contained.stderr = Some(capped_copy(reader, file, self.stderr_cap));
                Some(writer)
            }
            None => None,
        };
        let (stdout, stderr) = match (start.output, sink) {
            (Output::Piped, Some(writer)) => (Stdio::piped(), Stdio::from(writer)),
            (Output::Piped, None) => (Stdio::piped(), Stdio::null()),
            (Output::ToFile, Some(writer)) => {
                let copy = writer.try_clone().map_err(|source| ProgramError::Spawn {
                    program: exe.clone(),
                    source,
                })?;
                (Stdio::from(copy), Stdio::from(writer))
            }
            (Output::ToFile, None) => (Stdio::null(), Stdio::null()),
        };
        command.stdin(Stdio::piped()).stdout(stdout).stderr(stderr);

        let ruleset = if self.sandbox && protections.landlock_files {
            let readable = self.readable(start, path.as_deref());
            Some(
                sys::ruleset(&readable, &scratch, start.port.map(|(p, _)| p)).map_err(|error| {
                    ProgramError::Sandbox {
                        program: exe.clone(),
                        reason: error,
                    }
                })?,
            )
        } else {
            None
        };
        sys::contain(
            &mut command,
            &self.limits,
            cgroup_procs,
            ruleset,
            protections.pid_namespace,
        );
        let child = command.spawn().map_err(|source| {
            if source.kind() == std::io::ErrorKind::NotFound {
                ProgramError::NotFound {
                    program: exe.clone(),
                }
            } else {
                ProgramError::Spawn {
                    program: exe.clone(),
                    source,
                }
            }
        })?;
        // The parent's copies of the pipe's write end went with `command`: dropping it here
        // lets the capped copy see the end of the output once the program's tree is gone.
        drop(command);
        contained.child = Some(child);
        Ok(contained)
    }
}

impl Contained {
    /// The program's standard input (once).
    pub fn take_stdin(&mut self) -> Option<ChildStdin> {
        self.child.as_mut()?.stdin.take()
    }

    /// The program's standard output (once; [`Output::Piped`] only).
    pub fn take_stdout(&mut self) -> Option<ChildStdout> {
        self.child.as_mut()?.stdout.take()
    }

    /// How the program ended, once it has (`None` while it runs, and after a kill).
    pub fn try_wait(&mut self) -> Option<ExitStatus> {
        if self.status.is_none() {
            self.status = self.child.as_mut()?.try_wait().ok().flatten();
        }
        self.status
    }

    /// How the program ended, waiting at most `limit` for it to.
    pub fn wait_timeout(&mut self, limit: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + limit;
        loop {
            if let Some(status) = self.try_wait() {
                return Some(status);
            }
            if self.child.is_none() || Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Kills the program and every process it started, and waits for the one the arena holds.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            // In a PID namespace a program that ended took its tree with it; a process group
            // outlives its leader, so it is killed whatever the leader did.
            if self.status.is_none() || !self.whole {
                sys::kill_whole(&mut child, self.whole);
            }
            let _ = child.wait();
        }
        if let Some(copy) = self.stderr.take() {
            // Ends once every process of the tree is gone (the pipe's last writer closed): at
            // once in a PID namespace. Without one, a `setsid` child may hold the pipe for
            // ever: the copy is then left to end when it does.
            if self.whole {
                let _ = copy.join();
            }
        }
        self.cgroups.remove();
        if let Some(scratch) = self.scratch.take()
            && !self.keep_scratch
        {
            let _ = std::fs::remove_dir_all(&scratch);
        }
    }

    /// The fault of this program, which ended with `status`: [`exit_fault`], or `limit:
    /// memory` when the kernel's out-of-memory killer ended it in its memory cgroup.
    pub fn exit_fault(&self, status: ExitStatus) -> (&'static str, String) {
        use std::os::unix::process::ExitStatusExt;
        if status.signal() == Some(libc::SIGKILL) && self.cgroups.oom_killed() {
            return (
                "limit: memory",
                "killed by the kernel's out-of-memory killer (SIGKILL)".to_owned(),
            );
        }
        exit_fault(status)
    }

    /// The scratch folder of the program (removed when it is killed, unless kept).
    pub fn scratch(&self) -> Option<&Path> {
        self.scratch.as_deref()
    }
}

impl Drop for Contained {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The fault of a program that ended with `status`, as its kind and detail: `limit: cpu time`
/// and `limit: file size` where the kernel's signal says so (SIGXCPU, SIGXFSZ), else `crash`
/// with the exit code or the signal's name (`exit code 3`, `killed by SIGSEGV`).
pub fn exit_fault(status: ExitStatus) -> (&'static str, String) {
    use std::os::unix::process::ExitStatusExt;
    if let Some(signal) = status.signal() {
        return match signal {
            libc::SIGXCPU => ("limit: cpu time", "killed by SIGXCPU".to_owned()),
            libc::SIGXFSZ => ("limit: file size", "killed by SIGXFSZ".to_owned()),
            _ => ("crash", format!("killed by {}", signal_name(signal))),
        };
    }
    match status.code() {
        Some(code) => ("crash", format!("exit code {code}")),
        None => ("crash", status.to_string()),
    }
}

/// The name of signal `signal` (`SIGSEGV`), or its number.
pub fn signal_name(signal: i32) -> String {
    let name = match signal {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGUSR1 => "SIGUSR1",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGUSR2 => "SIGUSR2",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGSYS => "SIGSYS",
        _ => return format!("signal {signal}"),
    };
    name.to_owned()
}

/// Why a contained start failed, kept as text (the Landlock crate's errors).
pub(crate) type SandboxError = String;

/// A cgroup per program in the v1 `pids` and `memory` hierarchies, where the arena may make
/// them (as root, or with a delegated hierarchy): the process limit for root's programs, which
/// `RLIMIT_NPROC` does not hold, and resident memory limited with the kernel saying when its
/// out-of-memory killer ended a program. cgroup v2 is not used: a process may only put
/// children in a v2 cgroup it leads without being in it itself, which `play` is not set up for.
mod cgroups {
    use std::ffi::CString;
    use std::path::PathBuf;
    use std::sync::OnceLock;
    use std::sync::atomic::{AtomicU64, Ordering};

    use super::{Limits, Protections};

    /// The folder of this process's cgroup in the v1 hierarchy of `controller`, from
    /// `/proc/self/mountinfo` and `/proc/self/cgroup`.
    fn own(controller: &str) -> Option<PathBuf> {
        let mountinfo = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
        let mount = mountinfo.lines().find_map(|line| {
            let (fields, tail) = line.split_once(" - ")?;
            let mut tail = tail.split(' ');
            let (kind, _source, options) = (tail.next()?, tail.next()?, tail.next()?);
            let has = options.split(',').any(|o| o == controller);
            (kind == "cgroup" && has).then(|| fields.split(' ').nth(4).map(PathBuf::from))?
        })?;
        let cgroups = std::fs::read_to_string("/proc/self/cgroup").ok()?;
        let path = cgroups.lines().find_map(|line| {
            let mut parts = line.splitn(3, ':');
            let (_, list, path) = (parts.next()?, parts.next()?, parts.next()?);
            list.split(',').any(|c| c == controller).then_some(path)
        })?;
        Some(mount.join(path.trim_start_matches('/')))
    }

    /// Whether the arena may make cgroups under its own in `controller`'s hierarchy (tried
    /// once, with a folder made and removed).
    pub(super) fn usable(controller: &str) -> bool {
        let Some(own) = own(controller) else {
            return false;
        };
        let probe = own.join(format!("contest-arena-{}-probe", std::process::id()));
        let made = std::fs::create_dir(&probe).is_ok();
        made && std::fs::remove_dir(&probe).is_ok()
    }

    fn parent(controller: &'static str) -> Option<&'static PathBuf> {
        static PIDS: OnceLock<Option<PathBuf>> = OnceLock::new();
        static MEMORY: OnceLock<Option<PathBuf>> = OnceLock::new();
        let cell = if controller == "pids" { &PIDS } else { &MEMORY };
        cell.get_or_init(|| {
            let own = own(controller);
            if let Some(own) = &own {
                super::sweep(own, true);
            }
            own
        })
        .as_ref()
    }

    /// One program's cgroups.
    #[derive(Debug, Default)]
    pub(super) struct Cgroups {
        pids: Option<PathBuf>,
        memory: Option<PathBuf>,
    }

    impl Cgroups {
        /// Makes the cgroups of one program with `limits`, where `protections` says the
        /// hierarchy is usable; one that cannot be made is left out.
        pub(super) fn make(limits: &Limits, protections: &Protections) -> Cgroups {
            static NEXT: AtomicU64 = AtomicU64::new(0);
            let name = format!(
                "contest-arena-{}-{}",
                std::process::id(),
                NEXT.fetch_add(1, Ordering::Relaxed)
            );
            let make = |controller: &'static str, file: &str, value: Option<u64>| {
                let value = value?;
                let dir = parent(controller)?.join(&name);
                std::fs::create_dir(&dir).ok()?;
                if std::fs::write(dir.join(file), value.to_string()).is_err() {
                    let _ = std::fs::remove_dir(&dir);
                    return None;
                }
                Some(dir)
            };
            Cgroups {
                pids: protections
                    .cgroup_pids
                    .then(|| make("pids", "pids.max", limits.processes))
                    .flatten(),
                memory: protections
                    .cgroup_memory
                    .then(|| {
                        let dir = make("memory", "memory.limit_in_bytes", limits.memory)?;
                        // Swap too, where the kernel accounts it: else a program over the
                        // limit swaps instead of being stopped.
                        let bytes = limits.memory.unwrap_or(u64::MAX).to_string();
                        let _ = std::fs::write(dir.join("memory.memsw.limit_in_bytes"), bytes);
                        Some(dir)
                    })
                    .flatten(),
            }
        }

        /// The `cgroup.procs` files the program's supervisor writes itself into.
        pub(super) fn procs_files(&self) -> Vec<CString> {
            [&self.pids, &self.memory]
                .into_iter()
                .flatten()
                .filter_map(|dir| {
                    let file = dir.join("cgroup.procs");
                    CString::new(file.into_os_string().into_encoded_bytes()).ok()
                })
                .collect()
        }

        /// Whether the kernel's out-of-memory killer killed a process of the memory cgroup.
        pub(super) fn oom_killed(&self) -> bool {
            let Some(dir) = &self.memory else {
                return false;
            };
            std::fs::read_to_string(dir.join("memory.oom_control")).is_ok_and(|text| {
                text.lines().any(|line| {
                    line.strip_prefix("oom_kill ")
                        .is_some_and(|n| n.trim().parse::<u64>().is_ok_and(|n| n > 0))
                })
            })
        }

        /// Removes the cgroups once they are empty: the kernel tears a killed namespace down
        /// in a moment, so this waits for it (at most a second; a cgroup still in use then
        /// is left, as after a SIGKILL of the arena, for the next arena to sweep).
        pub(super) fn remove(&mut self) {
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(1);
            // The teardown takes a fraction of a millisecond: short naps first, then longer.
            let mut nap = std::time::Duration::from_micros(20);
            for dir in [self.pids.take(), self.memory.take()].into_iter().flatten() {
                while std::fs::remove_dir(&dir).is_err()
                    && dir.exists()
                    && std::time::Instant::now() < deadline
                {
                    std::thread::sleep(nap);
                    nap = (nap * 2).min(std::time::Duration::from_millis(10));
                }
            }
        }
    }
}

/// The system calls, each in the one place it is made.
#[allow(unsafe_code)]
mod sys {
    use std::os::unix::process::CommandExt;
    use std::path::{Path, PathBuf};
    use std::process::{Child, Command};

    use landlock::{
        ABI, Access, AccessFs, AccessNet, CompatLevel, Compatible, NetPort, PathBeneath, PathFd,
        Ruleset, RulesetAttr, RulesetCreated, RulesetCreatedAttr, Scope,
    };

    use super::{Limits, SandboxError};

    /// Whether this kernel lets an unprivileged process make a user and a PID namespace: a
    /// start of a program that does not exist, after the `unshare`, fails with ENOENT when the
    /// namespaces were made, with the refusal's errno otherwise.
    pub(super) fn namespaces_work() -> bool {
        let mut command = Command::new("/proc/self/contest-arena-no-such-program");
        let maps = IdMaps::new();
        // SAFETY: only async-signal-safe system calls (unshare, open, write, close) between
        // fork and exec, on data prepared before the fork.
        unsafe {
            command.pre_exec(move || {
                if libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWPID) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                maps.write()
            });
        }
        matches!(command.spawn(), Err(e) if e.kind() == std::io::ErrorKind::NotFound)
    }

    /// Whether Landlock of at least `abi` is enforceable here.
    pub(super) fn landlock_level(abi: i32) -> bool {
        let ruleset = Ruleset::default().set_compatibility(CompatLevel::HardRequirement);
        let created = match abi {
            1 => ruleset
                .handle_access(AccessFs::from_all(ABI::V1))
                .and_then(|r| r.create()),
            4 => ruleset
                .handle_access(AccessNet::BindTcp)
                .and_then(|r| r.create()),
            _ => ruleset.scope(Scope::Signal).and_then(|r| r.create()),
        };
        created.is_ok()
    }

    /// The uid and gid maps of a new user namespace: the arena's own ids, mapped to
    /// themselves, so that files keep their owners.
    struct IdMaps {
        uid: Vec<u8>,
        gid: Vec<u8>,
    }

    impl IdMaps {
        fn new() -> IdMaps {
            // SAFETY: getuid and getgid cannot fail.
            let (uid, gid) = unsafe { (libc::getuid(), libc::getgid()) };
            IdMaps {
                uid: format!("{uid} {uid} 1\n").into_bytes(),
                gid: format!("{gid} {gid} 1\n").into_bytes(),
            }
        }

        /// Writes the maps (in the child, between fork and exec: no allocation).
        fn write(&self) -> std::io::Result<()> {
            // Without "deny" an unprivileged process may not write its gid map; older kernels
            // have no such file, which is fine.
            let _ = write_file(c"/proc/self/setgroups", b"deny");
            write_file(c"/proc/self/uid_map", &self.uid)?;
            write_file(c"/proc/self/gid_map", &self.gid)
        }
    }

    fn write_file(path: &std::ffi::CStr, bytes: &[u8]) -> std::io::Result<()> {
        // SAFETY: plain system calls on a valid C string and buffer.
        unsafe {
            let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
            if fd < 0 {
                return Err(std::io::Error::last_os_error());
            }
            let written = libc::write(fd, bytes.as_ptr().cast(), bytes.len());
            libc::close(fd);
            if written != bytes.len() as isize {
                return Err(std::io::Error::last_os_error());
            }
        }
        Ok(())
    }

    /// The Landlock ruleset of a program: read and execute `readable`, everything in
    /// `scratch`, `/dev/null` and the random devices, TCP connections to `port` only, no
    /// listener, signals and abstract sockets scoped (best effort below ABI 6).
    pub(super) fn ruleset(
        readable: &[PathBuf],
        scratch: &Path,
        port: Option<u16>,
    ) -> Result<RulesetCreated, SandboxError> {
        let abi = ABI::V6;
        let text = |e: &dyn std::fmt::Display| e.to_string();
        let mut ruleset = Ruleset::default()
            .handle_access(AccessFs::from_all(abi))
            .map_err(|e| text(&e))?
            .handle_access(AccessNet::BindTcp | AccessNet::ConnectTcp)
            .map_err(|e| text(&e))?
            .scope(Scope::Signal | Scope::AbstractUnixSocket)
            .map_err(|e| text(&e))?
            .create()
            .map_err(|e| text(&e))?;
        for folder in readable {
            // A folder that does not exist here (no /lib32, say) is no rule.
            if let Ok(fd) = PathFd::new(folder) {
                ruleset = ruleset
                    .add_rule(PathBeneath::new(fd, AccessFs::from_read(abi)))
                    .map_err(|e| text(&e))?;
            }
        }
        for device in [
            "/dev/null",
            "/dev/zero",
            "/dev/random",
            "/dev/urandom",
            "/dev/full",
        ] {
            if let Ok(fd) = PathFd::new(device) {
                ruleset = ruleset
                    .add_rule(PathBeneath::new(fd, AccessFs::from_file(abi)))
                    .map_err(|e| text(&e))?;
            }
        }
        let fd = PathFd::new(scratch).map_err(|e| text(&e))?;
        ruleset = ruleset
            .add_rule(PathBeneath::new(fd, AccessFs::from_all(abi)))
            .map_err(|e| text(&e))?;
        if let Some(port) = port {
            ruleset = ruleset
                .add_rule(NetPort::new(port, AccessNet::ConnectTcp))
                .map_err(|e| text(&e))?;
        }
        Ok(ruleset)
    }

    /// The resource limits as `setrlimit` pairs, prepared before the fork.
    fn rlimits(limits: &Limits) -> Vec<(libc::__rlimit_resource_t, libc::rlimit)> {
        let pair = |soft: u64, hard: u64| libc::rlimit {
            rlim_cur: soft as libc::rlim_t,
            rlim_max: hard as libc::rlim_t,
        };
        let mut all = vec![(libc::RLIMIT_CORE, pair(0, 0))];
        if let Some(bytes) = limits.memory {
            all.push((libc::RLIMIT_DATA, pair(bytes, bytes)));
        }
        if let Some(seconds) = limits.cpu_seconds {
            // SIGXCPU at the soft limit, SIGKILL a second later.
            all.push((libc::RLIMIT_CPU, pair(seconds, seconds.saturating_add(1))));
        }
        if let Some(n) = limits.processes {
            all.push((libc::RLIMIT_NPROC, pair(n, n)));
        }
        if let Some(bytes) = limits.file_size {
            all.push((libc::RLIMIT_FSIZE, pair(bytes, bytes)));
        }
        if let Some(n) = limits.open_files {
            all.push((libc::RLIMIT_NOFILE, pair(n, n)));
        }
        all
    }

    /// Whether the arena runs as root (whom the kernel exempts from `RLIMIT_NPROC`).
    pub(super) fn is_root() -> bool {
        // SAFETY: geteuid cannot fail.
        unsafe { libc::geteuid() == 0 }
    }

    fn errno() -> std::io::Error {
        std::io::Error::last_os_error()
    }

    /// Waits for `pid`, retrying when interrupted; its wait status, or -1.
    unsafe fn wait_for(pid: libc::pid_t) -> libc::c_int {
        let mut status = 0;
        loop {
            // SAFETY: a plain system call on a local.
            let got = unsafe { libc::waitpid(pid, &mut status, 0) };
            if got == pid {
                return status;
            }
            if got < 0 && errno().raw_os_error() != Some(libc::EINTR) {
                return -1;
            }
        }
    }

    /// Ends this process the way `status` says a process ended: the same exit code, or the
    /// same signal (this process made undumpable first, so a mirrored SIGSEGV dumps no core).
    unsafe fn mirror(status: libc::c_int) -> ! {
        // SAFETY: async-signal-safe system calls only.
        unsafe {
            if status >= 0 && libc::WIFSIGNALED(status) {
                let signal = libc::WTERMSIG(status);
                libc::prctl(libc::PR_SET_DUMPABLE, 0);
                libc::signal(signal, libc::SIG_DFL);
                let mut set: libc::sigset_t = std::mem::zeroed();
                libc::sigemptyset(&mut set);
                libc::sigaddset(&mut set, signal);
                libc::sigprocmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
                libc::kill(libc::getpid(), signal);
            }
            let code = if status >= 0 && libc::WIFEXITED(status) {
                libc::WEXITSTATUS(status)
            } else {
                // Killed, and the signal could not be mirrored.
                255
            };
            libc::_exit(code)
        }
    }

    /// Closes every descriptor but `keep` (a process that never executes anything keeps no
    /// pipe of the program's open).
    unsafe fn close_all_but(keep: &[libc::c_int]) {
        let mut from: libc::c_uint = 0;
        let mut sorted = [0 as libc::c_int; 4];
        let n = keep.len().min(4);
        sorted[..n].copy_from_slice(&keep[..n]);
        sorted[..n].sort_unstable();
        for &fd in &sorted[..n] {
            if fd as libc::c_uint > from {
                // SAFETY: a plain system call.
                unsafe { libc::syscall(libc::SYS_close_range, from, fd as libc::c_uint - 1, 0) };
            }
            from = fd as libc::c_uint + 1;
        }
        // SAFETY: a plain system call.
        unsafe { libc::syscall(libc::SYS_close_range, from, libc::c_uint::MAX, 0) };
    }

    /// Sets up `command` to start contained: in a PID namespace under a tiny init when
    /// `namespaces`, else leading its own process group; the limits; the Landlock `ruleset`.
    pub(super) fn contain(
        command: &mut Command,
        limits: &Limits,
        cgroup_procs: Vec<std::ffi::CString>,
        ruleset: Option<RulesetCreated>,
        namespaces: bool,
    ) {
        let rlimits = rlimits(limits);
        let maps = IdMaps::new();
        let mut ruleset = ruleset;
        let arena = std::process::id() as libc::pid_t;
        // The program's last steps before exec: limits, then the sandbox.
        let program_setup = move |ruleset: &mut Option<RulesetCreated>| -> std::io::Result<()> {
            for (resource, limit) in &rlimits {
                // SAFETY: a plain system call on prepared data.
                if unsafe { libc::setrlimit(*resource, limit) } != 0 {
                    return Err(errno());
                }
            }
            if let Some(ruleset) = ruleset.take() {
                ruleset
                    .restrict_self()
                    .map_err(|_| std::io::Error::from_raw_os_error(libc::EPERM))?;
            }
            Ok(())
        };
        // SAFETY: everything below runs between fork and exec in a child of a threaded
        // process: async-signal-safe system calls only, on data prepared before the fork
        // (the Landlock crate's `restrict_self` makes two system calls and allocates nothing
        // on success).
        unsafe {
            command.pre_exec(move || {
                // The supervisor (the process the arena holds) dies with the arena's thread.
                if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                    return Err(errno());
                }
                if libc::getppid() != arena {
                    return Err(std::io::Error::from_raw_os_error(libc::ESRCH));
                }
                // Into the program's cgroups, before anything else is made: all that follows
                // is counted there.
                for procs in &cgroup_procs {
                    write_file(procs, b"0")?;
                }
                if !namespaces {
                    if libc::setpgid(0, 0) != 0 {
                        return Err(errno());
                    }
                    return program_setup(&mut ruleset);
                }
                if libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWPID) != 0 {
                    return Err(errno());
                }
                maps.write()?;
                // `alive`: held open by the supervisor for its life (the init checks it once
                // its death signal is armed). `status`: the program's wait status, from the
                // init to the supervisor.
                let mut alive = [0; 2];
                let mut status = [0; 2];
                if libc::pipe(alive.as_mut_ptr()) != 0 || libc::pipe(status.as_mut_ptr()) != 0 {
                    return Err(errno());
                }
                let init = libc::fork();
                if init < 0 {
                    return Err(errno());
                }
                if init > 0 {
                    // The supervisor: waits for the init, then ends as the program ended.
                    libc::prctl(libc::PR_SET_DUMPABLE, 0);
                    close_all_but(&[alive[1], status[0]]);
                    let init_status = wait_for(init);
                    let mut word = [0u8; 4];
                    let got = libc::read(status[0], word.as_mut_ptr().cast(), 4);
                    mirror(if got == 4 {
                        libc::c_int::from_ne_bytes(word)
                    } else {
                        init_status
                    });
                }
                // The init, process 1 of the new namespace.
                libc::prctl(libc::PR_SET_DUMPABLE, 0);
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                libc::close(alive[1]);
                let mut poll = libc::pollfd {
                    fd: alive[0],
                    events: 0,
                    revents: 0,
                };
                if libc::poll(&mut poll, 1, 0) != 0 && poll.revents & libc::POLLHUP != 0 {
                    // The supervisor died before the death signal was armed.
                    libc::_exit(255);
                }
                libc::close(alive[0]);
                libc::close(status[0]);
                let program = libc::fork();
                if program < 0 {
                    return Err(errno());
                }
                if program > 0 {
                    close_all_but(&[status[1]]);
                    loop {
                        let mut code = 0;
                        let got = libc::waitpid(-1, &mut code, 0);
                        if got == program {
                            let word = code.to_ne_bytes();
                            libc::write(status[1], word.as_ptr().cast(), 4);
                            // Ending the init kills what is left of the namespace.
                            libc::_exit(0);
                        }
                        if got < 0 && errno().raw_os_error() != Some(libc::EINTR) {
                            libc::_exit(255);
                        }
                    }
                }
                // The program, process 2: std executes it after this returns.
                libc::close(status[1]);
                program_setup(&mut ruleset)
            });
        }
    }

    /// Kills the program's whole tree: the supervisor (the init and with it the namespace
    /// follow at once), or the process group.
    pub(super) fn kill_whole(child: &mut Child, namespaces: bool) {
        if !namespaces {
            // SAFETY: a plain system call; the group is the child's own (setpgid above), and
            // its id is not reused while a member lives, even after the leader was reaped.
            unsafe { libc::killpg(child.id() as libc::pid_t, libc::SIGKILL) };
        }
        let _ = child.kill();
    }
}
