//! Named openings (дебюты) and their recognition by position.
//!
//! The table is `openings.txt` beside this file (format in its header and
//! in `docs/openings.md`; the sources and descriptions are in
//! `openings-notes.txt`, read by [`notes`] natively and by the openings
//! page, not built into the WebAssembly module): each opening is named by the position its
//! defining moves reach, with the side to move. So an opening is recognised
//! whatever the move order that reached it (a transposition counts), and
//! two names never share a position (the tests check it).
//!
//! [`recognise`] walks the positions of a game in order and keeps the most
//! specific name reached so far: the one with the longest defining line
//! (the later one on a tie). Once named, a game keeps its name even when
//! play leaves the book; a deeper named position replaces it. Every page and
//! the PDN export ([`crate::game::Game::opening`]) use this one function.
//!
//! ```
//! use shashki::game::{openings, Game};
//! let mut g = Game::new();
//! for m in ["c3-d4", "d6-c5", "b2-c3", "f6-g5"] {
//!     g.play_text(m).unwrap();
//! }
//! let o = g.opening().unwrap();
//! assert_eq!((o.id, o.ru), ("gorodskaya", "Городская партия"));
//! assert!(openings::all().len() >= 30);
//! ```

use crate::game::Game;
use crate::notation;
use crate::position::Position;
#[cfg(not(target_arch = "wasm32"))]
use std::collections::HashMap;
use std::sync::OnceLock;

/// The table's text, built into the crate.
pub const TABLE: &str = include_str!("openings.txt");

/// One named opening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Stable identifier (`gorodskaya`).
    pub id: &'static str,
    /// Russian name.
    pub ru: &'static str,
    /// English rendering.
    pub en: &'static str,
    /// The defining moves from the starting position, in our notation.
    pub moves: Vec<&'static str>,
    /// The position the moves reach (with the side to move).
    pub position: Position,
}

impl Opening {
    /// The name in `lang` (`"ru"` or anything else for English).
    pub fn name(&self, lang: &str) -> &'static str {
        if lang == "ru" {
            self.ru
        } else {
            self.en
        }
    }

    /// Number of plies of the defining line (its specificity).
    pub fn plies(&self) -> usize {
        self.moves.len()
    }
}

/// A problem in the table text (a bad field or an illegal move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    /// 1-based line of the problem.
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "openings table, line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for TableError {}

/// A parsed table: the openings in file order and a position index.
#[derive(Debug)]
pub struct Table {
    // Thirty-odd entries: a scan is as quick as a hash and keeps the
    // WebAssembly module smaller.
    openings: Vec<Opening>,
}

impl Table {
    /// Parses the table format, replaying every line under the rules.
    /// Fails on a missing field, an illegal or ambiguous move, a repeated
    /// id, or two openings reaching the same position.
    pub fn parse(text: &'static str) -> Result<Table, TableError> {
        let mut openings: Vec<Opening> = Vec::new();
        let mut record: Vec<(usize, &'static str, &'static str)> = Vec::new();
        let lines: Vec<&'static str> = text.lines().collect();
        for (i, raw) in lines.iter().chain(std::iter::once(&"")).enumerate() {
            let line = raw.trim_end_matches('\r');
            if line.starts_with('#') {
                continue;
            }
            if line.trim().is_empty() {
                if !record.is_empty() {
                    let o = build(&record)?;
                    let at = record[0].0;
                    if let Some(other) = openings
                        .iter()
                        .find(|x| x.id == o.id || x.position == o.position)
                    {
                        let what = if other.id == o.id {
                            "uses the id of"
                        } else {
                            "reaches the same position as"
                        };
                        return Err(TableError {
                            line: at,
                            message: format!("'{}' {what} '{}'", o.id, other.id),
                        });
                    }
                    openings.push(o);
                    record.clear();
                }
                continue;
            }
            let (key, value) = line.split_once(':').ok_or_else(|| TableError {
                line: i + 1,
                message: "expected 'key: value'".into(),
            })?;
            record.push((i + 1, key.trim(), value.trim()));
        }
        Ok(Table { openings })
    }

    /// Every opening, in file order.
    pub fn all(&self) -> &[Opening] {
        &self.openings
    }

    /// The opening whose defining position is `pos`, if any.
    pub fn at(&self, pos: &Position) -> Option<&Opening> {
        self.openings.iter().find(|o| o.position == *pos)
    }

    /// The opening with this id.
    pub fn find(&self, id: &str) -> Option<&Opening> {
        self.openings.iter().find(|o| o.id == id)
    }

    /// The most specific opening reached along `positions` (oldest first):
    /// the longest defining line, the later one on a tie.
    pub fn recognise<'a>(
        &self,
        positions: impl IntoIterator<Item = &'a Position>,
    ) -> Option<&Opening> {
        let mut best: Option<&Opening> = None;
        for p in positions {
            if let Some(o) = self.at(p) {
                if best.is_none_or(|b| o.plies() >= b.plies()) {
                    best = Some(o);
                }
            }
        }
        best
    }
}

fn build(record: &[(usize, &'static str, &'static str)]) -> Result<Opening, TableError> {
    let first = record[0].0;
    let get = |key: &str| {
        record
            .iter()
            .find(|(_, k, _)| *k == key)
            .map(|r| (r.0, r.2))
    };
    let need = |key: &str| {
        get(key)
            .map(|(_, v)| v)
            .filter(|v| !v.is_empty())
            .ok_or_else(|| TableError {
                line: first,
                message: format!("the record has no '{key}'"),
            })
    };
    for (line, key, _) in record {
        if !matches!(*key, "id" | "ru" | "en" | "moves") {
            return Err(TableError {
                line: *line,
                message: format!("unknown field '{key}'"),
            });
        }
    }
    let id = need("id")?;
    if !id
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        return Err(TableError {
            line: first,
            message: format!("id '{id}': only a-z, 0-9 and '-'"),
        });
    }
    let moves_line = get("moves").map_or(first, |(l, _)| l);
    let moves: Vec<&'static str> = need("moves")?.split_whitespace().collect();
    let mut pos = Position::start();
    for m in &moves {
        let legal = pos.legal_moves();
        let mv = notation::parse_in(&pos, m, &legal).map_err(|e| TableError {
            line: moves_line,
            message: format!("{id}: {e}"),
        })?;
        pos = pos.play_unchecked(&mv);
    }
    Ok(Opening {
        id,
        ru: need("ru")?,
        en: need("en")?,
        moves,
        position: pos,
    })
}

/// The built-in table (parsed once; the tests prove it parses).
pub fn table() -> &'static Table {
    static TABLE_CELL: OnceLock<Table> = OnceLock::new();
    TABLE_CELL.get_or_init(|| Table::parse(TABLE).expect("the built-in openings table is valid"))
}

/// Every built-in opening, in file order.
pub fn all() -> &'static [Opening] {
    table().all()
}

/// The built-in opening with this id.
pub fn find(id: &str) -> Option<&'static Opening> {
    table().find(id)
}

/// The built-in opening whose defining position is `pos`.
pub fn at(pos: &Position) -> Option<&'static Opening> {
    table().at(pos)
}

/// The most specific built-in opening reached along `positions`.
pub fn recognise<'a>(
    positions: impl IntoIterator<Item = &'a Position>,
) -> Option<&'static Opening> {
    table().recognise(positions)
}

impl Game {
    /// The most specific named opening reached from the start up to the
    /// cursor ([`recognise`] over [`Game::position_history`]).
    pub fn opening(&self) -> Option<&'static Opening> {
        recognise(self.position_history())
    }
}

/// The notes of one opening (`openings-notes.txt`): where its line comes
/// from and what it is about.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    pub source: &'static str,
    /// Where sources disagree, which one was followed ("" if none).
    pub note: &'static str,
    pub about_ru: &'static str,
    pub about_en: &'static str,
}

/// The notes file, by id (native builds only; the pages fetch the file).
/// Unknown fields or a record without an id are errors.
#[cfg(not(target_arch = "wasm32"))]
pub fn notes() -> Result<HashMap<&'static str, Notes>, TableError> {
    let mut out = HashMap::new();
    let mut current: Option<(&'static str, Notes)> = None;
    let text: &'static str = include_str!("openings-notes.txt");
    for (i, raw) in text.lines().chain(std::iter::once("")).enumerate() {
        let line = raw.trim_end_matches('\r');
        if line.starts_with('#') {
            continue;
        }
        if line.trim().is_empty() {
            if let Some((id, n)) = current.take() {
                out.insert(id, n);
            }
            continue;
        }
        let err = |m: String| TableError {
            line: i + 1,
            message: m,
        };
        let (k, v) = line
            .split_once(':')
            .ok_or_else(|| err("expected 'key: value'".into()))?;
        let (k, v) = (k.trim(), v.trim());
        if k == "id" {
            current = Some((v, Notes::default()));
            continue;
        }
        let (_, n) = current
            .as_mut()
            .ok_or_else(|| err(format!("'{k}' before an id")))?;
        match k {
            "source" => n.source = v,
            "note" => n.note = v,
            "about-ru" => n.about_ru = v,
            "about-en" => n.about_en = v,
            _ => return Err(err(format!("unknown field '{k}'"))),
        }
    }
    Ok(out)
}
