//! Engine specs as people write them, read once where the text enters
//! into a [`PlayerSpec`]: `random`, `random:seed=3`, `greedy`,
//! `search:depth=8`, `search:movetime=100,threads=1`, `search:nodes=50000`,
//! `search:tc=10+0.1`, each optionally with `name=...`, the search and
//! greedy players with `eval=...` (an evaluation the game names, as
//! `eval=handwritten`), the search with `egdb=DIR` (english checkers'
//! endgame databases, built by `parlour egdb build`), and outside engines
//! speaking Hub,
//! `hub:CMD[,option=value...]`. A search's limits are read as every way in
//! reads them ([`LimitRequest`]): a depth beside a time or a node budget
//! stops it early; a node budget and a time cannot go together.
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
//!   engine's limits, as a search's (sent with Hub's `level`);
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
use parlour_book::{BookSpec, Pick};
use parlour_game::registry::EvalSpec;
use parlour_search::{LimitRequest, Limits, Skill, Time, TimeLimit};
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

/// A game clock as a spec writes it (`tc=10+0.1`): a base time and an
/// increment added after each move.
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
    /// increment. Each number is plain decimal seconds (no sign, no
    /// spaces); their ranges are every clock's ([`LimitRequest`]).
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        let seconds = |v: &str, what| {
            decimal(v).ok_or_else(|| TimeControlError::NotSeconds {
                text: text.to_string(),
                what,
                value: v.to_string(),
            })
        };
        let request = LimitRequest {
            clock: Some(Time::Seconds(seconds(base, "base time")?)),
            increment: Some(Time::Seconds(seconds(inc, "increment")?)),
            ..LimitRequest::default()
        };
        let limits = request.limits().map_err(|source| TimeControlError::Range {
            text: text.to_string(),
            source,
        })?;
        let Some(Limits {
            time:
                Some(TimeLimit::Clock {
                    remaining,
                    increment,
                }),
            ..
        }) = limits
        else {
            unreachable!("a clock asked for is a clock")
        };
        if remaining.is_zero() {
            return Err(TimeControlError::NoBase {
                text: text.to_string(),
            });
        }
        Ok(TimeControl {
            base: remaining,
            increment,
        })
    }
}

/// A plain decimal number (`10`, `0.5`, `.5`): digits and at most one
/// point, nothing else.
fn decimal(text: &str) -> Option<f64> {
    let digits = text.chars().filter(char::is_ascii_digit).count();
    let points = text.chars().filter(|&c| c == '.').count();
    let plain = digits > 0 && points <= 1 && digits + points == text.len();
    plain.then(|| text.parse().ok()).flatten()
}

/// What a search player is made of besides its limits: its threads, its
/// table and its evaluation (with endgame databases, where named).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineOptions {
    /// Search threads, if given (a match's players have 1 by default).
    pub threads: Option<usize>,
    /// Transposition table size in MiB, if given.
    pub hash_mib: Option<u32>,
    /// The evaluation it names, if not the match's.
    pub eval: Option<EvalSpec>,
    /// The directory of the endgame databases it probes, if any.
    pub egdb: Option<PathBuf>,
    /// Its skill level, if not full strength (`skill=N`).
    pub skill: Option<Skill>,
    /// The opening book it plays from before it searches, if named
    /// (`book=`; a match's players have none unless named).
    pub book: Option<BookSpec>,
    /// How it picks among the book's moves (a varied pick by the game's
    /// seed, so a match's games stay what its seed makes them).
    pub book_pick: Pick,
    /// The least depth a book move is played at without a search, if not
    /// the book's default (`bookfloor=PLIES`).
    pub book_floor: Option<u32>,
}

/// An engine spec, read once where its text enters (the command line, a
/// match's configuration) and handed on as it is: the text as written (a
/// match's header records it; `Display` writes it back), the display name
/// and the player.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSpec {
    /// The spec as written, trimmed.
    pub text: String,
    /// The name shown in tables and records (`name=`, else the text).
    pub name: String,
    /// What plays.
    pub kind: PlayerKind,
}

/// The player a spec describes. The factory the caller passes to
/// [`crate::run_match`] builds every player from its spec;
/// [`crate::builtin_factory`] builds `Random` and `Greedy`, and a caller
/// with a searcher adds `Search`.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerKind {
    /// Uniformly random legal moves; with a seed, its games depend on that
    /// seed and the game's seed, without one on the game's seed alone.
    Random {
        /// An optional seed of its own.
        seed: Option<u64>,
    },
    /// The best move one ply deep by an evaluation function.
    Greedy {
        /// The evaluation it names, if not the match's.
        eval: Option<EvalSpec>,
    },
    /// The alpha-beta searcher.
    Search {
        /// Its limits; `None` where the spec names none (a match refuses
        /// it, `parlour play` gives it its own default).
        limits: Option<Limits>,
        /// Threads, table, evaluation.
        engine: EngineOptions,
    },
    /// An outside program speaking Hub (see the module notes for the
    /// syntax).
    Hub {
        /// The command line that starts it.
        command: String,
        /// Its limits, sent with `level`.
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
    /// Reads the specs `texts`, in order; the first that does not read is
    /// the error.
    pub fn read_all<S: AsRef<str>>(texts: &[S]) -> Result<Vec<PlayerSpec>, SpecError> {
        texts.iter().map(|text| text.as_ref().parse()).collect()
    }

    /// The name shown in tables and records.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The limits, for a search player or a Hub engine that has them.
    pub fn limits(&self) -> Option<&Limits> {
        match &self.kind {
            PlayerKind::Search { limits, .. } => limits.as_ref(),
            PlayerKind::Hub { limits, .. } => Some(limits),
            _ => None,
        }
    }

    /// The clock the runner keeps for this player, if any.
    pub fn clock(&self) -> Option<TimeControl> {
        match self.limits()?.time? {
            TimeLimit::Clock {
                remaining,
                increment,
            } => Some(TimeControl {
                base: remaining,
                increment,
            }),
            TimeLimit::MoveTime(_) => None,
        }
    }

    /// The time the runner allows each move, if fixed.
    pub fn movetime(&self) -> Option<Duration> {
        match self.limits()?.time? {
            TimeLimit::MoveTime(t) => Some(t),
            TimeLimit::Clock { .. } => None,
        }
    }
}

impl fmt::Display for PlayerSpec {
    /// The spec as written, which reads back as the same spec.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
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
    startup: Option<Duration>,
    margin: Option<Duration>,
    /// The limits as written, checked in [`Settings::spec`].
    limits: LimitRequest,
    engine: EngineOptions,
}

impl Settings {
    /// Reads the `key=value` items `options` of a spec of `kind`.
    fn read(kind: EngineKind, options: Vec<&str>) -> Result<Settings, SpecProblem> {
        let mut settings = Settings {
            name: None,
            params: Vec::new(),
            seed: None,
            startup: None,
            margin: None,
            limits: LimitRequest::default(),
            engine: EngineOptions::default(),
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

    /// Sets the option `key` to `value`, read (the limits' ranges are
    /// checked with the limits).
    fn set(&mut self, key: SpecKey, value: &str) -> Result<(), SpecProblem> {
        let (limits, engine) = (&mut self.limits, &mut self.engine);
        match key {
            SpecKey::Name if value.is_empty() => return Err(SpecProblem::EmptyName),
            SpecKey::Name if value.contains(['"', '\n', '\r']) => return Err(SpecProblem::BadName),
            SpecKey::Name => self.name = Some(value.to_string()),
            SpecKey::Eval => {
                engine.eval = Some(value.parse().map_err(|_| SpecProblem::EmptyEval)?);
            }
            SpecKey::Egdb if value.is_empty() => return Err(SpecProblem::EmptyEgdb),
            SpecKey::Egdb => engine.egdb = Some(PathBuf::from(value)),
            SpecKey::Book => engine.book = Some(value.parse()?),
            SpecKey::BookPick => engine.book_pick = value.parse()?,
            SpecKey::BookFloor => {
                let n = whole(key, value)?;
                let floor =
                    u32::try_from(n).map_err(|_| SpecProblem::TooLarge { key, value: n })?;
                engine.book_floor = Some(floor);
            }
            SpecKey::Seed => self.seed = Some(seed(value)?),
            SpecKey::Depth => limits.depth = Some(whole(key, value)?),
            SpecKey::Nodes => limits.nodes = Some(whole(key, value)?),
            SpecKey::Movetime => limits.movetime = Some(Time::Millis(whole(key, value)?)),
            SpecKey::Threads => engine.threads = Some(small(key, value)? as usize),
            SpecKey::Hash => engine.hash_mib = Some(small(key, value)?),
            SpecKey::Margin => self.margin = Some(millis(key, value)?),
            SpecKey::Skill => engine.skill = Some(value.parse()?),
            SpecKey::Startup => self.startup = Some(startup(value)?),
            SpecKey::Tc => {
                let tc: TimeControl = value.parse()?;
                limits.clock = Some(Time::Seconds(tc.base.as_secs_f64()));
                limits.increment = Some(Time::Seconds(tc.increment.as_secs_f64()));
            }
        }
        Ok(())
    }

    /// The spec of `kind` these settings make, `text` its name where it
    /// names none (and `command` the program of a Hub engine).
    fn spec(self, kind: EngineKind, text: &str, command: &str) -> Result<PlayerSpec, SpecProblem> {
        let limits = self.limits.limits()?;
        let name = self.name;
        let kind = match kind {
            EngineKind::Hub => {
                let times = (self.startup, self.margin);
                return hub_spec(text, command, name, limits, times, self.params);
            }
            EngineKind::Random => PlayerKind::Random { seed: self.seed },
            EngineKind::Greedy => PlayerKind::Greedy {
                eval: self.engine.eval,
            },
            EngineKind::Search => PlayerKind::Search {
                limits,
                engine: self.engine,
            },
        };
        Ok(PlayerSpec {
            text: text.to_string(),
            name: name.unwrap_or_else(|| text.to_string()),
            kind,
        })
    }
}

/// A whole number (its range is checked where it is used).
fn whole(key: SpecKey, value: &str) -> Result<u64, SpecProblem> {
    value.parse::<u64>().map_err(|_| SpecProblem::NotPositive {
        key,
        value: value.to_string(),
    })
}

/// A whole number above 0.
fn positive(key: SpecKey, value: &str) -> Result<u64, SpecProblem> {
    whole(key, value).and_then(|n| {
        (n > 0).then_some(n).ok_or(SpecProblem::NotPositive {
            key,
            value: value.to_string(),
        })
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
    limits: Option<Limits>,
    (startup, margin): (Option<Duration>, Option<Duration>),
    params: Vec<(String, String)>,
) -> Result<PlayerSpec, SpecProblem> {
    let command = command.trim();
    if command.is_empty() {
        return Err(SpecProblem::EmptyCommand);
    }
    let words = parlour_hub::client::split_command(command)?;
    let limits = limits.ok_or(SpecProblem::HubNoLimit)?;
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
    let default_margin = if limits.is_timed() {
        HUB_TIMED_MARGIN
    } else {
        HUB_UNTIMED_MARGIN
    };
    Ok(PlayerSpec {
        text: text.to_string(),
        name,
        kind: PlayerKind::Hub {
            command: command.to_string(),
            limits,
            startup_timeout: startup.unwrap_or(HUB_STARTUP),
            margin: margin.unwrap_or(default_margin),
            params,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_search::LimitError;

    fn spec(text: &str) -> PlayerSpec {
        text.parse().unwrap()
    }

    #[test]
    fn specs_are_read() {
        let random = spec("random:seed=3");
        assert_eq!(random.kind, PlayerKind::Random { seed: Some(3) });
        assert_eq!(
            (random.name(), random.text.as_str()),
            ("random:seed=3", "random:seed=3")
        );
        let greedy = spec("greedy:name=Greedy One");
        assert_eq!(greedy.kind, PlayerKind::Greedy { eval: None });
        assert_eq!(greedy.name(), "Greedy One");
        assert_eq!(greedy.to_string(), "greedy:name=Greedy One");
        assert_eq!(
            spec("search:depth=2,eval=handwritten").kind,
            PlayerKind::Search {
                limits: Some(Limits::depth(2)),
                engine: EngineOptions {
                    eval: Some("handwritten".parse().unwrap()),
                    ..EngineOptions::default()
                },
            }
        );
        assert_eq!(
            spec("search:depth=2,book=b.book,bookpick=varied:30,bookfloor=0").kind,
            PlayerKind::Search {
                limits: Some(Limits::depth(2)),
                engine: EngineOptions {
                    book: Some(BookSpec::File(PathBuf::from("b.book"))),
                    book_pick: Pick::Varied { margin: 30 },
                    book_floor: Some(0),
                    ..EngineOptions::default()
                },
            }
        );
        assert!("search:depth=2,bookpick=worst"
            .parse::<PlayerSpec>()
            .is_err());
        assert!("search:depth=2,book=".parse::<PlayerSpec>().is_err());
        assert_eq!(
            spec("search:depth=2,egdb=/data/egdb").kind,
            PlayerKind::Search {
                limits: Some(Limits::depth(2)),
                engine: EngineOptions {
                    egdb: Some(PathBuf::from("/data/egdb")),
                    ..EngineOptions::default()
                },
            }
        );
        assert_eq!(
            spec("search:movetime=100,skill=3").kind,
            PlayerKind::Search {
                limits: Some(Limits::movetime(Duration::from_millis(100))),
                engine: EngineOptions {
                    skill: Some(Skill::new(3).unwrap()),
                    ..EngineOptions::default()
                },
            }
        );
        for bad in [
            "search:depth=2,skill=0",
            "search:depth=2,skill=11",
            "search:depth=2,skill=x",
        ] {
            let error = bad.parse::<PlayerSpec>().unwrap_err().to_string();
            assert!(error.contains("skill"), "{bad}: {error}");
        }
        // `eval=default` names the game's default, as no `eval=` does.
        let PlayerKind::Search { engine, .. } = spec("search:depth=2,eval=default").kind else {
            panic!("a search spec")
        };
        assert_eq!(engine.eval, Some(EvalSpec::Default));
        let s = spec("search:movetime=100,threads=2,hash=64,name=x");
        assert_eq!(s.name(), "x");
        assert_eq!(s.movetime(), Some(Duration::from_millis(100)));
        let PlayerKind::Search { engine, .. } = &s.kind else {
            panic!("a search spec")
        };
        assert_eq!((engine.threads, engine.hash_mib), (Some(2), Some(64)));
        assert_eq!(
            spec("search:nodes=50000").limits(),
            Some(&Limits::nodes(50_000))
        );
        // A depth beside a time caps it.
        let capped = spec("search:movetime=100,depth=6");
        assert_eq!(capped.limits().unwrap().depth, Some(6));
        assert_eq!(capped.movetime(), Some(Duration::from_millis(100)));
        let s = spec("search:tc=10+0.1");
        let ten = TimeControl {
            base: Duration::from_secs(10),
            increment: Duration::from_millis(100),
        };
        assert_eq!(s.clock(), Some(ten));
        assert_eq!(s.clock().unwrap().to_string(), "10+0.1");
        assert_eq!(
            spec("search:tc=60").clock().unwrap().increment,
            Duration::ZERO
        );
        // A search with no limit reads (`parlour play` gives it its own).
        let bare = spec("search");
        assert_eq!(bare.limits(), None);
        assert_eq!(spec("search:threads=2").limits(), None);
    }

    #[test]
    fn hub_specs_are_read() {
        let s = spec("hub:parlour hub --game checkers,depth=4,name=self");
        assert_eq!(s.name(), "self");
        assert_eq!(
            s.kind,
            PlayerKind::Hub {
                command: "parlour hub --game checkers".into(),
                limits: Limits::depth(4),
                startup_timeout: HUB_STARTUP,
                margin: HUB_UNTIMED_MARGIN,
                params: Vec::new(),
            }
        );
        // Commas belong to the command up to the first known option.
        let s = spec("hub:/opt/bin/engine --rules huffing,quiet_plies=9,movetime=50");
        let PlayerKind::Hub {
            command, margin, ..
        } = &s.kind
        else {
            panic!("a hub spec")
        };
        assert_eq!(command, "/opt/bin/engine --rules huffing,quiet_plies=9");
        assert_eq!(
            s.name(),
            "hub:engine --rules huffing,quiet_plies=9,movetime=50"
        );
        assert_eq!(*margin, HUB_TIMED_MARGIN);
        assert_eq!(s.movetime(), Some(Duration::from_millis(50)));
        // Quoted commas never split.
        let s = spec("hub:engine 'x,depth=1',tc=5+0.1,startup=0.5,margin=300");
        let PlayerKind::Hub {
            command,
            startup_timeout,
            margin,
            ..
        } = &s.kind
        else {
            panic!("a hub spec")
        };
        assert_eq!(command, "engine 'x,depth=1'");
        assert_eq!(*startup_timeout, Duration::from_millis(500));
        assert_eq!(*margin, Duration::from_millis(300));
        assert_eq!(s.clock().unwrap().to_string(), "5+0.1");
        // A depth beside a time goes to the engine with it.
        let s = spec("hub:engine,depth=2,movetime=50");
        assert_eq!(s.limits().unwrap().depth, Some(2));
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
            ("search:depth=0", P::Limit(LimitError::Depth(0))),
            ("search:depth=101", P::Limit(LimitError::Depth(101))),
            ("search:depth=-1", positive(SpecKey::Depth, "-1")),
            (
                "search:nodes=5,movetime=5",
                P::Limit(LimitError::NodesAndTime),
            ),
            (
                "search:depth=3,depth=4",
                P::Repeated {
                    key: SpecKey::Depth,
                },
            ),
            (
                "search:movetime=100,tc=10+0.1",
                P::Limit(LimitError::ClockAndMoveTime),
            ),
            ("search:tc=abc", tc("base time", "abc", "abc")),
            (
                "search:tc=0+1",
                P::TimeControl(TimeControlError::NoBase { text: s("0+1") }),
            ),
            ("search:tc=10+x", tc("increment", "x", "10+x")),
            ("search:tc=1++5", tc("increment", "+5", "1++5")),
            ("search:tc=1+ 5", tc("increment", " 5", "1+ 5")),
            ("search:tc=1e3", tc("base time", "1e3", "1e3")),
            ("search:depth=3,name=", P::EmptyName),
            ("search:depth=3,name=a\"b", P::BadName),
            ("search:depth=3,eval=", P::EmptyEval),
            ("search:depth=3,egdb=", P::EmptyEgdb),
            ("hub:,depth=2", P::EmptyCommand),
            ("hub:  ", P::EmptyCommand),
            ("hub:engine", P::HubNoLimit),
            ("hub:engine,name=x", P::HubNoLimit),
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
        // A time far out of range is quoted short.
        let err = "search:tc=99999999999999999999999"
            .parse::<PlayerSpec>()
            .unwrap_err();
        assert!(err.to_string().len() < 200, "{err}");
    }
}
