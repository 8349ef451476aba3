//! The named openings in the browser (issue 24): `openings`,
//! `Game.opening` and `bookMoves`, run in headless
//! Chromium (`cargo test --target wasm32-unknown-unknown --test web_openings`).
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Reflect};
use shashki::web::data_js::set_book;
use shashki::web::openings_js::{book_moves, openings};
use shashki::web::Game;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &key.into()).unwrap()
}

fn text(v: &JsValue, key: &str) -> String {
    get(v, key).as_string().unwrap_or_default()
}

fn s(v: &str) -> JsValue {
    JsValue::from_str(v)
}

fn code(err: &JsValue) -> String {
    assert!(err.is_instance_of::<js_sys::Error>());
    text(err, "code")
}

#[wasm_bindgen_test]
fn the_table_crosses_with_names_moves_and_positions() {
    let all = Array::from(&openings().unwrap());
    assert!(all.length() >= 30);
    let first = all.get(0);
    assert_eq!(text(&first, "id"), "staraya");
    assert_eq!(text(&first, "ru"), "Старая партия");
    assert_eq!(text(&first, "en"), "Old Game");
    assert_eq!(Array::from(&get(&first, "moves")).length(), 4);
    // Its FEN is the position after its moves.
    let mut g = Game::new();
    for m in ["c3-d4", "d6-c5", "b2-c3", "e7-d6"] {
        g.play(s(m)).unwrap();
    }
    assert_eq!(text(&first, "fen"), g.fen());
    assert_eq!(code(&book_moves(s("nonsense")).unwrap_err()), "bad_fen");
    assert_eq!(
        code(&book_moves(JsValue::from_f64(3.0)).unwrap_err()),
        "bad_argument"
    );
}

#[wasm_bindgen_test]
fn a_game_names_its_opening_and_keeps_the_most_specific() {
    let mut g = Game::new();
    assert!(g.opening().unwrap().is_null());
    for m in ["c3-d4", "d6-c5", "b2-c3", "f6-g5"] {
        g.play(s(m)).unwrap();
    }
    assert_eq!(text(&g.opening().unwrap(), "id"), "gorodskaya");
    for m in ["c3-b4", "g5-h4", "b4:d6", "e7:c5", "a3-b4"] {
        g.play(s(m)).unwrap();
    }
    let o = g.opening().unwrap();
    assert_eq!(text(&o, "id"), "gorodskaya-osnovnaya");
    assert!(g
        .pdn()
        .contains("[Opening \"Городская партия, основная система\"]"));
    assert!(g.undo() && g.goto(JsValue::from_f64(2.0)).unwrap());
    assert!(g.opening().unwrap().is_null());
}

#[wasm_bindgen_test]
fn book_moves_come_once_the_book_is_handed_over() {
    let start = "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8";
    set_book(s(include_str!("../src/engine/book.txt"))).unwrap();
    let moves = Array::from(&book_moves(s(start)).unwrap());
    assert!(moves.length() >= 5);
    // Heaviest first: c3-d4 has the largest weight in book.txt.
    assert_eq!(text(&moves.get(0), "notation"), "c3-d4");
    let far = "W:WKa1:BKh8";
    assert_eq!(Array::from(&book_moves(s(far)).unwrap()).length(), 0);
}
