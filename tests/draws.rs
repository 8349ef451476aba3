//! Every automatic draw of the Russian rules, each tested with a position
//! and a move sequence: one move before the limit (still going on), the
//! limit reached (drawn, for the right reason), the last counted move
//! winning (a win, not a draw) and a count that must restart.
//!
//! The move sequences were found by a small search (no captures, no third
//! repetition) and are written out here so every test replays real moves
//! through the rules.

use shashki::game::{DrawCounters, DrawReason, Game, Status, WinReason};
use shashki::{Color, Position};

/// Plays `moves` from `fen`, checking that the game was going on before
/// each of them.
fn play(fen: &str, moves: &[&str]) -> Game {
    let mut g = Game::from_fen(fen).expect("test FEN");
    for (i, m) in moves.iter().enumerate() {
        let st = g.status();
        assert!(!st.is_over(), "game over before ply {} ({m}): {st}", i + 1);
        if let Err(e) = g.play_text(m) {
            panic!("ply {} '{m}': {e}", i + 1);
        }
    }
    g
}

fn assert_ongoing(g: &Game) {
    let st = g.status();
    assert!(
        matches!(st, Status::Ongoing { .. }),
        "expected the game to go on at ply {}, got {st}",
        g.ply()
    );
    assert!(!g.legal_moves().is_empty());
}

fn assert_draw(g: &Game, reason: DrawReason) {
    match g.status() {
        Status::Draw { reason: r, .. } => assert_eq!(r, reason, "at ply {}", g.ply()),
        st => panic!("expected a draw ({reason:?}) at ply {}, got {st}", g.ply()),
    }
    assert!(g.legal_moves().is_empty(), "no moves once drawn");
}

fn assert_win(g: &Game, winner: Color, reason: WinReason) {
    match g.status() {
        Status::Win {
            winner: w,
            reason: r,
            ..
        } => {
            assert_eq!((w, r), (winner, reason), "at ply {}", g.ply());
        }
        st => panic!("expected {winner} to win ({reason:?}), got {st}"),
    }
}

/// Replays `moves` with nothing but [`DrawCounters`] (as a search does) and
/// checks they agree with the game's counts at every ply.
fn counters_agree(fen: &str, moves: &[&str]) {
    let g = play(fen, moves);
    let mut pos = Position::from_fen(fen).unwrap();
    let mut c = DrawCounters::new(&pos);
    assert_eq!(c, play(fen, &[]).counters());
    for (i, pm) in g.history().iter().enumerate() {
        let next = pos.play(&pm.mv).unwrap();
        c = c.after(&pos, &pm.mv, &next);
        pos = next;
        assert_eq!(c, pm.counters, "ply {}", i + 1);
    }
}

/// The first `at` moves of `line`, then the moves `then`: a line that
/// branches off another from the same position.
fn branch(line: &[&'static str], at: usize, then: &[&'static str]) -> Vec<&'static str> {
    [&line[..at], then].concat()
}

/// Plays `moves` from `fen`: the game goes on up to the last move, which
/// draws for `reason`, and the counters replayed alone agree at every ply.
/// Returns the game one move before the draw and the drawn game.
fn draws_on_the_last_move(fen: &str, moves: &[&str], reason: DrawReason) -> (Game, Game) {
    let before = play(fen, &moves[..moves.len() - 1]);
    assert_ongoing(&before);
    let drawn = play(fen, moves);
    assert_draw(&drawn, reason);
    counters_agree(fen, moves);
    (before, drawn)
}

/// W:WKa5,Kb8,Kf2,g7,c1:BKh2, 29 plies.
const R2_CROWN_KEEPS_FEN: &str = "W:WKa5,Kb8,Kf2,g7,c1:BKh2";
const R2_CROWN_KEEPS: &[&str] = &[
    "f2-e1", "h2-g1", "e1-d2", "g1-f2", "g7-h8", "f2-e1", "d2-e3", "e1-h4", "e3-g1", "h4-e1",
    "g1-h2", "e1-f2", "h2-g1", "f2-h4", "g1-h2", "h4-e1", "h2-f4", "e1-f2", "f4-h2", "f2-g1",
    "h2-g3", "g1-h2", "g3-e1", "h2-g1", "e1-d2", "g1-f2", "d2-e1", "f2-e3", "e1-d2",
];
/// W:WKa5,Kb8,Kh2:BKd4, 9 plies.
const R3_REACH_FEN: &str = "W:WKa5,Kb8,Kh2:BKd4";
const R3_REACH: &[&str] = &[
    "h2-g1", "d4-a1", "g1-f2", "a1-b2", "f2-e1", "b2-a1", "e1-d2", "a1-b2", "d2-c1",
];
/// W:WKa5,Kb8,Kh2:BKd4, 17 plies.
const R3_RESTART_FEN: &str = "W:WKa5,Kb8,Kh2:BKd4";
const R3_RESTART: &[&str] = &[
    "h2-g1", "d4-a1", "g1-f2", "a1-b2", "f2-e1", "b2-c1", "e1-g3", "c1-b2", "g3-f2", "b2-a1",
    "f2-e1", "a1-b2", "e1-d2", "b2-a1", "d2-c1", "a1-d4", "c1-d2",
];
/// W:WKa5,Kb8,h2:BKd4, 9 plies.
const R3_MAN_FEN: &str = "W:WKa5,Kb8,h2:BKd4";
const R3_MAN: &[&str] = &[
    "a5-e1", "d4-a1", "e1-d2", "a1-b2", "d2-c1", "b2-a1", "c1-a3", "a1-c3", "a3-c1",
];
/// W:WKa3:BKh6, 10 plies.
const R4_KK_FEN: &str = "W:WKa3:BKh6";
const R4_KK: &[&str] = &[
    "a3-c1", "h6-g7", "c1-d2", "g7-a1", "d2-c1", "a1-c3", "c1-a3", "c3-a1", "a3-b4", "a1-b2",
];
/// W:WKh2,c3:BKf8, 10 plies.
const R4_MEN_FEN: &str = "W:WKh2,c3:BKf8";
const R4_MEN: &[&str] = &[
    "h2-g1", "f8-a3", "c3-d4", "a3-c1", "g1-f2", "c1-b2", "d4-c5", "b2-a1", "f2-e1", "a1-b2",
];
/// W:WKa1,g7:BKh2, 15 plies.
const R4_CROWN_FEN: &str = "W:WKa1,g7:BKh2";
const R4_CROWN: &[&str] = &[
    "a1-b2", "h2-g1", "b2-a1", "g1-f2", "g7-h8", "f2-e1", "a1-b2", "e1-d2", "b2-a1", "d2-c1",
    "a1-c3", "c1-a3", "c3-a1", "a3-b4", "a1-b2",
];
/// W:WKa1,c1,e1:BKh8,f8, 60 plies.
const R4_BAND45_FEN: &str = "W:WKa1,c1,e1:BKh8,f8";
const R4_BAND45: &[&str] = &[
    "c1-d2", "f8-g7", "a1-b2", "g7-h6", "b2-c1", "h8-a1", "c1-a3", "a1-d4", "a3-c1", "d4-g1",
    "c1-b2", "g1-h2", "b2-a1", "h2-g1", "a1-c3", "g1-h2", "c3-b2", "h2-g1", "b2-a1", "g1-h2",
    "a1-c3", "h2-g1", "c3-b4", "g1-h2", "b4-a3", "h2-g1", "a3-c1", "g1-h2", "e1-f2", "h2-g1",
    "d2-e3", "g1-h2", "c1-b2", "h2-g1", "b2-a1", "g1-h2", "a1-c3", "h2-g1", "c3-e1", "g1-h2",
    "e1-d2", "h2-g1", "d2-c3", "g1-h2", "c3-a1", "h2-g1", "a1-b2", "g1-h2", "b2-c1", "h2-g1",
    "c1-d2", "g1-h2", "d2-e1", "h2-g1", "e1-b4", "g1-h2", "b4-a3", "h2-g1", "a3-c5", "g1-h2",
];
/// W:WKa1,c1,e1,g1:BKh8,f8,d8, 120 plies.
const R4_BAND67_FEN: &str = "W:WKa1,c1,e1,g1:BKh8,f8,d8";
const R4_BAND67: &[&str] = &[
    "c1-d2", "d8-c7", "e1-f2", "c7-d6", "g1-h2", "d6-c5", "f2-e3", "c5-b4", "h2-g3", "b4-a3",
    "e3-f4", "f8-g7", "a1-c3", "g7-h6", "c3-a5", "h8-a1", "a5-b6", "a1-b2", "b6-g1", "b2-a1",
    "g1-f2", "a1-b2", "f2-e1", "b2-a1", "g3-h4", "a1-b2", "e1-f2", "b2-a1", "f2-g1", "a1-b2",
    "g1-h2", "b2-a1", "h2-g3", "a1-b2", "g3-e1", "b2-a1", "e1-f2", "a1-b2", "f2-g1", "b2-a1",
    "g1-h2", "a1-b2", "h2-g3", "b2-a1", "h4-g5", "a1-b2", "g3-e1", "b2-a1", "e1-f2", "a1-b2",
    "f2-g1", "b2-a1", "g1-h2", "a1-b2", "h2-g3", "b2-a1", "g3-e1", "a1-b2", "e1-f2", "b2-a1",
    "f2-g1", "a1-b2", "g1-h2", "b2-a1", "d2-e3", "a1-b2", "h2-g1", "b2-a1", "g1-f2", "a1-b2",
    "f2-e1", "b2-a1", "e1-d2", "a1-b2", "d2-c1", "b2-g7", "c1-d2", "g7-a1", "d2-c1", "a1-b2",
    "c1-d2", "b2-c1", "d2-e1", "c1-b2", "e1-f2", "b2-a1", "f2-e1", "a1-g7", "e1-f2", "g7-c3",
    "f2-e1", "c3-a5", "e1-f2", "a5-e1", "f2-g1", "e1-c3", "g1-f2", "c3-b4", "f2-e1", "b4-c5",
    "e1-f2", "c5-b6", "g5-f6", "b6-a5", "f2-e1", "a5-c7", "e1-g3", "c7-a5", "g3-f2", "a5-e1",
    "f2-g1", "e1-c3", "f4-e5", "c3-a1", "g1-f2", "a1-b2", "f2-e1", "b2-a1", "e1-d2", "a1-b2",
];
/// W:WKa1,Kc1,e1,g1:BKh8,Kf8,d8,b8, 130 plies.
const R4_BAND8_FEN: &str = "W:WKa1,Kc1,e1,g1:BKh8,Kf8,d8,b8";
const R4_BAND8: &[&str] = &[
    "c1-b2", "f8-a3", "b2-c1", "a3-b4", "c1-b2", "b4-a5", "b2-c1", "a5-b6", "c1-b2", "b6-e3",
    "b2-c1", "e3-c5", "c1-b2", "c5-b4", "b2-c1", "b4-a3", "c1-d2", "a3-c1", "d2-b4", "c1-a3",
    "b4-a5", "a3-c1", "a5-b6", "c1-a3", "b6-f2", "a3-c1", "f2-g3", "c1-a3", "g3-h2", "a3-c1",
    "h2-d6", "c1-a3", "d6-g3", "a3-c1", "g3-f2", "c1-a3", "f2-e3", "a3-c1", "e3-c5", "c1-a3",
    "c5-b6", "a3-c1", "b6-a5", "c1-e3", "a5-b4", "e3-c1", "b4-a3", "c1-e3", "a3-b2", "e3-f4",
    "b2-c1", "f4-h2", "c1-b2", "h2-g3", "b2-c1", "g3-h4", "c1-b2", "h4-g5", "b2-c1", "g5-h6",
    "c1-b2", "h6-g7", "b2-a3", "g7-h6", "a3-c1", "h6-g7", "c1-b2", "g7-h6", "b2-a3", "h6-c1",
    "a3-f8", "c1-a3", "f8-h6", "a3-b4", "h6-d2", "b4-a3", "d2-f4", "a3-c1", "f4-h2", "c1-e3",
    "h2-g3", "e3-c5", "g3-f2", "c5-b4", "f2-e3", "b4-a3", "e3-g5", "a3-c1", "g5-h4", "c1-e3",
    "h4-f2", "e3-f4", "f2-h4", "f4-h2", "h4-f2", "h2-d6", "f2-e3", "d6-h2", "e3-c1", "h2-g3",
    "c1-b2", "g3-h2", "b2-a3", "h2-g3", "a3-b4", "g3-h2", "b4-d2", "h2-g3", "d2-e3", "g3-h4",
    "e3-c1", "h4-e7", "c1-b2", "e7-h4", "b2-a3", "h4-g5", "a3-b2", "g5-e7", "b2-c1", "e7-d6",
    "c1-b2", "d6-c5", "b2-c1", "c5-a7", "c1-b2", "a7-b6", "b2-c1", "b6-a5", "c1-b2", "a5-d2",
];
/// W:WKa1,Kh2:BKc5,Kf8, 26 plies.
const R4_CAPTURE_FEN: &str = "W:WKa1,Kh2:BKc5,Kf8";
const R4_CAPTURE: &[&str] = &[
    "a1-b2", "c5-g1", "b2-a1", "g1-f2", "a1-b2", "f2-e1", "b2-a1", "e1-d2", "a1-b2", "d2-c1",
    "b2-a1", "c1-a3", "a1-c3", "a3-c1", "h2-f4", "c1:g5", "c3-a1", "g5-c1", "a1-c3", "c1-a3",
    "c3-a1", "a3-b4", "a1-b2", "b4-e1", "b2-a1", "e1-d2",
];
/// W:WKa3,Kc1:BKh6,Kf8, 30 plies.
const R5_REACH_FEN: &str = "W:WKa3,Kc1:BKh6,Kf8";
const R5_REACH: &[&str] = &[
    "c1-b2", "h6-c1", "b2-a1", "c1-d2", "a1-b2", "d2-e1", "b2-a1", "e1-f2", "a1-b2", "f2-g1",
    "b2-a1", "g1-h2", "a1-b2", "h2-g3", "b2-a1", "g3-e1", "a1-b2", "e1-d2", "b2-a1", "d2-c1",
    "a1-b2", "c1-e3", "b2-a1", "e3-g1", "a1-b2", "g1-f2", "b2-a1", "f2-e3", "a1-b2", "e3-d4",
];
/// B:WKg3,f4,Ka7:BKd8, 29 plies.
const R5_BLOCK_FEN: &str = "B:WKg3,f4,Ka7:BKd8";
const R5_BLOCK: &[&str] = &[
    "d8-a5", "a7-b8", "a5-b4", "b8-e5", "b4-a3", "e5-c7", "a3-b4", "c7-e5", "b4-a3", "e5-c7",
    "a3-b4", "c7-b8", "b4-a3", "b8-e5", "a3-b4", "e5-c7", "b4-a3", "c7-e5", "a3-b4", "e5-c7",
    "b4-a3", "c7-b8", "a3-c5", "b8-e5", "c5-b6", "e5-b8", "b6-g1", "b8-a7", "g1-h2",
];
/// W:WKa3,Kc1,e1:BKh6,Kf8, 51 plies.
const R5_RESTART_FEN: &str = "W:WKa3,Kc1,e1:BKh6,Kf8";
const R5_RESTART: &[&str] = &[
    "c1-b2", "h6-c1", "b2-a1", "c1-e3", "a1-b2", "e3-g1", "b2-a1", "g1-h2", "a1-b2", "h2-g3",
    "b2-a1", "g3-f4", "a1-b2", "f4-h2", "b2-a1", "h2-g1", "a1-b2", "g1-e3", "b2-a1", "e3-c1",
    "e1-f2", "c1-d2", "a1-b2", "d2-c1", "b2-c3", "c1-f4", "a3-c1", "f4-h2", "c1-b2", "h2-f4",
    "b2-a1", "f4-c1", "c3-e1", "c1-a3", "a1-c3", "a3-c1", "c3-d4", "c1-a3", "e1-d2", "a3-c1",
    "d2-c3", "c1-a3", "c3-a1", "a3-c1", "d4-c3", "c1-b2", "c3-e1", "b2-c1", "a1-c3", "c1-d2",
    "c3-a1",
];
/// W:WKa1,Kc1,e1:BKh8,Kf8,d8, 50 plies.
const R5_BAND67_FEN: &str = "W:WKa1,Kc1,e1:BKh8,Kf8,d8";
const R5_BAND67: &[&str] = &[
    "c1-b2", "f8-a3", "b2-c1", "a3-b4", "c1-b2", "b4-a5", "b2-c1", "a5-b6", "c1-b2", "b6-g1",
    "b2-c1", "g1-h2", "c1-b2", "h2-g3", "b2-c1", "g3-h4", "c1-b2", "h4-g5", "b2-c1", "g5-h6",
    "c1-b2", "h6-c1", "b2-a3", "c1-e3", "a3-c1", "e3-g1", "c1-b2", "g1-h2", "b2-c1", "h2-g3",
    "c1-b2", "g3-f4", "b2-c1", "f4-d6", "c1-b2", "d6-b4", "b2-c1", "b4-a3", "c1-d2", "a3-c1",
    "d2-b4", "c1-a3", "b4-a5", "a3-c1", "a5-b6", "c1-a3", "b6-g1", "a3-c1", "g1-f2", "c1-b2",
];
/// W:WKa3,Kc1:BKh6, 10 plies.
const R5_BAND3_FEN: &str = "W:WKa3,Kc1:BKh6";
const R5_BAND3: &[&str] = &[
    "c1-b2", "h6-c1", "b2-a1", "c1-d2", "a1-b2", "d2-e1", "b2-a1", "e1-f2", "a1-b2", "f2-g1",
];
/// W:WKa5,Kb8,Kf2,c1,e1:BKh6, 29 plies: White's 15th move draws.
const R2_REACH_FEN: &str = "W:WKa5,Kb8,Kf2,c1,e1:BKh6";
const R2_REACH: &[&str] = &[
    "f2-g1", "h6-g5", "g1-f2", "g5-h4", "f2-g1", "h4-f6", "g1-f2", "f6-a1", "f2-g1", "a1-g7",
    "g1-f2", "g7-f6", "f2-g1", "f6-a1", "g1-f2", "a1-g7", "f2-g1", "g7-h6", "g1-f2", "h6-g5",
    "f2-g1", "g5-h4", "g1-f2", "h4-e7", "f2-g1", "e7-a3", "g1-f2", "a3-f8", "f2-g1",
];
/// W:WKa5,Kb8,Kf2,g7,c1,e1:BKh2: four White moves, a king given up
/// (a5-b6, g1:a7), a man crowned (g7-h8), then 15 more White moves.
const R2_RESTART_FEN: &str = "W:WKa5,Kb8,Kf2,g7,c1,e1:BKh2";
const R2_RESTART: &[&str] = &[
    "f2-e3", "h2-g1", "e3-d2", "g1-h2", "a5-b6", "h2-g1", "d2-c3", "g1:a7", "g7-h8", "a7-g1",
    "c3-a1", "g1-h2", "a1-b2", "h2-g1", "b2-a3", "g1-h2", "a3-b4", "h2-g1", "b4-d2", "g1-h2",
    "d2-e3", "h2-g1", "e3-f4", "g1-h2", "f4-d2", "h2-g1", "d2-c3", "g1-h2", "c3-a1", "h2-g1",
    "a1-b2", "g1-h2", "b2-a3", "h2-g1", "a3-b4", "g1-h2", "b4-a5", "h2-g1", "a5-b6",
];
/// W:WKa1,Kc1,e1,g1:BKh8,Kf8,d8,b8 (eight pieces): a white king walks a
/// triangle c1-d2-e3-c1 while a black king steps f8-e7-f8, so the same
/// squares come back with either side to move.
const REP_FEN: &str = "W:WKa1,Kc1,e1,g1:BKh8,Kf8,d8,b8";
const REP: &[&str] = &[
    "c1-d2", "f8-e7", "d2-e3", "e7-f8", "e3-c1", "f8-e7", "c1-d2", "e7-f8", "d2-e3", "f8-e7",
    "e3-c1", "e7-f8", "c1-d2", "f8-e7", "d2-e3", "e7-f8", "e3-c1", "f8-e7", "c1-d2", "e7-f8",
    "d2-e3", "f8-e7", "e3-c1", "e7-f8",
];

// ---------------------------------------------------------------- rule 2

#[test]
fn lone_king_one_move_before_limit_goes_on() {
    let g = play(R2_REACH_FEN, &R2_REACH[..28]);
    assert_ongoing(&g);
    let c = g.status().counts().kings_vs_lone_king.expect("rule 2 runs");
    assert_eq!(c.rule, DrawReason::KingsVsLoneKing);
    assert_eq!(c.side, Some(Color::White));
    assert_eq!((c.moves, c.limit, c.moves_left), (14, 15, 1));
    assert_eq!(c.plies_left, 1);
    assert_eq!(c.by_move, Some(15), "White must win by its move 15");
    // Three pieces rule does not apply: White has five pieces.
    assert!(g.status().counts().main_road.is_none());
}

#[test]
fn lone_king_limit_draws() {
    let mut g = play(R2_REACH_FEN, R2_REACH);
    assert_draw(&g, DrawReason::KingsVsLoneKing);
    assert_eq!(
        g.status().reason_word().as_deref(),
        Some("kings_vs_lone_king")
    );
    assert_eq!(
        g.play_text("a5-b6").unwrap_err().code(),
        "game_over",
        "no move after the draw"
    );
    counters_agree(R2_REACH_FEN, R2_REACH);
}

#[test]
fn lone_king_taken_on_the_last_counted_move_wins() {
    // Black's 14th move puts its king on b2, where the man on c1 takes it.
    let mut g = play(R2_REACH_FEN, &branch(R2_REACH, 27, &["a3-b2"]));
    assert_ongoing(&g);
    g.play_text("c1:a3").unwrap(); // White's 15th move takes the king
    assert_win(&g, Color::White, WinReason::NoPieces);
    assert_eq!(g.status().winner(), Some(Color::White));
    assert_eq!(g.status().reason_word().as_deref(), Some("no_pieces"));
}

#[test]
fn lone_king_blocked_on_the_last_counted_move_wins() {
    let line = branch(
        R2_REACH,
        20,
        &[
            "f2-g3", "g5-e3", "a5-d2", "e3-d4", "d2-f4", "d4-g1", "b8-a7", "g1-h2",
        ],
    );
    let mut g = play(R2_REACH_FEN, &line);
    assert_ongoing(&g);
    g.play_text("a7-g1").unwrap(); // White's 15th move: the king on h2 cannot move
                                   // The count has run out in this very position...
    assert_eq!(
        g.counters().draw(g.position()),
        Some(DrawReason::KingsVsLoneKing)
    );
    // ...but the win comes first.
    assert_win(&g, Color::White, WinReason::NoMoves);
}

#[test]
fn lone_king_count_restarts_when_the_balance_comes_back() {
    let mut g = play(R2_RESTART_FEN, &R2_RESTART[..7]);
    assert_eq!(g.counters().lone_king(), Some((Color::White, 4)));
    g.play_text(R2_RESTART[7]).unwrap(); // g1:a7 takes a king: two kings left
    assert!(g.status().counts().kings_vs_lone_king.is_none());
    g.play_text(R2_RESTART[8]).unwrap(); // g7-h8: three kings again
    assert_eq!(g.counters().lone_king(), Some((Color::White, 0)));
    // White's 15th move counted from the start of the game would be ply 29.
    for (i, m) in R2_RESTART[9..].iter().enumerate() {
        assert_ongoing(&g);
        g.play_text(m).unwrap();
        if 9 + i + 1 == 29 {
            assert_ongoing(&g);
        }
    }
    assert_eq!(g.ply(), 39);
    assert_draw(&g, DrawReason::KingsVsLoneKing);
    g.undo();
    assert_ongoing(&g);
    assert_eq!(g.counters().lone_king(), Some((Color::White, 14)));
    counters_agree(R2_RESTART_FEN, R2_RESTART);
}

#[test]
fn lone_king_count_keeps_running_when_another_king_is_crowned() {
    // The man on g7 is crowned on White's 3rd move (ply 5): the balance
    // "three or more kings against a lone king" held throughout, so the
    // count is not restarted and White's 15th move (ply 29) draws.
    let g = play(R2_CROWN_KEEPS_FEN, &R2_CROWN_KEEPS[..5]);
    assert!(g.history()[4].mv.crowns());
    assert_eq!(g.counters().lone_king(), Some((Color::White, 3)));
    draws_on_the_last_move(
        R2_CROWN_KEEPS_FEN,
        R2_CROWN_KEEPS,
        DrawReason::KingsVsLoneKing,
    );
}

#[test]
fn lone_king_rule_needs_three_kings() {
    let g = Game::from_fen("W:WKa5,Kb8,c1,e1,g1:BKh6").unwrap();
    assert!(g.status().counts().kings_vs_lone_king.is_none());
    let g = Game::from_fen("W:WKa5,Kb8,Kf2:Bh6").unwrap(); // a lone man, not a king
    assert!(g.status().counts().kings_vs_lone_king.is_none());
    let g = Game::from_fen("B:WKh6:BKa5,Kb8,Kf2,c7").unwrap();
    let c = g.status().counts().kings_vs_lone_king.unwrap();
    assert_eq!((c.side, c.moves, c.plies_left), (Some(Color::Black), 0, 29));
    assert_eq!(
        c.by_move,
        Some(15),
        "Black moves first: its 15th move is move 15"
    );
}

// ---------------------------------------------------------------- rule 3

#[test]
fn main_road_one_move_before_limit_goes_on() {
    let g = play(R3_REACH_FEN, &R3_REACH[..8]);
    assert_ongoing(&g);
    let counts = *g.status().counts();
    let c = counts.main_road.expect("rule 3 runs");
    assert_eq!((c.side, c.moves, c.limit), (Some(Color::White), 4, 5));
    assert_eq!(c.by_move, Some(5));
    // Rule 2 runs beside it (three kings) with its own 15 moves.
    let k = counts.kings_vs_lone_king.unwrap();
    assert_eq!((k.moves, k.limit), (4, 15));
}

#[test]
fn main_road_limit_draws() {
    let g = play(R3_REACH_FEN, R3_REACH);
    assert_draw(&g, DrawReason::MainRoad);
    assert_eq!(g.status().reason_word().as_deref(), Some("main_road"));
    counters_agree(R3_REACH_FEN, R3_REACH);
}

#[test]
fn main_road_with_two_kings_and_a_man_draws() {
    let (before, _) = draws_on_the_last_move(R3_MAN_FEN, R3_MAN, DrawReason::MainRoad);
    assert!(before.status().counts().kings_vs_lone_king.is_none());
}

#[test]
fn main_road_king_taken_on_the_last_counted_move_wins() {
    let mut g = play(R3_REACH_FEN, &branch(R3_REACH, 7, &["a1-c3"]));
    assert_eq!(g.counters().main_road(), Some((Color::White, 4)));
    g.play_text("d2:b4").unwrap(); // White's 5th move
    assert_win(&g, Color::White, WinReason::NoPieces);
}

#[test]
fn main_road_count_restarts_when_the_king_comes_back() {
    // Black leaves the long diagonal on its 3rd move (b2-c1) and comes back
    // on its 4th (c1-b2): only rule 2 runs in between, and rule 3 starts
    // again from zero.
    let g = play(R3_RESTART_FEN, &R3_RESTART[..6]);
    assert!(g.status().counts().main_road.is_none());
    assert_eq!(g.counters().lone_king(), Some((Color::White, 3)));
    let g = play(R3_RESTART_FEN, &R3_RESTART[..8]);
    assert_eq!(g.counters().main_road(), Some((Color::White, 0)));
    assert_eq!(g.counters().lone_king(), Some((Color::White, 4)));
    let g = play(R3_RESTART_FEN, &R3_RESTART[..16]);
    assert_ongoing(&g);
    assert_eq!(g.counters().main_road(), Some((Color::White, 4)));
    let g = play(R3_RESTART_FEN, R3_RESTART);
    assert_draw(&g, DrawReason::MainRoad);
    assert_eq!(g.counters().lone_king(), Some((Color::White, 9)));
    counters_agree(R3_RESTART_FEN, R3_RESTART);
}

#[test]
fn main_road_needs_the_strong_side_off_the_diagonal() {
    // A white king on h8 stands on the long diagonal.
    let g = Game::from_fen("B:WKa5,Kb8,Kh8:BKd4").unwrap();
    assert!(g.status().counts().main_road.is_none());
    // Four pieces against the lone king: not the three-piece rule.
    let g = Game::from_fen("B:WKa5,Kb8,Kh2,c1:BKd4").unwrap();
    assert!(g.status().counts().main_road.is_none());
    // Lone king off the diagonal.
    let g = Game::from_fen("B:WKa5,Kb8,Kh2:BKd2").unwrap();
    assert!(g.status().counts().main_road.is_none());
    let g = Game::from_fen("W:WKa5,Kb8,Kh2:BKd4").unwrap();
    let c = g.status().counts().main_road.unwrap();
    assert_eq!((c.moves, c.plies_left, c.by_move), (0, 9, Some(5)));
}

// ---------------------------------------------------------------- rule 4

#[test]
fn kings_balance_one_move_before_limit_goes_on() {
    let g = play(R4_KK_FEN, &R4_KK[..9]);
    assert_ongoing(&g);
    let c = g.status().counts().kings_balance.expect("rule 4 runs");
    assert_eq!((c.plies, c.plies_limit), (Some(9), Some(10)));
    assert_eq!((c.moves, c.limit, c.moves_left, c.plies_left), (4, 5, 1, 1));
    assert_eq!(c.side, None);
    assert_eq!(c.by_move, Some(5), "Black's 5th move is the last");
    assert!(
        g.status().counts().kings_only.is_none(),
        "rule 5 does not apply to two pieces"
    );
}

#[test]
fn kings_balance_limit_draws_with_two_pieces() {
    let g = play(R4_KK_FEN, R4_KK);
    assert_draw(&g, DrawReason::KingsBalance);
    assert_eq!(g.status().reason_word().as_deref(), Some("kings_balance"));
    counters_agree(R4_KK_FEN, R4_KK);
}

#[test]
fn kings_balance_last_counted_move_wins() {
    let mut g = play(R4_KK_FEN, &branch(R4_KK, 8, &["a3-b2"]));
    assert_ongoing(&g);
    assert_eq!(g.counters().balance_plies(), 9);
    g.play_text("a1:c3").unwrap(); // Black's 5th move takes the last white piece
    assert_win(&g, Color::Black, WinReason::NoPieces);
}

#[test]
fn kings_balance_man_moves_do_not_restart() {
    // White's man steps c3-d4 and d4-c5; the count goes on.
    let g = play(R4_MEN_FEN, &R4_MEN[..9]);
    assert_ongoing(&g);
    assert_eq!(g.counters().balance_plies(), 9);
    let g = play(R4_MEN_FEN, R4_MEN);
    assert!(g
        .history()
        .iter()
        .any(|p| !p.before.kings().contains(p.mv.from())));
    assert_draw(&g, DrawReason::KingsBalance);
}

#[test]
fn kings_balance_crowning_restarts() {
    // White crowns g7-h8 on ply 5: the count restarts there, so the draw
    // comes ten plies later (ply 15), not at ply 10.
    let g = play(R4_CROWN_FEN, &R4_CROWN[..4]);
    assert_eq!(g.counters().balance_plies(), 4);
    let g = play(R4_CROWN_FEN, &R4_CROWN[..5]);
    assert_eq!(g.counters().balance_plies(), 0);
    draws_on_the_last_move(R4_CROWN_FEN, R4_CROWN, DrawReason::KingsBalance);
}

#[test]
fn kings_balance_capture_restarts_and_changes_the_band() {
    // Four pieces (30 moves each) for 15 plies; then c1:g5 takes a king:
    // three pieces (5 moves each), counted from that capture.
    let g = play(R4_CAPTURE_FEN, &R4_CAPTURE[..15]);
    let c = g.status().counts().kings_balance.unwrap();
    assert_eq!((c.plies, c.plies_limit), (Some(15), Some(60)));
    let g = play(R4_CAPTURE_FEN, &R4_CAPTURE[..16]);
    assert!(g.history()[15].mv.is_capture());
    let c = g.status().counts().kings_balance.unwrap();
    assert_eq!((c.plies, c.plies_limit), (Some(0), Some(10)));
    draws_on_the_last_move(R4_CAPTURE_FEN, R4_CAPTURE, DrawReason::KingsBalance);
}

#[test]
fn kings_balance_four_or_five_pieces_thirty_moves() {
    // Men move now and then, so rule 5 never runs out.
    let (before, _) = draws_on_the_last_move(R4_BAND45_FEN, R4_BAND45, DrawReason::KingsBalance);
    let c = before.status().counts().kings_balance.unwrap();
    assert_eq!((c.plies, c.limit), (Some(59), 30));
}

#[test]
fn kings_balance_six_or_seven_pieces_sixty_moves() {
    let (before, drawn) =
        draws_on_the_last_move(R4_BAND67_FEN, R4_BAND67, DrawReason::KingsBalance);
    let c = before.status().counts().kings_balance.unwrap();
    assert_eq!((c.plies, c.limit), (Some(119), 60));
    assert_eq!(drawn.position().piece_count(), 7);
}

#[test]
fn no_counted_draw_with_eight_pieces() {
    let g = play(R4_BAND8_FEN, R4_BAND8);
    assert_eq!(g.position().piece_count(), 8);
    assert_ongoing(&g);
    let counts = *g.status().counts();
    assert!(counts.kings_balance.is_none() && counts.kings_only.is_none());
    assert_eq!(g.counters().kings_only_plies(), 130);
    assert_eq!(g.counters().draw(g.position()), None);
}

// ---------------------------------------------------------------- rule 5

#[test]
fn kings_only_one_move_before_limit_goes_on() {
    let g = play(R5_REACH_FEN, &R5_REACH[..29]);
    assert_ongoing(&g);
    let counts = *g.status().counts();
    let c = counts.kings_only.expect("rule 5 runs");
    assert_eq!((c.plies, c.plies_limit, c.limit), (Some(29), Some(30), 15));
    assert_eq!(c.by_move, Some(15));
    let b = counts.kings_balance.unwrap();
    assert_eq!((b.plies, b.limit), (Some(29), 30));
}

#[test]
fn kings_only_limit_draws() {
    let g = play(R5_REACH_FEN, R5_REACH);
    assert_draw(&g, DrawReason::KingsOnly);
    assert_eq!(g.status().reason_word().as_deref(), Some("kings_only"));
    counters_agree(R5_REACH_FEN, R5_REACH);
}

#[test]
fn kings_only_last_counted_move_wins() {
    let mut g = play(R5_BLOCK_FEN, R5_BLOCK);
    assert_ongoing(&g);
    g.play_text("a7-g1").unwrap(); // the 30th king move shuts the king on h2 in
    assert_eq!(g.counters().kings_only_plies(), 30);
    assert_eq!(g.counters().draw(g.position()), Some(DrawReason::KingsOnly));
    assert_win(&g, Color::White, WinReason::NoMoves);
    assert_eq!(g.status().reason_word().as_deref(), Some("no_moves"));
}

#[test]
fn kings_only_man_move_restarts() {
    // White's man steps e1-f2 on ply 21: rule 5 starts again, rule 4 does not.
    let g = play(R5_RESTART_FEN, &R5_RESTART[..21]);
    assert!(!g.history()[20]
        .before
        .kings()
        .contains(g.history()[20].mv.from()));
    assert_eq!(g.counters().kings_only_plies(), 0);
    assert_eq!(g.counters().balance_plies(), 21);
    let (before, drawn) = draws_on_the_last_move(R5_RESTART_FEN, R5_RESTART, DrawReason::KingsOnly);
    assert_eq!(before.counters().kings_only_plies(), 29);
    assert_eq!(drawn.counters().balance_plies(), 51);
}

#[test]
fn kings_only_six_or_seven_pieces_twenty_five_moves() {
    let (_, drawn) = draws_on_the_last_move(R5_BAND67_FEN, R5_BAND67, DrawReason::KingsOnly);
    assert_eq!(drawn.position().piece_count(), 6);
}

#[test]
fn kings_only_does_not_apply_to_three_pieces() {
    let g = play(R5_BAND3_FEN, &R5_BAND3[..9]);
    assert!(g.status().counts().kings_only.is_none());
    let g = play(R5_BAND3_FEN, R5_BAND3);
    assert_draw(&g, DrawReason::KingsBalance);
}

// ---------------------------------------------------------------- repetition

#[test]
fn repetition_needs_the_same_side_to_move() {
    let start = Position::from_fen(REP_FEN).unwrap();
    let g = play(REP_FEN, &REP[..5]);
    // Same pieces on the same squares, but Black to move: a new position.
    assert_eq!(*g.position(), start.with_turn(Color::Black));
    assert_eq!(g.repetitions(), 1);
    let g = play(REP_FEN, &REP[..12]);
    assert_eq!(*g.position(), start);
    assert_eq!(g.repetitions(), 2);
    let g = play(REP_FEN, &REP[..17]);
    assert_eq!(*g.position(), start.with_turn(Color::Black));
    assert_eq!(g.repetitions(), 2);
    // The squares have now stood four times, twice with each side to move.
    assert_ongoing(&g);
    let g = play(REP_FEN, &REP[..23]);
    assert_ongoing(&g);
    let g = play(REP_FEN, REP);
    assert_eq!(*g.position(), start);
    assert_eq!(g.status().counts().repetitions, 3);
    assert_draw(&g, DrawReason::Repetition);
    assert_eq!(g.status().reason_word().as_deref(), Some("repetition"));
}

#[test]
fn repetition_counts_since_the_last_irreversible_move() {
    let g = play(REP_FEN, REP);
    let reversible: Vec<_> = g.reversible_positions().collect();
    assert_eq!(reversible.len(), 25, "no man moved: every position counts");
    assert_eq!(g.position_history().count(), 25);
    assert_eq!(
        g.position_history().filter(|p| *p == g.position()).count(),
        3
    );
}

#[test]
fn lone_king_count_survives_a_fourth_king_given_up() {
    // Four white kings; White gives one up on the long diagonal and still
    // has three: the balance never lapsed, so the count goes on.
    let mut g = Game::from_fen("W:WKa7,Kb8,Kh2,Kd2:BKa1").unwrap();
    g.play_text("d2-c3").unwrap();
    assert_eq!(g.counters().lone_king(), Some((Color::White, 1)));
    g.play_text("a1:h8").unwrap();
    assert_eq!(g.position().kings_of(Color::White).count(), 3);
    assert_eq!(g.counters().lone_king(), Some((Color::White, 1)));
    // The lone king now stands on the long diagonal against three pieces
    // off it: rule 3 starts from zero beside rule 2.
    assert_eq!(g.counters().main_road(), Some((Color::White, 0)));
    g.play_text("h2-g1").unwrap();
    assert_eq!(g.counters().lone_king(), Some((Color::White, 2)));
    assert_eq!(g.counters().main_road(), Some((Color::White, 1)));
}
