//! What can go wrong before or between a match's games: an engine spec
//! that does not read or cannot be built, openings, the SPRT, a shard, the
//! record files, the match's own settings, merging results. Each kind is
//! its own enum, so callers and tests match on what went wrong; a failure
//! during a game is not an error but a lost game
//! ([`parlour_hub::EngineError`]).

use parlour_game::registry::EvalError;
use parlour_hub::client::CommandLineError;
use parlour_search::SearcherError;
use std::error::Error;
use std::path::PathBuf;

/// An engine spec (`search:depth=8`, `hub:CMD,depth=4`) that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("engine `{spec}`: {problem}")]
pub struct SpecError {
    /// The spec as given.
    pub spec: String,
    /// What is wrong with it.
    pub problem: SpecProblem,
}

/// What is wrong with an engine spec.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecProblem {
    /// Not `random`, `greedy`, `search` or `hub`.
    #[error(
        "unknown kind `{kind}`: expected random, greedy, search or hub, as in random:seed=3, \
         greedy, search:depth=8, hub:parlour hub,depth=4"
    )]
    UnknownKind {
        /// The kind given.
        kind: String,
    },
    /// An option without `=`.
    #[error("option `{option}` is not of the form name=value")]
    NotNameValue {
        /// The option.
        option: String,
    },
    /// An option the kind does not take.
    #[error("unknown option `{key}` for {kind}: its options are {allowed}")]
    UnknownOption {
        /// The option's name.
        key: String,
        /// The engine's kind.
        kind: String,
        /// The options it takes.
        allowed: &'static str,
    },
    /// An option given twice.
    #[error("option `{key}` is given twice")]
    Repeated {
        /// The option's name.
        key: String,
    },
    /// A count that is not a whole number above 0.
    #[error("{key} must be a whole number above 0, not `{value}`")]
    NotPositive {
        /// The option's name.
        key: String,
        /// Its value.
        value: String,
    },
    /// A count too large to keep.
    #[error("{key} {value} is too large")]
    TooLarge {
        /// The option's name.
        key: String,
        /// Its value.
        value: u64,
    },
    /// `seed=` not a whole number.
    #[error("seed must be a whole number, not `{value}`")]
    Seed {
        /// The value given.
        value: String,
    },
    /// `startup=` not a number of seconds above 0.
    #[error("startup must be a number of seconds above 0, not `{value}`")]
    Startup {
        /// The value given.
        value: String,
    },
    /// `name=` empty.
    #[error("the name is empty")]
    EmptyName,
    /// `name=` with quotes or line breaks, which records cannot hold.
    #[error("a name may not contain quotes or line breaks")]
    BadName,
    /// `eval=` empty.
    #[error("the evaluation is empty: write eval=NAME, as in eval=handwritten")]
    EmptyEval,
    /// `egdb=` empty.
    #[error("the endgame databases' directory is empty: write egdb=DIR")]
    EmptyEgdb,
    /// A `tc=` that does not read.
    #[error(transparent)]
    TimeControl(#[from] TimeControlError),
    /// A search with both a clock and a time per move.
    #[error("give either tc (a game clock) or movetime (a time per move), not both")]
    ClockAndMoveTime,
    /// A search with no limit.
    #[error("a search needs a limit: depth=N, nodes=N, movetime=MS or tc=SECONDS+INCREMENT")]
    NoLimit,
    /// A Hub engine with no command.
    #[error(
        "the engine command is empty: write hub:COMMAND,depth=N (or nodes, movetime, tc), as \
         in hub:parlour hub,depth=4"
    )]
    EmptyCommand,
    /// A Hub engine command that does not split into words.
    #[error(transparent)]
    Command(#[from] CommandLineError),
    /// A Hub engine with no limit.
    #[error("a hub engine needs a limit: depth=N, nodes=N, movetime=MS or tc=SECONDS+INCREMENT")]
    HubNoLimit,
    /// A Hub engine with more than one limit.
    #[error("a hub engine takes one limit of depth, nodes, movetime and tc")]
    HubLimits,
}

/// A time control (`tc=10+0.1`) that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// A time that is not a number of seconds.
    #[error("tc `{text}`: the {what} `{value}` is not a number of seconds")]
    NotSeconds {
        /// The whole text.
        text: String,
        /// `base time` or `increment`.
        what: &'static str,
        /// The value given.
        value: String,
    },
    /// No base time.
    #[error("tc `{text}`: the base time must be more than 0")]
    NoBase {
        /// The whole text.
        text: String,
    },
}

/// An SPRT (`elo0,elo1,alpha,beta`) that does not read or cannot be run.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SprtError {
    /// Not four comma-separated items.
    #[error("SPRT `{text}`: write four numbers elo0,elo1,alpha,beta, as in 0,5,0.05,0.05")]
    Shape {
        /// The text given.
        text: String,
    },
    /// An item that is not a number.
    #[error("SPRT `{text}`: {name} `{value}` is not a number")]
    NotANumber {
        /// The text given.
        text: String,
        /// Which item.
        name: &'static str,
        /// Its value.
        value: String,
    },
    /// `elo0` not below `elo1`.
    #[error("SPRT: elo0 ({elo0}) must be smaller than elo1 ({elo1})")]
    Bounds {
        /// The null hypothesis' Elo.
        elo0: f64,
        /// The alternative's Elo.
        elo1: f64,
    },
    /// A probability outside (0, 1).
    #[error("SPRT: {name} must be between 0 and 1, not {value}")]
    Probability {
        /// `alpha` or `beta`.
        name: &'static str,
        /// Its value.
        value: f64,
    },
    /// `alpha + beta` of 1 or more.
    #[error("SPRT: alpha + beta must be less than 1")]
    Sum,
}

/// A shard (`K/N`) that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// Not two whole numbers with a `/` between them.
    #[error("shard `{text}`: write K/N, the shard's number and how many there are, as in 2/4")]
    Shape {
        /// The text given.
        text: String,
    },
    /// A shard number outside 1..=N.
    #[error("shard {index}/{count}: the shard's number must be from 1 to {count}")]
    Range {
        /// The shard's number.
        index: u32,
        /// How many shards.
        count: u32,
    },
}

/// Openings that cannot be had.
#[derive(Debug, thiserror::Error)]
pub enum OpeningError {
    /// `random:...` other than `random:plies=N,balanced=M`.
    #[error(
        "openings `{text}`: write random:plies=N (N from 1 to 1000), random:balanced=M \
         (keep openings a short search scores within M hundredths of level) or both, \
         as random:plies=6,balanced=50"
    )]
    RandomPlies {
        /// The text given.
        text: String,
    },
    /// An empty openings text.
    #[error("the openings are empty: name a deck or a file")]
    Empty,
    /// A deck the game does not have.
    #[error("unknown opening deck `{name}`: the decks are {}", .decks.join(", "))]
    UnknownDeck {
        /// The name given.
        name: String,
        /// The game's decks.
        decks: &'static [&'static str],
    },
    /// An openings file that cannot be read.
    #[error(
        "cannot read openings file `{}` (the built-in openings are start, random, \
         random:plies=N{})",
        .path.display(),
        .decks.iter().map(|d| format!(", {d}")).collect::<String>()
    )]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
        /// The game's decks.
        decks: &'static [&'static str],
    },
    /// An openings file with no opening in it.
    #[error("openings file `{file}` holds no opening")]
    NoOpening {
        /// The file.
        file: String,
    },
    /// A position or line of moves that does not read.
    #[error("{name}")]
    Text {
        /// The opening's name (`file:line`, a ballot).
        name: String,
        /// What the game says is wrong.
        source: Box<dyn Error + Send + Sync>,
    },
    /// An opening at whose start the game is over.
    #[error("opening {name}: the game is already over at its start")]
    OverAtStart {
        /// The opening's name.
        name: String,
    },
    /// An opening with a move that is not legal.
    #[error("opening {name}: move {mv} is not legal")]
    Illegal {
        /// The opening's name.
        name: String,
        /// The move.
        mv: String,
    },
    /// An opening after which the game is over.
    #[error("opening {name}: the game is over after move {mv}")]
    OverAfter {
        /// The opening's name.
        name: String,
        /// The last move.
        mv: String,
    },
}

/// The record files: unreadable, unwritable, or another match's.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// A file that cannot be read.
    #[error("cannot read results file `{}`", .path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A file that cannot be written.
    #[error("cannot write `{}`", .path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A line of the results file that is not a game record (or not
    /// JSON, or not UTF-8).
    #[error("results file `{}`, line {line}: not a game record", .path.display())]
    NotARecord {
        /// The file.
        path: PathBuf,
        /// The line's number, from 1.
        line: usize,
        /// Why.
        source: serde_json::Error,
    },
    /// A records path that is a directory.
    #[error("{what} file `{}` is a directory: give a file name", .path.display())]
    Directory {
        /// `results` or `PDN`.
        what: &'static str,
        /// The path given.
        path: PathBuf,
    },
    /// A fresh match's file that already holds games.
    #[error(
        "{what} file `{}` already holds games: resume to continue that match, or choose \
         another file",
        .path.display()
    )]
    HoldsGames {
        /// `results` or `PDN`.
        what: &'static str,
        /// The file.
        path: PathBuf,
    },
    /// A results file that starts with a game, not a match header: one
    /// written before results files had headers.
    #[error(
        "results file `{}` has no match header: it was written by an older parlour (or is not \
         a results file), so nothing says which match its games belong to; it cannot be \
         resumed or merged: play the match into a new file",
        .path.display()
    )]
    NoHeader {
        /// The file.
        path: PathBuf,
    },
    /// A results file with no match in it (empty, or cut inside its
    /// header), where one is needed.
    #[error("results file `{}` holds no match: it is empty", .path.display())]
    Empty {
        /// The file.
        path: PathBuf,
    },
    /// A header line that does not read.
    #[error("results file `{}`, line 1: the match header does not read", .path.display())]
    BadHeader {
        /// The file.
        path: PathBuf,
        /// Why.
        source: serde_json::Error,
    },
    /// A header of a format this version does not know.
    #[error(
        "results file `{}` has a match header of format {format}; this parlour reads format {}",
        .path.display(),
        crate::header::HEADER_FORMAT
    )]
    HeaderFormat {
        /// The file.
        path: PathBuf,
        /// The format it names.
        format: u32,
    },
    /// A results file of another match.
    #[error(
        "results file `{}` belongs to another match: {}; resume with the same settings, or \
         choose another file",
        .path.display(),
        .differences.join("; ")
    )]
    OtherMatch {
        /// The file.
        path: PathBuf,
        /// What differs, one field each.
        differences: Vec<String>,
    },
    /// A record that is not a game of this match as it says it is: its
    /// engines, opening, moves, result or ending do not agree.
    #[error("results file `{}`, line {line}: game {game} {why}", .path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// The line's number, from 1.
        line: usize,
        /// The game's number, from 1.
        game: usize,
        /// What is wrong with it.
        why: String,
    },
    /// A results file that holds a game twice.
    #[error("results file `{}` holds game {game} twice", .path.display())]
    Twice {
        /// The file.
        path: PathBuf,
        /// The game's number, from 1.
        game: usize,
    },
    /// A game between engines that are not paired in the match.
    #[error("game {game} is between {black} and {white}, who are not paired in this match")]
    NotPaired {
        /// The game's number, from 1.
        game: usize,
        /// Its Black engine.
        black: String,
        /// Its White engine.
        white: String,
    },
}

/// Results files that cannot be merged into one match's report.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// No file to merge.
    #[error("no results file given")]
    NoFiles,
    /// A file that does not read, or holds a game that is not right.
    #[error(transparent)]
    Records(#[from] RecordError),
    /// A header whose engines do not read.
    #[error("results file `{}`: its match header's engines do not read", .path.display())]
    Engines {
        /// The file.
        path: PathBuf,
        /// Why.
        source: SpecError,
    },
    /// A header (edited by hand) that describes no match parlour plays.
    #[error("results file `{}`: its match header describes no match: {why}", .path.display())]
    NoMatch {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
    /// A header of another game than the one merged.
    #[error("results file `{}` is of the game {found}, not {expected}", .path.display())]
    Game {
        /// The file.
        path: PathBuf,
        /// The game it names.
        found: String,
        /// The game merged.
        expected: &'static str,
    },
    /// Two files of different matches.
    #[error(
        "`{}` and `{}` are results of different matches: {}",
        .first.display(),
        .path.display(),
        .differences.join("; ")
    )]
    OtherMatch {
        /// The first file, which sets the match.
        first: PathBuf,
        /// The file that differs.
        path: PathBuf,
        /// What differs, one field each, with both files' values.
        differences: Vec<String>,
    },
    /// One file given twice.
    #[error("results file `{}` is given twice", .path.display())]
    GivenTwice {
        /// The file.
        path: PathBuf,
    },
    /// A game in two files: a shard or a run given twice.
    #[error(
        "game {game} is in both `{}` and `{}`: is a shard or a run given twice?",
        .first.display(),
        .second.display()
    )]
    Duplicate {
        /// The game's number, from 1.
        game: usize,
        /// The file it was first found in.
        first: PathBuf,
        /// The file it was found in again.
        second: PathBuf,
    },
    /// An SPRT over other than two engines.
    #[error("an SPRT needs a match of exactly two engines")]
    SprtEngines,
    /// A PDN output that is one of the inputs.
    #[error("the PDN output `{}` is one of the results files", .path.display())]
    PdnIsInput {
        /// The file.
        path: PathBuf,
    },
}

/// A spec that reads but cannot be built into a player for this match.
#[derive(Debug, thiserror::Error)]
#[error("engine `{name}`: {problem}")]
pub struct BuildError {
    /// The engine's name.
    pub name: String,
    /// Why it cannot be built.
    pub problem: BuildProblem,
}

/// Why an engine cannot be built.
#[derive(Debug, thiserror::Error)]
pub enum BuildProblem {
    /// A node budget beside a time limit.
    #[error("the searcher takes a node budget or a time limit, not both")]
    NodesAndTime,
    /// A setting above its most.
    #[error("{what} must be at most {max}")]
    AtMost {
        /// `depth`, `threads`, `hash` (in MiB).
        what: &'static str,
        /// The most it may be.
        max: u64,
    },
    /// The searcher's threads or table could not be had.
    #[error(transparent)]
    Searcher(#[from] SearcherError),
    /// The evaluation asked for.
    #[error(transparent)]
    Eval(#[from] EvalError),
    /// A kind of player this factory does not build.
    #[error("{0} players are not available here")]
    Unavailable(&'static str),
    /// A Hub engine that cannot be started or does not play the game.
    #[error("cannot play: {0}")]
    Engine(#[from] parlour_hub::EngineError),
}

/// Why a match could not be played.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// Fewer than two engines.
    #[error(
        "a match needs at least two engines, and {count} {} given",
        if *.count == 1 { "was" } else { "were" }
    )]
    TooFewEngines {
        /// How many were given.
        count: usize,
    },
    /// Two engines with one name.
    #[error("two engines are named `{name}`: give one another name with name=...")]
    SameName {
        /// The name.
        name: String,
    },
    /// An engine spec that does not read.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// An engine that cannot be built.
    #[error(transparent)]
    Build(#[from] BuildError),
    /// No game at once.
    #[error("concurrency must be at least 1")]
    Concurrency,
    /// An SPRT with other than two engines.
    #[error("an SPRT needs exactly two engines")]
    SprtEngines,
    /// Resuming without a results file.
    #[error("resume needs the results file of the match to continue")]
    ResumeWithoutResults,
    /// One file for both the PDN and the results.
    #[error("the PDN and the results must go to two files, not both to `{}`", .path.display())]
    SameFile {
        /// The file.
        path: PathBuf,
    },
    /// The HTML report to go over the results or the PDN.
    #[error("the HTML report must go to a file of its own, not to `{}`", .path.display())]
    HtmlOverRecords {
        /// The file.
        path: PathBuf,
    },
    /// The HTML report's folder is not there.
    #[error("cannot write the HTML report `{}`: its folder `{}` is not there", .path.display(), .folder.display())]
    HtmlFolder {
        /// The report's path.
        path: PathBuf,
        /// Its folder.
        folder: PathBuf,
    },
    /// An SPRT on a shard.
    #[error(
        "an SPRT cannot run on a shard, which cannot stop the whole match: play the shards, \
         then apply the SPRT to their merged games with `parlour report --sprt`"
    )]
    SprtShard,
    /// Random openings and no game count.
    #[error("random openings never run out: say how many rounds or games to play")]
    Endless,
    /// No games to play.
    #[error("a match of no games: give at least one round or game")]
    NoGames,
    /// The openings.
    #[error(transparent)]
    Openings(#[from] OpeningError),
    /// The record files.
    #[error(transparent)]
    Records(#[from] RecordError),
    /// The match's threads could not be started.
    #[error("cannot start {threads} threads")]
    Threads {
        /// How many.
        threads: usize,
        /// Why.
        source: rayon::ThreadPoolBuildError,
    },
}
