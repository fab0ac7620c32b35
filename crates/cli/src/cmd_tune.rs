//! `parlour tune`: tune the search's parameters by SPSA (`parlour-tune`),
//! each point of a probe a Hub engine that reads its values from
//! `PARLOUR_TUNE`; show what a run, or the shares of one, found.

use crate::options::{stop_on_ctrl_c, GameArgs};
use crate::Run;
use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use parlour_arena::hub_factory;
use parlour_game::mix_seed;
use parlour_game::perft::split::Share;
use parlour_game::{Variant, Visit};
use parlour_search::params::{Params, Tunable};
use parlour_tune::{run_tune, show, Gains, History, ParamRecord, TuneHeader, TuneRun, FORMAT};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::Instant;

/// Flags of `parlour tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    #[command(subcommand)]
    command: TuneCommand,
}

#[derive(Subcommand, Debug)]
enum TuneCommand {
    /// Tune by SPSA: batch after batch of game pairs between the values
    /// moved up and down along a random direction, written to --out as
    /// they are played, so a killed run goes on with --resume.
    Run(Box<RunArgs>),
    /// Print what tuning runs found: one run along its way, or the values
    /// several runs (shares) ended at and their mean.
    Show(ShowArgs),
}

/// Flags of `parlour tune run`.
#[derive(Args, Debug)]
struct RunArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The tuning file (JSON lines: the run's header, then a line per
    /// batch).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Go on with the run in --out (its settings must be these).
    #[arg(long)]
    resume: bool,
    /// Game pairs in the whole run (SPSA's N; the steps shrink over it).
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u32).range(1..))]
    pairs: u32,
    /// Game pairs per batch, played at once with the same direction.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100))]
    batch: u32,
    /// The parameters to tune, comma-separated (default: every tunable
    /// one; `parlour tune show --params` lists them).
    #[arg(long, value_delimiter = ',')]
    params: Vec<String>,
    /// Each engine's limit: `movetime=MS`, `tc=SECONDS+INCREMENT`,
    /// `depth=N` or `nodes=N`.
    #[arg(long, default_value = "movetime=100")]
    limit: String,
    /// Each engine's transposition table, in MiB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// The openings (as `match --openings` takes them), drawn at random
    /// for each batch.
    #[arg(long, default_value = "deck")]
    openings: String,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    concurrency: usize,
    /// The seed of the directions and the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Tune as share K of N runs on as many machines: each share's own
    /// seed; `parlour tune show` averages their files.
    #[arg(long, value_name = "K/N")]
    share: Option<Share>,
    /// SPSA's learning rate at the end, a_end / c_end² (fishtest's r_end).
    #[arg(long, default_value_t = 0.002)]
    r_end: f64,
    /// The engine to tune, a command speaking Hub that reads its values
    /// from PARLOUR_TUNE (default: this program's `hub`, which must be
    /// built with `--features tune`).
    #[arg(long, value_name = "COMMAND")]
    engine: Option<String>,
}

/// Flags of `parlour tune show`.
#[derive(Args, Debug)]
struct ShowArgs {
    /// Tuning files: one shows its run along its way; several (shares of
    /// one tuning) show where each ended and their mean.
    #[arg(required_unless_present = "params")]
    files: Vec<PathBuf>,
    /// List the tunable parameters, their defaults, ranges and steps.
    #[arg(long)]
    params: bool,
}

impl Run for TuneArgs {
    fn run(self) -> Result<()> {
        match self.command {
            TuneCommand::Run(args) => {
                if args.game.fen.is_some() || args.game.position.is_some() {
                    bail!("parlour tune plays its openings (--openings), not --fen or --position");
                }
                args.game.visit(&*args)?
            }
            TuneCommand::Show(args) => show_runs(&args),
        }
    }
}

impl Visit for &RunArgs {
    type Output = Result<()>;

    fn visit<V: Variant>(self) -> Result<()> {
        let rules = self.game.rules::<V>()?;
        let command = self.engine_command(&rules)?;
        check_reads_tune(&command)?;
        let run = TuneRun {
            header: self.header(&format!("{} {rules}", V::NAME), &command)?,
            out: self.out.clone(),
            resume: self.resume,
            concurrency: self.concurrency.max(1),
            stop: Some(stop_on_ctrl_c(
                "stopping: the games under way finish; the batch is written if they end it",
            )),
        };
        let started = Instant::now();
        let first = Mutex::new(None::<u32>);
        let progress = |p: &parlour_tune::TuneProgress<'_>| {
            let b = p.batch;
            let mut first = first.lock().expect("progress is called serially");
            let since = *first.get_or_insert(p.pairs - b.pairs());
            let rate = f64::from(p.pairs - since) / started.elapsed().as_secs_f64().max(1e-3);
            let left = f64::from(p.total - p.pairs) / rate.max(1e-9);
            eprintln!(
                "tune: {}/{} pairs  +{} -{} ={}  about {} left  {}",
                p.pairs,
                p.total,
                b.wins,
                b.losses,
                b.draws,
                crate::progress::duration(left.min(1e9)),
                p.settings
            );
        };
        let factory = || hub_factory(rules, None);
        let history = run_tune(&run, &rules, &factory, &progress)?;
        println!("{}", show::one_run(&history)?);
        println!("PARLOUR_TUNE={}", history.header.spsa()?.settings(&history.theta()));
        Ok(())
    }
}

impl RunArgs {
    /// The tuned engine's command: `--engine`, or this program's `hub`.
    fn engine_command<V: Variant>(&self, rules: &V) -> Result<String> {
        if let Some(engine) = &self.engine {
            return Ok(engine.clone());
        }
        if !cfg!(feature = "tune") {
            bail!(
                "this parlour is built without the `tune` feature, so its engines cannot take \
                 the values tuned: build one with `cargo build --release -p parlour --features \
                 tune` and run its `tune`, or name such an engine with --engine"
            );
        }
        let me = std::env::current_exe().context("cannot find this program to run its engines")?;
        Ok(format!(
            "'{}' hub --game {} --rules '{}' --threads 1 --hash {}",
            me.display(),
            V::NAME,
            rules,
            self.hash
        ))
    }

    /// What decides the run.
    fn header(&self, game: &str, command: &str) -> Result<TuneHeader> {
        let tunables: Vec<Tunable> = if self.params.is_empty() {
            Params::TUNABLE.to_vec()
        } else {
            let named = self.params.iter().map(|name| {
                Tunable::named(name.trim())
                    .ok_or_else(|| parlour_tune::TuneError::UnknownParam { name: name.clone() })
            });
            named.collect::<Result<_, _>>()?
        };
        let share = self.share.unwrap_or(Share::WHOLE);
        let seed = match self.share {
            Some(s) if s.count() > 1 => mix_seed(self.seed, u64::from(s.index())),
            _ => self.seed,
        };
        if !(self.r_end > 0.0 && self.r_end.is_finite()) {
            bail!("--r-end must be above 0, not {}", self.r_end);
        }
        let header = TuneHeader {
            format: FORMAT.to_string(),
            game: game.to_string(),
            engine: format!(
                "hub:env 'PARLOUR_TUNE={}' {command},{},name={}",
                parlour_tune::SETTINGS,
                self.limit,
                parlour_tune::NAME
            ),
            openings: self.openings.clone(),
            batch: self.batch,
            seed,
            gains: Gains {
                r_end: self.r_end,
                ..Gains::for_pairs(self.pairs)
            },
            params: tunables
                .iter()
                .map(|t| ParamRecord {
                    name: t.name.to_string(),
                    start: t.default,
                    min: t.min,
                    max: t.max,
                    step: t.step,
                })
                .collect(),
        };
        eprintln!(
            "tune: {} parameters, {} pairs in batches of {}, share {share}, seed {seed}",
            header.params.len(),
            self.pairs,
            self.batch
        );
        Ok(header)
    }
}

/// Refuses an engine that ignores `PARLOUR_TUNE`: one that reads it ends
/// at once, with status 2, when given a name that is no parameter; one
/// that does not waits for its commands and ends at the end of its input.
fn check_reads_tune(command: &str) -> Result<()> {
    let words = parlour_hub::client::split_command(command)
        .with_context(|| format!("bad --engine `{command}`"))?;
    let status = Command::new(&words[0])
        .args(&words[1..])
        .env("PARLOUR_TUNE", "not_a_parameter=1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .with_context(|| format!("cannot run the engine `{command}`"))?;
    if status.code() != Some(2) {
        bail!(
            "the engine `{command}` ignores PARLOUR_TUNE (it ran with a setting that is no \
             parameter): build it with `--features tune`"
        );
    }
    Ok(())
}

fn show_runs(args: &ShowArgs) -> Result<()> {
    if args.params {
        let rows: Vec<Vec<String>> = Params::TUNABLE
            .iter()
            .map(|t| {
                vec![
                    t.name.to_string(),
                    t.default.to_string(),
                    format!("{}..{}", t.min, t.max),
                    t.step.to_string(),
                ]
            })
            .collect();
        let header = ["parameter", "default", "range", "step"];
        println!("{}", parlour_arena::table(&header, &rows, &[false, true, true, true]));
        if args.files.is_empty() {
            return Ok(());
        }
    }
    let histories = args
        .files
        .iter()
        .map(|path| Ok((path.clone(), History::read(path)?)))
        .collect::<Result<Vec<_>>>()?;
    let spsa = histories[0].1.header.spsa()?;
    if let [(_, one)] = histories.as_slice() {
        println!("{}", show::one_run(one)?);
        println!("PARLOUR_TUNE={}", spsa.settings(&one.theta()));
    } else {
        let (table, mean) = show::runs(&histories)?;
        println!("{table}");
        println!("PARLOUR_TUNE={}", spsa.settings(&mean));
    }
    Ok(())
}
