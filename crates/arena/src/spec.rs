//! Engine specs as people write them: `random`, `random:seed=3`, `greedy`,
//! `search:depth=8`, `search:movetime=100,threads=1`, `search:nodes=50000`,
//! `search:tc=10+0.1`, each optionally with `name=...`, parsed and checked
//! into a [`PlayerSpec`].

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
}

impl PlayerSpec {
    /// The name shown in tables and records.
    pub fn name(&self) -> &str {
        match self {
            PlayerSpec::Random { name, .. }
            | PlayerSpec::Greedy { name }
            | PlayerSpec::Search { name, .. } => name,
        }
    }

    /// The search limits, for a search player.
    pub fn limits(&self) -> Option<&Limits> {
        match self {
            PlayerSpec::Search { limits, .. } => Some(limits),
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

const KINDS: &str = "random, greedy or search";

fn options_of(kind: &str) -> &'static str {
    match kind {
        "random" => "seed, name",
        "greedy" => "name",
        _ => "depth, nodes, movetime, tc, threads, hash, name",
    }
}

impl FromStr for PlayerSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<PlayerSpec, String> {
        let text = text.trim();
        let (kind, rest) = text.split_once(':').unwrap_or((text, ""));
        let kind = kind.trim();
        if !matches!(kind, "random" | "greedy" | "search") {
            return Err(format!(
                "engine `{text}`: unknown kind `{kind}`: expected {KINDS}, \
                 as in random:seed=3, greedy, search:depth=8"
            ));
        }
        let mut name = None;
        let mut seed = None;
        let mut limits = Limits {
            threads: 1,
            ..Limits::default()
        };
        let mut seen: Vec<&str> = Vec::new();
        for option in rest.split(',').map(str::trim).filter(|o| !o.is_empty()) {
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
        ] {
            let err = text.parse::<PlayerSpec>().unwrap_err();
            assert!(err.contains(says), "`{text}` gave `{err}`");
        }
    }
}
