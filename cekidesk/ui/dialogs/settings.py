"""The Settings dialog: the preferences, on three tabs; every change is stored at once."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QSlider,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from cekidesk.bots import bot_levels
from cekidesk.games import DEFAULT_GAME_ID
from cekidesk.persistence.settings import CARD_SIZES, EXPERT_SECONDS, INTERFACE_SCALE, Settings

from ..foundations import i18n, names
from ..foundations.fonts import fit_javanese_line, javanese_text_font
from ..foundations.sounds import sound_available
from ..widgets.helpers import close_buttons, fit_wrapped_labels
from .common import level_help


class SettingsDialog(QDialog):
    """The preferences.  Every change is written into ``settings`` at once and announced with
    ``settingsChanged`` (the window saves and applies it).

    Three tabs (display, computer players, playing): one column of all the rows was 940 pixels
    tall in aksara Jawa, whose lines are 1.3× and much taller than Latin ones — too tall for a
    1280×720 screen —, and two columns still too tall and too wide for it."""

    settingsChanged = Signal()

    SPEEDS = ("off", "fast", "normal", "slow")
    CARD_NAMES = ("latin", "javanese", "both")
    TABLE_COLOURS = ("green", "red")
    CARD_BACKS = ("lattice", "kawung")
    THEMES = (None, "light", "dark", "high_contrast")   # None: the system's
    MOTIONS = (None, False, True)                        # reduced motion: the system's, off, on

    def __init__(self, settings: Settings, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("settingsDialog")
        self.setWindowTitle(i18n.latin(lambda: self.tr("Settings")))
        self.settings = settings
        lay = QVBoxLayout(self)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("settingsTabs")
        lay.addWidget(self.tabs)
        self._labels: dict[str, QLabel] = {}

        self._make_display_page(self._page("display"))
        self._make_computer_page(self._page("computer"))
        self._make_play_page(self._page("play"))
        self._make_seeing_page(self._page("seeing"))

        self.buttons, self.close_button = close_buttons(self, "")
        lay.addWidget(self.buttons)
        for combo in self.findChildren(QComboBox):   # (the size of its texts now, in any language)
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.retranslate()
        fit_wrapped_labels(self)
        self._connect_changes()

    def _page(self, key: str) -> QFormLayout:
        """A new tab (its title is set by :meth:`retranslate`) and the form on it."""
        w = QWidget(self.tabs)
        w.setObjectName(f"{key}Page")
        self.tabs.addTab(w, "")
        return QFormLayout(w)

    def _row(self, form: QFormLayout, key: str, widget: QWidget) -> None:
        """A row of ``form``: ``widget`` with a label (its text is set by :meth:`retranslate`)."""
        label = QLabel(self)
        label.setBuddy(widget)
        self._labels[key] = label
        form.addRow(label, widget)

    def _make_display_page(self, form: QFormLayout) -> None:
        """The language, the card names, the money, the animations, the table's looks, card codes."""
        settings = self.settings
        self.language = QComboBox(self)
        self.language.setObjectName("languageCombo")
        for lang in i18n.languages():   # each language in its own words, never translated
            self.language.addItem(lang.native, lang.id)
        i = self.language.findData(i18n.resolve(settings.language))
        self.language.setCurrentIndex(max(0, i))
        self._fit_language_list()
        self._row(form, "language", self.language)

        self.card_names = QComboBox(self)
        self.card_names.setObjectName("cardNamesCombo")
        for c in self.CARD_NAMES:
            self.card_names.addItem("", c)
        self.card_names.setCurrentIndex(self.CARD_NAMES.index(settings.card_names))
        self._row(form, "card_names", self.card_names)

        self.currency = QComboBox(self)
        self.currency.setObjectName("currencyCombo")
        for c in names.CURRENCIES:
            self.currency.addItem("", c)
        self._row(form, "currency", self.currency)

        self.speed = QComboBox(self)
        self.speed.setObjectName("animationCombo")
        for s in self.SPEEDS:
            self.speed.addItem("", s)
        self.speed.setCurrentIndex(self.SPEEDS.index(settings.animation_speed))
        self._row(form, "speed", self.speed)

        # the table's looks: the felt and the card backs side by side (one row: the dialog fits 720 px)
        looks = QWidget(self)
        looks_row = QHBoxLayout(looks)
        looks_row.setContentsMargins(0, 0, 0, 0)
        self.table_colour = QComboBox(looks)
        self.table_colour.setObjectName("tableColourCombo")
        self.card_back = QComboBox(looks)
        self.card_back.setObjectName("cardBackCombo")
        for combo, ids, chosen in ((self.table_colour, self.TABLE_COLOURS, settings.table_colour),
                                   (self.card_back, self.CARD_BACKS, settings.card_back)):
            for value in ids:
                combo.addItem("", value)
            combo.setCurrentIndex(ids.index(chosen))
            looks_row.addWidget(combo)
        looks_row.addStretch(1)
        self._row(form, "looks", looks)
        self._labels["looks"].setBuddy(self.table_colour)
        self.show_codes = QCheckBox(self)
        self.show_codes.setObjectName("codesCheck")
        self.show_codes.setChecked(settings.show_card_codes)
        form.addRow(self.show_codes)

    def _make_computer_page(self, form: QFormLayout) -> None:
        """The computer players' pace, the default opponents and level, the Expert's thinking time."""
        settings = self.settings
        self.pace = QSpinBox(self)
        self.pace.setObjectName("paceSpin")
        self.pace.setRange(0, 5000)
        self.pace.setSingleStep(100)
        self.pace.setValue(settings.bot_pace_ms)
        self._row(form, "pace", self.pace)

        self.opponents = QSpinBox(self)
        self.opponents.setObjectName("opponentsSpin")
        self.opponents.setRange(1, 5)
        self.opponents.setValue(settings.default_opponents)
        self._row(form, "opponents", self.opponents)

        self.level = QComboBox(self)
        self.level.setObjectName("levelCombo")
        # the levels of the game played last (a game no longer offered: the default game's)
        self._level_game = settings.last_game_id if bot_levels(settings.last_game_id) else DEFAULT_GAME_ID
        for lv in bot_levels(self._level_game):
            self.level.addItem("", lv)
        i = self.level.findData(settings.default_bot_level)
        self.level.setCurrentIndex(max(0, i))
        self._row(form, "level", self.level)
        self.level_help = QLabel(self)
        self.level_help.setObjectName("levelHelp")
        self.level_help.setWordWrap(True)
        form.addRow("", self.level_help)

        self.expert = QDoubleSpinBox(self)
        self.expert.setObjectName("expertSpin")
        self.expert.setRange(*EXPERT_SECONDS)
        self.expert.setDecimals(1)
        self.expert.setSingleStep(0.5)
        self.expert.setValue(settings.expert_seconds)
        self._row(form, "expert", self.expert)
        self.expert_help = QLabel(self)
        self.expert_help.setObjectName("expertHelp")
        self.expert_help.setWordWrap(True)
        form.addRow("", self.expert_help)

    def _make_play_page(self, form: QFormLayout) -> None:
        """Hints, highlighting, sorting, the automatic moves and the autosave: a check box each."""
        settings = self.settings
        self.hints = self._check(form, "hintsCheck", settings.hints)
        self.highlight = self._check(form, "highlightCheck", settings.highlight_legal)
        self.sort_hand = self._check(form, "sortCheck", settings.sort_hand)
        self.auto_claim = self._check(form, "autoClaimCheck", settings.auto_claim)
        self.auto_throw = self._check(form, "autoThrowCheck", settings.auto_throw_after_call)
        self.autosave = self._check(form, "autosaveCheck", settings.autosave)
        self._make_sound_rows(form)

    def _make_sound_rows(self, form: QFormLayout) -> None:
        """Sound effects (off by default) and their volume; where Qt's multimedia module is missing, the
        box is greyed and a line says how to get sound."""
        settings = self.settings
        self.sound = self._check(form, "soundCheck", settings.sound_effects)
        self.volume = QSlider(Qt.Orientation.Horizontal, self)
        self.volume.setObjectName("volumeSlider")
        self.volume.setRange(0, 100)
        self.volume.setSingleStep(5)
        self.volume.setPageStep(10)
        self.volume.setValue(settings.sound_volume)
        self._row(form, "volume", self.volume)
        self.sound_help = QLabel(self)
        self.sound_help.setObjectName("soundHelp")
        self.sound_help.setWordWrap(True)
        form.addRow("", self.sound_help)
        available = sound_available()
        self.sound.setEnabled(available)
        self.sound_help.setVisible(not available)
        self._sound_enabled()

    def _sound_enabled(self, *_: object) -> None:
        on = self.sound.isEnabled() and self.sound.isChecked()
        self.volume.setEnabled(on)
        self._labels["volume"].setEnabled(on)    # (greyed with its slider, not a live-looking "Volume:")

    def _make_seeing_page(self, form: QFormLayout) -> None:
        """The theme, the interface's size, the cards' size and reduced motion (issue 31): each
        applied at once, the theme and motion following the system until chosen here."""
        settings = self.settings
        self.theme = QComboBox(self)
        self.theme.setObjectName("themeCombo")
        for name in self.THEMES:
            self.theme.addItem("", name)
        self.theme.setCurrentIndex(self.THEMES.index(settings.theme))
        self._row(form, "theme", self.theme)
        self.scale = QSpinBox(self)
        self.scale.setObjectName("scaleSpin")
        self.scale.setRange(*INTERFACE_SCALE)
        self.scale.setSingleStep(25)
        self.scale.setSuffix(" %")
        self.scale.setKeyboardTracking(False)   # typing 150 does not apply 1 %, 15 % … on the way
        self.scale.setValue(settings.interface_scale)
        self._row(form, "scale", self.scale)
        self.card_size = QComboBox(self)
        self.card_size.setObjectName("cardSizeCombo")
        for size in CARD_SIZES:
            self.card_size.addItem("", size)
        self.card_size.setCurrentIndex(max(0, self.card_size.findData(settings.card_size)))
        self._row(form, "card_size", self.card_size)
        self.motion = QComboBox(self)
        self.motion.setObjectName("motionCombo")
        for reduced in self.MOTIONS:
            self.motion.addItem("", reduced)
        self.motion.setCurrentIndex(self.MOTIONS.index(settings.reduced_motion))
        self._row(form, "motion", self.motion)
        self.seeing_help = QLabel(self)
        self.seeing_help.setObjectName("seeingHelp")
        self.seeing_help.setWordWrap(True)
        form.addRow(self.seeing_help)

    def _check(self, form: QFormLayout, name: str, on: bool) -> QCheckBox:
        """A check box of its own row (its text is set by :meth:`retranslate`)."""
        box = QCheckBox(self)
        box.setObjectName(name)
        box.setChecked(on)
        form.addRow(box)
        return box

    def _connect_changes(self) -> None:
        """Every change is stored at once (the currency only when chosen here)."""
        for combo in (self.language, self.card_names, self.speed, self.level, self.table_colour, self.card_back,
                      self.theme, self.card_size, self.motion):
            combo.currentIndexChanged.connect(self._store)
        self.scale.valueChanged.connect(self._store)   # (typed: only when done, see keyboardTracking)
        self.currency.currentIndexChanged.connect(self._store_currency)
        for spin in (self.pace, self.opponents, self.expert):
            spin.valueChanged.connect(self._store)
        self.level.currentIndexChanged.connect(self._show_level_help)
        self.expert.valueChanged.connect(self._show_level_help)
        for box in (self.hints, self.highlight, self.sort_hand, self.auto_claim, self.auto_throw, self.show_codes,
                    self.autosave, self.sound):
            box.toggled.connect(self._store)
        self.sound.toggled.connect(self._sound_enabled)
        self.volume.valueChanged.connect(self._store)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        if event.type() in (QEvent.Type.LanguageChange, QEvent.Type.FontChange):
            # the interface's size follows the language (larger for aksara Jawa): once every widget
            # has its new font, the dialog takes the size its contents now ask — smaller again too
            QTimer.singleShot(0, self, self._fit_to_language)
        super().changeEvent(event)

    def _fit_language_list(self) -> None:
        """The languages' list: the aksara Jawa entry at the size that script is drawn at, and the
        combo tall enough for it."""
        i = self.language.findData("jv-Java")
        if i >= 0:
            self.language.setItemData(i, javanese_text_font(), Qt.ItemDataRole.FontRole)
        fit_javanese_line(self.language)

    def _fit_to_language(self) -> None:
        self._fit_language_list()
        lay = self.layout()
        if lay is not None:
            lay.invalidate()
            lay.activate()
        self.resize(self.sizeHint().expandedTo(self.minimumSizeHint()))

    def retranslate(self) -> None:
        """All texts in the current language (at start and after a language change)."""
        self.setWindowTitle(i18n.latin(lambda: self.tr("Settings")))
        for key, text in (("language", self.tr("&Language:")), ("card_names", self.tr("Javanese card &names:")),
                          ("speed", self.tr("&Animations:")), ("pace", self.tr("Computer &pace:")),
                          ("opponents", self.tr("Default &opponents:")), ("level", self.tr("Default &level:")),
                          ("expert", self.tr("&Expert thinking time:")), ("currency", self.tr("&Money in:")),
                          ("looks", self.tr("&Table and cards:")), ("volume", self.tr("&Volume:"))):
            self._labels[key].setText(text)
        for i, text in enumerate((self.tr("Display"), self.tr("Computer players"), self.tr("Playing"))):
            self.tabs.setTabText(i, text)
        self._retranslate_seeing()
        for i, text in enumerate((self.tr("Rupiah (Rp)"), self.tr("Cents (¢)"), self.tr("Points (no currency)"))):
            self.currency.setItemText(i, text)
        self.currency.setToolTip(self.tr("How stakes and payments are shown and entered. Until you choose, "
                                         "Indonesian and Javanese show rupiah and English cents."))
        shown = self.settings.currency or names.default_currency(i18n.resolve(self.settings.language))
        self.currency.blockSignals(True)    # the language's default is shown, not chosen
        self.currency.setCurrentIndex(names.CURRENCIES.index(shown))
        self.currency.blockSignals(False)
        for i, c in enumerate(self.CARD_NAMES):
            self.card_names.setItemText(i, names.text(f"cardnames.{c}"))
        for i, sp in enumerate(self.SPEEDS):
            self.speed.setItemText(i, names.text(f"speed.{sp}"))
        for i, text in enumerate((self.tr("Green felt"), self.tr("Red-brown felt"))):
            self.table_colour.setItemText(i, text)
        for i, text in enumerate((self.tr("Indigo backs"), self.tr("Red-brown kawung backs"))):
            self.card_back.setItemText(i, text)
        self.table_colour.setToolTip(self.tr("The colour of the table."))
        self.card_back.setToolTip(self.tr("The backs of the cards: an indigo lattice, or the kawung batik "
                                          "motif on red-brown."))
        for i in range(self.level.count()):
            self.level.setItemText(i, names.bot_level_name(self.level.itemData(i)))
        self._show_level_help()
        self.expert.setSuffix(self.tr(" s a move"))
        self.expert_help.setText(self.tr("Longer thinking plays better. A change applies from the next game "
                                         "you start or open."))
        self.pace.setSuffix(self.tr(" ms"))
        self.pace.setToolTip(self.tr("How long each computer player's move stays in view before the next."))
        self.card_names.setToolTip(self.tr("How the Javanese names of the cards are written in the game log, "
                                           "the rules and the table: in Latin letters, in Javanese script "
                                           "(aksara Jawa) or both. Independent of the language."))
        self.hints.setText(self.tr("Offer &hints (the move a Hard computer player would make)"))
        self.highlight.setText(self.tr("&Highlight the moves you can make"))
        self.sort_hand.setText(self.tr("&Sort my hand automatically"))
        self.auto_claim.setText(self.tr("Claim &winning cards automatically"))
        self.auto_claim.setToolTip(self.tr("When a card that completes your hand may be claimed (a revealed stock "
                                           "card after a call), take it at once instead of asking."))
        self.auto_throw.setText(self.tr("After a ceki call, &throw the forced card automatically"))
        self.auto_throw.setToolTip(self.tr("Once you have called, the card you draw is the only one you may throw: "
                                           "the table throws it for you."))
        self.show_codes.setText(self.tr("Show card &codes in the corner (S9, WF …) while learning"))
        self.autosave.setText(self.tr("Save the game &automatically after every move"))
        self.sound.setText(self.tr("Play sound e&ffects (a card dealt, a card played, a hand won)"))
        self.volume.setToolTip(self.tr("How loud the sound effects are."))
        self.sound_help.setText(self.tr("Sound needs Qt's multimedia module, which this installation lacks: "
                                        "install CekiDesk with its sound extra (see the README)."))
        self.close_button.setText(self.tr("Close"))
        self.adjustSize()

    def _retranslate_seeing(self) -> None:
        """The texts of the Seeing page (the theme, the sizes, motion)."""
        self.tabs.setTabText(3, QCoreApplication.translate("SeeingSettings", "Seeing"))
        for key, text in (("theme", QCoreApplication.translate("SeeingSettings", "T&heme:")),
                          ("scale", QCoreApplication.translate("SeeingSettings", "Interface si&ze:")),
                          ("card_size", QCoreApplication.translate("SeeingSettings", "C&ard size:")),
                          ("motion", QCoreApplication.translate("SeeingSettings", "Reduce &motion:"))):
            self._labels[key].setText(text)
        for i, text in enumerate((QCoreApplication.translate("SeeingSettings", "As the system"),
                                  QCoreApplication.translate("SeeingSettings", "Light"),
                                  QCoreApplication.translate("SeeingSettings", "Dark"),
                                  QCoreApplication.translate("SeeingSettings", "High contrast"))):
            self.theme.setItemText(i, text)
        self.theme.setToolTip(QCoreApplication.translate(
            "SeeingSettings", "High contrast: a black table and window, white words, and marks that stand out "
                              "from the felt and the cards (WCAG 2.1 AA)."))
        self.scale.setToolTip(QCoreApplication.translate(
            "SeeingSettings", "How large the menus, dialogs, the game log and the table's words are drawn, from "
                              "100 % to 200 %."))
        for i in range(self.card_size.count()):
            value = self.card_size.itemData(i)
            self.card_size.setItemText(i, QCoreApplication.translate("SeeingSettings", "Normal") if value == 100
                                       else f"{value} %")
        self.card_size.setToolTip(QCoreApplication.translate("SeeingSettings", "How large the cards are drawn on the "
                                                                               "table."))
        for i, text in enumerate((QCoreApplication.translate("SeeingSettings", "As the system"),
                                  QCoreApplication.translate("SeeingSettings", "No: cards fly"),
                                  QCoreApplication.translate("SeeingSettings", "Yes: cards move at once"))):
            self.motion.setItemText(i, text)
        self.motion.setToolTip(QCoreApplication.translate(
            "SeeingSettings", "Cards go to their places at once, the ones that moved outlined for a moment, "
                              "instead of flying; no stars rise at a win."))
        self.seeing_help.setText(QCoreApplication.translate(
            "SeeingSettings", "The table draws its cards and words as large as you ask where they fit: a card "
                              "never leaves the table or lies under a word, so on a small window they may be "
                              "drawn smaller."))

    def _store(self, *_: object) -> None:
        s = self.settings
        s.theme = self.theme.currentData()
        s.interface_scale = self.scale.value()
        s.card_size = self.card_size.currentData()
        s.reduced_motion = self.motion.currentData()
        s.language = self.language.currentData()
        s.card_names = self.card_names.currentData()
        s.animation_speed = self.speed.currentData()
        s.table_colour = self.table_colour.currentData()
        s.card_back = self.card_back.currentData()
        s.bot_pace_ms = self.pace.value()
        s.default_opponents = self.opponents.value()
        if self.level.currentData():
            s.default_bot_level = self.level.currentData()
        s.expert_seconds = self.expert.value()
        s.hints = self.hints.isChecked()
        s.highlight_legal = self.highlight.isChecked()
        s.sort_hand = self.sort_hand.isChecked()
        s.auto_claim = self.auto_claim.isChecked()
        s.auto_throw_after_call = self.auto_throw.isChecked()
        s.show_card_codes = self.show_codes.isChecked()
        s.autosave = self.autosave.isChecked()
        s.sound_effects = self.sound.isChecked()
        s.sound_volume = self.volume.value()
        self.settingsChanged.emit()

    def _show_level_help(self, *_: object) -> None:
        """What the chosen level does (an Expert's description names the thinking time chosen here),
        under the list and as each entry's tooltip."""
        shown = self.settings.model_copy(update={"expert_seconds": self.expert.value()})
        for i in range(self.level.count()):
            self.level.setItemData(i, level_help(self._level_game, self.level.itemData(i), shown),
                                   Qt.ItemDataRole.ToolTipRole)
        self.level_help.setText(self.level.currentData(Qt.ItemDataRole.ToolTipRole) or "")

    def _store_currency(self, *_: object) -> None:
        """Only a choice made here fixes the currency (otherwise it follows the language)."""
        self.settings.currency = self.currency.currentData()
        self.settingsChanged.emit()


__all__ = ["SettingsDialog"]
