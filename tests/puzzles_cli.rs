//! `shashki puzzles export`, `mine` and `relabel`: the export prints
//! every shipped puzzle as one JSON line with the documented keys; the
//! miner is deterministic for a seed and writes a file the checker reads.

use serde_json::Value;
use std::process::{Command, Output};

fn shashki(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(args)
        .output()
        .expect("run shashki")
}

#[test]
fn export_prints_every_puzzle_as_one_json_line() {
    let out = shashki(&["puzzles", "export"]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let file: Value = serde_json::from_str(include_str!("../www/puzzles/puzzles.json")).unwrap();
    let shipped = file["puzzles"].as_array().unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), shipped.len());
    for (line, p) in lines.iter().zip(shipped) {
        let v: Value = serde_json::from_str(line).unwrap();
        let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
        keys.sort();
        assert_eq!(
            keys,
            ["fen", "id", "rating", "solution", "source", "themes"]
        );
        for k in keys {
            assert_eq!(v[k], p[k], "{k}");
        }
    }
}

#[test]
fn export_refuses_a_bad_file() {
    let dir = std::env::temp_dir().join(format!("shashki-pz-bad-{}", std::process::id()));
    std::fs::write(&dir, "{not json").unwrap();
    let out = shashki(&["puzzles", "export", "--file", dir.to_str().unwrap()]);
    std::fs::remove_file(&dir).ok();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("not a puzzle file"), "{err}");
    let out = shashki(&["puzzles", "dig"]);
    assert!(!out.status.success());
}

#[test]
fn mining_is_deterministic_for_a_seed() {
    let run = |name: &str| {
        let path =
            std::env::temp_dir().join(format!("shashki-pz-{name}-{}.json", std::process::id()));
        let out = shashki(&[
            "puzzles",
            "mine",
            "--seed",
            "5",
            "--count",
            "3",
            "--games",
            "/dev/null",
            "--openings-limit",
            "40",
            "--self-play",
            "20",
            "--engine-depth",
            "8",
            "--out",
            path.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{out:?}");
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_file(&path).ok();
        text
    };
    let a = run("a");
    let b = run("b");
    assert_eq!(a, b);
    let v: Value = serde_json::from_str(&a).unwrap();
    let ps = v["puzzles"].as_array().unwrap();
    assert_eq!(ps.len(), 3, "{a}");
    for p in ps {
        let src = p["source"].as_str().unwrap();
        assert!(
            src.starts_with("opening ") || src.starts_with("self-play"),
            "{src}"
        );
    }
}

/// `puzzles relabel` on a few shipped puzzles with their themes and
/// measures wiped: the themes and the measures come back as shipped (the
/// engine measures deterministically), and running it twice changes nothing.
#[test]
fn relabel_recomputes_themes_and_effort() {
    let file: Value = serde_json::from_str(include_str!("../www/puzzles/puzzles.json")).unwrap();
    let shipped: Vec<Value> = file["puzzles"].as_array().unwrap()[..4].to_vec();
    let wiped: Vec<Value> = shipped
        .iter()
        .map(|p| {
            let mut p = p.clone();
            p["themes"] = Value::Array(vec![]);
            p.as_object_mut().unwrap().remove("effort");
            p["rating"] = Value::from(0);
            p
        })
        .collect();
    let path = std::env::temp_dir().join(format!("shashki-pz-relabel-{}.json", std::process::id()));
    let path_s = path.to_str().unwrap();
    std::fs::write(
        &path,
        serde_json::json!({"version": 1, "puzzles": wiped}).to_string(),
    )
    .unwrap();
    let out = shashki(&["puzzles", "relabel", "--file", path_s]);
    assert!(out.status.success(), "{out:?}");
    let once = std::fs::read_to_string(&path).unwrap();
    let out = shashki(&["puzzles", "relabel", "--file", path_s]);
    assert!(out.status.success(), "{out:?}");
    let twice = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).ok();
    assert_eq!(once, twice);
    let v: Value = serde_json::from_str(&once).unwrap();
    for (p, s) in v["puzzles"].as_array().unwrap().iter().zip(&shipped) {
        assert_eq!(p["themes"], s["themes"], "{}", s["id"]);
        assert_eq!(p["effort"], s["effort"], "{}", s["id"]);
        assert!(p["rating"].as_i64().unwrap() >= 800, "{}", p["rating"]);
    }
}
