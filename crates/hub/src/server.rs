//! The engine side of Hub: [`serve`] reads commands from any `BufRead` and
//! answers on any `Write`, so it runs on standard input and output as
//! `parlour hub` and on in-memory streams in tests.
//!
//! The search runs on its own thread; the reading thread answers `ping`,
//! `stop` and `ponder-hit` while it thinks. Commands the engine does not
//! know are ignored, as the protocol asks; a known command it cannot carry
//! out is answered `error message="..."` and the session goes on. End of
//! input, like `quit`, stops any search and returns.
//!
//! Pondering: `go ponder` searches without limit until `ponder-hit` (then a
//! fresh search under the `level` limits, its table warm from the ponder,
//! answers `done`) or `stop` (the ponder's best move answers `done`).

use crate::games::{checkers_rules, peg_rules, split_moves, write_line, HubGame, Variant};
use crate::message::Message;
use parlour_checkers::Position;
use parlour_game::{Evaluate, History};
use parlour_pegs::PegPosition;
use parlour_search::{Info, Limits, Score, Searcher};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::{Scope, ScopedJoinHandle};
use std::time::Duration;

/// The largest transposition table the `hash` parameter allows, in MiB.
pub const MAX_HASH_MIB: usize = 4096;
/// The most search threads the `threads` parameter allows.
pub const MAX_THREADS: usize = 256;

/// The engine's name, version and parameters at start-up.
#[derive(Clone, Debug)]
pub struct ServerOptions {
    /// `id name=...`.
    pub name: String,
    /// `id version=...`.
    pub version: String,
    /// The variant played until `set-param name=variant` says otherwise.
    pub variant: Variant,
    /// The rules text (`--rules`), if not the variant's defaults: for
    /// checkers `english`/`huffing` with `,quiet_plies=N`, for pegs
    /// `squares=4,reserve=2` and the like.
    pub rules: Option<String>,
    /// Search threads.
    pub threads: usize,
    /// Transposition table size in MiB.
    pub hash_mib: usize,
}

impl Default for ServerOptions {
    fn default() -> Self {
        ServerOptions {
            name: "parlour".to_string(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            variant: Variant::English,
            rules: None,
            threads: 1,
            hash_mib: 64,
        }
    }
}

/// What a running search was asked to do, and what has happened since.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// `go think` or `go analyze`: answer when done.
    Thinking,
    /// `go ponder`, no answer from the GUI yet.
    Pondering,
    /// `ponder-hit` arrived: think for real.
    Hit,
    /// `stop` arrived.
    Stopped,
}

/// What the reading thread and the search thread share.
struct Control {
    stop: Arc<AtomicBool>,
    phase: Mutex<Phase>,
    changed: Condvar,
    /// Set just before `done` is written: from then on the search is over
    /// for the GUI, which may send the next `go` at once.
    answered: AtomicBool,
}

impl Control {
    fn set(&self, phase: Phase) {
        let mut guard = self.phase.lock().expect("never poisoned");
        if phase == Phase::Hit && *guard != Phase::Pondering {
            return;
        }
        *guard = phase;
        self.stop.store(true, Ordering::SeqCst);
        self.changed.notify_all();
    }
}

/// A game of any variant, with the moves that led to its position.
#[derive(Clone)]
enum AnyHistory {
    Checkers(History<Position>),
    Pegs(History<PegPosition>),
}

/// A running search: its control and its thread, which gives the searcher
/// back when it ends.
struct Job<'scope> {
    control: Arc<Control>,
    handle: ScopedJoinHandle<'scope, Searcher>,
}

struct Session<'scope, 'env, W: Write + Send> {
    scope: &'scope Scope<'scope, 'env>,
    out: &'env Mutex<W>,
    options: ServerOptions,
    game: Option<AnyHistory>,
    /// Why the last `pos` was refused: `go` then refuses too, rather than
    /// search a position the GUI did not mean.
    pos_error: Option<String>,
    level: Limits,
    searcher: Option<Searcher>,
    job: Option<Job<'scope>>,
    clear_table: bool,
    /// The `hash` parameter changed: the next search gets a new table.
    new_table: bool,
}

/// Writes one line (and flushes it) on the shared output.
fn send<W: Write>(out: &Mutex<W>, message: &Message) -> io::Result<()> {
    let mut out = out.lock().expect("a writer never panics");
    writeln!(out, "{message}")?;
    out.flush()
}

/// A score as Scan writes it: in men, wins and losses as ±(100 - plies/100).
pub fn hub_score(score: Score) -> String {
    match score {
        Score::Value(v) => format!("{:.2}", f64::from(v) / 100.0),
        Score::Win(n) => format!("{:.2}", 100.0 - f64::from(n.min(9999)) / 100.0),
        Score::Loss(n) => format!("{:.2}", -100.0 + f64::from(n.min(9999)) / 100.0),
    }
}

/// The `info` line of a finished depth (`nps` in millions, as Scan).
pub fn info_message<G: HubGame>(root: &G, info: &Info<G::Move>) -> Message {
    Message::new("info")
        .arg("depth", info.depth)
        .arg("score", hub_score(info.score))
        .arg("nodes", info.nodes)
        .arg("time", format!("{:.3}", info.time.as_secs_f64()))
        .arg("nps", format!("{:.3}", info.nps as f64 / 1e6))
        .arg("pv", write_line(root, &info.pv))
}

/// The search thread's work: search (ponder, then think on a hit), then
/// answer `done`.
fn run_search<G: HubGame + Evaluate, W: Write + Send>(
    searcher: &mut Searcher,
    history: &History<G>,
    limits: Limits,
    pondering: bool,
    control: &Control,
    out: &Mutex<W>,
) {
    let root = *history.current();
    let report = |info: &Info<G::Move>| {
        let _ = send(out, &info_message(&root, info));
    };
    let first = if pondering { Limits::Infinite } else { limits };
    let mut result = searcher.search(history, first, &Default::default(), &control.stop, report);
    if pondering {
        let mut phase = control.phase.lock().expect("never poisoned");
        while *phase == Phase::Pondering {
            phase = control.changed.wait(phase).expect("never poisoned");
        }
        if *phase == Phase::Hit {
            // Under the lock, so that a `stop` from now on is never lost.
            control.stop.store(false, Ordering::SeqCst);
            *phase = Phase::Thinking;
            drop(phase);
            result = searcher.search(history, limits, &Default::default(), &control.stop, report);
        }
    }
    let done = match result.best_move {
        Some(mv) => {
            let mut done = Message::new("done").arg("move", root.write_move(mv));
            if let Some(&reply) = result.pv.get(1).filter(|_| result.pv[0] == mv) {
                done = done.arg("ponder", root.play(mv).write_move(reply));
            }
            done
        }
        None => {
            let _ = send(
                out,
                &Message::new("error").arg("message", "the game is over: no legal move"),
            );
            Message::new("done")
        }
    };
    control.answered.store(true, Ordering::SeqCst);
    let _ = send(out, &done);
}

/// A Hub time in seconds (a real number) as a duration.
fn seconds(name: &str, text: &str) -> Result<Duration, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{name}=`{text}` is not a number of seconds"))?;
    if !value.is_finite() || value >= 1e9 {
        return Err(format!("{name}=`{text}` is out of range"));
    }
    // A GUI that takes the increment off a clock nearly run out can send
    // a time below zero: no time left.
    Ok(Duration::from_secs_f64(value.max(0.0)))
}

fn whole<T: std::str::FromStr>(name: &str, text: &str) -> Result<T, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("{name}=`{text}` is not a whole number"))
}

/// The limits a `level` line sets.
pub fn parse_level(message: &Message) -> Result<Limits, String> {
    if message.has("infinite") {
        return Ok(Limits::Infinite);
    }
    if let Some(depth) = message.get("depth") {
        let depth: u32 = whole("depth", depth)?;
        if depth == 0 || depth > parlour_search::MAX_DEPTH {
            return Err(format!(
                "depth must be from 1 to {}",
                parlour_search::MAX_DEPTH
            ));
        }
        return Ok(Limits::Depth(depth));
    }
    if let Some(nodes) = message.get("nodes") {
        let nodes: u64 = whole("nodes", nodes)?;
        return if nodes == 0 {
            Err("nodes must be at least 1".to_string())
        } else {
            Ok(Limits::Nodes(nodes))
        };
    }
    if let Some(t) = message.get("move-time") {
        let t = seconds("move-time", t)?;
        return Ok(Limits::MoveTime(t.max(Duration::from_millis(1))));
    }
    if let Some(time) = message.get("time") {
        let time = seconds("time", time)?;
        let inc = match message.get("inc") {
            Some(inc) => seconds("inc", inc)?,
            None => Duration::ZERO,
        };
        // Hub adds the increment before the move.
        let remaining = time + inc;
        if let Some(moves) = message.get("moves") {
            let moves: u32 = whole("moves", moves)?;
            let share = remaining / moves.max(1);
            return Ok(Limits::MoveTime(
                share.min(remaining * 9 / 10).max(Duration::from_millis(1)),
            ));
        }
        return Ok(Limits::Clock {
            remaining,
            increment: inc,
        });
    }
    Err("level needs depth=, nodes=, move-time=, time= (with inc=, moves=) or infinite".to_string())
}

impl<'scope, 'env, W: Write + Send> Session<'scope, 'env, W> {
    fn error(&self, message: impl Into<String>) -> io::Result<()> {
        send(
            self.out,
            &Message::new("error").arg("message", message.into()),
        )
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

    fn searcher(&mut self) -> Result<Searcher, String> {
        let mut searcher = match self.searcher.take() {
            Some(s) if s.threads() == self.options.threads && !self.new_table => s,
            _ => Searcher::new(self.options.threads, self.options.hash_mib)?,
        };
        if std::mem::take(&mut self.clear_table) {
            searcher.clear();
        }
        self.new_table = false;
        Ok(searcher)
    }

    /// The start position of the current variant and rules.
    fn start(&self) -> Result<AnyHistory, String> {
        let rules = self.options.rules.as_deref();
        Ok(match self.options.variant {
            Variant::Pegs => AnyHistory::Pegs(History::new(PegPosition::start(
                peg_rules(rules)?.unwrap_or_default(),
            ))),
            v => AnyHistory::Checkers(History::new(Position::start(checkers_rules(v, rules)?))),
        })
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
        let values: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
        let params = [
            Message::new("param")
                .arg("name", "variant")
                .arg("value", o.variant)
                .arg("type", "enum")
                .arg("values", values.join(" ")),
            Message::new("param")
                .arg("name", "rules")
                .arg("value", o.rules.clone().unwrap_or_default())
                .arg("type", "string"),
            Message::new("param")
                .arg("name", "threads")
                .arg("value", o.threads)
                .arg("type", "int")
                .arg("min", 1)
                .arg("max", MAX_THREADS),
            Message::new("param")
                .arg("name", "hash")
                .arg("value", o.hash_mib)
                .arg("type", "int")
                .arg("min", 1)
                .arg("max", MAX_HASH_MIB),
        ];
        for p in &params {
            send(self.out, p)?;
        }
        send(self.out, &Message::new("wait"))
    }

    fn set_param(&mut self, m: &Message) -> Result<(), String> {
        let name = m.get("name").ok_or("set-param needs name=")?;
        let value = m.get("value").unwrap_or("");
        let int = |max: usize| -> Result<usize, String> {
            let v: usize = whole(name, value)?;
            if v == 0 || v > max {
                return Err(format!("{name} must be from 1 to {max}"));
            }
            Ok(v)
        };
        match name {
            "variant" => {
                let variant: Variant = value.parse()?;
                if variant != self.options.variant {
                    self.options.variant = variant;
                    self.options.rules = None;
                    self.game = None;
                    self.pos_error = None;
                }
            }
            "rules" => {
                let rules = Some(value.to_string()).filter(|r| !r.trim().is_empty());
                match self.options.variant {
                    Variant::Pegs => drop(peg_rules(rules.as_deref())?),
                    v => drop(checkers_rules(v, rules.as_deref())?),
                }
                self.options.rules = rules;
                self.game = None;
                self.pos_error = None;
            }
            "threads" => self.options.threads = int(MAX_THREADS)?,
            "hash" => {
                self.options.hash_mib = int(MAX_HASH_MIB)?;
                self.new_table = true;
            }
            // Parameters the engine does not have are ignored.
            _ => {}
        }
        Ok(())
    }

    fn pos(&mut self, m: &Message) -> Result<(), String> {
        let rules = self.options.rules.as_deref();
        let variant = self.options.variant;
        let moves = split_moves(m.get("moves").unwrap_or(""));
        let game = match (m.get("pos"), m.get("fen"), variant) {
            (Some(_), Some(_), _) => return Err("pos takes pos= or fen=, not both".into()),
            (None, None, _) => return Err("pos needs pos=<position> or fen=<text>".into()),
            (Some(_), None, Variant::Pegs) => {
                return Err("the peg game has no Hub position: send pos fen=<peg text>".into())
            }
            (Some(text), None, v) => {
                let pos = crate::games::parse_hub_position(text, checkers_rules(v, rules)?)?;
                AnyHistory::Checkers(play_moves(pos, &moves)?)
            }
            (None, Some(text), Variant::Pegs) => {
                let pos = PegPosition::parse(text, peg_rules(rules)?)?;
                AnyHistory::Pegs(play_moves(pos, &moves)?)
            }
            (None, Some(text), v) => {
                let pos = Position::from_fen(text, checkers_rules(v, rules)?)?;
                AnyHistory::Checkers(play_moves(pos, &moves)?)
            }
        };
        self.game = Some(game);
        Ok(())
    }

    fn go(&mut self, m: &Message) -> Result<(), String> {
        if self.searching() {
            return Err("a search is running: send stop first".into());
        }
        self.reclaim();
        let phase = if m.has("ponder") {
            Phase::Pondering
        } else if m.has("think") || m.has("analyze") || m.args.is_empty() {
            Phase::Thinking
        } else {
            return Err("go takes think, analyze or ponder".into());
        };
        if let Some(e) = &self.pos_error {
            return Err(format!(
                "no position to search: the last pos was refused ({e})"
            ));
        }
        let game = match &self.game {
            Some(g) => g.clone(),
            None => self.start()?,
        };
        let mut searcher = self.searcher()?;
        let control = Arc::new(Control {
            stop: Arc::new(AtomicBool::new(false)),
            phase: Mutex::new(phase),
            changed: Condvar::new(),
            answered: AtomicBool::new(false),
        });
        let (limits, out, c) = (self.level, self.out, Arc::clone(&control));
        let ponder = phase == Phase::Pondering;
        let handle = self.scope.spawn(move || {
            match &game {
                AnyHistory::Checkers(h) => run_search(&mut searcher, h, limits, ponder, &c, out),
                AnyHistory::Pegs(h) => run_search(&mut searcher, h, limits, ponder, &c, out),
            }
            searcher
        });
        self.job = Some(Job { control, handle });
        Ok(())
    }

    /// Handles one line; `Ok(false)` to end the session.
    fn handle(&mut self, line: &str) -> io::Result<bool> {
        let m = match Message::parse(line) {
            Ok(Some(m)) => m,
            Ok(None) => return Ok(true),
            Err(e) => {
                self.error(format!("cannot read `{}`: {e}", line.trim()))?;
                return Ok(true);
            }
        };
        let result = match m.command.as_str() {
            "hub" => self.hub().map(|_| Ok(()))?,
            "init" => {
                self.reclaim();
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
                self.game = None;
                self.pos_error = None;
                Ok(())
            }
            "pos" => {
                let result = self.pos(&m);
                self.pos_error = result.as_ref().err().cloned();
                result
            }
            "level" => parse_level(&m).map(|l| self.level = l),
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
            self.error(e)?;
        }
        Ok(true)
    }
}

/// Plays `moves` (Hub texts) from `start`.
fn play_moves<G: HubGame>(start: G, moves: &[String]) -> Result<History<G>, String> {
    let mut history = History::new(start);
    for (i, text) in moves.iter().enumerate() {
        let mv = history
            .current()
            .read_move(text)
            .map_err(|e| format!("move {} `{text}`: {e}", i + 1))?;
        history.push(mv);
    }
    Ok(history)
}

/// Runs a Hub engine session: reads commands from `input` until `quit` or
/// the end of input, answering on `output`. Returns an error only where
/// reading or writing fails.
pub fn serve<R: BufRead, W: Write + Send>(
    mut input: R,
    output: W,
    options: ServerOptions,
) -> io::Result<()> {
    let out = Mutex::new(output);
    std::thread::scope(|scope| {
        let mut session = Session {
            scope,
            out: &out,
            options,
            game: None,
            pos_error: None,
            level: Limits::MoveTime(Duration::from_secs(1)),
            searcher: None,
            job: None,
            clear_table: false,
            new_table: false,
        };
        let mut line = String::new();
        let result = loop {
            line.clear();
            match input.read_line(&mut line) {
                Ok(0) => break Ok(()),
                Ok(_) => match session.handle(&line) {
                    Ok(true) => {}
                    Ok(false) => break Ok(()),
                    Err(e) => break Err(e),
                },
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

    #[test]
    fn scores_in_men_and_wins_near_a_hundred() {
        assert_eq!(hub_score(Score::Value(35)), "0.35");
        assert_eq!(hub_score(Score::Value(-120)), "-1.20");
        // pydraughts reads above 90 as a win: 100 - 99.93 = 7 plies.
        assert_eq!(hub_score(Score::Win(7)), "99.93");
        assert_eq!(hub_score(Score::Loss(4)), "-99.96");
    }
}
