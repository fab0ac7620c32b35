//! The record of a match: each game written down as it ends, to the
//! results file (JSON lines after the match's header, what `--resume` and
//! `parlour report` read back) and to PDN; the files read back and every
//! record checked against the match before it is trusted.

pub(crate) mod check;
pub(crate) mod error;
pub(crate) mod files;
pub(crate) mod pdn;
pub(crate) mod played;
pub(crate) mod results;
pub(crate) mod resume;
