//! The plain-Rust half of the JavaScript API, tested natively: move objects,
//! reading moves from text and objects, error codes, status shape.

use crate as shashki;
use crate::game::Game;
use crate::web::convert::{self, MoveInput, MoveView};

fn input(
    from: Option<&str>,
    to: Option<&str>,
    captures: Option<&[&str]>,
    path: Option<&[&str]>,
) -> MoveInput {
    let v = |xs: &[&str]| xs.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    MoveInput {
        from: from.map(str::to_string),
        to: to.map(str::to_string),
        captures: captures.map(v),
        path: path.map(v),
        ..MoveInput::default()
    }
}

#[test]
fn move_view_shape() {
    let g = Game::from_fen("W:Wf6:Bc7,e7").unwrap();
    let legal = g.legal_moves();
    let views: Vec<MoveView> = legal.iter().map(|m| MoveView::new(m, &legal)).collect();
    let json = serde_json::to_value(&views).unwrap();
    let a5 = json
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["to"] == "a5")
        .expect("f6:a5 is legal");
    assert_eq!(a5["notation"], "f6:a5");
    assert_eq!(a5["from"], "f6");
    assert_eq!(a5["path"], serde_json::json!(["f6", "d8", "a5"]));
    assert_eq!(a5["captures"], serde_json::json!(["c7", "e7"]));
    assert_eq!(a5["crowns"], true);
}

#[test]
fn text_and_objects_resolve_to_the_same_move() {
    let g = Game::new();
    let legal = g.legal_moves();
    let by_text = convert::resolve_text(g.position(), "C3-D4", &legal).unwrap();
    let by_obj = convert::resolve_input(
        g.position(),
        &input(Some("c3"), Some("d4"), None, None),
        &legal,
    )
    .unwrap();
    let by_path = convert::resolve_input(
        g.position(),
        &input(None, None, None, Some(&["c3", "d4"])),
        &legal,
    )
    .unwrap();
    assert_eq!(by_text, by_obj);
    assert_eq!(by_text, by_path);
}

#[test]
fn captures_pick_between_twins() {
    // h6:f8:b4 (takes g7, c5) and h6:f4:d6:b4 (takes g5, e5, c5) share both ends.
    let g = Game::from_fen("W:Wh6:Bc5,e5,g5,g7").unwrap();
    let legal = g.legal_moves();
    let e = convert::resolve_input(
        g.position(),
        &input(Some("h6"), Some("b4"), None, None),
        &legal,
    )
    .unwrap_err();
    assert_eq!(e.code, "ambiguous_move");
    assert_eq!(e.candidates.len(), 2);
    let m = convert::resolve_input(
        g.position(),
        &input(Some("h6"), Some("b4"), Some(&["g7", "c5"]), None),
        &legal,
    )
    .unwrap();
    assert_eq!(m.captured().count(), 2);
    let m = convert::resolve_input(
        g.position(),
        &input(None, None, None, Some(&["h6", "f4", "d6", "b4"])),
        &legal,
    )
    .unwrap();
    assert_eq!(m.captured().count(), 3);
    let e = convert::resolve_input(
        g.position(),
        &input(Some("h6"), Some("b4"), Some(&["e5"]), None),
        &legal,
    )
    .unwrap_err();
    assert_eq!(e.code, "illegal_move");
}

#[test]
fn error_codes() {
    let g = Game::new();
    let legal = g.legal_moves();
    let code = |r: Result<shashki::Move, convert::WebError>| r.unwrap_err().code;
    assert_eq!(
        code(convert::resolve_text(g.position(), "c3-e5", &legal)),
        "illegal_move"
    );
    assert_eq!(
        code(convert::resolve_text(g.position(), "zz", &legal)),
        "bad_notation"
    );
    assert_eq!(
        code(convert::resolve_text(
            g.position(),
            &"x".repeat(5000),
            &legal
        )),
        "bad_argument"
    );
    assert_eq!(
        code(convert::resolve_input(
            g.position(),
            &input(Some("c3"), None, None, None),
            &legal
        )),
        "bad_argument"
    );
    assert_eq!(
        code(convert::resolve_input(
            g.position(),
            &input(Some("c9"), Some("d4"), None, None),
            &legal
        )),
        "bad_notation"
    );
    assert_eq!(
        code(convert::resolve_input(
            g.position(),
            &input(None, None, None, Some(&["c3"])),
            &legal
        )),
        "bad_argument"
    );
    let mut over = Game::from_fen("B:Wc3:B").unwrap();
    let e = convert::play(&mut over, &convert::MoveRequest::Text("c3-d4".into())).unwrap_err();
    assert_eq!(e.code, "game_over");
    // Over-long text is refused before anything else, as before.
    let e = convert::play(&mut over, &convert::MoveRequest::Text("x".repeat(5000))).unwrap_err();
    assert_eq!(e.code, "bad_argument");
    assert_eq!(convert::side("White").unwrap(), shashki::Color::White);
    assert_eq!(convert::side("grey").unwrap_err().code, "bad_argument");

    // A quiet move tried while a capture is compulsory names the rule.
    let g = Game::from_fen("W:Wd4,g3:Bc3").unwrap();
    let e = convert::resolve_text(g.position(), "g3-h4", &g.legal_moves()).unwrap_err();
    assert_eq!(e.code, "illegal_move");
    assert_eq!(
        e.illegal.as_ref().map(|r| r.code()),
        Some("mustCaptureOther")
    );
    assert!(e.reason.unwrap().contains("compulsory"));
}

/// The bindings give JavaScript the one status shape (tested in
/// tests/game.rs), for a game going on and one that is over.
#[test]
fn status_is_the_status_view() {
    let mut g = Game::from_fen("W:Wc3:Bd4").unwrap();
    let same = |g: &Game| {
        assert_eq!(
            serde_json::to_value(convert::status(g)).unwrap(),
            serde_json::to_value(crate::views::StatusView::of(g)).unwrap()
        )
    };
    same(&g);
    g.play_text("c3:e5").unwrap();
    same(&g);
}

#[test]
fn board_and_history() {
    let mut g = Game::new();
    g.play_text("c3-d4").unwrap();
    let b = convert::board(&g);
    assert_eq!(b.len(), 24);
    assert!(b.iter().any(|p| p.square == "d4"
        && p.piece == "white-man"
        && p.role == "man"
        && p.color == "white"));
    let h = convert::history(&g);
    assert_eq!(h.len(), 1);
    assert_eq!(h[0].ply, 1);
    assert_eq!(h[0].mv.notation, "c3-d4");
    assert_eq!(h[0].fen, g.position().fen());
    assert_eq!(h[0].move_number, 1);
    assert_eq!(h[0].side, "white");
    let json = serde_json::to_value(&h[0]).unwrap();
    assert_eq!(json["moveNumber"], 1);
    assert_eq!(json["side"], "white");
    assert_eq!(json["notation"], "c3-d4");
}

/// `history()` comes from what the record stores: the same notation, FEN,
/// numbers and sides as replaying the game move by move, for every game of
/// the PDN collection, including one that starts with Black to move.
#[test]
fn history_from_the_record_matches_a_replay() {
    let games = shashki::game::pdn::parse_games(include_str!("../../tests/data/russian-games.pdn"))
        .unwrap();
    let mut black_first = Game::from_fen("B:Wc3,e3:Bd6,f8").unwrap();
    for m in ["d6-c5", "c3-b4", "c5:a3"] {
        black_first.play_text(m).unwrap();
    }
    for g in games.iter().chain([&black_first]) {
        let h = convert::history(g);
        assert_eq!(h.len(), g.ply());
        let mut pos = *g.start_position();
        let mut number = 1;
        for (i, e) in h.iter().enumerate() {
            let legal = pos.legal_moves();
            let mv = pos.parse_move(&e.mv.notation).unwrap();
            assert_eq!(e.mv, MoveView::new(&mv, &legal));
            assert_eq!(e.side, pos.turn().name());
            assert_eq!(e.move_number, number);
            assert_eq!(e.ply, i + 1);
            pos = pos.play(&mv).unwrap();
            assert_eq!(e.fen, pos.fen());
            if pos.turn() == shashki::Color::White {
                number += 1;
            }
        }
    }
    let h = convert::history(&black_first);
    assert_eq!(
        h.iter()
            .map(|e| (e.move_number, e.side))
            .collect::<Vec<_>>(),
        [(1, "black"), (2, "white"), (2, "black")]
    );
}

/// Move and options objects arrive as JSON text (`JSON.stringify` in a
/// caught call); arrays, junk and unknown keys are `bad_argument`.
#[test]
fn objects_from_json_text() {
    let i = convert::move_input_from_json(r#"{"from":"c3","to":"d4"}"#).unwrap();
    assert_eq!(i.from.as_deref(), Some("c3"));
    let legal_obj = r#"{"notation":"c3-d4","from":"c3","to":"d4","path":["c3","d4"],"captures":[],"crowns":false}"#;
    assert!(convert::move_input_from_json(legal_obj).is_ok());
    for bad in [
        r#"["c3","d4"]"#,
        "null",
        "42",
        r#""c3-d4""#,
        r#"{"from":5,"to":"d4"}"#,
        r#"{"from":"c3","to":"d4","evil":1}"#,
        "{",
    ] {
        assert_eq!(
            convert::move_input_from_json(bad).unwrap_err().code,
            "bad_argument",
            "{bad}"
        );
    }
    let long = format!(r#"{{"from":"{}"}}"#, "c".repeat(5000));
    assert_eq!(
        convert::move_input_from_json(&long).unwrap_err().code,
        "bad_argument"
    );
    let o = convert::search_options_from_json(r#"{"depth":3}"#).unwrap();
    assert_eq!(o.depth, Some(3));
    let o = convert::search_options_from_json(r#"{"movetimeMs":150.5,"nodes":1e6,"depth":null}"#)
        .unwrap();
    assert_eq!(
        (o.movetime_ms, o.nodes, o.depth),
        (Some(150.5), Some(1e6), None)
    );
    for bad in [
        "[]",
        r#"{"depth":-1}"#,
        r#"{"depth":2.5}"#,
        r#"{"depth":"3"}"#,
        r#"{"movetime":5}"#,
        r#"{"nodes":true}"#,
        "true",
    ] {
        assert_eq!(
            convert::search_options_from_json(bad).unwrap_err().code,
            "bad_argument",
            "{bad}"
        );
    }
}

/// The position editor's pieces: an array of `{square, piece}` strings.
#[test]
fn placed_pieces_from_json_text() {
    let p = convert::placed_pieces_from_json(
        r#"[{"square":"c3","piece":"white-man"},{"piece":"black-king","square":"h8"}]"#,
    )
    .unwrap();
    assert_eq!(
        p.iter()
            .map(|x| (x.square.as_str(), x.piece.as_str()))
            .collect::<Vec<_>>(),
        [("c3", "white-man"), ("h8", "black-king")]
    );
    assert!(convert::placed_pieces_from_json("[]").unwrap().is_empty());
    for bad in [
        "{}",
        r#"[{"square":"c3"}]"#,
        r#"[{"square":"c3","piece":"white-man","x":1}]"#,
        r#"[{"square":3,"piece":"white-man"}]"#,
        r#"["c3"]"#,
        "[",
    ] {
        let e = convert::placed_pieces_from_json(bad).unwrap_err();
        assert_eq!(e.code, "bad_argument", "{bad}");
        assert!(e.message.starts_with("bad pieces: "), "{}", e.message);
    }
}

/// One play path: the returned view and the stored record agree, errors
/// leave the game as it was, and a finished game refuses every move.
#[test]
fn play_resolves_and_records_once() {
    use convert::MoveRequest;
    let mut g = Game::new();
    let v = convert::play(&mut g, &MoveRequest::Text("c3-d4".into())).unwrap();
    assert_eq!(v.notation, "c3-d4");
    assert_eq!(g.history()[0].notation, "c3-d4");
    let before = g.position().fen();
    for bad in [
        MoveRequest::Text("c3-d4".into()),
        MoveRequest::Text("".into()),
        MoveRequest::Object(input(Some("a7"), Some("a1"), None, None)),
        MoveRequest::Object(input(None, None, None, Some(&["f6"]))),
    ] {
        assert!(convert::play(&mut g, &bad).is_err());
        assert_eq!(g.position().fen(), before);
        assert_eq!(g.ply(), 1);
    }
    let v = convert::play(
        &mut g,
        &MoveRequest::Object(input(None, None, None, Some(&["f6", "g5"]))),
    )
    .unwrap();
    assert_eq!(v.notation, "f6-g5");
    assert_eq!(v.path, ["f6", "g5"]);
}

#[test]
fn search_options_and_levels() {
    use crate::web::convert::{level, levels, SearchOptions};
    let ok = SearchOptions {
        movetime_ms: Some(100.0),
        ..Default::default()
    };
    assert_eq!(ok.limits().unwrap().movetime_ms, Some(100.0));
    let none = SearchOptions::default();
    assert_eq!(none.limits().unwrap_err().code, "bad_argument");
    let bad = SearchOptions {
        depth: Some(0),
        ..Default::default()
    };
    assert_eq!(bad.limits().unwrap_err().code, "bad_argument");
    let bad = SearchOptions {
        movetime_ms: Some(f64::NAN),
        ..Default::default()
    };
    assert_eq!(bad.limits().unwrap_err().code, "bad_argument");
    assert_eq!(level(1.0).unwrap(), 1);
    assert!(level(0.0).is_err() && level(1.5).is_err() && level(99.0).is_err());
    let l = levels();
    assert!(l.len() >= 6);
    assert!(l.windows(2).all(|w| w[0].level < w[1].level));
}

#[test]
fn search_view_writes_the_pv_in_notation() {
    use shashki::engine::{Clock, Engine, Limits};
    let g = Game::new();
    let r = Engine::new(1).search(&g, &Limits::depth(4), &Clock::frozen());
    let v = shashki::web::convert::SearchView::new(g.position(), &r);
    assert_eq!(v.pv.len(), r.pv.len());
    assert_eq!(v.mv.unwrap().notation, v.pv[0]);
    let json =
        serde_json::to_value(shashki::web::convert::SearchView::new(g.position(), &r)).unwrap();
    assert!(json["move"]["from"].is_string());
    assert!(json["timeMs"].is_number());
}
