//! Every shipped puzzle (www/puzzles/puzzles.json) checked again, with a
//! search written for the tests (`tests/proof`, no engine or miner code): a plain
//! exhaustive material minimax (man 100, king 300, no move = lost), alpha-
//! beta only, pending captures always played out past the horizon.
//!
//! For each puzzle, at its stated proof depth:
//! - the FEN is valid, no capture is due and there is a choice of moves;
//! - the solution is legal, written as the engine writes it, alternating
//!   the solver's moves and the replies, starting and ending with the
//!   solver's;
//! - the first move wins the stated material (or the game) against every
//!   defence, and no other first move wins a man;
//! - every later move of the solver is the only one keeping the gain: any
//!   other is at least a man worse (or gives up the win);
//! - every reply of the opponent is forced, or all replies lose the same;
//! - at the end the gain is on the board: the solver is up by it and the
//!   opponent has no capture, or the opponent has no move;
//! - no two puzzles are the same position or each other's mirror.

mod proof;

use shashki::{Color, Move, Piece, Position, Role, Setup, Square};
use std::collections::HashSet;

const WIN: i32 = 100_000;

#[derive(serde::Deserialize)]
struct Puzzle {
    id: String,
    fen: String,
    solution: Vec<String>,
    themes: Vec<String>,
    rating: i32,
    source: String,
    gain: i32,
    depth: u32,
}

#[derive(serde::Deserialize)]
struct File {
    version: u32,
    puzzles: Vec<Puzzle>,
}

const FILE: &str = include_str!("../www/puzzles/puzzles.json");

/// The documented themes (tests/puzzle_themes.rs checks each definition).
const THEMES: &[&str] = shashki::engine::puzzle::THEMES;

/// Material for `side`, counted square by square.
fn score(pos: &Position, side: Color) -> i32 {
    pos.board()
        .map(|(_, p)| {
            let v = if p.role == Role::King { 300 } else { 100 };
            if p.color == side {
                v
            } else {
                -v
            }
        })
        .sum()
}

/// Man 100, king 300; no move is lost.
const SCALE: proof::Scale = proof::Scale {
    man: 100,
    king: 300,
    lost: |_| -WIN,
};

/// Exhaustive minimax from the side to move's view.
fn search(pos: &Position, depth: u32, alpha: i32, beta: i32) -> i32 {
    SCALE.negamax(pos, depth, alpha, beta)
}

/// Whether `mv` gets its player at least `target` within `depth` plies.
fn at_least(pos: &Position, mv: &Move, depth: u32, target: i32) -> bool {
    -search(
        &pos.play_unchecked(mv),
        depth.saturating_sub(1),
        -target,
        -target + 1,
    ) >= target
}

/// Exact value of `mv` for its player.
fn exact(pos: &Position, mv: &Move, depth: u32) -> i32 {
    -search(
        &pos.play_unchecked(mv),
        depth.saturating_sub(1),
        -WIN - 1,
        WIN + 1,
    )
}

/// Colours swapped, board turned round: square (file, rank) goes to
/// (7 - file, 7 - rank).
fn mirrored(pos: &Position) -> Position {
    let mut setup = Setup::default();
    for (sq, p) in pos.board() {
        let to = Square::from_coords(7 - sq.file(), 7 - sq.rank()).unwrap();
        let bit = shashki::Bitboard(1 << to.index());
        let Piece { color, role } = p;
        match color.opposite() {
            Color::White => setup.white |= bit,
            Color::Black => setup.black |= bit,
        }
        if role == Role::King {
            setup.kings |= bit;
        }
    }
    setup.turn = Some(pos.turn().opposite());
    Position::try_from(setup).unwrap()
}

/// Checks one puzzle; an error names what is wrong.
fn check(p: &Puzzle) -> Result<(), String> {
    let root = Position::from_fen(&p.fen).map_err(|e| format!("bad FEN: {e}"))?;
    let legal = root.legal_moves();
    if legal.len() < 2 || legal[0].is_capture() {
        return Err("no choice, or a capture is due".into());
    }
    if p.solution.len() < 3 || p.solution.len() % 2 == 0 {
        return Err(format!("solution of {} plies", p.solution.len()));
    }
    if p.gain < 100 || (p.gain > 3000 && p.gain != WIN) {
        return Err(format!("gain {}", p.gain));
    }
    let solver = root.turn();
    let base = score(&root, solver);
    let target = if p.gain == WIN { WIN } else { base + p.gain };
    let worse = if p.gain == WIN { WIN - 1 } else { target - 100 };

    // Replay the line, checking every node.
    let mut pos = root;
    let mut d = p.depth;
    for (i, text) in p.solution.iter().enumerate() {
        let mv = pos
            .parse_move(text)
            .map_err(|e| format!("ply {}: {text}: {e}", i + 1))?;
        if &pos.move_text(&mv) != text {
            return Err(format!(
                "ply {}: {text} is written {}",
                i + 1,
                pos.move_text(&mv)
            ));
        }
        let moves = pos.legal_moves();
        if i % 2 == 0 {
            if !at_least(&pos, &mv, d, target) {
                return Err(format!("ply {}: {text} does not keep the gain", i + 1));
            }
            // Others: at the first move, win nothing; later, a man worse.
            let limit = if i == 0 { base + 100 } else { worse + 1 };
            if let Some(o) = moves
                .iter()
                .find(|m| **m != mv && at_least(&pos, m, d, limit))
            {
                return Err(format!(
                    "ply {}: {} is as good as {text}",
                    i + 1,
                    pos.move_text(o)
                ));
            }
        } else if moves.len() > 1 {
            let v = exact(&pos, &mv, d);
            if let Some(o) = moves.iter().find(|m| exact(&pos, m, d) != v) {
                return Err(format!(
                    "ply {}: reply {} loses differently from {text}",
                    i + 1,
                    pos.move_text(o)
                ));
            }
        }
        pos = pos.play_unchecked(&mv);
        d = d.saturating_sub(1);
    }
    // The gain is on the board.
    let replies = pos.legal_moves();
    let done = replies.is_empty()
        || (p.gain != WIN && !replies[0].is_capture() && score(&pos, solver) >= target);
    if !done {
        return Err("the line stops before the gain is on the board".into());
    }
    Ok(())
}

#[test]
fn every_puzzle_is_proven_and_unique() {
    let file: File = serde_json::from_str(FILE).expect("puzzles.json parses");
    assert_eq!(file.version, 1);
    let n = file.puzzles.len();
    assert!(n >= 1000, "only {n} puzzles");
    let mut ids = HashSet::new();
    let mut positions = HashSet::new();
    let mut failures = Vec::new();
    for p in &file.puzzles {
        assert!(ids.insert(p.id.clone()), "id {} twice", p.id);
        assert!(!p.source.trim().is_empty(), "{}: no source", p.id);
        assert!(
            (800..=2400).contains(&p.rating),
            "{}: rating {}",
            p.id,
            p.rating
        );
        assert!(!p.themes.is_empty(), "{}: no theme", p.id);
        for t in &p.themes {
            assert!(THEMES.contains(&t.as_str()), "{}: theme {t}", p.id);
        }
        if let Err(e) = check(p) {
            failures.push(format!("{} ({}): {e}", p.id, p.fen));
            continue;
        }
        let pos = Position::from_fen(&p.fen).unwrap();
        // Ids are derived from the position (deep links stay valid when
        // the collection is mined again).
        assert_eq!(
            p.id,
            shashki::engine::puzzle::puzzle_id(&pos),
            "{} id",
            p.fen
        );
        let a = pos.fen();
        let b = mirrored(&pos).fen();
        assert!(
            positions.insert(a.clone().min(b)),
            "{}: same position (or mirror) as another puzzle",
            p.id
        );
    }
    assert!(
        failures.is_empty(),
        "{} of {n} fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_checker_refuses_broken_puzzles() {
    // The how-to-play shot: c3-d4 a5:e5 f4:b8 gives two men, takes two and
    // crowns: 200 up (a king counts three men).
    let good = Puzzle {
        id: "t".into(),
        fen: "W:Wc1,e1,b4,c3,f4,g3,h2:Ba5,c7,d8,e7,f8,g7,h8".into(),
        solution: vec!["c3-d4".into(), "a5:e5".into(), "f4:b8".into()],
        themes: vec!["shot".into()],
        rating: 1000,
        source: "test".into(),
        gain: 200,
        depth: 3,
    };
    check(&good).unwrap();
    // Claiming more than it wins.
    let greedy = Puzzle {
        gain: 300,
        ..good_copy(&good)
    };
    assert!(check(&greedy).is_err());
    // A wrong first move.
    let mut wrong = good_copy(&good);
    wrong.solution[0] = "c3-b2".into();
    assert!(check(&wrong).is_err());
    // Stopping before the gain is taken.
    let mut short = good_copy(&good);
    short.solution.truncate(1);
    assert!(check(&short).is_err());
    // The mirror is the same puzzle seen from the other side.
    let pos = Position::from_fen(&good.fen).unwrap();
    let m = mirrored(&pos);
    assert_eq!(m.turn(), Color::Black);
    assert_eq!(mirrored(&m), pos);
    assert_eq!(m.legal_moves().len(), pos.legal_moves().len());
}

fn good_copy(p: &Puzzle) -> Puzzle {
    Puzzle {
        id: p.id.clone(),
        fen: p.fen.clone(),
        solution: p.solution.clone(),
        themes: p.themes.clone(),
        rating: p.rating,
        source: p.source.clone(),
        gain: p.gain,
        depth: p.depth,
    }
}
