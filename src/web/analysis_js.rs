//! The analysis board's bindings: `Analyzer` (multi-PV analysis one depth
//! at a time, and single evaluations for the game review) and
//! `validateSetup` (the position editor asks the engine whether a
//! placement is a legal position).
//!
//! The shapes JavaScript sees are built by plain Rust ([`AnalysisView`],
//! [`EvalView`], [`validate_pieces`]), tested natively in
//! `tests/analysis.rs`; the `#[wasm_bindgen]` items only convert.
//!
//! Scores are from White's side in men (`1.4` = White is better by about
//! a man and a half); a proven result is `result: {winner, plies, moves}`
//! instead (`moves`: the winner's own moves to the end).

use super::convert::{self, WebError, MAX_SHORT_TEXT};
use super::js::{js_error, Game};
use crate::engine::analysis::{evaluate_through_forced, proven_plies, Analysis, DepthReport};
use crate::engine::{Clock, Engine, Limits, SearchResult};
use crate::notation;
use crate::position::{Position, PositionError, Setup};
use crate::square::{Color, Square};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_ANALYSIS: &'static str = r#"
export interface ProvenResult { winner: Side; plies: number; moves: number; }
export interface AnalysisLine { move: string; score: number | null; result: ProvenResult | null; pv: string[]; }
export interface AnalysisDepth { depth: number; nodes: number; nps: number; timeMs: number; legal: number; lines: AnalysisLine[]; }
export interface Evaluation { score: number | null; result: ProvenResult | null; depth: number; nodes: number; best: string | null; pv: string[]; }
export interface SetupCheck { valid: boolean; fen: string | null; error: { code: string; message: string } | null; }
"#;

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
pub fn line_text(pos: &Position, line: &[crate::movegen::Move]) -> Vec<String> {
    let mut pos = *pos;
    let mut out = Vec::with_capacity(line.len());
    for mv in line {
        let legal = pos.legal_moves();
        if !legal.contains(mv) {
            break;
        }
        out.push(notation::write(mv, &legal));
        pos = pos.play_unchecked(mv);
    }
    out
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

/// One piece placed by the editor: `{square: "c3", piece: "white-man"}`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
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
pub fn validate_pieces(pieces: &[PlacedPiece], turn: &str) -> Result<SetupCheck, WebError> {
    if pieces.len() > 32 {
        return Err(WebError::bad_argument(
            "at most 32 pieces (one per dark square)",
        ));
    }
    let mut setup = Setup::default();
    let mut taken = crate::Bitboard::default();
    for p in pieces {
        convert::check_len("square", &p.square, 16)?;
        let sq: Square = p
            .square
            .parse()
            .map_err(|e: crate::square::SquareError| WebError::bad_argument(e.to_string()))?;
        if taken.contains(sq) {
            return Err(WebError::bad_argument(format!(
                "square {sq} is given twice"
            )));
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
                return Err(WebError::bad_argument(format!(
                    "unknown piece '{}' (white-man, white-king, black-man or black-king)",
                    other.chars().take(24).collect::<String>()
                )))
            }
        }
    }
    setup.turn = match turn {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        "" => None,
        _ => {
            return Err(WebError::bad_argument(
                "the side to move is \"white\" or \"black\"",
            ))
        }
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
            }),
        },
    })
}

/// Options of a step or an evaluation: `{movetimeMs, depth, nodes}`. A
/// step may have none (one more depth, however long it takes).
fn limits_of(options: JsValue, optional: bool) -> Result<Limits, JsValue> {
    if optional && (options.is_undefined() || options.is_null()) {
        return Ok(Limits::default());
    }
    let opts: convert::SearchOptions = serde_wasm_bindgen::from_value(options)
        .map_err(|e| js_error(WebError::bad_argument(format!("bad analysis options: {e}"))))?;
    opts.limits().map_err(js_error)
}

fn to_js<T: Serialize>(v: &T) -> Result<JsValue, JsValue> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| {
            js_error(WebError::new(
                "internal",
                format!("cannot convert a value: {e}"),
            ))
        })
}

fn now_ms() -> f64 {
    js_sys::Reflect::get(&js_sys::global(), &"performance".into())
        .ok()
        .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
        .map(|p| p.now())
        .unwrap_or_else(js_sys::Date::now)
}

/// The analysis engine for the analysis board's Worker.
#[wasm_bindgen]
pub struct Analyzer {
    engine: Engine,
    analysis: Option<Analysis>,
}

#[wasm_bindgen]
impl Analyzer {
    /// An analyzer with a transposition table of `ttMegabytes` MB (default 16).
    #[wasm_bindgen(constructor)]
    pub fn new(tt_megabytes: Option<u32>) -> Result<Analyzer, JsValue> {
        let mb = tt_megabytes.unwrap_or(crate::engine::DEFAULT_TT_MB as u32);
        if !(1..=512).contains(&mb) {
            return Err(js_error(WebError::bad_argument(
                "ttMegabytes must be between 1 and 512",
            )));
        }
        Ok(Analyzer {
            engine: Engine::new(mb as usize),
            analysis: None,
        })
    }

    /// Starts analysing the game's current position with `multipv`
    /// candidates (1 to 10, default 3).
    #[wasm_bindgen(js_name = setGame)]
    pub fn set_game(&mut self, game: &Game, multipv: Option<u32>) -> Result<(), JsValue> {
        let k = multipv.unwrap_or(3);
        if !(1..=10).contains(&k) {
            return Err(js_error(WebError::bad_argument(
                "multipv must be between 1 and 10",
            )));
        }
        self.analysis = Some(Analysis::new(game.inner(), k as usize));
        Ok(())
    }

    /// Searches the next depth (within `{movetimeMs, depth, nodes}` when
    /// given) and returns it, or null when there is nothing more to find
    /// (a finished game, a proven result) or a limit cut the depth short.
    #[wasm_bindgen(unchecked_return_type = "AnalysisDepth | null")]
    pub fn step(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "SearchOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let limits = limits_of(options, true)?;
        let a = self
            .analysis
            .as_mut()
            .ok_or_else(|| js_error(WebError::new("no_position", "call setGame before step")))?;
        match a.step(&mut self.engine, &limits, &Clock::new(now_ms)) {
            Some(r) => to_js(&AnalysisView::new(a.root(), &r)),
            None => Ok(JsValue::NULL),
        }
    }

    /// True when further steps would find nothing new.
    #[wasm_bindgen(getter)]
    pub fn finished(&self) -> bool {
        self.analysis.as_ref().is_none_or(|a| a.is_finished())
    }

    /// One evaluation of the game's current position within the options
    /// (the review): White's score, the best move and its line. Forced
    /// moves are played through (see `evaluate_through_forced`).
    #[wasm_bindgen(unchecked_return_type = "Evaluation")]
    pub fn evaluate(
        &mut self,
        game: &Game,
        #[wasm_bindgen(unchecked_param_type = "SearchOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let limits = limits_of(options, false)?;
        let g = game.inner();
        let r = evaluate_through_forced(&mut self.engine, g, &limits, &Clock::new(now_ms));
        to_js(&EvalView::new(g.position(), &r))
    }

    /// Forgets what the engine has learnt.
    pub fn clear(&mut self) {
        self.engine.clear();
    }
}

/// The editor's check: `pieces` is `[{square, piece}]`, `turn` "white" or
/// "black". Returns `{valid, fen, error: {code, message}}`.
#[wasm_bindgen(js_name = validateSetup, unchecked_return_type = "SetupCheck")]
pub fn validate_setup(pieces: JsValue, turn: JsValue) -> Result<JsValue, JsValue> {
    let turn = turn.as_string().unwrap_or_default();
    if turn.len() > MAX_SHORT_TEXT {
        return Err(js_error(WebError::bad_argument("turn is too long")));
    }
    let pieces: Vec<PlacedPiece> = serde_wasm_bindgen::from_value(pieces)
        .map_err(|e| js_error(WebError::bad_argument(format!("bad pieces: {e}"))))?;
    to_js(&validate_pieces(&pieces, &turn).map_err(js_error)?)
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
            }
        })
        .collect())
}

/// The games of a PDN collection: `[{white, black, event, site, date, year, result, plies, pdn}]`.
#[wasm_bindgen(js_name = pdnGames)]
pub fn pdn_games(text: JsValue) -> Result<JsValue, JsValue> {
    let text = text
        .as_string()
        .ok_or_else(|| js_error(WebError::bad_argument("the PDN must be a string")))?;
    convert::check_len("pdn", &text, 16 << 20).map_err(js_error)?;
    let games =
        summarise_games(&text).map_err(|e| js_error(WebError::new("bad_pdn", e.to_string())))?;
    to_js(&games)
}
