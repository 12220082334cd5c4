"""The translation sources are what lupdate makes of the code: ``tools/update_translations.py --check``
changes nothing and passes.  (A translator comment picked up from a ``#:`` line, a plural that lost its
marking, a text moved to another context: each makes the next translation run change entries nobody
touched, and may leave a finished translation unfinished.)"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_translation_files_are_what_lupdate_makes_of_the_code():
    tool = ROOT / "tools" / "update_translations.py"
    if not tool.is_file():
        pytest.skip("not a source checkout")
    proc = subprocess.run([sys.executable, str(tool), "--check"], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
