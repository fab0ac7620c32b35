//! The fast generator against the slow reference (`tests/reference`), on
//! positions from random playouts under many rule sizes, and on positions
//! scattered at random (dense boards, blocked Kings, pending forces); and
//! the reference alone counting the contract's perft from the start.

mod reference;

use parlour_game::{perft, Game};
use parlour_pegs::{Hole, PegMoveList, PegPosition, PegRules};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use reference::RefPos;

/// Rule sizes the playouts use: the default, small and large boards, with
/// and without diagonals, and boards that fill up (blocked Kings).
const RULES: [&str; 10] = [
    "",
    "squares=2",
    "squares=2,pegs=7",
    "pegs=11",
    "pegs=11,reserve=0",
    "diagonals=0",
    "squares=4,diagonals=0,pegs=15,reserve=1",
    "squares=5,pegs=24",
    "squares=6,pegs=12,reserve=5",
    "squares=2,diagonals=0,pegs=6,reserve=2",
];

fn fast_moves(p: &PegPosition) -> Vec<String> {
    let mut list = PegMoveList::new();
    p.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Positions met in random playouts from the start.
fn playout_positions(rng: &mut StdRng, games: usize) -> Vec<PegPosition> {
    let mut out = Vec::new();
    for g in 0..games {
        let rules: PegRules = RULES[g % RULES.len()].parse().unwrap();
        let mut p = PegPosition::start(rules);
        for _ in 0..160 {
            out.push(p);
            let mut list = PegMoveList::new();
            p.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            p = p.play(list[rng.random_range(0..list.len())]);
        }
    }
    out
}

/// Positions with pegs scattered at random on a crowded board, written as
/// text and read back: many blocked Kings, forces of any peg.
fn scattered_positions(rng: &mut StdRng, count: usize) -> Vec<PegPosition> {
    let mut out = Vec::new();
    while out.len() < count {
        let rules: PegRules = RULES[rng.random_range(0..RULES.len())].parse().unwrap();
        let n = 8 * rules.squares() as u32;
        let mut holes: Vec<u32> = (1..=n).collect();
        for i in (1..holes.len()).rev() {
            holes.swap(i, rng.random_range(0..=i));
        }
        let filled = rng.random_range(n / 2..=n);
        let mut sides: [Vec<String>; 2] = [vec![], vec![]];
        let mut kings = [false; 2];
        for &h in &holes[..filled as usize] {
            let s = rng.random_range(0..2);
            if !kings[s] && rng.random_bool(0.3) {
                kings[s] = true;
                sides[s].insert(0, format!("K{h}"));
            } else {
                sides[s].push(h.to_string());
            }
        }
        let turn = rng.random_range(0..2usize);
        let hand: Vec<u32> = (0..2)
            .map(|_| {
                if rng.random_bool(0.6) {
                    0
                } else {
                    rng.random_range(0..3)
                }
            })
            .collect();
        let reserve: Vec<u32> = (0..2)
            .map(|_| rng.random_range(0..=rules.reserve() as u32))
            .collect();
        let mut text = format!(
            "b:{}/w:{}/hand:{},{}/reserve:{},{}/turn:{}",
            sides[0].join(","),
            sides[1].join(","),
            hand[0],
            hand[1],
            reserve[0],
            reserve[1],
            ["b", "w"][turn]
        );
        let own: Vec<&String> = sides[turn].iter().collect();
        if !own.is_empty() && rng.random_bool(0.4) {
            let k = rng.random_range(1..=own.len().min(2));
            let mut forced: Vec<u32> = own[..k]
                .iter()
                .map(|s| s.trim_start_matches('K').parse().unwrap())
                .collect();
            forced.sort();
            let names: Vec<String> = forced.iter().map(u32::to_string).collect();
            text += &format!("/force:{}", names.join(","));
        }
        if rules != PegRules::DEFAULT {
            text += &format!("/rules:{rules}");
        }
        // Too many pegs for the counts is rejected, rightly; skip those.
        if let Ok(p) = text.parse::<PegPosition>() {
            assert_eq!(p.to_string().parse::<PegPosition>().unwrap(), p);
            out.push(p);
        }
    }
    out
}

#[derive(Default, Debug)]
struct Coverage {
    placement: usize,
    sliding: usize,
    forced: usize,
    blocked: usize,
    escapes: usize,
    no_move: usize,
    removals: usize,
    reserve_pegs: usize,
}

fn check_agreement(positions: &[PegPosition]) -> Coverage {
    let mut cov = Coverage::default();
    for p in positions {
        let fast = fast_moves(p);
        let slow = RefPos::from_fast(p).legal_strings();
        assert_eq!(fast, slow, "move sets differ in {p}");
        assert_eq!(p.count_moves(), fast.len() as u64, "count differs in {p}");
        let side = p.side();
        if p.hand(side) > 0 {
            cov.placement += 1;
        } else {
            cov.sliding += 1;
        }
        if !p.forced().is_empty() {
            cov.forced += 1;
        }
        if !p.king_blockers().is_empty() {
            cov.blocked += 1;
            if !fast.is_empty() {
                cov.escapes += 1;
            }
        }
        if fast.is_empty() {
            cov.no_move += 1;
        }
        if fast.iter().any(|m| m.contains('x')) {
            cov.removals += 1;
        }
        if let Some(k) = p.king(side) {
            if p.forced().contains(k) && p.reserve(side.opponent()) > 0 && !fast.is_empty() {
                cov.reserve_pegs += 1;
            }
        }
    }
    cov
}

#[test]
fn fast_and_reference_agree_on_playout_positions() {
    let mut rng = StdRng::seed_from_u64(0x5EED_0001);
    let positions = playout_positions(&mut rng, 400);
    assert!(
        positions.len() >= 20_000,
        "only {} positions",
        positions.len()
    );
    let cov = check_agreement(&positions);
    println!("{} playout positions: {cov:?}", positions.len());
    assert!(cov.placement > 1000 && cov.sliding > 1000, "{cov:?}");
    assert!(
        cov.forced > 100 && cov.blocked > 10 && cov.removals > 100,
        "{cov:?}"
    );
    assert!(cov.reserve_pegs > 10, "{cov:?}");
}

#[test]
fn fast_and_reference_agree_on_scattered_positions() {
    let mut rng = StdRng::seed_from_u64(0x5EED_0002);
    let positions = scattered_positions(&mut rng, 10_000);
    let cov = check_agreement(&positions);
    println!("{} scattered positions: {cov:?}", positions.len());
    assert!(
        cov.blocked > 500 && cov.escapes > 100 && cov.forced > 1000,
        "{cov:?}"
    );
    assert!(cov.no_move > 100 && cov.reserve_pegs > 100, "{cov:?}");
}

#[test]
fn fast_and_reference_agree_on_perft_4() {
    let mut rng = StdRng::seed_from_u64(0x5EED_0003);
    let positions = playout_positions(&mut rng, 60);
    let mut scattered = scattered_positions(&mut rng, 60);
    let step = positions.len() / 140;
    let mut chosen: Vec<PegPosition> = positions.iter().step_by(step).take(140).copied().collect();
    chosen.append(&mut scattered);
    assert_eq!(chosen.len(), 200);
    let total: u64 = chosen
        .par_iter()
        .map(|p| {
            let fast = perft(p, 4);
            assert_eq!(
                fast,
                RefPos::from_fast(p).perft(4),
                "perft 4 differs in {p}"
            );
            fast
        })
        .sum();
    println!("perft 4 summed over 200 positions: {total}");
    assert!(total > 0);
}

/// The contract's perft from the start, depths 1-5 (docs/rules/pegs.md,
/// worked checks), which the fast generator counts in `worked_checks.rs`.
const START_PERFT: [u64; 5] = [24, 552, 12144, 253424, 5006000];

/// The reference's perft from the start to `deepest`, each depth against
/// the contract; the tree shared out over rayon below the first ply.
fn reference_counts_from_the_start(deepest: usize) {
    let start = RefPos::from_fast(&PegPosition::start(PegRules::DEFAULT));
    for (depth, &leaves) in (1..).zip(START_PERFT.iter().take(deepest)) {
        let started = std::time::Instant::now();
        let count: u64 = if depth == 1 {
            start.perft(1)
        } else {
            let children: Vec<RefPos> = start
                .legal()
                .into_iter()
                .map(|m| start.after(m).0)
                .collect();
            children.par_iter().map(|p| p.perft(depth - 1)).sum()
        };
        eprintln!(
            "reference pegs start depth {depth}: {count} ({:.1} s)",
            started.elapsed().as_secs_f64()
        );
        assert_eq!(count, leaves, "depth {depth}");
    }
}

/// Depth 5, 5,006,000 leaves, takes the reference a few seconds.
#[test]
fn the_reference_counts_perft_from_the_start_to_depth_5() {
    reference_counts_from_the_start(5);
}

#[test]
fn reference_board_tables_match_the_generator() {
    for squares in 2..=6u8 {
        for diagonals in [false, true] {
            let d = PegRules::DEFAULT;
            let rules =
                PegRules::new(squares, diagonals, d.pegs(), d.reserve(), d.quiet_plies()).unwrap();
            let p = PegPosition::start(rules);
            let r = RefPos::from_fast(&p);
            let board = p.board();
            for h in board.holes() {
                let fast: Vec<usize> = board.neighbours(h).iter().map(Hole::index).collect();
                assert_eq!(fast, r.neighbours(h.index()));
                let fast: Vec<(usize, usize)> = board
                    .opposite_pairs(h)
                    .map(|(a, b)| (a.index().min(b.index()), a.index().max(b.index())))
                    .collect();
                let mut slow: Vec<(usize, usize)> = r
                    .opposite_pairs(h.index())
                    .into_iter()
                    .map(|(a, b)| (a.min(b), a.max(b)))
                    .collect();
                slow.sort();
                let mut fast_sorted = fast.clone();
                fast_sorted.sort();
                assert_eq!(fast_sorted, slow);
            }
            let mut fast: Vec<[usize; 3]> = board
                .lines()
                .iter()
                .map(|l| [l[0].index(), l[1].index(), l[2].index()])
                .collect();
            let mut slow = r.lines();
            fast.sort();
            slow.sort();
            assert_eq!(
                fast, slow,
                "lines of {squares} squares, diagonals {diagonals}"
            );
        }
    }
}
