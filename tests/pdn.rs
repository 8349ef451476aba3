//! PDN out and in: the 200 real games from USSR championships (Cyrillic
//! tags, `x` and `:` captures, ends only or every landing square) imported,
//! replayed, exported and re-imported without change; comments, variations
//! and the other PDN furniture skipped; every kind of bad input a typed
//! error, never a panic and never a half-loaded game.

use proptest::prelude::*;
use shashki::game::pdn::{self, PdnError, MAX_PDN_BYTES};
use shashki::game::{DrawReason, Game, Status, WinReason};
use shashki::{Color, Position};

const GAMES: &str = include_str!("data/russian-games.pdn");

#[test]
fn all_real_games_round_trip() {
    let games = pdn::parse_games(GAMES).expect("all 200 games import");
    assert_eq!(games.len(), 200);
    let (mut white, mut black, mut draws) = (0, 0, 0);
    for (i, g) in games.iter().enumerate() {
        // Replay the moves on a fresh game: every one legal, same end.
        let mut replay = Game::new();
        for pm in g.history() {
            replay.play(&pm.mv).unwrap();
        }
        assert_eq!(replay.position(), g.position(), "game {}", i + 1);
        assert!(
            g.status().is_over(),
            "game {}: every game has a result",
            i + 1
        );
        match g.status() {
            Status::Win {
                winner: Color::White,
                ..
            } => white += 1,
            Status::Win { .. } => black += 1,
            Status::Draw { .. } => draws += 1,
            Status::Ongoing { .. } => unreachable!(),
        }
        let first = g.to_pdn();
        let again = Game::from_pdn(&first).unwrap_or_else(|e| panic!("game {}: {e}", i + 1));
        assert_eq!(again.ply(), g.ply());
        for (a, b) in again.history().iter().zip(g.history()) {
            assert_eq!(a.mv, b.mv);
            assert_eq!(a.notation, b.notation);
        }
        assert_eq!(again.position(), g.position());
        assert_eq!(again.status(), g.status());
        // Every tag comes back, except that the export names the opening
        // the game reaches (issue 24): [Opening] holds that name.
        let others = |g: &Game| {
            g.tags()
                .iter()
                .filter(|(n, _)| n != "Opening")
                .cloned()
                .collect::<Vec<_>>()
        };
        assert_eq!(others(&again), others(g));
        assert_eq!(
            again.tag("Opening"),
            g.opening().map(|o| o.ru).or(g.tag("Opening"))
        );
        assert_eq!(again.to_pdn(), first, "game {}: second export", i + 1);
        for line in first.lines() {
            assert!(
                line.chars().count() <= 80 || line.starts_with('['),
                "{line}"
            );
        }
    }
    // As published: 38 won by White, 23 by Black, 139 drawn.
    assert_eq!((white, black, draws), (38, 23, 139));
    // The whole file written back as one text reads back the same.
    let all = pdn::write_games(&games);
    let back = pdn::parse_games(&all).unwrap();
    assert_eq!(back.len(), 200);
    assert_eq!(pdn::write_games(&back), all);
}

#[test]
fn the_real_games_use_every_capture_form() {
    let movetext: String = GAMES
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ");
    let words: Vec<&str> = movetext.split_whitespace().collect();
    assert!(words.iter().any(|w| w.contains('x')));
    assert!(words.iter().any(|w| w.contains(':')));
    // Multiple captures with every landing square: c7:e5:c3.
    assert!(words.iter().any(|w| w.matches(':').count() >= 2));
    assert!(GAMES.contains("[Event \"XXV первенство СССР\"]"));
}

#[test]
fn first_real_game_exports_in_russian_notation() {
    let g = Game::from_pdn(GAMES).unwrap();
    assert_eq!(g.tag("Event"), Some("XXV первенство СССР"));
    assert_eq!(g.tag("White"), Some("Абаулин В."));
    assert_eq!(g.tag("Opening"), Some("Новоленинградская защита"));
    assert_eq!(g.status().reason_word().as_deref(), Some("resignation"));
    assert_eq!(g.status().winner(), Some(Color::White));
    let text = g.to_pdn();
    let expected_head = "[Event \"XXV первенство СССР\"]\n\
        [Site \"Лиепая\"]\n\
        [Date \"1965.01.01\"]\n\
        [White \"Абаулин В.\"]\n\
        [Black \"Абациев Н.\"]\n\
        [Result \"2-0\"]\n\
        [GameType \"25\"]\n\
        [Opening \"Новоленинградская защита\"]\n\
        \n\
        1. c3-d4 f6-g5 2. b2-c3 g5-h4 3. c3-b4 g7-f6 4. d4-c5 b6:d4 5. e3:c5 c7-b6\n";
    assert!(text.starts_with(expected_head), "{text}");
    assert!(text.ends_with("41. d6:h2 f8:a3 42. d8-f6 2-0\n"), "{text}");
    assert!(!text.contains("[FEN"), "no FEN tag from the start position");
}

#[test]
fn fen_tag_when_not_the_start() {
    let mut g = Game::from_fen("B:WKa3:BKh6").unwrap();
    g.set_tag("Event", "test");
    g.play_text("h6-g7").unwrap();
    g.play_text("a3-c1").unwrap();
    let text = g.to_pdn();
    assert!(text.contains("[FEN \"B:WKa3:BKh6\"]"), "{text}");
    assert!(text.contains("1... h6-g7 2. a3-c1 *"), "{text}");
    let back = Game::from_pdn(&text).unwrap();
    assert_eq!(*back.start_position(), *g.start_position());
    assert_eq!(back.position(), g.position());
    assert_eq!(back.to_pdn(), text);
}

#[test]
fn results_by_the_rules_round_trip() {
    // Drawn by rule 4 on the board: exported 1-1, read back as that draw.
    let mut g = Game::from_fen("W:WKa3:BKh6").unwrap();
    for m in [
        "a3-c1", "h6-g7", "c1-d2", "g7-a1", "d2-c1", "a1-c3", "c1-a3", "c3-a1", "a3-b4", "a1-b2",
    ] {
        g.play_text(m).unwrap();
    }
    let text = g.to_pdn();
    assert!(text.contains("[Result \"1-1\"]") && text.trim_end().ends_with("1-1"));
    let back = Game::from_pdn(&text).unwrap();
    assert!(matches!(
        back.status(),
        Status::Draw {
            reason: DrawReason::KingsBalance,
            ..
        }
    ));
    // Won on the board.
    let mut g = Game::from_fen("W:Wc3:Bd4").unwrap();
    g.play_text("c3:e5").unwrap();
    let back = Game::from_pdn(&g.to_pdn()).unwrap();
    assert_eq!(back.status().reason_word().as_deref(), Some("no_pieces"));
    // Agreed and resigned.
    let mut g = Game::new();
    g.play_text("c3-d4").unwrap();
    g.offer_draw(Color::White).unwrap();
    g.accept_draw().unwrap();
    let back = Game::from_pdn(&g.to_pdn()).unwrap();
    assert_eq!(back.status().reason_word().as_deref(), Some("agreement"));
    let mut g = Game::new();
    g.resign(Color::White).unwrap();
    let text = g.to_pdn();
    assert!(text.contains("0-2"));
    let back = Game::from_pdn(&text).unwrap();
    assert!(matches!(
        back.status(),
        Status::Win {
            winner: Color::Black,
            reason: WinReason::Resignation,
            ..
        }
    ));
}

#[test]
fn comments_variations_and_numbers_are_skipped() {
    let text = "\u{feff}% an escape line\n\
        ; a comment line\n\
        [Event \"Test \\\"quoted\\\" \\\\ name\"]\n\
        [GameType \"25,W,8,8,A1,0\"]\n\
        1. c3-d4 {the centre} f6-g5 $1 (1... b6-a5 2. d4-c5 (2. e3-f4) {x} ) \
        2.g3-h4 2... g5-f4 ; the rest of the line is a comment c3-b4\n\
        3. e3xg5! h6:f4?! 4. 21-17 *\n\
        \n\
        [Event \"second\"]\n\
        1. c3-d4 f6-e5 2. d4xf6 g7:e5 1/2-1/2\n\
        1. a3-b4 b6-a5 0-1\n\
        e3-f4 1-0";
    let games = pdn::parse_games(text).unwrap();
    assert_eq!(games.len(), 4);
    let g = &games[0];
    assert_eq!(g.tag("Event"), Some("Test \"quoted\" \\ name"));
    let notation: Vec<&str> = g.history().iter().map(|p| p.notation.as_str()).collect();
    assert_eq!(
        notation,
        ["c3-d4", "f6-g5", "g3-h4", "g5-f4", "e3:g5", "h6:f4", "a3-b4"],
        "numeric square 21-17 is a3-b4"
    );
    assert!(!g.status().is_over());
    assert_eq!(games[1].tag("Event"), Some("second"));
    assert_eq!(
        games[1].status().reason_word().as_deref(),
        Some("agreement")
    );
    assert_eq!(games[2].status().winner(), Some(Color::Black));
    assert_eq!(games[3].status().winner(), Some(Color::White));
    // The escaped tag value survives a round trip.
    assert_eq!(Game::from_pdn(&g.to_pdn()).unwrap().tags(), g.tags());
    // Empty text: no games; from_pdn says so.
    assert!(pdn::parse_games("").unwrap().is_empty());
    assert!(pdn::parse_games("  {only a comment}\n").unwrap().is_empty());
    assert!(matches!(Game::from_pdn(""), Err(PdnError::NoGame)));
}

#[test]
fn a_bad_move_names_game_move_and_text() {
    let text = "[Event \"one\"]\n1. c3-d4 f6-g5 2-0\n\n\
        [Event \"two\"]\n1. c3-d4 f6-g5\n2. b2-c3 g5-h4 3. c3-b4 h4-g2 0-2\n";
    let e = pdn::parse_games(text).unwrap_err();
    match &e {
        PdnError::Move {
            game,
            line,
            number,
            ply,
            color,
            text,
            error,
        } => {
            assert_eq!((*game, *line, *number, *ply), (2, 6, 3, 6));
            assert_eq!(*color, Color::Black);
            assert_eq!(text, "h4-g2");
            assert_eq!(error.code(), "bad_notation", "g2 is a light square");
        }
        e => panic!("{e:?}"),
    }
    assert_eq!(e.code(), "bad_move");
    assert_eq!(e.game(), Some(2));
    let msg = e.to_string();
    assert!(msg.contains("game 2") && msg.contains("move 3...") && msg.contains("h4-g2"));
    // An illegal (not malformed) move.
    let e = Game::from_pdn("1. c3-d4 d4-e5 *").unwrap_err();
    match e {
        PdnError::Move { number, error, .. } => {
            assert_eq!(number, 1);
            assert_eq!(error.code(), "illegal_move");
        }
        e => panic!("{e:?}"),
    }
    // A move after the game was over by the rules.
    let e = Game::from_pdn("[FEN \"W:Wc3:Bd4\"]\n1. c3:e5 d4-c3 *").unwrap_err();
    match e {
        PdnError::Move { error, .. } => assert_eq!(error.code(), "game_over"),
        e => panic!("{e:?}"),
    }
}

#[test]
fn bad_tags_are_typed_errors() {
    let e = Game::from_pdn("[FEN \"W:Wz9:Bh8\"]\n1. c3-d4 *").unwrap_err();
    assert!(
        matches!(&e, PdnError::BadTag { name, .. } if name == "FEN"),
        "{e:?}"
    );
    assert!(e.to_string().contains("FEN"));
    let e = Game::from_pdn("[GameType \"20\"]\n1. 32-28 *").unwrap_err();
    assert!(matches!(&e, PdnError::BadTag { name, .. } if name == "GameType"));
    let e = Game::from_pdn("[Result \"3-0\"]\n1. c3-d4 *").unwrap_err();
    assert!(matches!(&e, PdnError::BadTag { name, .. } if name == "Result"));
    let e = Game::from_pdn("[Result \"2-0\"]\n1. c3-d4 0-2").unwrap_err();
    assert!(matches!(e, PdnError::ResultConflict { .. }));
    // 2-0 where White has already lost by the rules.
    let e = Game::from_pdn("[FEN \"W:Wc3:Bd4\"]\n1. c3:e5 0-2").unwrap_err();
    assert!(matches!(e, PdnError::ResultMismatch { .. }), "{e:?}");
    assert_eq!(e.code(), "result_mismatch");
}

#[test]
fn broken_structure_is_a_syntax_error() {
    for text in [
        "1. c3-d4 {never closed",
        "1. c3-d4 (f6-g5 2. g3-h4",
        "1. c3-d4 ) f6-g5",
        "1. c3-d4 } f6-g5",
        "[Event \"open",
        "[Event \"x\"",
        "[Event x]",
        "[ \"x\"]",
    ] {
        let e = pdn::parse_games(text).unwrap_err();
        assert!(matches!(e, PdnError::Syntax { .. }), "{text}: {e:?}");
        assert_eq!(e.code(), "syntax");
    }
    let e = pdn::parse_games("\n\n1. c3-d4 {x").unwrap_err();
    assert!(matches!(e, PdnError::Syntax { line: 3, .. }), "{e:?}");
}

#[test]
fn nothing_is_half_loaded() {
    // The first game is good, the second is not: no games at all.
    let text = "1. c3-d4 f6-g5 *\n\n1. c3-d4 f6-f5 *\n";
    assert!(pdn::parse_games(text).is_err());
    assert!(Game::from_pdn(text).is_err());
}

#[test]
fn huge_input_is_refused() {
    let big = " ".repeat(MAX_PDN_BYTES + 1);
    assert!(matches!(
        pdn::parse_games(&big),
        Err(PdnError::TooLarge { .. })
    ));
    // Deep nesting of variations does not overflow anything.
    let deep = format!("1. c3-d4 {}{} *", "(".repeat(100_000), ")".repeat(100_000));
    assert_eq!(Game::from_pdn(&deep).unwrap().ply(), 1);
    // A long tag value.
    let long = format!("[Event \"{}\"]\n*", "x".repeat(5000));
    assert!(matches!(
        pdn::parse_games(&long),
        Err(PdnError::Syntax { .. })
    ));
}

#[test]
fn start_position_helpers() {
    let g = Game::from_pdn("[FEN \"W:W21-32:B1-12\"]\n1. c3-d4 *").unwrap();
    assert_eq!(*g.start_position(), Position::start());
    assert!(!g.to_pdn().contains("FEN"));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn garbage_never_panics(s in "[\\[\\]{}();%$\"\\\\ a-h1-8x:.\\-*/\n]{0,200}") {
        let _ = pdn::parse_games(&s);
    }

    #[test]
    fn any_unicode_never_panics(s in "\\PC{0,100}") {
        let _ = pdn::parse_games(&s);
    }

    #[test]
    fn damaged_real_games_never_panic(start in 0usize..2900, len in 0usize..40, insert in "[{}()\\[\\]\"x: ]{0,3}") {
        let text: String = GAMES.chars().take(3000).collect();
        let chars: Vec<char> = text.chars().collect();
        let start = start.min(chars.len());
        let end = (start + len).min(chars.len());
        let damaged: String = chars[..start].iter().chain(insert.chars().collect::<Vec<_>>().iter()).chain(chars[end..].iter()).collect();
        if let Ok(games) = pdn::parse_games(&damaged) {
            for g in games {
                // Whatever loads must export and load again.
                let again = Game::from_pdn(&g.to_pdn()).unwrap();
                prop_assert_eq!(again.position(), g.position());
            }
        }
    }
}

/// 80 000 distinct tags (about 1.3 MB): every one is kept, in order, and
/// the last value of a repeated name wins. Setting a tag is O(1), so this
/// reads in linear time (it took about 14 s when each tag was looked up by
/// scanning the ones before it).
#[test]
fn many_distinct_tags_read_in_linear_time() {
    let mut text = String::with_capacity(1_400_000);
    for i in 0..80_000 {
        text.push_str(&format!("[Tag{i} \"value {i}\"]\n"));
    }
    text.push_str("[Tag7 \"again\"]\n1. c3-d4 *\n");
    let g = Game::from_pdn(&text).unwrap();
    assert_eq!(g.tags().len(), 80_000);
    assert_eq!(g.tag("Tag79999"), Some("value 79999"));
    assert_eq!(g.tag("Tag7"), Some("again"));
    assert_eq!(g.tags()[8].0, "Tag8");
    assert_eq!(g.ply(), 1);
}

#[test]
fn a_game_lost_on_time_round_trips_with_its_termination() {
    let mut g = Game::new();
    for m in ["c3-d4", "f6-g5", "g3-h4"] {
        g.play_text(m).unwrap();
    }
    g.set_tag("TimeControl", "180+2");
    g.lose_on_time(Color::Black).unwrap();
    let pdn = g.to_pdn();
    assert!(pdn.contains("[Result \"2-0\"]"), "{pdn}");
    assert!(pdn.contains("[Termination \"time forfeit\"]"), "{pdn}");
    assert!(pdn.contains("[TimeControl \"180+2\"]"), "{pdn}");
    let back = Game::from_pdn(&pdn).unwrap();
    assert!(matches!(
        back.status(),
        Status::Win {
            winner: Color::White,
            reason: WinReason::TimeForfeit,
            ..
        }
    ));
    // Written again: one Termination tag, not two.
    assert_eq!(back.to_pdn().matches("Termination").count(), 1);
    assert_eq!(back.to_pdn(), pdn);
}

#[test]
fn a_decisive_result_without_termination_stays_a_resignation() {
    let g = Game::from_pdn("[Termination \"normal\"]\n1. c3-d4 0-2").unwrap();
    assert!(matches!(
        g.status(),
        Status::Win {
            winner: Color::Black,
            reason: WinReason::Resignation,
            ..
        }
    ));
    assert_eq!(g.tag("Termination"), Some("normal"));
    // A draw with a time-forfeit tag is not a flag fall (nobody lost).
    let d = Game::from_pdn("[Termination \"time forfeit\"]\n1. c3-d4 1-1").unwrap();
    assert!(matches!(d.status(), Status::Draw { .. }));
}
