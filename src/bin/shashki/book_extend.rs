//! `shashki book extend`: widens the opening book where the engine's own
//! games leave it early or lose with it.
//!
//! ```text
//! shashki book extend [--book FILE] [--rounds N] [--games N] [--nodes N] [--check-nodes N]
//!                     [--margin M] [--plies P] [--min-games K] [--seed S] [--egtb DIR] [--out FILE]
//! ```
//!
//! Each round plays `--games` games (default 100) from the starting
//! position. Both sides follow the book while it has a move (drawn by the
//! weights with the game's seed, as the levels that use the book do), then
//! play the engine at `--nodes` a move (default 20 000: deterministic,
//! whatever the machine's load) to the end; every draw rule applies, and a
//! game ends when the endgame tables know its result.
//!
//! - **Left early**: a game that leaves the book before ply `--plies`
//!   (default 12) gives a new book position, the first one out of it.
//!   Every legal move there is searched for `--check-nodes` (default
//!   200 000) from the position after it, and the moves within `--margin`
//!   (default 30 hundredths of a man) of the best become its book moves
//!   (weight 2 for the best, 1 for the others).
//! - **Lost with it**: a book move played in at least `--min-games`
//!   (default 4) games of the round whose side scored under 30 % in them
//!   has its position checked again, every book move searched for four
//!   times `--check-nodes`; the moves more than `--margin` below the best
//!   are dropped (the best always stays).
//!
//! The next round plays from the widened book, so its games go further;
//! the book is written after every round (a run stopped after round `k`
//! leaves the book of `--rounds k`).
//! Everything comes from the seed and the node counts: a rerun writes the
//! same file. docs/engine.md ("Opening book") says how the shipped book
//! was made and how long it took.

use crate::args::Args;
use crate::book_cmd::{score_move, write_book};
use crate::datagen::{game_seed, table_outcome};
use shashki::engine::book::Book;
use shashki::engine::{Clock, Engine, Limits, Rng};
use shashki::game::Game;
use shashki::{notation, Color, Position};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::process::ExitCode;

/// A game stopped at this many plies counts as a draw.
const MAX_PLIES: usize = 300;
/// Below this share of the points a book move is checked again.
const LOSING: f64 = 0.3;

/// The book as text lines: path (move texts from the start) -> moves with
/// weights, plus the comment lines at its head.
struct BookText {
    comments: Vec<String>,
    lines: BTreeMap<Vec<String>, Vec<(String, u32)>>,
}

impl BookText {
    fn parse(text: &str) -> Result<BookText, String> {
        Book::parse(text)?; // every move checked against the rules
        let mut comments = Vec::new();
        let mut lines = BTreeMap::new();
        for line in text.lines() {
            if line.starts_with('#') {
                comments.push(line.to_string());
                continue;
            }
            let Some((path, moves)) = line.split_once('\t') else {
                continue;
            };
            let path: Vec<String> = path.split_whitespace().map(str::to_string).collect();
            let moves = moves
                .split_whitespace()
                .filter_map(|m| m.split_once('='))
                .map(|(m, w)| (m.to_string(), w.parse().unwrap_or(1)))
                .collect();
            lines.insert(path, moves);
        }
        Ok(BookText { comments, lines })
    }

    fn render(&self) -> String {
        let mut out = String::new();
        for c in &self.comments {
            let _ = writeln!(out, "{c}");
        }
        for (path, moves) in &self.lines {
            let moves: Vec<String> = moves.iter().map(|(m, w)| format!("{m}={w}")).collect();
            let _ = writeln!(out, "{}\t{}", path.join(" "), moves.join(" "));
        }
        out
    }
}

/// The position after the moves of `path` from the start.
fn replay(path: &[String]) -> Result<Position, String> {
    let mut pos = Position::start();
    for m in path {
        let legal = pos.legal_moves();
        let mv = notation::parse_in(&pos, m, &legal).map_err(|e| e.to_string())?;
        pos = pos.play_unchecked(&mv);
    }
    Ok(pos)
}

/// Each of `moves` (texts, legal in `pos`) scored for the side to move by
/// a search of `nodes` from the position after it, from a clear table.
fn score_moves(
    engine: &mut Engine,
    pos: &Position,
    moves: &[String],
    nodes: u64,
) -> Result<Vec<i32>, String> {
    let clock = Clock::frozen();
    let legal = pos.legal_moves();
    moves
        .iter()
        .map(|m| {
            let mv = notation::parse_in(pos, m, &legal).map_err(|e| e.to_string())?;
            Ok(score_move(engine, pos, &mv, nodes, &clock))
        })
        .collect()
}

/// What one round's games found.
#[derive(Default)]
struct Round {
    /// First positions out of the book before `--plies`, by FEN: their paths.
    leaves: BTreeMap<String, Vec<String>>,
    /// (path of the position, book move) -> (games, points of its mover).
    played: HashMap<(Vec<String>, String), (u32, f64)>,
    white: f64,
    games: u32,
    left_at: Vec<usize>,
}

fn play_round(
    engine: &mut Engine,
    book: &Book,
    seed: u64,
    games: usize,
    nodes: u64,
    plies: usize,
) -> Result<Round, String> {
    let clock = Clock::frozen();
    let mut round = Round::default();
    for g in 0..games {
        let mut rng = Rng::new(game_seed(seed, g));
        let mut game = Game::from_position(Position::start());
        engine.clear();
        let mut path: Vec<String> = Vec::new();
        let mut in_book = true;
        // (path before the move, the move, its mover)
        let mut book_moves: Vec<(Vec<String>, String, Color)> = Vec::new();
        let mut result = None;
        while !game.status().is_over() && game.ply() < MAX_PLIES {
            if let Some(r) = table_outcome(&game) {
                result = Some(r);
                break;
            }
            let pos = *game.position();
            let legal = game.legal_moves();
            let mv = match in_book.then(|| book.pick(&pos, rng.next_u64())).flatten() {
                Some(mv) => {
                    book_moves.push((path.clone(), notation::write(&mv, &legal), pos.turn()));
                    mv
                }
                None => {
                    if in_book {
                        in_book = false;
                        round.left_at.push(path.len());
                        if path.len() < plies && legal.len() > 1 {
                            round
                                .leaves
                                .entry(pos.fen())
                                .or_insert_with(|| path.clone());
                        }
                    }
                    engine
                        .search(&game, &Limits::nodes(nodes), &clock)
                        .best
                        .ok_or("no move in a game that goes on")?
                }
            };
            path.push(notation::write(&mv, &legal));
            game.play(&mv).map_err(|e| e.to_string())?;
        }
        let white = result.unwrap_or(match game.status().winner() {
            Some(Color::White) => 1.0,
            Some(Color::Black) => 0.0,
            None => 0.5,
        });
        round.white += white;
        round.games += 1;
        for (p, m, mover) in book_moves {
            let e = round.played.entry((p, m)).or_default();
            e.0 += 1;
            e.1 += if mover == Color::White {
                white
            } else {
                1.0 - white
            };
        }
    }
    Ok(round)
}

pub fn extend(argv: &[String]) -> Result<ExitCode, String> {
    let a = Args::parse(argv, &[])?;
    a.only(&[
        "book",
        "rounds",
        "games",
        "nodes",
        "check-nodes",
        "margin",
        "plies",
        "min-games",
        "seed",
        "egtb",
        "out",
    ])?;
    let book_path = a.value("book").unwrap_or("src/engine/book.txt");
    let rounds: usize = a.number("rounds")?.unwrap_or(3);
    let games: usize = a.number("games")?.unwrap_or(100);
    let nodes: u64 = a.number("nodes")?.unwrap_or(20_000);
    let check: u64 = a.number("check-nodes")?.unwrap_or(200_000);
    let margin: i32 = a.number("margin")?.unwrap_or(30);
    let plies: usize = a.number("plies")?.unwrap_or(12);
    let min_games: u32 = a.number("min-games")?.unwrap_or(4);
    let seed: u64 = a.number("seed")?.unwrap_or(1);
    if games == 0 || nodes == 0 || check == 0 {
        return Err("--games, --nodes and --check-nodes must be at least 1".into());
    }
    crate::egtb_cmd::install(a.value("egtb"));
    let text = std::fs::read_to_string(book_path).map_err(|e| format!("{book_path}: {e}"))?;
    let mut bt = BookText::parse(&text).map_err(|e| format!("{book_path}: {e}"))?;
    let before = bt.lines.len();
    let mut engine = Engine::new(16);
    let (mut added, mut dropped) = (0usize, 0usize);
    for r in 0..rounds {
        let book = Book::parse(&bt.render())?;
        let round = play_round(
            &mut engine,
            &book,
            seed.wrapping_add(r as u64),
            games,
            nodes,
            plies,
        )?;
        let mut left = round.left_at.clone();
        left.sort_unstable();
        let median = left.get(left.len() / 2).copied().unwrap_or(0);
        // Left early: new positions with their checked moves.
        let mut new_here = 0;
        for path in round.leaves.values() {
            let pos = replay(path)?;
            let legal = pos.legal_moves();
            let texts: Vec<String> = legal.iter().map(|m| notation::write(m, &legal)).collect();
            let scores = score_moves(&mut engine, &pos, &texts, check)?;
            let best = scores.iter().copied().max().unwrap_or(0);
            let moves: Vec<(String, u32)> = texts
                .into_iter()
                .zip(&scores)
                .filter(|(_, &s)| s >= best - margin)
                .map(|(t, &s)| (t, if s == best { 2 } else { 1 }))
                .collect();
            bt.lines.insert(path.clone(), moves);
            new_here += 1;
        }
        // Lost with it: positions whose book move scored badly, checked again.
        let suspects: BTreeSet<&Vec<String>> = round
            .played
            .iter()
            .filter(|(_, &(n, pts))| n >= min_games && pts / (n as f64) < LOSING)
            .map(|((p, _), _)| p)
            .collect();
        let mut dropped_here = 0;
        for path in suspects {
            let Some(moves) = bt.lines.get(path) else {
                continue;
            };
            if moves.len() < 2 {
                continue;
            }
            let pos = replay(path)?;
            let texts: Vec<String> = moves.iter().map(|(m, _)| m.clone()).collect();
            let scores = score_moves(&mut engine, &pos, &texts, check * 4)?;
            let best = scores.iter().copied().max().unwrap_or(0);
            let kept: Vec<(String, u32)> = moves
                .iter()
                .zip(&scores)
                .filter(|(_, &s)| s >= best - margin)
                .map(|(m, _)| m.clone())
                .collect();
            dropped_here += moves.len() - kept.len();
            bt.lines.insert(path.clone(), kept);
        }
        added += new_here;
        dropped += dropped_here;
        println!(
            "round {}: {} games, White {:.1} %, left the book at ply {median} (median); {new_here} positions added, {dropped_here} moves dropped",
            r + 1,
            round.games,
            100.0 * round.white / round.games.max(1) as f64
        );
        // Written after every round, so a stopped run leaves a whole book.
        let mut done = BookText {
            comments: bt.comments.clone(),
            lines: bt.lines.clone(),
        };
        done.comments.push(format!(
            "# Extended by `shashki book extend --rounds {} --games {games} --nodes {nodes} --check-nodes {check} --margin {margin} --plies {plies} --min-games {min_games} --seed {seed}`: {added} positions added, {dropped} moves dropped.",
            r + 1
        ));
        let out = done.render();
        let book = Book::parse(&out)?;
        let summary = format!(
            "{before} -> {} book lines ({} positions), {} bytes",
            done.lines.len(),
            book.len(),
            out.len()
        );
        if a.value("out").is_some() || r + 1 == rounds {
            write_book(a.value("out"), &out, &summary)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
