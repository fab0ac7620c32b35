//! Perft from the start against the tables in `testdata/perft/`: english to
//! depth 12 (OEIS A133046) and the unique-path count at depth 12 (dctl);
//! huffing to depth 9 (the contract's depths 1-8, depth 9 computed here and
//! cross-checked with the reference generator); and the contract's worked
//! huffing check `W:W14,30:B9,15:O11-15`.

mod common;
mod reference;

use common::compare;
use parlour_checkers::{Action, Position, Rules, UniquePaths};
use parlour_game::{perft, perft_parallel};
use rayon::prelude::*;
use reference::{RefPos, RefRules};
use std::time::Instant;

/// A perft table: `(depth, leaves)` lines, and `unique` lines apart.
struct Table {
    paths: Vec<(u32, u64)>,
    unique: Vec<(u32, u64)>,
}

/// Reads `testdata/perft/<name>` from the repository root.
fn table(name: &str) -> Table {
    let path = format!("{}/../../testdata/perft/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut t = Table {
        paths: Vec::new(),
        unique: Vec::new(),
    };
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let (list, numbers) = match words[..] {
            ["unique", d, n] => (&mut t.unique, (d, n)),
            [d, n] => (&mut t.paths, (d, n)),
            _ => panic!("{path}: bad line `{line}`"),
        };
        let depth = numbers.0.parse().expect("a depth");
        let leaves = numbers.1.parse().expect("a leaf count");
        list.push((depth, leaves));
    }
    // Depths 1, 2, 3, ... with none left out.
    for (i, (depth, _)) in t.paths.iter().enumerate() {
        assert_eq!(*depth, i as u32 + 1, "{path}: depths must run 1, 2, 3, ...");
    }
    t
}

/// The reference's perft, its tree shared out over the rayon pool below
/// the first two plies.
fn reference_perft(pos: &RefPos, depth: u32) -> u64 {
    if depth <= 3 {
        return pos.perft(depth);
    }
    let mut frontier = vec![pos.clone()];
    for _ in 0..2 {
        frontier = frontier
            .iter()
            .flat_map(|p| p.actions().iter().map(|a| p.play(a)).collect::<Vec<_>>())
            .collect();
    }
    frontier.par_iter().map(|p| p.perft(depth - 2)).sum()
}

#[test]
fn english_perft_from_the_start_matches_oeis_a133046_to_depth_12() {
    let t = table("english-start.txt");
    assert_eq!(t.paths.len(), 12, "the table gives depths 1-12");
    let start = Position::start(Rules::ENGLISH);
    for &(depth, leaves) in &t.paths {
        assert_eq!(
            perft_parallel(&start, depth),
            leaves,
            "english depth {depth}"
        );
    }
}

#[test]
fn english_unique_path_perft_at_depth_12_matches_dctl() {
    let t = table("english-start.txt");
    assert_eq!(t.unique, [(12, 388_617_999)][..], "the table's unique line");
    let start = UniquePaths(Position::start(Rules::ENGLISH));
    for &(depth, leaves) in &t.unique {
        assert_eq!(
            perft_parallel(&start, depth),
            leaves,
            "unique depth {depth}"
        );
    }
}

#[test]
fn huffing_perft_from_the_start_matches_the_table_to_depth_9() {
    let t = table("huffing-start.txt");
    assert_eq!(t.paths.len(), 9, "the table gives depths 1-9");
    let start = Position::start(Rules::HUFFING);
    for &(depth, leaves) in &t.paths {
        assert_eq!(
            perft_parallel(&start, depth),
            leaves,
            "huffing depth {depth}"
        );
    }
}

/// The reference generator counts the english table to depth 11
/// (85,242,128 leaves) and the huffing one to depth 8 (99,106,167): about
/// 45 s of CPU time together. The deepest depths are the ignored tests
/// below, which `tools/deep_reference.sh` runs.
#[test]
fn the_reference_counts_the_english_table_to_depth_11() {
    reference_counts("english-start.txt", RefRules::English, 11);
}

#[test]
fn the_reference_counts_the_huffing_table_to_depth_8() {
    reference_counts("huffing-start.txt", RefRules::Huffing, 8);
}

/// Reference perft from the start to `deepest`, each depth against `name`.
fn reference_counts(name: &str, rules: RefRules, deepest: usize) {
    let start = RefPos::start(rules);
    for &(depth, leaves) in table(name).paths.iter().take(deepest) {
        let started = Instant::now();
        let count = reference_perft(&start, depth);
        eprintln!(
            "reference {name} depth {depth}: {count} ({:.1} s)",
            started.elapsed().as_secs_f64()
        );
        assert_eq!(count, leaves, "{name} depth {depth}");
    }
}

/// Depth 9 of the huffing table (1,533,510,338 leaves), which the fast
/// generator computed: about 5 minutes of CPU time.
#[test]
#[ignore = "deep: tools/deep_reference.sh runs it (about 5 minutes of CPU time)"]
fn the_reference_counts_the_huffing_table_to_depth_9() {
    reference_counts("huffing-start.txt", RefRules::Huffing, 9);
}

/// Depth 12 of the english table (388,623,673 leaves, the published
/// figure): about 2 minutes of CPU time.
#[test]
#[ignore = "deep: tools/deep_reference.sh runs it (about 2 minutes of CPU time)"]
fn the_reference_counts_the_english_table_to_depth_12() {
    reference_counts("english-start.txt", RefRules::English, 12);
}

/// The contract's worked check (docs/rules/checkers.md, "Worked checks").
#[test]
fn the_contracts_worked_huffing_check() {
    let fen = "W:W14,30:B9,15:O11-15";
    let pos = Position::from_fen(fen, Rules::HUFFING).unwrap();
    let mut names: Vec<String> = compare(&pos).iter().map(Action::to_string).collect();
    names.sort();
    assert_eq!(
        names.join(" "),
        "14-10 14x5 30-25 30-26 compel h9 14-10 h9 14-9 h9 30-25 h9 30-26"
    );
    let r = RefPos::from_fen(fen, RefRules::Huffing).unwrap();
    for (depth, leaves) in [(1, 9), (2, 38), (3, 141), (4, 445)] {
        assert_eq!(perft(&pos, depth), leaves, "bitboard depth {depth}");
        assert_eq!(r.perft(depth), leaves, "reference depth {depth}");
    }
}
