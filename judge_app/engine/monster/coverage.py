"""Rules coverage of the monster engine (filled in below)."""

NOT_APPLICABLE: dict[str, str] = {}
