//! The documentation's links hold: every relative link of `README.md`,
//! `CHANGELOG.md` and `docs/*.md` names a file or folder of the repository,
//! and a link with `#anchor` into a Markdown file names one of its headings
//! (as GitHub makes heading anchors); every `docs/...` path named in the
//! code (`src/`, `www/`, `scripts/`, `tests/`, `fuzz/`, `Cargo.toml`,
//! `Trunk.toml`) exists. Links and paths inside code blocks and code spans
//! of the Markdown are not links and are not checked.

use std::collections::{BTreeSet, HashMap};
use std::fs;
use std::path::{Path, PathBuf};

/// Pages other branches add to `docs/` (linked from the index already).
/// Once one exists, remove it from this list: the test fails until then.
const PENDING: [&str; 0] = [];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The Markdown files whose links are checked, relative to the root.
fn markdown_files() -> Vec<PathBuf> {
    let mut out = vec![PathBuf::from("README.md"), PathBuf::from("CHANGELOG.md")];
    let mut docs: Vec<PathBuf> = fs::read_dir(root().join("docs"))
        .expect("docs/ exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .map(|p| p.strip_prefix(root()).unwrap().to_path_buf())
        .collect();
    docs.sort();
    out.extend(docs);
    out
}

/// The text outside fenced code blocks and inline code spans, line by line
/// (a code span's text is blanked, so a link there is not seen).
fn prose_lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            out.push(String::new());
            continue;
        }
        if fenced {
            out.push(String::new());
            continue;
        }
        let mut kept = String::new();
        let mut in_code = false;
        for c in line.chars() {
            if c == '`' {
                in_code = !in_code;
            } else if !in_code {
                kept.push(c);
            }
        }
        out.push(kept);
    }
    out
}

/// The targets of `[text](target)` and `![alt](target)` links in `text`,
/// with their line numbers.
fn link_targets(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in prose_lines(text).iter().enumerate() {
        let mut rest = line.as_str();
        while let Some(i) = rest.find("](") {
            let after = &rest[i + 2..];
            let Some(end) = after.find(')') else { break };
            let target = after[..end].split_whitespace().next().unwrap_or("");
            out.push((n + 1, target.to_string()));
            rest = &after[end..];
        }
    }
    out
}

/// GitHub's anchor for a heading: lower case, punctuation dropped (letters,
/// digits, `-`, `_` and spaces kept), spaces turned into `-`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_' || *c == ' ')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// Every anchor of a Markdown file's headings (repeated headings get `-1`,
/// `-2`, ... as on GitHub).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut out = BTreeSet::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced || !line.starts_with('#') {
            continue;
        }
        let title = line.trim_start_matches('#');
        if !title.starts_with(' ') {
            continue;
        }
        let base = slug(&title.replace('`', ""));
        let k = seen.entry(base.clone()).or_insert(0);
        out.insert(if *k == 0 {
            base.clone()
        } else {
            format!("{base}-{k}")
        });
        *k += 1;
    }
    out
}

fn is_pending(path: &Path) -> bool {
    PENDING.iter().any(|p| root().join(p) == path)
}

/// Resolves `a/../b` and `./` without touching the file system.
fn normalise(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

#[test]
fn every_relative_link_of_the_docs_resolves() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in markdown_files() {
        let text = fs::read_to_string(root().join(&file)).unwrap();
        let dir = root().join(&file).parent().unwrap().to_path_buf();
        for (line, target) in link_targets(&text) {
            if target.contains("://") || target.starts_with("mailto:") || target.is_empty() {
                continue;
            }
            checked += 1;
            let (path, anchor) = match target.split_once('#') {
                Some((p, a)) => (p, Some(a)),
                None => (target.as_str(), None),
            };
            let resolved = if path.is_empty() {
                root().join(&file)
            } else {
                normalise(&dir.join(path))
            };
            let here = format!("{}:{line}: {target}", file.display());
            if !resolved.exists() {
                if !is_pending(&resolved) {
                    broken.push(format!("{here}: no such file"));
                }
                continue;
            }
            if let Some(anchor) = anchor {
                if resolved.extension().is_some_and(|x| x == "md") {
                    let found = anchors(&fs::read_to_string(&resolved).unwrap());
                    if !found.contains(anchor) {
                        broken.push(format!("{here}: no heading with this anchor"));
                    }
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    // The README and the docs link to each other: a parser that found
    // nothing would pass the check above vacuously.
    assert!(checked > 50, "only {checked} links found");
}

#[test]
fn pending_pages_are_still_pending() {
    for p in PENDING {
        assert!(
            !root().join(p).exists(),
            "{p} exists now: remove it from PENDING in tests/docs_links.rs"
        );
    }
}

/// Every file under `dir` (recursively), skipping generated and binary data.
fn code_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if p.is_dir() {
            if !["node_modules", "target", "corpus", "artifacts", "egtb"].contains(&name.as_str()) {
                code_files(&p, out);
            }
        } else {
            out.push(p);
        }
    }
}

/// The `docs/...` paths named in `text`: `docs/` followed by path
/// characters, trailing punctuation of the sentence dropped.
fn docs_paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("docs/") {
        let preceded_ok = i == 0 || {
            let b = rest.as_bytes()[i - 1];
            !(b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || b == b'/')
        };
        let tail = &rest[i..];
        let len = tail
            .find(|c: char| !(c.is_ascii_alphanumeric() || "/._-".contains(c)))
            .unwrap_or(tail.len());
        let path = tail[..len].trim_end_matches(['.', '/']);
        if preceded_ok && path.len() > "docs".len() {
            out.push(path.to_string());
        }
        rest = &tail[len.max(1)..];
    }
    out
}

#[test]
fn every_docs_path_named_in_the_code_exists() {
    let mut files = vec![root().join("Cargo.toml"), root().join("Trunk.toml")];
    for dir in ["src", "www", "scripts", "tests", "fuzz"] {
        code_files(&root().join(dir), &mut files);
    }
    let mut missing = Vec::new();
    let mut named = 0;
    // This file names made-up paths in its own parser test.
    let this = root().join("tests/docs_links.rs");
    for f in files.into_iter().filter(|f| *f != this) {
        let Ok(text) = fs::read_to_string(&f) else {
            continue; // binary data
        };
        for p in docs_paths(&text) {
            named += 1;
            let path = root().join(&p);
            if !path.exists() && !PENDING.contains(&p.as_str()) {
                missing.push(format!(
                    "{}: {p}",
                    f.strip_prefix(root()).unwrap().display()
                ));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "docs paths that do not exist:\n{}",
        missing.join("\n")
    );
    assert!(named >= 10, "only {named} docs paths found in the code");
}

#[test]
fn the_readme_stays_short() {
    let lines = fs::read_to_string(root().join("README.md"))
        .unwrap()
        .lines()
        .count();
    assert!(
        lines <= 250,
        "README.md has {lines} lines: move the detail into docs/"
    );
}

#[test]
fn the_parsers_read_links_headings_and_paths() {
    let md =
        "See [a](docs/a.md#one-two) and ![p](img/p.png).\n`[no](x.md)`\n```\n[no](y.md)\n```\n";
    let found: Vec<String> = link_targets(md).into_iter().map(|(_, t)| t).collect();
    assert_eq!(found, ["docs/a.md#one-two", "img/p.png"]);
    let heads = anchors("# Top\n## One, two\n## One, two\n```\n# not\n```\n### `code` heading\n");
    let want: BTreeSet<String> = ["top", "one-two", "one-two-1", "code-heading"]
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(heads, want);
    assert_eq!(
        docs_paths("(docs/performance.md, \"Size\"); see docs/img/play.png. mydocs/x"),
        ["docs/performance.md", "docs/img/play.png"]
    );
}
