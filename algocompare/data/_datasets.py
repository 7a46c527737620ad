"""Bundled example datasets from the source papers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources

import pandas as pd

from algocompare.data._results import Results

__all__ = ["load_dataset", "list_datasets", "DATASETS"]


@dataclass(frozen=True)
class Dataset:
    name: str
    direction: str
    source: str
    description: str
    loader: Callable[[], pd.DataFrame]
    instance_column: str


def _csv(filename: str) -> Callable[[], pd.DataFrame]:
    def load() -> pd.DataFrame:
        with resources.files("algocompare.data").joinpath("datasets").joinpath(filename).open("r") as handle:
            return pd.read_csv(handle)
    return load


#: The three children's rankings of five flavours (Bartz-Beielstein et al., section 3):
#: rank 1 = favourite.
_ICE_CREAM_ORDERS = {
    "child 1": ["chocolate", "vanilla", "strawberry", "cherry", "blueberry"],
    "child 2": ["vanilla", "strawberry", "cherry", "blueberry", "chocolate"],
    "child 3": ["strawberry", "cherry", "blueberry", "chocolate", "vanilla"],
}


def _ice_cream() -> pd.DataFrame:
    flavours = ["chocolate", "vanilla", "strawberry", "cherry", "blueberry"]
    rows = [{"instance": child, **{f: order.index(f) + 1 for f in flavours}}
            for child, order in _ICE_CREAM_ORDERS.items()]
    return pd.DataFrame(rows)


DATASETS: dict[str, Dataset] = {
    d.name: d for d in [
        Dataset(
            "cec2005_d10", "minimize",
            "García, Molina, Lozano & Herrera (2009), J. Heuristics 15:617–644, Table 13",
            "Mean error of 11 algorithms (BLX-GL50 … SPC-PNX) on the 25 CEC'2005 functions f1–f25, "
            "dimension 10, 25 runs each. Rebuilt cell by cell from the badly scanned printed table so that "
            "every published statistic (Tables 7–12) is reproduced. Errors below 1e-8 are stored as 1e-9 "
            "and tie exactly. Cells that no published statistic pins down (any value in range gives "
            "identical statistics): K-PCX f11 (6.65), K-PCX/SPC-PNX f25 (406 / 406.1), L-SaDE f12 "
            "(0.4501), EDA f3 (21.21), G-CMA-ES f20 (300), K-PCX f21 (1050), BLX-GL50 f15 (400). "
            "Paper typos confirmed by its own tables: Table 8 (f1–f25) CoEVO is 8.44 not 6.44; Table 8 "
            "(f15–f25) L-SaDE 4.9545 (printed 4.956), BLX-MA 7.6818 (printed 7.681); Table 10 BLX-GL50 "
            "z = 2.08937 (printed 2.08947).",
            _csv("cec2005_d10.csv"), "function"),
        Dataset(
            "cec2017_d10", "minimize",
            "Carrasco, García, Rueda, Das & Herrera (2020), Swarm Evol. Comput. 54:100665, Table 3",
            "Mean error of 14 algorithms of the CEC'2017 competition (DES … LSCNE) on 29 functions "
            "(1, 3–30; function 2 was discarded), dimension 10, rounded to 3 decimals as printed. Column "
            "names follow the paper's text (the table header prints DYPO, NM, JSO for DYYPO, MM, jSO). "
            "Because of the rounding many cells tie at 0.000, so statistics differ slightly from the "
            "paper's, which used unrounded data: the tie-corrected Friedman statistic of this table is "
            "180.395 (p ≈ 1.4e-31), mean ranks EBO 3.707 … MOS12 13.397.",
            _csv("cec2017_d10.csv"), "function"),
        Dataset(
            "ice_cream", "minimize",
            "Bartz-Beielstein et al., 'Comparing algorithms: ranking and severity', section 3",
            "Three children (instances) rank five ice-cream flavours (algorithms); each cell is the "
            "flavour's rank for that child (1 = favourite). The toy example for consensus rankings: the "
            "mean-rank consensus changes when blueberry or cherry is removed, and Borda falls into the "
            "'fruit-gang trap' (strawberry first) where the symmetric-difference consensus puts vanilla "
            "first.",
            _ice_cream, "instance"),
    ]
}


def list_datasets() -> pd.DataFrame:
    """The bundled datasets: name, shape, direction and source.

    Returns
    -------
    pandas.DataFrame
        One row per dataset, indexed by name: ``instances``, ``algorithms``, ``direction``
        and where it comes from.

    See Also
    --------
    load_dataset : a dataset as a Results.

    References
    ----------
    .. [1] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4
    .. [2] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665
    .. [3] Bartz-Beielstein, T., et al. (2023). Ranking and result aggregation. In E. Bartz,
       T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.), *Hyperparameter Tuning for Machine
       and Deep Learning with R*, chapter 5, Springer, Singapore. doi:10.1007/978-981-19-5170-1_5

    Examples
    --------
    >>> import algocompare as ac
    >>> ac.list_datasets()[["instances", "algorithms", "direction"]]
                 instances  algorithms direction
    name
    cec2005_d10         25          11  minimize
    cec2017_d10         29          14  minimize
    ice_cream            3           5  minimize
    """
    rows = []
    for d in DATASETS.values():
        res = load_dataset(d.name)
        rows.append({"name": d.name, "instances": res.n_instances, "algorithms": res.n_algorithms,
                     "direction": d.direction, "source": d.source})
    return pd.DataFrame(rows).set_index("name")


def load_dataset(name: str) -> Results:
    """Load a bundled dataset as a :class:`Results`.

    ``list_datasets()`` lists them; ``DATASETS[name].description`` tells where each comes
    from and what conventions it follows.

    Parameters
    ----------
    name : str
        A name from :func:`list_datasets` (``"cec2005_d10"``, ``"cec2017_d10"``,
        ``"ice_cream"``).

    Returns
    -------
    Results
        The table, with its direction.

    See Also
    --------
    list_datasets : the names, shapes and sources.
    read : a results file of your own.

    References
    ----------
    .. [1] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4
    .. [2] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665
    .. [3] Bartz-Beielstein, T., et al. (2023). Ranking and result aggregation. In E. Bartz,
       T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.), *Hyperparameter Tuning for Machine
       and Deep Learning with R*, chapter 5, Springer, Singapore. doi:10.1007/978-981-19-5170-1_5

    Examples
    --------
    >>> import algocompare as ac
    >>> res = ac.load_dataset("cec2017_d10")
    >>> res
    <Results: 29 instances × 14 algorithms, 1 run(s) per cell, minimize>
    >>> round(float(res.mean_ranks()["EBO"]), 3)   # the best mean rank of Table 3 (rank 1 = best)
    3.707
    """
    if name not in DATASETS:
        raise ValueError(f"unknown dataset {name!r}; available: {', '.join(DATASETS)}.")
    d = DATASETS[name]
    res = Results.from_wide(d.loader(), direction=d.direction, instance=d.instance_column)
    return res.with_notes(f"bundled dataset {name!r}: {d.source}.")
