//! The program-bot protocol: how a Tron3D player written in any language plays over its standard
//! input and output (`play tron3d --bots cmd:PROGRAM ARG...`).
//!
//! The original kit compiles its players into the judge, so there is no original protocol to
//! copy; this one is ours, versioned by its first line ([`VERSION`]). It tells a program exactly
//! what the kit's `Board` tells a compiled player (`Board.hh`: the parameters, the graph, each
//! vertex's wall and item, each bike), in the kit's own text forms where there is one (the
//! `.cnf` keywords, the `.map` file, the `.t3d` bike lines), and takes the kit's `Movement`s
//! back. Ghost stacks stay hidden, as in the kit. The full description, with a worked example,
//! is `examples/programs/tron3d/PROTOCOL.md`.
//!
//! Every message is ASCII lines ending in `\n`, words separated by single spaces:
//!
//! - once, at the start of a game ([`write_header`] / [`Reader::read_header`]):
//!   `tron3d-protocol 1`, `me P`, the seven `.cnf` parameter lines (`nb_players 4` ...
//!   `score_bonus 50`), `map NAME`, then the `.map` text (`vertices N`, N neighbour lines,
//!   `spawn S`, one line of spawn vertices, `bonus M`, one line of bonus vertices);
//! - each round ([`write_round`] / [`Reader::read_message`]): `round R`, `score S0 S1 ...`,
//!   `walls W0 W1 ...` (per vertex the bike whose wall is there, `-1` free), `items I0 I1 ...`
//!   (per vertex `n` none, `t` turbo, `g` ghost, `p` points), `bikes K`, then K lines
//!   `PLAYER ITEM VERTEX TURBO GHOST ALIVE` (bike ids 0..K in order, as in `.t3d` files);
//! - the program answers each round with one line ([`parse_moves`] / [`write_moves`]): `moves`
//!   followed by triples `BIKE VERTEX USE` (`USE` 1 to use the held item first, else 0);
//!   `moves` alone commands nothing;
//! - once, when the game is over ([`write_end`]): `end S0 S1 ...`, the final scores; then the
//!   program's input closes.
//!
//! # Limits
//!
//! A line is at most [`MAX_LINE`] bytes; the reader checks it before it keeps the line. An
//! answer has at most [`MAX_MOVES`] triples. Counts (`vertices`, `bikes`, players) are checked
//! against the engine's maxima before anything is allocated for them.

use std::fmt::Write as _;
use std::io::{BufRead, Read as _};

// A rejected word is cut as the file formats cut theirs (`format::MAX_SHOWN` characters).
use crate::format::{FormatError, parse_map, shown, write_map};
use crate::{
    Action, Bike, Config, ConfigError, Game, Item, MAX_BIKES, Movement, PlayerId, State, StateError,
};

/// The first line of every game: the protocol and its version.
pub const VERSION: &str = "tron3d-protocol 1";

/// The longest line either side may send, in bytes, without its newline. The longest lines the
/// arena writes are `walls` and `items` on the largest board (1024 vertices, about 3 KiB).
pub const MAX_LINE: usize = 65_536;

/// The most `BIKE VERTEX USE` triples an answer may hold (a player commands at most its own
/// bikes, at most [`crate::MAX_BIKES_PER_PLAYER`]; the rest is slack for repeated commands,
/// which the engine ignores as the original does).
pub const MAX_MOVES: usize = MAX_BIKES;

/// What is wrong with a protocol message.
#[derive(Debug, thiserror::Error)]
pub enum ProtocolError {
    /// A line longer than [`MAX_LINE`] bytes.
    #[error("line {line}: longer than MAX_LINE ({MAX_LINE} bytes)")]
    LineTooLong {
        /// 1-based line of the stream or text.
        line: usize,
    },
    /// The first line is not [`VERSION`].
    #[error("line {line}: expected {VERSION:?}, found {found:?}")]
    Version {
        /// 1-based line.
        line: usize,
        /// The line found.
        found: String,
    },
    /// A keyword other than the one required here.
    #[error("line {line}: expected {expected}, found {found:?}")]
    Expected {
        /// 1-based line.
        line: usize,
        /// What the protocol requires.
        expected: &'static str,
        /// The word or line found.
        found: String,
    },
    /// The input ends inside a message.
    #[error("unexpected end of input: expected {expected}")]
    Truncated {
        /// What the protocol requires next.
        expected: &'static str,
    },
    /// A word that is not a number.
    #[error("line {line}: {what}: {found:?} is not a number")]
    NotANumber {
        /// 1-based line.
        line: usize,
        /// The field.
        what: &'static str,
        /// The word.
        found: String,
    },
    /// A value out of its range, or a list of the wrong length.
    #[error("line {line}: {what} {value:?}: {reason}")]
    Invalid {
        /// 1-based line.
        line: usize,
        /// The field.
        what: &'static str,
        /// The rejected value.
        value: String,
        /// Why.
        reason: &'static str,
    },
    /// The map in the header is not a valid board.
    #[error("map: {0}")]
    Map(#[from] FormatError),
    /// The parameters in the header are not a valid game.
    #[error("parameters: {0}")]
    Game(#[from] ConfigError),
    /// The stream could not be read.
    #[error("read error: {0}")]
    Io(#[from] std::io::Error),
}

type Result<T> = std::result::Result<T, ProtocolError>;

// ---------------------------------------------------------------------------------------------
// Writing (the arena's side, and a Rust program's answer)

/// Writes the start-of-game message for player `me` of `game`.
pub fn write_header(out: &mut String, game: &Game, me: PlayerId) {
    let _ = writeln!(out, "{VERSION}\nme {me}");
    crate::format::write_config(out, game.config());
    let _ = writeln!(out, "map {}", game.board().name());
    out.push_str(&write_map(game.board()));
}

/// Writes the round message of `state`: what every player sees before it moves.
pub fn write_round(out: &mut String, game: &Game, state: &State) {
    let n = game.board().nb_vertices();
    let _ = write!(out, "round {}\nscore", state.round());
    for s in state.scores() {
        let _ = write!(out, " {s}");
    }
    out.push_str("\nwalls");
    for v in 0..n {
        match state.wall(v) {
            Some(bike) => {
                let _ = write!(out, " {bike}");
            }
            None => out.push_str(" -1"),
        }
    }
    out.push_str("\nitems");
    for v in 0..n {
        out.push(' ');
        out.push(state.item(v).to_char());
    }
    let _ = writeln!(out, "\nbikes {}", state.bikes().len());
    for b in state.bikes() {
        write_bike(out, b);
    }
}

fn write_bike(out: &mut String, b: &Bike) {
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

/// Writes the end-of-game message: the final scores by player.
pub fn write_end(out: &mut String, scores: &[i32]) {
    out.push_str("end");
    for s in scores {
        let _ = write!(out, " {s}");
    }
    out.push('\n');
}

/// The answer line of `action` (without its newline): `moves` and a triple per movement.
pub fn write_moves(action: &Action) -> String {
    let mut out = String::from("moves");
    for m in action.moves() {
        let _ = write!(out, " {} {} {}", m.bike, m.to, u8::from(m.use_item));
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Reading

/// Reads a program's answer line (its newline already removed): `moves` and up to
/// [`MAX_MOVES`] triples of integers `BIKE VERTEX USE`, `USE` 0 or 1.
///
/// Only the form is checked: a movement of a foreign bike or to a vertex that is not a neighbour
/// is kept, and the engine skips it as the original does.
///
/// ```
/// let action = tron3d::protocol::parse_moves("moves 1 17 0 5 22 1").unwrap();
/// assert_eq!(action.moves().len(), 2);
/// assert!(action.moves()[1].use_item);
/// assert_eq!(tron3d::protocol::write_moves(&action), "moves 1 17 0 5 22 1");
/// assert!(tron3d::protocol::parse_moves("left").is_err());
/// ```
pub fn parse_moves(line: &str) -> Result<Action> {
    if line.len() > MAX_LINE {
        return Err(ProtocolError::LineTooLong { line: 1 });
    }
    let mut words = line.split_ascii_whitespace();
    match words.next() {
        Some("moves") => {}
        found => {
            return Err(ProtocolError::Expected {
                line: 1,
                expected: "moves",
                found: shown(found.unwrap_or("")),
            });
        }
    }
    let mut action = Action::new();
    let mut count = 0;
    while let Some(bike) = words.next() {
        count += 1;
        if count > MAX_MOVES {
            return Err(ProtocolError::Invalid {
                line: 1,
                what: "moves",
                value: format!("{count} or more triples"),
                reason: "more than MAX_MOVES",
            });
        }
        let bike = int(1, "bike", bike, i64::from(i32::MIN), i64::from(i32::MAX))? as i32;
        let to = words.next().ok_or(ProtocolError::Truncated {
            expected: "the VERTEX of a move",
        })?;
        let to = int(1, "vertex", to, i64::from(i32::MIN), i64::from(i32::MAX))? as i32;
        let use_item = words.next().ok_or(ProtocolError::Truncated {
            expected: "the USE flag of a move",
        })?;
        let use_item = int(1, "use", use_item, 0, 1)? == 1;
        action.push(Movement { bike, to, use_item });
    }
    Ok(action)
}

fn int(line: usize, what: &'static str, word: &str, min: i64, max: i64) -> Result<i64> {
    let value = word.parse::<i64>().map_err(|_| ProtocolError::NotANumber {
        line,
        what,
        found: shown(word),
    })?;
    if value < min || value > max {
        return Err(ProtocolError::Invalid {
            line,
            what,
            value: value.to_string(),
            reason: "out of range",
        });
    }
    Ok(value)
}

/// The start-of-game message, read.
#[derive(Debug, Clone, PartialEq)]
pub struct Header {
    /// The player the program plays (bike `k` is player `k % nb_players`'s).
    pub me: PlayerId,
    /// The game: its parameters and its board.
    pub game: Game,
}

/// One round as a player sees it: [`write_round`]'s message, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    /// The round (0 before the first move; on odd rounds only bikes in turbo move).
    pub round: u32,
    /// Every player's score.
    pub scores: Vec<i32>,
    /// Per vertex, the bike whose wall is there.
    pub walls: Vec<Option<u8>>,
    /// Per vertex, the item lying there.
    pub items: Vec<Item>,
    /// Every bike by id (dead ones included); the ghost stacks stay hidden, as in the kit.
    pub bikes: Vec<Bike>,
}

impl Round {
    /// What `state` shows every player.
    pub fn of(game: &Game, state: &State) -> Round {
        let n = game.board().nb_vertices();
        Round {
            round: state.round(),
            scores: state.scores().to_vec(),
            walls: (0..n).map(|v| state.wall(v)).collect(),
            items: (0..n).map(|v| state.item(v)).collect(),
            bikes: state.bikes().to_vec(),
        }
    }
}

impl Round {
    /// The state of `game` this round shows, for a program that runs the engine (to search,
    /// say): the ghost stacks empty (they are hidden), the last round the game's `nb_rounds`, the
    /// state's generator seeded with `seed`. An error when the round does not fit the game.
    pub fn to_state(&self, game: &Game, seed: u64) -> std::result::Result<State, StateError> {
        let vertices: Vec<(i32, Item, &[i32])> = self
            .walls
            .iter()
            .zip(&self.items)
            .map(|(wall, &item)| (wall.map_or(-1, i32::from), item, &[][..]))
            .collect();
        let round = i32::try_from(self.round).map_err(|_| StateError::BadRound(-1))?;
        let mut state = game.state_from_parts(round, &self.scores, &vertices, &self.bikes, seed)?;
        state.last_round = game.config().nb_rounds;
        Ok(state)
    }
}

/// A message after the header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    /// A round to answer with one `moves` line.
    Round(Round),
    /// The game is over: the final scores.
    End(Vec<i32>),
}

/// Reads the arena's messages (a program's side) from a stream, line by line, each line checked
/// against [`MAX_LINE`] before it is kept.
#[derive(Debug)]
pub struct Reader<R> {
    input: R,
    line: usize,
    buf: Vec<u8>,
}

impl<R: BufRead> Reader<R> {
    /// A reader of `input`.
    pub fn new(input: R) -> Reader<R> {
        Reader {
            input,
            line: 0,
            buf: Vec::new(),
        }
    }

    /// The next line (its `\n` and any `\r` removed), or `None` at the end of the input.
    fn next_line(&mut self) -> Result<Option<String>> {
        self.buf.clear();
        self.line += 1;
        // At most one byte past the limit is ever read into memory.
        let read = (&mut self.input)
            .take(MAX_LINE as u64 + 2)
            .read_until(b'\n', &mut self.buf)?;
        if read == 0 {
            return Ok(None);
        }
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        if self.buf.len() > MAX_LINE {
            return Err(ProtocolError::LineTooLong { line: self.line });
        }
        Ok(Some(String::from_utf8_lossy(&self.buf).into_owned()))
    }

    fn line_for(&mut self, expected: &'static str) -> Result<String> {
        self.next_line()?
            .ok_or(ProtocolError::Truncated { expected })
    }

    /// A line `KEY VALUE...`: the words after `key`.
    fn keyed(&mut self, key: &'static str) -> Result<(usize, String)> {
        let text = self.line_for(key)?;
        let line = self.line;
        match text.split_once(' ') {
            Some((word, rest)) if word == key => Ok((line, rest.to_owned())),
            _ if text == key => Ok((line, String::new())),
            _ => Err(ProtocolError::Expected {
                line,
                expected: key,
                found: shown(&text),
            }),
        }
    }

    fn keyed_int(&mut self, key: &'static str, min: i64, max: i64) -> Result<i64> {
        let (line, rest) = self.keyed(key)?;
        int(line, key, rest.trim(), min, max)
    }

    /// Reads the start-of-game message.
    pub fn read_header(&mut self) -> Result<Header> {
        let first = self.line_for(VERSION)?;
        if first != VERSION {
            return Err(ProtocolError::Version {
                line: self.line,
                found: shown(&first),
            });
        }
        let me = self.keyed_int("me", 0, crate::MAX_PLAYERS as i64 - 1)? as PlayerId;
        let int_max = i64::from(i32::MAX);
        let config = Config {
            nb_players: self.keyed_int("nb_players", 2, crate::MAX_PLAYERS as i64)? as usize,
            nb_bikes: self.keyed_int("nb_bikes", 1, MAX_BIKES as i64)? as usize,
            nb_rounds: self.keyed_int("nb_rounds", 1, i64::from(crate::MAX_ROUNDS))? as u32,
            bonus_round: self.keyed_int("bonus_round", i64::from(i32::MIN), int_max)? as i32,
            turbo_duration: self.keyed_int("turbo_duration", 0, int_max)? as i32,
            ghost_duration: self.keyed_int("ghost_duration", 0, int_max)? as i32,
            score_bonus: self.keyed_int("score_bonus", 0, int_max)? as i32,
        };
        if usize::from(me) >= config.nb_players {
            return Err(ProtocolError::Invalid {
                line: 2,
                what: "me",
                value: me.to_string(),
                reason: "not below nb_players",
            });
        }
        let (_, name) = self.keyed("map")?;
        // The `.map` text: `vertices N`, N lines, then the spawn and bonus lists, a line each.
        let n = self.keyed_int("vertices", 1, crate::MAX_VERTICES as i64)? as usize;
        let mut map = format!("vertices {n}\n");
        for _ in 0..n {
            map.push_str(&self.line_for("a neighbour line")?);
            map.push('\n');
        }
        for key in ["spawn", "bonus"] {
            let (_, count) = self.keyed(key)?;
            let _ = writeln!(map, "{key} {count}");
            map.push_str(&self.line_for("a vertex list")?);
            map.push('\n');
        }
        // A map error's line counts from the `vertices` line.
        let board = parse_map(&name, &map)?;
        let game = Game::new(board, config)?;
        Ok(Header { me, game })
    }

    /// Reads the next message after the header: a round or the end, for `game` (the header's).
    pub fn read_message(&mut self, game: &Game) -> Result<Message> {
        let first = self.line_for("round or end")?;
        let line = self.line;
        let mut words = first.split(' ');
        match words.next() {
            Some("end") => {
                let scores = words
                    .map(|w| int(line, "score", w, i64::from(i32::MIN), i64::from(i32::MAX)))
                    .map(|r| r.map(|s| s as i32))
                    .take(crate::MAX_PLAYERS + 1)
                    .collect::<Result<Vec<_>>>()?;
                check_len(line, "end", scores.len(), game.config().nb_players)?;
                Ok(Message::End(scores))
            }
            Some("round") => {
                let round = int(
                    line,
                    "round",
                    words.next().unwrap_or(""),
                    0,
                    i64::from(u32::MAX),
                )? as u32;
                self.read_round(game, round).map(Message::Round)
            }
            _ => Err(ProtocolError::Expected {
                line,
                expected: "round or end",
                found: shown(&first),
            }),
        }
    }

    fn read_round(&mut self, game: &Game, round: u32) -> Result<Round> {
        let players = game.config().nb_players;
        let n = game.board().nb_vertices();
        let nb_bikes = game.nb_bikes();
        let (line, text) = self.keyed("score")?;
        let scores = list(line, "score", &text, players, |w| {
            int(line, "score", w, i64::from(i32::MIN), i64::from(i32::MAX)).map(|s| s as i32)
        })?;
        let (line, text) = self.keyed("walls")?;
        let walls = list(line, "walls", &text, n, |w| {
            let bike = int(line, "wall", w, -1, nb_bikes as i64 - 1)?;
            Ok(u8::try_from(bike).ok())
        })?;
        let (line, text) = self.keyed("items")?;
        let items = list(line, "items", &text, n, |w| item(line, "item", w))?;
        let count = self.keyed_int("bikes", 0, MAX_BIKES as i64)? as usize;
        check_len(self.line, "bikes", count, nb_bikes)?;
        let mut bikes = Vec::with_capacity(count);
        for _ in 0..count {
            let text = self.line_for("a bike line")?;
            let line = self.line;
            let words: Vec<&str> = text.splitn(7, ' ').collect();
            check_len(line, "bike line", words.len(), 6)?;
            bikes.push(Bike {
                player: int(line, "bike player", words[0], 0, players as i64 - 1)? as PlayerId,
                item: item(line, "bike item", words[1])?,
                vertex: int(line, "bike vertex", words[2], 0, n as i64 - 1)? as u16,
                turbo: int(line, "turbo", words[3], 0, i64::from(i32::MAX))? as i32,
                ghost: int(line, "ghost", words[4], 0, i64::from(i32::MAX))? as i32,
                alive: int(line, "alive", words[5], 0, 1)? == 1,
            });
        }
        Ok(Round {
            round,
            scores,
            walls,
            items,
            bikes,
        })
    }
}

fn check_len(line: usize, what: &'static str, found: usize, expected: usize) -> Result<()> {
    if found == expected {
        Ok(())
    } else {
        Err(ProtocolError::Invalid {
            line,
            what,
            value: found.to_string(),
            reason: "not the game's count",
        })
    }
}

/// Exactly `count` words of `text`, each read with `read`.
fn list<T>(
    line: usize,
    what: &'static str,
    text: &str,
    count: usize,
    mut read: impl FnMut(&str) -> Result<T>,
) -> Result<Vec<T>> {
    let mut out = Vec::with_capacity(count);
    for word in text.split(' ') {
        if out.len() == count {
            return Err(ProtocolError::Invalid {
                line,
                what,
                value: format!("more than {count} values"),
                reason: "not the game's count",
            });
        }
        out.push(read(word)?);
    }
    check_len(line, what, out.len(), count)?;
    Ok(out)
}

fn item(line: usize, what: &'static str, word: &str) -> Result<Item> {
    let mut chars = word.chars();
    match (chars.next().and_then(Item::from_char), chars.next()) {
        (Some(item), None) => Ok(item),
        _ => Err(ProtocolError::Invalid {
            line,
            what,
            value: shown(word),
            reason: "not one of n t g p",
        }),
    }
}
