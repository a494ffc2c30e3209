"""Sweet Nose (3-5 players): secretly rate five kinds of sweets, trade, and keep your SP low.

Rules: docs/rules/sweetnose.md (rulings SN-1..SN-9). Notation: actions.py.
"""

from sweettooth.core import register

from .game import SweetNose

register(SweetNose())

__all__ = ["SweetNose"]
