//! The rules page and the lessons page make claims about positions; the
//! engine checks every one of them.
//!
//! Each `<shashki-board>` in www/rules.html and www/lessons.html carries
//! its position (`fen`, default the start) and, as data attributes, what
//! the text around it says:
//! - `data-claim-moves`: exactly the legal moves of the position;
//! - `data-claim-forced`: moves of the `moves` (replay) or first `solution`
//!   line that are the only legal move where they are played;
//! - `data-claim-end`: the FEN after the `moves` line;
//! - `data-claim-status`: the game's state after the `moves` line
//!   (`draw repetition`, `ongoing`, ...);
//! - `data-claim-counts`: exactly the draw counts running in the position,
//!   as `rule:limit`;
//! - `data-claim-after-moves` + `data-claim-after-counts`: after those moves,
//!   exactly these counts run, as `rule:moves left`;
//! - `data-check` (exercises, and replays whose first move the text calls
//!   the only good one): which first moves solve it, computed by the
//!   engine: `best N` (the moves that win the most material against best
//!   defence, looking N plies ahead), `safe` (the moves after which the
//!   opponent cannot capture), `road` (the moves to a main-road square
//!   where the king cannot be captured). The first moves of the `solution`
//!   lines must be exactly that set;
//! - `data-claim-refuse` + `data-claim-reason`: a move the text says the
//!   engine refuses, and words of the reason it gives.

mod proof;

use shashki::game::{Count, Game};
use shashki::{notation, Bitboard, Position};
use std::collections::{BTreeMap, BTreeSet};

const START_FEN: &str =
    "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8";

/// One `<shashki-board>` tag: its attributes and where it stands.
#[derive(Debug)]
struct Widget {
    page: &'static str,
    index: usize,
    attrs: BTreeMap<String, String>,
}

impl Widget {
    fn get(&self, name: &str) -> Option<&str> {
        self.attrs.get(name).map(String::as_str)
    }
    fn name(&self) -> String {
        let cap = self.get("caption").or(self.get("prompt")).unwrap_or("");
        let cap: String = cap.chars().take(60).collect();
        format!("{} widget #{} ({})", self.page, self.index + 1, cap)
    }
    fn fen(&self) -> &str {
        self.get("fen").unwrap_or(START_FEN)
    }
    fn position(&self) -> Position {
        Position::from_fen(self.fen()).unwrap_or_else(|e| panic!("{}: bad fen: {e}", self.name()))
    }
    fn words(&self, name: &str) -> Vec<String> {
        self.get(name)
            .map(|v| v.split_whitespace().map(str::to_string).collect())
            .unwrap_or_default()
    }
    /// Solution lines: "a b | c" -> [[a, b], [c]].
    fn lines(&self) -> Vec<Vec<String>> {
        self.get("solution")
            .unwrap_or("")
            .split('|')
            .map(|l| l.split_whitespace().map(str::to_string).collect::<Vec<_>>())
            .filter(|l| !l.is_empty())
            .collect()
    }
}

fn decode_entities(s: &str) -> String {
    s.replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&apos;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&ndash;", "\u{2013}")
        .replace("&mdash;", "\u{2014}")
        .replace("&times;", "\u{d7}")
        .replace("&amp;", "&")
}

/// Every `<shashki-board ...>` start tag of a page, attributes parsed
/// (double- or single-quoted values, bare names; values may hold `>`).
fn widgets(page: &'static str, html: &str) -> Vec<Widget> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find("<shashki-board") {
        let tag = &rest[at + "<shashki-board".len()..];
        let b = tag.as_bytes();
        let mut i = 0;
        let mut attrs = BTreeMap::new();
        loop {
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            assert!(i < b.len(), "{page}: unterminated <shashki-board> tag");
            if b[i] == b'>' {
                i += 1;
                break;
            }
            if b[i] == b'/' {
                i += 1;
                continue;
            }
            let start = i;
            while i < b.len() && !b[i].is_ascii_whitespace() && b[i] != b'=' && b[i] != b'>' {
                i += 1;
            }
            let name = tag[start..i].to_ascii_lowercase();
            let mut value = String::new();
            if i < b.len() && b[i] == b'=' {
                i += 1;
                let quote = b[i];
                assert!(
                    quote == b'"' || quote == b'\'',
                    "{page}: unquoted value of {name}"
                );
                i += 1;
                let vstart = i;
                while b[i] != quote {
                    i += 1;
                }
                value = decode_entities(&tag[vstart..i]);
                i += 1;
            }
            assert!(
                attrs.insert(name.clone(), value).is_none(),
                "{page}: attribute {name} given twice"
            );
        }
        out.push(Widget {
            page,
            index: out.len(),
            attrs,
        });
        rest = &tag[i..];
    }
    out
}

fn page(name: &'static str) -> (&'static str, String) {
    let path = format!("{}/www/{name}", env!("CARGO_MANIFEST_DIR"));
    let html = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    (name, html)
}

/// The legal moves of `pos` in our notation.
fn notations(pos: &Position) -> BTreeSet<String> {
    let legal = pos.legal_moves();
    legal.iter().map(|m| notation::write(m, &legal)).collect()
}

/// Plays `tokens` from `pos`; for each ply returns (position before, the
/// canonical notation played, number of legal moves there).
fn play_line(
    w: &Widget,
    pos: Position,
    tokens: &[String],
) -> (Vec<(Position, String, usize)>, Position) {
    let mut p = pos;
    let mut steps = Vec::new();
    for t in tokens {
        let legal = p.legal_moves();
        let mv = notation::parse_in(&p, t, &legal)
            .unwrap_or_else(|e| panic!("{}: move {t} is not legal: {e}", w.name()));
        steps.push((p, notation::write(&mv, &legal), legal.len()));
        p = p.play_unchecked(&mv);
    }
    (steps, p)
}

// ---- the engine's own judgement of exercises ----------------------------------

/// A man 2, a king 5; a side without a move has lost, the sooner the worse.
const SCALE: proof::Scale = proof::Scale {
    man: 2,
    king: 5,
    lost: |depth| -1000 - depth as i32,
};

/// The draw counts running in `game` are those `claim` lists, each as
/// `rule:number` (the rule's machine word and the number `field` picks);
/// `widget` and `when` (the moves played, or "at the start") name the check.
fn assert_counts(
    game: &Game,
    field: impl Fn(&Count) -> u32,
    claim: &str,
    widget: &str,
    when: &str,
) {
    let running: BTreeSet<String> = game
        .status()
        .counts()
        .iter()
        .map(|c| format!("{}:{}", shashki::views::word(&c.rule), field(c)))
        .collect();
    let claimed: BTreeSet<String> = claim.split_whitespace().map(str::to_string).collect();
    assert_eq!(
        running, claimed,
        "{widget}, {when}: the draw counts differ from the claim"
    );
}

/// The first moves that the exercise's `data-check` says solve it.
fn solving_moves(w: &Widget, pos: &Position) -> BTreeSet<String> {
    let check = w
        .get("data-check")
        .unwrap_or_else(|| panic!("{}: an exercise needs data-check", w.name()));
    let legal = pos.legal_moves();
    let text = |m: &shashki::Move| notation::write(m, &legal);
    let mut parts = check.split_whitespace();
    match parts.next() {
        Some("best") => {
            let depth: u32 = parts
                .next()
                .and_then(|d| d.parse().ok())
                .unwrap_or_else(|| panic!("{}: `best` needs a depth", w.name()));
            let scored: Vec<(i32, String)> = legal
                .iter()
                .map(|m| {
                    (
                        -SCALE.negamax(&pos.play_unchecked(m), depth - 1, -100_000, 100_000),
                        text(m),
                    )
                })
                .collect();
            let top = scored.iter().map(|s| s.0).max().expect("a legal move");
            scored
                .into_iter()
                .filter(|s| s.0 == top)
                .map(|s| s.1)
                .collect()
        }
        Some("safe") => legal
            .iter()
            .filter(|m| !pos.play_unchecked(m).has_capture())
            .map(text)
            .collect(),
        Some("road") => legal
            .iter()
            .filter(|m| {
                Bitboard::MAIN_ROAD.contains(m.to()) && !pos.play_unchecked(m).has_capture()
            })
            .map(text)
            .collect(),
        other => panic!("{}: unknown data-check {other:?}", w.name()),
    }
}

// ---- the checks ----------------------------------------------------------------

fn check_claims(w: &Widget) -> usize {
    let pos = w.position();
    let mut claims = 0;

    if let Some(claim) = w.get("data-claim-moves") {
        let claimed: BTreeSet<String> = claim.split_whitespace().map(str::to_string).collect();
        assert_eq!(
            notations(&pos),
            claimed,
            "{}: legal moves differ from the claim",
            w.name()
        );
        claims += 1;
    }

    let mode = w.get("mode").unwrap_or("static");
    let line: Vec<String> = match mode {
        "replay" => w.words("moves"),
        "exercise" => w.lines().first().cloned().unwrap_or_default(),
        _ => Vec::new(),
    };
    let (steps, end) = play_line(w, pos, &line);

    for forced in w.words("data-claim-forced") {
        let step = steps
            .iter()
            .find(|s| s.1 == forced)
            .unwrap_or_else(|| panic!("{}: {forced} is not in the line", w.name()));
        assert_eq!(
            step.2,
            1,
            "{}: {forced} is not the only legal move",
            w.name()
        );
        claims += 1;
    }

    if let Some(fen) = w.get("data-claim-end") {
        assert_eq!(end.fen(), fen, "{}: the position after the line", w.name());
        claims += 1;
    }

    if w.get("data-claim-status").is_some() || w.get("data-claim-counts").is_some() {
        let mut game = Game::from_fen(w.fen()).unwrap();
        if let Some(claim) = w.get("data-claim-counts") {
            assert_counts(&game, |c| c.limit, claim, &w.name(), "at the start");
            claims += 1;
        }
        if let Some(claim) = w.get("data-claim-status") {
            for t in &line {
                game.play_text(t).unwrap();
            }
            let st = game.status();
            let got = match st.reason_word() {
                Some(r) => format!("{} {r}", if st.winner().is_some() { "win" } else { "draw" }),
                None => "ongoing".to_string(),
            };
            assert_eq!(got, claim, "{}: status after the line", w.name());
            claims += 1;
        }
    }

    if let Some(moves) = w.get("data-claim-after-moves") {
        let claim = w.get("data-claim-after-counts").unwrap_or_else(|| {
            panic!(
                "{}: data-claim-after-moves needs data-claim-after-counts",
                w.name()
            )
        });
        let mut game = Game::from_fen(w.fen()).unwrap();
        for t in moves.split_whitespace() {
            game.play_text(t)
                .unwrap_or_else(|e| panic!("{}: {t}: {e}", w.name()));
        }
        assert_counts(&game, |c| c.moves_left, claim, &w.name(), moves);
        claims += 1;
    }

    if let Some(refused) = w.get("data-claim-refuse") {
        let words = w
            .get("data-claim-reason")
            .unwrap_or_else(|| panic!("{}: data-claim-refuse needs data-claim-reason", w.name()));
        let legal = pos.legal_moves();
        match notation::parse_in(&pos, refused, &legal) {
            Ok(_) => panic!(
                "{}: {refused} is legal, the text says it is refused",
                w.name()
            ),
            Err(notation::NotationError::Illegal { reason, .. }) => assert!(
                reason.to_string().contains(words),
                "{}: the engine refuses {refused} with \"{reason}\", not \"{words}\"",
                w.name()
            ),
            Err(e) => panic!("{}: {refused}: unexpected error {e}", w.name()),
        }
        claims += 1;
    }

    if mode == "replay" && w.get("data-check").is_some() {
        // A replay whose first move the text calls the only good one.
        let first: BTreeSet<String> = steps.first().map(|s| s.1.clone()).into_iter().collect();
        assert_eq!(
            solving_moves(w, &pos),
            first,
            "{}: the engine's best first moves",
            w.name()
        );
        claims += 1;
    }

    if mode == "exercise" {
        let lines = w.lines();
        assert!(!lines.is_empty(), "{}: no solution", w.name());
        let mut firsts = BTreeSet::new();
        for l in &lines {
            let (steps, _) = play_line(w, pos, l);
            firsts.insert(steps[0].1.clone());
            // The reader plays every other move; the widget plays the rest.
            assert!(
                l.len() % 2 == 1,
                "{}: a line must end with the reader's move",
                w.name()
            );
        }
        assert_eq!(
            solving_moves(w, &pos),
            firsts,
            "{}: the engine's solving moves differ from the solution",
            w.name()
        );
        let legal = notations(&pos);
        assert!(
            legal.iter().any(|m| !firsts.contains(m)),
            "{}: no wrong legal move to refuse",
            w.name()
        );
        claims += 1;
    }
    claims
}

#[test]
fn every_rules_page_widget_claims_what_the_engine_says() {
    let (name, html) = page("rules.html");
    let ws = widgets(name, &html);
    assert!(ws.len() >= 16, "rules page: only {} widgets", ws.len());
    for w in &ws {
        let n = check_claims(w);
        assert!(
            n > 0,
            "{}: the text makes no checked claim about it",
            w.name()
        );
    }
}

#[test]
fn the_rules_page_shows_each_situation_of_the_rules() {
    let (name, html) = page("rules.html");
    let ws = widgets(name, &html);
    let claims: Vec<&str> = ws
        .iter()
        .filter_map(|w| w.get("data-claim-moves"))
        .collect();
    let has = |moves: &str| {
        let want: BTreeSet<&str> = moves.split_whitespace().collect();
        claims
            .iter()
            .any(|c| c.split_whitespace().collect::<BTreeSet<_>>() == want)
    };
    assert!(
        has("a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4 g3-h4"),
        "the seven first moves"
    );
    assert!(has("d4:b2"), "the man that must capture back to b2");
    assert!(has("d2:b8 d2:h6"), "the two captures d2:b8 and d2:h6");
    assert!(
        claims
            .iter()
            .any(|c| c.split_whitespace().count() == 13 && c.starts_with("d4-")),
        "the king on d4"
    );
    assert!(has("a1:g3 a1:h2"), "the king that must stop on e5");
    assert!(has("f6:b6 f6:a5"), "the man crowned on d8");
    assert!(
        ws.iter()
            .any(|w| w.get("moves") == Some("c3-d4 a5:e5 f4:b8")),
        "the shot"
    );
    for rule in [
        "kings_vs_lone_king:15",
        "main_road:5",
        "kings_balance:5",
        "kings_only:15",
    ] {
        assert!(
            ws.iter()
                .any(|w| w.get("data-claim-counts").is_some_and(|c| c.contains(rule))),
            "a board for the draw count {rule}"
        );
    }
    assert!(
        ws.iter()
            .any(|w| w.get("data-claim-status") == Some("draw repetition")),
        "repetition"
    );

    // The crowned man's capture: crowned on d8 in the middle, a king at the end.
    let pos = Position::from_fen("W:Wf6:Be7,c7").unwrap();
    for m in pos.legal_moves().iter() {
        assert!(m.crowns());
        assert_eq!(m.path_vec()[1].to_string(), "d8");
    }
    // d2:b8 takes three men and crowns; d2:h6 takes two kings.
    let pos = Position::from_fen("W:Wd2:Bc3,c5,c7,Ke3,Kg5").unwrap();
    for m in pos.legal_moves().iter() {
        match m.to().to_string().as_str() {
            "b8" => {
                assert!(m.crowns());
                assert_eq!((m.captured() & pos.kings()).count(), 0);
                assert_eq!(m.captured().count(), 3);
            }
            "h6" => {
                assert_eq!(m.captured(), m.captured() & pos.kings());
                assert_eq!(m.captured().count(), 2);
            }
            other => panic!("unexpected capture to {other}"),
        }
    }
}

#[test]
fn every_lesson_exercise_is_solved_by_its_solution_and_only_by_it() {
    let (name, html) = page("lessons.html");
    let ws = widgets(name, &html);
    let exercises: Vec<&Widget> = ws
        .iter()
        .filter(|w| w.get("mode") == Some("exercise"))
        .collect();
    assert!(exercises.len() >= 8, "only {} exercises", exercises.len());
    let mut ids = BTreeSet::new();
    for w in &ws {
        check_claims(w);
    }
    for w in &exercises {
        let id = w
            .get("id")
            .unwrap_or_else(|| panic!("{}: an exercise needs an id (progress)", w.name()));
        assert!(ids.insert(id.to_string()), "exercise id {id} used twice");
    }
    // At least eight lessons, each with an exercise.
    let lessons: Vec<&str> = html.split("<section class=\"lesson\"").skip(1).collect();
    assert!(lessons.len() >= 8, "only {} lessons", lessons.len());
    for (i, l) in lessons.iter().enumerate() {
        assert!(
            l.contains("mode=\"exercise\""),
            "lesson {} has no exercise",
            i + 1
        );
    }
}

#[test]
fn the_tag_reader_reads_tags() {
    let ws = widgets(
        "test",
        r#"<p>x</p><shashki-board fen="W:Wc3:Bd4" mode='explore' caption="a &gt; b &amp; c" hidden>
           </shashki-board><shashki-board></shashki-board>"#,
    );
    assert_eq!(ws.len(), 2);
    assert_eq!(ws[0].get("fen"), Some("W:Wc3:Bd4"));
    assert_eq!(ws[0].get("mode"), Some("explore"));
    assert_eq!(ws[0].get("caption"), Some("a > b & c"));
    assert_eq!(ws[0].get("hidden"), Some(""));
    assert_eq!(ws[1].fen(), START_FEN);
    assert_eq!(Position::from_fen(START_FEN).unwrap(), Position::start());
}
