//! Following a match while it is played (`--watch RESULTS`): a thread
//! reads the results file again whenever its length or time changes
//! (twice a second at most), merges it as `parlour report` does, and
//! publishes a [`Snapshot`]: the standings table, the crosstable, and
//! every finished game, which the page replays. A file not yet written,
//! or torn in the middle of a line, is waited for, never an error that
//! stops the watch.

use crate::api::GameSpec;
use parlour_arena::{merge_results, read_header, Cells};
use parlour_game::echo::full_message;
use parlour_game::Variant;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime};
use tokio::sync::watch;

/// How often the file is looked at.
const POLL: Duration = Duration::from_millis(500);

/// Why a results file could not be read this time.
#[derive(Debug, thiserror::Error)]
pub enum WatchError {
    /// The file's header names rules the game does not read.
    #[error("the match's rules do not read")]
    Rules(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// The file does not merge into a report.
    #[error("the results do not read")]
    Report(#[from] parlour_arena::ReportError),
}

/// A table as the page draws it.
#[derive(Clone, Debug, Default, Serialize)]
pub struct TableJson {
    /// Column headings.
    pub header: Vec<String>,
    /// Rows of cells.
    pub rows: Vec<Vec<String>>,
    /// Which columns align right.
    pub right: Vec<bool>,
}

impl From<Cells> for TableJson {
    fn from(cells: Cells) -> TableJson {
        TableJson {
            header: cells.header,
            rows: cells.rows,
            right: cells.right,
        }
    }
}

/// One finished game of the match.
#[derive(Clone, Debug, Serialize)]
pub struct WatchedGame {
    /// Its number in the match, from 1.
    pub number: usize,
    /// Its round.
    pub round: usize,
    /// Who played Black.
    pub black: String,
    /// Who played White.
    pub white: String,
    /// The result, PDN style.
    pub result: String,
    /// How it ended, in words.
    pub reason: String,
    /// The opening's name.
    pub opening: String,
    /// The game, to replay.
    pub position: GameSpec,
    /// When it ended among the file's games, from 1.
    pub order: usize,
}

/// The match as last read.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Snapshot {
    /// Counts up with each new reading.
    pub version: u64,
    /// The results file, as the command line named it.
    pub file: String,
    /// The tables as `parlour report` prints them.
    pub text: String,
    /// Games played and planned.
    pub played: usize,
    /// Games the match plans.
    pub planned: usize,
    /// The standings: each pairing's score and Elo.
    pub standings: TableJson,
    /// The crosstable, with three engines or more.
    pub crosstable: Option<TableJson>,
    /// Every finished game, in the match's order.
    pub games: Vec<WatchedGame>,
    /// Why the file could not be read this time, if it could not (the
    /// last good reading is kept beside it).
    pub waiting: Option<String>,
}

/// The match in the results file at `path`, of the game `V` under
/// `rules` (the header's).
pub fn snapshot<V: Variant>(path: &Path, rules: &str) -> Result<Snapshot, WatchError> {
    let rules = V::parse_rules(rules).map_err(|e| WatchError::Rules(Box::new(e)))?;
    let report = merge_results(&[path.to_path_buf()], &rules, None, None)?;
    let games = (report.records.iter())
        .map(|r| WatchedGame {
            number: r.index + 1,
            round: r.round,
            black: r.black.clone(),
            white: r.white.clone(),
            result: r.result.clone(),
            reason: r.reason.clone(),
            opening: r.opening.clone(),
            position: GameSpec {
                game: V::NAME.to_string(),
                rules: Some(rules.to_string()),
                start: Some(r.start.clone()),
                moves: r.moves.clone(),
            },
            order: r.order,
        })
        .collect();
    let crosstable = (report.tally.engines().len() > 2).then(|| report.crosstable_cells().into());
    Ok(Snapshot {
        version: 0,
        file: path.display().to_string(),
        text: report.text(None),
        played: report.records.len(),
        planned: report.planned,
        standings: report.pairings_cells().into(),
        crosstable,
        games,
        waiting: None,
    })
}

/// What the file looked like when last read: its length and time.
type Stamp = Option<(u64, SystemTime)>;

/// The file's stamp now.
fn stamp(path: &Path) -> Stamp {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.len(), meta.modified().ok()?))
}

/// How a results file is read under its header's game and rules: the
/// desk of that game's [`snapshot`], or why there is none.
pub type Reader = Box<dyn Fn(&Path, &str, &str) -> Result<Snapshot, String> + Send>;

/// Reads the file once, under the game and rules its header names.
fn read(path: &Path, reader: &Reader) -> Result<Snapshot, String> {
    let header = read_header(path).map_err(|e| full_message(&e))?;
    reader(path, &header.game, &header.rules)
}

/// Starts the thread that follows `path`, and returns where its readings
/// are published.
pub fn follow(path: PathBuf, reader: Reader) -> watch::Receiver<Arc<Snapshot>> {
    let first = Snapshot {
        file: path.display().to_string(),
        waiting: Some("waiting for the match's results file".to_string()),
        ..Snapshot::default()
    };
    let (sender, receiver) = watch::channel(Arc::new(first));
    std::thread::spawn(move || {
        let mut last: Stamp = None;
        let mut version = 0;
        // Ends when every receiver has gone (the server stopped).
        while !sender.is_closed() {
            let now = stamp(&path);
            if now != last {
                last = now;
                version += 1;
                let mut next = match read(&path, &reader) {
                    Ok(snapshot) => snapshot,
                    Err(why) => Snapshot {
                        waiting: Some(why),
                        ..(**sender.borrow()).clone()
                    },
                };
                next.version = version;
                sender.send_replace(Arc::new(next));
            }
            std::thread::sleep(POLL);
        }
    });
    receiver
}
