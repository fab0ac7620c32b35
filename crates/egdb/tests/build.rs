//! Builds the databases up to 4 pieces once, in a temporary directory, and
//! checks them: known positions, a brute-force solver on every position
//! with up to 3 pieces, verification, damaged files, resuming.

use parlour_checkers::{Position, Rules};
use parlour_egdb::{build, verify, Coverage, Egdb, Quiet, Wdl};
use std::path::Path;
use std::sync::OnceLock;
use std::time::Instant;

fn built() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let t = Instant::now();
        build(dir.path(), 4, &Quiet).unwrap();
        eprintln!("built up to 4 pieces in {:.1} s", t.elapsed().as_secs_f64());
        dir
    })
    .path()
}

fn egdb() -> &'static Egdb {
    static EGDB: OnceLock<Egdb> = OnceLock::new();
    EGDB.get_or_init(|| Egdb::open(built()).unwrap())
}

fn probe(fen: &str) -> Wdl {
    let pos = Position::from_fen(fen, Rules::ENGLISH).unwrap();
    egdb()
        .probe(&pos)
        .unwrap_or_else(|| panic!("{fen} not covered"))
}

#[test]
fn known_endings() {
    assert_eq!(egdb().max_pieces(), 4);
    // Two kings beat one, whoever is to move.
    assert_eq!(probe("B:WK32:BK1,K3"), Wdl::Win);
    assert_eq!(probe("W:WK32:BK1,K3"), Wdl::Loss);
    // One king against one: a draw when no capture is open.
    assert_eq!(probe("B:WK32:BK1"), Wdl::Draw);
    assert_eq!(probe("W:WK32:BK1"), Wdl::Draw);
    // A king next to the other with the square behind empty: the side to
    // move takes it.
    assert_eq!(probe("B:WK15:BK10"), Wdl::Win);
    assert_eq!(probe("W:WK15:BK10"), Wdl::Win);
    // Black's king must take 14x23 (it cannot go on: 32 is held), and
    // White's 27x18 then takes Black's last piece.
    assert_eq!(probe("B:W18,27,K32:BK14"), Wdl::Loss);
    // Without the king on 32, 14x23x32 takes both men: White has nothing.
    assert_eq!(probe("B:W18,27:BK14"), Wdl::Win);
    // With a king far off instead, what is left is one king against one.
    assert_eq!(probe("B:W18,27,K4:BK14"), Wdl::Draw);
}

#[test]
fn long_conversions_have_their_distance() {
    use parlour_egdb::{Distance, Plies, DISTANCE_THRESHOLD};
    let e = egdb();
    let mut exact = 0;
    for p in all_positions(3) {
        match (e.probe(&p), e.probe_distance(&p)) {
            (Some(Wdl::Draw), d) => assert_eq!(d, None, "{p}"),
            (Some(v), Some((w, Distance::Exactly(Plies(d))))) => {
                assert_eq!(v, w);
                assert!(d >= DISTANCE_THRESHOLD.0, "{p}");
                exact += 1;
            }
            (Some(v), Some((w, Distance::Below(t)))) => {
                assert_eq!((v, t), (w, DISTANCE_THRESHOLD));
            }
            other => panic!("{p}: {other:?}"),
        }
    }
    // Two kings against one take up to 34 plies to force the capture.
    assert!(exact > 100, "{exact}");
}

#[test]
fn verification_passes() {
    let report = verify(built(), &Quiet).unwrap();
    assert_eq!(report.max_pieces, 4);
    assert_eq!(report.positions, 3_488 + 196_032 + 6_209_316);
}

/// Every english position with up to `max` pieces (both sides with a
/// piece, either side to move), enumerated square by square without the
/// crate's indexer.
fn all_positions(max: usize) -> Vec<Position> {
    use parlour_checkers::Bitboard;
    use parlour_game::Side;
    let mut out = Vec::new();
    // kinds: 0 black man, 1 black king, 2 white man, 3 white king
    fn rec(start: u32, left: usize, placed: &mut Vec<(u32, u8)>, out: &mut Vec<Vec<(u32, u8)>>) {
        if !placed.is_empty() {
            out.push(placed.clone());
        }
        if left == 0 {
            return;
        }
        for sq in start..32 {
            for kind in 0..4u8 {
                // Men never stand on their crowning row.
                if (kind == 0 && sq >= 28) || (kind == 2 && sq < 4) {
                    continue;
                }
                placed.push((sq, kind));
                rec(sq + 1, left - 1, placed, out);
                placed.pop();
            }
        }
    }
    let mut sets = Vec::new();
    rec(0, max, &mut Vec::new(), &mut sets);
    for set in sets {
        let (mut black, mut white, mut kings) = (0u32, 0u32, 0u32);
        for (sq, kind) in set {
            if kind < 2 {
                black |= 1 << sq;
            } else {
                white |= 1 << sq;
            }
            if kind % 2 == 1 {
                kings |= 1 << sq;
            }
        }
        if black == 0 || white == 0 {
            continue;
        }
        for side in Side::BOTH {
            out.push(
                Position::from_parts(
                    Bitboard(black),
                    Bitboard(white),
                    Bitboard(kings),
                    side,
                    Rules::ENGLISH,
                )
                .unwrap(),
            );
        }
    }
    out
}

/// The plainest solver there is: values by repeated passes over every
/// position until nothing changes (a move to a lost position wins; a
/// position whose moves all go to won ones, or that has none, is lost);
/// what is left undecided is drawn.
fn brute_force(positions: &[Position]) -> Vec<Wdl> {
    use parlour_game::Game;
    use std::collections::HashMap;
    let at: HashMap<Position, usize> = positions.iter().enumerate().map(|(i, p)| (*p, i)).collect();
    // Successors: Some(index), or None for a side left without pieces.
    let succ: Vec<Vec<Option<usize>>> = positions
        .iter()
        .map(|p| {
            let mut list = Default::default();
            p.legal_moves(&mut list);
            list.iter()
                .map(|&a| {
                    let n = p.play(a);
                    if n.pieces(n.side()).is_empty() {
                        None
                    } else {
                        Some(at[&n])
                    }
                })
                .collect()
        })
        .collect();
    let mut value: Vec<Option<Wdl>> = vec![None; positions.len()];
    loop {
        let mut changed = false;
        for i in 0..positions.len() {
            if value[i].is_some() {
                continue;
            }
            let of = |s: &Option<usize>| match s {
                None => Some(Wdl::Loss),
                Some(j) => value[*j],
            };
            let v = if succ[i].iter().any(|s| of(s) == Some(Wdl::Loss)) {
                Some(Wdl::Win)
            } else if succ[i].iter().all(|s| of(s) == Some(Wdl::Win)) {
                Some(Wdl::Loss)
            } else {
                None
            };
            if v.is_some() {
                value[i] = v;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    value.into_iter().map(|v| v.unwrap_or(Wdl::Draw)).collect()
}

#[test]
fn a_brute_force_solver_agrees_on_every_position_up_to_3_pieces() {
    let positions = all_positions(3);
    assert_eq!(positions.len(), 2 * (3_488 + 196_032));
    let values = brute_force(&positions);
    let mut counts = [0u32; 3];
    for (p, v) in positions.iter().zip(&values) {
        assert_eq!(egdb().probe(p), Some(*v), "{p}");
        counts[*v as usize] += 1;
    }
    // Every kind of value occurs.
    assert!(counts.iter().all(|&c| c > 1000), "{counts:?}");
}

/// A copy of the built tables (up to `pieces` pieces) to damage, without
/// the build's record.
fn copy_of_built(pieces: u32) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(built()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        if !name.ends_with(".egdb") {
            continue;
        }
        let count: u32 = name
            .split(['k', 'm', '-', '.'])
            .filter_map(|d| d.parse::<u32>().ok())
            .sum();
        if count <= pieces {
            std::fs::copy(&path, dir.path().join(name)).unwrap();
        }
    }
    dir
}

#[test]
fn a_corrupt_file_is_refused_with_its_name() {
    let dir = copy_of_built(4);
    let name = "1k1m-1k1m.egdb";
    let path = dir.path().join(name);
    let mut bytes = std::fs::read(&path).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x04;
    std::fs::write(&path, &bytes).unwrap();
    let corrupt = format!(
        "{}: corrupt (its checksum does not match); delete it and build again",
        path.display()
    );
    let err = Egdb::open(dir.path()).unwrap_err().to_string();
    assert_eq!(err, corrupt);
    // A one-off probe of a position in that file is refused too.
    let pos = Position::from_fen("B:W20,K31:B9,K1", Rules::ENGLISH).unwrap();
    let err = Egdb::probe_once(dir.path(), &pos).unwrap_err().to_string();
    assert_eq!(err, corrupt);
    // And so is verification.
    let err = verify(dir.path(), &Quiet).unwrap_err().to_string();
    assert_eq!(err, corrupt);
}

#[test]
fn a_truncated_file_is_refused_with_its_name() {
    let dir = copy_of_built(4);
    let name = "2k0m-1k1m.egdb";
    let path = dir.path().join(name);
    let bytes = std::fs::read(&path).unwrap();
    for keep in [0, 10, 40, bytes.len() / 2, bytes.len() - 1] {
        std::fs::write(&path, &bytes[..keep]).unwrap();
        let err = Egdb::open(dir.path()).unwrap_err().to_string();
        assert_eq!(
            err,
            format!(
                "{}: truncated (the file ends before its checksum); delete it and build again",
                path.display()
            ),
            "{keep} bytes kept"
        );
    }
    // Bytes after the checksum are refused as well.
    let mut longer = bytes.clone();
    longer.push(0);
    std::fs::write(&path, &longer).unwrap();
    let err = Egdb::open(dir.path()).unwrap_err().to_string();
    assert_eq!(
        err,
        format!(
            "{}: corrupt (it goes on after its checksum); delete it and build again",
            path.display()
        )
    );
}

#[test]
fn a_missing_file_limits_what_is_covered() {
    let dir = copy_of_built(4);
    std::fs::remove_file(dir.path().join("3k0m-0k1m.egdb")).unwrap();
    // Every 3-piece slice is there: the tables cover up to 3 pieces.
    let egdb = Egdb::open(dir.path()).unwrap();
    assert_eq!(egdb.max_pieces(), 3);
    assert!(egdb.covers(3) && !egdb.covers(4) && !egdb.covers(1));
    let four = Position::from_fen("B:W20,K31:B9,K1", Rules::ENGLISH).unwrap();
    assert_eq!(egdb.probe(&four), None);
    // Asking for 4 names the missing file.
    let missing = format!(
        "{}: missing: no table for 3k0m-0k1m (4 pieces) has been built there; \
         run `parlour egdb build --pieces 4`",
        dir.path().join("3k0m-0k1m.egdb").display()
    );
    let err = Egdb::open_up_to(dir.path(), 4).unwrap_err().to_string();
    assert_eq!(err, missing);
    let pos = Position::from_fen("B:W20:BK5,K6,K7", Rules::ENGLISH).unwrap();
    let err = Egdb::probe_once(dir.path(), &pos).unwrap_err().to_string();
    assert_eq!(err, missing);
}

#[test]
fn uncovered_positions_are_not_answered() {
    use parlour_egdb::Uncovered;
    let e = egdb();
    let huffing = Position::from_fen("B:WK32:BK1,K3", Rules::HUFFING).unwrap();
    assert_eq!(e.probe(&huffing), None);
    assert_eq!(e.probe_checked(&huffing), Err(Uncovered::Huffing));
    let five = Position::from_fen("B:WK32,K30:BK1,K3,K5", Rules::ENGLISH).unwrap();
    assert_eq!(e.probe(&five), None);
    assert_eq!(
        e.probe_checked(&five),
        Err(Uncovered::TooManyPieces { pieces: 5, max: 4 })
    );
    let alone = Position::from_fen("W:W:BK1,K3", Rules::ENGLISH).unwrap();
    assert_eq!(e.probe(&alone), None);
    assert!(matches!(
        e.probe_checked(&alone),
        Err(Uncovered::NoPiece(_))
    ));
    assert_eq!(
        Egdb::probe_once(built(), &five).unwrap_err().to_string(),
        "the position has 5 pieces; the databases cover at most 4"
    );
}

/// Records what a build reports.
#[derive(Default)]
struct Record(std::sync::Mutex<Vec<(String, bool)>>);

impl parlour_egdb::Progress for Record {
    fn material_end(&self, r: &parlour_egdb::MaterialReport) {
        let name = r.materials[0].to_string();
        self.0.lock().unwrap().push((name, r.loaded));
    }
}

#[test]
fn a_build_resumes_after_the_last_finished_material() {
    let dir = copy_of_built(3);
    let rebuilt = ["2k0m-1k0m.egdb", "1k0m-2k0m.egdb"];
    let before: Vec<Vec<u8>> = rebuilt
        .iter()
        .map(|n| std::fs::read(dir.path().join(n)).unwrap())
        .collect();
    // As a build killed while it wrote the pair: no final files, a stray
    // temporary one.
    for n in rebuilt {
        std::fs::remove_file(dir.path().join(n)).unwrap();
    }
    std::fs::write(dir.path().join("2k0m-1k0m.egdb.tmp"), b"half").unwrap();
    let record = Record::default();
    build(dir.path(), 3, &record).unwrap();
    let record = record.0.into_inner().unwrap();
    for (name, loaded) in &record {
        let expect_loaded = !(name == "2k0m-1k0m" || name == "1k0m-2k0m");
        assert_eq!(*loaded, expect_loaded, "{name}");
    }
    assert_eq!(record.iter().filter(|(_, l)| !l).count(), 1);
    for (n, old) in rebuilt.iter().zip(before) {
        assert_eq!(std::fs::read(dir.path().join(n)).unwrap(), old, "{n}");
    }
    assert!(!dir.path().join("2k0m-1k0m.egdb.tmp").exists());
}

#[test]
fn tables_are_shared_between_threads() {
    fn is_sync<T: Sync + Send>(_: &T) {}
    let e = egdb();
    is_sync(e);
    let positions = all_positions(2);
    let single: Vec<Option<Wdl>> = positions.iter().map(|p| e.probe(p)).collect();
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                for (p, v) in positions.iter().zip(&single) {
                    assert_eq!(e.probe(p), *v);
                }
            });
        }
    });
}

#[test]
fn verification_finds_a_wrong_value_behind_a_good_checksum() {
    let dir = copy_of_built(3);
    let name = "1k1m-1k0m.egdb";
    let path = dir.path().join(name);
    let mut bytes = std::fs::read(&path).unwrap();
    // The header is 24 bytes and 16 a slice (7 slices: the man's ranks).
    let at = 24 + 7 * 16 + 100;
    let code = bytes[at] & 3;
    bytes[at] = (bytes[at] & !3) | if code == 0 { 2 } else { 0 };
    let n = bytes.len() - 4;
    let crc = crc32fast::hash(&bytes[..n]);
    bytes[n..].copy_from_slice(&crc.to_le_bytes());
    std::fs::write(&path, &bytes).unwrap();
    // It opens (the checksum matches) but does not verify.
    Egdb::open(dir.path()).unwrap();
    let err = verify(dir.path(), &Quiet).unwrap_err().to_string();
    // The contradiction shows in this file or in its mirror's, whose
    // positions move into it.
    assert!(
        (err.contains(name) || err.contains("1k0m-1k1m.egdb")) && err.contains("wrong value"),
        "{err}"
    );
}

#[test]
fn a_build_records_its_piece_count() {
    let record = std::fs::read_to_string(built().join("built.txt")).unwrap();
    assert_eq!(record, "built up to 4 pieces\n");
    let coverage = Coverage::scan(built()).unwrap();
    assert_eq!(coverage.complete(), 4);
    assert_eq!(coverage.found(), [2, 3, 4]);
    assert_eq!(coverage.built(), Some(4));
    assert_eq!(coverage.gaps(), []);
    assert_eq!(coverage.to_string(), "2 to 4 pieces");
    // A smaller build after it keeps the larger count.
    let dir = copy_of_built(4);
    std::fs::copy(built().join("built.txt"), dir.path().join("built.txt")).unwrap();
    build(dir.path(), 3, &Quiet).unwrap();
    let record = std::fs::read_to_string(dir.path().join("built.txt")).unwrap();
    assert_eq!(record, "built up to 4 pieces\n");
}

#[test]
fn verification_names_a_missing_file_of_a_count_partly_there() {
    let dir = copy_of_built(3);
    let path = dir.path().join("2k0m-1k0m.egdb");
    std::fs::remove_file(&path).unwrap();
    let err = verify(dir.path(), &Quiet).unwrap_err().to_string();
    assert_eq!(
        err,
        format!(
            "{}: missing, though other 3-piece files are there; \
             run `parlour egdb build --pieces 3` to build what is missing",
            path.display()
        )
    );
    // The databases open, up to 2 pieces, and the coverage says why.
    assert_eq!(Egdb::open(dir.path()).unwrap().max_pieces(), 2);
    let coverage = Coverage::scan(dir.path()).unwrap();
    assert_eq!(coverage.complete(), 2);
    assert_eq!(coverage.found(), [2, 3]);
    assert_eq!(
        coverage.to_string(),
        "2 pieces; 3 pieces partly (11 of 12 files, not used)"
    );
    // Built again, it verifies.
    build(dir.path(), 3, &Quiet).unwrap();
    assert_eq!(verify(dir.path(), &Quiet).unwrap().max_pieces, 3);
}

#[test]
fn verification_names_a_folder_in_a_files_place() {
    let dir = copy_of_built(3);
    let path = dir.path().join("1k1m-1k0m.egdb");
    std::fs::remove_file(&path).unwrap();
    std::fs::create_dir(&path).unwrap();
    let err = verify(dir.path(), &Quiet).unwrap_err().to_string();
    assert_eq!(
        err,
        format!(
            "{}: not a file, though other 3-piece files are there; \
             remove what is there and run `parlour egdb build --pieces 3`",
            path.display()
        )
    );
}

#[test]
fn verification_names_the_files_of_a_recorded_count_that_are_gone() {
    // Every 4-piece file gone: without a record the rest is whole.
    let dir = copy_of_built(3);
    assert_eq!(verify(dir.path(), &Quiet).unwrap().max_pieces, 3);
    // With the build's record, the first of them is named.
    std::fs::write(dir.path().join("built.txt"), "built up to 4 pieces\n").unwrap();
    let err = verify(dir.path(), &Quiet).unwrap_err().to_string();
    assert_eq!(
        err,
        format!(
            "{}: missing, though the databases were built up to 4 pieces \
             (and 24 more files); run `parlour egdb build --pieces 4` to build what is missing",
            dir.path().join("1k0m-3k0m.egdb").display()
        )
    );
    assert_eq!(Coverage::scan(dir.path()).unwrap().gaps().len(), 25);
    // A record that says something else is refused, named.
    let record = dir.path().join("built.txt");
    std::fs::write(&record, "six\n").unwrap();
    let err = verify(dir.path(), &Quiet).unwrap_err().to_string();
    assert_eq!(
        err,
        format!(
            "{}: corrupt (it does not say `built up to N pieces`); delete it and build again",
            record.display()
        )
    );
}
