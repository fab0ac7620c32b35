//! A change of the `hash` parameter frees the old table before the new one
//! is allocated, so the engine's peak memory is one table, not two. Alone
//! in its test binary, so that the process's peak is this session's.

mod support;

use parlour_hub::ServerOptions;
use support::serve;

/// The process's peak resident memory in MiB (`VmHWM`), where Linux tells.
fn peak_mib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line["VmHWM:".len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb / 1024)
}

#[test]
fn a_new_hash_size_never_holds_two_tables() {
    let Some(before) = peak_mib() else {
        return; // no /proc: nothing to measure
    };
    // Two tables of 400 MiB one after the other (each written through when
    // made, so resident), then a search on the second.
    let session = "set-param name=hash value=400\ninit\nset-param name=hash value=401\ninit\n\
                   level depth=2\ngo think\n";
    let mut out = Vec::new();
    let options = ServerOptions {
        hash_mib: 1,
        ..ServerOptions::default()
    };
    serve(session.as_bytes(), &mut out, options).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.matches("ready").count(), 2, "{text}");
    assert!(text.contains("done move="), "{text}");
    let peak = peak_mib().unwrap();
    assert!(
        peak < before + 600,
        "peak {peak} MiB from {before} MiB: both tables were held at once"
    );
}
