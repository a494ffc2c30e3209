"""Le Chocolat (2 players): split a chocolate bar of double-sided tiles and claim small pieces.

Players' rules: rules.md beside this file; rulings LC-1..LC-6; our rules page:
docs/rules/lechocolat.md.
"""

from sweettooth.core import register

from .game import LeChocolat, position

register(LeChocolat())

__all__ = ["LeChocolat", "position"]
