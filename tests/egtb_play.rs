//! The engine with the endgame tables installed plays out won and drawn
//! endings against itself; `Game` (every draw rule) judges.

mod egtb_common;

use egtb_common::{random_of, try_random_position, Rng};
use shashki::engine::egtb::{self, Kind, Material, Tables};
use shashki::engine::{Clock, Engine, Limits};
use shashki::game::{Game, Status};
use shashki::{Color, Position};
use std::path::PathBuf;

fn install() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/egtb");
    let (t, problems) = Tables::load_dir(&dir);
    assert!(problems.is_empty(), "{problems:?}");
    egtb::install(t);
}

/// Random quiet positions of 2-5 pieces whose fresh-count result is
/// `want` for the side to move (or for the other side, `Loss`).
fn sample(seed: u64, count: usize, want: &[Kind]) -> Vec<(Position, Kind)> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let n = 2 + rng.below(4) as u32;
        let Some(p) = try_random_position(&mut rng, n) else {
            continue;
        };
        if p.has_capture() {
            continue;
        }
        let Some(r) = egtb::probe_installed_fresh(&p) else {
            continue;
        };
        if want.contains(&r.kind) {
            out.push((p, r.kind));
        }
    }
    out
}

/// The search depth of the self-play games. In the five-piece materials
/// with kings on both sides and a man the tables answer only with rule 5's
/// count at zero (after a man move, a capture or a crowning), so a side
/// that wins by king moves alone must see its capture within the plies
/// rule 5 leaves: at depth 6, 25 of 2 260 random won five-piece positions
/// with men were drawn by rule 5; at depth 12 none (docs/endgame-tables.md, "Proofs").
const PLAY_DEPTH: u32 = 12;

/// Plays the game out, the engine on both sides; returns the end.
fn play_out(pos: Position, max_plies: usize) -> Status {
    let mut game = Game::from_position(pos);
    let mut engine = Engine::new(4);
    let clock = Clock::frozen();
    for _ in 0..max_plies {
        if game.status().is_over() {
            break;
        }
        let r = engine.search(&game, &Limits::depth(PLAY_DEPTH), &clock);
        game.play(&r.best.expect("a move")).unwrap();
    }
    LONGEST.fetch_max(game.ply(), std::sync::atomic::Ordering::Relaxed);
    game.status()
}

static LONGEST: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

fn won_positions_are_won(seed: u64, count: usize) {
    install();
    all_won(sample(seed, count, &[Kind::Win, Kind::Loss]));
}

/// Each position, played out by the engine on both sides, is won by the
/// side the tables say.
fn all_won(positions: Vec<(Position, Kind)>) {
    for (pos, kind) in positions {
        let winner = if kind == Kind::Win {
            pos.turn()
        } else {
            pos.turn().opposite()
        };
        match play_out(pos, 400) {
            Status::Win { winner: w, .. } if w == winner => {}
            other => panic!("{}: {winner:?} should win, got {other:?}", pos.fen()),
        }
    }
}

fn drawn_positions_are_held(seed: u64, count: usize) {
    install();
    all_held(sample(seed, count, &[Kind::Draw]));
}

/// No drawn position, played out by the engine on both sides, is lost.
fn all_held(positions: Vec<(Position, Kind)>) {
    for (pos, _) in positions {
        let end = play_out(pos, 200);
        assert!(
            !matches!(end, Status::Win { .. }),
            "{}: a drawn position was lost: {end:?}",
            pos.fen()
        );
    }
}

/// Random quiet positions of the five-piece materials the set holds (four
/// kings against a king, three kings against two) with the result `want`
/// (wins counted from either side).
fn sample_five(seed: u64, count: usize, want: &[Kind]) -> Vec<(Position, Kind)> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let Some(p) = try_random_position(&mut rng, 5) else {
            continue;
        };
        if p.has_capture() || p.kings().count() != 5 {
            continue;
        }
        if let Some(r) = egtb::probe_installed_fresh(&p) {
            if want.contains(&r.kind) {
                out.push((p, r.kind));
            }
        }
    }
    out
}

fn five_piece_endings(seed: u64, won: usize, drawn: usize) {
    install();
    all_won(sample_five(seed, won, &[Kind::Win, Kind::Loss]));
    all_held(sample_five(seed + 1, drawn, &[Kind::Draw]));
}

/// Random quiet five-piece positions with at least one man and the result
/// `want` (wins counted from either side), drawn material by material in
/// turn so that every one of the 20 files is used.
fn sample_five_with_men(seed: u64, count: usize, want: &[Kind]) -> Vec<(Position, Kind)> {
    let mats: Vec<Material> = Material::all_with(5)
        .into_iter()
        .filter(|m| m.canonical() && m.men() > 0)
        .collect();
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    let mut i = 0;
    while out.len() < count {
        let p = random_of(&mut rng, mats[i % mats.len()]);
        if p.has_capture() {
            continue;
        }
        let r = egtb::probe_installed_fresh(&p).expect("a shipped material");
        if want.contains(&r.kind) {
            out.push((p, r.kind));
            i += 1;
        }
    }
    out
}

fn five_piece_endings_with_men(seed: u64, won: usize, drawn: usize) {
    install();
    all_won(sample_five_with_men(seed, won, &[Kind::Win, Kind::Loss]));
    all_held(sample_five_with_men(seed + 1, drawn, &[Kind::Draw]));
}

#[test]
fn five_piece_endings_with_men_short() {
    five_piece_endings_with_men(0xbeef_0061, 40, 20);
}

/// 400 won and 200 drawn five-piece positions with men (`--include-ignored`).
#[test]
#[ignore]
fn five_piece_endings_with_men_full() {
    five_piece_endings_with_men(0xbeef_0063, 400, 200);
}

#[test]
fn five_piece_endings_short() {
    five_piece_endings(0xbeef_0051, 20, 10);
}

/// 200 won and 100 drawn five-piece positions (`--include-ignored`).
#[test]
#[ignore]
fn five_piece_endings_full() {
    five_piece_endings(0xbeef_0053, 200, 100);
}

#[test]
fn won_endings_are_won_short() {
    won_positions_are_won(0xbeef_0001, 25);
}

#[test]
fn drawn_endings_are_held_short() {
    drawn_positions_are_held(0xbeef_0002, 10);
}

/// The full check: 200 won and 100 drawn positions (minutes).
#[test]
#[ignore]
fn won_and_drawn_endings_full() {
    won_positions_are_won(0xbeef_0003, 200);
    drawn_positions_are_held(0xbeef_0004, 100);
    eprintln!(
        "longest game: {} plies",
        LONGEST.load(std::sync::atomic::Ordering::Relaxed)
    );
}

#[test]
fn the_engine_follows_the_counts() {
    install();
    let clock = Clock::frozen();
    let mut engine = Engine::new(4);
    // Decided by the tables: a won ending scores as a win, the rules
    // page's main-road ending as a draw.
    let won = Game::from_fen("W:WKa1,Kc3,Ke1:BKf8").unwrap();
    let r = engine.search(&won, &Limits::depth(4), &clock);
    assert_eq!(r.score, shashki::engine::score::TB_WIN);
    let drawn = Game::from_fen("W:WKa3,Kc1,Kh6:BKd4").unwrap();
    assert_eq!(engine.search(&drawn, &Limits::depth(4), &clock).score, 0);

    // White wastes moves (keeping three kings, off the main road where it
    // can) until the 15-move count leaves too little time: the position is
    // still "won" with fresh counts, but not with the counts running, and
    // the engine must know it.
    let mut game = Game::from_fen("W:WKa1,Kc3,Ke1:BKf8").unwrap();
    let mut found = false;
    for _ in 0..40 {
        if game.status().is_over() {
            break;
        }
        let pos = *game.position();
        let under_counts = egtb::probe(&pos, &game.counters());
        let fresh = egtb::probe_installed_fresh(&pos).map(|p| p.kind);
        if pos.turn() == Color::White
            && fresh == Some(Kind::Win)
            && under_counts == Some(Kind::Draw)
        {
            let r = engine.search(&game, &Limits::depth(6), &clock);
            assert_eq!(
                r.score,
                0,
                "{}: the counts make the win impossible",
                pos.fen()
            );
            found = true;
            break;
        }
        let mv = if pos.turn() == Color::White {
            // The first move that keeps three kings and loses nothing.
            *pos.legal_moves()
                .iter()
                .find(|m| {
                    let next = pos.play_unchecked(m);
                    !m.is_capture()
                        && !next.has_capture()
                        && egtb::probe_installed_fresh(&next).map(|p| p.kind) == Some(Kind::Loss)
                })
                .expect("a waiting move")
        } else {
            engine
                .search(&game, &Limits::depth(4), &clock)
                .best
                .unwrap()
        };
        game.play(&mv).unwrap();
    }
    assert!(found, "the count never ran short");
}

#[test]
fn the_search_reads_the_tables_below_the_root() {
    install();
    // Six pieces: not in the tables, but White's capture of d4 leaves
    // four kings against a king, which the tables decide inside the search.
    let game = Game::from_fen("W:WKa1,Kc3,Ke1,Kh2:BKf8,d4").unwrap();
    let pos = *game.position();
    assert!(egtb::probe(&pos, &game.counters()).is_none());
    let r = Engine::new(4).search(&game, &Limits::depth(3), &Clock::frozen());
    assert!(
        r.score > shashki::engine::score::TB_WIN - 10 && r.score <= shashki::engine::score::TB_WIN,
        "score {}",
        r.score
    );
}
