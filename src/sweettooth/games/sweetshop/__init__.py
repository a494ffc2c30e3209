"""Sweet Shop (Will Rice): a solo card-and-dice game of grabbing and eating sweets.

Rules: docs/rules/sweetshop.md; rulings SS-1..SS-6 reconstruct the boxes the rulebook skips.
"""

from sweettooth.core import register

from .game import SweetShop

register(SweetShop())
