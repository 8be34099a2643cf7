//! The original text protocol (`remote/server.go`): request lines ([`Command`]), reply lines
//! ([`Reply`]) and the `list` reply's JSON ([`WorldJson`]), byte for byte.
//!
//! Requests are lines ending in `\n` or `\r\n`. The command is the first four bytes, compared
//! case-insensitively; the payload is everything after them, with no separator (`moveabc;5` is a
//! move). Every reply is one line ending in `\r\n`.
//!
//! ```
//! use cloudwars::protocol::{parse_command, Command, ProtocolError, Reply, ServerError};
//!
//! assert_eq!(parse_command(b"LIST"), Ok(Command::List));
//! assert_eq!(parse_command(b"name  Hansi "), Ok(Command::Name("Hansi".into())));
//! // The original reads unparsable numbers as 0: "moveabc;5" is a move of (0, 5).
//! let Ok(Command::Move(input)) = parse_command(b"moveabc;5") else { panic!() };
//! assert_eq!((input.wind.x, input.wind.y), (0.0, 5.0));
//! assert!(input.x_error.is_some());
//! assert!(matches!(parse_command(b"li"), Err(ProtocolError::InvalidCommand { .. })));
//! assert_eq!(Reply::Error(ServerError::InvalidMove).to_line(), "err: invalid move\r\n");
//! ```

use std::fmt::{self, Write as _};

use serde_json::Value;
use thiserror::Error;

use crate::cloud::{Color, Player, PlayerId, Uid, Vec2};
use crate::error::ConfigError;
use crate::rules::Game;
use crate::state::{Config, Leader, NO_PLAYER_ALIVE, State};

/// The longest name `name` accepts, in bytes after trimming.
pub const MAX_NAME_LEN: usize = 25;

/// A request line, parsed.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// `quit` or `exit`: the server answers `ok` and closes the connection.
    Quit,
    /// `list`: the world as JSON.
    List,
    /// `name<name>`: the trimmed name (1 to 25 bytes).
    Name(String),
    /// `type<color>`: the colour (trimmed, case-insensitive).
    Type(Color),
    /// `play`: join the game.
    Play,
    /// `move<x>;<y>`.
    Move(MoveInput),
    /// `kill`.
    Kill,
}

/// The payload of a `move`, read the original's way: each part goes through Go's
/// `strconv.ParseFloat(part, 32)` with the error ignored, so unparsable text becomes 0 and
/// out-of-range numbers become ±infinity. The errors the original drops are kept here.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveInput {
    /// The wind the original would use.
    pub wind: Vec2,
    /// Why the x part did not parse (the original silently used 0 or ±inf).
    pub x_error: Option<FloatError>,
    /// Why the y part did not parse.
    pub y_error: Option<FloatError>,
}

/// Why a number in a `move` did not parse.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FloatError {
    /// Not a number: the original reads it as 0.
    #[error("{0:?} is not a number")]
    Syntax(String),
    /// Beyond the `f32` range: the original reads it as ±infinity.
    #[error("{0:?} is out of the f32 range")]
    Range(String),
}

/// A request that the original answers with an error whatever the game state.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProtocolError {
    /// Shorter than four bytes, or an unknown command.
    #[error("invalid command {line:?}")]
    InvalidCommand {
        /// The rejected line.
        line: String,
    },
    /// `name` with a trimmed length outside 1..=25 bytes.
    #[error("invalid name length {len} (1 to 25 bytes)")]
    InvalidNameLength {
        /// The trimmed length in bytes.
        len: usize,
    },
    /// `type` with an unknown colour.
    #[error("invalid color {text:?}")]
    InvalidColor {
        /// The rejected colour text.
        text: String,
    },
    /// `move` whose payload does not split into two parts at `;`. (The server only reports this
    /// to a player who is playing and ready; see [`ServerError`] for the order of the checks.)
    #[error("invalid move input {payload:?}: use 'float32;float32'")]
    InvalidMoveInput {
        /// The rejected payload.
        payload: String,
    },
}

impl ProtocolError {
    /// The reply the original sends for this error.
    pub fn reply(&self) -> ServerError {
        match self {
            ProtocolError::InvalidCommand { .. } => ServerError::InvalidCommand,
            ProtocolError::InvalidNameLength { .. } => ServerError::InvalidNameLength,
            ProtocolError::InvalidColor { .. } => ServerError::InvalidColor,
            ProtocolError::InvalidMoveInput { .. } => ServerError::InvalidInput,
        }
    }
}

/// Parses one request line (without its `\n` or `\r\n`; a trailing `\r` is removed too).
pub fn parse_command(line: &[u8]) -> Result<Command, ProtocolError> {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let lossy = || String::from_utf8_lossy(line).into_owned();
    if line.len() < 4 {
        return Err(ProtocolError::InvalidCommand { line: lossy() });
    }
    let mut verb = [0u8; 4];
    verb.copy_from_slice(&line[..4]);
    verb.make_ascii_lowercase();
    let payload = &line[4..];
    match &verb {
        b"quit" | b"exit" => Ok(Command::Quit),
        b"list" => Ok(Command::List),
        b"play" => Ok(Command::Play),
        b"kill" => Ok(Command::Kill),
        b"name" => {
            let name = trim_space(payload);
            if name.is_empty() || name.len() > MAX_NAME_LEN {
                return Err(ProtocolError::InvalidNameLength { len: name.len() });
            }
            Ok(Command::Name(String::from_utf8_lossy(name).into_owned()))
        }
        b"type" => {
            let text = String::from_utf8_lossy(trim_space(payload)).to_lowercase();
            Color::from_name(&text)
                .map(Command::Type)
                .ok_or(ProtocolError::InvalidColor { text })
        }
        b"move" => {
            let parts: Vec<&[u8]> = payload.split(|&b| b == b';').collect();
            let [x, y] = parts[..] else {
                return Err(ProtocolError::InvalidMoveInput {
                    payload: String::from_utf8_lossy(payload).into_owned(),
                });
            };
            let (x, x_error) = go_parse_lenient(x);
            let (y, y_error) = go_parse_lenient(y);
            Ok(Command::Move(MoveInput {
                wind: Vec2::new(x, y),
                x_error,
                y_error,
            }))
        }
        _ => Err(ProtocolError::InvalidCommand { line: lossy() }),
    }
}

/// Go's `strings.TrimSpace` on bytes (Unicode white space when the text is UTF-8).
fn trim_space(bytes: &[u8]) -> &[u8] {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.trim().as_bytes(),
        Err(_) => bytes.trim_ascii(),
    }
}

fn go_parse_lenient(bytes: &[u8]) -> (f32, Option<FloatError>) {
    let text = String::from_utf8_lossy(bytes);
    match parse_go_f32(&text) {
        Ok(v) => (v, None),
        Err(e @ FloatError::Syntax(_)) => (0.0, Some(e)),
        Err(e @ FloatError::Range(_)) => {
            let negative = text.trim_start().starts_with('-');
            (
                if negative {
                    f32::NEG_INFINITY
                } else {
                    f32::INFINITY
                },
                Some(e),
            )
        }
    }
}

/// Reads a number as Go's `strconv.ParseFloat(text, 32)` does: decimal with optional sign and
/// exponent, `inf`/`infinity` with optional sign and `nan` without sign (any case).
///
/// Go also reads hexadecimal floats (`0x1p-2`) and underscores after a base prefix; we read those
/// as syntax errors (a documented deviation).
pub fn parse_go_f32(text: &str) -> Result<f32, FloatError> {
    let syntax = || FloatError::Syntax(text.to_owned());
    let unsigned = text.strip_prefix(['+', '-']).unwrap_or(text);
    let signed = unsigned.len() != text.len();
    if unsigned.eq_ignore_ascii_case("nan") {
        return if signed { Err(syntax()) } else { Ok(f32::NAN) };
    }
    if unsigned.eq_ignore_ascii_case("inf") || unsigned.eq_ignore_ascii_case("infinity") {
        let v = if text.starts_with('-') {
            f32::NEG_INFINITY
        } else {
            f32::INFINITY
        };
        return Ok(v);
    }
    if !unsigned.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
        return Err(syntax());
    }
    // Bytes, not a string slice: the second character may be multi-byte (`6é`).
    if unsigned
        .as_bytes()
        .get(..2)
        .is_some_and(|p| p.eq_ignore_ascii_case(b"0x"))
    {
        return Err(syntax());
    }
    let v: f32 = text.parse().map_err(|_| syntax())?;
    if v.is_infinite() {
        return Err(FloatError::Range(text.to_owned()));
    }
    Ok(v)
}

impl Command {
    /// The request line for this command, without the line ending. A move's numbers are written
    /// in the shortest form that reads back to the same `f32`.
    pub fn to_line(&self) -> String {
        match self {
            Command::Quit => "quit".into(),
            Command::List => "list".into(),
            Command::Name(name) => format!("name{name}"),
            Command::Type(color) => format!("type{color}"),
            Command::Play => "play".into(),
            Command::Move(input) => format!("move{};{}", input.wind.x, input.wind.y),
            Command::Kill => "kill".into(),
        }
    }
}

/// Error replies, with the original's exact texts (`err: ...`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
pub enum ServerError {
    /// `err: invalid command`
    #[error("invalid command")]
    InvalidCommand,
    /// `err: invalid name length`
    #[error("invalid name length")]
    InvalidNameLength,
    /// `err: invalid color; use 'blue', 'gray', 'orange', 'purple' or 'red'`
    #[error("invalid color; use 'blue', 'gray', 'orange', 'purple' or 'red'")]
    InvalidColor,
    /// `err: you're already playing` (a second `play`, even after death)
    #[error("you're already playing")]
    AlreadyPlaying,
    /// `err: name already taken`
    #[error("name already taken")]
    NameTaken,
    /// `err: maximum number of players reached`
    #[error("maximum number of players reached")]
    MaxPlayers,
    /// `err: you're not playing`
    #[error("you're not playing")]
    NotPlaying,
    /// `err: wait for other players`
    #[error("wait for other players")]
    WaitForPlayers,
    /// `err: invalid input: use 'float32;float32'`
    #[error("invalid input: use 'float32;float32'")]
    InvalidInput,
    /// `err: invalid move`
    #[error("invalid move")]
    InvalidMove,
    /// `err: you're already dead`
    #[error("you're already dead")]
    AlreadyDead,
    /// Any other `err: ...` text (from another server).
    #[error("{0}")]
    Other(String),
}

impl ServerError {
    const KNOWN: [ServerError; 11] = [
        ServerError::InvalidCommand,
        ServerError::InvalidNameLength,
        ServerError::InvalidColor,
        ServerError::AlreadyPlaying,
        ServerError::NameTaken,
        ServerError::MaxPlayers,
        ServerError::NotPlaying,
        ServerError::WaitForPlayers,
        ServerError::InvalidInput,
        ServerError::InvalidMove,
        ServerError::AlreadyDead,
    ];

    /// The error for the text after `err: `.
    pub fn from_text(text: &str) -> ServerError {
        ServerError::KNOWN
            .into_iter()
            .find(|e| e.to_string() == text)
            .unwrap_or_else(|| ServerError::Other(text.to_owned()))
    }
}

/// The text of [`Reply::GameBegins`].
pub const GAME_BEGINS: &str = "ok: the game begins when all players are ready";

/// A reply line.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    /// `ok`
    Ok,
    /// `ok: the game begins when all players are ready` (after `play`)
    GameBegins,
    /// The `list` JSON.
    World(String),
    /// An empty line: what the original sends for `list` when its world holds a NaN.
    Empty,
    /// `err: <text>`
    Error(ServerError),
}

impl Reply {
    /// The reply line with its `\r\n`.
    pub fn to_line(&self) -> String {
        let mut line = self.to_string();
        line.push_str("\r\n");
        line
    }

    /// Reads a reply line (with or without its line ending).
    pub fn parse(line: &str) -> Reply {
        let line = line.strip_suffix('\n').unwrap_or(line);
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line == "ok" {
            Reply::Ok
        } else if line == GAME_BEGINS {
            Reply::GameBegins
        } else if line.is_empty() {
            Reply::Empty
        } else if let Some(text) = line.strip_prefix("err: ") {
            Reply::Error(ServerError::from_text(text))
        } else {
            Reply::World(line.to_owned())
        }
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Ok => f.write_str("ok"),
            Reply::GameBegins => f.write_str(GAME_BEGINS),
            Reply::World(json) => f.write_str(json),
            Reply::Empty => Ok(()),
            Reply::Error(e) => write!(f, "err: {e}"),
        }
    }
}

// ------------------------------------------------------------------------------ list JSON

/// The `list` reply (`core/world.go:334-374`): the world as the original's `encoding/json`
/// writes it, with every field, in its order.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WorldJson {
    /// `Width`
    pub width: i64,
    /// `Height`
    pub height: i64,
    /// `GameSpeed`
    pub game_speed: i64,
    /// `Iteration`
    pub iteration: u64,
    /// `WorldVapor`
    pub world_vapor: f32,
    /// `Alive`
    pub alive: i64,
    /// `WinCondition`
    pub win_condition: bool,
    /// `Leader`
    pub leader: String,
    /// `Clouds`, in list order.
    pub clouds: Vec<CloudJson>,
    /// `SimSpeedUp`
    pub sim_speed_up: i64,
}

/// One cloud in the `list` JSON.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CloudJson {
    /// `Pos`
    pub pos: Vec2,
    /// `Vel`
    pub vel: Vec2,
    /// `Vapor`
    pub vapor: f32,
    /// `Player` (`""` for a raincloud)
    pub player: String,
    /// `Color` (`""` for a raincloud)
    pub color: String,
    /// `UID`
    pub uid: String,
}

/// Why a `list` JSON could not be read, written or turned into a world.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum JsonError {
    /// Not JSON at all.
    #[error("not JSON: {0}")]
    Syntax(String),
    /// A field is missing or has the wrong type.
    #[error("field {field}: missing or not {expected}")]
    Field {
        /// The JSON path of the field.
        field: String,
        /// The type expected.
        expected: &'static str,
    },
    /// NaN or an infinity: Go's `json.Marshal` fails and the server sends an empty line.
    #[error("field {field}: {value} cannot be written as JSON")]
    UnsupportedValue {
        /// The JSON path of the field.
        field: String,
        /// The value.
        value: f32,
    },
    /// A player cloud's colour is none of the five.
    #[error("cloud {index}: unknown color {color:?}")]
    UnknownColor {
        /// The cloud's index.
        index: usize,
        /// The colour text.
        color: String,
    },
    /// A UID that is not 8 bytes long.
    #[error("cloud {index}: UID {uid:?} is not 8 bytes")]
    BadUid {
        /// The cloud's index.
        index: usize,
        /// The UID text.
        uid: String,
    },
    /// A field value out of range (a size that does not fit an `i32`, too many clouds).
    #[error("field {field}: {value} is out of range")]
    OutOfRange {
        /// The field.
        field: &'static str,
        /// The value.
        value: i64,
    },
    /// The world itself is invalid.
    #[error(transparent)]
    World(#[from] ConfigError),
}

impl WorldJson {
    /// The `list` view of a state.
    pub fn from_state(game: &Game, state: &State) -> WorldJson {
        let config = game.config();
        WorldJson {
            width: config.width.into(),
            height: config.height.into(),
            game_speed: config.game_speed.into(),
            iteration: state.iteration(),
            world_vapor: state.world_vapor(),
            alive: state.alive().into(),
            win_condition: state.win_condition(),
            leader: state.leader_name().to_owned(),
            clouds: state
                .clouds()
                .iter()
                .map(|c| {
                    let player = c.owner.and_then(|id| state.player(id));
                    CloudJson {
                        pos: c.pos,
                        vel: c.vel,
                        vapor: c.vapor,
                        player: player.map_or(String::new(), |p| p.name.clone()),
                        color: player.map_or(String::new(), |p| p.color.name().to_owned()),
                        uid: c.uid.as_str().to_owned(),
                    }
                })
                .collect(),
            sim_speed_up: config.sim_speed_up.into(),
        }
    }

    /// The exact bytes the original writes (without the line ending), or an error where Go's
    /// `json.Marshal` fails (NaN or infinite values).
    pub fn to_json(&self) -> Result<String, JsonError> {
        let mut out = String::with_capacity(160 + 150 * self.clouds.len());
        write!(
            out,
            "{{\"Width\":{},\"Height\":{},\"GameSpeed\":{},\"Iteration\":{},\"WorldVapor\":",
            self.width, self.height, self.game_speed, self.iteration
        )
        .ok();
        push_go_f32(&mut out, self.world_vapor, "WorldVapor")?;
        write!(
            out,
            ",\"Alive\":{},\"WinCondition\":{},\"Leader\":",
            self.alive, self.win_condition
        )
        .ok();
        push_go_string(&mut out, &self.leader);
        out.push_str(",\"Clouds\":[");
        for (i, c) in self.clouds.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str("{\"Pos\":{\"X\":");
            push_go_f32(&mut out, c.pos.x, "Pos.X")?;
            out.push_str(",\"Y\":");
            push_go_f32(&mut out, c.pos.y, "Pos.Y")?;
            out.push_str("},\"Vel\":{\"X\":");
            push_go_f32(&mut out, c.vel.x, "Vel.X")?;
            out.push_str(",\"Y\":");
            push_go_f32(&mut out, c.vel.y, "Vel.Y")?;
            out.push_str("},\"Vapor\":");
            push_go_f32(&mut out, c.vapor, "Vapor")?;
            out.push_str(",\"Player\":");
            push_go_string(&mut out, &c.player);
            out.push_str(",\"Color\":");
            push_go_string(&mut out, &c.color);
            out.push_str(",\"UID\":");
            push_go_string(&mut out, &c.uid);
            out.push('}');
        }
        write!(out, "],\"SimSpeedUp\":{}}}", self.sim_speed_up).ok();
        Ok(out)
    }

    /// Reads a `list` reply.
    pub fn parse(text: &str) -> Result<WorldJson, JsonError> {
        let v: Value = serde_json::from_str(text).map_err(|e| JsonError::Syntax(e.to_string()))?;
        let clouds = v
            .get("Clouds")
            .and_then(Value::as_array)
            .ok_or_else(|| field("Clouds", "an array"))?;
        Ok(WorldJson {
            width: get_i64(&v, "Width")?,
            height: get_i64(&v, "Height")?,
            game_speed: get_i64(&v, "GameSpeed")?,
            iteration: v
                .get("Iteration")
                .and_then(Value::as_u64)
                .ok_or_else(|| field("Iteration", "an unsigned integer"))?,
            world_vapor: get_f32(&v, "WorldVapor")?,
            alive: get_i64(&v, "Alive")?,
            win_condition: v
                .get("WinCondition")
                .and_then(Value::as_bool)
                .ok_or_else(|| field("WinCondition", "a boolean"))?,
            leader: get_str(&v, "Leader")?,
            clouds: clouds
                .iter()
                .map(|c| -> Result<CloudJson, JsonError> {
                    let pos = c.get("Pos").ok_or_else(|| field("Pos", "an object"))?;
                    let vel = c.get("Vel").ok_or_else(|| field("Vel", "an object"))?;
                    Ok(CloudJson {
                        pos: Vec2::new(get_f32(pos, "X")?, get_f32(pos, "Y")?),
                        vel: Vec2::new(get_f32(vel, "X")?, get_f32(vel, "Y")?),
                        vapor: get_f32(c, "Vapor")?,
                        player: get_str(c, "Player")?,
                        color: get_str(c, "Color")?,
                        uid: get_str(c, "UID")?,
                    })
                })
                .collect::<Result<_, _>>()?,
            sim_speed_up: get_i64(&v, "SimSpeedUp")?,
        })
    }

    /// The game and state this JSON describes (the original's `World.FromJson`): each player
    /// cloud becomes a player (in list order), the statistics and UIDs are kept.
    pub fn to_world(&self) -> Result<(Game, State), JsonError> {
        let int = |name: &'static str, value: i64| {
            i32::try_from(value).map_err(|_| JsonError::OutOfRange { field: name, value })
        };
        let game = Game::new(Config {
            width: int("Width", self.width)?,
            height: int("Height", self.height)?,
            game_speed: int("GameSpeed", self.game_speed)?,
            sim_speed_up: int("SimSpeedUp", self.sim_speed_up)?,
        })?;
        let mut specs = Vec::with_capacity(self.clouds.len());
        for (index, c) in self.clouds.iter().enumerate() {
            let player = if c.player.is_empty() {
                None
            } else {
                let color = Color::from_name(&c.color).ok_or_else(|| JsonError::UnknownColor {
                    index,
                    color: c.color.clone(),
                })?;
                Some(Player {
                    name: c.player.clone(),
                    color,
                })
            };
            specs.push(crate::rules::CloudSpec {
                pos: c.pos,
                vel: c.vel,
                vapor: c.vapor,
                player,
            });
        }
        let mut state = game.world_from_clouds(&specs, 0)?;
        for (index, (cloud, json)) in state.clouds_mut().iter_mut().zip(&self.clouds).enumerate() {
            cloud.uid = Uid::from_text(&json.uid).ok_or_else(|| JsonError::BadUid {
                index,
                uid: json.uid.clone(),
            })?;
        }
        let leader = match self.leader.as_str() {
            "" => Leader::Unknown,
            NO_PLAYER_ALIVE => Leader::NoPlayerAlive,
            name => state
                .player_by_name(name)
                .map_or(Leader::Unknown, Leader::Player),
        };
        let alive = u32::try_from(self.alive).map_err(|_| JsonError::OutOfRange {
            field: "Alive",
            value: self.alive,
        })?;
        state.set_stats(
            self.iteration,
            self.world_vapor,
            alive,
            self.win_condition,
            leader,
        );
        Ok((game, state))
    }

    /// The first cloud of the player with this name (the original's `World.Me`).
    pub fn me(&self, name: &str) -> Option<&CloudJson> {
        self.clouds.iter().find(|c| c.player == name)
    }
}

/// The `list` reply for a state: the JSON line, or [`Reply::Empty`] where Go's marshalling fails.
pub fn list_reply(game: &Game, state: &State) -> Reply {
    match WorldJson::from_state(game, state).to_json() {
        Ok(json) => Reply::World(json),
        Err(_) => Reply::Empty,
    }
}

fn field(name: &str, expected: &'static str) -> JsonError {
    JsonError::Field {
        field: name.to_owned(),
        expected,
    }
}

fn get_i64(v: &Value, name: &str) -> Result<i64, JsonError> {
    v.get(name)
        .and_then(Value::as_i64)
        .ok_or_else(|| field(name, "an integer"))
}

fn get_f32(v: &Value, name: &str) -> Result<f32, JsonError> {
    v.get(name)
        .and_then(Value::as_f64)
        .map(|x| x as f32)
        .ok_or_else(|| field(name, "a number"))
}

fn get_str(v: &Value, name: &str) -> Result<String, JsonError> {
    v.get(name)
        .and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| field(name, "a string"))
}

/// Writes an `f32` as Go's `encoding/json` does: the shortest text that reads back to the same
/// `f32`, in plain notation for `1e-6 <= |v| < 1e21` and exponent notation otherwise (`1e-7`,
/// `1e+21`). NaN and infinities are errors.
pub fn push_go_f32(out: &mut String, v: f32, name: &str) -> Result<(), JsonError> {
    if !v.is_finite() {
        return Err(JsonError::UnsupportedValue {
            field: name.to_owned(),
            value: v,
        });
    }
    if v == 0.0 {
        out.push_str(if v.is_sign_negative() { "-0" } else { "0" });
        return Ok(());
    }
    let (digits, exp) = go_shortest_digits(v);
    if v.is_sign_negative() {
        out.push('-');
    }
    let abs = v.abs();
    if !(1e-6f32..1e21f32).contains(&abs) {
        out.push_str(&digits[..1]);
        if digits.len() > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        if exp < 0 {
            write!(out, "e-{}", -exp).ok();
        } else {
            write!(out, "e+{exp:02}").ok();
        }
    } else if exp < 0 {
        // 0.000ddd
        out.push_str("0.");
        for _ in 0..(-exp - 1) {
            out.push('0');
        }
        out.push_str(&digits);
    } else {
        let int_len = exp as usize + 1;
        if digits.len() <= int_len {
            out.push_str(&digits);
            for _ in digits.len()..int_len {
                out.push('0');
            }
        } else {
            out.push_str(&digits[..int_len]);
            out.push('.');
            out.push_str(&digits[int_len..]);
        }
    }
    Ok(())
}

/// The shortest decimal digits that read back to `v` (finite, non-zero), and the decimal exponent
/// of the first digit, chosen as Go's `strconv` chooses them.
///
/// Rust's `{:e}` gives the same number of digits as Go, but when the exact binary value lies
/// exactly halfway between two shortest candidates Rust takes the upper one, while Go rounds
/// the exact decimal expansion half to even (`strconv/decimal.go` `shouldRoundUp`):
/// 2.17578125 is `2.1757812` in Go. We take the even candidate when both read back to `v`.
fn go_shortest_digits(v: f32) -> (String, i32) {
    let abs = v.abs();
    let text = format!("{abs:e}");
    let (mantissa, exp) = text.split_once('e').unwrap_or((&text, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let shortest: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let n = shortest.len();
    // The exact expansion: an f32 has at most 112 significant decimal digits.
    let exact = format!("{abs:.150e}");
    let (exact_mantissa, exact_exp) = exact.split_once('e').unwrap_or((&exact, "0"));
    let exact_digits: String = exact_mantissa
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    if exact_exp.parse::<i32>().ok() != Some(exp) || exact_digits.len() <= n {
        return (shortest, exp);
    }
    let rest = &exact_digits[n..];
    let tie = rest.starts_with('5') && rest[1..].bytes().all(|b| b == b'0');
    if !tie {
        return (shortest, exp);
    }
    let lower = exact_digits[..n].to_owned();
    let reads_back = |digits: &str| {
        format!("0.{digits}e{}", exp + 1)
            .parse::<f32>()
            .is_ok_and(|x| x == abs)
    };
    let even = |digits: &str| {
        digits
            .bytes()
            .last()
            .is_some_and(|d| (d - b'0').is_multiple_of(2))
    };
    if lower != shortest && even(&lower) && reads_back(&lower) {
        return (lower, exp);
    }
    (shortest, exp)
}

/// The text of [`push_go_f32`] (`None` for NaN and infinities).
pub fn go_f32(v: f32) -> Option<String> {
    let mut s = String::new();
    push_go_f32(&mut s, v, "").ok()?;
    Some(s)
}

/// Writes a JSON string as Go's `encoding/json` (Go 1.19) does: `<`, `>`, `&`, U+2028 and
/// U+2029 escaped as `\u00XX`/`\u20XX`, `\n \r \t` short, other control bytes as `\u00XX`.
#[doc(hidden)]
pub fn push_go_string(out: &mut String, s: &str) {
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '<' | '>' | '&' | '\u{0}'..='\u{1f}' => {
                write!(out, "\\u00{:02x}", ch as u32).ok();
            }
            '\u{2028}' | '\u{2029}' => {
                write!(out, "\\u{:04x}", ch as u32).ok();
            }
            _ => out.push(ch),
        }
    }
    out.push('"');
}

/// A player's cloud in a `list` view and its id in the matching [`State`] (player clouds are
/// numbered in list order by [`WorldJson::to_world`]).
pub fn player_ids(json: &WorldJson) -> impl Iterator<Item = (PlayerId, &CloudJson)> {
    json.clouds
        .iter()
        .filter(|c| !c.player.is_empty())
        .enumerate()
        .map(|(i, c)| (PlayerId(i as u8), c))
}
