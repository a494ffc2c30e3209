"""Le Chocolat (2 players): split a chocolate bar of double-sided tiles and claim small pieces.

Rulebook: shared/rulebooks/le-chocolat.txt; rulings LC-1..LC-6; our rules page:
docs/rules/lechocolat.md.
"""

from sweettooth.core import register

from .game import LeChocolat, position

register(LeChocolat())

__all__ = ["LeChocolat", "position"]
