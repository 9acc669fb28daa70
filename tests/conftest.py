import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture(scope="session", autouse=True)
def _isolated_data_dir(tmp_path_factory):
    """Tests never write into the user's real cache."""
    if not os.environ.get("JUDGE_DATA_DIR"):
        os.environ["JUDGE_DATA_DIR"] = str(tmp_path_factory.mktemp("judge-data"))
    yield


@pytest.fixture(scope="session")
def lib():
    from judge_app.rules import load_library

    return load_library()
