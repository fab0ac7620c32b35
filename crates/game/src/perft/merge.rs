//! The output of a share of a deep perft, and merging the saved outputs of
//! all shares into the whole count.
//!
//! A share prints its [`Identity`] line, then one `<move>: <nodes>` line per
//! root move (its units' leaves below that move), then a [`DepthLine`] with
//! its share of the leaves. The merge reads any number of such outputs (one
//! or several to a file), skips every other line (progress, notes), checks
//! that the identities agree and that each share is there exactly once and
//! whole, and adds them up.

use super::identity::{Identity, IDENTITY_WORD};
use super::split::Share;
use crate::echo::echo;
use std::fmt;
use std::str::FromStr;

/// The line perft prints for a depth: `<depth> <nodes> <seconds> <leaves
/// per second>`, the seconds with three decimals.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DepthLine {
    /// Plies counted.
    pub depth: u32,
    /// Leaves.
    pub nodes: u64,
    /// Seconds taken.
    pub seconds: f64,
}

impl fmt::Display for DepthLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rate = if self.seconds > 0.0 {
            (self.nodes as f64 / self.seconds) as u64
        } else {
            0
        };
        write!(
            f,
            "{} {} {:.3} {rate}",
            self.depth, self.nodes, self.seconds
        )
    }
}

impl FromStr for DepthLine {
    type Err = ();

    fn from_str(line: &str) -> Result<DepthLine, ()> {
        let items: Vec<&str> = line.split_whitespace().collect();
        let [depth, nodes, seconds, rate] = items[..] else {
            return Err(());
        };
        rate.parse::<u64>().map_err(|_| ())?;
        Ok(DepthLine {
            depth: depth.parse().map_err(|_| ())?,
            nodes: nodes.parse().map_err(|_| ())?,
            seconds: seconds.parse().map_err(|_| ())?,
        })
    }
}

/// One share's output, read back.
#[derive(Clone, Debug, PartialEq)]
pub struct ShareOutput {
    /// Its identity.
    pub identity: Identity,
    /// Its leaves below each root move, as printed.
    pub moves: Vec<(String, u64)>,
    /// Its total.
    pub line: DepthLine,
}

/// The shares merged.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The shares' common identity, as share 1/1.
    pub identity: Identity,
    /// The leaves below each root move, in the first share's order.
    pub moves: Vec<(String, u64)>,
    /// The whole count; its seconds are the shares' added up.
    pub line: DepthLine,
}

/// Why shares do not merge.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MergeError {
    /// No file was given.
    #[error("no share outputs to merge")]
    NoFiles,
    /// A file holds no identity line.
    #[error(
        "{}: no `{IDENTITY_WORD}` line: not the output of `perft --split`",
        echo(file)
    )]
    NoShare {
        /// The file.
        file: String,
    },
    /// A share's output stops before its total.
    #[error(
        "{}: share {share} has no total line: the run was cut short",
        echo(file)
    )]
    CutShort {
        /// The file.
        file: String,
        /// The share.
        share: Share,
    },
    /// An identity line does not read.
    #[error("{}: line {line}", echo(file))]
    BadIdentity {
        /// The file.
        file: String,
        /// The line's number, from 1.
        line: usize,
        /// What is wrong with it.
        source: super::identity::IdentityError,
    },
    /// Two shares of different runs.
    #[error(
        "{file}: share {share} is of another run: {field} `{found}` here, `{expected}` in {first}"
    )]
    Differs {
        /// The file of the share that differs.
        file: String,
        /// Its share.
        share: Share,
        /// The field.
        field: &'static str,
        /// The value in the first share read.
        expected: String,
        /// The value here.
        found: String,
        /// The file of the first share.
        first: String,
    },
    /// A share given twice.
    #[error("share {share} is given twice: in {first} and in {second}")]
    Doubled {
        /// The share.
        share: Share,
        /// Where it was first.
        first: String,
        /// Where it was again.
        second: String,
    },
    /// Shares left out.
    #[error("share {} of {count} missing", missing.iter().map(u32::to_string).collect::<Vec<_>>().join(", "))]
    Missing {
        /// Their numbers.
        missing: Vec<u32>,
        /// How many shares the run has.
        count: u32,
    },
    /// A share whose root moves do not add up to its total.
    #[error(
        "{}: share {share}'s moves add up to {moves}, its total says {total}",
        echo(file)
    )]
    Inconsistent {
        /// The file.
        file: String,
        /// The share.
        share: Share,
        /// The sum of its moves.
        moves: u64,
        /// Its total.
        total: u64,
    },
}

/// Reads the share outputs in one file's text (`file` names it in errors).
pub fn read_shares(file: &str, text: &str) -> Result<Vec<ShareOutput>, MergeError> {
    let mut shares = Vec::new();
    let mut open: Option<(Identity, Vec<(String, u64)>)> = None;
    for (n, line) in text.lines().enumerate() {
        if line.starts_with(IDENTITY_WORD) {
            if let Some((identity, _)) = open {
                return Err(cut_short(file, identity.share));
            }
            let identity = line.parse().map_err(|source| MergeError::BadIdentity {
                file: file.to_string(),
                line: n + 1,
                source,
            })?;
            open = Some((identity, Vec::new()));
            continue;
        }
        let Some((identity, moves)) = open.as_mut() else {
            continue;
        };
        if let Some(total) = line
            .parse::<DepthLine>()
            .ok()
            .filter(|t| t.depth == identity.depth)
        {
            let (identity, moves) = open.take().expect("an open share");
            shares.push(checked(file, identity, moves, total)?);
        } else if let Some((mv, nodes)) = line.rsplit_once(": ") {
            if let Ok(nodes) = nodes.trim().parse() {
                moves.push((mv.to_string(), nodes));
            }
        }
    }
    if let Some((identity, _)) = open {
        return Err(cut_short(file, identity.share));
    }
    if shares.is_empty() {
        return Err(MergeError::NoShare {
            file: file.to_string(),
        });
    }
    Ok(shares)
}

fn cut_short(file: &str, share: Share) -> MergeError {
    MergeError::CutShort {
        file: file.to_string(),
        share,
    }
}

/// A share whose moves (if printed) add up to its total.
fn checked(
    file: &str,
    identity: Identity,
    moves: Vec<(String, u64)>,
    line: DepthLine,
) -> Result<ShareOutput, MergeError> {
    let sum: u64 = moves.iter().map(|(_, n)| n).sum();
    if !moves.is_empty() && sum != line.nodes {
        return Err(MergeError::Inconsistent {
            file: file.to_string(),
            share: identity.share,
            moves: sum,
            total: line.nodes,
        });
    }
    Ok(ShareOutput {
        identity,
        moves,
        line,
    })
}

/// Merges the share outputs in `files` (name, text): every share of one
/// run, each once.
pub fn merge(files: &[(String, String)]) -> Result<Merged, MergeError> {
    let mut read: Vec<(&str, ShareOutput)> = Vec::new();
    for (name, text) in files {
        read.extend(
            read_shares(name, text)?
                .into_iter()
                .map(|s| (name.as_str(), s)),
        );
    }
    let Some((first_file, first)) = read.first().cloned() else {
        return Err(MergeError::NoFiles);
    };
    let count = first.identity.share.count();
    let mut seen: Vec<Option<&str>> = vec![None; count as usize];
    for (file, share) in &read {
        let id = &share.identity;
        if let Some(d) = first.identity.difference(id, false) {
            return Err(MergeError::Differs {
                file: file.to_string(),
                share: id.share,
                field: d.field,
                expected: d.first,
                found: d.second,
                first: first_file.to_string(),
            });
        }
        let slot = &mut seen[id.share.index() as usize - 1];
        if let Some(earlier) = slot.replace(file) {
            return Err(MergeError::Doubled {
                share: id.share,
                first: earlier.to_string(),
                second: file.to_string(),
            });
        }
    }
    let missing: Vec<u32> = (1..=count)
        .filter(|k| seen[*k as usize - 1].is_none())
        .collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing { missing, count });
    }
    let mut moves: Vec<(String, u64)> = Vec::new();
    for (_, share) in &read {
        for (mv, n) in &share.moves {
            match moves.iter_mut().find(|(m, _)| m == mv) {
                Some((_, total)) => *total += n,
                None => moves.push((mv.clone(), *n)),
            }
        }
    }
    Ok(Merged {
        identity: Identity {
            share: Share::WHOLE,
            ..first.identity.clone()
        },
        moves,
        line: DepthLine {
            depth: first.identity.depth,
            nodes: read.iter().map(|(_, s)| s.line.nodes).sum(),
            seconds: read.iter().map(|(_, s)| s.line.seconds).sum(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::identity::tests::identity;

    fn output(share: &str, moves: &[(&str, u64)]) -> String {
        let mut text = format!("{}\n", identity(share));
        text.push_str("parlour perft: 00:00:01 progress\n");
        for (mv, n) in moves {
            text.push_str(&format!("{mv}: {n}\n"));
        }
        let nodes = moves.iter().map(|(_, n)| n).sum();
        let line = DepthLine {
            depth: 14,
            nodes,
            seconds: 1.5,
        };
        text.push_str(&format!("{line}\n"));
        text
    }

    fn files(texts: &[String]) -> Vec<(String, String)> {
        texts
            .iter()
            .enumerate()
            .map(|(i, t)| (format!("share{}.txt", i + 1), t.clone()))
            .collect()
    }

    #[test]
    fn shares_add_up() {
        let a = output("1/3", &[("9-13", 10), ("h9 14-10", 1)]);
        let b = output("2/3", &[("9-13", 5), ("h9 14-10", 2)]);
        let c = output("3/3", &[("9-13", 1), ("h9 14-10", 0)]);
        let merged = merge(&files(&[c.clone(), a.clone(), b.clone()])).unwrap();
        assert_eq!(merged.line.nodes, 19);
        assert_eq!(merged.line.seconds, 4.5);
        assert_eq!(merged.line.to_string(), "14 19 4.500 4");
        assert_eq!(
            merged.moves,
            [("9-13".to_string(), 16), ("h9 14-10".to_string(), 3)]
        );
        assert_eq!(merged.identity.share, Share::WHOLE);
        // Several shares in one file merge the same.
        let all = files(&[format!("{a}{b}{c}")]);
        assert_eq!(merge(&all).unwrap(), merged);
    }

    #[test]
    fn bad_sets_of_shares_are_refused() {
        let a = output("1/3", &[("9-13", 10)]);
        let b = output("2/3", &[("9-13", 5)]);
        let c = output("3/3", &[("9-13", 1)]);
        let err = merge(&files(&[a.clone(), c.clone()])).unwrap_err();
        assert_eq!(err.to_string(), "share 2 of 3 missing");
        let err = merge(&files(&[a.clone(), b.clone(), a.clone(), c.clone()])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "share 1/3 is given twice: in share1.txt and in share3.txt"
        );
        let cut = b.lines().take(3).collect::<Vec<_>>().join("\n");
        let err = merge(&files(&[a.clone(), cut, c.clone()])).unwrap_err();
        assert!(matches!(err, MergeError::CutShort { .. }), "{err}");
        let other = output("2/3", &[("9-13", 5)]).replace("rules=english", "rules=huffing");
        let err = merge(&files(&[a.clone(), other, c.clone()])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "share2.txt: share 2/3 is of another run: rules `huffing` here, `english` in share1.txt"
        );
        let four = output("2/4", &[("9-13", 5)]);
        let err = merge(&files(&[a.clone(), four])).unwrap_err();
        assert!(
            matches!(err, MergeError::Differs { field: "share", .. }),
            "{err}"
        );
        let wrong = b.replace("9-13: 5", "9-13: 6");
        let err = merge(&files(&[a.clone(), wrong, c.clone()])).unwrap_err();
        assert!(matches!(err, MergeError::Inconsistent { .. }), "{err}");
        let err = merge(&files(&["1 7 0.000 0\n".to_string()])).unwrap_err();
        assert!(matches!(err, MergeError::NoShare { .. }), "{err}");
        assert_eq!(merge(&[]).unwrap_err(), MergeError::NoFiles);
    }
}
