//! The opening book: for the first plies from the starting position, the
//! moves worth playing and how often, built by `shashki book build` from
//! the 840 balanced openings of `tests/data/russian-openings.txt` (see
//! docs/engine.md, "Opening book"). The higher levels (5 and 6) pick among them with their seed, so
//! a game against them does not always open the same way.
//!
//! `book.txt`, one position a line: the moves from the starting position
//! that lead to it (space-separated; nothing for the start itself), a tab,
//! then its book moves as `move=weight`, space-separated. `#` starts a
//! comment line. A position reached by two move orders is one entry (looked
//! up by its Zobrist key).

use super::levels::Rng;
use super::zobrist;
use crate::moves::Move;
use crate::notation;
use crate::position::Position;
use std::collections::HashMap;
use std::sync::OnceLock;

/// A parsed book: position key -> moves and weights.
#[derive(Debug, Default)]
pub struct Book {
    entries: HashMap<u64, Vec<(Move, u32)>>,
}

impl Book {
    /// Parses the text format above, checking every move against the rules.
    pub fn parse(text: &str) -> Result<Book, String> {
        let mut entries: HashMap<u64, Vec<(Move, u32)>> = HashMap::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim_end_matches('\r');
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let err = |what: String| format!("book line {}: {what}", n + 1);
            let (path, moves) = line
                .split_once('\t')
                .ok_or_else(|| err("no tab between the path and the moves".into()))?;
            let mut pos = Position::start();
            for m in path.split_whitespace() {
                let legal = pos.legal_moves();
                let mv = notation::parse_in(&pos, m, &legal).map_err(|e| err(e.to_string()))?;
                pos = pos.play_unchecked(&mv);
            }
            let legal = pos.legal_moves();
            let list = entries.entry(zobrist::key(&pos)).or_default();
            for item in moves.split_whitespace() {
                let (m, w) = item
                    .split_once('=')
                    .ok_or_else(|| err(format!("'{item}': expected move=weight")))?;
                let w: u32 =
                    w.parse().ok().filter(|&w| w > 0).ok_or_else(|| {
                        err(format!("'{item}': the weight is not a positive number"))
                    })?;
                let mv = notation::parse_in(&pos, m, &legal).map_err(|e| err(e.to_string()))?;
                match list.iter_mut().find(|(x, _)| *x == mv) {
                    Some(e) => e.1 += w,
                    None => list.push((mv, w)),
                }
            }
        }
        Ok(Book { entries })
    }

    /// Positions in the book.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The book moves of `pos` with their weights (empty when out of book).
    pub fn moves(&self, pos: &Position) -> &[(Move, u32)] {
        self.entries
            .get(&zobrist::key(pos))
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }

    /// A book move for `pos`, drawn with probability proportional to its
    /// weight by a generator seeded with `seed` and the position.
    pub fn pick(&self, pos: &Position, seed: u64) -> Option<Move> {
        let moves = self.moves(pos);
        let total: u64 = moves.iter().map(|&(_, w)| w as u64).sum();
        if total == 0 {
            return None;
        }
        let mut r = Rng::new(seed ^ zobrist::key(pos)).below(total);
        for &(mv, w) in moves {
            if r < w as u64 {
                return Some(mv);
            }
            r -= w as u64;
        }
        None
    }
}

/// The shipped book, once parsed (natively) or installed (in the browser).
static BOOK: OnceLock<Book> = OnceLock::new();

/// The shipped book (`src/engine/book.txt`): natively compiled in and
/// parsed on first use; in the browser the one handed over at run time
/// ([`super::data::set_book`]), `None` until then.
pub fn shipped() -> Option<&'static Book> {
    #[cfg(not(target_arch = "wasm32"))]
    return Some(BOOK.get_or_init(|| Book::parse(include_str!("book.txt")).unwrap_or_default()));
    #[cfg(target_arch = "wasm32")]
    return BOOK.get();
}

/// Installs the (checked) book text; a second call changes nothing.
#[cfg(target_arch = "wasm32")]
pub(crate) fn install(text: &str) {
    if BOOK.get().is_none() {
        let _ = BOOK.set(Book::parse(text).unwrap_or_default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_book_parses_and_starts_at_the_start() {
        let book = Book::parse(include_str!("book.txt")).expect("book.txt parses");
        assert!(book.len() > 10, "{} positions", book.len());
        let start = Position::start();
        assert!(!book.moves(&start).is_empty());
        // Every move of every entry is legal where it stands (checked by
        // the parser) and picks are deterministic for a seed.
        assert_eq!(book.pick(&start, 3), book.pick(&start, 3));
        let picks: std::collections::HashSet<_> =
            (0..64).filter_map(|s| book.pick(&start, s)).collect();
        assert!(picks.len() > 1, "variety at the first move");
    }

    #[test]
    fn bad_lines_are_named() {
        assert!(Book::parse("c3-d4 f6-g5\tg3-f4=2\n").is_ok());
        let e = Book::parse("\n\nc3-d4\tc3-d4=1\n").unwrap_err();
        assert!(e.starts_with("book line 3"), "{e}");
        assert!(Book::parse("c3-d4 f6-g5 g3-f4=2\n").is_err());
        assert!(Book::parse("\tc3-d4=0\n").is_err());
        assert!(Book::parse("\tc3-d4\n").is_err());
        let b = Book::parse("\tc3-d4=1\n\tc3-d4=2 g3-h4=1\n").unwrap();
        assert_eq!(b.moves(&Position::start()).len(), 2);
        assert_eq!(b.moves(&Position::start())[0].1, 3);
        assert!(b
            .moves(&Position::start().play_unchecked(&b.moves(&Position::start())[0].0))
            .is_empty());
    }
}
