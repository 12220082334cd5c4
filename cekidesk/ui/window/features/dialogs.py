"""The window's other dialogs: the score sheet (kept up to date while open), How to play, About,
Settings and a game's own rule editor (Game ▸ <game> rule sets…)."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QDialog

from cekidesk.games import DEFAULT_GAME_ID

from ...dialogs.about import AboutDialog
from ...dialogs.score_sheet import ScoreSheetDialog
from ...dialogs.settings import SettingsDialog
from ...foundations import names
from ...games import game_ui
from ..interface import Feature, WindowInterface

if TYPE_CHECKING:
    from ..help import HowToPlayDialog


class Dialogs(Feature):
    """``score_dialog``, ``help_dialog``, ``settings_dialog`` (None until first shown).  The window
    hands it ``shortcuts`` (the keys the help lists) and ``settings_changed`` (the Settings dialog
    changed the settings)."""

    def __init__(self, window: WindowInterface, shortcuts: Callable[[], list[tuple[str, str]]],
                 settings_changed: Callable[[], None]):
        super().__init__(window.widget())
        self.window = window
        self.shortcuts, self.settings_changed = shortcuts, settings_changed
        self.score_dialog: ScoreSheetDialog | None = None
        self.help_dialog: HowToPlayDialog | None = None
        self.settings_dialog: SettingsDialog | None = None

    def _game_id(self) -> str:
        m = self.window.controller.match
        return m.spec.id if m is not None else (self.window.settings.last_game_id or DEFAULT_GAME_ID)

    def show_score_sheet(self) -> ScoreSheetDialog:
        if self.score_dialog is None:
            self.score_dialog = ScoreSheetDialog(self.window.widget())
        self.refresh_score_sheet(force=True)
        self.score_dialog.show()
        self.score_dialog.raise_()
        return self.score_dialog

    def refresh_score_sheet(self, force: bool = False) -> None:
        d = self.score_dialog
        if d is not None and (force or d.isVisible()):
            d.show_match(self.window.controller.match, self.window.seat_names(), self.window.you())

    def refresh(self) -> None:
        self.refresh_score_sheet()

    def show_help(self) -> QDialog:
        m = self.window.controller.match
        game_id = self._game_id()
        current = (m.spec.id, m.options) if m is not None else None
        if self.help_dialog is None:
            from ..help import HowToPlayDialog  # (loaded when first asked for: every game's help)

            self.help_dialog = HowToPlayDialog(self.shortcuts(), self.window.widget(), game_id=game_id,
                                               card_names=self.window.settings.card_names, current=current)
        else:
            self.help_dialog.set_current(current)
            self.help_dialog.show_game(game_id)
        self.help_dialog.show()
        self.help_dialog.raise_()
        return self.help_dialog

    def show_network_help(self) -> QDialog:
        """Help ▸ Playing with others: the How-to-play window on that page."""
        from ..help_network import NETWORK_PAGE

        dlg = self.show_help()
        if self.help_dialog is not None:
            self.help_dialog.show_game(NETWORK_PAGE)
        return dlg

    def game_info(self) -> str:
        m = self.window.controller.match
        if m is None:
            return ""
        n = m.n_players
        # (lupdate marks a plural only in self.tr: this entry has one form, English endings by counted)
        return names.counted(QCoreApplication.translate(
            "MainWindow", "{game} with %n player(s), deal no. {seed}. Start a new game with the same "
            "deal number and number of players to play the same cards again.", "", n),
            n).format(game=names.game_title(m.spec), seed=m.seed)

    def show_about(self) -> AboutDialog:
        dlg = AboutDialog(self.game_info(), self.window.widget())
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.open()
        return dlg

    def show_settings(self) -> SettingsDialog:
        if self.settings_dialog is not None:
            self.settings_dialog.close()
            self.settings_dialog.deleteLater()
        dlg = SettingsDialog(self.window.settings, self.window.widget())
        dlg.settingsChanged.connect(self.settings_changed)
        self.settings_dialog = dlg
        dlg.open()
        return dlg

    def edit_rule_sets(self, game_id: str) -> None:
        """A game's own rule editor, to make, save and share rule sets; it starts from the rules of
        the game under way when it is that game (the game itself goes on under its own)."""
        m = self.window.controller.match
        values = m.options.model_dump(mode="json") if m is not None and m.spec.id == game_id else {}
        with self.window.held():
            game_ui(game_id).edit_options(self.window.widget(), values, use=False)

    def apply_settings(self) -> None:
        card_names = self.window.settings.card_names
        if self.help_dialog is not None and self.help_dialog.card_names != card_names:
            self.help_dialog.refresh(card_names)

    def retranslate(self) -> None:
        """The help and the score sheet are made again in the new words (shown again if they were)."""
        if self.help_dialog is not None:
            visible = self.help_dialog.isVisible()
            self.help_dialog.close()
            self.help_dialog.deleteLater()
            self.help_dialog = None
            if visible:
                self.show_help()
        if self.score_dialog is not None:
            visible = self.score_dialog.isVisible()
            self.score_dialog.close()
            self.score_dialog.deleteLater()
            self.score_dialog = None
            if visible:
                self.show_score_sheet()

    def close(self) -> None:
        for d in (self.help_dialog, self.score_dialog, self.settings_dialog):
            if d is not None:
                d.close()
