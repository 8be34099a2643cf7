//! The replay viewer: one self-contained HTML file that plays a recorded game in the browser.
//!
//! [`write_html`] writes, for any [`Playable`] game, a page with the game's steps embedded as JSON
//! (every [`ViewerOptions::every`]-th step and always the last: the step's number, each player's
//! score so far and the SVG picture of the state, sent as the lines that changed since the
//! previous frame: the board is embedded once, and a step adds only its moved pieces), a
//! timeline slider, play / pause / step buttons
//! (and the arrow keys and space), a table of the players' current and final scores and places,
//! and a chart of the scores over time that the page's own script draws. It needs no network, no
//! external script or font, and opens from `file://`.
//!
//! ```no_run
//! use arena::viewer::{ViewerOptions, write_html};
//! use pathfind::tree::Game as _;
//! use tron3d::{Game, Preset};
//!
//! let game = Game::new(Preset::Cube.board(), Preset::Cube.config()).unwrap();
//! let state = game.initial_state(1);
//! let names = ["a", "b", "c", "d"].map(String::from);
//! write_html("game.html".as_ref(), &game, &names, [state], &ViewerOptions::default()).unwrap();
//! ```
//!
//! # What the page exposes (for tests and scripts)
//!
//! The element `#viewer` carries `data-step` (the step shown), `data-frame` (its index among the
//! embedded frames), `data-scores` (the scores at that step, as a JSON array), `data-final-scores`
//! (the final scores: the outcome's when the last state is over, else the last state's current
//! scores), `data-frames`, `data-last-step`, `data-ready="1"` once the script has run, and
//! `data-error` (empty unless a script error happened; `window.onerror` also shows it in `#error`),
//! and `data-faults` (the players' faults seen by the step shown, as a JSON array of
//! `{"player":P,"step":N,"text":"..."}`; `[]` when none). A player's first fault (a program
//! bot's, [`crate::Bot::fault`], told through [`Watch::fault`]) is listed under the score table
//! (`#faults`, one item per player: the step and the reason, a link to that step), marked on the
//! chart at its step, and flagged in the score table from that step on.
//! Opening the page as `FILE#step=N` shows step `N` (the last embedded step at or before `N` when
//! `N` was not sampled); the `link` next to the slider is the current step's address.
//!
//! # The embedded pictures
//!
//! Each frame's `svg` is an array of changes to the previous frame's picture, line by line (the
//! games' SVG writers put one element on a line, the board first): `n > 0` keeps the next `n`
//! lines, `n < 0` drops them, a string inserts that line, and the lines after the last change are
//! kept. The first frame inserts its whole picture. The page rebuilds a picture from the nearest
//! of the pictures it keeps every 16 frames.
//!
//! # Writing
//!
//! The pictures are rendered one state at a time into one reused buffer and streamed to the
//! page as [`crate::output`] writes a file: a regular file through a temporary file beside it,
//! renamed over it at the end (a failed write leaves nothing half-written behind), a FIFO or a
//! device in place, never replaced. Every failure is a [`ViewerError`] whose message is one line naming
//! the file.

use std::borrow::Borrow;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::io::Write;
use std::path::{Path, PathBuf};

use pathfind::tree::Outcome as _;

use crate::playable::Playable;
#[cfg(feature = "tournament")]
use crate::runner::Watch;

/// The page up to the opening of the embedded JSON.
const PAGE_HEAD: &str = include_str!("viewer/head.html");

/// The script every page of the arena installs first (the replay viewer's and the
/// leaderboard's): a script error is shown on the page and in `data-error`, for tests. A page's
/// head has `<!--onerror-->` where it goes ([`write_head`]).
const ONERROR: &str = include_str!("viewer/onerror.html");

/// Writes a page's `head` (its HTML up to its data) with [`ONERROR`] in its place.
pub(crate) fn write_head(out: &mut (impl Write + ?Sized), head: &str) -> std::io::Result<()> {
    let (before, after) = head.split_once("<!--onerror-->\n").unwrap_or((head, ""));
    out.write_all(before.as_bytes())?;
    out.write_all(ONERROR.as_bytes())?;
    out.write_all(after.as_bytes())
}
/// The page after the embedded JSON: the player script.
const PAGE_TAIL: &str = include_str!("viewer/tail.html");

/// How a viewer page is written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ViewerOptions {
    /// Embed every `every`-th step (steps 0, every, 2·every, ...) and always the last; at least 1.
    pub every: usize,
    /// The page's title (default: the game's name and the players').
    pub title: Option<String>,
}

impl Default for ViewerOptions {
    fn default() -> Self {
        ViewerOptions {
            every: 1,
            title: None,
        }
    }
}

/// What a written page holds.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewerSummary {
    /// The steps embedded.
    pub frames: usize,
    /// The number of the last step (the number of states minus one).
    pub last_step: usize,
    /// The final scores the page shows.
    pub final_scores: Vec<f64>,
    /// The file's size in bytes.
    pub bytes: u64,
}

/// Why a viewer page could not be written.
#[derive(Debug, thiserror::Error)]
pub enum ViewerError {
    /// Sampling every 0 steps.
    #[error("{path}: cannot write a viewer sampling every {every} steps (at least 1)")]
    BadSampling {
        /// The page that was to be written.
        path: PathBuf,
        /// The rejected sampling interval.
        every: usize,
    },
    /// No state to show.
    #[error("{path}: no state to show: the recording is empty")]
    Empty {
        /// The page that was to be written.
        path: PathBuf,
    },
    /// The file (or its temporary file beside it) could not be written or renamed.
    #[error("{path}: cannot write the viewer: {source}")]
    Io {
        /// The page that was to be written.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
}

/// The most frames [`auto_every`] embeds: a slider of a few hundred positions stays usable.
pub const AUTO_MAX_FRAMES: usize = 500;
/// The most bytes of pictures [`auto_every`] aims to embed: pages of a few tens of MiB open in a
/// few seconds.
pub const AUTO_MAX_PICTURE_BYTES: usize = 32 << 20;

/// A sampling interval for a game of `states` states whose pictures are about as large as the
/// picture of `sample`: at most [`AUTO_MAX_FRAMES`] frames and about [`AUTO_MAX_PICTURE_BYTES`]
/// of pictures (what `play view` uses without `--html-every`).
pub fn auto_every<G: Playable>(game: &G, sample: &G::State, states: usize) -> usize {
    let mut svg = String::new();
    game.render_svg(sample, &mut svg);
    let by_frames = states.div_ceil(AUTO_MAX_FRAMES);
    let by_bytes = states
        .saturating_mul(svg.len().max(1))
        .div_ceil(AUTO_MAX_PICTURE_BYTES);
    by_frames.max(by_bytes).max(1)
}

/// Writes the viewer page of a game to `path`: `states` from the initial one to the last, `names`
/// one per player (missing names are shown as `player i`).
pub fn write_html<G, S, I>(
    path: &Path,
    game: &G,
    names: &[String],
    states: I,
    options: &ViewerOptions,
) -> Result<ViewerSummary, ViewerError>
where
    G: Playable,
    S: Borrow<G::State>,
    I: IntoIterator<Item = S>,
{
    if options.every == 0 {
        return Err(ViewerError::BadSampling {
            path: path.to_owned(),
            every: 0,
        });
    }
    let every = options.every;
    let mut states = states.into_iter().enumerate().peekable();
    let frames = std::iter::from_fn(move || {
        loop {
            let (step, state) = states.next()?;
            if step % every == 0 || states.peek().is_none() {
                return Some((step, state));
            }
        }
    });
    write_frames(path, game, names, frames, &[], options)
}

/// Writes the page of frames already sampled: `(step, state)` in increasing step order, the last
/// one being the game's last state; `faults[player]` is the player's first fault and the step
/// it was seen at.
fn write_frames<G, S>(
    path: &Path,
    game: &G,
    names: &[String],
    frames: impl Iterator<Item = (usize, S)>,
    faults: &[Option<(u64, String)>],
    options: &ViewerOptions,
) -> Result<ViewerSummary, ViewerError>
where
    G: Playable,
    S: Borrow<G::State>,
{
    let io = |source| ViewerError::Io {
        path: path.to_owned(),
        source,
    };
    // Written through `output::write_file`: a regular file is replaced whole through a
    // temporary file (no half-written page is ever seen; no `sync_all`, which cost more than
    // writing the page), a FIFO or a device is written in place and never replaced.
    let mut written = None;
    let result = crate::output::write_file(path, false, |out| {
        let mut counted = Counted { out, bytes: 0 };
        let summary = Page::new(&mut counted).write(game, names, frames, faults, options)?;
        match summary {
            Some(summary) => {
                written = Some(ViewerSummary {
                    bytes: counted.bytes,
                    ..summary
                });
                Ok(())
            }
            None => Err(std::io::Error::other(EmptyPage)),
        }
    });
    match result {
        Ok(()) => written.ok_or_else(|| io(std::io::Error::other(EmptyPage))),
        Err(error) if error.get_ref().is_some_and(|e| e.is::<EmptyPage>()) => {
            Err(ViewerError::Empty {
                path: path.to_owned(),
            })
        }
        Err(error) => Err(io(error)),
    }
}

/// The page had no frame: nothing is left at its path.
#[derive(Debug)]
struct EmptyPage;

impl std::fmt::Display for EmptyPage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("no frame to write")
    }
}

impl std::error::Error for EmptyPage {}

/// A writer that counts the bytes of the page (its file may be a FIFO, whose size says nothing).
struct Counted<'a> {
    out: &'a mut dyn Write,
    bytes: u64,
}

impl Write for Counted<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.out.write(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// A page being written, with the buffers reused from frame to frame.
struct Page<W: Write> {
    out: W,
    /// One state's SVG.
    svg: String,
    /// Where each line of `svg` starts and ends (without its newline).
    lines: Vec<(usize, usize)>,
    /// The previous frame's SVG and lines, which `svg` is sent as changes to.
    previous: String,
    previous_lines: Vec<(usize, usize)>,
    /// Hashes of the lines of the changed middle of the previous and this frame.
    old_set: HashSet<u64>,
    new_set: HashSet<u64>,
    /// Text being escaped into JSON.
    text: String,
}

/// What a page sends for each frame, without the page around it: the changes that turn the
/// previous picture into the next. For the integration tests (re-exported by `internals`).
#[doc(hidden)]
pub struct FrameChanges(Page<Vec<u8>>);

impl Default for FrameChanges {
    fn default() -> Self {
        FrameChanges(Page::new(Vec::new()))
    }
}

impl FrameChanges {
    /// No frame sent yet.
    pub fn new() -> FrameChanges {
        FrameChanges::default()
    }

    /// The changes from the previous picture to `picture`, as comma-separated JSON items, the
    /// way [`Page`] writes them into a frame.
    pub fn next(&mut self, picture: &str) -> &[u8] {
        let page = &mut self.0;
        page.out.clear();
        page.svg.clear();
        page.svg.push_str(picture);
        split_lines(&page.svg, &mut page.lines);
        // Writing into a `Vec` cannot fail.
        let _ = page.changes();
        std::mem::swap(&mut page.svg, &mut page.previous);
        std::mem::swap(&mut page.lines, &mut page.previous_lines);
        &page.out
    }
}

impl<W: Write> Page<W> {
    /// A page writing to `out`, with no frame sent yet.
    fn new(out: W) -> Page<W> {
        Page {
            out,
            svg: String::new(),
            lines: Vec::new(),
            previous: String::new(),
            previous_lines: Vec::new(),
            old_set: HashSet::new(),
            new_set: HashSet::new(),
            text: String::new(),
        }
    }

    /// Writes the whole page; `None` when `frames` is empty (the caller then writes nothing).
    fn write<G, S>(
        &mut self,
        game: &G,
        names: &[String],
        frames: impl Iterator<Item = (usize, S)>,
        faults: &[Option<(u64, String)>],
        options: &ViewerOptions,
    ) -> std::io::Result<Option<ViewerSummary>>
    where
        G: Playable,
        S: Borrow<G::State>,
    {
        let players = game.players();
        let names: Vec<String> = (0..players)
            .map(|p| {
                names
                    .get(p)
                    .cloned()
                    .unwrap_or_else(|| format!("player {p}"))
            })
            .collect();
        write_head(&mut self.out, PAGE_HEAD)?;
        self.out.write_all(b"{\"frames\":[")?;
        let mut last: Option<(usize, S)> = None;
        let mut count = 0;
        for (step, state) in frames {
            if count > 0 {
                self.out.write_all(b",")?;
            }
            self.frame(game, step, state.borrow())?;
            count += 1;
            last = Some((step, state));
        }
        let Some((last_step, last_state)) = last else {
            return Ok(None);
        };
        let last_state = last_state.borrow();
        let (final_scores, ranks) = match game.outcome(last_state) {
            Some(outcome) if game.is_terminal(last_state) => {
                (outcome.scores(), Some(outcome.ranks()))
            }
            _ => (game.current_scores(last_state), None),
        };
        self.out.write_all(b"],\"game\":")?;
        self.string(G::NAME)?;
        let title = options
            .title
            .clone()
            .unwrap_or_else(|| format!("{}: {}", G::NAME, names.join(" vs ")));
        self.out.write_all(b",\"title\":")?;
        self.string(&title)?;
        self.out.write_all(b",\"names\":[")?;
        for (i, name) in names.iter().enumerate() {
            if i > 0 {
                self.out.write_all(b",")?;
            }
            self.string(name)?;
        }
        self.out.write_all(b"],\"colours\":[")?;
        for player in 0..players {
            if player > 0 {
                self.out.write_all(b",")?;
            }
            self.string(&game.player_colour(last_state, player))?;
        }
        self.out.write_all(b"],\"final\":")?;
        self.numbers(&final_scores)?;
        self.out.write_all(b",\"ranks\":")?;
        match &ranks {
            Some(ranks) => {
                let ranks: Vec<f64> = ranks.iter().map(|&r| f64::from(r)).collect();
                self.numbers(&ranks)?;
            }
            None => self.out.write_all(b"null")?,
        }
        // Each player's first fault, `{"step":N,"text":"..."}` or null; only when one had a
        // fault, so pages without faults stay as they were.
        if faults.iter().any(Option::is_some) {
            self.out.write_all(b",\"faults\":[")?;
            for player in 0..players {
                if player > 0 {
                    self.out.write_all(b",")?;
                }
                match faults.get(player).and_then(Option::as_ref) {
                    Some((step, text)) => {
                        write!(self.out, "{{\"step\":{step},\"text\":")?;
                        self.string(text)?;
                        self.out.write_all(b"}")?;
                    }
                    None => self.out.write_all(b"null")?,
                }
            }
            self.out.write_all(b"]")?;
        }
        write!(
            self.out,
            ",\"steps\":{last_step},\"every\":{}}}",
            options.every
        )?;
        self.out.write_all(b"\n")?;
        self.out.write_all(PAGE_TAIL.as_bytes())?;
        self.out.flush()?;
        Ok(Some(ViewerSummary {
            frames: count,
            last_step,
            final_scores,
            bytes: 0,
        }))
    }

    /// One frame: `{"step":N,"scores":[...],"svg":[changes]}`, its picture as the changes to
    /// the previous frame's lines (see [`Ops`]).
    fn frame<G: Playable>(
        &mut self,
        game: &G,
        step: usize,
        state: &G::State,
    ) -> std::io::Result<()> {
        write!(self.out, "{{\"step\":{step},\"scores\":")?;
        self.numbers(&game.current_scores(state))?;
        self.out.write_all(b",\"svg\":[")?;
        self.svg.clear();
        game.render_svg(state, &mut self.svg);
        split_lines(&self.svg, &mut self.lines);
        self.changes()?;
        std::mem::swap(&mut self.svg, &mut self.previous);
        std::mem::swap(&mut self.lines, &mut self.previous_lines);
        self.out.write_all(b"]}")
    }

    /// Writes the changes from the previous frame's lines to this frame's: the common first and
    /// last lines are kept; in between, a line found in both is kept when the walk reaches it in
    /// both, a line only in the old frame is dropped and one only in the new is inserted.
    fn changes(&mut self) -> std::io::Result<()> {
        let (old, new) = (&self.previous, &self.svg);
        let old_line = |i: usize| &old[self.previous_lines[i].0..self.previous_lines[i].1];
        let new_line = |j: usize| &new[self.lines[j].0..self.lines[j].1];
        let (m, n) = (self.previous_lines.len(), self.lines.len());
        let mut prefix = 0;
        while prefix < m.min(n) && old_line(prefix) == new_line(prefix) {
            prefix += 1;
        }
        let mut suffix = 0;
        while suffix < (m - prefix).min(n - prefix)
            && old_line(m - 1 - suffix) == new_line(n - 1 - suffix)
        {
            suffix += 1;
        }
        let mut ops = Ops::new(&mut self.out, &mut self.text);
        ops.keep(prefix)?;
        let (old_end, new_end) = (m - suffix, n - suffix);
        self.old_set.clear();
        self.new_set.clear();
        if prefix < old_end && prefix < new_end {
            self.old_set
                .extend((prefix..old_end).map(|i| hash_line(old_line(i))));
            self.new_set
                .extend((prefix..new_end).map(|j| hash_line(new_line(j))));
        }
        let (mut i, mut j) = (prefix, prefix);
        while i < old_end && j < new_end {
            if old_line(i) == new_line(j) {
                ops.keep(1)?;
                i += 1;
                j += 1;
            } else if !self.new_set.contains(&hash_line(old_line(i))) {
                ops.drop(1)?;
                i += 1;
            } else if !self.old_set.contains(&hash_line(new_line(j))) {
                ops.insert(new_line(j))?;
                j += 1;
            } else {
                // Both lines are elsewhere in the other frame: a move, sent as drop and insert.
                ops.drop(1)?;
                i += 1;
            }
        }
        ops.drop(old_end - i)?;
        for j in j..new_end {
            ops.insert(new_line(j))?;
        }
        ops.keep(suffix)?;
        ops.finish()
    }

    fn string(&mut self, text: &str) -> std::io::Result<()> {
        self.text.clear();
        escape_json(text, &mut self.text);
        self.out.write_all(self.text.as_bytes())
    }

    /// A JSON array of numbers; a non-finite one is `null`.
    fn numbers(&mut self, values: &[f64]) -> std::io::Result<()> {
        self.out.write_all(b"[")?;
        for (i, value) in values.iter().enumerate() {
            if i > 0 {
                self.out.write_all(b",")?;
            }
            if value.is_finite() {
                write!(self.out, "{value}")?;
            } else {
                self.out.write_all(b"null")?;
            }
        }
        self.out.write_all(b"]")
    }
}

/// Fills `lines` with where each line of `text` starts and ends (newlines excluded; a last
/// newline ends the last line, it does not start an empty one).
fn split_lines(text: &str, lines: &mut Vec<(usize, usize)>) {
    lines.clear();
    let mut start = 0;
    for (i, byte) in text.bytes().enumerate() {
        if byte == b'\n' {
            lines.push((start, i));
            start = i + 1;
        }
    }
    if start < text.len() {
        lines.push((start, text.len()));
    }
}

/// A line's hash, to find which lines of a frame's changed middle the other frame holds.
fn hash_line(line: &str) -> u64 {
    let mut hasher = std::hash::DefaultHasher::new();
    line.hash(&mut hasher);
    hasher.finish()
}

/// Writes a frame's picture as changes to the previous frame's lines, the elements of a JSON
/// array: `n` keeps the next `n` lines, `-n` drops them, a string inserts a line (the page's
/// script rebuilds each picture from them, joining the lines with newlines). Runs of keeps and
/// drops are written as one number.
struct Ops<'a, W: Write> {
    out: &'a mut W,
    text: &'a mut String,
    /// The run not yet written: lines kept (positive) or dropped (negative).
    run: i64,
    first: bool,
}

impl<'a, W: Write> Ops<'a, W> {
    fn new(out: &'a mut W, text: &'a mut String) -> Self {
        Ops {
            out,
            text,
            run: 0,
            first: true,
        }
    }

    fn comma(&mut self) -> std::io::Result<()> {
        if !self.first {
            self.out.write_all(b",")?;
        }
        self.first = false;
        Ok(())
    }

    fn flush_run(&mut self) -> std::io::Result<()> {
        if self.run != 0 {
            self.comma()?;
            write!(self.out, "{}", self.run)?;
            self.run = 0;
        }
        Ok(())
    }

    fn keep(&mut self, lines: usize) -> std::io::Result<()> {
        if lines > 0 {
            if self.run < 0 {
                self.flush_run()?;
            }
            self.run += lines as i64;
        }
        Ok(())
    }

    fn drop(&mut self, lines: usize) -> std::io::Result<()> {
        if lines > 0 {
            if self.run > 0 {
                self.flush_run()?;
            }
            self.run -= lines as i64;
        }
        Ok(())
    }

    fn insert(&mut self, line: &str) -> std::io::Result<()> {
        self.flush_run()?;
        self.comma()?;
        self.text.clear();
        escape_json(line, self.text);
        self.out.write_all(self.text.as_bytes())
    }

    /// Writes the last run, unless it keeps the rest: the lines after the last change are kept.
    fn finish(mut self) -> std::io::Result<()> {
        if self.run > 0 {
            self.run = 0;
        }
        self.flush_run()
    }
}

/// Appends `text` as a JSON string literal that is also safe inside an HTML `<script>` element:
/// every `<` is written `\u003c`, so neither `</script>` nor `<!--` can appear in it.
pub fn escape_json(text: &str, out: &mut String) {
    out.reserve(text.len() + 2);
    out.push('"');
    let bytes = text.as_bytes();
    let mut start = 0;
    for (i, &byte) in bytes.iter().enumerate() {
        let escaped = match byte {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'<' => "\\u003c",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0..=0x1f => "",
            _ => continue,
        };
        // Every byte matched above is ASCII, so `i` is a char boundary.
        out.push_str(&text[start..i]);
        if escaped.is_empty() {
            out.push_str(&format!("\\u{byte:04x}"));
        } else {
            out.push_str(escaped);
        }
        start = i + 1;
    }
    out.push_str(&text[start..]);
    out.push('"');
}

/// Records the states of a game as it is played (every [`ViewerOptions::every`]-th and the last),
/// for [`Recorder::write`]: a [`Watch`] for [`crate::runner::play_game`].
#[cfg(feature = "tournament")]
#[derive(Debug, Clone)]
pub struct Recorder<G: Playable> {
    every: usize,
    step: usize,
    /// The sampled states, with their steps.
    kept: Vec<(usize, G::State)>,
    /// The last state, when it was not sampled.
    last: Option<(usize, G::State)>,
    /// Each player's first fault and the step it was seen at ([`Watch::fault`]).
    faults: Vec<Option<(u64, String)>>,
}

#[cfg(feature = "tournament")]
impl<G: Playable> Recorder<G> {
    /// Keeps every `every`-th state (at least 1) and the last.
    pub fn new(every: usize) -> Recorder<G> {
        Recorder {
            every: every.max(1),
            step: 0,
            kept: Vec::new(),
            last: None,
            faults: Vec::new(),
        }
    }

    fn see(&mut self, state: &G::State) {
        if self.step.is_multiple_of(self.every) {
            self.kept.push((self.step, state.clone()));
            self.last = None;
        } else {
            match &mut self.last {
                Some((step, last)) => {
                    *step = self.step;
                    last.clone_from(state);
                }
                None => self.last = Some((self.step, state.clone())),
            }
        }
        self.step += 1;
    }

    /// Writes the recorded game's viewer page (see [`write_html`]).
    pub fn write(
        &self,
        path: &Path,
        game: &G,
        names: &[String],
        options: &ViewerOptions,
    ) -> Result<ViewerSummary, ViewerError> {
        let options = ViewerOptions {
            every: self.every,
            ..options.clone()
        };
        let frames = self
            .kept
            .iter()
            .chain(&self.last)
            .map(|(step, state)| (*step, state));
        write_frames(path, game, names, frames, &self.faults, &options)
    }

    /// Each player's first fault and the step it was seen at, as told ([`Watch::fault`]): the
    /// page shows each from its step on.
    pub fn faults(&self) -> &[Option<(u64, String)>] {
        &self.faults
    }
}

#[cfg(feature = "tournament")]
impl<G: Playable> Watch<G> for Recorder<G> {
    fn start(&mut self, _game: &G, state: &G::State) {
        self.step = 0;
        self.kept.clear();
        self.last = None;
        self.faults.clear();
        self.see(state);
    }

    fn step(&mut self, _game: &G, _actions: &[G::Action], _events: &G::Events, state: &G::State) {
        self.see(state);
    }

    fn fault(&mut self, _game: &G, player: usize, step: u64, fault: &str) {
        if player >= self.faults.len() {
            self.faults.resize(player + 1, None);
        }
        self.faults[player].get_or_insert_with(|| (step, fault.to_owned()));
    }
}

/// What `play GAME --html PAGE` asks of a match: the page of one of its games (the first it
/// plays), as the run plays it.
#[cfg(feature = "tournament")]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PagePlan {
    /// The page to write.
    pub path: PathBuf,
    /// The index of the game to show (the first of the match, or of its shard).
    pub index: u64,
    /// Embed every `every`-th step (and always the last).
    pub every: usize,
    /// The match's base seed, for the page's title.
    pub seed: u64,
}

/// A [`Watch`] that records the game the run plays at [`PagePlan::index`] (and nothing of the
/// others), to write that game's page: one per game, from the runner's `watch` closure (see
/// [`crate::runner::run_playable_watched`]), handed back to [`MatchPage::write`] in its sink.
/// The page shows the game the match really played: its bots, seats, seed and result.
#[cfg(feature = "tournament")]
#[derive(Debug, Clone)]
pub struct MatchPage<G: Playable> {
    recorder: Option<Recorder<G>>,
}

#[cfg(feature = "tournament")]
impl<G: Playable> MatchPage<G> {
    /// The watcher of game `setup`: recording when `plan` asks for this game's page.
    pub fn new(plan: Option<&PagePlan>, setup: &crate::runner::GameSetup) -> MatchPage<G> {
        MatchPage {
            recorder: plan
                .filter(|plan| plan.index == setup.index)
                .map(|plan| Recorder::new(plan.every)),
        }
    }

    /// Whether this watcher records its game.
    pub fn is_recording(&self) -> bool {
        self.recorder.is_some()
    }

    /// Writes the page of the recorded game (nothing when this game was not to be shown) and
    /// returns the line `play` prints about it. `game` is the table the game was played on,
    /// `names` the bots of its seats.
    pub fn write(
        &self,
        plan: Option<&PagePlan>,
        game: &G,
        names: &[String],
    ) -> Result<Option<String>, ViewerError> {
        let summary = self.write_summary(plan, game, names)?;
        Ok(summary
            .zip(plan)
            .map(|(summary, plan)| view_line(&plan.path, &summary)))
    }

    /// [`MatchPage::write`], returning what the page holds.
    pub fn write_summary(
        &self,
        plan: Option<&PagePlan>,
        game: &G,
        names: &[String],
    ) -> Result<Option<ViewerSummary>, ViewerError> {
        let (Some(plan), Some(recorder)) = (plan, &self.recorder) else {
            return Ok(None);
        };
        let options = ViewerOptions {
            every: plan.every,
            title: Some(format!(
                "{}: game {} (seed {}), {}",
                G::NAME,
                plan.index,
                plan.seed,
                names.join(" vs ")
            )),
        };
        recorder.write(&plan.path, game, names, &options).map(Some)
    }
}

#[cfg(feature = "tournament")]
impl<G: Playable> Watch<G> for MatchPage<G> {
    fn start(&mut self, game: &G, state: &G::State) {
        if let Some(recorder) = &mut self.recorder {
            recorder.start(game, state);
        }
    }

    fn step(&mut self, game: &G, actions: &[G::Action], events: &G::Events, state: &G::State) {
        if let Some(recorder) = &mut self.recorder {
            recorder.step(game, actions, events, state);
        }
    }

    fn fault(&mut self, game: &G, player: usize, step: u64, fault: &str) {
        if let Some(recorder) = &mut self.recorder {
            recorder.fault(game, player, step, fault);
        }
    }
}

/// The line `play` prints after writing a viewer page.
pub fn view_line(page: &Path, summary: &ViewerSummary) -> String {
    format!(
        "viewer written to {} ({} of {} steps, {} KiB)",
        page.display(),
        summary.frames,
        summary.last_step + 1,
        summary.bytes.div_ceil(1024)
    )
}

/// The page of game `index` when a match writes one page per game: `FILE` itself for a
/// one-game match, else `FILE-<index>.html` (`game.html` → `game-3.html`).
pub fn page_path(base: &Path, games: u64, index: u64) -> PathBuf {
    if games == 1 {
        return base.to_owned();
    }
    let stem = base
        .file_stem()
        .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
    base.with_file_name(format!("{stem}-{index}.html"))
}
