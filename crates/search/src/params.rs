//! The search's tunable parameters: margins, depths and reduction shapes
//! that matches, not reasoning, decide.
//!
//! In a normal build they are constants (`P` is a `const`), so they cost
//! nothing. Built with the `tune` feature (`cargo build --release -p parlour
//! --features tune`), `P` is read once from the environment variable
//! `PARLOUR_TUNE` (`name=value,name=value`, any subset of [`Params::NAMES`];
//! the rest keep their defaults), so one binary can play every variant of a
//! tuning match:
//!
//! ```text
//! parlour match --engine "hub:env PARLOUR_TUNE=rfp_margin=60 ./parlour hub,movetime=100,name=rfp60" \
//!               --engine "hub:./parlour hub,movetime=100,name=base" --sprt 0,10,0.05,0.05 ...
//! ```
//!
//! A value that does not parse, or a name that is not a parameter, ends
//! the process with a message naming it (a tuning run must not play a
//! variant it did not ask for). A tuned value that wins its match becomes
//! the default here.

/// Declares the parameters once: the struct, its defaults, its names and
/// the parser all come from the one list.
macro_rules! params {
    ($( $(#[$doc:meta])* $name:ident : $ty:ty = $default:literal
        $(, tune $min:literal ..= $max:literal by $step:literal)?; )*) => {
        /// Every tunable parameter of the search.
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Params {
            $( $(#[$doc])* pub $name: $ty, )*
        }

        impl Params {
            /// The values the search plays with.
            pub const DEFAULT: Params = Params { $( $name: $default, )* };

            /// The parameters' names, as `PARLOUR_TUNE` takes them.
            pub const NAMES: &'static [&'static str] = &[$( stringify!($name) ),*];

            /// The parameters SPSA may move, each with its range and step.
            pub const TUNABLE: &'static [Tunable] = &[$($(
                Tunable {
                    name: stringify!($name),
                    default: $default as f64,
                    min: $min as f64,
                    max: $max as f64,
                    step: $step as f64,
                    integer: !matches!(stringify!($ty).as_bytes(), b"f64"),
                },
            )?)*];

            /// Sets the parameter `name` to `value`.
            fn set(&mut self, name: &str, value: &str) -> Result<(), ParamsError> {
                match name {
                    $( stringify!($name) => {
                        self.$name = value.trim().parse().map_err(|_| ParamsError::BadValue {
                            name: name.to_string(),
                            value: value.to_string(),
                            kind: stringify!($ty),
                        })?;
                    } )*
                    _ => return Err(ParamsError::Unknown { name: name.to_string() }),
                }
                Ok(())
            }
        }
    };
}

params! {
    /// The first aspiration window, each side of the last score.
    aspiration: i32 = 20, tune 5..=80 by 5;
    /// Reverse futility pruning: at this depth or less, a static score
    /// `rfp_margin` per ply of depth above beta is taken as a cut-off.
    rfp_depth: i32 = 3, tune 1..=8 by 1;
    /// See `rfp_depth`.
    rfp_margin: i32 = 75, tune 20..=200 by 10;
    /// Late move pruning: at this depth or less, quiet moves after the
    /// first `lmp_base + depth * depth` are not searched.
    lmp_depth: i32 = 2, tune 1..=6 by 1;
    /// See `lmp_depth`.
    lmp_base: usize = 6, tune 2..=20 by 2;
    /// Late-move reductions: the `i`-th move at depth `d` is searched
    /// `lmr_base + ln(d) * ln(i) / lmr_divisor` plies shallower first.
    lmr_base: f64 = 0.4, tune 0.0..=1.5 by 0.1;
    /// See `lmr_base`.
    lmr_divisor: f64 = 1.6, tune 0.8..=4.0 by 0.2;
    /// Moves are reduced from this depth on.
    lmr_depth: i32 = 3, tune 2..=6 by 1;
    /// The first move (counting from 0) that may be reduced.
    lmr_move: usize = 2, tune 1..=6 by 1;
    /// Internal iterative reduction: a node this deep with no move from the
    /// table is searched a ply shallower.
    iir_depth: i32 = 4, tune 2..=10 by 1;
    /// At most this many tactical moves are searched at a quiescence node
    /// (boards with hundreds of forcing replies would otherwise explode).
    qs_moves: usize = 10, tune 2..=30 by 2;
    /// The quiescence search stops this many plies below the horizon.
    qs_max_ply: usize = 24, tune 8..=64 by 4;
    /// ProbCut: at a node off the principal variation this deep or deeper
    /// (0: nowhere), a move whose quiescence score and whose search
    /// `probcut_reduction` plies shallower than the others both reach
    /// `probcut_margin` above beta ends the node as a cut-off.
    probcut_depth: i32 = 5, tune 3..=10 by 1;
    /// See `probcut_depth`.
    probcut_margin: i32 = 25, tune 5..=100 by 5;
    /// See `probcut_depth`.
    probcut_reduction: i32 = 3, tune 1..=6 by 1;
    /// Singular extensions (0: nowhere): at a node this deep or deeper whose
    /// table entry is a lower or exact bound at most 3 plies shallower, the
    /// table's move is searched a ply deeper where every other move, searched
    /// to half the depth, stays `singular_margin` below the entry's score;
    /// off the principal variation, where even the others reach beta, the
    /// node ends as a cut-off. Off by default until a match shows it pays.
    singular_depth: i32 = 0;
    /// See `singular_depth`.
    singular_margin: i32 = 25;
    /// Contempt: a draw reached in the tree (a repetition, the quiet-ply
    /// limit, the endgame databases' draw) scores this much below 0 for the
    /// side to move at the root, and as much above 0 for the other side, so
    /// that the search plays on where it stands at least this well. 0: a
    /// draw is 0 for both. Not tuned against itself (a match between two
    /// copies cannot tell), so not in SPSA's table.
    contempt: i32 = 0;
    /// Lazy SMP: every other helper thread keeps this many plies ahead of
    /// the main thread (the others, none).
    helper_skew: u32 = 1;
}

/// A parameter SPSA may move: its default, its range and the step its
/// perturbation ends at (`c_end`, in fishtest's words), in the units of
/// the parameter. An integer parameter is tuned as a real number and
/// played rounded.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tunable {
    /// The name, as `PARLOUR_TUNE` takes it.
    pub name: &'static str,
    /// The value the search plays with.
    pub default: f64,
    /// The least value it may take.
    pub min: f64,
    /// The greatest value it may take.
    pub max: f64,
    /// The perturbation at the end of a tuning run.
    pub step: f64,
    /// Whether the parameter takes whole numbers only.
    pub integer: bool,
}

impl Tunable {
    /// The tunable parameter called `name`.
    pub fn named(name: &str) -> Option<Tunable> {
        Params::TUNABLE.iter().find(|t| t.name == name).copied()
    }

    /// `value` as `PARLOUR_TUNE` takes it: within the range, rounded for
    /// an integer parameter.
    pub fn setting(&self, value: f64) -> String {
        let value = value.clamp(self.min, self.max);
        if self.integer {
            format!("{}={}", self.name, value.round() as i64)
        } else {
            format!("{}={}", self.name, (value * 1e4).round() / 1e4)
        }
    }
}

/// Why a text of settings does not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParamsError {
    /// A setting without `=`.
    #[error("{setting}: expected name=value")]
    NotNameValue {
        /// The setting as given.
        setting: String,
    },
    /// A name that is not a parameter.
    #[error("{name} is not a search parameter (they are: {})", Params::NAMES.join(", "))]
    Unknown {
        /// The name as given.
        name: String,
    },
    /// A value that is not of its parameter's type.
    #[error("{name}={value}: not a {kind} value")]
    BadValue {
        /// The parameter.
        name: String,
        /// The value as given.
        value: String,
        /// The parameter's type.
        kind: &'static str,
    },
}

impl Params {
    /// The defaults with the settings of `text` (`name=value,...`; empty
    /// for none) applied.
    pub fn parse(text: &str) -> Result<Params, ParamsError> {
        let mut params = Params::DEFAULT;
        for setting in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (name, value) =
                setting
                    .split_once('=')
                    .ok_or_else(|| ParamsError::NotNameValue {
                        setting: setting.to_string(),
                    })?;
            params.set(name.trim(), value)?;
        }
        Ok(params)
    }
}

impl Params {
    /// The parameters this build plays with. In a `tune` build the first
    /// call reads `PARLOUR_TUNE` and ends the process if it does not
    /// parse, so an engine calls it as it starts: a tuning run learns at
    /// once, not at its first search, that a setting was refused.
    pub fn active() -> Params {
        #[cfg(not(feature = "tune"))]
        return P;
        #[cfg(feature = "tune")]
        return *P;
    }
}

impl std::str::FromStr for Params {
    type Err = ParamsError;

    fn from_str(text: &str) -> Result<Params, ParamsError> {
        Params::parse(text)
    }
}

/// The parameters the search plays with: the defaults.
#[cfg(not(feature = "tune"))]
pub(crate) const P: Params = Params::DEFAULT;

/// The parameters the search plays with: the defaults, with `PARLOUR_TUNE`
/// applied (the `tune` feature).
#[cfg(feature = "tune")]
pub(crate) static P: std::sync::LazyLock<Params> = std::sync::LazyLock::new(|| {
    let text = std::env::var("PARLOUR_TUNE").unwrap_or_default();
    match Params::parse(&text) {
        Ok(params) => params,
        Err(e) => {
            eprintln!("parlour: PARLOUR_TUNE: {e}");
            std::process::exit(2);
        }
    }
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_override_the_defaults_and_nothing_else() {
        let p = Params::parse(" rfp_margin=60, lmr_divisor = 1.8 ,").unwrap();
        assert_eq!(p.rfp_margin, 60);
        assert_eq!(p.lmr_divisor, 1.8);
        assert_eq!(
            Params {
                rfp_margin: Params::DEFAULT.rfp_margin,
                lmr_divisor: Params::DEFAULT.lmr_divisor,
                ..p
            },
            Params::DEFAULT
        );
        assert_eq!(Params::parse("").unwrap(), Params::DEFAULT);
        // Every name the list declares is one the parser takes, and sets.
        for name in Params::NAMES {
            let p = Params::parse(&format!("{name}=7")).unwrap();
            assert_ne!(p, Params::DEFAULT, "{name}=7 changed nothing");
        }
    }

    #[test]
    fn a_bad_setting_is_named() {
        let unknown = Params::parse("rfp_margn=60").unwrap_err();
        assert_eq!(
            unknown,
            ParamsError::Unknown {
                name: "rfp_margn".into()
            }
        );
        assert_eq!(
            unknown.to_string(),
            "rfp_margn is not a search parameter (they are: aspiration, rfp_depth, rfp_margin, \
             lmp_depth, lmp_base, lmr_base, lmr_divisor, lmr_depth, lmr_move, iir_depth, \
             qs_moves, qs_max_ply, probcut_depth, probcut_margin, \
             probcut_reduction, singular_depth, singular_margin, contempt, helper_skew)"
        );
        let bad = Params::parse("lmp_base=-1").unwrap_err();
        assert!(matches!(bad, ParamsError::BadValue { .. }), "{bad:?}");
        assert_eq!(bad.to_string(), "lmp_base=-1: not a usize value");
        let no_value = Params::parse("aspiration").unwrap_err();
        assert!(matches!(no_value, ParamsError::NotNameValue { .. }));
        assert!(no_value.to_string().contains("name=value"));
        assert_eq!("rfp_margin=60".parse::<Params>().unwrap().rfp_margin, 60);
    }

    #[test]
    fn every_tunable_default_lies_in_its_range_and_plays_as_itself() {
        assert!(Params::TUNABLE.len() >= 10);
        let mut settings = Vec::new();
        for t in Params::TUNABLE {
            assert!(t.min <= t.default && t.default <= t.max, "{t:?}");
            assert!(t.step > 0.0 && t.step < t.max - t.min, "{t:?}");
            assert_eq!(Tunable::named(t.name), Some(*t));
            settings.push(t.setting(t.default));
        }
        assert_eq!(Params::parse(&settings.join(",")).unwrap(), Params::DEFAULT);
        assert!(Tunable::named("helper_skew").is_none());
        let rfp = Tunable::named("rfp_margin").unwrap();
        assert_eq!(rfp.setting(81.6), "rfp_margin=82");
        assert_eq!(rfp.setting(1e9), "rfp_margin=200");
        let lmr = Tunable::named("lmr_base").unwrap();
        assert!(!lmr.integer);
        assert_eq!(lmr.setting(0.123456), "lmr_base=0.1235");
    }

    #[cfg(not(feature = "tune"))]
    #[test]
    fn without_the_feature_the_search_plays_the_defaults() {
        assert_eq!(P, Params::DEFAULT);
    }
}
