//! The themes and the ratings of the shipped puzzles
//! (www/puzzles/puzzles.json), checked again with code written here from
//! the definitions in docs/puzzles.md (pieces counted square by square, no
//! miner code), on every puzzle and on hand-made lines for and against
//! each theme; and the rating calibration: a puzzle that costs at least as
//! much on every measure never rates lower.

mod proof;

use shashki::engine::puzzle::{Effort, Puzzle, PuzzleFile};
use shashki::{Color, Position, Role};
use std::collections::BTreeSet;

const WIN: i32 = 100_000;
const FILE: &str = include_str!("../www/puzzles/puzzles.json");
const DOC: &str = include_str!("../docs/puzzles.md");

/// The miner's themes: the keys of the table in docs/puzzles.md, in order
/// (checked by `the_theme_list_is_the_documented_one`).
const THEMES: &[&str] = shashki::engine::puzzle::THEMES;

fn puzzles() -> Vec<Puzzle> {
    serde_json::from_str::<PuzzleFile>(FILE).unwrap().puzzles
}

/// Men and kings of `side`.
fn count(pos: &Position, side: Color) -> (u32, u32) {
    let mut c = (0, 0);
    for (_, p) in pos.board().filter(|(_, p)| p.color == side) {
        if p.role == Role::King {
            c.1 += 1;
        } else {
            c.0 += 1;
        }
    }
    c
}

fn pieces(pos: &Position, side: Color) -> u32 {
    let (m, k) = count(pos, side);
    m + k
}

fn can_capture(pos: &Position) -> bool {
    pos.legal_moves().iter().any(|m| m.is_capture())
}

/// The themes by the documented definitions.
fn expected(fen: &str, solution: &[String], gain: i32) -> BTreeSet<&'static str> {
    let root = Position::from_fen(fen).unwrap();
    let me = root.turn();
    let you = me.opposite();
    let mut t = BTreeSet::new();
    let mut pos = root;
    let mut given = 0;
    let mut solver_moves = 0;
    for (i, text) in solution.iter().enumerate() {
        let mv = pos.parse_move(text).unwrap();
        let next = pos.play(&mv).unwrap();
        if i % 2 == 0 {
            solver_moves += 1;
            let taken = pieces(&pos, you) - pieces(&next, you);
            let crowned = count(&next, me).1 > count(&pos, me).1;
            let quiet = taken == 0 && !can_capture(&next);
            if i == 0 {
                t.insert(if quiet { "quiet-move" } else { "shot" });
            } else if quiet {
                t.insert("quiet-in-line");
            }
            if taken >= 3 {
                t.insert("multi-capture");
            }
            if crowned && taken > 0 {
                t.insert("crowning-shot");
            }
            if crowned && taken == 0 && given > 0 {
                t.insert("breakthrough");
            }
            if count(&next, you).1 < count(&pos, you).1 {
                t.insert("king-catch");
            }
        } else {
            given += pieces(&pos, me) - pieces(&next, me);
        }
        pos = next;
    }
    if given >= 2 {
        t.insert("several-men");
    }
    if pos.legal_moves().is_empty() && pieces(&pos, you) > 0 {
        t.insert("lock");
    }
    let value = |side| {
        let (m, k) = count(&root, side);
        m + 3 * k
    };
    if value(me) < value(you) {
        t.insert("comeback");
    }
    if gain == WIN {
        t.insert("win");
    }
    if count(&root, me).1 + count(&root, you).1 > 0 {
        t.insert("kings");
    }
    let n = pieces(&root, me) + pieces(&root, you);
    t.insert(match n {
        20.. => "opening",
        0..=10 => "endgame",
        _ => "middlegame",
    });
    t.insert(match solver_moves {
        0..=2 => "short",
        3 => "medium",
        _ => "long",
    });
    t
}

fn miner_themes(fen: &str, solution: &[&str], gain: i32) -> BTreeSet<String> {
    let root = Position::from_fen(fen).unwrap();
    let mut pos = root;
    let line: Vec<_> = solution
        .iter()
        .map(|t| {
            let m = pos.parse_move(t).unwrap();
            pos = pos.play_unchecked(&m);
            m
        })
        .collect();
    shashki::engine::puzzle::themes(&root, &line, gain)
        .into_iter()
        .collect()
}

#[test]
fn the_theme_list_is_the_documented_one() {
    let documented: Vec<&str> = DOC
        .lines()
        .filter_map(|l| l.strip_prefix("| `")?.split('`').next())
        .collect();
    assert_eq!(documented, THEMES);
    assert!(THEMES.len() >= 12);
}

#[test]
fn every_puzzle_has_exactly_the_themes_of_its_line() {
    let all = puzzles();
    for p in &all {
        let got: BTreeSet<&str> = p.themes.iter().map(String::as_str).collect();
        assert_eq!(got, expected(&p.fen, &p.solution, p.gain), "{}", p.id);
    }
    for t in THEMES {
        let n = all
            .iter()
            .filter(|p| p.themes.iter().any(|x| x == t))
            .count();
        assert!(n >= 30, "theme {t}: only {n} puzzles");
    }
}

/// (FEN, line, gain, themes it has, themes it has not; "*": all others)
type Case<'a> = (&'a str, &'a [&'a str], i32, &'a [&'a str], &'a [&'a str]);

/// Hand-made lines (legal, not necessarily puzzles): each theme found where
/// it is and not where it is not, by the miner and by the definitions here.
#[test]
fn themes_on_hand_made_lines() {
    let cases: &[Case] = &[
        // The how-to-play shot: two men given (b4, d4), two taken,
        // crowning on the take.
        (
            "W:Wc1,e1,b4,c3,f4,g3,h2:Ba5,c7,d8,e7,f8,g7,h8",
            &["c3-d4", "a5:e5", "f4:b8"],
            200,
            &[
                "shot",
                "several-men",
                "crowning-shot",
                "middlegame",
                "short",
            ],
            &["*"],
        ),
        // A quiet move, then a man walks to the last row: nothing given,
        // so no breakthrough.
        (
            "W:Wc3,g7:Ba7",
            &["c3-d4", "a7-b6", "g7-h8"],
            0,
            &["quiet-move", "endgame", "short"],
            &["shot", "breakthrough", "crowning-shot", "lock"],
        ),
        // Black takes one man (c5), then White walks a man to the last
        // row: a breakthrough after giving material.
        (
            "W:Wc5,g7,h2:Ba7,h6",
            &["c5-b6", "a7:c5", "g7-f8"],
            0,
            &["shot", "breakthrough", "endgame"],
            &["crowning-shot", "several-men", "quiet-move"],
        ),
        // The black king takes a man given to it: no king caught.
        (
            "W:Wa1,e3,g1:BKd6,h8",
            &["e3-f4", "d6:g3", "a1-b2"],
            0,
            &["shot", "kings", "quiet-in-line", "endgame"],
            &["king-catch"],
        ),
        // The black king steps next to c3 and is taken.
        (
            "W:Wa1,c3:BKh8",
            &["a1-b2", "h8-d4", "c3:e5"],
            0,
            &["quiet-move", "king-catch", "kings", "comeback"],
            &["shot", "quiet-in-line", "lock"],
        ),
        // Locked: the black man on a3 cannot move past b2 and c1.
        (
            "W:Wb2,c1,e1:Ba3,h8",
            &[
                "e1-f2", "h8-g7", "f2-g3", "g7-h6", "g3-f4", "h6-g5", "f4:h6",
            ],
            WIN,
            &["quiet-move", "quiet-in-line", "lock", "win", "long"],
            &["shot", "several-men", "medium"],
        ),
        // One capture of three men (b2, d4, f6).
        (
            "W:Wa1,h2:Bc3,d4,f6,h8",
            &["h2-g3", "c3-b2", "a1:g7"],
            0,
            &[
                "quiet-move",
                "multi-capture",
                "comeback",
                "endgame",
                "short",
            ],
            &["shot", "crowning-shot"],
        ),
        // A full board: the opening.
        (
            "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8",
            &["c3-d4", "b6-c5", "d4:b6", "a7:c5"],
            0,
            &["opening", "quiet-move", "short"],
            &["middlegame", "endgame", "shot"],
        ),
        // Three solver moves.
        (
            "W:Wa1,h2:Bh8",
            &["a1-b2", "h8-g7", "b2-c3", "g7-f6", "c3-d4"],
            0,
            &["medium", "quiet-move", "quiet-in-line"],
            &["short", "long"],
        ),
    ];
    let mut seen_for = BTreeSet::new();
    let mut seen_against = BTreeSet::new();
    for (fen, line, gain, has, not) in cases {
        let texts: Vec<String> = line.iter().map(|s| s.to_string()).collect();
        let here = expected(fen, &texts, *gain);
        let miner = miner_themes(fen, line, *gain);
        let here_s: BTreeSet<String> = here.iter().map(|s| s.to_string()).collect();
        assert_eq!(miner, here_s, "{fen} {line:?}");
        for t in *has {
            assert!(here.contains(t), "{fen} {line:?} should be {t}: {here:?}");
            seen_for.insert(*t);
        }
        let not: Vec<&str> = if *not == ["*"] {
            THEMES
                .iter()
                .filter(|t| !has.contains(t))
                .copied()
                .collect()
        } else {
            not.to_vec()
        };
        for t in &not {
            assert!(!here.contains(t), "{fen} {line:?} is not {t}: {here:?}");
            seen_against.insert(*t);
        }
    }
    for t in THEMES {
        assert!(seen_for.contains(t), "no hand-made line has {t}");
        assert!(seen_against.contains(t), "no hand-made line lacks {t}");
    }
}

fn dominates(a: &Effort, b: &Effort) -> bool {
    let (x, y) = (
        [a.moves, a.quiet, a.shows, a.find, a.tries],
        [b.moves, b.quiet, b.shows, b.find, b.tries],
    );
    x.iter().zip(&y).all(|(p, q)| p >= q) && x != y
}

/// The solver's moves and quiet moves, counted again; a puzzle costing at
/// least as much on every measure rates at least as high; the extremes.
#[test]
fn ratings_follow_the_effort() {
    let all = puzzles();
    for p in &all {
        let mut pos = Position::from_fen(&p.fen).unwrap();
        let (mut moves, mut quiet) = (0, 0);
        for (i, text) in p.solution.iter().enumerate() {
            let mv = pos.parse_move(text).unwrap();
            let next = pos.play(&mv).unwrap();
            if i % 2 == 0 {
                moves += 1;
                quiet += u32::from(!mv.is_capture() && !can_capture(&next));
            }
            pos = next;
        }
        assert_eq!((p.effort.moves, p.effort.quiet), (moves, quiet), "{}", p.id);
        assert!([1, 3, 5, 7].contains(&p.effort.shows), "{}", p.id);
        assert!((1..=13).contains(&p.effort.find), "{}", p.id);
    }
    for a in &all {
        for b in &all {
            if dominates(&a.effort, &b.effort) {
                assert!(
                    a.rating >= b.rating,
                    "{} {:?} rated {} below {} {:?} rated {}",
                    a.id,
                    a.effort,
                    a.rating,
                    b.id,
                    b.effort,
                    b.rating
                );
            }
        }
    }
    // The easiest tenth: two-move shots, no quiet move; the hardest
    // twentieth: half of them two quiet moves or more, nine in ten one.
    let mut sorted: Vec<&Puzzle> = all.iter().collect();
    sorted.sort_by_key(|p| p.rating);
    let tenth = all.len() / 10;
    for p in &sorted[..tenth] {
        assert!(
            p.effort.moves == 2 && p.effort.quiet == 0,
            "{} is easy",
            p.id
        );
    }
    let top = &sorted[all.len() - all.len() / 20..];
    let several = top.iter().filter(|p| p.effort.quiet >= 2).count();
    assert!(
        several * 2 >= top.len(),
        "{several} of the hardest {} have two quiet moves",
        top.len()
    );
    let quiet = top.iter().filter(|p| p.effort.quiet >= 1).count();
    assert!(
        quiet * 10 >= top.len() * 9,
        "{quiet} of the hardest have a quiet move"
    );
}

/// On a fixed sample, the search measures are recomputed with the search
/// written for the tests: the shallowest depth showing a man, and the other
/// first moves that lose nothing within the proof depth.
#[test]
fn search_measures_hold_on_a_sample() {
    const SCALE: proof::Scale = proof::Scale {
        man: 100,
        king: 300,
        lost: |_| -WIN,
    };
    let reaches = |pos: &Position, mv: &shashki::Move, depth: u32, target: i32| {
        -SCALE.negamax(&pos.play_unchecked(mv), depth - 1, -target, -target + 1) >= target
    };
    for p in puzzles().iter().step_by(50) {
        let pos = Position::from_fen(&p.fen).unwrap();
        let base = SCALE.material(&pos);
        let key = pos.parse_move(&p.solution[0]).unwrap();
        let shows = [1, 3, 5, 7]
            .into_iter()
            .find(|&d| reaches(&pos, &key, d, base + 100))
            .unwrap();
        let tries = pos
            .legal_moves()
            .iter()
            .filter(|m| **m != key && reaches(&pos, m, p.depth, base))
            .count() as u32;
        assert_eq!((p.effort.shows, p.effort.tries), (shows, tries), "{}", p.id);
    }
}
