//! The thin `#[wasm_bindgen]` layer: converts and validates, holds no rules.
//!
//! Everything that can be plain Rust lives in [`convert`] and is tested
//! natively; this file only moves values across the boundary. No method
//! here panics on any input: every failure becomes a JavaScript `Error`
//! with a stable `code` property.

pub mod convert;
mod js;

pub use js::*;
pub mod analysis_js;
