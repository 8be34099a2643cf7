//! Framing: a 4-byte little-endian length, then the UTF-8 message (`TcpServer.cs:50-65`).

use super::ProtocolError;

/// Largest frame accepted by [`read_frame`] (the original sends at most a few hundred kilobytes).
pub const MAX_FRAME: u32 = 16 << 20;

/// Frames a message: a 4-byte little-endian length, then the UTF-8 bytes (`TcpServer.cs:50-65`).
pub fn frame(message: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(message.len() + 4);
    out.extend_from_slice(&(message.len() as u32).to_le_bytes());
    out.extend_from_slice(message.as_bytes());
    out
}

/// Reads one frame from the front of `buf`: `Ok(None)` if more bytes are needed, else the message
/// body and the number of bytes consumed.
pub fn read_frame(buf: &[u8]) -> Result<Option<(&[u8], usize)>, ProtocolError> {
    let Some(head) = buf.get(..4) else {
        return Ok(None);
    };
    let length = u32::from_le_bytes([head[0], head[1], head[2], head[3]]);
    if length > MAX_FRAME {
        return Err(ProtocolError::FrameTooLong {
            length,
            limit: MAX_FRAME,
        });
    }
    let end = 4 + length as usize;
    Ok(buf.get(4..end).map(|body| (body, end)))
}
