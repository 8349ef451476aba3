//! Differential test: the crate's bitboard generator against the naive
//! array generator in `tests/naive`, on thousands of positions.
//!
//! For every position both must produce exactly the same set of moves,
//! compared as (from, to, captured squares, crowns), and playing each move
//! must give the same next position, and every move's notation must read
//! back to it. On sampled positions a few-ply perft must agree too.

mod naive;

use naive::random::{openings, playout, random_setup, Rng};
use naive::{key_of, Board, MoveKey};
use shashki::{notation, Position, Role};
use std::collections::{BTreeMap, BTreeSet};

/// What the compared positions covered, so a test can check that the
/// interesting cases really occurred.
#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    with_kings: usize,
    moves: usize,
    captures: usize,
    multi_captures: usize,
    king_captures: usize,
    /// Captures where a man is crowned, at the end or mid-way.
    crowning_captures: usize,
    /// A man crowned mid-capture that went on capturing as a king.
    crowned_then_captured: usize,
    /// A crowned man's later hop longer than one jump (it flew).
    crowned_then_flew: usize,
    /// Moves whose (from, to) is shared by another capture taking other pieces.
    same_ends_twins: usize,
    quiet_crownings: usize,
    no_move: usize,
}

/// Asserts that each named coverage count is over its floor.
macro_rules! at_least {
    ($cov:expr, $($field:ident > $min:expr),+ $(,)?) => {
        $(assert!($cov.$field > $min, "{} not over {}: {:?}", stringify!($field), $min, $cov);)+
    };
}

/// Compares the two generators on `pos`; panics with the FEN and the
/// differences on any disagreement.
fn compare(pos: &Position, cov: &mut Coverage) {
    let fen = pos.fen();
    let ours = pos.legal_moves();
    let our_keys: BTreeSet<MoveKey> = ours.iter().map(key_of).collect();
    assert_eq!(
        our_keys.len(),
        ours.len(),
        "duplicate moves in {fen}: {ours:?}"
    );

    let board = Board::from_position(pos);
    assert_eq!(board.to_fen(), fen, "naive board round trip");
    let theirs = board.moves();
    let by_key: BTreeMap<MoveKey, &naive::NMove> = theirs.iter().map(|m| (m.key(), m)).collect();
    assert_eq!(by_key.len(), theirs.len(), "naive duplicates in {fen}");
    let their_keys: BTreeSet<MoveKey> = by_key.keys().cloned().collect();
    if our_keys != their_keys {
        let missing: Vec<String> = their_keys
            .difference(&our_keys)
            .map(|k| k.to_string())
            .collect();
        let extra: Vec<String> = our_keys
            .difference(&their_keys)
            .map(|k| k.to_string())
            .collect();
        panic!("generators disagree on {fen}\n{pos}\nmissing from the crate: {missing:?}\nonly in the crate: {extra:?}");
    }

    // The fast queries agree with the full lists.
    assert_eq!(
        pos.has_capture(),
        theirs.iter().any(|m| !m.captured.is_empty()),
        "has_capture {fen}"
    );
    assert_eq!(pos.has_any_move(), !theirs.is_empty(), "has_any_move {fen}");
    assert_eq!(pos.is_lost(), theirs.is_empty(), "is_lost {fen}");
    let mut buf = shashki::MoveList::new();
    assert_eq!(pos.count_moves(&mut buf), theirs.len(), "count_moves {fen}");

    // The same next position after every move.
    for m in ours.iter() {
        let key = key_of(m);
        let next = pos.play_unchecked(m);
        let naive_next = board.play(by_key[&key]);
        assert_eq!(next.fen(), naive_next.to_fen(), "after {key} in {fen}");
        assert_eq!(pos.play(m), Ok(next));
    }

    // Every move's text, short and long, reads back to it.
    for m in ours.iter() {
        let text = notation::write(m, &ours);
        assert_eq!(
            notation::parse_in(pos, &text, &ours),
            Ok(*m),
            "{text} in {fen}"
        );
        let long = m.long_notation();
        assert_eq!(
            notation::parse_in(pos, &long, &ours),
            Ok(*m),
            "{long} in {fen}"
        );
    }

    cov.positions += 1;
    cov.with_kings += usize::from(pos.kings().any());
    cov.moves += ours.len();
    cov.no_move += usize::from(ours.is_empty());
    for m in ours.iter() {
        let n = m.captured().count();
        if n == 0 {
            cov.quiet_crownings += usize::from(m.crowns());
            continue;
        }
        cov.captures += 1;
        cov.multi_captures += usize::from(n > 1);
        let king = pos.piece_at(m.from()).map(|p| p.role) == Some(Role::King);
        cov.king_captures += usize::from(king);
        cov.crowning_captures += usize::from(m.crowns());
        if m.crowns() {
            let path = m.path_vec();
            let row = if pos.turn() == shashki::Color::White {
                7
            } else {
                0
            };
            if let Some(i) = path.iter().position(|s| s.rank() == row) {
                if i + 1 < path.len() {
                    cov.crowned_then_captured += 1;
                    let flew = path[i..]
                        .windows(2)
                        .any(|w| w[0].file().abs_diff(w[1].file()) > 2);
                    cov.crowned_then_flew += usize::from(flew);
                }
            }
        }
        cov.same_ends_twins += usize::from(
            ours.iter()
                .any(|o| o.from() == m.from() && o.to() == m.to() && o.captured() != m.captured()),
        );
    }
}

#[test]
fn random_games_from_the_start() {
    let mut rng = Rng::new(0x5EED_0001);
    let mut cov = Coverage::default();
    for _ in 0..600 {
        playout(&mut rng, Position::start(), 200, |p| compare(p, &mut cov));
    }
    eprintln!("random games: {cov:?}");
    at_least!(
        cov,
        positions > 20_000,
        with_kings > 5_000,
        multi_captures > 1_500,
        king_captures > 1_000,
        crowning_captures > 500,
        crowned_then_captured > 200,
        quiet_crownings > 800,
        no_move > 400
    );
}

#[test]
fn random_king_rich_setups() {
    let mut rng = Rng::new(0x5EED_0002);
    let mut cov = Coverage::default();
    for i in 0..4000 {
        // Alternate crowded boards, middle games and sparse endings.
        let (max, kings) = match i % 3 {
            0 => (12, 30),
            1 => (8, 60),
            _ => (4, 80),
        };
        let start = random_setup(&mut rng, max, kings);
        playout(&mut rng, start, 8, |p| compare(p, &mut cov));
    }
    eprintln!("random setups: {cov:?}");
    at_least!(
        cov,
        positions > 20_000,
        with_kings > 20_000,
        king_captures > 15_000,
        multi_captures > 5_000,
        crowned_then_captured > 80,
        crowned_then_flew > 50,
        same_ends_twins > 80
    );
}

/// Crowded boards where men of the side to move stand near the crowning
/// row among many enemies: the rare mid-capture crownings.
#[test]
fn crowning_hotspots() {
    let mut rng = Rng::new(0x5EED_0003);
    let mut cov = Coverage::default();
    for _ in 0..6000 {
        let pos = random_setup(&mut rng, 12, 10);
        compare(&pos, &mut cov);
    }
    eprintln!("crowded setups: {cov:?}");
    assert!(cov.crowned_then_captured > 80, "{cov:?}");
}

#[test]
fn opening_positions() {
    let mut cov = Coverage::default();
    let all = openings();
    assert_eq!(all.len(), 840);
    for pos in &all {
        compare(pos, &mut cov);
    }
    assert_eq!(cov.positions, 840);
}

#[test]
fn perft_agrees_on_sampled_positions() {
    let mut rng = Rng::new(0x5EED_0004);
    let mut samples = Vec::new();
    for i in 0..60 {
        let start = if i % 2 == 0 {
            Position::start()
        } else {
            random_setup(&mut rng, 8, 50)
        };
        let plies = rng.below(40);
        let mut last = start;
        playout(&mut rng, start, plies, |p| last = *p);
        samples.push(last);
    }
    samples.extend(openings().into_iter().step_by(84));
    let mut total = 0;
    for pos in &samples {
        let board = Board::from_position(pos);
        // Deepen until the tree is big enough to mean something.
        for depth in 1..=6 {
            let ours = shashki::perft::perft(pos, depth);
            assert_eq!(ours, board.perft(depth), "perft {depth} of {}", pos.fen());
            total += ours;
            if ours > 20_000 {
                break;
            }
        }
    }
    assert!(
        total > 1_000_000,
        "the samples were too small: {total} leaves"
    );
}

/// `playouts` playouts from `seed`, by turns from the start (200 plies) and
/// from random setups (crowded, middle game, sparse; 8 plies each).
fn mixed_playouts(seed: u64, playouts: usize) -> Coverage {
    let mut rng = Rng::new(seed);
    let mut cov = Coverage::default();
    for i in 0..playouts {
        let start = match i % 4 {
            0 => Position::start(),
            1 => random_setup(&mut rng, 12, 10),
            2 => random_setup(&mut rng, 8, 60),
            _ => random_setup(&mut rng, 4, 80),
        };
        let plies = if i % 4 == 0 { 200 } else { 8 };
        playout(&mut rng, start, plies, |p| compare(p, &mut cov));
    }
    cov
}

/// A bounded version of the long run below, in every `cargo test`: 10 000
/// playouts (a twentieth of it) from another seed.
#[test]
fn bounded_long_differential() {
    let cov = mixed_playouts(0x5EED_2000, 10_000);
    assert!(cov.positions > 50_000, "{cov:?}");
}

/// The same comparisons on a hundred times more positions (a few minutes):
/// `cargo test --release --test differential -- --ignored`.
#[test]
#[ignore]
fn long_differential() {
    let cov = mixed_playouts(0x5EED_1000, 200_000);
    eprintln!("long run: {cov:?}");
    assert!(cov.positions > 1_000_000, "{cov:?}");
}
