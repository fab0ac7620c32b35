use super::simd::Kernels;
use super::*;
use crate::moves::Action;
use crate::position::Pending;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn shape(ft: usize) -> NetworkShape {
    NetworkShape {
        inputs: INPUTS,
        ft,
        l1: 32,
        l2: 32,
        buckets: 8,
    }
}

/// A network of `rules` with every weight drawn at random (first-layer
/// weights large enough that the clip and the hidden sums saturate).
pub(crate) fn random_network(rules: Rules, ft: usize, seed: u64) -> Network {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut w = NetworkWeights::zeros(&network_key(rules), shape(ft));
    w.ft_weights
        .iter_mut()
        .for_each(|x| *x = rng.random_range(-90..90));
    w.ft_biases
        .iter_mut()
        .for_each(|x| *x = rng.random_range(-40..120));
    for v in [&mut w.l1_weights, &mut w.l2_weights, &mut w.out_weights] {
        v.iter_mut().for_each(|x| *x = rng.random_range(-128..=127));
    }
    for v in [&mut w.l1_biases, &mut w.l2_biases, &mut w.out_biases] {
        v.iter_mut()
            .for_each(|x| *x = rng.random_range(-20_000..20_000));
    }
    Network::from_weights(w, rules).expect("a whole network")
}

fn scratch(net: &Network, pos: &Position) -> Vec<i16> {
    let mut acc = vec![0; net.state_len()];
    net.refresh(pos, &mut acc);
    acc
}

/// What the random moves of the incremental test met.
#[derive(Default, Debug)]
struct Met {
    moves: u32,
    captures: u32,
    crownings: u32,
    huffs: u32,
    compels: u32,
    white_moves: u32,
}

impl Met {
    fn count(&mut self, pos: &Position, action: Action) {
        self.moves += 1;
        self.white_moves += (pos.side() == Side::White) as u32;
        match action {
            Action::Move(m) => {
                self.captures += m.is_capture() as u32;
                self.crownings += m.crowns() as u32;
            }
            Action::Huff(..) => self.huffs += 1,
            Action::Compel => self.compels += 1,
        }
    }
}

#[test]
fn the_incremental_accumulator_equals_one_from_scratch() {
    let mut rng = StdRng::seed_from_u64(33);
    for rules in [Rules::ENGLISH, Rules::HUFFING] {
        let net = random_network(rules, 64, 7);
        let ft = net.shape().ft;
        let mut met = Met::default();
        let mut pos = Position::start(rules);
        let mut acc = scratch(&net, &pos);
        let mut plies = 0;
        while met.moves < 50_000 {
            let actions = pos.action_vec();
            if actions.is_empty() || plies > 300 {
                pos = Position::start(rules);
                acc = scratch(&net, &pos);
                plies = 0;
                continue;
            }
            let action = actions[rng.random_range(0..actions.len())];
            met.count(&pos, action);
            let child = pos.play(action);
            net.update(&pos, &child, &mut acc);
            let fresh = scratch(&net, &child);
            assert_eq!(acc.len(), 2 * ft);
            assert_eq!(acc, fresh, "{pos} then {action}");
            assert_eq!(net.evaluate_with(&child, &acc), net.evaluate(&child));
            pos = child;
            plies += 1;
        }
        assert!(
            met.captures > 1000 && met.crownings > 100,
            "{rules}: {met:?}"
        );
        assert!(met.white_moves > 20_000, "{met:?}");
        if rules.is_huffing() {
            assert!(met.huffs > 100 && met.compels > 100, "{met:?}");
        }
    }
}

#[test]
fn every_kernel_gives_the_plain_integers() {
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..2000 {
        let n = 16 * rng.random_range(1..=32);
        let acc: Vec<i16> = (0..n)
            .map(|_| match rng.random_range(0..4) {
                0 => rng.random_range(i16::MIN..=i16::MAX),
                _ => rng.random_range(-200..300),
            })
            .collect();
        let input: Vec<u8> = (0..n).map(|_| rng.random_range(0..=127)).collect();
        let rows = 16;
        let weights: Vec<i8> = (0..n * rows)
            .map(|_| rng.random_range(-128..=127))
            .collect();
        let biases: Vec<i32> = (0..rows)
            .map(|_| rng.random_range(-400_000..400_000))
            .collect();
        let mut want_clip = vec![0u8; n];
        let mut want_layer = vec![0u8; rows];
        Kernels::Plain.clip(&acc, &mut want_clip);
        Kernels::Plain.layer(&input, &weights, &biases, &mut want_layer);
        assert!(want_clip.contains(&127) && want_clip.contains(&0));
        for k in Kernels::available() {
            let mut clip = vec![0u8; n];
            let mut layer = vec![0u8; rows];
            k.clip(&acc, &mut clip);
            k.layer(&input, &weights, &biases, &mut layer);
            assert_eq!(clip, want_clip, "{k:?}");
            assert_eq!(layer, want_layer, "{k:?}");
        }
    }
}

#[test]
fn every_kernel_gives_the_plain_score_on_random_positions() {
    for rules in [Rules::ENGLISH, Rules::HUFFING] {
        let net = random_network(rules, 128, 9);
        for pos in crate::testing::random_positions(rules, 500, 3, 90) {
            let acc = scratch(&net, &pos);
            let (black, white) = acc.split_at(net.shape().ft);
            let (ours, theirs) = match pos.side() {
                Side::Black => (black, white),
                Side::White => (white, black),
            };
            let bucket = pos.bucket(8);
            let plain = net.forward(ours, theirs, bucket, Kernels::Plain);
            let (mut active_ours, mut active_theirs) = (Vec::new(), Vec::new());
            pos.active_inputs(&mut active_ours, &mut active_theirs);
            let reference = net.weights().score(&active_ours, &active_theirs, bucket);
            assert_eq!(plain, reference, "the game crate's definition, on {pos}");
            for k in Kernels::available() {
                let got = net.forward(ours, theirs, bucket, k);
                assert_eq!(got, plain, "{k:?} on {pos}");
            }
        }
    }
}

#[test]
fn a_hand_made_network_gives_the_hand_computed_score() {
    let mut w = NetworkWeights::zeros(&network_key(Rules::ENGLISH), shape(16));
    // Own man on square 1 lights unit 0 fully (127); own man on 2 would
    // send it far above the clip.
    w.ft_weights[0] = 127;
    w.ft_weights[16] = 500;
    // Unit 0 of the side to move's half passes through both hidden
    // layers at a weight of 1.0 (64); bucket 0's output reads it at 1.0
    // and starts at -2.0.
    w.l1_weights[0] = 64;
    w.l2_weights[0] = 64;
    w.out_weights[0] = 64;
    w.out_biases[0] = -2 * 127 * 64;
    let net = Network::from_weights(w, Rules::ENGLISH).unwrap();
    let score = |fen: &str| net.evaluate(&Position::from_fen(fen, Rules::ENGLISH).unwrap());
    // 127 * 64 >> 6 = 127 at each layer; out = 127 * 64 - 2 * 8128 = -8128,
    // which is -1.0 of output, OUTPUT_SCALE (100) hundredths of a man.
    assert_eq!(parlour_game::network::OUTPUT_SCALE, 100);
    assert_eq!(score("B:W28:B1"), -100);
    assert_eq!(score("B:W28:B1,2"), -100, "the clip holds unit 0 at 127");
    // White to move: White has no man on its square 1 (32): only the bias.
    assert_eq!(score("W:W28:B1"), -200);
    // White's man on 32 is its own square 1.
    assert_eq!(score("W:W32:B5"), -100);
}

#[test]
fn the_network_is_colour_symmetric() {
    // The side to move's view of a position turned round with the colours
    // swapped is the same: any network scores them alike.
    for rules in [Rules::ENGLISH, Rules::HUFFING] {
        let net = random_network(rules, 32, 11);
        for pos in crate::testing::random_positions(rules, 400, 8, 80) {
            if pos.pending() != Pending::Nothing {
                continue;
            }
            assert_eq!(net.evaluate(&pos), net.evaluate(&pos.rotated()), "{pos}");
        }
    }
}

#[test]
fn a_network_for_other_rules_is_refused() {
    let english = random_network(Rules::ENGLISH, 16, 1).weights().clone();
    let err = Network::from_weights(english.clone(), Rules::HUFFING).unwrap_err();
    assert_eq!(
        err.to_string(),
        "this network is for `checkers/english/network-1`, not `checkers/huffing/network-1` (another game, rules or input set)"
    );
    let mut bytes = english.to_bytes();
    let n = bytes.len();
    assert!(matches!(
        NetworkWeights::from_bytes(&bytes[..n - 3]),
        Err(NetworkError::Truncated)
    ));
    bytes[n / 2] ^= 0x40;
    assert!(matches!(
        NetworkWeights::from_bytes(&bytes),
        Err(NetworkError::Checksum)
    ));
}

#[test]
fn a_network_file_is_named_as_an_evaluation() {
    use crate::eval::Eval;
    use parlour_game::Variant;
    let net = random_network(Rules::ENGLISH, 16, 2);
    let path = std::env::temp_dir().join(format!("parlour-net-{}.net", std::process::id()));
    net.weights().write(&path).unwrap();
    let spec = path.to_str().unwrap();
    match Rules::ENGLISH.evaluator(spec) {
        Ok(Eval::Network(read)) => assert_eq!(*read, net),
        other => panic!("{other:?}"),
    }
    let err = Rules::HUFFING.evaluator(spec).unwrap_err();
    let source = std::error::Error::source(&err).unwrap().to_string();
    assert!(
        source.starts_with("this network is for `checkers/english"),
        "{source}"
    );
    // Each rule set's `network` is its own.
    for rules in [Rules::ENGLISH, Rules::HUFFING] {
        match rules.evaluator("network") {
            Ok(Eval::Network(net)) => assert_eq!(net.rule_set(), rules.set),
            other => panic!("{other:?}"),
        }
    }
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn the_built_in_networks_know_the_basics() {
    for rules in [Rules::ENGLISH, Rules::HUFFING] {
        let net = Network::shipped(rules);
        assert!(Arc::ptr_eq(&net, &Network::shipped(rules)));
        knows_the_basics(&net, rules);
    }
}

/// The start is about even; a man up is good for the side that has it,
/// whoever is to move; a king is worth more than a man.
fn knows_the_basics(net: &Network, rules: Rules) {
    let eval = |fen: &str| net.evaluate(&Position::from_fen(fen, rules).unwrap());
    let start = net.evaluate(&Position::start(rules));
    assert!(start.abs() < 40, "{rules}: {start}");
    assert!(
        eval("B:W21-32:B1-11,14") > eval("B:W21-32:B1-11"),
        "{rules}"
    );
    assert!(
        eval("B:W22-32:B1-12") > 40,
        "{rules}: {}",
        eval("B:W22-32:B1-12")
    );
    assert!(
        eval("W:W22-32:B1-12") < -40,
        "{rules}: {}",
        eval("W:W22-32:B1-12")
    );
    assert!(eval("B:W30:BK10") > eval("B:W30:B10"), "{rules}");
}
