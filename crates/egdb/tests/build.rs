//! Builds the databases up to 4 pieces once, in a temporary directory, and
//! checks them: known positions, a brute-force solver on every position
//! with up to 3 pieces, verification, damaged files, resuming.

use parlour_checkers::{Position, Rules};
use parlour_egdb::{build, verify, Egdb, Quiet, Wdl};
use std::path::Path;
use std::sync::OnceLock;
use std::time::Instant;

fn built() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let t = Instant::now();
        build(dir.path(), 4, &Quiet).unwrap();
        eprintln!("built up to 4 pieces in {:.1} s", t.elapsed().as_secs_f64());
        dir
    })
    .path()
}

fn egdb() -> &'static Egdb {
    static EGDB: OnceLock<Egdb> = OnceLock::new();
    EGDB.get_or_init(|| Egdb::open(built()).unwrap())
}

fn probe(fen: &str) -> Wdl {
    let pos = Position::from_fen(fen, Rules::ENGLISH).unwrap();
    egdb()
        .probe(&pos)
        .unwrap_or_else(|| panic!("{fen} not covered"))
}

#[test]
fn known_endings() {
    assert_eq!(egdb().max_pieces(), 4);
    // Two kings beat one, whoever is to move.
    assert_eq!(probe("B:WK32:BK1,K3"), Wdl::Win);
    assert_eq!(probe("W:WK32:BK1,K3"), Wdl::Loss);
    // One king against one: a draw when no capture is open.
    assert_eq!(probe("B:WK32:BK1"), Wdl::Draw);
    assert_eq!(probe("W:WK32:BK1"), Wdl::Draw);
    // A king next to the other with the square behind empty: the side to
    // move takes it.
    assert_eq!(probe("B:WK15:BK10"), Wdl::Win);
    assert_eq!(probe("W:WK15:BK10"), Wdl::Win);
}

#[test]
fn verification_passes() {
    let report = verify(built(), &Quiet).unwrap();
    assert_eq!(report.max_pieces, 4);
    assert_eq!(report.positions, 3_488 + 196_032 + 6_209_316);
}

/// Every english position with up to `max` pieces (both sides with a
/// piece, either side to move), enumerated square by square without the
/// crate's indexer.
fn all_positions(max: usize) -> Vec<Position> {
    use parlour_checkers::Bitboard;
    use parlour_game::Side;
    let mut out = Vec::new();
    // kinds: 0 black man, 1 black king, 2 white man, 3 white king
    fn rec(start: u32, left: usize, placed: &mut Vec<(u32, u8)>, out: &mut Vec<Vec<(u32, u8)>>) {
        if !placed.is_empty() {
            out.push(placed.clone());
        }
        if left == 0 {
            return;
        }
        for sq in start..32 {
            for kind in 0..4u8 {
                // Men never stand on their crowning row.
                if (kind == 0 && sq >= 28) || (kind == 2 && sq < 4) {
                    continue;
                }
                placed.push((sq, kind));
                rec(sq + 1, left - 1, placed, out);
                placed.pop();
            }
        }
    }
    let mut sets = Vec::new();
    rec(0, max, &mut Vec::new(), &mut sets);
    for set in sets {
        let (mut black, mut white, mut kings) = (0u32, 0u32, 0u32);
        for (sq, kind) in set {
            if kind < 2 {
                black |= 1 << sq;
            } else {
                white |= 1 << sq;
            }
            if kind % 2 == 1 {
                kings |= 1 << sq;
            }
        }
        if black == 0 || white == 0 {
            continue;
        }
        for side in Side::BOTH {
            out.push(
                Position::from_parts(
                    Bitboard(black),
                    Bitboard(white),
                    Bitboard(kings),
                    side,
                    Rules::ENGLISH,
                )
                .unwrap(),
            );
        }
    }
    out
}

/// The plainest solver there is: values by repeated passes over every
/// position until nothing changes (a move to a lost position wins; a
/// position whose moves all go to won ones, or that has none, is lost);
/// what is left undecided is drawn.
fn brute_force(positions: &[Position]) -> Vec<Wdl> {
    use parlour_game::Game;
    use std::collections::HashMap;
    let at: HashMap<Position, usize> = positions.iter().enumerate().map(|(i, p)| (*p, i)).collect();
    // Successors: Some(index), or None for a side left without pieces.
    let succ: Vec<Vec<Option<usize>>> = positions
        .iter()
        .map(|p| {
            let mut list = Default::default();
            p.legal_moves(&mut list);
            list.iter()
                .map(|&a| {
                    let n = p.play(a);
                    if n.pieces(n.side()).is_empty() {
                        None
                    } else {
                        Some(at[&n])
                    }
                })
                .collect()
        })
        .collect();
    let mut value: Vec<Option<Wdl>> = vec![None; positions.len()];
    loop {
        let mut changed = false;
        for i in 0..positions.len() {
            if value[i].is_some() {
                continue;
            }
            let of = |s: &Option<usize>| match s {
                None => Some(Wdl::Loss),
                Some(j) => value[*j],
            };
            let v = if succ[i].iter().any(|s| of(s) == Some(Wdl::Loss)) {
                Some(Wdl::Win)
            } else if succ[i].iter().all(|s| of(s) == Some(Wdl::Win)) {
                Some(Wdl::Loss)
            } else {
                None
            };
            if v.is_some() {
                value[i] = v;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    value.into_iter().map(|v| v.unwrap_or(Wdl::Draw)).collect()
}

#[test]
fn a_brute_force_solver_agrees_on_every_position_up_to_3_pieces() {
    let positions = all_positions(3);
    assert_eq!(positions.len(), 2 * (3_488 + 196_032));
    let values = brute_force(&positions);
    let mut counts = [0u32; 3];
    for (p, v) in positions.iter().zip(&values) {
        assert_eq!(egdb().probe(p), Some(*v), "{p}");
        counts[*v as usize] += 1;
    }
    // Every kind of value occurs.
    assert!(counts.iter().all(|&c| c > 1000), "{counts:?}");
}
