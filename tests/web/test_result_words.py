"""The end panel's sentence agrees with "You": "You were first to win 2 rounds" (BitterSweet
said "You was"), "Alice was ..." for anyone else. Run by the page's own result.js."""

from __future__ import annotations

from playwright.sync_api import Page

EXPLAIN_JS = """async () => {
  const { explanation } = await import("/js/result.js");
  const view = { players: 3, result: { winners: [0], scores: [2, 1, 0] } };
  return [
    explanation("bittersweet", view,
                { seat: 0, names: ["You", "Candy Bot (medium)", "Toffee Bot (medium)"] }),
    explanation("bittersweet", view, { seat: 1, names: ["Alice", "Bob", "Carol"] }),
  ];
}"""


def test_bittersweet_winner_sentence_agrees_with_you(page: Page) -> None:
    page.goto("/404.html")
    you, alice = page.evaluate(EXPLAIN_JS)
    assert you == "You were first to win 2 rounds.", you
    assert alice == "Alice was first to win 2 rounds.", alice
