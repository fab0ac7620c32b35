//! Deep perft's library parts on every game: the hashed count equals the
//! plain one on many positions, with a normal table, a tiny one whose
//! entries are replaced all the time, and one whose hash sends every key to
//! a few buckets, under many threads; units and shares add up to the whole;
//! and the published english counts past plain perft's reach.

use parlour_checkers::{Position, Rules};
use parlour_game::perft::perft_hashed;
use parlour_game::perft::split::{count_units, Frontier, Share};
use parlour_game::perft::table::{Mixed, Slots, Table};
use parlour_game::{divide, perft, splitmix, FullKey, Game};
use parlour_pegs::{PegPosition, PegRules};

/// A test-only hash that sends every key to one of four buckets.
struct FourBuckets;

impl Slots for FourBuckets {
    fn slot(key: &FullKey, depth: u32) -> u64 {
        (key.lo ^ key.hi ^ key.tail as u64 ^ depth as u64) << 62
    }
}

/// `count` positions reached from `start` by up to `plies` moves chosen
/// from `seed` (fewer where a game ends).
fn walks<G: Game>(start: G, count: u64, plies: u64, seed: u64) -> Vec<G> {
    let mut moves = G::MoveList::default();
    (0..count)
        .map(|i| {
            let mut pos = start;
            let mut r = splitmix(seed ^ i);
            for _ in 0..r % (plies + 1) {
                pos.legal_moves(&mut moves);
                let list = moves.as_ref();
                if list.is_empty() {
                    break;
                }
                r = splitmix(r);
                pos = pos.play(list[(r % list.len() as u64) as usize]);
            }
            pos
        })
        .collect()
}

/// Every check on one rule set: positions from `start`, counted to `depth`
/// (and a little deeper where the table is small).
fn check<G: Game>(name: &str, start: G, depth: u32) {
    let positions = walks(start, 40, 30, 7);
    hashed_equals_plain(name, &positions, depth);
    small_tables_count_exactly(name, &positions, depth);
    units_and_shares_add_up(name, &start, depth + 1);
}

fn hashed_equals_plain<G: Game>(name: &str, positions: &[G], depth: u32) {
    let table = Table::<Mixed>::new(1).unwrap();
    for pos in positions {
        for d in 0..=depth {
            assert_eq!(
                perft_hashed(pos, d, &table),
                perft(pos, d),
                "{name} {pos} depth {d}"
            );
        }
    }
}

/// A one-bucket table and a four-bucket table with every key colliding,
/// shared by 16 threads counting the units of each position.
fn small_tables_count_exactly<G: Game>(name: &str, positions: &[G], depth: u32) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(16)
        .build()
        .unwrap();
    let one = Table::<Mixed>::with_buckets(1).unwrap();
    let four = Table::<FourBuckets>::with_buckets(4).unwrap();
    pool.install(|| {
        for pos in positions.iter().take(12) {
            let d = depth + 2;
            let frontier = Frontier::new(pos, 2);
            let plain = perft(pos, d);
            let counts = count_units(&frontier, d - 2, Some(&one), |_| true, |_, _| {});
            assert_eq!(frontier.total(&counts), plain, "{name} {pos}: one bucket");
            let counts = count_units(&frontier, d - 2, Some(&four), |_| true, |_, _| {});
            assert_eq!(frontier.total(&counts), plain, "{name} {pos}: four buckets");
        }
    });
}

/// At every split depth the units add up to the whole, per root move too,
/// and three shares add up to all the units.
fn units_and_shares_add_up<G: Game>(name: &str, start: &G, depth: u32) {
    let table = Table::<Mixed>::new(4).unwrap();
    let mut plain: Vec<(String, u64)> = divide(start, depth)
        .into_iter()
        .map(|(mv, n)| (mv.to_string(), n))
        .collect();
    plain.sort();
    let whole: u64 = plain.iter().map(|(_, n)| n).sum();
    for split in 1..=3 {
        let frontier = Frontier::new(start, split);
        let counts = count_units(&frontier, depth - split, Some(&table), |_| true, |_, _| {});
        assert_eq!(frontier.total(&counts), whole, "{name} split {split}");
        let mut by_move: Vec<(String, u64)> = frontier
            .divide(&counts)
            .into_iter()
            .map(|(mv, n)| (mv.to_string(), n))
            .collect();
        by_move.sort();
        assert_eq!(by_move, plain, "{name} split {split}");
        let shares: u64 = (1..=3)
            .map(|k| {
                let share = Share::new(k, 3).unwrap();
                let counts = count_units(
                    &frontier,
                    depth - split,
                    None::<&Table>,
                    |i| share.holds(i),
                    |_, _| {},
                );
                frontier.total(&counts)
            })
            .sum();
        assert_eq!(shares, whole, "{name} split {split}, three shares");
    }
    let shallowest = Frontier::new(start, 1);
    assert_eq!(
        shallowest.units().len(),
        shallowest.root_moves().len(),
        "{name}"
    );
}

#[test]
fn hashed_counts_equal_plain_ones_in_every_rule_set() {
    check("english", Position::start(Rules::ENGLISH), 6);
    check("huffing", Position::start(Rules::HUFFING), 4);
    check("pegs", PegPosition::start(PegRules::DEFAULT), 3);
}

/// Transpositions make fewer units than paths, and the default split
/// depth gives each share its thousand units.
#[test]
fn units_are_distinct_positions() {
    let start = Position::start(Rules::ENGLISH);
    let frontier = Frontier::new(&start, 4);
    assert_eq!(frontier.units().iter().map(|u| u.paths).sum::<u64>(), 1469);
    assert_eq!(frontier.units().len(), 805);
    let chosen = Frontier::choose(&start, 14, 1);
    assert_eq!((chosen.split_depth(), chosen.units().len()), (5, 2733));
    assert_eq!(Frontier::choose(&start, 14, 3).split_depth(), 6);
    assert_eq!(Frontier::choose(&start, 3, 1).split_depth(), 1);
    assert_ne!(chosen.fingerprint(), Frontier::new(&start, 6).fingerprint());
    let huffing = Frontier::new(&Position::start(Rules::HUFFING), 5);
    assert_ne!(
        huffing.fingerprint(),
        Frontier::new(&start, 5).fingerprint()
    );
}

/// The published english counts (OEIS A133046) past the depths the plain
/// perft tests reach, from `testdata/perft/english-deep.txt`.
#[test]
fn hashed_perft_reaches_the_published_english_counts() {
    let path = format!(
        "{}/../../testdata/perft/english-deep.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let published: Vec<(u32, u64)> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| match l.split_whitespace().collect::<Vec<_>>()[..] {
            [d, n] => Some((d.parse().unwrap(), n.parse().unwrap())),
            _ => None,
        })
        .collect();
    assert_eq!(published.first(), Some(&(13, 1_766_623_630)));
    let start = Position::start(Rules::ENGLISH);
    let table = Table::<Mixed>::new(256).unwrap();
    for &(depth, nodes) in published.iter().filter(|(d, _)| *d <= 13) {
        let frontier = Frontier::choose(&start, depth, 1);
        let counts = count_units(
            &frontier,
            depth - frontier.split_depth(),
            Some(&table),
            |_| true,
            |_, _| {},
        );
        assert_eq!(frontier.total(&counts), nodes, "depth {depth}");
    }
}
