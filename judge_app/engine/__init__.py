"""The scenario engine: a game-independent kernel (`core`) and one module per game (`bss`, ...)."""
