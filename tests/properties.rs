//! Properties of the rules core on random reachable positions (random games
//! from the start, and random playouts from random king-rich setups).

mod naive;

use naive::random::{random_setup, random_walk, Rng};
use proptest::prelude::*;
use shashki::{Bitboard, Color, Move, Position, Role, Setup, Square};
use std::collections::HashSet;

/// A random position: `kind` 0-1 from the start, 2 from a crowded setup,
/// 3 from a sparse king-rich setup; then up to `plies` random moves.
fn reachable(seed: u64, kind: u8, plies: usize) -> Position {
    let mut rng = Rng::new(seed);
    let start = match kind {
        0 | 1 => Position::start(),
        2 => random_setup(&mut rng, 12, 20),
        _ => random_setup(&mut rng, 6, 70),
    };
    random_walk(&mut rng, start, plies)
}

fn position() -> impl Strategy<Value = Position> {
    (any::<u64>(), 0u8..4, 0usize..120).prop_map(|(seed, kind, plies)| reachable(seed, kind, plies))
}

/// Squares strictly between `a` and `b` on their diagonal; `None` when they
/// are not on one diagonal.
fn between(a: Square, b: Square) -> Option<Vec<Square>> {
    let (df, dr) = (
        b.file() as i8 - a.file() as i8,
        b.rank() as i8 - a.rank() as i8,
    );
    if df == 0 || df.abs() != dr.abs() {
        return None;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    Some(
        (1..df.abs())
            .map(|k| {
                Square::from_coords(
                    (a.file() as i8 + k * sf) as u8,
                    (a.rank() as i8 + k * sr) as u8,
                )
                .expect("on the board")
            })
            .collect(),
    )
}

/// Checks one legal move of `pos` against the rules, independently of the
/// generator: its path, its captures, and the position it leads to.
fn check_move(pos: &Position, m: &Move) -> Result<(), TestCaseError> {
    let us = pos.turn();
    let them = us.opposite();
    let piece = pos.piece_at(m.from()).expect("a piece on from");
    prop_assert_eq!(piece.color, us);
    let path = m.path_vec();
    prop_assert_eq!(path[0], m.from());
    prop_assert_eq!(*path.last().unwrap(), m.to());

    // Every captured square held an enemy piece.
    prop_assert_eq!(m.captured() & pos.pieces(them), m.captured());

    let occupied = pos.occupied().without(m.from());
    if m.is_capture() {
        prop_assert_eq!(path.len() as u32, m.captured().count() + 1);
        // Each hop runs along a diagonal over exactly one enemy piece, not
        // yet taken, with nothing else in the way; the mover may be a king
        // from the start or from a crowning on the way.
        let mut king = piece.role == Role::King;
        let mut taken = Bitboard::EMPTY;
        let mut crowned = false;
        for hop in path.windows(2) {
            let line = between(hop[0], hop[1]);
            prop_assert!(line.is_some(), "hop {}-{} is not diagonal", hop[0], hop[1]);
            let on_line: Vec<Square> = line
                .unwrap()
                .into_iter()
                .filter(|s| occupied.contains(*s))
                .collect();
            prop_assert_eq!(
                on_line.len(),
                1,
                "hop {}-{} must cross one piece",
                hop[0],
                hop[1]
            );
            let jumped = on_line[0];
            prop_assert!(m.captured().contains(jumped));
            prop_assert!(!taken.contains(jumped), "{} jumped twice", jumped);
            taken = taken.with(jumped);
            prop_assert!(!occupied.contains(hop[1]), "landing {} is taken", hop[1]);
            if !king {
                // A man jumps a neighbour and lands just behind it.
                prop_assert_eq!(hop[0].file().abs_diff(hop[1].file()), 2);
            }
            if !king && hop[1].is_crowning_rank(us) {
                king = true;
                crowned = true;
            }
        }
        prop_assert_eq!(taken, m.captured());
        prop_assert_eq!(m.crowns(), crowned);
    } else {
        prop_assert_eq!(path.len(), 2);
        let line = between(m.from(), m.to());
        prop_assert!(line.is_some());
        prop_assert!(line.unwrap().iter().all(|s| !occupied.contains(*s)));
        prop_assert!(!occupied.contains(m.to()));
        if piece.role == Role::Man {
            // One step, forward only.
            let forward = if us == Color::White { 1 } else { -1 };
            prop_assert_eq!(m.to().rank() as i8 - m.from().rank() as i8, forward);
            prop_assert_eq!(m.crowns(), m.to().is_crowning_rank(us));
        } else {
            prop_assert!(!m.crowns());
        }
    }

    // The next position.
    let next = pos.play(m).expect("a legal move plays");
    prop_assert_eq!(next, pos.play_unchecked(m));
    prop_assert_eq!(next.turn(), them);
    prop_assert_eq!(Position::from_fen(&next.fen()), Ok(next));
    prop_assert_eq!(Position::try_from(Setup::from(next)), Ok(next));
    prop_assert_eq!(next.pieces(us).count(), pos.pieces(us).count());
    prop_assert_eq!(
        next.pieces(them).count(),
        pos.pieces(them).count() - m.captured().count()
    );
    prop_assert_eq!(next.pieces(them), pos.pieces(them) & !m.captured());
    let landed = next.piece_at(m.to()).expect("the mover stands on to");
    prop_assert_eq!(landed.color, us);
    let should_be_king = piece.role == Role::King || m.crowns();
    prop_assert_eq!(landed.role == Role::King, should_be_king);
    if m.from() != m.to() {
        prop_assert!(next.piece_at(m.from()).is_none());
    }
    // Nothing else moved.
    let touched = m.captured().with(m.from()).with(m.to());
    for s in Square::all().filter(|s| !touched.contains(*s)) {
        prop_assert_eq!(next.piece_at(s), pos.piece_at(s));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn every_move_keeps_the_position_valid(pos in position()) {
        for m in pos.legal_moves().iter() {
            check_move(&pos, m)?;
        }
    }

    #[test]
    fn quiet_moves_only_when_no_capture_exists(pos in position()) {
        let legal = pos.legal_moves();
        let mut captures = shashki::MoveList::new();
        pos.generate_captures(&mut captures);
        prop_assert_eq!(pos.has_capture(), !captures.is_empty());
        if captures.is_empty() {
            prop_assert!(legal.iter().all(|m| !m.is_capture()));
        } else {
            prop_assert!(legal.iter().all(Move::is_capture));
            prop_assert_eq!(legal.len(), captures.len());
        }
        let mut buf = shashki::MoveList::new();
        prop_assert_eq!(pos.count_moves(&mut buf), legal.len());
        prop_assert_eq!(pos.has_any_move(), !legal.is_empty());
    }

    #[test]
    fn no_duplicate_moves(pos in position()) {
        let legal = pos.legal_moves();
        let keys: HashSet<(Square, Square, u32)> =
            legal.iter().map(|m| (m.from(), m.to(), m.captured().0)).collect();
        prop_assert_eq!(keys.len(), legal.len());
        // The moves of each piece, asked for separately, are the same.
        let mut from_each = 0;
        for s in pos.pieces(pos.turn()) {
            let own = pos.legal_moves_from(s);
            prop_assert!(own.iter().all(|m| m.from() == s));
            from_each += own.len();
        }
        prop_assert_eq!(from_each, legal.len());
    }

    #[test]
    fn fen_round_trip(pos in position()) {
        let text = pos.fen();
        prop_assert_eq!(Position::from_fen(&text), Ok(pos));
        prop_assert_eq!(Position::from_fen(&format!("[FEN \"{text}:H0:F1\"]")), Ok(pos));
        // Numeric squares read the same.
        let numeric = |c: Color| {
            pos.pieces(c)
                .map(|s| format!("{}{}", if pos.kings().contains(s) { "K" } else { "" }, s.number()))
                .collect::<Vec<_>>()
                .join(",")
        };
        let text = format!("{}:W{}:B{}", pos.turn().letter(), numeric(Color::White), numeric(Color::Black));
        prop_assert_eq!(Position::from_fen(&text), Ok(pos));
    }

    #[test]
    fn notation_round_trip(pos in position()) {
        let legal = pos.legal_moves();
        for m in legal.iter() {
            let text = shashki::notation::write(m, &legal);
            prop_assert_eq!(pos.move_text(m), text.clone());
            prop_assert_eq!(pos.parse_move(&text), Ok(*m), "{}", text);
            prop_assert_eq!(pos.parse_move(&m.long_notation()), Ok(*m), "{}", m.long_notation());
            // The short form is used unless a twin shares both ends.
            let twin = legal.iter().any(|o| o.from() == m.from() && o.to() == m.to() && o != m);
            let sep = if m.is_capture() { ":" } else { "-" };
            if twin {
                prop_assert_eq!(&text, &m.long_notation());
            } else {
                prop_assert_eq!(text, format!("{}{sep}{}", m.from(), m.to()));
            }
        }
    }
}
