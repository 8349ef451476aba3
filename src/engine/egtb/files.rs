//! The tables as separate files for a program that fetches them one at a
//! time (the browser's bot Worker): which files a position can need, and
//! adding one file's bytes to the installed set. The parsing and checks
//! are [`super::Tables::add`]'s; this only names and routes.

use super::build::Model;
use super::index::Material;
use super::{FormatError, Kind, Probe, Tables, INSTALLED};
use crate::game::{DrawCounters, Game, Status};
use crate::position::Position;

/// The most pieces a table holds.
pub const MAX_PIECES: u32 = super::index::MAX_PIECES;

/// The file name of a material's table (`w1k0m-b3k0m.egtb`): the file of
/// the material or of its colour mirror, whichever is stored.
pub fn file_name(m: &Material) -> String {
    let m = if m.canonical() { *m } else { m.flipped() };
    format!("{m}.egtb")
}

/// The (kings, men) one side can have later, from (k, m) now: men can
/// crown or be taken, kings can be taken, a king never becomes a man.
fn side_futures(k: u8, m: u8) -> Vec<(u8, u8)> {
    let mut v = Vec::new();
    for m2 in 0..=m {
        for k2 in 0..=k + (m - m2) {
            if k2 + m2 > 0 {
                v.push((k2, m2));
            }
        }
    }
    v
}

/// True for the materials the shipped set holds: every one of up to five
/// pieces (README, "Endgame tables").
pub fn shipped(m: &Material) -> bool {
    m.pieces() <= MAX_PIECES
}

/// The files a game in this material can need from now on: its own and
/// every smaller material it can turn into by captures and crownings
/// (sorted, no repeats). Empty for a material the set does not hold
/// ([`shipped`]).
pub fn files_for_material(m: &Material) -> Vec<String> {
    if !shipped(m) || m.wk + m.wm == 0 || m.bk + m.bm == 0 {
        return Vec::new();
    }
    let mut names = Vec::new();
    for (wk, wm) in side_futures(m.wk, m.wm) {
        for (bk, bm) in side_futures(m.bk, m.bm) {
            names.push(file_name(&Material { wk, wm, bk, bm }));
        }
    }
    crate::sort::sort(&mut names);
    names.dedup();
    names
}

/// [`files_for_material`] of a position.
pub fn files_for(pos: &Position) -> Vec<String> {
    files_for_material(&Material::of(pos))
}

/// Why a table file given as bytes was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AddError {
    /// The bytes are not a sound table file (truncated, damaged, foreign).
    Format(FormatError),
    /// A sound file, but of another material than its name says.
    WrongName { name: String, holds: String },
}

impl std::fmt::Display for AddError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AddError::Format(e) => e.fmt(f),
            AddError::WrongName { name, holds } => {
                write!(f, "the file named {name} holds the table {holds}")
            }
        }
    }
}

impl std::error::Error for AddError {}

/// Checks one file's bytes (magic, header, checksum, and that it is the
/// material `name` says) and adds it to the tables the engine probes,
/// keeping those already there. Returns the material's file name. A
/// refused file changes nothing.
pub fn add_installed(name: &str, bytes: &[u8]) -> Result<String, AddError> {
    let mut one = Tables::new();
    let m = one.add(bytes).map_err(AddError::Format)?;
    let holds = file_name(&m);
    if holds != name {
        return Err(AddError::WrongName {
            name: name.to_string(),
            holds,
        });
    }
    let file = one
        .files
        .remove(&m)
        .ok_or_else(|| AddError::Format(FormatError::BadHeader("no material".into())))?;
    if let Ok(mut g) = INSTALLED.write() {
        g.get_or_insert_with(Tables::new).files.insert(m, file);
    }
    Ok(holds)
}

/// The names of the installed files, sorted.
pub fn installed_files() -> Vec<String> {
    let mut v: Vec<String> = INSTALLED
        .read()
        .ok()
        .and_then(|g| g.as_ref().map(|t| t.materials().map(file_name).collect()))
        .unwrap_or_default();
    crate::sort::sort(&mut v);
    v
}

/// What the tables say about a game's current position, for display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The result for the side to move under the game's running counts.
    pub kind: Kind,
    /// The side to move's own moves to the end, when known exactly: the
    /// file holds distances and either no count can run in the material
    /// or the counts are fresh (as set up from a FEN or right after a
    /// capture). `None` for a draw.
    pub moves: Option<u32>,
}

/// Whether `plies`, the fresh-count distance of `pos` (what the file
/// holds), is also its distance under the running `counts`, given that the
/// result under the counts is the fresh one. True when the counts are fresh
/// (as set up from a FEN), when a capture is pending (every count that can
/// run restarts after it), and, outside the "dual" materials, when the
/// whole fastest line fits before any running count can fall: then no line
/// of the fastest strategy is cut, so it is still fastest. Nearer the end
/// of the count the distance can grow (a longer line through a capture or
/// crowning, which restarts the count, wins instead); the builder counts
/// the positions where a running clock changes the distance although the
/// line fits, and finds none (`Solved::unstable_distances`; figures in the
/// README). In the dual materials (kings on both sides and a man) rule 4
/// can bind on the fastest line, so there only fresh counts are exact.
pub fn exact_distance(pos: &Position, counts: &DrawCounters, plies: u32) -> bool {
    counts == &DrawCounters::new(pos)
        || pos.has_capture()
        || (!Model::of(&Material::of(pos)).dual
            && counts.plies_to_draw(pos).is_none_or(|left| plies < left))
}

/// The installed tables' verdict on `game`'s position, or `None` when they
/// do not decide it (too many pieces, a file not loaded, counts outside
/// the tables' model, and not every move judged). A game already over is
/// not judged. When the counts are outside the model at this position
/// (a running main-road count) but every move is judged, the verdict is
/// the best of the moves' results.
pub fn verdict(game: &Game) -> Option<Verdict> {
    let pos = game.position();
    if pos.piece_count() > MAX_PIECES || !matches!(game.status(), Status::Ongoing { .. }) {
        return None;
    }
    let counts = game.counters();
    let g = INSTALLED.read().ok()?;
    let tables = g.as_ref()?;
    let Some(kind) = tables.probe(pos, &counts) else {
        let moves = super::play::table_moves_in(tables, game)?;
        if moves.len() != pos.legal_moves().len() {
            return None;
        }
        let best = moves.first()?;
        return Some(Verdict {
            kind: best.kind,
            moves: best.moves(),
        });
    };
    let fresh: Option<Probe> = tables.probe_fresh(pos).ok();
    let moves = match fresh {
        Some(p) if p.kind == kind && p.plies.is_some_and(|d| exact_distance(pos, &counts, d)) => {
            p.moves()
        }
        _ => None,
    };
    Some(Verdict { kind, moves })
}
