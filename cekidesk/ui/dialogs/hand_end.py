"""The end of a hand: what happened in the game's words, the points and payments, the score sheet,
and "Next hand"."""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QEvent, QRect, QSize, Qt, Signal
from PySide6.QtGui import QFont, QGuiApplication, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHeaderView,
    QLabel,
    QScrollArea,
    QTableWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from cekidesk.engine.core import SettlementItem
from cekidesk.engine.match import Match

from ..foundations import i18n, names
from ..foundations.names import seat_label
from ..games import DealWords, HandEndContent, game_ui
from ..games.base import Namer
from ..widgets.helpers import fit_wrapped_labels
from .common import table_item
from .score_sheet import ScoreSheet, match_progress, side_name


class HandEndDialog(QDialog):
    """What happened in the hand — in the game's words (headline, explanation, a showcase such as the
    winner's sets, extra tabs, all from the game's UI module) — then the points and payments, the
    score sheet, and "Next hand"."""

    nextHand = Signal()
    showStandings = Signal()

    def __init__(self, match: Match, seat_names: Sequence[str], human_seat: int,
                 namer: Namer | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("handEndDialog")
        rec = match.history[-1]
        self.match_over = match.is_over()
        words = game_ui(match.spec.id).words
        self.setWindowTitle(i18n.latin(lambda: words.over(rec.index + 1)))
        lay = QVBoxLayout(self)

        content = HandEndContent()
        game_ui(match.spec.id).fill_hand_end(content, match, rec, seat_names, human_seat,
                                             namer or names.card_name, self)
        self._add_story(content, lay)
        self.sets_row = content.showcase
        self.content = content

        tabs = QTabWidget(self)
        self.tabs = tabs
        if content.showcase is not None and content.showcase_tab:
            page = QWidget(self)
            sl = QVBoxLayout(page)
            if content.caption:
                sl.addWidget(QLabel(content.caption, page))
            sl.addWidget(content.showcase, 1)
            tabs.addTab(page, content.showcase_tab)
        self.payments = self._payments_table(match, seat_names, human_seat)
        tabs.addTab(self._payments_page(match, seat_names, human_seat), self.tr("Points and payments"))
        for title, widget in content.tabs:
            tabs.addTab(widget, title)
        # score sheet
        self.sheet = ScoreSheet(self)
        self.sheet.show_match(match, seat_names, human_seat)
        tabs.addTab(self.sheet, self.tr("Score sheet"))
        lay.addWidget(tabs, 1)

        self._add_buttons(words, lay)
        fit_wrapped_labels(self)
        self._pages_scroll = False
        self._fit_to_screen()

    def _add_story(self, content: HandEndContent, lay: QVBoxLayout) -> None:
        """The game's headline and explanation of the hand, then its showcase (unless on a tab)."""
        head = QLabel(content.headline, self)
        head.setObjectName("handEndHeadline")
        head.setWordWrap(True)
        f = QFont(head.font())
        f.setPointSizeF(f.pointSizeF() * 1.5)
        f.setBold(True)
        head.setFont(f)
        sub = QLabel(content.explanation, self)
        sub.setWordWrap(True)
        sub.setObjectName("handEndExplanation")
        sub.setVisible(bool(content.explanation))
        self.headline = head
        self.explanation = sub
        lay.addWidget(head)
        lay.addWidget(sub)
        if content.showcase is not None and not content.showcase_tab:
            if content.caption:
                lay.addWidget(QLabel(content.caption, self))
            lay.addWidget(content.showcase)

    def _payments_table(self, match: Match, seat_names: Sequence[str], human_seat: int) -> QTableWidget:
        """Each seat's points of the hand and of the match (and in a money match its payment and
        money), the winners in bold."""
        rec = match.history[-1]
        res = rec.result
        n = match.n_players
        money = match.match_options.mode == "money"
        words = game_ui(match.spec.id).words
        winners = set(res.winners)
        heads = [self.tr("Player"), words.points_now(), self.tr("Match points")]
        if money:
            heads = [self.tr("Player"), words.points_now(), self.tr("Paid / received"),
                     self.tr("Match points"), self.tr("Money")]
        if match.sides:
            heads.append(self.tr("Side"))
        pay = QTableWidget(n, len(heads), self)
        pay.setObjectName("paymentsTable")
        pay.setHorizontalHeaderLabels(heads)
        pay.verticalHeader().setVisible(False)
        pay.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        pay.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        pay.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        out = set(match.out_seats())
        for i in range(n):
            who = seat_label(seat_names, i, human_seat)
            if i in out:
                who = self.tr("{name} — out").format(name=who)
            pay.setItem(i, 0, table_item(who, Qt.AlignmentFlag.AlignLeft, bold=(i in winners)))
            if match.sides:
                pay.setItem(i, len(heads) - 1,
                            table_item(side_name(match, i, seat_names), Qt.AlignmentFlag.AlignLeft))
            pay.setItem(i, 1, table_item(names.format_points(res.points[i])))
            if money:
                pay.setItem(i, 2, table_item(names.format_money(rec.payments[i])))
                pay.setItem(i, 3, table_item(names.format_points(match.scores[i])))
                pay.setItem(i, 4, table_item(names.format_money(match.ledger[i])))
            else:
                pay.setItem(i, 2, table_item(names.format_points(match.scores[i])))
        fit_table_to_rows(pay)
        return pay

    def _payments_page(self, match: Match, seat_names: Sequence[str], human_seat: int) -> QWidget:
        """The payments table, the itemised stakes of a money match, the pot and where the match stands."""
        rec = match.history[-1]
        money = match.match_options.mode == "money"
        page = QWidget(self)
        pl = QVBoxLayout(page)
        pl.addWidget(self.payments)
        self.items_label: QLabel | None = None
        items = rec.items if money else ()
        if items:
            lines = [stake_item_text(item, seat_names, human_seat) for item in items]
            # the stake lines give up height (they scroll), the table above them never does
            self.items_scroll = TextScroll(page)
            self.items_scroll.setObjectName("stakeItemsScroll")
            self.items_scroll.setWidgetResizable(True)
            self.items_scroll.setFrameShape(QFrame.Shape.NoFrame)
            self.items_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            self.items_label = QLabel("<br>".join(lines), self.items_scroll)
            self.items_label.setObjectName("stakeItems")
            self.items_label.setWordWrap(True)
            self.items_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            self.items_scroll.setWidget(self.items_label)
            self.items_scroll.viewport().setAutoFillBackground(False)    # (the page's colour, as a label)
            self.items_label.setAutoFillBackground(False)
            self.items_scroll.setMinimumHeight(self.items_label.fontMetrics().lineSpacing() + 4)
            pl.addWidget(self.items_scroll)
        gui = game_ui(match.spec.id)
        if money and gui.uses_pot(match) and not gui.stake_summary(match):
            pot = QLabel(self.tr("In the pot now: {money}").format(
                money=names.format_money(match.pot, signed=False)), page)
            pot.setObjectName("potLabel")
            pl.addWidget(pot)
        pl.addWidget(QLabel(match_progress(match, seat_names, human_seat), page))
        pl.addStretch(1)
        return page

    def _add_buttons(self, words: DealWords, lay: QVBoxLayout) -> None:
        """Next hand (or the final standings when the match is over) and "Look at the table"."""
        buttons = QDialogButtonBox(self)
        if self.match_over:
            self.next_button = buttons.addButton(self.tr("Final &standings"), QDialogButtonBox.ButtonRole.AcceptRole)
            self.next_button.clicked.connect(self.showStandings)
        else:
            self.next_button = buttons.addButton(words.next(), QDialogButtonBox.ButtonRole.AcceptRole)
            self.next_button.setToolTip(self.tr("{what} (N)").format(what=words.next_help()))
            self.next_button.clicked.connect(self.nextHand)
        self.next_button.setObjectName("nextHandButton")
        self.next_button.setDefault(True)
        close = buttons.addButton(self.tr("Look at the table"), QDialogButtonBox.ButtonRole.RejectRole)
        close.clicked.connect(self.reject)
        self.next_button.clicked.connect(self.accept)
        lay.addWidget(buttons)

    # the size the dialog opens at where the screen has room (a game's showcase may ask for more)
    OPEN_SIZE = (860, 600)
    # room left around the dialog on the screen, and for the title bar the system adds
    SCREEN_MARGIN, TITLE_BAR = 16, 40

    def _free_area(self) -> QRect:
        """The part of the dialog's screen it may cover (the screen's available area, its margin
        and the title bar taken off)."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        m = self.SCREEN_MARGIN
        return screen.availableGeometry().adjusted(m, m + self.TITLE_BAR, -m, -m)

    def _fit_to_screen(self) -> None:
        """Open as large as the contents want, at least :data:`OPEN_SIZE`, but never larger than the
        screen's free area: at 1280 × 720 the cards wrap into more lines and scroll down rather
        than sideways."""
        free = self._free_area()
        self._scroll_if_tall(free)
        hint = self.sizeHint()
        w = max(self.OPEN_SIZE[0], hint.width())
        if hint.height() > free.height():
            w = max(w, free.width())     # as wide as the screen has: the long texts take fewer lines
        self.resize(min(w, free.width()), min(max(self.OPEN_SIZE[1], hint.height()), free.height()))

    def _scroll_if_tall(self, free: QRect) -> None:
        """Make the pages scroll (once) where the dialog's least height is more than ``free``'s."""
        if self._pages_scroll or self.minimumSizeHint().height() <= free.height():
            return
        self._pages_scroll = True
        self._scroll_pages()
        layout = self.layout()
        if layout is not None:
            layout.invalidate()      # the pages' new (scrolling) minimum, not the cached one
            layout.activate()

    def _scroll_pages(self) -> None:
        """Let every tab page that cannot scroll itself scroll down: on a low screen (1280 × 720 with
        the taller lines of aksara Jawa) a long payments page or nine players' tricks would otherwise
        push the dialog, and its buttons, off the screen's bottom."""
        tabs = self.tabs
        current = tabs.currentIndex()
        for i in range(tabs.count()):
            page = tabs.widget(i)
            if page is None or isinstance(page, QAbstractScrollArea):
                continue
            title = tabs.tabText(i)
            area = QScrollArea()
            area.setObjectName(f"{page.objectName() or 'page'}Scroll")
            area.setWidgetResizable(True)
            area.setFrameShape(QFrame.Shape.NoFrame)
            area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            area.setMinimumWidth(page.minimumSizeHint().width() + area.verticalScrollBar().sizeHint().width())
            tabs.removeTab(i)
            area.setWidget(page)
            tabs.insertTab(i, area, title)
        tabs.setCurrentIndex(current)

    def showEvent(self, event: QShowEvent) -> None:
        """Keep the whole dialog on the screen (it opens centred on the window, which may be near an
        edge or larger than the dialog's room)."""
        super().showEvent(event)
        self._keep_on_screen()

    def event(self, event: QEvent) -> bool:
        """After each new layout: the wrapped texts are fitted to their width once shown and may
        need fewer lines then, so the minimum the layout set at first (the texts wrapped narrow)
        lets the dialog shrink to the screen's free area now."""
        done = super().event(event)
        if event.type() == QEvent.Type.LayoutRequest and self.isVisible():
            self._keep_on_screen()
        return done

    def _keep_on_screen(self) -> None:
        free = self._free_area()
        self._scroll_if_tall(free)      # (the texts, fitted to their width, may need more lines too)
        if self.height() > free.height():
            self.resize(self.width(), free.height())
        geo = self.geometry()
        x = max(free.left(), min(geo.x(), free.right() + 1 - geo.width()))
        y = max(free.top(), min(geo.y(), free.bottom() + 1 - geo.height()))
        if (x, y) != (geo.x(), geo.y()):
            self.move(x + self.pos().x() - geo.x(), y + self.pos().y() - geo.y())


class TextScroll(QScrollArea):
    """A scroll area round a word-wrapped label that asks for the label's height at its width (a
    plain scroll area asks for up to 24 lines whatever its text): it scrolls only when squeezed."""

    def sizeHint(self) -> QSize:
        label = self.widget()
        if label is None:
            return super().sizeHint()
        hint = label.sizeHint()
        width = self.viewport().width() if self.isVisible() else hint.width()
        height = label.heightForWidth(width) if label.hasHeightForWidth() else hint.height()
        return QSize(hint.width(), max(height, hint.height() if not self.isVisible() else 0) + 2 * self.frameWidth())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.updateGeometry()     # (a new width: a new height for the text)


# the most rows the payments table shows without scrolling (a table of more players scrolls)
TABLE_ROWS = 10


def fit_table_to_rows(table: QTableWidget) -> None:
    """Make ``table`` exactly as tall as its header and rows (up to :data:`TABLE_ROWS` of them): at
    1280×720, squeezed between the story and the stake lines, it showed two of four rows in aksara
    Jawa and the winner's row scrolled out of sight."""
    table.setWordWrap(False)          # (one line a row: measured before the columns have their widths)
    table.resizeRowsToContents()
    rows = table.rowCount()
    shown = min(rows, TABLE_ROWS)
    header = table.horizontalHeader()
    height = header.sizeHint().height() + sum(table.rowHeight(i) for i in range(shown)) + 2 * table.frameWidth()
    if rows <= TABLE_ROWS:
        table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.setFixedHeight(height)
    else:
        table.setMinimumHeight(height)


def stake_item_text(item: SettlementItem, seat_names: Sequence[str], human_seat: int) -> str:
    """One itemised payment ``(code, payer, payee, cents)`` in words: "Budi pays Sari 0.05 (té
    lumrah)"; a payer or payee of None is the pot in the middle.  A zero item only says something
    (e.g. who deals next when nobody plays for money)."""
    code, payer, payee, cents = item
    what = names.text(f"stake.{code}", code.replace("_", " "))
    money = names.format_money(cents, signed=False)

    def name(seat: int | None) -> str:
        return seat_names[seat] if isinstance(seat, int) and 0 <= seat < len(seat_names) else "?"

    if cents == 0:
        who = payer if payer is not None else payee
        if who is None:
            return what
        if who == human_seat:
            return QCoreApplication.translate("Stakes", "You: {what}").format(what=what)
        return QCoreApplication.translate("Stakes", "{name}: {what}").format(name=name(who), what=what)
    if payer is None and payee is None:
        return QCoreApplication.translate("Stakes", "{what}: {money}").format(what=what, money=money)
    if payer is None:
        if payee == human_seat:
            return QCoreApplication.translate("Stakes", "You take {money} from the pot ({what})").format(
                money=money, what=what)
        return QCoreApplication.translate("Stakes", "{payee} takes {money} from the pot ({what})").format(
            payee=name(payee), money=money, what=what)
    if payee is None:
        if payer == human_seat:
            return QCoreApplication.translate("Stakes", "You put {money} into the pot ({what})").format(
                money=money, what=what)
        return QCoreApplication.translate("Stakes", "{payer} puts {money} into the pot ({what})").format(
            payer=name(payer), money=money, what=what)
    if payer == human_seat:
        return QCoreApplication.translate("Stakes", "You pay {payee} {money} ({what})").format(
            payee=name(payee), money=money, what=what)
    if payee == human_seat:
        return QCoreApplication.translate("Stakes", "{payer} pays you {money} ({what})").format(
            payer=name(payer), money=money, what=what)
    return QCoreApplication.translate("Stakes", "{payer} pays {payee} {money} ({what})").format(
        payer=name(payer), payee=name(payee), money=money, what=what)


__all__ = ["HandEndDialog", "fit_table_to_rows", "stake_item_text"]
