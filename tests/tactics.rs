//! The tactics suite: positions with a forced winning shot, each proven by
//! an exhaustive search written for the tests (`tests/proof`: a plain
//! material-only alpha-beta, no engine code), then solved by the engine at
//! a modest depth.
//!
//! `tests/data/tactics.txt` holds one position a line:
//! `FEN | key move | proof depth (plies) | material won | note`.
//! The proof shows that the key move wins at least the stated material
//! (man 100, king 300) against every defence within the proof depth (pending
//! captures are always played out), and that no other move wins a man. The
//! engine, searching three plies deeper than the proof, must choose the key
//! move. (The miner also checked that the shot stays sound and unique two
//! plies deeper, so the horizon of the proof does not hide a refutation.)
//!
//! The positions were found with `cargo test --release --test tactics --
//! --ignored mine`, which plays seeded games between weak levels and keeps
//! the positions where one sacrifice, and only one, wins material.

mod proof;

use shashki::engine::{Clock, Engine, Limits, NoDrawCounts};
use shashki::game::Game;
use shashki::{Move, Position};

/// A lost position (no move) for the side to move, in the proof search.
const LOST: i32 = -100_000;

/// Man 100, king 300; no move is lost.
const SCALE: proof::Scale = proof::Scale {
    man: 100,
    king: 300,
    lost: |_| LOST,
};

/// Material won by `mv` within `depth` plies (exact).
fn gain(pos: &Position, mv: &Move, depth: u32) -> i32 {
    let v = -SCALE.negamax(&pos.play_unchecked(mv), depth - 1, LOST - 1, -LOST + 1);
    if v <= LOST {
        return v;
    }
    if v >= -LOST {
        return v;
    }
    v - SCALE.material(pos)
}

struct Shot {
    fen: String,
    key: String,
    depth: u32,
    won: i32,
    note: String,
}

fn load() -> Vec<Shot> {
    include_str!("data/tactics.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(f.len(), 5, "bad line: {l}");
            Shot {
                fen: f[0].to_string(),
                key: f[1].to_string(),
                depth: f[2].parse().expect("depth"),
                won: f[3].parse().expect("material"),
                note: f[4].to_string(),
            }
        })
        .collect()
}

#[test]
fn how_to_play_shot_by_hand() {
    // White c3-d4; Black must take a5:e5 (b4 and d4); f4:b8 takes e5 and c7
    // and crowns. Five pieces each remain, White has the only king.
    let pos = Position::from_fen("W:Wc1,e1,b4,c3,f4,g3,h2:Ba5,c7,d8,e7,f8,g7,h8").unwrap();
    let shot = pos.parse_move("c3-d4").unwrap();
    let p1 = pos.play(&shot).unwrap();
    let replies = p1.legal_moves();
    assert_eq!(replies.len(), 1);
    assert_eq!(p1.move_text(&replies[0]), "a5:e5");
    let p2 = p1.play_unchecked(&replies[0]);
    let crown = p2.parse_move("f4:b8").unwrap();
    assert!(crown.crowns());
    let p3 = p2.play(&crown).unwrap();
    assert_eq!(p3.pieces(shashki::Color::White).count(), 5);
    assert_eq!(p3.pieces(shashki::Color::Black).count(), 5);
    assert_eq!(p3.kings().count(), 1);
    assert!(gain(&pos, &shot, 3) >= 200);

    let mut engine = Engine::new(4);
    let r = engine.search(
        &Game::from_position(pos),
        &Limits::depth(4),
        &Clock::frozen(),
    );
    assert_eq!(r.best, Some(shot));
    assert!(r.score >= 150, "{}", r.score);
}

#[test]
fn suite_is_proven_and_solved() {
    let shots = load();
    // Every line of the file, each proven and each found by the engine.
    assert_eq!(shots.len(), 36, "tests/data/tactics.txt holds 36 shots");
    let mut engine = Engine::new(16);
    let mut failures = Vec::new();
    for (i, s) in shots.iter().enumerate() {
        let pos = Position::from_fen(&s.fen).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let key = pos
            .parse_move(&s.key)
            .unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        assert!(s.won >= 100, "line {}: a shot wins at least a man", i + 1);

        // The proof: the key move wins the stated material against every
        // defence, and no other move wins a man.
        let g = gain(&pos, &key, s.depth);
        assert!(
            g >= s.won,
            "line {} ({}): key move wins only {g}",
            i + 1,
            s.note
        );
        for mv in pos.legal_moves().iter().filter(|m| **m != key) {
            let other = gain(&pos, mv, s.depth);
            assert!(
                other < 100,
                "line {}: {} also wins {other}",
                i + 1,
                pos.move_text(mv)
            );
        }

        // The engine finds it at a modest depth.
        engine.clear();
        let r = engine.search_position(
            &pos,
            &[],
            NoDrawCounts,
            &Limits::depth(s.depth + 3),
            &Clock::frozen(),
        );
        if r.best != Some(key) {
            failures.push(format!(
                "line {} ({}): engine played {} (score {}), key {}",
                i + 1,
                s.note,
                r.best.map(|m| pos.move_text(&m)).unwrap_or_default(),
                r.score,
                s.key
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The weakest level makes mistakes, but never gives a man away for
/// nothing in one move: whatever it plays, the captures that follow (both
/// sides', played out in full) never cost it a man when another move would
/// have kept the material, unless the man buys something right away.
#[test]
fn beginner_never_gives_a_piece_for_nothing() {
    let mut engine = Engine::new(4);
    let clock = Clock::frozen();
    let mut checked = 0;
    let mut sacrifices = 0;
    for seed in 0..16u64 {
        let mut game = Game::new();
        for ply in 0..80u64 {
            if game.status().is_over() {
                break;
            }
            let pos = *game.position();
            let mv = engine
                .play_level(&game, 1, seed * 100 + ply, &clock)
                .best
                .unwrap();
            game.play(&mv).unwrap();
            // With kings about, giving up a man can be the right idea (a
            // lone king on the main road draws against three pieces), so
            // material only judges the positions with men alone.
            if pos.kings().any() {
                continue;
            }
            let legal = pos.legal_moves();
            // Missing a win is allowed (that is the beginner's weakness), and
            // so is walking into a shot it cannot see. Leaving a man to be
            // taken when another move keeps it must be rare (it can buy a
            // stopped crowning or a breakthrough), and never a blunder: a
            // deeper search of the full engine may not judge it two men
            // worse than the best move (or than a man up, when the best
            // move wins more).
            let best1 = legal.iter().map(|m| gain(&pos, m, 1)).max().unwrap();
            if gain(&pos, &mv, 1) <= best1.min(0) - 100 {
                let mut judge = |m: &Move| {
                    let child = pos.play_unchecked(m);
                    let r = engine.search_position(
                        &child,
                        &[],
                        NoDrawCounts,
                        &Limits::depth(6),
                        &clock,
                    );
                    -r.score
                };
                let best = legal.iter().map(&mut judge).max().unwrap();
                let chosen = judge(&mv);
                // Still winning by a man is not a blunder, however much
                // better the best move was.
                assert!(
                    chosen > best.min(100) - 200,
                    "{}: level 1 played {} (judged {chosen}, best {best})",
                    pos.fen(),
                    pos.move_text(&mv)
                );
                sacrifices += 1;
            }
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked}");
    eprintln!("{sacrifices} men given up in {checked} moves");
    assert!(sacrifices * 40 < checked, "{sacrifices} of {checked}");
}

/// Finds new suite positions: plays seeded games between the weakest
/// levels and prints the positions where exactly one move, a sacrifice,
/// wins at least a man within `DEPTH` plies. Run by hand (see the module
/// docs); prints lines in the data file's format.
#[test]
#[ignore]
fn mine() {
    let env = |name: &str, default: u64| -> u64 {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    // Proof depth; the shot must not show at `HIDDEN` plies already.
    let depth = env("MINE_DEPTH", 5) as u32;
    let hidden = env("MINE_HIDDEN", 0) as u32;
    let want = env("MINE_COUNT", 30) as usize;
    let first_seed = env("MINE_SEED", 0);
    let mut engine = Engine::new(4);
    let clock = Clock::frozen();
    let mut found = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut seed = first_seed;
    while found.len() < want && seed < first_seed + 5000 {
        seed += 1;
        let mut game = Game::new();
        for ply in 0..120 {
            if game.status().is_over() {
                break;
            }
            let pos = *game.position();
            let legal = pos.legal_moves();
            if ply >= 6
                && legal.len() >= 2
                && !legal[0].is_capture()
                && pos.piece_count() >= 8
                && seen.insert(pos)
            {
                let sacs: Vec<Move> = legal
                    .iter()
                    .filter(|m| pos.play_unchecked(m).has_capture())
                    .copied()
                    .collect();
                let winners: Vec<(Move, i32)> = legal
                    .iter()
                    .map(|m| (*m, gain(&pos, m, depth)))
                    .filter(|(_, g)| *g >= 100)
                    .collect();
                // Unique and sound two plies deeper too (no refutation just
                // past the horizon, no other move catching up).
                let deeper = || {
                    legal
                        .iter()
                        .filter(|m| gain(&pos, m, depth + 2) >= 100)
                        .copied()
                        .collect::<Vec<Move>>()
                };
                if let [(mv, g)] = winners.as_slice() {
                    if sacs.contains(mv)
                        && (hidden == 0 || gain(&pos, mv, hidden) < 100)
                        && deeper() == vec![*mv]
                    {
                        let line = format!(
                            "{} | {} | {depth} | {} | self-play seed {seed} ply {ply}",
                            pos.fen(),
                            pos.move_text(mv),
                            g.min(&10_000)
                        );
                        println!("{line}");
                        found.push(line);
                    }
                }
            }
            let level = 1 + (seed % 2) as u8;
            let mv = engine
                .play_level(&game, level, seed * 1000 + ply, &clock)
                .best
                .unwrap();
            game.play(&mv).unwrap();
        }
    }
    assert!(!found.is_empty());
}
