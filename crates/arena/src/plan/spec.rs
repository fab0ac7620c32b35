//! Engine specs as people write them: `random`, `random:seed=3`, `greedy`,
//! `search:depth=8`, `search:movetime=100,threads=1`, `search:nodes=50000`,
//! `search:tc=10+0.1`, each optionally with `name=...`, the search and
//! greedy players with `eval=...` (an evaluation the game names, as
//! `eval=handwritten`), the search with `egdb=DIR` (english checkers'
//! endgame databases, built by `parlour egdb build`), and outside engines
//! speaking Hub,
//! `hub:CMD[,option=value...]`, parsed and checked into a [`PlayerSpec`].
//!
//! # Hub engines
//!
//! `hub:parlour hub --game checkers,depth=4,name=self` runs the program
//! `parlour hub --game checkers` (split into words as a shell would: `'...'`
//! and `"..."` group, `\` escapes) and plays it at depth 4 under the name
//! `self`. The options are the *trailing* comma-separated `key=value` items
//! whose key is one of:
//!
//! - `depth=N`, `nodes=N`, `movetime=MS` or `tc=SECONDS+INCREMENT`: the
//!   engine's limit, exactly one (sent with Hub's `level`);
//! - `name=NAME`: the display name (default: `hub:` and the command, with
//!   the program's directory left out);
//! - `startup=SECONDS`: how long the start-up handshake may take (default
//!   10);
//! - `margin=MS`: how long past its time for the move an engine may go
//!   silent before it loses on time (default 2000); with `depth` or `nodes`,
//!   which have no time, the whole time a move may take (default 60000).
//!
//! Everything before the first such item is the command, commas and all:
//! `hub:engine --rules huffing,quiet_plies=9,depth=2` runs `engine --rules
//! huffing,quiet_plies=9`. Commas inside quotes never split, so a command
//! whose own last argument looks like an option is written in quotes:
//! `hub:engine 'x,depth=1',depth=2`.

use crate::plan::error::{SpecError, SpecProblem, TimeControlError};
use crate::plan::options::{split_hub, EngineKind, SpecKey, HUB_PARAM};
use parlour_game::registry::EvalSpec;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

/// A game clock: a base time and an increment added after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// The time on the clock at the start of the game.
    pub base: Duration,
    /// The time added after each move the engine makes.
    pub increment: Duration,
}

impl fmt::Display for TimeControl {
    /// `10+0.1` (seconds).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.base.as_secs_f64())?;
        if !self.increment.is_zero() {
            write!(f, "+{}", self.increment.as_secs_f64())?;
        }
        Ok(())
    }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// `10+0.1`: 10 seconds and 0.1 seconds a move; `60`: one minute, no
    /// increment.
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        let seconds = |v: &str, what| {
            v.trim()
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e9)
                .map(Duration::from_secs_f64)
                .ok_or_else(|| TimeControlError::NotSeconds {
                    text: text.to_string(),
                    what,
                    value: v.to_string(),
                })
        };
        let base = seconds(base, "base time")?;
        if base.is_zero() {
            return Err(TimeControlError::NoBase {
                text: text.to_string(),
            });
        }
        Ok(TimeControl {
            base,
            increment: seconds(inc, "increment")?,
        })
    }
}

/// How long or how far a searching engine may think. At least one of depth,
/// nodes, movetime or clock is set; the runner enforces `movetime` and
/// `clock` (with a small forfeit margin), the engine itself the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Limits {
    /// Search to this depth in plies.
    pub depth: Option<u32>,
    /// Search about this many nodes per move.
    pub nodes: Option<u64>,
    /// Spend this long on each move.
    pub movetime: Option<Duration>,
    /// Play on a game clock.
    pub clock: Option<TimeControl>,
    /// Search threads (default 1).
    pub threads: usize,
    /// Transposition table size in MiB, if given.
    pub hash_mb: Option<u32>,
}

/// A player as the match was told to build it. The factory the caller
/// passes to [`crate::run_match`] builds every player from its spec;
/// [`crate::builtin_factory`] builds `Random` and `Greedy`, and a caller
/// with a searcher adds `Search`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// Uniformly random legal moves; with a seed, its games depend on that
    /// seed and the game's seed, without one on the game's seed alone.
    Random {
        /// The display name.
        name: String,
        /// An optional seed of its own.
        seed: Option<u64>,
    },
    /// The best move one ply deep by an evaluation function.
    Greedy {
        /// The display name.
        name: String,
        /// The evaluation it names, if not the match's.
        eval: Option<EvalSpec>,
    },
    /// The alpha-beta searcher under `limits`.
    Search {
        /// The display name.
        name: String,
        /// The search limits.
        limits: Limits,
        /// The evaluation it names, if not the match's.
        eval: Option<EvalSpec>,
        /// The directory of the endgame databases the search probes, if any.
        egdb: Option<PathBuf>,
    },
    /// An outside program speaking Hub (see the module notes for the
    /// syntax).
    Hub {
        /// The display name.
        name: String,
        /// The command line that starts it.
        command: String,
        /// Its limit: exactly one of depth, nodes, movetime and clock.
        limits: Limits,
        /// How long the start-up handshake may take.
        startup_timeout: Duration,
        /// How long past its time for a move it may take before it loses on
        /// time; with a depth or node limit, the whole time a move may
        /// take.
        margin: Duration,
        /// Its own parameters (`param.NAME=VALUE`), sent with `set-param`
        /// every time it starts.
        params: Vec<(String, String)>,
    },
}

impl PlayerSpec {
    /// The name shown in tables and records.
    pub fn name(&self) -> &str {
        match self {
            PlayerSpec::Random { name, .. }
            | PlayerSpec::Greedy { name, .. }
            | PlayerSpec::Search { name, .. }
            | PlayerSpec::Hub { name, .. } => name,
        }
    }

    /// The limits, for a search player or a Hub engine.
    pub fn limits(&self) -> Option<&Limits> {
        match self {
            PlayerSpec::Search { limits, .. } | PlayerSpec::Hub { limits, .. } => Some(limits),
            _ => None,
        }
    }

    /// The clock the runner keeps for this player, if any.
    pub fn clock(&self) -> Option<TimeControl> {
        self.limits().and_then(|l| l.clock)
    }

    /// The time the runner allows each move, if fixed.
    pub fn movetime(&self) -> Option<Duration> {
        self.limits().and_then(|l| l.movetime)
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<PlayerSpec, SpecError> {
        let text = text.trim();
        let fail = |problem| SpecError {
            spec: text.to_string(),
            problem,
        };
        let (kind, rest) = text.split_once(':').unwrap_or((text, ""));
        let kind = kind.trim();
        let kind = EngineKind::named(kind).ok_or_else(|| {
            fail(SpecProblem::UnknownKind {
                kind: kind.to_string(),
            })
        })?;
        let (command, options) = match kind {
            EngineKind::Hub => split_hub(rest),
            _ => ("", rest.split(',').collect()),
        };
        let settings = Settings::read(kind, options).map_err(fail)?;
        settings.spec(kind, text, command).map_err(fail)
    }
}

/// The options of one spec as read, each given at most once.
struct Settings {
    name: Option<String>,
    /// A Hub engine's `param.NAME=VALUE`s, in order.
    params: Vec<(String, String)>,
    seed: Option<u64>,
    eval: Option<EvalSpec>,
    egdb: Option<PathBuf>,
    startup: Option<Duration>,
    margin: Option<Duration>,
    limits: Limits,
}

impl Settings {
    /// Reads the `key=value` items `options` of a spec of `kind`.
    fn read(kind: EngineKind, options: Vec<&str>) -> Result<Settings, SpecProblem> {
        let mut settings = Settings {
            name: None,
            params: Vec::new(),
            seed: None,
            eval: None,
            egdb: None,
            startup: None,
            margin: None,
            limits: Limits {
                threads: 1,
                ..Limits::default()
            },
        };
        let mut seen: Vec<SpecKey> = Vec::new();
        for option in options.into_iter().map(str::trim).filter(|o| !o.is_empty()) {
            let (word, value) =
                option
                    .split_once('=')
                    .ok_or_else(|| SpecProblem::NotNameValue {
                        option: option.to_string(),
                    })?;
            let word = word.trim();
            if let Some(param) = word
                .strip_prefix(HUB_PARAM)
                .filter(|_| kind == EngineKind::Hub)
            {
                settings.param(param, value.trim())?;
                continue;
            }
            let key = kind
                .options()
                .find(word)
                .ok_or_else(|| SpecProblem::UnknownOption {
                    key: word.to_string(),
                    kind,
                })?;
            if seen.contains(&key) {
                return Err(SpecProblem::Repeated { key });
            }
            seen.push(key);
            settings.set(key, value.trim())?;
        }
        Ok(settings)
    }

    /// Adds a Hub engine's parameter `name`, once, with its value.
    fn param(&mut self, name: &str, value: &str) -> Result<(), SpecProblem> {
        if name.is_empty() || name.contains(char::is_whitespace) {
            return Err(SpecProblem::BadParam {
                name: name.to_string(),
            });
        }
        if self.params.iter().any(|(n, _)| n == name) {
            return Err(SpecProblem::RepeatedParam {
                name: name.to_string(),
            });
        }
        self.params.push((name.to_string(), value.to_string()));
        Ok(())
    }

    /// Sets the option `key` to `value`, checked.
    fn set(&mut self, key: SpecKey, value: &str) -> Result<(), SpecProblem> {
        let limits = &mut self.limits;
        match key {
            SpecKey::Name if value.is_empty() => return Err(SpecProblem::EmptyName),
            SpecKey::Name if value.contains(['"', '\n', '\r']) => return Err(SpecProblem::BadName),
            SpecKey::Name => self.name = Some(value.to_string()),
            SpecKey::Eval => {
                self.eval = Some(value.parse().map_err(|_| SpecProblem::EmptyEval)?);
            }
            SpecKey::Egdb if value.is_empty() => return Err(SpecProblem::EmptyEgdb),
            SpecKey::Egdb => self.egdb = Some(PathBuf::from(value)),
            SpecKey::Seed => self.seed = Some(seed(value)?),
            SpecKey::Depth => limits.depth = Some(small(key, value)?),
            SpecKey::Nodes => limits.nodes = Some(positive(key, value)?),
            SpecKey::Movetime => limits.movetime = Some(millis(key, value)?),
            SpecKey::Threads => limits.threads = small(key, value)? as usize,
            SpecKey::Hash => limits.hash_mb = Some(small(key, value)?),
            SpecKey::Margin => self.margin = Some(millis(key, value)?),
            SpecKey::Startup => self.startup = Some(startup(value)?),
            SpecKey::Tc => limits.clock = Some(value.parse()?),
        }
        Ok(())
    }

    /// The spec of `kind` these settings make, `text` its name where it
    /// names none (and `command` the program of a Hub engine).
    fn spec(self, kind: EngineKind, text: &str, command: &str) -> Result<PlayerSpec, SpecProblem> {
        if kind == EngineKind::Hub {
            let (limits, startup, margin) = (self.limits, self.startup, self.margin);
            let (name, params) = (self.name, self.params);
            return hub_spec(text, command, name, limits, (startup, margin), params);
        }
        let name = self.name.unwrap_or_else(|| text.to_string());
        Ok(match kind {
            EngineKind::Random => PlayerSpec::Random {
                name,
                seed: self.seed,
            },
            EngineKind::Greedy => PlayerSpec::Greedy {
                name,
                eval: self.eval,
            },
            _ => {
                let limits = self.limits;
                if limits.clock.is_some() && limits.movetime.is_some() {
                    return Err(SpecProblem::ClockAndMoveTime);
                }
                let timed = limits.movetime.is_some() || limits.clock.is_some();
                if !timed && limits.depth.is_none() && limits.nodes.is_none() {
                    return Err(SpecProblem::NoLimit);
                }
                PlayerSpec::Search {
                    name,
                    limits,
                    eval: self.eval,
                    egdb: self.egdb,
                }
            }
        })
    }
}

/// A whole number above 0.
fn positive(key: SpecKey, value: &str) -> Result<u64, SpecProblem> {
    value
        .parse::<u64>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| SpecProblem::NotPositive {
            key,
            value: value.to_string(),
        })
}

/// A whole number above 0 that fits 32 bits.
fn small(key: SpecKey, value: &str) -> Result<u32, SpecProblem> {
    let n = positive(key, value)?;
    u32::try_from(n).map_err(|_| SpecProblem::TooLarge { key, value: n })
}

/// A whole number of milliseconds above 0.
fn millis(key: SpecKey, value: &str) -> Result<Duration, SpecProblem> {
    positive(key, value).map(Duration::from_millis)
}

/// A random player's seed: any whole number.
fn seed(value: &str) -> Result<u64, SpecProblem> {
    value.parse::<u64>().map_err(|_| SpecProblem::Seed {
        value: value.to_string(),
    })
}

/// A Hub engine's start-up timeout: seconds above 0.
fn startup(value: &str) -> Result<Duration, SpecProblem> {
    value
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s < 1e6)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| SpecProblem::Startup {
            value: value.to_string(),
        })
}

/// The default start-up timeout of a Hub engine.
pub const HUB_STARTUP: Duration = Duration::from_secs(10);
/// The default margin of a Hub engine on a clock or a time per move.
pub const HUB_TIMED_MARGIN: Duration = Duration::from_secs(2);
/// The default time a move may take for a Hub engine with a depth or node
/// limit.
pub const HUB_UNTIMED_MARGIN: Duration = Duration::from_secs(60);

/// A `hub:` spec from its parts, checked.
fn hub_spec(
    text: &str,
    command: &str,
    name: Option<String>,
    limits: Limits,
    (startup, margin): (Option<Duration>, Option<Duration>),
    params: Vec<(String, String)>,
) -> Result<PlayerSpec, SpecProblem> {
    let command = command.trim();
    if command.is_empty() {
        return Err(SpecProblem::EmptyCommand);
    }
    let words = parlour_hub::client::split_command(command)?;
    let set = [
        limits.depth.is_some(),
        limits.nodes.is_some(),
        limits.movetime.is_some(),
        limits.clock.is_some(),
    ];
    match set.iter().filter(|&&s| s).count() {
        0 => return Err(SpecProblem::HubNoLimit),
        1 => {}
        _ => return Err(SpecProblem::HubLimits),
    }
    let timed = limits.movetime.is_some() || limits.clock.is_some();
    let name = name.unwrap_or_else(|| {
        // The program without its directory, then its arguments and the
        // options; no quotes, which a PDN tag cannot hold.
        let program = std::path::Path::new(&words[0])
            .file_name()
            .map_or_else(|| words[0].clone(), |f| f.to_string_lossy().into_owned());
        let mut name = format!("hub:{program}");
        for word in &words[1..] {
            name.push(' ');
            name.push_str(word);
        }
        let options = &text[text.find(command).map_or(text.len(), |i| i + command.len())..];
        name.push_str(options.trim());
        name.replace(['"', '\n', '\r'], "'")
    });
    Ok(PlayerSpec::Hub {
        name,
        command: command.to_string(),
        limits,
        startup_timeout: startup.unwrap_or(HUB_STARTUP),
        margin: margin.unwrap_or(if timed {
            HUB_TIMED_MARGIN
        } else {
            HUB_UNTIMED_MARGIN
        }),
        params,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_are_read() {
        assert_eq!(
            "random".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::Random {
                name: "random".into(),
                seed: None
            }
        );
        assert_eq!(
            "random:seed=3".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::Random {
                name: "random:seed=3".into(),
                seed: Some(3)
            }
        );
        assert_eq!(
            "greedy:name=Greedy One".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::Greedy {
                name: "Greedy One".into(),
                eval: None
            }
        );
        assert_eq!(
            "search:depth=2,eval=handwritten"
                .parse::<PlayerSpec>()
                .unwrap(),
            PlayerSpec::Search {
                name: "search:depth=2,eval=handwritten".into(),
                limits: Limits {
                    depth: Some(2),
                    threads: 1,
                    ..Limits::default()
                },
                eval: Some("handwritten".parse().unwrap()),
                egdb: None,
            }
        );
        assert_eq!(
            "search:depth=2,egdb=/data/egdb"
                .parse::<PlayerSpec>()
                .unwrap(),
            PlayerSpec::Search {
                name: "search:depth=2,egdb=/data/egdb".into(),
                limits: Limits {
                    depth: Some(2),
                    threads: 1,
                    ..Limits::default()
                },
                eval: None,
                egdb: Some(PathBuf::from("/data/egdb")),
            }
        );
        let s: PlayerSpec = "search:depth=8".parse().unwrap();
        assert_eq!(s.limits().unwrap().depth, Some(8));
        assert_eq!(s.limits().unwrap().threads, 1);
        let s: PlayerSpec = "search:movetime=100,threads=2,hash=64,name=x"
            .parse()
            .unwrap();
        assert_eq!(s.name(), "x");
        assert_eq!(s.movetime(), Some(Duration::from_millis(100)));
        let l = s.limits().unwrap();
        assert_eq!((l.threads, l.hash_mb), (2, Some(64)));
        let s: PlayerSpec = "search:nodes=50000".parse().unwrap();
        assert_eq!(s.limits().unwrap().nodes, Some(50_000));
        let s: PlayerSpec = "search:tc=10+0.1".parse().unwrap();
        assert_eq!(
            s.clock(),
            Some(TimeControl {
                base: Duration::from_secs(10),
                increment: Duration::from_millis(100)
            })
        );
        assert_eq!(s.clock().unwrap().to_string(), "10+0.1");
        let s: PlayerSpec = "search:tc=60".parse().unwrap();
        assert_eq!(s.clock().unwrap().increment, Duration::ZERO);
    }

    #[test]
    fn hub_specs_are_read() {
        let s: PlayerSpec = "hub:parlour hub --game checkers,depth=4,name=self"
            .parse()
            .unwrap();
        assert_eq!(
            s,
            PlayerSpec::Hub {
                name: "self".into(),
                command: "parlour hub --game checkers".into(),
                limits: Limits {
                    depth: Some(4),
                    threads: 1,
                    ..Limits::default()
                },
                startup_timeout: HUB_STARTUP,
                margin: HUB_UNTIMED_MARGIN,
                params: Vec::new(),
            }
        );
        // Commas belong to the command up to the first known option.
        let s: PlayerSpec = "hub:/opt/bin/engine --rules huffing,quiet_plies=9,movetime=50"
            .parse()
            .unwrap();
        let PlayerSpec::Hub {
            name,
            command,
            margin,
            ..
        } = &s
        else {
            panic!("a hub spec")
        };
        assert_eq!(command, "/opt/bin/engine --rules huffing,quiet_plies=9");
        assert_eq!(name, "hub:engine --rules huffing,quiet_plies=9,movetime=50");
        assert_eq!(*margin, HUB_TIMED_MARGIN);
        assert_eq!(s.movetime(), Some(Duration::from_millis(50)));
        // Quoted commas never split.
        let s: PlayerSpec = "hub:engine 'x,depth=1',tc=5+0.1,startup=0.5,margin=300"
            .parse()
            .unwrap();
        let PlayerSpec::Hub {
            command,
            startup_timeout,
            margin,
            ..
        } = &s
        else {
            panic!("a hub spec")
        };
        assert_eq!(command, "engine 'x,depth=1'");
        assert_eq!(*startup_timeout, Duration::from_millis(500));
        assert_eq!(*margin, Duration::from_millis(300));
        assert_eq!(s.clock().unwrap().to_string(), "5+0.1");
    }

    #[test]
    fn bad_specs_are_explained() {
        use SpecProblem as P;
        let s = |t: &str| t.to_string();
        let unknown = |key: &str, kind| P::UnknownOption { key: s(key), kind };
        let positive = |key, value: &str| P::NotPositive {
            key,
            value: s(value),
        };
        let tc = |what, value: &str, text: &str| {
            P::TimeControl(TimeControlError::NotSeconds {
                text: s(text),
                what,
                value: s(value),
            })
        };
        for (text, problem) in [
            (
                "alphabeta:depth=3",
                P::UnknownKind {
                    kind: s("alphabeta"),
                },
            ),
            ("", P::UnknownKind { kind: s("") }),
            ("random:depth=3", unknown("depth", EngineKind::Random)),
            ("greedy:seed=1", unknown("seed", EngineKind::Greedy)),
            ("random:seed=x", P::Seed { value: s("x") }),
            ("random:seed", P::NotNameValue { option: s("seed") }),
            ("search", P::NoLimit),
            ("search:threads=2", P::NoLimit),
            ("search:depth=0", positive(SpecKey::Depth, "0")),
            ("search:depth=-1", positive(SpecKey::Depth, "-1")),
            (
                "search:depth=3,depth=4",
                P::Repeated {
                    key: SpecKey::Depth,
                },
            ),
            ("search:movetime=100,tc=10+0.1", P::ClockAndMoveTime),
            ("search:tc=abc", tc("base time", "abc", "abc")),
            (
                "search:tc=0+1",
                P::TimeControl(TimeControlError::NoBase { text: s("0+1") }),
            ),
            ("search:tc=10+x", tc("increment", "x", "10+x")),
            ("search:depth=3,name=", P::EmptyName),
            ("search:depth=3,name=a\"b", P::BadName),
            ("search:depth=3,eval=", P::EmptyEval),
            ("search:depth=3,egdb=", P::EmptyEgdb),
            ("hub:,depth=2", P::EmptyCommand),
            ("hub:  ", P::EmptyCommand),
            ("hub:engine", P::HubNoLimit),
            ("hub:engine,name=x", P::HubNoLimit),
            ("hub:engine,depth=2,movetime=50", P::HubLimits),
            (
                "hub:engine 'x,depth=2",
                P::Command(parlour_hub::client::CommandLineError::Unclosed {
                    quote: '\'',
                    command: s("engine 'x,depth=2"),
                }),
            ),
            (
                "hub:engine,depth=2,depth=3",
                P::Repeated {
                    key: SpecKey::Depth,
                },
            ),
            ("hub:engine,depth=2,startup=0", P::Startup { value: s("0") }),
            (
                "hub:engine,depth=2,margin=x",
                positive(SpecKey::Margin, "x"),
            ),
        ] {
            let err = text.parse::<PlayerSpec>().unwrap_err();
            assert_eq!(err.problem, problem, "`{text}` gave `{err}`");
            assert_eq!(err.spec, text.trim());
        }
    }
}
