"""The move composer: a move is made by picking pieces, then among what remains.

Each legal action is described by the keys of the pieces a player picks to make it (any
order), as the game's face says (`Face.keys`). After each pick only the keys that can still
complete a legal action stay pickable; when the picks name exactly one action and no other
action extends them, that action is played; when they name an action that others extend
(Sweet Shop: grab one card, or two with a Multipack), the choice is offered as a confirm.

>>> c = Composer([("take a1", ["cell:a1", "do:take"]), ("reveal a1", ["cell:a1", "do:reveal"]),
...               ("take b1", ["cell:b1", "do:take"])])
>>> sorted(c.pickable())
['cell:a1', 'cell:b1', 'do:reveal', 'do:take']
>>> c.pick("cell:a1") is None
True
>>> sorted(c.pickable())
['do:reveal', 'do:take']
>>> c.pick("do:take")
'take a1'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Candidate:
    """A legal action still possible with the picks so far, and the keys it still needs."""

    action: str
    rest: tuple[str, ...]


@dataclass
class Composer:
    """Picks so far over a fixed list of (action, keys) pairs."""

    actions: Sequence[tuple[str, Sequence[str]]]
    picks: list[str] = field(default_factory=list)

    def candidates(self) -> list[Candidate]:
        out = []
        for action, keys in self.actions:
            rest = list(keys)
            ok = True
            for p in self.picks:
                if p not in rest:
                    ok = False
                    break
                rest.remove(p)
            if ok:
                out.append(Candidate(action, tuple(rest)))
        return out

    def pickable(self) -> dict[str, int]:
        """Key -> how many more times it may be picked (a stack of sweets can be picked twice)."""
        out: dict[str, int] = {}
        for c in self.candidates():
            for k, n in Counter(c.rest).items():
                out[k] = max(out.get(k, 0), n)
        return out

    def complete(self) -> list[str]:
        """Actions the picks name exactly; shown as confirms when others extend them."""
        return [c.action for c in self.candidates() if not c.rest]

    def needs_confirm(self) -> bool:
        cands = self.candidates()
        exact = [c for c in cands if not c.rest]
        return bool(exact) and (len(exact) > 1 or len(cands) > len(exact))

    def pick(self, key: str) -> str | None:
        """Add a pick; the action if it is now decided, else None. A key that completes no
        legal action is refused (ValueError) and the picks stay as they were."""
        self.picks.append(key)
        cands = self.candidates()
        if not cands:
            self.picks.pop()
            raise ValueError(f"{key} cannot be part of any move now")
        if len(cands) == 1 and not cands[0].rest:
            return cands[0].action
        return None

    def unpick(self, key: str) -> None:
        if key in self.picks:
            self.picks.remove(key)

    def clear(self) -> None:
        self.picks.clear()


def build(actions: Iterable[str], keys_of: object) -> list[tuple[str, list[str]]]:
    """(action, keys) pairs; an action the face gives no keys gets one key of its own."""
    out: list[tuple[str, list[str]]] = []
    for a in actions:
        keys = keys_of(a) if callable(keys_of) else None
        out.append((a, list(keys) if keys else [f"act:{a}"]))
    return out
