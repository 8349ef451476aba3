//! `shashki book build`: writes the opening book (`src/engine/book.txt`,
//! format in `shashki::engine::book`).
//!
//! ```text
//! shashki book build [--plies N] [--nodes N] [--margin M] [--out FILE]
//! ```
//!
//! The 840 balanced openings of `tests/data/russian-openings.txt` are
//! positions a few plies from the start. Every position up to `--plies`
//! (default 6) plies from the start is walked breadth first (legal moves in
//! the generator's order, so the walk is deterministic); each opening found
//! gives the first move order that reaches it. A move's weight at a book
//! position is the number of openings it leads to. Then every book move is
//! checked by a search of `--nodes` (default 200 000) from the position
//! after it: a move whose score is more than `--margin` (default 30,
//! hundredths of a man) below the best book move of its position is
//! dropped, so the balanced openings' weaker branches are not played by the
//! bot.

use crate::args::Args;
use shashki::engine::{Clock, Engine, Limits};
use shashki::notation;
use shashki::{Move, Position};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::process::ExitCode;

/// A book position's moves: notation -> (move, weight).
type BookMoves = BTreeMap<String, (Move, u32)>;

pub fn book(argv: &[String]) -> Result<ExitCode, String> {
    match argv.split_first() {
        Some((w, rest)) if w == "build" => build(rest),
        Some((w, rest)) if w == "extend" => crate::book_extend::extend(rest),
        _ => Err("usage: shashki book build [--plies N] [--nodes N] [--margin M] [--out FILE]\n       shashki book extend [--book FILE] [--rounds N] [--games N] [--nodes N] [--check-nodes N] [--margin M] [--plies P] [--min-games K] [--seed S] [--out FILE]".into()),
    }
}

fn key(pos: &Position) -> String {
    pos.fen()
}

fn build(argv: &[String]) -> Result<ExitCode, String> {
    let a = Args::parse(argv, &[])?;
    a.only(&["plies", "nodes", "margin", "out"])?;
    let plies: usize = a.number("plies")?.unwrap_or(6);
    let nodes: u64 = a.number("nodes")?.unwrap_or(200_000);
    let margin: i32 = a.number("margin")?.unwrap_or(30);
    let targets = crate::args::openings()?;
    // Breadth-first walk: the first move order reaching each position.
    let start = Position::start();
    let mut path_of: HashMap<String, Vec<Move>> = HashMap::new();
    path_of.insert(key(&start), Vec::new());
    let mut layer = vec![(start, Vec::<Move>::new())];
    for _ in 0..plies {
        let mut next = Vec::new();
        for (pos, path) in &layer {
            for mv in pos.legal_moves().iter() {
                let child = pos.play_unchecked(mv);
                let k = key(&child);
                if path_of.contains_key(&k) {
                    continue;
                }
                let mut p = path.clone();
                p.push(*mv);
                path_of.insert(k, p.clone());
                next.push((child, p));
            }
        }
        layer = next;
    }
    // Edge weights: position (by path text) -> move -> openings below.
    let mut tree: BTreeMap<Vec<String>, (Position, BookMoves)> = BTreeMap::new();
    let mut found = 0;
    for t in &targets {
        let Some(path) = path_of.get(&key(t)) else {
            continue;
        };
        found += 1;
        let mut pos = Position::start();
        let mut texts: Vec<String> = Vec::new();
        for mv in path {
            let legal = pos.legal_moves();
            let text = notation::write(mv, &legal);
            let entry = tree
                .entry(texts.clone())
                .or_insert_with(|| (pos, BTreeMap::new()));
            entry.1.entry(text.clone()).or_insert((*mv, 0)).1 += 1;
            texts.push(text);
            pos = pos.play_unchecked(mv);
        }
    }
    // Search check of every book move.
    let clock = Clock::frozen();
    let mut engine = Engine::new(16);
    let (mut kept, mut dropped) = (0, 0);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Opening book (format: src/engine/book.rs). Written by `shashki book build --plies {plies} --nodes {nodes} --margin {margin}`:\n\
         # {found} of the {} openings of tests/data/russian-openings.txt reached within {plies} plies; weights = openings below a move.",
        targets.len()
    );
    for (path, (pos, moves)) in &tree {
        let mut scored: Vec<(&String, u32, i32)> = Vec::new();
        for (text, &(mv, w)) in moves {
            scored.push((text, w, score_move(&mut engine, pos, &mv, nodes, &clock)));
        }
        let best = scored.iter().map(|s| s.2).max().unwrap_or(0);
        let line: Vec<String> = scored
            .iter()
            .filter(|s| {
                let keep = s.2 >= best - margin;
                if keep {
                    kept += 1;
                } else {
                    dropped += 1;
                }
                keep
            })
            .map(|s| format!("{}={}", s.0, s.1))
            .collect();
        if !line.is_empty() {
            let _ = writeln!(out, "{}\t{}", path.join(" "), line.join(" "));
        }
    }
    let summary = format!(
        "{found} of {} openings reached; {} book positions; {kept} moves kept, {dropped} dropped by the search check",
        targets.len(),
        tree.len()
    );
    write_book(a.value("out"), &out, &summary)?;
    Ok(ExitCode::SUCCESS)
}

/// The score of book move `mv` for `pos`'s side to move: a search of
/// `nodes` from the position after it, from a clear table, no draw counts
/// (the check `book build` and `book extend` make of every move they keep).
pub(crate) fn score_move(
    engine: &mut Engine,
    pos: &Position,
    mv: &Move,
    nodes: u64,
    clock: &Clock,
) -> i32 {
    engine.clear();
    let after = pos.play_unchecked(mv);
    let r = engine.search_position(
        &after,
        &[],
        shashki::engine::NoDrawCounts,
        &Limits::nodes(nodes),
        clock,
    );
    -r.score
}

/// Writes the book `text` to `out` and says `summary` of it, or prints
/// the book when there is no `out`.
pub(crate) fn write_book(out: Option<&str>, text: &str, summary: &str) -> Result<(), String> {
    match out {
        Some(path) => {
            std::fs::write(path, text).map_err(|e| format!("{path}: {e}"))?;
            println!("{summary} -> {path}");
        }
        None => print!("{text}"),
    }
    Ok(())
}
