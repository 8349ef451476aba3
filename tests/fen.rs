//! FEN: the forms read (algebraic, numeric squares and ranges, the PDN tag
//! wrapper, trailing fields), the form written (algebraic, sorted), the
//! typed errors, and no panic on any input.

use proptest::prelude::*;
use shashki::{Bitboard, Color, FenError, Position, PositionError, Setup, Square, SquareError};

fn fen(text: &str) -> Position {
    Position::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn algebraic_fen_with_kings() {
    let p = fen("W:Wa1,c3,Kd4:Bh8,Kb8");
    assert_eq!(p.turn(), Color::White);
    assert_eq!(p.pieces(Color::White).count(), 3);
    assert_eq!(p.pieces(Color::Black).count(), 2);
    assert_eq!(p.kings(), Bitboard::EMPTY.with(sq("d4")).with(sq("b8")));
    // Written back sorted, a1 before c3, b8 before h8.
    assert_eq!(p.fen(), "W:Wa1,c3,Kd4:BKb8,h8");
    assert_eq!(fen(&p.fen()), p);
}

#[test]
fn output_is_sorted_whatever_the_input_order() {
    let p = fen("B:Bh8,Kb8,f8:Wg3,Kd4,a1,c3");
    assert_eq!(p.fen(), "B:Wa1,c3,Kd4,g3:BKb8,f8,h8");
    assert_eq!(p.turn(), Color::Black);
    // Squares sort by file, then rank.
    assert_eq!(
        Position::start().fen(),
        "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8"
    );
}

#[test]
fn numeric_squares_follow_the_pdn_numbering() {
    for (n, name) in [
        (1, "b8"),
        (2, "d8"),
        (3, "f8"),
        (4, "h8"),
        (5, "a7"),
        (8, "g7"),
        (9, "b6"),
        (29, "a1"),
        (30, "c1"),
        (31, "e1"),
        (32, "g1"),
    ] {
        assert_eq!(Square::from_number(n).unwrap().to_string(), name);
        // As a white king, so that rank 8 is allowed.
        let p = fen(&format!("W:WK{n}:B"));
        assert_eq!(p.fen(), format!("W:WK{name}:B"));
    }
    assert_eq!(fen("W:W29,30:B1,2").fen(), "W:Wa1,c1:Bb8,d8");
}

#[test]
fn numeric_ranges() {
    assert_eq!(fen("W:W21-32:B1-12"), Position::start());
    assert_eq!(fen("W:B1-12:W21-32"), Position::start());
    let p = fen("B:WK1-3,10:B21-22,K31");
    assert_eq!(p.fen(), "B:WKb8,d6,Kd8,Kf8:Ba3,c3,Ke1");
    assert_eq!(fen("W:W5-5:B1").fen(), "W:Wa7:Bb8");
}

#[test]
fn wrapper_and_trailing_fields() {
    let start = Position::start();
    for text in [
        "[FEN \"W:W21-32:B1-12\"]",
        "[FEN \"W:W21-32:B1-12:H0:F1\"]",
        "W:W21-32:B1-12:H0:F1",
        "  W:W21-32:B1-12  ",
        "\"W:W21-32:B1-12\"",
        "[FEN \"W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8\"]",
        "w:w21-32:b1-12",
    ] {
        assert_eq!(fen(text), start, "{text}");
    }
}

#[test]
fn empty_sides_are_allowed() {
    let p = fen("B:WKe1:B");
    assert_eq!(p.pieces(Color::Black), Bitboard::EMPTY);
    assert!(p.is_lost());
    assert_eq!(p.fen(), "B:WKe1:B");
}

// ---- Errors ----------------------------------------------------------------

/// Every text is refused with an error that `is_kind` accepts.
fn assert_refused(texts: &[&str], is_kind: impl Fn(&FenError) -> bool) {
    for text in texts {
        let e = Position::from_fen(text).unwrap_err();
        assert!(is_kind(&e), "{text}: {e:?}");
    }
}

#[test]
fn light_square() {
    let e = Position::from_fen("W:Wa2:Bh8").unwrap_err();
    assert!(
        matches!(&e, FenError::BadSquare(SquareError::LightSquare(s)) if s == "a2"),
        "{e:?}"
    );
    assert!(e.to_string().contains("a2"), "{e}");
    assert!(matches!(
        Position::from_fen("W:Wa1:BKh7").unwrap_err(),
        FenError::BadSquare(SquareError::LightSquare(_))
    ));
}

#[test]
fn duplicate_square() {
    assert_refused(
        &[
            "W:Wa1,a1:Bh8",
            "W:Wa1:Ba1",
            "W:W29,a1:Bh8",
            "W:W21-32,c3:B1-12",
        ],
        |e| matches!(e, FenError::DuplicateSquare(_)),
    );
    let e = Position::from_fen("W:Wa1,c3:Bc3").unwrap_err();
    assert_eq!(e, FenError::DuplicateSquare(sq("c3")));
    assert!(e.to_string().contains("c3"));
}

#[test]
fn man_on_its_own_crowning_row() {
    let e = Position::from_fen("W:Wb8:Bh2").unwrap_err();
    assert_eq!(
        e,
        FenError::Position(PositionError::ManOnCrowningRank {
            square: sq("b8"),
            color: Color::White
        })
    );
    assert!(e.to_string().contains("b8"));
    let e = Position::from_fen("B:Wb2:Bc1").unwrap_err();
    assert_eq!(
        e,
        FenError::Position(PositionError::ManOnCrowningRank {
            square: sq("c1"),
            color: Color::Black
        })
    );
    // Kings may stand there, and men on the enemy's crowning row too.
    assert!(Position::from_fen("W:WKb8,a1:BKc1,h8").is_ok());
}

#[test]
fn more_than_twelve_pieces_a_side() {
    let e = Position::from_fen("W:W13-25:B1").unwrap_err();
    assert_eq!(
        e,
        FenError::Position(PositionError::TooManyPieces {
            color: Color::White,
            count: 13
        })
    );
    assert!(e.to_string().contains("13"));
    let e = Position::from_fen("B:W32:B9-21").unwrap_err();
    assert!(matches!(
        e,
        FenError::Position(PositionError::TooManyPieces {
            color: Color::Black,
            ..
        })
    ));
    assert!(Position::from_fen("W:W21-32:B9-20").is_ok(), "12 is fine");
}

#[test]
fn bad_side_to_move() {
    assert_refused(
        &["X:Wa1:Bh8", "White:Wa1:Bh8", ":Wa1:Bh8", "hello", "1-0"],
        |e| matches!(e, FenError::BadSideToMove(_)),
    );
}

#[test]
fn bad_ranges() {
    assert_refused(
        &[
            "W:W5-1:B32",
            "W:W0-3:B32",
            "W:W30-33:B1",
            "W:Wa1-c3:B32",
            "W:W1-:B32",
        ],
        |e| matches!(e, FenError::BadRange(_)),
    );
}

#[test]
fn garbage() {
    assert_eq!(Position::from_fen(""), Err(FenError::Empty));
    assert_eq!(Position::from_fen("   "), Err(FenError::Empty));
    assert_refused(
        &[
            "W",
            "W:Wa1",
            "W:Wa1:Wc3:Bh8",
            "W:Wa1,:Bh8",
            "W:Wa1:Xh8",
            "[FEN \"W:W21-32:B1-12\"",
            "[Event \"W:W21-32:B1-12\"]",
            "[FEN W:W21-32:B1-12]",
        ],
        |e| matches!(e, FenError::Malformed(_)),
    );
    assert_refused(
        &[
            "W:Wzz:Bh8",
            "W:Wa9:Bh8",
            "W:W33:Bh8",
            "W:Wa:Bh8",
            "W:WKK1:B2",
        ],
        |e| matches!(e, FenError::BadSquare(SquareError::Malformed(_))),
    );
    let long = format!("W:W21-32:B1-12{}", " ".repeat(2000));
    assert!(matches!(
        Position::from_fen(&long),
        Err(FenError::Malformed(_))
    ));
}

#[test]
fn setup_validation_names_the_problem() {
    let a1 = Bitboard::EMPTY.with(sq("a1"));
    let both = Setup {
        white: a1,
        black: a1,
        kings: Bitboard::EMPTY,
        turn: Some(Color::White),
    };
    assert_eq!(
        Position::try_from(both),
        Err(PositionError::BothColors(sq("a1")))
    );
    let stray_king = Setup {
        white: a1,
        kings: Bitboard::EMPTY.with(sq("c3")),
        turn: Some(Color::White),
        ..Setup::default()
    };
    assert_eq!(
        Position::try_from(stray_king),
        Err(PositionError::KingOnEmptySquare(sq("c3")))
    );
    let no_turn = Setup {
        white: a1,
        ..Setup::default()
    };
    assert_eq!(
        Position::try_from(no_turn),
        Err(PositionError::NoSideToMove)
    );
    // Parsing a setup is separate from checking it.
    let s = shashki::fen::parse_setup("W:Wb8:Bh2").unwrap();
    assert!(Position::try_from(s).is_err());
}

#[test]
fn every_opening_position_round_trips() {
    let text = include_str!("data/russian-openings.txt");
    let mut n = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let p = fen(line);
        assert_eq!(fen(&p.fen()), p);
        assert_eq!(Setup::from(p), shashki::fen::parse_setup(line).unwrap());
        n += 1;
    }
    assert_eq!(n, 840);
}

// ---- No panics -------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Any text at all: an answer, never a panic; accepted text round-trips.
    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,80}") {
        if let Ok(p) = Position::from_fen(&text) {
            prop_assert_eq!(Position::from_fen(&p.fen()), Ok(p));
        }
    }

    /// Text made of FEN characters, to reach deeper into the parser.
    #[test]
    fn fen_like_text_never_panics(
        text in "(\\[FEN \")?[WBwbx]?(:[WBK]?[K0-9a-iA-I,\\- ]{0,20}){0,4}(:H[0-9])?\"?\\]?"
    ) {
        match Position::from_fen(&text) {
            Ok(p) => prop_assert_eq!(Position::from_fen(&p.fen()), Ok(p)),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}

/// Inputs the fuzzer flagged (fuzz/, `scripts/fuzz.sh`), kept as
/// regression tests. `fen-wall-timeout.bin`: 1001 bytes of junk that
/// libFuzzer's wall-clock timeout flagged on a loaded machine; alone it
/// reads in 0.09 ms. It must be refused with an error, as must every prefix.
#[test]
fn fuzz_findings_are_refused() {
    let bytes = include_bytes!("data/fuzz/fen-wall-timeout.bin");
    let text = String::from_utf8_lossy(bytes);
    assert!(Position::from_fen(&text).is_err());
    assert!(shashki::fen::parse_setup(&text).is_err());
    for end in (0..text.len()).filter(|&i| text.is_char_boundary(i)) {
        let _ = Position::from_fen(&text[..end]);
    }
}
