//! `shashki`: the native command line.
//!
//! ```text
//! shashki perft [--fen FEN] [--divide] DEPTH
//! shashki moves                 (one FEN a line on stdin -> one JSON a line)
//! shashki game [--fen FEN] MOVE...
//! shashki bestmove [--fen FEN] [--moves "c3-d4 ..."] [--movetime MS | --depth D | --nodes N] [--level L]
//! shashki match --a LEVEL|--a-ms MS --b LEVEL|--b-ms MS --games N
//! shashki engine [--tt MB] [--threads N] [--egtb DIR]   (Hub protocol on stdin/stdout)
//! shashki bench
//! shashki egtb build [--pieces N] [--out DIR]
//! shashki egtb probe [--dir DIR]   (FENs on stdin -> one JSON a line)
//! shashki tune gen|fit|patterns|selfplay|kpatterns|net ...   (evaluation fitted to game results)
//! shashki book build [--plies N] [--nodes N] [--margin M] [--out FILE]
//! shashki book extend [--rounds N] [--games N] [--nodes N] [--check-nodes N] [--seed S] [--out FILE]
//! shashki puzzles mine [--seed S] [--out FILE] | export [--file FILE]
//! ```

mod args;
mod book_cmd;
mod book_extend;
mod convert_cmd;
mod datagen;
mod egtb_cmd;
mod engine_cmd;
mod game_cmd;
mod protocol_cmd;
mod puzzles_cmd;
mod rules_cmd;
mod tune_agree;
mod tune_cmd;
mod tune_kpatterns;
mod tune_moves;
mod tune_net;
mod tune_patterns;
mod tune_relabel;

use std::process::ExitCode;

const USAGE: &str = "usage: shashki <command> [options]
commands:
  perft [--fen FEN] [--divide] DEPTH   count leaf positions
  moves                                 read FENs on stdin, print legal moves as JSON lines
  game [--fen FEN] MOVE...              play moves, print the final status as JSON
  bestmove [--fen FEN] [--moves \"..\"] [--movetime MS|--depth D|--nodes N] [--level L] [--egtb DIR] [--threads N]
  match --a LEVEL|--a-ms MS --b LEVEL|--b-ms MS [--games N] [--a-threads N] [--b-threads N] [--egtb DIR]
        [--a-eval W] [--b-eval W] [--a-cmd BIN] [--b-cmd BIN] [--pdn FILE]   (with --a-cmd, --a-eval goes to its bestmove --eval)
  engine [--tt MB] [--threads N] [--egtb DIR]   a persistent engine on stdin/stdout (Hub protocol, docs/engine-protocol.md)
  bench [--threads N]                   perft and search speed
  egtb build [--pieces N] [--out DIR] | egtb probe [--dir DIR]   endgame tables
  tune gen --games N --nodes N --seed S --out FILE | tune fit --data FILE [--out FILE]
  tune patterns --data FILE [--epochs N] [--l2 X] [--rate X] [--out FILE]   region patterns
  tune selfplay --dir DIR [--parts N] [--from K] [--games N] [--nodes N] [--seed S]   training positions in parts
  tune kpatterns --data DIR [--epochs N] [--l2 X] [--rate X] [--lambda X] [--out FILE]   patterns with kings
  tune net --data DIR [--epochs N] [--rate X] [--lambda X] [--batch N] [--seed S] [--init FILE] [--compare FILE] [--moves W [--threads N]] [--out FILE]   the network over the whole board
  book build [--plies N] [--nodes N] [--margin M] [--out FILE]   opening book
  book extend [--rounds N] [--games N] [--seed S] [--out FILE]     widen it by self-play
  puzzles mine|export [options]         build or print the puzzle collection";

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let Some((cmd, rest)) = argv.split_first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let result = match cmd.as_str() {
        "perft" => rules_cmd::perft(rest),
        "moves" => rules_cmd::moves(rest),
        "game" => game_cmd::game(rest),
        "bestmove" => engine_cmd::bestmove(rest),
        "match" => engine_cmd::run_match(rest),
        "engine" => protocol_cmd::engine(rest),
        "egtb" => egtb_cmd::egtb(rest),
        "tune" => tune_cmd::tune(rest),
        "book" => book_cmd::book(rest),
        "bench" => rules_cmd::bench(rest).and_then(|_| engine_cmd::bench(rest)),
        "puzzles" => puzzles_cmd::puzzles(rest),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        other => Err(format!("unknown command '{other}'\n{USAGE}")),
    };
    match result {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("shashki: {msg}");
            ExitCode::from(2)
        }
    }
}
