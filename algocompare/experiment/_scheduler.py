"""The scheduler of a study: which run goes next, where it runs, and what a failure means.

This is the one execution loop of the package: :func:`~algocompare.experiment.run_experiment`
runs a :class:`Study` of the chosen instances, :func:`~algocompare.experiment.calc_nreps` a
study of one instance (index 0), so both draw the same seeds
(:mod:`~algocompare.experiment._seeds`) and treat failures alike.

Each chosen instance has its own :class:`~algocompare.samplesize._repetitions.SamplingPlan`
(Campelo & Takahashi, Algorithm 1); the runs a plan asks for wait in one queue, go to the
backend (:mod:`~algocompare.experiment._executors`) as far as its capacity allows, and their
outcomes come back in any order. Every decision depends only on the values of one
instance, so the data do not depend on the execution order, worker count or executor.
Every attempted run is written to the journal
(:class:`~algocompare.experiment._results_file.RunLog`) as it finishes.

A run that fails is retried with a fresh seed up to ``retries`` times (announced by a
RuntimeWarning); a run whose worker is killed from outside (``lost``) is started again with
the same seed up to :data:`LOST_LIMIT` times; then :class:`RunFailed` names the run.
"""

from __future__ import annotations

import time
import warnings
from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Any

from algocompare.experiment._executors import Broken
from algocompare.experiment._runs import execute_run
from algocompare.experiment._seeds import bootstrap_seed, integer_seed, run_seed
from algocompare.experiment._workers import EXTERNAL_KILLS, RunFailed, exit_description
from algocompare.samplesize._repetitions import SamplingPlan

__all__ = ["Study", "LOST_LIMIT"]

#: A run whose worker is killed from outside more often than this fails.
LOST_LIMIT = 3

Key = tuple[int, int, int]  # (instance index, algorithm index, run)


@dataclass(kw_only=True, eq=False)
class Study:
    """Scheduler state: one sampling plan per instance, a queue of runs, runs in flight, the log.

    ``algorithms``/``names`` and ``items``/``labels`` are in the user's order (their positions
    are the indices of the seeds); ``plan_options`` are the keywords of
    :class:`~algocompare.samplesize._repetitions.SamplingPlan`; ``cache`` holds values of runs
    already recorded (a resumed study) by (instance, algorithm, run) index; ``log`` receives
    every attempted run; ``bar`` is a tqdm bar or None.
    """

    backend: Any
    algorithms: list
    names: list
    items: list
    labels: list
    entropy: int
    plan_options: dict
    log: Any
    cache: dict[Key, float] = field(default_factory=dict)
    retries: int = 0
    timeout: float | None = None
    bar: Any = None
    se_in_bar: bool = False  # the bar shows the largest SE (one instance) instead of the instances done
    plans: dict[int, SamplingPlan] = field(default_factory=dict, init=False)
    queue: deque[tuple[Key, int]] = field(default_factory=deque, init=False)  # (run key, attempt)
    inflight: dict[Any, tuple[Key, int]] = field(default_factory=dict, init=False)
    lost: Counter = field(default_factory=Counter, init=False)
    finished: int = field(default=0, init=False)

    def run(self, indices: list[int]) -> None:
        """Run the plans of the instances ``indices`` to their end; then close backend, log and bar
        (the log as complete only when every plan ended)."""
        complete = False
        try:
            for index in indices:
                self.start(index)
            while self.busy:
                self.step()
            complete = True
        finally:
            self.backend.close(complete)
            self.log.close(complete)
            if self.bar is not None:
                self.bar.close()

    # planning
    def start(self, index: int) -> None:
        self.plans[index] = SamplingPlan(
            len(self.algorithms), boot_rng=bootstrap_seed(self.entropy, index, len(self.algorithms)),
            **self.plan_options)
        self._launch(index)
        self._settle(index)

    def _launch(self, index: int) -> None:
        pending = self.plans[index].pending()
        if self.bar is not None:
            self.bar.total = (self.bar.total or 0) + len(pending)
        for alg, run in pending:
            key = (index, alg, run)
            if key in self.cache:
                self._record(key, self.cache.pop(key))
            else:
                self.queue.append((key, 0))

    def _record(self, key: Key, value: float) -> None:
        if self.bar is not None:
            self.bar.update(1)
        self.plans[key[0]].record(key[1], key[2], value)

    def _settle(self, index: int) -> None:
        plan = self.plans[index]
        while not plan.pending():
            if not plan.advance():
                self.finished += 1
                if self.bar is not None and not self.se_in_bar:
                    self.bar.set_postfix_str(f"{self.finished}/{len(self.plans)} instances done", refresh=False)
                return
            if self.bar is not None and self.se_in_bar:
                self.bar.set_postfix_str(f"largest se {max(plan.estimates['se']):.3g} > {plan.se_max:g}", refresh=False)
            self._launch(index)

    # execution
    @property
    def busy(self) -> bool:
        return bool(self.queue or self.inflight)

    def step(self) -> None:
        """Submit what fits, wait for the next finished (or overdue) runs and act on them."""
        # a run's clock starts at submission, so with a timeout no run may wait in a foreign queue
        limit = self.backend.capacity * (1 if self.timeout is not None or self.backend.can_stop else 4)
        while self.queue and len(self.inflight) < limit:
            key, attempt = self.queue.popleft()
            try:
                handle = self.backend.submit(execute_run, (self.algorithms[key[1]], self.names[key[1]],
                                                           self.items[key[0]], self.entropy, key, attempt))
            except Broken as err:  # it broke since the last wait (a race with its own report) or before
                running = self._in_flight()
                raise RunFailed(self._broke(running, str(err)) if running else
                                f"the executor was broken before {self._describe(key, attempt)} could start: "
                                f"{err}") from err
            except Exception as err:  # noqa: BLE001 - a shut-down executor
                raise RunFailed(f"the executor refused {self._describe(key, attempt)}: {type(err).__name__}: "
                                f"{err}") from err
            self.inflight[handle] = (key, attempt)
        failure = None
        for handle, kind, value in self.backend.wait(self._time_left()):
            key, attempt = self.inflight.pop(handle)
            try:
                self._outcome(key, attempt, kind, value)
            except RunFailed as err:  # record the other finished runs first
                failure = failure or err
        if failure is not None:
            raise failure
        self._stop_overdue()

    def _time_left(self) -> float | None:
        if self.timeout is None:
            return None
        now = time.monotonic()
        starts = [s for s in (self.backend.started(h) for h in self.inflight) if s is not None]
        return max(0.0, min(starts) + self.timeout - now) if starts else 0.5

    def _stop_overdue(self) -> None:
        if self.timeout is None:
            return
        now = time.monotonic()
        for handle in list(self.inflight):
            started = self.backend.started(handle)
            if started is not None and now - started >= self.timeout:
                key, attempt = self.inflight.pop(handle)
                self.backend.stop(handle)
                self._failed(key, attempt, "timeout", f"timed out after {self.timeout:g} s"
                             + ("" if self.backend.can_stop else " (abandoned: this executor cannot stop it)"))

    def _outcome(self, key: Key, attempt: int, kind: str, value: Any) -> None:
        if kind == "ok":
            self._write(key, attempt, "ok", repr(float(value)), "")
            self._record(key, float(value))
            self._settle(key[0])
        elif kind == "error":
            self._failed(key, attempt, "error", value)
        elif kind == "died" and value in EXTERNAL_KILLS:
            self._failed(key, attempt, "lost", f"its worker process {exit_description(value)} from outside")
        elif kind == "died":
            self._failed(key, attempt, "died", f"its worker process {exit_description(value)} while running it "
                                               "(os._exit, a crash or lack of memory)")
        else:  # "broken": the executor can run nothing more
            raise RunFailed(self._broke([(key, attempt), *self._in_flight()], value))

    def _in_flight(self) -> list[tuple[Key, int]]:
        return list(self.inflight.values())

    def _broke(self, runs: list[tuple[Key, int]], why: str) -> str:
        running = "; ".join(self._describe(k, a) for k, a in runs)
        return f"the executor broke while running {running}: {why}"

    def _failed(self, key: Key, attempt: int, status: str, message: str) -> None:
        self._write(key, attempt, status, "", message)
        if status == "lost":
            self.lost[key] += 1
            if self.lost[key] <= LOST_LIMIT:
                warnings.warn(f"{self._describe(key, attempt)}: {message}; running it again with the same seed.",
                              RuntimeWarning, stacklevel=5)
                self.queue.appendleft((key, attempt))
                return
            message += f" ({self.lost[key]} times)"
        elif attempt < self.retries:
            fresh = self._seed(key, attempt + 1)
            warnings.warn(f"{self._describe(key, attempt)} failed: {message}; retrying with the fresh seed {fresh} "
                          f"(attempt {attempt + 2} of {self.retries + 1}).", RuntimeWarning, stacklevel=5)
            self.queue.appendleft((key, attempt + 1))
            return
        raise RunFailed(f"algorithm {self.names[key[1]]!r} failed on instance {self.labels[key[0]]!r} (run {key[2]}, "
                        f"seed {self._seed(key, attempt)}) after {attempt + 1} attempt(s): {message}")

    def _seed(self, key: Key, attempt: int) -> int:
        return integer_seed(run_seed(self.entropy, *key, attempt=attempt))

    def _describe(self, key: Key, attempt: int) -> str:
        return (f"run {key[2]} of algorithm {self.names[key[1]]!r} on instance {self.labels[key[0]]!r} (attempt "
                f"{attempt + 1}, seed {self._seed(key, attempt)})")

    def _write(self, key: Key, attempt: int, status: str, value: str, message: str) -> None:
        index, alg, run = key
        self.log.write([self.labels[index], self.names[alg], run, attempt, status, value, self._seed(key, attempt),
                        index, alg, message[:300]])
