"""Scoring the model against recorded GPU runs and compiles (used by `perfmodel validate` and
`perfmodel resources-check`): datasets, rankers, metrics, agreement checks, report tables."""
