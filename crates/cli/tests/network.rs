//! `parlour train --network` and the network as an evaluation.

mod support;

use support::{fails, ok, path, scratch};

#[test]
fn a_checkers_network_trains_loads_and_plays() {
    let dir = scratch("network");
    let data = dir.join("sp.bin");
    let net = dir.join("tiny.net");
    ok(&[
        "selfplay",
        "--out",
        path(&data),
        "--games",
        "24",
        "--nodes",
        "300",
        "--seed",
        "4",
        "--concurrency",
        "2",
    ]);
    let out = ok(&[
        "train",
        "--network",
        "--data",
        path(&data),
        "--out",
        path(&net),
        "--ft",
        "16",
        "--l1-units",
        "16",
        "--l2-units",
        "16",
        "--epochs",
        "3",
        "--batch",
        "64",
        "--validation",
        "0.2",
    ]);
    assert!(
        out.contains("network 128x2 -> 16x2 -> 16 -> 16 -> 1 (x8 buckets)"),
        "{out}"
    );
    assert!(out.contains("quantised against float"), "{out}");
    assert!(out.contains("wrote"), "{out}");
    let best = ok(&["best", "--eval", path(&net), "--depth", "3"]);
    assert!(!best.trim().is_empty());
    // The file is english's: huffing refuses it, saying why.
    let err = fails(&[
        "best",
        "--rules",
        "huffing",
        "--eval",
        path(&net),
        "--depth",
        "3",
    ]);
    assert!(
        err.contains(
            "this network is for `checkers/english/network-1`, not `checkers/huffing/network-1`"
        ),
        "{err}"
    );
    // A shape the engine cannot hold is refused before any training.
    let err = fails(&[
        "train",
        "--network",
        "--data",
        path(&data),
        "--out",
        path(&net),
        "--ft",
        "20",
    ]);
    assert_eq!(
        err,
        "parlour: the network's shape 128x2 -> 20x2 -> 32 -> 32 -> 1 (x8 buckets) is not one this build evaluates\n"
    );
    // The peg game has no network.
    let err = fails(&[
        "train",
        "--game",
        "pegs",
        "--network",
        "--data",
        path(&data),
        "--out",
        path(&net),
    ]);
    assert!(
        err.contains("has no network evaluation: train without --network"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn each_rule_set_s_network_is_its_default() {
    // The same search as with no --eval, another than the pattern model's.
    for rules in ["english", "huffing"] {
        let search = |eval: &[&str]| {
            let mut args = vec!["best", "--rules", rules, "--depth", "7", "--threads", "1"];
            args.extend(eval);
            searched(&ok(&args))
        };
        let network = search(&["--eval", "network"]);
        assert!(network.contains("bestmove "), "{network}");
        assert_eq!(network, search(&[]), "{rules}");
        assert_ne!(network, search(&["--eval", "patterns"]), "{rules}");
    }
}

/// `best`'s output without the figures of time: what was searched.
fn searched(out: &str) -> String {
    out.lines()
        .map(|line| match (line.find(" nps "), line.find(" pv ")) {
            (Some(nps), Some(pv)) => format!("{}{}", &line[..nps], &line[pv..]),
            _ => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}
