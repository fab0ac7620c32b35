"""Self-play files as NumPy arrays: what `parlour selfplay` writes, read
whole, and damaged or foreign files refused (or cut at the damage, as
`parlour train` reads them)."""

import warnings

import numpy as np
import pytest

import parlour


@pytest.fixture(scope="module")
def selfplay(cli, tmp_path_factory):
    """A small english self-play file and what the command line said of it."""
    path = tmp_path_factory.mktemp("data") / "english.bin"
    said = cli("selfplay", "--out", str(path), "--games", "4", "--nodes", "300",
               "--seed", "5", "--concurrency", "1")
    return path, said


def test_records_come_as_arrays(selfplay):
    path, said = selfplay
    records = parlour.selfplay_records(path)
    assert set(records) == {"planes", "score", "result", "ply", "game"}
    n = len(records["score"])
    assert n > 20 and any(str(n) in line for line in said), (n, said)
    planes = records["planes"]
    assert planes.dtype == np.uint8 and planes.shape == (n, 4, 32)
    assert records["score"].dtype == np.int16 and records["result"].dtype == np.float32
    assert records["ply"].dtype == np.uint16 and records["game"].dtype == np.uint32
    assert set(np.unique(records["game"])) == {0, 1, 2, 3}
    # Every square holds one piece at most, each side twelve at most.
    assert planes.sum(axis=1).max() <= 1
    mine = planes[:, 0:2].sum(axis=(1, 2))
    theirs = planes[:, 2:4].sum(axis=(1, 2))
    assert mine.max() <= 12 and theirs.max() <= 12 and mine.min() >= 1
    # A game's result, from the side to move's view, turns with the side.
    for game in range(4):
        mask = records["game"] == game
        by_side = {}
        for ply, result in zip(records["ply"][mask], records["result"][mask]):
            by_side.setdefault(ply % 2, set()).add(float(result))
        assert all(len(r) == 1 for r in by_side.values())
        if len(by_side) == 2:
            assert by_side[0].pop() + by_side[1].pop() == 1.0
    # A man of the side to move never stands on its own crowning row
    # (squares 29-32 of the turned board).
    assert not planes[:, 0, 28:].any() and not planes[:, 2, :4].any()


def test_a_torn_file_is_read_to_its_last_whole_game(selfplay, tmp_path):
    path, _ = selfplay
    whole = parlour.selfplay_records(path)
    torn = tmp_path / "torn.bin"
    torn.write_bytes(path.read_bytes()[:-5])
    with pytest.warns(UserWarning, match="not a whole game"):
        cut = parlour.selfplay_records(torn)
    assert set(np.unique(cut["game"])) == {0, 1, 2}
    n = len(cut["score"])
    assert np.array_equal(cut["planes"], whole["planes"][:n])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        parlour.selfplay_records(path)


def test_files_that_are_not_checkers_data_raise(selfplay, cli, tmp_path):
    path, _ = selfplay
    with pytest.raises(FileNotFoundError):
        parlour.selfplay_records(tmp_path / "missing.bin")
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"hello, not data at all" * 3)
    with pytest.raises(parlour.DataError, match="not a parlour self-play data file"):
        parlour.selfplay_records(junk)
    header = tmp_path / "header.bin"
    header.write_bytes(path.read_bytes()[:20])
    with pytest.raises(parlour.DataError):
        parlour.selfplay_records(header)
    version = tmp_path / "version.bin"
    data = bytearray(path.read_bytes())
    data[17] = 99
    version.write_bytes(bytes(data))
    with pytest.raises(parlour.DataError, match="version"):
        parlour.selfplay_records(version)
    pegs = tmp_path / "pegs.bin"
    cli("selfplay", "--game", "pegs", "--out", str(pegs), "--games", "1", "--nodes", "50",
        "--concurrency", "1")
    with pytest.raises(parlour.DataError, match="pegs"):
        parlour.selfplay_records(pegs)
