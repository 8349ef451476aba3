//! `shashki tune selfplay`: training positions from self-play at a budget
//! that plays decent draughts, written in parts that can be resumed.
//!
//! ```text
//! shashki tune selfplay --dir DIR [--parts N] [--from K] [--games N] [--nodes N] [--seed S] [--egtb DIR]
//! ```
//!
//! Part `k` is the games `k * games .. (k + 1) * games` of the run, written
//! to `DIR/part-NNNNN.tsv` (first to a `.tmp` file, renamed when the part
//! is whole). A part whose file exists is skipped, so a stopped run goes on
//! where it stopped when started again with the same options; the parts are
//! independent (each game's openings and random choices come from the seed
//! and the game's number), so parts can be made in any order or by several
//! processes.
//!
//! Each game starts from one of the 840 openings (game `g` plays opening
//! `g * 397 mod 840`, so any run of games spreads over all of them), follows
//! the shipped opening book while it has moves (drawn by their weights with
//! the game's seed), then plays the shipped engine at a fixed node budget
//! (`--nodes`, 20 000 by default: deterministic, whatever the load). In the
//! first ten plies out of the book a move is sometimes (one in eight) drawn
//! at random for variety; the positions before it are dropped. Every draw
//! rule of the game applies; a game reaching 300 plies counts as a draw.
//! Once the endgame tables (five pieces or fewer) decide the position, the
//! game ends there with the tables' result, which labels that position
//! exactly.
//!
//! A line per recorded position, tab-separated:
//! `FEN  result  score  ply  source`, the result from White's side (1, 0.5,
//! 0), the score of the search for the move played from White's side in
//! hundredths of a man (beyond ±15 000 a found win or loss), the ply of the
//! game, and the source of the result: `g` the game's end, `t` the tables.
//! Positions are recorded when neither side has a capture (quiet for the
//! side to move and for its opponent).

use crate::args::Args;
use shashki::engine::egtb::{self, Kind};
use shashki::engine::{book, Clock, Engine, Limits, Rng};
use shashki::game::Game;
use shashki::Color;
use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

/// Plies out of the book during which a random move may be played.
const RANDOM_PLIES: usize = 10;
const MAX_PLIES: usize = 300;
/// Openings are visited with this stride (coprime with 840).
const STRIDE: usize = 397;

pub fn selfplay(argv: &[String]) -> Result<ExitCode, String> {
    let a = Args::parse(argv, &[])?;
    a.only(&["dir", "parts", "from", "games", "nodes", "seed", "egtb"])?;
    let dir = a.value("dir").ok_or("--dir DIR is needed")?;
    let parts: usize = a.number("parts")?.unwrap_or(1);
    let from: usize = a.number("from")?.unwrap_or(0);
    let games: usize = a.number("games")?.unwrap_or(50);
    let nodes: u64 = a.number("nodes")?.unwrap_or(20_000);
    let seed: u64 = a.number("seed")?.unwrap_or(1);
    if games == 0 || nodes == 0 {
        return Err("--games and --nodes must be at least 1".into());
    }
    // Every game starts with `engine.clear()`, which packs the table
    // blocks again: a part does not depend on the parts before it in the
    // same run (the same bytes whether a run is whole or resumed).
    crate::egtb_cmd::install(a.value("egtb"));
    std::fs::create_dir_all(dir).map_err(|e| format!("{dir}: {e}"))?;
    let openings = crate::args::openings()?;
    let clock = Clock::frozen();
    let native = Clock::native();
    let mut engine = Engine::new(16);
    for part in from..from + parts {
        let path = Path::new(dir).join(format!("part-{part:05}.tsv"));
        if path.exists() {
            eprintln!("{}: there already, skipped", path.display());
            continue;
        }
        let t0 = native.now_ms();
        let mut text = String::new();
        let (mut positions, mut w, mut d, mut l, mut tab) = (0usize, 0, 0, 0, 0);
        for i in 0..games {
            let g = part * games + i;
            let opening = openings[(g * STRIDE) % openings.len()];
            let (lines, result, by_table) =
                play_game(&mut engine, opening, game_seed(seed, g), nodes, &clock)?;
            if result == 1.0 {
                w += 1;
            } else if result == 0.0 {
                l += 1;
            } else {
                d += 1;
            }
            tab += usize::from(by_table);
            positions += lines.len();
            for line in lines {
                text.push_str(&line);
                text.push('\n');
            }
        }
        write_part(&path, &text)?;
        println!(
            "{}: {games} games at {nodes} nodes (seed {seed}), {positions} positions, White +{w} ={d} -{l}, {tab} ended by the tables, {:.0} s",
            path.display(),
            (native.now_ms() - t0) / 1e3
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes a part file whole or not at all: to a `.tmp` file first, then
/// renamed, so a stopped run never leaves half a part under its name.
pub(crate) fn write_part(path: &Path, text: &str) -> Result<(), String> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
}

/// The seed of game `g` of a run.
pub(crate) fn game_seed(seed: u64, g: usize) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add((g as u64).wrapping_mul(0xD1B5_4A32_D192_ED03))
}

/// The result from White's side (1, 0.5, 0) that the endgame tables give
/// the game's position, when they have it (five pieces or fewer, tables
/// installed).
pub(crate) fn table_outcome(game: &Game) -> Option<f64> {
    let pos = game.position();
    if pos.piece_count() > egtb::index::MAX_PIECES {
        return None;
    }
    let v = egtb::play::verdict(game)?;
    let mover = match v.kind {
        Kind::Win => 1.0,
        Kind::Draw => 0.5,
        Kind::Loss => 0.0,
    };
    Some(if pos.turn() == Color::White {
        mover
    } else {
        1.0 - mover
    })
}

/// One game: its recorded lines (without the result filled in until the
/// end), the result from White's side, and whether the tables ended it.
fn play_game(
    engine: &mut Engine,
    opening: shashki::Position,
    seed: u64,
    nodes: u64,
    clock: &Clock,
) -> Result<(Vec<String>, f64, bool), String> {
    let mut rng = Rng::new(seed);
    let mut game = Game::from_position(opening);
    engine.clear();
    // (fen, score from White's side, ply)
    let mut record: Vec<(String, i32, usize)> = Vec::new();
    let mut ply = 0;
    let mut out_of_book: Option<usize> = None;
    let mut table_result: Option<(f64, String, usize)> = None;
    while !game.status().is_over() && ply < MAX_PLIES {
        let pos = *game.position();
        let white = pos.turn() == Color::White;
        if let Some(r) = table_outcome(&game) {
            table_result = Some((r, pos.fen(), ply));
            break;
        }
        if out_of_book.is_none() {
            if let Some(mv) = book::shipped().and_then(|b| b.pick(&pos, rng.next_u64())) {
                game.play(&mv).map_err(|e| e.to_string())?;
                ply += 1;
                continue;
            }
            out_of_book = Some(ply);
        }
        let legal = game.legal_moves();
        let early = ply < out_of_book.unwrap_or(0) + RANDOM_PLIES;
        let mv = if early && legal.len() > 1 && rng.below(8) == 0 {
            record.clear();
            legal[rng.below(legal.len() as u64) as usize]
        } else {
            let r = engine.search(&game, &Limits::nodes(nodes), clock);
            let mv = r.best.ok_or("no move in a game that goes on")?;
            let quiet = !pos.has_capture() && !pos.with_turn(pos.turn().opposite()).has_capture();
            if quiet {
                let s = if white { r.score } else { -r.score };
                record.push((pos.fen(), s, ply));
            }
            mv
        };
        game.play(&mv).map_err(|e| e.to_string())?;
        ply += 1;
    }
    let (result, by_table) = match &table_result {
        Some((r, _, _)) => (*r, true),
        None => (
            match game.status().winner() {
                Some(Color::White) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            },
            false,
        ),
    };
    let mut lines = Vec::with_capacity(record.len() + 1);
    for (fen, s, p) in record {
        let mut line = String::new();
        let _ = write!(line, "{fen}\t{result}\t{s}\t{p}\tg");
        lines.push(line);
    }
    if let Some((r, fen, p)) = table_result {
        let pos = shashki::Position::from_fen(&fen).map_err(|e| e.to_string())?;
        if !pos.has_capture() && !pos.with_turn(pos.turn().opposite()).has_capture() {
            // The tables' verdict as a score: a win is worth a lot, exactly.
            let s = ((r - 0.5) * 2.0 * 15_000.0) as i32;
            lines.push(format!("{fen}\t{r}\t{s}\t{p}\tt"));
        }
    }
    Ok((lines, result, by_table))
}
