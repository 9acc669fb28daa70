"""Parsing the rules documents. Nothing outside this package sees lark trees or tokens."""
