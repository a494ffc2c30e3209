"""Why a BitterSweet move is refused, what is expected instead, and reading notation in any case.

A reason only uses what the player to move can see: the box's face-up Chocs and empty spaces,
their own hand, the Empty Wrapper stack and the pending abilities. It never names a face-down
Choc or another player's hand.

>>> import sweettooth as st
>>> from sweettooth.games.bittersweet.position import arrange
>>> s = st.game("bittersweet").new(players=2, seed=1)
>>> arrange(s, up={"a1": "pecan"}, empty=["b1"])
>>> try:
...     s.apply("REVEAL A1")
... except st.IllegalAction as exc:
...     print(exc)
REVEAL A1: a1 is already face up
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sweettooth.core.actions import well_typed

from .actions import Choose, Give, Pick, Resolve, Reveal, Take, player_name
from .actions import Return as ReturnAct

if TYPE_CHECKING:
    from .effects import Task
    from .state import BitterSweetState

TURN_ACTIONS = (Take, Reveal, ReturnAct)
DECISIONS = (Pick, Give, Choose, Resolve)


def _seat(word: str) -> int | None:
    if len(word) >= 2 and word[0] == "p" and word[1:].isdigit():
        return int(word[1:]) - 1
    return None


def read(state: BitterSweetState, text: str) -> Any:
    """The action `text` names, legal or not, in any letter case (None if it names none).
    A cell or Choc that does not exist is read as index -1, so the refusal can name it."""
    words = text.lower().split()
    if not words:
        return None
    cells = {n: i for i, n in enumerate(state.cell_names)}
    ids = state.comps._ids
    verb, rest = words[0], words[1:]

    def cell(word: str) -> tuple[int, str]:
        c = cells.get(word, -1)
        return c, word

    def choc(word: str) -> int:
        return ids.get(word, -1)

    if verb in ("take", "reveal", "pick") and len(rest) == 1:
        c, label = cell(rest[0])
        return {"take": Take, "reveal": Reveal, "pick": Pick}[verb](c, label)
    if verb == "return" and len(rest) == 2:
        x, (c, where) = choc(rest[0]), cell(rest[1])
        return ReturnAct(x, c, f"{rest[0]} {where}")
    if verb == "give" and len(rest) == 3 and rest[1] == "to":
        to = _seat(rest[2])
        if to is not None:
            return Give(choc(rest[0]), to, rest[0])
    if verb == "choose" and len(rest) == 1:
        seat = _seat(rest[0])
        if seat is not None:
            return Choose(seat)
    if verb == "resolve" and len(rest) == 1:
        return Resolve(choc(rest[0]), rest[0])
    return None


def _cell_problem(state: BitterSweetState, cell: Any, label: str) -> str | None:
    if type(cell) is not int or not 0 <= cell < len(state.box):
        return f"there is no space {label}; the box runs from a1 to {state.cell_names[-1]}"
    if label != state.cell_names[cell]:
        return f"{label!r} does not name space {state.cell_names[cell]}"
    return None


def _choc_problem(state: BitterSweetState, choc: Any, label: str) -> str | None:
    chocs = state.comps.chocs
    if type(choc) is not int or not 0 <= choc < len(chocs):
        return f"there is no Choc called {label!r}"
    if label != chocs[choc].id:
        return f"{label!r} does not name {chocs[choc].name} ({chocs[choc].id})"
    return None


def why(state: BitterSweetState, action: Any) -> str | None:
    """Why `action` is not legal now (None: no specific reason; the caller says what is
    expected)."""
    seat = state.to_move
    assert seat is not None  # Game.why_illegal answers for a finished game
    if not isinstance(action, TURN_ACTIONS + DECISIONS) or not well_typed(action):
        return f"{action!r} is not a BitterSweet move; {expected(state)}"
    deciding = bool(state.tasks) or len(state.pending) > 1
    if deciding:
        if isinstance(action, Resolve | ReturnAct | Pick | Give | Choose):
            return _decision_refusal(state, seat, action)
        return f"an ability must be settled first: {expected(state)}"
    if isinstance(action, DECISIONS):
        return f"no ability is asking for a choice now; {expected(state)}"
    return _turn_refusal(state, seat, action)


def _turn_refusal(state: BitterSweetState, seat: int, action: Any) -> str | None:
    problem = _cell_problem(state, action.cell, action.label.split()[-1])
    if problem:
        return problem
    cell, where = action.cell, state.cell_names[action.cell]
    if isinstance(action, Take):
        return f"{where} is empty" if state.box[cell] < 0 else None
    if isinstance(action, Reveal):
        if state.box[cell] < 0:
            return f"{where} is empty"
        return f"{where} is already face up" if state.up[cell] else None
    return _return_refusal(state, seat, action, where)


def _return_refusal(
    state: BitterSweetState, seat: int, action: ReturnAct, where: str, by_ability: bool = False
) -> str | None:
    choc_label = action.label.split()[0]
    problem = _choc_problem(state, action.choc, choc_label)
    if problem:
        return problem
    name = state.comps.chocs[action.choc].name
    if action.choc not in state.hands[seat]:
        return f"you do not hold {name}"
    if state.box[action.cell] >= 0:
        return f"{where} is not an empty space: a Choc can only be returned to an empty one"
    if by_ability:
        return None
    if state.stack <= 0:
        return "the Empty Wrapper stack is empty, so no Choc can be returned"  # BS-3
    for x in state.hands[seat]:
        if state.comps.chocs[x].no_return:
            return f"you hold {state.comps.chocs[x].name}: while you do, you cannot return Chocs"
    return None


def _decision_refusal(state: BitterSweetState, seat: int, action: Any) -> str | None:
    if not state.tasks:  # several On Reveal abilities wait: their order
        if not isinstance(action, Resolve):
            return f"first {expected(state)}"
        problem = _choc_problem(state, action.choc, action.label)
        if problem:
            return problem
        return f"{state.comps.chocs[action.choc].name} has no ability waiting to resolve"
    task = state.tasks[-1]
    kind = task.kind
    wants = {"reveal": Pick, "peek": Pick, "return": ReturnAct, "give": Give, "surrender": Give,
             "demand": Choose, "peek_preference": Choose, "peek_hand": Choose,
             "draw_from": Choose, "trade": Pick, "place": ReturnAct}[kind]
    if not isinstance(action, wants):
        return f"first {expected(state)}"
    if isinstance(action, Pick):
        problem = _cell_problem(state, action.cell, action.label)
        if problem:
            return problem
        where = state.cell_names[action.cell]
        if state.box[action.cell] < 0:
            return f"{where} is empty"
        if kind == "trade":
            return None if state.up[action.cell] else f"{where} is face down: pick a face-up Choc"
        if state.up[action.cell]:
            return f"{where} is face up: pick a face-down Choc"
        if action.cell in (task.picks or []):
            return f"you have already picked {where}"
        return None
    if isinstance(action, ReturnAct):
        problem = _cell_problem(state, action.cell, action.label.split()[-1])
        where = state.cell_names[action.cell]
        if problem is None and kind == "place":
            if action.choc not in state.hands[seat]:
                return f"you do not hold {state.comps.chocs[action.choc].name}"
            here = state.cell_names[task.cell]
            return None if action.cell == task.cell else f"the Choc goes face up in {here}"
        return problem or _return_refusal(state, seat, action, where, by_ability=True)
    if isinstance(action, Give):
        problem = _choc_problem(state, action.choc, action.label)
        if problem:
            return problem
        if action.choc not in state.hands[seat]:
            return f"you do not hold {state.comps.chocs[action.choc].name}"
        return _target_problem(state, seat, task, action.to)
    assert isinstance(action, Choose)
    who = action.seat
    if not 0 <= who < state.players:
        return f"there is no {player_name(who)} at this table"
    if who == seat:
        return "choose another player, not yourself"
    if kind in ("demand", "draw_from") and not state.hands[who]:
        return f"{player_name(who)} has no Chocs to give"
    return None


def _target_problem(state: BitterSweetState, seat: int, task: Task, to: int) -> str | None:
    from .effects import give_targets

    if not 0 <= to < state.players:
        return f"there is no {player_name(to)} at this table"
    targets = give_targets(state, task) if task.kind == "give" else [task.target]
    if to in targets:
        return None
    if to == seat:
        return "you cannot give a Choc to yourself"
    return f"this Choc must go to {player_name(targets[0])}"


def expected(state: BitterSweetState) -> str:
    """What the player to move must do now."""
    chocs = state.comps.chocs
    if not state.tasks and len(state.pending) > 1:
        return "you must choose which On Reveal ability resolves next"
    if state.tasks:
        task = state.tasks[-1]
        name = chocs[task.src].name
        left = task.count - len(task.picks or [])
        plural = "s" if left > 1 else ""
        return {
            "reveal": f"you must pick {left} face-down Choc{plural} to reveal ({name})",
            "peek": f"you must pick {left} face-down Choc{plural} to look at ({name})",
            "return": f"you must return {task.count} Choc{'s' if task.count > 1 else ''} from "
                      f"your hand to an empty space ({name})",
            "give": f"you must give a Choc from your hand ({name})",
            "surrender": f"you must give {player_name(task.target)} a Choc of your choice "
                         f"({name})",
            "demand": f"you must choose a player who gives you a Choc ({name})",
            "peek_preference": f"you must choose a player whose {task.slot.upper()}! you look "
                               f"at ({name})",
            "peek_hand": f"you must choose a player whose hand you look at ({name})",
            "draw_from": f"you must choose a player whose hand you take a Choc from at random "
                         f"({name})",
            "trade": f"you must pick a face-up Choc to swap with one of yours ({name})",
            "place": f"you must choose the Choc that goes face up in "
                     f"{state.cell_names[task.cell]} ({name})",
        }[task.kind]
    left = state.actions_left
    return f"you have {left} action{'s' if left != 1 else ''} left: take, reveal or return a Choc"


def shapes(state: BitterSweetState) -> str:
    """The notation accepted now, with an example."""
    if not state.tasks and len(state.pending) > 1:
        return f"'resolve <choc>' like '{state.legal_actions()[0]}'"
    if state.tasks:
        kind = state.tasks[-1].kind
        example = state.legal_actions()[0]
        shape = {"reveal": "'pick <space>'", "peek": "'pick <space>'",
                 "return": "'return <choc> <space>'", "give": "'give <choc> to <player>'",
                 "surrender": "'give <choc> to <player>'", "demand": "'choose <player>'",
                 "peek_preference": "'choose <player>'", "peek_hand": "'choose <player>'",
                 "draw_from": "'choose <player>'", "trade": "'pick <space>'",
                 "place": "'return <choc> <space>'"}[kind]
        return f"{shape} like '{example}'"
    out = "'take <space>', 'reveal <space>'"
    returns = [a for a in state.legal_actions() if isinstance(a, ReturnAct)]
    if returns:
        return out + f" or 'return <choc> <space>' like '{returns[0]}'"
    return out + " like 'take a1'"
