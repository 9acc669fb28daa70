"""judge: rules judging and ruling lookup for trading card games."""

from judge_app import dataclass_code

__version__ = "0.1.0"

dataclass_code.install()  # before any of judge's dataclasses is made (start-up time: see the module)
