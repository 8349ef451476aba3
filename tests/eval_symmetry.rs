//! The evaluation is colour-symmetric: a position and its colour mirror
//! (the board turned half a turn, the colours swapped, the other side to
//! move) score as exact negatives from White's side (the same for the side
//! to move), with every pattern table and the network switched on; and the
//! shipped pattern tables and network are the files the docs name (length
//! and CRC-32).

use shashki::engine::egtb::format::crc32;
use shashki::engine::egtb::index::flip;
use shashki::engine::eval::Evaluator;
use shashki::engine::{Rng, Weights};
use shashki::{Color, Position};

/// Positions of random games from the 840 openings: men, kings, both
/// sides to move, pending captures included.
fn positions() -> Vec<Position> {
    let text = include_str!("data/russian-openings.txt");
    let openings: Vec<Position> = text
        .lines()
        .filter_map(|l| Position::from_fen(l.split('|').next()?.trim()).ok())
        .collect();
    assert!(openings.len() >= 800, "{} openings read", openings.len());
    let mut rng = Rng::new(27);
    let mut out = Vec::new();
    for (i, start) in openings.iter().enumerate().take(300) {
        let mut pos = *start;
        for _ in 0..(20 + i % 80) {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            pos = pos.play_unchecked(&legal[rng.below(legal.len() as u64) as usize]);
            out.push(pos);
        }
    }
    out
}

fn white_view(ev: &Evaluator, pos: &Position) -> i32 {
    let s = ev.evaluate(pos);
    if pos.turn() == Color::White {
        s
    } else {
        -s
    }
}

#[test]
fn a_position_and_its_colour_mirror_score_as_exact_negatives() {
    let positions = positions();
    let kings = positions.iter().filter(|p| p.kings().any()).count();
    assert!(kings > 1000, "only {kings} positions with kings");
    let mut all = Weights::DEFAULT;
    all.patterns = 100;
    all.kpatterns = 100;
    let mut only_k = Weights::DEFAULT;
    only_k.patterns = 0;
    only_k.kpatterns = 100;
    only_k.net = 0;
    // The network alone over the hand-set terms (the shipped weights have
    // it on, `net=100`).
    let mut only_net = Weights::DEFAULT;
    only_net.patterns = 0;
    only_net.kpatterns = 0;
    assert_eq!(only_net.net, 100);
    let mut nonzero = 0;
    for w in [Weights::DEFAULT, all, only_k, only_net] {
        let ev = Evaluator::new(w);
        for p in &positions {
            let m = flip(p);
            assert_eq!(m.turn(), p.turn().opposite());
            assert_eq!(
                white_view(&ev, &m),
                -white_view(&ev, p),
                "{} against its mirror {}",
                p.fen(),
                m.fen()
            );
            assert_eq!(ev.evaluate(&m), ev.evaluate(p));
            nonzero += usize::from(white_view(&ev, p) != 0);
        }
    }
    assert!(nonzero > positions.len());
}

#[test]
fn the_kings_patterns_change_the_score() {
    // With the table switched on the scores differ from without it (the
    // table is read), for positions with and without kings.
    let mut on = Weights::DEFAULT;
    on.kpatterns = 100;
    let mut off = Weights::DEFAULT;
    off.kpatterns = 0;
    let (without_kings, with_kings) = differing(on, off);
    assert!(without_kings > 100 && with_kings > 100);
}

/// How many of [`positions`] score differently under `a` and `b`: those
/// without a king, and those with one.
fn differing(a: Weights, b: Weights) -> (usize, usize) {
    let (a, b) = (Evaluator::new(a), Evaluator::new(b));
    let positions = positions();
    let differ = |with_kings: bool| {
        positions
            .iter()
            .filter(|p| p.kings().any() == with_kings)
            .filter(|p| a.evaluate(p) != b.evaluate(p))
            .count()
    };
    (differ(false), differ(true))
}

#[test]
fn the_network_changes_the_score_without_kings_only() {
    let mut off = Weights::DEFAULT;
    off.net = 0;
    let (without_kings, with_kings) = differing(Weights::DEFAULT, off);
    assert!(without_kings > 1000, "{without_kings}");
    assert_eq!(with_kings, 0);
}

#[test]
fn the_shipped_pattern_tables_are_the_documented_files() {
    let men = include_bytes!("../src/engine/patterns.bin");
    assert_eq!(men.len(), 32_805);
    assert_eq!(crc32(men), shashki::engine::data::PATTERNS_CRC32);
    let k = include_bytes!("../src/engine/kpatterns.bin");
    assert_eq!(k.len(), shashki::engine::kpatterns::LEN);
    assert_eq!(k.len(), 236_196);
    assert_eq!(format!("{:08x}", crc32(k)), KPATTERNS_CRC32);
    let net = include_bytes!("../src/engine/net.bin");
    assert_eq!(net.len(), shashki::engine::net::LEN);
    assert_eq!(net.len(), 16_642);
    assert_eq!(format!("{:08x}", crc32(net)), NET_CRC32);
}

/// The CRC-32 of `src/engine/net.bin` as docs/data-files.md gives it.
const NET_CRC32: &str = "6730232b";

/// The CRC-32 of `src/engine/kpatterns.bin` as docs/data-files.md gives it.
const KPATTERNS_CRC32: &str = "9328126c";
