//! The tables as separate files for a program that fetches them one at a
//! time (the browser's bot Worker): which files a position can need, and
//! adding one file's bytes to the installed set. The parsing and checks
//! are [`super::Tables::add`]'s; this only names and routes.

use super::index::Material;
use super::{FormatError, Tables, INSTALLED};
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
/// pieces (docs/endgame-tables.md).
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
