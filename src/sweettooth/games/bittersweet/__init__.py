"""BitterSweet (2 to 4 players): take Chocs that match your hidden YUM!, avoid your YUCK!.

Players' rules: rules.md beside this file; rulings BS-1..BS-5; our rules page:
docs/rules/bittersweet.md.
"""

from sweettooth.core import register

from .game import BitterSweet

register(BitterSweet())

__all__ = ["BitterSweet"]
