//! The bot's tools on the command line: `tune gen|fit|patterns|selfplay|kpatterns|net|relabel|agree`
//! (deterministic for a seed) and `match` against another binary through `bestmove`.

use serde_json::Value;
use std::process::Command;

fn shashki(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(args)
        .output()
        .expect("run shashki");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn temp(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("shashki-tune-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name).to_string_lossy().into_owned()
}

#[test]
fn tune_gen_is_deterministic_and_fit_lowers_the_error() {
    let (a, b) = (temp("a.tsv"), temp("b.tsv"));
    for out in [&a, &b] {
        let (ok, _, err) = shashki(&[
            "tune", "gen", "--games", "4", "--nodes", "300", "--seed", "5", "--out", out,
        ]);
        assert!(ok, "{err}");
    }
    let text = std::fs::read_to_string(&a).unwrap();
    assert_eq!(
        text,
        std::fs::read_to_string(&b).unwrap(),
        "same seed, same data"
    );
    assert!(text.lines().count() > 20, "{}", text.lines().count());
    for line in text.lines() {
        let (fen, result) = line.split_once('\t').expect("FEN<TAB>result");
        let pos = shashki::Position::from_fen(fen).expect("a FEN");
        assert!(!pos.has_capture(), "only quiet positions: {fen}");
        assert!(["1", "0", "0.5"].contains(&result), "{result}");
    }
    // Another seed gives other games.
    let (ok, _, _) = shashki(&[
        "tune", "gen", "--games", "4", "--nodes", "300", "--seed", "6", "--out", &b,
    ]);
    assert!(ok);
    assert_ne!(text, std::fs::read_to_string(&b).unwrap());

    let w = temp("w.txt");
    let (ok, out, err) = shashki(&[
        "tune",
        "fit",
        "--data",
        &a,
        "--rounds",
        "2",
        "--fix",
        "king_mg,king_eg",
        "--out",
        &w,
    ]);
    assert!(ok, "{err}");
    let number = |prefix: &str| -> f64 {
        let line = out.lines().find(|l| l.contains(prefix)).expect(prefix);
        line.rsplit(' ').next().unwrap().parse().unwrap()
    };
    let before = number("mean squared error with the hand-set weights");
    let after = number("fitted error");
    assert!(after <= before, "{before} -> {after}");
    let weights = std::fs::read_to_string(&w).unwrap();
    let mut parsed = shashki::engine::Weights::HAND_SET;
    for line in weights.lines().filter(|l| !l.starts_with('#')) {
        parsed.parse_settings(line).expect("name=value");
    }
    assert_eq!(
        parsed.king_mg,
        shashki::engine::Weights::HAND_SET.king_mg,
        "fixed"
    );
    let (ok, _, err) = shashki(&["tune", "fit", "--data", &a, "--fix", "queen"]);
    assert!(!ok && err.contains("queen"), "{err}");
}

#[test]
fn tune_patterns_is_deterministic_and_lowers_the_training_error() {
    let data = temp("p.tsv");
    let (ok, _, err) = shashki(&[
        "tune", "gen", "--games", "4", "--nodes", "300", "--seed", "5", "--out", &data,
    ]);
    assert!(ok, "{err}");
    let (a, b) = (temp("a.bin"), temp("b.bin"));
    let mut outs = Vec::new();
    for out in [&a, &b] {
        let (ok, text, err) = shashki(&[
            "tune", "patterns", "--data", &data, "--epochs", "20", "--out", out,
        ]);
        assert!(ok, "{err}");
        outs.push(text);
    }
    let bytes = std::fs::read(&a).unwrap();
    assert_eq!(
        bytes,
        std::fs::read(&b).unwrap(),
        "a rerun gives the same bytes"
    );
    assert_eq!(
        bytes.len(),
        shashki::engine::patterns::STORED * shashki::engine::patterns::SIZE,
        "the written file holds the regions the engine reads (the fit passed fold's symmetry check)"
    );
    assert!(bytes.iter().any(|&x| x != 0));
    // "training error: X without, Y with"
    let (line, nums) = numbers_after(&outs[0], "training error:");
    assert!(nums[1] < nums[0], "{line}");
    let (ok, _, err) = shashki(&["tune", "patterns", "--data", &data, "--epochs", "x"]);
    assert!(!ok && err.contains("epochs"), "{err}");
}

#[test]
fn tune_selfplay_writes_resumable_deterministic_parts_that_kpatterns_and_net_fit() {
    let (a, b) = (temp("sp-a"), temp("sp-b"));
    let run = |dir: &str, parts: &str, from: &str| {
        shashki(&[
            "tune", "selfplay", "--dir", dir, "--games", "2", "--parts", parts, "--from", from,
            "--nodes", "1500", "--seed", "3",
        ])
    };
    // Ten parts in one run; the same ten in two runs, the second resuming.
    let (ok, text, err) = run(&a, "10", "0");
    assert!(ok, "{err}");
    assert_eq!(
        text.lines()
            .filter(|l| l.contains("2 games at 1500 nodes"))
            .count(),
        10
    );
    assert!(run(&b, "4", "0").0);
    let (ok, _, err) = run(&b, "10", "0");
    assert!(ok);
    assert_eq!(err.matches("there already, skipped").count(), 4, "{err}");
    let mut lines = 0;
    for k in 0..10 {
        let name = format!("part-{k:05}.tsv");
        let pa = std::fs::read_to_string(std::path::Path::new(&a).join(&name)).unwrap();
        let pb = std::fs::read_to_string(std::path::Path::new(&b).join(&name)).unwrap();
        assert_eq!(pa, pb, "{name}: the same bytes however the run was cut");
        for line in pa.lines() {
            // FEN, result, score, ply, source; quiet for both sides.
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 5, "{line}");
            let pos = shashki::Position::from_fen(f[0]).unwrap();
            assert!(!pos.has_capture() && !pos.with_turn(pos.turn().opposite()).has_capture());
            assert!(["0", "0.5", "1"].contains(&f[1]), "{line}");
            f[2].parse::<i32>().unwrap();
            assert!(f[4] == "g" || f[4] == "t", "{line}");
            lines += 1;
        }
    }
    assert!(lines > 100, "{lines} positions");
    // The fit: deterministic, the table's size, lower training error.
    let (ka, kb) = (temp("k-a.bin"), temp("k-b.bin"));
    let mut summary = String::new();
    for out in [&ka, &kb] {
        let (ok, text, err) = shashki(&[
            "tune",
            "kpatterns",
            "--data",
            &a,
            "--epochs",
            "30",
            "--min-count",
            "2",
            "--out",
            out,
        ]);
        assert!(ok, "{err}");
        summary = text;
    }
    let bytes = std::fs::read(&ka).unwrap();
    assert_eq!(
        bytes,
        std::fs::read(&kb).unwrap(),
        "a rerun gives the same bytes"
    );
    assert_eq!(bytes.len(), shashki::engine::kpatterns::LEN);
    assert!(bytes.iter().any(|&x| x != 0));
    // "training error X without, Y with"
    let (line, nums) = numbers_after(&summary, "training error");
    assert!(nums[1] < nums[0], "{line}");
    // The network on the same parts (part 9 held out): deterministic, the
    // length the engine reads, and the engine's integer evaluation of the
    // written bytes agrees with the trainer's floating-point one.
    let (na, nb) = (temp("n-a.bin"), temp("n-b.bin"));
    for out in [&na, &nb] {
        let (ok, text, err) = shashki(&[
            "tune", "net", "--data", &a, "--epochs", "3", "--batch", "64", "--out", out,
        ]);
        assert!(ok, "{err}");
        summary = text;
    }
    let bytes = std::fs::read(&na).unwrap();
    assert_eq!(
        bytes,
        std::fs::read(&nb).unwrap(),
        "a rerun gives the same bytes"
    );
    assert_eq!(bytes.len(), shashki::engine::net::LEN);
    assert!(bytes.iter().any(|&x| x != 0));
    // "held-out error against the results (N positions): without the
    // network A, with it B (as trained), C (its bytes through the engine)"
    let (line, nums) = numbers_after(&summary, "held-out error against the results");
    assert!(nums[0] > 0.0, "{line}");
    assert!((nums[2] - nums[3]).abs() < 0.01, "{line}");
    let (ok, _, err) = shashki(&["tune", "net", "--data", &a, "--rate", "fast"]);
    assert!(!ok && err.contains("rate"), "{err}");
    // `--init FILE` starts from a network's weights: with no epochs the
    // shipped file is written back byte for byte, and its held-out error
    // is the one `--compare` gives it.
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/src/engine/net.bin");
    let again = temp("n-init.bin");
    let (ok, text, err) = shashki(&[
        "tune",
        "net",
        "--data",
        &a,
        "--epochs",
        "0",
        "--init",
        shipped,
        "--compare",
        shipped,
        "--out",
        &again,
    ]);
    assert!(ok, "{err}");
    assert_eq!(
        std::fs::read(&again).unwrap(),
        std::fs::read(shipped).unwrap()
    );
    let (_, compared) = numbers_after(&text, "through the engine:");
    let (line, nums) = numbers_after(&text, "held-out error against the results");
    assert_eq!(compared.last(), nums.last(), "{line}");
    let missing = temp("n-missing.bin");
    let (ok, _, err) = shashki(&["tune", "net", "--data", &a, "--init", &missing]);
    assert!(!ok && err.contains("--init"), "{err}");
    relabel_rescores_the_positions_without_kings(&a);
    agree_reads_the_held_out_part_of_a_run(&a);
    net_moves_trains_the_ranking_of_the_played_move(&a);
}

/// `tune net --moves` on the self-play parts above: it ranks the moves of
/// the held-out positions as `tune agree` does (the same positions, and
/// the same share within a point: both search each move to depth 2 with
/// the shipped evaluation), its move-choice loss falls with training, and
/// a rerun gives the same bytes, with one thread or three finding the
/// leaves.
fn net_moves_trains_the_ranking_of_the_played_move(data: &str) {
    let (ok, agree, err) = shashki(&["tune", "agree", "--data", data, "--depth", "2"]);
    assert!(ok, "{err}");
    let (n, share, _) = agree_figures(&agree, "without a king:");
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/src/engine/net.bin");
    let (ma, mb) = (temp("m-a.bin"), temp("m-b.bin"));
    let mut runs = Vec::new();
    for (out, threads) in [(&ma, "1"), (&mb, "3")] {
        let mut args = vec![
            "tune", "net", "--data", data, "--init", shipped, "--epochs", "4", "--batch", "64",
        ];
        args.extend(["--rate", "0.001", "--moves", "5", "--out", out]);
        args.extend(["--threads", threads]);
        let (ok, text, err) = shashki(&args);
        assert!(ok, "{err}");
        runs.push((text, err));
    }
    assert_eq!(
        std::fs::read(&ma).unwrap(),
        std::fs::read(&mb).unwrap(),
        "a rerun gives the same bytes, whatever the threads"
    );
    let (text, log) = &runs[0];
    // "move choice: T training positions, H held out, M moves (F held ...)"
    let (line, nums) = numbers_after(text, "move choice:");
    assert_eq!(nums[1], n, "{line}\n{agree}");
    assert!(
        nums[0] > nums[1] && nums[2] > 2.0 * (nums[0] + nums[1]),
        "{line}"
    );
    let (line, before) = numbers_after(text, "held-out move choice before training:");
    assert!((before[0] - share).abs() <= 1.0, "{line}\n{agree}");
    // "epoch E: move choice: training loss L, held out: ..."
    let losses: Vec<f64> = log
        .lines()
        .filter(|l| l.contains("move choice: training loss"))
        .map(|l| numbers_after(l, "training loss").1[0])
        .collect();
    assert_eq!(losses.len(), 4, "{log}");
    assert!(losses[3] < losses[0], "{losses:?}");
    let (ok, _, err) = shashki(&["tune", "net", "--data", data, "--moves", "1", "--temp", "0"]);
    assert!(!ok && err.contains("--temp"), "{err}");
}

/// The figures of a `tune agree` line: positions, per cent, shortfall.
fn agree_figures(text: &str, label: &str) -> (f64, f64, f64) {
    let (line, nums) = numbers_after(text, label);
    assert_eq!(nums.len(), 3, "{line}");
    (nums[0], nums[1], nums[2])
}

/// `tune agree --data` on the self-play parts above: it scores every
/// position of the held-out part 9 that has two moves or more and is
/// followed by the position one ply later.
fn agree_reads_the_held_out_part_of_a_run(data: &str) {
    use shashki::{MoveList, Position};
    let text = std::fs::read_to_string(std::path::Path::new(data).join("part-00009.tsv")).unwrap();
    let rows: Vec<(Position, u32)> = text
        .lines()
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            (Position::from_fen(c[0]).unwrap(), c[3].parse().unwrap())
        })
        .collect();
    let mut list = MoveList::new();
    let expected = rows
        .windows(2)
        .filter(|w| w[1].1 == w[0].1 + 1)
        .filter(|w| {
            w[0].0.generate_moves(&mut list);
            list.len() > 1
        })
        .count();
    assert!(expected > 10, "{expected}");
    let (ok, out, err) = shashki(&["tune", "agree", "--data", data, "--depth", "1"]);
    assert!(ok, "{err}");
    let (n, share, _) = agree_figures(&out, "all:");
    assert_eq!(n as usize, expected, "{out}");
    assert!(share > 0.0 && share < 100.0, "{out}");
}

#[test]
fn agree_scores_the_played_move_against_the_others() {
    // White must take: c3:g7 takes two men, c3:a5 one.
    let good = "[FEN \"W:Wc3,h2:Bb4,d4,f6\"]\n[Result \"*\"]\n1. c3:g7 *\n";
    let bad = good.replace("c3:g7", "c3:a5");
    let run = |games: &str, name: &str| {
        let path = temp(name);
        std::fs::write(&path, games).unwrap();
        let (ok, out, err) = shashki(&["tune", "agree", "--pdn", &path]);
        assert!(ok, "{err}");
        (
            agree_figures(&out, "all:"),
            agree_figures(&out, "without a king:"),
        )
    };
    let (all, kingless) = run(good, "agree-good.pdn");
    assert_eq!(all, (1.0, 100.0, 0.0));
    assert_eq!(kingless, all);
    let ((n, share, shortfall), _) = run(&bad, "agree-bad.pdn");
    assert_eq!((n, share), (1.0, 0.0));
    assert!(shortfall > 0.0 && shortfall <= 300.0, "{shortfall}");
    let ((n, share, _), _) = run(&format!("{good}\n{bad}"), "agree-both.pdn");
    assert_eq!((n, share), (2.0, 50.0));
    // One source, not none or two.
    let (ok, _, err) = shashki(&["tune", "agree"]);
    assert!(!ok && err.contains("--data DIR and --pdn FILE"), "{err}");
}

/// `tune relabel` on the self-play parts of the test above: only the
/// scores of positions without a king change, each to what a search of
/// that many nodes gives, and the parts are the same bytes however the
/// run is cut.
fn relabel_rescores_the_positions_without_kings(data: &str) {
    let (r1, r2) = (temp("rl-a"), temp("rl-b"));
    let run = |out: &str, from: &str, parts: &str| {
        shashki(&[
            "tune", "relabel", "--data", data, "--out", out, "--nodes", "3000", "--from", from,
            "--parts", parts,
        ])
    };
    let (ok, text, err) = run(&r1, "0", "3");
    assert!(ok, "{err}");
    assert_eq!(
        text.matches("positions searched at 3000 nodes").count(),
        3,
        "{text}"
    );
    assert!(run(&r2, "1", "1").0);
    let (ok, _, err) = run(&r2, "0", "3");
    assert!(ok, "{err}");
    assert_eq!(err.matches("there already, skipped").count(), 1, "{err}");
    let (mut searched, mut moved) = (0, 0);
    for k in 0..3 {
        let name = format!("part-{k:05}.tsv");
        let read =
            |dir: &str| std::fs::read_to_string(std::path::Path::new(dir).join(&name)).unwrap();
        let (old, new) = (read(data), read(&r1));
        assert_eq!(
            new,
            read(&r2),
            "{name}: the same bytes however the run was cut"
        );
        assert_eq!(old.lines().count(), new.lines().count(), "{name}");
        let mut first = true;
        for (o, n) in old.lines().zip(new.lines()) {
            let (fo, fnew): (Vec<&str>, Vec<&str>) =
                (o.split('\t').collect(), n.split('\t').collect());
            let pos = shashki::Position::from_fen(fo[0]).unwrap();
            if pos.kings().any() || fo[4] == "t" {
                assert_eq!(o, n, "kept as it is");
                continue;
            }
            // Everything but the score is kept; the move is added.
            assert_eq!((fo.len(), fnew.len()), (5, 6), "{n}");
            assert_eq!(
                (fo[0], fo[1], fo[3], fo[4]),
                (fnew[0], fnew[1], fnew[3], fnew[4])
            );
            searched += 1;
            moved += usize::from(fo[2] != fnew[2]);
            if std::mem::take(&mut first) {
                // A part starts with a cleared engine, so its first score
                // is that of a fresh `bestmove` of the same nodes, turned
                // to White's side.
                let (ok, out, err) = shashki(&["bestmove", "--fen", fo[0], "--nodes", "3000"]);
                assert!(ok, "{err}");
                let v: Value = serde_json::from_str(&out).unwrap();
                let s = v["score"].as_i64().unwrap();
                let white = if pos.turn() == shashki::Color::White {
                    s
                } else {
                    -s
                };
                assert_eq!(fnew[2], white.to_string(), "{o}");
                // And its move, the sixth column, that search's move.
                assert_eq!(fnew[5], v["move"]["notation"].as_str().unwrap(), "{n}");
            }
        }
    }
    assert!(searched > 50, "{searched} positions searched");
    assert!(moved > 0, "a deeper search moves some scores");
    // `tune agree --data` ranks the relabelled part 9's sixth-column moves
    // (every searched line with a choice) and, for the lines kept as they
    // were, the game's next move as before.
    assert!(run(&r1, "9", "1").0);
    let text = std::fs::read_to_string(std::path::Path::new(&r1).join("part-00009.tsv")).unwrap();
    let mut list = shashki::MoveList::new();
    let mut choice = |fen: &str| {
        shashki::Position::from_fen(fen)
            .unwrap()
            .generate_moves(&mut list);
        list.len() > 1
    };
    let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split('\t').collect()).collect();
    let deeper = lines
        .iter()
        .filter(|c| c.len() == 6 && choice(c[0]))
        .count();
    let game = lines
        .windows(2)
        .filter(|w| {
            w[0].len() == 5 && w[1][3].parse::<u32>() == w[0][3].parse::<u32>().map(|p| p + 1)
        })
        .filter(|w| choice(w[0][0]))
        .count();
    assert!(deeper > 10, "{deeper}");
    let (ok, out, err) = shashki(&["tune", "agree", "--data", &r1, "--depth", "1"]);
    assert!(ok, "{err}");
    assert_eq!(
        agree_figures(&out, "all:").0 as usize,
        deeper + game,
        "{out}"
    );
    // Bad input: the same folder, a missing part.
    let (ok, _, err) = shashki(&["tune", "relabel", "--data", data, "--out", data]);
    assert!(!ok && err.contains("another folder"), "{err}");
    let (ok, _, err) = run(&temp("rl-c"), "500", "1");
    assert!(!ok && err.contains("no such part"), "{err}");
}

#[test]
fn book_build_writes_a_book_the_engine_reads() {
    let (a, b) = (temp("book-a.txt"), temp("book-b.txt"));
    for out in [&a, &b] {
        let (ok, _, err) = shashki(&[
            "book", "build", "--plies", "2", "--nodes", "300", "--out", out,
        ]);
        assert!(ok, "{err}");
    }
    let text = std::fs::read_to_string(&a).unwrap();
    assert_eq!(text, std::fs::read_to_string(&b).unwrap(), "deterministic");
    let book = shashki::engine::book::Book::parse(&text).expect("parses");
    let start = shashki::Position::start();
    let first = book.moves(&start);
    assert!(first.len() > 1, "{text}");
    assert!(first.len() <= start.legal_moves().len());
    let (ok, _, err) = shashki(&["book", "grow"]);
    assert!(!ok && err.contains("book build"), "{err}");
}

#[test]
fn book_extend_adds_the_positions_where_games_leave_the_book() {
    // A two-ply book: every game leaves it at ply 2.
    let small = temp("book-small.txt");
    std::fs::write(&small, "# test book\n\tc3-d4=1\nc3-d4\tf6-g5=1\n").unwrap();
    let (a, b) = (temp("book-ext-a.txt"), temp("book-ext-b.txt"));
    for out in [&a, &b] {
        let (ok, stdout, err) = shashki(&[
            "book",
            "extend",
            "--book",
            &small,
            "--rounds",
            "2",
            "--games",
            "2",
            "--nodes",
            "300",
            "--check-nodes",
            "2000",
            "--plies",
            "6",
            "--min-games",
            "99",
            "--out",
            out,
        ]);
        assert!(ok, "{err}");
        assert!(stdout.contains("round 2:"), "{stdout}");
    }
    let text = std::fs::read_to_string(&a).unwrap();
    assert_eq!(text, std::fs::read_to_string(&b).unwrap(), "deterministic");
    let book = shashki::engine::book::Book::parse(&text).expect("parses");
    // The old lines are kept as they were, behind the old comments and a
    // new one naming the run.
    assert!(
        text.starts_with("# test book\n# Extended by `shashki book extend"),
        "{text}"
    );
    assert!(text.contains("\n\tc3-d4=1\n") && text.contains("\nc3-d4\tf6-g5=1\n"));
    // Round 1 leaves at ply 2 (after c3-d4 f6-g5): that position is added
    // with moves of White's; round 2 follows it one ply further.
    let mut pos = shashki::Position::start();
    for m in ["c3-d4", "f6-g5"] {
        let legal = pos.legal_moves();
        let mv = shashki::notation::parse_in(&pos, m, &legal).unwrap();
        pos = pos.play_unchecked(&mv);
    }
    let added = book.moves(&pos);
    assert!(!added.is_empty(), "{text}");
    assert!(
        book.len() >= 4,
        "round 2 adds a position past round 1's: {text}"
    );
    assert!(added.iter().any(|(_, w)| *w == 2), "the best move weighs 2");
    assert!(added.len() <= pos.legal_moves().len());
}

/// `shashki match` of two games at 400 nodes a move against the binary
/// `b_cmd`, with `extra` arguments.
fn match_against(b_cmd: &str, extra: &[&str]) -> (bool, String, String) {
    let mut args = vec![
        "match",
        "--a-nodes",
        "400",
        "--b-nodes",
        "400",
        "--games",
        "2",
        "--b-cmd",
        b_cmd,
    ];
    args.extend_from_slice(extra);
    shashki(&args)
}

#[test]
fn match_plays_another_binary_through_bestmove() {
    let me = env!("CARGO_BIN_EXE_shashki");
    let (ok, out, err) = match_against(me, &["--quiet"]);
    assert!(ok, "{err}");
    let json: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(json["games"], 2);
    let total = json["wins"].as_u64().unwrap()
        + json["draws"].as_u64().unwrap()
        + json["losses"].as_u64().unwrap();
    assert_eq!(total, 2);
    assert!(json["b"].as_str().unwrap().contains(me), "{json}");
    // A missing binary is a clear error, not a panic.
    let (ok, _, err) = match_against("/nonexistent/shashki", &[]);
    assert!(!ok && err.contains("/nonexistent/shashki"), "{err}");
}

/// The first line of `text` holding `label`, and the numbers after it.
fn numbers_after<'a>(text: &'a str, label: &str) -> (&'a str, Vec<f64>) {
    let line = text
        .lines()
        .find(|l| l.contains(label))
        .expect("a summary line");
    let nums = line
        .split(label)
        .nth(1)
        .unwrap()
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter_map(|t| t.parse().ok())
        .collect();
    (line, nums)
}

#[test]
fn match_writes_its_games_as_pdn_that_reads_back() {
    let me = env!("CARGO_BIN_EXE_shashki");
    let path = std::env::temp_dir().join(format!("shashki-match-{}.pdn", std::process::id()));
    let file = path.to_str().unwrap();
    let (ok, _, err) = match_against(me, &["--quiet", "--pdn", file]);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).ok();
    let games = shashki::game::parse_games(&text).expect("the match's PDN reads back");
    assert_eq!(games.len(), 2, "{text}");
    for game in &games {
        // Every game is played to its end under the draw rules.
        assert!(game.status().is_over(), "{text}");
    }
    assert_eq!(text.matches("[Termination \"").count(), 2, "{text}");
    // A file that cannot be created is a clear error.
    let (ok, _, err) = match_against(me, &["--pdn", "/nonexistent/dir/games.pdn"]);
    assert!(!ok && err.contains("--pdn"), "{err}");
}

/// `match` loads the endgame tables as `bestmove` does: a move they answer
/// is a move without a choice in the time summary, for either side (an
/// external binary answers such a move at once, so counting it with the
/// searched moves pulled their mean far under the budget). From a
/// five-piece opening every position is in the tables.
#[test]
fn match_counts_table_moves_as_moves_without_a_choice() {
    let me = env!("CARGO_BIN_EXE_shashki");
    let dir = std::env::temp_dir().join(format!("shashki-match-egtb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "W:Wc3,e3,g3:Bb6,h6\n").unwrap();
    // One match of two games with the tables of `tables`: its JSON
    // summary, and each side's line of the time summary.
    let summary = |tables: &str| {
        let args = [
            "--quiet",
            "--openings",
            openings.to_str().unwrap(),
            "--egtb",
            tables,
        ];
        let (ok, out, err) = match_against(me, &args);
        assert!(ok, "{err}");
        let json: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
        let line = |side: &str| {
            out.lines()
                .find(|l| l.starts_with(&format!("{side}: ")) && l.contains("moves with a choice"))
                .unwrap()
                .to_string()
        };
        (json, [line("A"), line("B")])
    };
    let (json, lines) = summary(concat!(env!("CARGO_MANIFEST_DIR"), "/www/egtb"));
    for (forced, line) in ["a_forced_moves", "b_forced_moves"].iter().zip(&lines) {
        assert!(json[forced].as_u64().unwrap() > 0, "{forced}: {json}");
        assert!(line.contains("over 0 moves with a choice"), "{line}");
    }
    // Without the tables (an empty folder) the same moves are searched.
    let empty = dir.join("none");
    std::fs::create_dir_all(&empty).unwrap();
    let (_, [line, _]) = summary(empty.to_str().unwrap());
    assert!(!line.contains("over 0 moves with a choice"), "{line}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--b-threads N` reaches an external side as its `bestmove --threads N`
/// (it used to be set only on this binary's own engines, so an external
/// side silently searched with one thread); with one thread, the default,
/// no such option is passed, so binaries without it still play.
#[cfg(unix)]
#[test]
fn match_hands_the_thread_count_to_another_binary() {
    use std::os::unix::fs::PermissionsExt;
    let me = env!("CARGO_BIN_EXE_shashki");
    let log = temp("threads-args.log");
    let wrapper = temp("threads-engine.sh");
    std::fs::write(
        &wrapper,
        format!("#!/bin/sh\necho \"$@\" >> '{log}'\nexec '{me}' \"$@\"\n"),
    )
    .unwrap();
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    let calls = |extra: &[&str]| {
        std::fs::remove_file(&log).ok();
        let mut args = vec!["--quiet"];
        args.extend_from_slice(extra);
        let (ok, _, err) = match_against(&wrapper, &args);
        assert!(ok, "{err}");
        std::fs::read_to_string(&log).unwrap()
    };
    let two = calls(&["--b-threads", "2"]);
    assert!(!two.is_empty());
    assert!(
        two.lines()
            .all(|l| l.starts_with("bestmove") && l.ends_with("--threads 2")),
        "{two}"
    );
    let one = calls(&[]);
    assert!(!one.is_empty() && !one.contains("--threads"), "{one}");
    std::fs::remove_file(&log).ok();
    std::fs::remove_file(&wrapper).ok();
}
