//! Every code of `ErrorDetail::CODES` is produced by some input, with the
//! facts it names; the English messages are unchanged by the details.

use shashki::error_detail::ErrorDetail;
use shashki::fen;
use shashki::game::Game;
use std::collections::BTreeSet;

/// A position where `e7:h6` fits two captures (tests/notation.rs).
const TWINS: &str = "B:WKb2,d4,d6,Kg5:BKe7";

fn fen_detail(text: &str) -> ErrorDetail {
    fen::parse(text).expect_err(text).detail()
}

fn pdn_detail(text: &str) -> ErrorDetail {
    Game::from_pdn(text).expect_err(text).detail()
}

#[test]
fn every_detail_code_is_produced() {
    let long_fen = format!("W:W{}:B", "a1,".repeat(400));
    let mut seen = Vec::new();
    for (text, code) in [
        ("  ", "fenEmpty"),
        (long_fen.as_str(), "fenTooLong"),
        ("[FEN \"W:Wa1:Bh8\"", "fenUnclosedWrapper"),
        ("[Event \"W:Wa1:Bh8\"]", "fenNotFenTag"),
        ("[FEN W:Wa1:Bh8]", "fenUnquoted"),
        ("X:Wa1:Bh8", "fenSide"),
        ("W:Qa1:Bh8", "fenField"),
        ("W:Wa1:Wc3", "fenTwoLists"),
        ("W:Wa1,,c3:Bh8", "fenEmptyEntry"),
        ("W:Wa1", "fenMissingList"),
        ("W:Wz9:Bh8", "fenNotSquare"),
        ("W:Wa2:Bh8", "fenLightSquare"),
        ("W:W5-1:B32", "fenRange"),
        ("W:Wa1,a1:Bh8", "fenDuplicate"),
        ("W:Wa1:Ba1", "fenDuplicate"),
        ("W:Wd8:Bh2", "positionManOnCrowningRank"),
        ("W:W5-17:B32", "positionTooMany"),
    ] {
        let d = fen_detail(text);
        assert_eq!(d.code, code, "{text}: {d:?}");
        seen.push(d.code);
    }
    // Position errors a FEN cannot make (it always names the side to move
    // and a square once): from their own constructors.
    use shashki::position::PositionError;
    use shashki::Square;
    let sq: Square = "c3".parse().unwrap();
    for (e, code) in [
        (PositionError::BothColors(sq), "positionBothColors"),
        (PositionError::KingOnEmptySquare(sq), "positionKingOnEmpty"),
        (PositionError::NoSideToMove, "positionNoSide"),
    ] {
        assert_eq!(e.detail().code, code);
        seen.push(code);
    }
    let mut g = Game::new();
    let long_move = "c3-d4".repeat(40);
    for (text, code) in [
        ("zz", "notMove"),
        ("c3-c5", "illegalMove"),
        ("  ", "moveEmpty"),
        (long_move.as_str(), "moveTooLong"),
        ("c3-z9", "moveNotSquare"),
        ("c3-d5", "moveLightSquare"),
    ] {
        let d = g.play_text(text).expect_err(text).detail();
        assert_eq!(d.code, code, "{text}: {d:?}");
        seen.push(d.code);
    }
    assert_eq!(g.accept_draw().unwrap_err().detail().code, "noDrawOffer");
    seen.push("noDrawOffer");
    g.offer_draw(shashki::Color::White).unwrap();
    let d = g.offer_draw(shashki::Color::White).unwrap_err().detail();
    assert_eq!(d.code, "drawAlreadyOffered");
    seen.push(d.code);
    let mut over = Game::from_fen("W:W:Bh8").unwrap();
    let d = over.play_text("h8-g7").unwrap_err().detail();
    assert_eq!(d.code, "gameOver");
    seen.push(d.code);
    let mut g = Game::from_fen(TWINS).unwrap();
    let d = g.play_text("e7:h6").unwrap_err().detail();
    assert_eq!(d.code, "ambiguousMove");
    assert_eq!(d.params.moves.len(), 2, "{d:?}");
    seen.push(d.code);
    let big = " ".repeat(shashki::game::pdn::MAX_PDN_BYTES + 1);
    for (text, code) in [
        (big.as_str(), "pdnTooLarge"),
        ("", "pdnNoGame"),
        ("1. c3-d4 {open", "pdnCommentOpen"),
        ("1. c3-d4 (f6-g5", "pdnVariationOpen"),
        ("1. c3-d4 )", "pdnStrayParen"),
        ("1. c3-d4 }", "pdnStrayBrace"),
        ("[ \"x\"]", "pdnTagNoName"),
        ("[Event x]", "pdnTagUnquoted"),
        ("[Event \"x\n\"]", "pdnTagValueOpen"),
        ("[Event \"x\" *", "pdnTagNotClosed"),
        ("[FEN \"W:Wz9:Bh8\"]\n*", "pdnTagFen"),
        ("[GameType \"20\"]\n*", "pdnTagGameType"),
        ("[Result \"3-0\"]\n*", "pdnTagResult"),
        ("1. c3-d4 f6-g5 2. a1-b2 *", "pdnMove"),
        ("[FEN \"W:W:Bh8\"]\n2-0", "pdnResultMismatch"),
        ("[Result \"2-0\"]\n1. c3-d4 0-2", "pdnResultConflict"),
    ] {
        let d = pdn_detail(text);
        assert_eq!(d.code, code, "{text:?}: {d:?}");
        seen.push(d.code);
    }
    let long_name = format!("[{} \"x\"]", "N".repeat(2000));
    let long_value = format!("[Event \"{}\"]", "v".repeat(2000));
    for (text, code) in [
        (long_name, "pdnTagNameLong"),
        (long_value, "pdnTagValueLong"),
    ] {
        assert_eq!(pdn_detail(&text).code, code);
        seen.push(code);
    }
    // More than MAX_PLIES plies: the draw rules end every real game
    // sooner, so the error is built as the reader would build it.
    let d = shashki::game::PdnError::TooLong { game: 2, line: 7 }.detail();
    assert_eq!(
        (d.code, d.params.game, d.params.line),
        ("pdnTooLong", Some(2), Some(7))
    );
    seen.push(d.code);
    let missing: BTreeSet<_> = ErrorDetail::CODES
        .iter()
        .filter(|c| !seen.contains(c))
        .collect();
    assert!(missing.is_empty(), "codes no input produced: {missing:?}");
}

#[test]
fn details_name_the_place_and_the_text() {
    let d = pdn_detail("[Event \"x\"]\n\n1. c3-d4 f6-g5\n2. a1-b2 *");
    assert_eq!(d.code, "pdnMove");
    assert_eq!(d.params.line, Some(4));
    assert_eq!(d.params.number, Some(2));
    assert_eq!(d.params.side, Some("white"));
    assert_eq!(d.params.text.as_deref(), Some("a1-b2"));
    let inner = d.inner.expect("the move's own detail");
    assert_eq!(inner.code, "illegalMove");
    assert_eq!(inner.params.reason, Some("noMove"));
    assert_eq!(inner.params.square.as_deref(), Some("a1"));

    let d = pdn_detail("[FEN \"W:Wz9:Bh8\"]\n*");
    assert_eq!(
        (d.params.line, d.params.name.as_deref()),
        (Some(1), Some("FEN"))
    );
    let inner = d.inner.expect("the FEN's detail");
    assert_eq!(
        (inner.code, inner.params.text.as_deref()),
        ("fenNotSquare", Some("z9"))
    );

    let d = fen_detail("W:Wa1:Bc3,k5-2");
    assert_eq!(
        (d.code, d.params.text.as_deref()),
        ("fenRange", Some("k5-2"))
    );
    // The English message is still the engine's own.
    assert_eq!(
        fen::parse("W:Wz9:Bh8").unwrap_err().to_string(),
        "bad square in FEN: 'z9' is not a square (expected a1..h8 or 1..32)"
    );
}

/// Both languages' tables word every code (`detail.<code>` in www/i18n;
/// `pdnMove` is worded by `detail.atMove` and its inner detail).
#[test]
fn every_detail_code_has_words_in_both_languages() {
    for file in ["www/i18n/en.js", "www/i18n/ru.js"] {
        let text = std::fs::read_to_string(file).unwrap();
        let mut keys = vec!["detail.at".to_string(), "detail.atMove".to_string()];
        for code in ErrorDetail::CODES.iter().filter(|c| **c != "pdnMove") {
            keys.push(format!("detail.{code}"));
        }
        for code in ["notMove", "illegalMove", "ambiguousMove"] {
            keys.push(format!("detail.inGame.{code}"));
        }
        for key in keys {
            assert!(text.contains(&format!("\"{key}\":")), "{file} has no {key}");
        }
    }
}
