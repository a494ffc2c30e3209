"""The ability engine: interprets the effect ids of `components.EFFECTS`; no card has code.

An ability (On Reveal, If face-down when taken) resolves for the current player. First it is
checked in its entirety: if any of its effects cannot be fully done now, none of it is done (the
rulebook's NOTE and FAQ). Then its effects run in order. Effects that need a choice push a task
whose decider must act (`decision_actions`, `decide`): which face-down Choc (`pick`), which Choc
to return or give, which player (`choose`); `demand` hands the choice of Choc to the chosen
player. Chocs revealed by an ability are all flipped first, then their On Reveal abilities wait in
`pending` and their owner chooses the order (`resolve`), as the FAQ says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sweettooth.core import JSON

from . import knowledge as kn
from .actions import EMPTY, Action, Choose, Give, Pick, Resolve, player_name
from .actions import Return as ReturnAct
from .components import Ability, Effect

if TYPE_CHECKING:  # annotations only: state.py imports this module
    from .state import BitterSweetState

MAX_EXTRA_ACTIONS = 2  # house rule: a turn has at most 2 extra actions (keeps turns finite)


@dataclass(slots=True)
class Task:
    """A piece of an ability in progress: a list of effects to run, or a decision to make."""

    kind: str  # ability, reveal, peek, return, give, demand, surrender, peek_preference,
    # peek_hand, draw_from, trade (pick a face-up Choc), place (the Choc that goes in its place)
    who: int  # the seat that decides (for `ability`: the one it resolves for)
    src: int  # the Choc whose ability this is
    when: str
    cell: int = -1  # where the Choc was taken from (put_back)
    count: int = 1  # Chocs still to pick / return
    picks: list[int] | None = None
    mode: str = "choose"  # give: choose, left, right
    target: int = -1  # surrender: the player who receives
    slot: str = "yum"
    effects: tuple[Effect, ...] = ()
    at: int = 0

    def copy(self) -> Task:
        return Task(self.kind, self.who, self.src, self.when, self.cell, self.count,
                    None if self.picks is None else list(self.picks), self.mode, self.target,
                    self.slot, self.effects, self.at)

    def to_json(self, state: BitterSweetState) -> JSON:
        return {
            "kind": self.kind, "who": self.who, "choc": state.comps.chocs[self.src].id,
            "when": self.when, "cell": None if self.cell < 0 else state.cell_names[self.cell],
            "count": self.count, "picks": [state.cell_names[c] for c in self.picks or []],
            "mode": self.mode, "target": self.target, "slot": self.slot, "at": self.at,
        }

    @staticmethod
    def from_json(data: JSON, state: BitterSweetState) -> Task:
        names = {n: i for i, n in enumerate(state.cell_names)}
        src = state.comps.choc_index(data["choc"])
        ability = state.comps.chocs[src].trigger(data["when"])
        effects = ability.effects if ability is not None else ()
        return Task(data["kind"], data["who"], src, data["when"],
                    -1 if data["cell"] is None else names[data["cell"]], data["count"],
                    [names[c] for c in data["picks"]], data["mode"], data["target"],
                    data["slot"], effects, data["at"])


# -- feasibility ("cannot do it in its entirety, do none of it") ----------------------------
def face_down_count(state: BitterSweetState) -> int:
    """Face-down Chocs in the box: the filled cells that are not face up (an empty cell never
    is)."""
    return len(state.box) - state.box.count(EMPTY) - state.up.count(True)


def blocker(state: BitterSweetState, seat: int) -> int:
    """A no_return Choc in the seat's hand, or -1."""
    for x in state.hands[seat]:
        if state.comps.chocs[x].no_return:
            return x
    return -1


def feasible(state: BitterSweetState, seat: int, e: Effect, src: int, cell: int) -> bool:
    """Whether effect `e` can be done in its entirety now, for `seat`."""
    d = e.do
    if d in ("reveal", "peek"):
        return face_down_count(state) >= e.count
    if d == "extra_actions":
        return state.extras + e.count <= MAX_EXTRA_ACTIONS
    if d == "take_wrapper":
        return state.stack >= e.count
    if d == "return":
        return state.can_return(seat, e.count)
    if d == "give":
        return bool(state.hands[seat])
    if d == "demand":
        return any(state.hands[s] for s in range(state.players) if s != seat)
    if d == "add_preference":
        return bool(state.deck[seat] or state.discard[seat])
    if d in ("put_back", "pass_on"):
        return src in state.hands[seat] and (d == "pass_on" or (
            cell >= 0 and state.box[cell] == EMPTY))
    if d == "draw_from":
        return any(state.hands[s] for s in range(state.players) if s != seat)
    if d == "trade":
        return bool(state.hands[seat]) and any(state.up)
    if d == "wrappers_all":
        return state.stack >= state.players - 1
    if d == "into_hand":
        return src in state.box and state.up[state.box.index(src)]
    if d == "lose_random":
        return bool(state.hands[seat])
    if d == "receive":
        return bool(state.hands[neighbour(state, seat, e.to)])
    return True  # swap/replace/peek_preference/show_hand/end_turn/peek_hand/show_preference


def neighbour(state: BitterSweetState, seat: int, side: str) -> int:
    """The player on the seat's left (next in turn order) or right (previous)."""
    return (seat + (1 if side == "left" else -1)) % state.players


def resolve(state: BitterSweetState, choc: int, when: str, cell: int) -> None:
    """Resolve Choc `choc`'s ability for the current player, in its entirety or not at all."""
    ability = state.comps.chocs[choc].trigger(when)
    assert ability is not None
    seat = state.current
    who, name = player_name(seat), state.chname(choc)
    if all(feasible(state, seat, e, choc, cell) for e in ability.effects):
        state.note(f"{name} ({ability.text()}) resolves for {who}.")
        state.tasks.append(Task("ability", seat, choc, when, cell, effects=ability.effects))
        return
    state.note(f"{name} ({ability.text()}) cannot be done in its entirety for {who}: "
               "none of it is done.")
    _show_blocker(state, seat, ability)


def _show_blocker(state: BitterSweetState, seat: int, ability: Ability) -> None:
    """A return stopped by a no_return Choc: its holder shows it (FAQ), so all know why."""
    if not any(e.do == "return" for e in ability.effects):
        return
    x = blocker(state, seat)
    if x >= 0:
        state.note(f"{player_name(seat)} shows {state.chname(x)}: they cannot return Chocs.")
        state.learn(kn.seen, x, kn.hand_bit(seat), False)


# -- running effects -------------------------------------------------------------------------
def start_effect(state: BitterSweetState, parent: Task, e: Effect) -> None:
    """Run effect `e` of the ability in `parent`: at once, or by pushing a decision task."""
    seat, src, d = parent.who, parent.src, e.do
    who = player_name(seat)
    if not feasible(state, seat, e, src, parent.cell):  # an earlier effect changed things
        state.note(f"{who} cannot {e.text()}: that part is not done.")
        return
    push = state.tasks.append
    if d in ("reveal", "peek", "return"):
        push(Task(d, seat, src, parent.when, count=e.count, picks=[]))
    elif d == "give":
        push(Task("give", seat, src, parent.when, mode=e.to))
    elif d == "demand":
        push(Task("demand", seat, src, parent.when))
    elif d == "peek_preference":
        push(Task("peek_preference", seat, src, parent.when, slot=e.slot))
    elif d in ("peek_hand", "draw_from", "trade"):
        push(Task(d, seat, src, parent.when))
    elif d == "receive":
        giver = neighbour(state, seat, e.to)
        state.note(f"{player_name(giver)} must give {who} a Choc of their choice.")
        push(Task("surrender", giver, src, parent.when, target=seat))
    elif d == "wrappers_all":
        for s in range(state.players):
            if s != seat:
                state.stack -= 1
                state.wrappers[s] += 1
        state.note(f"Every player but {who} takes an Empty Wrapper.")
    elif d == "into_hand":
        cell = state.box.index(src)
        state.box[cell], state.up[cell] = EMPTY, False
        state.hands[seat].append(src)
        state.note(f"{state.chname(src)} goes from {state.cell_names[cell]} into {who}'s hand.")
        state.learn(kn.seen, src, kn.hand_bit(seat), False)
        if state.box.count(EMPTY) == len(state.box):
            state.note("The box is empty: the round ends at once.")
            state.end_round()
    elif d == "lose_random":
        taker = neighbour(state, seat, e.to)
        x = state.rng.choice(sorted(state.hands[seat]))
        state.give(seat, x, taker, f"{player_name(taker)} takes a Choc at random from {who}'s "
                   "hand")
    elif d == "pass_on":
        to = neighbour(state, seat, e.to)
        state.hands[seat].remove(src)
        state.hands[to].append(src)
        state.note(f"{who} gives {state.chname(src)} to {player_name(to)}.")
        state.learn(kn.seen, src, kn.hand_bit(to), False)
    elif d == "show_preference":
        cards = getattr(state, e.slot)[seat]
        for row in state.pknow:
            row[seat] = sorted(set(row[seat]) | set(cards))
        names = "+".join(state.comps.preferences[c].attribute for c in cards)
        state.note(f"{who} shows the {e.slot.upper()}! card: {names}.")
    elif d == "extra_actions":
        state.actions_left += e.count
        state.extras += e.count
        state.note(f"{who} gains {e.count} extra action{'s' * (e.count > 1)} this turn.")
    elif d == "take_wrapper":
        state.stack -= e.count
        state.wrappers[seat] += e.count
        state.note(f"{who} takes {e.count} Empty Wrapper{'s' * (e.count > 1)}.")
    elif d == "swap_preferences":
        state.yum[seat], state.yuck[seat] = state.yuck[seat], state.yum[seat]
        state.pref_key = None
        state.note(f"{who} swaps the YUM! and YUCK! cards.")  # (read after "You" too)
    elif d == "replace_preference":
        cards = getattr(state, e.slot)[seat]
        state.discard[seat] += cards
        for seen in state.pknow:
            seen[seat] = [c for c in seen[seat] if c not in cards]
        names = "+".join(state.comps.preferences[c].attribute for c in cards)
        setattr_slot(state, e.slot, seat, [])
        new = state.draw_preference(seat)
        setattr_slot(state, e.slot, seat, [new])
        state.note(f"{who} discards the {e.slot.upper()}! card ({names}) face up, drawing a "
                   "new one.", {seat: f"{who} discards the {e.slot.upper()}! card ({names}) face "
                            f"up, drawing {state.comps.preferences[new].attribute}."})
    elif d == "add_preference":
        new = state.draw_preference(seat)
        getattr(state, e.slot)[seat].append(new)
        state.note(f"{who} draws a second card under the {e.slot.upper()}! card.",
                   {seat: f"{who} draws {state.comps.preferences[new].attribute} under the "
                          f"{e.slot.upper()}! card."})
    elif d == "show_hand":
        hand = sorted(state.hands[seat])
        state.note(f"{who} shows every Choc in hand: "
                   f"{', '.join(state.chname(x) for x in hand) or 'no Chocs'}.")
        state.learn(kn.shown_hand, tuple(hand), seat)
    elif d == "end_turn":
        state.actions_left = 0
        state.note(f"{who}'s turn ends.")
    elif d == "put_back":
        state.hands[seat].remove(src)
        state.box[parent.cell], state.up[parent.cell] = src, True
        state.note(f"{who} puts {state.chname(src)} back face up in "
                   f"{state.cell_names[parent.cell]}.")
        state.learn(kn.seen, src, 1 << parent.cell)
    else:  # pragma: no cover - the loader rejects unknown ids
        raise AssertionError(d)


def setattr_slot(state: BitterSweetState, slot: str, seat: int, cards: list[int]) -> None:
    getattr(state, slot)[seat] = cards


def give_targets(state: BitterSweetState, t: Task) -> list[int]:
    if t.mode in ("left", "right"):
        return [neighbour(state, t.who, t.mode)]
    return [s for s in range(state.players) if s != t.who]


def decision_actions(state: BitterSweetState, t: Task) -> list[Action]:
    """The choices the top task offers its decider."""
    k = t.kind
    if k in ("reveal", "peek"):
        picked = t.picks or []
        picks = state.table.picks
        return [picks[c] for c, x in enumerate(state.box)
                if x != EMPTY and not state.up[c] and c not in picked]
    if k == "return":
        return state.return_actions(t.who)
    if k in ("give", "surrender"):
        targets = give_targets(state, t) if k == "give" else [t.target]
        gives = state.table.gives
        return [gives[x][to] for x in sorted(state.hands[t.who]) for to in targets]
    chooses = state.table.chooses
    if k == "demand":
        return [chooses[s] for s in range(state.players) if s != t.who and state.hands[s]]
    if k in ("peek_preference", "peek_hand"):
        return [chooses[s] for s in range(state.players) if s != t.who]
    if k == "draw_from":
        return [chooses[s] for s in range(state.players) if s != t.who and state.hands[s]]
    if k == "trade":
        picks = state.table.picks
        return [picks[c] for c, up in enumerate(state.up) if up]
    if k == "place":
        returns = state.table.returns
        return [returns[x][t.cell] for x in sorted(state.hands[t.who])]
    raise AssertionError(k)  # pragma: no cover


def decide(state: BitterSweetState, action: Any) -> None:
    """Apply a decision (already known to be legal)."""
    if isinstance(action, Resolve):
        state.pending.remove(action.choc)
        resolve(state, action.choc, "on_reveal", -1)
        return
    t = state.tasks[-1]
    who = player_name(t.who)
    if t.kind == "reveal":
        assert isinstance(action, Pick) and t.picks is not None
        t.picks.append(action.cell)
        if len(t.picks) == t.count:  # reveal them all, then resolve (FAQ)
            state.tasks.pop()
            for c in t.picks:
                state.flip_up(c, who)
    elif t.kind == "peek":
        assert isinstance(action, Pick) and t.picks is not None
        t.picks.append(action.cell)
        x, where = state.box[action.cell], state.cell_names[action.cell]
        state.learn(kn.peeked, t.who, x, action.cell)
        state.note(f"{who} looks at the face-down Choc in {where}.",
                   {t.who: f"{who} looks at the face-down Choc in {where}: {state.chname(x)}."})
        if len(t.picks) == t.count:
            state.tasks.pop()
    elif t.kind == "return":
        assert isinstance(action, ReturnAct)
        state.return_choc(action.choc, action.cell, by_ability=True)
        t.count -= 1
        if t.count == 0:
            state.tasks.pop()
    elif t.kind in ("give", "surrender"):
        assert isinstance(action, Give)
        state.tasks.pop()
        state.give(t.who, action.choc, action.to)
    elif t.kind == "demand":
        assert isinstance(action, Choose)
        state.tasks.pop()
        state.note(f"{who} asks {player_name(action.seat)} for a Choc of their choice.")
        state.tasks.append(Task("surrender", action.seat, t.src, t.when, target=t.who))
    elif t.kind == "peek_hand":
        assert isinstance(action, Choose)
        state.tasks.pop()
        hand = sorted(state.hands[action.seat])
        other = player_name(action.seat)
        seen = ", ".join(state.chname(x) for x in hand) or "no Chocs"
        state.note(f"{who} looks at {other}'s hand.",
                   {t.who: f"{who} looks at {other}'s hand: {seen}.",
                    action.seat: f"{who} looks at your hand."})
        state.learn(kn.hand_seen, t.who, tuple(hand), action.seat)
    elif t.kind == "draw_from":
        assert isinstance(action, Choose)
        state.tasks.pop()
        x = state.rng.choice(sorted(state.hands[action.seat]))
        state.give(action.seat, x, t.who,
                   f"{who} takes a Choc at random from {player_name(action.seat)}'s hand")
    elif t.kind == "trade":
        assert isinstance(action, Pick)
        state.tasks.pop()
        x, where = state.box[action.cell], state.cell_names[action.cell]
        state.box[action.cell], state.up[action.cell] = EMPTY, False
        state.hands[t.who].append(x)
        state.note(f"{who} takes {state.chname(x)} from {where} to trade.")
        state.learn(kn.seen, x, kn.hand_bit(t.who), False)
        state.tasks.append(Task("place", t.who, t.src, t.when, cell=action.cell))
    elif t.kind == "place":
        assert isinstance(action, ReturnAct)
        state.tasks.pop()
        state.hands[t.who].remove(action.choc)
        state.box[t.cell], state.up[t.cell] = action.choc, True
        state.note(f"{who} puts {state.chname(action.choc)} face up in "
                   f"{state.cell_names[t.cell]}.")
        state.learn(kn.seen, action.choc, 1 << t.cell)
    elif t.kind == "peek_preference":
        assert isinstance(action, Choose)
        state.tasks.pop()
        cards = getattr(state, t.slot)[action.seat]
        row = state.pknow[t.who]
        row[action.seat] = sorted(set(row[action.seat]) | set(cards))
        other, slot = player_name(action.seat), t.slot.upper() + "!"
        seen = "+".join(state.comps.preferences[c].attribute for c in cards)
        state.note(f"{who} looks at {other}'s {slot}.",
                   {t.who: f"{who} looks at {other}'s {slot}: {seen}."})
