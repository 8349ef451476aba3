//! The analysis board's bindings: `Analyzer` (multi-PV analysis one depth
//! at a time, and single evaluations for the game review),
//! `validateSetup` (the position editor asks the engine whether a
//! placement is a legal position) and `pdnGames` (the classic games).
//! WebAssembly only; the shapes are built by [`crate::views::analysis`].

use super::convert::{self, WebError, MAX_SHORT_TEXT};
use super::js::{clock, js_error, object_json, to_js, Game};
use crate::engine::analysis::{evaluate_through_forced, Analysis};
use crate::engine::{Engine, Limits};
use crate::views::analysis::{summarise_games, validate_pieces, AnalysisView, EvalView};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_ANALYSIS: &'static str = r#"
export interface ProvenResult { winner: Side; plies: number; moves: number; }
export interface AnalysisLine { move: string; score: number | null; result: ProvenResult | null; pv: string[]; }
export interface AnalysisDepth { depth: number; nodes: number; nps: number; timeMs: number; legal: number; lines: AnalysisLine[]; }
export interface Evaluation { score: number | null; result: ProvenResult | null; depth: number; nodes: number; best: string | null; pv: string[]; }
export interface SetupCheck { valid: boolean; fen: string | null; error: { code: string; message: string; detail: ErrorDetail } | null; }
"#;

/// Options of a step or an evaluation: `{movetimeMs, depth, nodes}`. A
/// step may have none (one more depth, however long it takes).
fn limits_of(options: &JsValue, optional: bool) -> Result<Limits, JsValue> {
    if optional && (options.is_undefined() || options.is_null()) {
        return Ok(Limits::default());
    }
    let json = object_json("the analysis options", options)?;
    let opts = convert::search_options_from_json(&json).map_err(js_error)?;
    opts.limits().map_err(js_error)
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

    /// Searches with `n` threads from now on (see `Bot.setThreads`); returns
    /// the number now in use.
    #[wasm_bindgen(js_name = setThreads)]
    pub fn set_threads(&mut self, n: u32) -> Result<u32, JsValue> {
        if !(1..=64).contains(&n) {
            return Err(js_error(WebError::bad_argument(
                "threads must be between 1 and 64",
            )));
        }
        self.engine.set_threads(n as usize);
        Ok(self.engine.threads() as u32)
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
        let limits = limits_of(&options, true)?;
        let a = self
            .analysis
            .as_mut()
            .ok_or_else(|| js_error(WebError::new("no_position", "call setGame before step")))?;
        match a.step(&mut self.engine, &limits, &clock()) {
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
        let limits = limits_of(&options, false)?;
        let g = game.inner();
        let r = evaluate_through_forced(&mut self.engine, g, &limits, &clock());
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
    let json = object_json("the pieces", &pieces)?;
    convert::check_len("the pieces", &json, 8192).map_err(js_error)?;
    if !json.trim_start().starts_with('[') {
        return Err(js_error(WebError::bad_argument(
            "the pieces must be an array of {square, piece}",
        )));
    }
    let pieces = convert::placed_pieces_from_json(&json).map_err(js_error)?;
    let check = validate_pieces(&pieces, &turn).map_err(|m| js_error(WebError::bad_argument(m)))?;
    to_js(&check)
}

/// The games of a PDN collection: `[{white, black, event, site, date, year, result, plies, pdn}]`.
#[wasm_bindgen(js_name = pdnGames)]
pub fn pdn_games(text: JsValue) -> Result<JsValue, JsValue> {
    let text = text
        .as_string()
        .ok_or_else(|| js_error(WebError::bad_argument("the PDN must be a string")))?;
    convert::check_len("pdn", &text, 16 << 20).map_err(js_error)?;
    let games = summarise_games(&text).map_err(|e| js_error(WebError::bad_pdn(&e)))?;
    to_js(&games)
}
