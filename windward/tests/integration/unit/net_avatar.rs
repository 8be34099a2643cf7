//! The tests of `windward::net::avatar` that lived beside its code.

use windward::internals::net::avatar::*;

#[test]
fn crc_and_base64_match_their_standards() {
    assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    assert_eq!(crc32(b"IEND"), 0xAE42_6082);
    assert_eq!(base64(b""), "");
    assert_eq!(base64(b"f"), "Zg==");
    assert_eq!(base64(b"fo"), "Zm8=");
    assert_eq!(base64(b"foo"), "Zm9v");
    assert_eq!(base64(b"foobar"), "Zm9vYmFy");
}

#[test]
fn the_default_avatar_is_a_32_by_32_png_that_inflates_to_its_pixels() {
    use std::io::Read as _;
    let png = default_avatar_png();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&png[12..16], b"IHDR");
    assert_eq!(u32::from_be_bytes(png[16..20].try_into().unwrap()), 32);
    assert_eq!(u32::from_be_bytes(png[20..24].try_into().unwrap()), 32);
    let idat_len = u32::from_be_bytes(png[33..37].try_into().unwrap()) as usize;
    assert_eq!(&png[37..41], b"IDAT");
    let stored_crc = u32::from_be_bytes(png[41 + idat_len..45 + idat_len].try_into().unwrap());
    assert_eq!(stored_crc, crc32(&png[37..41 + idat_len]));
    let mut raw = Vec::new();
    flate2::read::ZlibDecoder::new(&png[41..41 + idat_len])
        .read_to_end(&mut raw)
        .unwrap();
    assert_eq!(raw.len(), 32 * (1 + 32 * 4));
    assert!(png.ends_with(&[0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xAE, 0x42, 0x60, 0x82]));
    assert_eq!(png_rgba(2, 2, &[0; 15]), None);
}
