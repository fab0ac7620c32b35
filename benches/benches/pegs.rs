//! The peg game's move generation and perft: the start (placement phase),
//! a sliding-phase middle game, and the forced King of the contract.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use parlour_game::{perft, Game};
use parlour_pegs::{PegMoveList, PegPosition, PegRules};
use std::hint::black_box;

/// A sliding-phase position with both sides' pegs all on the board.
const SLIDING: &str = "b:K1,3,7,10,15,19,20,22/w:K5,8,9,12,14,18,24/hand:0,0/reserve:3,3/turn:b";
/// The contract's forced King (precise point 13).
const FORCED: &str = "b:K16,3,4,9,11,21/w:K5,1,6,13,20/hand:4,5/reserve:3,3/turn:w/force:5";

fn positions() -> [(&'static str, PegPosition); 3] {
    [
        ("start", PegPosition::start(PegRules::DEFAULT)),
        ("sliding", SLIDING.parse().expect("valid position")),
        ("forced", FORCED.parse().expect("valid position")),
    ]
}

fn movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("pegs/movegen");
    for (name, pos) in positions() {
        group.bench_function(format!("{name}/list"), |b| {
            let mut list = PegMoveList::new();
            b.iter(|| {
                black_box(&pos).legal_moves(&mut list);
                list.len()
            })
        });
        group.bench_function(format!("{name}/count"), |b| {
            b.iter(|| black_box(&pos).count_moves())
        });
    }
    group.finish();
}

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("pegs/perft");
    group.sample_size(10);
    for (name, pos, depth) in [
        ("start", positions()[0].1, 4),
        ("sliding", positions()[1].1, 5),
        ("forced", positions()[2].1, 4),
    ] {
        group.throughput(Throughput::Elements(perft(&pos, depth)));
        group.bench_function(format!("{name}/{depth}"), |b| {
            b.iter(|| perft(black_box(&pos), depth))
        });
    }
    group.finish();
}

criterion_group!(benches, movegen, perft_bench);
criterion_main!(benches);
