//! `bestmove`, `match` and the search half of `bench` (engine layer).

use crate::args::Args;
use serde_json::json;
use shashki::engine::{Clock, Engine, Limits, NoDrawCounts, SearchResult};
use shashki::{notation, Move, Position};
use std::process::ExitCode;

fn pv_text(root: &Position, pv: &[Move]) -> Vec<String> {
    let mut pos = *root;
    let mut out = Vec::new();
    for mv in pv {
        let legal = pos.legal_moves();
        if !legal.contains(mv) {
            break;
        }
        out.push(notation::write(mv, &legal));
        pos = pos.play_unchecked(mv);
    }
    out
}

fn result_json(root: &Position, r: &SearchResult) -> serde_json::Value {
    let legal = root.legal_moves();
    json!({
        "move": r.best.map(|m| notation::write(&m, &legal)),
        "score": r.score,
        "depth": r.depth,
        "nodes": r.nodes,
        "pv": pv_text(root, &r.pv),
    })
}

pub fn bestmove(argv: &[String]) -> Result<ExitCode, String> {
    let a = Args::parse(argv, &[])?;
    a.only(&["fen", "moves", "movetime", "depth", "nodes", "level", "tt"])?;
    let mut pos = a.position()?;
    let mut history = Vec::new();
    if let Some(moves) = a.value("moves") {
        for text in moves.split_whitespace() {
            let mv = pos.parse_move(text).map_err(|e| e.to_string())?;
            history.push(pos);
            pos = pos.play_unchecked(&mv);
        }
    }
    let limits = Limits {
        movetime_ms: a.number::<f64>("movetime")?,
        depth: a.number::<u32>("depth")?,
        nodes: a.number::<u64>("nodes")?,
    };
    let limits = if limits == Limits::default() {
        Limits::movetime(1000.0)
    } else {
        limits
    };
    let mut engine = Engine::new(a.number::<usize>("tt")?.unwrap_or(64));
    let r = engine.search_position(&pos, &history, NoDrawCounts, &limits, &Clock::native());
    println!("{}", result_json(&pos, &r));
    Ok(ExitCode::SUCCESS)
}

pub fn run_match(_argv: &[String]) -> Result<ExitCode, String> {
    Err("match: not implemented yet".into())
}

/// Fixed search workload: positions from the opening, middle game and
/// ending, each searched to a fixed depth with a fresh 64 MB table.
pub const SEARCH_BENCH: [(&str, u32); 6] = [
    ("W:W21-32:B1-12", 15),
    (
        "W:Wa1,c1,e1,g1,b2,d2,f2,h2,c3,e3,g3,b4:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
        15,
    ),
    (
        "W:Wc1,e1,b2,d2,f2,c3,e3,g3,d4:Bb6,d6,f6,h6,a7,c7,e7,g7,d8",
        15,
    ),
    ("B:Wa1,c3,e3,g3,h2,f2,b4:Bb6,d6,f6,h6,c7,g7,a5", 15),
    ("W:Wa1,a3,c3,e3,g3,h2,Kd4:Bb6,d6,f6,h6,c7,Kh8", 13),
    ("B:WKa1,c3,e3,g1,Kf2:BKb8,d6,f6,Kh6,a7", 13),
];

/// CPU time of this thread in milliseconds, where the platform tells it
/// (Linux): on a shared machine it measures the engine, not the neighbours.
fn thread_cpu_ms() -> Option<f64> {
    #[cfg(target_os = "linux")]
    {
        #[repr(C)]
        struct Timespec {
            sec: i64,
            nsec: i64,
        }
        extern "C" {
            fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
        }
        const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
        let mut ts = Timespec { sec: 0, nsec: 0 };
        // SAFETY: `ts` is a valid, writable timespec (64-bit Linux layout).
        let rc = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut ts) };
        if rc == 0 {
            return Some(ts.sec as f64 * 1e3 + ts.nsec as f64 / 1e6);
        }
    }
    None
}

pub fn bench(argv: &[String]) -> Result<ExitCode, String> {
    let _ = argv;
    let clock = Clock::native();
    let mut total_nodes = 0u64;
    let mut total_ms = 0f64;
    let mut total_cpu = 0f64;
    println!("search bench (fixed depth, fresh 64 MB table each)");
    for (fen, depth) in SEARCH_BENCH {
        let pos = Position::from_fen(fen).map_err(|e| e.to_string())?;
        let mut engine = Engine::new(64);
        let c0 = thread_cpu_ms();
        let t0 = clock.now_ms();
        let r = engine.search_position(&pos, &[], NoDrawCounts, &Limits::depth(depth), &clock);
        let ms = clock.now_ms() - t0;
        let cpu = match (c0, thread_cpu_ms()) {
            (Some(a), Some(b)) => b - a,
            _ => ms,
        };
        total_nodes += r.nodes;
        total_ms += ms;
        total_cpu += cpu;
        let legal = pos.legal_moves();
        println!(
            "  {fen} depth {depth}: {} nodes, {ms:.0} ms, {:.2} M nodes/s ({:.2} per CPU second), best {} score {}",
            r.nodes,
            r.nodes as f64 / ms / 1e3,
            r.nodes as f64 / cpu / 1e3,
            r.best
                .map(|m| notation::write(&m, &legal))
                .unwrap_or_else(|| "-".into()),
            r.score
        );
    }
    println!(
        "search total: {total_nodes} nodes, {:.3} s, {:.2} M nodes/s; CPU {:.3} s, {:.2} M nodes per CPU second",
        total_ms / 1e3,
        total_nodes as f64 / total_ms / 1e3,
        total_cpu / 1e3,
        total_nodes as f64 / total_cpu / 1e3
    );
    Ok(ExitCode::SUCCESS)
}
