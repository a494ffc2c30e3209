"""The clock's arithmetic with the moments given (no waiting, no server): a live control charges
each move to its seat and adds the increment; correspondence gives every move a fresh
allowance; the state rebuilt from the record equals the one kept move by move (what a restart
and another process compute)."""

from __future__ import annotations

from sweettooth.server.clock import ClockState, parse_clock

T0 = 1_000_000.0


def test_live_moves_are_charged_to_their_seat_plus_the_increment() -> None:
    spec = parse_clock({"mode": "live", "minutes": 1, "increment": 2, "flag_fall": "score"})
    clock = ClockState.new(spec, 2)
    assert clock.running(0) is None and clock.left(0, 0, T0 + 30) == 60  # not started
    clock.start(T0)
    assert clock.left(0, 0, T0 + 10) == 50 and clock.left(1, 0, T0 + 10) == 60
    clock.moved(0, T0 + 10)  # seat 0 thought 10 s: 60 - 10 + 2
    assert clock.remaining == [52, 60]
    assert clock.due(1) == T0 + 10 + 60
    clock.moved(1, T0 + 13)  # seat 1 thought 3 s
    assert clock.remaining == [52, 59]
    assert clock.left(0, 0, T0 + 20) == 45 and clock.due(0) == T0 + 13 + 52
    shown = clock.public(2, 0, T0 + 20)
    assert (shown["remaining"], shown["running"], shown["flagged"]) == ([45, 59], 0, [])
    assert (shown["minutes"], shown["increment"]) == (1, 2)
    rebuilt = ClockState.rebuild(spec, 2, T0, [], [(0, T0 + 10), (1, T0 + 13)])
    assert rebuilt.remaining == clock.remaining and rebuilt.since == clock.since
    clock.flag(0)
    assert clock.left(0, 0, T0 + 20) == 0 and clock.running(0) is None and clock.due(0) is None
    assert ClockState.rebuild(spec, 2, T0, [0], [(0, T0 + 10)]).left(0, 0, T0 + 11) == 0


def test_correspondence_gives_each_move_the_whole_allowance() -> None:
    spec = parse_clock({"mode": "correspondence", "days": 2, "flag_fall": "bot",
                        "bot_level": "easy"})
    day = 86400.0
    clock = ClockState.rebuild(spec, 3, T0, [], [(0, T0 + 1.5 * day)])
    assert clock.left(1, 1, T0 + 1.5 * day) == 2 * day  # a fresh two days for the next move
    assert clock.left(1, 1, T0 + 3 * day) == 0.5 * day
    assert clock.due(1) == T0 + 3.5 * day
    assert clock.left(0, 1, T0 + 3 * day) == 2 * day  # not to move: the whole allowance
    assert clock.public(3, 1, T0 + 2 * day)["days"] == 2
