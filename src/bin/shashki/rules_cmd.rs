//! `perft`, `moves` and the perft half of `bench`.

use crate::args::Args;
use serde_json::json;
use shashki::perft::{self as count, divide};
use shashki::views::MoveView;
use shashki::Position;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

pub fn perft(argv: &[String]) -> Result<ExitCode, String> {
    let a = Args::parse(argv, &["divide"])?;
    a.only(&["fen", "divide"])?;
    let pos = a.position()?;
    let depth: u32 = match a.positional.as_slice() {
        [d] => d
            .parse()
            .map_err(|_| format!("DEPTH: '{d}' is not a number"))?,
        _ => return Err("usage: shashki perft [--fen FEN] [--divide] DEPTH".into()),
    };
    let t = Instant::now();
    let total = if a.flag("divide") {
        let rows = divide(&pos, depth);
        for (m, n) in &rows {
            println!("{m} {n}");
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        count::perft(&pos, depth)
    };
    let secs = t.elapsed().as_secs_f64();
    println!("{total}");
    eprintln!(
        "perft {depth}: {total} leaves in {secs:.3} s ({:.1} M leaves/s)",
        total as f64 / secs / 1e6
    );
    Ok(ExitCode::SUCCESS)
}

pub fn moves(argv: &[String]) -> Result<ExitCode, String> {
    Args::parse(argv, &[])?.only(&[])?;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("shashki: cannot read stdin: {e}");
                return Ok(ExitCode::from(1));
            }
        };
        let line = line.trim_end_matches('\r');
        let obj = match Position::from_fen(line) {
            Ok(pos) => {
                let legal = pos.legal_moves();
                json!({"fen": line, "moves": legal.iter().map(|m| MoveView::new(m, &legal)).collect::<Vec<_>>()})
            }
            Err(e) => json!({"fen": line, "error": e.to_string()}),
        };
        writeln!(out, "{obj}").map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())?;
    Ok(ExitCode::SUCCESS)
}

/// Fixed perft workload: the start position and three middle/endgame
/// positions with kings.
pub const BENCH_POSITIONS: [(&str, u32); 4] = [
    ("W:W21-32:B1-12", 10),
    ("W:Wa1,a3,c3,e3,g3,h2,Kd4:Bb6,d6,f6,h6,c7,Kh8", 10),
    ("B:WKa1,c3,e3,g1,Kf2:BKb8,d6,f6,Kh6,a7", 9),
    (
        "W:Wc1,e1,b2,d2,f2,c3,e3,g3,d4:Bb6,d6,f6,h6,a7,c7,e7,g7,d8",
        9,
    ),
];

pub fn bench(argv: &[String]) -> Result<ExitCode, String> {
    let _ = argv; // the search half reads --threads and --eval
    let mut total = 0u64;
    let mut secs = 0f64;
    println!("perft bench (last ply counted without playing its moves)");
    for (fen, depth) in BENCH_POSITIONS {
        let pos = Position::from_fen(fen).map_err(|e| e.to_string())?;
        let t = Instant::now();
        let n = count::perft(&pos, depth);
        let s = t.elapsed().as_secs_f64();
        total += n;
        secs += s;
        println!(
            "  {fen} depth {depth}: {n} leaves, {s:.3} s, {:.1} M leaves/s",
            n as f64 / s / 1e6
        );
    }
    println!(
        "perft total: {total} leaves, {secs:.3} s, {:.1} M leaves/s",
        total as f64 / secs / 1e6
    );
    Ok(ExitCode::SUCCESS)
}
