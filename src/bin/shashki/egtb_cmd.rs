//! `shashki egtb build|probe`: the endgame tables.

use crate::args::Args;
use serde_json::json;
use shashki::engine::egtb::{self, build, format, Material, Tables};
use shashki::{Color, Position};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Where the tables live in the project (the pages load them from there too).
pub const DEFAULT_DIR: &str = "www/egtb";

pub fn egtb(argv: &[String]) -> Result<ExitCode, String> {
    let Some((sub, rest)) = argv.split_first() else {
        return Err(
            "usage: shashki egtb build [--pieces N] [--max-men N] [--out DIR] [--distances N] [--threads N] [--block N] [--quantum Q] | probe [--dir DIR] | repack --from DIR --out DIR [--distances N] | convert [--dir DIR] [--materials LIST] [--positions N] [--seed S] [--ms MS] [--levels 1,4,6] [--nodes N] [--eval W=V,...] [--engine-tables]"
                .into(),
        );
    };
    match sub.as_str() {
        "build" => build_cmd(rest),
        "probe" => probe_cmd(rest),
        "repack" => repack_cmd(rest),
        "convert" => crate::convert_cmd::convert(rest),
        other => Err(format!(
            "unknown egtb command '{other}' (build, probe, repack or convert)"
        )),
    }
}

fn build_cmd(argv: &[String]) -> Result<ExitCode, String> {
    let a = Args::parse(argv, &[])?;
    a.only(&[
        "pieces",
        "out",
        "distances",
        "threads",
        "quantum",
        "block",
        "max-men",
    ])?;
    let packing = packing_args(&a)?;
    let pieces = a.number::<u32>("pieces")?.unwrap_or(5);
    // Of the largest materials, those with at most this many men (default:
    // all; `--max-men 0` builds the five-piece kings-only ones in minutes).
    let max_men = a.number::<u32>("max-men")?.unwrap_or(pieces);
    let distances = a.number::<u32>("distances")?.unwrap_or(SHIPPED_DISTANCES);
    let threads = a.threads_or_cores()?;
    if !(2..=5).contains(&pieces) {
        return Err(format!(
            "--pieces {pieces}: the exact count model covers 2 to 5 pieces (see docs/endgame-tables.md)"
        ));
    }
    let out = PathBuf::from(a.value("out").unwrap_or(DEFAULT_DIR));
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let start = std::time::Instant::now();
    let mut total = 0usize;
    let mut err = None;
    build::build_all(
        pieces,
        max_men,
        threads,
        |m: &Material, s: &build::Solved| {
            let planes = if keeps_distances(m, distances) { 2 } else { 1 };
            let bytes = encode_smallest(m, &s.entries, planes, packing(m));
            total += bytes.len();
            let path = out.join(format!("{m}.egtb"));
            if let Err(e) = std::fs::write(&path, &bytes) {
                err.get_or_insert(format!("{}: {e}", path.display()));
            }
            let (w, d, l) = s
                .entries
                .iter()
                .fold((0, 0, 0), |(w, d, l), e| match e.kind() {
                    Some(egtb::Kind::Win) => (w + 1, d, l),
                    Some(egtb::Kind::Draw) => (w, d + 1, l),
                    Some(egtb::Kind::Loss) => (w, d, l + 1),
                    None => (w, d, l),
                });
            eprintln!(
            "{m}: {w} won, {d} drawn, {l} lost; {} bytes; distances changed by a running clock: {} (where the fastest line fits: {}); {:.1} s",
            bytes.len(),
            s.changed_distances,
            s.unstable_distances,
            start.elapsed().as_secs_f64()
        );
        },
    );
    if let Some(e) = err {
        return Err(e);
    }
    eprintln!(
        "done: {total} bytes in {}, {:.1} s",
        out.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

/// The shipped files keep distances up to this many pieces (and in the
/// five-piece materials without men, [`keeps_distances`]): the five-piece
/// files with men hold results and thresholds only (see docs/endgame-tables.md).
pub const SHIPPED_DISTANCES: u32 = 4;

/// Whether a material's file keeps its distances: up to `distances`
/// pieces, always three kings against a king (Petrov's triangle: the
/// lessons page's endgame trainer shows "wins in N moves" there; 66 KB),
/// and the five-piece materials without men (four kings against a king,
/// three against two: 874 KB with them, 424 KB without).
fn keeps_distances(m: &Material, distances: u32) -> bool {
    m.pieces() <= distances
        || (m.men() == 0 && m.pieces() == 4 && (m.wk == 3 || m.bk == 3))
        || (m.men() == 0 && m.pieces() == 5)
}

/// The shipped packing of the five-piece files: blocks of this many
/// entries (version 3 without men, version 4 with them), and in the
/// materials with kings on both sides and a man, thresholds rounded down
/// to multiples of [`SHIPPED_QUANTUM`] plies (see docs/endgame-tables.md: exact ones
/// would take 3.97 MB more). Up to four pieces: version 2.
pub const SHIPPED_BLOCK: usize = 32768;
pub const SHIPPED_QUANTUM: u8 = 16;

/// `--block N` for the five-piece files and `--quantum Q` for those with
/// kings on both sides and a man (the only ones whose thresholds are many
/// and large), else the shipped ones.
fn packing_args(a: &Args) -> Result<impl Fn(&Material) -> format::Packing, String> {
    let block = a.number::<usize>("block")?.unwrap_or(SHIPPED_BLOCK);
    let quantum = a.number::<u8>("quantum")?.unwrap_or(SHIPPED_QUANTUM);
    if !block.is_power_of_two() || !(4096..=65536).contains(&block) {
        return Err(format!(
            "--block {block}: a power of two from 4096 to 65536"
        ));
    }
    if !(1..=32).contains(&quantum) {
        return Err(format!("--quantum {quantum}: 1 (exact) to 32"));
    }
    Ok(move |m: &Material| {
        if m.pieces() <= 4 {
            format::Packing::V2
        } else {
            format::Packing {
                block,
                // The other five-piece files keep exact thresholds (rule
                // 5's clock in the kings-only materials: a few bytes).
                quantum: if m.both_kings() && m.men() > 0 {
                    quantum
                } else {
                    1
                },
                derived: None,
                // Version 4 where there is one plane (with men: the
                // distances are not shipped).
                modelled: m.men() > 0,
            }
        }
    })
}

/// The file of a material, and where a half may be left out (no count
/// runs: [`format::may_derive`]) the smaller of the files without White's
/// and without Black's half (ties: without White's).
fn encode_smallest(
    m: &Material,
    entries: &[egtb::Entry],
    planes: u32,
    p: format::Packing,
) -> Vec<u8> {
    if !format::may_derive(m) {
        return format::encode_with(m, entries, planes, p);
    }
    let [w, b] = [Color::White, Color::Black].map(|side| {
        format::encode_with(
            m,
            entries,
            planes,
            format::Packing {
                derived: Some(side),
                ..p
            },
        )
    });
    if b.len() < w.len() {
        b
    } else {
        w
    }
}

/// Rewrites the files of one folder into another, keeping the distances
/// only up to `--distances` pieces.
fn repack_cmd(argv: &[String]) -> Result<ExitCode, String> {
    let a = Args::parse(argv, &[])?;
    a.only(&["from", "out", "distances", "quantum", "block"])?;
    let packing = packing_args(&a)?;
    let from = PathBuf::from(a.value("from").ok_or("--from DIR is required")?);
    let out = PathBuf::from(a.value("out").ok_or("--out DIR is required")?);
    let distances = a.number::<u32>("distances")?.unwrap_or(SHIPPED_DISTANCES);
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&from)
        .map_err(|e| format!("{}: {e}", from.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "egtb"))
        .collect();
    paths.sort();
    let mut total = 0;
    for p in paths {
        let bytes = std::fs::read(&p).map_err(|e| format!("{}: {e}", p.display()))?;
        let f = format::TableFile::parse(&bytes).map_err(|e| format!("{}: {e}", p.display()))?;
        let m = f.material;
        let size = m.size();
        let entries = (0..2 * size)
            .map(|i| {
                let e = f
                    .entry(i)
                    .ok_or(format!("{}: damaged block", p.display()))?;
                // Files of an earlier build may hold the last playable
                // count where "any" is stored now.
                let turn = if i < size { Color::White } else { Color::Black };
                Ok(match e.kind() {
                    Some(kind) if kind != egtb::Kind::Draw => egtb::Entry::new(
                        kind,
                        e.dtm(),
                        egtb::model::stored_threshold(&m, turn, e.thr()),
                    ),
                    _ => e,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let planes = if keeps_distances(&m, distances) && f.has_distances {
            2
        } else {
            1
        };
        if f.quantum > 1 && packing(&m).quantum < f.quantum {
            return Err(format!(
                "{}: its thresholds are rounded to {}; repack from a file with exact ones",
                p.display(),
                f.quantum
            ));
        }
        let packed = match f.derived {
            // The half that is not stored cannot be brought back.
            Some(side) => format::encode_with(
                &m,
                &entries,
                planes,
                format::Packing {
                    derived: Some(side),
                    ..packing(&m)
                },
            ),
            None => encode_smallest(&m, &entries, planes, packing(&m)),
        };
        total += packed.len();
        let dest = out.join(format!("{m}.egtb"));
        std::fs::write(&dest, &packed).map_err(|e| format!("{}: {e}", dest.display()))?;
        eprintln!("{m}: {} -> {} bytes", bytes.len(), packed.len());
    }
    eprintln!("done: {total} bytes in {}", out.display());
    Ok(ExitCode::SUCCESS)
}

/// The table folder when none is given: the `SHASHKI_EGTB` environment
/// variable when set (and not empty); else the first folder that exists
/// of `www/egtb` under the current folder, `egtb` beside the binary (a
/// copy installed for a draughts GUI), and `www/egtb` under the source
/// tree the binary was built from.
pub fn default_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("SHASHKI_EGTB").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|d| d.join("egtb")));
    let built = Path::new(env!("CARGO_MANIFEST_DIR")).join(DEFAULT_DIR);
    [Some(PathBuf::from(DEFAULT_DIR)), beside]
        .into_iter()
        .flatten()
        .find(|d| d.is_dir())
        .unwrap_or(built)
}

/// Loads the tables of `dir` (default: [`default_dir`]) for the engine;
/// damaged files are reported and skipped, the engine plays on without.
pub fn install(dir: Option<&str>) {
    let dir = dir.map_or_else(default_dir, PathBuf::from);
    egtb::install(load(&dir));
}

/// Loads the tables of `dir`, reporting damaged files on stderr.
pub fn load(dir: &Path) -> Tables {
    let (t, problems) = Tables::load_dir(dir);
    for p in problems {
        eprintln!("shashki: table skipped: {p}");
    }
    t
}

fn probe_cmd(argv: &[String]) -> Result<ExitCode, String> {
    let a = Args::parse(argv, &[])?;
    a.only(&["dir"])?;
    let dir = a.value("dir").map_or_else(default_dir, PathBuf::from);
    let tables = load(&dir);
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let fen = line.trim();
        if fen.is_empty() {
            continue;
        }
        let v = match Position::from_fen(fen) {
            Err(e) => json!({"fen": fen, "error": e.to_string()}),
            Ok(p) if p.piece_count() > egtb::index::MAX_PIECES => json!({
                "fen": fen,
                "error": format!(
                    "{} pieces: the tables hold at most {}",
                    p.piece_count(),
                    egtb::index::MAX_PIECES
                )
            }),
            Ok(p) => match tables.probe_fresh(&p) {
                Ok(r) => json!({"fen": fen, "result": r.kind.word(), "moves": r.moves()}),
                Err(e) => json!({"fen": fen, "error": e.to_string()}),
            },
        };
        writeln!(out, "{v}").map_err(|e| e.to_string())?;
    }
    Ok(ExitCode::SUCCESS)
}
