//! The endgame tables in the browser: the bot Worker fetches a material's
//! file when a position needs it ([`egtb_files_for`]) and hands the bytes
//! to [`Bot::add_table`], which checks them (magic, header, CRC-32, the
//! material its name says) with the engine's own parser
//! ([`crate::engine::egtb::files`]). The tables are shared by every `Bot`
//! of the module instance (one per Worker) and used by their searches.

use super::convert::WebError;
use super::js::{byte_array, js_error, to_js, Bot, Game};
use crate::engine::egtb::files::{self, AddError};
use crate::engine::egtb::{FormatError, Kind};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The largest table file accepted (the biggest shipped one is far smaller).
const MAX_TABLE_BYTES: u32 = 16 << 20;
/// The longest file name accepted.
const MAX_NAME: usize = 64;

/// The error for a refused table: code `bad_table`, `reason` one of
/// `truncated`, `not_a_table`, `checksum`, `bad_header`, `bad_block`,
/// `wrong_name`.
fn table_error(name: &str, e: &AddError) -> WebError {
    let reason = match e {
        AddError::Format(FormatError::Truncated) => "truncated",
        AddError::Format(FormatError::NotATable) => "not_a_table",
        AddError::Format(FormatError::Checksum { .. }) => "checksum",
        AddError::Format(FormatError::BadHeader(_)) => "bad_header",
        AddError::Format(FormatError::BadBlock(_)) => "bad_block",
        AddError::WrongName { .. } => "wrong_name",
    };
    let mut w = WebError::new("bad_table", format!("endgame table {name}: {e}"));
    w.reason = Some(reason.to_string());
    w
}

#[wasm_bindgen]
impl Bot {
    /// Adds the endgame table file `name` (`"w1k0m-b2k0m.egtb"`) from its
    /// bytes (`Uint8Array` or `ArrayBuffer`). A truncated, damaged or
    /// misnamed file is refused with an `Error` of code `bad_table` (its
    /// `reason` says why) and nothing changes: the bot plays on without it.
    /// Returns the names of all loaded tables.
    #[wasm_bindgen(js_name = addTable)]
    pub fn add_table(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array | ArrayBuffer")] bytes: JsValue,
    ) -> Result<Vec<String>, JsValue> {
        let name = name
            .as_string()
            .ok_or_else(|| js_error(WebError::bad_argument("the table name must be a string")))?;
        if name.len() > MAX_NAME {
            return Err(js_error(WebError::bad_argument(format!(
                "the table name is longer than {MAX_NAME} bytes"
            ))));
        }
        let array = byte_array(&bytes, "the table bytes")?;
        if array.length() > MAX_TABLE_BYTES {
            return Err(js_error(table_error(
                &name,
                &AddError::Format(FormatError::BadHeader("the file is too large".into())),
            )));
        }
        let data = array.to_vec();
        files::add_installed(&name, &data).map_err(|e| js_error(table_error(&name, &e)))?;
        Ok(files::installed_files())
    }

    /// The names of the loaded endgame tables.
    #[wasm_bindgen(js_name = tables)]
    pub fn tables(&self) -> Vec<String> {
        files::installed_files()
    }
}

/// Limits the memory the searches may take for unpacked endgame-table
/// blocks to `megabytes` (128 by default; see
/// [`crate::engine::egtb::set_unpacked_limit`]). The bot's Worker passes
/// less on a device with little memory (`navigator.deviceMemory`). The
/// tables' answers at the root and on the pages do not depend on it.
#[wasm_bindgen(js_name = setTableMemory)]
pub fn set_table_memory(megabytes: u32) {
    crate::engine::egtb::set_unpacked_limit((megabytes as usize) << 20);
}

/// The endgame table files a game can need from its current position on
/// (its material and every one it can become), e.g.
/// `["w0k1m-b1k0m.egtb", "w1k0m-b1k0m.egtb"]`; empty above five pieces.
#[wasm_bindgen(js_name = egtbFilesFor)]
pub fn egtb_files_for(game: &Game) -> Vec<String> {
    files::files_for(game.inner().position())
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TableVerdict {
    /// `win`, `draw` or `loss` for the side to move.
    result: &'static str,
    /// `white` or `black`: the side to move.
    side_to_move: &'static str,
    /// The side to move's own moves to the end, or null (a draw, or not
    /// known exactly: see [`crate::engine::egtb::play::Verdict`]).
    moves: Option<u32>,
}

/// What the loaded tables say about the game's position under its running
/// draw counts: `{result, sideToMove, moves}` from the side to move's view,
/// or `null` when no loaded table decides it (more than five pieces, the
/// file not loaded, the game over).
#[wasm_bindgen(js_name = egtbProbe, unchecked_return_type = "TableVerdict | null")]
pub fn egtb_probe(game: &Game) -> Result<JsValue, JsValue> {
    let Some(v) = crate::engine::egtb::play::verdict(game.inner()) else {
        return Ok(JsValue::NULL);
    };
    let result = match v.kind {
        Kind::Win => "win",
        Kind::Draw => "draw",
        Kind::Loss => "loss",
    };
    let side_to_move = match game.inner().position().turn() {
        crate::Color::White => "white",
        crate::Color::Black => "black",
    };
    to_js(&TableVerdict {
        result,
        side_to_move,
        moves: v.moves,
    })
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TableMoveView {
    /// The move, as `legalMoves` gives it.
    #[serde(rename = "move")]
    mv: crate::views::MoveView,
    /// `win`, `draw` or `loss` for the side that plays it.
    result: &'static str,
    /// The mover's own moves to the end, this one included, when exact
    /// under the running counts; null for a draw.
    moves: Option<u32>,
    /// For a drawing move, how many of the opponent's replies lose.
    traps: u32,
    /// The opponent must capture after this move (material is offered).
    offers: bool,
}

/// Every legal move the loaded tables judge under the counts it leaves,
/// best first for the side to move: the fastest win, then the draws that
/// leave the opponent the most losing replies, then the longest resistance
/// (what the endgame trainer plays and hints). Each is `{move, result,
/// moves, traps, offers}`; moves the tables cannot judge are left out. `null`
/// for a material the set does not hold or when no table is loaded.
#[wasm_bindgen(js_name = egtbMoves, unchecked_return_type = "TableMove[] | null")]
pub fn egtb_moves(game: &Game) -> Result<JsValue, JsValue> {
    let g = game.inner();
    let Some(list) = crate::engine::egtb::play::table_moves(g) else {
        return Ok(JsValue::NULL);
    };
    let legal: Vec<_> = g.position().legal_moves().iter().copied().collect();
    let views: Vec<TableMoveView> = list
        .iter()
        .map(|m| TableMoveView {
            mv: crate::views::MoveView::new(&m.mv, &legal),
            result: m.kind.word(),
            moves: m.moves(),
            traps: m.traps,
            offers: m.offers,
        })
        .collect();
    to_js(&views)
}

#[wasm_bindgen(typescript_custom_section)]
const TS_EGTB: &'static str = r#"
export interface TableMove {
  move: MoveObject;
  result: "win" | "draw" | "loss";
  moves: number | null;
  traps: number;
  offers: boolean;
}
export interface TableVerdict {
  result: "win" | "draw" | "loss";
  sideToMove: "white" | "black";
  moves: number | null;
}
"#;
