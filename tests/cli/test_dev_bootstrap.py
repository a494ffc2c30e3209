"""dev.py's install steps keep pip's output to themselves unless pip fails, so a command's own
one-line error (`dev.py terminal` with nobody to ask) is never buried under pip's warnings on a
fresh clone, whatever the machine's pip configuration prints."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOISY = "import sys; print('WARNING: index ignored', file=sys.stderr); print('chatter')"


def dev_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("dev_bootstrap", ROOT / "dev.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_an_install_step_that_succeeds_prints_nothing(capfd: pytest.CaptureFixture[str]) -> None:
    dev_module().run_quietly(sys.executable, "-c", NOISY)
    out, err = capfd.readouterr()
    assert (out, err) == ("", "")


def test_an_install_step_that_fails_shows_its_output(capfd: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        dev_module().run_quietly(sys.executable, "-c", NOISY + "; sys.exit(3)")
    out, err = capfd.readouterr()
    assert stopped.value.code == 3
    assert "WARNING: index ignored" in err and "chatter" in out
