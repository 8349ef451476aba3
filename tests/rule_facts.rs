//! `ruleFacts()` (what the pages print as the rule numbers) says what the
//! rules do: each number is checked against the game itself, and every
//! number a page writes in its text (`<span data-fact="...">`) is the
//! engine's.

use shashki::game::facts::{rule_facts, Band};
use shashki::game::{DrawReason, Game};
use shashki::Position;

/// The limit (in moves) of the count `rule` running in `fen`, if any.
fn running_limit(fen: &str, rule: DrawReason) -> Option<u32> {
    let game = Game::from_fen(fen).unwrap();
    let st = game.status();
    let limit = st.counts().iter().find(|c| c.rule == rule).map(|c| c.limit);
    limit
}

/// A position with both sides' kings and `n` pieces in all (kings only
/// when `men` is 0; else White also has `men` men far from crowning).
fn kings_position(n: u32, men: u32) -> String {
    let white_kings = ["a1", "c1", "e1", "g1", "b2", "d2", "f2", "h2"];
    let white_men = ["a3", "c3", "e3"];
    let black_kings = ["b8", "d8", "f8", "h8", "a7", "c7", "e7", "g7"];
    let black = n.div_ceil(2).min(8) as usize;
    let white = (n as usize) - black;
    let men = men as usize;
    let mut w: Vec<String> = white_kings[..white - men]
        .iter()
        .map(|s| format!("K{s}"))
        .collect();
    w.extend(white_men[..men].iter().map(|s| s.to_string()));
    let b: Vec<String> = black_kings[..black]
        .iter()
        .map(|s| format!("K{s}"))
        .collect();
    format!("W:W{}:B{}", w.join(","), b.join(","))
}

#[test]
fn the_draw_limits_are_the_ones_the_game_applies() {
    let f = rule_facts();
    assert_eq!(f.lone_king_moves, 15);
    assert_eq!(f.main_road_moves, 5);
    assert_eq!(
        running_limit("W:WKc1,Ke1,Kg1:BKh6", DrawReason::KingsVsLoneKing),
        Some(f.lone_king_moves)
    );
    assert_eq!(
        running_limit("W:WKc1,Ke1,Kh4:BKd4", DrawReason::MainRoad),
        Some(f.main_road_moves)
    );
    // The published bands (RDF 2022): 5 / 30 / 60 and 15 / 25 moves.
    let band = |min_pieces, max_pieces, moves| Band {
        min_pieces,
        max_pieces,
        moves,
    };
    assert_eq!(
        f.kings_balance,
        vec![band(2, 3, 5), band(4, 5, 30), band(6, 7, 60)]
    );
    assert_eq!(f.kings_only, vec![band(4, 5, 15), band(6, 7, 25)]);
    assert_eq!(f.no_count_from_pieces, 8);
    // Every piece count: the count the game runs has the band's limit.
    for n in 2..=10 {
        let want = |bands: &[Band]| {
            bands
                .iter()
                .find(|b| (b.min_pieces..=b.max_pieces).contains(&n))
                .map(|b| b.moves)
        };
        let fen = kings_position(n, 0);
        assert_eq!(
            running_limit(&fen, DrawReason::KingsBalance),
            want(&f.kings_balance),
            "kings balance with {n} pieces: {fen}"
        );
        if n >= 4 {
            // With a man on the board rule 2 cannot run and rule 5 still can.
            let fen = kings_position(n, 1);
            assert_eq!(
                running_limit(&fen, DrawReason::KingsOnly),
                want(&f.kings_only),
                "kings only with {n} pieces: {fen}"
            );
        }
    }
}

#[test]
fn the_third_repetition_draws_and_the_crowning_rows_crown() {
    let f = rule_facts();
    // Two kings shuffle back and forth: the start stands again every 4 plies.
    let mut game = Game::from_fen("W:Wa3,c3,e3,f2,Kh2:Bf6,g7,h6,Ka7").unwrap();
    let mut occurrences = 1;
    loop {
        for mv in ["h2-g1", "a7-b8", "g1-h2", "b8-a7"] {
            game.play_text(mv).unwrap();
        }
        occurrences += 1;
        let over = game.status().is_over();
        assert_eq!(
            over,
            occurrences >= f.repetitions,
            "after {occurrences} occurrences"
        );
        if over {
            break;
        }
    }
    assert_eq!(f.repetitions, 3);

    assert_eq!((f.white_crowning_rank, f.black_crowning_rank), (8, 1));
    for (fen, rank) in [
        ("W:Wc7:Bh4", f.white_crowning_rank),
        ("B:Wh6:Bd2", f.black_crowning_rank),
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let m = pos.legal_moves().iter().next().copied().unwrap();
        assert!(m.crowns(), "{fen}: the man crowns on rank {rank}");
        assert_eq!(m.to().rank() + 1, rank, "{fen}");
    }
}

#[test]
fn every_number_the_pages_print_is_the_engines() {
    let facts = serde_json::to_value(rule_facts()).unwrap();
    let mut seen = 0;
    for page in ["rules.html", "lessons.html"] {
        let path = format!("{}/www/{page}", env!("CARGO_MANIFEST_DIR"));
        let html = std::fs::read_to_string(&path).unwrap();
        for part in html.split("data-fact=\"").skip(1) {
            let (name, rest) = part.split_once('"').unwrap();
            let text = rest[1..].split('<').next().unwrap();
            let pointer = format!("/{}", name.replace('.', "/"));
            let want = facts
                .pointer(&pointer)
                .unwrap_or_else(|| panic!("{page}: no fact {name}"));
            assert_eq!(text, want.to_string(), "{page}: data-fact {name}");
            seen += 1;
        }
    }
    assert!(seen >= 8, "only {seen} facts in the pages");
}
