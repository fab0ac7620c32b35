//! Engine specs as people write them: `random`, `random:seed=3`, `greedy`,
//! `search:depth=8`, `search:movetime=100,threads=1`, `search:nodes=50000`,
//! `search:tc=10+0.1`, each optionally with `name=...`, and outside engines
//! speaking Hub, `hub:CMD[,option=value...]`, parsed and checked into a
//! [`PlayerSpec`].
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

use std::fmt;
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
    type Err = String;

    /// `10+0.1`: 10 seconds and 0.1 seconds a move; `60`: one minute, no
    /// increment.
    fn from_str(text: &str) -> Result<TimeControl, String> {
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        let seconds = |v: &str, what: &str| {
            v.trim()
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e9)
                .map(Duration::from_secs_f64)
                .ok_or_else(|| format!("tc `{text}`: the {what} `{v}` is not a number of seconds"))
        };
        let base = seconds(base, "base time")?;
        if base.is_zero() {
            return Err(format!("tc `{text}`: the base time must be more than 0"));
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
    },
    /// The alpha-beta searcher under `limits`.
    Search {
        /// The display name.
        name: String,
        /// The search limits.
        limits: Limits,
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
    },
}

/// The options a `hub:` spec takes.
const HUB_KEYS: [&str; 7] = [
    "depth", "nodes", "movetime", "tc", "name", "startup", "margin",
];

/// The default start-up timeout of a Hub engine.
pub const HUB_STARTUP: Duration = Duration::from_secs(10);
/// The default margin of a Hub engine on a clock or a time per move.
pub const HUB_TIMED_MARGIN: Duration = Duration::from_secs(2);
/// The default time a move may take for a Hub engine with a depth or node
/// limit.
pub const HUB_UNTIMED_MARGIN: Duration = Duration::from_secs(60);

impl PlayerSpec {
    /// The name shown in tables and records.
    pub fn name(&self) -> &str {
        match self {
            PlayerSpec::Random { name, .. }
            | PlayerSpec::Greedy { name }
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

const KINDS: &str = "random, greedy, search or hub";

fn options_of(kind: &str) -> &'static str {
    match kind {
        "random" => "seed, name",
        "greedy" => "name",
        "hub" => "depth, nodes, movetime, tc, name, startup, margin",
        _ => "depth, nodes, movetime, tc, threads, hash, name",
    }
}

impl FromStr for PlayerSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<PlayerSpec, String> {
        let text = text.trim();
        let (kind, rest) = text.split_once(':').unwrap_or((text, ""));
        let kind = kind.trim();
        if !matches!(kind, "random" | "greedy" | "search" | "hub") {
            return Err(format!(
                "engine `{text}`: unknown kind `{kind}`: expected {KINDS}, \
                 as in random:seed=3, greedy, search:depth=8, hub:parlour hub,depth=4"
            ));
        }
        let (command, options) = if kind == "hub" {
            let (command, options) = split_hub(rest);
            (Some(command), options)
        } else {
            (None, rest.split(',').collect())
        };
        let mut name = None;
        let mut seed = None;
        let mut startup = None;
        let mut margin = None;
        let mut limits = Limits {
            threads: 1,
            ..Limits::default()
        };
        let mut seen: Vec<&str> = Vec::new();
        for option in options.into_iter().map(str::trim).filter(|o| !o.is_empty()) {
            let (key, value) = option.split_once('=').ok_or_else(|| {
                format!("engine `{text}`: option `{option}` is not of the form name=value")
            })?;
            let (key, value) = (key.trim(), value.trim());
            let allowed = options_of(kind);
            if !allowed.split(", ").any(|k| k == key) {
                return Err(format!(
                    "engine `{text}`: unknown option `{key}` for {kind}: its options are {allowed}"
                ));
            }
            if seen.contains(&key) {
                return Err(format!("engine `{text}`: option `{key}` is given twice"));
            }
            seen.push(key);
            let positive = |what: &str| -> Result<u64, String> {
                value.parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(|| {
                    format!("engine `{text}`: {what} must be a whole number above 0, not `{value}`")
                })
            };
            let small = |what: &str| -> Result<u32, String> {
                let n = positive(what)?;
                u32::try_from(n).map_err(|_| format!("engine `{text}`: {what} {n} is too large"))
            };
            match key {
                "name" if value.is_empty() => {
                    return Err(format!("engine `{text}`: the name is empty"))
                }
                "name" if value.contains(['"', '\n', '\r']) => {
                    return Err(format!(
                        "engine `{text}`: a name may not contain quotes or line breaks"
                    ))
                }
                "name" => name = Some(value.to_string()),
                "seed" => {
                    seed = Some(value.parse::<u64>().map_err(|_| {
                        format!("engine `{text}`: seed must be a whole number, not `{value}`")
                    })?)
                }
                "depth" => limits.depth = Some(small("depth")?),
                "nodes" => limits.nodes = Some(positive("nodes")?),
                "movetime" => limits.movetime = Some(Duration::from_millis(positive("movetime")?)),
                "threads" => limits.threads = small("threads")? as usize,
                "hash" => limits.hash_mb = Some(small("hash")?),
                "margin" => margin = Some(Duration::from_millis(positive("margin")?)),
                "startup" => {
                    startup = Some(
                        value
                            .parse::<f64>()
                            .ok()
                            .filter(|s| s.is_finite() && *s > 0.0 && *s < 1e6)
                            .map(Duration::from_secs_f64)
                            .ok_or_else(|| {
                                format!(
                                    "engine `{text}`: startup must be a number of seconds \
                                     above 0, not `{value}`"
                                )
                            })?,
                    )
                }
                "tc" => {
                    limits.clock = Some(
                        value
                            .parse()
                            .map_err(|e: String| format!("engine `{text}`: {e}"))?,
                    )
                }
                _ => unreachable!("options are checked against the list above"),
            }
        }
        if let Some(command) = command {
            return hub_spec(text, command, name, limits, startup, margin);
        }
        let name = name.unwrap_or_else(|| text.to_string());
        Ok(match kind {
            "random" => PlayerSpec::Random { name, seed },
            "greedy" => PlayerSpec::Greedy { name },
            _ => {
                if limits.clock.is_some() && limits.movetime.is_some() {
                    return Err(format!(
                        "engine `{text}`: give either tc (a game clock) or movetime \
                         (a time per move), not both"
                    ));
                }
                if limits.depth.is_none()
                    && limits.nodes.is_none()
                    && limits.movetime.is_none()
                    && limits.clock.is_none()
                {
                    return Err(format!(
                        "engine `{text}`: a search needs a limit: depth=N, nodes=N, \
                         movetime=MS or tc=SECONDS+INCREMENT"
                    ));
                }
                PlayerSpec::Search { name, limits }
            }
        })
    }
}

/// Splits what follows `hub:` into the command and its options: the
/// trailing comma-separated items (commas inside quotes do not count) of the
/// form `key=value` with a key of [`HUB_KEYS`].
fn split_hub(rest: &str) -> (&str, Vec<&str>) {
    // The commas outside quotes, as a shell would read the quotes.
    let mut commas = Vec::new();
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (i, c) in rest.char_indices() {
        match (quote, c) {
            _ if escaped => escaped = false,
            (Some('\''), '\'') | (Some('"'), '"') => quote = None,
            (Some('"'), '\\') | (None, '\\') => escaped = true,
            (None, '\'' | '"') => quote = Some(c),
            (None, ',') => commas.push(i),
            _ => {}
        }
    }
    let mut end = rest.len();
    let mut options = Vec::new();
    for &comma in commas.iter().rev() {
        let item = &rest[comma + 1..end];
        let known = item
            .split_once('=')
            .is_some_and(|(key, _)| HUB_KEYS.contains(&key.trim()));
        if !known {
            break;
        }
        options.push(item);
        end = comma;
    }
    options.reverse();
    (&rest[..end], options)
}

/// A `hub:` spec from its parts, checked.
fn hub_spec(
    text: &str,
    command: &str,
    name: Option<String>,
    limits: Limits,
    startup: Option<Duration>,
    margin: Option<Duration>,
) -> Result<PlayerSpec, String> {
    let command = command.trim();
    if command.is_empty() {
        return Err(format!(
            "engine `{text}`: the engine command is empty: write hub:COMMAND,depth=N \
             (or nodes, movetime, tc), as in hub:parlour hub,depth=4"
        ));
    }
    let words =
        parlour_hub::client::split_command(command).map_err(|e| format!("engine `{text}`: {e}"))?;
    let set = [
        limits.depth.is_some(),
        limits.nodes.is_some(),
        limits.movetime.is_some(),
        limits.clock.is_some(),
    ];
    match set.iter().filter(|&&s| s).count() {
        0 => {
            return Err(format!(
                "engine `{text}`: a hub engine needs a limit: depth=N, nodes=N, \
                 movetime=MS or tc=SECONDS+INCREMENT"
            ))
        }
        1 => {}
        _ => {
            return Err(format!(
                "engine `{text}`: a hub engine takes one limit of depth, nodes, \
                 movetime and tc"
            ))
        }
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
                name: "Greedy One".into()
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
        for (text, says) in [
            ("alphabeta:depth=3", "unknown kind"),
            ("", "unknown kind"),
            ("random:depth=3", "unknown option `depth` for random"),
            ("greedy:seed=1", "unknown option `seed`"),
            ("random:seed=x", "seed must be a whole number"),
            ("random:seed", "not of the form name=value"),
            ("search", "needs a limit"),
            ("search:threads=2", "needs a limit"),
            ("search:depth=0", "depth must be a whole number above 0"),
            ("search:depth=-1", "depth must be"),
            ("search:depth=3,depth=4", "given twice"),
            ("search:movetime=100,tc=10+0.1", "not both"),
            ("search:tc=abc", "not a number of seconds"),
            ("search:tc=0+1", "more than 0"),
            ("search:tc=10+x", "increment"),
            ("search:depth=3,name=", "name is empty"),
            ("search:depth=3,name=a\"b", "quotes"),
            ("hub:,depth=2", "command is empty"),
            ("hub:  ", "command is empty"),
            ("hub:engine", "needs a limit"),
            ("hub:engine,name=x", "needs a limit"),
            ("hub:engine,depth=2,movetime=50", "one limit"),
            ("hub:engine 'x,depth=2", "unclosed"),
            ("hub:engine,depth=2,depth=3", "given twice"),
            ("hub:engine,depth=2,startup=0", "startup must be"),
            ("hub:engine,depth=2,margin=x", "margin must be"),
        ] {
            let err = text.parse::<PlayerSpec>().unwrap_err();
            assert!(err.contains(says), "`{text}` gave `{err}`");
        }
    }
}
