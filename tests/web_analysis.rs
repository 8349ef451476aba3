//! The analysis board's bindings (`Analyzer`, `validateSetup`, `pdnGames`)
//! run in headless Chromium by wasm-bindgen-test-runner
//! (`cargo test --target wasm32-unknown-unknown --test web_analysis`):
//! the shapes the page reads, and hostile input that must become a
//! JavaScript `Error` with a `code`, never a panic.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Reflect};
use shashki::web::analysis_js::{pdn_games, validate_setup, Analyzer};
use shashki::web::Game;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &key.into()).unwrap()
}

fn code(err: &JsValue) -> String {
    assert!(
        err.is_instance_of::<js_sys::Error>(),
        "a JS Error is thrown"
    );
    get(err, "code").as_string().expect("error has a code")
}

fn piece(square: &str, piece: &str) -> JsValue {
    let o = js_sys::Object::new();
    Reflect::set(&o, &"square".into(), &square.into()).unwrap();
    Reflect::set(&o, &"piece".into(), &piece.into()).unwrap();
    o.into()
}

#[wasm_bindgen_test]
fn analyzer_streams_depths_with_three_lines() {
    let mut a = Analyzer::new(Some(2)).unwrap();
    let g = Game::new();
    a.set_game(&g, Some(3)).unwrap();
    for d in 1..=4u32 {
        let r = a.step(JsValue::UNDEFINED).unwrap();
        assert_eq!(get(&r, "depth").as_f64(), Some(d as f64));
        let lines = Array::from(&get(&r, "lines"));
        assert_eq!(lines.length(), 3);
        let first = lines.get(0);
        let mv = get(&first, "move").as_string().unwrap();
        let pv = Array::from(&get(&first, "pv"));
        assert_eq!(pv.get(0).as_string().unwrap(), mv);
        assert!(get(&first, "score").as_f64().is_some());
        assert!(get(&first, "result").is_null());
    }
    assert!(!a.finished());
}

#[wasm_bindgen_test]
fn analyzer_refuses_bad_input() {
    assert_eq!(code(&Analyzer::new(Some(0)).err().unwrap()), "bad_argument");
    let mut a = Analyzer::new(Some(1)).unwrap();
    assert_eq!(
        code(&a.step(JsValue::UNDEFINED).unwrap_err()),
        "no_position"
    );
    let g = Game::new();
    assert_eq!(code(&a.set_game(&g, Some(0)).unwrap_err()), "bad_argument");
    assert_eq!(code(&a.set_game(&g, Some(11)).unwrap_err()), "bad_argument");
    a.set_game(&g, None).unwrap();
    assert_eq!(
        code(&a.step(JsValue::from_str("deep")).unwrap_err()),
        "bad_argument"
    );
    let o = js_sys::Object::new();
    Reflect::set(&o, &"movetimeMs".into(), &JsValue::from_f64(-1.0)).unwrap();
    assert_eq!(code(&a.evaluate(&g, o.into()).unwrap_err()), "bad_argument");
    // An evaluation needs a bound (it would never end without one).
    assert_eq!(
        code(&a.evaluate(&g, JsValue::UNDEFINED).unwrap_err()),
        "bad_argument"
    );
}

#[wasm_bindgen_test]
fn evaluate_gives_whites_view() {
    let mut a = Analyzer::new(Some(2)).unwrap();
    let g = Game::from_fen(JsValue::from_str("B:Wc3,e3,g3,a1:Bh8")).unwrap();
    let o = js_sys::Object::new();
    Reflect::set(&o, &"depth".into(), &JsValue::from_f64(4.0)).unwrap();
    let r = a.evaluate(&g, o.into()).unwrap();
    let white_ahead = get(&r, "score").as_f64().is_some_and(|s| s > 1.5)
        || get(&get(&r, "result"), "winner").as_string().as_deref() == Some("white");
    assert!(white_ahead);
    assert!(get(&r, "best").as_string().is_some());
}

#[wasm_bindgen_test]
fn setup_check_and_its_errors() {
    let pieces: Array = [piece("c3", "white-man"), piece("d8", "black-king")]
        .into_iter()
        .collect();
    let r = validate_setup(pieces.into(), "black".into()).unwrap();
    assert_eq!(get(&r, "valid").as_bool(), Some(true));
    assert_eq!(get(&r, "fen").as_string().as_deref(), Some("B:Wc3:BKd8"));
    let bad: Array = [piece("b8", "white-man")].into_iter().collect();
    let r = validate_setup(bad.into(), "white".into()).unwrap();
    assert_eq!(get(&r, "valid").as_bool(), Some(false));
    assert_eq!(
        get(&get(&r, "error"), "code").as_string().as_deref(),
        Some("man_on_crowning_rank")
    );
    // Hostile shapes: errors with codes, no panic.
    for (pieces, turn) in [
        (JsValue::from_str("c3"), JsValue::from_str("white")),
        (JsValue::NULL, JsValue::from_str("white")),
        (
            Array::of1(&piece("z9", "white-man")).into(),
            JsValue::from_str("white"),
        ),
        (
            Array::of1(&piece("c3", "queen")).into(),
            JsValue::from_str("white"),
        ),
        (Array::new().into(), JsValue::from_str("green")),
        (
            Array::of1(&JsValue::from_f64(3.0)).into(),
            JsValue::from_str("white"),
        ),
    ] {
        assert_eq!(
            code(&validate_setup(pieces, turn).unwrap_err()),
            "bad_argument"
        );
    }
}

#[wasm_bindgen_test]
fn pdn_collections_are_summarised() {
    let text = "[White \"A\"]\n[Black \"B\"]\n[Date \"1950.??.??\"]\n[Result \"1-0\"]\n\n1. c3-d4 f6-g5 1-0\n\n[White \"C\"]\n[Black \"D\"]\n\n1. c3-d4 *\n";
    let r = Array::from(&pdn_games(text.into()).unwrap());
    assert_eq!(r.length(), 2);
    let g = r.get(0);
    assert_eq!(get(&g, "white").as_string().as_deref(), Some("A"));
    assert_eq!(get(&g, "year").as_f64(), Some(1950.0));
    assert_eq!(get(&g, "result").as_string().as_deref(), Some("2-0"));
    assert_eq!(get(&g, "plies").as_f64(), Some(2.0));
    assert_eq!(code(&pdn_games("1. c3-d5".into()).unwrap_err()), "bad_pdn");
    assert_eq!(
        code(&pdn_games(JsValue::from_f64(1.0)).unwrap_err()),
        "bad_argument"
    );
}
