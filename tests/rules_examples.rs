//! The example situations of the how-to-play page, each built as a concrete
//! position, with the FULL list of legal moves asserted; then the other
//! corners of the capture rules (Turkish strike, capture circles, twin
//! captures, backward captures, crowning).
//!
//! Each expected list was worked out by hand from the rules; the naive
//! generator of `tests/naive` is asked too, as a second opinion.

mod naive;

use shashki::{Bitboard, Move, MoveList, Position, Role, Square};
use std::collections::BTreeSet;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn squares(names: &[&str]) -> Bitboard {
    names.iter().fold(Bitboard::EMPTY, |b, n| b.with(sq(n)))
}

/// Asserts the full legal move list of `p`, as sorted notation strings, and
/// that the naive generator finds the same moves.
fn assert_moves(p: &Position, expected: &[&str]) {
    let legal = p.legal_moves();
    let mut got: Vec<String> = legal.iter().map(|m| p.move_text(m)).collect();
    got.sort();
    let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(got, want, "legal moves of {}\n{p}", p.fen());
    let ours: BTreeSet<naive::MoveKey> = legal.iter().map(naive::key_of).collect();
    assert_eq!(ours.len(), legal.len(), "duplicate moves");
    assert_eq!(
        ours,
        naive::Board::from_position(p).keys(),
        "naive generator disagrees on {}",
        p.fen()
    );
}

/// The legal move written `text` (exactly as the crate writes it).
fn find(p: &Position, text: &str) -> Move {
    let legal = p.legal_moves();
    let found: Vec<&Move> = legal.iter().filter(|m| p.move_text(m) == text).collect();
    assert_eq!(found.len(), 1, "{text} in {}", p.fen());
    *found[0]
}

fn path(m: &Move) -> Vec<String> {
    m.path().map(|s| s.to_string()).collect()
}

/// The legal move written `text` in `p` crowns its man and leaves `after`.
fn assert_crowns(p: &Position, text: &str, after: &str) {
    let m = find(p, text);
    assert!(m.crowns(), "{text} crowns");
    assert_eq!(p.play(&m).unwrap().fen(), after, "after {text}");
}

/// The legal move written `text` in `p`, checked to land on the squares
/// `landings` (its start first) and to take the pieces on `captured`.
fn capture(p: &Position, text: &str, landings: &[&str], captured: &[&str]) -> Move {
    let m = find(p, text);
    assert_eq!(path(&m), landings, "{text}: path");
    assert_eq!(m.captured(), squares(captured), "{text}: captured");
    m
}

// ---- The how-to-play page -------------------------------------------------

#[test]
fn start_position_has_seven_moves() {
    let p = Position::start();
    assert_eq!(
        p.fen(),
        "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8"
    );
    assert_moves(
        &p,
        &[
            "a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4",
        ],
    );
    // Every move comes from the third rank; the men behind are blocked.
    assert!(p.legal_moves().iter().all(|m| m.from().rank() == 2));
}

#[test]
fn man_on_d4_must_capture_backwards_to_b2() {
    let p = pos("W:Wd4,g1:Bc3,f8");
    assert_moves(&p, &["d4:b2"]);
    let m = capture(&p, "d4:b2", &["d4", "b2"], &["c3"]);
    assert!(!m.crowns());
    // Without the capture rule the men would have quiet moves.
    let mut quiet = MoveList::new();
    p.generate_quiet(&mut quiet);
    assert_eq!(quiet.len(), 4, "d4-c5, d4-e5, g1-f2, g1-h2");
}

#[test]
fn d2_takes_three_men_to_b8_or_two_kings_to_h6() {
    let p = pos("W:Wd2:Bc3,c5,c7,Ke3,Kg5");
    assert_moves(&p, &["d2:b8", "d2:h6"]);

    let three = find(&p, "d2:b8");
    assert_eq!(three.captured(), squares(&["c3", "c5", "c7"]));
    assert!(three
        .captured()
        .into_iter()
        .all(|s| p.piece_at(s).unwrap().role == Role::Man));
    assert_eq!(path(&three), ["d2", "b4", "d6", "b8"]);
    assert!(three.crowns());
    let after = p.play(&three).unwrap();
    assert_eq!(after.fen(), "B:WKb8:BKe3,Kg5");

    let two = find(&p, "d2:h6");
    assert_eq!(two.captured(), squares(&["e3", "g5"]));
    assert!(two
        .captured()
        .into_iter()
        .all(|s| p.piece_at(s).unwrap().role == Role::King));
    // The notation leaves out f4, the square in between.
    assert_eq!(path(&two), ["d2", "f4", "h6"]);
    assert!(!two.crowns());
    assert_eq!(p.play(&two).unwrap().fen(), "B:Wh6:Bc3,c5,c7");
}

#[test]
fn king_on_d4_has_thirteen_moves() {
    let p = pos("W:WKd4:Bh2");
    assert_moves(
        &p,
        &[
            "d4-a1", "d4-b2", "d4-c3", "d4-e5", "d4-f6", "d4-g7", "d4-h8", // long diagonal
            "d4-a7", "d4-b6", "d4-c5", "d4-e3", "d4-f2", "d4-g1", // a7-g1
        ],
    );
    let on_main_road = p
        .legal_moves()
        .iter()
        .filter(|m| Bitboard::MAIN_ROAD.contains(m.to()))
        .count();
    assert_eq!(on_main_road, 7);
    assert!(p.legal_moves().iter().all(|m| !m.crowns()));
}

#[test]
fn king_on_a1_must_stop_on_e5_to_go_on_over_f4() {
    let p = pos("W:WKa1:Bc3,f4");
    assert_moves(&p, &["a1:g3", "a1:h2"]);
    for (text, end) in [("a1:g3", "g3"), ("a1:h2", "h2")] {
        capture(&p, text, &["a1", "e5", end], &["c3", "f4"]);
    }
    // Without f4 the king may stop on any free square behind c3.
    let alone = pos("W:WKa1:Bc3");
    assert_moves(&alone, &["a1:d4", "a1:e5", "a1:f6", "a1:g7", "a1:h8"]);
}

#[test]
fn man_crowned_on_d8_goes_on_over_c7_to_b6_or_a5() {
    let p = pos("W:Wa1,f6:Bc7,e7,h8");
    assert_moves(&p, &["f6:a5", "f6:b6"]);
    for end in ["b6", "a5"] {
        let m = find(&p, &format!("f6:{end}"));
        assert!(m.crowns(), "crowned on d8 in the middle of the capture");
        assert_eq!(path(&m), ["f6", "d8", end]);
        assert_eq!(m.captured(), squares(&["c7", "e7"]));
    }
    // The second board: after f6:a5 the piece on a5 is a king.
    let after = p.play(&find(&p, "f6:a5")).unwrap();
    assert_eq!(after.fen(), "B:Wa1,Ka5:Bh8");
}

#[test]
fn the_shot_c3_d4_a5_e5_f4_b8() {
    let p = pos("W:Wa1,c1,e1,b4,c3,f4,g3:Ba5,a7,c7,d8,f8,g7,h8");
    assert!(!p.has_capture());
    let p = p.play(&p.parse_move("c3-d4").unwrap()).unwrap();

    assert_moves(&p, &["a5:e5"]);
    let m = capture(&p, "a5:e5", &["a5", "c3", "e5"], &["b4", "d4"]);
    let p = p.play(&m).unwrap();
    // Black landed beside the white man on f4.
    assert_eq!(p.fen(), "W:Wa1,c1,e1,f4,g3:Ba7,c7,d8,e5,f8,g7,h8");

    assert_moves(&p, &["f4:b8"]);
    let m = capture(&p, "f4:b8", &["f4", "d6", "b8"], &["c7", "e5"]);
    assert!(m.crowns());
    let p = p.play(&m).unwrap();

    assert_eq!(p.pieces(shashki::Color::White).count(), 5);
    assert_eq!(p.pieces(shashki::Color::Black).count(), 5);
    assert_eq!(p.kings(), squares(&["b8"]));
    assert_eq!(p.kings_of(shashki::Color::White), squares(&["b8"]));
    assert_eq!(p.fen(), "B:Wa1,Kb8,c1,e1,g3:Ba7,d8,f8,g7,h8");
}

// ---- Other corners of the capture rules ------------------------------------

/// Turkish strike: jumped pieces stay on the board until the move ends. Here
/// the king's way back over c3 is shut, so b4 is safe; if c3 vanished at
/// once the king would go on to a5 taking b4.
#[test]
fn turkish_strike_a_jumped_piece_blocks_the_king() {
    let p = pos("W:WKa1:Bb4,c3,f2,f4");
    assert_moves(&p, &["a1:e1", "a1:g1"]);
    capture(&p, "a1:e1", &["a1", "e5", "g3", "e1"], &["c3", "f2", "f4"]);
    capture(&p, "a1:g1", &["a1", "d4", "g1"], &["c3", "f2"]);
    assert!(p
        .legal_moves()
        .iter()
        .all(|m| !m.captured().contains(sq("b4"))));
}

/// No piece is jumped twice: from e1 the king sees c3 again with b4 and a5
/// free behind it, but may not take it a second time.
#[test]
fn a_piece_cannot_be_jumped_twice() {
    let p = pos("W:WKa1:Bc3,f2,f4");
    assert_moves(&p, &["a1:e1", "a1:g1"]);
    assert!(p
        .legal_moves()
        .iter()
        .all(|m| m.to() != sq("b4") && m.to() != sq("a5")));
}

/// A king's capture round a square of four pieces, either way round, ends
/// beside its start (d2) or on its own start square (e1:e1).
#[test]
fn king_capture_circle_returns_to_its_start() {
    let p = pos("W:WKe1:Bc3,c5,e5,f2");
    assert_moves(&p, &["e1:d2", "e1:e1"]);
    let all = squares(&["c3", "c5", "e5", "f2"]);
    let home = find(&p, "e1:e1");
    assert_eq!(home.from(), home.to());
    assert_eq!(home.captured(), all);
    let beside = find(&p, "e1:d2");
    assert_eq!(beside.captured(), all);
    assert_eq!(path(&beside), ["e1", "g3", "d6", "b4", "d2"]);
    let after = p.play(&home).unwrap();
    assert_eq!(after.fen(), "B:WKe1:B");
    assert!(after.is_lost(), "Black has nothing left");
}

/// Two captures with the same start and end that take different pieces are
/// written with every landing square.
#[test]
fn same_ends_different_pieces_are_written_in_full() {
    let p = pos("B:WKb2,d4,d6,Kg5:BKe7");
    assert_moves(&p, &["e7:a3:c1:h6", "e7:c5:e3:h6", "e7:h4"]);
    assert_eq!(
        find(&p, "e7:a3:c1:h6").captured(),
        squares(&["b2", "d6", "g5"])
    );
    assert_eq!(
        find(&p, "e7:c5:e3:h6").captured(),
        squares(&["d4", "d6", "g5"])
    );

    // A single jump and a four-piece circle, both from d4 to a1.
    let p = pos("W:WKd4:BKb2,Kc5,c7,e7");
    assert_moves(&p, &["d4:a1", "d4:b6:d8:f6:a1"]);
    assert_eq!(find(&p, "d4:a1").captured(), squares(&["b2"]));
    assert_eq!(
        find(&p, "d4:b6:d8:f6:a1").captured(),
        squares(&["b2", "c5", "c7", "e7"])
    );
}

#[test]
fn men_step_forward_only_but_capture_backwards() {
    // White men go up, Black men go down.
    assert_moves(&pos("W:We5:Bh8"), &["e5-d6", "e5-f6"]);
    assert_moves(&pos("B:Wa1:Bd4"), &["d4-c3", "d4-e3"]);
    // Captures go backwards too.
    assert_moves(&pos("W:We5:Bd4,h8"), &["e5:c3"]);
    assert_moves(&pos("B:We5,a1:Bd4"), &["d4:f6"]);
    // Men do not fly: an enemy two squares away is out of reach.
    assert_moves(&pos("W:Wc3:Be5"), &["c3-b4", "c3-d4"]);
}

#[test]
fn man_reaching_the_last_rank_at_the_end_of_a_capture_is_crowned() {
    let p = pos("W:Wf6:Be7,h2");
    assert_moves(&p, &["f6:d8"]);
    assert_crowns(&p, "f6:d8", "B:WKd8:Bh2");

    let p = pos("B:Wd2,a7:Bc3");
    assert_moves(&p, &["c3:e1"]);
    assert_crowns(&p, "c3:e1", "W:Wa7:BKe1");
}

#[test]
fn quiet_crowning() {
    let p = pos("W:Wc7:Bh2");
    assert_moves(&p, &["c7-b8", "c7-d8"]);
    assert!(p.legal_moves().iter().all(Move::crowns));
    assert_crowns(&p, "c7-d8", "B:WKd8:Bh2");

    let p = pos("B:Wa7:Bb2");
    assert_moves(&p, &["b2-a1", "b2-c1"]);
    assert!(p.legal_moves().iter().all(Move::crowns));

    // A king reaching the far row is not crowned again.
    let p = pos("W:WKa7:Bh2");
    assert_moves(
        &p,
        &[
            "a7-b8", "a7-b6", "a7-c5", "a7-d4", "a7-e3", "a7-f2", "a7-g1",
        ],
    );
    assert!(p.legal_moves().iter().all(|m| !m.crowns()));
}

/// Crowned on d8 in the middle of a capture, the new king takes b6 from two
/// squares away, as no man could, and stays a king on a5.
#[test]
fn man_crowned_mid_capture_goes_on_as_a_flying_king() {
    let p = pos("W:Wf6:Bb6,e7");
    assert_moves(&p, &["f6:a5"]);
    let m = capture(&p, "f6:a5", &["f6", "d8", "a5"], &["b6", "e7"]);
    assert!(m.crowns());
    assert_eq!(p.play(&m).unwrap().fen(), "B:WKa5:B");

    // The same for Black, with a choice of landing squares after the crown.
    let p = pos("B:Wc3,f2:Bg3");
    assert_moves(&p, &["g3:a5", "g3:b4"]);
    for end in ["b4", "a5"] {
        let m = capture(&p, &format!("g3:{end}"), &["g3", "e1", end], &["c3", "f2"]);
        assert!(m.crowns());
    }

    // A man that is not crowned stops: from c7 the man cannot reach e5,
    // two squares away, as a king could.
    let p = pos("W:Wa5:Bb6,e5");
    assert_moves(&p, &["a5:c7"]);
    assert!(!find(&p, "a5:c7").crowns());
}
