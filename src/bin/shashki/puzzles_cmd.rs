//! `shashki puzzles mine|export`: builds and prints the puzzle collection
//! (www/puzzles/puzzles.json). See src/engine/puzzle.rs for what makes a
//! position a puzzle and how it is proven.

use crate::args::Args;
use shashki::engine::puzzle::{
    calibrate, canonical_fen, difficulty, puzzle_id, themes, Candidate, Miner, MinerConfig, Puzzle,
    PuzzleFile, Reject, THEMES,
};
use shashki::engine::{Clock, Engine};
use shashki::game::{parse_games, Game};
use shashki::Position;
use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

pub const DEFAULT_FILE: &str = "www/puzzles/puzzles.json";
const RATING_LOW: i32 = 800;
const RATING_HIGH: i32 = 2400;
const RATING_MEAN: f64 = 1500.0;
const RATING_SD: f64 = 300.0;

pub fn puzzles(argv: &[String]) -> Result<ExitCode, String> {
    crate::args::dispatch(
        argv,
        &[("mine", mine), ("relabel", relabel), ("export", export)],
        "usage: shashki puzzles mine [--seed S] [--out FILE] [--count N] \
         [--games PDN] [--openings FILE] [--openings-limit N] [--self-play N] \
         [--engine-depth D] [--margin PLIES]\n       shashki puzzles relabel [--file FILE] [--engine-depth D] [--keep-effort]\n       shashki puzzles export [--file FILE]",
    )
}

struct Found {
    cand: Candidate,
    source: String,
}

struct Run {
    miner: Miner,
    seen: HashSet<String>,
    found: Vec<Found>,
    rejects: BTreeMap<Reject, u64>,
    examined: u64,
    want: usize,
    out: String,
    started: Instant,
    last_save: usize,
}

impl Run {
    /// Examines one position; true if it became a puzzle.
    fn look(&mut self, pos: &Position, source: impl FnOnce() -> String) -> bool {
        if self.found.len() >= self.want {
            return false;
        }
        let key = canonical_fen(pos);
        if self.seen.contains(&key) {
            return false;
        }
        self.seen.insert(key);
        self.examined += 1;
        match self.miner.examine(pos) {
            Ok(cand) => {
                self.found.push(Found {
                    cand,
                    source: source(),
                });
                true
            }
            Err(r) => {
                *self.rejects.entry(r).or_default() += 1;
                false
            }
        }
    }

    fn progress(&mut self, what: &str) {
        eprintln!(
            "[{:7.1}s] {what}: {} puzzles from {} positions; rejected {:?}",
            self.started.elapsed().as_secs_f64(),
            self.found.len(),
            self.examined,
            self.rejects
        );
        if self.found.len() >= self.last_save + 25 {
            if let Err(e) = self.save() {
                eprintln!("cannot save: {e}");
            }
        }
    }

    fn done(&self) -> bool {
        self.found.len() >= self.want
    }

    fn save(&mut self) -> Result<(), String> {
        self.last_save = self.found.len();
        let raw: Vec<f64> = self
            .found
            .iter()
            .map(|f| difficulty(&f.cand.effort))
            .collect();
        let ratings = calibrate(&raw, RATING_MEAN, RATING_SD, RATING_LOW, RATING_HIGH);
        let puzzles: Vec<Puzzle> = self
            .found
            .iter()
            .zip(ratings)
            .map(|(f, rating)| Puzzle {
                id: puzzle_id(&f.cand.position),
                fen: f.cand.position.fen(),
                solution: f.cand.line.clone(),
                themes: f.cand.themes.clone(),
                rating,
                source: f.source.clone(),
                gain: f.cand.gain,
                depth: f.cand.depth,
                effort: f.cand.effort,
            })
            .collect();
        write_file(&self.out, &puzzles)
    }
}

/// Writes the puzzle file, one puzzle a line; refuses two equal ids.
fn write_file(out: &str, puzzles: &[Puzzle]) -> Result<(), String> {
    let mut ids = HashSet::new();
    for p in puzzles {
        if !ids.insert(p.id.clone()) {
            return Err(format!("two puzzles share the id {}", p.id));
        }
    }
    let mut text = String::from("{\"version\":1,\"puzzles\":[\n");
    for (i, p) in puzzles.iter().enumerate() {
        if i > 0 {
            text.push_str(",\n");
        }
        text.push_str(&serde_json::to_string(p).map_err(|e| e.to_string())?);
    }
    text.push_str("\n]}\n");
    if let Some(dir) = std::path::Path::new(out).parent() {
        if !dir.as_os_str().is_empty() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
    }
    std::fs::write(out, text).map_err(|e| format!("{out}: {e}"))
}

/// At most this many puzzles from one bot game (neighbouring positions of
/// one game often share a shot).
const PER_BOT_GAME: usize = 2;

fn mine(argv: &[String]) -> Result<ExitCode, String> {
    let a = Args::parse(argv, &[])?;
    a.only(&[
        "seed",
        "out",
        "count",
        "games",
        "openings",
        "openings-limit",
        "self-play",
        "engine-depth",
        "margin",
    ])?;
    let seed = a.number::<u64>("seed")?.unwrap_or(1);
    let want = a.number::<usize>("count")?.unwrap_or(1200);
    let games_path = a
        .value("games")
        .unwrap_or("tests/data/russian-games.pdn")
        .to_string();
    let openings_path = a
        .value("openings")
        .unwrap_or("tests/data/russian-openings.txt")
        .to_string();
    let openings_limit = a.number::<usize>("openings-limit")?.unwrap_or(usize::MAX);
    let self_play = a.number::<u64>("self-play")?.unwrap_or(4000);
    let mut config = MinerConfig::default();
    if let Some(m) = a.number::<u32>("margin")? {
        config.margin = m.min(8);
    }
    if let Some(d) = a.number::<u32>("engine-depth")? {
        config.engine_depth = d.clamp(1, 30);
    }
    let mut run = Run {
        miner: Miner::new(config),
        seen: HashSet::new(),
        found: Vec::new(),
        rejects: BTreeMap::new(),
        examined: 0,
        want,
        out: a.value("out").unwrap_or(DEFAULT_FILE).to_string(),
        started: Instant::now(),
        last_save: 0,
    };

    // 1. The real games: every position of every game.
    let pdn = std::fs::read_to_string(&games_path).map_err(|e| format!("{games_path}: {e}"))?;
    let games = parse_games(&pdn).map_err(|e| format!("{games_path}: {e}"))?;
    for (gi, g) in games.iter().enumerate() {
        let tag = |n: &str| g.tag(n).unwrap_or("?").to_string();
        let year = tag("Date")
            .get(..4)
            .filter(|y| y.bytes().all(|b| b.is_ascii_digit()))
            .map(|y| format!(" {y}"))
            .unwrap_or_default();
        let title = format!(
            "{} – {}, {}{year}",
            tag("White"),
            tag("Black"),
            tag("Event")
        );
        for pm in g.record_moves() {
            let side = if pm.before.turn() == shashki::Color::White {
                "White"
            } else {
                "Black"
            };
            let number = pm.number;
            let t = title.clone();
            run.look(&pm.before, || {
                format!("game {}: {t}, move {number}, {side} to play", gi + 1)
            });
        }
        if gi % 20 == 19 {
            run.progress(&format!("games {}", gi + 1));
        }
        if run.done() {
            break;
        }
    }
    run.progress("real games");

    // 2. The openings, played out by the weak levels (seeded).
    let openings =
        std::fs::read_to_string(&openings_path).map_err(|e| format!("{openings_path}: {e}"))?;
    let mut engine = Engine::new(16);
    for (oi, fen) in openings
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .enumerate()
        .take(openings_limit)
    {
        if run.done() {
            break;
        }
        let game =
            Game::from_fen(fen).map_err(|e| format!("{openings_path} line {}: {e}", oi + 1))?;
        let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(oi as u64);
        play_out(&mut run, &mut engine, game, game_seed, &|ply| {
            format!(
                "opening {} played out by the bot (seed {game_seed}), ply {ply}",
                oi + 1
            )
        });
        if oi % 20 == 19 {
            run.progress(&format!("openings {}", oi + 1));
        }
    }
    run.progress("openings");

    // 3. Self-play from the start until enough.
    for i in 0..self_play {
        if run.done() {
            break;
        }
        let game_seed = seed.wrapping_mul(7_000_001).wrapping_add(1_000_000 + i);
        play_out(&mut run, &mut engine, Game::new(), game_seed, &|ply| {
            format!("self-play (seed {game_seed}), ply {ply}")
        });
        if i % 20 == 19 {
            run.progress(&format!("self-play {}", i + 1));
        }
    }
    run.progress("finished");
    run.save()?;
    eprintln!("wrote {} puzzles to {}", run.found.len(), run.out);
    Ok(ExitCode::SUCCESS)
}

/// Plays a game between the two weakest levels (which leave shots on the
/// board), examining every position.
fn play_out(
    run: &mut Run,
    engine: &mut Engine,
    mut game: Game,
    seed: u64,
    source: &dyn Fn(usize) -> String,
) {
    let clock = Clock::frozen();
    engine.clear();
    let mut here = 0;
    for ply in 0..120usize {
        if game.status().is_over() {
            break;
        }
        let pos = *game.position();
        if here < PER_BOT_GAME && run.look(&pos, || source(ply)) {
            here += 1;
        }
        let level = 1 + ((seed + ply as u64) % 2) as u8;
        let Some(mv) = engine
            .play_level(
                &game,
                level,
                seed.wrapping_mul(1000).wrapping_add(ply as u64),
                &clock,
            )
            .best
        else {
            break;
        };
        if game.play(&mv).is_err() {
            break;
        }
    }
}

/// Reads a puzzle file back as positions and move lines.
fn read_file(path: &str) -> Result<PuzzleFile, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    serde_json::from_str(&text).map_err(|e| format!("{path}: not a puzzle file: {e}"))
}

/// A shipped puzzle's position and solution as moves.
fn replay(p: &Puzzle) -> Result<(Position, Vec<shashki::Move>), String> {
    let root = Position::from_fen(&p.fen).map_err(|e| format!("{}: {e}", p.id))?;
    let mut pos = root;
    let mut line = Vec::new();
    for t in &p.solution {
        let m = pos
            .parse_move(t)
            .map_err(|e| format!("{}: {t}: {e}", p.id))?;
        pos = pos.play_unchecked(&m);
        line.push(m);
    }
    Ok((root, line))
}

/// `puzzles relabel`: recomputes every puzzle's themes from its position
/// and solution, measures its [`Effort`] again (material search and the
/// engine, deterministic) and rates the collection from it; rewrites the
/// file and prints how many puzzles each theme has. `--keep-effort`
/// rates from the stored measures instead of measuring again.
fn relabel(argv: &[String]) -> Result<ExitCode, String> {
    let a = Args::parse(argv, &["keep-effort"])?;
    a.only(&["file", "engine-depth", "keep-effort"])?;
    let keep = a.flag("keep-effort");
    let path = a.value("file").unwrap_or(DEFAULT_FILE).to_string();
    let mut config = MinerConfig::default();
    if let Some(d) = a.number::<u32>("engine-depth")? {
        config.engine_depth = d.clamp(1, 30);
    }
    let mut miner = Miner::new(config);
    let mut file = read_file(&path)?;
    let started = Instant::now();
    for (i, p) in file.puzzles.iter_mut().enumerate() {
        let (root, line) = replay(p)?;
        p.themes = themes(&root, &line, p.gain);
        if keep {
            continue;
        }
        // Not chosen even at the last depth (the engine changed since the
        // puzzle was mined): one more than the deepest search.
        let find = miner
            .find_depth(&root, &line[0])
            .unwrap_or(miner.config.engine_depth + 1);
        p.effort = miner.effort(&root, &line, p.depth, find);
        if i % 100 == 99 {
            eprintln!(
                "[{:6.1}s] {} puzzles",
                started.elapsed().as_secs_f64(),
                i + 1
            );
        }
    }
    let raw: Vec<f64> = file.puzzles.iter().map(|p| difficulty(&p.effort)).collect();
    let ratings = calibrate(&raw, RATING_MEAN, RATING_SD, RATING_LOW, RATING_HIGH);
    for (p, r) in file.puzzles.iter_mut().zip(ratings) {
        p.rating = r;
    }
    write_file(&path, &file.puzzles)?;
    print_counts(&file.puzzles);
    Ok(ExitCode::SUCCESS)
}

/// How many puzzles each documented theme has.
fn print_counts(puzzles: &[Puzzle]) {
    for t in THEMES {
        let n = puzzles
            .iter()
            .filter(|p| p.themes.iter().any(|x| x == t))
            .count();
        eprintln!("{t:>16} {n:5}");
    }
}

fn export(argv: &[String]) -> Result<ExitCode, String> {
    let a = Args::parse(argv, &[])?;
    a.only(&["file"])?;
    let path = a.value("file").unwrap_or(DEFAULT_FILE);
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let file: PuzzleFile =
        serde_json::from_str(&text).map_err(|e| format!("{path}: not a puzzle file: {e}"))?;
    // The documented keys, in the documented order.
    #[derive(serde::Serialize)]
    struct Line<'a> {
        id: &'a str,
        fen: &'a str,
        solution: &'a [String],
        themes: &'a [String],
        rating: i32,
        source: &'a str,
    }
    let mut out = std::io::stdout().lock();
    for p in &file.puzzles {
        let line = serde_json::to_string(&Line {
            id: &p.id,
            fen: &p.fen,
            solution: &p.solution,
            themes: &p.themes,
            rating: p.rating,
            source: &p.source,
        })
        .map_err(|e| e.to_string())?;
        // A closed pipe (`| head`) ends the listing quietly.
        if writeln!(out, "{line}").is_err() {
            break;
        }
    }
    Ok(ExitCode::SUCCESS)
}
