//! What can go wrong in a tuning run.

use std::path::PathBuf;

/// Why a tuning run cannot start or go on.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    /// A file could not be read or written.
    #[error("`{}`: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A line of a tuning file that does not read.
    #[error("`{}`, line {line}: {why}", path.display())]
    BadLine {
        /// The file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// Why.
        why: String,
    },
    /// A parameter the search does not tune.
    #[error("{name} is not a tunable parameter (they are: {})", tunable_names())]
    UnknownParam {
        /// The name as given.
        name: String,
    },
    /// A run asked to resume a file of another run.
    #[error("`{}` is another run's ({what} differs): resume it with the settings it was begun with, or tune into another file", path.display())]
    NotThisRun {
        /// The file.
        path: PathBuf,
        /// The first field that differs.
        what: &'static str,
    },
    /// A file exists where a new run would write.
    #[error("`{}` already exists: add --resume to go on with it, or name another file", path.display())]
    Exists {
        /// The file.
        path: PathBuf,
    },
    /// Runs whose parameters differ cannot be averaged.
    #[error("`{}` tunes other parameters than `{}`", other.display(), first.display())]
    OtherParams {
        /// The first file.
        first: PathBuf,
        /// The file that differs.
        other: PathBuf,
    },
    /// An engine spec that does not read once its values are put in.
    #[error("the engine `{spec}`: {source}")]
    Spec {
        /// The spec with its values.
        spec: String,
        /// Why.
        source: parlour_arena::SpecError,
    },
    /// A batch's match failed.
    #[error(transparent)]
    Match(#[from] parlour_arena::MatchError),
}

fn tunable_names() -> String {
    let names: Vec<&str> = parlour_search::params::Params::TUNABLE
        .iter()
        .map(|t| t.name)
        .collect();
    names.join(", ")
}
