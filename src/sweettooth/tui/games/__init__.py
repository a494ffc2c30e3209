"""One face per game: how the terminal app draws its views and composes its moves."""

from __future__ import annotations

from importlib import import_module

from .base import Ctx, Face

FACES = {
    "bittersweet": "BitterSweetFace",
    "bonbons": "BonbonsFace",
    "lechocolat": "LeChocolatFace",
    "sweetnose": "SweetNoseFace",
    "sweetshop": "SweetShopFace",
}


def face_for(game_id: str) -> Face:
    """The face of `game_id` (the generic face for a game without one of its own)."""
    cls_name = FACES.get(game_id)
    if cls_name is None:
        return Face()
    try:
        module = import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError:
        return Face()
    face: Face = getattr(module, cls_name)()
    return face


__all__ = ["Ctx", "Face", "face_for"]
