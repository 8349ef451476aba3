//! A second, deliberately naive move generator, written only for the tests.
//!
//! It shares no code with `src/movegen.rs`: the board is a plain
//! `[[Option<NPiece>; 8]; 8]` indexed by `[file][rank]` (a1 = `[0][0]`), it
//! talks to the crate only through FEN text and square names, and the capture
//! search follows the rules sentence by sentence, trading speed for
//! obviousness:
//!
//! - men step one square diagonally forward; kings fly any distance;
//! - capture is compulsory, and any capture may be chosen;
//! - men capture forwards and backwards over a neighbouring enemy;
//! - a king captures from any distance over one enemy with free squares
//!   behind it, and lands on any of them, except that when some of those
//!   squares let the capture go on, it must land on one of those;
//! - jumped pieces stay on the board until the move ends: they block the
//!   way (Turkish strike) and cannot be jumped twice;
//! - a man reaching the far row during a capture is a king at once and goes
//!   on capturing as a king; it stays a king;
//! - a capture sequence goes on while any jump is possible;
//! - two sequences with the same start, end and captured set are one move.

#![allow(dead_code)]

pub mod random;

use std::collections::{BTreeMap, BTreeSet};

/// A side, independent of the crate's `Color`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
    /// +1 when forward is towards rank 8.
    fn forward(self) -> i8 {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }
    /// The rank (0-based) where this side's men are crowned.
    fn crown_rank(self) -> i8 {
        match self {
            Side::White => 7,
            Side::Black => 0,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NPiece {
    pub side: Side,
    pub king: bool,
}

/// (file, rank), both 0..8; a1 = (0, 0), h8 = (7, 7).
pub type Coord = (i8, i8);

const DIRECTIONS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

pub fn on_board(c: Coord) -> bool {
    (0..8).contains(&c.0) && (0..8).contains(&c.1)
}

fn step(c: Coord, d: (i8, i8)) -> Coord {
    (c.0 + d.0, c.1 + d.1)
}

/// `c3` for (2, 2).
pub fn name(c: Coord) -> String {
    format!("{}{}", (b'a' + c.0 as u8) as char, c.1 + 1)
}

/// (2, 2) for `c3`; panics on anything else (test helper, trusted input).
pub fn coord(name: &str) -> Coord {
    let b = name.as_bytes();
    assert_eq!(b.len(), 2, "square name {name:?}");
    let c = ((b[0] - b'a') as i8, (b[1] - b'1') as i8);
    assert!(
        on_board(c) && (c.0 + c.1) % 2 == 0,
        "not a dark square: {name}"
    );
    c
}

/// A move of the naive generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NMove {
    pub from: Coord,
    pub to: Coord,
    pub captured: BTreeSet<Coord>,
    pub crowns: bool,
    /// One path: start and every landing square.
    pub path: Vec<Coord>,
}

/// What both generators must agree on: start, end, captured squares
/// (sorted names) and whether a man is crowned.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MoveKey {
    pub from: String,
    pub to: String,
    pub captured: Vec<String>,
    pub crowns: bool,
}

impl std::fmt::Display for MoveKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}{}{}",
            self.from,
            if self.captured.is_empty() { "-" } else { ":" },
            self.to
        )?;
        if !self.captured.is_empty() {
            write!(f, " x[{}]", self.captured.join(","))?;
        }
        if self.crowns {
            write!(f, " crowns")?;
        }
        Ok(())
    }
}

impl NMove {
    pub fn key(&self) -> MoveKey {
        let mut captured: Vec<String> = self.captured.iter().map(|&c| name(c)).collect();
        captured.sort();
        MoveKey {
            from: name(self.from),
            to: name(self.to),
            captured,
            crowns: self.crowns,
        }
    }
}

/// The key of a move of the crate's generator.
pub fn key_of(m: &shashki::Move) -> MoveKey {
    let mut captured: Vec<String> = m.captured().map(|s| s.to_string()).collect();
    captured.sort();
    MoveKey {
        from: m.from().to_string(),
        to: m.to().to_string(),
        captured,
        crowns: m.crowns(),
    }
}

/// A board and a side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub cells: [[Option<NPiece>; 8]; 8],
    pub turn: Side,
}

impl Board {
    pub fn empty(turn: Side) -> Board {
        Board {
            cells: [[None; 8]; 8],
            turn,
        }
    }

    pub fn at(&self, c: Coord) -> Option<NPiece> {
        self.cells[c.0 as usize][c.1 as usize]
    }

    pub fn set(&mut self, c: Coord, p: Option<NPiece>) {
        self.cells[c.0 as usize][c.1 as usize] = p;
    }

    /// Reads the algebraic FEN the crate writes (`W:Wa1,Kc3:Bh8`), with its
    /// own tiny parser.
    pub fn from_fen(fen: &str) -> Board {
        let mut fields = fen.trim().split(':');
        let turn = match fields.next() {
            Some("W") => Side::White,
            Some("B") => Side::Black,
            other => panic!("naive FEN reader: bad side {other:?} in {fen}"),
        };
        let mut board = Board::empty(turn);
        for field in fields {
            let (side, list) = match field.split_at(1) {
                ("W", rest) => (Side::White, rest),
                ("B", rest) => (Side::Black, rest),
                _ => panic!("naive FEN reader: bad field {field:?} in {fen}"),
            };
            for item in list.split(',').filter(|s| !s.is_empty()) {
                let (king, sq) = match item.strip_prefix('K') {
                    Some(rest) => (true, rest),
                    None => (false, item),
                };
                let c = coord(sq);
                assert!(board.at(c).is_none(), "naive FEN reader: {sq} twice");
                board.set(c, Some(NPiece { side, king }));
            }
        }
        board
    }

    /// Writes the FEN in the crate's style: algebraic, sorted by file then rank.
    pub fn to_fen(&self) -> String {
        let list = |side: Side| {
            let mut items = Vec::new();
            for f in 0..8 {
                for r in 0..8 {
                    if let Some(p) = self.at((f, r)) {
                        if p.side == side {
                            let k = if p.king { "K" } else { "" };
                            items.push(format!("{k}{}", name((f, r))));
                        }
                    }
                }
            }
            items.join(",")
        };
        let t = match self.turn {
            Side::White => "W",
            Side::Black => "B",
        };
        format!("{t}:W{}:B{}", list(Side::White), list(Side::Black))
    }

    pub fn from_position(p: &shashki::Position) -> Board {
        Board::from_fen(&p.fen())
    }

    pub fn to_position(&self) -> shashki::Position {
        shashki::Position::from_fen(&self.to_fen()).expect("naive board is a legal position")
    }

    pub fn count(&self, side: Side) -> usize {
        self.cells
            .iter()
            .flatten()
            .filter(|p| p.is_some_and(|p| p.side == side))
            .count()
    }

    /// Every legal move: the captures when there is one, else the quiet moves.
    pub fn moves(&self) -> Vec<NMove> {
        let captures = self.captures();
        if !captures.is_empty() {
            return captures;
        }
        self.quiet_moves()
    }

    /// The legal move keys, sorted.
    pub fn keys(&self) -> BTreeSet<MoveKey> {
        self.moves().iter().map(NMove::key).collect()
    }

    /// The pieces of the side to move, file by file.
    fn own_pieces(&self) -> impl Iterator<Item = (Coord, NPiece)> + '_ {
        (0..8)
            .flat_map(|f| (0..8).map(move |r| (f, r)))
            .filter_map(|from| self.at(from).map(|p| (from, p)))
            .filter(|(_, p)| p.side == self.turn)
    }

    pub fn quiet_moves(&self) -> Vec<NMove> {
        let mut out = Vec::new();
        for (from, p) in self.own_pieces() {
            if p.king {
                for d in DIRECTIONS {
                    let mut to = step(from, d);
                    while on_board(to) && self.at(to).is_none() {
                        out.push(quiet(from, to, false));
                        to = step(to, d);
                    }
                }
            } else {
                for df in [-1, 1] {
                    let to = (from.0 + df, from.1 + p.side.forward());
                    if on_board(to) && self.at(to).is_none() {
                        out.push(quiet(from, to, to.1 == p.side.crown_rank()));
                    }
                }
            }
        }
        out
    }

    /// Every capture of the side to move, one per (from, to, captured set).
    pub fn captures(&self) -> Vec<NMove> {
        let mut out = Vec::new();
        for (from, p) in self.own_pieces() {
            // The moving piece has left its square: lift it off the board.
            let mut lifted = self.clone();
            lifted.set(from, None);
            let mut s = Search {
                board: &lifted,
                side: p.side,
                from,
                found: BTreeMap::new(),
            };
            let mut captured = Vec::new();
            let mut path = vec![from];
            s.search(from, p.king, &mut captured, &mut path, false);
            out.extend(s.found.into_values());
        }
        out
    }

    /// The board after `m` (trusted to be one of `self.moves()`).
    pub fn play(&self, m: &NMove) -> Board {
        let mut b = self.clone();
        let p = b.at(m.from).expect("a piece on the start square");
        b.set(m.from, None);
        for &c in &m.captured {
            b.set(c, None);
        }
        b.set(
            m.to,
            Some(NPiece {
                side: p.side,
                king: p.king || m.crowns,
            }),
        );
        b.turn = b.turn.other();
        b
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}

fn quiet(from: Coord, to: Coord, crowns: bool) -> NMove {
    NMove {
        from,
        to,
        captured: BTreeSet::new(),
        crowns,
        path: vec![from, to],
    }
}

/// One jump available from a square: the piece jumped and where the jumper
/// may land.
struct Jump {
    over: Coord,
    landings: Vec<Coord>,
}

struct Search<'a> {
    /// The board with the moving piece lifted off; captured pieces stay on it.
    board: &'a Board,
    side: Side,
    from: Coord,
    /// (to, captured) -> move.
    found: BTreeMap<(Coord, BTreeSet<Coord>), NMove>,
}

impl Search<'_> {
    fn is_enemy(&self, c: Coord) -> bool {
        self.board.at(c).is_some_and(|p| p.side != self.side)
    }

    fn is_empty(&self, c: Coord) -> bool {
        self.board.at(c).is_none()
    }

    /// The jumps open to a man or king standing on `at`, given the pieces
    /// already jumped in this move.
    fn jumps(&self, at: Coord, king: bool, captured: &[Coord]) -> Vec<Jump> {
        let mut out = Vec::new();
        for d in DIRECTIONS {
            if king {
                // Slide over empty squares to the first piece on the line.
                let mut s = step(at, d);
                while on_board(s) && self.is_empty(s) {
                    s = step(s, d);
                }
                if !on_board(s) || !self.is_enemy(s) || captured.contains(&s) {
                    // Edge, own piece, or a piece already jumped (it still
                    // stands there and blocks the line).
                    continue;
                }
                let mut landings = Vec::new();
                let mut t = step(s, d);
                while on_board(t) && self.is_empty(t) {
                    landings.push(t);
                    t = step(t, d);
                }
                if !landings.is_empty() {
                    out.push(Jump { over: s, landings });
                }
            } else {
                let over = step(at, d);
                let land = step(over, d);
                if on_board(land)
                    && self.is_enemy(over)
                    && !captured.contains(&over)
                    && self.is_empty(land)
                {
                    out.push(Jump {
                        over,
                        landings: vec![land],
                    });
                }
            }
        }
        out
    }

    fn search(
        &mut self,
        at: Coord,
        king: bool,
        captured: &mut Vec<Coord>,
        path: &mut Vec<Coord>,
        crowned: bool,
    ) {
        let jumps = self.jumps(at, king, captured);
        if jumps.is_empty() {
            if !captured.is_empty() {
                self.record(at, captured, path, crowned);
            }
            return;
        }
        for jump in jumps {
            captured.push(jump.over);
            if king {
                // Landing rule: where some landings allow a further jump,
                // only those are allowed.
                let going_on: Vec<Coord> = jump
                    .landings
                    .iter()
                    .copied()
                    .filter(|&l| !self.jumps(l, true, captured).is_empty())
                    .collect();
                let allowed = if going_on.is_empty() {
                    jump.landings.clone()
                } else {
                    going_on
                };
                for l in allowed {
                    path.push(l);
                    self.search(l, true, captured, path, crowned);
                    path.pop();
                }
            } else {
                let l = jump.landings[0];
                // A man reaching the far row is crowned at once and goes on as a king.
                let now_king = l.1 == self.side.crown_rank();
                path.push(l);
                self.search(l, now_king, captured, path, crowned || now_king);
                path.pop();
            }
            captured.pop();
        }
    }

    fn record(&mut self, to: Coord, captured: &[Coord], path: &[Coord], crowns: bool) {
        let set: BTreeSet<Coord> = captured.iter().copied().collect();
        assert_eq!(set.len(), captured.len(), "a piece was jumped twice");
        let key = (to, set.clone());
        if let Some(old) = self.found.get(&key) {
            assert_eq!(
                old.crowns,
                crowns,
                "two capture paths from {} to {} take the same pieces, one crowning and one not",
                name(self.from),
                name(to)
            );
            return;
        }
        self.found.insert(
            key,
            NMove {
                from: self.from,
                to,
                captured: set,
                crowns,
                path: path.to_vec(),
            },
        );
    }
}
