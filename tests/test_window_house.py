"""The window's house (docs/ui.md, "The window and its features"): features that know only the window
interface and the controller, and one dispatch point through which every change reaches them."""
from __future__ import annotations

import ast
from pathlib import Path

from cekidesk.persistence.settings import Settings
from cekidesk.ui.main_window import MainWindow
from cekidesk.ui.window.interface import Change, Feature, WindowInterface

ROOT = Path(__file__).resolve().parent.parent
FEATURES = ROOT / "cekidesk" / "ui" / "window" / "features"


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports (at the top, in functions, under TYPE_CHECKING), made absolute."""
    package = "cekidesk.ui.window.features"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found.add(module)
            found |= {f"{module}.{alias.name}" for alias in node.names}
    return found


def test_no_feature_imports_another_feature_or_the_window():
    modules = sorted(p for p in FEATURES.glob("*.py") if p.name != "__init__.py")
    assert len(modules) >= 12
    for path in modules:
        bad = {m for m in _imports(path) if m.startswith("cekidesk.ui.window.features.")
               or m.startswith("cekidesk.ui.main_window")}
        assert not bad, (path.name, sorted(bad))


def test_no_feature_reaches_another_objects_private_members():
    for path in sorted(FEATURES.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                owner = node.value
                assert isinstance(owner, ast.Name) and owner.id in ("self", "cls"), \
                    (path.name, node.lineno, ast.unparse(node))


def test_the_main_window_is_small_and_is_the_window_interface(qtbot):
    tree = ast.parse((ROOT / "cekidesk" / "ui" / "main_window.py").read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "MainWindow")
    assert cls.end_lineno is not None and cls.end_lineno - cls.lineno + 1 < 500
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0))
    qtbot.addWidget(w)
    interface: WindowInterface = w   # (mypy checks the members; here that they are there)
    for name in ("controller", "table", "log_dock", "settings", "widget", "add_action", "on_changed", "refresh",
                 "set_status", "seat_names", "you", "card_namer", "deal_words", "held", "give_table_the_keyboard",
                 "save_settings"):
        assert hasattr(interface, name), name
    assert all(isinstance(f, Feature) for f in w.features)


def test_every_change_reaches_the_features_in_order_then_one_refresh(qtbot, monkeypatch):
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0))
    qtbot.addWidget(w)
    heard: list[tuple[str, str]] = []
    for feature in w.features:
        monkeypatch.setattr(feature, "on_changed",
                            lambda change, f=feature: heard.append((type(f).__name__, change.kind)))
        monkeypatch.setattr(feature, "refresh", lambda f=feature: heard.append((type(f).__name__, "refresh")))
    w.controller.pausedChanged.emit(True)   # a controller signal is made into one Change
    hearing = ["HandHistory", "Hints", "TableFeed", "HandEnd", "HandOver", "GameLog", "Commands", "Lessons"]
    assert heard[:len(hearing)] == [(name, "paused") for name in hearing]
    assert [kind for _, kind in heard[len(hearing):]] == ["refresh"] * len(w.features)
    assert heard[len(hearing)][0] == "StatusLine" and heard[-1][0] == "HandHistory"
    heard.clear()
    w.on_changed(Change("thinking", seat=1))
    assert ("TableFeed", "thinking") in heard
