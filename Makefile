# Thin wrappers around dev.py, which needs only Python (make is optional).
.PHONY: play terminal test slow bench golden clean
play:
	python3 dev.py play
terminal:
	python3 dev.py terminal $(GAME)
test:
	python3 dev.py test
slow:
	python3 dev.py slow
bench:
	python3 dev.py bench
golden:
	python3 dev.py golden
clean:
	rm -rf .venv .mypy_cache .ruff_cache .pytest_cache
