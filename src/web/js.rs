//! The exported JavaScript classes `Game` and `Bot`.

use super::convert::{
    self, MoveRequest, MoveView, SearchView, WebError, MAX_PDN_TEXT, MAX_SHORT_TEXT,
};
use crate::game;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** A legal move. Squares are algebraic ("c3"). */
export interface MoveObject {
  /** Russian notation: "c3-d4", "d4:b2", or the full path when two captures share both ends. */
  notation: string;
  from: string;
  to: string;
  /** Start square and every landing square. */
  path: string[];
  /** Squares of the captured pieces. */
  captures: string[];
  /** True when a man is crowned by this move. */
  crowns: boolean;
}
/** What `play` accepts: notation text in any form, or an object naming the move. */
export type MoveInput = string | { from: string; to: string; captures?: string[] } | { path: string[] };
export type Side = "white" | "black";
export type DrawReason = "repetition" | "kings_vs_lone_king" | "main_road" | "kings_balance" | "kings_only" | "agreement";
export type WinReason = "no_moves" | "no_pieces" | "resignation";
export interface GameStatus {
  state: "ongoing" | "win" | "draw";
  toMove: Side;
  winner: Side | null;
  reason: WinReason | DrawReason | null;
  /** The running automatic-draw counts (only the active ones). */
  counts: Record<string, any>;
}
export interface HistoryEntry extends MoveObject {
  ply: number;
  /** The move number (White's and Black's moves share one). */
  moveNumber: number;
  /** The side that made the move. */
  side: Side;
  /** FEN after the move. */
  fen: string;
}
export interface BoardPiece { square: string; color: Side; role: "man" | "king"; piece: "white-man" | "white-king" | "black-man" | "black-king"; }
/** Errors thrown by this module are `Error`s with these extra properties. */
export interface ShashkiError extends Error {
  code: "bad_notation" | "illegal_move" | "ambiguous_move" | "game_over" | "bad_argument" | "bad_fen" | "bad_pdn" | "no_draw_offer" | string;
  reason?: string;
  candidates?: string[];
  /** For `illegal_move`: why, as a stable code (notation::IllegalReason::CODES). */
  reasonCode?: "noPiece" | "notYours" | "gameOver" | "notFinished" | "kingMustStop" | "mustCaptureOther" | "mustCaptureTo" | "noSuchPath" | "noMove" | "onlyTo";
  /** The squares the reason names: `square`, `side` (to move), `squares` (where the piece could go). */
  reasonParams?: { square?: string; side?: Side; squares?: string[] };
  /** For `bad_fen`, `bad_pdn` and move errors: a stable code (error_detail::ErrorDetail::CODES), the facts it names, and the detail of an error inside it (a bad move or FEN tag in a PDN game). */
  detail?: ErrorDetail;
}
export interface ErrorDetail {
  code: string;
  params: { game?: number; line?: number; number?: number; side?: Side; text?: string; name?: string; value?: string; square?: string; squares?: string[]; moves?: string[]; count?: number; limit?: number; reason?: string };
  inner?: ErrorDetail;
}
export interface SearchOutput { move: MoveObject | null; score: number; depth: number; nodes: number; pv: string[]; }
export interface SearchOptions { movetimeMs?: number; depth?: number; nodes?: number; }
export interface LevelInfo { level: number; name: string; description: string; movetimeMs: number; }
"#;

/// The bytes of a `Uint8Array` or an `ArrayBuffer` (a view, not a copy);
/// anything else is a `bad_argument` error saying `what` must be one.
pub(crate) fn byte_array(value: &JsValue, what: &str) -> Result<js_sys::Uint8Array, JsValue> {
    if let Some(a) = value.dyn_ref::<js_sys::Uint8Array>() {
        Ok(a.clone())
    } else if let Some(b) = value.dyn_ref::<js_sys::ArrayBuffer>() {
        Ok(js_sys::Uint8Array::new(b))
    } else {
        Err(js_error(WebError::bad_argument(format!(
            "{what} must be a Uint8Array or an ArrayBuffer"
        ))))
    }
}

/// Turns a [`WebError`] into a JavaScript `Error` with `code`, `reason`,
/// `candidates`, `detail` when it has one, and for an illegal move
/// `reasonCode` and `reasonParams`.
pub(crate) fn js_error(e: WebError) -> JsValue {
    let err = js_sys::Error::new(&e.message);
    let obj: &JsValue = err.as_ref();
    let _ = js_sys::Reflect::set(obj, &"code".into(), &e.code.into());
    if let Some(r) = &e.reason {
        let _ = js_sys::Reflect::set(obj, &"reason".into(), &r.into());
    }
    if !e.candidates.is_empty() {
        let arr: js_sys::Array = e.candidates.iter().map(|c| JsValue::from_str(c)).collect();
        let _ = js_sys::Reflect::set(obj, &"candidates".into(), &arr);
    }
    if let Some(detail) = &e.detail {
        if let Ok(d) = to_js(detail) {
            let _ = js_sys::Reflect::set(obj, &"detail".into(), &d);
        }
    }
    if let Some(why) = &e.illegal {
        let _ = js_sys::Reflect::set(obj, &"reasonCode".into(), &why.code().into());
        if let Ok(params) = to_js(&why.params()) {
            let _ = js_sys::Reflect::set(obj, &"reasonParams".into(), &params);
        }
    }
    err.into()
}

/// A Rust value as a fresh JavaScript object: serde_json text through
/// `JSON.parse`, which makes plain data properties (no setter a page put on
/// `Object.prototype` runs) and is a caught call.
pub(crate) fn to_js<T: Serialize>(v: &T) -> Result<JsValue, JsValue> {
    let text = serde_json::to_string(v).map_err(|e| {
        js_error(WebError::new(
            "internal",
            format!("cannot convert a value for JavaScript: {e}"),
        ))
    })?;
    js_sys::JSON::parse(&text).map_err(|e| {
        js_error(WebError::new(
            "internal",
            format!(
                "cannot convert a value for JavaScript: {}",
                thrown_message(&e)
            ),
        ))
    })
}

/// The message of something JavaScript threw, read without running any
/// more page code outside a caught call.
fn thrown_message(e: &JsValue) -> String {
    if let Some(s) = e.as_string() {
        return s;
    }
    js_sys::Reflect::get(e, &"message".into())
        .ok()
        .and_then(|m| m.as_string())
        .unwrap_or_else(|| "an exception was thrown".to_string())
}

/// The JSON text of an object from the page. `JSON.stringify` runs every
/// getter, `toJSON` and `Proxy` trap inside one caught call, so whatever
/// they throw comes back here as a `bad_argument` error: nothing unwinds
/// through Rust while it holds a `Game` or a `Bot`, which would leave the
/// object locked for good ("recursive use of an object detected").
pub(crate) fn object_json(what: &str, v: &JsValue) -> Result<String, JsValue> {
    let text = js_sys::JSON::stringify(v).map_err(|e| {
        js_error(WebError::bad_argument(format!(
            "{what} could not be read: {}",
            thrown_message(&e)
        )))
    })?;
    text.as_string()
        .ok_or_else(|| js_error(WebError::bad_argument(format!("{what} must be an object"))))
}

/// A whole number in `lo..=hi` from a JavaScript number (no coercion: a
/// string, an object or `NaN` is refused). The bounds are integers so that
/// the message prints no float (core's float printer is 14 KB of wasm).
fn int_arg(what: &str, v: &JsValue, lo: u32, hi: u32) -> Result<f64, JsValue> {
    v.as_f64()
        .filter(|n| n.fract() == 0.0 && (f64::from(lo)..=f64::from(hi)).contains(n))
        .ok_or_else(|| {
            js_error(WebError::bad_argument(format!(
                "{what} must be a whole number from {lo} to {hi}"
            )))
        })
}

/// A string argument, or a `bad_argument` error naming what was expected.
fn string_arg(what: &str, v: &JsValue, max: usize) -> Result<String, JsValue> {
    let s = v
        .as_string()
        .ok_or_else(|| js_error(WebError::bad_argument(format!("{what} must be a string"))))?;
    convert::check_len(what, &s, max).map_err(js_error)?;
    Ok(s)
}

/// A whole game of Russian draughts: position, record, status, draws.
#[wasm_bindgen]
pub struct Game {
    inner: game::Game,
}

#[wasm_bindgen]
impl Game {
    /// A new game from the starting position.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Game {
        Game {
            inner: game::Game::new(),
        }
    }

    /// A new game from a FEN (`W:Wa1,c3,Kd4:Bh8,Kb8`, numeric squares accepted).
    #[wasm_bindgen(js_name = fromFen)]
    pub fn from_fen(fen: JsValue) -> Result<Game, JsValue> {
        let fen = string_arg("fen", &fen, MAX_SHORT_TEXT)?;
        game::Game::from_fen(&fen)
            .map(|inner| Game { inner })
            .map_err(|e| js_error(WebError::bad_fen(&e)))
    }

    /// The first game of a PDN text.
    #[wasm_bindgen(js_name = fromPdn)]
    pub fn from_pdn(pdn: JsValue) -> Result<Game, JsValue> {
        let pdn = string_arg("pdn", &pdn, MAX_PDN_TEXT)?;
        game::Game::from_pdn(&pdn)
            .map(|inner| Game { inner })
            .map_err(|e| js_error(WebError::bad_pdn(&e)))
    }

    fn moves_view(&self, from: &JsValue) -> Result<Vec<MoveView>, JsValue> {
        let legal = self.inner.legal_moves();
        let only = if from.is_undefined() || from.is_null() {
            None
        } else {
            let s = string_arg("from", from, 16)?;
            Some(
                s.parse::<crate::Square>()
                    .map_err(|e| js_error(WebError::new("bad_notation", e.to_string())))?,
            )
        };
        Ok(legal
            .iter()
            .filter(|m| only.is_none_or(|f| m.from() == f))
            .map(|m| MoveView::new(m, &legal))
            .collect())
    }

    /// Every legal move (only those from `from`, when given).
    #[wasm_bindgen(js_name = legalMoves, unchecked_return_type = "MoveObject[]")]
    pub fn legal_moves_js(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] from: JsValue,
    ) -> Result<JsValue, JsValue> {
        to_js(&self.moves_view(&from)?)
    }

    /// Same as `legalMoves`.
    #[wasm_bindgen(unchecked_return_type = "MoveObject[]")]
    pub fn legal_moves(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] from: JsValue,
    ) -> Result<JsValue, JsValue> {
        to_js(&self.moves_view(&from)?)
    }

    /// Plays a move given as notation text or as an object; returns the move
    /// played. On error the game is unchanged.
    #[wasm_bindgen(unchecked_return_type = "MoveObject")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "MoveInput")] mv: JsValue,
    ) -> Result<JsValue, JsValue> {
        // Everything JavaScript can run (getters, Proxy traps) runs here,
        // in caught calls, before the game is touched.
        let req = if let Some(text) = mv.as_string() {
            MoveRequest::Text(text)
        } else if mv.is_object() {
            let json = object_json("the move object", &mv)?;
            MoveRequest::Object(convert::move_input_from_json(&json).map_err(js_error)?)
        } else {
            return Err(js_error(WebError::bad_argument(
                "a move must be notation text or an object {from, to} / {path}",
            )));
        };
        let view = convert::play(&mut self.inner, &req).map_err(js_error)?;
        to_js(&view)
    }

    /// `{state, toMove, winner, reason, counts}`.
    #[wasm_bindgen(unchecked_return_type = "GameStatus")]
    pub fn status(&self) -> Result<JsValue, JsValue> {
        to_js(&convert::status(&self.inner))
    }

    /// FEN of the current position.
    pub fn fen(&self) -> String {
        self.inner.position().fen()
    }

    /// FEN of the position the game started from.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.inner.start_position().fen()
    }

    /// The game as PDN.
    pub fn pdn(&self) -> String {
        self.inner.to_pdn()
    }

    /// Side to move: "white" or "black".
    pub fn turn(&self) -> String {
        self.inner.position().turn().name().to_string()
    }

    /// The side to move in the starting position: "white" or "black".
    #[wasm_bindgen(js_name = startTurn)]
    pub fn start_turn(&self) -> String {
        self.inner.start_position().turn().name().to_string()
    }

    /// The moves up to the cursor, each with the FEN after it.
    #[wasm_bindgen(unchecked_return_type = "HistoryEntry[]")]
    pub fn history(&self) -> Result<JsValue, JsValue> {
        to_js(&convert::history(&self.inner))
    }

    /// Number of moves played up to the cursor.
    pub fn ply(&self) -> usize {
        self.inner.ply()
    }

    /// Number of moves in the record, including any that `redo` can replay.
    pub fn length(&self) -> usize {
        self.inner.record_len()
    }

    /// Takes back one move; false at the start.
    pub fn undo(&mut self) -> bool {
        self.inner.undo()
    }

    /// Replays one undone move; false when there is none.
    pub fn redo(&mut self) -> bool {
        self.inner.redo()
    }

    /// Moves the cursor to `ply` (0 = start); false when out of range.
    pub fn goto(&mut self, ply: JsValue) -> Result<bool, JsValue> {
        let n = ply
            .as_f64()
            .filter(|n| n.fract() == 0.0 && *n >= 0.0 && *n <= 1e6)
            .ok_or_else(|| js_error(WebError::bad_argument("ply must be a whole number >= 0")))?;
        Ok(self.inner.goto(n as usize))
    }

    /// `side` offers a draw.
    #[wasm_bindgen(js_name = offerDraw)]
    pub fn offer_draw(&mut self, side: JsValue) -> Result<(), JsValue> {
        let side = convert::side(&string_arg("side", &side, 16)?).map_err(js_error)?;
        self.inner.offer_draw(side).map_err(|e| js_error(e.into()))
    }

    /// The pending draw offer is accepted: the game is drawn.
    #[wasm_bindgen(js_name = acceptDraw)]
    pub fn accept_draw(&mut self) -> Result<(), JsValue> {
        self.inner.accept_draw().map_err(|e| js_error(e.into()))
    }

    /// The pending draw offer is declined.
    #[wasm_bindgen(js_name = declineDraw)]
    pub fn decline_draw(&mut self) -> Result<(), JsValue> {
        self.inner.decline_draw().map_err(|e| js_error(e.into()))
    }

    /// The side whose draw offer is pending, or null.
    #[wasm_bindgen(js_name = drawOffer)]
    pub fn draw_offer(&self) -> Option<String> {
        self.inner.draw_offer().map(|c| c.name().to_string())
    }

    /// `side` resigns.
    pub fn resign(&mut self, side: JsValue) -> Result<(), JsValue> {
        let side = convert::side(&string_arg("side", &side, 16)?).map_err(js_error)?;
        self.inner.resign(side).map_err(|e| js_error(e.into()))
    }

    /// `side`'s clock ran out: `side` loses on time (a flag fall).
    #[wasm_bindgen(js_name = loseOnTime)]
    pub fn lose_on_time(&mut self, side: JsValue) -> Result<(), JsValue> {
        let side = convert::side(&string_arg("side", &side, 16)?).map_err(js_error)?;
        self.inner
            .lose_on_time(side)
            .map_err(|e| js_error(e.into()))
    }

    /// Every piece with its square, for rendering.
    #[wasm_bindgen(unchecked_return_type = "BoardPiece[]")]
    pub fn board(&self) -> Result<JsValue, JsValue> {
        to_js(&convert::board(&self.inner))
    }

    /// Sets a PDN tag (Event, White, Black, Date, ...).
    #[wasm_bindgen(js_name = setTag)]
    pub fn set_tag(&mut self, name: JsValue, value: JsValue) -> Result<(), JsValue> {
        let name = string_arg("tag name", &name, 64)?;
        let value = string_arg("tag value", &value, MAX_SHORT_TEXT)?;
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(js_error(WebError::bad_argument(
                "a tag name is letters, digits and _ only",
            )));
        }
        self.inner.set_tag(&name, &value);
        Ok(())
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// The game inside, for the bot.
    pub(crate) fn inner(&self) -> &game::Game {
        &self.inner
    }
}

/// Runs once when the module is instantiated (page or worker): readable
/// panic messages in debug builds.
#[wasm_bindgen(start)]
pub fn start() {
    #[cfg(all(debug_assertions, target_arch = "wasm32"))]
    console_error_panic_hook::set_once();
}

/// Perft from a FEN (the start when `fen` is undefined): the number of
/// leaf positions `depth` plies deep. For benchmarks of the wasm build.
#[wasm_bindgen]
pub fn perft(
    fen: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] depth: JsValue,
) -> Result<f64, JsValue> {
    let depth = int_arg("depth", &depth, 0, 12)? as u32;
    let pos = if fen.is_undefined() || fen.is_null() {
        crate::Position::start()
    } else {
        let fen = string_arg("fen", &fen, MAX_SHORT_TEXT)?;
        crate::Position::from_fen(&fen).map_err(|e| js_error(WebError::bad_fen(&e)))?
    };
    Ok(crate::perft::perft(&pos, depth) as f64)
}

#[wasm_bindgen]
extern "C" {
    // Caught calls: a page that replaces these with throwing functions
    // makes the clock jump ahead (the search stops), never an exception
    // unwinding through a borrowed `Bot`.
    #[wasm_bindgen(catch, js_namespace = performance, js_name = now)]
    fn performance_now() -> Result<f64, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Date, js_name = now)]
    fn date_now() -> Result<f64, JsValue>;
}

/// Milliseconds for the engine's clock: `performance.now()` where there is
/// one (pages and workers), else `Date.now()`. A failed or non-finite
/// reading counts as a long time passed, so a bounded search still ends.
fn now_ms() -> f64 {
    use std::cell::Cell;
    thread_local! {
        static LAST: Cell<f64> = const { Cell::new(0.0) };
    }
    let read = performance_now()
        .ok()
        .filter(|t| t.is_finite())
        .or_else(|| date_now().ok().filter(|t| t.is_finite()));
    LAST.with(|last| {
        let t = match read {
            Some(t) if t >= last.get() => t,
            _ => last.get() + 3_600_000.0,
        };
        last.set(t);
        t
    })
}

pub(crate) fn clock() -> crate::engine::Clock {
    crate::engine::Clock::new(now_ms)
}

/// The bot: the search engine with its transposition table. Meant for a
/// Web Worker; the page's main thread should never search.
#[wasm_bindgen]
pub struct Bot {
    engine: crate::engine::Engine,
}

#[wasm_bindgen]
impl Bot {
    /// A bot with a transposition table of `ttMegabytes` MB (default 16).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] tt_megabytes: JsValue,
    ) -> Result<Bot, JsValue> {
        let mb = if tt_megabytes.is_undefined() || tt_megabytes.is_null() {
            crate::engine::DEFAULT_TT_MB as u32
        } else {
            int_arg("ttMegabytes", &tt_megabytes, 1, 512)? as u32
        };
        Ok(Bot {
            engine: crate::engine::Engine::new(mb as usize),
        })
    }

    /// The move the given level (1 = beginner ..= 6 = maximum) plays, within
    /// the level's time budget. `seed` drives the weaker levels' choices and
    /// the book move of levels 5 and 6 (`engine::book`).
    #[wasm_bindgen(unchecked_return_type = "SearchOutput")]
    pub fn play(
        &mut self,
        game: &Game,
        #[wasm_bindgen(unchecked_param_type = "number")] level: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] seed: JsValue,
    ) -> Result<JsValue, JsValue> {
        let level = level
            .as_f64()
            .ok_or_else(|| js_error(WebError::bad_argument("level must be a number")))?;
        let level = convert::level(level).map_err(js_error)?;
        let seed = seed_arg(&seed)?;
        let r = self.engine.play_level(game.inner(), level, seed, &clock());
        to_js(&SearchView::new(game.inner().position(), &r))
    }

    /// The move the level plays on a game clock: its thinking time is
    /// [`moveBudget`](move_budget)`(remainingMs, incrementMs, level)`
    /// (`engine::move_budget_ms`), never more than the level's own budget.
    #[wasm_bindgen(js_name = playOnClock, unchecked_return_type = "SearchOutput")]
    pub fn play_on_clock(
        &mut self,
        game: &Game,
        #[wasm_bindgen(unchecked_param_type = "number")] level: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] seed: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] remaining_ms: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] increment_ms: JsValue,
    ) -> Result<JsValue, JsValue> {
        let budget = move_budget(level.clone(), remaining_ms, increment_ms)?;
        let level = convert::level(level.as_f64().unwrap_or(1.0)).map_err(js_error)?;
        let seed = seed_arg(&seed)?;
        let r = self
            .engine
            .play_level_within(game.inner(), level, seed, &clock(), budget);
        to_js(&SearchView::new(game.inner().position(), &r))
    }

    /// Full-strength search within `{movetimeMs, depth, nodes}`.
    #[wasm_bindgen(unchecked_return_type = "SearchOutput")]
    pub fn search(
        &mut self,
        game: &Game,
        #[wasm_bindgen(unchecked_param_type = "SearchOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let json = object_json("the search options", &options)?;
        let opts = convert::search_options_from_json(&json).map_err(js_error)?;
        let limits = opts.limits().map_err(js_error)?;
        let r = self.engine.search(game.inner(), &limits, &clock());
        to_js(&SearchView::new(game.inner().position(), &r))
    }

    /// Searches with `n` threads from now on (`engine::Engine::set_threads`):
    /// at most one more than the helper Workers serving ([`helper_loop`]),
    /// so 1 in the ordinary build. Returns the number now in use.
    #[wasm_bindgen(js_name = setThreads)]
    pub fn set_threads(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    ) -> Result<u32, JsValue> {
        let n = int_arg("threads", &n, 1, 64)? as usize;
        self.engine.set_threads(n);
        Ok(self.engine.threads() as u32)
    }

    /// A hint for the side to move: a short full-strength search (`movetimeMs`, default 1000).
    #[wasm_bindgen(unchecked_return_type = "SearchOutput")]
    pub fn hint(
        &mut self,
        game: &Game,
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] movetime_ms: JsValue,
    ) -> Result<JsValue, JsValue> {
        let movetime_ms = if movetime_ms.is_undefined() || movetime_ms.is_null() {
            1000.0
        } else {
            movetime_ms
                .as_f64()
                .ok_or_else(|| js_error(WebError::bad_argument("movetimeMs must be a number")))?
        };
        let opts = convert::SearchOptions {
            movetime_ms: Some(movetime_ms),
            ..Default::default()
        };
        let limits = opts.limits().map_err(js_error)?;
        let r = self.engine.search(game.inner(), &limits, &clock());
        to_js(&SearchView::new(game.inner().position(), &r))
    }

    /// Would the bot, playing `side`, accept a draw offer now?
    #[wasm_bindgen(js_name = acceptsDraw)]
    pub fn accepts_draw(&mut self, game: &Game, side: JsValue) -> Result<bool, JsValue> {
        let side = convert::side(&string_arg("side", &side, 16)?).map_err(js_error)?;
        Ok(self.engine.accepts_draw(game.inner(), side, &clock()))
    }

    /// Forget everything learnt (a new game).
    pub fn clear(&mut self) {
        self.engine.clear();
    }
}

fn seed_arg(seed: &JsValue) -> Result<u64, JsValue> {
    let seed = if seed.is_undefined() || seed.is_null() {
        0.0
    } else {
        seed.as_f64()
            .ok_or_else(|| js_error(WebError::bad_argument("seed must be a number")))?
    };
    Ok(if seed.is_finite() {
        seed.abs() as u64
    } else {
        0
    })
}

/// How long `level` may think about a move on a game clock with
/// `remainingMs` left and `incrementMs` added per move, in milliseconds
/// (`engine::move_budget_ms`: never more than the time left minus a safety
/// margin, nor the level's own budget).
#[wasm_bindgen(js_name = moveBudget)]
pub fn move_budget(
    #[wasm_bindgen(unchecked_param_type = "number")] level: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] remaining_ms: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] increment_ms: JsValue,
) -> Result<f64, JsValue> {
    let num = |name: &str, v: &JsValue| {
        v.as_f64()
            .filter(|x| x.is_finite())
            .ok_or_else(|| js_error(WebError::bad_argument(format!("{name} must be a number"))))
    };
    let level = convert::level(num("level", &level)?).map_err(js_error)?;
    let cap = crate::engine::level(level).movetime_ms as f64;
    Ok(crate::engine::move_budget_ms(
        num("remainingMs", &remaining_ms)?,
        num("incrementMs", &increment_ms)?,
        cap,
    ))
}

/// The bot's levels: `[{level, name, description, movetimeMs}]`.
#[wasm_bindgen(unchecked_return_type = "LevelInfo[]")]
pub fn levels() -> Result<JsValue, JsValue> {
    to_js(&convert::levels())
}

/// The loop of a search helper: a Web Worker that instantiated the threaded
/// build over the bot's shared memory calls this and never gets control
/// back; it runs the helper searches the bot hands out
/// (`engine::threads`). Only in the threaded build.
#[cfg(target_feature = "atomics")]
#[wasm_bindgen(js_name = helperLoop)]
pub fn helper_loop() {
    crate::engine::threads::serve()
}
