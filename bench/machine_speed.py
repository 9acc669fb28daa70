"""A machine-speed reference for the benchmarks: a fixed pure-Python loop, timed between the measured runs.

The shared 2-core machine the figures are taken on changes speed by about 1.8x from one tenth of a second
to the next (the same loop takes 1.4 ms in a fast period and 2.7 ms in a slow one, with nothing else
running), so one median alone cannot tell slow code from a slow period. A benchmark times `loop()`
interleaved with its own runs (`Reference.time()` before each) and prints `Reference.line()` beside its
figures: the reference's median is how fast the machine was while the figures were taken, its fastest run
what the same loop costs in a fast period. Code that got slower moves the figures and not the reference; a
slow period moves both. The benchmarks' ok verdicts stay on their raw medians.

    from bench.machine_speed import Reference   # or `import machine_speed` when bench/ is on the path
    ref = Reference()
    for _ in range(n):
        ref.time()
        ...one measured run...
    print(ref.line())
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field

LOOP_N = 20_000  # about 1.4 ms of CPU in a fast period on the 2-core benchmark machine


def loop() -> int:
    """Fixed pure-Python work (integer arithmetic in a `for` loop): the same bytecode whatever code is measured."""
    s = 0
    for i in range(LOOP_N):
        s += i * i % 7
    return s


@dataclass
class Reference:
    cpu_ms: list[float] = field(default_factory=list)  # CPU time of this process per loop (`time.process_time`)
    wall_ms: list[float] = field(default_factory=list)

    def time(self) -> None:
        """Run the loop once and keep its times."""
        c0, t0 = time.process_time(), time.perf_counter()
        loop()
        self.wall_ms.append((time.perf_counter() - t0) * 1000)
        self.cpu_ms.append((time.process_time() - c0) * 1000)

    def summary(self) -> dict[str, float]:
        """Median and fastest (minimum) loop, wall and CPU, in ms; `slowdown`: median over fastest (1.0: the
        whole run was taken in the machine's fastest period)."""
        if not self.wall_ms:
            return {}
        median, fastest = statistics.median(self.wall_ms), min(self.wall_ms)
        return {"ref_median_ms": round(median, 3), "ref_fastest_ms": round(fastest, 3),
                "ref_cpu_median_ms": round(statistics.median(self.cpu_ms), 3),
                "ref_cpu_fastest_ms": round(min(self.cpu_ms), 3), "ref_runs": len(self.wall_ms),
                "slowdown": round(median / fastest, 2) if fastest > 0 else 1.0}

    def line(self) -> str:
        s = self.summary()
        if not s:
            return "reference loop: not timed"
        return (f"reference loop median {s['ref_median_ms']:.2f} ms (CPU {s['ref_cpu_median_ms']:.2f}); "
                f"fastest-period {s['ref_fastest_ms']:.2f} ms "
                f"(x{s['slowdown']:.2f}: the machine's speed while these figures were taken; load average "
                f"{load_average()})")


def load_average() -> str:
    """The 1-minute load average ('?' where the system does not say)."""
    try:
        with open("/proc/loadavg", encoding="ascii") as f:
            return f.read().split()[0]
    except OSError:
        return "?"
