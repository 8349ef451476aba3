//! Move notation: the forms written, the forms read back, and the typed
//! errors (malformed, illegal with a reason, ambiguous with candidates).
//! Last, the 200 real games of `tests/data/russian-games.pdn` are replayed
//! through the reader, move by move.

use shashki::notation::{self, IllegalReason, NotationError};
use shashki::{Move, Position};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn written(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    v.sort();
    v
}

fn parse(p: &Position, text: &str) -> Move {
    p.parse_move(text)
        .unwrap_or_else(|e| panic!("{text:?} in {}: {e}", p.fen()))
}

/// The reason of an `Illegal` error in English, checking its other fields
/// on the way.
fn illegal_reason(p: &Position, text: &str) -> String {
    illegal_why(p, text).to_string()
}

/// The reason of an `Illegal` error, checking its other fields on the way.
fn illegal_why(p: &Position, text: &str) -> IllegalReason {
    match p.parse_move(text) {
        Err(NotationError::Illegal {
            text: t,
            reason,
            legal,
        }) => {
            assert_eq!(t, text.trim());
            let mut legal = legal;
            legal.sort();
            assert_eq!(legal, written(p), "the error lists every legal move");
            let e = p.parse_move(text).unwrap_err();
            assert_eq!(e.code(), "illegal_move");
            assert!(e.to_string().contains(&reason.to_string()));
            reason
        }
        other => panic!("{text:?} in {}: expected Illegal, got {other:?}", p.fen()),
    }
}

const CAPTURE_CHOICE: &str = "W:Wd2:Bc3,c5,c7,Ke3,Kg5";
const KING_A1: &str = "W:WKa1:Bc3,f4";
const TWINS: &str = "B:WKb2,d4,d6,Kg5:BKe7";

/// Positions every move of which the round-trip and fuzz tests try: the
/// start, a capture choice, a king in the corner, capture twins, kings
/// among men, and a king that captures round back to its own square.
const SAMPLES: [&str; 6] = [
    "W:W21-32:B1-12",
    CAPTURE_CHOICE,
    KING_A1,
    TWINS,
    "W:WKd4:BKb2,Kc5,c7,e7",
    "W:WKe1:Bc3,c5,e5,f2",
];

// ---- Written forms ---------------------------------------------------------

#[test]
fn quiet_moves_use_a_dash() {
    let p = Position::start();
    let m = parse(&p, "c3-d4");
    assert_eq!(p.move_text(&m), "c3-d4");
    assert_eq!(m.long_notation(), "c3-d4");
    assert_eq!(notation::write(&m, &p.legal_moves()), "c3-d4");
}

#[test]
fn captures_use_a_colon_and_only_their_ends() {
    let p = pos("W:Wd4,g1:Bc3,f8");
    assert_eq!(written(&p), ["d4:b2"]);
    let p = pos(CAPTURE_CHOICE);
    // d2:h6 leaves out f4; d2:b8 leaves out b4 and d6.
    assert_eq!(written(&p), ["d2:b8", "d2:h6"]);
    assert_eq!(parse(&p, "d2:h6").long_notation(), "d2:f4:h6");
    assert_eq!(parse(&p, "d2:b8").long_notation(), "d2:b4:d6:b8");
}

#[test]
fn landing_squares_are_written_only_for_twin_captures() {
    // Two captures from e7 to h6 taking different pieces, and e7:h4 alone.
    let p = pos(TWINS);
    assert_eq!(written(&p), ["e7:a3:c1:h6", "e7:c5:e3:h6", "e7:h4"]);
    // A single jump beside a four-piece circle with the same ends.
    let p = pos("W:WKd4:BKb2,Kc5,c7,e7");
    assert_eq!(written(&p), ["d4:a1", "d4:b6:d8:f6:a1"]);
    // Two ways round the same circle are one move: no full path needed.
    let p = pos("W:WKe1:Bc3,c5,e5,f2");
    assert_eq!(written(&p), ["e1:d2", "e1:e1"]);
}

// ---- Reading ---------------------------------------------------------------

#[test]
fn reading_is_lenient_about_case_separators_and_numbers() {
    let p = Position::start();
    let c3d4 = parse(&p, "c3-d4");
    for text in [
        "C3-D4", "c3-D4", " c3-d4 ", "22-18", "1. c3-d4", "1.c3-d4", "c3-d4!", "c3-d4?",
    ] {
        assert_eq!(parse(&p, text), c3d4, "{text:?}");
    }
    let p = pos("W:Wd4,g1:Bc3,f8");
    let d4b2 = parse(&p, "d4:b2");
    for text in [
        "d4xb2", "D4XB2", "d4×b2", "D4:B2", "18x25", "18:25", "d4-b2",
    ] {
        assert_eq!(parse(&p, text), d4b2, "{text:?}");
    }
}

#[test]
fn landing_squares_may_be_given_in_full_or_in_part() {
    let p = pos(CAPTURE_CHOICE);
    let b8 = parse(&p, "d2:b8");
    for text in [
        "d2:b4:d6:b8",
        "d2xb4xd6xb8",
        "d2:d6:b8",
        "d2:b4:b8",
        "D2XB4XD6XB8",
    ] {
        assert_eq!(parse(&p, text), b8, "{text:?}");
    }
    assert_eq!(parse(&p, "d2:f4:h6"), parse(&p, "d2:h6"));

    let p = pos(TWINS);
    let via_c5 = parse(&p, "e7:c5:e3:h6");
    let via_a3 = parse(&p, "e7:a3:c1:h6");
    assert_ne!(via_c5, via_a3);
    assert_eq!(parse(&p, "e7:c5:h6"), via_c5);
    assert_eq!(parse(&p, "e7:e3:h6"), via_c5);
    assert_eq!(parse(&p, "e7:a3:h6"), via_a3);
    assert_eq!(parse(&p, "e7:c1:h6"), via_a3);

    // The whole path of the single jump names it, not the circle.
    let p = pos("W:WKd4:BKb2,Kc5,c7,e7");
    assert_eq!(parse(&p, "d4:a1").captured().count(), 1);
    assert_eq!(parse(&p, "d4:b6:d8:f6:a1").captured().count(), 4);
    assert_eq!(parse(&p, "d4:d8:a1").captured().count(), 4);

    // From and to the same square.
    let p = pos("W:WKe1:Bc3,c5,e5,f2");
    assert_eq!(parse(&p, "e1:e1").captured().count(), 4);
    assert_eq!(parse(&p, "e1xe1").to(), parse(&p, "e1:e1").from());
}

#[test]
fn every_legal_move_reads_back_from_its_text_and_its_long_form() {
    let more = [
        "W:Wa1,f6:Bc7,e7,h8",
        "B:WKa1,c3,e3,g1,Kf2:BKb8,d6,f6,Kh6,a7",
    ];
    for fen in SAMPLES.iter().chain(&more) {
        let p = pos(fen);
        let legal = p.legal_moves();
        assert!(!legal.is_empty());
        for m in legal.iter() {
            let text = p.move_text(m);
            assert_eq!(parse(&p, &text), *m, "{text} in {fen}");
            assert_eq!(parse(&p, &m.long_notation()), *m, "{m:?} in {fen}");
            assert_eq!(parse(&p, &text.to_uppercase()), *m, "{text} in {fen}");
            assert_eq!(parse(&p, &text.replace(':', "x")), *m, "{text} in {fen}");
        }
    }
}

// ---- Errors ----------------------------------------------------------------

#[test]
fn ambiguous_text_lists_the_candidates() {
    let p = pos(TWINS);
    match p.parse_move("e7:h6") {
        Err(NotationError::Ambiguous { text, candidates }) => {
            assert_eq!(text, "e7:h6");
            let mut c = candidates;
            c.sort();
            assert_eq!(c, ["e7:a3:c1:h6", "e7:c5:e3:h6"]);
        }
        other => panic!("expected Ambiguous, got {other:?}"),
    }
    let e = p.parse_move("e7xh6").unwrap_err();
    assert_eq!(e.code(), "ambiguous_move");
    assert!(e.to_string().contains("e7:a3:c1:h6"));
}

#[test]
fn a_quiet_move_while_a_capture_exists_is_refused() {
    let p = pos("W:Wd4,g1:Bc3,f8");
    let reason = illegal_reason(&p, "d4-c5");
    assert!(reason.contains("capture is compulsory"), "{reason}");
    assert!(
        reason.contains("b2"),
        "names where it can capture: {reason}"
    );
    let reason = illegal_reason(&p, "g1-h2");
    assert!(reason.contains("capture is compulsory"), "{reason}");
    // A king short of the piece it must take.
    let reason = illegal_reason(&pos(KING_A1), "a1-b2");
    assert!(reason.contains("capture is compulsory"), "{reason}");
}

#[test]
fn stopping_a_capture_short_is_refused() {
    let p = pos(CAPTURE_CHOICE);
    for text in ["d2:b4", "d2:d6", "d2:f4"] {
        let reason = illegal_reason(&p, text);
        assert!(reason.contains("not finished"), "{text}: {reason}");
    }
    let reason = illegal_reason(&pos(KING_A1), "a1:e5");
    assert!(reason.contains("not finished"), "{reason}");
    // A landing from which the capture goes on, off the path the generator
    // keeps: still "not finished", not the landing rule.
    let p = pos("W:WKa1:Bc3,f4,g5");
    assert_eq!(written(&p), ["a1:g3", "a1:h2", "a1:h4"]);
    for text in ["a1:e5", "a1:f6"] {
        let reason = illegal_reason(&p, text);
        assert!(reason.contains("not finished"), "{text}: {reason}");
    }
}

#[test]
fn breaking_the_king_landing_rule_is_refused() {
    let p = pos(KING_A1);
    for text in ["a1:d4", "a1:f6", "a1:g7", "a1:h8"] {
        let reason = illegal_reason(&p, text);
        assert!(
            reason.contains("must stop on a square from which it can go on capturing"),
            "{text}: {reason}"
        );
    }
    let reason = illegal_reason(&pos(TWINS), "e7:b4");
    assert!(reason.contains("go on capturing"), "{reason}");
    // Landing on the piece itself is no landing at all.
    let reason = illegal_reason(&p, "a1:c3");
    assert!(reason.contains("capture is compulsory"), "{reason}");
}

#[test]
fn other_illegal_moves_say_why() {
    let start = Position::start();
    assert!(illegal_reason(&start, "d4-e5").contains("no piece on d4"));
    assert!(illegal_reason(&start, "f6-e5").contains("not yours"));
    assert!(illegal_reason(&start, "a1-b2").contains("no legal move"));
    let reason = illegal_reason(&start, "c3-e5");
    assert!(reason.contains("b4") && reason.contains("d4"), "{reason}");
    // Men do not step backwards.
    let p = pos("W:We5:Bh8");
    assert!(illegal_reason(&p, "e5-d4").contains("d6, f6"));
    // A side with no move at all.
    let lost = pos("B:WKe1:B");
    assert!(illegal_reason(&lost, "e1-d2").contains("not yours"));
}

#[test]
fn malformed_text_is_refused() {
    let p = Position::start();
    for text in [
        "",
        "   ",
        "zz",
        "c3",
        "c3-",
        "-d4",
        "c3--d4",
        "c3-d9",
        "c3-i4",
        "a2-b3", // light squares
        "0-18",
        "33-18",
        "c3 d4",
        "c3-d4 extra",
        "c3-d4-",
        "♟-d4",
    ] {
        match p.parse_move(text) {
            Err(e @ NotationError::Malformed { .. }) => {
                assert_eq!(e.code(), "bad_notation");
                assert!(!e.to_string().is_empty());
            }
            other => panic!("{text:?}: expected Malformed, got {other:?}"),
        }
    }
    let long = "c3-d4".repeat(100);
    assert_eq!(p.parse_move(&long).unwrap_err().code(), "bad_notation");
}

// ---- Real games ------------------------------------------------------------

/// The move texts of each game in a PDN file (tags and results dropped).
fn pdn_games(text: &str) -> Vec<Vec<String>> {
    let mut games = Vec::new();
    let mut current: Vec<String> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            if !current.is_empty() {
                games.push(std::mem::take(&mut current));
            }
            continue;
        }
        for token in line.split_whitespace() {
            let is_number = token.ends_with('.')
                && token[..token.len() - 1].chars().all(|c| c.is_ascii_digit());
            let is_result = matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*");
            if !is_number && !is_result {
                current.push(token.to_string());
            }
        }
    }
    if !current.is_empty() {
        games.push(current);
    }
    games
}

#[test]
fn the_real_games_replay_through_the_reader() {
    let games = pdn_games(include_str!("data/russian-games.pdn"));
    assert_eq!(games.len(), 200);
    let (mut moves, mut king_moves, mut crowned_mid_capture, mut full_paths) = (0, 0, 0, 0);
    for (g, game) in games.iter().enumerate() {
        let mut p = Position::start();
        for (i, text) in game.iter().enumerate() {
            let m = p
                .parse_move(text)
                .unwrap_or_else(|e| panic!("game {} move {} {text}: {e}\n{p}", g + 1, i + 1));
            // Our own text for the move reads back to it.
            assert_eq!(parse(&p, &p.move_text(&m)), m);
            moves += 1;
            king_moves += usize::from(p.kings().contains(m.from()));
            full_paths += usize::from(text.matches([':', 'x']).count() > 1);
            if m.crowns() && !m.to().is_crowning_rank(p.turn()) {
                crowned_mid_capture += 1;
            }
            p = p.play(&m).unwrap();
        }
    }
    assert!(moves > 10_000, "{moves} moves");
    assert!(king_moves > 100, "{king_moves} king moves");
    assert!(
        full_paths >= 50,
        "{full_paths} captures written with landing squares"
    );
    assert!(
        crowned_mid_capture >= 1,
        "{crowned_mid_capture} mid-capture crownings"
    );
}

// ---- No panics -------------------------------------------------------------

fn fuzz_positions() -> Vec<Position> {
    SAMPLES
        .iter()
        .chain(&["B:WKe1:B"])
        .map(|f| pos(f))
        .collect()
}

fn check_answer(p: &Position, text: &str) -> Result<(), proptest::test_runner::TestCaseError> {
    match p.parse_move(text) {
        Ok(m) => proptest::prop_assert!(p.legal_moves().contains(&m)),
        Err(e) => {
            proptest::prop_assert!(!e.to_string().is_empty());
            proptest::prop_assert!(
                ["bad_notation", "illegal_move", "ambiguous_move"].contains(&e.code())
            );
        }
    }
    Ok(())
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(1000))]

    #[test]
    fn arbitrary_move_text_never_panics(text in "\\PC{0,60}") {
        for p in fuzz_positions() {
            check_answer(&p, &text)?;
        }
    }

    #[test]
    fn move_like_text_never_panics(text in "[0-9]{0,2}\\.? ?([a-iA-I][0-9]|[0-9]{1,2})([-:xX×]{1,2}([a-iA-I][0-9]|[0-9]{1,2})){0,5}[!?+]{0,2}") {
        for p in fuzz_positions() {
            check_answer(&p, &text)?;
        }
    }
}

/// Every reason code the engine can give for an illegal move comes out of
/// some position, with the squares it names and its English sentence.
#[test]
fn every_illegal_reason_code_is_produced() {
    let start = Position::start();
    let cases: [(&Position, &str, &str, &str); 10] = [
        (&start, "a5-b6", "noPiece", "there is no piece on a5"),
        (
            &start,
            "b6-a5",
            "notYours",
            "the piece on b6 is not yours; white is to move",
        ),
        (
            &pos("W:Wa1:Bb2,c3"),
            "a1-b2",
            "gameOver",
            "there is no legal move: the game is over",
        ),
        (
            &pos("W:Wa3,a5,b4,g3:Bb8,c5,e5,e7,f6"),
            "b4:d6",
            "notFinished",
            "the capture is not finished: from d6 the piece must capture again",
        ),
        (
            &pos("W:WKa1:Bc3,f4"),
            "a1:f6",
            "kingMustStop",
            "the king must stop on a square from which it can go on capturing",
        ),
        (
            &pos("W:Wd4,e1,g3:Bc3,f8,h6"),
            "e1-f2",
            "mustCaptureOther",
            "capture is compulsory, and this piece has no capture",
        ),
        (
            &pos("W:Wd4,e1,g3:Bc3,f8,h6"),
            "d4-e5",
            "mustCaptureTo",
            "capture is compulsory; the piece on d4 can capture to b2",
        ),
        (
            &pos("W:Wc3:Bd4,b4"),
            "c3:a5:e5",
            "noSuchPath",
            "no capture of this piece follows that path",
        ),
        (
            &start,
            "a1-b2",
            "noMove",
            "the piece on a1 has no legal move",
        ),
        (
            &start,
            "c3-e5",
            "onlyTo",
            "the piece on c3 can move only to b4, d4",
        ),
    ];
    let mut seen = std::collections::BTreeSet::new();
    for (p, text, code, english) in cases {
        let why = illegal_why(p, text);
        assert_eq!(why.code(), code, "{text} in {}", p.fen());
        assert_eq!(why.to_string(), english, "{text} in {}", p.fen());
        // Every square the sentence names is among the parameters.
        let params = why.params();
        let named: Vec<&String> = params.square.iter().chain(&params.squares).collect();
        for word in english.split(|c: char| !c.is_ascii_alphanumeric()) {
            if word.len() == 2 && word.parse::<shashki::Square>().is_ok() {
                assert!(
                    named.iter().any(|s| *s == word),
                    "{code}: {word} not in {params:?}"
                );
            }
        }
        assert_eq!(
            params.side.is_some(),
            code == "notYours",
            "{code}: {params:?}"
        );
        seen.insert(code);
    }
    let all: std::collections::BTreeSet<&str> = IllegalReason::CODES.into_iter().collect();
    assert_eq!(seen, all, "every code is produced, and only those");
}
