//! `parlour train`: fits a game's learned evaluation to self-play data and
//! writes a weights file (`parlour-train`'s trainer); with `--network`,
//! trains a network, checks the quantised one against the float one, and
//! writes a network file only if it passes.

use crate::options::{at_least, cores, thread_count, threads, GameArgs};
use crate::Run;
use anyhow::{Context, Result};
use clap::Args;
use parlour_game::learn::NetShape;
use parlour_game::network::NetworkShape;
use parlour_game::echo::echo;
use parlour_game::{registry, EndgameTables, Learn, Variant, Visit, Weights};
use parlour_train::network::{TOLERANCE, WITHIN_SHARE};
use parlour_train::{DataFile, Dataset, EpochReport, Losses, Samples, TrainConfig, Trained};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Flags of `parlour train`.
#[derive(Args, Debug)]
pub struct TrainArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Data files written by `parlour selfplay` (any number, of the same
    /// game and rules).
    #[arg(long, required = true, num_args = 1..)]
    pub(crate) data: Vec<PathBuf>,
    /// The weights file to write.
    #[arg(long)]
    pub(crate) out: PathBuf,
    /// Start from these weights instead of zeros.
    #[arg(long)]
    init: Option<PathBuf>,
    /// At most this many passes over the data, at least 1.
    #[arg(long, default_value_t = TrainConfig::default().epochs, value_parser = at_least(1usize))]
    epochs: usize,
    /// Positions a gradient step, at least 1.
    #[arg(long, default_value_t = TrainConfig::default().batch, value_parser = at_least(1usize))]
    batch: usize,
    /// Adam's step size: in hundredths of a man for the pattern model
    /// (default 0.5), in float weight units for a network (default 0.001).
    #[arg(long)]
    lr: Option<f32>,
    /// The weight of the game's result in the target; the rest is the
    /// search's score.
    #[arg(long, default_value_t = TrainConfig::default().lambda)]
    lambda: f32,
    /// L2 regularisation.
    #[arg(long, default_value_t = TrainConfig::default().l2)]
    l2: f32,
    /// The share of games held out for validation.
    #[arg(long, default_value_t = TrainConfig::default().validation)]
    validation: f32,
    /// Stop after this many epochs without a better validation loss.
    #[arg(long, default_value_t = TrainConfig::default().patience)]
    patience: usize,
    /// Threads, 1 to 1024 (default: all cores).
    #[arg(long, value_parser = thread_count())]
    threads: Option<usize>,
    /// The seed of the order of the samples.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A note stored in the weights file (how they were made).
    #[arg(long, default_value = "")]
    note: String,
    /// Hidden units on top of the linear model (0: the linear model). With
    /// `--init` of a linear model's weights, they start from it.
    #[arg(long, default_value_t = TrainConfig::default().hidden)]
    hidden: usize,
    #[command(flatten)]
    pub(crate) network: NetworkArgs,
    /// Endgame databases built by `parlour egdb build` (english checkers):
    /// the positions they hold take their exact value (won, drawn or
    /// lost) as their result instead of their games'; their search scores
    /// stay. With no DIR, the directory `egdb build` writes to by default.
    #[arg(long, value_name = "DIR")]
    egdb: Option<Option<PathBuf>>,
}

/// The endgame databases a training run labels positions from.
type Tables<'a, G> = Option<&'a dyn EndgameTables<G>>;

fn train<G: Learn>(
    template: &G,
    args: &TrainArgs,
    tables: Tables<G>,
    default_eval: &G::Evaluator,
) -> Result<()> {
    if args.network.network {
        return train_network(template, args, tables);
    }
    if let Some(why) = template.refuse_hidden(args.hidden) {
        anyhow::bail!("{why}");
    }
    let started = Instant::now();
    let data = load(template, &args.data, tables)?;
    let initial = match &args.init {
        Some(path) => Some(initial_weights(template, path, args.hidden)?),
        None => None,
    };
    println!("epoch  train loss  validation loss  step    seconds");
    let config = args.config();
    let trained = parlour_train::train(template, default_eval, &data, &config, initial, &mut report)?;
    print_losses(&trained, &default_eval.to_string());
    trained
        .to_weights(template, args.note_for(&trained))
        .write(&args.out)?;
    println!(
        "wrote {} in {:.1} s",
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Prints an epoch's line of the table training prints.
fn report(r: &EpochReport) {
    println!(
        "{:>5}  {:>10.5}  {:>15.5}  {:>5.3}  {:>8.1}",
        r.epoch,
        r.train_loss,
        r.validation_loss,
        r.learning_rate,
        r.elapsed.as_secs_f64()
    );
}

/// The distinct positions of the data files `paths`, those `tables` hold
/// labelled with their exact values, with lines saying how many.
fn load<G: Learn>(template: &G, paths: &[PathBuf], tables: Tables<G>) -> Result<Dataset<G>> {
    let started = Instant::now();
    let mut files = Vec::new();
    for path in paths {
        files.push(DataFile::read(path)?);
    }
    let mut data = Dataset::load(template, &files)?;
    let read = started.elapsed();
    // Labelled before anything is printed: a failure prints only its error.
    let labels = tables.map(|tables| {
        let started = Instant::now();
        (tables, data.label_from_tables(tables), started.elapsed())
    });
    if let Some((tables, _, _)) = labels.filter(|(_, labels, _)| labels.held == 0) {
        anyhow::bail!(
            "the endgame databases (up to {} pieces, english rules) hold none of the {} positions: \
             nothing to label; train without --egdb",
            tables.max_pieces(),
            data.len()
        );
    }
    println!(
        "{} records, {} distinct positions, read in {:.1} s",
        data.records,
        data.len(),
        read.as_secs_f64()
    );
    if let Some((tables, labels, took)) = labels {
        println!(
            "the endgame databases (up to {} pieces) hold {} positions ({:.1}%): exact results, \
             {} of them against their games', in {:.1} s",
            tables.max_pieces(),
            labels.held,
            100.0 * labels.held as f64 / data.len() as f64,
            labels.corrected,
            took.as_secs_f64()
        );
    }
    Ok(data)
}

/// The flags of `parlour train --network`.
#[derive(Args, Debug)]
pub(crate) struct NetworkArgs {
    /// Train the game's network evaluation instead of its pattern model
    /// (checkers), and write a network file.
    #[arg(long)]
    pub(crate) network: bool,
    /// The network's first layer: units per perspective (16 to 512, in
    /// sixteens).
    #[arg(long, default_value_t = 128)]
    pub(crate) ft: usize,
    /// The first hidden layer's units (16 to 64, in sixteens).
    #[arg(long, default_value_t = 32)]
    pub(crate) l1_units: usize,
    /// The second hidden layer's units (16 to 64, in sixteens; `--l2` is
    /// the regularisation).
    #[arg(long, default_value_t = 32)]
    pub(crate) l2_units: usize,
}

/// The weights of the file `path` (`--init`) to start from, in units of
/// score: the model of `template` with `hidden` units, or its linear
/// model alone (carried over from an earlier feature set if need be).
fn initial_weights<G: Learn>(template: &G, path: &Path, hidden: usize) -> Result<Vec<f32>> {
    let w = template.carry_over(Weights::read(path).context("bad --init")?);
    let key = template.model_key();
    let shape = NetShape::of_weights(&key, template.feature_count(), &w)
        .filter(|s| s.hidden == 0 || s.hidden == hidden)
        .with_context(|| {
            format!(
                "bad --init: {} holds the model {}, not {} (or the same with --hidden {})",
                path.display(),
                w.key,
                key,
                hidden
            )
        })?;
    let found = w.key.clone();
    let w = w.expect(&found, shape.len()).context("bad --init")?;
    let resolution = w.resolution as f32;
    Ok(w.values.iter().map(|&v| v as f32 / resolution).collect())
}

/// The best epoch and the validation losses of the new weights, the
/// default evaluation and the data's own search scores.
fn print_losses(trained: &Trained, default_eval: &str) {
    println!(
        "best epoch {}: {} training and {} validation positions, scale {:.1}",
        trained.fitted.best.epoch,
        trained.samples.training,
        trained.samples.validation,
        trained.scale
    );
    println!("validation loss                    blended target  results alone");
    let row = |what: &str, losses: Losses| {
        println!(
            "{what:<33} {:>15.5} {:>14.5}",
            losses.blended, losses.results
        );
    };
    row("the new weights", trained.losses);
    row("the default evaluation (static)", trained.default_losses);
    row("the data's own search scores", trained.search_losses);
    println!("(the default evaluation is {default_eval})");
}

impl TrainArgs {
    pub(crate) fn config(&self) -> TrainConfig {
        let lr = match self.network.network {
            true => 0.001,
            false => TrainConfig::default().learning_rate,
        };
        TrainConfig {
            epochs: self.epochs,
            batch: self.batch,
            learning_rate: self.lr.unwrap_or(lr),
            lambda: self.lambda,
            l2: self.l2,
            validation: self.validation,
            patience: self.patience,
            threads: threads(self.threads, cores()),
            seed: self.seed,
            hidden: self.hidden,
        }
    }

    /// The weights file's note: `--note`, then how they were trained.
    fn note_for(&self, trained: &Trained) -> String {
        self.note_with(trained.samples, trained.losses.blended)
    }

    /// `--note`, then how a model was trained.
    pub(crate) fn note_with(&self, samples: Samples, loss: f64) -> String {
        format!(
            "{}{}trained on {} positions ({} held out) from {}{}; validation loss {:.5}; lambda {}",
            self.note,
            if self.note.is_empty() { "" } else { "; " },
            samples.training,
            samples.validation,
            self.data
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", "),
            match self.egdb {
                Some(_) => ", exact results from the endgame databases",
                None => "",
            },
            loss,
            self.lambda
        )
    }
}

impl Visit for &TrainArgs {
    type Output = Result<()>;

    fn visit<V: Variant>(self) -> Result<()> {
        let rules = self.game.rules::<V>()?;
        // The default evaluation of these rules, the yardstick (the peg
        // game's built-in weights serve its default board only).
        let default_eval = rules.default_evaluator();
        let tables = match crate::cmd_egdb::flag_dir(&self.egdb)? {
            Some(dir) => Some(registry::tables::<V>(&dir).with_context(|| {
                format!(
                    "bad --egdb: cannot open the endgame databases in `{}`",
                    echo(&dir.display())
                )
            })?),
            None => None,
        };
        train(&rules.start(), self, tables.as_deref(), &default_eval)
    }
}

impl Run for TrainArgs {
    fn run(self) -> Result<()> {
        self.game.visit(&self)?
    }
}

// `parlour train --network`: the network trainer of `parlour-train`, the
// quantised network checked against the float one and written only if it
// passes.

/// Trains, checks and writes the network of `template`'s game.
fn train_network<G: Learn>(template: &G, args: &TrainArgs, tables: Tables<G>) -> Result<()> {
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
    let data = load(template, &args.data, tables)?;
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
