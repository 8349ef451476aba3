//! The analysis board's engine side: multi-PV analysis one depth at a
//! time (`engine::analysis`) and the shapes the page gets from it
//! (`web::analysis_js`).
//!
//! Independent checks: an exhaustive win/loss solver written here (plain
//! negamax over every move, no engine code) on small positions, and the
//! tactics suite's shots (proven by `tests/tactics.rs`).

use shashki::engine::analysis::{evaluate_through_forced, proven_plies, Analysis};
use shashki::engine::{Clock, Engine, Limits, MATE};
use shashki::game::Game;
use shashki::views::analysis::{
    line_text, validate_pieces, white_score, AnalysisView, EvalView, PlacedPiece,
};
use shashki::{Color, Move, Position, Square};

fn clock() -> Clock {
    Clock::frozen()
}

fn unlimited() -> Limits {
    Limits::default()
}

/// Every line is a legal sequence from the root, starts with its move, and
/// the lines are distinct and ordered best first.
fn check_report(root: &Position, lines: &[shashki::engine::analysis::Line]) {
    for w in lines.windows(2) {
        assert!(
            w[0].score >= w[1].score,
            "ordered: {} {}",
            w[0].score,
            w[1].score
        );
    }
    for (i, l) in lines.iter().enumerate() {
        assert_eq!(l.pv.first(), Some(&l.mv));
        assert_eq!(line_text(root, &l.pv).len(), l.pv.len(), "legal line");
        assert!(lines[..i].iter().all(|o| o.mv != l.mv), "distinct moves");
    }
}

#[test]
fn streams_one_depth_at_a_time() {
    let mut game = Game::new();
    game.play_text("c3-d4").unwrap();
    let mut e = Engine::new(4);
    let mut a = Analysis::new(&game, 3);
    let mut last_nodes = 0;
    for d in 1..=7 {
        let r = a.step(&mut e, &unlimited(), &clock()).expect("a depth");
        assert_eq!(r.depth, d);
        assert_eq!(a.depth(), d);
        assert!(r.nodes > last_nodes, "nodes grow");
        last_nodes = r.nodes;
        assert_eq!(r.lines.len(), 3);
        assert_eq!(r.legal, game.legal_moves().len());
        check_report(game.position(), &r.lines);
        // The line of the best move is as long as the depth (no capture
        // ends it early in the opening).
        assert!(
            r.lines[0].pv.len() >= (d as usize).min(2),
            "{:?}",
            r.lines[0].pv
        );
    }
    assert!(!a.is_finished());
}

#[test]
fn a_cut_depth_is_not_reported_and_is_retried() {
    let game = Game::new();
    let mut e = Engine::new(4);
    let mut a = Analysis::new(&game, 2);
    for _ in 0..4 {
        a.step(&mut e, &unlimited(), &clock()).unwrap();
    }
    // A node budget far too small for depth 5: nothing reported.
    assert_eq!(a.step(&mut e, &Limits::nodes(50), &clock()), None);
    assert_eq!(a.depth(), 4);
    // Without the limit the same depth completes.
    let r = a.step(&mut e, &unlimited(), &clock()).unwrap();
    assert_eq!(r.depth, 5);
}

#[test]
fn fewer_moves_than_candidates() {
    // Black must capture: one legal move, one line.
    let game = Game::from_fen("B:Wc3,e3:Bd4,h8").unwrap();
    let mut e = Engine::new(4);
    let mut a = Analysis::new(&game, 3);
    let r = a.step(&mut e, &unlimited(), &clock()).unwrap();
    assert_eq!(r.legal, game.legal_moves().len());
    assert_eq!(r.lines.len(), r.legal.min(3));
}

#[test]
fn finished_game_has_nothing_to_analyse() {
    // White's only man is blocked: White has lost.
    let game = Game::from_fen("W:Wa1:Bb2,c3").unwrap();
    let mut e = Engine::new(1);
    let mut a = Analysis::new(&game, 3);
    assert!(a.is_finished());
    assert_eq!(a.step(&mut e, &unlimited(), &clock()), None);
}

#[test]
fn proven_win_stops_the_analysis() {
    // White takes the last black man at once: won in one ply.
    let game = Game::from_fen("W:Wc3:Bd4").unwrap();
    let mut e = Engine::new(1);
    let mut a = Analysis::new(&game, 3);
    let mut last = None;
    for _ in 0..10 {
        match a.step(&mut e, &unlimited(), &clock()) {
            Some(r) => last = Some(r),
            None => break,
        }
    }
    assert!(a.is_finished());
    let r = last.unwrap();
    assert_eq!(r.lines[0].score, MATE - 1);
    assert_eq!(proven_plies(r.lines[0].score), Some(1));
    let view = AnalysisView::new(game.position(), &r);
    let res = view.lines[0].result.as_ref().unwrap();
    assert_eq!((res.winner, res.plies, res.moves), ("white", 1, 1));
    assert_eq!(view.lines[0].score, None);
    assert_eq!(view.lines[0].mv, "c3:e5");
}

// ---- an exhaustive solver, independent of the engine -------------------

/// Shortest forced result within `depth` plies for the side to move:
/// `Some(p)` wins in `p` plies, `Some(-p)` loses in `p`, `None` unknown.
/// Plain negamax over every legal move (no draw rules: the positions used
/// have men only, where no draw count runs).
fn solve(pos: &Position, depth: u32) -> Option<i32> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return Some(0); // lost now (0 plies to the end): encoded as -0 below
    }
    if depth == 0 {
        return None;
    }
    let mut best_win: Option<i32> = None;
    let mut all_lose = true;
    let mut longest_loss = 0;
    for mv in moves.iter() {
        let child = pos.play_unchecked(mv);
        match child_value(&child, depth - 1) {
            // The opponent loses in q plies after our move: we win in q+1.
            Some(v) if v <= 0 => {
                let p = -v + 1;
                best_win = Some(best_win.map_or(p, |b: i32| b.min(p)));
                all_lose = false;
            }
            Some(v) => longest_loss = longest_loss.max(v + 1),
            None => all_lose = false,
        }
    }
    if let Some(p) = best_win {
        Some(p)
    } else if all_lose {
        Some(-longest_loss)
    } else {
        None
    }
}

/// `solve` with the lost-now case as `Some(0)` meaning "the side to move
/// has lost" (negative or zero: lost in that many plies).
fn child_value(pos: &Position, depth: u32) -> Option<i32> {
    if pos.legal_moves().is_empty() {
        return Some(0);
    }
    solve(pos, depth)
}

fn xorshift(s: &mut u64) -> u64 {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    *s
}

/// A random position with `w` white and `b` black men (none on its own
/// crowning rank), `turn` to move.
fn random_men(seed: &mut u64, w: usize, b: usize, turn: Color) -> Position {
    let mut fen_w = Vec::new();
    let mut fen_b = Vec::new();
    let mut used = Vec::new();
    while fen_w.len() < w || fen_b.len() < b {
        let sq = Square::new((xorshift(seed) % 32) as u8).unwrap();
        if used.contains(&sq) {
            continue;
        }
        if fen_w.len() < w {
            if sq.is_crowning_rank(Color::White) {
                continue;
            }
            fen_w.push(sq.name());
        } else {
            if sq.is_crowning_rank(Color::Black) {
                continue;
            }
            fen_b.push(sq.name());
        }
        used.push(sq);
    }
    let side = if turn == Color::White { "W" } else { "B" };
    Position::from_fen(&format!("{side}:W{}:B{}", fen_w.join(","), fen_b.join(","))).unwrap()
}

#[test]
fn multipv_agrees_with_an_exhaustive_solver() {
    // On small men-only positions every move is proven won, proven lost or
    // unknown within SOLVE plies by the solver. With every move as a
    // candidate and a deeper search, the analysis never claims a result the
    // solver contradicts, scores every proven win above zero and every
    // proven loss below, so a losing move never outranks a winning one.
    const SOLVE: u32 = 7;
    const DEPTH: u32 = 11;
    let mut seed = 0x5eed_u64;
    let (mut wins, mut losses, mut checked) = (0, 0, 0);
    let mut e = Engine::new(8);
    while checked < 60 {
        let w = 1 + (xorshift(&mut seed) % 3) as usize;
        let b = 1 + (xorshift(&mut seed) % 3) as usize;
        let turn = if xorshift(&mut seed) % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let pos = random_men(&mut seed, w, b, turn);
        if pos.legal_moves().is_empty() {
            continue;
        }
        checked += 1;
        let game = Game::from_position(pos);
        let mut a = Analysis::new(&game, 32);
        let mut report = None;
        while a.depth() < DEPTH {
            match a.step(&mut e, &unlimited(), &clock()) {
                Some(r) => report = Some(r),
                None => break, // proven before DEPTH
            }
        }
        let r = report.expect("at least one depth");
        assert_eq!(r.lines.len(), pos.legal_moves().len(), "{}", pos.fen());
        check_report(&pos, &r.lines);
        // Soundness: a result the analysis calls proven within the
        // solver's horizon is the solver's result (a win no slower than
        // claimed); order: every proven win ranks above every proven loss.
        let mut lowest_win = i32::MAX;
        let mut highest_loss = i32::MIN;
        for line in &r.lines {
            let child = pos.play_unchecked(&line.mv);
            let truth =
                child_value(&child, SOLVE - 1).map(|v| if v <= 0 { -v + 1 } else { -(v + 1) });
            let claimed = proven_plies(line.score);
            let what = format!(
                "{} {}: solver {truth:?}, analysis {}",
                pos.fen(),
                pos.move_text(&line.mv),
                line.score
            );
            match claimed {
                Some(q) if q > 0 && q <= SOLVE as i32 => {
                    assert!(matches!(truth, Some(p) if p > 0 && p <= q), "{what}")
                }
                Some(q) if q < 0 && -q <= SOLVE as i32 => {
                    assert!(matches!(truth, Some(p) if p < 0), "{what}")
                }
                _ => {}
            }
            match truth {
                Some(p) if p > 0 => {
                    wins += 1;
                    lowest_win = lowest_win.min(line.score);
                    assert!(line.score > 0, "{what}");
                }
                Some(_) => {
                    losses += 1;
                    highest_loss = highest_loss.max(line.score);
                    assert!(line.score < 0, "{what}");
                }
                None => {}
            }
        }
        assert!(
            lowest_win == i32::MAX || highest_loss == i32::MIN || lowest_win > highest_loss,
            "{}: a proven win ranks below a proven loss",
            pos.fen()
        );
        if lowest_win != i32::MAX {
            assert!(r.lines[0].score >= lowest_win);
        }
    }
    // The sample exercises both kinds of proof.
    assert!(wins >= 10 && losses >= 10, "wins {wins}, losses {losses}");
}

#[test]
fn multipv_finds_the_tactics_suites_shots() {
    // Each shot is proven by tests/tactics.rs: the key move wins material
    // and no other move wins a man. With three candidates, the key move
    // leads and scores better than the second.
    let text = std::fs::read_to_string("tests/data/tactics.txt").unwrap();
    let mut e = Engine::new(8);
    let mut n = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let game = Game::from_fen(f[0]).unwrap();
        let key = game.position().parse_move(f[1]).unwrap();
        let depth: u32 = f[2].parse().unwrap();
        let mut a = Analysis::new(&game, 3);
        let mut report = None;
        while a.depth() < depth + 3 {
            match a.step(&mut e, &unlimited(), &clock()) {
                Some(r) => report = Some(r),
                None => break,
            }
        }
        let r = report.unwrap();
        check_report(game.position(), &r.lines);
        assert_eq!(r.lines[0].mv, key, "{}", f[0]);
        if r.lines.len() > 1 {
            assert!(
                r.lines[0].score > r.lines[1].score,
                "{}: {:?}",
                f[0],
                r.lines
            );
        }
        n += 1;
    }
    assert!(n >= 30, "{n} shots");
}

// ---- the shapes the page sees ---------------------------------------------

#[test]
fn scores_turn_to_whites_side() {
    assert_eq!(white_score(140, Color::White), (Some(1.4), None));
    assert_eq!(white_score(140, Color::Black), (Some(-1.4), None));
    // Black to move wins in 3 plies: Black's 2 moves.
    let (s, r) = white_score(MATE - 3, Color::Black);
    assert_eq!(s, None);
    let r = r.unwrap();
    assert_eq!((r.winner, r.plies, r.moves), ("black", 3, 2));
    // White to move loses in 2 plies: Black's 1 move.
    let r = white_score(-(MATE - 2), Color::White).1.unwrap();
    assert_eq!((r.winner, r.plies, r.moves), ("black", 2, 1));
}

#[test]
fn evaluation_view_is_from_whites_side() {
    // Black to move, three men down: White's score is positive.
    let game = Game::from_fen("B:Wc3,e3,g3,a1:Bh8").unwrap();
    let mut e = Engine::new(4);
    let r = e.search(&game, &Limits::depth(4), &clock());
    let v = EvalView::new(game.position(), &r);
    assert!(v.score.unwrap() > 1.5 || v.result.as_ref().is_some_and(|r| r.winner == "white"));
    let best = v.best.unwrap();
    assert_eq!(v.pv[0], best);
    assert!(game.position().parse_move(&best).is_ok());
}

fn piece(square: &str, piece: &str) -> PlacedPiece {
    PlacedPiece {
        square: square.into(),
        piece: piece.into(),
    }
}

#[test]
fn editor_positions_are_checked_by_the_rules() {
    let ok = validate_pieces(
        &[piece("c3", "white-man"), piece("d8", "black-king")],
        "black",
    )
    .unwrap();
    assert!(ok.valid);
    assert_eq!(ok.fen.as_deref(), Some("B:Wc3:BKd8"));
    let crowned = validate_pieces(&[piece("b8", "white-man")], "white").unwrap();
    assert!(!crowned.valid);
    let err = crowned.error.unwrap();
    assert_eq!(err.code, "man_on_crowning_rank");
    assert!(err.message.contains("b8"), "{}", err.message);
    let black_row = validate_pieces(&[piece("a1", "black-man")], "white").unwrap();
    assert_eq!(black_row.error.unwrap().code, "man_on_crowning_rank");
    let thirteen: Vec<PlacedPiece> = Square::all()
        .filter(|s| !s.is_crowning_rank(Color::White))
        .take(13)
        .map(|s| piece(&s.name(), "white-man"))
        .collect();
    let many = validate_pieces(&thirteen, "white").unwrap();
    assert_eq!(many.error.unwrap().code, "too_many_pieces");
    let no_turn = validate_pieces(&[piece("c3", "white-man")], "").unwrap();
    assert_eq!(no_turn.error.unwrap().code, "no_side_to_move");
    // Malformed input is refused outright.
    assert!(
        validate_pieces(&[piece("c4", "white-man")], "white").is_err(),
        "light square"
    );
    assert!(validate_pieces(&[piece("c3", "white-queen")], "white").is_err());
    assert!(validate_pieces(
        &[piece("c3", "white-man"), piece("c3", "black-man")],
        "white"
    )
    .is_err());
    assert!(validate_pieces(&[], "red").is_err());
}

#[test]
fn lines_stop_at_an_illegal_move() {
    let pos = Position::start();
    let a = pos.parse_move("c3-d4").unwrap();
    let not_legal: Move = pos.parse_move("e3-f4").unwrap(); // White again: illegal for Black
    assert_eq!(line_text(&pos, &[a, not_legal]), vec!["c3-d4".to_string()]);
}

#[test]
fn the_classic_games_served_with_the_page_are_the_test_data() {
    // www/analysis/russian-games.pdn is a copy of tests/data/russian-games.pdn.
    let served = std::fs::read_to_string("www/analysis/russian-games.pdn").unwrap();
    let data = std::fs::read_to_string("tests/data/russian-games.pdn").unwrap();
    assert!(
        served == data,
        "copy tests/data/russian-games.pdn to www/analysis/"
    );
    let games = shashki::views::analysis::summarise_games(&served).unwrap();
    assert_eq!(games.len(), 200);
    assert_eq!(games.iter().filter(|g| g.year.is_none()).count(), 1);
    for g in &games {
        assert!(!g.white.is_empty() && !g.black.is_empty());
        // Every date has a year but one ("????.??.??").
        assert!(
            g.year.is_some_and(|y| (1900..2100).contains(&y)) || g.date.starts_with("????"),
            "{}",
            g.date
        );
        assert!(["2-0", "0-2", "1-1"].contains(&g.result), "{}", g.result);
        // Each summary's PDN is read back as the same game.
        let back = Game::from_pdn(&g.pdn).unwrap();
        assert_eq!(back.ply(), g.plies);
    }
}

#[test]
fn review_scores_forced_moves_by_the_position_after_them() {
    // A single legal move: the plain search stops such a
    // position at depth 4; the review's evaluation plays the move and
    // searches the position after it to the same limits.
    let mut game = Game::new();
    for m in ["c3-d4", "f6-g5"] {
        game.play_text(m).unwrap();
    }
    assert!(game.legal_moves().len() > 1);
    // Black offers a man: White's capture d4:f6 is the only legal move.
    let mut forced = Game::new();
    for m in ["c3-d4", "f6-e5"] {
        forced.play_text(m).unwrap();
    }
    assert!(
        forced.legal_moves().len() == 1,
        "{:?}",
        forced.legal_moves()
    );
    let mut e = Engine::new(8);
    let plain = e.search(&forced, &Limits::depth(9), &clock());
    assert_eq!(plain.depth, 4, "the search's one-reply shortcut");
    e.clear();
    let r = evaluate_through_forced(&mut e, &forced, &Limits::depth(9), &clock());
    assert_eq!(r.depth, 9);
    assert_eq!(r.best, Some(forced.legal_moves()[0]));
    assert_eq!(r.pv[0], forced.legal_moves()[0]);
    // The same value as the position after the capture, from this side.
    let mut after = forced.clone();
    after.play(&forced.legal_moves()[0]).unwrap();
    e.clear();
    let next = e.search(&after, &Limits::depth(9), &clock());
    assert_eq!(r.score, -next.score);
    // Nothing forced: the plain search.
    e.clear();
    let quiet = evaluate_through_forced(&mut e, &game, &Limits::depth(6), &clock());
    e.clear();
    let again = e.search(&game, &Limits::depth(6), &clock());
    assert_eq!(
        (quiet.best, quiet.score, quiet.depth, quiet.pv),
        (again.best, again.score, again.depth, again.pv)
    );
}
