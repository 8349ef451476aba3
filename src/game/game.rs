//! [`Game`]: a whole game, its record with undo and redo, its status.

use super::draws::{DrawCounters, DrawReason};
use super::status::{Status, WinReason};
use crate::fen::FenError;
use crate::moves::{Move, MoveList};
use crate::notation::{self, NotationError};
use crate::position::{IllegalMove, Position};
use crate::square::Color;
use std::collections::HashMap;
use std::fmt;

/// Why an action on a [`Game`] was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The move text names no legal move, or more than one.
    Notation(NotationError),
    /// The move is not legal in the current position.
    Illegal(IllegalMove),
    /// The game is already over (won or drawn).
    GameOver,
    /// There is no draw offer to accept or decline.
    NoDrawOffer,
    /// This side has already offered a draw that is still open.
    DrawAlreadyOffered(Color),
}

impl GameError {
    /// A stable machine word: `bad_notation`, `illegal_move`,
    /// `ambiguous_move`, `game_over`, `no_draw_offer`, `draw_already_offered`.
    pub fn code(&self) -> &'static str {
        match self {
            GameError::Notation(e) => e.code(),
            GameError::Illegal(_) => "illegal_move",
            GameError::GameOver => "game_over",
            GameError::NoDrawOffer => "no_draw_offer",
            GameError::DrawAlreadyOffered(_) => "draw_already_offered",
        }
    }
}

impl GameError {
    /// The error of a move as a stable code and the facts it names (see
    /// [`NotationError::detail`]); `gameOver` when the game is over.
    pub fn detail(&self) -> crate::error_detail::ErrorDetail {
        use crate::error_detail::{DetailParams, ErrorDetail};
        match self {
            GameError::Notation(e) => e.detail(),
            GameError::Illegal(m) => ErrorDetail::with(
                "illegalMove",
                DetailParams {
                    text: Some(m.0.long_notation()),
                    ..DetailParams::default()
                },
            ),
            GameError::GameOver => ErrorDetail::new("gameOver"),
            GameError::NoDrawOffer => ErrorDetail::new("noDrawOffer"),
            GameError::DrawAlreadyOffered(_) => ErrorDetail::new("drawAlreadyOffered"),
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Notation(e) => e.fmt(f),
            GameError::Illegal(e) => e.fmt(f),
            GameError::GameOver => write!(f, "the game is over"),
            GameError::NoDrawOffer => write!(f, "there is no draw offer to answer"),
            GameError::DrawAlreadyOffered(c) => write!(f, "{c} has already offered a draw"),
        }
    }
}

impl std::error::Error for GameError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GameError::Notation(e) => Some(e),
            GameError::Illegal(e) => Some(e),
            _ => None,
        }
    }
}

impl From<NotationError> for GameError {
    fn from(e: NotationError) -> GameError {
        GameError::Notation(e)
    }
}

impl From<IllegalMove> for GameError {
    fn from(e: IllegalMove) -> GameError {
        GameError::Illegal(e)
    }
}

/// One move of the record, with everything needed to show it and to go
/// back to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// The move, as the generator made it (with one capture path).
    pub mv: Move,
    /// Its Russian notation in the position it was played in (`c3-d4`, `d4:b2`).
    pub notation: String,
    /// The position it was played in.
    pub before: Position,
    /// The position it led to.
    pub after: Position,
    /// The draw counts after it.
    pub counters: DrawCounters,
    /// Its move number (White's and Black's moves share a number).
    pub number: u32,
}

impl PlayedMove {
    /// The side that played it.
    pub fn color(&self) -> Color {
        self.before.turn()
    }
}

/// Something the players did besides moving, kept in the record at the ply
/// where it happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameEvent {
    /// This side offered a draw.
    DrawOffered(Color),
    /// This side declined the other's offer.
    DrawDeclined(Color),
    /// This side accepted the other's offer: the game is drawn.
    DrawAccepted(Color),
    /// This side resigned: the other wins.
    Resigned(Color),
    /// This side's clock ran out: the other wins.
    FlagFell(Color),
}

/// A whole game: where it started, every move, where it stands.
///
/// The record can be walked with [`undo`](Game::undo), [`redo`](Game::redo)
/// and [`goto`](Game::goto); every query (position, legal moves, status,
/// counts, history) answers for the point the cursor is at. Playing a move
/// away from the end of the record drops the moves after the cursor, unless
/// it is the very move recorded next (then it is a redo).
///
/// ```
/// use shashki::game::{Game, Status};
/// let mut game = Game::new();
/// for m in ["c3-d4", "f6-g5", "g3-h4", "g5-f4", "e3:g5", "h6:f4"] {
///     game.play_text(m).unwrap();
/// }
/// assert_eq!(game.ply(), 6);
/// assert_eq!(game.history()[4].notation, "e3:g5");
/// assert!(matches!(game.status(), Status::Ongoing { .. }));
/// game.undo();
/// assert_eq!(game.position().fen(), "B:Wa1,a3,b2,c1,d2,d4,e1,f2,g1,g5,h2,h4:Ba7,b6,b8,c7,d6,d8,e7,f8,g7,h6,h8");
/// // PDN holds the moves up to the cursor.
/// assert!(game.to_pdn().contains("1. c3-d4 f6-g5 2. g3-h4 g5-f4 3. e3:g5 *"));
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    start_counters: DrawCounters,
    first_number: u32,
    moves: Vec<PlayedMove>,
    cursor: usize,
    events: Vec<(usize, GameEvent)>,
    offer: Option<Color>,
    tags: Vec<(String, String)>,
    /// Where each tag name is in `tags`: setting or reading a tag is O(1),
    /// so a PDN with many distinct tags reads in linear time.
    tag_index: HashMap<String, usize>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

/// Tags the game writes from itself; [`Game::set_tag`] ignores them.
pub(crate) const DERIVED_TAGS: [&str; 3] = ["Result", "FEN", "GameType"];

impl Game {
    /// A new game from the starting position.
    pub fn new() -> Game {
        Game::from_position(Position::start())
    }

    /// A new game from `pos` (every draw count starts there).
    pub fn from_position(pos: Position) -> Game {
        Game {
            start: pos,
            start_counters: DrawCounters::new(&pos),
            first_number: 1,
            moves: Vec::new(),
            cursor: 0,
            events: Vec::new(),
            offer: None,
            tags: Vec::new(),
            tag_index: HashMap::new(),
        }
    }

    /// A new game from a FEN.
    ///
    /// ```
    /// use shashki::game::Game;
    /// let g = Game::from_fen("B:WKa1:Bh8").unwrap();
    /// assert_eq!(g.position().turn(), shashki::Color::Black);
    /// assert_eq!(g.ply(), 0);
    /// assert!(Game::from_fen("not a fen").is_err());
    /// ```
    pub fn from_fen(fen: &str) -> Result<Game, FenError> {
        Ok(Game::from_position(Position::from_fen(fen)?))
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The current position (at the cursor).
    pub fn position(&self) -> &Position {
        match self.cursor {
            0 => &self.start,
            n => &self.moves[n - 1].after,
        }
    }

    /// The draw counts at the cursor.
    pub fn counters(&self) -> DrawCounters {
        match self.cursor {
            0 => self.start_counters,
            n => self.moves[n - 1].counters,
        }
    }

    /// The legal moves at the cursor; empty once the game is over.
    ///
    /// ```
    /// use shashki::game::Game;
    /// let mut g = Game::from_fen("W:Wc3:Bd4").unwrap();
    /// assert_eq!(g.legal_moves().len(), 1);
    /// g.play_text("c3:e5").unwrap(); // Black has no piece left
    /// assert!(g.status().is_over());
    /// assert!(g.legal_moves().is_empty());
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        if self.status().is_over() {
            MoveList::new()
        } else {
            self.position().legal_moves()
        }
    }

    /// Plays `mv` (a legal move of the current position). On error the
    /// game is unchanged.
    pub fn play(&mut self, mv: &Move) -> Result<(), GameError> {
        self.play_with(|_, legal| {
            legal
                .iter()
                .find(|m| *m == mv)
                .copied()
                .ok_or(GameError::Illegal(IllegalMove(*mv)))
        })
        .map(|_| ())
    }

    /// Plays the move named by `text` (any form the notation reader
    /// accepts: `c3-d4`, `d4:b2`, `d4xb2`, numeric squares, full or partial
    /// paths) and returns it. On error the game is unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<Move, GameError> {
        self.play_with(|pos, legal| Ok::<_, GameError>(notation::parse_in(pos, text, legal)?))
            .map(|p| p.mv)
    }

    /// The one path every move takes: refuses a finished game, generates
    /// the legal moves once, lets `pick` choose one of them (from text, an
    /// object, a search...), plays it and returns the record entry, which
    /// holds its notation and the position after it. On error the game is
    /// unchanged.
    ///
    /// `pick` must return one of the moves it is given.
    ///
    /// ```
    /// use shashki::game::{Game, GameError};
    /// let mut game = Game::new();
    /// let played = game
    ///     .play_with(|_, legal| Ok::<_, GameError>(legal[0]))
    ///     .unwrap();
    /// assert_eq!(played.number, 1);
    /// assert_eq!(game.ply(), 1);
    /// ```
    pub fn play_with<E: From<GameError>>(
        &mut self,
        pick: impl FnOnce(&Position, &[Move]) -> Result<Move, E>,
    ) -> Result<&PlayedMove, E> {
        if self.status().is_over() {
            return Err(GameError::GameOver.into());
        }
        let pos = *self.position();
        let legal = pos.legal_moves();
        let picked = pick(&pos, &legal)?;
        let mv = *legal
            .iter()
            .find(|m| **m == picked)
            .ok_or(GameError::Illegal(IllegalMove(picked)))?;
        self.push(&pos, mv, &legal);
        Ok(&self.moves[self.cursor - 1])
    }

    fn push(&mut self, pos: &Position, mv: Move, legal: &[Move]) {
        let mover = pos.turn();
        if self.offer == Some(mover.opposite()) {
            // Moving instead of answering declines the offer.
            self.record(GameEvent::DrawDeclined(mover));
            self.offer = None;
        }
        if self.moves.get(self.cursor).is_some_and(|p| p.mv == mv) {
            self.cursor += 1;
            return;
        }
        self.truncate();
        let after = pos.play_unchecked(&mv);
        let counters = self.counters().after(pos, &mv, &after);
        let number = self.move_number(self.cursor);
        self.moves.push(PlayedMove {
            mv,
            notation: notation::write(&mv, legal),
            before: *pos,
            after,
            counters,
            number,
        });
        self.cursor += 1;
    }

    /// Drops every move and event after the cursor.
    fn truncate(&mut self) {
        self.moves.truncate(self.cursor);
        let c = self.cursor;
        self.events.retain(|(ply, _)| *ply <= c);
    }

    fn record(&mut self, e: GameEvent) {
        let c = self.cursor;
        let at = self.events.partition_point(|(ply, _)| *ply <= c);
        self.events.insert(at, (c, e));
    }

    /// The number of the move played from ply `ply` (0 = the start).
    ///
    /// ```
    /// use shashki::game::Game;
    /// let g = Game::new();
    /// assert_eq!((g.move_number(0), g.move_number(1), g.move_number(2)), (1, 1, 2));
    /// // Black begins: its first move is 1, White's reply is 2.
    /// let b = Game::from_fen("B:Wc3:Bf6").unwrap();
    /// assert_eq!((b.move_number(0), b.move_number(1)), (1, 2));
    /// ```
    pub fn move_number(&self, ply: usize) -> u32 {
        let ply = ply as u32;
        match self.start.turn() {
            Color::White => self.first_number + ply / 2,
            Color::Black => self.first_number + ply.div_ceil(2),
        }
    }

    /// How many times the current position (same pieces, same squares,
    /// same side to move) has stood on the board so far, this time included.
    pub fn repetitions(&self) -> u32 {
        let here = self.position();
        let mut n = 1;
        for pm in self.moves[..self.cursor].iter().rev() {
            // Positions before a capture or a man move never come back.
            if pm.mv.is_capture() || !pm.before.kings().contains(pm.mv.from()) {
                break;
            }
            if pm.before == *here {
                n += 1;
            }
        }
        n
    }

    /// The end of the game decided by the players at the cursor, if any.
    fn players_end(&self) -> Option<GameEvent> {
        self.events
            .iter()
            .rev()
            .take_while(|(ply, _)| *ply >= self.cursor)
            .filter(|(ply, _)| *ply == self.cursor)
            .map(|(_, e)| *e)
            .find(|e| {
                matches!(
                    e,
                    GameEvent::Resigned(_) | GameEvent::DrawAccepted(_) | GameEvent::FlagFell(_)
                )
            })
    }

    /// Where the game stands at the cursor: a resignation or agreed draw;
    /// else a win (the side to move has no piece, or no legal move),
    /// checked before any draw, so a win on the last counted move beats
    /// the draw; else a repetition; else a draw by one of the counts; else
    /// the game goes on.
    pub fn status(&self) -> Status {
        let pos = self.position();
        let turn = pos.turn();
        let mut counts = self.counters().counts(pos);
        counts.repetitions = self.repetitions();
        let counts = counts.with_move_numbers(self.move_number(self.cursor), turn);
        match self.players_end() {
            Some(GameEvent::Resigned(loser)) => {
                return Status::Win {
                    winner: loser.opposite(),
                    reason: WinReason::Resignation,
                    counts,
                }
            }
            Some(GameEvent::FlagFell(loser)) => {
                return Status::Win {
                    winner: loser.opposite(),
                    reason: WinReason::TimeForfeit,
                    counts,
                }
            }
            Some(GameEvent::DrawAccepted(_)) => {
                return Status::Draw {
                    reason: DrawReason::Agreement,
                    counts,
                }
            }
            _ => {}
        }
        if pos.pieces(turn).is_empty() {
            return Status::Win {
                winner: turn.opposite(),
                reason: WinReason::NoPieces,
                counts,
            };
        }
        if !pos.has_any_move() {
            return Status::Win {
                winner: turn.opposite(),
                reason: WinReason::NoMoves,
                counts,
            };
        }
        if counts.repetitions >= 3 {
            return Status::Draw {
                reason: DrawReason::Repetition,
                counts,
            };
        }
        if let Some(reason) = self.counters().draw(pos) {
            return Status::Draw { reason, counts };
        }
        Status::Ongoing {
            to_move: turn,
            counts,
        }
    }

    /// The moves up to the cursor.
    pub fn history(&self) -> &[PlayedMove] {
        &self.moves[..self.cursor]
    }

    /// The whole record, including moves after the cursor (redo-able).
    pub fn record_moves(&self) -> &[PlayedMove] {
        &self.moves
    }

    /// Every position from the start up to the current one, in order.
    pub fn position_history(&self) -> impl DoubleEndedIterator<Item = &Position> + '_ {
        std::iter::once(&self.start).chain(self.moves[..self.cursor].iter().map(|p| &p.after))
    }

    /// The positions since the last capture or man move, oldest first,
    /// the current one last: the only ones a repetition can involve.
    pub fn reversible_positions(&self) -> impl DoubleEndedIterator<Item = &Position> + '_ {
        let hist = &self.moves[..self.cursor];
        let from = hist
            .iter()
            .rposition(|p| p.mv.is_capture() || !p.before.kings().contains(p.mv.from()))
            .map_or(0, |i| i + 1);
        let first = if from == 0 {
            &self.start
        } else {
            &hist[from - 1].after
        };
        std::iter::once(first).chain(hist[from..].iter().map(|p| &p.after))
    }

    /// The number of moves (plies) up to the cursor.
    pub fn ply(&self) -> usize {
        self.cursor
    }

    /// The number of plies in the whole record.
    pub fn record_len(&self) -> usize {
        self.moves.len()
    }

    /// Steps back one ply; false at the start.
    pub fn undo(&mut self) -> bool {
        self.goto(self.cursor.wrapping_sub(1))
    }

    /// Steps forward one ply along the record; false at its end.
    pub fn redo(&mut self) -> bool {
        self.goto(self.cursor + 1)
    }

    /// Moves the cursor to `ply` (0 = the start); false if the record is
    /// shorter (the cursor does not move). An open draw offer lapses.
    ///
    /// ```
    /// use shashki::game::Game;
    /// let mut g = Game::new();
    /// for m in ["c3-d4", "f6-g5", "g3-h4"] {
    ///     g.play_text(m).unwrap();
    /// }
    /// assert!(g.goto(1));
    /// assert_eq!(g.ply(), 1);
    /// assert_eq!(g.record_len(), 3); // the later moves can be redone
    /// assert!(g.redo());
    /// assert_eq!(g.history()[1].notation, "f6-g5");
    /// assert!(!g.goto(4));
    /// ```
    pub fn goto(&mut self, ply: usize) -> bool {
        if ply > self.moves.len() {
            return false;
        }
        if ply != self.cursor {
            self.offer = None;
            self.cursor = ply;
        }
        true
    }

    /// `by` offers a draw. It stays open until the other side accepts or
    /// declines it, or plays a move instead. If the other side's offer is
    /// open, this accepts it.
    ///
    /// ```
    /// use shashki::game::{DrawReason, Game, Status};
    /// use shashki::Color;
    /// let mut g = Game::new();
    /// g.offer_draw(Color::White).unwrap();
    /// assert_eq!(g.draw_offer(), Some(Color::White));
    /// assert!(g.offer_draw(Color::White).is_err()); // already offered
    /// g.accept_draw().unwrap();
    /// assert!(matches!(g.status(), Status::Draw { reason: DrawReason::Agreement, .. }));
    /// ```
    pub fn offer_draw(&mut self, by: Color) -> Result<(), GameError> {
        if self.status().is_over() {
            return Err(GameError::GameOver);
        }
        match self.offer {
            Some(c) if c == by => Err(GameError::DrawAlreadyOffered(by)),
            Some(_) => self.accept_draw(),
            None => {
                self.record(GameEvent::DrawOffered(by));
                self.offer = Some(by);
                Ok(())
            }
        }
    }

    /// The other side accepts the open offer: the game is drawn by
    /// agreement (moves after the cursor are dropped).
    pub fn accept_draw(&mut self) -> Result<(), GameError> {
        if self.status().is_over() {
            return Err(GameError::GameOver);
        }
        let by = self.offer.ok_or(GameError::NoDrawOffer)?;
        self.truncate();
        self.record(GameEvent::DrawAccepted(by.opposite()));
        self.offer = None;
        Ok(())
    }

    /// The other side declines the open offer.
    pub fn decline_draw(&mut self) -> Result<(), GameError> {
        if self.status().is_over() {
            return Err(GameError::GameOver);
        }
        let by = self.offer.ok_or(GameError::NoDrawOffer)?;
        self.record(GameEvent::DrawDeclined(by.opposite()));
        self.offer = None;
        Ok(())
    }

    /// The side whose draw offer is open, if any.
    pub fn draw_offer(&self) -> Option<Color> {
        self.offer
    }

    /// `side` resigns: the other side wins (moves after the cursor are dropped).
    ///
    /// ```
    /// use shashki::game::Game;
    /// use shashki::Color;
    /// let mut g = Game::new();
    /// g.resign(Color::Black).unwrap();
    /// assert_eq!(g.status().winner(), Some(Color::White));
    /// assert_eq!(g.status().result_text(), "2-0");
    /// assert_eq!(g.play_text("c3-d4").unwrap_err().code(), "game_over");
    /// ```
    pub fn resign(&mut self, side: Color) -> Result<(), GameError> {
        if self.status().is_over() {
            return Err(GameError::GameOver);
        }
        self.truncate();
        self.record(GameEvent::Resigned(side));
        self.offer = None;
        Ok(())
    }

    /// `side`'s clock ran out: `side` loses the game on time.
    ///
    /// The Russian Draughts Federation's rules count running out of the
    /// time for the game as a loss and make no exception for a position the
    /// opponent could not win (unlike chess), so neither does this: the
    /// flag fall always loses (docs/play.md, "Clocks").
    ///
    /// ```
    /// use shashki::game::{Game, Status, WinReason};
    /// use shashki::Color;
    /// let mut g = Game::new();
    /// g.play_text("c3-d4").unwrap();
    /// g.lose_on_time(Color::Black).unwrap();
    /// assert!(matches!(
    ///     g.status(),
    ///     Status::Win { winner: Color::White, reason: WinReason::TimeForfeit, .. }
    /// ));
    /// assert!(g.to_pdn().contains("[Termination \"time forfeit\"]"));
    /// assert_eq!(g.lose_on_time(Color::White).unwrap_err().code(), "game_over");
    /// ```
    pub fn lose_on_time(&mut self, side: Color) -> Result<(), GameError> {
        if self.status().is_over() {
            return Err(GameError::GameOver);
        }
        self.truncate();
        self.record(GameEvent::FlagFell(side));
        self.offer = None;
        Ok(())
    }

    /// Everything the players did besides moving, with the ply (number of
    /// moves played) at which it happened.
    pub fn events(&self) -> &[(usize, GameEvent)] {
        &self.events
    }

    /// Sets a PDN tag (replacing one of the same name). `Result`, `FEN`
    /// and `GameType` are written from the game itself and are ignored here.
    ///
    /// ```
    /// use shashki::game::Game;
    /// let mut g = Game::new();
    /// g.set_tag("White", "Ivanov");
    /// g.set_tag("White", "Petrov"); // replaces
    /// g.set_tag("Result", "2-0"); // derived from the game: ignored
    /// assert_eq!(g.tag("White"), Some("Petrov"));
    /// assert_eq!(g.tags().len(), 1);
    /// ```
    pub fn set_tag(&mut self, name: &str, value: &str) {
        if DERIVED_TAGS.iter().any(|t| t.eq_ignore_ascii_case(name)) {
            return;
        }
        match self.tag_index.get(name) {
            Some(&i) => self.tags[i].1 = value.to_string(),
            None => {
                self.tag_index.insert(name.to_string(), self.tags.len());
                self.tags.push((name.to_string(), value.to_string()));
            }
        }
    }

    /// The PDN tags set on this game, in order (without the derived ones).
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of tag `name`, if set.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tag_index.get(name).map(|&i| self.tags[i].1.as_str())
    }
}
