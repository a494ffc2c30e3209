"""Bonbons (2 to 6 players): a memory game of round and square candy tiles, thefts and coins.

Players' rules: rules.md beside this file; rulings BB-1..BB-8; our rules page:
docs/rules/bonbons.md.
"""

from sweettooth.core import register

from .game import BonbonsGame

register(BonbonsGame())

__all__ = ["BonbonsGame"]
