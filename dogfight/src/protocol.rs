//! The non-Java wrapper protocol (sparr's `PlaneWrapper`, `W:`): typed controller lines, the
//! controller's reading of move replies, and [`run_bot`], a driver that plays any [`Bot`] in the
//! original tournament over stdin/stdout.
//!
//! The controller starts the bot as `binary 14 100` and writes, one `\n`-terminated line each:
//!
//! ```text
//! NEW CONTEST 14 100              once
//! NEW OPPONENT 10                 at the start of each match-up
//! NEW FIGHT <i> <mine> <theirs>   before each fight (i is 0-based; scores are fights won)
//! ROUNDS LEFT <i>                 each round, 99 down to 0
//! NEW TURN                        then 4 plane lines: my two planes, then the enemy's two
//! alive X Y Z DIR CD  |  dead 0 0 0 N 0
//! ```
//!
//! and after each `NEW TURN` reads two replies `DIR CHANGE SHOOT` (e.g. `SE 0 1`), one per plane.
//! Nothing marks the end of a fight or of the tournament; the process is simply destroyed.
//!
//! ```
//! use dogfight::protocol::{Message, PlaneReport, parse_reply};
//! use dogfight::{Direction, Move, Pos};
//!
//! let message = Message::parse("alive 12 7 13 NW 1")?;
//! assert_eq!(
//!     message,
//!     Message::Plane(PlaneReport::Alive {
//!         pos: Pos::new(12, 7, 13),
//!         heading: "NW".parse().unwrap(),
//!         cooldown: 1
//!     })
//! );
//! assert_eq!(message.to_string(), "alive 12 7 13 NW 1");
//! // The controller's lenient reading of replies: N beats S; anything malformed is `N 0 0`.
//! assert_eq!(parse_reply("NS 1 1"), Move::new(Direction::N, true, true));
//! assert_eq!(parse_reply("SU 1 1 "), Move::new(Direction::N, false, false));
//! # Ok::<(), dogfight::protocol::ProtocolError>(())
//! ```

use std::fmt;
use std::io::{BufRead, Read, Write};

mod wrapper;

pub use wrapper::{Fault, Limits, Wrapper};

use crate::{
    Action, Arena, ArenaError, Bot, Config, Direction, Game, Move, Plane, Pos, Side, State,
};

/// A controller line that [`Message::parse`] rejects; it carries the whole line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// The line is none of the controller's messages.
    #[error("unknown controller message {text:?}")]
    Unknown {
        /// The rejected line.
        text: String,
    },
    /// The message has the wrong number of words.
    #[error("{text:?} should have {expected} words")]
    WordCount {
        /// The rejected line.
        text: String,
        /// How many words that message has.
        expected: usize,
    },
    /// A word could not be read.
    #[error("bad {field} {value:?} in {text:?}")]
    BadField {
        /// The rejected line.
        text: String,
        /// Which field.
        field: &'static str,
        /// The rejected word.
        value: String,
    },
}

/// What the controller reports about one plane.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PlaneReport {
    /// `alive X Y Z DIR CD`.
    Alive {
        /// Its cell.
        pos: Pos,
        /// Its heading.
        heading: Direction,
        /// Its cooldown.
        cooldown: u8,
    },
    /// `dead 0 0 0 N 0`: the wrapper hides everything about dead planes.
    Dead,
}

impl PlaneReport {
    /// What the controller writes for `plane` (`getDataString`).
    pub const fn of(plane: &Plane) -> PlaneReport {
        if plane.alive {
            PlaneReport::Alive {
                pos: plane.pos,
                heading: plane.heading,
                cooldown: plane.cooldown,
            }
        } else {
            PlaneReport::Dead
        }
    }

    /// The plane as a bot can know it; a dead plane sits at `(0, 0, 0)` heading N with cooldown 0.
    pub const fn to_plane(self) -> Plane {
        match self {
            PlaneReport::Alive {
                pos,
                heading,
                cooldown,
            } => Plane {
                alive: true,
                pos,
                heading,
                cooldown,
            },
            PlaneReport::Dead => Plane {
                alive: false,
                pos: Pos::new(0, 0, 0),
                heading: Direction::N,
                cooldown: 0,
            },
        }
    }
}

/// One line from the controller to the bot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Message {
    /// `NEW CONTEST <arena size> <rounds>`, once at the start.
    NewContest {
        /// The arena's edge length.
        arena_size: u32,
        /// Rounds per fight.
        rounds: u32,
    },
    /// `NEW OPPONENT <fights>`, at the start of each match-up.
    NewOpponent {
        /// Fights in the match-up.
        fights: u32,
    },
    /// `NEW FIGHT <i> <my score> <enemy score>`, before each fight.
    NewFight {
        /// The 0-based index of the fight within the match-up.
        fight: u32,
        /// Fights this bot has won so far.
        my_score: u32,
        /// Fights the opponent has won so far.
        enemy_score: u32,
    },
    /// `ROUNDS LEFT <i>`: rounds after this one (99 before round 1, 0 before round 100).
    RoundsLeft(u32),
    /// `NEW TURN`: four plane lines follow, then the bot replies.
    NewTurn,
    /// A plane line.
    Plane(PlaneReport),
}

impl Message {
    /// Reads one controller line (a trailing `\n` or `\r\n` is ignored). Strict: the controller
    /// always writes exactly these forms.
    pub fn parse(line: &str) -> Result<Message, ProtocolError> {
        let text = line.trim_end_matches(['\n', '\r']);
        let words: Vec<&str> = text.split(' ').collect();
        let count = |expected: usize| {
            if words.len() == expected {
                Ok(())
            } else {
                Err(ProtocolError::WordCount {
                    text: text.to_owned(),
                    expected,
                })
            }
        };
        let number = |index: usize, field: &'static str| -> Result<u32, ProtocolError> {
            let word = words[index];
            // Only plain digits, as Java's Integer.toString writes them.
            if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad(text, field, word));
            }
            word.parse().map_err(|_| bad(text, field, word))
        };
        match (words.first().copied(), words.get(1).copied()) {
            (Some("NEW"), Some("CONTEST")) => {
                count(4)?;
                Ok(Message::NewContest {
                    arena_size: number(2, "arena size")?,
                    rounds: number(3, "rounds")?,
                })
            }
            (Some("NEW"), Some("OPPONENT")) => {
                count(3)?;
                Ok(Message::NewOpponent {
                    fights: number(2, "fights")?,
                })
            }
            (Some("NEW"), Some("FIGHT")) => {
                count(5)?;
                Ok(Message::NewFight {
                    fight: number(2, "fight")?,
                    my_score: number(3, "my score")?,
                    enemy_score: number(4, "enemy score")?,
                })
            }
            (Some("NEW"), Some("TURN")) => {
                count(2)?;
                Ok(Message::NewTurn)
            }
            (Some("ROUNDS"), Some("LEFT")) => {
                count(3)?;
                Ok(Message::RoundsLeft(number(2, "rounds left")?))
            }
            (Some(status @ ("alive" | "dead")), _) => {
                count(6)?;
                let coordinate = |index: usize, field| -> Result<i8, ProtocolError> {
                    let word = words[index];
                    let value = word.parse::<i8>().map_err(|_| bad(text, field, word))?;
                    if value.to_string() == word {
                        Ok(value)
                    } else {
                        Err(bad(text, field, word))
                    }
                };
                let pos = Pos::new(
                    coordinate(1, "x")?,
                    coordinate(2, "y")?,
                    coordinate(3, "z")?,
                );
                let heading = words[4]
                    .parse::<Direction>()
                    .ok()
                    .filter(|d| !d.is_zero() && d.as_str() == words[4])
                    .ok_or_else(|| bad(text, "direction", words[4]))?;
                let cooldown = u8::try_from(number(5, "cooldown")?)
                    .map_err(|_| bad(text, "cooldown", words[5]))?;
                Ok(Message::Plane(if status == "alive" {
                    PlaneReport::Alive {
                        pos,
                        heading,
                        cooldown,
                    }
                } else {
                    PlaneReport::Dead
                }))
            }
            _ => Err(ProtocolError::Unknown {
                text: text.to_owned(),
            }),
        }
    }
}

fn bad(text: &str, field: &'static str, value: &str) -> ProtocolError {
    ProtocolError::BadField {
        text: text.to_owned(),
        field,
        value: value.to_owned(),
    }
}

impl fmt::Display for Message {
    /// The line exactly as the controller writes it (without the newline).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Message::NewContest { arena_size, rounds } => {
                write!(f, "NEW CONTEST {arena_size} {rounds}")
            }
            Message::NewOpponent { fights } => write!(f, "NEW OPPONENT {fights}"),
            Message::NewFight {
                fight,
                my_score,
                enemy_score,
            } => write!(f, "NEW FIGHT {fight} {my_score} {enemy_score}"),
            Message::RoundsLeft(left) => write!(f, "ROUNDS LEFT {left}"),
            Message::NewTurn => f.write_str("NEW TURN"),
            Message::Plane(PlaneReport::Alive {
                pos,
                heading,
                cooldown,
            }) => write!(f, "alive {pos} {heading} {cooldown}"),
            Message::Plane(PlaneReport::Dead) => f.write_str("dead 0 0 0 N 0"),
        }
    }
}

/// The six lines the controller sends `side` before a round: `ROUNDS LEFT`, `NEW TURN`, then the
/// side's own planes and the enemy's.
pub fn turn_messages(game: &Game, state: &State, side: Side) -> [Message; 6] {
    let [a, b] = state.side(side);
    let [c, d] = state.side(side.opponent());
    [
        Message::RoundsLeft(game.rounds_left(state).into()),
        Message::NewTurn,
        Message::Plane(PlaneReport::of(&a)),
        Message::Plane(PlaneReport::of(&b)),
        Message::Plane(PlaneReport::of(&c)),
        Message::Plane(PlaneReport::of(&d)),
    ]
}

/// Whether the controller accepts a reply line: it must match `([NSWEDU]+) ([01]) ([01])` as a
/// whole (`W:` uses `Matcher.matches()`), so lower case, extra spaces or words are rejected.
pub fn reply_is_well_formed(line: &str) -> bool {
    let mut words = line.split(' ');
    let (Some(direction), Some(change), Some(shoot), None) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        return false;
    };
    !direction.is_empty()
        && direction.bytes().all(|b| b"NSWEDU".contains(&b))
        && matches!(change, "0" | "1")
        && matches!(shoot, "0" | "1")
}

/// How the controller reads one reply line (without its newline): a well-formed line becomes
/// `Move(Direction(letters), change, shoot)` with the lenient direction reading (`"NS"` → N);
/// anything else becomes `N 0 0`, which is a real move north whenever N is a legal direction
/// for the plane, not "straight ahead".
pub fn parse_reply(line: &str) -> Move {
    if !reply_is_well_formed(line) {
        return Move::new(Direction::N, false, false);
    }
    let mut words = line.split(' ');
    let direction = Direction::parse_lenient(words.next().unwrap_or_default());
    let change = words.next() == Some("1");
    let shoot = words.next() == Some("1");
    Move::new(direction, change, shoot)
}

/// The reply line that makes the controller do what `mv` does in this crate for `plane`: the move
/// itself, or for a missing move (or the zero vector, which the protocol cannot express) the
/// plane's heading with the same effect; `N 0 0` for a dead plane.
pub fn reply_line(plane: &Plane, mv: Option<Move>) -> String {
    if !plane.alive {
        return Move::slide(Direction::N).to_string();
    }
    let mv = match mv {
        None => Move::slide(plane.heading),
        Some(mv) if mv.direction.is_zero() => Move::new(plane.heading, false, mv.shoot),
        Some(mv) => mv,
    };
    mv.to_string()
}

/// The longest controller line [`run_bot`] reads, in bytes without the newline; checked before
/// more is read.
pub const MAX_LINE_BYTES: usize = 256;

/// An error of [`run_bot`]: bad input (with its 1-based line number) or I/O.
#[derive(Debug, thiserror::Error)]
pub enum DriverError {
    /// A line could not be read.
    #[error("line {line}: {source}")]
    Protocol {
        /// The 1-based line number.
        line: usize,
        /// What was wrong.
        source: ProtocolError,
    },
    /// A line came where the protocol does not allow it.
    #[error("line {line}: unexpected {text:?}: {reason}")]
    Unexpected {
        /// The 1-based line number.
        line: usize,
        /// The line.
        text: String,
        /// What was expected instead.
        reason: &'static str,
    },
    /// `NEW CONTEST` named an arena this crate cannot hold.
    #[error("line {line}: {source}")]
    Arena {
        /// The 1-based line number.
        line: usize,
        /// The rejected size.
        source: ArenaError,
    },
    /// A line is longer than [`MAX_LINE_BYTES`] (the controller's are at most about 30).
    #[error("line {line}: longer than the limit of {limit} bytes")]
    LineTooLong {
        /// The 1-based line number.
        line: usize,
        /// The limit, [`MAX_LINE_BYTES`].
        limit: usize,
    },
    /// Reading or writing failed.
    #[error("i/o: {0}")]
    Io(#[from] std::io::Error),
}

/// Plays `bot` in the original tournament: reads controller lines from `input`, answers each
/// `NEW TURN` with two lines on `output` (flushed), until `input` ends. Returns the number of
/// turns played.
///
/// The bot sees itself as [`Side::P1`] (its planes first, as the wrapper sends them). The rules
/// are the same for both sides, so this is exact; dead planes are reported as in
/// [`PlaneReport::to_plane`]. The game starts as [`Game::default`] and follows `NEW CONTEST`.
///
/// ```
/// use dogfight::protocol::run_bot;
/// use dogfight::{Action, Bot, Game, Side, State};
///
/// struct Straight;
/// impl Bot for Straight {
///     fn act(&mut self, _: &Game, _: &State, _: Side) -> Action {
///         Action::none()
///     }
/// }
///
/// let input = "NEW CONTEST 14 100\nNEW OPPONENT 10\nNEW FIGHT 0 0 0\nROUNDS LEFT 99\nNEW TURN\n\
///              alive 0 5 0 S 0\nalive 0 8 0 S 0\nalive 13 8 13 N 0\nalive 13 5 13 N 0\n";
/// let mut output = Vec::new();
/// let turns = run_bot(&mut Straight, input.as_bytes(), &mut output)?;
/// assert_eq!(turns, 1);
/// assert_eq!(String::from_utf8(output).unwrap(), "S 0 0\nS 0 0\n");
/// # Ok::<(), dogfight::protocol::DriverError>(())
/// ```
pub fn run_bot(
    bot: &mut impl Bot,
    input: impl BufRead,
    mut output: impl Write,
) -> Result<u64, DriverError> {
    let mut game = Game::default();
    let mut rounds_left: Option<u32> = None;
    let mut planes: Vec<Plane> = Vec::with_capacity(4);
    let mut in_turn = false;
    let mut turns = 0;
    let mut last_line = 0;
    let mut input = input;
    let mut bytes = Vec::with_capacity(64);
    let mut line_number = 0;
    loop {
        bytes.clear();
        // `take`: a line without end stops at the limit instead of filling memory.
        let read = (&mut input)
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut bytes)?;
        if read == 0 {
            break;
        }
        line_number += 1;
        last_line = line_number;
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
        } else if bytes.len() > MAX_LINE_BYTES {
            return Err(DriverError::LineTooLong {
                line: line_number,
                limit: MAX_LINE_BYTES,
            });
        }
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        let line = String::from_utf8_lossy(&bytes).into_owned();
        let message = Message::parse(&line).map_err(|source| DriverError::Protocol {
            line: line_number,
            source,
        })?;
        let unexpected = |reason| DriverError::Unexpected {
            line: line_number,
            text: line.clone(),
            reason,
        };
        if in_turn && !matches!(message, Message::Plane(_)) {
            return Err(unexpected("four plane lines must follow NEW TURN"));
        }
        match message {
            Message::NewContest { arena_size, rounds } => {
                let arena = Arena::new(arena_size).map_err(|source| DriverError::Arena {
                    line: line_number,
                    source,
                })?;
                let rounds = u16::try_from(rounds)
                    .ok()
                    .filter(|&r| r > 0)
                    .ok_or_else(|| unexpected("rounds must be in 1..=65535"))?;
                let config = Config {
                    rounds,
                    ..Config::default()
                };
                game = Game::new(arena, config).map_err(|_| unexpected("bad rounds"))?;
            }
            Message::NewOpponent { fights } => bot.new_opponent(fights),
            Message::NewFight {
                fight,
                my_score,
                enemy_score,
            } => bot.new_fight(&game, fight, my_score, enemy_score),
            Message::RoundsLeft(left) => rounds_left = Some(left),
            Message::NewTurn => {
                in_turn = true;
                planes.clear();
            }
            Message::Plane(report) => {
                if !in_turn {
                    return Err(unexpected("a plane line outside a turn"));
                }
                planes.push(report.to_plane());
                if planes.len() == 4 {
                    in_turn = false;
                    let left = rounds_left.unwrap_or(u32::from(game.config().rounds) - 1);
                    let played =
                        u32::from(game.config().rounds).saturating_sub(left.saturating_add(1));
                    let mut state = State::new([planes[0], planes[1], planes[2], planes[3]]);
                    state.round = u16::try_from(played).unwrap_or(u16::MAX);
                    let Action { moves } = bot.act(&game, &state, Side::P1);
                    for (plane, mv) in state.planes().iter().zip(moves) {
                        writeln!(output, "{}", reply_line(plane, mv))?;
                    }
                    output.flush()?;
                    turns += 1;
                }
            }
        }
    }
    if in_turn {
        return Err(DriverError::Unexpected {
            line: last_line,
            text: String::new(),
            reason: "input ended inside a turn",
        });
    }
    Ok(turns)
}
