//! The `shashki` command line: `perft` (with `--divide` and `--fen`) and
//! `moves` (FENs on stdin, one JSON object a line on stdout).

use serde_json::{json, Value};
use shashki::Position;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn shashki(args: &[&str], stdin: &str) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_shashki"));
    cmd.args(args);
    run(cmd, stdin)
}

/// Runs `cmd` with `stdin` as its standard input.
fn run(mut cmd: Command, stdin: &str) -> Output {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run shashki");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

#[test]
fn perft_prints_the_leaf_count() {
    let out = shashki(&["perft", "5"], "");
    assert!(out.status.success(), "{out:?}");
    assert_eq!(stdout(&out).trim(), "7482");

    let out = shashki(&["perft", "--fen", "W:WKa1:Bc3,f4", "1"], "");
    assert!(out.status.success(), "{out:?}");
    assert_eq!(stdout(&out).trim(), "2");
}

#[test]
fn perft_divide_lists_each_first_move() {
    let out = shashki(&["perft", "--divide", "2"], "");
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 8, "{text}");
    let mut moves = Vec::new();
    let mut sum = 0;
    for line in &lines[..7] {
        let (mv, n) = line.split_once(' ').expect("MOVE COUNT");
        moves.push(mv);
        let n: u64 = n.parse().unwrap();
        assert_eq!(n, 7, "every first move leaves Black 7 replies: {line}");
        sum += n;
    }
    moves.sort();
    assert_eq!(
        moves,
        ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]
    );
    assert_eq!(lines[7], "49");
    assert_eq!(sum, 49);

    // With a position: the two landing squares of the king on a1, each a leaf.
    let out = shashki(&["perft", "--fen", "W:WKa1:Bc3,f4", "--divide", "1"], "");
    let mut rows: Vec<String> = stdout(&out).lines().map(String::from).collect();
    let total = rows.pop();
    rows.sort();
    assert_eq!(rows, ["a1:g3 1", "a1:h2 1"]);
    assert_eq!(total.as_deref(), Some("2"));
}

#[test]
fn perft_refuses_bad_arguments() {
    for args in [
        &["perft"][..],
        &["perft", "x"],
        &["perft", "--fen", "W:Wa2:Bh8", "2"],
        &["perft", "--bogus", "1", "2"],
        &["no-such-command"],
    ] {
        let out = shashki(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        assert!(
            !String::from_utf8_lossy(&out.stderr).trim().is_empty(),
            "{args:?} says why"
        );
    }
}

/// The JSON the library says `moves` should print for `fen`.
fn expected_moves(fen: &str) -> Value {
    let p = Position::from_fen(fen).unwrap();
    let legal = p.legal_moves();
    let moves: Vec<Value> = legal
        .iter()
        .map(|m| {
            json!({
                "notation": p.move_text(m),
                "from": m.from().to_string(),
                "to": m.to().to_string(),
                "path": m.path().map(|s| s.to_string()).collect::<Vec<_>>(),
                "captures": m.captured().map(|s| s.to_string()).collect::<Vec<_>>(),
                "crowns": m.crowns(),
            })
        })
        .collect();
    Value::Array(moves)
}

fn sorted_by_notation(v: &Value) -> Vec<Value> {
    let mut list = v.as_array().expect("an array").clone();
    list.sort_by_key(|m| m["notation"].as_str().unwrap().to_string());
    list
}

#[test]
fn moves_answers_each_line_in_order_and_goes_on_after_errors() {
    let inputs = [
        "W:Wa1,f6:Bc7,e7,h8",
        "W:Wa2:Bh8",
        "W:W21-32:B1-12",
        "",
        "[FEN \"B:WKb2,d4,d6,Kg5:BKe7\"]",
        "nonsense",
        "B:WKe1:B",
        "W:WKa1:Bc3,f4",
    ];
    let out = shashki(&["moves"], &(inputs.join("\n") + "\n"));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), inputs.len(), "one line per input:\n{text}");
    for (input, line) in inputs.iter().zip(&lines) {
        let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(v["fen"], json!(input), "{line}");
        match Position::from_fen(input) {
            Ok(_) => {
                assert!(v.get("error").is_none(), "{line}");
                assert_eq!(
                    sorted_by_notation(&v["moves"]),
                    sorted_by_notation(&expected_moves(input)),
                    "{input}"
                );
            }
            Err(e) => {
                assert!(v.get("moves").is_none(), "{line}");
                assert_eq!(v["error"], json!(e.to_string()), "{line}");
            }
        }
    }
    // A lost position has an empty list.
    let lost: Value = serde_json::from_str(lines[6]).unwrap();
    assert_eq!(lost["moves"], json!([]));
}

#[test]
fn moves_json_of_the_crowning_capture() {
    let out = shashki(&["moves"], "W:Wa1,f6:Bc7,e7,h8\n");
    assert!(out.status.success());
    let v: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let want = json!({
        "fen": "W:Wa1,f6:Bc7,e7,h8",
        "moves": [
            {"notation": "f6:a5", "from": "f6", "to": "a5", "path": ["f6", "d8", "a5"],
             "captures": ["c7", "e7"], "crowns": true},
            {"notation": "f6:b6", "from": "f6", "to": "b6", "path": ["f6", "d8", "b6"],
             "captures": ["c7", "e7"], "crowns": true},
        ]
    });
    assert_eq!(v["fen"], want["fen"]);
    assert_eq!(
        sorted_by_notation(&v["moves"]),
        sorted_by_notation(&want["moves"])
    );
}

#[test]
fn moves_with_empty_input_prints_nothing() {
    let out = shashki(&["moves"], "");
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    // Windows line ends are accepted.
    let out = shashki(&["moves"], "W:W21-32:B1-12\r\n");
    let v: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["fen"], json!("W:W21-32:B1-12"));
    assert_eq!(v["moves"].as_array().unwrap().len(), 7);
}

/// `egtb probe` of one position, run as `exe` from the folder `cwd`, with
/// `SHASHKI_EGTB` set to `env` (or removed): its JSON answer.
fn probe_from(
    exe: &std::path::Path,
    cwd: &std::path::Path,
    env: Option<&std::path::Path>,
) -> Value {
    let mut cmd = Command::new(exe);
    cmd.args(["egtb", "probe"]).current_dir(cwd);
    match env {
        Some(dir) => cmd.env("SHASHKI_EGTB", dir),
        None => cmd.env_remove("SHASHKI_EGTB"),
    };
    let out = run(cmd, "W:Wa3,c1:BKh8\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(stdout(&out).trim()).unwrap()
}

#[test]
fn the_tables_are_found_by_the_environment_and_beside_a_copied_binary() {
    // A copy of the binary in a folder of its own, run from there (no
    // `www/egtb` under it), as a draughts GUI would install it.
    let home = std::env::temp_dir().join(format!("shashki-egtb-dir-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let exe = home.join("shashki");
    std::fs::copy(env!("CARGO_BIN_EXE_shashki"), &exe).unwrap();
    let tables = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("www/egtb");
    let empty = home.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    // {"fen":"W:Wa3,c1:BKh8","moves":8,"result":"loss"} with the tables.
    let found = json!({"fen": "W:Wa3,c1:BKh8", "moves": 8, "result": "loss"});
    // Nothing beside it: the source tree's tables.
    assert_eq!(probe_from(&exe, &home, None), found);
    // `SHASHKI_EGTB` names the folder, over every other.
    assert!(probe_from(&exe, &home, Some(&empty))["error"].is_string());
    assert_eq!(probe_from(&exe, &home, Some(&tables)), found);
    // An `egtb` folder beside the binary comes before the source tree.
    std::fs::create_dir_all(home.join("egtb")).unwrap();
    assert!(probe_from(&exe, &home, None)["error"].is_string());
    std::fs::copy(
        tables.join("w0k2m-b1k0m.egtb"),
        home.join("egtb/w0k2m-b1k0m.egtb"),
    )
    .unwrap();
    assert_eq!(probe_from(&exe, &home, None), found);
    let _ = std::fs::remove_dir_all(&home);
}
