"""The web app: every rule one URL, readable on a phone, every page also JSON."""

from judge_app.web.app import create_app

__all__ = ["create_app"]
