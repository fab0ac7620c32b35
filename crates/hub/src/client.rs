//! The GUI side of Hub: [`HubClient`] starts another program, shakes hands
//! with it, and asks it for moves, with a timeout on every answer. A crash,
//! a silence past the timeout or an illegal move is a [`EngineError`]
//! naming what happened; a client that has failed refuses further work, and
//! a new one is started for the next game.
//!
//! An engine is started in a process group of its own (on Unix), and the
//! whole group is killed when the client stops it, so that whatever the
//! engine started (a wrapper script's real engine, helper processes) goes
//! with it. A line of its output that is not UTF-8 or is longer than
//! 64 KiB is skipped and counted, not taken for a crash. Its output waits
//! in a bounded queue and every deadline is checked on every line, so an
//! engine that prints without end is timed out like a silent one.
//!
//! The arena wraps a client as a player (`parlour_arena::HubPlayer`): an
//! [`EngineError`] is how a player fails there too, and it loses the game.

pub use crate::command_line::{split_command, CommandLineError};
pub use crate::level::{level_message, move_timeout};
use crate::message::Message;
use crate::wire::{position_arg, write_line};
use parlour_game::{History, Variant};
use parlour_search::Limits;
use std::collections::VecDeque;
use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How an engine failed to give a move: a Hub engine through its client,
/// or any player of a match. Each loses the game in a match.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The engine stopped working: a program could not be started,
    /// exited, closed its output or could not be written to; a thread
    /// panicked.
    #[error("crashed: {0}")]
    Crashed(String),
    /// The engine did not answer in time.
    #[error("timed out: {0}")]
    TimedOut(String),
    /// The engine answered with a move that is not legal, or no move.
    #[error("illegal move: {0}")]
    IllegalMove(String),
}

const UNDECLARED_VARIANT: &str = "english";

/// How a client starts and configures its engine.
#[derive(Clone, Debug)]
pub struct ClientOptions {
    /// How long the handshake (`hub` ... `wait`, `init` ... `ready`) may
    /// take.
    pub startup_timeout: Duration,
    /// The Hub variant to be played (`english`, `huffing`, `pegs`). Where
    /// the engine declares a `variant` parameter, it must list this
    /// variant, which is then set (as pydraughts does); an engine without
    /// one is taken to play english checkers only.
    pub variant: Option<String>,
    /// Further parameters sent with `set-param` before `init` (for example
    /// `("hash", "16")`), in order.
    pub params: Vec<(String, String)>,
}

impl ClientOptions {
    /// The default options for a game of the Hub variant `variant`.
    pub fn for_variant(variant: &str) -> ClientOptions {
        ClientOptions {
            variant: Some(variant.to_string()),
            ..ClientOptions::default()
        }
    }
}

impl Default for ClientOptions {
    fn default() -> Self {
        ClientOptions {
            startup_timeout: Duration::from_secs(10),
            variant: None,
            params: Vec::new(),
        }
    }
}

/// An engine's answer to `go think`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer<M> {
    /// The move, legal in the position asked about.
    pub mv: M,
    /// The last score the engine reported, in hundredths of its unit (for
    /// checkers a man), from the mover's view; wins are near ±10000.
    pub score: Option<i32>,
    /// The depth of the last `info` line that gave one.
    pub depth: Option<u32>,
}

/// A score as Hub writes it (men, wins near ±100) in hundredths.
fn parse_score(text: &str) -> Option<i32> {
    let men: f64 = text.trim().parse().ok()?;
    men.is_finite().then(|| (men * 100.0).round() as i32)
}

/// Starts `program`, waiting out "text file busy" for up to half a second.
///
/// Linux refuses to run a file that some process holds open for writing. A
/// program written just now (an engine built or a script saved a moment ago)
/// can meet that for a few milliseconds when another thread of this process
/// forks at the same time: the fork's child holds the writer's descriptor
/// until it runs its own program. The refusal passes; waiting is the fix.
fn spawn(program: &mut Command) -> std::io::Result<Child> {
    let until = Instant::now() + Duration::from_millis(500);
    loop {
        match program.spawn() {
            Err(e)
                if e.kind() == std::io::ErrorKind::ExecutableFileBusy && Instant::now() < until =>
            {
                std::thread::sleep(Duration::from_millis(5));
            }
            started => return started,
        }
    }
}

/// The longest line of an engine's output kept, in bytes; a longer one is
/// skipped as unreadable, so an engine that never writes `\n` cannot fill
/// the memory.
const LONGEST_LINE: u64 = 64 * 1024;

/// How many lines of an engine's output wait to be read at most. An
/// engine that writes faster than they are read (one that prints without
/// end) is held back by its own full pipe, not queued in memory.
const QUEUED_LINES: usize = 1024;

/// Reads `from` line by line to its end, handing each line (without its
/// `\n` or `\r\n`) to `line` as bytes, or `None` for a line longer than
/// [`LONGEST_LINE`] (skipped); stops early when `line` says so.
fn read_lines(from: impl Read, mut line: impl FnMut(Option<Vec<u8>>) -> bool) {
    let mut reader = BufReader::new(from);
    loop {
        let mut buf = Vec::new();
        match (&mut reader).take(LONGEST_LINE).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let whole = if buf.last() == Some(&b'\n') {
            buf.pop();
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
            Some(buf)
        } else if buf.len() as u64 == LONGEST_LINE {
            skip_line(&mut reader);
            None
        } else {
            Some(buf) // the last line, without its `\n`
        };
        if !line(whole) {
            return;
        }
    }
}

/// Reads on to the end of the line, keeping nothing.
fn skip_line(reader: &mut impl BufRead) {
    loop {
        let (found, used) = match reader.fill_buf() {
            Ok([]) | Err(_) => return,
            Ok(bytes) => match bytes.iter().position(|&b| b == b'\n') {
                Some(at) => (true, at + 1),
                None => (false, bytes.len()),
            },
        };
        reader.consume(used);
        if found {
            return;
        }
    }
}

/// Kills every process of the group `leader` leads. Called only before
/// the leader is reaped or at once after it, never later: until then its
/// id cannot name another process group.
#[cfg(unix)]
fn kill_group(leader: &Child) {
    use nix::sys::signal::{killpg, Signal};
    use nix::unistd::Pid;
    if let Ok(pid) = i32::try_from(leader.id()) {
        // The group may be empty already; nothing is left to do then.
        let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
    }
}

/// A running Hub engine.
pub struct HubClient {
    command: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Lines of the engine's output skipped: not UTF-8, or too long.
    unreadable: Arc<AtomicUsize>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// The thread keeping the last lines of stderr; it ends with the
    /// process's stderr.
    stderr_reader: std::thread::JoinHandle<()>,
    name: String,
    failed: Option<EngineError>,
    /// Whether the engine has ended and been reaped (its group killed).
    ended: bool,
}

impl HubClient {
    /// Starts `command` (split by [`split_command`]) and shakes hands:
    /// `hub` until `wait`, the `set-param`s, `init` until `ready`, all
    /// within `options.startup_timeout`.
    pub fn start(command: &str, options: &ClientOptions) -> Result<HubClient, EngineError> {
        let words = split_command(command).map_err(|e| EngineError::Crashed(e.to_string()))?;
        let mut program = Command::new(&words[0]);
        program
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            // A group of its own, led by the engine: killed whole in `kill`.
            program.process_group(0);
        }
        let mut child = spawn(&mut program)
            .map_err(|e| EngineError::Crashed(format!("cannot start `{command}`: {e}")))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let stderr_pipe = child.stderr.take().expect("piped");
        let (tx, lines) = mpsc::sync_channel(QUEUED_LINES);
        let unreadable = Arc::new(AtomicUsize::new(0));
        let count = Arc::clone(&unreadable);
        std::thread::spawn(move || {
            read_lines(stdout, |bytes| match bytes.map(String::from_utf8) {
                Some(Ok(line)) => tx.send(line).is_ok(),
                None | Some(Err(_)) => {
                    count.fetch_add(1, Ordering::Relaxed);
                    true
                }
            })
        });
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let keep = Arc::clone(&stderr);
        // Read to the end whatever it holds, so the engine never blocks on a
        // full stderr pipe.
        let stderr_reader = std::thread::spawn(move || {
            read_lines(stderr_pipe, |bytes| {
                let mut keep = keep.lock().expect("never poisoned");
                if keep.len() == 5 {
                    keep.pop_front();
                }
                keep.push_back(match bytes {
                    Some(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
                    None => "(a line too long to keep)".to_string(),
                });
                true
            })
        });
        let mut client = HubClient {
            command: command.to_string(),
            child,
            stdin,
            lines,
            unreadable,
            stderr,
            stderr_reader,
            name: words[0].clone(),
            failed: None,
            ended: false,
        };
        let deadline = Instant::now() + options.startup_timeout;
        client
            .handshake(options, deadline)
            .inspect_err(|_| client.kill())?;
        Ok(client)
    }

    fn handshake(&mut self, options: &ClientOptions, deadline: Instant) -> Result<(), EngineError> {
        self.send(&Message::new("hub"))?;
        // The values of a declared `variant` parameter, and the names of
        // every parameter it declares.
        let mut variants: Option<Vec<String>> = None;
        let mut offered: Vec<String> = Vec::new();
        loop {
            let m = self.receive(deadline, "the handshake (hub ... wait)")?;
            match m.command.as_str() {
                "wait" => break,
                "id" => {
                    if let Some(name) = m.get("name") {
                        self.name = name.to_string();
                    }
                }
                "param" => {
                    let name = m.get("name").unwrap_or("");
                    if name == "variant" {
                        let values = m.get("values").or(m.get("value")).unwrap_or("");
                        variants = Some(values.split_whitespace().map(str::to_string).collect());
                    }
                    offered.push(name.to_string());
                }
                _ => {}
            }
        }
        match (options.variant.as_deref(), &variants) {
            (Some(v), Some(values)) if values.iter().any(|x| x == v) => self.send(
                &Message::new("set-param")
                    .arg("name", "variant")
                    .arg("value", v),
            )?,
            (Some(v), Some(values)) => {
                let why = format!(
                    "`{}` does not play {v}: its variants are {}",
                    self.name,
                    values.join(" ")
                );
                return Err(self.fail(EngineError::Crashed(why)));
            }
            (Some(v), None) if v != UNDECLARED_VARIANT => {
                let why = format!(
                    "`{}` declares no variant parameter, so it plays english checkers, not {v}",
                    self.name
                );
                return Err(self.fail(EngineError::Crashed(why)));
            }
            _ => {}
        }
        if let Some((name, _)) = options.params.iter().find(|(n, _)| !offered.contains(n)) {
            let why = format!(
                "`{}` has no parameter `{name}`: it offers {}",
                self.name,
                if offered.is_empty() {
                    "none".to_string()
                } else {
                    offered.join(", ")
                }
            );
            return Err(self.fail(EngineError::Crashed(why)));
        }
        for (name, value) in &options.params {
            self.send(
                &Message::new("set-param")
                    .arg("name", name)
                    .arg("value", value),
            )?;
        }
        self.send(&Message::new("init"))?;
        loop {
            let m = self.receive(deadline, "the handshake (init ... ready)")?;
            match m.command.as_str() {
                "ready" => return Ok(()),
                "error" => {
                    return Err(self.fail(EngineError::Crashed(format!(
                        "`{}` refused to start: {}",
                        self.name,
                        m.get("message").unwrap_or("error")
                    ))))
                }
                _ => {}
            }
        }
    }

    /// The name the engine gave in `id name=...` (else its program name).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Why the client failed, if it has.
    pub fn failure(&self) -> Option<&EngineError> {
        self.failed.as_ref()
    }

    /// How many lines of the engine's output were skipped because they
    /// were not UTF-8 or longer than 64 KiB.
    pub fn unreadable_lines(&self) -> usize {
        self.unreadable.load(Ordering::Relaxed)
    }

    /// The process id of the engine, which also names its process group.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    fn fail(&mut self, error: EngineError) -> EngineError {
        self.failed = Some(error.clone());
        error
    }

    fn send(&mut self, message: &Message) -> Result<(), EngineError> {
        if let Some(e) = &self.failed {
            return Err(e.clone());
        }
        let written = writeln!(self.stdin, "{message}").and_then(|_| self.stdin.flush());
        written.map_err(|e| {
            let note = self.exit_note();
            let why = format!("cannot write to `{}`: {e}{note}", self.name);
            self.fail(EngineError::Crashed(why))
        })
    }

    /// How the process ended, if it has (waiting a moment for it), and its
    /// last words on stderr.
    fn exit_note(&mut self) -> String {
        let until = Instant::now() + Duration::from_millis(500);
        let mut note = String::new();
        loop {
            match self.try_end() {
                Some(status) => {
                    note = format!(" ({status})");
                    // Its last words may still be in the pipe.
                    while !self.stderr_reader.is_finished() && Instant::now() < until {
                        std::thread::sleep(Duration::from_millis(5));
                    }
                    break;
                }
                None if Instant::now() < until => std::thread::sleep(Duration::from_millis(10)),
                None => break,
            }
        }
        let stderr = self.stderr.lock().expect("never poisoned");
        if let Some(last) = stderr.back() {
            note.push_str(&format!("; its last words: {last}"));
        }
        drop(stderr);
        note.push_str(&self.unreadable_note());
        note
    }

    /// `; it wrote N unreadable lines (...)`, if it did: a clue to why an
    /// engine seemed to say nothing.
    fn unreadable_note(&self) -> String {
        match self.unreadable_lines() {
            0 => String::new(),
            1 => "; it wrote 1 unreadable line (not UTF-8, or over 64 KiB)".to_string(),
            n => format!("; it wrote {n} unreadable lines (not UTF-8, or over 64 KiB)"),
        }
    }

    /// The next message, skipping blank and unreadable lines.
    fn receive(&mut self, deadline: Instant, waiting_for: &str) -> Result<Message, EngineError> {
        if let Some(e) = &self.failed {
            return Err(e.clone());
        }
        loop {
            // Checked before every line, not only when none waits: an
            // engine that prints without end is still out of time.
            let left = deadline.saturating_duration_since(Instant::now());
            let next = match left.is_zero() {
                true => Err(RecvTimeoutError::Timeout),
                false => self.lines.recv_timeout(left),
            };
            match next {
                Ok(line) => {
                    if let Ok(Some(m)) = Message::parse(&line) {
                        return Ok(m);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    let why = format!(
                        "`{}` said nothing in time during {waiting_for}{}",
                        self.name,
                        self.unreadable_note()
                    );
                    return Err(self.fail(EngineError::TimedOut(why)));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let note = self.exit_note();
                    let why = format!(
                        "`{}` closed its output during {waiting_for}{note}",
                        self.name
                    );
                    return Err(self.fail(EngineError::Crashed(why)));
                }
            }
        }
    }

    /// Tells the engine the next search starts a new game.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.send(&Message::new("new-game"))
    }

    /// Checks that the engine answers `ping` with `pong` within `timeout`.
    pub fn ping(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send(&Message::new("ping"))?;
        let deadline = Instant::now() + timeout;
        while self.receive(deadline, "ping")?.command != "pong" {}
        Ok(())
    }

    /// Asks for a move in the game's current position: `pos` (the start
    /// and every move since, so the engine sees repetitions), `level`,
    /// `go think`, then waits up to `timeout` for `done move=...`, which
    /// must name a legal move.
    pub fn choose<V: Variant>(
        &mut self,
        game: &History<V::Position>,
        limits: Limits,
        timeout: Duration,
    ) -> Result<Answer<parlour_game::registry::MoveOf<V>>, EngineError> {
        let deadline = Instant::now() + timeout;
        let start = game.start();
        let (key, value) = position_arg::<V>(start);
        let mut pos = Message::new("pos").arg(key, value);
        if !game.moves().is_empty() {
            pos = pos.arg("moves", write_line::<V>(start, game.moves()));
        }
        let level = level_message(limits)
            .ok_or_else(|| EngineError::Crashed("a move needs a limit, not infinite".into()))?;
        self.send(&pos)?;
        self.send(&level)?;
        self.send(&Message::new("go").flag("think"))?;
        let mut score = None;
        let mut depth = None;
        let mut last_error: Option<String> = None;
        loop {
            let m = match self.receive(deadline, "its move") {
                Err(EngineError::TimedOut(why)) => {
                    // Best effort: the process is abandoned anyway.
                    let _ = writeln!(self.stdin, "stop");
                    let why = match &last_error {
                        Some(e) => format!("{why} (it had said: {e})"),
                        None => why,
                    };
                    return Err(self.fail(EngineError::TimedOut(why)));
                }
                other => other?,
            };
            match m.command.as_str() {
                "info" => {
                    score = m.get("score").and_then(parse_score).or(score);
                    depth = m.get("depth").and_then(|d| d.parse().ok()).or(depth);
                }
                "error" => last_error = Some(m.get("message").unwrap_or("error").to_string()),
                "done" => {
                    let pos = game.current();
                    let text = m.get("move").unwrap_or("").to_string();
                    if text.is_empty() {
                        let why = format!("`{}` answered done with no move", self.name);
                        return Err(self.fail(EngineError::IllegalMove(why)));
                    }
                    return match V::parse_hub_move(pos, &text) {
                        Ok(mv) => Ok(Answer { mv, score, depth }),
                        Err(e) => {
                            let why = format!("`{}` played `{text}`: {e}", self.name);
                            Err(self.fail(EngineError::IllegalMove(why)))
                        }
                    };
                }
                _ => {}
            }
        }
    }

    /// The engine's exit status if it has ended, reaping it. The first
    /// time it is found ended, what is left of its process group (anything
    /// it started) is killed at once, while its id still names the group.
    fn try_end(&mut self) -> Option<std::process::ExitStatus> {
        let status = self.child.try_wait().ok().flatten()?;
        if !self.ended {
            self.ended = true;
            #[cfg(unix)]
            kill_group(&self.child);
        }
        Some(status)
    }

    /// Kills the engine's process group (the engine and everything it
    /// started that is still in the group) and reaps the engine.
    fn kill(&mut self) {
        if self.try_end().is_some() {
            return;
        }
        #[cfg(unix)]
        kill_group(&self.child);
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.ended = true;
    }

    /// Sends `quit` and waits a moment for the process to end, then ends
    /// it; either way, what is left of its process group is killed.
    pub fn quit(mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|_| self.stdin.flush());
        let until = Instant::now() + Duration::from_millis(500);
        while Instant::now() < until {
            if self.try_end().is_some() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        self.kill();
    }

    /// The command the client was started with.
    pub fn command(&self) -> &str {
        &self.command
    }
}

impl fmt::Debug for HubClient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HubClient")
            .field("command", &self.command)
            .field("name", &self.name)
            .field("pid", &self.child.id())
            .field("failed", &self.failed)
            .finish()
    }
}

impl Drop for HubClient {
    fn drop(&mut self) {
        self.kill();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_can_move_to_a_match_thread() {
        // The arena's players are `Send`.
        fn send<T: Send>() {}
        send::<HubClient>();
        send::<EngineError>();
    }

    #[test]
    fn scores_read_in_hundredths() {
        assert_eq!(parse_score("-0.35"), Some(-35));
        assert_eq!(parse_score("99.93"), Some(9993));
        assert_eq!(parse_score("x"), None);
    }
}
