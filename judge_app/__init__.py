"""judge: rules judging and ruling lookup for trading card games."""

from judge_app import compiled, dataclass_code

__version__ = "0.1.0"

dataclass_code.install()  # before any of judge's dataclasses is made (start-up time: see the module)
compiled.install(__path__[0])  # the mypyc build of the hot modules, if it is the build of these sources
