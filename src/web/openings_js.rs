//! Named openings in the browser (issue 24): the table, the name of the
//! opening a game has reached, and the opening book's moves of a position.
//! Thin: every answer comes from [`crate::game::openings`] and
//! [`crate::engine::book`]. (The explorer counts the classic games in the
//! page from the engine's FENs: see www/openings/app.js.)

use super::convert::{check_len, WebError};
use super::js::{js_error, to_js, Game};
use crate::game::openings::{self, Opening};
use crate::position::Position;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// An opening as pages see it.
#[derive(Serialize)]
struct OpeningJs {
    id: &'static str,
    ru: &'static str,
    en: &'static str,
    moves: Vec<&'static str>,
    fen: String,
}

fn opening_js(o: &Opening) -> OpeningJs {
    OpeningJs {
        id: o.id,
        ru: o.ru,
        en: o.en,
        moves: o.moves.clone(),
        fen: o.position.fen(),
    }
}

fn fen_arg(fen: &JsValue) -> Result<Position, JsValue> {
    let fen = fen
        .as_string()
        .ok_or_else(|| js_error(WebError::bad_argument("the FEN must be a string")))?;
    check_len("fen", &fen, 400).map_err(js_error)?;
    Position::from_fen(&fen).map_err(|e| js_error(WebError::bad_fen(&e)))
}

/// Every named opening, in the table's order: `{id, ru, en, moves, fen}`
/// (sources and descriptions: the page fetches `engine/openings-notes.txt`).
#[wasm_bindgen(unchecked_return_type = "OpeningInfo[]")]
pub fn openings() -> Result<JsValue, JsValue> {
    to_js(&openings::all().iter().map(opening_js).collect::<Vec<_>>())
}

/// Heaviest first, then by notation.
fn book_order(a: &BookMove, b: &BookMove) -> bool {
    a.weight > b.weight || (a.weight == b.weight && a.notation < b.notation)
}

#[derive(Serialize)]
struct BookMove {
    notation: String,
    weight: u32,
}

/// The opening book's moves in this position, heaviest first (empty when
/// out of book or when the page has not handed the book over).
#[wasm_bindgen(js_name = bookMoves, unchecked_return_type = "BookMove[]")]
pub fn book_moves(
    #[wasm_bindgen(unchecked_param_type = "string")] fen: JsValue,
) -> Result<JsValue, JsValue> {
    let pos = fen_arg(&fen)?;
    let mut out: Vec<BookMove> = crate::engine::book::shipped()
        .map(|b| b.moves(&pos))
        .unwrap_or(&[])
        .iter()
        .map(|(m, w)| BookMove {
            notation: pos.move_text(m),
            weight: *w,
        })
        .collect();
    // A handful of moves: an insertion sort, not the standard library's
    // sort, whose code for one more element type cost 3.1 KB of the
    // gzipped WebAssembly module (measured).
    for i in 1..out.len() {
        let mut j = i;
        while j > 0 && book_order(&out[j], &out[j - 1]) {
            out.swap(j, j - 1);
            j -= 1;
        }
    }
    to_js(&out)
}

#[wasm_bindgen]
impl Game {
    /// The most specific named opening reached up to the cursor, or `null`.
    #[wasm_bindgen(unchecked_return_type = "OpeningInfo | null")]
    pub fn opening(&self) -> Result<JsValue, JsValue> {
        match self.inner().opening() {
            Some(o) => to_js(&opening_js(o)),
            None => Ok(JsValue::NULL),
        }
    }
}

#[wasm_bindgen(typescript_custom_section)]
const TS_OPENINGS: &'static str = r#"
export interface OpeningInfo { id: string; ru: string; en: string; moves: string[]; fen: string; }
export interface BookMove { notation: string; weight: number; }
"#;
