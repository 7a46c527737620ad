"""The shared conformance checks every public test must pass.

Each area registers its public functions in a ``conformance_cases.py`` file beside its
tests (``tests/<area>/conformance_cases.py``) as a list ``CASES`` of :class:`Case`;
``tests/test_conformance.py`` finds them all and runs the checks that apply to the case's
kind:

* ``"blocks"`` — ``func(data, **kwargs)`` on an instances × algorithms table: Results ≡ wide
  DataFrame ≡ ndarray; invariance to algorithm and instance order; minimise x ≡ maximise −x;
  NaN raises (and ``nan_policy="omit"`` drops whole instances when the function takes it);
  too few instances or algorithms raise;
* ``"paired"`` — ``func(x, y, **kwargs)`` on two paired samples: NaN raises, unequal
  lengths raise, too-short samples raise;
* ``"runs"`` — ``func(results, **kwargs)`` on a long Results with several runs per cell:
  invariance to algorithm order;
* ``"other"`` — ``make()`` builds the result; only the result-object checks apply.

Every kind gets the result-object checks (``to_frame``, ``to_dict`` as JSON,
``__str__``, ``_repr_html_``) and, when ``stochastic=True``, seed determinism
(``rng=`` twice with the same seed gives the same key).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np


def default_key(result: Any) -> tuple:
    """What must agree between equivalent calls: statistic and p-value."""
    return (float(result.statistic), float(result.pvalue))


@dataclass
class Case:
    name: str
    func: Callable[..., Any] | None = None
    kind: str = "blocks"
    kwargs: dict[str, Any] = field(default_factory=dict)
    key: Callable[[Any], Any] = default_key
    stochastic: bool = False
    #: the smallest number of instances (blocks) or paired values the function accepts
    min_instances: int = 2
    #: whether the key is invariant to the order of the algorithms (false for tests whose
    #: result depends on a designated column order, e.g. Page's trend test)
    algorithm_order_invariant: bool = True
    #: "small" (8 × 4, hard-coded) or "cec2005" (25 × 11 bundled table)
    data: str = "small"
    make: Callable[[], Any] | None = None
    rtol: float = 1e-9

    def __str__(self) -> str:  # pytest ids
        return self.name


#: A small hard-coded instances × algorithms table with ties, lower is better.
SMALL = np.array([
    [1.20, 2.50, 2.50, 3.10],
    [0.80, 1.90, 2.20, 2.00],
    [5.00, 4.10, 6.30, 7.20],
    [3.30, 3.30, 3.90, 4.40],
    [2.10, 2.60, 1.70, 3.00],
    [0.40, 1.10, 1.30, 0.90],
    [7.70, 8.20, 9.90, 8.10],
    [1.50, 1.40, 2.80, 2.60],
])

#: Two paired samples (one value per instance) with a tie and a zero difference.
PAIRED_X = np.array([1.2, 0.8, 5.0, 3.3, 2.1, 0.4, 7.7, 1.5, 2.2, 3.9, 4.4, 0.7])
PAIRED_Y = np.array([2.5, 1.9, 4.1, 3.3, 2.6, 1.1, 8.2, 1.4, 2.9, 4.6, 4.0, 1.3])
