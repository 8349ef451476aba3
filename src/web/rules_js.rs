//! `ruleFacts()`: the rule numbers pages print (draw-count limits, crowning
//! rows), straight from the rules' constants (see [`crate::game::facts`]).

use wasm_bindgen::prelude::*;

/// `{loneKingMoves, mainRoadMoves, kingsBalance: [{minPieces, maxPieces,
/// moves}], kingsOnly: [...], noCountFromPieces, repetitions,
/// whiteCrowningRank, blackCrowningRank}`.
#[wasm_bindgen(js_name = ruleFacts)]
pub fn rule_facts() -> Result<JsValue, JsValue> {
    use serde::Serialize;
    crate::game::facts::rule_facts()
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsValue::from(js_sys::Error::new(&format!("ruleFacts: {e}"))))
}
