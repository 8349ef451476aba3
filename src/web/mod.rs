//! The thin `#[wasm_bindgen]` layer: converts and validates, holds no rules.
