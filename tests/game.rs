//! The game record: playing, history with notation, undo/redo/goto with the
//! status and counts right at every point, resignation and draw offers,
//! errors that leave the game untouched, the JSON shape of the status, and
//! the `shashki game` command.

use shashki::game::{DrawReason, Game, GameError, GameEvent, Status, WinReason};
use shashki::views::StatusView;
use shashki::{Color, Position};
use std::process::Command;

/// The first game of tests/data/russian-games.pdn (Абаулин - Абациев,
/// 1965), as published: White won when Black resigned.
const GAME_1: &str = "c3-d4 f6-g5 b2-c3 g5-h4 c3-b4 g7-f6 d4-c5 b6xd4 e3xc5 c7-b6 \
d2-e3 b6xd4 e3xc5 d8-c7 b4-a5 d6xb4 a5xc3 a7-b6 c3-b4 e7-d6 b4-a5 h8-g7 a1-b2 h6-g5 \
a3-b4 b6-c5 b2-a3 c5-d4 c1-d2 f8-e7 d2-e3 b8-a7 e3xc5 g5-f4 g3xe5 f6xb6 f2-e3 b6-c5 \
e1-d2 g7-f6 d2-c3 f6-e5 c3-d4 e5xc3 b4xd2 d6-e5 e3-f4 e5xg3 h2xf4 c5-d4 d2-e3 d4xf2 \
g1xe3 c7-d6 a3-b4 e7-f6 e3-d4 d6-e5 f4xd6 h4-g3 d6-c7 g3-f2 b4-c5 f2-e1 c7-b8 e1-h4 \
b8-e5 f6-g5 e5-h2 h4-e1 d4-e5 e1-c3 e5-d6 c3-f6 d6-c7 f6-e7 h2-d6 e7-f8 c7-d8 g5-f4 \
d6xh2 f8xa3 d8-f6";

/// Two kings, five moves each: drawn by rule 4 on ply 10.
const KK_FEN: &str = "W:WKa3:BKh6";
const KK: [&str; 10] = [
    "a3-c1", "h6-g7", "c1-d2", "g7-a1", "d2-c1", "a1-c3", "c1-a3", "c3-a1", "a3-b4", "a1-b2",
];

fn game_1() -> Game {
    let mut g = Game::new();
    for m in GAME_1.split_whitespace() {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

/// Replays the first `n` moves of `g`'s record on a fresh game.
fn fresh(g: &Game, n: usize) -> Game {
    let mut f = Game::from_position(*g.start_position());
    for pm in &g.record_moves()[..n] {
        f.play(&pm.mv).unwrap();
    }
    f
}

#[test]
fn a_new_game() {
    let g = Game::new();
    assert_eq!(*g.position(), Position::start());
    assert_eq!(*g.start_position(), Position::start());
    assert_eq!(g.legal_moves().len(), 7);
    assert_eq!(g.ply(), 0);
    assert!(g.history().is_empty());
    assert_eq!(g.draw_offer(), None);
    let st = g.status();
    assert_eq!(st.to_move(), Some(Color::White));
    assert!(!st.is_over());
    assert_eq!(st.reason_word().as_deref(), None);
    assert_eq!(st.result_text(), "*");
    let c = st.counts();
    assert_eq!(c.repetitions, 1);
    assert_eq!(c.iter().count(), 0, "no count runs at the start");
}

#[test]
fn history_has_the_notation_and_the_positions() {
    let g = game_1();
    assert_eq!(g.ply(), 83);
    let h = g.history();
    assert_eq!(h[0].notation, "c3-d4");
    assert_eq!(h[0].number, 1);
    assert_eq!(h[0].color(), Color::White);
    assert_eq!(h[7].notation, "b6:d4", "captures are written with a colon");
    assert_eq!(h[7].number, 4);
    assert_eq!(h[7].color(), Color::Black);
    assert_eq!(h[82].number, 42);
    for w in h.windows(2) {
        assert_eq!(w[0].after, w[1].before);
        assert_eq!(w[0].before.play(&w[0].mv).unwrap(), w[0].after);
    }
    let positions: Vec<_> = g.position_history().collect();
    assert_eq!(positions.len(), 84);
    assert_eq!(*positions[0], Position::start());
    assert_eq!(positions[83], g.position());
    // The last capture was d6xh2 f8xa3 (plies 80-81): only positions since
    // then can repeat.
    assert_eq!(g.reversible_positions().count(), 2);
    assert_eq!(g.status().to_move(), Some(Color::Black));
}

#[test]
fn undo_and_redo_walk_the_record() {
    let mut g = game_1();
    let end = *g.position();
    assert!(!g.redo(), "nothing to redo at the end");
    for n in (0..83).rev() {
        assert!(g.undo());
        assert_eq!(g.ply(), n);
        let f = fresh(&g, n);
        assert_eq!(g.position(), f.position());
        assert_eq!(g.status(), f.status());
        assert_eq!(g.counters(), f.counters());
        assert_eq!(g.history().len(), n);
        assert_eq!(g.legal_moves().len(), f.legal_moves().len());
    }
    assert!(!g.undo(), "nothing to undo at the start");
    assert_eq!(*g.position(), Position::start());
    assert_eq!(g.record_len(), 83, "undo keeps the record");
    while g.redo() {}
    assert_eq!(*g.position(), end);
    assert!(g.goto(40));
    assert_eq!(*g.position(), *fresh(&g, 40).position());
    assert!(!g.goto(84));
    assert_eq!(g.ply(), 40, "a failed goto does not move");
    assert!(g.goto(0));
    assert!(g.goto(83));
}

#[test]
fn status_and_counts_are_right_after_undo() {
    let mut g = Game::from_fen(KK_FEN).unwrap();
    for m in KK {
        g.play_text(m).unwrap();
    }
    assert!(matches!(
        g.status(),
        Status::Draw {
            reason: DrawReason::KingsBalance,
            ..
        }
    ));
    assert!(g.legal_moves().is_empty());
    g.undo();
    assert_eq!(g.status().to_move(), Some(Color::Black));
    assert_eq!(g.counters().balance_plies(), 9);
    let c = g.status().counts().kings_balance.unwrap();
    assert_eq!((c.plies, c.plies_left), (Some(9), 1));
    assert!(!g.legal_moves().is_empty());
    g.goto(3);
    assert_eq!(g.counters().balance_plies(), 3);
    assert_eq!(g.status().counts().kings_balance.unwrap().by_move, Some(5));
    g.goto(0);
    assert_eq!(g.counters(), Game::from_fen(KK_FEN).unwrap().counters());
    g.goto(10);
    assert!(g.status().is_over());
    // A different move after undo replaces the end of the record.
    g.goto(9);
    g.play_text("a1-c3").unwrap();
    assert_eq!(g.record_len(), 10);
    assert_eq!(g.history()[9].notation, "a1-c3");
    assert!(matches!(
        g.status(),
        Status::Draw {
            reason: DrawReason::KingsBalance,
            ..
        }
    ));
}

#[test]
fn playing_the_recorded_move_keeps_the_redo_line() {
    let mut g = game_1();
    g.goto(0);
    let next = g.record_moves()[0].mv;
    g.play(&next).unwrap();
    assert_eq!(g.ply(), 1);
    assert_eq!(
        g.record_len(),
        83,
        "same move: the rest of the record stays"
    );
    g.play_text("f6-g5").unwrap(); // as recorded: a redo too
    assert_eq!(g.record_len(), 83);
    g.play_text("g3-f4").unwrap(); // the record has b2-c3 here
    assert_eq!(g.record_len(), 3, "another move drops the rest");
    assert_eq!(g.history()[2].notation, "g3-f4");
    assert!(!g.redo());
}

#[test]
fn errors_leave_the_game_unchanged() {
    let mut g = Game::new();
    g.play_text("c3-d4").unwrap();
    let before = g.clone();
    let e = g.play_text("c3-d4").unwrap_err();
    assert_eq!(e.code(), "illegal_move");
    assert!(e.to_string().contains("c3-d4"), "{e}");
    let e = g.play_text("hello").unwrap_err();
    assert_eq!(e.code(), "bad_notation");
    let e = g.play_text("").unwrap_err();
    assert_eq!(e.code(), "bad_notation");
    // A move of another position.
    let foreign = Position::start().parse_move("a3-b4").unwrap();
    let e = g.play(&foreign).unwrap_err();
    assert!(matches!(e, GameError::Illegal(_)));
    assert_eq!(e.code(), "illegal_move");
    assert_eq!(g.ply(), before.ply());
    assert_eq!(g.position(), before.position());
    assert_eq!(g.record_len(), 1);
    // After c3-d4 b6-c5 White must take.
    g.play_text("b6-c5").unwrap();
    let e = g.play_text("a3-b4").unwrap_err();
    assert!(
        e.to_string().contains("capture is compulsory"),
        "the error names the problem: {e}"
    );
    assert!(g.play_text("d4:b6").is_ok());
}

#[test]
fn from_fen_errors_are_typed() {
    assert!(Game::from_fen("W:Wzz:Bh8").is_err());
    assert!(Game::from_fen("").is_err());
    let g = Game::from_fen("B:WKa3:BKh6").unwrap();
    assert_eq!(g.status().to_move(), Some(Color::Black));
}

#[test]
fn a_finished_game_takes_no_more_moves() {
    // White takes the last black piece.
    let mut g = Game::from_fen("W:Wc3:Bd4").unwrap();
    g.play_text("c3:e5").unwrap();
    let st = g.status();
    assert_eq!(st.winner(), Some(Color::White));
    assert_eq!(st.reason_word().as_deref(), Some("no_pieces"));
    assert_eq!(st.result_text(), "2-0");
    assert!(g.legal_moves().is_empty());
    assert!(matches!(g.play_text("e5-f6"), Err(GameError::GameOver)));
    assert!(matches!(g.resign(Color::Black), Err(GameError::GameOver)));
    assert!(matches!(
        g.offer_draw(Color::Black),
        Err(GameError::GameOver)
    ));
    // Blocked: Black to move with men that cannot move.
    let g = Game::from_fen("B:Wb2,c1:Ba3").unwrap();
    let st = g.status();
    assert_eq!(st.winner(), Some(Color::White));
    assert_eq!(st.reason_word().as_deref(), Some("no_moves"));
    assert_eq!(st.result_text(), "2-0");
}

#[test]
fn resignation_is_part_of_the_record() {
    let mut g = Game::new();
    g.play_text("c3-d4").unwrap();
    g.resign(Color::Black).unwrap();
    match g.status() {
        Status::Win { winner, reason, .. } => {
            assert_eq!((winner, reason), (Color::White, WinReason::Resignation))
        }
        st => panic!("{st}"),
    }
    assert_eq!(g.status().reason_word().as_deref(), Some("resignation"));
    assert_eq!(g.events(), &[(1, GameEvent::Resigned(Color::Black))]);
    assert!(matches!(g.play_text("f6-g5"), Err(GameError::GameOver)));
    assert!(g.to_pdn().contains("[Result \"2-0\"]"));
    // Undo goes back before the resignation, redo comes back to it.
    g.undo();
    assert!(!g.status().is_over());
    g.redo();
    assert_eq!(g.status().reason_word().as_deref(), Some("resignation"));
    // Playing on from an earlier point drops it.
    g.undo();
    g.play_text("e3-f4").unwrap();
    assert!(!g.status().is_over());
    assert!(g.events().is_empty());
    // White may resign with Black to move too.
    g.resign(Color::White).unwrap();
    assert_eq!(g.status().winner(), Some(Color::Black));
    assert_eq!(g.status().result_text(), "0-2");
}

#[test]
fn draw_offers_accepted_declined_or_answered_by_a_move() {
    let mut g = Game::new();
    assert!(matches!(g.accept_draw(), Err(GameError::NoDrawOffer)));
    assert!(matches!(g.decline_draw(), Err(GameError::NoDrawOffer)));
    g.offer_draw(Color::White).unwrap();
    assert_eq!(g.draw_offer(), Some(Color::White));
    assert!(matches!(
        g.offer_draw(Color::White),
        Err(GameError::DrawAlreadyOffered(Color::White))
    ));
    // White plays its move; the offer stays open for Black.
    g.play_text("c3-d4").unwrap();
    assert_eq!(g.draw_offer(), Some(Color::White));
    // Black plays a move instead of answering: declined.
    g.play_text("f6-g5").unwrap();
    assert_eq!(g.draw_offer(), None);
    assert!(g
        .events()
        .contains(&(1, GameEvent::DrawDeclined(Color::Black))));
    // Declined explicitly.
    g.offer_draw(Color::White).unwrap();
    g.decline_draw().unwrap();
    assert_eq!(g.draw_offer(), None);
    assert!(!g.status().is_over());
    // Accepted.
    g.offer_draw(Color::Black).unwrap();
    g.accept_draw().unwrap();
    match g.status() {
        Status::Draw { reason, .. } => assert_eq!(reason, DrawReason::Agreement),
        st => panic!("{st}"),
    }
    assert_eq!(g.status().reason_word().as_deref(), Some("agreement"));
    assert_eq!(g.status().result_text(), "1-1");
    assert!(g.legal_moves().is_empty());
    assert_eq!(
        g.events().last(),
        Some(&(2, GameEvent::DrawAccepted(Color::White)))
    );
    // Both offering is agreement too.
    let mut g = Game::new();
    g.offer_draw(Color::Black).unwrap();
    g.offer_draw(Color::White).unwrap();
    assert_eq!(g.status().reason_word().as_deref(), Some("agreement"));
}

#[test]
fn move_numbers_when_black_moves_first() {
    let mut g = Game::from_fen("B:WKa3:BKh6").unwrap();
    for m in ["h6-g7", "a3-c1", "g7-h6"] {
        g.play_text(m).unwrap();
    }
    let numbers: Vec<u32> = g.history().iter().map(|p| p.number).collect();
    assert_eq!(numbers, [1, 2, 2]);
    assert!(g.to_pdn().contains("1... h6-g7 2. a3-c1 g7-h6 *"));
    assert_eq!(g.move_number(3), 3);
}

#[test]
fn tags() {
    let mut g = Game::new();
    g.set_tag("White", "Иванов");
    g.set_tag("Black", "Петров");
    g.set_tag("White", "Сидоров");
    g.set_tag("Result", "2-0"); // written from the game, ignored here
    assert_eq!(
        g.tags(),
        &[
            ("White".to_string(), "Сидоров".to_string()),
            ("Black".to_string(), "Петров".to_string())
        ]
    );
    assert_eq!(g.tag("Black"), Some("Петров"));
    assert!(g.to_pdn().contains("[Result \"*\"]"));
}

#[test]
fn status_serialises_with_machine_words() {
    let g = Game::new();
    let v = serde_json::to_value(StatusView::of(&g)).unwrap();
    assert_eq!(v["state"], "ongoing");
    assert_eq!(v["toMove"], "white");
    assert_eq!(v["counts"]["repetitions"], 1);
    assert!(v["counts"]["kingsBalance"].is_null());

    let mut g = Game::from_fen(KK_FEN).unwrap();
    for m in &KK[..4] {
        g.play_text(m).unwrap();
    }
    let v = serde_json::to_value(StatusView::of(&g)).unwrap();
    let c = &v["counts"]["kingsBalance"];
    assert_eq!(c["rule"], "kings_balance");
    assert_eq!(c["plies"], 4);
    assert_eq!(c["limit"], 5);
    assert!(c["side"].is_null());
    for m in &KK[4..] {
        g.play_text(m).unwrap();
    }
    let v = serde_json::to_value(StatusView::of(&g)).unwrap();
    assert_eq!(v["state"], "draw");
    assert_eq!(v["reason"], "kings_balance");

    let mut g = Game::new();
    g.resign(Color::White).unwrap();
    let v = serde_json::to_value(StatusView::of(&g)).unwrap();
    assert_eq!(v["state"], "win");
    assert_eq!(v["winner"], "black");
    assert_eq!(v["reason"], "resignation");

    let g = Game::from_fen("W:WKa5,Kb8,Kf2:BKh6").unwrap();
    let v = serde_json::to_value(StatusView::of(&g)).unwrap();
    let c = &v["counts"]["kingsVsLoneKing"];
    assert_eq!(c["side"], "white");
    assert_eq!(c["byMove"], 15);
    assert_eq!(v["toMove"], "white");
    assert!(v["winner"].is_null() && v["reason"].is_null());

    let mut g = Game::from_fen("W:Wc3:Bd4").unwrap();
    g.play_text("c3:e5").unwrap();
    let v = serde_json::to_value(StatusView::of(&g)).unwrap();
    assert_eq!(v["state"], "win");
    assert_eq!(v["winner"], "white");
    assert_eq!(v["reason"], "no_pieces");
}

// ---------------------------------------------------------------- CLI

fn cli(args: &[&str]) -> (i32, serde_json::Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .arg("game")
        .args(args)
        .output()
        .expect("run shashki");
    let text = String::from_utf8(out.stdout).unwrap();
    let v = serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("{e}: {text}"));
    (out.status.code().unwrap(), v)
}

#[test]
fn cli_plays_moves_and_prints_the_status() {
    let (code, v) = cli(&["c3-d4", "f6-g5", "g3-h4", "g5-f4", "e3xg5", "h6:f4"]);
    assert_eq!(code, 0);
    assert_eq!(v["status"]["state"], "ongoing");
    assert_eq!(v["status"]["toMove"], "white");
    assert!(v["status"]["reason"].is_null());
    assert_eq!(
        v["fen"],
        "W:Wa1,a3,b2,c1,d2,d4,e1,f2,g1,h2,h4:Ba7,b6,b8,c7,d6,d8,e7,f4,f8,g7,h8"
    );
    assert_eq!(v["ply"], 6);
    assert_eq!(v["moves"][4], "e3:g5");
    assert_eq!(v["status"]["counts"]["repetitions"], 1);
    // One argument may hold several moves, with numbers.
    let (code, v2) = cli(&["1. c3-d4 f6-g5 2. g3-h4 g5-f4 3. e3:g5 h6xf4"]);
    assert_eq!(code, 0);
    assert_eq!(v2["fen"], v["fen"]);
}

#[test]
fn cli_reports_the_end_of_the_game() {
    let mut args = vec!["--fen", KK_FEN];
    args.extend(KK);
    let (code, v) = cli(&args);
    assert_eq!(code, 0);
    assert_eq!(v["status"]["state"], "draw");
    assert_eq!(v["status"]["reason"], "kings_balance");
    let (_, v) = cli(&["--fen", "W:Wc3:Bd4", "c3:e5"]);
    assert_eq!(v["status"]["state"], "win");
    assert_eq!(v["status"]["winner"], "white");
    assert_eq!(v["status"]["reason"], "no_pieces");
    let (_, v) = cli(&["--fen", "B:Wb2,c1:Ba3"]);
    assert_eq!(v["status"]["winner"], "white");
    assert_eq!(v["status"]["reason"], "no_moves");
    let (_, v) = cli(&["--fen", "W:WKa5,Kb8,Kf2:BKh6"]);
    assert_eq!(v["status"]["counts"]["kingsVsLoneKing"]["movesLeft"], 15);
}

#[test]
fn cli_errors() {
    let (code, v) = cli(&["c3-d4", "c3-d4"]);
    assert_eq!(code, 1);
    assert_eq!(v["ply"], 2);
    assert_eq!(v["code"], "illegal_move");
    assert!(v["error"].as_str().unwrap().contains("c3-d4"));
    let (code, v) = cli(&["--fen", "W:Wz9:B", "c3-d4"]);
    assert_eq!(code, 1);
    assert_eq!(v["ply"], 0);
    assert!(v["error"].as_str().unwrap().contains("FEN"));
    let (code, v) = cli(&["--fen", "W:Wc3:Bd4", "c3:e5", "e5-f6"]);
    assert_eq!(code, 1);
    assert_eq!(v["code"], "game_over");
    assert_eq!(v["ply"], 2);
}
