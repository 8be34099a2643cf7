//! The tests of `cloudwars::protocol` that lived beside its code.

use cloudwars::cloud::{Color, Vec2};
use cloudwars::protocol::*;

#[test]
fn go_float_text() {
    let cases: [(f32, &str); 9] = [
        (0.0, "0"),
        (-0.0, "-0"),
        (1.0, "1"),
        (84.9275, "84.9275"),
        (1.092_784_7e-7, "1.0927847e-7"),
        (1e-6, "0.000001"),
        (1e21, "1e+21"),
        (123_456_790.0, "123456790"),
        (-3.5e-12, "-3.5e-12"),
    ];
    for (v, text) in cases {
        assert_eq!(go_f32(v).unwrap(), text);
    }
    assert_eq!(go_f32(f32::NAN), None);
}

#[test]
fn shortest_form_ties_go_to_the_even_digit_as_in_go() {
    // Exactly halfway between two shortest candidates: Go rounds the exact expansion half to
    // even (2.17578125 is 2.1757812 in Go; Rust's `{}` writes 2.1757813).
    // Exact binary values, written in f64 (each converts to f32 exactly).
    let ties: [(f64, &str); 5] = [
        (2.175_781_25, "2.1757812"),
        (0.000_244_140_625, "0.00024414062"),
        (0.001_464_843_75, "0.0014648438"),
        (0.004_394_531_25, "0.0043945312"),
        (-2.175_781_25, "-2.1757812"),
    ];
    for (v, text) in ties {
        let v = v as f32;
        assert_eq!(go_f32(v).unwrap(), text, "{v:e}");
        assert_eq!(text.parse::<f32>().unwrap(), v);
    }
    // Not a tie: the nearest shortest form, as before.
    let next = f32::from_bits((2.175_781_25f64 as f32).to_bits() + 1);
    assert_eq!(go_f32(next).unwrap(), format!("{next}"));
}

#[test]
fn go_float_text_reads_back_and_has_the_shortest_length() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
    for _ in 0..20_000 {
        let v = f32::from_bits(rng.random::<u32>());
        if !v.is_finite() {
            continue;
        }
        let text = go_f32(v).unwrap();
        assert_eq!(
            text.parse::<f32>().unwrap().to_bits(),
            v.to_bits(),
            "{text}"
        );
        let digits = |s: &str| {
            let m = s.split(['e', 'E']).next().unwrap();
            m.trim_start_matches('-')
                .replace('.', "")
                .trim_start_matches('0')
                .trim_end_matches('0')
                .len()
        };
        assert_eq!(digits(&text), digits(&format!("{v:e}")), "{v:e}");
    }
}

#[test]
fn a_multi_byte_second_character_is_a_syntax_error_not_a_panic() {
    assert!(matches!(parse_go_f32("6é"), Err(FloatError::Syntax(_))));
    assert!(matches!(parse_go_f32("0é"), Err(FloatError::Syntax(_))));
    let Ok(Command::Move(input)) = parse_command("move6é;0".as_bytes()) else {
        panic!("a move");
    };
    assert_eq!(input.wind, Vec2::new(0.0, 0.0));
    assert!(input.x_error.is_some());
}

#[test]
fn go_strings_escape_html_and_controls() {
    let mut s = String::new();
    push_go_string(&mut s, "a<b>&\"\\\n\u{1}\u{2028}é");
    assert_eq!(s, "\"a\\u003cb\\u003e\\u0026\\\"\\\\\\n\\u0001\\u2028é\"");
}

#[test]
fn commands_follow_the_transcript() {
    assert_eq!(parse_command(b"Play"), Ok(Command::Play));
    assert_eq!(parse_command(b"exit"), Ok(Command::Quit));
    assert_eq!(parse_command(b"listxyz\r\n"), Ok(Command::List));
    assert!(matches!(
        parse_command(b""),
        Err(ProtocolError::InvalidCommand { .. })
    ));
    assert_eq!(
        parse_command(b"name"),
        Err(ProtocolError::InvalidNameLength { len: 0 })
    );
    assert_eq!(
        parse_command(b"nameABCDEFGHIJKLMNOPQRSTUVWXYZ"),
        Err(ProtocolError::InvalidNameLength { len: 26 })
    );
    assert_eq!(
        parse_command(b"name   Spaced Name   "),
        Ok(Command::Name("Spaced Name".into()))
    );
    assert_eq!(parse_command(b"typeBLUE"), Ok(Command::Type(Color::Blue)));
    assert!(matches!(
        parse_command(b"typepink"),
        Err(ProtocolError::InvalidColor { .. })
    ));
    assert!(matches!(
        parse_command(b"move10,0"),
        Err(ProtocolError::InvalidMoveInput { .. })
    ));
    assert!(matches!(
        parse_command(b"move10;0;1"),
        Err(ProtocolError::InvalidMoveInput { .. })
    ));
    let Ok(Command::Move(m)) = parse_command(b"move 10;0") else {
        panic!()
    };
    assert_eq!(m.wind, Vec2::new(0.0, 0.0));
    let Ok(Command::Move(m)) = parse_command(b"move1e39;-1e39") else {
        panic!()
    };
    assert_eq!(m.wind, Vec2::new(f32::INFINITY, f32::NEG_INFINITY));
    let Ok(Command::Move(m)) = parse_command(b"moveNaN;-inf") else {
        panic!()
    };
    assert!(m.wind.x.is_nan() && m.wind.y == f32::NEG_INFINITY);
    let Ok(Command::Move(m)) = parse_command(b"move-nan;0x10") else {
        panic!()
    };
    assert_eq!(m.wind, Vec2::new(0.0, 0.0));
}

#[test]
fn replies_round_trip() {
    for r in [
        Reply::Ok,
        Reply::GameBegins,
        Reply::Empty,
        Reply::World("{\"Width\":1}".into()),
        Reply::Error(ServerError::InvalidColor),
        Reply::Error(ServerError::WaitForPlayers),
    ] {
        let line = r.to_line();
        assert!(line.ends_with("\r\n"));
        assert_eq!(Reply::parse(&line), r);
    }
    assert_eq!(
        Reply::Error(ServerError::InvalidInput).to_line(),
        "err: invalid input: use 'float32;float32'\r\n"
    );
}
