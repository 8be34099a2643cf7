//! Recording games as `.t3d` and replaying recorded ones through the engine.
//!
//! [`Recorder`] turns a game played with this crate into a [`T3d`] (write it with
//! [`T3d::write`] and the original web viewer plays it). [`replay`] feeds a recorded game's
//! commands back through the engine, with the player order read from each round's `movements`
//! section and the item types read from the board where they appear, and checks that every
//! board and every `movements` list comes out as recorded. [`run_original`] plays the kit's own
//! `Demo`/`Null` players with the original's `rand()` stream, reproducing the original program's
//! output for a seed.

use std::path::{Path, PathBuf};

pub use pathfind::replay::{Summary, VerifyError};

use crate::format::{BoardRecord, FormatError, RoundRecord, T3d, parse_map};
use crate::{
    Actions, Board, Chance, Events, Game, GlibcRand, Item, PlayerId, Preset, State, VertexId,
};

/// Builds a [`T3d`] while a game is played.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Recorder {
    t3d: T3d,
}

impl Recorder {
    /// Starts a record with the board of `state` (usually the initial state).
    pub fn new(game: &Game, names: &[String], state: &State) -> Recorder {
        let status = vec![0.0; game.config().nb_players];
        Recorder {
            t3d: T3d {
                map: game.board().name().to_owned(),
                config: *game.config(),
                names: names.to_vec(),
                boards: vec![BoardRecord::of(game, state, &status)],
                rounds: Vec::new(),
            },
        }
    }

    /// Records one round: the `actions` given, the `events` returned by the engine and the
    /// state after the round.
    pub fn record(&mut self, game: &Game, actions: &Actions, events: &Events, state: &State) {
        let status = vec![0.0; game.config().nb_players];
        self.t3d
            .rounds
            .push(RoundRecord::of(game.config().nb_players, actions, events));
        self.t3d.boards.push(BoardRecord::of(game, state, &status));
    }

    /// The record so far.
    pub fn t3d(&self) -> &T3d {
        &self.t3d
    }

    /// The finished record.
    pub fn finish(self) -> T3d {
        self.t3d
    }
}

/// The chance outcomes of one recorded round: the player order implied by its `movements`
/// (players by first appearance, the others after them in id order) and the item types found
/// on the next board.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordedChance<'a> {
    order: Vec<PlayerId>,
    next: &'a BoardRecord,
}

impl<'a> RecordedChance<'a> {
    /// The outcomes of round `round` (leading to `next`) played in `state`.
    pub fn new(state: &State, round: &RoundRecord, next: &'a BoardRecord) -> RecordedChance<'a> {
        let mut order: Vec<PlayerId> = Vec::new();
        for m in &round.executed {
            if m.bike >= 0 && (m.bike as usize) < state.bikes().len() {
                let player = state.bike(m.bike as usize).player;
                if !order.contains(&player) {
                    order.push(player);
                }
            }
        }
        for p in 0..state.nb_players() as PlayerId {
            if !order.contains(&p) {
                order.push(p);
            }
        }
        RecordedChance { order, next }
    }
}

impl Chance for RecordedChance<'_> {
    fn shuffle_players(&mut self, order: &mut [PlayerId]) {
        for (slot, &p) in order.iter_mut().zip(&self.order) {
            *slot = p;
        }
    }

    fn bonus_item(&mut self, vertex: VertexId) -> Item {
        self.next
            .vertices
            .get(vertex as usize)
            .map_or(Item::None, |v| v.item)
    }
}

/// Where a replay first disagrees with its record: the workspace's one
/// [`pathfind::replay::Mismatch`], its `step` the round (board number) where it differs.
pub use pathfind::replay::Mismatch;

/// Replays a recorded game on `game` (built from the record's map and parameters): every
/// round's commands with the recorded chance outcomes. Checks every board and every
/// `movements` list; returns the engine's own record of the game (whose
/// [`write`](T3d::write) must equal the recorded text) or the first mismatch.
pub fn replay(trace: &str, game: &Game, record: &T3d) -> Result<T3d, Mismatch> {
    replay_states(trace, game, record).map(|(t3d, _)| t3d)
}

/// [`replay`], also returning the engine's state after every round (the first board's state
/// first), for viewers and analysis.
pub fn replay_states(
    trace: &str,
    game: &Game,
    record: &T3d,
) -> Result<(T3d, Vec<State>), Mismatch> {
    let mismatch = |round: usize, field: &str, expected: String, got: String| Mismatch {
        trace: trace.to_owned(),
        step: round as u64,
        field: field.to_owned(),
        expected,
        got,
    };
    if *game.config() != record.config {
        return Err(mismatch(
            0,
            "config",
            format!("{:?}", record.config),
            format!("{:?}", game.config()),
        ));
    }
    let first = record
        .boards
        .first()
        .ok_or_else(|| mismatch(0, "boards", "at least one".into(), "none".into()))?;
    let mut state = first
        .to_state(game, 0)
        .map_err(|e| mismatch(0, "board", "a board of this map".into(), e.to_string()))?;
    // The original runs nb_rounds rounds from whatever round it starts at.
    let mut recorder = Recorder::new(game, &record.names, &state);
    let mut states = Vec::with_capacity(record.boards.len());
    states.push(state.clone());
    if record.rounds.len() + 1 != record.boards.len() {
        return Err(mismatch(
            0,
            "round count",
            format!("{} boards", record.rounds.len() + 1),
            format!("{} boards", record.boards.len()),
        ));
    }
    for (r, round) in record.rounds.iter().enumerate() {
        let next = &record.boards[r + 1];
        let mut chance = RecordedChance::new(&state, round, next);
        let actions = round.actions();
        let events = game.advance_with(&mut state, &actions, &mut chance);
        if events.executed.as_slice() != round.executed.as_slice() {
            return Err(mismatch(
                r + 1,
                "movements",
                format!("{:?}", round.executed),
                format!("{:?}", events.executed),
            ));
        }
        recorder.record(game, &actions, &events, &state);
        let mut ours = recorder.t3d.boards.last().cloned().unwrap_or_default();
        ours.status = next.status.clone();
        if let Some((field, expected, got)) = next.first_difference(&ours) {
            return Err(mismatch(r + 1, &field, expected, got));
        }
        if let Some(last) = recorder.t3d.boards.last_mut() {
            last.status = next.status.clone();
        }
        states.push(state.clone());
    }
    recorder.t3d.boards[0].status = first.status.clone();
    Ok((recorder.finish(), states))
}

/// Replays the `.t3d` text `text` on the board `board` (the record's map) and checks that the
/// engine's output is byte for byte the same text. Returns the number of rounds checked.
pub fn verify_text(trace: &str, board: crate::Board, text: &str) -> Result<usize, Mismatch> {
    let fail = |field: &str, expected: String, got: String| Mismatch {
        trace: trace.to_owned(),
        step: 0,
        field: field.to_owned(),
        expected,
        got,
    };
    let record =
        T3d::parse(text).map_err(|e| fail("parse", "a tron3d v1.2 file".into(), e.to_string()))?;
    let game = Game::new(board, record.config)
        .map_err(|e| fail("config", "a valid game".into(), e.to_string()))?;
    let ours = replay(trace, &game, &record)?;
    let written = ours.write();
    if written != text {
        let at = written
            .bytes()
            .zip(text.bytes())
            .position(|(a, b)| a != b)
            .unwrap_or(written.len().min(text.len()));
        let line = text[..at.min(text.len())].matches('\n').count() + 1;
        let snippet = |s: &str| s.get(at..(at + 30).min(s.len())).unwrap_or("").to_owned();
        return Err(Mismatch {
            trace: trace.to_owned(),
            step: 0,
            field: format!("written .t3d at byte {at} (line {line})"),
            expected: format!("{:?}", snippet(text)),
            got: format!("{:?}", snippet(&written)),
        });
    }
    Ok(record.rounds.len())
}

/// The players of the original kit that [`run_original`] can play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum KitPlayer {
    /// `AIDemo.cc`: random free neighbour ([`crate::demo`]).
    Demo,
    /// `AINull.cc`: commands nothing.
    Null,
}

/// Plays a whole game as the original `Game` does with `./Game <names> -s seed`: one glibc
/// `rand()` stream shared by the players (called in player order each round) and the engine.
/// `names` are the kit player names (`Demo` or `Null`). Returns the record; its
/// [`write`](T3d::write) is the original program's output.
pub fn run_original(game: &Game, names: &[&str], seed: u32) -> Result<T3d, String> {
    let players = names
        .iter()
        .map(|name| match *name {
            "Demo" => Ok(KitPlayer::Demo),
            "Null" => Ok(KitPlayer::Null),
            other => Err(format!("unknown kit player {other:?} (Demo or Null)")),
        })
        .collect::<Result<Vec<_>, _>>()?;
    if players.len() != game.config().nb_players {
        return Err(format!(
            "{} names for {} players",
            players.len(),
            game.config().nb_players
        ));
    }
    let mut rng = GlibcRand::new(seed);
    let mut state = game.initial_state(u64::from(seed));
    let names: Vec<String> = names.iter().map(|s| (*s).to_owned()).collect();
    let mut recorder = Recorder::new(game, &names, &state);
    let mut actions = Actions::new();
    while !state.is_over() {
        actions.clear();
        for (p, player) in players.iter().enumerate() {
            if *player == KitPlayer::Demo {
                crate::demo::play(game, &state, p as PlayerId, &mut rng, &mut actions);
            }
        }
        let events = game.advance_with(&mut state, &actions, &mut rng);
        recorder.record(game, &actions, &events, &state);
    }
    Ok(recorder.finish())
}

/// The largest file [`verify_files`] and [`load`] read (a 250-round game on the 866-vertex cube
/// is about 3 MB).
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// The boards a recorded game may have been played on, most likely first: `<map>.map` next to
/// `file`, in a `boards/` folder beside it or beside one of its three nearest parents, in
/// `$CONTEST_DATA/tron3d/boards/`; the shipped preset of that name; then every shipped preset
/// with as many vertices as the record's boards (a game written under another name, such as
/// `play tron3d --board grid13 --name plane`). Each comes with the file it was read from.
pub fn candidate_boards(file: &Path, record: &T3d) -> Vec<(String, Result<Board, FormatError>)> {
    let name = &record.map;
    let file_name = format!("{name}.map");
    let dir = file.parent().unwrap_or(Path::new("."));
    let mut paths = vec![dir.join(&file_name)];
    for ancestor in dir.ancestors().take(4) {
        paths.push(ancestor.join("boards").join(&file_name));
    }
    if let Some(data) = std::env::var_os("CONTEST_DATA") {
        paths.push(
            PathBuf::from(data)
                .join("tron3d")
                .join("boards")
                .join(&file_name),
        );
    }
    let mut found = Vec::new();
    for path in paths {
        let fits = std::fs::metadata(&path).is_ok_and(|m| m.is_file() && m.len() <= MAX_FILE_BYTES);
        if let (true, Ok(text)) = (fits, std::fs::read_to_string(&path)) {
            found.push((path.display().to_string(), parse_map(name, &text)));
        }
    }
    if let Some(preset) = Preset::from_name(name) {
        found.push((
            format!("shipped board {}", preset.name()),
            Ok(preset.board()),
        ));
    }
    let vertices = record.boards.first().map_or(0, |b| b.vertices.len());
    for preset in Preset::ALL {
        let board = preset.board();
        if preset.name() != name && board.nb_vertices() == vertices {
            let mut board = board;
            board.set_name(name.clone());
            found.push((format!("shipped board {}", preset.name()), Ok(board)));
        }
    }
    found
}

/// Replays every `.t3d` v1.2 file of `paths` on the board it was played on (found by
/// [`candidate_boards`]: the first that replays the whole game and its bytes exactly), and
/// checks every board, every `movements` list and the written bytes. A file with no game in it
/// (empty, or only whitespace), or no file at all, is [`VerifyError::Empty`]; a file of more than
/// [`MAX_FILE_BYTES`] (counted as it is read: a device too) is [`VerifyError::TooLarge`], one
/// that does not parse [`VerifyError::Format`]; when no board fits,
/// the error is the first candidate's mismatch.
///
/// ```
/// use tron3d::{Game, Preset, replay};
/// let mut board = Preset::Grid.board();
/// board.set_name("plane"); // as `play tron3d --board grid13 --name plane` writes it
/// let game = Game::new(board, Preset::Grid.config()).unwrap();
/// let text = replay::run_original(&game, &["Demo"; 4], 1).unwrap().write();
/// let path = std::env::temp_dir().join(format!("doc-{}-plane.t3d", std::process::id()));
/// std::fs::write(&path, text).unwrap();
/// let summary = replay::verify_files(&[&path]).unwrap();
/// assert_eq!(summary.traces, 1);
/// assert_eq!(summary.steps, 180);
/// std::fs::remove_file(&path).unwrap();
/// ```
pub fn verify_files(paths: &[impl AsRef<Path>]) -> Result<Summary, VerifyError> {
    let mut summary = Summary {
        game: "tron3d".into(),
        traces: 0,
        steps: 0,
        step_name: "rounds".into(),
        notes: vec![".t3d bytes identical".into()],
    };
    for path in paths {
        let path = path.as_ref();
        let format = |message: String| VerifyError::Format {
            path: path.to_owned(),
            message,
        };
        let text = pathfind::replay::read_limited(path, MAX_FILE_BYTES)?;
        if text.trim().is_empty() {
            return Err(VerifyError::Empty {
                paths: path.display().to_string(),
            });
        }
        let record = T3d::parse(&text).map_err(|e| format(e.to_string()))?;
        let trace = path.display().to_string();
        let mut first_error: Option<VerifyError> = None;
        let mut rounds = None;
        for (source, board) in candidate_boards(path, &record) {
            let error = match board {
                Err(e) => format(format!("{source}: {e}")),
                Ok(board) => match verify_text(&format!("{trace} on {source}"), board, &text) {
                    Ok(n) => {
                        rounds = Some(n);
                        break;
                    }
                    Err(m) => VerifyError::from(pathfind::replay::Mismatch {
                        trace: m.trace,
                        step: m.step,
                        field: m.field,
                        expected: m.expected,
                        got: m.got,
                    }),
                },
            };
            first_error.get_or_insert(error);
        }
        let Some(rounds) = rounds else {
            return Err(
                first_error.unwrap_or_else(|| format(format!("map {}.map not found", record.map)))
            );
        };
        summary.traces += 1;
        summary.steps += rounds as u64;
    }
    if summary.traces == 0 {
        return Err(VerifyError::Empty {
            paths: "no files".into(),
        });
    }
    Ok(summary)
}

/// Reads the recorded game in `path` (`.t3d` v1.2) on the board it was played on (found as
/// [`verify_files`] finds it: the first candidate board on which every recorded board replays),
/// returning the game, the record and the state after every round (the first board's state
/// first).
pub fn load(path: &Path) -> Result<(Game, T3d, Vec<State>), VerifyError> {
    let format = |message: String| VerifyError::Format {
        path: path.to_owned(),
        message,
    };
    let text = pathfind::replay::read_limited(path, MAX_FILE_BYTES)?;
    if text.trim().is_empty() {
        return Err(VerifyError::Empty {
            paths: path.display().to_string(),
        });
    }
    let record = T3d::parse(&text).map_err(|e| format(e.to_string()))?;
    let trace = path.display().to_string();
    let mut first_error: Option<VerifyError> = None;
    for (source, board) in candidate_boards(path, &record) {
        let error = match board.map(|b| Game::new(b, record.config)) {
            Err(e) => format(format!("{source}: {e}")),
            Ok(Err(e)) => format(format!("{source}: {e}")),
            Ok(Ok(game)) => match replay_states(&trace, &game, &record) {
                Ok((_, states)) => return Ok((game, record, states)),
                Err(m) => VerifyError::from(pathfind::replay::Mismatch {
                    trace: format!("{} on {source}", m.trace),
                    step: m.step,
                    field: m.field,
                    expected: m.expected,
                    got: m.got,
                }),
            },
        };
        first_error.get_or_insert(error);
    }
    Err(first_error.unwrap_or_else(|| format(format!("map {}.map not found", record.map))))
}
