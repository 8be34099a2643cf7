//! A client for the original server (or ours): one method per command, typed replies.
//!
//! ```no_run
//! use cloudwars::client::Client;
//! use cloudwars::{Color, Vec2};
//!
//! let mut client = Client::connect("127.0.0.1:3333")?;
//! client.name("rusty")?;
//! client.color(Color::Blue)?;
//! client.play()?;
//! let world = client.list()?;
//! if let Some(me) = world.me("rusty") {
//!     println!("I have {} vapor", me.vapor);
//! }
//! let _ = client.wind(Vec2::new(3.0, 4.0)); // Err(ClientError::Server(..)) if refused
//! client.quit()?;
//! # Ok::<(), cloudwars::client::ClientError>(())
//! ```

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

use thiserror::Error;

use crate::cloud::{Color, Vec2};
use crate::protocol::{Command, JsonError, MoveInput, Reply, ServerError, WorldJson};

/// What can go wrong talking to a server.
#[derive(Debug, Error)]
pub enum ClientError {
    /// The connection failed.
    #[error("i/o: {0}")]
    Io(#[from] io::Error),
    /// The server closed the connection.
    #[error("the server closed the connection")]
    Closed,
    /// The server answered `err: ...`.
    #[error("server: {0}")]
    Server(ServerError),
    /// The `list` reply was not a readable world.
    #[error("list reply: {0}")]
    Json(#[from] JsonError),
    /// A reply that does not fit the request (e.g. `ok` to `list`).
    #[error("unexpected reply {0:?}")]
    Unexpected(Reply),
    /// A reply line longer than [`MAX_REPLY_LINE`] (or not UTF-8): the connection is no longer
    /// usable.
    #[error("reply line of {len} bytes or more without an end, above the limit of {limit}")]
    LineTooLong {
        /// The bytes read before giving up.
        len: usize,
        /// [`MAX_REPLY_LINE`].
        limit: usize,
    },
    /// A reply line that is not UTF-8.
    #[error("reply line is not UTF-8")]
    NotUtf8,
}

/// The longest reply line the client reads: a `list` of 65 535 clouds (the engine's maximum) at
/// about 200 bytes each fits.
pub const MAX_REPLY_LINE: usize = 16 << 20;

/// A connection to a CloudWars server.
pub struct Client {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
}

impl Client {
    /// Connects (no timeout on replies).
    pub fn connect(addr: impl ToSocketAddrs) -> Result<Client, ClientError> {
        let stream = TcpStream::connect(addr)?;
        stream.set_nodelay(true)?;
        Ok(Client {
            writer: stream.try_clone()?,
            reader: BufReader::new(stream),
        })
    }

    /// Sets how long to wait for a reply before failing with a timeout (`None`: for ever).
    pub fn set_timeout(&mut self, timeout: Option<Duration>) -> Result<(), ClientError> {
        self.writer.set_read_timeout(timeout)?;
        Ok(())
    }

    /// Sends one raw line (the `\n` is added) and reads the reply line.
    pub fn send_line(&mut self, line: &str) -> Result<Reply, ClientError> {
        self.writer.write_all(line.as_bytes())?;
        self.writer.write_all(b"\n")?;
        let mut reply = Vec::new();
        let limit = MAX_REPLY_LINE as u64 + 2;
        if (&mut self.reader)
            .take(limit)
            .read_until(b'\n', &mut reply)?
            == 0
        {
            return Err(ClientError::Closed);
        }
        if !reply.ends_with(b"\n") && reply.len() as u64 >= limit {
            return Err(ClientError::LineTooLong {
                len: reply.len(),
                limit: MAX_REPLY_LINE,
            });
        }
        let reply = String::from_utf8(reply).map_err(|_| ClientError::NotUtf8)?;
        Ok(Reply::parse(&reply))
    }

    /// Sends a command and reads the reply.
    pub fn send(&mut self, command: &Command) -> Result<Reply, ClientError> {
        self.send_line(&command.to_line())
    }

    fn expect_ok(&mut self, command: &Command) -> Result<(), ClientError> {
        match self.send(command)? {
            Reply::Ok | Reply::GameBegins => Ok(()),
            Reply::Error(e) => Err(ClientError::Server(e)),
            other => Err(ClientError::Unexpected(other)),
        }
    }

    /// `name<name>`.
    pub fn name(&mut self, name: &str) -> Result<(), ClientError> {
        self.expect_ok(&Command::Name(name.to_owned()))
    }

    /// `type<color>`.
    pub fn color(&mut self, color: Color) -> Result<(), ClientError> {
        self.expect_ok(&Command::Type(color))
    }

    /// `play`.
    pub fn play(&mut self) -> Result<(), ClientError> {
        self.expect_ok(&Command::Play)
    }

    /// `list`: the world.
    pub fn list(&mut self) -> Result<WorldJson, ClientError> {
        match self.send(&Command::List)? {
            Reply::World(json) => Ok(WorldJson::parse(&json)?),
            Reply::Error(e) => Err(ClientError::Server(e)),
            other => Err(ClientError::Unexpected(other)),
        }
    }

    /// `move<x>;<y>`.
    pub fn wind(&mut self, wind: Vec2) -> Result<(), ClientError> {
        self.expect_ok(&Command::Move(MoveInput {
            wind,
            x_error: None,
            y_error: None,
        }))
    }

    /// `kill`.
    pub fn kill(&mut self) -> Result<(), ClientError> {
        self.expect_ok(&Command::Kill)
    }

    /// `quit`, then closes the connection.
    pub fn quit(mut self) -> Result<(), ClientError> {
        self.expect_ok(&Command::Quit)
    }
}
