//! `parlour bench`: a fixed suite of positions searched to fixed depths.
//!
//! One table row per position, then the total node count and the nodes per
//! second. With one thread the total is a signature of the search: it
//! changes only when the search (or an evaluation, or a move generator's
//! order) changes, so a change meant to be only faster must leave it as it
//! was. Each position is searched from an empty transposition table.

use crate::cmd_best::threads;
use clap::Args;
use parlour_checkers::{Position, Rules};
use parlour_game::{Evaluate, History};
use parlour_pegs::{PegPosition, PegRules};
use parlour_search::{Limits, Searcher};
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Flags of `parlour bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search threads (default: all cores).
    #[arg(long, short)]
    threads: Option<usize>,
    /// Transposition table size in MiB (16, as Stockfish's bench: the
    /// suite's searches are small, and a small table misses the TLB less).
    #[arg(long, default_value_t = 16)]
    hash: usize,
}

/// One position of the suite: a game, its rules, a position and the moves
/// played from it, and the depth to search.
struct Case {
    game: &'static str,
    rules: &'static str,
    fen: Option<&'static str>,
    moves: &'static str,
    depth: u32,
}

const fn checkers(
    rules: &'static str,
    fen: Option<&'static str>,
    moves: &'static str,
    depth: u32,
) -> Case {
    Case {
        game: "checkers",
        rules,
        fen,
        moves,
        depth,
    }
}

/// A peg game position (its text in place of the FEN; `None`: the start)
/// under the peg rules `rules` (empty: the defaults).
const fn pegs(
    rules: &'static str,
    position: Option<&'static str>,
    moves: &'static str,
    depth: u32,
) -> Case {
    Case {
        game: "pegs",
        rules,
        fen: position,
        moves,
        depth,
    }
}

/// The suite. Checkers under both rule sets: openings, middle games reached
/// by published opening lines, endgames. Then the peg game: the placement
/// phase (the start, and a few placements in), the sliding phase, a force
/// pending, and a King blocked with one escape. Adding a position changes
/// the signature.
const SUITE: &[Case] = &[
    checkers("english", None, "", 15),
    checkers(
        "english",
        None,
        "11-15,23-19,8-11,22-17,9-13,17-14,10x17,21x14",
        15,
    ),
    checkers(
        "english",
        None,
        "11-15,22-18,15x22,25x18,8-11,29-25,4-8,25-22",
        15,
    ),
    checkers(
        "english",
        None,
        "10-15,21-17,11-16,17-13,16-20,22-18,15x22,25x18,9-14,18x9,5x14",
        15,
    ),
    checkers(
        "english",
        Some("B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"),
        "",
        13,
    ),
    checkers(
        "english",
        Some("W:W21,22,23,25,26,30,31:B5,7,10,11,13,15,K2"),
        "",
        15,
    ),
    checkers("english", Some("B:WK14,K28:BK1,K5"), "", 25),
    checkers("huffing", None, "", 13),
    checkers(
        "huffing",
        None,
        "11-15,23-19,8-11,22-17,9-13,17-14,10x17,21x14",
        13,
    ),
    checkers("huffing", Some("W:W14,30:B9,15:O11-15"), "", 20),
    checkers(
        "huffing",
        Some("B:W17,21,22,23,26,27,30,31:B3,6,7,9,10,11,14,15"),
        "",
        14,
    ),
    pegs("", None, "", 10),
    pegs("", None, "K@11,K@14,@2,@10,@3", 11),
    pegs(
        "",
        Some("b:K10,3,5,12,15,18,22/w:K20,1,7,13,17,23,24/hand:0,0/reserve:3,3/turn:b"),
        "",
        12,
    ),
    pegs(
        "",
        Some("b:K16,3,4,9,11,21/w:K5,1,6,13,20/hand:4,5/reserve:3,3/turn:w/force:5"),
        "",
        11,
    ),
    pegs(
        "",
        Some("b:K11,3,5,16,22,23/w:K8,1,7,10,12,14,19/hand:0,0/reserve:3,3/turn:b"),
        "",
        14,
    ),
];

/// What one search of the suite gave.
struct Row {
    best: String,
    score: String,
    nodes: u64,
    time: Duration,
}

fn search_game<G: Evaluate>(
    start: G,
    moves: &str,
    depth: u32,
    searcher: &mut Searcher,
) -> Result<Row, String> {
    let mut history = History::new(start);
    for text in moves.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let mv = history
            .current()
            .parse_move(text)
            .map_err(|e| format!("bench suite: `{text}`: {e}"))?;
        history.push(mv);
    }
    searcher.clear();
    let stop = Arc::new(AtomicBool::new(false));
    let result = searcher.search(
        &history,
        Limits::Depth(depth),
        &Default::default(),
        &stop,
        |_| {},
    );
    Ok(Row {
        best: result
            .best_move
            .map_or_else(|| "none".to_string(), |m| m.to_string()),
        score: result.score.to_string(),
        nodes: result.nodes,
        time: result.time,
    })
}

fn search_case(case: &Case, searcher: &mut Searcher) -> Result<Row, String> {
    match case.game {
        "checkers" => {
            let rules: Rules = case.rules.parse()?;
            let start = match case.fen {
                Some(fen) => {
                    Position::from_fen(fen, rules).map_err(|e| format!("bench suite: {e}"))?
                }
                None => Position::start(rules),
            };
            search_game(start, case.moves, case.depth, searcher)
        }
        "pegs" => {
            let rules: PegRules = case.rules.parse()?;
            let start = match case.fen {
                Some(text) => PegPosition::parse(text, Some(rules))
                    .map_err(|e| format!("bench suite: {e}"))?,
                None => PegPosition::start(rules),
            };
            search_game(start, case.moves, case.depth, searcher)
        }
        other => Err(format!("bench suite: no game `{other}`")),
    }
}

fn nps(nodes: u64, time: Duration) -> u64 {
    (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64
}

/// Runs the command.
pub fn run(args: BenchArgs) -> Result<(), String> {
    let threads = threads(args.threads)?;
    let mut searcher = Searcher::new(threads, args.hash)?;
    let mut out = std::io::stdout().lock();
    let mut emit = |line: String| writeln!(out, "{line}").map_err(|e| format!("cannot write: {e}"));
    emit(format!(
        "{:>2}  {:<8} {:<7} {:>5} {:>11} {:>8} {:>10} {:>9}  {:<10} position",
        "#", "game", "rules", "depth", "nodes", "seconds", "nps", "score", "best"
    ))?;
    let started = Instant::now();
    let mut total = 0;
    for (i, case) in SUITE.iter().enumerate() {
        let row = search_case(case, &mut searcher)?;
        total += row.nodes;
        let position = match (case.fen, case.moves) {
            (None, "") => "start".to_string(),
            (None, moves) => format!("start, {moves}"),
            (Some(fen), "") => fen.to_string(),
            (Some(fen), moves) => format!("{fen}, {moves}"),
        };
        emit(format!(
            "{:>2}  {:<8} {:<7} {:>5} {:>11} {:>8.3} {:>10} {:>9}  {:<10} {}",
            i + 1,
            case.game,
            if case.rules.is_empty() {
                "default"
            } else {
                case.rules
            },
            case.depth,
            row.nodes,
            row.time.as_secs_f64(),
            nps(row.nodes, row.time),
            row.score,
            row.best,
            position
        ))?;
    }
    let time = started.elapsed();
    emit(format!("threads {threads} hash {} MiB", args.hash))?;
    emit(format!("total nodes {total}"))?;
    emit(format!("total seconds {:.3}", time.as_secs_f64()))?;
    emit(format!("nodes per second {}", nps(total, time)))
}
