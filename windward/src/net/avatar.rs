//! The default 32×32 PNG avatar sent with `<join>`, made here: a tiny PNG writer (zlib via
//! `flate2`, CRC-32 computed in place) and base64.

use std::io::Write as _;

/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320) as PNG chunks use it.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// A PNG (8-bit RGBA, no interlace) of `width × height` pixels from `rgba` (row-major, 4 bytes a
/// pixel). `None` when `rgba` has the wrong length.
pub fn png_rgba(width: u32, height: u32, rgba: &[u8]) -> Option<Vec<u8>> {
    let row = width as usize * 4;
    if rgba.len() != row * height as usize {
        return None;
    }
    let mut raw = Vec::with_capacity((row + 1) * height as usize);
    for line in rgba.chunks(row.max(1)) {
        raw.push(0); // filter: none
        raw.extend_from_slice(line);
    }
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    z.write_all(&raw).ok()?;
    let idat = z.finish().ok()?;
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]); // depth 8, RGBA, deflate, adaptive, no interlace
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"IDAT", &idat);
    chunk(&mut out, b"IEND", &[]);
    Some(out)
}

/// The default avatar: a yellow limousine on a road, 32×32.
pub fn default_avatar_png() -> Vec<u8> {
    let mut rgba = vec![0u8; 32 * 32 * 4];
    for y in 0..32 {
        for x in 0..32 {
            let road = (10..22).contains(&y);
            let car = (4..28).contains(&x) && (12..20).contains(&y);
            let window = car && (18..24).contains(&x) && (13..16).contains(&y);
            let wheel = (x == 8 || x == 9 || x == 22 || x == 23) && (y == 20 || y == 11);
            let px: [u8; 4] = if window {
                [120, 180, 230, 255]
            } else if car {
                [250, 200, 40, 255]
            } else if wheel {
                [20, 20, 20, 255]
            } else if road {
                [90, 90, 90, 255]
            } else {
                [60, 140, 60, 255]
            };
            rgba[(y * 32 + x) * 4..][..4].copy_from_slice(&px);
        }
    }
    png_rgba(32, 32, &rgba).expect("32×32×4 bytes")
}

/// Standard base64 with padding (RFC 4648), as the sample clients encode the avatar.
pub fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for c in bytes.chunks(3) {
        let n = (u32::from(c[0]) << 16)
            | (u32::from(*c.get(1).unwrap_or(&0)) << 8)
            | u32::from(*c.get(2).unwrap_or(&0));
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= c.len() {
                out.push(ABC[(n >> shift) as usize & 63] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}
