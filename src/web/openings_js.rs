//! Named openings in the browser (issue 24): the table, the name of the
//! opening a game has reached, the opening explorer's counts over a PDN
//! collection, and the opening book's moves of a position. Thin: every
//! answer comes from [`crate::game::openings`], [`crate::game::explorer`]
//! and [`crate::engine::book`].

use super::convert::{check_len, WebError};
use super::js::{js_error, to_js, Game};
use crate::game::explorer::Explorer;
use crate::game::openings::{self, Opening};
use crate::game::pdn::parse_games;
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
    source: &'static str,
    note: &'static str,
    #[serde(rename = "aboutRu")]
    about_ru: &'static str,
    #[serde(rename = "aboutEn")]
    about_en: &'static str,
}

fn opening_js(o: &Opening) -> OpeningJs {
    OpeningJs {
        id: o.id,
        ru: o.ru,
        en: o.en,
        moves: o.moves.clone(),
        fen: o.position.fen(),
        source: o.source,
        note: o.note,
        about_ru: o.about_ru,
        about_en: o.about_en,
    }
}

fn fen_arg(fen: &JsValue) -> Result<Position, JsValue> {
    let fen = fen
        .as_string()
        .ok_or_else(|| js_error(WebError::bad_argument("the FEN must be a string")))?;
    check_len("fen", &fen, 400).map_err(js_error)?;
    Position::from_fen(&fen).map_err(|e| js_error(WebError::bad_fen(&e)))
}

/// Every named opening, in the table's order: `{id, ru, en, moves, fen,
/// source, note, aboutRu, aboutEn}`.
#[wasm_bindgen(unchecked_return_type = "OpeningInfo[]")]
pub fn openings() -> Result<JsValue, JsValue> {
    to_js(&openings::all().iter().map(opening_js).collect::<Vec<_>>())
}

/// The opening whose defining position is this FEN, or `null`.
#[wasm_bindgen(js_name = openingAt, unchecked_return_type = "OpeningInfo | null")]
pub fn opening_at(
    #[wasm_bindgen(unchecked_param_type = "string")] fen: JsValue,
) -> Result<JsValue, JsValue> {
    match openings::at(&fen_arg(&fen)?) {
        Some(o) => to_js(&opening_js(o)),
        None => Ok(JsValue::NULL),
    }
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
    out.sort_by(|a, b| {
        b.weight
            .cmp(&a.weight)
            .then_with(|| a.notation.cmp(&b.notation))
    });
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

/// The opening explorer over a PDN collection (parsed once).
#[wasm_bindgen]
pub struct OpeningExplorer {
    inner: Explorer,
    games: usize,
}

#[wasm_bindgen]
impl OpeningExplorer {
    /// Reads every game of a PDN text; a bad game is a `bad_pdn` error.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] pdn: JsValue,
    ) -> Result<OpeningExplorer, JsValue> {
        let text = pdn
            .as_string()
            .ok_or_else(|| js_error(WebError::bad_argument("the PDN must be a string")))?;
        check_len("pdn", &text, 16 << 20).map_err(js_error)?;
        let games = parse_games(&text).map_err(|e| js_error(WebError::bad_pdn(&e)))?;
        Ok(OpeningExplorer {
            inner: Explorer::new(&games),
            games: games.len(),
        })
    }

    /// Games in the collection.
    #[wasm_bindgen(getter)]
    pub fn size(&self) -> usize {
        self.games
    }

    /// Games that reached this position (by any move order).
    #[wasm_bindgen(js_name = gamesAt)]
    pub fn games_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] fen: JsValue,
    ) -> Result<u32, JsValue> {
        Ok(self.inner.games_at(&fen_arg(&fen)?))
    }

    /// Indexes of the games that reached this position.
    #[wasm_bindgen(js_name = gameIndexes, unchecked_return_type = "number[]")]
    pub fn game_indexes(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] fen: JsValue,
    ) -> Result<JsValue, JsValue> {
        to_js(&self.inner.game_indexes(&fen_arg(&fen)?))
    }

    /// The moves played from this position, most played first:
    /// `{notation, games, white, draws, black}`.
    #[wasm_bindgen(unchecked_return_type = "ExplorerMove[]")]
    pub fn moves(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] fen: JsValue,
    ) -> Result<JsValue, JsValue> {
        to_js(&self.inner.moves(&fen_arg(&fen)?))
    }
}

#[wasm_bindgen(typescript_custom_section)]
const TS_OPENINGS: &'static str = r#"
export interface OpeningInfo { id: string; ru: string; en: string; moves: string[]; fen: string; source: string; note: string; aboutRu: string; aboutEn: string; }
export interface BookMove { notation: string; weight: number; }
export interface ExplorerMove { notation: string; games: number; white: number; draws: number; black: number; }
"#;
