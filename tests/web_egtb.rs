//! The endgame tables through the JavaScript-facing `Bot`, in headless
//! Chromium (`cargo test --release --target wasm32-unknown-unknown
//! --no-default-features --test web_egtb`): the files a position needs,
//! adding a table from its bytes (good, truncated, damaged, misnamed) and
//! the verdict the play page shows; the endgame trainer's `egtbMoves`
//! (every move judged, best first, with the numbers `egtbProbe` shows; the
//! defender's first move resists longest).
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Reflect, Uint8Array};
use shashki::web::egtb_js::{egtb_files_for, egtb_moves, egtb_probe};
use shashki::web::{Bot, Game};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// The shipped files the test positions need (two men against a king:
/// all five; two kings against a king: the last and the third).
const FILES: &[(&str, &[u8])] = &[
    (
        "w0k1m-b1k0m.egtb",
        include_bytes!("../www/egtb/w0k1m-b1k0m.egtb"),
    ),
    (
        "w0k2m-b1k0m.egtb",
        include_bytes!("../www/egtb/w0k2m-b1k0m.egtb"),
    ),
    (
        "w1k0m-b1k0m.egtb",
        include_bytes!("../www/egtb/w1k0m-b1k0m.egtb"),
    ),
    (
        "w1k0m-b1k1m.egtb",
        include_bytes!("../www/egtb/w1k0m-b1k1m.egtb"),
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

fn bytes(b: &[u8]) -> JsValue {
    Uint8Array::from(b).into()
}

fn file(name: &str) -> &'static [u8] {
    FILES.iter().find(|(n, _)| *n == name).unwrap().1
}

/// The error's `code` and `reason`.
fn refusal(err: &JsValue) -> (String, String) {
    assert!(
        err.is_instance_of::<js_sys::Error>(),
        "a JS Error is thrown"
    );
    (
        get(err, "code").as_string().unwrap(),
        get(err, "reason").as_string().unwrap(),
    )
}

#[wasm_bindgen_test]
fn tables_from_bytes_checked_then_probed() {
    // `shashki egtb probe`: {"fen":"W:Wa3,c1:BKh8","moves":8,"result":"loss"}
    let game = Game::from_fen(s("W:Wa3,c1:BKh8")).unwrap();
    let names = egtb_files_for(&game);
    let expected: Vec<String> = FILES.iter().map(|(n, _)| n.to_string()).collect();
    assert_eq!(names, expected);

    let mut bot = Bot::new(JsValue::UNDEFINED).unwrap();
    // Nothing loaded: no verdict.
    assert!(egtb_probe(&game).unwrap().is_null());

    // Corrupt files are refused with a typed error and change nothing.
    let good = file("w0k2m-b1k0m.egtb");
    let e = bot
        .add_table(s("w0k2m-b1k0m.egtb"), bytes(&good[..good.len() - 100]))
        .unwrap_err();
    assert_eq!(refusal(&e).0, "bad_table");
    let mut damaged = good.to_vec();
    damaged[good.len() / 2] ^= 1;
    let e = bot
        .add_table(s("w0k2m-b1k0m.egtb"), bytes(&damaged))
        .unwrap_err();
    assert_eq!(refusal(&e), ("bad_table".into(), "checksum".into()));
    let e = bot
        .add_table(s("w0k2m-b1k0m.egtb"), bytes(b"<!doctype html><p>404</p>"))
        .unwrap_err();
    assert_eq!(refusal(&e).0, "bad_table");
    let e = bot
        .add_table(s("w1k0m-b2k0m.egtb"), bytes(good))
        .unwrap_err();
    assert_eq!(refusal(&e), ("bad_table".into(), "wrong_name".into()));
    let e = bot
        .add_table(JsValue::from_f64(3.0), bytes(good))
        .unwrap_err();
    assert_eq!(get(&e, "code").as_string().unwrap(), "bad_argument");
    let e = bot
        .add_table(s("w0k2m-b1k0m.egtb"), s("bytes"))
        .unwrap_err();
    assert_eq!(get(&e, "code").as_string().unwrap(), "bad_argument");
    assert!(bot.tables().is_empty(), "refused files are not loaded");
    assert!(egtb_probe(&game).unwrap().is_null());

    // The sound files (an ArrayBuffer is taken too) are loaded.
    for (i, (name, b)) in FILES.iter().enumerate() {
        let arg = if i % 2 == 0 {
            bytes(b)
        } else {
            Uint8Array::from(*b).buffer().into()
        };
        let loaded = bot.add_table(s(name), arg).unwrap();
        assert_eq!(loaded.len(), i + 1);
    }
    let v = egtb_probe(&game).unwrap();
    assert_eq!(get(&v, "result").as_string().unwrap(), "loss");
    assert_eq!(get(&v, "sideToMove").as_string().unwrap(), "white");
    assert_eq!(get(&v, "moves").as_f64(), Some(8.0));

    // The bot, Black after a3-b4, plays a table move: one that keeps the
    // win and shortens it (`shashki egtb probe`: B:Wb4,c1:BKh8 -> win in 8).
    let mut game = Game::from_fen(s("W:Wa3,c1:BKh8")).unwrap();
    game.play(s("a3-b4")).unwrap();
    let v = egtb_probe(&game).unwrap();
    assert_eq!(get(&v, "moves").as_f64(), Some(8.0));
    let r = bot
        .play(&game, JsValue::from_f64(1.0), JsValue::from_f64(7.0))
        .unwrap();
    let mv = get(&get(&r, "move"), "notation");
    game.play(mv).unwrap();
    let v = egtb_probe(&game).unwrap();
    assert_eq!(get(&v, "result").as_string().unwrap(), "loss");
    assert_eq!(get(&v, "moves").as_f64(), Some(7.0));
}

#[wasm_bindgen_test]
fn table_moves_best_first_for_either_side() {
    // The installed set is shared by the tests of this file: a man against
    // a man far apart, whose file neither test adds and where no move leads
    // to a capture, stands for "not loaded": no move judged (`null` before
    // any table at all, else an empty list).
    let unloaded = Game::from_fen(s("W:Wa1:Bh8")).unwrap();
    let none = egtb_moves(&unloaded).unwrap();
    assert!(
        none.is_null() || Array::from(&none).length() == 0,
        "no table loaded"
    );
    let mut game = Game::from_fen(s("W:WKe1,Kg1:BKa7")).unwrap();
    let names = egtb_files_for(&game);
    assert_eq!(names, ["w1k0m-b1k0m.egtb", "w1k0m-b2k0m.egtb"]);
    let mut bot = Bot::new(JsValue::UNDEFINED).unwrap();
    for name in &names {
        bot.add_table(s(name), bytes(file(name))).unwrap();
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
    // A material the set does not hold (six pieces): null, never a throw.
    let big = Game::from_fen(s("W:WKe1,Kg1,c3:BKa7,h8,g7")).unwrap();
    assert!(egtb_moves(&big).unwrap().is_null());
}

#[wasm_bindgen_test]
fn set_table_memory_sets_the_limit_on_unpacked_blocks_in_megabytes() {
    use shashki::engine::egtb;
    assert_eq!(egtb::unpacked_limit(), egtb::UNPACKED_LIMIT);
    shashki::web::egtb_js::set_table_memory(32);
    assert_eq!(egtb::unpacked_limit(), 32 << 20);
    shashki::web::egtb_js::set_table_memory(4);
    assert_eq!(egtb::unpacked_limit(), 4 << 20);
    shashki::web::egtb_js::set_table_memory(128);
    assert_eq!(egtb::unpacked_limit(), egtb::UNPACKED_LIMIT);
}
