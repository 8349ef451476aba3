//! The endgame trainer's engine side (`egtb::play::table_moves`,
//! `play::verdict`): the machine's reply is the tables' best for its side
//! (cross-checked against the children read straight from the tables), the
//! distances shown under running counts equal an independent exhaustive
//! search with the real `DrawCounters`, and the trainer's three endings
//! start where the lessons page says. The tables are the committed ones.

mod egtb_common;
#[path = "egtb_common/solver.rs"]
mod solver;

use egtb_common::{try_random_position, Rng};
use shashki::engine::egtb::play::verdict;
use shashki::engine::egtb::play::{table_moves_in, TableMove};
use shashki::engine::egtb::{Kind, Material, Tables};
use shashki::game::{DrawReason, Game, Status};
use shashki::Color;
use solver::Solver;
use std::path::PathBuf;
use std::sync::Once;

fn tables() -> Tables {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/egtb");
    let (t, problems) = Tables::load_dir(&dir);
    assert!(problems.is_empty(), "{problems:?}");
    t
}

/// The same tables installed for the engine (what `verdict` reads).
fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| shashki::engine::egtb::install(tables()));
}

fn game(fen: &str) -> Game {
    Game::from_fen(fen).unwrap()
}

/// The children of the game's position read straight from the tables: for
/// each legal move, the mover's result under the counts it leaves and the
/// fresh distance in plies (this move included), or `None` when the tables
/// do not judge it. Third repetitions do not arise in these lines.
fn children(t: &Tables, g: &Game) -> Vec<Option<(Kind, Option<u32>)>> {
    let pos = g.position();
    let counts = g.counters();
    pos.legal_moves()
        .iter()
        .map(|mv| {
            let next = pos.play(mv).unwrap();
            let theirs = t.probe(&next, &counts.after(pos, mv, &next))?;
            let plies = t
                .probe_fresh(&next)
                .ok()
                .filter(|p| p.kind == theirs)
                .and_then(|p| p.plies);
            Some((theirs.negate(), plies.map(|d| d + 1)))
        })
        .collect()
}

/// The best child by the tables for the side to move, as a rank: a win
/// fastest, a draw, a loss slowest.
fn rank(k: Kind, plies: Option<u32>) -> (i32, i64) {
    let p = i64::from(plies.unwrap_or(255));
    match k {
        Kind::Win => (2, -p),
        Kind::Draw => (1, 0),
        Kind::Loss => (0, p),
    }
}

fn assert_best(t: &Tables, g: &Game, best: &TableMove) {
    let kids = children(t, g);
    let top = kids
        .iter()
        .flatten()
        .map(|&(k, p)| rank(k, p))
        .max()
        .unwrap();
    let mine = rank(best.kind, best.plies);
    assert_eq!(
        mine.0,
        top.0,
        "{}: the result of the chosen move",
        g.position().fen()
    );
    if best.kind != Kind::Draw {
        assert_eq!(
            mine,
            top,
            "{}: the chosen move's distance",
            g.position().fen()
        );
    }
}

fn play(g: &mut Game, mv: &TableMove) {
    g.play(&mv.mv).unwrap();
}

#[test]
fn petrov_triangle_line_is_won_in_13_within_the_count() {
    install();
    let t = tables();
    let mut g = game("W:WKa1,Kb2,Kc3:BKd6");
    let v = verdict(&g).unwrap();
    assert_eq!((v.kind, v.moves), (Kind::Win, Some(13)));
    let mut white_moves = 0;
    let mut expect = 13;
    let mut sacrificed = false;
    let mut line = Vec::new();
    while matches!(g.status(), Status::Ongoing { .. }) {
        let moves = table_moves_in(&t, &g).unwrap();
        let best = moves[0];
        assert_best(&t, &g, &best);
        let v = verdict(&g)
            .unwrap_or_else(|| panic!("{} {:?}: no verdict", g.position().fen(), g.counters()));
        if g.position().turn() == Color::White {
            // The distance shown under the running counts counts down by one.
            assert_eq!(
                (v.kind, v.moves),
                (Kind::Win, Some(expect)),
                "{}",
                g.position().fen()
            );
            assert_eq!(best.moves(), Some(expect));
            // And the count: White's moves left under rule 2, while three
            // kings stand against the king (the line ends with a
            // sacrifice: after Black's capture rule 4 counts afresh).
            let c = g.counters().counts(g.position());
            if Material::of(g.position()).pieces() == 4 {
                assert_eq!(c.kings_vs_lone_king.unwrap().moves_left, 15 - white_moves);
            } else {
                assert_eq!(c.kings_balance.unwrap().moves_left, 5);
                sacrificed = true;
            }
            white_moves += 1;
            expect -= 1;
        } else {
            assert_eq!(v.kind, Kind::Loss, "{}", g.position().fen());
            assert_eq!(best.kind, Kind::Loss);
        }
        let legal: Vec<_> = g.position().legal_moves().iter().copied().collect();
        line.push(shashki::notation::write(&best.mv, &legal));
        play(&mut g, &best);
    }
    eprintln!("{}", line.join(" "));
    assert!(sacrificed, "the fastest win ends with a sacrifice");
    assert_eq!(white_moves, 13);
    assert!(
        matches!(
            g.status(),
            Status::Win {
                winner: Color::White,
                ..
            }
        ),
        "{:?}",
        g.status()
    );
}

#[test]
fn wasted_moves_let_the_count_run_out() {
    install();
    let t = tables();
    let mut g = game("W:WKa1,Kb2,Kc3:BKd6");
    // White's first five moves waste time: the last the tables rank that
    // neither loses nor gives a king away (a draw if there is one, else the
    // slowest win); then the tables' best. Black defends best. Rule 2's
    // count ends the game (the machine's drawing tries avoid repetition).
    let mut white_moves = 0;
    while matches!(g.status(), Status::Ongoing { .. }) {
        let moves = table_moves_in(&t, &g).unwrap();
        let pick = if g.position().turn() == Color::White && white_moves < 5 {
            let slow = moves
                .iter()
                .rev()
                .find(|m| m.kind != Kind::Loss && !m.offers);
            *slow.unwrap()
        } else {
            moves[0]
        };
        white_moves += usize::from(g.position().turn() == Color::White);
        play(&mut g, &pick);
    }
    let st = g.status();
    assert!(
        matches!(
            st,
            Status::Draw {
                reason: DrawReason::KingsVsLoneKing,
                ..
            }
        ),
        "the count runs out: {st:?}"
    );
    assert!(white_moves <= 15);
}

#[test]
fn the_defender_resists_longest_and_the_attacker_sets_traps() {
    install();
    let t = tables();
    let mut rng = Rng(0x7ea1_2024);
    let (mut losses, mut draws) = (0, 0);
    while losses < 60 || draws < 30 {
        let Some(pos) = try_random_position(&mut rng, 4) else {
            continue;
        };
        let m = Material::of(&pos);
        if !(m.men() == 0 && (m.wk == 3 || m.bk == 3)) {
            continue;
        }
        let mut g = Game::from_position(pos);
        // a few random moves, so that the counts run
        for _ in 0..rng.below(12) {
            let legal = g.position().legal_moves();
            if legal.is_empty() || !matches!(g.status(), Status::Ongoing { .. }) {
                break;
            }
            let mv = legal[rng.below(legal.len() as u64) as usize];
            g.play(&mv).unwrap();
        }
        if !matches!(g.status(), Status::Ongoing { .. }) {
            continue;
        }
        let Some(moves) = table_moves_in(&t, &g) else {
            continue;
        };
        let Some(best) = moves.first() else { continue };
        assert_best(&t, &g, best);
        match best.kind {
            Kind::Loss => losses += 1,
            Kind::Draw => {
                // The draw chosen leaves the most losing replies, counted here
                // straight from the tables.
                let pos = g.position();
                let counts = g.counters();
                let traps = |mv: &shashki::Move| {
                    let next = pos.play(mv).unwrap();
                    let after = counts.after(pos, mv, &next);
                    next.legal_moves()
                        .iter()
                        .filter(|r| {
                            let then = next.play(r).unwrap();
                            t.probe(&then, &after.after(&next, r, &then)) == Some(Kind::Loss)
                        })
                        .count() as u32
                };
                let most = moves
                    .iter()
                    .filter(|m| m.kind == Kind::Draw)
                    .map(|m| traps(&m.mv))
                    .max()
                    .unwrap();
                assert_eq!(traps(&best.mv), most, "{}", g.position().fen());
                assert_eq!(best.traps, most);
                draws += 1;
            }
            Kind::Win => {}
        }
    }
}

#[test]
fn distances_under_running_counts_match_an_exhaustive_search() {
    install();
    let mut rng = Rng(0x5eed_0010);
    let mut solver = Solver::new(30_000);
    let (mut checked, mut four) = (0, 0);
    let mut tries = 0;
    while checked < 300 || four < 60 {
        tries += 1;
        assert!(tries < 200_000, "too few positions to check");
        let n = if four < 60 && rng.below(2) == 0 { 4 } else { 3 };
        let Some(pos) = try_random_position(&mut rng, n) else {
            continue;
        };
        let m = Material::of(&pos);
        // a count runs: kings on both sides (3 pieces), or three kings
        // against a king (the trainer's four-piece ending, with distances)
        let wanted = if n == 3 {
            m.both_kings()
        } else {
            m.men() == 0 && (m.wk == 3 || m.bk == 3)
        };
        if !wanted {
            continue;
        }
        let mut g = Game::from_position(pos);
        // Four pieces: far into the count, where the distance can change
        // (and the graph is small enough to search).
        let plies = if n == 4 {
            12 + rng.below(16)
        } else {
            rng.below(10)
        };
        for _ in 0..plies {
            let legal = g.position().legal_moves();
            if legal.is_empty() || !matches!(g.status(), Status::Ongoing { .. }) {
                break;
            }
            let mv = legal[rng.below(legal.len() as u64) as usize];
            if mv.is_capture() {
                break; // keep the material (and its running count)
            }
            g.play(&mv).unwrap();
        }
        if !matches!(g.status(), Status::Ongoing { .. }) {
            continue;
        }
        let Some(v) = verdict(&g) else { continue };
        let Some(moves) = v.moves else { continue };
        let Some((kind, plies)) = solver.solve(g.position(), g.counters()) else {
            continue; // graph over the cap
        };
        assert_eq!(
            (v.kind, moves),
            (kind, plies.div_ceil(2)),
            "{} with counts {:?}",
            g.position().fen(),
            g.counters()
        );
        checked += 1;
        four += usize::from(n == 4);
    }
    eprintln!("{checked} checked ({four} of four pieces), {tries} tries");
    assert!(four >= 60);
}

#[test]
fn the_trainer_endings_start_as_the_page_says() {
    install();
    // Petrov's triangle: won in 13 of White's 15 moves.
    let v = verdict(&game("W:WKa1,Kb2,Kc3:BKd6")).unwrap();
    assert_eq!((v.kind, v.moves), (Kind::Win, Some(13)));
    // Two kings against a king in the double corner: won in 4 of 5 moves.
    let g = game("W:WKe1,Kg1:BKa7");
    let v = verdict(&g).unwrap();
    assert_eq!((v.kind, v.moves), (Kind::Win, Some(4)));
    assert_eq!(
        g.counters()
            .counts(g.position())
            .kings_balance
            .unwrap()
            .moves_left,
        5
    );
    // Holding the main road: a draw, and only the step to the road holds it.
    let t = tables();
    let g = game("B:WKc1,Ke1,Kb6:BKd6");
    assert_eq!(verdict(&g).unwrap().kind, Kind::Draw);
    let moves = table_moves_in(&t, &g).unwrap();
    let legal: Vec<_> = g.position().legal_moves().iter().copied().collect();
    let holding: Vec<String> = moves
        .iter()
        .filter(|m| m.kind == Kind::Draw)
        .map(|m| shashki::notation::write(&m.mv, &legal))
        .collect();
    assert_eq!(holding, ["d6-e5"]);
    assert_eq!(moves.len(), legal.len(), "every move judged");
    assert_eq!(
        moves.iter().filter(|m| m.kind == Kind::Loss).count(),
        legal.len() - 1,
        "every other move loses"
    );
    assert_eq!(legal.len(), 11);
}
