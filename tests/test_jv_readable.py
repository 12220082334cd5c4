"""Javanese script as readable as Latin (issue 15): aksara Jawa drawn 1.3× the Latin size with line
heights that fit it, no clipped text in any of the four languages, titles the system draws in Latin
letters, and game-log rows that size to their text and re-flow.

The clip check measures each widget's text in the widget's own font (with the fallback fonts Qt
really uses for it, so aksara Jawa in a Latin interface counts with its taller lines) against the
room the style leaves it — the contents of a button, the edit field of a combo or spin box, a tab,
a group box's title, a label's contents, a view's row — and names every widget whose text does not
fit, with the text.
"""
from __future__ import annotations

import random
import re
from itertools import count, takewhile

import pytest
from PySide6 import QtGui
from PySide6.QtCore import QCoreApplication, QModelIndex, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QFont,
    QFontInfo,
    QFontMetricsF,
    QImage,
    QPainter,
    QTextBlock,
    QTextDocument,
    QTextLayout,
    QTextOption,
)
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenuBar,
    QPlainTextDocumentLayout,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QStyle,
    QStyleOptionButton,
    QStyleOptionComboBox,
    QStyleOptionGroupBox,
    QTabBar,
    QToolButton,
    QWidget,
)
from waiting import HANG_GUARD_MS
from window_helpers import open_window

from cekidesk.aksara import is_javanese_char
from cekidesk.engine.match import Match
from cekidesk.games import new_match
from cekidesk.persistence.saves import Seat
from cekidesk.ui.dialogs.hand_end import HandEndDialog
from cekidesk.ui.dialogs.new_game import NewGameConfig, NewGameDialog
from cekidesk.ui.dialogs.settings import SettingsDialog
from cekidesk.ui.foundations import fonts, i18n
from cekidesk.ui.foundations.fonts import FAMILY, SCRIPT_SCALE, install_javanese_font, javanese_line_height
from cekidesk.ui.games.ce_pe.editor import RuleEditor
from cekidesk.ui.table.layouts import LabelSpec, text_width
from cekidesk.ui.table.widget import LabelItem
from cekidesk.ui.window.gamelog import GameLogView

#: rounding between the metrics of a whole text and the pixels Qt gives a widget
SLACK = 1.0


def plain(text: str) -> str:
    """``text`` as drawn: a single ``&`` is a keyboard accelerator (underlined, not drawn)."""
    return re.sub(r"&(.)", r"\1", text)


def text_size(font: QFont, text: str, width: float | None = None) -> QSizeF:
    """The size of ``text`` laid out in ``font`` — every line's height is that of the fonts used in
    it (a Javanese fallback makes a line taller) —, wrapped at ``width`` if given."""
    w = h = 0.0
    for para in text.split("\n"):
        layout = QTextLayout(para, font)
        opt = QTextOption()
        opt.setWrapMode(QTextOption.WrapMode.WordWrap if width is not None else QTextOption.WrapMode.NoWrap)
        layout.setTextOption(opt)
        layout.beginLayout()
        while True:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(width if width is not None else 1e6)
            w = max(w, line.naturalTextWidth())
            h += line.height()
        layout.endLayout()
    return QSizeF(w, h)


def _fit(problems: list[str], w: QWidget, what: str, text: str, need: QSizeF, room: QRectF | QSizeF,
         check_width: bool = True) -> None:
    rw, rh = room.width(), room.height()
    cut = []
    if check_width and need.width() > rw + SLACK:
        cut.append(f"width {need.width():.1f} > {rw:.1f}")
    if need.height() > rh + SLACK:
        cut.append(f"height {need.height():.1f} > {rh:.1f}")
    if cut:
        problems.append(f"{type(w).__name__} {w.objectName() or ''} {what} {text!r}: {', '.join(cut)}")


def _button(problems: list[str], b: QAbstractButton) -> None:
    text = plain(b.text())
    if not text:
        return
    need = text_size(b.font(), text)
    style = b.style()
    if isinstance(b, QPushButton):
        opt = QStyleOptionButton()
        opt.initFrom(b)
        opt.text = b.text()
        room = QRectF(style.subElementRect(QStyle.SubElement.SE_PushButtonContents, opt, b))
        if not b.icon().isNull():
            room.setWidth(room.width() - b.iconSize().width() - 4)
    elif isinstance(b, (QCheckBox, QRadioButton)):
        opt = QStyleOptionButton()
        opt.initFrom(b)
        opt.text = b.text()
        el = QStyle.SubElement.SE_CheckBoxContents if isinstance(b, QCheckBox) \
            else QStyle.SubElement.SE_RadioButtonContents
        room = QRectF(style.subElementRect(el, opt, b))
    elif isinstance(b, QToolButton):
        if b.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly:
            return
        m = style.pixelMetric(QStyle.PixelMetric.PM_DefaultFrameWidth, None, b)
        room = QRectF(b.rect()).adjusted(m, m, -m, -m)
    else:
        room = QRectF(b.contentsRect())
    _fit(problems, b, "", text, need, room)


def _combo(problems: list[str], c: QComboBox) -> None:
    opt = QStyleOptionComboBox()
    opt.initFrom(c)
    opt.editable = c.isEditable()
    field = QRectF(c.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, opt,
                                            QStyle.SubControl.SC_ComboBoxEditField, c))
    field.adjust(1, 0, -1, 0)    # the label's own margin (CE_ComboBoxLabel)
    for i in range(c.count()):
        text = c.itemText(i)
        room = QRectF(field)
        if not c.itemIcon(i).isNull():
            room.setWidth(room.width() - c.iconSize().width() - 4)
        _fit(problems, c, f"item {i}", text, text_size(c.font(), text), room)


def _spin(problems: list[str], s: QAbstractSpinBox) -> None:
    le = s.findChild(QLineEdit)
    if le is None:
        return
    texts = [s.text()]
    if isinstance(s, (QSpinBox, QDoubleSpinBox)):
        texts += [s.prefix() + s.textFromValue(v) + s.suffix() for v in (s.minimum(), s.maximum())]
        if s.specialValueText():
            texts.append(s.specialValueText())
    room = QRectF(le.contentsRect()).adjusted(2, 1, -2, -1)   # QLineEdit's own margins
    for text in texts:
        _fit(problems, s, "", text, text_size(le.font(), text), room)


def _label(problems: list[str], lab: QLabel) -> None:
    text = lab.text()
    if not text or lab.pixmap() is not None and not lab.pixmap().isNull():
        return
    room = QRectF(lab.contentsRect())
    m = lab.margin()
    room.adjust(m, m, -m, -m)
    if lab.textFormat() == Qt.TextFormat.RichText or (lab.textFormat() == Qt.TextFormat.AutoText
                                                      and QtGui.Qt.mightBeRichText(text)):
        doc = QTextDocument()
        doc.setDefaultFont(lab.font())
        doc.setDocumentMargin(0)
        doc.setHtml(text)
        if lab.wordWrap():
            doc.setTextWidth(room.width())
        else:
            doc.setTextWidth(doc.idealWidth())
        need = QSizeF(doc.idealWidth(), doc.size().height())
        _fit(problems, lab, "", text[:60], need, room, check_width=not lab.wordWrap())
        return
    text = plain(text) if lab.buddy() is not None else text
    need = text_size(lab.font(), text, room.width() if lab.wordWrap() else None)
    _fit(problems, lab, "", text, need, room, check_width=not lab.wordWrap())


def _tabs(problems: list[str], bar: QTabBar) -> None:
    hspace = bar.style().pixelMetric(QStyle.PixelMetric.PM_TabBarTabHSpace, None, bar)
    vspace = bar.style().pixelMetric(QStyle.PixelMetric.PM_TabBarTabVSpace, None, bar)
    for i in range(bar.count()):
        text = plain(bar.tabText(i))
        r = QRectF(bar.tabRect(i)).adjusted(hspace / 2, vspace / 2, -hspace / 2, -vspace / 2)
        _fit(problems, bar, f"tab {i}", text, text_size(bar.font(), text), r)


def _group(problems: list[str], g: QGroupBox) -> None:
    if not g.title():
        return
    opt = QStyleOptionGroupBox()
    opt.initFrom(g)
    opt.text = g.title()
    opt.textAlignment = g.alignment()
    opt.subControls = QStyle.SubControl.SC_GroupBoxLabel | QStyle.SubControl.SC_GroupBoxFrame
    if g.isCheckable():
        opt.subControls |= QStyle.SubControl.SC_GroupBoxCheckBox
    room = QRectF(g.style().subControlRect(QStyle.ComplexControl.CC_GroupBox, opt,
                                           QStyle.SubControl.SC_GroupBoxLabel, g))
    text = plain(g.title())
    _fit(problems, g, "title", text, text_size(g.font(), text), room)


def _line_edit(problems: list[str], e: QLineEdit) -> None:
    if isinstance(e.parent(), (QAbstractSpinBox, QComboBox)):
        return
    text = e.text() or e.placeholderText()
    if text:
        room = QRectF(e.contentsRect()).adjusted(2, 1, -2, -1)
        _fit(problems, e, "", text, text_size(e.font(), text), room, check_width=False)


def _view(problems: list[str], v: QAbstractItemView) -> None:
    """Each visible row is as tall as its texts (a column may still elide a long text)."""
    model = v.model()
    if model is None or isinstance(v, QHeaderView):
        return
    port = v.viewport().rect()
    for row in range(min(model.rowCount(QModelIndex()), 200)):
        for idx in takewhile(QModelIndex.isValid, (model.index(row, col) for col in count())):
            col = idx.column()
            rect = v.visualRect(idx)
            if rect.isEmpty() or not port.intersects(rect):
                continue
            text = idx.data(Qt.ItemDataRole.DisplayRole)
            if not isinstance(text, str) or not text:
                continue
            font = idx.data(Qt.ItemDataRole.FontRole)
            f = font if isinstance(font, QFont) else v.font()
            wrap = rect.width() - 6 if v.wordWrap() else None   # (the delegate's margins)
            _fit(problems, v, f"row {row} column {col}", text, text_size(f, text, wrap), QRectF(rect),
                 check_width=False)


def _menu_bar(problems: list[str], mb: QMenuBar) -> None:
    for a in mb.actions():
        if a.isVisible() and a.text():
            text = plain(a.text())
            _fit(problems, mb, "menu", text, text_size(mb.font(), text), QRectF(mb.actionGeometry(a)))


def clips(top: QWidget) -> list[str]:
    """Every clipped text of ``top``'s visible widgets (``top`` included), as "Class name 'text': why"."""
    problems: list[str] = []
    for w in [top] + top.findChildren(QWidget):
        if not w.isVisible() or w.width() <= 0 or w.height() <= 0:
            continue
        for kind, check in ((QAbstractButton, _button), (QComboBox, _combo), (QAbstractSpinBox, _spin),
                            (QLabel, _label), (QTabBar, _tabs), (QGroupBox, _group), (QLineEdit, _line_edit),
                            (QAbstractItemView, _view), (QMenuBar, _menu_bar)):
            if isinstance(w, kind):
                check(problems, w)
    return problems


# -- the tests ---------------------------------------------------------------------------------------

LANGUAGES = ["en", "id", "jv", "jv-Java"]


@pytest.fixture
def language():
    """Sets the interface language for a test and puts English back after it."""
    yield i18n.set_language
    i18n.set_language("en")


def shown(qtbot, w: QWidget, size: tuple[int, int] | None = None) -> QWidget:
    qtbot.addWidget(w)
    if size is not None:
        w.resize(*size)
    w.show()
    qtbot.waitExposed(w, timeout=HANG_GUARD_MS)
    QApplication.processEvents()
    return w


def test_aksara_jawa_is_drawn_larger_than_latin_and_led_by_the_javanese_font(qapp, language):
    install_javanese_font(qapp)
    language("en")
    latin = QFont(qapp.font())
    language("jv-Java")
    jv = qapp.font()
    assert jv.families()[0] == FAMILY and latin.families()[0] in jv.families()
    assert jv.pointSizeF() == pytest.approx(latin.pointSizeF() * SCRIPT_SCALE)
    # a label's aksara Jawa is drawn about 1.3× as tall, and the label is as tall as its line
    label = QLabel("ꦏꦸꦕꦶꦁ ꦧꦸꦚ꧀ꦕꦶꦲꦧꦿꦶꦠ꧀")
    ink = QFontMetricsF(label.font()).tightBoundingRect(label.text()).height()
    assert ink == pytest.approx(QFontMetricsF(latin).tightBoundingRect(label.text()).height() * SCRIPT_SCALE, rel=0.1)
    assert label.sizeHint().height() >= QFontMetricsF(label.font()).height() >= ink
    # Latin letters in the same text keep a Latin font
    lay = QTextLayout("Budi ꦏꦸꦕꦶꦁ", jv)
    lay.beginLayout()
    lay.createLine()
    lay.endLayout()
    assert {run.rawFont().familyName() for run in lay.glyphRuns()} == {FAMILY, QFontInfo(latin).family()}


@pytest.mark.parametrize("lang", ["en", "id", "jv"])
def test_the_other_languages_keep_the_system_font_at_its_size(qapp, language, lang):
    install_javanese_font(qapp)
    language("en")
    english = QFont(qapp.font())
    language("jv-Java")
    language(lang)
    assert qapp.font() == english and fonts.script_scale() == 1.0
    assert english.families()[-1] == FAMILY and english.families()[0] != FAMILY


def test_table_labels_and_their_widths_are_larger_in_aksara_jawa(qapp, language):
    install_javanese_font(qapp)
    spec = LabelSpec("count", "ꦱꦔꦧꦁ 7", QPointF(0, 0), 14)
    language("en")
    latin_w, latin_h = text_width(spec.text, 14), LabelItem(spec).boundingRect().height()
    language("jv-Java")
    item = LabelItem(spec)
    assert item._font().pixelSize() == round(14 * SCRIPT_SCALE)
    assert text_width(spec.text, 14) > latin_w * 1.2
    assert item.boundingRect().height() > latin_h * 1.2
    # the pill holds its text
    assert item.boundingRect().width() >= QFontMetricsF(item._font()).horizontalAdvance(spec.text)


def test_the_clip_check_names_a_clipped_widget_and_its_text(qtbot, qapp, language):
    """The check itself: a button kept at a Latin line's height, a spin box too narrow for its
    largest value, a label narrower than its text, a combo too low for an aksara Jawa item."""
    install_javanese_font(qapp)
    language("jv-Java")
    box = QWidget()
    button = QPushButton("ꦩꦸꦭꦲꦶ ꦲꦚꦂ", box)
    button.setObjectName("low")
    button.setGeometry(0, 0, 200, 18)
    spin = QSpinBox(box)
    spin.setRange(0, 1_000_000)
    spin.setGeometry(0, 40, 30, 60)
    label = QLabel("ꦱꦔꦧꦁ ꦱꦔꦧꦁ ꦱꦔꦧꦁ", box)
    label.setGeometry(0, 120, 40, 60)
    combo = QComboBox(box)
    combo.addItem("ꦧꦱꦗꦮ")
    combo.setGeometry(0, 200, 200, 60)
    shown(qtbot, box, (300, 300))
    found = clips(box)
    assert any(p.startswith("QPushButton low ") and "ꦩꦸꦭꦲꦶ ꦲꦚꦂ" in p and "height" in p for p in found), found
    assert any(p.startswith("QSpinBox") and "1000000" in p and "width" in p for p in found), found
    assert any(p.startswith("QLabel") and "width" in p for p in found), found
    assert not any(p.startswith("QComboBox") for p in found), found
    combo.setFixedHeight(16)
    assert any(p.startswith("QComboBox") and "ꦧꦱꦗꦮ" in p for p in clips(box)), clips(box)


@pytest.mark.parametrize("lang", ["en", "jv-Java"])
@pytest.mark.parametrize("text", ["85", "ꦭꦸꦒꦶꦏꦿꦤ", "40 ꦭꦺꦴꦤ꧀", "ꦧꦸꦚ꧀ꦕꦶꦲꦧꦿꦶꦠ꧀", "Ayu",
                                  # (a wangsalan's meaning: pasangan below, signs above, no Latin letter)
                                  "ꦲꦸꦒ\u200bꦔ꧀ꦒꦼꦭꦶꦤ꧀ꦢꦶꦁ", "ꦤ꧀ꦢ"])
def test_a_table_label_holds_its_ink_and_is_no_taller_than_it_needs(qapp, language, lang, text):
    """A pill holds every pixel of its text, aksara Jawa (card names on the table) in any interface
    too, and is not as tall as the script's full line, which keeps room for stacks the label does
    not have; a Latin label keeps a Latin line's height."""
    install_javanese_font(qapp)
    language(lang)
    item = LabelItem(LabelSpec("s", text, QPointF(0, 0), 14))
    font = item._font()
    img = QImage(400, 200, QImage.Format.Format_ARGB32)
    img.fill(Qt.GlobalColor.white)
    p = QPainter(img)
    p.translate(200, 100)
    p.setFont(font)
    p.setPen(Qt.GlobalColor.black)
    p.drawText(QPointF(-item._line.width / 2, item._line.baseline), text)
    p.end()
    ink = [(x - 200, y - 100) for y in range(200) for x in range(400) if img.pixelColor(x, y).lightness() < 200]
    pill = item.boundingRect()
    assert ink and all(pill.contains(QPointF(x + 0.5, y + 0.5)) for x, y in ink), (text, pill)
    if text.isascii():
        latin_font = QFont(font)
        latin_font.setFamilies([f for f in font.families() if f != FAMILY])
        assert item._line.height == pytest.approx(QFontMetricsF(latin_font).height())
    else:
        assert item._line.height < javanese_line_height(font)


def test_the_window_follows_the_interface_font(qtbot, boxes, language):
    """The status line, the log and its title, the menus and the toolbar are drawn 1.3× in aksara
    Jawa — also those made before the new font reached the window — and go back with Latin."""
    w = open_window(qtbot, language="jv-Java")
    QApplication.processEvents()
    parts = [w.status_label, w.log_dock, w.log_dock.view, w.menuBar(), w.toolbar]

    def sizes() -> list[float]:
        return [p.font().pointSizeF() for p in parts]

    big = sizes()
    assert all(p.font().families()[0] == FAMILY for p in parts)
    w.settings.language = "en"
    w.apply_settings()
    QApplication.processEvents()
    assert all(p.font().families()[0] != FAMILY for p in parts)
    assert sizes() == pytest.approx([b / SCRIPT_SCALE for b in big])


def finished_hand(game: str, seed: int = 3) -> Match:
    m = new_match(game, 3, seed, {}, {"mode": "money"})
    rng = random.Random(seed)
    while not m.hand_over():
        m.apply(rng.choice(m.state.all_legal_actions()))
    return m


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_is_clipped_in_any_language(qtbot, boxes, language, lang):
    """The main window with a game, New Game for several games, Ce Pe's rule editor, Settings, the
    end of a hand and the help: every text fits its widget."""
    w = open_window(qtbot, language=lang, card_names="javanese")
    assert w.start_new_game(NewGameConfig("ceki", [Seat.human("You"), Seat.bot("beginner", "Budi"),
                                                   Seat.bot("beginner", "Sari")], 3, {}, {"mode": "money"}))
    QApplication.processEvents()
    found = {"main window": clips(w)}
    settings = w.settings
    for game in ("ceki", "pei", "ce-pe", "balik-satu", "kartu-lima"):
        settings.last_game_id = game
        found[f"New game ({game})"] = clips(shown(qtbot, NewGameDialog(settings, w)))
    found["Ce Pe rules"] = clips(shown(qtbot, RuleEditor(None, w)))
    found["Settings"] = clips(shown(qtbot, SettingsDialog(settings, w)))
    for game in ("ceki", "pei"):
        names = ["You", "Budi", "Sari"]
        found[f"end of hand ({game})"] = clips(shown(qtbot, HandEndDialog(
            finished_hand(game), names, 0, w.card_namer(), w), (1100, 650)))
    help_dialog = w.show_help()
    QApplication.processEvents()
    found["help"] = clips(help_dialog)
    bad = {where: p for where, p in found.items() if p}
    assert not bad, bad


@pytest.mark.parametrize("lang", ["jv-Java", "jv"])
def test_window_titles_are_in_latin_letters(qtbot, boxes, language, lang):
    """What the system draws (title bar, task bar, file dialogs, message boxes) may lack a Javanese
    font: in the aksara Jawa interface it is the Javanese Latin text."""
    w = open_window(qtbot, language=lang)
    assert w.start_new_game(NewGameConfig("ceki", [Seat.human("You"), Seat.bot("beginner", "Budi")],
                                          5, {}, {"mode": "money"}))
    titles = [w.windowTitle(), w.show_help().windowTitle(), w.show_settings().windowTitle()]
    titles.append(NewGameDialog(w.settings, w).windowTitle())
    titles.append(RuleEditor(None, w).windowTitle())
    w.open_file("/nonexistent/game.cekisave")
    titles.append(boxes[-1][1])
    language("jv")
    latin = [w.windowTitle(), i18n.latin(lambda: QCoreApplication.translate("HowToPlayDialog", "How to play"))]
    assert titles[0] == latin[0] == "Ceki (Kowah) — bagéyan no. 5 — CekiDesk"
    assert titles[1] == latin[1]
    for t in titles:
        assert t and not any(is_javanese_char(ch) for ch in t), t
    # the interface itself stays in aksara Jawa
    if lang == "jv-Java":
        language("jv-Java")
        assert any(is_javanese_char(ch) for ch in w.menu_game.title())


def log_blocks(view: GameLogView) -> list[QTextBlock]:
    """The log's paragraphs (one per row), each laid out at the view's width now (the view lays out
    only what it shows)."""
    doc = view.document()
    layout = doc.documentLayout()
    assert isinstance(layout, QPlainTextDocumentLayout)
    blocks = [doc.findBlockByNumber(i) for i in range(doc.blockCount())]
    for b in blocks:
        layout.ensureBlockLayout(b)
    return blocks


def log_lines(view: GameLogView) -> list[int]:
    """How many lines each of the log's rows is laid out on now."""
    return [b.layout().lineCount() for b in log_blocks(view)]


@pytest.mark.parametrize("lang,card_names", [("en", "both"), ("jv-Java", "javanese"), ("jv-Java", "both"),
                                            ("id", "latin")])
def test_log_rows_hold_their_whole_text_and_reflow_when_the_log_is_resized(qtbot, boxes, language, lang,
                                                                          card_names):
    w = open_window(qtbot, language=lang, card_names=card_names)
    assert w.start_new_game(NewGameConfig("ceki", [Seat.human("You"), Seat.bot("beginner", "Budi"),
                                                   Seat.bot("beginner", "Sari")], 3, {}, {"mode": "money"}))
    c = w.controller
    for _ in range(4):
        qtbot.waitUntil(lambda: c.waiting_for_human() or c.match.hand_over(), timeout=HANG_GUARD_MS)
        if c.match.hand_over():
            break
        assert c.play(c.view().legal[0])
    c.set_paused(True)
    view = w.log_dock.view
    QApplication.processEvents()
    lines = w.log_dock.lines()
    assert len(lines) > 5
    # the document holds every row whole (nothing elided), one paragraph each
    doc = view.document()
    assert [doc.findBlockByNumber(i).text() for i in range(doc.blockCount())] == lines
    assert not any("…" in t for t in lines if "…" not in "".join(w.log_dock.model.lines()))

    def fits() -> None:
        port = view.viewport().width()
        for block in log_blocks(view):
            lay = block.layout()
            assert lay.lineCount() >= 1
            for n in range(lay.lineCount()):
                line = lay.lineAt(n)
                assert line.naturalTextWidth() <= port, block.text()
                assert line.height() >= text_size(view.font(), block.text()[line.textStart():][:line.textLength()]
                                                  ).height() - SLACK, block.text()

    w.resizeDocks([w.log_dock], [420], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: abs(view.viewport().width() - 400) < 60, timeout=HANG_GUARD_MS)
    fits()
    wide = log_lines(view)
    w.resizeDocks([w.log_dock], [240], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: view.viewport().width() < 240, timeout=HANG_GUARD_MS)
    fits()
    narrow = log_lines(view)
    assert sum(narrow) > sum(wide) and all(n >= m for n, m in zip(narrow, wide, strict=True))
    w.resizeDocks([w.log_dock], [420], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: log_lines(view) == wide, timeout=HANG_GUARD_MS)


def test_the_labels_measures_are_kept_bounded_and_untracked(qapp, language, monkeypatch):
    # (a long session measures thousands of labels: kept for the next layout, not for the collector)
    import gc

    from cekidesk.ui.foundations import fonts

    install_javanese_font(qapp)
    language("jv-Java")
    monkeypatch.setattr(fonts, "_LINES", {})
    monkeypatch.setattr(fonts, "_LINES_MOST", 50)
    font = fonts.pixel_font(14)
    first = fonts.short_line(font, "ꦲꦸꦒ\u200bꦔ꧀ꦒꦼꦭꦶꦤ꧀ꦢꦶꦁ")
    assert fonts.short_line(font, "ꦲꦸꦒ\u200bꦔ꧀ꦒꦼꦭꦶꦤ꧀ꦢꦶꦁ") == first
    for n in range(120):
        fonts.short_line(font, f"{n} ꦭꦺꦴꦤ꧀")
    gc.collect()
    assert 0 < len(fonts._LINES) <= 50 and not any(gc.is_tracked(v) for v in fonts._LINES.values())
