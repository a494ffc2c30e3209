"""The shape of a Sweet Nose game: its rounds, the phases of a round and the steps of a turn."""

ROUNDS = 3
"""'Each game lasts 3 rounds.'"""
SKY_TARGET = 100
"""Variation I: play until a total reaches 100 SP (SN-9)."""

AUCTION, PICK, MARKERS, EXCHANGE, OVER = "auction", "stores", "markers", "exchange", "over"
START, AFTER_STORE, AFTER_EXCHANGE = 0, 1, 2
STEP_NAMES = ("start", "after store", "after exchange")
