//! The searcher on one thread to fixed depths, from an empty table, with
//! each rule set's default evaluation (its network): the time per search
//! under english and huffing rules.

use criterion::{criterion_group, criterion_main, Criterion};
use parlour_checkers::{Position, Rules};
use parlour_game::Variant;
use parlour_search::{Limits, Searcher};
use std::hint::black_box;

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (name, rules, depth) in [
        ("english", Rules::ENGLISH, 11),
        ("huffing", Rules::HUFFING, 10),
    ] {
        let start = Position::start(rules);
        let eval = rules.default_evaluator();
        let mut searcher = Searcher::new(1, 16).expect("a searcher");
        group.bench_function(format!("{name} start depth {depth}"), |b| {
            b.iter(|| {
                searcher.clear();
                black_box(searcher.search_position(&start, Limits::depth(depth), &eval))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
