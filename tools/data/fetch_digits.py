#!/usr/bin/env python3
"""Brings the digits task's data into the repo: `assets/digits.csv.gz`.

The UCI optical-recognition digits (Alpaydin & Kaynak 1998; 1,797 images of
8×8 pixels, values 0–16, 10 classes; CC BY 4.0) exactly as scikit-learn
ships them in its wheel (`sklearn/datasets/data/digits.csv.gz`). The script
downloads that wheel from the package registry (pip, no dependencies),
checks the file's SHA-256, and writes it again with a credit header and a
row of column names, so the lab's one CSV reader (`lab::data::csv`) reads
it like any user's file. The output is deterministic (gzip level 9, no
name or time in the gzip header) and its hash is checked too.

    python3 tools/data/fetch_digits.py          # writes assets/digits.csv.gz
    python3 tools/data/fetch_digits.py --check  # only verifies the asset
"""

import gzip
import hashlib
import io
import pathlib
import subprocess
import sys
import tempfile
import zipfile

WHEEL = "scikit-learn==1.5.2"
MEMBER = "sklearn/datasets/data/digits.csv.gz"
# the file inside the wheel, as scikit-learn ships it
SOURCE_SHA256 = "09f66e6debdee2cd2b5ae59e0d6abbb73fc2b0e0185d2e1957e9ebb51e23aa22"
# our asset: the same rows under the header below (deterministic)
ASSET_SHA256 = "0634ed3e92cf7d6d3c50b0b09ede95e7289cdf70511f0898d210439144b7e9c0"
ASSET = pathlib.Path(__file__).resolve().parents[2] / "assets" / "digits.csv.gz"
HEADER = (
    "# UCI ML Optical Recognition of Handwritten Digits (E. Alpaydin and C. Kaynak, 1998),\n"
    "# https://archive.ics.uci.edu/dataset/80 , licensed CC BY 4.0; the copy scikit-learn 1.5.2 ships\n"
    "# (sklearn/datasets/data/digits.csv.gz, sha256 " + SOURCE_SHA256 + ").\n"
    "# 1,797 images of 8x8 pixels (p0 ... p63, row by row, values 0-16); the last column is the digit.\n"
)


def sha256(b: bytes) -> str:
    return hashlib.sha256(b).hexdigest()


def source_bytes() -> bytes:
    with tempfile.TemporaryDirectory() as d:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", WHEEL, "--no-deps",
             "--only-binary=:all:", "--python-version", "3.11",
             "--platform", "manylinux_2_17_x86_64", "-d", d, "-q"],
            check=True,
        )
        wheel = next(pathlib.Path(d).glob("*.whl"))
        return zipfile.ZipFile(wheel).read(MEMBER)


def asset_from(source: bytes) -> bytes:
    rows = gzip.decompress(source).decode("ascii").strip().split("\n")
    assert len(rows) == 1797, f"{len(rows)} rows"
    assert all(len(r.split(",")) == 65 for r in rows), "65 columns per row"
    names = ",".join([f"p{i}" for i in range(64)] + ["digit"])
    text = HEADER + names + "\n" + "\n".join(rows) + "\n"
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", compresslevel=9, mtime=0, filename="") as g:
        g.write(text.encode("ascii"))
    return out.getvalue()


def main() -> int:
    if "--check" in sys.argv:
        have = ASSET.read_bytes()
        text = gzip.decompress(have).decode("ascii")
        ok = (sha256(have) == ASSET_SHA256 and text.startswith(HEADER)
              and text.count("\n") == len(HEADER.splitlines()) + 1 + 1797)
        print(f"{ASSET}: {len(have)} bytes, sha256 {sha256(have)}, {'ok' if ok else 'NOT the digits file'}")
        return 0 if ok else 1
    src = source_bytes()
    if sha256(src) != SOURCE_SHA256:
        print(f"{MEMBER} has sha256 {sha256(src)}, expected {SOURCE_SHA256}", file=sys.stderr)
        return 1
    out = asset_from(src)
    if sha256(out) != ASSET_SHA256:
        print(f"the asset came out with sha256 {sha256(out)}, expected {ASSET_SHA256}", file=sys.stderr)
        return 1
    ASSET.write_bytes(out)
    print(f"wrote {ASSET}: {len(out)} bytes, sha256 {sha256(out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
