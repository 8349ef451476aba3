//! `game`: play moves from a position and print the status (game layer).
//!
//! ```text
//! shashki game [--fen FEN] MOVE...
//! ```
//!
//! Each MOVE is any notation the move reader accepts (`c3-d4`, `d4:b2`,
//! `d4xb2`, numeric squares, full paths); one argument may also hold several
//! moves separated by spaces, with or without move numbers (`"1. c3-d4 f6-g5"`).
//! Prints one JSON object:
//! `{"fen": ..., "status": {"state", "toMove", "winner", "reason", "counts"},
//! "ply": N, "moves": [...]}` (the status is [`shashki::views::StatusView`],
//! the shape the web page reads) and exits 0; on a bad FEN or a
//! bad move prints `{"error": ..., "code": ..., "ply": N, "move": ...}` and
//! exits 1 (`ply` is the 1-based number of the refused move, 0 for the FEN).

use crate::args::Args;
use serde_json::json;
use shashki::game::Game;
use shashki::views::StatusView;
use std::process::ExitCode;

fn is_move_number(w: &str) -> bool {
    let digits = w.trim_end_matches('.');
    digits.len() < w.len() && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

pub fn game(argv: &[String]) -> Result<ExitCode, String> {
    let a = Args::parse(argv, &[])?;
    a.only(&["fen"])?;
    let mut game = match a.value("fen") {
        None => Game::new(),
        Some(fen) => match Game::from_fen(fen) {
            Ok(g) => g,
            Err(e) => {
                let out = json!({"error": format!("bad FEN: {e}"), "code": "bad_fen", "ply": 0});
                println!("{out}");
                return Ok(ExitCode::from(1));
            }
        },
    };
    let words = a
        .positional
        .iter()
        .flat_map(|p| p.split_whitespace())
        .filter(|w| !is_move_number(w));
    for w in words {
        if let Err(e) = game.play_text(w) {
            let out = json!({
                "error": e.to_string(),
                "code": e.code(),
                "ply": game.ply() + 1,
                "move": w,
                "fen": game.position().fen(),
            });
            println!("{out}");
            return Ok(ExitCode::from(1));
        }
    }
    let out = json!({
        "fen": game.position().fen(),
        "status": StatusView::of(&game),
        "ply": game.ply(),
        "moves": game.history().iter().map(|p| p.notation.as_str()).collect::<Vec<_>>(),
    });
    println!("{out}");
    Ok(ExitCode::SUCCESS)
}
