"""Versions of a game's rules: diffs, changelog reconciliation, rule history."""
