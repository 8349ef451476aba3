//! The named openings in the browser (issue 24): `openings`, `openingAt`,
//! `Game.opening`, `bookMoves` and `OpeningExplorer`, run in headless
//! Chromium (`cargo test --target wasm32-unknown-unknown --test web_openings`).
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Reflect};
use shashki::web::data_js::set_book;
use shashki::web::openings_js::{book_moves, opening_at, openings, OpeningExplorer};
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
    assert!(!text(&first, "aboutRu").is_empty() && !text(&first, "aboutEn").is_empty());
    // Its FEN names it back.
    let again = opening_at(get(&first, "fen")).unwrap();
    assert_eq!(text(&again, "id"), "staraya");
    assert!(opening_at(s("W:Wc3:Bd6")).unwrap().is_null());
    assert_eq!(code(&opening_at(s("nonsense")).unwrap_err()), "bad_fen");
    assert_eq!(
        code(&opening_at(JsValue::from_f64(3.0)).unwrap_err()),
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
fn the_explorer_counts_moves_and_results() {
    let pdn = "[Result \"2-0\"]\n1. c3-d4 d6-c5 2. b2-c3 f6-g5 2-0\n\n\
               [Result \"1-1\"]\n1. c3-d4 f6-g5 1-1\n\n\
               [Result \"0-2\"]\n1. g3-h4 b6-a5 0-2\n";
    let ex = OpeningExplorer::new(s(pdn)).unwrap();
    assert_eq!(ex.size(), 3);
    let start = "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8";
    assert_eq!(ex.games_at(s(start)).unwrap(), 3);
    let moves = Array::from(&ex.moves(s(start)).unwrap());
    assert_eq!(moves.length(), 2);
    let top = moves.get(0);
    assert_eq!(text(&top, "notation"), "c3-d4");
    for (k, v) in [
        ("games", 2.0),
        ("white", 1.0),
        ("draws", 1.0),
        ("black", 0.0),
    ] {
        assert_eq!(get(&top, k).as_f64(), Some(v), "{k}");
    }
    assert_eq!(Array::from(&ex.game_indexes(s(start)).unwrap()).length(), 3);
    assert_eq!(
        code(&OpeningExplorer::new(s("1. c3-c5 *")).err().unwrap()),
        "bad_pdn"
    );
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
