"""Ce Pe's rule editor: a dialog in which the player makes a rule set of their own — the effect of
every rank and of single cards, the limit, the start, the deal, the penalty, the redeal, an instant
win — starting from a preset or a saved set, checked as they type (``problems`` in the words of
``problem_text``: the rules can be saved or used only when there are none), previewed as a table of
cards, named, saved in the rule-set folder (:mod:`cekidesk.persistence.rulesets`), exported to a
file and imported from one.

The New Game dialog reaches it through the generic ``GameUI`` hooks, implemented here as
:class:`RuleSetHooks` (Ce Pe's ``GameUI`` mixes it in): the saved sets beside the presets, "Edit
rules…", and the effect tables shown read-only in the form.

Nothing the player does here loses anything: a bad file is refused in words and changes nothing,
saving under a name already used asks first, and a failed write leaves the old file.
"""
from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import SimpleNamespace

from pydantic import ValidationError
from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    QRegularExpression,
    Qt,
)
from PySide6.QtGui import QFont, QFontMetricsF, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from cekidesk.engine.cards import ALL_WKINDS, WKind
from cekidesk.games.ce_pe.ruleset import (
    ACTIONS,
    BOUND,
    COUNTER_OPS,
    PRESETS,
    RANKS,
    CePeOptions,
    Effect,
    Problem,
    RuleFileError,
    preset,
    problems,
)
from cekidesk.persistence.rulesets import (
    RULES_EXTENSION,
    RuleSetExists,
    RuleSetNotice,
    SavedRuleSet,
    delete_rule_set,
    list_rule_sets,
    read_rule_file,
    rules_dir,
    save_rule_set,
    write_rule_file,
)

from ...foundations import i18n, names
from ...foundations.cardpics import device_ratio
from ...foundations.fonts import javanese_line_height
from ...foundations.i18n import QT_TRANSLATE_NOOP
from ...widgets.helpers import fit_wrapped_labels
from ...widgets.options_form import OptionsForm
from ...widgets.pictures import picture_source
from .effects import action_text, effect_text, problem_text, rank_text

CONTEXT = "CePeRuleEditor"
# the fields the editor's own widgets edit (the rest are in its options form)
OWN_FIELDS = frozenset({"name", "effects", "card_effects"})
# the cards in a row of the preview
PREVIEW_COLUMNS = 7
# the longest name a rule set may have
NAME_LENGTH = next(m.max_length for m in CePeOptions.model_fields["name"].metadata if hasattr(m, "max_length"))


def _tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


COUNTER_WORDS: dict[str, str] = {
    "none": QT_TRANSLATE_NOOP("CePeRuleEditor", "No change"),
    "add": QT_TRANSLATE_NOOP("CePeRuleEditor", "Add"),
    "add_or_sub": QT_TRANSLATE_NOOP("CePeRuleEditor", "Add or subtract"),
    "set": QT_TRANSLATE_NOOP("CePeRuleEditor", "Set to"),
}

# -- values as the player types them -----------------------------------------------------------

# up to four whole numbers, signed, separated by commas or spaces ("1, 11", "-10")
VALUES_PATTERN = r"\s*([-−+]?\d{0,5}\s*[,;\s]\s*){0,3}[-−+]?\d{0,5}\s*"


def parse_values(text: str) -> tuple[int, ...]:
    """The numbers in ``text`` ("1, 11", "−10"), each held to ±:data:`BOUND`, in order."""
    found = re.findall(r"[-−+]?\d+", text)
    return tuple(max(-BOUND, min(BOUND, int(v.replace("−", "-")))) for v in found[:4])


def values_text(values: Sequence[int]) -> str:
    return ", ".join(str(v) for v in values)


def key_name(key: str) -> str:
    """A row's heading: a rank ("Ace", "10") or a card ("Ace of Spades")."""
    return rank_text(key) if key in RANKS else names.card_name(key)


CARD_CODES = frozenset(k.code for k in ALL_WKINDS)


def _effect_or(raw: object, default: Effect | None) -> Effect | None:
    """``raw`` (an Effect or its dict) as an Effect, or ``default`` if it is not one."""
    try:
        return raw if isinstance(raw, Effect) else Effect.model_validate(raw)
    except ValidationError:
        return default


def _dict(raw: object) -> dict[str, object]:
    return raw if isinstance(raw, dict) else {}


# -- the table of effects ------------------------------------------------------------------------

class EffectsModel(QAbstractTableModel):
    """Effects by key (the ranks, or single cards), one row each: the card, the counter change, its
    values, the action, "no draw" and "always playable" (check boxes)."""

    CARD, COUNTER, VALUES, ACTION, NO_DRAW, ALWAYS = range(6)
    HEADS = (QT_TRANSLATE_NOOP("CePeRuleEditor", "Card"), QT_TRANSLATE_NOOP("CePeRuleEditor", "Counter"),
             QT_TRANSLATE_NOOP("CePeRuleEditor", "Values"), QT_TRANSLATE_NOOP("CePeRuleEditor", "Action"),
             QT_TRANSLATE_NOOP("CePeRuleEditor", "No draw"), QT_TRANSLATE_NOOP("CePeRuleEditor", "Always playable"))

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._rows: list[tuple[str, Effect]] = []

    # -- the effects as data
    def effects(self) -> dict[str, Effect]:
        return dict(self._rows)

    def keys(self) -> list[str]:
        return [k for k, _e in self._rows]

    def set_effects(self, effects: dict[str, Effect]) -> None:
        self.beginResetModel()
        self._rows = list(effects.items())
        self.endResetModel()

    def add(self, key: str, effect: Effect) -> int:
        """Add a row for ``key`` (kept in card order); its row number (the existing one if it has one)."""
        if key in self.keys():
            return self.keys().index(key)
        order = [WKind.parse(k).number for k in self.keys()]
        row = sum(1 for n in order if n < WKind.parse(key).number)
        self.beginInsertRows(QModelIndex(), row, row)
        self._rows.insert(row, (key, effect))
        self.endInsertRows()
        return row

    def remove(self, rows: Sequence[int]) -> None:
        for row in sorted(set(rows), reverse=True):
            self.beginRemoveRows(QModelIndex(), row, row)
            del self._rows[row]
            self.endRemoveRows()

    # -- Qt's model
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.HEADS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> str | None:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return _tr(self.HEADS[section])
        return None

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() in (self.NO_DRAW, self.ALWAYS):
            return base | Qt.ItemFlag.ItemIsUserCheckable
        if index.column() == self.VALUES and self._rows[index.row()][1].counter == "none":
            return base
        if index.column() != self.CARD:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        key, eff = self._rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.CheckStateRole and col in (self.NO_DRAW, self.ALWAYS):
            on = not eff.draw if col == self.NO_DRAW else eff.always
            return Qt.CheckState.Checked if on else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.EditRole:
            return {self.COUNTER: eff.counter, self.VALUES: values_text(eff.values), self.ACTION: eff.action}.get(col)
        if role == Qt.ItemDataRole.DisplayRole:
            if col == self.CARD:
                return key_name(key)
            if col == self.COUNTER:
                return _tr(COUNTER_WORDS[eff.counter])
            if col == self.VALUES:
                return values_text(eff.values) if eff.counter != "none" else ""
            if col == self.ACTION:
                return action_text(eff.action) or "—"
        if role == Qt.ItemDataRole.ToolTipRole:
            return effect_text(eff)
        return None

    def setData(self, index: QModelIndex | QPersistentModelIndex, value: object,
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid():
            return False
        key, eff = self._rows[index.row()]
        col = index.column()
        change: dict[str, object]
        if role == Qt.ItemDataRole.CheckStateRole and col in (self.NO_DRAW, self.ALWAYS):
            on = Qt.CheckState(value) == Qt.CheckState.Checked
            change = {"draw": not on} if col == self.NO_DRAW else {"always": on}
        elif role == Qt.ItemDataRole.EditRole and col == self.COUNTER and value in COUNTER_OPS:
            change = {"counter": value}
        elif role == Qt.ItemDataRole.EditRole and col == self.VALUES:
            change = {"values": parse_values(str(value))}
        elif role == Qt.ItemDataRole.EditRole and col == self.ACTION and value in ACTIONS:
            change = {"action": value}
        else:
            return False
        self._rows[index.row()] = (key, Effect.model_validate({**eff.model_dump(), **change}))
        row = index.row()
        self.dataChanged.emit(self.index(row, 0), self.index(row, self.columnCount() - 1))
        return True


class ChoiceDelegate(QStyledItemDelegate):
    """A combo box for a column of codes (the counter change, the action), in words."""

    def __init__(self, choices: Callable[[], list[tuple[str, str]]], parent: QWidget | None = None):
        super().__init__(parent)
        self._choices = choices

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: QModelIndex | QPersistentModelIndex) -> QWidget:
        combo = QComboBox(parent)
        for code, text in self._choices():
            combo.addItem(text, code)
        combo.activated.connect(lambda _i, c=combo: self._chosen(c))
        return combo

    def _chosen(self, combo: QComboBox) -> None:
        """A choice is made at once (no need to leave the cell)."""
        self.commitData.emit(combo)
        self.closeEditor.emit(combo)

    def setEditorData(self, editor: QWidget, index: QModelIndex | QPersistentModelIndex) -> None:
        assert isinstance(editor, QComboBox)
        editor.setCurrentIndex(max(0, editor.findData(index.data(Qt.ItemDataRole.EditRole))))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel,
                     index: QModelIndex | QPersistentModelIndex) -> None:
        assert isinstance(editor, QComboBox)
        model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)


class ValuesDelegate(QStyledItemDelegate):
    """A line edit that takes up to four whole numbers ("1, 11")."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: QModelIndex | QPersistentModelIndex) -> QWidget:
        edit = QLineEdit(parent)
        edit.setValidator(QRegularExpressionValidator(QRegularExpression(VALUES_PATTERN), edit))
        edit.setToolTip(QCoreApplication.translate(
            "CePeRuleEditor", "Up to four whole numbers, separated by commas, e.g. 1, 11"))
        return edit


def line_height(font: QFont) -> float:
    """The height of a line of text in the interface language (aksara Jawa is much taller than the
    Latin font, and a table row sized by the Latin font cuts it)."""
    height = QFontMetricsF(font).height()
    return max(height, javanese_line_height(font)) if i18n.current_language() == "jv-Java" else height


def counter_choices() -> list[tuple[str, str]]:
    return [(op, _tr(COUNTER_WORDS[op])) for op in COUNTER_OPS]


def action_choices() -> list[tuple[str, str]]:
    return [(a, action_text(a) or QCoreApplication.translate("CePeRuleEditor", "No action")) for a in ACTIONS]


def effects_view(model: EffectsModel, name: str, parent: QWidget) -> QTableView:
    """A table of effects with its editors: combo boxes for the counter and the action."""
    view = QTableView(parent)
    view.setObjectName(name)
    view.setModel(model)
    view.setItemDelegateForColumn(EffectsModel.COUNTER, ChoiceDelegate(counter_choices, view))
    view.setItemDelegateForColumn(EffectsModel.VALUES, ValuesDelegate(view))
    view.setItemDelegateForColumn(EffectsModel.ACTION, ChoiceDelegate(action_choices, view))
    trigger = QAbstractItemView.EditTrigger
    view.setEditTriggers(trigger.DoubleClicked | trigger.SelectedClicked | trigger.EditKeyPressed
                         | trigger.AnyKeyPressed)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    rows = view.verticalHeader()
    rows.setVisible(False)
    rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    rows.setDefaultSectionSize(round(line_height(view.font())) + 8)
    view.setWordWrap(False)
    head = view.horizontalHeader()
    head.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    head.setSectionResizeMode(EffectsModel.ACTION, QHeaderView.ResizeMode.Stretch)
    return view


# -- the words of a refused file -------------------------------------------------------------------

def file_error_text(error: RuleFileError, file: str) -> str:
    """Why a rule-set file cannot be used, as a sentence naming the file."""
    code = error.code
    if code == "too_big":
        return QCoreApplication.translate(
            "CePeRuleEditor", "“{file}” is far too large to be a rule set.").format(file=file)
    if code in ("not_json", "not_rules", "not_a_file"):
        return QCoreApplication.translate("CePeRuleEditor", "“{file}” is not a CekiDesk rule set.").format(file=file)
    if code == "newer":
        return QCoreApplication.translate(
            "CePeRuleEditor", "“{file}” was written by a newer CekiDesk; this version cannot read it."
        ).format(file=file)
    if code == "unreadable":
        return QCoreApplication.translate(
            "CePeRuleEditor", "“{file}” cannot be read ({reason}).").format(file=file, reason=error.detail)
    if code == "invalid":
        field = str(error.detail or "").split(".", 1)[0]
        title = names.text(f"ce-pe.option.{field}", field.replace("_", " "))
        return QCoreApplication.translate(
            "CePeRuleEditor", "“{file}” has a value that is out of range or of the wrong kind: {field}.").format(
            file=file, field=title)
    params = tuple(error.detail) if isinstance(error.detail, tuple | list) else ()
    return QCoreApplication.translate("CePeRuleEditor", "“{file}” holds rules that cannot be played: {why}").format(
        file=file, why=problem_text(Problem(code, params)))


# -- the dialog --------------------------------------------------------------------------------------

def preset_title(preset_id: str) -> str:
    return names.text(f"ce-pe.preset.{preset_id}", str(PRESETS[preset_id]["name"]))


class RuleEditor(QDialog):
    """The rule editor (see the module docstring).  ``values``: the rules to begin with (New Game's
    options; a preset when None).  ``choosing``: opened from New Game, with "Use these rules".  The
    file dialogs are :attr:`ask_export_path` and :attr:`ask_import_path` (tests replace them)."""

    def __init__(self, values: Mapping[str, object] | None = None, parent: QWidget | None = None,
                 choosing: bool = False):
        super().__init__(parent)
        self.setObjectName("cePeRuleEditor")
        self.setWindowTitle(i18n.latin(lambda: QCoreApplication.translate("CePeRuleEditor", "Ce Pe rules")))
        self.saved: list[SavedRuleSet] = []
        lay = QVBoxLayout(self)
        lay.addLayout(self._make_top_row())

        middle = QHBoxLayout()
        self.tabs = QTabWidget(self)
        middle.addWidget(self.tabs, 3)
        self._make_pages()
        side = QVBoxLayout()
        side.addWidget(QLabel(QCoreApplication.translate("CePeRuleEditor", "Problems:"), self))
        self.problem_list = QListWidget(self)
        self.problem_list.setObjectName("problemList")
        self.problem_list.setWordWrap(True)
        self.problem_list.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        side.addWidget(self.problem_list, 1)
        middle.addLayout(side, 1)
        lay.addLayout(middle, 1)
        lay.addWidget(self._make_buttons(choosing))

        self.ask_export_path: Callable[[], str] = self._export_dialog
        self.ask_import_path: Callable[[], str] = self._import_dialog

        self.start_combo.setPlaceholderText(QCoreApplication.translate(
            "CePeRuleEditor", "Choose a preset or a saved set"))
        self._fill_start_combo()
        self.load_values(values or {})
        self._show_start()
        self.start_combo.activated.connect(self._start_chosen)
        self.delete_button.clicked.connect(self.delete_chosen)
        self.add_card_button.clicked.connect(self.add_card)
        self.remove_card_button.clicked.connect(self.remove_cards)
        self.import_button.clicked.connect(self.import_file)
        self.export_button.clicked.connect(self.export_file)
        self.save_button.clicked.connect(self.save)
        self.tabs.currentChanged.connect(self._fill_preview)
        self.name_edit.textChanged.connect(self._validate)
        self.form.changed.connect(self._validate)
        for model in (self.ranks, self.cards):
            for signal in (model.dataChanged, model.rowsInserted, model.rowsRemoved, model.modelReset):
                signal.connect(self._validate)
        self._validate()
        self.resize(1180, 660)
        fit_wrapped_labels(self)

    def _make_top_row(self) -> QHBoxLayout:
        """Where the rules start from (a preset or a saved set, which may be deleted) and their name."""
        top = QHBoxLayout()
        self.start_combo = QComboBox(self)
        self.start_combo.setObjectName("startFromCombo")
        start_label = QLabel(QCoreApplication.translate("CePeRuleEditor", "&Start from:"), self)
        start_label.setBuddy(self.start_combo)
        self.delete_button = QPushButton(QCoreApplication.translate("CePeRuleEditor", "&Delete"), self)
        self.delete_button.setObjectName("deleteButton")
        self.delete_button.setToolTip(QCoreApplication.translate(
            "CePeRuleEditor", "Delete the saved rule set chosen here"))
        self.name_edit = QLineEdit(self)
        self.name_edit.setObjectName("nameEdit")
        self.name_edit.setMaxLength(NAME_LENGTH)
        name_label = QLabel(QCoreApplication.translate("CePeRuleEditor", "&Name:"), self)
        name_label.setBuddy(self.name_edit)
        for w, stretch in ((start_label, 0), (self.start_combo, 2), (self.delete_button, 0), (name_label, 0),
                           (self.name_edit, 2)):
            top.addWidget(w, stretch)
        return top

    def _make_pages(self) -> None:
        """The tabs: the ranks' effects, single cards, the other rules, the preview."""
        # the effects: per rank, then single cards
        self.ranks = EffectsModel(self)
        self.rank_view = effects_view(self.ranks, "rankEffects", self)
        self.tabs.addTab(self.rank_view, QCoreApplication.translate("CePeRuleEditor", "&Ranks"))
        # single cards, on a page of their own (a table of rank rows is tall in aksara Jawa)
        self.tabs.addTab(self._make_cards_page(), QCoreApplication.translate("CePeRuleEditor", "Single &cards"))
        # the rest of the rules: the game's own options form, without what the tables edit
        self.form = OptionsForm(CePeOptions, parent=self, skip=OWN_FIELDS)
        self.form.setObjectName("ruleOptions")
        self.tabs.addTab(self.form, QCoreApplication.translate("CePeRuleEditor", "&Game"))
        # the preview: every rank as a card with its effect, then the single cards
        self.preview = QTextBrowser(self)
        self.preview.setObjectName("rulePreview")
        self._card_img = picture_source(self.preview, device_ratio(self))   # each picture drawn once
        self.tabs.addTab(self.preview, QCoreApplication.translate("CePeRuleEditor", "&Preview"))

    def _make_cards_page(self) -> QWidget:
        """The effects of single cards, and a row to add a card or remove the rows chosen."""
        page = QWidget(self)
        pl = QVBoxLayout(page)
        pl.addWidget(QLabel(QCoreApplication.translate(
            "CePeRuleEditor", "Single cards, whatever their rank says:"), page))
        self.cards = EffectsModel(self)
        self.card_view = effects_view(self.cards, "cardEffects", page)
        pl.addWidget(self.card_view, 1)
        add_row = QHBoxLayout()
        self.card_combo = QComboBox(page)
        self.card_combo.setObjectName("cardCombo")
        self.card_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for kind in ALL_WKINDS:
            self.card_combo.addItem(names.card_name(kind.code), kind.code)
        self.add_card_button = QPushButton(QCoreApplication.translate("CePeRuleEditor", "&Add this card"), page)
        self.add_card_button.setObjectName("addCardButton")
        self.remove_card_button = QPushButton(QCoreApplication.translate("CePeRuleEditor", "&Remove"), page)
        self.remove_card_button.setObjectName("removeCardButton")
        for w in (self.card_combo, self.add_card_button, self.remove_card_button):
            add_row.addWidget(w)
        add_row.addStretch(1)
        pl.addLayout(add_row)
        return page

    def _make_buttons(self, choosing: bool) -> QDialogButtonBox:
        """Import, export, save, and "Use these rules" and Cancel (``choosing``) or Close."""
        buttons = QDialogButtonBox(self)
        role = QDialogButtonBox.ButtonRole
        self.import_button = buttons.addButton(QCoreApplication.translate(
            "CePeRuleEditor", "&Import…"), role.ActionRole)
        self.export_button = buttons.addButton(QCoreApplication.translate(
            "CePeRuleEditor", "E&xport…"), role.ActionRole)
        self.save_button = buttons.addButton(QCoreApplication.translate("CePeRuleEditor", "Sa&ve"), role.ActionRole)
        self.save_button.setToolTip(QCoreApplication.translate(
            "CePeRuleEditor", "Save these rules under their name; they are then offered in New Game"))
        self.use_button: QPushButton | None = None
        if choosing:
            self.use_button = buttons.addButton(QCoreApplication.translate(
                "CePeRuleEditor", "&Use these rules"), role.AcceptRole)
            self.use_button.setObjectName("useButton")
            self.use_button.setDefault(True)
            self.use_button.clicked.connect(self.accept)
        close = buttons.addButton(
            QCoreApplication.translate("CePeRuleEditor", "Cancel") if choosing
            else QCoreApplication.translate("CePeRuleEditor", "Close"), role.RejectRole)
        close.clicked.connect(self.reject)
        for b, name in ((self.import_button, "importButton"), (self.export_button, "exportButton"),
                        (self.save_button, "saveButton")):
            b.setObjectName(name)
        return buttons

    # -- the rules shown ---------------------------------------------------------------------------
    def load(self, rules: CePeOptions) -> None:
        """Show ``rules`` in every field (a preset, a saved set, an import)."""
        self.load_values(rules.model_dump(mode="json"))

    def load_values(self, values: Mapping[str, object]) -> None:
        """Show options as New Game has them — perhaps not yet a rule set that can be played (the
        problems list then says why); an effect that is not one keeps the source's."""
        base = preset("ce_pe")
        given = _dict(values.get("effects"))
        self.ranks.set_effects({r: _effect_or(given.get(r), base.effects[r]) or base.effects[r] for r in RANKS})
        cards = {code: _effect_or(raw, None) for code, raw in _dict(values.get("card_effects")).items()}
        self.cards.set_effects({code: eff for code, eff in cards.items() if eff is not None and code in CARD_CODES})
        self.name_edit.setText(str(values.get("name") or base.name))
        self.form.set_values({**base.model_dump(mode="json", exclude=set(OWN_FIELDS)),
                              **{k: v for k, v in values.items() if k not in OWN_FIELDS}})

    def _fields(self) -> dict[str, object]:
        return {**self.form.values(), "name": " ".join(self.name_edit.text().split()),
                "effects": self.ranks.effects(), "card_effects": self.cards.effects()}

    def problems(self) -> list[str]:
        """Everything that keeps these rules from being played or saved, in words."""
        fields = self._fields()
        found = [problem_text(p) for p in problems(SimpleNamespace(**fields))]
        if not fields["name"]:
            found.insert(0, QCoreApplication.translate("CePeRuleEditor", "Give the rules a name."))
        if not found and self.rules() is None:
            found.append(QCoreApplication.translate("CePeRuleEditor", "These rules cannot be played."))
        return found

    def rules(self) -> CePeOptions | None:
        """The rules shown, or None while they have a problem."""
        try:
            return CePeOptions.model_validate(self._fields())
        except ValidationError:
            return None

    def _validate(self) -> None:
        found = self.problems()
        self.problem_list.clear()
        for text in found or [QCoreApplication.translate("CePeRuleEditor", "None: these rules can be played.")]:
            item = QListWidgetItem(text, self.problem_list)
            item.setToolTip(text)
        ok = not found
        for b in (self.save_button, self.export_button, self.use_button):
            if b is not None:
                b.setEnabled(ok)
        self._fill_preview()

    def _fill_preview(self, *_: object) -> None:
        """Every rank as one of its cards with its effect, then the single cards with theirs, in
        rows of :data:`PREVIEW_COLUMNS` (a page, so that any script wraps and nothing is cut)."""
        if self.tabs.currentWidget() is not self.preview:
            return                                  # drawn when its tab is shown
        img = self._card_img
        own = self.cards.effects()
        # a rank is shown by a card of it without an effect of its own (A♥ when A♠ has one)
        cells = [(next((f"{r}{s}" for s in "SHDC" if f"{r}{s}" not in own), f"{r}S"), rank_text(r), e)
                 for r, e in self.ranks.effects().items()]
        cells += [(code, names.card_name(code), e) for code, e in own.items()]
        esc = html.escape
        tds = [f"<td align='center' valign='top' width='{100 // PREVIEW_COLUMNS}%'>{img(code, 88, title)}<br>"
               f"<b>{esc(title)}</b><br>{esc(effect_text(eff))}</td>" for code, title, eff in cells]
        rows = ("<tr>" + "".join(tds[i:i + PREVIEW_COLUMNS]) + "</tr>" for i in range(0, len(tds), PREVIEW_COLUMNS))
        bar = self.preview.verticalScrollBar().value()
        self.preview.setHtml(f"<table width='100%' cellspacing='0' cellpadding='6'>{''.join(rows)}</table>")
        self.preview.verticalScrollBar().setValue(bar)

    # -- single cards --------------------------------------------------------------------------------
    def add_card(self) -> None:
        """A row for the card chosen, starting from its rank's effect."""
        code = self.card_combo.currentData()
        rank = RANKS[WKind.parse(code).rank - 1]
        row = self.cards.add(code, self.ranks.effects()[rank])
        self.card_view.selectRow(row)

    def remove_cards(self) -> None:
        self.cards.remove([i.row() for i in self.card_view.selectionModel().selectedRows()])

    # -- presets and saved sets ------------------------------------------------------------------------
    def _fill_start_combo(self, select: Path | None = None) -> None:
        self.saved, notices = list_rule_sets()
        tell_notices(self, notices)
        self.start_combo.clear()
        for pid in PRESETS:
            self.start_combo.addItem(preset_title(pid), pid)
        for s in self.saved:
            self.start_combo.addItem(saved_label(s), str(s.path))
        if select is not None:
            self.start_combo.setCurrentIndex(self.start_combo.findData(str(select)))
            self._start_shown()
        else:
            self._show_start()

    def _show_start(self) -> None:
        """Name in the combo the preset or saved set the rules shown are, if they are one."""
        rules = self.rules()
        found = [i for i in range(self.start_combo.count()) if rules is not None and self._entry(i) == rules]
        self.start_combo.setCurrentIndex(found[0] if found else -1)
        self._start_shown()

    def _entry(self, i: int) -> CePeOptions:
        data = self.start_combo.itemData(i)
        return next((s.rules for s in self.saved if str(s.path) == data), None) or preset(data)

    def _start_shown(self) -> None:
        self.delete_button.setEnabled(self._chosen_saved() is not None)

    def _chosen_saved(self) -> SavedRuleSet | None:
        data = self.start_combo.currentData()
        return next((s for s in self.saved if str(s.path) == data), None)

    def _start_chosen(self) -> None:
        if self.start_combo.currentIndex() >= 0:
            self.load(self._entry(self.start_combo.currentIndex()))
        self._start_shown()

    def delete_chosen(self) -> None:
        saved = self._chosen_saved()
        if saved is None:
            return
        answer = QMessageBox.question(self, i18n.latin(lambda: QCoreApplication.translate(
            "CePeRuleEditor", "Delete a rule set")), _tr(
            "Delete the saved rule set “{name}”? The rules being edited stay as they are.").format(
            name=saved.rules.name))
        if answer != QMessageBox.StandardButton.Yes:
            return
        try:
            delete_rule_set(saved)
        except OSError as exc:
            QMessageBox.warning(self, i18n.latin(lambda: QCoreApplication.translate(
                "CePeRuleEditor", "Delete a rule set")), _tr(
                "The rule set could not be deleted ({reason}).").format(reason=exc.strerror or exc))
        self._fill_start_combo()

    def save(self) -> SavedRuleSet | None:
        """Save the rules under their name (a name already saved is replaced only if the player says
        so); the saved set, or None."""
        rules = self.rules()
        if rules is None:
            return None
        try:
            try:
                saved = save_rule_set(rules)
            except RuleSetExists as clash:
                answer = QMessageBox.question(self, i18n.latin(lambda: QCoreApplication.translate(
                    "CePeRuleEditor", "Save the rules")), _tr(
                    "A rule set called “{name}” is already saved. Replace it with these rules?").format(
                    name=clash.existing.rules.name))
                if answer != QMessageBox.StandardButton.Yes:
                    return None
                saved = save_rule_set(rules, replace=True)
        except OSError as exc:
            QMessageBox.warning(self, i18n.latin(lambda: QCoreApplication.translate(
                "CePeRuleEditor", "Save the rules")), _tr(
                "The rules could not be saved ({reason}). Nothing was changed.").format(reason=exc.strerror or exc))
            return None
        self._fill_start_combo(select=saved.path)
        return saved

    # -- files ---------------------------------------------------------------------------------------------
    def _file_filter(self) -> str:
        return i18n.latin(lambda: QCoreApplication.translate(
            "CePeRuleEditor", "Ce Pe rule sets (*{ext});;All files (*)").format(ext=RULES_EXTENSION))

    def _export_dialog(self) -> str:
        suggested = Path.home() / (self.name_edit.text().strip() + RULES_EXTENSION)
        return QFileDialog.getSaveFileName(self, i18n.latin(lambda: QCoreApplication.translate(
            "CePeRuleEditor", "Export the rules")), str(suggested), self._file_filter())[0]

    def _import_dialog(self) -> str:
        folder = rules_dir() if rules_dir().is_dir() else Path.home()
        return QFileDialog.getOpenFileName(self, i18n.latin(lambda: QCoreApplication.translate(
            "CePeRuleEditor", "Import rules")), str(folder), self._file_filter())[0]

    def export_file(self) -> Path | None:
        rules = self.rules()
        chosen = self.ask_export_path() if rules is not None else ""
        if not chosen or rules is None:
            return None
        path = Path(chosen)
        if not path.name.lower().endswith(RULES_EXTENSION):
            path = path.with_name(path.name.removesuffix(".json") + RULES_EXTENSION)
        try:
            return write_rule_file(rules, path)
        except OSError as exc:
            QMessageBox.warning(self, i18n.latin(lambda: QCoreApplication.translate(
                "CePeRuleEditor", "Export the rules")), _tr(
                "“{file}” could not be written ({reason}).").format(file=path.name, reason=exc.strerror or exc))
            return None

    def import_file(self) -> CePeOptions | None:
        """Load the rules of a file into the editor; a bad file is refused in words and changes nothing."""
        chosen = self.ask_import_path()
        if not chosen:
            return None
        try:
            rules = read_rule_file(chosen)
        except RuleFileError as exc:
            QMessageBox.warning(self, i18n.latin(lambda: QCoreApplication.translate(
                "CePeRuleEditor", "Import rules")), file_error_text(exc, Path(chosen).name)
                                + "\n\n" + QCoreApplication.translate("CePeRuleEditor", "Nothing was changed."))
            return None
        self.load(rules)
        self._show_start()
        return rules


def saved_label(saved: SavedRuleSet) -> str:
    """A saved rule set as the combos list it, apart from the presets of the same name."""
    return QCoreApplication.translate("CePeRuleEditor", "{name} (saved)").format(name=saved.rules.name)


def tell_notices(parent: QWidget | None, notices: Sequence[RuleSetNotice]) -> None:
    """Say, once, which files of the rule-set folder could not be used and where they are now."""
    if not notices or parent is None:
        return
    lines = []
    for n in notices:
        line = file_error_text(n.error, n.path.name)
        if n.kept is not None:
            line += " " + QCoreApplication.translate(
                "CePeRuleEditor", "It was set aside as “{kept}”.").format(kept=n.kept.name)
        lines.append(line)
    QMessageBox.warning(parent, i18n.latin(lambda: QCoreApplication.translate(
        "CePeRuleEditor", "Saved rules not used")), "\n\n".join(lines) + "\n\n" + _tr(
        "Your other rule sets are kept. The folder is {folder}.").format(folder=str(rules_dir())))


def edit_options(parent: QWidget, values: dict[str, object], use: bool = True) -> dict[str, object] | None:
    """The New Game dialog's "Edit rules…": the rules chosen in the editor, or None (cancelled);
    ``use=False``: the editor with a Close button (Game ▸ Ce Pe rule sets…), None."""
    dialog = RuleEditor(values, parent, choosing=use)
    if dialog.exec() != QDialog.DialogCode.Accepted or not use:
        return None
    rules = dialog.rules()
    return None if rules is None else rules.model_dump(mode="json")


def option_presets(parent: QWidget | None = None) -> list[tuple[str, dict[str, object]]]:
    """The saved rule sets for New Game, after the presets (a file that cannot be used is reported)."""
    saved, notices = list_rule_sets()
    tell_notices(parent, notices)
    return [(saved_label(s), s.rules.model_dump(mode="json")) for s in saved]


def option_summary(name: str, value: object) -> str:
    """The effect tables in New Game's form, read-only: "Ace: +1 or +11 · 2: +2 · …"."""
    if name not in ("effects", "card_effects") or not isinstance(value, dict):
        return ""
    effects = {key: _effect_or(raw, None) for key, raw in value.items() if key in RANKS or key in CARD_CODES}
    return " · ".join(QCoreApplication.translate(
        "CePeRuleEditor", "{card}: {effect}").format(card=key_name(key), effect=effect_text(eff))
                      for key, eff in effects.items() if eff is not None)


class RuleSetHooks:
    """Ce Pe's answers to the New Game dialog's hooks (``GameUI``): mixed into its ``GameUI``."""

    edits_options = True

    def option_presets(self, parent: QWidget | None = None) -> list[tuple[str, dict[str, object]]]:
        return option_presets(parent)

    def edit_options(self, parent: QWidget, values: dict[str, object], use: bool = True) -> dict[str, object] | None:
        return edit_options(parent, values, use)

    def option_summary(self, name: str, value: object) -> str:
        return option_summary(name, value)


__all__ = ["EffectsModel", "RuleEditor", "RuleSetHooks", "edit_options", "file_error_text", "option_presets",
           "option_summary", "parse_values"]
