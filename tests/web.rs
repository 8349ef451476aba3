//! The JavaScript-facing `Game` and `Bot`, run in headless Chromium by
//! wasm-bindgen-test-runner (`cargo test --target wasm32-unknown-unknown --test web`).
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Reflect};
use shashki::web::Game;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &key.into()).unwrap()
}

fn s(v: &str) -> JsValue {
    JsValue::from_str(v)
}

fn code(err: &JsValue) -> String {
    assert!(
        err.is_instance_of::<js_sys::Error>(),
        "a JS Error is thrown"
    );
    get(err, "code").as_string().expect("error has a code")
}

fn n(v: f64) -> JsValue {
    JsValue::from_f64(v)
}

/// A value built by page JavaScript (getters, Proxies, ...).
fn js(body: &str) -> JsValue {
    js_sys::Function::new_no_args(body)
        .call0(&JsValue::NULL)
        .unwrap()
}

fn obj(pairs: &[(&str, JsValue)]) -> JsValue {
    let o = js_sys::Object::new();
    for (k, v) in pairs {
        Reflect::set(&o, &(*k).into(), v).unwrap();
    }
    o.into()
}

fn arr(items: &[&str]) -> JsValue {
    items
        .iter()
        .map(|x| JsValue::from_str(x))
        .collect::<Array>()
        .into()
}

#[wasm_bindgen_test]
fn start_has_seven_moves_in_both_spellings() {
    let g = Game::new();
    let a = Array::from(&g.legal_moves_js(JsValue::UNDEFINED).unwrap());
    let b = Array::from(&g.legal_moves(JsValue::UNDEFINED).unwrap());
    assert_eq!(a.length(), 7);
    assert_eq!(b.length(), 7);
    let first = a.get(0);
    for key in ["notation", "from", "to", "path", "captures", "crowns"] {
        assert!(!get(&first, key).is_undefined(), "move object has {key}");
    }
    let from_c3 = Array::from(&g.legal_moves_js(s("c3")).unwrap());
    assert_eq!(from_c3.length(), 2);
}

#[wasm_bindgen_test]
fn plays_text_and_object_moves() {
    let mut g = Game::new();
    let played = g.play(s("c3-d4")).unwrap();
    assert_eq!(get(&played, "notation").as_string().unwrap(), "c3-d4");
    g.play(obj(&[("from", s("f6")), ("to", s("e5"))])).unwrap();
    // A capture is now compulsory: d4:f6.
    let cap = g.play(obj(&[("path", arr(&["d4", "f6"]))])).unwrap();
    assert_eq!(get(&cap, "notation").as_string().unwrap(), "d4:f6");
    assert_eq!(
        Array::from(&get(&cap, "captures"))
            .get(0)
            .as_string()
            .unwrap(),
        "e5"
    );
    assert_eq!(g.ply(), 3);
    assert_eq!(g.turn(), "black");
}

/// An illegal move's error carries the reason as a stable code and the
/// squares it names, beside the engine's English sentence.
#[wasm_bindgen_test]
fn illegal_move_error_has_a_reason_code() {
    let mut g = Game::new();
    let e = g.play(s("c3-e5")).unwrap_err();
    assert_eq!(code(&e), "illegal_move");
    assert_eq!(get(&e, "reasonCode").as_string().unwrap(), "onlyTo");
    let params = get(&e, "reasonParams");
    assert_eq!(get(&params, "square").as_string().unwrap(), "c3");
    let squares: Vec<String> = Array::from(&get(&params, "squares"))
        .iter()
        .map(|v| v.as_string().unwrap())
        .collect();
    assert_eq!(squares, ["b4", "d4"]);
    assert!(
        get(&params, "side").is_undefined(),
        "no side for this reason"
    );
    assert_eq!(
        get(&e, "reason").as_string().unwrap(),
        "the piece on c3 can move only to b4, d4"
    );
    // The side to move, for a piece of the other side.
    let e = g.play(s("f6-e5")).unwrap_err();
    assert_eq!(get(&e, "reasonCode").as_string().unwrap(), "notYours");
    assert_eq!(
        get(&get(&e, "reasonParams"), "side").as_string().unwrap(),
        "white"
    );
    // Other errors have no reason code.
    let e = g.play(s("hello")).unwrap_err();
    assert!(get(&e, "reasonCode").is_undefined());
}

/// A bad FEN or PDN's error carries its detail: a stable code, the facts
/// it names (line, move number, text, square) and the inner detail.
#[wasm_bindgen_test]
fn fen_and_pdn_errors_have_a_detail() {
    let e = Game::from_fen(s("W:Wz9:Bh8")).err().unwrap();
    assert_eq!(code(&e), "bad_fen");
    let d = get(&e, "detail");
    assert_eq!(get(&d, "code").as_string().unwrap(), "fenNotSquare");
    assert_eq!(get(&get(&d, "params"), "text").as_string().unwrap(), "z9");
    assert!(get(&d, "inner").is_undefined());

    let e = Game::from_pdn(s("[Event \"x\"]\n1. c3-d4 f6-g5\n2. a1-b2 *"))
        .err()
        .unwrap();
    assert_eq!(code(&e), "bad_pdn");
    let d = get(&e, "detail");
    assert_eq!(get(&d, "code").as_string().unwrap(), "pdnMove");
    let p = get(&d, "params");
    assert_eq!(get(&p, "line").as_f64(), Some(3.0));
    assert_eq!(get(&p, "number").as_f64(), Some(2.0));
    assert_eq!(get(&p, "side").as_string().unwrap(), "white");
    assert_eq!(get(&p, "text").as_string().unwrap(), "a1-b2");
    let inner = get(&d, "inner");
    assert_eq!(get(&inner, "code").as_string().unwrap(), "illegalMove");
    let ip = get(&inner, "params");
    assert_eq!(get(&ip, "reason").as_string().unwrap(), "noMove");
    assert_eq!(get(&ip, "square").as_string().unwrap(), "a1");
    // The English message is the engine's own, as before.
    assert!(get(&e, "message")
        .as_string()
        .unwrap()
        .starts_with("game 1, line 3, move 2. a1-b2: "));

    let mut g = Game::new();
    let e = g.play(s("hello")).unwrap_err();
    let d = get(&e, "detail");
    assert_eq!(get(&d, "code").as_string().unwrap(), "notMove");
}

#[wasm_bindgen_test]
fn every_error_code_and_state_untouched() {
    let mut g = Game::new();
    let fen = g.fen();
    assert_eq!(code(&g.play(s("c3-e5")).unwrap_err()), "illegal_move");
    assert_eq!(code(&g.play(s("hello")).unwrap_err()), "bad_notation");
    assert_eq!(
        code(&g.play(JsValue::from_f64(42.0)).unwrap_err()),
        "bad_argument"
    );
    assert_eq!(
        code(&g.play(JsValue::UNDEFINED).unwrap_err()),
        "bad_argument"
    );
    assert_eq!(code(&g.play(JsValue::NULL).unwrap_err()), "bad_argument");
    assert_eq!(
        code(&g.play(arr(&["c3", "d4"])).unwrap_err()),
        "bad_argument"
    );
    assert_eq!(
        code(&g.play(obj(&[("from", s("c3"))])).unwrap_err()),
        "bad_argument"
    );
    assert_eq!(
        code(
            &g.play(obj(&[("from", JsValue::from_f64(3.0)), ("to", s("d4"))]))
                .unwrap_err()
        ),
        "bad_argument"
    );
    assert_eq!(
        code(&g.play(s(&"c3-d4".repeat(100_000))).unwrap_err()),
        "bad_argument"
    );
    assert_eq!(
        code(&Game::from_fen(s("W:Wa2:Bh8")).err().unwrap()),
        "bad_fen"
    );
    assert_eq!(
        code(&Game::from_fen(JsValue::from_f64(1.0)).err().unwrap()),
        "bad_argument"
    );
    assert_eq!(
        code(&Game::from_pdn(s("1. c3-c5")).err().unwrap()),
        "bad_pdn"
    );
    assert_eq!(code(&g.accept_draw().unwrap_err()), "no_draw_offer");
    assert_eq!(code(&g.resign(s("purple")).unwrap_err()), "bad_argument");
    assert_eq!(
        code(&g.goto(JsValue::from_f64(-1.0)).unwrap_err()),
        "bad_argument"
    );
    assert_eq!(g.fen(), fen, "errors leave the game unchanged");
    assert_eq!(g.ply(), 0);

    // Ambiguous: h6:f8:b4 (crowned on f8, takes g7 and c5) and
    // h6:f4:d6:b4 (takes g5, e5, c5) share both ends.
    let mut amb = Game::from_fen(s("W:Wh6:Bc5,e5,g5,g7")).unwrap();
    let e = amb.play(s("h6:b4")).unwrap_err();
    assert_eq!(code(&e), "ambiguous_move");
    assert!(Array::from(&get(&e, "candidates")).length() >= 2);

    let mut over = Game::from_fen(s("B:Wc3:B")).unwrap();
    assert_eq!(
        get(&over.status().unwrap(), "state").as_string().unwrap(),
        "win"
    );
    assert_eq!(code(&over.play(s("c3-d4")).unwrap_err()), "game_over");
}

#[wasm_bindgen_test]
fn status_after_a_win_and_after_an_automatic_draw() {
    // White captures the last black piece.
    let mut g = Game::from_fen(s("W:Wc3:Bd4")).unwrap();
    g.play(s("c3:e5")).unwrap();
    let st = g.status().unwrap();
    assert_eq!(get(&st, "state").as_string().unwrap(), "win");
    assert_eq!(get(&st, "winner").as_string().unwrap(), "white");
    assert_eq!(get(&st, "reason").as_string().unwrap(), "no_pieces");

    // One king each: kings on both sides, 2 pieces: 5 moves each, then a draw.
    // Every position differs (the white king never returns), so no repetition.
    let mut d = Game::from_fen(s("W:WKa1:BKh4")).unwrap();
    let moves = [
        "a1-b2", "h4-g3", "b2-a3", "g3-h4", "a3-b4", "h4-g3", "b4-a5", "g3-h4", "a5-b6", "h4-g3",
    ];
    for m in moves {
        assert_eq!(
            get(&d.status().unwrap(), "state").as_string().unwrap(),
            "ongoing"
        );
        d.play(s(m)).unwrap();
    }
    let st = d.status().unwrap();
    assert_eq!(get(&st, "state").as_string().unwrap(), "draw");
    assert!(get(&st, "winner").is_null());
    assert_eq!(get(&st, "reason").as_string().unwrap(), "kings_balance");
}

#[wasm_bindgen_test]
fn fen_pdn_round_trip_and_undo() {
    let mut g = Game::new();
    for m in ["c3-d4", "f6-g5", "g3-f4"] {
        g.play(s(m)).unwrap();
    }
    let fen = g.fen();
    let again = Game::from_fen(s(&fen)).unwrap();
    assert_eq!(again.fen(), fen);
    let pdn = g.pdn();
    assert!(pdn.contains("GameType \"25\""));
    let re = Game::from_pdn(s(&pdn)).unwrap();
    assert_eq!(re.fen(), fen);
    assert_eq!(re.pdn(), pdn);
    assert_eq!(Array::from(&re.history().unwrap()).length(), 3);

    assert!(g.undo());
    assert_eq!(g.ply(), 2);
    assert_eq!(g.length(), 3);
    assert!(g.redo());
    assert_eq!(g.fen(), fen);
    assert!(g.goto(JsValue::from_f64(0.0)).unwrap());
    assert_eq!(g.fen(), Game::new().fen());
    assert_eq!(Array::from(&g.board().unwrap()).length(), 24);
}

#[wasm_bindgen_test]
fn draw_offer_and_resignation() {
    let mut g = Game::new();
    g.offer_draw(s("white")).unwrap();
    assert_eq!(g.draw_offer().as_deref(), Some("white"));
    g.decline_draw().unwrap();
    assert_eq!(g.draw_offer(), None);
    g.offer_draw(s("black")).unwrap();
    g.accept_draw().unwrap();
    let st = g.status().unwrap();
    assert_eq!(get(&st, "reason").as_string().unwrap(), "agreement");

    let mut r = Game::new();
    r.resign(s("white")).unwrap();
    let st = r.status().unwrap();
    assert_eq!(get(&st, "winner").as_string().unwrap(), "black");
    assert_eq!(get(&st, "reason").as_string().unwrap(), "resignation");
}

#[wasm_bindgen_test]
fn bot_plays_searches_and_judges_draws() {
    use shashki::web::{levels, Bot};
    let list = Array::from(&levels().unwrap());
    assert!(list.length() >= 6);
    assert!(get(&list.get(0), "description").as_string().unwrap().len() > 10);

    let mut bot = Bot::new(n(4.0)).unwrap();
    let g = Game::new();
    let r = bot.play(&g, n(1.0), n(7.0)).unwrap();
    let mv = get(&r, "move");
    let legal: Vec<String> = Array::from(&g.legal_moves_js(JsValue::UNDEFINED).unwrap())
        .iter()
        .map(|m| get(&m, "notation").as_string().unwrap())
        .collect();
    assert!(legal.contains(&get(&mv, "notation").as_string().unwrap()));

    let r = bot
        .search(&g, obj(&[("depth", JsValue::from_f64(5.0))]))
        .unwrap();
    assert_eq!(get(&r, "depth").as_f64().unwrap(), 5.0);
    assert!(Array::from(&get(&r, "pv")).length() >= 1);
    // The clock works in the browser: a 150 ms search stops in time.
    let t = js_sys::Date::now();
    bot.search(&g, obj(&[("movetimeMs", JsValue::from_f64(150.0))]))
        .unwrap();
    assert!(js_sys::Date::now() - t < 150.0 + 200.0);

    assert_eq!(
        code(&bot.play(&g, n(0.0), JsValue::UNDEFINED).unwrap_err()),
        "bad_argument"
    );
    assert_eq!(
        code(&bot.play(&g, n(2.5), JsValue::UNDEFINED).unwrap_err()),
        "bad_argument"
    );
    assert_eq!(code(&bot.search(&g, obj(&[])).unwrap_err()), "bad_argument");
    assert_eq!(
        code(&bot.search(&g, JsValue::from_str("fast")).unwrap_err()),
        "bad_argument"
    );
    assert_eq!(
        code(
            &bot.search(&g, obj(&[("depth", JsValue::from_f64(-3.0))]))
                .unwrap_err()
        ),
        "bad_argument"
    );

    // Three men against one: the weaker side accepts a draw, the stronger does not.
    let g = Game::from_fen(s("W:Wc3,e3,g3,a1:Bh8")).unwrap();
    assert!(bot.accepts_draw(&g, s("black")).unwrap());
    assert!(!bot.accepts_draw(&g, s("white")).unwrap());

    // A finished game: no move.
    let over = Game::from_fen(s("B:Wc3:B")).unwrap();
    assert!(get(
        &bot.play(&over, n(3.0), JsValue::UNDEFINED).unwrap(),
        "move"
    )
    .is_null());
}

/// Hostile objects from a page script: getters and `toJSON` that throw,
/// `Proxy` traps that throw, a revoked `Proxy`. Each is a `bad_argument`
/// error, and the `Game` stays usable (no "recursive use of an object"
/// lock-up): it still answers and still plays.
#[wasm_bindgen_test]
fn hostile_move_objects_are_bad_arguments_and_the_game_stays_usable() {
    let mut g = Game::new();
    let fen = g.fen();
    let hostile = [
        "return { get from() { throw new Error('boom'); }, to: 'd4' };",
        "return { from: 'c3', get to() { throw 42; } };",
        "return { toJSON() { throw new Error('no'); } };",
        "return new Proxy({}, { ownKeys() { throw new Error('keys'); } });",
        "return new Proxy({from: 'c3', to: 'd4'}, { get() { throw new Error('get'); } });",
        "return new Proxy({}, { getOwnPropertyDescriptor() { throw new Error('desc'); }, ownKeys() { return ['from']; } });",
        "const r = Proxy.revocable({}, {}); r.revoke(); return r.proxy;",
        "const a = {}; a.self = a; return a;",
        "return { from: 'c3', to: 'd4', big: 10n };",
        "return { get from() { throw new Proxy({}, { get() { throw new Error('deeper'); } }); }, to: 'd4' };",
    ];
    for body in hostile {
        let e = g.play(js(body)).unwrap_err();
        assert_eq!(code(&e), "bad_argument", "{body}");
        assert_eq!(g.fen(), fen, "{body}: the game is unchanged");
        assert_eq!(g.ply(), 0);
        assert_eq!(
            Array::from(&g.legal_moves_js(JsValue::UNDEFINED).unwrap()).length(),
            7
        );
    }
    // Still usable: a move object with an ordinary getter plays.
    let played = g
        .play(js("return { get from() { return 'c3'; }, to: 'd4' };"))
        .unwrap();
    assert_eq!(get(&played, "notation").as_string().unwrap(), "c3-d4");
    assert_eq!(g.ply(), 1);
}

/// A setter a page puts on `Object.prototype` never runs while Rust builds
/// the objects it returns (they are made by `JSON.parse`).
#[wasm_bindgen_test]
fn prototype_setters_do_not_run_on_returned_objects() {
    js("Object.defineProperty(Object.prototype, 'notation', { set() { throw new Error('setter'); }, configurable: true }); return null;");
    let mut g = Game::new();
    let moves = g.legal_moves_js(JsValue::UNDEFINED);
    let played = g.play(s("c3-d4"));
    let hist = g.history();
    js("delete Object.prototype.notation; return null;");
    assert_eq!(Array::from(&moves.unwrap()).length(), 7);
    assert_eq!(
        get(&played.unwrap(), "notation").as_string().unwrap(),
        "c3-d4"
    );
    assert_eq!(Array::from(&hist.unwrap()).length(), 1);
}

/// `Bot.search` options with throwing getters or traps, and a clock the
/// page broke: typed errors or a finished search, and the bot still works.
#[wasm_bindgen_test]
fn hostile_options_and_clock_leave_the_bot_usable() {
    use shashki::web::Bot;
    let mut bot = Bot::new(n(1.0)).unwrap();
    let g = Game::new();
    for body in [
        "return { get depth() { throw new Error('boom'); } };",
        "return new Proxy({}, { ownKeys() { throw new Error('keys'); } });",
        "const r = Proxy.revocable({}, {}); r.revoke(); return r.proxy;",
        "return [3];",
    ] {
        let e = bot.search(&g, js(body)).unwrap_err();
        assert_eq!(code(&e), "bad_argument", "{body}");
        let r = bot.search(&g, obj(&[("depth", n(2.0))])).unwrap();
        assert_eq!(get(&r, "depth").as_f64().unwrap(), 2.0);
    }
    // performance.now and Date.now replaced by throwing functions: the
    // search bounded by time still ends (the clock jumps ahead).
    js("globalThis.__now = [performance.now, Date.now]; performance.now = () => { throw new Error('clock'); }; Date.now = () => { throw new Error('clock'); }; return null;");
    let r = bot.search(&g, obj(&[("movetimeMs", n(100.0))]));
    js("[performance.now, Date.now] = globalThis.__now; return null;");
    assert!(!get(&r.unwrap(), "move").is_null());
    let r = bot.play(&g, n(2.0), n(1.0)).unwrap();
    assert!(!get(&r, "move").is_null());
}

/// Numbers are whole and in range, with no coercion.
#[wasm_bindgen_test]
fn numeric_arguments_are_checked() {
    use shashki::web::{perft, Bot};
    assert_eq!(perft(JsValue::UNDEFINED, n(4.0)).unwrap(), 1469.0);
    for bad in [
        n(f64::NAN),
        JsValue::UNDEFINED,
        n(1.5),
        n(-1.0),
        n(13.0),
        s("3"),
    ] {
        assert_eq!(
            code(&perft(JsValue::UNDEFINED, bad).unwrap_err()),
            "bad_argument"
        );
    }
    for bad in [
        n(1.5),
        n(0.0),
        n(513.0),
        n(f64::NAN),
        s("4"),
        js("return {valueOf() { throw 1; }};"),
    ] {
        assert_eq!(code(&Bot::new(bad).err().unwrap()), "bad_argument");
    }
    assert!(Bot::new(JsValue::UNDEFINED).is_ok());
    let mut bot = Bot::new(n(1.0)).unwrap();
    let g = Game::new();
    assert_eq!(
        code(&bot.play(&g, s("3"), JsValue::UNDEFINED).unwrap_err()),
        "bad_argument"
    );
    assert_eq!(
        code(&bot.play(&g, n(3.0), s("x")).unwrap_err()),
        "bad_argument"
    );
    assert_eq!(code(&bot.hint(&g, s("fast")).unwrap_err()), "bad_argument");
}

/// `history()` carries each move's number and the side that made it, and
/// `startTurn()` the side that began.
#[wasm_bindgen_test]
fn history_has_move_numbers_and_sides() {
    let mut g = Game::from_fen(s("B:Wc3,e3:Bd6,f8")).unwrap();
    assert_eq!(g.start_turn(), "black");
    for m in ["d6-c5", "c3-b4", "c5:a3"] {
        g.play(s(m)).unwrap();
    }
    let h = Array::from(&g.history().unwrap());
    let got: Vec<(f64, String)> = h
        .iter()
        .map(|e| {
            (
                get(&e, "moveNumber").as_f64().unwrap(),
                get(&e, "side").as_string().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (1.0, "black".into()),
            (2.0, "white".into()),
            (2.0, "black".into())
        ]
    );
    assert_eq!(get(&h.get(2), "notation").as_string().unwrap(), "c5:a3");
    assert_eq!(get(&h.get(2), "fen").as_string().unwrap(), g.fen());
    assert_eq!(Game::new().start_turn(), "white");
}

/// The pattern tables and the book are not in the module: `setPatterns`,
/// `setKingPatterns` and `setBook` take only the files it was built with
/// (typed errors for any other bytes, nothing changed), and once they are
/// in, the evaluation is the native one and levels 5-6 open from the book.
#[wasm_bindgen_test]
fn engine_data_is_checked_then_used() {
    use shashki::engine::kpatterns;
    use shashki::engine::net;
    use shashki::engine::patterns::{indices, unfold, white_score};
    use shashki::web::data_js::{engine_data, set_book, set_king_patterns, set_net, set_patterns};
    use shashki::web::Bot;
    const PATTERNS: &[u8] = include_bytes!("../src/engine/patterns.bin");
    const KINGS: &[u8] = include_bytes!("../src/engine/kpatterns.bin");
    const BOOK: &str = include_str!("../src/engine/book.txt");
    const NET: &[u8] = include_bytes!("../src/engine/net.bin");
    let state = |key: &str| get(&engine_data().unwrap(), key).as_bool().unwrap();
    let bytes = |b: &[u8]| JsValue::from(js_sys::Uint8Array::from(b));
    let reason = |e: &JsValue| get(e, "reason").as_string().unwrap();

    // Without them: no pattern term, no book move (the start position at
    // level 5 is searched).
    assert!(!state("patterns") && !state("kingPatterns") && !state("book"));
    let kings_pos = shashki::Position::from_fen("B:Wa1,c3,e3,Kg5,h2:Bb6,d6,Kf8,h6").unwrap();
    assert_eq!(kpatterns::mover_score(&kings_pos), 0);
    assert!(!state("net"));
    assert_eq!(net::mover_score(&shashki::Position::start()), 0);
    let (white, black) = (0x0000_0FFFu32, 0xFFF0_0000u32);
    assert_eq!(white_score(white, black ^ (1 << 31)), 0);
    let mut bot = Bot::new(n(1.0)).unwrap();
    let g = Game::new();
    let searched = bot.play(&g, n(5.0), n(1.0)).unwrap();
    assert!(get(&searched, "depth").as_f64().unwrap() > 0.0);

    // Refused: the wrong type, length or contents, a foreign book.
    let e = set_patterns(s("patterns")).unwrap_err();
    assert_eq!(code(&e), "bad_argument");
    let e = set_patterns(bytes(&PATTERNS[1..])).unwrap_err();
    assert_eq!(
        (code(&e).as_str(), reason(&e).as_str()),
        ("bad_engine_data", "length")
    );
    let mut damaged = PATTERNS.to_vec();
    damaged[4000] ^= 0x10;
    let e = set_patterns(bytes(&damaged)).unwrap_err();
    assert_eq!(
        (code(&e).as_str(), reason(&e).as_str()),
        ("bad_engine_data", "checksum")
    );
    let e = set_book(s(&BOOK.replace("=1", "=2"))).unwrap_err();
    assert_eq!(
        (code(&e).as_str(), reason(&e).as_str()),
        ("bad_engine_data", "checksum")
    );
    assert_eq!(code(&set_book(n(1.0)).unwrap_err()), "bad_argument");
    assert_eq!(reason(&set_book(s(&BOOK.repeat(5))).unwrap_err()), "length");
    // The pattern table is not the patterns with kings, nor a damaged copy.
    let e = set_king_patterns(bytes(PATTERNS)).unwrap_err();
    assert_eq!(
        (code(&e).as_str(), reason(&e).as_str()),
        ("bad_engine_data", "length")
    );
    let mut damaged = KINGS.to_vec();
    damaged[100_000] ^= 0x01;
    assert_eq!(
        reason(&set_king_patterns(bytes(&damaged)).unwrap_err()),
        "checksum"
    );
    assert_eq!(
        code(&set_king_patterns(n(3.0)).unwrap_err()),
        "bad_argument"
    );
    // The network: the wrong length, a damaged copy.
    assert_eq!(reason(&set_net(bytes(&NET[2..])).unwrap_err()), "length");
    let mut damaged = NET.to_vec();
    damaged[1000] ^= 0x04;
    assert_eq!(reason(&set_net(bytes(&damaged)).unwrap_err()), "checksum");
    assert!(!state("patterns") && !state("kingPatterns") && !state("book") && !state("net"));

    // Accepted (an ArrayBuffer too, and twice): the evaluation reads the
    // table as the native build does (the eighteen-read sum of the full
    // table), and level 5 plays a book move at the start.
    let buffer = js_sys::Uint8Array::from(PATTERNS).buffer();
    set_patterns(buffer.into()).unwrap();
    set_patterns(bytes(PATTERNS)).unwrap();
    set_book(s(BOOK)).unwrap();
    set_king_patterns(bytes(KINGS)).unwrap();
    set_king_patterns(js_sys::Uint8Array::from(KINGS).buffer().into()).unwrap();
    set_net(bytes(NET)).unwrap();
    set_net(bytes(NET)).unwrap();
    assert!(state("patterns") && state("kingPatterns") && state("book") && state("net"));
    // The network reads the file's weights as a fresh reading of them does.
    let start = shashki::Position::start();
    assert_eq!(
        net::mover_score(&start),
        net::score(&net::values(NET.try_into().unwrap()), &start)
    );
    assert_ne!(net::mover_score(&start), 0);
    // The kings' patterns read the file's bytes as the native build does.
    let (om, ok, em, ek) = kpatterns::mover_view(&kings_pos);
    let expected: i32 = kpatterns::indices(om, ok, em, ek)
        .iter()
        .map(|&i| KINGS[i] as i8 as i32)
        .sum();
    assert_eq!(kpatterns::mover_score(&kings_pos), expected);
    assert_ne!(expected, 0);
    let full = unfold(PATTERNS);
    let full_score = |w: u32, b: u32| -> i32 {
        let sum = |own: u32, enemy: u32| -> i32 {
            indices(own, enemy)
                .iter()
                .map(|&i| full[i] as i8 as i32)
                .sum()
        };
        sum(w, b) - sum(b.reverse_bits(), w.reverse_bits())
    };
    let mut nonzero = 0;
    for k in 0..32 {
        let b = (black ^ (1 << k)) & !white;
        let w = white & !(1 << (31 - k));
        assert_eq!(white_score(w, b), full_score(w, b), "{w:#x} {b:#x}");
        nonzero += (white_score(w, b) != 0) as u32;
    }
    assert!(nonzero > 0);
    let booked = bot.play(&g, n(5.0), n(1.0)).unwrap();
    assert_eq!(get(&booked, "depth").as_f64().unwrap(), 0.0);
}

#[wasm_bindgen_test]
fn a_flag_fall_and_the_bot_on_its_clock() {
    use shashki::web::{move_budget, Bot};
    let mut g = Game::new();
    g.play(s("c3-d4")).unwrap();
    g.lose_on_time(s("black")).unwrap();
    let st = g.status().unwrap();
    assert_eq!(get(&st, "winner").as_string().unwrap(), "white");
    assert_eq!(get(&st, "reason").as_string().unwrap(), "time_forfeit");
    assert!(g.pdn().contains("[Termination \"time forfeit\"]"));
    assert_eq!(code(&g.lose_on_time(s("white")).unwrap_err()), "game_over");
    assert_eq!(
        code(&Game::new().lose_on_time(s("grey")).unwrap_err()),
        "bad_argument"
    );

    // The budget: the level's cap, the formula, nothing when the time is gone.
    assert_eq!(
        move_budget(n(6.0), n(180_000.0), n(2_000.0)).unwrap(),
        3_000.0
    );
    assert_eq!(
        move_budget(n(6.0), n(10_000.0), n(2_000.0)).unwrap(),
        1_725.0
    );
    assert_eq!(move_budget(n(1.0), n(10_000.0), n(2_000.0)).unwrap(), 500.0);
    assert_eq!(move_budget(n(6.0), n(900.0), n(0.0)).unwrap(), 0.0);
    assert_eq!(
        code(&move_budget(s("x"), n(1.0), n(0.0)).unwrap_err()),
        "bad_argument"
    );

    // With no time to spend the bot still answers with a legal move.
    let mut bot = Bot::new(n(4.0)).unwrap();
    let g = Game::new();
    let r = bot
        .play_on_clock(&g, n(6.0), n(3.0), n(500.0), n(0.0))
        .unwrap();
    let mv = get(&get(&r, "move"), "notation").as_string().unwrap();
    let legal: Vec<String> = Array::from(&g.legal_moves_js(JsValue::UNDEFINED).unwrap())
        .iter()
        .map(|m| get(&m, "notation").as_string().unwrap())
        .collect();
    assert!(legal.contains(&mv), "{mv}");
}
