//! `parlour book`: build an opening book by drop-out expansion
//! (`parlour-book`), show a position's book moves, its statistics, and
//! merge books built as shares.

use parlour_game::echo::echo;
use crate::options::{stop_on_ctrl_c, GameArgs, MovesArg};
use crate::progress::duration;
use crate::Run;
use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use parlour_book::{build, stats, Book, BookSpec, Control, Finish, Settings, DEFAULT_MAX_BYTES};
use parlour_game::perft::split::Share;
use parlour_game::{GameList, Variant, Visit};
use parlour_games::Games;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Flags of `parlour book`.
#[derive(Args, Debug)]
pub struct BookArgs {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Subcommand, Debug)]
enum BookCommand {
    /// Build a book by drop-out expansion from its roots, each searched
    /// by one thread to a fixed depth; saved as it goes, so a killed build
    /// goes on with `--resume`.
    Build(BuildArgs),
    /// Print a position's book moves: value, depth and count.
    Show(ShowArgs),
    /// Print a book's size and how far it reaches from each root.
    Stats(StatsArgs),
    /// Merge books built as shares (`build --share K/N`) into one.
    Merge(MergeArgs),
    /// Check the book's move at each root against a deeper search: how
    /// many the search would play otherwise, and how much worse they are.
    Check(CheckArgs),
}

/// Flags of `parlour book check`.
#[derive(Args, Debug)]
struct CheckArgs {
    #[command(flatten)]
    file: BookFile,
    /// The depth of the checking search (one thread; deeper than the
    /// book's own, which `book stats` gives).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: u32,
    /// Print every root, not only those where the search disagrees.
    #[arg(long)]
    all: bool,
}

/// Flags of `parlour book build`.
#[derive(Args, Debug)]
struct BuildArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The book file to write (and, with --resume, to go on with).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Go on with the book in --out: its roots and settings, nothing
    /// searched twice; a --size given grows each root to it.
    #[arg(long)]
    resume: bool,
    /// The roots, comma-separated: `start`, or a deck of the game's
    /// (checkers: `deck`, the 156 ACF ballots; `all`; `tough`), each of its
    /// openings a root. Default: the start, and under the game's default
    /// rules its default deck too.
    #[arg(long, value_delimiter = ',')]
    roots: Vec<String>,
    /// The positions each root grows to (default 1000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    size: Option<u32>,
    /// The depth each position is searched to (default 8).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    /// A node budget for each position's search.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// The drop-out penalty: what each ply from the root costs a line,
    /// in the search's units (a man is about 100). Larger: a wider,
    /// shallower book (default 20).
    #[arg(long)]
    penalty: Option<u32>,
    /// Build share K of N (`2/3`) of the roots, for several machines;
    /// `parlour book merge` joins the shares' files.
    #[arg(long, value_name = "K/N")]
    share: Option<Share>,
    /// Save the book every this many seconds (and when the build ends or
    /// is stopped with Ctrl-C).
    #[arg(long, default_value_t = 30, value_name = "SECONDS")]
    save_every: u64,
}

/// `--book FILE|default`, read whole.
#[derive(Args, Debug)]
struct BookFile {
    /// The book file, or `default`: the one built in (english checkers).
    #[arg(long, value_name = "FILE|default")]
    book: BookSpec,
}

impl BookFile {
    /// The book named, read.
    fn read(&self) -> Result<Arc<Book>> {
        let book = (self.book.read())
            .with_context(|| format!("bad book `{}`", echo(&self.book)))?;
        book.ok_or_else(|| anyhow::anyhow!("`--book off` names no book: give a book file or `default`"))
    }
}

/// Flags of `parlour book show`.
#[derive(Args, Debug)]
struct ShowArgs {
    #[command(flatten)]
    file: BookFile,
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    moves: MovesArg,
}

/// Flags of `parlour book stats`.
#[derive(Args, Debug)]
struct StatsArgs {
    #[command(flatten)]
    file: BookFile,
    /// Print every root's line, not only the first and last ten.
    #[arg(long)]
    all: bool,
}

/// Flags of `parlour book merge`.
#[derive(Args, Debug)]
struct MergeArgs {
    /// The merged book.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The books to merge.
    #[arg(required = true, num_args = 1..)]
    books: Vec<PathBuf>,
    /// A book of the same game and rules built by other settings (deeper
    /// searches) to lay over the merged one: its positions and roots take
    /// the place of theirs. May be given more than once, laid in order.
    #[arg(long, value_name = "FILE")]
    over: Vec<PathBuf>,
}

impl Run for BookArgs {
    fn run(self) -> Result<()> {
        match self.command {
            BookCommand::Build(args) => args.game.visit(&args)?,
            BookCommand::Show(args) => reader_may_go(args.game.visit(&args)?),
            BookCommand::Stats(args) => {
                let book = args.file.read()?;
                let game = book.header.game.clone();
                reader_may_go(Games::visit(&game, Stats { args: &args, book })?)
            }
            BookCommand::Merge(args) => merge(&args),
            BookCommand::Check(args) => {
                let book = args.file.read()?;
                let game = book.header.game.clone();
                reader_may_go(Games::visit(&game, Check { args: &args, book })?)
            }
        }
    }
}

/// A table's printing, where a reader that goes away (`| head`) is no
/// failure: there is no one left to print for.
fn reader_may_go(printed: Result<()>) -> Result<()> {
    match printed {
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            Ok(())
        }
        other => other,
    }
}

fn load(path: &Path) -> Result<Book> {
    Book::load(path, DEFAULT_MAX_BYTES).with_context(|| format!("bad book `{}`", echo(&path.display())))
}

impl Visit for &BuildArgs {
    type Output = Result<()>;

    fn visit<V: Variant>(self) -> Result<()> {
        let rules = self.game.rules::<V>()?;
        let mut book = if self.resume {
            let mut book = load(&self.out)?;
            book.check_for(V::NAME, &rules.to_string())?;
            self.check_resume(&book)?;
            if let Some(size) = self.size {
                book.roots.iter_mut().for_each(|r| r.size = size);
            }
            book
        } else {
            if self.out.exists() {
                bail!(
                    "`{}` exists: --resume to go on with it, or name another --out",
                    self.out.display()
                );
            }
            let names: Vec<&str> = if self.roots.is_empty() {
                build::default_roots(&rules)
            } else {
                self.roots.iter().map(String::as_str).collect()
            };
            let roots = build::roots(&rules, &names)?;
            let settings = Settings {
                depth: self.depth.unwrap_or(8),
                nodes: self.nodes,
                penalty: self.penalty.unwrap_or(20),
            };
            let size = self.size.unwrap_or(1000);
            build::plan(&rules, settings, &roots, size, self.share.unwrap_or(Share::WHOLE))
        };
        eprintln!(
            "book: {} roots, {} positions to reach ({})",
            book.roots.len(),
            book.roots.iter().map(|r| u64::from(r.size)).sum::<u64>(),
            book.header.settings
        );
        let stop = stop_on_ctrl_c("stopping: saving the book");
        let eval = rules.default_evaluator();
        let mut builder = build::Builder::new(rules, eval, stop)?;
        let started = Instant::now();
        let (mut saved, mut said) = (Instant::now(), Instant::now());
        let mut searched = 0u64;
        let mut save_error = None;
        let save_every = Duration::from_secs(self.save_every);
        let finish = builder.run(&mut book, |book, p| {
            searched += u64::from(p.searched);
            let root = &book.roots[p.root];
            if said.elapsed() >= Duration::from_secs(1) || p.done == p.size {
                said = Instant::now();
                let rate = searched as f64 / started.elapsed().as_secs_f64().max(1e-3);
                let left = (p.total_size - p.total_done) as f64 / rate.max(1e-3);
                eprintln!(
                    "book: {} {}/{}  total {}/{}  {} positions  {rate:.1}/s  about {} left",
                    root.name,
                    p.done,
                    p.size,
                    p.total_done,
                    p.total_size,
                    book.len(),
                    duration(left),
                );
            }
            if saved.elapsed() >= save_every {
                saved = Instant::now();
                if let Err(e) = book.save(&self.out) {
                    save_error = Some(e);
                    return Control::Stop;
                }
            }
            Control::Go
        })?;
        if let Some(e) = save_error {
            return Err(e.into());
        }
        book.save(&self.out)?;
        let verb = match finish {
            Finish::Done => "built",
            Finish::Stopped => "stopped; --resume goes on with",
        };
        eprintln!(
            "book: {verb} `{}`: {} positions, {searched} searched in {:.1} s",
            self.out.display(),
            book.len(),
            started.elapsed().as_secs_f64()
        );
        Ok(())
    }
}

impl BuildArgs {
    /// Refuses flags a resumed build cannot honour: the book's settings
    /// and roots are its own, and a build on other ones would not be the
    /// book they began.
    fn check_resume(&self, book: &Book) -> Result<()> {
        if !book.is_one_build() {
            bail!("this book has roots laid over it from another build (`book merge --over`): resume the books it was made from and lay them over again");
        }
        let had = book.header.settings;
        let differs = self.depth.is_some_and(|d| d != had.depth)
            || self.penalty.is_some_and(|p| p != had.penalty)
            || (self.nodes.is_some() && self.nodes != had.nodes);
        if differs {
            bail!("--resume goes on with the book's own settings ({had}): leave out --depth, --nodes and --penalty, or give the same");
        }
        if !self.roots.is_empty() || self.share.is_some() {
            bail!("--resume goes on with the book's own roots: leave out --roots and --share");
        }
        Ok(())
    }
}

impl Visit for &ShowArgs {
    type Output = Result<()>;

    fn visit<V: Variant>(self) -> Result<()> {
        let book = self.file.read()?;
        let history = self.moves.history::<V>(&self.game)?;
        let pos = history.current();
        book.check_for(V::NAME, &V::rules_of(pos).to_string())?;
        let mut out = std::io::stdout().lock();
        let Some(moves) = book.moves_of(pos) else {
            writeln!(out, "not in the book")?;
            return Ok(());
        };
        writeln!(out, "{:<24} {:>8} {:>6} {:>8}", "move", "value", "depth", "count")?;
        for m in moves {
            let mv = m.mv.to_string();
            writeln!(out, "{mv:<24} {:>8} {:>6} {:>8}", score(m.value), m.depth, m.count)?;
        }
        Ok(())
    }
}

/// A book value as the search writes scores: a number, or a win or a loss
/// in so many plies.
fn score(value: i32) -> String {
    parlour_search::Score::from_internal(value).to_string()
}

/// `book stats` on the game its book is for.
struct Stats<'a> {
    args: &'a StatsArgs,
    book: Arc<Book>,
}

impl Visit for Stats<'_> {
    type Output = Result<()>;

    fn visit<V: Variant>(self) -> Result<()> {
        let Stats { args, book } = self;
        let rules = V::parse_rules(&book.header.rules).context("the book's rules")?;
        let stats = stats::stats(&book, &rules)?;
        let mut out = std::io::stdout().lock();
        let rules = &book.header.rules;
        // A game's default rules may be written as nothing (the peg game's).
        let rules = if rules.is_empty() { "default rules" } else { rules };
        writeln!(out, "book:      {} {rules}", book.header.game)?;
        writeln!(out, "built:     {}", book.header.settings)?;
        let mut laid: Vec<(parlour_book::Settings, Vec<&str>)> = Vec::new();
        for root in book.roots.iter().filter(|r| r.settings != book.header.settings) {
            match laid.iter_mut().find(|(s, _)| *s == root.settings) {
                Some((_, names)) => names.push(&root.name),
                None => laid.push((root.settings, vec![&root.name])),
            }
        }
        for (settings, names) in laid {
            let which = match names.as_slice() {
                [one] => one.to_string(),
                [first, ..] => format!("{} roots, {first} ...", names.len()),
                [] => continue,
            };
            writeln!(out, "laid over: {settings}: {which}")?;
        }
        writeln!(out, "positions: {}", stats.positions)?;
        writeln!(out, "moves:     {}", stats.moves)?;
        writeln!(out, "size:      {} bytes", stats.bytes)?;
        writeln!(out, "roots:     {}", stats.roots.len())?;
        writeln!(
            out,
            "{:<34} {:>11} {:>9} {:>8} {:>9}",
            "root", "done/size", "reached", "deepest", "main line"
        )?;
        let n = stats.roots.len();
        for (i, r) in stats.roots.iter().enumerate() {
            if !args.all && n > 20 && (10..n - 10).contains(&i) {
                if i == 10 {
                    writeln!(out, "... {} more (--all lists them)", n - 20)?;
                }
                continue;
            }
            let name: String = r.name.chars().take(34).collect();
            let done = format!("{}/{}", r.done, r.size);
            writeln!(
                out,
                "{name:<34} {done:>11} {:>9} {:>8} {:>9}",
                r.positions, r.deepest, r.main_line
            )?;
        }
        let shallowest = |key: fn(&stats::RootStats) -> u32| {
            stats.roots.iter().min_by_key(|r| key(r)).map(|r| (key(r), r.name.as_str()))
        };
        if let (Some(deepest), Some(main)) = (shallowest(|r| r.deepest), shallowest(|r| r.main_line)) {
            writeln!(
                out,
                "least:     deepest {} ({}), main line {} ({})",
                deepest.0, deepest.1, main.0, main.1
            )?;
        }
        Ok(())
    }
}

/// `book check` of a book of one game.
struct Check<'a> {
    args: &'a CheckArgs,
    book: Arc<Book>,
}

impl Visit for Check<'_> {
    type Output = Result<()>;

    fn visit<V: Variant>(self) -> Result<()> {
        let Check { args, book } = self;
        let rules = V::parse_rules(&book.header.rules).context("the book's rules")?;
        let eval = rules.default_evaluator();
        let (total, started) = (book.roots.len(), Instant::now());
        let mut done = 0;
        let checks = parlour_book::check::check(&book, &rules, &eval, args.depth, |c| {
            done += 1;
            let verdict = if c.disagrees() { "differs" } else { "agrees" };
            eprintln!(
                "book check: {done}/{total} {} {verdict}, {:.3} s",
                c.name,
                started.elapsed().as_secs_f64()
            );
        })?;
        let mut out = std::io::stdout().lock();
        writeln!(out, "built:     {}", book.header.settings)?;
        writeln!(out, "checked:   {} roots, searched to depth {}", checks.len(), args.depth)?;
        let shown: Vec<_> = checks.iter().filter(|c| args.all || c.disagrees()).collect();
        if !shown.is_empty() {
            writeln!(
                out,
                "{:<26} {:>9} {:>6} {:>9} {:>6} {:>7} {:>5}",
                "root", "book", "value", "search", "value", "book's", "loss"
            )?;
        }
        for c in shown {
            let name: String = c.name.chars().take(26).collect();
            let search = if c.disagrees() { c.best_move.as_str() } else { "=" };
            writeln!(
                out,
                "{name:<26} {:>9} {:>6} {search:>9} {:>6} {:>7} {:>5}",
                c.book_move,
                score(c.book_value),
                score(c.best_value),
                score(c.book_move_value),
                c.loss()
            )?;
        }
        let differ: Vec<i32> = checks.iter().filter(|c| c.disagrees()).map(|c| c.loss()).collect();
        writeln!(out, "agree:     {} of {} roots", checks.len() - differ.len(), checks.len())?;
        if differ.is_empty() {
            writeln!(out, "differ:    0")?;
        } else {
            let worse = differ.iter().filter(|&&l| l > 0).count();
            let mean = f64::from(differ.iter().sum::<i32>()) / differ.len() as f64;
            writeln!(
                out,
                "differ:    {} (the book's move worse at {}: {mean:.1} on average, {} at most)",
                differ.len(),
                worse,
                differ.iter().max().copied().unwrap_or(0)
            )?;
        }
        Ok(())
    }
}

fn merge(args: &MergeArgs) -> Result<()> {
    if args.books.len() < 2 && args.over.is_empty() {
        bail!("merge joins two books or more, or lays one over another with --over FILE");
    }
    let mut books = args.books.iter();
    let first = books.next().expect("clap asks for one");
    let mut merged = load(first)?;
    for path in books {
        merged
            .merge(load(path)?)
            .with_context(|| format!("cannot merge `{}`", echo(&path.display())))?;
    }
    for path in &args.over {
        merged
            .overlay(load(path)?)
            .with_context(|| format!("cannot lay `{}` over the book", echo(&path.display())))?;
    }
    merged.save(&args.out)?;
    eprintln!(
        "book: merged {} books into `{}`: {} positions, {} roots",
        args.books.len() + args.over.len(),
        args.out.display(),
        merged.len(),
        merged.roots.len()
    );
    Ok(())
}
