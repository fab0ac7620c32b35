//! The engine side of Hub: [`serve_games`] reads commands from any `BufRead` and
//! answers on any `Write`, so it runs on standard input and output as
//! `parlour hub` and on in-memory streams in tests.
//!
//! The search runs on its own thread; the reading thread answers `ping`,
//! `stop` and `ponder-hit` while it thinks. Commands the engine does not
//! know are ignored, as the protocol asks; a known command it cannot carry
//! out is answered `error message="..."` and the session goes on, a line
//! that is not UTF-8 too. `quit` stops any search and returns; so does the
//! end of input, once a `go think` under a finite level has answered (a
//! session piped from a file gets its answers).
//!
//! Pondering: `go ponder` searches without limit until `ponder-hit` (then a
//! fresh search under the `level` limits, its table warm from the ponder,
//! answers `done`) or `stop` (the ponder's best move answers `done`).

use crate::level::{boolean, whole};
use crate::message::full_message;
use crate::message::{Message, MessageError};
use crate::table::{open, Control, Go, Job, Phase, Settings, Table, TableError};
use parlour_game::echo::{echo, printable};
use parlour_game::registry::EvalSpec;
use parlour_game::GameList;
use parlour_search::{Limits, Searcher, SearcherError, Skill};
use std::io::{self, BufRead, Write};
use std::marker::PhantomData;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::thread::{Scope, ScopedJoinHandle};
use std::time::Duration;

pub use crate::level::{parse_level, LevelError};
pub use crate::table::{hub_score, info_message, TableError as GameError};

/// The engine's limit until a `level` line sets one: a second a move.
pub const DEFAULT_LEVEL: Limits = Limits::movetime(Duration::from_secs(1));

/// The most search threads the `threads` parameter allows.
pub const MAX_THREADS: usize = parlour_search::MAX_THREADS;

/// The highest `bookfloor`: a book move never rests deeper than its search
/// (at most 255 plies) and the book above it, so any floor past this turns
/// the book off as surely.
pub const MAX_BOOK_FLOOR: u32 = 1000;

/// The engine's name, version and parameters at start-up.
#[derive(Clone, Debug)]
pub struct ServerOptions {
    /// `id name=...`.
    pub name: String,
    /// `id version=...`.
    pub version: String,
    /// The Hub variant played until `set-param name=variant` says
    /// otherwise (`english`, `huffing`, `pegs`); `None`, the default, for
    /// the first variant of the first game of the list.
    pub variant: Option<String>,
    /// The rules text (`--rules`), if not the variant's defaults: for
    /// checkers `english`/`huffing` with `,quiet_plies=N`, for pegs
    /// `squares=4,reserve=2` and the like.
    pub rules: Option<String>,
    /// The evaluation (`--eval`, the `eval` parameter), if not the game's
    /// default.
    pub eval: Option<EvalSpec>,
    /// Endgame databases (`--egdb`, the `egdb` parameter): a directory
    /// built by `parlour egdb build`, for english checkers.
    pub egdb: Option<std::path::PathBuf>,
    /// The opening book (`--book`, the `book` parameter): a file made by
    /// `parlour book build` or `default`, the one built in, played from
    /// before a search.
    pub book: parlour_book::BookSpec,
    /// The least depth, in plies of book and search, at which a book move
    /// is played without a search (`--book-floor`, the `bookfloor`
    /// parameter).
    pub book_floor: u32,
    /// Search threads.
    pub threads: usize,
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// The lines each search reports (the `multipv` parameter): 1, or up
    /// to [`parlour_search::MAX_LINES`], each `info` then carrying its
    /// rank.
    pub lines: usize,
    /// The skill level (the `skill` parameter), 1 to 10: full strength
    /// unless asked.
    pub skill: Skill,
    /// Solve (the `solve` parameter): a search stops once the position's
    /// value is proven, whatever its level allows.
    pub solve: bool,
}

impl Default for ServerOptions {
    fn default() -> Self {
        ServerOptions {
            name: "parlour".to_string(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            variant: None,
            rules: None,
            eval: None,
            egdb: None,
            book: parlour_book::BookSpec::Off,
            book_floor: parlour_book::DEFAULT_FLOOR,
            threads: 1,
            hash_mib: 64,
            lines: 1,
            skill: Skill::FULL,
            solve: false,
        }
    }
}

/// Why a command could not be carried out: answered `error message=...`.
#[derive(Debug, thiserror::Error)]
enum CommandError {
    #[error("cannot read `{line}`", line = echo(.line))]
    Unreadable { line: String, source: MessageError },
    #[error(transparent)]
    Level(#[from] LevelError),
    #[error("set-param needs name=")]
    ParamName,
    #[error(transparent)]
    Game(#[from] TableError),
    #[error(transparent)]
    Searcher(#[from] SearcherError),
    #[error("a search is running: send stop first")]
    Busy,
    #[error("go takes think, analyze or ponder")]
    GoMode,
    #[error("no position to search: the last pos was refused ({0})")]
    PosRefused(String),
    #[error("line `{}` is not UTF-8 text", echo(.0))]
    NotUtf8(String),
}

/// A running search: its control and its thread, which gives the searcher
/// back when it ends.
struct Running<'scope> {
    control: Arc<Control>,
    handle: ScopedJoinHandle<'scope, Searcher>,
    /// A `go think` under a finite level: it ends by itself.
    bounded: bool,
}

struct Session<'scope, 'env, W: Write + Send, L: GameList> {
    scope: &'scope Scope<'scope, 'env>,
    out: &'env Mutex<W>,
    options: ServerOptions,
    /// The Hub variant played.
    variant: String,
    /// The game set by the last `pos`; `None`: the start of the variant.
    table: Option<Box<dyn Table>>,
    /// Why the last `pos` was refused: `go` then refuses too, rather than
    /// search a position the GUI did not mean.
    pos_error: Option<String>,
    level: Limits,
    searcher: Option<Searcher>,
    job: Option<Running<'scope>>,
    clear_table: bool,
    /// The `hash` parameter changed: the next search gets a new table.
    new_table: bool,
    /// The games begun (`new-game`): the seed of a weaker skill's draws,
    /// so that one game's moves are not the last's.
    game_number: u64,
    /// The opening book of `options.book`, read.
    book: Option<Arc<parlour_book::Book>>,
    games: PhantomData<L>,
}

/// The book `spec` names, read (it is fitted to the rules when a game is
/// opened with it).
fn open_book(spec: &parlour_book::BookSpec) -> Result<Option<Arc<parlour_book::Book>>, TableError> {
    Ok(spec.read()?)
}

/// Writes one line (and flushes it) on the shared output.
fn send<W: Write>(out: &Mutex<W>, message: &Message) -> io::Result<()> {
    let mut out = out.lock().expect("a writer never panics");
    writeln!(out, "{message}")?;
    out.flush()
}

impl<'scope, 'env, W: Write + Send, L: GameList> Session<'scope, 'env, W, L> {
    fn error(&self, error: &CommandError) -> io::Result<()> {
        // One line, whatever the error quotes: a newline in a value would
        // end the message early.
        let message = printable(&full_message(error));
        send(self.out, &Message::new("error").arg("message", message))
    }

    /// Whether a search thread is running.
    fn searching(&self) -> bool {
        self.job
            .as_ref()
            .is_some_and(|j| !j.control.answered.load(Ordering::SeqCst))
    }

    /// Stops any search and takes the searcher back.
    fn finish_search(&mut self) {
        if let Some(job) = self.job.take() {
            job.control.set(Phase::Stopped);
            let searcher = job.handle.join().expect("the search thread never panics");
            self.searcher = Some(searcher);
        }
    }

    /// At the end of input: a search that ends by itself (`go think` under
    /// a finite level) answers first, so that a session piped from a file
    /// gets its answer; a ponder or an infinite search is stopped.
    fn finish_at_end(&mut self) {
        if let Some(job) = self.job.take_if(|job| job.bounded) {
            let searcher = job.handle.join().expect("the search thread never panics");
            self.searcher = Some(searcher);
        }
        self.finish_search();
    }

    /// Takes the searcher back from a search that has answered (its thread
    /// ends right after).
    fn reclaim(&mut self) {
        if !self.searching() {
            if let Some(job) = self.job.take() {
                let searcher = job.handle.join().expect("the search thread never panics");
                self.searcher = Some(searcher);
            }
        }
    }

    fn searcher(&mut self) -> Result<Searcher, CommandError> {
        let threads = self.options.threads;
        let kept = (self.searcher.take()).filter(|s| s.threads() == threads && !self.new_table);
        // The old searcher, if not kept, is gone by now: its table is freed
        // before the new one is allocated, so a `hash` change never holds
        // both at once.
        let mut searcher = match kept {
            Some(s) => s,
            None => Searcher::new(threads, self.options.hash_mib)?,
        };
        if std::mem::take(&mut self.clear_table) {
            searcher.clear();
        }
        self.new_table = false;
        Ok(searcher)
    }

    /// A table at the start of the game of `variant`, `rules` and `eval`.
    fn open(
        &self,
        variant: &str,
        rules: Option<&str>,
        eval: Option<&EvalSpec>,
    ) -> Result<Box<dyn Table>, TableError> {
        open::<L>(Settings {
            variant,
            rules,
            eval,
            egdb: self.options.egdb.as_deref(),
            book: self.book.as_ref(),
            book_spec: &self.options.book,
        })
    }

    /// A table at the start of the session's game.
    fn start(&self) -> Result<Box<dyn Table>, TableError> {
        let o = &self.options;
        self.open(&self.variant, o.rules.as_deref(), o.eval.as_ref())
    }

    /// Forgets the position: the next search is from the start.
    fn forget_position(&mut self) {
        self.table = None;
        self.pos_error = None;
    }

    fn hub(&self) -> io::Result<()> {
        let o = &self.options;
        send(
            self.out,
            &Message::new("id")
                .arg("name", &o.name)
                .arg("version", &o.version)
                .arg("author", "parlour")
                .arg("country", "none"),
        )?;
        let param = |name: &str, value: &dyn std::fmt::Display, kind: &str| {
            Message::new("param")
                .arg("name", name)
                .arg("value", value)
                .arg("type", kind)
        };
        let params = [
            param("variant", &self.variant, "enum").arg("values", L::hub_variants().join(" ")),
            param("rules", &o.rules.as_deref().unwrap_or_default(), "string"),
            param("eval", &o.eval.clone().unwrap_or_default(), "string"),
            param(
                "egdb",
                &o.egdb
                    .as_deref()
                    .map(|d| d.display().to_string())
                    .unwrap_or_default(),
                "string",
            ),
            param("book", &o.book, "string"),
            param("bookfloor", &o.book_floor, "int")
                .arg("min", 0)
                .arg("max", MAX_BOOK_FLOOR),
            param("threads", &o.threads, "int")
                .arg("min", 1)
                .arg("max", MAX_THREADS),
            // The largest table is the machine's memory: more would be
            // refused at `init`.
            param("hash", &o.hash_mib, "int")
                .arg("min", 1)
                .arg("max", parlour_search::max_hash_mib()),
            param("multipv", &o.lines, "int")
                .arg("min", 1)
                .arg("max", parlour_search::MAX_LINES),
            param("skill", &o.skill, "int")
                .arg("min", Skill::MIN)
                .arg("max", Skill::FULL),
            param("solve", &o.solve, "bool"),
        ];
        for p in &params {
            send(self.out, p)?;
        }
        send(self.out, &Message::new("wait"))
    }

    fn set_param(&mut self, m: &Message) -> Result<(), CommandError> {
        let name = m.get("name").ok_or(CommandError::ParamName)?;
        let value = m.get("value").unwrap_or("");
        let text = Some(value.trim()).filter(|v| !v.is_empty());
        match name {
            "variant" => {
                let variant = value.trim();
                if variant != self.variant {
                    // The evaluation carries over where the new game has
                    // it; otherwise the new game's default is played.
                    let eval = self.options.eval.as_ref();
                    let keeps_eval = self.open(variant, None, eval).is_ok();
                    self.open(variant, None, None)?;
                    self.variant = variant.to_string();
                    self.options.rules = None;
                    if !keeps_eval {
                        self.options.eval = None;
                    }
                    self.forget_position();
                }
            }
            "rules" => {
                let o = &self.options;
                self.open(&self.variant, text, o.eval.as_ref())?;
                self.options.rules = text.map(str::to_string);
                self.forget_position();
            }
            "eval" => {
                let o = &self.options;
                let eval = text.map(str::parse::<EvalSpec>).transpose();
                let eval = eval.map_err(TableError::Eval)?;
                self.open(&self.variant, o.rules.as_deref(), eval.as_ref())?;
                self.options.eval = eval;
                self.forget_position();
            }
            "egdb" => {
                let before = self.options.egdb.take();
                self.options.egdb = text.map(std::path::PathBuf::from);
                if let Err(e) = self.start() {
                    self.options.egdb = before;
                    return Err(e.into());
                }
                self.forget_position();
            }
            "book" => {
                let spec = match text {
                    Some(t) => t.parse().map_err(TableError::BookSpec)?,
                    None => parlour_book::BookSpec::Off,
                };
                let book = open_book(&spec)?;
                let before = std::mem::replace(&mut self.book, book);
                let spec_before = std::mem::replace(&mut self.options.book, spec);
                if let Err(e) = self.start() {
                    self.book = before;
                    self.options.book = spec_before;
                    return Err(e.into());
                }
                self.forget_position();
            }
            "bookfloor" => {
                self.options.book_floor = whole(name, value, 0, MAX_BOOK_FLOOR.into())? as u32;
            }
            "threads" => self.options.threads = whole(name, value, 1, MAX_THREADS as u64)? as usize,
            "multipv" => {
                let most = parlour_search::MAX_LINES as u64;
                self.options.lines = whole(name, value, 1, most)? as usize;
            }
            "skill" => {
                let level = whole(
                    name,
                    value,
                    Skill::MIN.level().into(),
                    Skill::FULL.level().into(),
                )?;
                self.options.skill = Skill::new(level).expect("a level in range");
            }
            "solve" => self.options.solve = boolean(name, value)?,
            "hash" => {
                let max = parlour_search::max_hash_mib() as u64;
                self.options.hash_mib = whole(name, value, 1, max)? as usize;
                self.new_table = true;
            }
            // Parameters the engine does not have are ignored.
            _ => {}
        }
        Ok(())
    }

    fn pos(&mut self, m: &Message) -> Result<(), CommandError> {
        let mut table = self.start()?;
        table.set_position(m.get("pos"), m.get("fen"), m.get("moves").unwrap_or(""))?;
        self.table = Some(table);
        Ok(())
    }

    fn go(&mut self, m: &Message) -> Result<(), CommandError> {
        if self.searching() {
            return Err(CommandError::Busy);
        }
        self.reclaim();
        let phase = if m.has("ponder") {
            Phase::Pondering
        } else if m.has("think") || m.has("analyze") || m.args.is_empty() {
            Phase::Thinking
        } else {
            return Err(CommandError::GoMode);
        };
        if let Some(e) = &self.pos_error {
            return Err(CommandError::PosRefused(e.clone()));
        }
        let limits = match self.options.solve {
            true => self.level.until_proven(),
            false => self.level,
        };
        let go = Go {
            limits,
            ponder: phase == Phase::Pondering,
            lines: self.options.lines,
            skill: self.options.skill,
            seed: self.game_number,
            book_floor: self.options.book_floor,
        };
        let job: Job = match &self.table {
            Some(table) => table.search(go),
            None => self.start()?.search(go),
        };
        let mut searcher = self.searcher()?;
        let control = Arc::new(Control::new(phase));
        let (out, c) = (self.out, Arc::clone(&control));
        let handle = self.scope.spawn(move || {
            let write = |message: &Message| {
                let _ = send(out, message);
            };
            job(&mut searcher, &c, &write);
            searcher
        });
        let bounded = phase == Phase::Thinking && self.level != Limits::INFINITE;
        self.job = Some(Running {
            control,
            handle,
            bounded,
        });
        Ok(())
    }

    /// Handles one line; `Ok(false)` to end the session.
    fn handle(&mut self, line: &str) -> io::Result<bool> {
        let m = match Message::parse(line) {
            Ok(Some(m)) => m,
            Ok(None) => return Ok(true),
            Err(source) => {
                let line = line.trim().to_string();
                self.error(&CommandError::Unreadable { line, source })?;
                return Ok(true);
            }
        };
        let result = match m.command.as_str() {
            "hub" => self.hub().map(|_| Ok(()))?,
            "init" => {
                self.reclaim();
                // A table opened here warms the book (`Book::warm`): its
                // first question walks its tree, at `init` rather than under
                // the first move's clock. What the table cannot open with
                // is said at `pos` and `go`, as without a book.
                if self.book.is_some() {
                    let _ = self.start();
                }
                match self.searcher() {
                    Ok(s) => {
                        self.searcher = Some(s);
                        send(self.out, &Message::new("ready"))?;
                        Ok(())
                    }
                    Err(e) => Err(e),
                }
            }
            "set-param" => self.set_param(&m),
            "new-game" => {
                self.clear_table = true;
                self.game_number += 1;
                self.forget_position();
                Ok(())
            }
            "pos" => {
                let result = self.pos(&m);
                self.pos_error = result.as_ref().err().map(|e| full_message(e));
                result
            }
            "level" => parse_level(&m)
                .map(|l| self.level = l)
                .map_err(CommandError::from),
            "go" => self.go(&m),
            "ponder-hit" => {
                if let Some(job) = &self.job {
                    job.control.set(Phase::Hit);
                }
                Ok(())
            }
            "stop" => {
                if let Some(job) = &self.job {
                    job.control.set(Phase::Stopped);
                }
                Ok(())
            }
            "ping" => send(self.out, &Message::new("pong")).map(|_| Ok(()))?,
            "quit" => return Ok(false),
            // The protocol asks engines to ignore what they do not know.
            _ => Ok(()),
        };
        if let Err(e) = result {
            self.error(&e)?;
        }
        Ok(true)
    }
}

/// Runs a Hub engine session over the games of the list `L` (parlour's
/// own: `parlour_games::Games`): reads commands from `input` until `quit`
/// or the end of input, answering on `output`. Returns an error only
/// where reading or writing fails.
pub fn serve_games<L: GameList, R: BufRead, W: Write + Send>(
    mut input: R,
    output: W,
    options: ServerOptions,
) -> io::Result<()> {
    let first = L::hub_variants().first().copied().unwrap_or_default();
    let variant = options.variant.clone().unwrap_or_else(|| first.to_string());
    let out = Mutex::new(output);
    // A book that cannot be read is said once and left off; `parlour hub`
    // checks its --book before it serves.
    let book = open_book(&options.book).unwrap_or_else(|e| {
        let _ = send(
            &out,
            &Message::new("error").arg("message", full_message(&e)),
        );
        None
    });
    std::thread::scope(|scope| {
        let mut session = Session::<W, L> {
            scope,
            out: &out,
            options,
            variant,
            table: None,
            pos_error: None,
            level: DEFAULT_LEVEL,
            searcher: None,
            job: None,
            clear_table: false,
            new_table: false,
            game_number: 0,
            book,
            games: PhantomData,
        };
        let mut bytes = Vec::new();
        let result = loop {
            bytes.clear();
            // Bytes, not `read_line`: a line that is not UTF-8 is answered
            // with an error, as any unreadable line, instead of ending the
            // session.
            let handled = match input.read_until(b'\n', &mut bytes) {
                Ok(0) => {
                    session.finish_at_end();
                    break Ok(());
                }
                Ok(_) => match std::str::from_utf8(&bytes) {
                    Ok(line) => session.handle(line),
                    Err(_) => {
                        let lossy = String::from_utf8_lossy(&bytes);
                        let error = CommandError::NotUtf8(lossy.trim().to_string());
                        session.error(&error).map(|()| true)
                    }
                },
                Err(e) => break Err(e),
            };
            match handled {
                Ok(true) => {}
                Ok(false) => break Ok(()),
                Err(e) => break Err(e),
            }
        };
        session.finish_search();
        result
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_search::Score;

    #[test]
    fn scores_in_men_and_wins_near_a_hundred() {
        assert_eq!(hub_score(Score::Value(35)), "0.35");
        assert_eq!(hub_score(Score::Value(-120)), "-1.20");
        // pydraughts reads above 90 as a win: 100 - 99.93 = 7 plies.
        assert_eq!(hub_score(Score::Win(7)), "99.93");
        assert_eq!(hub_score(Score::Loss(4)), "-99.96");
    }
}
