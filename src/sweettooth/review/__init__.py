"""Post-game review: each decision of a seat judged by search, fair to hidden information.

>>> import sweettooth as st
>>> s = st.game("lechocolat").new(players=2, seed=3)
>>> r = st.review(s, 0)
>>> (r.game, r.mode, r.moves)
('lechocolat', 'fair', [])
"""

from .judge import Verdict, judge, review_agent
from .settings import CLASSES, METHOD, SEARCH, THRESHOLDS, Thresholds
from .walk import MoveReview, Progress, Review, review

__all__ = [
    "CLASSES", "METHOD", "SEARCH", "THRESHOLDS", "MoveReview", "Progress", "Review", "Thresholds",
    "Verdict", "judge", "review", "review_agent",
]
