//! The JSON shapes of the analysis board (plain Rust, tested natively in
//! `tests/analysis.rs`; the wasm bindings in `web::analysis_js` only move
//! them across): one finished depth of a multi-PV analysis, one review
//! evaluation, the position editor's check, a PDN collection's summary.
//!
//! Scores are from White's side in men (`1.4` = White is better by about
//! a man and a half); a proven result is `result: {winner, plies, moves}`
//! instead (`moves`: the winner's own moves to the end).

use crate::engine::analysis::{proven_plies, DepthReport};
use crate::engine::SearchResult;
use crate::notation;
use crate::position::{Position, PositionError, Setup};
use crate::square::{Color, Square};
use crate::views::pv_notation;
use serde::Serialize;

/// A proven result: who wins and in how many plies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultView {
    pub winner: &'static str,
    pub plies: u32,
    /// The winner's own moves to the end of the game.
    pub moves: u32,
}

/// A score for the side to move `turn`, turned to White's side: men, or
/// a proven result.
pub fn white_score(score: i32, turn: Color) -> (Option<f64>, Option<ResultView>) {
    let white = if turn == Color::White { score } else { -score };
    match proven_plies(white) {
        Some(p) => {
            let plies = p.unsigned_abs();
            // The winner moves first when White wins with White to move.
            let winner_first = (p > 0) == (turn == Color::White);
            let moves = if winner_first {
                plies.div_ceil(2)
            } else {
                plies / 2
            };
            let winner = if p > 0 { "white" } else { "black" };
            (
                None,
                Some(ResultView {
                    winner,
                    plies,
                    moves: moves.max(1),
                }),
            )
        }
        None => (Some(white as f64 / 100.0), None),
    }
}

/// Notation of a line from `pos`, stopping at the first move that is not
/// legal there.
pub fn line_text(pos: &Position, line: &[crate::moves::Move]) -> Vec<String> {
    pv_notation(pos, line)
}

/// One candidate as JavaScript sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LineView {
    #[serde(rename = "move")]
    pub mv: String,
    pub score: Option<f64>,
    pub result: Option<ResultView>,
    pub pv: Vec<String>,
}

/// One finished depth as JavaScript sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisView {
    pub depth: u32,
    pub nodes: u64,
    /// Nodes per second over the whole analysis.
    pub nps: u64,
    pub time_ms: f64,
    pub legal: usize,
    pub lines: Vec<LineView>,
}

impl AnalysisView {
    pub fn new(root: &Position, r: &DepthReport) -> AnalysisView {
        let lines = r
            .lines
            .iter()
            .map(|l| {
                let (score, result) = white_score(l.score, root.turn());
                LineView {
                    mv: notation::write(&l.mv, &root.legal_moves()),
                    score,
                    result,
                    pv: line_text(root, &l.pv),
                }
            })
            .collect();
        AnalysisView {
            depth: r.depth,
            nodes: r.nodes,
            nps: if r.time_ms > 0.0 {
                (r.nodes as f64 * 1000.0 / r.time_ms) as u64
            } else {
                0
            },
            time_ms: r.time_ms,
            legal: r.legal,
            lines,
        }
    }
}

/// A single evaluation (the game review) as JavaScript sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EvalView {
    pub score: Option<f64>,
    pub result: Option<ResultView>,
    pub depth: u32,
    pub nodes: u64,
    pub best: Option<String>,
    pub pv: Vec<String>,
}

impl EvalView {
    /// `r` was searched from `pos`.
    pub fn new(pos: &Position, r: &SearchResult) -> EvalView {
        let (score, result) = white_score(r.score, pos.turn());
        let pv = line_text(pos, &r.pv);
        EvalView {
            score,
            result,
            depth: r.depth,
            nodes: r.nodes,
            best: r
                .best
                .as_ref()
                .map(|m| notation::write(m, &pos.legal_moves())),
            pv,
        }
    }
}

/// One piece placed by the editor: `{square: "c3", piece: "white-man"}`
/// (read from the page's JSON by `web::convert::placed_pieces_from_json`).
#[derive(Clone, Debug)]
pub struct PlacedPiece {
    pub square: String,
    pub piece: String,
}

/// The editor's answer: a legal position's FEN, or the engine's error.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SetupCheck {
    pub valid: bool,
    pub fen: Option<String>,
    pub error: Option<SetupError>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SetupError {
    pub code: &'static str,
    pub message: String,
    /// The error as a stable code and the square or side it names.
    pub detail: crate::error_detail::ErrorDetail,
}

/// A stable word for each [`PositionError`].
pub fn position_error_code(e: &PositionError) -> &'static str {
    match e {
        PositionError::BothColors(_) => "both_colors",
        PositionError::KingOnEmptySquare(_) => "king_on_empty_square",
        PositionError::ManOnCrowningRank { .. } => "man_on_crowning_rank",
        PositionError::TooManyPieces { .. } => "too_many_pieces",
        PositionError::NoSideToMove => "no_side_to_move",
    }
}

/// Builds a [`Setup`] from the editor's pieces and side to move and asks
/// the rules whether it is a position. Malformed input (an unknown piece
/// name, a light square, a square named twice) is an `Err`; a placement
/// the rules refuse is `Ok` with `valid: false` and the rules' error.
pub fn validate_pieces(pieces: &[PlacedPiece], turn: &str) -> Result<SetupCheck, String> {
    if pieces.len() > 32 {
        return Err(String::from("at most 32 pieces (one per dark square)"));
    }
    let mut setup = Setup::default();
    let mut taken = crate::Bitboard::default();
    for p in pieces {
        if p.square.len() > 16 {
            return Err("a square name is at most 16 characters".into());
        }
        let sq: Square = p
            .square
            .parse()
            .map_err(|e: crate::square::SquareError| e.to_string())?;
        if taken.contains(sq) {
            return Err(format!("square {sq} is given twice"));
        }
        taken = taken.with(sq);
        match p.piece.as_str() {
            "white-man" => setup.white = setup.white.with(sq),
            "black-man" => setup.black = setup.black.with(sq),
            "white-king" => {
                setup.white = setup.white.with(sq);
                setup.kings = setup.kings.with(sq);
            }
            "black-king" => {
                setup.black = setup.black.with(sq);
                setup.kings = setup.kings.with(sq);
            }
            other => {
                return Err(format!(
                    "unknown piece '{}' (white-man, white-king, black-man or black-king)",
                    other.chars().take(24).collect::<String>()
                ))
            }
        }
    }
    setup.turn = match turn {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        "" => None,
        _ => return Err(String::from("the side to move is \"white\" or \"black\"")),
    };
    Ok(match Position::try_from(setup) {
        Ok(pos) => SetupCheck {
            valid: true,
            fen: Some(pos.fen()),
            error: None,
        },
        Err(e) => SetupCheck {
            valid: false,
            fen: None,
            error: Some(SetupError {
                code: position_error_code(&e),
                message: e.to_string(),
                detail: e.detail(),
            }),
        },
    })
}

/// One game of a PDN collection, for the classic games browser.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameSummary {
    pub white: String,
    pub black: String,
    pub event: String,
    pub site: String,
    pub date: String,
    /// The year, when the date has one.
    pub year: Option<u32>,
    /// `2-0`, `0-2`, `1-1` or `*`, as the rules see the game.
    pub result: &'static str,
    pub plies: usize,
    /// The game alone, as PDN (what `Game.fromPdn` reads back).
    pub pdn: String,
    /// The id of the named opening the game reaches ("" if none).
    pub opening: &'static str,
}

/// Every game of a PDN text, summarised; the first error stops it.
pub fn summarise_games(text: &str) -> Result<Vec<GameSummary>, crate::game::PdnError> {
    let games = crate::game::pdn::parse_games(text)?;
    Ok(games
        .iter()
        .map(|g| {
            let tag = |n: &str| g.tag(n).unwrap_or("").to_string();
            let date = tag("Date");
            GameSummary {
                white: tag("White"),
                black: tag("Black"),
                event: tag("Event"),
                site: tag("Site"),
                year: date.get(..4).and_then(|y| y.parse().ok()),
                date,
                result: g.status().result_text(),
                plies: g.ply(),
                pdn: g.to_pdn(),
                opening: g.opening().map_or("", |o| o.id),
            }
        })
        .collect())
}
