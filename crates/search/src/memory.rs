//! How much memory the machine has, for the largest transposition table a
//! searcher allocates. Linux overcommits: an allocation larger than the
//! memory that is free "succeeds", and the process is killed later, when
//! the table's pages are touched. So a table is checked against the
//! memory `/proc/meminfo` reports before it is allocated.

/// The machine's memory, in MiB.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Memory {
    /// All physical memory (`MemTotal`).
    pub total_mib: usize,
    /// What can be had now without swapping (`MemAvailable`).
    pub available_mib: usize,
}

/// The machine's memory, or `None` where `/proc/meminfo` cannot be read
/// (not Linux): then only the allocation itself can fail.
pub fn memory() -> Option<Memory> {
    parse_meminfo(&std::fs::read_to_string("/proc/meminfo").ok()?)
}

/// Reads `MemTotal` and `MemAvailable` (in kB) from `/proc/meminfo`'s
/// text.
fn parse_meminfo(text: &str) -> Option<Memory> {
    let field = |name: &str| -> Option<usize> {
        let line = text.lines().find(|l| l.starts_with(name))?;
        let kb: usize = line[name.len()..]
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()?;
        Some(kb / 1024)
    };
    let total_mib = field("MemTotal:")?;
    Some(Memory {
        total_mib,
        available_mib: field("MemAvailable:").unwrap_or(total_mib),
    })
}

/// The largest transposition table, in MiB, that this machine could hold:
/// its physical memory (`usize::MAX >> 20` where it cannot be read).
pub fn max_hash_mib() -> usize {
    memory().map_or(usize::MAX >> 20, |m| m.total_mib)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meminfo_is_read() {
        let text = "MemTotal:       24576000 kB\nMemFree:   100 kB\nMemAvailable:   20480000 kB\n";
        assert_eq!(
            parse_meminfo(text),
            Some(Memory {
                total_mib: 24000,
                available_mib: 20000
            })
        );
        assert_eq!(parse_meminfo("nothing"), None);
    }

    #[test]
    fn this_machine_has_memory() {
        if let Some(m) = memory() {
            assert!(m.total_mib > 0 && m.available_mib <= m.total_mib);
        }
        assert!(max_hash_mib() > 0);
    }
}
