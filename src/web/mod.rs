//! The thin `#[wasm_bindgen]` layer: converts and validates, holds no rules.
//! Compiled only for `wasm32` (the native library and CLI link no
//! JavaScript glue); [`convert`] is also compiled for the native unit tests
//! and, with the `fuzzing` feature, for the fuzz targets.
//!
//! Everything that can be plain Rust lives in `convert` and is tested
//! natively; `js` only moves values across the boundary. No method there
//! panics on any input: every failure becomes a JavaScript `Error` with a
//! stable `code` property.

#[cfg(feature = "fuzzing")]
pub mod convert;
#[cfg(not(feature = "fuzzing"))]
pub(crate) mod convert;
#[cfg(test)]
mod convert_tests;
#[cfg(target_arch = "wasm32")]
mod js;
#[cfg(feature = "fuzzing")]
pub mod json;
#[cfg(not(feature = "fuzzing"))]
pub(crate) mod json;
#[cfg(target_arch = "wasm32")]
pub mod rules_js;

#[cfg(target_arch = "wasm32")]
pub use js::*;
#[cfg(target_arch = "wasm32")]
pub mod analysis_js;
#[cfg(target_arch = "wasm32")]
pub mod data_js;
#[cfg(target_arch = "wasm32")]
pub mod egtb_js;
#[cfg(target_arch = "wasm32")]
pub mod openings_js;
