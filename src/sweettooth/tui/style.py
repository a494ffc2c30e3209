"""The terminal app's layout and looks (Textual CSS): the players' line on top, the board and
a side panel (the Choose list over the log), the status line, the move input, the footer."""

from __future__ import annotations

CSS = """
Screen { layout: vertical; }
#players { height: auto; max-height: 3; background: $boost; padding: 0 1; }
#main { height: 1fr; }
#board { width: 1fr; padding: 0 1; }
#side { width: 30%; min-width: 24; max-width: 44; }
#choices { height: auto; max-height: 12; border: round $accent; }
#choices.-empty { display: none; }
#log { height: 1fr; border: round $panel; }
#status { height: auto; max-height: 4; background: $primary 20%; padding: 0 1; }
#notation { height: 1; border: none; padding: 0 1; }
.hidden { display: none; }
.row { height: auto; width: auto; }
.col { height: auto; width: auto; }
.box { height: auto; width: auto; min-width: 16; border: round $panel; padding: 0 1; }
.words { width: auto; }
.box.full { width: 100%; }
.row.fill { width: 100%; }
.box.fill { width: 1fr; }
.box.fill .words { width: 100%; }
.box.fill PieceRow { width: 100%; }
.box.full PieceRow { width: 100%; }
.para { width: 100%; }
#board:focus { background: $boost; }
.box.flat { border: none; border-left: tall $panel; padding: 0 0 0 1; }
"""
