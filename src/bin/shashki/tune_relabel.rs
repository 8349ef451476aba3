//! `shashki tune relabel`: the training positions of a self-play run
//! scored again by a deeper search.
//!
//! ```text
//! shashki tune relabel --data DIR --out DIR [--nodes N] [--from K] [--parts N] [--egtb DIR]
//! ```
//!
//! Reads `DIR/part-NNNNN.tsv` as `tune selfplay` writes them and writes the
//! same lines to `OUT/part-NNNNN.tsv`, with the search score of each
//! position without a king (the positions the network judges,
//! `net::applies`) replaced by the score of a search of `--nodes` nodes
//! (200 000 by default, ten times the self-play budget), from White's side
//! as before. The lines of positions with a king and those labelled by the
//! endgame tables (`t`) are copied unchanged, and so is each game's result.
//! A searched line gets a sixth column: the move the deeper search chose,
//! in Russian notation. The network's trainer (`tune net --data OUT`) then
//! mixes the game's result with the deeper score, and its move-choice loss
//! (`--moves`) and `tune agree --data` rank that move instead of the one
//! the game played.
//!
//! A position without a king has no history that matters to the rules
//! (every man's move is irreversible, and the counts of the kings' endings
//! have not begun), so it is searched from its FEN alone. One engine goes
//! through a part's positions in their order (the games' order), keeping
//! its table between them as a game does, and is cleared at the start of
//! each part: a part writes the same bytes whether a run is whole, resumed
//! or split over processes (`--from`, `--parts`). A part whose output file
//! exists is skipped; a part is written to a `.tmp` file first and renamed
//! when whole.

use crate::args::Args;
use shashki::engine::{net, Clock, Engine, Limits};
use shashki::game::Game;
use shashki::{Color, Position};
use std::path::Path;
use std::process::ExitCode;

pub fn relabel(argv: &[String]) -> Result<ExitCode, String> {
    let a = Args::parse(argv, &[])?;
    a.only(&["data", "out", "nodes", "from", "parts", "egtb"])?;
    let data = a.value("data").ok_or("--data DIR is needed")?;
    let out = a.value("out").ok_or("--out DIR is needed")?;
    let nodes: u64 = a.number("nodes")?.unwrap_or(200_000);
    let from: usize = a.number("from")?.unwrap_or(0);
    let parts: usize = a.number("parts")?.unwrap_or(usize::MAX);
    if nodes == 0 {
        return Err("--nodes must be at least 1".into());
    }
    if Path::new(data) == Path::new(out) {
        return Err("--out must be another folder than --data".into());
    }
    crate::egtb_cmd::install(a.value("egtb"));
    std::fs::create_dir_all(out).map_err(|e| format!("{out}: {e}"))?;
    let clock = Clock::frozen();
    let native = Clock::native();
    let mut engine = Engine::new(16);
    for part in from..from.saturating_add(parts) {
        let name = format!("part-{part:05}.tsv");
        let src = Path::new(data).join(&name);
        if !src.exists() {
            if parts == usize::MAX {
                break;
            }
            return Err(format!("{}: no such part", src.display()));
        }
        let dst = Path::new(out).join(&name);
        if dst.exists() {
            eprintln!("{}: there already, skipped", dst.display());
            continue;
        }
        let t0 = native.now_ms();
        let text = std::fs::read_to_string(&src).map_err(|e| format!("{}: {e}", src.display()))?;
        engine.clear();
        let mut moved: Vec<u32> = Vec::new();
        let mut lines = String::with_capacity(text.len());
        for (i, line) in text.lines().enumerate() {
            let new = relabel_line(line, &mut engine, nodes, &clock)
                .map_err(|e| format!("{}:{}: {e}", src.display(), i + 1))?;
            if let Some((line, change)) = new {
                moved.push(change);
                lines.push_str(&line);
            } else {
                lines.push_str(line);
            }
            lines.push('\n');
        }
        crate::datagen::write_part(&dst, &lines)?;
        moved.sort_unstable();
        println!(
            "{}: {} of {} positions searched at {nodes} nodes, the score moved by {} (median, scores clamped to ±3000 as the trainers read them), {:.0} s",
            dst.display(),
            moved.len(),
            text.lines().count(),
            moved.get(moved.len() / 2).copied().unwrap_or(0),
            (native.now_ms() - t0) / 1e3
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The line with its score from a search of `nodes` nodes, and how far the
/// score moved (both clamped to ±3000); `None` when the line is kept as it
/// is (a king on the board, or a position labelled by the tables).
fn relabel_line(
    line: &str,
    engine: &mut Engine,
    nodes: u64,
    clock: &Clock,
) -> Result<Option<(String, u32)>, String> {
    let mut cols: Vec<&str> = line.split('\t').collect();
    if cols.len() != 5 {
        return Err("expected FEN, result, score, ply, source".into());
    }
    let old: i32 = cols[2].parse().map_err(|_| "bad score")?;
    let pos = Position::from_fen(cols[0]).map_err(|e| e.to_string())?;
    if cols[4] != "g" || !net::applies(&pos) {
        return Ok(None);
    }
    let r = engine.search(&Game::from_position(pos), &Limits::nodes(nodes), clock);
    let Some(best) = r.best else {
        return Err("the position has no move".into());
    };
    let best = shashki::notation::write(&best, &pos.legal_moves());
    let score = if pos.turn() == Color::White {
        r.score
    } else {
        -r.score
    };
    let text = score.to_string();
    cols[2] = &text;
    cols.push(&best);
    let clamp = |s: i32| s.clamp(-3000, 3000);
    Ok(Some((cols.join("\t"), clamp(score).abs_diff(clamp(old)))))
}
