//! The opening explorer's counts: in a collection of games, which moves
//! were played from a position, how often, and how those games ended.
//!
//! A position is matched as a whole (pieces and side to move), so a game
//! that reached it by another move order counts too. A game counts once
//! per position (its first visit).
//!
//! ```
//! use shashki::game::{explorer::Explorer, Game};
//! use shashki::Position;
//! let mut a = Game::new();
//! a.play_text("c3-d4").unwrap();
//! let mut b = Game::new();
//! b.play_text("c3-d4").unwrap();
//! b.play_text("d6-c5").unwrap();
//! let ex = Explorer::new(&[a, b]);
//! assert_eq!(ex.games_at(&Position::start()), 2);
//! let moves = ex.moves(&Position::start());
//! assert_eq!((moves[0].notation.as_str(), moves[0].games), ("c3-d4", 2));
//! ```

use super::Game;
use crate::position::Position;
use crate::square::Color;
use std::collections::HashMap;

/// One move from a position, with the games that played it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ExplorerMove {
    /// The move in our notation.
    pub notation: String,
    /// Games that played it here.
    pub games: u32,
    /// Of those, won by White, drawn, won by Black (unfinished ones in none).
    pub white: u32,
    pub draws: u32,
    pub black: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    White,
    Black,
    Draw,
    Open,
}

/// The games of a collection, indexed by position.
#[derive(Debug, Default)]
pub struct Explorer {
    /// Position -> (game index, the move played next, if any).
    visits: HashMap<Position, Vec<(usize, Option<String>)>>,
    outcomes: Vec<Outcome>,
}

impl Explorer {
    /// Indexes every position of every game, up to each game's cursor.
    pub fn new(games: &[Game]) -> Explorer {
        let mut ex = Explorer::default();
        for (i, g) in games.iter().enumerate() {
            let st = g.status();
            ex.outcomes.push(match st.winner() {
                Some(Color::White) => Outcome::White,
                Some(Color::Black) => Outcome::Black,
                None if st.is_over() => Outcome::Draw,
                None => Outcome::Open,
            });
            let next = g.history().iter().map(|m| Some(m.notation.clone()));
            for (pos, mv) in g.position_history().zip(next.chain(std::iter::once(None))) {
                let list = ex.visits.entry(*pos).or_default();
                if list.last().is_none_or(|(j, _)| *j != i) {
                    list.push((i, mv));
                }
            }
        }
        ex
    }

    /// Games that reached `pos`.
    pub fn games_at(&self, pos: &Position) -> u32 {
        self.visits.get(pos).map_or(0, |v| v.len() as u32)
    }

    /// Indexes (in the collection) of the games that reached `pos`.
    pub fn game_indexes(&self, pos: &Position) -> Vec<usize> {
        self.visits
            .get(pos)
            .map_or_else(Vec::new, |v| v.iter().map(|(i, _)| *i).collect())
    }

    /// The moves played from `pos`, most played first (then by notation).
    pub fn moves(&self, pos: &Position) -> Vec<ExplorerMove> {
        let mut by_move: HashMap<&str, ExplorerMove> = HashMap::new();
        for (i, mv) in self.visits.get(pos).into_iter().flatten() {
            let Some(mv) = mv else { continue };
            let e = by_move.entry(mv.as_str()).or_insert_with(|| ExplorerMove {
                notation: mv.clone(),
                games: 0,
                white: 0,
                draws: 0,
                black: 0,
            });
            e.games += 1;
            match self.outcomes[*i] {
                Outcome::White => e.white += 1,
                Outcome::Black => e.black += 1,
                Outcome::Draw => e.draws += 1,
                Outcome::Open => {}
            }
        }
        let mut out: Vec<ExplorerMove> = by_move.into_values().collect();
        out.sort_by(|a, b| {
            b.games
                .cmp(&a.games)
                .then_with(|| a.notation.cmp(&b.notation))
        });
        out
    }
}
