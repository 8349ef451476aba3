//! `ruleFacts()`: the rule numbers pages print (draw-count limits, crowning
//! rows), straight from the rules' constants (see [`crate::game::facts`]).

use super::convert::WebError;
use super::js::js_error;
use wasm_bindgen::prelude::*;

/// `{loneKingMoves, mainRoadMoves, kingsBalance: [{minPieces, maxPieces,
/// moves}], kingsOnly: [...], noCountFromPieces, repetitions,
/// whiteCrowningRank, blackCrowningRank}`.
#[wasm_bindgen(js_name = ruleFacts)]
pub fn rule_facts() -> Result<JsValue, JsValue> {
    let internal = |m: String| js_error(WebError::new("internal", format!("ruleFacts: {m}")));
    let text = serde_json::to_string(&crate::game::facts::rule_facts())
        .map_err(|e| internal(e.to_string()))?;
    js_sys::JSON::parse(&text).map_err(|_| internal("cannot convert the facts".into()))
}
