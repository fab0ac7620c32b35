//! `parlour train --network`: trains a game's network evaluation
//! (`parlour-train`'s network trainer), checks the quantised network
//! against the float one, and writes a network file only if it passes.

use crate::cmd_train::{load, report, TrainArgs};
use anyhow::Result;
use parlour_game::network::NetworkShape;
use parlour_game::Learn;
use parlour_train::network::{TOLERANCE, WITHIN_SHARE};
use std::time::Instant;

/// Trains, checks and writes the network of `template`'s game.
pub(crate) fn train<G: Learn>(template: &G, args: &TrainArgs) -> Result<()> {
    let Some(inputs) = template.as_network() else {
        anyhow::bail!(
            "{} has no network evaluation: train without --network",
            template.positions_key()
        );
    };
    let shape = NetworkShape {
        inputs: inputs.network_inputs(),
        ft: args.network.ft,
        l1: args.network.l1_units,
        l2: args.network.l2_units,
        buckets: 8,
    }
    .check()?;
    let started = Instant::now();
    let data = load(template, &args.data)?;
    println!("network {shape}");
    println!("epoch  train loss  validation loss  step    seconds");
    let trained =
        parlour_train::train_network(template, &data, shape, &args.config(), &mut report)?;
    println!(
        "best epoch {}: validation loss {:.5} (from {:.5}), {} training and {} validation positions, scale {:.1}",
        trained.best_epoch,
        trained.validation_loss,
        trained.start_loss,
        trained.samples.training,
        trained.samples.validation,
        trained.scale
    );
    let check = trained.check;
    println!(
        "quantised against float on the validation positions: mean |difference| {:.2}, {:.1}% within {TOLERANCE}",
        check.mean_error,
        100.0 * check.within
    );
    if !check.passes() {
        anyhow::bail!(
            "the quantised network strays from the float one (mean {:.2}, {:.1}% within {TOLERANCE}; \
             at most {TOLERANCE} and at least {:.0}% needed): not written",
            check.mean_error,
            100.0 * check.within,
            100.0 * WITHIN_SHARE
        );
    }
    let mut weights = trained.weights;
    weights.note = args.note_with(trained.samples, trained.validation_loss);
    weights.write(&args.out)?;
    println!(
        "wrote {} ({} bytes) in {:.1} s",
        args.out.display(),
        std::fs::metadata(&args.out).map_or(0, |m| m.len()),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
