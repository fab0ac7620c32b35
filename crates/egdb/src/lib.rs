//! Endgame databases for english checkers (placeholder docs).

mod board;
mod build;
mod error;
mod file;
mod index;
mod material;
mod packed;
mod probe;
mod tables;
mod unmove;
mod verify;
mod wdl;

pub use build::{build, BuildSummary, MaterialReport, Progress, Quiet, DISTANCE_THRESHOLD};
pub use error::{EgdbError, Uncovered};
pub use material::{Material, Party, Slice, MAX_PIECES};
pub use probe::{Distance, Egdb};
pub use tables::Plies;
pub use verify::{verify, VerifyReport};
pub use wdl::Wdl;
