//! What a match shows, made from its game records alone: no player, no
//! search and no file is needed here, so a match under way, a merge of its
//! shards' results and any other reader of records report the same way.
//!
//! - [`GameRecord`] and [`Termination`]: one finished game, as a results
//!   file holds it.
//! - [`Tally`]: the running count per pairing, games and colour-swapped
//!   pairs, fed one game at a time in any order.
//! - [`stats`]: win/loss/draw and pentanomial counts, Elo with its 95%
//!   interval, the likelihood of superiority.
//! - [`sprt`]: the generalized SPRT of fishtest and fastchess.
//! - [`MatchReport`]: the tables a match prints at its end ([`table`]),
//!   and [`html_report`], the same as one page with charts ([`chart`]) and
//!   every game in a viewer on the game's own diagram; and
//!   [`analysis_page`], analysed games in that viewer, each with a graph
//!   of its scores.
//!
//! ```
//! use parlour_report::{Pentanomial, Sprt};
//! let sprt: Sprt = "0,5,0.05,0.05".parse().unwrap();
//! let llr = sprt.llr(&Pentanomial([5, 60, 200, 70, 8]));
//! assert!(llr > sprt.lower_bound() && llr < sprt.upper_bound());
//! ```

pub mod chart;
mod error;
mod html;
mod record;
pub mod sprt;
pub mod stats;
mod summary;
mod tally;

pub use error::{SprtError, TallyError};
pub use html::{analysis_page, analysis_section, html_report, PlyScore, ScoredGame};
pub use record::{GameRecord, MoveNote, Termination};
pub use sprt::{Hypothesis, Sprt, SprtModel};
pub use stats::{EloEstimate, Pentanomial, Wld};
pub use summary::{table, Cells, MatchReport, SprtStatus};
pub use tally::{PairingTally, Tally};
