"""The window's house (docs/ui.md, "The window and its features"): features that know only the window
interface and the controller, and one dispatch point through which every change reaches them."""
from __future__ import annotations

import ast
from pathlib import Path

from PySide6.QtCore import SIGNAL, QMetaMethod, QObject

from cekidesk.persistence.settings import Settings
from cekidesk.session import Changes, HandEnded, PausedChanged, Thinking
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
    w.controller.changes.emit(Changes(True, (PausedChanged(True),)))   # a change set's step is one Change
    hearing = ["Statistics", "HandHistory", "Hints", "TableFeed", "HandEnd", "HandOver", "GameLog", "Commands",
               "Lessons", "Problems", "Sounds", "Announcer", "NetworkTable"]
    assert heard[:len(hearing)] == [(name, "paused") for name in hearing]
    assert [kind for _, kind in heard[len(hearing):]] == ["refresh"] * len(w.features)
    assert heard[len(hearing)][0] == "StatusLine" and heard[-1][0] == "HandHistory"
    heard.clear()
    w.on_changed(Change.of(Thinking(1)))
    assert ("TableFeed", "thinking") in heard


def test_steps_of_one_change_set_reach_the_features_in_their_order(qtbot, monkeypatch):
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0))
    qtbot.addWidget(w)
    heard: list[tuple[str, int]] = []
    monkeypatch.setattr(w.table_feed, "on_changed", lambda change: heard.append((change.kind, change.seat)))
    w.controller.changes.emit(Changes(True, (PausedChanged(True), HandEnded(), Thinking(2), Thinking(-1))))
    assert heard == [("paused", -1), ("hand_ended", -1), ("thinking", 2), ("thinking", -1)]


def _signals(obj: QObject) -> dict[str, str]:
    """The signals of ``obj``, by name, as ``QObject.receivers`` takes them."""
    meta = obj.metaObject()
    found = {}
    for i in range(meta.methodCount()):
        method = meta.method(i)
        if method.methodType() == QMetaMethod.MethodType.Signal:
            found[bytes(method.name().data()).decode()] = SIGNAL(bytes(method.methodSignature().data()).decode())
    return found


OLD_SIGNALS = ("started", "changed", "handEnded", "matchEnded", "thinking", "problem", "autosaveRestored",
               "hintReady", "pausedChanged", "replayFrame", "replayEnded", "screenChanged")


def test_the_window_hears_one_signal_of_the_controller(qtbot):
    """Of the controller the window connects ``changes`` only: no other signal has a receiver of
    the window's (the controller itself hears ``started``; the statistics recorder, made once the
    store is loaded, ``started`` and ``handEnded``)."""
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0))
    qtbot.addWidget(w)
    c = w.controller
    signals = _signals(c)
    assert set(OLD_SIGNALS) | {"changes"} <= set(signals)
    assert c.receivers(signals["changes"]) == 1
    own = {"started": 1}   # (the controller's own: a rebuild by someone else is screened anew)
    recorder = {"started": 1, "handEnded": 1} if w.stats.loaded() else {}
    for name in OLD_SIGNALS:
        assert c.receivers(signals[name]) == own.get(name, 0) + recorder.get(name, 0), name
    window_files = [ROOT / "cekidesk" / "ui" / "main_window.py",
                    *sorted((ROOT / "cekidesk" / "ui" / "window").rglob("*.py"))]
    for path in window_files:   # (and no code of the window's names one of the other signals)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in OLD_SIGNALS and isinstance(node.value, ast.Attribute) \
                    and node.value.attr == "controller" or isinstance(node, ast.Attribute) and node.attr == "connect" \
                    and isinstance(node.value, ast.Attribute) and node.value.attr in OLD_SIGNALS:
                raise AssertionError((path.name, node.lineno, ast.unparse(node)))
