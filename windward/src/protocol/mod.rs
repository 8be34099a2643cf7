//! The client protocol of the original server (rules §10, R:65-314, `TcpServer.cs`): framed XML
//! messages in both directions, parsed into typed values and written back in the original layout,
//! so a bot can talk to the original server with this crate and rebuild its view of the game.
//!
//! Server messages are written as .NET's `XDocument.ToString()` writes them (two-space indent, CRLF,
//! ` />` closings, `true`/`false`, shortest round-trip floats); client messages as the Python
//! sample client's `ElementTree.tostring` (no whitespace). Parsing accepts any well-formed layout.
//!
//! ```
//! use windward::protocol::{ClientMessage, parse_client, frame, read_frame};
//! use windward::{Point, PassengerId};
//! let msg = ClientMessage::Move {
//!     path: vec![Point::new(3, 4), Point::new(3, 5)],
//!     pickup: vec![PassengerId::from_name("Tim Cook").unwrap()],
//! };
//! let xml = msg.to_xml();
//! assert_eq!(xml, "<move><path>3,4;3,5;</path><pick-up>Tim Cook;</pick-up></move>");
//! assert_eq!(parse_client(xml.as_bytes()).unwrap(), msg);
//! let bytes = frame(&xml);
//! let (body, used) = read_frame(&bytes).unwrap().unwrap();
//! assert_eq!((body, used), (xml.as_bytes(), bytes.len()));
//! ```

mod frame;
pub mod mapping;
mod parse;
mod wire;
pub(crate) mod write;

pub use frame::{MAX_FRAME, frame, read_frame};
pub use mapping::{
    RebuildError, Roster, Seat, powerup_status_message, setup_message, status_message,
};
pub use parse::{parse_client, parse_server};
pub use wire::{
    ClientMessage, PassengerWhere, ServerMessage, SetupMessage, SetupPassenger, SetupPlayer,
    StatusPassenger, StatusPlayer, WireCard,
};

use thiserror::Error;

use crate::xml::XmlError;

/// A malformed message.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProtocolError {
    /// Not well-formed XML.
    #[error("message XML: {0}")]
    Xml(#[from] XmlError),
    /// A root element this side of the protocol does not send.
    #[error("unexpected message <{found}>")]
    UnknownMessage {
        /// The root element's name.
        found: String,
    },
    /// A required element or attribute is missing.
    #[error("<{element}> lacks {what}")]
    Missing {
        /// The element.
        element: String,
        /// The missing attribute or child.
        what: &'static str,
    },
    /// A value that cannot be read.
    #[error("<{element}> {what}={value:?} is invalid")]
    BadValue {
        /// The element.
        element: String,
        /// The attribute or child.
        what: &'static str,
        /// The rejected text.
        value: String,
    },
    /// A frame whose length prefix is negative or larger than the limit.
    #[error("frame length {length} exceeds the limit of {limit} bytes")]
    FrameTooLong {
        /// The length prefix.
        length: u32,
        /// The limit.
        limit: u32,
    },
}
