//! Perft against the fixture `tests/perft.txt`: the published counts from
//! the start position, and positions with kings counted by the naive
//! generator of `tests/naive`.
//!
//! `cargo test` runs every line up to [`FAST_LIMIT`] leaves and, as a
//! bounded deep check, every line up to [`BOUNDED_LIMIT`] (the start at
//! depth 10, the king positions at depth 9: about 52 M leaves, a few seconds
//! in release); only the start at depth 11 (111 M leaves) waits for
//! `cargo test --release --test perft -- --ignored`.

mod naive;

use shashki::perft::{divide, perft};
use shashki::Position;

/// Lines with more leaves than this run only in the ignored test.
const FAST_LIMIT: u64 = 5_000_000;

/// Lines up to this many leaves run in the normal run too (bounded deep check).
const BOUNDED_LIMIT: u64 = 25_000_000;

/// Lines the naive generator recounts in the normal run.
const NAIVE_FAST_LIMIT: u64 = 100_000;

/// Lines the naive generator recounts in the bounded deep check.
const NAIVE_BOUNDED_LIMIT: u64 = 1_000_000;

struct Line {
    fen: String,
    pos: Position,
    depth: u32,
    count: u64,
}

fn fixture() -> Vec<Line> {
    let text = include_str!("perft.txt");
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap().trim();
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [fen, depth, count] = fields[..] else {
            panic!("perft.txt line {}: expected FEN DEPTH COUNT: {raw}", i + 1);
        };
        let pos =
            Position::from_fen(fen).unwrap_or_else(|e| panic!("perft.txt line {}: {e}", i + 1));
        out.push(Line {
            fen: fen.to_string(),
            pos,
            depth: depth.parse().expect("depth"),
            count: count.parse().expect("count"),
        });
    }
    out
}

#[test]
fn fixture_holds_the_published_start_counts() {
    let published = [
        7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032, 110917189,
    ];
    let lines = fixture();
    for (d, want) in published.iter().enumerate() {
        let depth = d as u32 + 1;
        let line = lines
            .iter()
            .find(|l| l.pos == Position::start() && l.depth == depth)
            .unwrap_or_else(|| panic!("no start line for depth {depth}"));
        assert_eq!(line.count, *want, "depth {depth}");
    }
    let with_kings: Vec<&str> = lines
        .iter()
        .filter(|l| l.pos.kings().any())
        .map(|l| l.fen.as_str())
        .collect();
    let mut distinct = with_kings.clone();
    distinct.dedup();
    assert!(distinct.len() >= 4, "positions with kings: {distinct:?}");
}

/// The fixture lines with more than `low` and at most `high` leaves.
fn lines_between(low: u64, high: u64) -> Vec<Line> {
    fixture()
        .into_iter()
        .filter(|l| l.count > low && l.count <= high)
        .collect()
}

/// Counts every line with `count` and compares with the fixture; returns
/// how many lines ran and their leaves.
fn check(lines: &[Line], count: impl Fn(&Line) -> u64) -> (usize, u64) {
    for l in lines {
        assert_eq!(count(l), l.count, "{} depth {}", l.fen, l.depth);
    }
    (lines.len(), lines.iter().map(|l| l.count).sum())
}

fn ours(l: &Line) -> u64 {
    perft(&l.pos, l.depth)
}

fn naive(l: &Line) -> u64 {
    naive::Board::from_position(&l.pos).perft(l.depth)
}

#[test]
fn perft_matches_fixture() {
    let (lines, leaves) = check(&lines_between(0, FAST_LIMIT), ours);
    assert!(lines >= 50, "only {lines} lines ran");
    assert!(leaves > 10_000_000, "only {leaves} leaves");
}

/// The bounded deep check: the start at depth 10 and the king positions
/// above 5 M leaves.
#[test]
fn deeper_perft_lines_match_fixture() {
    let deep = lines_between(FAST_LIMIT, BOUNDED_LIMIT);
    assert!(deep
        .iter()
        .any(|l| l.pos == Position::start() && l.depth == 10));
    assert!(deep.iter().filter(|l| l.pos.kings().any()).count() >= 2);
    check(&deep, ours);
}

#[test]
#[ignore = "deep: start depth 11; run with --release -- --ignored"]
fn deep_perft_matches_fixture() {
    let deep = lines_between(BOUNDED_LIMIT, u64::MAX);
    assert!(deep.iter().any(|l| l.depth == 11));
    check(&deep, ours);
}

#[test]
fn naive_generator_agrees_with_fixture() {
    let (lines, _) = check(&lines_between(0, NAIVE_FAST_LIMIT), naive);
    assert!(lines >= 40, "only {lines} lines ran");
}

/// How the counts of the positions with kings were obtained: the naive
/// generator recounts every line it can in reasonable time (a minute or
/// two in release).
/// The bounded version of the next test: the naive generator on the lines
/// up to 1 M leaves.
#[test]
fn naive_generator_agrees_with_deeper_fixture_lines() {
    let (lines, _) = check(&lines_between(NAIVE_FAST_LIMIT, NAIVE_BOUNDED_LIMIT), naive);
    assert!(lines >= 5, "only {lines} lines");
}

#[test]
#[ignore = "slow: the naive generator on the deeper lines"]
fn naive_generator_agrees_with_deep_fixture() {
    check(&lines_between(NAIVE_BOUNDED_LIMIT, 20_000_000), naive);
}

#[test]
fn depth_zero_is_one_leaf() {
    for l in fixture() {
        assert_eq!(perft(&l.pos, 0), 1);
    }
}

#[test]
fn divide_splits_perft_by_first_move() {
    let start = Position::start();
    let rows = divide(&start, 5);
    let mut names: Vec<&str> = rows.iter().map(|(m, _)| m.as_str()).collect();
    names.sort();
    assert_eq!(
        names,
        ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]
    );
    assert_eq!(rows.iter().map(|(_, n)| n).sum::<u64>(), 7482);
    // Each row is the perft of the position after that move.
    for (text, n) in &rows {
        let mv = start.parse_move(text).unwrap();
        assert_eq!(perft(&start.play(&mv).unwrap(), 4), *n, "{text}");
    }
    // The same on every fixture position with kings, one level down.
    for l in fixture()
        .iter()
        .filter(|l| l.pos.kings().any() && l.depth == 4)
    {
        let rows = divide(&l.pos, 4);
        assert_eq!(rows.len(), l.pos.legal_moves().len());
        assert_eq!(
            rows.iter().map(|(_, n)| n).sum::<u64>(),
            l.count,
            "{}",
            l.fen
        );
    }
}
