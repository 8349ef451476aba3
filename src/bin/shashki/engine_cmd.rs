//! `bestmove`, `match` and the search half of `bench` (engine layer).

use crate::args::Args;
use serde_json::json;
use shashki::engine::clock::thread_cpu_ms;
use shashki::engine::{baseline, Clock, Engine, Limits, NoDrawCounts};
use shashki::game::{Game, Status};
use shashki::views::SearchView;
use shashki::{notation, Color, Move, Position};
use std::process::ExitCode;

pub fn bestmove(argv: &[String]) -> Result<ExitCode, String> {
    let a = Args::parse(argv, &[])?;
    a.only(&[
        "fen", "moves", "movetime", "depth", "nodes", "level", "seed", "tt", "egtb", "eval",
        "threads",
    ])?;
    crate::egtb_cmd::install(a.value("egtb"));
    let mut game = Game::from_position(a.position()?);
    if let Some(moves) = a.value("moves") {
        for text in moves.split_whitespace() {
            game.play_text(text).map_err(|e| format!("--moves: {e}"))?;
        }
    }
    let limits = Limits {
        movetime_ms: a.number::<f64>("movetime")?,
        depth: a.number::<u32>("depth")?,
        nodes: a.number::<u64>("nodes")?,
    };
    let level = a.number::<u8>("level")?;
    if level.is_some() && limits != Limits::default() {
        return Err(
            "--level sets its own limits: give either --level or --movetime/--depth/--nodes".into(),
        );
    }
    if let Some(l) = level {
        if l == 0 || l > shashki::engine::MAX_LEVEL {
            return Err(format!(
                "--level {l}: levels are 1 to {}",
                shashki::engine::MAX_LEVEL
            ));
        }
    }
    let limits = if limits == Limits::default() {
        Limits::movetime(1000.0)
    } else {
        limits
    };
    let mut engine = Engine::new(a.number::<usize>("tt")?.unwrap_or(64));
    engine.set_threads(threads(&a, "threads")?);
    // Other evaluation weights, as `match --a-eval` takes them.
    if let Some(text) = a.value("eval") {
        let mut w = *engine.weights();
        w.parse_settings(text).map_err(|e| format!("--eval: {e}"))?;
        engine.set_weights(w);
    }
    let clock = Clock::native();
    let r = match level {
        Some(l) => engine.play_level(&game, l, a.number::<u64>("seed")?.unwrap_or(1), &clock),
        None => engine.search(&game, &limits, &clock),
    };
    let view = SearchView::new(game.position(), &r);
    println!(
        "{}",
        serde_json::to_string(&view).map_err(|e| e.to_string())?
    );
    Ok(ExitCode::SUCCESS)
}

/// Most search threads the commands accept.
pub const MAX_THREADS: usize = 64;

/// The `--NAME` thread count (1 when not given).
fn threads(a: &Args, name: &str) -> Result<usize, String> {
    match a.number::<usize>(name)? {
        None => Ok(1),
        Some(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        Some(n) => Err(format!("--{name} {n}: 1 to {MAX_THREADS} threads")),
    }
}

/// Plies after which a match game is stopped and counted as a draw.
const MAX_PLIES: usize = 400;

/// One side of a match.
#[derive(Clone, Copy, Debug)]
enum Player {
    Level(u8),
    Millis(f64),
    Nodes(u64),
    Depth(u32),
    Baseline,
}

impl Player {
    fn parse(a: &Args, side: &str) -> Result<Player, String> {
        let mut found = Vec::new();
        if let Some(v) = a.value(side) {
            found.push(if v == "baseline" {
                Player::Baseline
            } else {
                let n: u8 = v.parse().map_err(|_| {
                    format!(
                        "--{side}: '{v}' is not a level (1-{}) or 'baseline'",
                        shashki::engine::MAX_LEVEL
                    )
                })?;
                if n == 0 || n > shashki::engine::MAX_LEVEL {
                    return Err(format!(
                        "--{side}: level {n} does not exist (1-{})",
                        shashki::engine::MAX_LEVEL
                    ));
                }
                Player::Level(n)
            });
        }
        if a.flag(&format!("{side}-baseline")) {
            found.push(Player::Baseline);
        }
        if let Some(ms) = a.number::<f64>(&format!("{side}-ms"))? {
            found.push(Player::Millis(ms));
        }
        if let Some(n) = a.number::<u64>(&format!("{side}-nodes"))? {
            found.push(Player::Nodes(n));
        }
        if let Some(d) = a.number::<u32>(&format!("{side}-depth"))? {
            found.push(Player::Depth(d));
        }
        match found.as_slice() {
            [p] => Ok(*p),
            [] => Err(format!("say who plays {side}: --{side} LEVEL|baseline, --{side}-ms MS, --{side}-nodes N or --{side}-depth D")),
            _ => Err(format!("give one setting for {side}")),
        }
    }

    fn describe(&self) -> String {
        match self {
            Player::Level(n) => format!("level {n} ({})", shashki::engine::level(*n).name),
            Player::Millis(ms) => format!("full strength {ms} ms/move"),
            Player::Nodes(n) => format!("full strength {n} nodes/move"),
            Player::Depth(d) => format!("full strength depth {d}"),
            Player::Baseline => format!(
                "baseline (alpha-beta depth {}, material only)",
                baseline::DEPTH
            ),
        }
    }

    /// The `bestmove` options that give another `shashki` binary this
    /// player's limits.
    fn command_args(&self, seed: u64) -> Result<Vec<String>, String> {
        Ok(match *self {
            Player::Level(n) => vec![
                "--level".into(),
                n.to_string(),
                "--seed".into(),
                seed.to_string(),
            ],
            Player::Millis(ms) => vec!["--movetime".into(), ms.to_string()],
            Player::Nodes(n) => vec!["--nodes".into(), n.to_string()],
            Player::Depth(d) => vec!["--depth".into(), d.to_string()],
            Player::Baseline => {
                return Err("an external engine cannot play the built-in baseline".into())
            }
        })
    }

    fn choose(&self, engine: &mut Engine, game: &Game, seed: u64, clock: &Clock) -> Option<Move> {
        let limits = match *self {
            Player::Level(n) => return engine.play_level(game, n, seed, clock).best,
            Player::Baseline => return baseline::best_move(game.position(), baseline::DEPTH).0,
            Player::Millis(ms) => Limits::movetime(ms),
            Player::Nodes(n) => Limits::nodes(n),
            Player::Depth(d) => Limits::depth(d),
        };
        engine.search(game, &limits, clock).best
    }
}

/// A player in a match: this binary's engine, or another `shashki` binary
/// asked for each move through its `bestmove` command (the opening FEN and
/// every move since, so it knows the repetitions and draw counts).
struct Side {
    player: Player,
    /// Path of the other binary (`--a-cmd` / `--b-cmd`).
    cmd: Option<String>,
    /// Evaluation weights (`--a-eval` / `--b-eval`), handed to the other
    /// binary as `bestmove --eval` (set on this binary's engine otherwise).
    eval: Option<String>,
    /// Search threads (`--a-threads` / `--b-threads`), handed to the other
    /// binary as `bestmove --threads` when more than one (older binaries
    /// have no such option; set on this binary's engine otherwise).
    threads: usize,
}

impl Side {
    fn describe(&self) -> String {
        match &self.cmd {
            Some(c) => format!("{} [{c}]", self.player.describe()),
            None => self.player.describe(),
        }
    }

    fn choose(
        &self,
        engine: &mut Engine,
        game: &Game,
        start_fen: &str,
        moves: &[String],
        seed: u64,
        clock: &Clock,
    ) -> Result<Move, String> {
        let Some(cmd) = &self.cmd else {
            return self
                .player
                .choose(engine, game, seed, clock)
                .ok_or_else(|| "a player found no move in a game that goes on".to_string());
        };
        let mut c = std::process::Command::new(cmd);
        c.arg("bestmove").arg("--fen").arg(start_fen);
        if !moves.is_empty() {
            c.arg("--moves").arg(moves.join(" "));
        }
        c.args(self.player.command_args(seed)?);
        if let Some(text) = &self.eval {
            c.arg("--eval").arg(text);
        }
        if self.threads > 1 {
            c.arg("--threads").arg(self.threads.to_string());
        }
        let out = c.output().map_err(|e| format!("{cmd}: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "{cmd} bestmove failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
        let text = String::from_utf8_lossy(&out.stdout);
        let line = text.lines().last().unwrap_or("");
        let v: serde_json::Value =
            serde_json::from_str(line).map_err(|e| format!("{cmd}: bad answer '{line}': {e}"))?;
        // Older binaries print the move as a string, newer ones as an
        // object with its notation.
        let mv = v["move"]
            .as_str()
            .or_else(|| v["move"]["notation"].as_str())
            .ok_or_else(|| format!("{cmd}: no move in '{line}'"))?;
        game.position()
            .parse_move(mv)
            .map_err(|e| format!("{cmd}: move '{mv}': {e}"))
    }
}

/// Elo difference for a score fraction.
fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / s - 1.0).log10()
}

pub fn run_match(argv: &[String]) -> Result<ExitCode, String> {
    let a = Args::parse(argv, &["a-baseline", "b-baseline", "quiet"])?;
    a.only(&[
        "a",
        "b",
        "a-ms",
        "b-ms",
        "a-nodes",
        "b-nodes",
        "a-depth",
        "b-depth",
        "a-baseline",
        "b-baseline",
        "a-eval",
        "b-eval",
        "a-cmd",
        "b-cmd",
        "a-threads",
        "b-threads",
        "games",
        "tt",
        "seed",
        "openings",
        "first",
        "quiet",
        "pdn",
        "egtb",
    ])?;
    // The endgame tables, as `bestmove` and the browser's bot have them:
    // this binary's engines play with them, and a move they answer counts
    // as a move without a choice in the time summary, whichever side made it.
    crate::egtb_cmd::install(a.value("egtb"));
    let pa = Side {
        player: Player::parse(&a, "a")?,
        cmd: a.value("a-cmd").map(str::to_string),
        eval: a.value("a-eval").map(str::to_string),
        threads: threads(&a, "a-threads")?,
    };
    let pb = Side {
        player: Player::parse(&a, "b")?,
        cmd: a.value("b-cmd").map(str::to_string),
        eval: a.value("b-eval").map(str::to_string),
        threads: threads(&a, "b-threads")?,
    };
    for side in [&pa, &pb] {
        if side.cmd.is_some() {
            side.player.command_args(0)?;
        }
    }
    let games: usize = a.number("games")?.unwrap_or(40);
    if games == 0 {
        return Err("--games must be at least 1".into());
    }
    let tt: usize = a.number("tt")?.unwrap_or(16);
    let seed: u64 = a.number("seed")?.unwrap_or(1);
    let first: usize = a.number("first")?.unwrap_or(0);
    let quiet = a.flag("quiet");
    // Every game as PDN, appended as it ends (`--pdn FILE`).
    let mut pdn = match a.value("pdn") {
        Some(path) => Some(std::fs::File::create(path).map_err(|e| format!("--pdn {path}: {e}"))?),
        None => None,
    };
    let text = match a.value("openings") {
        Some(path) => {
            std::fs::read_to_string(path).map_err(|e| format!("--openings {path}: {e}"))?
        }
        None => crate::args::OPENINGS.to_string(),
    };
    let openings = crate::args::parse_openings(&text)?;
    if openings.is_empty() {
        return Err("no opening positions".into());
    }
    let pairs = games.div_ceil(2);
    let clock = Clock::native();
    let mut ea = Engine::new(tt);
    let mut eb = Engine::new(tt);
    ea.set_threads(pa.threads);
    eb.set_threads(pb.threads);
    // Evaluation weights for tuning: `--a-eval "king_mg=260,centre=9"`.
    for (engine, opt) in [(&mut ea, "a-eval"), (&mut eb, "b-eval")] {
        if let Some(text) = a.value(opt) {
            let mut w = *engine.weights();
            w.parse_settings(text)
                .map_err(|e| format!("--{opt}: {e}"))?;
            engine.set_weights(w);
        }
    }
    let (mut w, mut d, mut l) = (0u32, 0u32, 0u32);
    let mut capped = 0u32;
    let mut plies_total = 0usize;
    // Wall time of every move of each side, [A, B], in ms; apart, the
    // moves with nothing to think about (a single legal move, or a
    // position the endgame tables answer).
    let mut used: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut forced: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let t0 = clock.now_ms();
    println!(
        "match: A = {}{} vs B = {}{}, {games} games",
        pa.describe(),
        match ea.threads() {
            1 => String::new(),
            n => format!(", {n} threads"),
        },
        pb.describe(),
        match eb.threads() {
            1 => String::new(),
            n => format!(", {n} threads"),
        },
    );
    println!(
        "  settings: {pairs} openings spread over the {} given (from #{}), each played with both colours; every draw rule of the game; stopped as a draw after {MAX_PLIES} plies; table {tt} MB for this binary's engines (kept between the moves of a game, cleared between games); seed {seed}",
        openings.len(),
        first + 1
    );
    for opt in ["a-eval", "b-eval"] {
        if let Some(text) = a.value(opt) {
            println!("  {} evaluation weights: {text}", opt[..1].to_uppercase());
        }
    }
    for g in 0..games {
        // Openings spread evenly over the list; each played with both colours.
        let pair = g / 2;
        let idx = (first + pair * openings.len() / pairs) % openings.len();
        let opening = openings[idx];
        let a_is_white = g % 2 == 0;
        let mut game = Game::from_position(opening);
        let start_fen = opening.fen();
        let mut moves: Vec<String> = Vec::new();
        ea.clear();
        eb.clear();
        let mut ply = 0;
        while !game.status().is_over() && ply < MAX_PLIES {
            let a_to_move = (game.position().turn() == Color::White) == a_is_white;
            let s = seed
                .wrapping_mul(1_000_003)
                .wrapping_add((g * 1000 + ply) as u64);
            let no_choice = game.legal_moves().len() == 1
                || shashki::engine::egtb::play::root_move(&game).is_some();
            let t = clock.now_ms();
            let mv = if a_to_move {
                pa.choose(&mut ea, &game, &start_fen, &moves, s, &clock)?
            } else {
                pb.choose(&mut eb, &game, &start_fen, &moves, s, &clock)?
            };
            let dt = clock.now_ms() - t;
            let side = usize::from(!a_to_move);
            if no_choice {
                forced[side].push(dt);
            } else {
                used[side].push(dt);
            }
            moves.push(game.position().move_text(&mv));
            game.play(&mv)
                .map_err(|e| format!("a player chose an illegal move: {e}"))?;
            ply += 1;
        }
        plies_total += ply;
        let status = game.status();
        if let Some(file) = pdn.as_mut() {
            use std::io::Write;
            let (white, black) = if a_is_white {
                (("A", &pa), ("B", &pb))
            } else {
                (("B", &pb), ("A", &pa))
            };
            game.set_tag(
                "Event",
                &format!("match game {} (opening {})", g + 1, idx + 1),
            );
            for (tag, (label, side)) in [("White", white), ("Black", black)] {
                game.set_tag(tag, &format!("{label}: {}", side.describe()));
            }
            if let Some(why) = status.reason_word() {
                game.set_tag("Termination", &why);
            }
            writeln!(file, "{}", game.to_pdn()).map_err(|e| format!("--pdn: {e}"))?;
        }
        let outcome = match status.winner() {
            Some(c) if (c == Color::White) == a_is_white => {
                w += 1;
                "A wins"
            }
            Some(_) => {
                l += 1;
                "B wins"
            }
            None => {
                d += 1;
                if !status.is_over() {
                    capped += 1;
                }
                "draw"
            }
        };
        if !quiet {
            let why = match status {
                Status::Ongoing { .. } => format!("stopped after {MAX_PLIES} plies"),
                over => over.reason_word().unwrap_or_default(),
            };
            eprintln!(
                "game {:>3} opening {:>3} A {}: {outcome} ({why}, {ply} plies)   running +{w} ={d} -{l}",
                g + 1,
                idx + 1,
                if a_is_white { "white" } else { "black" },
            );
        }
    }
    let n = games as f64;
    let score = (w as f64 + d as f64 / 2.0) / n;
    let var = (w as f64 * (1.0 - score).powi(2)
        + d as f64 * (0.5 - score).powi(2)
        + l as f64 * score.powi(2))
        / n;
    let z = 1.96;
    let (s_lo, s_hi) = if var > 0.0 {
        let se = (var / n).sqrt();
        (score - z * se, score + z * se)
    } else {
        // Every game the same result: the Wilson interval still has width.
        let c = 1.0 / (1.0 + z * z / n);
        if score >= 1.0 {
            (c, 1.0)
        } else if score <= 0.0 {
            (0.0, 1.0 - c)
        } else {
            (score, score)
        }
    };
    let (lo, hi) = (elo(s_lo), elo(s_hi));
    let e = elo(score);
    let elo_text = if score >= 1.0 {
        format!("Elo > {lo:+.0} (95 %)")
    } else if score <= 0.0 {
        format!("Elo < {hi:+.0} (95 %)")
    } else {
        format!(
            "Elo {e:+.0} (95 %: {lo:+.0} .. {hi:+.0}, ± {:.0})",
            (hi - lo) / 2.0
        )
    };
    println!(
        "A: +{w} ={d} -{l} of {games}: score {:.1} %, {elo_text}; {capped} stopped at {MAX_PLIES} plies; {:.0} plies/game; {:.0} s",
        score * 100.0,
        plies_total as f64 / n,
        (clock.now_ms() - t0) / 1e3
    );
    let mean = |u: &[f64]| u.iter().sum::<f64>() / u.len().max(1) as f64;
    for ((name, u), f) in ["A", "B"].iter().zip(used.iter_mut()).zip(&forced) {
        u.sort_by(f64::total_cmp);
        let q = |p: f64| {
            u.get(((u.len() as f64 - 1.0) * p).round() as usize)
                .copied()
                .unwrap_or(0.0)
        };
        println!(
            "{name}: {:.1} ms a move on average over {} moves with a choice (median {:.1}, 10th percentile {:.1}, 99th {:.1}, longest {:.1}); {} moves without (one legal move or the tables): {:.1} ms on average; all moves {:.1} ms",
            mean(u),
            u.len(),
            q(0.5),
            q(0.1),
            q(0.99),
            q(1.0),
            f.len(),
            mean(f),
            (u.iter().sum::<f64>() + f.iter().sum::<f64>()) / (u.len() + f.len()).max(1) as f64
        );
    }
    println!(
        "{}",
        json!({
            "a": pa.describe(), "b": pb.describe(), "games": games,
            "a_ms_per_move": mean(&used[0]), "b_ms_per_move": mean(&used[1]),
            "a_forced_moves": forced[0].len(), "b_forced_moves": forced[1].len(),
            "wins": w, "draws": d, "losses": l, "score": score,
            "elo": (0.0 < score && score < 1.0).then_some(e.round()),
            "elo_low": (score > 0.0).then_some(lo.round()),
            "elo_high": (score < 1.0).then_some(hi.round()),
        })
    );
    Ok(ExitCode::SUCCESS)
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

pub fn bench(argv: &[String]) -> Result<ExitCode, String> {
    let a = Args::parse(argv, &[])?;
    a.only(&["threads", "eval"])?;
    let n_threads = threads(&a, "threads")?;
    // Evaluation weights over the shipped ones (`--eval kpatterns=100`), to
    // measure what a term costs.
    let mut weights = shashki::engine::Weights::DEFAULT;
    if let Some(text) = a.value("eval") {
        weights
            .parse_settings(text)
            .map_err(|e| format!("--eval: {e}"))?;
    }
    let clock = Clock::native();
    let mut total_nodes = 0u64;
    let mut total_ms = 0f64;
    let mut total_cpu = 0f64;
    println!("search bench (fixed depth, fresh 64 MB table each, {n_threads} thread(s); CPU time is the main thread's)");
    for (fen, depth) in SEARCH_BENCH {
        let pos = Position::from_fen(fen).map_err(|e| e.to_string())?;
        let mut engine = Engine::new(64);
        engine.set_threads(n_threads);
        engine.set_weights(weights);
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
