//! The program protocol (`tron3d::protocol`): what the arena writes reads back the same, for
//! any board and state; malformed messages and answers are typed errors naming the line, and
//! over-long lines and counts are refused before anything is kept.

use proptest::prelude::*;
use tron3d::format::write_map;
use tron3d::protocol::{
    MAX_LINE, MAX_MOVES, Message, ProtocolError, Reader, Round, parse_moves, write_end,
    write_header, write_moves, write_round,
};
use tron3d::{Action, Config, Game, Movement, Preset};

fn cube() -> Game {
    Game::new(Preset::Cube.board(), Preset::Cube.config()).unwrap()
}

/// The header of `game` for player 1, then the first round.
fn opening(game: &Game) -> String {
    let mut text = String::new();
    write_header(&mut text, game, 1);
    write_round(&mut text, game, &game.initial_state(5));
    text
}

/// Reads `text` as a header and one message.
fn read(text: &str, game: &Game) -> Result<Message, ProtocolError> {
    let mut reader = Reader::new(text.as_bytes());
    reader.read_header()?;
    reader.read_message(game)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any board, any player, any reachable state: the messages read back as written.
    #[test]
    fn header_and_rounds_round_trip(
        (game, state, me) in tron3d::strategy::game().prop_flat_map(|game| {
            let players = game.config().nb_players;
            let state = tron3d::strategy::state(&game, 30);
            (Just(game), state, 0..players)
        })
    ) {
        let mut text = String::new();
        write_header(&mut text, &game, me as u8);
        write_round(&mut text, &game, &state);
        write_end(&mut text, state.scores());
        let mut reader = Reader::new(text.as_bytes());
        let header = reader.read_header().unwrap();
        prop_assert_eq!(usize::from(header.me), me);
        prop_assert_eq!(header.game.config(), game.config());
        prop_assert_eq!(write_map(header.game.board()), write_map(game.board()));
        let round = Round::of(&game, &state);
        prop_assert_eq!(reader.read_message(&game).unwrap(), Message::Round(round.clone()));
        prop_assert_eq!(Round::of(&game, &round.to_state(&game, 0).unwrap()), round);
        prop_assert_eq!(
            reader.read_message(&game).unwrap(),
            Message::End(state.scores().to_vec())
        );
    }

    /// Any answer of up to MAX_MOVES movements reads back as written.
    #[test]
    fn answers_round_trip(moves in proptest::collection::vec(
        (any::<i32>(), any::<i32>(), any::<bool>()), 0..=MAX_MOVES)
    ) {
        let action = Action::of(
            &moves
                .iter()
                .map(|&(bike, to, use_item)| Movement { bike, to, use_item })
                .collect::<Vec<_>>(),
        );
        prop_assert_eq!(parse_moves(&write_moves(&action)).unwrap(), action);
    }

    /// No input makes the readers panic.
    #[test]
    fn any_bytes_are_an_answer_or_an_error(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = parse_moves(&text);
        let game = cube();
        let mut reader = Reader::new(&bytes[..]);
        if reader.read_header().is_ok() {
            let _ = reader.read_message(&game);
        }
        let mut prefixed = opening(&game).into_bytes();
        prefixed.truncate(prefixed.len() / 2);
        prefixed.extend_from_slice(&bytes);
        let _ = read(&String::from_utf8_lossy(&prefixed), &game);
    }
}

#[test]
fn malformed_answers_are_typed_errors() {
    assert!(matches!(
        parse_moves("move 0 1 0"),
        Err(ProtocolError::Expected {
            expected: "moves",
            ..
        })
    ));
    assert!(matches!(
        parse_moves(""),
        Err(ProtocolError::Expected { .. })
    ));
    assert!(matches!(
        parse_moves("moves 0 x 0"),
        Err(ProtocolError::NotANumber { what: "vertex", .. })
    ));
    assert!(matches!(
        parse_moves("moves 0 1 2"),
        Err(ProtocolError::Invalid { what: "use", .. })
    ));
    assert!(matches!(
        parse_moves("moves 0 1"),
        Err(ProtocolError::Truncated { .. })
    ));
    assert!(matches!(
        parse_moves("moves 0 99999999999 0"),
        Err(ProtocolError::Invalid { what: "vertex", .. })
    ));
    let many = format!("moves{}", " 0 1 0".repeat(MAX_MOVES + 1));
    assert!(matches!(
        parse_moves(&many),
        Err(ProtocolError::Invalid { what: "moves", .. })
    ));
    assert!(matches!(
        parse_moves(&"x".repeat(MAX_LINE + 1)),
        Err(ProtocolError::LineTooLong { .. })
    ));
    // Foreign or impossible moves are the engine's business, not the protocol's.
    assert_eq!(parse_moves("moves -1 -99 0").unwrap().moves().len(), 1);
    // Windows line ends and repeated spaces are fine.
    assert_eq!(parse_moves("moves  3 4 1\r").unwrap().moves()[0].to, 4);
}

#[test]
fn malformed_headers_are_typed_errors_with_the_line() {
    let game = cube();
    let good = opening(&game);
    let header = |text: &str| Reader::new(text.as_bytes()).read_header().map(|_| ());
    assert!(matches!(
        header("tron3d-protocol 2\n"),
        Err(ProtocolError::Version { line: 1, .. })
    ));
    assert!(matches!(header(""), Err(ProtocolError::Truncated { .. })));
    assert!(matches!(
        header(&good.replace("me 1", "me 7")),
        Err(ProtocolError::Invalid { what: "me", .. })
    ));
    assert!(matches!(
        header(&good.replace("nb_bikes 2", "nb_bike 2")),
        Err(ProtocolError::Expected {
            line: 4,
            expected: "nb_bikes",
            ..
        })
    ));
    assert!(matches!(
        header(&good.replace("nb_players 4", "nb_players 9")),
        Err(ProtocolError::Invalid {
            line: 3,
            what: "nb_players",
            ..
        })
    ));
    // A vertex count past the engine's maximum is refused before any line is read for it.
    assert!(matches!(
        header(&good.replace("vertices 218", "vertices 1000000")),
        Err(ProtocolError::Invalid {
            what: "vertices",
            ..
        })
    ));
    assert!(matches!(
        header(&good.replace("vertices 218", "vertices 300")),
        Err(ProtocolError::Truncated { .. })
    ));
    assert!(good.contains("\n1 7 49\n"));
    assert!(matches!(
        header(&good.replacen("\n1 7 49\n", "\n1 7 999\n", 1)),
        Err(ProtocolError::Map(_))
    ));
    // More players than spawns: not a game.
    let ladder = "tron3d-protocol 1\nme 0\nnb_players 3\nnb_bikes 1\nnb_rounds 4\nbonus_round 1\n\
        turbo_duration 2\nghost_duration 1\nscore_bonus 50\nmap ladder\nvertices 2\n1\n0\n\
        spawn 2\n0 1\nbonus 0\n\n";
    assert!(matches!(header(ladder), Err(ProtocolError::Game(_))));
}

/// Whether an error is the one a case expects.
type Expect = fn(&ProtocolError) -> bool;

#[test]
fn malformed_rounds_are_typed_errors_with_the_line() {
    let game = cube();
    let good = opening(&game);
    assert!(matches!(read(&good, &game), Ok(Message::Round(_))));
    let items_line = good.lines().position(|l| l.starts_with("items")).unwrap() + 1;
    let cases: [(&str, &str, Expect); 7] = [
        ("round 0", "round x", |e| {
            matches!(e, ProtocolError::NotANumber { what: "round", .. })
        }),
        ("round 0", "turn 0", |e| {
            matches!(e, ProtocolError::Expected { .. })
        }),
        ("score 0 0 0 0", "score 0 0 0", |e| {
            matches!(e, ProtocolError::Invalid { what: "score", .. })
        }),
        ("items n", "items q", |e| {
            matches!(e, ProtocolError::Invalid { what: "item", .. })
        }),
        ("\nitems ", " -1\nitems ", |e| {
            matches!(e, ProtocolError::Invalid { what: "walls", .. })
        }),
        ("\nwalls -1 ", "\nwalls 16 ", |e| {
            matches!(e, ProtocolError::Invalid { what: "wall", .. })
        }),
        ("bikes 8", "bikes 7", |e| {
            matches!(e, ProtocolError::Invalid { what: "bikes", .. })
        }),
    ];
    for (from, to, expected) in cases {
        let text = good.replacen(from, to, 1);
        assert_ne!(text, good, "{from}");
        let error = read(&text, &game).unwrap_err();
        assert!(expected(&error), "{from} -> {to}: {error}");
    }
    let mut short_items = good.clone();
    short_items = short_items.replacen(" n\n", "\n", 1);
    match read(&short_items, &game).unwrap_err() {
        ProtocolError::Invalid { line, what, .. } => {
            assert_eq!((line, what), (items_line, "items"));
        }
        other => panic!("{other}"),
    }
    let cut = &good[..good.len() - 10];
    assert!(read(cut, &game).is_err());
    let bad_bike = good.replacen("\n0 n ", "\n0 x ", 1);
    assert!(matches!(
        read(&bad_bike, &game),
        Err(ProtocolError::Invalid {
            what: "bike item",
            ..
        })
    ));
    assert!(matches!(
        Reader::new(&b"end 1 2\n"[..]).read_message(&game),
        Err(ProtocolError::Invalid { what: "end", .. })
    ));
}

/// A line past MAX_LINE is refused after reading at most MAX_LINE + 2 bytes of it.
#[test]
fn an_endless_line_is_refused_at_the_limit() {
    let game = cube();
    let mut text = String::new();
    write_header(&mut text, &game, 0);
    text.push_str("round ");
    text.push_str(&"9".repeat(MAX_LINE * 4));
    let mut reader = Reader::new(text.as_bytes());
    reader.read_header().unwrap();
    assert!(matches!(
        reader.read_message(&game),
        Err(ProtocolError::LineTooLong { .. })
    ));
}

#[test]
fn every_shipped_board_fits_the_line_limit() {
    for preset in Preset::ALL {
        let config = Config {
            nb_players: 2,
            ..preset.config()
        };
        let game = Game::new(preset.board(), config).unwrap();
        let text = opening(&game);
        assert!(text.lines().all(|line| line.len() <= MAX_LINE));
        assert!(matches!(read(&text, &game), Ok(Message::Round(_))));
    }
}

#[test]
fn a_round_reads_back_as_written() {
    let game = Game::new(Preset::Cube.board(), Preset::Cube.config()).unwrap();
    let mut state = game.initial_state(3);
    let mut text = String::new();
    write_header(&mut text, &game, 2);
    write_round(&mut text, &game, &state);
    game.advance(&mut state, &[Action::new(), Action::new()]);
    write_round(&mut text, &game, &state);
    write_end(&mut text, state.scores());
    let mut reader = Reader::new(text.as_bytes());
    let header = reader.read_header().unwrap();
    assert_eq!(header.me, 2);
    assert_eq!(header.game.config(), game.config());
    assert_eq!(header.game.board().name(), game.board().name());
    assert_eq!(write_map(header.game.board()), write_map(game.board()));
    let first = reader.read_message(&game).unwrap();
    assert!(matches!(first, Message::Round(r) if r.round == 0));
    let second = reader.read_message(&game).unwrap();
    assert_eq!(second, Message::Round(Round::of(&game, &state)));
    let Message::Round(round) = second else {
        unreachable!()
    };
    let rebuilt = round.to_state(&game, 3).unwrap();
    assert_eq!(Round::of(&game, &rebuilt), round);
    assert_eq!(rebuilt.last_round(), state.last_round());
    assert_eq!(
        reader.read_message(&game).unwrap(),
        Message::End(state.scores().to_vec())
    );
    assert!(matches!(
        reader.read_message(&game),
        Err(ProtocolError::Truncated { .. })
    ));
}
