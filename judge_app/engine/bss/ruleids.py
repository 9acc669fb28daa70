"""Every rule id the bss engine can cite, in one table, so a test can check each exists in v1.7.0.

A test also scans the bss source for quoted ids and fails if one is missing here. The three ids the
document prints twice (1-2-1-1, 5-1-1-1, 8-2-2-2) are never cited except in repaired form.
"""

CITED: frozenset[str] = frozenset("""
1-2-1 1-2-1-1-2 1-2-4 1-2-2 1-2-3 1-3-2 1-3-2-2 1-3-2-3 1-3-5 1-3-6
2-7-3 2-8-2-1 2-8-2-2 2-9-3 2-10-2 2-10-3
3-4-1 3-5-3 3-8-3 3-8-4 4-4-1-2 4-5-2 4-12-3
6-1-1 6-1-2 6-2-1 6-2-2 6-3-2 6-3-3 6-4-2 6-5-2 6-6-1-1 6-6-1-2 6-6-1-2-1 6-6-1-2-2 6-6-1-2-3 6-6-1-2-5
6-7-1 6-7-2 6-7-3-1 6-7-3-2 6-8-1 6-8-1-3
7-1 7-1-1-1 7-1-2-1 7-1-3-1 7-1-4-1 7-1-5-1 7-1-5-2-1 7-1-5-3-1 7-1-6-1 7-1-6-3
8-5-3 9-2-1 9-2-2 9-2-3 9-2-4 9-3-1 9-3-2 9-4-1 9-4-2 9-4-2-3
10-1-1 10-1-1-1 10-1-3-4 10-2-1 10-3-1 10-4-1
10-6-1 10-6-3 10-6-4 10-6-5 10-6-6 10-6-7
10-7-1 10-7-3 10-7-4 10-7-5 10-7-6 10-7-7
10-8-1
""".split())

# Ids the document prints twice; citing them is ambiguous.
AMBIGUOUS: frozenset[str] = frozenset({"1-2-1-1", "5-1-1-1", "8-2-2-2"})
