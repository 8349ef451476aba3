//! PDN (Portable Draughts Notation) for Russian draughts: games out and in.
//!
//! Written: the tags (`Event`, `Site`, `Date`, `Round`, `White`, `Black`
//! when known, then `Result`, `GameType "25"`, `FEN` when the game did not
//! start from the starting position, then every other tag in its order),
//! a blank line, the numbered moves in Russian notation (`1. c3-d4 f6-g5
//! 2. ...`, `1... f6-g5` when Black moves first) wrapped at 80 columns, and
//! the result: `2-0` (White won), `0-2` (Black won), `1-1` (draw) or `*`
//! (not finished). The moves are those up to the cursor.
//!
//! Read: one game or many. Tags may be in any order; `{comments}`,
//! `(variations)` (nested too), `;` line comments, `%` escape lines,
//! NAGs (`$1`), move numbers (`12.`, `12...`, also glued to the move:
//! `12.c3-d4`) and `!`/`?` marks are skipped. Moves may be written in any
//! form the notation reader knows (`x` or `:`, ends only or every landing
//! square, numeric squares). Results are read as `2-0`, `0-2`, `1-1` and
//! also `1-0`, `0-1`, `1/2-1/2`, `*`. Every move is checked against the
//! rules; a finished game whose final position is not over by the rules
//! is recorded as ended by resignation (a win) or agreement (a draw), or,
//! for a win with a `Termination` tag saying `time forfeit`, as a flag fall.
//! A game lost on time is written with `[Termination "time forfeit"]`.
//! Anything wrong gives a [`PdnError`] naming the game, the line, the move
//! number and the text; nothing is half loaded.

use super::game::{Game, GameError, DERIVED_TAGS};
use super::status::Status;
use crate::error_detail::{DetailParams, ErrorDetail};
use crate::fen::FenError;
use crate::position::Position;
use crate::square::Color;
use std::fmt;

/// Largest PDN text accepted, in bytes.
pub const MAX_PDN_BYTES: usize = 16 << 20;
/// Longest game accepted, in plies.
pub const MAX_PLIES: usize = 2000;
/// Longest tag name or value accepted, in bytes.
pub const MAX_TAG_LEN: usize = 1024;

/// Why a PDN text could not be read. `game` is the 1-based number of the
/// game in the text, `line` the 1-based line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PdnError {
    /// The text is larger than [`MAX_PDN_BYTES`].
    TooLarge { bytes: usize },
    /// The text holds no game.
    NoGame,
    /// Broken structure: an unclosed comment, variation or tag, a stray
    /// `)`, an over-long tag.
    Syntax {
        game: usize,
        line: usize,
        /// A stable code for the problem (one of the `pdn*` codes of
        /// [`ErrorDetail::CODES`]).
        kind: &'static str,
        /// The tag name, for a problem inside a tag.
        name: Option<String>,
        message: String,
    },
    /// A tag whose value cannot be used (a bad `FEN`, a `GameType` other
    /// than Russian draughts, an unknown `Result`).
    BadTag {
        game: usize,
        line: usize,
        name: String,
        value: String,
        reason: String,
        /// For a `FEN` tag: why the FEN could not be read.
        fen: Option<Box<FenError>>,
    },
    /// A move that is not legal, or not a move (the move number is the
    /// one printed in the game, `ply` counts from 1).
    Move {
        game: usize,
        line: usize,
        number: u32,
        ply: usize,
        color: Color,
        text: String,
        error: GameError,
    },
    /// The result written for the game contradicts its final position
    /// (e.g. `2-0` where the rules already drew the game).
    ResultMismatch {
        game: usize,
        line: usize,
        written: String,
        status: String,
    },
    /// The result at the end of the moves differs from the `Result` tag.
    ResultConflict {
        game: usize,
        line: usize,
        tag: String,
        token: String,
    },
    /// More than [`MAX_PLIES`] plies.
    TooLong { game: usize, line: usize },
}

impl PdnError {
    /// A stable machine word for the kind of error.
    pub fn code(&self) -> &'static str {
        match self {
            PdnError::TooLarge { .. } => "too_large",
            PdnError::NoGame => "no_game",
            PdnError::Syntax { .. } => "syntax",
            PdnError::BadTag { .. } => "bad_tag",
            PdnError::Move { .. } => "bad_move",
            PdnError::ResultMismatch { .. } => "result_mismatch",
            PdnError::ResultConflict { .. } => "result_conflict",
            PdnError::TooLong { .. } => "too_long",
        }
    }

    /// The error as a stable code and the facts it names: the game and
    /// line, and by kind the tag name and value, the move number, side and
    /// text (with the move's own detail as `inner`), the results.
    pub fn detail(&self) -> ErrorDetail {
        let at = |game: usize, line: usize| DetailParams {
            game: Some(game),
            line: Some(line),
            ..DetailParams::default()
        };
        match self {
            PdnError::TooLarge { bytes } => {
                ErrorDetail::too_long("pdnTooLarge", *bytes, MAX_PDN_BYTES)
            }
            PdnError::NoGame => ErrorDetail::new("pdnNoGame"),
            PdnError::Syntax {
                game,
                line,
                kind,
                name,
                ..
            } => ErrorDetail::with(
                kind,
                DetailParams {
                    name: name.clone(),
                    ..at(*game, *line)
                },
            ),
            PdnError::BadTag {
                game,
                line,
                name,
                value,
                fen,
                ..
            } => {
                let params = DetailParams {
                    name: Some(name.chars().take(100).collect()),
                    value: Some(value.chars().take(100).collect()),
                    ..at(*game, *line)
                };
                match fen {
                    Some(e) => ErrorDetail::with("pdnTagFen", params).wrapping(e.detail()),
                    None if name.eq_ignore_ascii_case("GameType") => {
                        ErrorDetail::with("pdnTagGameType", params)
                    }
                    None => ErrorDetail::with("pdnTagResult", params),
                }
            }
            PdnError::Move {
                game,
                line,
                number,
                color,
                text,
                error,
                ..
            } => ErrorDetail::with(
                "pdnMove",
                DetailParams {
                    number: Some(*number),
                    side: Some(color.name()),
                    text: Some(text.clone()),
                    ..at(*game, *line)
                },
            )
            .wrapping(error.detail()),
            PdnError::ResultMismatch {
                game,
                line,
                written,
                ..
            } => ErrorDetail::with(
                "pdnResultMismatch",
                DetailParams {
                    text: Some(written.clone()),
                    ..at(*game, *line)
                },
            ),
            PdnError::ResultConflict {
                game,
                line,
                tag,
                token,
            } => ErrorDetail::with(
                "pdnResultConflict",
                DetailParams {
                    value: Some(tag.clone()),
                    text: Some(token.clone()),
                    ..at(*game, *line)
                },
            ),
            PdnError::TooLong { game, line } => ErrorDetail::with(
                "pdnTooLong",
                DetailParams {
                    limit: Some(MAX_PLIES),
                    ..at(*game, *line)
                },
            ),
        }
    }

    /// The 1-based number of the game the error is in, if any.
    pub fn game(&self) -> Option<usize> {
        match self {
            PdnError::TooLarge { .. } | PdnError::NoGame => None,
            PdnError::Syntax { game, .. }
            | PdnError::BadTag { game, .. }
            | PdnError::Move { game, .. }
            | PdnError::ResultMismatch { game, .. }
            | PdnError::ResultConflict { game, .. }
            | PdnError::TooLong { game, .. } => Some(*game),
        }
    }
}

impl fmt::Display for PdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdnError::TooLarge { bytes } => write!(
                f,
                "PDN text too large: {bytes} bytes (at most {MAX_PDN_BYTES})"
            ),
            PdnError::NoGame => write!(f, "no game found in the PDN text"),
            PdnError::Syntax {
                game,
                line,
                message,
                ..
            } => write!(f, "game {game}, line {line}: {message}"),
            PdnError::BadTag {
                game,
                line,
                name,
                value,
                reason,
                ..
            } => write!(
                f,
                "game {game}, line {line}: bad tag [{name} \"{value}\"]: {reason}"
            ),
            PdnError::Move {
                game,
                line,
                number,
                color,
                text,
                error,
                ..
            } => {
                let dots = if *color == Color::White { "." } else { "..." };
                write!(
                    f,
                    "game {game}, line {line}, move {number}{dots} {text}: {error}"
                )
            }
            PdnError::ResultMismatch {
                game,
                line,
                written,
                status,
            } => write!(
                f,
                "game {game}, line {line}: result {written} contradicts the final position ({status})"
            ),
            PdnError::ResultConflict {
                game,
                line,
                tag,
                token,
            } => write!(
                f,
                "game {game}, line {line}: the moves end with {token} but the Result tag says {tag}"
            ),
            PdnError::TooLong { game, line } => {
                write!(f, "game {game}, line {line}: more than {MAX_PLIES} plies")
            }
        }
    }
}

impl std::error::Error for PdnError {}

/// A game result as written in PDN.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Win(Color),
    Draw,
    Unknown,
}

fn read_result(s: &str) -> Option<Outcome> {
    match s {
        "2-0" | "1-0" => Some(Outcome::Win(Color::White)),
        "0-2" | "0-1" => Some(Outcome::Win(Color::Black)),
        "1-1" | "1/2-1/2" | "½-½" => Some(Outcome::Draw),
        "*" => Some(Outcome::Unknown),
        _ => None,
    }
}

/// One lexical item of PDN text.
#[derive(Debug)]
enum Token<'a> {
    Tag { name: String, value: String },
    Word(&'a str),
}

struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    game: usize,
}

impl<'a> Lexer<'a> {
    fn syntax(
        &self,
        kind: &'static str,
        name: Option<&str>,
        message: impl Into<String>,
    ) -> PdnError {
        PdnError::Syntax {
            game: self.game,
            line: self.line,
            kind,
            name: name.map(|n| n.chars().take(100).collect()),
            message: message.into(),
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    /// A syntax error in the tag `name`: "tag [name ...]" and then `what`.
    fn tag_error(&self, kind: &'static str, name: &str, what: &str) -> PdnError {
        self.syntax(kind, Some(name), format!("tag [{name} ...]{what}"))
    }

    /// Spaces and tabs (not line ends) inside a tag.
    fn skip_blanks(&mut self) {
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
    }

    fn at_line_start(&self) -> bool {
        self.pos == 0 || self.text.as_bytes()[self.pos - 1] == b'\n'
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    fn skip_comment(&mut self) -> Result<(), PdnError> {
        let line = self.line;
        self.bump(); // '{'
        loop {
            match self.bump() {
                Some('}') => return Ok(()),
                Some(_) => {}
                None => {
                    return Err(PdnError::Syntax {
                        game: self.game,
                        line,
                        kind: "pdnCommentOpen",
                        name: None,
                        message: "a comment '{' is never closed".into(),
                    })
                }
            }
        }
    }

    fn skip_variation(&mut self) -> Result<(), PdnError> {
        let line = self.line;
        let mut depth = 0usize;
        loop {
            match self.peek() {
                Some('(') => {
                    depth += 1;
                    self.bump();
                }
                Some(')') => {
                    depth -= 1;
                    self.bump();
                    if depth == 0 {
                        return Ok(());
                    }
                }
                Some('{') => self.skip_comment()?,
                Some(';') => self.skip_line(),
                Some(_) => {
                    self.bump();
                }
                None => {
                    return Err(PdnError::Syntax {
                        game: self.game,
                        line,
                        kind: "pdnVariationOpen",
                        name: None,
                        message: "a variation '(' is never closed".into(),
                    })
                }
            }
        }
    }

    fn read_tag(&mut self) -> Result<Token<'a>, PdnError> {
        self.bump(); // '['
        self.skip_blanks();
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-')
        {
            self.bump();
        }
        let name = self.text[start..self.pos].to_string();
        if name.is_empty() {
            return Err(self.syntax(
                "pdnTagNoName",
                None,
                "a tag must start with a name: [Name \"value\"]",
            ));
        }
        if name.len() > MAX_TAG_LEN {
            return Err(self.syntax("pdnTagNameLong", None, "tag name too long"));
        }
        self.skip_blanks();
        if self.peek() != Some('"') {
            return Err(self.tag_error(
                "pdnTagUnquoted",
                &name,
                ": the value must be in double quotes",
            ));
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('\\') => match self.bump() {
                    Some(c) => value.push(c),
                    None => break,
                },
                Some('"') => break,
                Some('\n') | None => {
                    return Err(self.tag_error(
                        "pdnTagValueOpen",
                        &name,
                        ": the value is never closed",
                    ))
                }
                Some(c) => value.push(c),
            }
            if value.len() > MAX_TAG_LEN {
                return Err(self.tag_error("pdnTagValueLong", &name, ": value too long"));
            }
        }
        self.skip_blanks();
        if self.peek() != Some(']') {
            return Err(self.tag_error("pdnTagNotClosed", &name, " is not closed with ']'"));
        }
        self.bump();
        Ok(Token::Tag { name, value })
    }

    /// The next token, with the line it starts on.
    fn next(&mut self) -> Result<Option<(Token<'a>, usize)>, PdnError> {
        loop {
            let Some(c) = self.peek() else {
                return Ok(None);
            };
            match c {
                c if c.is_whitespace() || c == '\u{feff}' => {
                    self.bump();
                }
                '%' if self.at_line_start() => self.skip_line(),
                ';' => self.skip_line(),
                '{' => self.skip_comment()?,
                '(' => self.skip_variation()?,
                ')' => {
                    return Err(self.syntax("pdnStrayParen", None, "')' without a '(' before it"))
                }
                '}' => {
                    return Err(self.syntax("pdnStrayBrace", None, "'}' without a '{' before it"))
                }
                '[' => {
                    let line = self.line;
                    return Ok(Some((self.read_tag()?, line)));
                }
                '$' => {
                    self.bump();
                    while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        self.bump();
                    }
                }
                _ => {
                    let line = self.line;
                    let start = self.pos;
                    while self.peek().is_some_and(|c| {
                        !c.is_whitespace() && !matches!(c, '{' | '(' | ')' | ';' | '[' | '$')
                    }) {
                        self.bump();
                    }
                    return Ok(Some((Token::Word(&self.text[start..self.pos]), line)));
                }
            }
        }
    }
}

/// Splits a leading move number (`12.`, `12...`) off a word. Returns the
/// rest (possibly empty) when there was one.
fn strip_move_number(word: &str) -> Option<&str> {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return None;
    }
    let rest = &word[digits..];
    let after = rest.trim_start_matches('.');
    if after.len() == rest.len() {
        return None; // no dot: a numeric move such as 22-18
    }
    Some(after)
}

/// A game being read.
struct Reader {
    number: usize,
    tags: Vec<(String, String, usize)>,
    moves: Vec<(String, usize)>,
    token: Option<(Outcome, String, usize)>,
}

impl Reader {
    fn new(number: usize) -> Reader {
        Reader {
            number,
            tags: Vec::new(),
            moves: Vec::new(),
            token: None,
        }
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.moves.is_empty() && self.token.is_none()
    }

    fn build(self) -> Result<Game, PdnError> {
        let g = self.number;
        let mut start = Position::start();
        let mut tag_result = None;
        let mut on_time = false;
        let mut last_line = 1;
        for (name, value, line) in &self.tags {
            last_line = *line;
            let bad_fen = |reason: String, fen: Option<Box<FenError>>| PdnError::BadTag {
                game: g,
                line: *line,
                name: name.clone(),
                value: value.clone(),
                reason,
                fen,
            };
            let bad = |reason: String| bad_fen(reason, None);
            if name.eq_ignore_ascii_case("FEN") {
                start = Position::from_fen(value)
                    .map_err(|e: FenError| bad_fen(e.to_string(), Some(Box::new(e))))?;
            } else if name.eq_ignore_ascii_case("GameType") {
                let kind = value.split(',').next().unwrap_or("").trim();
                if kind != "25" {
                    return Err(bad(format!(
                        "game type {kind} is not Russian draughts (25)"
                    )));
                }
            } else if name.eq_ignore_ascii_case("Termination") {
                on_time = is_time_forfeit(value);
            } else if name.eq_ignore_ascii_case("Result") {
                let r = read_result(value.trim())
                    .ok_or_else(|| bad("expected 2-0, 0-2, 1-1, 1-0, 0-1, 1/2-1/2 or *".into()))?;
                tag_result = Some((r, value.trim().to_string()));
            }
        }
        let mut game = Game::from_position(start);
        for (name, value, _) in &self.tags {
            if !DERIVED_TAGS.iter().any(|t| t.eq_ignore_ascii_case(name)) {
                game.set_tag(name, value);
            }
        }
        for (text, line) in &self.moves {
            last_line = *line;
            if game.ply() >= MAX_PLIES {
                return Err(PdnError::TooLong {
                    game: g,
                    line: *line,
                });
            }
            let ply = game.ply();
            let color = game.position().turn();
            if let Err(error) = game.play_text(text) {
                return Err(PdnError::Move {
                    game: g,
                    line: *line,
                    number: game.move_number(ply),
                    ply: ply + 1,
                    color,
                    text: text.chars().take(100).collect(),
                    error,
                });
            }
        }
        let result = match (&self.token, &tag_result) {
            (Some((t, tt, line)), Some((r, rt))) => {
                last_line = *line;
                if t != r && *t != Outcome::Unknown && *r != Outcome::Unknown {
                    return Err(PdnError::ResultConflict {
                        game: g,
                        line: *line,
                        tag: rt.clone(),
                        token: tt.clone(),
                    });
                }
                if *t == Outcome::Unknown {
                    Some((*r, rt.clone()))
                } else {
                    Some((*t, tt.clone()))
                }
            }
            (Some((t, tt, line)), None) => {
                last_line = *line;
                Some((*t, tt.clone()))
            }
            (None, r) => r.clone(),
        };
        if let Some((outcome, written)) = result {
            let status = game.status();
            let mismatch = || PdnError::ResultMismatch {
                game: g,
                line: last_line,
                written: written.clone(),
                status: status.to_string(),
            };
            match (outcome, status) {
                (Outcome::Unknown, _) => {}
                (Outcome::Win(w), Status::Win { winner, .. }) if w == winner => {}
                (Outcome::Draw, Status::Draw { .. }) => {}
                (Outcome::Win(w), Status::Ongoing { .. }) if on_time => {
                    game.lose_on_time(w.opposite()).map_err(|_| mismatch())?;
                }
                (Outcome::Win(w), Status::Ongoing { .. }) => {
                    game.resign(w.opposite()).map_err(|_| mismatch())?;
                }
                (Outcome::Draw, Status::Ongoing { to_move, .. }) => {
                    game.offer_draw(to_move.opposite())
                        .and_then(|_| game.accept_draw())
                        .map_err(|_| mismatch())?;
                }
                _ => return Err(mismatch()),
            }
        }
        Ok(game)
    }
}

/// Reads every game of a PDN text. Fails as a whole on the first error.
pub fn parse_games(text: &str) -> Result<Vec<Game>, PdnError> {
    if text.len() > MAX_PDN_BYTES {
        return Err(PdnError::TooLarge { bytes: text.len() });
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lex = Lexer {
        text,
        pos: 0,
        line: 1,
        game: 1,
    };
    let mut games = Vec::new();
    let mut cur = Reader::new(1);
    while let Some((tok, line)) = lex.next()? {
        match tok {
            Token::Tag { name, value } => {
                if !cur.moves.is_empty() || cur.token.is_some() {
                    // A tag after the moves starts the next game.
                    let done = std::mem::replace(&mut cur, Reader::new(games.len() + 2));
                    games.push(done.build()?);
                    lex.game = games.len() + 1;
                }
                cur.tags.push((name, value, line));
            }
            Token::Word(w) => {
                if let Some(outcome) = read_result(w) {
                    cur.token = Some((outcome, w.to_string(), line));
                    let done = std::mem::replace(&mut cur, Reader::new(games.len() + 2));
                    games.push(done.build()?);
                    lex.game = games.len() + 1;
                    continue;
                }
                let mv = match strip_move_number(w) {
                    Some("") => continue,
                    Some(rest) => rest,
                    None => w,
                };
                cur.moves.push((mv.to_string(), line));
            }
        }
    }
    if !cur.is_empty() {
        games.push(cur.build()?);
    }
    Ok(games)
}

/// The `Termination` value written for a game lost on time (PGN's word).
pub const TIME_FORFEIT: &str = "time forfeit";

/// Does a `Termination` tag's value say the game was lost on time?
fn is_time_forfeit(value: &str) -> bool {
    let v = value.trim().to_ascii_lowercase();
    v == TIME_FORFEIT || v == "time" || v == "time_forfeit"
}

fn escape(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    for c in v.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' | '\r' | '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Tags written first, in this order, when the game has them.
const FIRST_TAGS: [&str; 6] = ["Event", "Site", "Date", "Round", "White", "Black"];

/// Wraps move text at this many columns.
pub const LINE_WIDTH: usize = 80;

impl Game {
    /// Reads the first game of a PDN text (see [`parse_games`] for many).
    ///
    /// ```
    /// use shashki::game::Game;
    /// let g = Game::from_pdn("[White \"A\"]\n1. c3-d4 f6-g5 2. g3-h4 *").unwrap();
    /// assert_eq!(g.ply(), 3);
    /// assert_eq!(g.tag("White"), Some("A"));
    /// let again = Game::from_pdn(&g.to_pdn()).unwrap();
    /// assert_eq!(again.position(), g.position());
    /// assert_eq!(Game::from_pdn("1. c3-c5 *").unwrap_err().code(), "bad_move");
    /// ```
    pub fn from_pdn(text: &str) -> Result<Game, PdnError> {
        parse_games(text)?
            .into_iter()
            .next()
            .ok_or(PdnError::NoGame)
    }

    /// The game as PDN (see the [module docs](self) for the form), with the
    /// moves up to the cursor.
    pub fn to_pdn(&self) -> String {
        let mut out = String::new();
        let mut tag = |name: &str, value: &str| {
            out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
        };
        for name in FIRST_TAGS {
            if let Some(v) = self.tag(name) {
                tag(name, v);
            }
        }
        let status = self.status();
        let result = status.result_text();
        let on_time = matches!(
            status,
            Status::Win {
                reason: super::status::WinReason::TimeForfeit,
                ..
            }
        );
        tag("Result", result);
        tag("GameType", "25");
        if *self.start_position() != Position::start() {
            tag("FEN", &self.start_position().fen());
        }
        if on_time {
            tag("Termination", TIME_FORFEIT);
        }
        // The opening tag is the engine's name for the opening on the board
        // (so the export agrees with every page); an imported tag stays
        // only when no named opening is recognised.
        let opening = self.opening().map(|o| o.ru);
        for (name, value) in self.tags() {
            let derived = on_time && name.eq_ignore_ascii_case("Termination");
            if !FIRST_TAGS.contains(&name.as_str()) && !derived {
                match opening {
                    Some(o) if name == "Opening" => tag(name, o),
                    _ => tag(name, value),
                }
            }
        }
        if let Some(o) = opening.filter(|_| self.tag("Opening").is_none()) {
            tag("Opening", o);
        }
        out.push('\n');
        let mut words: Vec<String> = Vec::with_capacity(self.ply() * 3 / 2 + 2);
        // A move number stays on the line of its move.
        for (i, pm) in self.history().iter().enumerate() {
            words.push(match pm.color() {
                Color::White => format!("{}. {}", pm.number, pm.notation),
                Color::Black if i == 0 => format!("{}... {}", pm.number, pm.notation),
                Color::Black => pm.notation.clone(),
            });
        }
        words.push(result.to_string());
        let mut line_len = 0;
        for w in words {
            if line_len > 0 && line_len + 1 + w.chars().count() > LINE_WIDTH {
                out.push('\n');
                line_len = 0;
            }
            if line_len > 0 {
                out.push(' ');
                line_len += 1;
            }
            out.push_str(&w);
            line_len += w.chars().count();
        }
        out.push('\n');
        out
    }
}

/// Writes many games as one PDN text, separated by blank lines.
pub fn write_games<'a>(games: impl IntoIterator<Item = &'a Game>) -> String {
    games
        .into_iter()
        .map(Game::to_pdn)
        .collect::<Vec<_>>()
        .join("\n")
}
