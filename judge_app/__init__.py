"""judge: rules judging and ruling lookup for trading card games."""

__version__ = "0.1.0"
