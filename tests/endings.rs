//! Won endings played out without the tables inside the game's automatic
//! draws (issue 26): the engine (tables not installed) against the
//! tables' best defence, and the counted draw seen at the right depth.

use shashki::engine::egtb::{self, play::table_moves_in, Kind, Tables};
use shashki::engine::{Clock, Engine, Limits, MATE_BOUND};
use shashki::game::{DrawReason, Game, Status};
use shashki::{Color, Position};
use std::path::PathBuf;

fn tables() -> Tables {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/egtb");
    let (t, problems) = Tables::load_dir(&dir);
    assert!(problems.is_empty(), "{problems:?}");
    t
}

/// Plays `game` out: White is the engine without tables at `nodes` a
/// move, Black the tables' best defence under the running counts.
fn play_out(tables: &Tables, mut game: Game, nodes: u64) -> Game {
    assert!(
        !egtb::installed(),
        "the engine must play without the tables"
    );
    let mut engine = Engine::new(4);
    let clock = Clock::frozen();
    for _ in 0..200 {
        if game.status().is_over() {
            break;
        }
        let mv = if game.position().turn() == Color::White {
            engine.search(&game, &Limits::nodes(nodes), &clock).best
        } else {
            table_moves_in(tables, &game).and_then(|m| m.first().map(|t| t.mv))
        }
        .expect("a move");
        game.play(&mv).unwrap();
    }
    game
}

#[test]
fn three_kings_convert_within_rule_two_against_the_tables() {
    let t = tables();
    // Three kings against a lone king off the main road, with a king on
    // it: won in 13 of rule 2's 15 moves by the tables (Petrov's
    // triangle; the lessons' trainer position), and two more starts
    // the tables call won. The engine must win each within the count,
    // against the longest defence.
    for fen in [
        "W:WKa1,Kb2,Kc3:BKd6",
        "W:WKc1,Ke1,Kb6:BKh4",
        "W:WKa1,Kf2,Kb8:BKe7",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let p = t.probe_fresh(&pos).unwrap();
        assert_eq!(p.kind, Kind::Win, "{fen}");
        let end = play_out(&t, Game::from_position(pos), 200_000);
        match end.status() {
            Status::Win { winner, .. } => assert_eq!(winner, Color::White, "{fen}"),
            s => panic!("{fen}: not won: {s:?}"),
        }
        let (_, moves) = end.counters().lone_king().unwrap_or((Color::White, 0));
        assert!(moves <= 15, "{fen}: {moves}");
    }
}

/// Three kings against a lone king, White to move with `left` of rule
/// 2's 15 moves still to play (quiet shuffles from a fresh start).
fn counted(left: u32) -> Game {
    let mut game = Game::from_fen("W:WKa5,Ka7,Kb8:BKh2").unwrap();
    let mut i = 0;
    while game.counters().lone_king().map(|c| c.1) != Some(15 - left)
        || game.position().turn() != Color::White
    {
        // Quiet moves that repeat nothing three times and leave nothing to take.
        let next = game
            .legal_moves()
            .iter()
            .find_map(|mv| {
                let mut g = game.clone();
                g.play(mv).unwrap();
                let ok =
                    !g.status().is_over() && g.repetitions() == 1 && !g.position().has_capture();
                ok.then_some(g)
            })
            .expect("a quiet move");
        game = next;
        i += 1;
    }
    assert!(i > 0);
    assert_eq!(game.position().turn(), Color::White);
    game
}

#[test]
fn a_count_that_runs_out_scores_a_draw_at_the_depth_it_falls() {
    // With `left` White moves before rule 2 draws and no capture of the
    // lone king in reach, a search that reaches White's last counted move
    // (2 left - 1 plies) scores the draw; one ply shorter still sees the
    // stronger side's material.
    let t = tables();
    let mut draws = 0;
    for left in 1..=3 {
        let game = counted(left);
        let mut e = Engine::new(4);
        let clock = Clock::frozen();
        let reach = 2 * left - 1;
        let at = e.search(&game, &Limits::depth(reach), &clock);
        // The tables, under the running count: a win inside it is found
        // by a search that reaches the count's end, a draw scores 0 there.
        match t.probe(game.position(), &game.counters()) {
            Some(Kind::Win) => assert!(at.score >= MATE_BOUND, "left {left}: {}", at.score),
            Some(Kind::Draw) => {
                draws += 1;
                assert_eq!(at.score, 0, "left {left}, depth {reach}");
                if reach > 1 {
                    e.clear();
                    let short = e.search(&game, &Limits::depth(reach - 1), &clock);
                    assert!(short.score > 300, "left {left}: {}", short.score);
                }
            }
            k => panic!("{}: {k:?}", game.position().fen()),
        }
    }
    assert!(draws >= 1);
    // Played: the game is drawn by rule 2 after White's last counted move.
    let mut game = counted(1);
    let mv = game.legal_moves()[0];
    game.play(&mv).unwrap();
    assert!(matches!(
        game.status(),
        Status::Draw {
            reason: DrawReason::KingsVsLoneKing,
            ..
        }
    ));
}
