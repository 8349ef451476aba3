//! `shashki engine`, the persistent engine on stdin/stdout (Hub protocol,
//! docs/engine-protocol.md): the binary is spawned and talked to line by
//! line, and its answers are checked against the library searched directly.

use shashki::engine::{Clock, Engine, Limits};
use shashki::game::Game;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

/// A middle-game position far from the book and the endgame tables.
const FEN: &str = "W:Wa1,c1,e1,b2,d2,f2,c3,e3,g3,h4:Ba7,c7,e7,g7,b6,d6,f6,h6,a5,d8";
const WAIT: Duration = Duration::from_secs(60);

struct Engine1 {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine1 {
    fn start(args: &[&str]) -> Engine1 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_shashki"))
            .arg("engine")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("run shashki engine");
        let stdin = child.stdin.take();
        let out = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine1 {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    fn next(&self) -> String {
        self.lines
            .recv_timeout(WAIT)
            .expect("the engine answers in time")
    }

    /// Every line up to and including the first starting with `word`.
    fn until(&self, word: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let l = self.next();
            let stop = l.split_whitespace().next() == Some(word);
            seen.push(l);
            if stop {
                return seen;
            }
        }
    }

    /// Nothing more is said within a short while.
    fn quiet(&self) -> bool {
        self.lines.recv_timeout(Duration::from_millis(300)).is_err()
    }

    fn search(&mut self, go: &str) -> (Vec<String>, String) {
        self.send(go);
        let mut lines = self.until("done");
        let done = lines.pop().unwrap();
        (lines, done)
    }
}

/// The value of `name=` in an answer line (unquoted values only).
fn field<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    line.split_whitespace()
        .find_map(|w| w.strip_prefix(name)?.strip_prefix('='))
}

fn pv(line: &str) -> String {
    let rest = line.split_once(" pv=").expect("a pv").1;
    rest.trim_matches('"').to_string()
}

#[test]
fn a_full_exchange() {
    let mut e = Engine1::start(&[]);
    e.send("hub");
    let intro = e.until("wait");
    assert!(
        intro[0].starts_with("id name=shashki version="),
        "{intro:?}"
    );
    for p in ["tt", "book", "egtb"] {
        assert!(
            intro
                .iter()
                .any(|l| l.starts_with(&format!("param name={p} "))),
            "{intro:?}"
        );
    }
    e.send("set-param name=book value=false");
    e.send("init");
    assert_eq!(e.until("ready"), ["ready"], "no error before ready");
    e.send("new-game");
    e.send(&format!("pos pos={FEN} moves=\"g3-f4 b6-c5\""));
    e.send("level depth=7");
    let (infos, done) = e.search("go think");
    // One info line per depth, 1 to 7, each with a line starting legally.
    let mut game = Game::from_fen(FEN).unwrap();
    game.play_text("g3-f4").unwrap();
    game.play_text("b6-c5").unwrap();
    let depths: Vec<u32> = infos
        .iter()
        .map(|l| field(l, "depth").unwrap().parse().unwrap())
        .collect();
    assert_eq!(depths, (1..=7).collect::<Vec<_>>(), "{infos:?}");
    for l in &infos {
        assert!(l.starts_with("info "), "{l}");
        let first = pv(l).split(' ').next().unwrap().to_string();
        assert!(game.position().parse_move(&first).is_ok(), "{l}");
        field(l, "score").unwrap().parse::<f64>().unwrap();
    }
    // The move and the expected reply are the library's own, and legal.
    let lib = Engine::new(64).search(&game, &Limits::depth(7), &Clock::frozen());
    let best = game.position().move_text(&lib.best.unwrap());
    assert_eq!(field(&done, "move"), Some(best.as_str()), "{done}");
    let mut after = game.clone();
    after.play_text(&best).unwrap();
    let ponder = field(&done, "ponder").expect("a ponder move");
    assert!(after.position().parse_move(ponder).is_ok(), "{done}");
    assert_eq!(
        field(infos.last().unwrap(), "nodes"),
        Some(lib.nodes.to_string().as_str())
    );
    e.send("ping");
    assert_eq!(e.next(), "pong");
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn bad_input_gets_an_error_and_changes_nothing() {
    let mut e = Engine1::start(&[]);
    e.send("set-param name=book value=false");
    e.send(&format!("pos pos={FEN}"));
    e.send("level depth=5");
    for (bad, says) in [
        ("fly away", "unknown command 'fly'"),
        ("pos pos=W:Wa2:Bh8", "a2"),
        ("pos moves=\"c3-d4 c3-d4\"", "move 2 'c3-d4'"),
        ("pos pos=\"W:W21-32:B1-12", "unclosed quote"),
        ("level move-time=-1", "move-time=-1"),
        ("level depth=3 nodes=9", "one of"),
        ("level speed=3", "unknown argument 'speed'"),
        ("set-param name=tt value=0", "tt=0"),
        (
            "set-param name=colour value=red",
            "unknown parameter 'colour'",
        ),
        ("go fast", "unknown argument 'fast'"),
        ("go", "one of think"),
    ] {
        e.send(bad);
        let answer = e.next();
        assert!(answer.starts_with("error message="), "{bad}: {answer}");
        assert!(answer.contains(says), "{bad}: {answer}");
    }
    // The position and the level are still the ones set before the errors.
    let (infos, done) = e.search("go think");
    assert_eq!(field(infos.last().unwrap(), "depth"), Some("5"));
    let game = Game::from_fen(FEN).unwrap();
    let lib = Engine::new(64).search(&game, &Limits::depth(5), &Clock::frozen());
    let best = game.position().move_text(&lib.best.unwrap());
    assert_eq!(field(&done, "move"), Some(best.as_str()));
    // A finished game is refused.
    e.send("pos pos=W:Wa1:Bb2,c3");
    e.send("go think");
    assert!(e.next().contains("the game is over"));
    // Closing standard input ends the engine.
    drop(e.stdin.take());
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn the_table_is_kept_between_searches() {
    let mut e = Engine1::start(&[]);
    e.send("set-param name=book value=false");
    e.send(&format!("pos pos={FEN}"));
    e.send("level depth=9");
    let nodes = |infos: &[String]| -> u64 {
        field(infos.last().unwrap(), "nodes")
            .unwrap()
            .parse()
            .unwrap()
    };
    let stored = |infos: &[String]| -> u32 { field(&infos[0], "stored").unwrap().parse().unwrap() };
    let (first, done1) = e.search("go think");
    assert_eq!(stored(&first), 0, "{first:?}");
    // The same search again: the root is in the table, at the depth
    // searched, and the stored positions cut the tree short.
    let (second, done2) = e.search("go think");
    assert!(stored(&second) >= 9, "{second:?}");
    assert_eq!(field(&done1, "move"), field(&done2, "move"));
    assert!(
        nodes(&second) < nodes(&first),
        "{} then {}",
        nodes(&first),
        nodes(&second)
    );
    // After new-game the table is empty again: exactly the first count,
    // which is a fresh engine's.
    e.send("new-game");
    e.send(&format!("pos pos={FEN}"));
    let (third, _) = e.search("go think");
    assert_eq!(stored(&third), 0);
    assert_eq!(nodes(&third), nodes(&first));
    let lib = Engine::new(64).search(
        &Game::from_fen(FEN).unwrap(),
        &Limits::depth(9),
        &Clock::frozen(),
    );
    assert_eq!(nodes(&first), lib.nodes);
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn new_game_searches_an_ending_as_a_fresh_engine_does() {
    // A late ending: the search probes the endgame tables, and its probes
    // near the leaves read only blocks already unpacked (docs/engine.md,
    // "The endgame tables in the search"). The first search unpacks
    // blocks; after new-game they are packed again, so the same search
    // counts the same nodes as a fresh engine's first one.
    const ENDING: &str = "B:WKa1,c3,e3,g1,Kf2:BKb8,d6,f6,Kh6,a7";
    let last = |infos: &[String], name: &str| -> String {
        field(infos.last().unwrap(), name).unwrap().to_string()
    };
    let run = |e: &mut Engine1| {
        e.send("set-param name=book value=false");
        e.send(&format!("pos pos={ENDING}"));
        e.send("level depth=11");
        let (infos, done) = e.search("go think");
        (last(&infos, "nodes"), last(&infos, "score"), done)
    };
    let mut kept = Engine1::start(&[]);
    let first = run(&mut kept);
    kept.send("new-game");
    let again = run(&mut kept);
    let mut fresh = Engine1::start(&[]);
    let other = run(&mut fresh);
    assert_eq!(again, first, "after new-game");
    assert_eq!(other, first, "a fresh engine");
    for mut e in [kept, fresh] {
        e.send("quit");
        assert!(e.child.wait().unwrap().success());
    }
}

#[test]
fn stop_and_ping_during_an_endless_search() {
    let mut e = Engine1::start(&[]);
    e.send("set-param name=book value=false");
    e.send(&format!("pos pos={FEN}"));
    e.send("level infinite");
    e.send("go analyze");
    // Wait for the search to be under way.
    let l = e.next();
    assert!(l.starts_with("info depth=1 "), "{l}");
    e.send("ping");
    let mut lines = e.until("pong");
    e.send("go think");
    lines.extend(e.until("error"));
    assert!(lines.last().unwrap().contains("a search is running"));
    assert!(lines
        .iter()
        .all(|l| l.starts_with("info ") || l == "pong" || l.starts_with("error")));
    e.send("stop");
    let done = e.until("done").pop().unwrap();
    let game = Game::from_fen(FEN).unwrap();
    assert!(game
        .position()
        .parse_move(field(&done, "move").unwrap())
        .is_ok());
    // Nothing follows a done; the engine takes the next command.
    assert!(e.quiet());
    e.send("ping");
    assert_eq!(e.next(), "pong");
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn ponder_hit_turns_the_ponder_search_into_a_timed_one() {
    let mut e = Engine1::start(&[]);
    e.send("set-param name=book value=false");
    e.send(&format!("pos pos={FEN}"));
    e.send("level move-time=0.2");
    e.send("go ponder");
    let l = e.next();
    assert!(l.starts_with("info depth=1 "), "{l}");
    // Pondering has no time limit: nothing ends it but the GUI.
    e.send("ping");
    e.until("pong");
    e.send("ponder-hit");
    // The timed search that follows gives exactly one done.
    let done = e.until("done").pop().unwrap();
    let game = Game::from_fen(FEN).unwrap();
    assert!(game
        .position()
        .parse_move(field(&done, "move").unwrap())
        .is_ok());
    assert!(e.quiet());
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn the_threads_parameter() {
    let mut e = Engine1::start(&["--threads", "2"]);
    e.send("hub");
    let intro = e.until("wait");
    assert!(intro.contains(&"param name=threads value=2 type=int min=1 max=64".to_string()));
    e.send("set-param name=threads value=0");
    assert!(e.next().starts_with("error message="));
    e.send("set-param name=book value=false");
    e.send(&format!("pos pos={FEN}"));
    e.send("level depth=8");
    let (infos, done) = e.search("go think");
    assert_eq!(field(infos.last().unwrap(), "depth"), Some("8"));
    let game = Game::from_fen(FEN).unwrap();
    assert!(game
        .position()
        .parse_move(field(&done, "move").unwrap())
        .is_ok());
    // Back to one thread: the library's single-threaded search, exactly.
    e.send("set-param name=threads value=1");
    e.send("new-game");
    e.send(&format!("pos pos={FEN}"));
    let (infos, _) = e.search("go think");
    let lib = Engine::new(64).search(&game, &Limits::depth(8), &Clock::frozen());
    assert_eq!(
        field(infos.last().unwrap(), "nodes"),
        Some(lib.nodes.to_string().as_str())
    );
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}
