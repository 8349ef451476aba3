//! The engine's data files in the browser: the module is built without the
//! pattern tables and the opening book (docs/performance.md); the Workers
//! fetch `engine/patterns.bin`, `engine/kpatterns.bin`, `engine/net.bin`
//! and `engine/book.txt` once and hand them over here before their first search
//! ([`crate::engine::data`] checks them).
//! Shared by every `Bot` and `Analyzer` of the module instance.

use super::convert::WebError;
use super::js::{byte_array, js_error};
use crate::engine::data::{self, DataError};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The error for a refused file: code `bad_engine_data`, `reason`
/// `length` or `checksum`.
fn data_error(file: &str, e: &DataError) -> JsValue {
    let mut w = WebError::new("bad_engine_data", format!("engine data {file}: {e}"));
    w.reason = Some(e.code().to_string());
    js_error(w)
}

/// Checks that `bytes` is a byte array of `len` bytes before copying it,
/// then hands it to `set`; a refusal names `file`.
fn set_table(
    bytes: &JsValue,
    file: &str,
    len: usize,
    set: fn(&[u8]) -> Result<(), DataError>,
) -> Result<(), JsValue> {
    let array = byte_array(bytes, file)?;
    let found = array.length() as usize;
    if found != len {
        return Err(data_error(
            file,
            &DataError::Length {
                expected: len,
                found,
            },
        ));
    }
    set(&array.to_vec()).map_err(|e| data_error(file, &e))
}

/// Hands over the pattern table (`engine/patterns.bin`, as a `Uint8Array`
/// or an `ArrayBuffer`). Other bytes than the file the module was built
/// with are refused with an `Error` of code `bad_engine_data` (`reason`
/// `length` or `checksum`) and nothing changes: the engine plays on
/// without the pattern term.
#[wasm_bindgen(js_name = setPatterns)]
pub fn set_patterns(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array | ArrayBuffer")] bytes: JsValue,
) -> Result<(), JsValue> {
    set_table(
        &bytes,
        "patterns.bin",
        data::PATTERNS_LEN,
        data::set_patterns,
    )
}

/// Hands over the patterns with kings (`engine/kpatterns.bin`), checked
/// and refused like the pattern table; without them the engine plays on
/// without that term.
#[wasm_bindgen(js_name = setKingPatterns)]
pub fn set_king_patterns(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array | ArrayBuffer")] bytes: JsValue,
) -> Result<(), JsValue> {
    set_table(
        &bytes,
        "kpatterns.bin",
        data::KPATTERNS_LEN,
        data::set_kpatterns,
    )
}

/// Hands over the network's weights (`engine/net.bin`), checked and
/// refused like the pattern table; without them the engine plays on
/// without the network.
#[wasm_bindgen(js_name = setNet)]
pub fn set_net(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array | ArrayBuffer")] bytes: JsValue,
) -> Result<(), JsValue> {
    set_table(&bytes, "net.bin", data::NET_LEN, data::set_net)
}

/// Hands over the opening book (`engine/book.txt`, as text). Another text
/// than the book the module was built with is refused like a bad pattern
/// table; the engine then plays without the book.
#[wasm_bindgen(js_name = setBook)]
pub fn set_book(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<(), JsValue> {
    let Some(js) = text.dyn_ref::<js_sys::JsString>() else {
        return Err(js_error(WebError::bad_argument(
            "the book must be a string",
        )));
    };
    // A text far longer than the book is refused before it is copied.
    let units = js.length() as usize;
    if units > 4 * data::BOOK_LEN {
        return Err(data_error(
            "book.txt",
            &DataError::Length {
                expected: data::BOOK_LEN,
                found: units,
            },
        ));
    }
    let text = String::from(js);
    data::set_book(&text).map_err(|e| data_error("book.txt", &e))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DataState {
    patterns: bool,
    king_patterns: bool,
    net: bool,
    book: bool,
}

/// Which data files the engine has: `{patterns, kingPatterns, net, book}`.
#[wasm_bindgen(js_name = engineData, unchecked_return_type = "EngineData")]
pub fn engine_data() -> Result<JsValue, JsValue> {
    super::js::to_js(&DataState {
        patterns: data::has_patterns(),
        king_patterns: data::has_kpatterns(),
        net: data::has_net(),
        book: data::has_book(),
    })
}

#[wasm_bindgen(typescript_custom_section)]
const TS_DATA: &'static str = r#"
export interface EngineData { patterns: boolean; kingPatterns: boolean; net: boolean; book: boolean; }
"#;
