//! The client against programs that fail: one that crashes, one that says
//! nothing, one that answers too late, one that plays an illegal move, one
//! that does not exist. Each gives its own clear error, never later than
//! its timeout. (The client against `parlour hub` itself is a test of the
//! `parlour` binary, in the CLI's tests.)
#![cfg(unix)]

use parlour_checkers::{Position, Rules};
use parlour_game::History;
use parlour_hub::{ClientOptions, EngineError, HubClient};
use parlour_search::Limits;
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A shell script in its own temporary folder, removed with it.
struct Script(PathBuf);

impl Script {
    fn to_str(&self) -> Option<&str> {
        self.0.to_str()
    }
}

impl Drop for Script {
    fn drop(&mut self) {
        if let Some(dir) = self.0.parent() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// A shell script in a fresh temporary folder, made executable.
fn script(name: &str, body: &str) -> Script {
    let dir =
        std::env::temp_dir().join(format!("parlour-hub-client-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.sh"));
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    Script(path)
}

/// The handshake of a well-behaved engine, in shell.
const HANDSHAKE: &str = "read line; echo 'id name=scripted version=1'; \
                         echo 'param name=hash value=64 type=int'; echo wait\n\
                         read line; echo ready\n";

fn options(timeout_ms: u64) -> ClientOptions {
    ClientOptions {
        startup_timeout: Duration::from_millis(timeout_ms),
        variant: Some("english".into()),
        params: vec![("hash".into(), "1".into())],
    }
}

fn start_game() -> History<Position> {
    History::new(Position::start(Rules::ENGLISH))
}

#[test]
fn an_engine_that_crashes_after_the_handshake() {
    let path = script(
        "crash",
        &format!("{HANDSHAKE}read line\necho 'dying' >&2\nexit 3\n"),
    );
    let mut client = HubClient::start(path.to_str().unwrap(), &options(5000)).unwrap();
    assert_eq!(client.name(), "scripted");
    let started = Instant::now();
    let err = client
        .choose::<Rules>(&start_game(), Limits::depth(2), Duration::from_secs(10))
        .unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(5));
    match &err {
        // Whether its death is seen writing to it or reading from it
        // varies; its status and last words are always said.
        EngineError::Crashed(why) => {
            assert!(
                why.ends_with(" (exit status: 3); its last words: dying"),
                "{why}"
            );
        }
        other => panic!("expected a crash, got {other:?}"),
    }
    // A failed client refuses further work with the same error.
    assert_eq!(client.new_game().unwrap_err(), err);
}

#[test]
fn an_engine_that_says_nothing_times_out_at_start() {
    let path = script("silent", "exec sleep 30\n");
    let started = Instant::now();
    let err = HubClient::start(path.to_str().unwrap(), &options(300)).unwrap_err();
    let took = started.elapsed();
    assert!(
        took >= Duration::from_millis(300) && took < Duration::from_secs(3),
        "{took:?}"
    );
    match err {
        EngineError::TimedOut(why) => assert_eq!(
            why,
            format!(
                "`{}` said nothing in time during the handshake (hub ... wait)",
                path.0.display()
            )
        ),
        other => panic!("expected a timeout, got {other:?}"),
    }
}

#[test]
fn an_engine_that_never_answers_go_times_out_on_the_move() {
    let path = script("slow", &format!("{HANDSHAKE}exec sleep 30\n"));
    let mut client = HubClient::start(path.to_str().unwrap(), &options(5000)).unwrap();
    let started = Instant::now();
    let err = client
        .choose::<Rules>(
            &start_game(),
            Limits::movetime(Duration::from_millis(100)),
            Duration::from_millis(400),
        )
        .unwrap_err();
    let took = started.elapsed();
    assert!(
        took >= Duration::from_millis(400) && took < Duration::from_secs(3),
        "{took:?}"
    );
    assert_eq!(
        err,
        EngineError::TimedOut("`scripted` said nothing in time during its move".to_string())
    );
    client.quit();
}

#[test]
fn an_illegal_move_is_named() {
    let path = script(
        "illegal",
        &format!(
            "{HANDSHAKE}while read line; do case \"$line\" in go*) echo 'info depth=1 score=0.5'; echo 'done move=9-14x3';; esac; done\n"
        ),
    );
    let mut client = HubClient::start(path.to_str().unwrap(), &options(5000)).unwrap();
    let err = client
        .choose::<Rules>(&start_game(), Limits::depth(1), Duration::from_secs(5))
        .unwrap_err();
    match err {
        EngineError::IllegalMove(why) => assert_eq!(
            why,
            "`scripted` played `9-14x3`: `9-14x3` mixes - and x: \
             write 11-15 for a step, 9x18x27 for a capture"
        ),
        other => panic!("expected an illegal move, got {other:?}"),
    }
}

#[test]
fn a_scripted_engine_is_understood() {
    // The answer in Hub form, with a score and a ponder move.
    let path = script(
        "legal",
        &format!(
            "{HANDSHAKE}while read line; do case \"$line\" in go*) echo 'info depth=1 score=-0.25 pv=\"11-15 23-19\"'; echo 'done move=11-15 ponder=23-19';; ping) echo pong;; quit) exit 0;; esac; done\n"
        ),
    );
    let mut client = HubClient::start(path.to_str().unwrap(), &options(5000)).unwrap();
    client.ping(Duration::from_secs(5)).unwrap();
    let game = start_game();
    let answer = client
        .choose::<Rules>(&game, Limits::depth(1), Duration::from_secs(5))
        .unwrap();
    assert_eq!(answer.mv.to_string(), "11-15");
    assert_eq!(answer.score, Some(-25));
    client.quit();
}

#[test]
fn a_missing_program_is_a_crash() {
    let err = HubClient::start("/no/such/engine hub", &options(1000)).unwrap_err();
    assert_eq!(
        err,
        EngineError::Crashed(
            "cannot start `/no/such/engine hub`: No such file or directory (os error 2)"
                .to_string()
        )
    );
}

#[test]
fn the_variant_is_set_where_declared_and_refused_where_missing() {
    // An engine of other variants (as Scan declares its own).
    let path = script(
        "scan-like",
        "read line; echo 'param name=variant value=normal type=enum values=\"normal killer\"'; echo wait; exec sleep 30\n",
    );
    let err = HubClient::start(path.to_str().unwrap(), &options(5000)).unwrap_err();
    assert_eq!(
        err,
        EngineError::Crashed(format!(
            "`{}` does not play english: its variants are normal killer",
            path.0.display()
        ))
    );
    // No variant parameter: english only.
    let path = script("english-only", &format!("{HANDSHAKE}exec sleep 30\n"));
    let huffing = ClientOptions {
        startup_timeout: Duration::from_secs(5),
        ..ClientOptions::for_variant("huffing")
    };
    let err = HubClient::start(path.to_str().unwrap(), &huffing).unwrap_err();
    assert_eq!(
        err,
        EngineError::Crashed(
            "`scripted` declares no variant parameter, so it plays english checkers, not huffing"
                .to_string()
        )
    );
    // Declared: the set-param is sent before init (the script checks it).
    let path = script(
        "declares",
        "read line; echo 'param name=variant value=english type=enum values=\"english huffing\"'; echo wait\n\
         read line; [ \"$line\" = 'set-param name=variant value=huffing' ] || exit 9\n\
         read line; echo ready; exec sleep 30\n",
    );
    let client = HubClient::start(path.to_str().unwrap(), &huffing).unwrap();
    assert!(client.failure().is_none());
}

#[test]
fn a_line_that_is_not_utf8_is_skipped_and_counted() {
    // Two broken lines (one inside the handshake), then a good answer.
    let path = script(
        "not-utf8",
        "read line; printf 'id name=\\377\\376\\n'; echo 'param name=hash'; echo wait\n\
         read line; echo ready\n\
         while read line; do case \"$line\" in go*) printf 'info \\303\\n'; echo 'done move=11-15';; quit) exit 0;; esac; done\n",
    );
    let mut client = HubClient::start(path.to_str().unwrap(), &options(5000)).unwrap();
    let answer = client
        .choose::<Rules>(&start_game(), Limits::depth(1), Duration::from_secs(5))
        .unwrap();
    assert_eq!(answer.mv.to_string(), "11-15");
    assert_eq!(client.unreadable_lines(), 2);
    assert!(client.failure().is_none());
    client.quit();
}

/// Whether the process `pid` has ended: gone, or a zombie no one has
/// reaped yet (in a container without an init that reaps orphans).
fn ended(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        // `pid (comm) state ...`: the state follows the last `)`.
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with(['Z', 'X'])),
    }
}

/// Waits up to two seconds for `pid` to end.
fn ends(pid: &str) -> bool {
    let until = Instant::now() + Duration::from_secs(2);
    while Instant::now() < until {
        if ended(pid) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

#[test]
fn what_an_engine_started_is_killed_with_it() {
    // The engine starts a helper in the background, as a wrapper script
    // or an engine with a worker process would, and says its pid.
    for (name, stop_by_quit) in [("helper-drop", false), ("helper-quit", true)] {
        let helper = std::env::temp_dir().join(format!(
            "parlour-hub-client-{}-{name}.pid",
            std::process::id()
        ));
        let _ = std::fs::remove_file(&helper);
        let path = script(
            name,
            &format!(
                "sleep 300 &\necho $! > '{}'\n{HANDSHAKE}\
                 while read line; do case \"$line\" in quit) exit 0;; esac; done\n",
                helper.display()
            ),
        );
        let client = HubClient::start(path.to_str().unwrap(), &options(5000)).unwrap();
        let pid = std::fs::read_to_string(&helper).unwrap().trim().to_string();
        assert!(!ended(&pid), "the helper runs while the engine does");
        if stop_by_quit {
            // The engine itself quits cleanly; its helper is left behind
            // unless the group is killed.
            client.quit();
        } else {
            drop(client);
        }
        assert!(ends(&pid), "{name}: the helper {pid} still runs");
        let _ = std::fs::remove_file(&helper);
    }
}

#[test]
fn a_parameter_the_engine_does_not_offer_is_refused() {
    let path = script("no-such-param", &format!("{HANDSHAKE}exec sleep 30\n"));
    let options = ClientOptions {
        params: vec![("hashh".into(), "1".into())],
        ..options(5000)
    };
    let Err(err) = HubClient::start(path.to_str().unwrap(), &options) else {
        panic!("an unknown parameter was accepted");
    };
    assert_eq!(
        err.to_string(),
        "crashed: `scripted` has no parameter `hashh`: it offers hash"
    );
}

/// Linux will not run a file open for writing ("text file busy"). That
/// happens for a moment when another thread forks while a script is being
/// written; here the test holds the file open itself for 100 ms. The client
/// waits the refusal out and starts the engine.
#[test]
fn a_program_busy_for_a_moment_is_started_once_free() {
    let path = script("busy", &format!("{HANDSHAKE}read line\n"));
    let writer = std::fs::OpenOptions::new()
        .append(true)
        .open(&path.0)
        .unwrap();
    let closer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        drop(writer);
    });
    let client = HubClient::start(path.to_str().unwrap(), &options(5000));
    closer.join().unwrap();
    assert_eq!(client.unwrap().name(), "scripted");
}

/// `yes` prints `y` without end: its start-up limit holds all the same, and
/// its output waits in a bounded queue, not in an ever larger one.
#[test]
fn an_engine_that_never_stops_printing_times_out_at_start() {
    let started = Instant::now();
    let err = HubClient::start("yes", &options(1000)).unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(4), "{err}");
    match err {
        EngineError::TimedOut(why) => assert!(why.contains("the handshake"), "{why}"),
        other => panic!("{other}"),
    }
}

/// Floods of `info` lines, then a line of 100 KiB with no end: the move's
/// time limit holds, and the long line is skipped and counted.
#[test]
fn an_engine_that_floods_its_output_times_out_on_the_move() {
    let path = script(
        "flood",
        &format!("{HANDSHAKE}read line; read line; read line\nhead -c 102400 /dev/zero\necho\nyes 'info depth=1'\n"),
    );
    let mut client = HubClient::start(path.to_str().unwrap(), &options(5000)).unwrap();
    let started = Instant::now();
    let err = client
        .choose::<Rules>(&start_game(), Limits::depth(1), Duration::from_secs(1))
        .unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(4), "{err}");
    match err {
        EngineError::TimedOut(why) => {
            assert!(
                why.ends_with("; it wrote 1 unreadable line (not UTF-8, or over 64 KiB)"),
                "{why}"
            )
        }
        other => panic!("{other}"),
    }
}
