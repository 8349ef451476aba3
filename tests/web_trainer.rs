//! The endgame trainer's binding `egtbMoves` in headless Chromium (`cargo
//! test --release --target wasm32-unknown-unknown --no-default-features
//! --test web_trainer`): every move judged, best first, with the same
//! numbers `egtbProbe` shows; the defender's first move resists longest.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Reflect, Uint8Array};
use shashki::web::egtb_js::{egtb_files_for, egtb_moves, egtb_probe};
use shashki::web::{Bot, Game};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// The files two kings against a king can need.
const FILES: &[(&str, &[u8])] = &[
    (
        "w1k0m-b1k0m.egtb",
        include_bytes!("../www/egtb/w1k0m-b1k0m.egtb"),
    ),
    (
        "w1k0m-b2k0m.egtb",
        include_bytes!("../www/egtb/w1k0m-b2k0m.egtb"),
    ),
];

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &key.into()).unwrap()
}

fn s(v: &str) -> JsValue {
    JsValue::from_str(v)
}

#[wasm_bindgen_test]
fn table_moves_best_first_for_either_side() {
    let mut game = Game::from_fen(s("W:WKe1,Kg1:BKa7")).unwrap();
    assert!(egtb_moves(&game).unwrap().is_null(), "no table loaded yet");
    let names = egtb_files_for(&game);
    let expected: Vec<String> = FILES.iter().map(|(n, _)| n.to_string()).collect();
    assert_eq!(names, expected);
    let mut bot = Bot::new(JsValue::UNDEFINED).unwrap();
    for (name, b) in FILES {
        bot.add_table(s(name), Uint8Array::from(*b).into()).unwrap();
    }
    // White wins in 4 (`shashki egtb probe`), within rule 4's 5 moves.
    let v = egtb_probe(&game).unwrap();
    assert_eq!(get(&v, "moves").as_f64(), Some(4.0));
    let list = Array::from(&egtb_moves(&game).unwrap());
    let legal = Array::from(&game.legal_moves(JsValue::UNDEFINED).unwrap());
    assert_eq!(list.length(), legal.length(), "every move judged");
    let first = list.get(0);
    assert_eq!(get(&first, "result").as_string().unwrap(), "win");
    assert_eq!(get(&first, "moves").as_f64(), Some(4.0));
    for m in list.iter() {
        let notation = get(&get(&m, "move"), "notation").as_string().unwrap();
        assert!(!notation.is_empty());
        let r = get(&m, "result").as_string().unwrap();
        assert!(["win", "draw", "loss"].contains(&r.as_str()));
    }
    game.play(get(&get(&first, "move"), "notation")).unwrap();
    // Black: every move loses; the first lasts longest, and the verdict
    // after White's best move says so.
    let v = egtb_probe(&game).unwrap();
    assert_eq!(get(&v, "result").as_string().unwrap(), "loss");
    let list = Array::from(&egtb_moves(&game).unwrap());
    let longest = list
        .iter()
        .map(|m| get(&m, "moves").as_f64().unwrap())
        .fold(0.0, f64::max);
    assert_eq!(get(&list.get(0), "moves").as_f64(), Some(longest));
    assert_eq!(get(&v, "moves").as_f64(), Some(longest));
    // Above four pieces the tables say nothing: null, never a throw.
    let big = Game::from_fen(s("W:WKe1,Kg1,c3:BKa7,h8")).unwrap();
    assert!(egtb_moves(&big).unwrap().is_null());
}
