//! Checkers move generation and perft, english and huffing, in nodes per
//! second. Run: `cargo bench -p parlour-benches --bench checkers`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use parlour_checkers::{ActionList, Position, Rules};
use parlour_game::{perft, Game};
use std::hint::black_box;

/// A fixed set of positions: seeded random playouts from the start, every
/// position along the way kept (openings, middlegames, endings with kings,
/// and under huffing, pending offences and compulsions).
fn positions(rules: Rules, count: usize) -> Vec<Position> {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut out = Vec::with_capacity(count);
    let mut list = ActionList::new();
    while out.len() < count {
        let mut pos = Position::start(rules);
        for _ in 0..120 {
            pos.actions(&mut list);
            if list.is_empty() || out.len() == count {
                break;
            }
            out.push(pos);
            pos = pos.play(list[(next() % list.len() as u64) as usize]);
        }
    }
    out
}

fn movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("checkers-movegen");
    for (name, rules) in [("english", Rules::ENGLISH), ("huffing", Rules::HUFFING)] {
        let set = positions(rules, 4096);
        let moves: u64 = set.iter().map(|p| p.count_moves()).sum();
        group.throughput(Throughput::Elements(moves));
        group.bench_with_input(BenchmarkId::new("generate", name), &set, |b, set| {
            let mut list = ActionList::new();
            b.iter(|| {
                let mut n = 0;
                for pos in set {
                    pos.actions(&mut list);
                    n += list.len();
                }
                black_box(n)
            })
        });
        group.bench_with_input(BenchmarkId::new("count", name), &set, |b, set| {
            b.iter(|| set.iter().map(|p| black_box(p).count_moves()).sum::<u64>())
        });
    }
    group.finish();
}

fn perft_start(c: &mut Criterion) {
    let mut group = c.benchmark_group("checkers-perft");
    group.sample_size(10);
    for (name, rules, depth) in [
        ("english", Rules::ENGLISH, 8),
        ("huffing", Rules::HUFFING, 6),
    ] {
        let start = Position::start(rules);
        group.throughput(Throughput::Elements(perft(&start, depth)));
        group.bench_function(
            BenchmarkId::new(format!("start-depth-{depth}"), name),
            |b| b.iter(|| perft(black_box(&start), depth)),
        );
    }
    group.finish();
}

criterion_group!(benches, movegen, perft_start);
criterion_main!(benches);
