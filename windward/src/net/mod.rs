//! Windward on the wire: a [`Client`] for the original server (and ours), a [`Server`] that runs
//! the engine behind the original's TCP protocol, and [`run_bot`], which turns a bot into a
//! program for either.
//!
//! The crate's feature `net` (on by default); `windward::protocol`, the messages themselves, is
//! always there.
//!
//! Plain `std::net` and threads, no async runtime. Every frame is a 4-byte little-endian length
//! and the UTF-8 XML (`TcpServer.cs:50-65`); the length is checked against a documented limit
//! before anything is allocated ([`MAX_SERVER_FRAME`] for what a client reads,
//! [`MAX_CLIENT_FRAME`] for what the server reads).
//!
//! **Lockstep.** The original protocol is asynchronous: the server never waits. For runs that
//! must be reproducible (tests, fast benchmarks), a client may answer every server message with
//! a *sync*: an empty `<move />` (no path, no pick-up list, which the original server treats as
//! "no change"). A [`Server`] in [`Pace::Lockstep`] waits, after each tick, until every client
//! it sent messages to has synced them, and applies the orders of the tick in the order of the
//! messages they answer. Clients that never sync (the original ones) are not waited for.

pub(crate) mod avatar;
pub mod client;
pub(crate) mod incoming;
pub mod room;
pub mod server;
pub mod view;

use std::io::{self, Read, Write};

use thiserror::Error;

use crate::protocol::{ClientMessage, ProtocolError};

pub use avatar::{base64, default_avatar_png, png_rgba};
pub use client::{Client, Join, NetBot, RunOptions, RunSummary, run_bot};
pub use incoming::{held_bytes, read_client};
pub use room::{JOIN_DEADLINE, MAX_CONNECTIONS};
pub use server::{
    DIRECT_WRITE_WAIT, Ignored, MAX_INBOX_BYTES, MAX_ORDERS_PER_TICK, Pace, RoundReport, Server,
    ServerConfig, event_message, order_of,
};
pub use view::{View, ViewError};

/// The original's port (`TcpServer.cs:18`).
pub const DEFAULT_PORT: u16 = 1707;

/// Largest frame a client accepts from the server: 16 MiB (a `<setup>` is about 111 KB).
pub const MAX_SERVER_FRAME: u32 = crate::protocol::MAX_FRAME;

/// Largest frame the server accepts from a client: 256 KiB (a `<join>` with its base64 avatar is
/// a few KB, a `<move>` across the largest map a few tens of KB).
pub const MAX_CLIENT_FRAME: u32 = 256 << 10;

/// What can go wrong on the wire.
#[derive(Debug, Error)]
pub enum NetError {
    /// The socket failed.
    #[error("network: {0}")]
    Io(#[from] io::Error),
    /// A frame could not be read as a message, or its length was over the limit.
    #[error(transparent)]
    Protocol(#[from] ProtocolError),
    /// The peer closed the connection.
    #[error("connection closed by the peer")]
    Closed,
    /// A message arrived where another was expected.
    #[error("expected {expected}, got <{got}>")]
    Unexpected {
        /// What was expected.
        expected: &'static str,
        /// The root element that came.
        got: String,
    },
    /// The `<setup>` does not describe a game this crate can rebuild.
    #[error(transparent)]
    Rebuild(#[from] crate::protocol::RebuildError),
    /// A status message's numbers do not fit the game.
    #[error(transparent)]
    View(#[from] ViewError),
}

/// Reads one frame: the length prefix, checked against `limit` before the body is allocated.
/// `Ok(None)` when the peer closed the connection cleanly before a new frame.
pub fn read_frame_from(reader: &mut impl Read, limit: u32) -> Result<Option<Vec<u8>>, NetError> {
    let mut body = Vec::new();
    Ok(read_frame_into(reader, limit, &mut body)?.then_some(body))
}

/// [`read_frame_from`] into a buffer the caller keeps (so a long session allocates only when a
/// frame is longer than any before): `body` holds the frame when it returns `Ok(true)`;
/// `Ok(false)` when the peer closed the connection cleanly before a new frame.
pub fn read_frame_into(
    reader: &mut impl Read,
    limit: u32,
    body: &mut Vec<u8>,
) -> Result<bool, NetError> {
    let mut head = [0u8; 4];
    let mut got = 0;
    while got < 4 {
        match reader.read(&mut head[got..]) {
            Ok(0) if got == 0 => return Ok(false),
            Ok(0) => return Err(NetError::Closed),
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.into()),
        }
    }
    let length = u32::from_le_bytes(head);
    if length > limit {
        return Err(ProtocolError::FrameTooLong { length, limit }.into());
    }
    body.clear();
    body.resize(length as usize, 0);
    reader.read_exact(body).map_err(|e| {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            NetError::Closed
        } else {
            NetError::Io(e)
        }
    })?;
    Ok(true)
}

/// Writes one framed message in a single `write_all`.
pub fn write_frame_to(writer: &mut impl Write, message: &str) -> Result<(), NetError> {
    writer.write_all(&crate::protocol::frame(message))?;
    Ok(())
}

/// The sync of [`Pace::Lockstep`]: an empty `<move />`.
pub fn is_sync(msg: &ClientMessage) -> bool {
    matches!(msg, ClientMessage::Move { path, pickup } if path.is_empty() && pickup.is_empty())
}

/// The sync message.
pub fn sync() -> ClientMessage {
    ClientMessage::Move {
        path: Vec::new(),
        pickup: Vec::new(),
    }
}
