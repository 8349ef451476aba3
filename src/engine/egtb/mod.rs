//! Endgame tables: every ending of up to five pieces, solved exactly under
//! the game's own draw counts ([`DrawCounters`]).
//!
//! # What a table says
//!
//! For every position of a material (both sides to move) with **fresh
//! counts** — the counts as [`DrawCounters::new`] sets them, which is also
//! what they are right after the capture or crowning that created the
//! material — the table stores:
//!
//! * the result for the side to move: win, draw or loss, with every
//!   automatic draw of `src/game/draws.rs` applied (repetition only ever
//!   helps the defender, and the winner's fastest line never repeats a
//!   position, so it cannot change a result);
//! * the distance: plies to the end of the game (the loser has no piece or
//!   no move) when the winner plays fastest and the loser slowest, every
//!   count running;
//! * a threshold on the material's *clock* (below): the largest clock value
//!   at which the result still holds. With it the engine reads the exact
//!   result under the running counts of a game, not only fresh ones.
//!
//! Positions where the side to move must capture are not stored: the probe
//! plays the captures out (a capture resets every count that can run in
//! these materials) and reads the smaller tables.
//!
//! # The model: why it is exact
//!
//! The result under running counts is a function of the position and of
//! the counts that can still matter. Read against `draws.rs`, with at most
//! four pieces:
//!
//! * **Rule 5** (only king moves, 15 moves each with 4-5 pieces) runs in
//!   every 4-piece position; a man move or a capture resets it.
//! * **Rule 4** (kings on both sides, no capture or crowning: 5 moves each
//!   with 2-3 pieces, 30 with 4) runs when both sides have a king, which is
//!   a property of the material; a capture or crowning changes the
//!   material, so its count is the plies spent in the material, and it is
//!   *not* reset by a man move.
//! * **Rule 2** (three kings against a lone king, 15 moves) can only hold
//!   in three kings against one king, where there is no man: its count is
//!   a function of rule 5's plies and the side to move.
//! * **Rule 3** (lone king on the main road against three pieces, 5 moves)
//!   depends on where the pieces stand, lapses and restarts, and survives a
//!   crowning (the three pieces stay three): its count (0-4) is a
//!   dimension of the 3-against-king materials.
//!
//! So each material has a *clock*: rule 5's plies (30 values) with four
//! pieces, rule 4's plies (10 values) with 2-3 pieces and kings on both
//! sides, none otherwise. The builder solves the states
//! (position, clock, main-road count) exactly; they form no cycle (each
//! ply raises the clock or moves a man, which cannot be undone), so one
//! memoised pass settles them with exact distances. Materials without a
//! clock (2-3 pieces, not both sides with kings: no count can run) are
//! solved by the classic retrograde passes; their draws are cycles.
//!
//! Four-piece materials with kings on both sides and a man ("dual") carry
//! two counts that reset on different events (rule 5 on a man move, rule 4
//! only on a capture or crowning). Rule 4 is then kept exactly as a
//! threshold: for each state (position, rule-5 plies, main-road count) the
//! largest rule-4 ply count at which the result holds (a win with more
//! plies left is still a win, so this is a cut). The stored threshold of a
//! dual material is on rule 4's plies with rule 5 at zero. The distance of
//! a dual material reads each child's distance at fresh rule-4 plies, so
//! it is exact where rule 4 does not bind on the fastest line (the
//! cross-check found no difference on 359 such positions); the result
//! itself is exact.
//!
//! # Five pieces
//!
//! With five pieces rule 3 cannot hold (it needs exactly three against
//! one) and rules 4 and 5 run as with four (60 and 30 plies). What is new
//! is that **rule 2's count can survive a change of material**: three
//! kings and a man against a king become four kings against a king by a
//! crowning, and three kings against a king when the lone king takes the
//! man; four kings against a king become three when it takes a king. The
//! count goes on in each case (`draws.rs`), so those children are not
//! fresh. The builder handles it thus:
//!
//! * In the materials without men where rule 2 runs (three and four kings
//!   against a king) rule 2 falls no later than rule 5 (15 of the stronger
//!   side's moves against 30 plies), so a running rule-2 count of `s`
//!   moves is the same as the state whose clock is [`model::lone_clock`]
//!   `(s)`: the builder keeps every clock of these two materials and reads
//!   the child there. The probe does the same when the game's rule-2
//!   count is ahead of what rule 5's plies imply.
//! * Three kings and a man against a king is a dual material (rule 5 and
//!   rule 4's plies); from its start rule 2's count follows rule 4's plies,
//!   so the threshold on them is capped at the stronger side's 15th move,
//!   and a child into which rule 2 runs on is read at the clock each rule-4
//!   count leads to.
//! * Materials where one side has no king cannot hold a count (that side
//!   moves a man every turn, which also makes the states acyclic): no
//!   clock.
//!
//! A five-piece material is entered with fresh counts, but for rule 2's,
//! which may run in from six pieces (four kings and a man against a king
//! losing a king): the probe then answers `None`.
//!
//! What the shipped five-piece files with men keep (docs/endgame-tables.md, "Files"):
//! results and thresholds, no distances ([`Probe::plies`] is `None`);
//! in the dual materials the rule-4 threshold rounded down to 16 plies (a
//! lower bound: above it the probe answers `None`, never "draw"); in the
//! materials without a count one side to move only, the other read by one
//! ply of search ([`format::Packing::derived`]). They are coded by
//! [`coder`] (format version 4).
//!
//! # Probing under running counts
//!
//! [`Tables::probe`] takes the game's [`DrawCounters`] and answers only
//! when they fit the model: the clock is read from them (rule 5's or rule
//! 4's plies), a running main-road count must be 0, rule 2's count must be
//! the one the clock implies, a dual material needs rule 5 at 0; otherwise
//! it answers `None` and the search goes on without the table. An answer
//! is exact: "win" means the win fits in the counts left.

#[cfg(feature = "tools")]
pub mod build;
pub mod coder;
pub mod files;
pub mod format;
pub mod index;
pub mod model;
pub mod play;

pub use format::{FormatError, TableFile};
pub use index::Material;

use crate::game::draws::main_road_side;
use crate::game::DrawCounters;
use crate::movegen::MoveList;
use crate::position::Position;
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::RwLock;

/// Threshold value meaning "whatever the clock".
pub const THR_ANY: u8 = 63;

/// A result for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Win,
    Draw,
    Loss,
}

impl Kind {
    /// `win`, `draw`, `loss`.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Win => "win",
            Kind::Draw => "draw",
            Kind::Loss => "loss",
        }
    }

    /// The result for the other side.
    pub fn negate(self) -> Kind {
        match self {
            Kind::Win => Kind::Loss,
            Kind::Draw => Kind::Draw,
            Kind::Loss => Kind::Win,
        }
    }
}

/// One stored position: result, distance in plies, clock threshold.
/// Bits 0-1 the result (0 not stored, 1 win, 2 loss, 3 draw), 2-7 the
/// threshold, 8-15 the distance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry(pub u16);

impl Entry {
    pub const NONE: Entry = Entry(0);

    pub fn new(kind: Kind, dtm: u32, thr: u8) -> Entry {
        let k = match kind {
            Kind::Win => 1,
            Kind::Loss => 2,
            Kind::Draw => 3,
        };
        let dtm = if kind == Kind::Draw { 0 } else { dtm };
        let thr = if kind == Kind::Draw { THR_ANY } else { thr };
        Entry(k | u16::from(thr.min(THR_ANY)) << 2 | (dtm as u16) << 8)
    }

    /// The result, `None` for a position that is not stored.
    pub fn kind(self) -> Option<Kind> {
        match self.0 & 3 {
            1 => Some(Kind::Win),
            2 => Some(Kind::Loss),
            3 => Some(Kind::Draw),
            _ => None,
        }
    }

    /// Plies to the end with fresh counts (0 for a draw).
    pub fn dtm(self) -> u32 {
        u32::from(self.0 >> 8)
    }

    /// The largest clock at which the result holds ([`THR_ANY`]: any).
    pub fn thr(self) -> u8 {
        ((self.0 >> 2) & 63) as u8
    }
}

/// A result with fresh counts, captures played out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    pub kind: Kind,
    /// Plies to the end (0 for a draw); `None` when the file holds no
    /// distances (the shipped five-piece files with men, see
    /// docs/endgame-tables.md).
    pub plies: Option<u32>,
}

impl Probe {
    /// The side to move's own moves to the end (`None` for a draw, or
    /// when the distance is not in the file).
    pub fn moves(&self) -> Option<u32> {
        match self.kind {
            Kind::Draw => None,
            _ => self.plies.map(|p| p.div_ceil(2)),
        }
    }
}

/// Why a position could not be probed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProbeError {
    /// More pieces than the tables hold, or a material with no file.
    Missing(String),
    /// A table block failed to unpack.
    Damaged(String),
}

impl std::fmt::Display for ProbeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProbeError::Missing(s) | ProbeError::Damaged(s) => f.write_str(s),
        }
    }
}

/// A set of loaded tables.
#[derive(Default)]
pub struct Tables {
    files: HashMap<Material, TableFile>,
}

impl Tables {
    /// No tables.
    pub fn new() -> Tables {
        Tables::default()
    }

    /// Adds one file's bytes (checked: magic, header, checksum).
    pub fn add(&mut self, bytes: &[u8]) -> Result<Material, FormatError> {
        let f = TableFile::parse(bytes)?;
        let m = f.material;
        self.files.insert(m, f);
        Ok(m)
    }

    /// Loads every `*.egtb` file of a folder; a damaged file is skipped
    /// and named in the returned list of problems.
    pub fn load_dir(dir: &Path) -> (Tables, Vec<String>) {
        let mut t = Tables::new();
        let mut problems = Vec::new();
        let Ok(rd) = std::fs::read_dir(dir) else {
            problems.push(format!("{}: cannot read the folder", dir.display()));
            return (t, problems);
        };
        let mut paths: Vec<_> = rd
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "egtb"))
            .collect();
        paths.sort();
        for p in paths {
            match std::fs::read(&p)
                .map_err(|e| e.to_string())
                .and_then(|b| t.add(&b).map_err(|e| e.to_string()))
            {
                Ok(_) => {}
                Err(e) => problems.push(format!("{}: {e}", p.display())),
            }
        }
        (t, problems)
    }

    /// Packs every block again, so that later probes answer as those of
    /// a freshly loaded set (see [`forget_unpacked`]).
    pub fn forget_unpacked(&mut self) {
        for f in self.files.values_mut() {
            f.forget_unpacked();
        }
    }

    /// How many blocks are unpacked now, over all files.
    pub fn unpacked_blocks(&self) -> usize {
        self.files.values().map(TableFile::unpacked_blocks).sum()
    }

    /// How many bytes the unpacked blocks take, over all files.
    pub fn unpacked_bytes(&self) -> usize {
        self.files.values().map(TableFile::unpacked_bytes).sum()
    }

    /// How many materials are loaded.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// True when no table is loaded.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The loaded materials.
    pub fn materials(&self) -> impl Iterator<Item = &Material> {
        self.files.keys()
    }

    /// The stored entry of a position without a pending capture.
    pub fn entry(&self, pos: &Position) -> Result<Entry, ProbeError> {
        self.entry_in(pos, true)?
            .ok_or_else(|| ProbeError::Damaged(format!("table {} is damaged", Material::of(pos))))
    }

    /// The stored entry, or `Ok(None)` when its block is damaged or, with
    /// `unpack` unset, still packed.
    fn entry_in(&self, pos: &Position, unpack: bool) -> Result<Option<Entry>, ProbeError> {
        let m = Material::of(pos);
        if !m.canonical() {
            return self.entry_in(&index::flip(pos), unpack);
        }
        let f = self
            .files
            .get(&m)
            .ok_or_else(|| ProbeError::Missing(format!("no table for {m}")))?;
        Ok(f.entry_in(pos.turn() as usize * m.size() + m.index(pos), unpack))
    }

    /// The result and distance with fresh counts (what `shashki egtb
    /// probe` prints). Pending captures are played out.
    pub fn probe_fresh(&self, pos: &Position) -> Result<Probe, ProbeError> {
        if pos.pieces(pos.turn()).is_empty() || !pos.has_any_move() {
            return Ok(Probe {
                kind: Kind::Loss,
                plies: Some(0),
            });
        }
        if pos.has_capture() {
            return self.fresh_by_search(pos);
        }
        let e = self.entry(pos)?;
        if e.kind().is_none() && self.derived(pos) {
            return self.fresh_by_search(pos);
        }
        let kind = e
            .kind()
            .ok_or_else(|| ProbeError::Damaged("a quiet position is missing".into()))?;
        let m = Material::of(pos);
        let m = if m.canonical() { m } else { m.flipped() };
        let has = self.files.get(&m).is_some_and(|f| f.has_distances);
        Ok(Probe {
            kind,
            plies: has.then(|| e.dtm()),
        })
    }

    /// The best of the children's fresh results (a pending capture, or a
    /// position of a half that is not stored). `pos` has a move.
    fn fresh_by_search(&self, pos: &Position) -> Result<Probe, ProbeError> {
        let mut list = MoveList::new();
        pos.generate_moves(&mut list);
        let mut best: Option<Probe> = None;
        let mut unknown = [false; 3];
        for mv in list.iter() {
            let c = self.probe_fresh(&pos.play_unchecked(mv))?;
            let mine = Probe {
                kind: c.kind.negate(),
                plies: if c.kind == Kind::Draw {
                    Some(0)
                } else {
                    c.plies.map(|p| p + 1)
                },
            };
            unknown[mine.kind as usize] |= mine.plies.is_none();
            best = Some(match best {
                None => mine,
                Some(b) => better(b, mine),
            });
        }
        let mut best = best.expect("a position with a move");
        // The fastest win (longest loss) is known only if every move with
        // that result has a known distance.
        if unknown[best.kind as usize] {
            best.plies = None;
        }
        Ok(best)
    }

    /// The best of the children's results under the counts each move
    /// leaves, or `None` if one of them has no answer. `pos` has a move.
    fn by_search(&self, pos: &Position, counts: &DrawCounters, unpack: bool) -> Option<Kind> {
        let mut list = MoveList::new();
        pos.generate_moves(&mut list);
        let mut best = Kind::Loss;
        for mv in list.iter() {
            let next = pos.play_unchecked(mv);
            let k = self
                .probe_in(&next, &counts.after(pos, mv, &next), unpack)?
                .negate();
            if k == Kind::Win {
                return Some(Kind::Win);
            }
            if k == Kind::Draw {
                best = Kind::Draw;
            }
        }
        Some(best)
    }

    /// True when `pos` lies in the half of its file that is not stored
    /// ([`format::Packing::derived`]).
    fn derived(&self, pos: &Position) -> bool {
        let m = Material::of(pos);
        let (m, turn) = if m.canonical() {
            (m, pos.turn())
        } else {
            (m.flipped(), pos.turn().opposite())
        };
        self.files.get(&m).is_some_and(|f| f.derived == Some(turn))
    }

    /// The exact result under the game's running counts, or `None` when
    /// the material is not loaded or the counts do not fit the model (see
    /// the module docs). `counts` belong to `pos`.
    pub fn probe(&self, pos: &Position, counts: &DrawCounters) -> Option<Kind> {
        self.probe_in(pos, counts, true)
    }

    /// [`Tables::probe`], which with `unpack` unset answers only from
    /// blocks already unpacked (`None` otherwise).
    pub fn probe_in(&self, pos: &Position, counts: &DrawCounters, unpack: bool) -> Option<Kind> {
        if pos.pieces(pos.turn()).is_empty() || !pos.has_any_move() {
            return Some(Kind::Loss);
        }
        if pos.kings().any() && counts.draw(pos).is_some() {
            return Some(Kind::Draw);
        }
        if pos.piece_count() > index::MAX_PIECES {
            return None;
        }
        if pos.has_capture() {
            return self.by_search(pos, counts, unpack);
        }
        let m = Material::of(pos);
        let e = self.entry_in(pos, unpack).ok()??;
        if e.kind().is_none() && self.derived(pos) {
            return self.by_search(pos, counts, unpack);
        }
        let kind = e.kind()?;
        if kind == Kind::Draw {
            // A draw with fresh counts stays one when counts have run.
            return Some(Kind::Draw);
        }
        let model = model::Model::of(&m);
        if model.clock == 1 {
            return Some(kind);
        }
        if main_road_side(pos).is_some() && counts.main_road().map(|x| x.1) != Some(0) {
            return None;
        }
        let k5 = counts.kings_only_plies();
        let b4 = counts.balance_plies();
        // The clock the table's state is read at (module docs, "Probing").
        let clock = if model.clock == 10 {
            b4
        } else if let Some(strong) = model.lone {
            let (side, moves) = counts.lone_king()?;
            if side != strong {
                return None;
            }
            let strong_to_move = pos.turn() == strong;
            if model.dual {
                // Rule 2's count follows rule 4's plies from the material's
                // start, and the threshold is on them.
                if moves != model::lone_moves(b4, strong_to_move) {
                    return None;
                }
                k5
            } else {
                // No man: rule 2 falls first; its count stands as the clock
                // while rule 5's has not run further (module docs).
                if model::lone_moves(k5, strong_to_move) == moves {
                    k5
                } else {
                    let c = model::lone_clock(moves, strong_to_move) as u32;
                    if k5 > c {
                        return None;
                    }
                    c
                }
            }
        } else {
            k5
        };
        // A rounded threshold (format version 3) is a lower bound: above
        // it the result is not known.
        let rounded = self.quantum(&m) > 1;
        let x = if model.dual {
            if e.thr() != THR_ANY && b4 > u32::from(e.thr()) {
                // Drawn with rule 5 at zero, so drawn with it running too.
                return if rounded { None } else { Some(Kind::Draw) };
            }
            if clock != 0 {
                return None;
            }
            b4
        } else {
            if model.clock == 30 && m.both_kings() && model.lone.is_none() && b4 != clock {
                return None;
            }
            clock
        };
        if e.thr() == THR_ANY || x <= u32::from(e.thr()) {
            Some(kind)
        } else if rounded {
            None
        } else {
            Some(Kind::Draw)
        }
    }

    /// The threshold quantum of a material's file (1: exact).
    fn quantum(&self, m: &Material) -> u8 {
        let m = if m.canonical() { *m } else { m.flipped() };
        self.files.get(&m).map_or(1, |f| f.quantum)
    }
}

/// The better of two results for the side choosing: a win (fastest), a
/// draw, a loss (slowest).
fn better(a: Probe, b: Probe) -> Probe {
    let plies = |p: &Probe| i64::from(p.plies.unwrap_or(0));
    let rank = |p: &Probe| match p.kind {
        Kind::Win => (2, -plies(p)),
        Kind::Draw => (1, 0),
        Kind::Loss => (0, plies(p)),
    };
    if rank(&b) > rank(&a) {
        b
    } else {
        a
    }
}

static INSTALLED: RwLock<Option<Tables>> = RwLock::new(None);

/// The memory the search's probes may fill with unpacked blocks, in
/// bytes, unless [`set_unpacked_limit`] says otherwise: 128 MB. All 45
/// shipped files unpacked take 279 MB (8 992 blocks, a byte an entry), and
/// an engine that stays up (the browser's Worker, `shashki engine`) would
/// otherwise grow towards that game after game, in every Worker of a page.
pub const UNPACKED_LIMIT: usize = 128 << 20;

static LIMIT: AtomicUsize = AtomicUsize::new(UNPACKED_LIMIT);

/// Sets the limit on the memory of unpacked blocks (bytes; the default is
/// [`UNPACKED_LIMIT`]). At the limit the search's probes unpack nothing
/// more (they answer from the blocks already unpacked, as the probes near
/// the leaves always do), and the next search packs them all again first
/// ([`keep_unpacked_within_limit`]). The root's move and the pages'
/// verdicts read the tables in full whatever the limit.
pub fn set_unpacked_limit(bytes: usize) {
    LIMIT.store(bytes, Ordering::Relaxed);
}

/// The limit on the memory of unpacked blocks (bytes), as last set.
pub fn unpacked_limit() -> usize {
    LIMIT.load(Ordering::Relaxed)
}

/// Packs every block again if the unpacked ones have reached the limit
/// (see [`set_unpacked_limit`]); every search calls it before it starts.
pub fn keep_unpacked_within_limit() {
    if unpacked_bytes() >= unpacked_limit() {
        forget_unpacked();
    }
}

/// Makes `tables` the ones the engine probes (replacing any earlier set).
pub fn install(tables: Tables) {
    if let Ok(mut g) = INSTALLED.write() {
        *g = Some(tables);
    }
}

/// `f` of the installed tables, if there are any and `pos` has few
/// enough pieces for them (checked before the lock is taken).
fn with_installed<R>(pos: &Position, f: impl FnOnce(&Tables) -> Option<R>) -> Option<R> {
    if pos.piece_count() > index::MAX_PIECES {
        return None;
    }
    f(INSTALLED.read().ok()?.as_ref()?)
}

/// The engine's probe: the exact result under the running counts, if the
/// installed tables answer (see [`Tables::probe`]).
pub fn probe(pos: &Position, counts: &DrawCounters) -> Option<Kind> {
    with_installed(pos, |t| t.probe(pos, counts))
}

/// [`probe`], answering only from blocks already unpacked when `unpack`
/// is unset (the search's probe near the leaves, see
/// [`crate::engine::search`]).
pub fn probe_in(pos: &Position, counts: &DrawCounters, unpack: bool) -> Option<Kind> {
    with_installed(pos, |t| {
        let unpack = unpack && t.unpacked_bytes() < unpacked_limit();
        t.probe_in(pos, counts, unpack)
    })
}

/// Packs every block of the installed tables again. The search's probes
/// near the leaves answer only from blocks already unpacked, so without
/// this a search's result would depend on what earlier searches of the
/// process unpacked; [`crate::engine::Engine::clear`] (a new game) calls
/// it, so that a kept engine answers a new game as a fresh process does.
pub fn forget_unpacked() {
    if let Ok(mut g) = INSTALLED.write() {
        if let Some(t) = g.as_mut() {
            t.forget_unpacked();
        }
    }
}

/// How many blocks of the installed tables are unpacked now.
pub fn unpacked_blocks() -> usize {
    INSTALLED
        .read()
        .map(|g| g.as_ref().map_or(0, Tables::unpacked_blocks))
        .unwrap_or(0)
}

/// How many bytes the unpacked blocks of the installed tables take now.
pub fn unpacked_bytes() -> usize {
    INSTALLED
        .read()
        .map(|g| g.as_ref().map_or(0, Tables::unpacked_bytes))
        .unwrap_or(0)
}

/// The installed tables' fresh-count result (for display), if any.
pub fn probe_installed_fresh(pos: &Position) -> Option<Probe> {
    with_installed(pos, |t| t.probe_fresh(pos).ok())
}

/// True when tables are installed.
pub fn installed() -> bool {
    INSTALLED
        .read()
        .map(|g| g.as_ref().is_some_and(|t| !t.is_empty()))
        .unwrap_or(false)
}
