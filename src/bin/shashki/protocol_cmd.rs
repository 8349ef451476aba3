//! `shashki engine`: a persistent engine on stdin/stdout, speaking the Hub
//! protocol of draughts programs (version 2, as Scan uses it) with our FEN
//! and move notation. One engine, with its transposition table, lives for
//! the whole session, like the browser's Worker; `new-game` clears it.
//! The protocol, and where we differ from Hub, is in docs/engine-protocol.md.
//!
//! The search runs on its own thread so that `stop`, `ponder-hit` and
//! `ping` are answered while it thinks; every other command waits for no
//! one: the ones that only change the position or the limits are taken at
//! once (the running search keeps its own copy), the ones that need the
//! engine (`go`, `new-game`, `set-param`, `init`) are refused with an
//! `error` line until the search has answered `done`.

use crate::engine_cmd::MAX_THREADS;
use shashki::engine::{book, Clock, Engine, Limits, SearchResult, MATE, MATE_BOUND};
use shashki::game::Game;
use shashki::views::pv_notation;
use shashki::Position;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// The engine's settings (`param` lines), with their limits.
const TT_MAX_MB: usize = 4096;
/// When only the game's remaining time is given: the share of it one move
/// may take is `1 / MOVES_TO_GO` (plus the increment).
const MOVES_TO_GO: f64 = 30.0;
/// Never more than this share of the remaining time on one move.
const MAX_TIME_SHARE: f64 = 0.5;

/// One protocol line: the command word and its `name[=value]` arguments.
#[derive(Debug, PartialEq)]
pub struct Line {
    pub command: String,
    pub args: Vec<(String, Option<String>)>,
}

/// Splits a line into its command and arguments; values may be quoted with
/// double quotes (required when they hold a space or `=`).
pub fn parse_line(text: &str) -> Result<Option<Line>, String> {
    let mut words: Vec<(String, Option<String>)> = Vec::new();
    let mut chars = text.trim().chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        if chars.peek().is_none() {
            break;
        }
        let mut name = String::new();
        while let Some(&c) = chars.peek() {
            if c.is_whitespace() || c == '=' {
                break;
            }
            if c == '"' {
                return Err(format!("a quote in the name '{name}\"'"));
            }
            name.push(c);
            chars.next();
        }
        let mut value = None;
        if chars.peek() == Some(&'=') {
            chars.next();
            let mut v = String::new();
            if chars.peek() == Some(&'"') {
                chars.next();
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some(c) => v.push(c),
                        None => return Err(format!("unclosed quote after {name}=")),
                    }
                }
                if chars.peek().is_some_and(|c| !c.is_whitespace()) {
                    return Err(format!("no space after the quoted value of {name}"));
                }
            } else {
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() {
                        break;
                    }
                    if c == '"' || c == '=' {
                        return Err(format!("'{c}' inside the value of {name}: quote it"));
                    }
                    v.push(c);
                    chars.next();
                }
            }
            value = Some(v);
        }
        if name.is_empty() {
            return Err("an argument without a name".into());
        }
        words.push((name, value));
    }
    let mut it = words.into_iter();
    let Some((command, v)) = it.next() else {
        return Ok(None);
    };
    if v.is_some() {
        return Err(format!("the command '{command}' takes no value"));
    }
    Ok(Some(Line {
        command,
        args: it.collect(),
    }))
}

/// Quotes a value for an answer line when it needs it.
fn quote(v: &str) -> String {
    if v.is_empty() || v.contains([' ', '=', '"']) {
        format!("\"{}\"", v.replace('"', "'"))
    } else {
        v.to_string()
    }
}

impl Line {
    /// Refuses arguments the command does not know, and flags given a
    /// value or values missing one.
    fn only(&self, values: &[&str], flags: &[&str]) -> Result<(), String> {
        for (n, v) in &self.args {
            match (values.contains(&n.as_str()), flags.contains(&n.as_str()), v) {
                (true, _, Some(_)) | (_, true, None) => {}
                (true, _, None) => {
                    return Err(format!("{}: {n} needs a value ({n}=...)", self.command))
                }
                (_, true, Some(_)) => return Err(format!("{}: {n} takes no value", self.command)),
                _ => return Err(format!("{}: unknown argument '{n}'", self.command)),
            }
        }
        Ok(())
    }

    fn value(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
    }

    fn flag(&self, name: &str) -> bool {
        self.args.iter().any(|(n, _)| n == name)
    }

    /// A number argument that must be finite and positive (or zero when
    /// `zero_ok`).
    fn number(&self, name: &str, zero_ok: bool) -> Result<Option<f64>, String> {
        let Some(v) = self.value(name) else {
            return Ok(None);
        };
        match v.parse::<f64>() {
            Ok(x) if x.is_finite() && (x > 0.0 || (zero_ok && x == 0.0)) => Ok(Some(x)),
            _ => Err(format!(
                "{}: {name}={v} is not a {} number",
                self.command,
                if zero_ok { "non-negative" } else { "positive" }
            )),
        }
    }

    fn whole(&self, name: &str) -> Result<Option<u64>, String> {
        match self.value(name) {
            None => Ok(None),
            Some(v) => match v.parse::<u64>() {
                Ok(n) if n > 0 => Ok(Some(n)),
                _ => Err(format!(
                    "{}: {name}={v} is not a positive whole number",
                    self.command
                )),
            },
        }
    }
}

/// A Hub position string: the side to move (`W`/`B`) and one character per
/// square 1..32 in numeric order (1 = b8 ... 32 = g1): `w`/`b` men,
/// `W`/`B` kings, `e` (or `.`) empty. Turned into our FEN.
fn hub_position(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != 33 || !matches!(chars[0], 'W' | 'B') {
        return None;
    }
    let (mut white, mut black) = (Vec::new(), Vec::new());
    for (i, c) in chars[1..].iter().enumerate() {
        let n = i + 1;
        match c {
            'w' => white.push(n.to_string()),
            'W' => white.push(format!("K{n}")),
            'b' => black.push(n.to_string()),
            'B' => black.push(format!("K{n}")),
            'e' | '.' => {}
            _ => return None,
        }
    }
    Some(format!(
        "{}:W{}:B{}",
        chars[0],
        white.join(","),
        black.join(",")
    ))
}

/// How the next search is bounded (`level`).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Level {
    MoveTime(f64),
    Depth(u32),
    Nodes(u64),
    Clock {
        time: f64,
        inc: f64,
        moves: Option<f64>,
    },
    Infinite,
}

impl Level {
    fn parse(l: &Line) -> Result<Level, String> {
        l.only(
            &["move-time", "depth", "nodes", "time", "inc", "moves"],
            &["infinite"],
        )?;
        let move_time = l.number("move-time", false)?;
        let depth = l.whole("depth")?;
        let nodes = l.whole("nodes")?;
        let time = l.number("time", true)?;
        let inc = l.number("inc", true)?;
        let moves = l.whole("moves")?;
        let infinite = l.flag("infinite");
        let kinds = [
            move_time.is_some(),
            depth.is_some(),
            nodes.is_some(),
            time.is_some(),
            infinite,
        ];
        match kinds.iter().filter(|&&k| k).count() {
            0 if inc.is_some() || moves.is_some() => {
                return Err("level: inc and moves go with time=".into())
            }
            0 => return Err("level: give move-time=, depth=, nodes=, time= or infinite".into()),
            1 => {}
            _ => {
                return Err("level: give one of move-time=, depth=, nodes=, time=, infinite".into())
            }
        }
        if (inc.is_some() || moves.is_some()) && time.is_none() {
            return Err("level: inc and moves go with time=".into());
        }
        Ok(if let Some(s) = move_time {
            Level::MoveTime(s * 1000.0)
        } else if let Some(d) = depth {
            Level::Depth(d.min(u32::MAX as u64) as u32)
        } else if let Some(n) = nodes {
            Level::Nodes(n)
        } else if let Some(t) = time {
            Level::Clock {
                time: t * 1000.0,
                inc: inc.unwrap_or(0.0) * 1000.0,
                moves: moves.map(|m| m as f64),
            }
        } else {
            Level::Infinite
        })
    }

    /// The search limits for a move: a time control becomes a time per
    /// move (see docs/engine-time.md).
    fn limits(&self) -> Limits {
        match *self {
            Level::MoveTime(ms) => Limits::movetime(ms),
            Level::Depth(d) => Limits::depth(d),
            Level::Nodes(n) => Limits::nodes(n),
            Level::Clock { time, inc, moves } => {
                let share = time / moves.unwrap_or(MOVES_TO_GO).max(1.0) + inc;
                Limits::movetime(share.min(time * MAX_TIME_SHARE).max(1.0))
            }
            Level::Infinite => Limits::default(),
        }
    }
}

/// Writes one answer line (stdout is shared by the reading and the
/// searching thread; each line goes out whole).
fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

fn error(message: &str) {
    say(&format!("error message={}", quote(message)));
}

/// `info` for a completed depth.
fn info_line(root: &Position, r: &SearchResult) -> String {
    let secs = r.time_ms / 1e3;
    let mut s = format!(
        "info depth={} score={:.2} nodes={} time={:.3} nps={:.2}",
        r.depth,
        r.score as f64 / 100.0,
        r.nodes,
        secs,
        if secs > 0.0 {
            r.nodes as f64 / secs / 1e6
        } else {
            0.0
        }
    );
    if r.score.abs() >= MATE_BOUND {
        let plies = MATE - r.score.abs();
        s += &format!(" win={}", if r.score > 0 { plies } else { -plies });
    }
    s += &format!(" pv={}", quote(&pv_notation(root, &r.pv).join(" ")));
    s
}

fn done_line(root: &Position, r: &SearchResult) -> String {
    let pv = pv_notation(root, &r.pv);
    let best = match r.best {
        Some(m) => root.move_text(&m),
        None => return "done".into(),
    };
    match pv.get(1) {
        Some(p) if pv.first() == Some(&best) => format!("done move={best} ponder={p}"),
        _ => format!("done move={best}"),
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Think,
    Ponder,
    Analyze,
}

/// Flags shared with the search thread.
#[derive(Default)]
struct Signals {
    /// `stop` was received.
    stop: AtomicBool,
    /// `ponder-hit` was received.
    ponder_hit: AtomicBool,
    /// The search has ended (its `done` is being written): the thread
    /// returns the engine at once.
    ended: AtomicBool,
}

struct Session {
    engine: Option<Engine>,
    search: Option<JoinHandle<Engine>>,
    /// The searching engine's stop flag.
    search_stop: Option<Arc<AtomicBool>>,
    signals: Arc<Signals>,
    game: Game,
    level: Level,
    tt_mb: usize,
    threads: usize,
    book: bool,
    egtb: Option<String>,
    egtb_loaded: bool,
    /// Seeds the book's choice among its moves, one per search.
    seed: u64,
}

impl Session {
    fn new(tt_mb: usize, threads: usize) -> Session {
        Session {
            engine: None,
            search: None,
            search_stop: None,
            signals: Arc::new(Signals::default()),
            game: Game::new(),
            level: Level::MoveTime(1000.0),
            tt_mb,
            threads,
            book: true,
            egtb: None,
            egtb_loaded: false,
            seed: 1,
        }
    }

    /// True while a search runs; takes the engine back once it has ended.
    fn busy(&mut self) -> bool {
        if self.search.as_ref().is_some_and(|h| !h.is_finished())
            && !self.signals.ended.load(Ordering::SeqCst)
        {
            return true;
        }
        self.reclaim();
        false
    }

    /// Waits for the search to end and takes the engine back.
    fn reclaim(&mut self) {
        if let Some(h) = self.search.take() {
            match h.join() {
                Ok(engine) => self.engine = Some(engine),
                Err(_) => error("the search thread failed; the engine starts afresh"),
            }
        }
    }

    fn engine(&mut self) -> &mut Engine {
        if self.engine.is_none() {
            if !self.egtb_loaded {
                crate::egtb_cmd::install(self.egtb.as_deref());
                self.egtb_loaded = true;
            }
            let mut e = Engine::new(self.tt_mb);
            e.set_threads(self.threads);
            self.engine = Some(e);
        }
        self.engine.as_mut().expect("just made")
    }

    fn params(&self) -> Vec<String> {
        vec![
            format!(
                "param name=tt value={} type=int min=1 max={TT_MAX_MB}",
                self.tt_mb
            ),
            format!(
                "param name=threads value={} type=int min=1 max={MAX_THREADS}",
                self.threads
            ),
            format!("param name=book value={} type=bool", self.book),
            format!(
                "param name=egtb value={} type=string",
                quote(self.egtb.as_deref().unwrap_or(""))
            ),
        ]
    }

    fn set_param(&mut self, l: &Line) -> Result<(), String> {
        l.only(&["name", "value"], &[])?;
        let name = l.value("name").ok_or("set-param: name= is missing")?;
        let value = l.value("value").ok_or("set-param: value= is missing")?;
        let whole = |max: usize| -> Result<usize, String> {
            match value.parse::<usize>() {
                Ok(n) if (1..=max).contains(&n) => Ok(n),
                _ => Err(format!(
                    "set-param: {name}={value} is not a whole number from 1 to {max}"
                )),
            }
        };
        match name {
            "tt" => {
                let mb = whole(TT_MAX_MB)?;
                if mb != self.tt_mb {
                    self.tt_mb = mb;
                    self.engine = None; // made again, with the new size, when needed
                }
            }
            "threads" => {
                self.threads = whole(MAX_THREADS)?;
                if let Some(e) = self.engine.as_mut() {
                    e.set_threads(self.threads);
                }
            }
            "book" => {
                self.book = match value {
                    "true" => true,
                    "false" => false,
                    _ => return Err(format!("set-param: book={value}: true or false")),
                }
            }
            "egtb" => {
                let dir = (!value.is_empty()).then(|| value.to_string());
                if let Some(d) = &dir {
                    if !std::path::Path::new(d).is_dir() {
                        return Err(format!("set-param: egtb={d} is not a folder"));
                    }
                }
                self.egtb = dir;
                self.egtb_loaded = false;
                self.engine = None;
            }
            other => return Err(format!("set-param: unknown parameter '{other}'")),
        }
        Ok(())
    }

    fn set_position(&mut self, l: &Line) -> Result<(), String> {
        l.only(&["pos", "moves"], &[])?;
        let pos = match l.value("pos") {
            None => Position::start(),
            Some(text) => {
                let fen = hub_position(text).unwrap_or_else(|| text.to_string());
                Position::from_fen(&fen).map_err(|e| format!("pos: {e}"))?
            }
        };
        let mut game = Game::from_position(pos);
        if let Some(moves) = l.value("moves") {
            for (i, text) in moves.split_whitespace().enumerate() {
                game.play_text(text)
                    .map_err(|e| format!("pos: move {} '{text}': {e}", i + 1))?;
            }
        }
        self.game = game;
        Ok(())
    }

    fn go(&mut self, l: &Line) -> Result<(), String> {
        l.only(&[], &["think", "ponder", "analyze"])?;
        let mode = match (l.flag("think"), l.flag("ponder"), l.flag("analyze")) {
            (true, false, false) => Mode::Think,
            (false, true, false) => Mode::Ponder,
            (false, false, true) => Mode::Analyze,
            _ => return Err("go: say one of think, ponder, analyze".into()),
        };
        if let Some(why) = self.game.status().reason_word() {
            return Err(format!("go: the game is over ({why})"));
        }
        let think = self.level.limits();
        let first = if mode == Mode::Think {
            think
        } else {
            Limits::default()
        };
        let book_move = (mode == Mode::Think && self.book)
            .then(|| book::shipped().and_then(|b| b.pick(self.game.position(), self.seed)))
            .flatten();
        self.seed = self.seed.wrapping_add(1);
        let game = self.game.clone();
        let signals = Arc::clone(&self.signals);
        signals.stop.store(false, Ordering::SeqCst);
        signals.ponder_hit.store(false, Ordering::SeqCst);
        signals.ended.store(false, Ordering::SeqCst);
        self.engine();
        let mut engine = self.engine.take().expect("made above");
        let stored = engine.stored_depth(&game);
        let stop = engine.stop_flag();
        stop.store(false, Ordering::SeqCst);
        self.search_stop = Some(Arc::clone(&stop));
        self.search = Some(std::thread::spawn(move || {
            let root = *game.position();
            if let Some(mv) = book_move {
                say(&format!("info depth=0 book pv={}", root.move_text(&mv)));
                signals.ended.store(true, Ordering::SeqCst);
                say(&format!("done move={}", root.move_text(&mv)));
                return engine;
            }
            let clock = Clock::native();
            // The first line tells how deep the table already knew the root.
            let mut stored = Some(stored);
            let mut report = |r: &SearchResult| {
                let mut line = info_line(&root, r);
                if let Some(d) = stored.take() {
                    line += &format!(" stored={d}");
                }
                say(&line)
            };
            let mut r = engine.search_reporting(&game, &first, &clock, &mut report);
            // Ponder hit: the expected move was played, the clock runs from
            // now. The kept table brings the new search back to the depth
            // the ponder search reached within a few milliseconds.
            if mode == Mode::Ponder
                && signals.ponder_hit.load(Ordering::SeqCst)
                && !signals.stop.load(Ordering::SeqCst)
            {
                stop.store(false, Ordering::SeqCst);
                if signals.stop.load(Ordering::SeqCst) {
                    stop.store(true, Ordering::SeqCst);
                }
                r = engine.search_reporting(&game, &think, &clock, &mut report);
            }
            if r.depth == 0 && r.best.is_some() {
                // Answered by the endgame tables, or stopped at once.
                say(&info_line(&root, &r));
            }
            signals.ended.store(true, Ordering::SeqCst);
            say(&done_line(&root, &r));
            engine
        }));
        Ok(())
    }

    /// Handles one line; `false` means quit.
    fn handle(&mut self, text: &str) -> bool {
        let line = match parse_line(text) {
            Ok(Some(l)) => l,
            Ok(None) => return true,
            Err(e) => {
                error(&format!("bad line: {e}"));
                return true;
            }
        };
        let busy = self.busy();
        let needs_engine = matches!(
            line.command.as_str(),
            "go" | "new-game" | "set-param" | "init"
        );
        if busy && needs_engine {
            error(&format!(
                "{}: a search is running (send stop and wait for done)",
                line.command
            ));
            return true;
        }
        let result = match line.command.as_str() {
            "hub" => line.only(&[], &[]).map(|_| {
                say(&format!(
                    "id name=shashki version={} author=\"shashki project\" country=Russia",
                    env!("CARGO_PKG_VERSION")
                ));
                for p in self.params() {
                    say(&p);
                }
                say("wait");
            }),
            "set-param" => self.set_param(&line),
            "init" => line.only(&[], &[]).map(|_| {
                self.engine();
                say("ready");
            }),
            "new-game" => line.only(&[], &[]).map(|_| {
                self.engine().clear();
                self.game = Game::new();
            }),
            "pos" => self.set_position(&line),
            "level" => Level::parse(&line).map(|lv| self.level = lv),
            "go" => self.go(&line),
            "stop" => line.only(&[], &[]).map(|_| {
                if busy {
                    self.signals.stop.store(true, Ordering::SeqCst);
                    if let Some(e) = &self.stop_flag() {
                        e.store(true, Ordering::SeqCst);
                    }
                }
            }),
            "ponder-hit" => line.only(&[], &[]).map(|_| {
                if busy {
                    self.signals.ponder_hit.store(true, Ordering::SeqCst);
                    if let Some(e) = &self.stop_flag() {
                        e.store(true, Ordering::SeqCst);
                    }
                }
            }),
            "ping" => line.only(&[], &[]).map(|_| say("pong")),
            "quit" => {
                self.finish();
                return false;
            }
            other => Err(format!("unknown command '{other}'")),
        };
        if let Err(e) = result {
            error(&e);
        }
        true
    }

    fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        self.search_stop.clone()
    }

    /// Stops a running search and waits for it.
    fn finish(&mut self) {
        if self.search.is_some() {
            self.signals.stop.store(true, Ordering::SeqCst);
            if let Some(e) = &self.stop_flag() {
                e.store(true, Ordering::SeqCst);
            }
            self.reclaim();
        }
    }
}

pub fn engine(argv: &[String]) -> Result<ExitCode, String> {
    let a = crate::args::Args::parse(argv, &[])?;
    a.only(&["tt", "threads", "egtb"])?;
    let tt = a.number::<usize>("tt")?.unwrap_or(64);
    if !(1..=TT_MAX_MB).contains(&tt) {
        return Err(format!("--tt {tt}: 1 to {TT_MAX_MB} MB"));
    }
    let threads = a.number::<usize>("threads")?.unwrap_or(1);
    if !(1..=MAX_THREADS).contains(&threads) {
        return Err(format!("--threads {threads}: 1 to {MAX_THREADS}"));
    }
    let mut s = Session::new(tt, threads);
    s.egtb = a.value("egtb").map(str::to_string);
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else {
            error("stdin: not UTF-8 text; line skipped");
            continue;
        };
        if !s.handle(&line) {
            return Ok(ExitCode::SUCCESS);
        }
    }
    // Standard input closed: the GUI is gone.
    s.finish();
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_split_with_quotes() {
        let l = parse_line("pos pos=W:W21-32:B1-12 moves=\"c3-d4 f6-g5\"")
            .unwrap()
            .unwrap();
        assert_eq!(l.command, "pos");
        assert_eq!(l.value("moves"), Some("c3-d4 f6-g5"));
        assert_eq!(l.value("pos"), Some("W:W21-32:B1-12"));
        let l = parse_line("  go   think ").unwrap().unwrap();
        assert!(l.flag("think"));
        assert_eq!(parse_line("   ").unwrap(), None);
        assert!(parse_line("pos moves=\"c3-d4").is_err());
        assert!(parse_line("level =3").is_err());
        assert!(parse_line("go=3").is_err());
    }

    #[test]
    fn hub_positions_become_fens() {
        let start = format!("W{}{}{}", "b".repeat(12), "e".repeat(8), "w".repeat(12));
        let fen = hub_position(&start).unwrap();
        assert_eq!(Position::from_fen(&fen).unwrap(), Position::start());
        assert_eq!(hub_position("W"), None);
    }

    #[test]
    fn clock_levels_share_the_time() {
        let l = parse_line("level time=60 inc=1").unwrap().unwrap();
        let lim = Level::parse(&l).unwrap().limits();
        assert_eq!(lim.movetime_ms, Some(60_000.0 / MOVES_TO_GO + 1000.0));
        let l = parse_line("level time=1 moves=1").unwrap().unwrap();
        let lim = Level::parse(&l).unwrap().limits();
        assert_eq!(lim.movetime_ms, Some(500.0));
        for bad in [
            "level",
            "level depth=0",
            "level move-time=-1",
            "level move-time=x",
            "level inc=2",
            "level depth=3 move-time=1",
            "level speed=3",
        ] {
            let l = parse_line(bad).unwrap().unwrap();
            assert!(Level::parse(&l).is_err(), "{bad}");
        }
    }
}
