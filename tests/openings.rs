//! The named-openings table and recognition by position (issue 24).
//!
//! Legality is checked twice: by the game layer, and by replaying every
//! line with the independent naive generator of `tests/naive`.

mod naive;

use shashki::game::openings::{self, Table};
use shashki::game::{parse_games, Game};
use shashki::Position;
use std::collections::{HashMap, HashSet};

const GAMES: &str = include_str!("data/russian-games.pdn");
const CLASSIC: &str = include_str!("data/classic-openings.txt");

fn play(moves: &[&str]) -> Game {
    let mut g = Game::new();
    for m in moves {
        g.play_text(m)
            .unwrap_or_else(|e| panic!("{moves:?}: {m}: {e}"));
    }
    g
}

/// Replays `moves` with the naive generator: each text names exactly one
/// naive move (same start, end, and landing squares when written out).
fn naive_replay(moves: &[&str]) -> String {
    let mut b = naive::Board::from_fen(&Position::start().fen());
    for text in moves {
        let squares: Vec<&str> = text.split(['-', ':']).collect();
        let (from, to) = (
            naive::coord(squares[0]),
            naive::coord(squares[squares.len() - 1]),
        );
        let capture = text.contains(':');
        let found: Vec<naive::NMove> = b
            .moves()
            .into_iter()
            .filter(|m| m.from == from && m.to == to && m.captured.is_empty() != capture)
            .filter(|m| {
                squares.len() == 2
                    || m.path.iter().map(|&c| naive::name(c)).collect::<Vec<_>>() == squares
            })
            .collect();
        assert_eq!(
            found.len(),
            1,
            "{moves:?}: '{text}' names {} naive moves",
            found.len()
        );
        b = b.play(&found[0]);
    }
    b.to_fen()
}

#[test]
fn the_table_has_at_least_thirty_openings_each_with_its_notes() {
    let all = openings::all();
    assert!(all.len() >= 30, "{}", all.len());
    let notes = openings::notes().unwrap();
    assert_eq!(notes.len(), all.len(), "one notes record per opening");
    for o in all {
        assert!(
            !o.ru.trim().is_empty() && !o.en.trim().is_empty(),
            "{}",
            o.id
        );
        assert!(!o.moves.is_empty(), "{}", o.id);
        assert_eq!(openings::find(o.id), Some(o));
        let n = notes
            .get(o.id)
            .unwrap_or_else(|| panic!("{}: no notes", o.id));
        for (field, v) in [
            ("source", n.source),
            ("about-ru", n.about_ru),
            ("about-en", n.about_en),
        ] {
            assert!(!v.trim().is_empty(), "{}: empty {field}", o.id);
        }
    }
}

#[test]
fn the_five_lines_the_literature_agrees_on_are_exactly_as_given() {
    for (id, line) in [
        ("staraya", "c3-d4 d6-c5 b2-c3 e7-d6"),
        ("gorodskaya", "c3-d4 d6-c5 b2-c3 f6-g5"),
        ("kaulena", "g3-f4 f6-e5 h2-g3"),
        ("filippova", "e3-d4 d6-e5 a3-b4 h6-g5"),
        (
            "obratnaya-gorodskaya",
            "c3-b4 f6-e5 e3-f4 g7-f6 b4-a5 f6-g5 b2-c3 g5:e3 d2:f4",
        ),
    ] {
        assert_eq!(openings::find(id).unwrap().moves.join(" "), line, "{id}");
    }
}

#[test]
fn every_line_is_legal_for_both_generators_and_reaches_its_position() {
    for o in openings::all() {
        let g = play(&o.moves);
        assert_eq!(*g.position(), o.position, "{}", o.id);
        assert_eq!(
            naive_replay(&o.moves),
            o.position.fen(),
            "{}: naive replay",
            o.id
        );
    }
}

#[test]
fn no_two_openings_share_a_position_or_an_id() {
    let mut positions: HashMap<String, &str> = HashMap::new();
    let mut ids = HashSet::new();
    for o in openings::all() {
        assert!(ids.insert(o.id), "id {} twice", o.id);
        let fen = naive_replay(&o.moves);
        if let Some(other) = positions.insert(fen, o.id) {
            panic!("{} and {} reach the same position", o.id, other);
        }
    }
}

#[test]
fn each_opening_is_recognised_after_its_own_moves() {
    for o in openings::all() {
        let g = play(&o.moves);
        assert_eq!(g.opening().map(|x| x.id), Some(o.id), "{}", o.id);
        assert_eq!(openings::at(g.position()).map(|x| x.id), Some(o.id));
    }
}

/// Another order of the same moves: two moves of one side swapped, when
/// the swapped line is legal and reaches the same position.
fn transposition(moves: &[&'static str]) -> Option<Vec<&'static str>> {
    let target = play(moves).position().to_owned();
    for i in 0..moves.len() {
        for j in (i + 2..moves.len()).step_by(2) {
            if moves[i] == moves[j] {
                continue;
            }
            let mut t = moves.to_vec();
            t.swap(i, j);
            let mut g = Game::new();
            if t.iter().all(|m| g.play_text(m).is_ok()) && *g.position() == target {
                return Some(t);
            }
        }
    }
    None
}

#[test]
fn openings_are_recognised_after_a_transposition() {
    let mut transposed = 0;
    for o in openings::all() {
        if let Some(t) = transposition(&o.moves) {
            assert_ne!(t, o.moves);
            let g = play(&t);
            assert_eq!(g.opening().map(|x| x.id), Some(o.id), "{}: {t:?}", o.id);
            transposed += 1;
        }
    }
    // Lines of one move a side have no other order; most others do.
    assert!(
        transposed >= 15,
        "only {transposed} openings had a transposition"
    );

    // Kukuev's Sacrifice reached from 1.c3-d4 instead of 1.c3-b4 (the
    // order the literature also gives).
    let g = play(&[
        "c3-d4", "f6-g5", "d4-c5", "b6:d4", "e3:c5", "d6:b4", "a3:c5", "g5-f4", "g3:e5", "c7-b6",
    ]);
    assert_eq!(g.opening().unwrap().id, "zhertva-kukueva");

    // Petrov's Game Declined by 1.a3-b4 f6-e5 2.g3-h4: first Bodyansky's
    // Game Declined is on the board, then the deeper name replaces it.
    let mut g = play(&["a3-b4", "f6-e5"]);
    assert_eq!(g.opening().unwrap().id, "otkazannaya-bodyanskogo");
    g.play_text("g3-h4").unwrap();
    assert_eq!(g.opening().unwrap().id, "otkazannaya-petrova-fe5");
}

#[test]
fn the_most_specific_name_reached_stays() {
    let mut g = Game::new();
    assert_eq!(g.opening(), None);
    g.play_text("c3-d4").unwrap();
    assert_eq!(g.opening(), None, "no name before a defining position");
    for m in ["d6-c5", "b2-c3", "f6-g5"] {
        g.play_text(m).unwrap();
    }
    assert_eq!(g.opening().unwrap().id, "gorodskaya");
    for m in ["c3-b4", "g5-h4", "b4:d6", "e7:c5"] {
        g.play_text(m).unwrap();
    }
    assert_eq!(g.opening().unwrap().id, "gorodskaya-osnovnaya");
    // Out of the table: the name stays.
    g.play_text("a3-b4").unwrap();
    g.play_text("c5:a3").unwrap();
    assert_eq!(g.opening().unwrap().id, "gorodskaya-osnovnaya");
    // Back to before the first named position: no name.
    g.goto(3);
    assert_eq!(g.opening(), None);
}

#[test]
fn the_side_to_move_is_part_of_the_position() {
    // The Old Game's men with Black to move are not the Old Game.
    let o = openings::find("staraya").unwrap();
    let fen = o.position.fen();
    assert!(fen.starts_with("W:"), "{fen}");
    let flipped = Position::from_fen(&fen.replacen('W', "B", 1)).unwrap();
    assert_eq!(openings::at(&flipped), None);
}

#[test]
fn a_bad_table_is_a_clear_error() {
    let illegal = "id: x\nru: x\nen: x\nmoves: c3-d4 c3-d4\n";
    let e = Table::parse(illegal).unwrap_err();
    assert_eq!(e.line, 4, "{e}");
    let twice = "id: a\nru: x\nen: x\nmoves: c3-d4\n\nid: b\nru: y\nen: y\nmoves: c3-d4\n";
    let e = Table::parse(twice).unwrap_err();
    assert!(e.message.contains("same position"), "{e}");
    let missing = "id: a\nru: x\nmoves: c3-d4\n";
    assert!(Table::parse(missing).unwrap_err().message.contains("'en'"));
}

#[test]
fn pdn_export_writes_the_opening_tag() {
    let g = play(&["c3-d4", "d6-c5", "b2-c3", "e7-d6"]);
    let pdn = g.to_pdn();
    assert!(pdn.contains("[Opening \"Старая партия\"]"), "{pdn}");
    assert!(!Game::new().to_pdn().contains("[Opening"));
    let back = Game::from_pdn(&pdn).unwrap();
    assert_eq!(back.tag("Opening"), Some("Старая партия"));
    assert_eq!(back.to_pdn(), pdn);
    // An imported tag is replaced by the recognised name, kept otherwise.
    let mut g = play(&["c3-d4", "d6-c5", "b2-c3", "e7-d6"]);
    g.set_tag("Opening", "Безымянная");
    assert_eq!(g.to_pdn().matches("[Opening").count(), 1);
    assert!(g.to_pdn().contains("[Opening \"Старая партия\"]"));
    let mut g = play(&["a3-b4"]);
    g.set_tag("Opening", "Безымянная");
    assert!(g.to_pdn().contains("[Opening \"Безымянная\"]"));
}

/// The expected opening of each classic game, from
/// `tests/data/classic-openings.txt` (index, then id or `-`).
fn expected_classic() -> Vec<(usize, String)> {
    CLASSIC
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (i, id) = l.split_once('\t').expect("index<TAB>id");
            (i.parse().unwrap(), id.to_string())
        })
        .collect()
}

#[test]
fn the_classic_games_openings_are_stable() {
    let games = parse_games(GAMES).unwrap();
    assert_eq!(games.len(), 200);
    let expected = expected_classic();
    assert_eq!(expected.len(), 200);
    for (i, id) in expected {
        let g = &games[i - 1];
        let got = g.opening().map_or("-", |o| o.id);
        assert_eq!(
            got,
            id,
            "game {i}: {:?} - {:?}",
            g.tag("White"),
            g.tag("Black")
        );
    }
}

#[test]
fn recognition_agrees_with_the_players_tags_where_they_use_our_names() {
    // Independent evidence: the games' own [Opening] tags. Every game whose
    // tag is one of our names (or the opening a system of ours belongs to)
    // and whose moves reach that opening is named so by recognition.
    let norm = |s: &str| s.replace('ё', "е");
    let games = parse_games(GAMES).unwrap();
    let mut agree = Vec::new();
    for (i, g) in games.iter().enumerate() {
        let Some(tag) = g.tag("Opening").map(norm) else {
            continue;
        };
        let Some(o) = g.opening() else { continue };
        let ours = norm(o.ru);
        if ours == tag || ours.starts_with(&format!("{tag},")) {
            agree.push(i + 1);
        } else {
            let tagged = openings::all().iter().find(|x| norm(x.ru) == tag);
            assert!(
                tagged.is_none(),
                "game {}: tagged {tag}, recognised {ours}",
                i + 1
            );
        }
    }
    assert_eq!(agree, [1, 8, 9, 14, 27, 32, 35, 36, 49]);
}

#[test]
fn the_classic_games_browser_summaries_carry_the_same_ids() {
    let summaries = shashki::views::analysis::summarise_games(GAMES).unwrap();
    let expected = expected_classic();
    for ((i, id), s) in expected.iter().zip(&summaries) {
        let got = if s.opening.is_empty() { "-" } else { s.opening };
        assert_eq!(got, id, "game {i}");
    }
}
