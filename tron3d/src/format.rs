//! The original's file formats: `.map` (graph), `.cnf` (game configuration, possibly resuming a
//! board) and `.t3d` v1.2 (a whole game, read by the original web viewer).
//!
//! Parsers read whitespace-separated tokens like the original's `istream >>` and return a
//! [`FormatError`] naming the line and the rejected text. Writers produce byte for byte what the
//! original writes (`Board.cc:205-254`, `Game.cc:29-59`, `Action.cc:31-41`).

use std::fmt::Write as _;

use crate::{
    Actions, Bike, Board, BoardError, Config, ConfigError, Events, Game, Item, Movement, State,
    StateError,
};

/// The version line the original engine writes (`Board.hh:127-129`).
pub const VERSION: &str = "tron3d v1.2";

/// The longest `.map` neighbour line the reader accepts, in bytes (the original's lines are a
/// few dozen bytes).
pub const MAX_LINE_BYTES: usize = 65_536;
/// The most neighbours one `.map` vertex may list (the original's boards have at most 6).
pub const MAX_DEGREE: usize = 64;
/// The most entries a `.map` spawn or bonus list may declare (one per vertex at most).
pub const MAX_LIST_ENTRIES: usize = crate::MAX_VERTICES;
/// The most ghost-stack entries one recorded board may hold, all vertices together.
pub const MAX_GHOST_ENTRIES: usize = 4096;
/// The most commands one player's `actions` list (or one round's `movements` list) may hold in a
/// `.t3d` (the original's AIs give one per bike).
pub const MAX_COMMANDS: usize = 1024;
/// The most characters of a rejected token an error message carries.
pub const MAX_SHOWN: usize = 64;

/// `found`, cut to [`MAX_SHOWN`] characters so an error never copies a huge token.
pub(crate) fn shown(found: &str) -> String {
    match found.char_indices().nth(MAX_SHOWN) {
        Some((cut, _)) => format!("{}...", &found[..cut]),
        None => found.to_owned(),
    }
}

/// What is wrong with a `.map`, `.cnf` or `.t3d` text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// A keyword or token other than the one the format requires here.
    #[error("line {line}: expected {expected}, found {found:?}")]
    Expected {
        /// 1-based line.
        line: usize,
        /// What the format requires.
        expected: &'static str,
        /// The token found.
        found: String,
    },
    /// The text ends too early.
    #[error("unexpected end of input: expected {expected}")]
    Truncated {
        /// What the format requires next.
        expected: &'static str,
    },
    /// A token that is not a number.
    #[error("line {line}: {what}: {found:?} is not a number")]
    NotANumber {
        /// 1-based line.
        line: usize,
        /// The field.
        what: &'static str,
        /// The token.
        found: String,
    },
    /// A number or token out of its range.
    #[error("line {line}: {what} {value:?}: {reason}")]
    Invalid {
        /// 1-based line.
        line: usize,
        /// The field.
        what: &'static str,
        /// The rejected token.
        value: String,
        /// Why.
        reason: &'static str,
    },
    /// A `.t3d` file of another format version (v1.0 and v1.1 files are laid out differently).
    #[error("unsupported format version {found:?}: this reader reads tron3d v1.2")]
    UnsupportedVersion {
        /// The version token.
        found: String,
    },
    /// The graph is not a valid board.
    #[error("map: {0}")]
    Board(#[from] BoardError),
    /// The parameters are not a valid game.
    #[error("configuration: {0}")]
    Game(#[from] ConfigError),
    /// A recorded board that does not fit the game.
    #[error("board: {0}")]
    State(#[from] StateError),
}

type Result<T> = std::result::Result<T, FormatError>;

/// C's `isspace`.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// A whitespace tokenizer that counts lines.
struct Tokens<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

impl<'a> Tokens<'a> {
    fn new(text: &'a str) -> Tokens<'a> {
        Tokens {
            text,
            pos: 0,
            line: 1,
        }
    }

    fn skip_space(&mut self) {
        let bytes = self.text.as_bytes();
        while self.pos < bytes.len() && is_space(bytes[self.pos]) {
            if bytes[self.pos] == b'\n' {
                self.line += 1;
            }
            self.pos += 1;
        }
    }

    fn next(&mut self) -> Option<(usize, &'a str)> {
        self.skip_space();
        let bytes = self.text.as_bytes();
        let start = self.pos;
        while self.pos < bytes.len() && !is_space(bytes[self.pos]) {
            self.pos += 1;
        }
        (self.pos > start).then(|| (self.line, &self.text[start..self.pos]))
    }

    fn peek(&mut self) -> Option<&'a str> {
        let (pos, line) = (self.pos, self.line);
        let token = self.next().map(|(_, t)| t);
        self.pos = pos;
        self.line = line;
        token
    }

    /// The rest of the current line after skipping whitespace (the original's `>> ws` then
    /// `getline`).
    fn line_after_space(&mut self, expected: &'static str) -> Result<(usize, &'a str)> {
        self.skip_space();
        if self.pos >= self.text.len() {
            return Err(FormatError::Truncated { expected });
        }
        let start = self.pos;
        let end = self.text[start..]
            .find('\n')
            .map_or(self.text.len(), |i| start + i);
        if end - start > MAX_LINE_BYTES {
            return Err(FormatError::Invalid {
                line: self.line,
                what: expected,
                value: shown(&self.text[start..end]),
                reason: "line longer than MAX_LINE_BYTES",
            });
        }
        self.pos = end;
        Ok((self.line, &self.text[start..end]))
    }

    fn token(&mut self, expected: &'static str) -> Result<(usize, &'a str)> {
        self.next().ok_or(FormatError::Truncated { expected })
    }

    fn keyword(&mut self, word: &'static str) -> Result<usize> {
        let (line, found) = self.token(word)?;
        if found == word {
            Ok(line)
        } else {
            Err(FormatError::Expected {
                line,
                expected: word,
                found: shown(found),
            })
        }
    }

    fn int(&mut self, what: &'static str) -> Result<(usize, i64)> {
        let (line, found) = self.token(what)?;
        parse_int(line, what, found).map(|v| (line, v))
    }

    fn int_in(
        &mut self,
        what: &'static str,
        min: i64,
        max: i64,
        reason: &'static str,
    ) -> Result<i64> {
        let (line, value) = self.int(what)?;
        if value < min || value > max {
            return Err(FormatError::Invalid {
                line,
                what,
                value: value.to_string(),
                reason,
            });
        }
        Ok(value)
    }

    fn i32(&mut self, what: &'static str) -> Result<i32> {
        self.int_in(
            what,
            i64::from(i32::MIN),
            i64::from(i32::MAX),
            "out of the int range",
        )
        .map(|v| v as i32)
    }

    /// `word` followed by an int in `0..=i32::MAX`, as the `.cnf` durations and bonuses are.
    fn keyed_non_negative(&mut self, word: &'static str) -> Result<i32> {
        self.keyword(word)?;
        self.int_in(word, 0, i64::from(i32::MAX), "must not be negative")
            .map(|v| v as i32)
    }

    fn double(&mut self, what: &'static str) -> Result<f64> {
        let (line, found) = self.token(what)?;
        found.parse::<f64>().map_err(|_| FormatError::NotANumber {
            line,
            what,
            found: shown(found),
        })
    }

    fn item(&mut self, what: &'static str) -> Result<Item> {
        let (line, found) = self.token(what)?;
        let mut chars = found.chars();
        match (chars.next().and_then(Item::from_char), chars.next()) {
            (Some(item), None) => Ok(item),
            _ => Err(FormatError::Invalid {
                line,
                what,
                value: shown(found),
                reason: "not one of n t g p",
            }),
        }
    }

    fn flag(&mut self, what: &'static str) -> Result<bool> {
        Ok(self.int_in(what, 0, 1, "must be 0 or 1")? == 1)
    }
}

fn parse_int(line: usize, what: &'static str, found: &str) -> Result<i64> {
    found.parse::<i64>().map_err(|_| FormatError::NotANumber {
        line,
        what,
        found: shown(found),
    })
}

// ---------------------------------------------------------------------------------------------
// .map

/// Reads a `.map` file (`Board.cc:24-64`) as a board named `name`.
///
/// ```
/// let text = "vertices 3\n1 2\n0 2\n0 1\nspawn 2\n0 1\nbonus 1\n2\n";
/// let board = tron3d::format::parse_map("triangle", text).unwrap();
/// assert_eq!(board.neighbours(2), &[0, 1]);
/// assert_eq!(tron3d::format::write_map(&board), text);
/// ```
pub fn parse_map(name: &str, text: &str) -> Result<Board> {
    let mut t = Tokens::new(text);
    t.keyword("vertices")?;
    let n = t.int_in(
        "vertices",
        1,
        crate::MAX_VERTICES as i64,
        "vertex count out of range",
    )?;
    let mut neighbours = Vec::with_capacity(n as usize);
    for _ in 0..n {
        let (line, text) = t.line_after_space("a neighbour line")?;
        let mut list = Vec::new();
        for word in text.split(|c: char| c.is_ascii() && is_space(c as u8)) {
            if !word.is_empty() {
                if list.len() >= MAX_DEGREE {
                    return Err(FormatError::Invalid {
                        line,
                        what: "neighbour",
                        value: shown(word),
                        reason: "more neighbours than MAX_DEGREE",
                    });
                }
                list.push(parse_int(line, "neighbour", word)?);
            }
        }
        neighbours.push(list);
    }
    t.keyword("spawn")?;
    let s = t.int_in(
        "spawn",
        0,
        MAX_LIST_ENTRIES as i64,
        "negative or above MAX_LIST_ENTRIES",
    )?;
    let spawns = (0..s)
        .map(|_| t.int("spawn vertex").map(|x| x.1))
        .collect::<Result<Vec<_>>>()?;
    t.keyword("bonus")?;
    let m = t.int_in(
        "bonus",
        0,
        MAX_LIST_ENTRIES as i64,
        "negative or above MAX_LIST_ENTRIES",
    )?;
    let bonus = (0..m)
        .map(|_| t.int("bonus vertex").map(|x| x.1))
        .collect::<Result<Vec<_>>>()?;
    Ok(Board::new(name, &neighbours, &spawns, &bonus)?)
}

/// Writes `board` as a `.map` file.
pub fn write_map(board: &Board) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "vertices {}", board.nb_vertices());
    for v in 0..board.nb_vertices() {
        let line: Vec<String> = board.neighbours(v).iter().map(|x| x.to_string()).collect();
        let _ = writeln!(out, "{}", line.join(" "));
    }
    let join = |ids: &[u16]| {
        ids.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let _ = writeln!(out, "spawn {}", board.spawns().len());
    let _ = writeln!(out, "{}", join(board.spawns()));
    let _ = writeln!(out, "bonus {}", board.bonus_vertices().len());
    let _ = writeln!(out, "{}", join(board.bonus_vertices()));
    out
}

// ---------------------------------------------------------------------------------------------
// shared records

/// One vertex of a recorded board: wall owner (−1 = free), lying item, ghost stack (bottom
/// to top).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct VertexRecord {
    /// Wall owner, −1 when free.
    pub wall: i32,
    /// The item lying there.
    pub item: Item,
    /// Ghost stack, bottom to top.
    pub ghosts: Vec<i32>,
}

/// A recorded board (`BOARD` block of a `.t3d`, or the resumed board of a `.cnf`).
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BoardRecord {
    /// The round.
    pub round: i32,
    /// Scores by player.
    pub scores: Vec<i32>,
    /// The status doubles by player (unused by local games, written as read).
    pub status: Vec<f64>,
    /// Every vertex.
    pub vertices: Vec<VertexRecord>,
    /// Every bike by id.
    pub bikes: Vec<Bike>,
}

impl BoardRecord {
    /// The record of `state` with the given status values (the original writes `0` for each
    /// player in local games).
    pub fn of(game: &Game, state: &State, status: &[f64]) -> BoardRecord {
        BoardRecord {
            round: state.round() as i32,
            scores: state.scores().to_vec(),
            status: status.to_vec(),
            vertices: (0..game.board().nb_vertices())
                .map(|v| VertexRecord {
                    wall: state.wall(v).map_or(-1, i32::from),
                    item: state.item(v),
                    ghosts: state.ghost_stack(v).map(i32::from).collect(),
                })
                .collect(),
            bikes: state.bikes().to_vec(),
        }
    }

    /// The state of `game` this record describes (the game then runs `nb_rounds` more rounds).
    pub fn to_state(&self, game: &Game, seed: u64) -> std::result::Result<State, StateError> {
        let vertices: Vec<(i32, Item, &[i32])> = self
            .vertices
            .iter()
            .map(|v| (v.wall, v.item, v.ghosts.as_slice()))
            .collect();
        game.state_from_parts(self.round, &self.scores, &vertices, &self.bikes, seed)
    }

    /// The first field that differs from `other`, as (field, expected = self, got = other).
    pub fn first_difference(&self, other: &BoardRecord) -> Option<(String, String, String)> {
        let d = |field: String, a: String, b: String| Some((field, a, b));
        if self.round != other.round {
            return d(
                "round".into(),
                self.round.to_string(),
                other.round.to_string(),
            );
        }
        if self.scores != other.scores {
            return d(
                "score".into(),
                format!("{:?}", self.scores),
                format!("{:?}", other.scores),
            );
        }
        if let Some(difference) = first_list_difference("vertex", &self.vertices, &other.vertices) {
            return Some(difference);
        }
        if let Some(difference) = first_list_difference("bike", &self.bikes, &other.bikes) {
            return Some(difference);
        }
        if self.status != other.status {
            return d(
                "status".into(),
                format!("{:?}", self.status),
                format!("{:?}", other.status),
            );
        }
        None
    }
}

/// The first difference between two recorded lists: their lengths (`<what> count`), else the
/// first item that differs (`<what> <index>`), as (field, expected, got).
fn first_list_difference<T: PartialEq + std::fmt::Debug>(
    what: &str,
    expected: &[T],
    got: &[T],
) -> Option<(String, String, String)> {
    if expected.len() != got.len() {
        return Some((
            format!("{what} count"),
            expected.len().to_string(),
            got.len().to_string(),
        ));
    }
    let (index, (a, b)) = expected
        .iter()
        .zip(got)
        .enumerate()
        .find(|(_, (a, b))| a != b)?;
    Some((
        format!("{what} {index}"),
        format!("{a:?}"),
        format!("{b:?}"),
    ))
}

fn parse_body(t: &mut Tokens<'_>, nb_bikes: usize) -> Result<(Vec<VertexRecord>, Vec<Bike>)> {
    t.keyword("vertices")?;
    let mut vertices = Vec::new();
    let mut ghost_entries = 0usize;
    loop {
        match t.peek() {
            Some("bikes") => break,
            None => return Err(FormatError::Truncated { expected: "bikes" }),
            _ => {}
        }
        if vertices.len() >= crate::MAX_VERTICES {
            let (line, found) = t.token("bikes")?;
            return Err(FormatError::Invalid {
                line,
                what: "vertex record",
                value: shown(found),
                reason: "more vertex records than the engine supports",
            });
        }
        let wall = t.i32("wall")?;
        let item = t.item("vertex item")?;
        let mut ghosts = Vec::new();
        loop {
            let id = t.i32("ghost stack entry")?;
            if id == -8 {
                break;
            }
            ghost_entries += 1;
            if ghost_entries > MAX_GHOST_ENTRIES {
                return Err(FormatError::Invalid {
                    line: t.line,
                    what: "ghost stack entry",
                    value: id.to_string(),
                    reason: "more ghost-stack entries in one board than MAX_GHOST_ENTRIES",
                });
            }
            ghosts.push(id);
        }
        vertices.push(VertexRecord { wall, item, ghosts });
    }
    t.keyword("bikes")?;
    let mut bikes = Vec::with_capacity(nb_bikes);
    for _ in 0..nb_bikes {
        let player = t.int_in("bike player", 0, 255, "not a player id")? as u8;
        let item = t.item("bike item")?;
        let vertex = t.int_in(
            "bike vertex",
            0,
            crate::MAX_VERTICES as i64 - 1,
            "not a vertex",
        )?;
        let turbo = t.i32("turbo duration")?;
        let ghost = t.i32("ghost duration")?;
        let alive = t.flag("alive")?;
        bikes.push(Bike {
            player,
            item,
            vertex: vertex as u16,
            turbo,
            ghost,
            alive,
        });
    }
    Ok((vertices, bikes))
}

fn write_body(out: &mut String, vertices: &[VertexRecord], bikes: &[Bike]) {
    out.push_str("vertices\n");
    for v in vertices {
        let _ = write!(out, "{} {} ", v.wall, v.item.to_char());
        for id in &v.ghosts {
            let _ = write!(out, "{id} ");
        }
        out.push_str("-8 ");
    }
    out.push_str("\nbikes\n");
    for b in bikes {
        let _ = writeln!(
            out,
            "{} {} {} {} {} {}",
            b.player,
            b.item.to_char(),
            b.vertex,
            b.turbo,
            b.ghost,
            u8::from(b.alive)
        );
    }
}

/// Formats a double as C++ `ostream << double` does by default (`%g`, 6 significant digits).
pub fn format_double(x: f64) -> String {
    if x == 0.0 {
        return if x.is_sign_negative() {
            "-0".into()
        } else {
            "0".into()
        };
    }
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x < 0.0 { "-inf".into() } else { "inf".into() };
    }
    let sci = format!("{x:.5e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let strip = |s: &str| -> String {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_owned()
        } else {
            s.to_owned()
        }
    };
    if !(-4..6).contains(&exp) {
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{}e{}{:02}", strip(mantissa), sign, exp.abs())
    } else {
        strip(&format!("{:.*}", (5 - exp) as usize, x))
    }
}

// ---------------------------------------------------------------------------------------------
// .cnf

/// A game configuration file (`Board.cc:12-199`).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cnf {
    /// The map name (the original opens `<map>.map` in the working directory).
    pub map: String,
    /// The parameters.
    pub config: Config,
    /// The `secgame` token (ignored by the local game).
    pub secgame: String,
    /// Player names (placeholders `?`; the command line replaces them).
    pub names: Vec<String>,
    /// The round: −1 for a new game, else the round of the resumed board.
    pub round: i32,
    /// Initial scores.
    pub scores: Vec<i32>,
    /// Status doubles (copied through).
    pub status: Vec<f64>,
    /// The resumed board (vertices and bikes) when `round != -1`.
    pub resume: Option<(Vec<VertexRecord>, Vec<Bike>)>,
}

impl Cnf {
    /// Reads a `.cnf` text, with the original's checks as typed errors.
    ///
    /// ```
    /// let text = tron3d::format::Cnf::new("cube6", tron3d::Config::default()).write();
    /// let cnf = tron3d::format::Cnf::parse(&text).unwrap();
    /// assert_eq!(cnf.config.nb_rounds, 200);
    /// assert_eq!(cnf.round, -1);
    /// ```
    pub fn parse(text: &str) -> Result<Cnf> {
        let mut t = Tokens::new(text);
        t.keyword("tron3d")?;
        let (line, version) = t.token("version")?;
        if version != "v1.0" && version != "v1.2" {
            return Err(FormatError::Invalid {
                line,
                what: "version",
                value: version.to_owned(),
                reason: "must be v1.0 or v1.2",
            });
        }
        t.keyword("map")?;
        let map = t.token("map name")?.1.to_owned();
        let config = parse_config(&mut t)?;
        t.keyword("secgame")?;
        let secgame = t.token("secgame")?.1.to_owned();
        t.keyword("names")?;
        let names = (0..config.nb_players)
            .map(|_| t.token("name").map(|x| x.1.to_owned()))
            .collect::<Result<Vec<_>>>()?;
        t.keyword("round")?;
        let round = t.int_in(
            "round",
            -1,
            i64::from(config.nb_rounds) - 1,
            "must be -1 or below nb_rounds",
        )? as i32;
        t.keyword("score")?;
        let scores = (0..config.nb_players)
            .map(|_| t.i32("score"))
            .collect::<Result<Vec<_>>>()?;
        t.keyword("status")?;
        let status = (0..config.nb_players)
            .map(|_| t.double("status"))
            .collect::<Result<Vec<_>>>()?;
        let resume = if round != -1 {
            Some(parse_body(&mut t, config.total_bikes())?)
        } else {
            None
        };
        Ok(Cnf {
            map,
            config,
            secgame,
            names,
            round,
            scores,
            status,
            resume,
        })
    }

    /// A new-game configuration for map `map` with `?` names and zero scores.
    pub fn new(map: &str, config: Config) -> Cnf {
        Cnf {
            map: map.to_owned(),
            config,
            secgame: "false".into(),
            names: vec!["?".into(); config.nb_players],
            round: -1,
            scores: vec![0; config.nb_players],
            status: vec![0.0; config.nb_players],
            resume: None,
        }
    }

    /// Writes the configuration (the layout of the kit's `.cnf` files, with single spaces).
    pub fn write(&self) -> String {
        let mut out = String::new();
        out.push_str("tron3d v1.2\n");
        let _ = writeln!(out, "map {}", self.map);
        write_config(&mut out, &self.config);
        let _ = writeln!(out, "secgame {}", self.secgame);
        let _ = writeln!(out, "names {}", self.names.join(" "));
        let _ = writeln!(out, "\nround {}", self.round);
        let scores: Vec<String> = self.scores.iter().map(|s| s.to_string()).collect();
        let _ = writeln!(out, "score {}", scores.join(" "));
        let status: Vec<String> = self.status.iter().map(|&s| format_double(s)).collect();
        let _ = writeln!(out, "status {}", status.join(" "));
        if let Some((vertices, bikes)) = &self.resume {
            write_body(&mut out, vertices, bikes);
        }
        out
    }

    /// The game this configuration sets up on `board` (its map).
    pub fn game(&self, board: Board) -> Result<Game> {
        Ok(Game::new(board, self.config)?)
    }

    /// The starting state: the spawn positions with the configured scores, or the resumed board.
    pub fn initial_state(&self, game: &Game, seed: u64) -> Result<State> {
        match &self.resume {
            None => {
                let mut state = game.initial_state(seed);
                game.check_scores(&self.scores)?;
                state.scores[..self.scores.len()].copy_from_slice(&self.scores);
                Ok(state)
            }
            Some((vertices, bikes)) => {
                let record = BoardRecord {
                    round: self.round,
                    scores: self.scores.clone(),
                    status: self.status.clone(),
                    vertices: vertices.clone(),
                    bikes: bikes.clone(),
                };
                Ok(record.to_state(game, seed)?)
            }
        }
    }
}

fn parse_config(t: &mut Tokens<'_>) -> Result<Config> {
    t.keyword("nb_players")?;
    let nb_players = t.int_in(
        "nb_players",
        2,
        crate::MAX_PLAYERS as i64,
        "must be at least 2 (and at most the engine's maximum)",
    )? as usize;
    t.keyword("nb_bikes")?;
    let nb_bikes = t.int_in(
        "nb_bikes",
        1,
        crate::MAX_BIKES as i64,
        "must be at least 1 (and at most the engine's maximum)",
    )? as usize;
    t.keyword("nb_rounds")?;
    let nb_rounds = t.int_in(
        "nb_rounds",
        1,
        i64::from(crate::MAX_ROUNDS),
        "must be at least 1 (and at most MAX_ROUNDS)",
    )? as u32;
    t.keyword("bonus_round")?;
    let bonus_round = t.i32("bonus_round")?;
    let turbo_duration = t.keyed_non_negative("turbo_duration")?;
    let ghost_duration = t.keyed_non_negative("ghost_duration")?;
    let score_bonus = t.keyed_non_negative("score_bonus")?;
    Ok(Config {
        nb_players,
        nb_bikes,
        nb_rounds,
        bonus_round,
        turbo_duration,
        ghost_duration,
        score_bonus,
    })
}

pub(crate) fn write_config(out: &mut String, c: &Config) {
    let _ = writeln!(out, "nb_players {}", c.nb_players);
    let _ = writeln!(out, "nb_bikes {}", c.nb_bikes);
    let _ = writeln!(out, "nb_rounds {}", c.nb_rounds);
    let _ = writeln!(out, "bonus_round {}", c.bonus_round);
    let _ = writeln!(out, "turbo_duration {}", c.turbo_duration);
    let _ = writeln!(out, "ghost_duration {}", c.ghost_duration);
    let _ = writeln!(out, "score_bonus {}", c.score_bonus);
}

// ---------------------------------------------------------------------------------------------
// .t3d

/// The commands and executed movements of one round of a `.t3d`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RoundRecord {
    /// Each player's commands as given (the `actions` section).
    pub commands: Vec<Vec<Movement>>,
    /// The executed movements in execution order (the `movements` section).
    pub executed: Vec<Movement>,
}

impl RoundRecord {
    /// The record of one round played with `actions`, as the engine reported in `events`.
    pub fn of(nb_players: usize, actions: &Actions, events: &Events) -> RoundRecord {
        RoundRecord {
            commands: (0..nb_players)
                .map(|p| actions.commands(p as u8).to_vec())
                .collect(),
            executed: events.executed.to_vec(),
        }
    }

    /// The commands as [`Actions`].
    pub fn actions(&self) -> Actions {
        let mut actions = Actions::new();
        for (p, list) in self.commands.iter().enumerate() {
            for m in list {
                actions.push(p as u8, *m);
            }
        }
        actions
    }
}

/// A whole `.t3d` v1.2 game: preamble, the board after each round, and each round's commands
/// and executed movements (`rounds[r]` leads from `boards[r]` to `boards[r + 1]`).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct T3d {
    /// The map name.
    pub map: String,
    /// The parameters.
    pub config: Config,
    /// Player names.
    pub names: Vec<String>,
    /// Boards of rounds 0..=R.
    pub boards: Vec<BoardRecord>,
    /// Rounds 1..=R.
    pub rounds: Vec<RoundRecord>,
}

impl T3d {
    /// Reads a `.t3d` v1.2 text.
    pub fn parse(text: &str) -> Result<T3d> {
        let mut t = Tokens::new(text);
        t.keyword("tron3d")?;
        let (_, version) = t.token("version")?;
        if version != "v1.2" {
            return Err(FormatError::UnsupportedVersion {
                found: version.to_owned(),
            });
        }
        t.keyword("map")?;
        let map = t.token("map name")?.1.to_owned();
        let config = parse_config(&mut t)?;
        t.keyword("secgame")?;
        t.token("secgame")?;
        t.keyword("names")?;
        let names = (0..config.nb_players)
            .map(|_| t.token("name").map(|x| x.1.to_owned()))
            .collect::<Result<Vec<_>>>()?;
        let mut boards = vec![parse_board(&mut t, &config)?];
        let mut rounds = Vec::new();
        while let Some((line, word)) = t.next() {
            if rounds.len() >= crate::MAX_ROUNDS as usize {
                return Err(FormatError::Invalid {
                    line,
                    what: "round",
                    value: shown(word),
                    reason: "more rounds than MAX_ROUNDS",
                });
            }
            if word != "actions" {
                return Err(FormatError::Expected {
                    line,
                    expected: "actions",
                    found: word.to_owned(),
                });
            }
            let mut commands = Vec::with_capacity(config.nb_players);
            for p in 0..config.nb_players {
                let (line, player) = t.int("player")?;
                if player != p as i64 {
                    return Err(FormatError::Invalid {
                        line,
                        what: "player",
                        value: player.to_string(),
                        reason: "players must be listed in order",
                    });
                }
                commands.push(parse_movements(&mut t)?);
            }
            t.keyword("movements")?;
            let executed = parse_movements(&mut t)?;
            rounds.push(RoundRecord { commands, executed });
            boards.push(parse_board(&mut t, &config)?);
        }
        Ok(T3d {
            map,
            config,
            names,
            boards,
            rounds,
        })
    }

    /// Writes the game byte for byte as the original `Game` does.
    pub fn write(&self) -> String {
        let mut out = String::with_capacity(64 + self.boards.len() * 4096);
        write_preamble(&mut out, &self.map, &self.config, &self.names);
        for (r, board) in self.boards.iter().enumerate() {
            if r > 0
                && let Some(round) = self.rounds.get(r - 1)
            {
                write_round(&mut out, round);
            }
            write_board(&mut out, board);
        }
        out
    }
}

fn parse_movements(t: &mut Tokens<'_>) -> Result<Vec<Movement>> {
    let mut list = Vec::new();
    loop {
        let bike = t.i32("unit")?;
        if bike == -1 {
            return Ok(list);
        }
        if list.len() >= MAX_COMMANDS {
            return Err(FormatError::Invalid {
                line: t.line,
                what: "unit",
                value: bike.to_string(),
                reason: "more commands in one list than MAX_COMMANDS",
            });
        }
        let to = t.i32("next vertex")?;
        let use_item = t.flag("use")?;
        list.push(Movement { bike, to, use_item });
    }
}

fn parse_board(t: &mut Tokens<'_>, config: &Config) -> Result<BoardRecord> {
    t.keyword("round")?;
    let round = t.i32("round")?;
    t.keyword("score")?;
    let scores = (0..config.nb_players)
        .map(|_| t.i32("score"))
        .collect::<Result<Vec<_>>>()?;
    t.keyword("status")?;
    let status = (0..config.nb_players)
        .map(|_| t.double("status"))
        .collect::<Result<Vec<_>>>()?;
    let (vertices, bikes) = parse_body(t, config.total_bikes())?;
    Ok(BoardRecord {
        round,
        scores,
        status,
        vertices,
        bikes,
    })
}

/// Writes the `.t3d` preamble (`print_preamble`): always version `tron3d v1.2` and
/// `secgame false`, then a blank line.
pub fn write_preamble(out: &mut String, map: &str, config: &Config, names: &[String]) {
    out.push_str(VERSION);
    let _ = writeln!(out, "\nmap {map}");
    write_config(out, config);
    out.push_str("secgame false\nnames");
    for name in names {
        let _ = write!(out, " {name}");
    }
    out.push_str("\n\n");
}

/// Writes one `BOARD` block (`Board.cc:205-254`).
pub fn write_board(out: &mut String, board: &BoardRecord) {
    let _ = write!(out, "\nround {}\nscore", board.round);
    for s in &board.scores {
        let _ = write!(out, " {s}");
    }
    out.push_str("\nstatus");
    for &s in &board.status {
        let _ = write!(out, " {}", format_double(s));
    }
    out.push('\n');
    write_body(out, &board.vertices, &board.bikes);
    out.push('\n');
}

fn write_movement(out: &mut String, m: &Movement) {
    // Action.cc:35-37: -1 fields print as -99 so they cannot end the list.
    let fix = |x: i32| if x == -1 { -99 } else { x };
    let _ = writeln!(
        out,
        "{} {} {}",
        fix(m.bike),
        fix(m.to),
        u8::from(m.use_item)
    );
}

/// Writes one round's `actions` and `movements` sections (`Game.cc:39-55`).
pub fn write_round(out: &mut String, round: &RoundRecord) {
    out.push_str("actions\n");
    for (p, list) in round.commands.iter().enumerate() {
        let _ = writeln!(out, "{p}");
        for m in list {
            write_movement(out, m);
        }
        out.push_str("-1\n");
    }
    out.push_str("\nmovements\n");
    for m in &round.executed {
        write_movement(out, m);
    }
    out.push_str("-1\n");
}
