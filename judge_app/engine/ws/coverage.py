"""placeholder"""
NOT_APPLICABLE: dict[str, str] = {}
