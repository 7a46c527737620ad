"""Kemeny / symmetric-difference consensus over linear or weak orders, exact with all optima.

The consensus c minimises L(c) = sum_i w_i d(c, r_i)^ell over the admissible orders
(Kemeny & Snell 1962; Bartz-Beielstein et al., chapter "Comparing algorithms", §3, with
ell = 1 the median and ell = 2 the mean consensus). d is the symmetric-difference
distance of the relations' incidence matrices as in the R package relations
(``relation_dissimilarity(method = "symdiff")``): the number of ordered pairs (a, b),
reflexive pairs included, whose incidences a ≽ b differ. A reversed pair costs 2 and a tie
against a strict preference costs 1.

How it is solved (chosen by measurement, see ``benchmarks/results_consensus.md``):

1. *Condorcet decomposition* (ell = 1). Items are split into the strongly connected
   components of the weak-majority graph. When every item of component X beats every item
   of a later component Y strictly (linear orders: more weight prefers x to y; weak orders:
   less than half the weight has y ≽ x), every optimal consensus puts X above Y: moving
   X's items up only changes cross pairs, each for the strictly better. So the optima are
   the concatenations of the components' optima.
2. Each component is solved exactly (linear orders): the LP relaxation with lazily added
   transitivity rows (HiGHS) gives a Lagrangian lower bound and, on most profiles, an
   integral optimum (else one HiGHS MILP solve gives it). Every order meeting the optimum
   is then enumerated by a depth-first search from the top, pruned by the pairwise and the
   Lagrangian bounds and memoised on the set of remaining items (a dynamic program over
   the subsets the bounds let through; its DAG of tight moves holds all optima exactly
   once). ``method="dp"`` (full DP over subsets) and ``"milp"`` (no-good cuts) remain as
   independent solvers. Weak orders (valid there too, see 1.): a dynamic program over
   subsets (``_weak_dp``: the last group of an optimal weak order of T leaves an optimal
   order of the rest, O(3^m)) gives every optimum of components up to ``_DP_WEAK_MAX`` = 15
   items (about a second at 15); larger components use a binary program with lazy
   transitivity constraints, all optima by no-good cuts. ell = 2 does not decompose over
   pairs and keeps the binary program.
3. With ``time_limit`` the best order found is returned with its proven optimality gap;
   ``method="heuristic"`` gives a fast local search (best-insertion moves from the
   Copeland order) for many items.

This module holds :func:`kemeny`, the decomposition and the choice of solver per component;
the solvers are in their own modules: ``_enumeration`` (LP bound and the enumeration of
every linear optimum; every weak order of a small component), ``_linear_dp`` and
``_weak_dp`` (dynamic programs over subsets), ``_milp`` (the HiGHS binary programs, ell = 1
and 2) and ``_heuristic`` (local search and the fallbacks when time runs out). The distance
is in :mod:`~algocompare.consensus._distance`, the result in
:mod:`~algocompare.consensus._results`.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from scipy.sparse.csgraph import connected_components

from algocompare._options import documented_table_options
from algocompare._validation import check_option, check_positive, check_positive_int
from algocompare.consensus import _milp, _weak_dp
from algocompare.consensus._distance import _objective, symdiff_distance  # noqa: F401  (its old home)
from algocompare.consensus._enumeration import _enumerate_weak, _lp_bound, _optimal_orders, _OutOfTime
from algocompare.consensus._heuristic import (
    _copeland_start,
    _linear_cost,
    _local_search,
    _net_preference_levels,
    _weak_component_cost,
)
from algocompare.consensus._linear_dp import _dp_linear
from algocompare.consensus._milp import (
    _levels_from_geq,
    _milp_linear,
    _milp_weak,
    _order_from_pairs,
    _pair_index,
    _solve_squared,
    _squared_forms_linear,
    _squared_forms_weak,
    _triples,
)
from algocompare.consensus._rankings import Profile, as_profile, check_consensus_options
from algocompare.consensus._results import KemenyResult  # noqa: F401  (its old home)

__all__ = ["kemeny"]

#: largest component whose weak orders are enumerated outright under method="milp" (7: 47293)
_ENUM_WEAK_MAX = 6
#: largest component solved by the weak-order dynamic program under method="auto" (O(3^m):
#: measured ~0.02 s at 12 items, ~0.2 s at 13, ~0.5 s at 14, ~1 s at 15, ~2 s at 16)
_DP_WEAK_MAX = 15
#: default time budget of :func:`kemeny` in seconds: within it the usual tables (up to ~30
#: algorithms) are solved exactly; 100 random rankings of 100 items stop with a proven gap of
#: about 1 % (measured); ``time_limit=None`` searches until the optimum is proven.
DEFAULT_TIME_LIMIT = 10.0
#: largest component solved through the LP relaxation or a binary program: their k^3/6
#: transitivity rows (150 items: 0.55 million) grow to gigabytes beyond (300 items: 1 GB);
#: larger linear-order components get the local search and the pairwise lower bound.
_EXACT_MAX = 150
#: most items :func:`kemeny` takes: it holds several k x k matrices (10,000 items: 0.8 GB each;
#: the CLI reached 12 GB), so beyond it refuses and names Borda, which scales as k.
MAX_ITEMS = 2000


# -- linear orders of one component: LP bound, optimum, every optimal order -------------
def _bound_and_enumerate(sub: np.ndarray, deadline: float, max_solutions: int, tol: float):
    """(optimal orders, proven, complete, slack) of one component: LP bound, the optimum
    from the LP when integral (else HiGHS MILP), then every order meeting it. It lives
    here, with the dispatch, so that the steps it calls are looked up in this module."""
    bound = _lp_bound(sub, deadline)
    first = bound.order
    if first is None:
        solve = _milp_linear(sub, deadline, 1, tol)
        if not solve.solutions or not solve.optimal:
            order = _local_search(sub, _order_from_pairs(solve.solutions[0], len(sub)) if solve.solutions
                                  else _copeland_start(sub))
            lower = max(bound.value, solve.lower_bound)
            return [order], False, False, max(_linear_cost(sub, order) - lower, 0.0)
        first = _order_from_pairs(solve.solutions[0], len(sub))
    best = _linear_cost(sub, first)
    try:
        orders, complete = _optimal_orders(sub, best, bound, max_solutions, deadline, tol)
    except _OutOfTime:
        return [first], True, False, 0.0
    if not orders:  # only through a numerical failure of the bound: keep the proven optimum
        return [first], True, False, 0.0
    return orders, True, complete, 0.0


def _check_size(n_items: int, orders: str, ell: int, method: str) -> None:
    """Refuse, before any k x k matrix is built, the sizes whose memory or time explodes."""
    if n_items > MAX_ITEMS:
        raise ValueError(f"Kemeny consensus of {n_items} items: at most {MAX_ITEMS} (it holds several "
                         f"{n_items} x {n_items} matrices, {8 * n_items ** 2 / 1e9:.1f} GB each); use "
                         "method='borda' (consensus(..., method='borda'), --method borda), which scales with "
                         "the number of items.")
    if n_items > _EXACT_MAX and (orders == "weak" or ell == 2 or method in ("dp", "milp")):
        what = "weak orders" if orders == "weak" else "ell=2" if ell == 2 else f"method={method!r}"
        raise ValueError(f"Kemeny consensus with {what} of {n_items} items: at most {_EXACT_MAX} (its program has "
                         f"{n_items ** 3 // 6:,} transitivity rows); use orders='linear', ell=1 with method='auto' "
                         "or 'heuristic' (the best order found with its proven gap), or Borda.")


# -- Condorcet decomposition ---------------------------------------------------------
def _components(edge: np.ndarray) -> list[np.ndarray]:
    """Strongly connected components of ``edge`` (a → b allowed), in condensation order."""
    n_comp, labels = connected_components(edge.astype(np.int8), directed=True, connection="strong")
    comps = [np.flatnonzero(labels == k) for k in range(n_comp)]
    # The condensation of a semicomplete digraph is a path: an earlier component beats
    # every item of the later ones.
    return [comps[k] for k in np.argsort([-_n_beaten(edge, c) for c in comps], kind="stable")]


def _n_beaten(edge: np.ndarray, comp: np.ndarray) -> int:
    """Items outside ``comp`` that ``comp`` beats (no edge back)."""
    inside = np.zeros(len(edge), bool)
    inside[comp] = True
    beaten = edge[comp[0]] & ~edge[:, comp[0]] & ~inside
    return int(beaten.sum())


# -- the solver ---------------------------------------------------------------
def _tol(profile: Profile) -> float:
    return 1e-9 * max(1.0, profile.total_weight) * max(1, profile.n_items) ** 2


def _linear_parts(cost: np.ndarray, profile: Profile, method: str, deadline: float,
                  max_solutions: int) -> tuple[list, bool, bool, float, str]:
    """Per component: (items, level vectors of all optimal orders); proven; complete; bound slack; solver."""
    tol = _tol(profile)
    complete = True
    edge = cost <= cost.T + tol
    np.fill_diagonal(edge, True)
    parts, proven, slack, solvers = [], True, 0.0, set()
    for comp in _components(edge):
        sub = cost[np.ix_(comp, comp)]
        if comp.size == 1:
            parts.append([[int(comp[0])]])
            continue
        if method == "auto" and comp.size > _EXACT_MAX:
            # the LP's k^3/6 rows do not fit: the local search, with the pairwise bound for its gap
            order = _local_search(sub, _copeland_start(sub), deadline)
            lower = float(np.minimum(sub, sub.T)[np.triu_indices(comp.size, 1)].sum())
            proven, slack = False, slack + max(_linear_cost(sub, order) - lower, 0.0)
            parts.append([[int(comp[k]) for k in order]])
            solvers.add("local search + pairwise bound")
            continue
        if method == "heuristic":
            order = _local_search(sub, _copeland_start(sub))
            parts.append([[int(comp[k]) for k in order]])
            proven = False
            solvers.add("local search")
            continue
        if method == "auto":
            orders, exact, done, gap = _bound_and_enumerate(sub, deadline, max_solutions, tol)
            proven, complete, slack = proven and exact, complete and done, slack + gap
            solvers.add("LP bound + enumeration")
        elif method == "dp":
            orders, _ = _dp_linear(sub, max_solutions, tol)
            complete = complete and len(orders) < max_solutions
            solvers.add("dynamic programming")
        else:
            solve = _milp_linear(sub, deadline, max_solutions, tol)
            solvers.add("HiGHS MILP")
            if not solve.solutions:
                order = _local_search(sub, _copeland_start(sub))
                value = _linear_cost(sub, order)
                proven, slack = False, slack + max(value - solve.lower_bound, 0.0)
                parts.append([[int(comp[k]) for k in order]])
                continue
            if not solve.optimal:
                proven = False
                slack += max(solve.objective - solve.lower_bound, 0.0)
            complete = complete and solve.complete
            orders = [_order_from_pairs(y, comp.size) for y in solve.solutions]
            if not solve.optimal:
                better = _local_search(sub, orders[0])
                orders = [better]
        parts.append(comp[np.asarray(orders)].tolist())
    ordered = [(np.array(p[0]), _order_levels(np.array(p[0]), np.array(p))) for p in parts]
    return ordered, proven, complete, slack, " + ".join(sorted(solvers)) or "trivial"



def _weak_parts(n_geq: np.ndarray, profile: Profile, method: str, deadline: float,
                max_solutions: int) -> tuple[list, bool, bool, float, str]:
    """Per component: (items, level vectors of all optimal weak orders); proven; complete; slack; solver."""
    total, tol = profile.total_weight, _tol(profile)
    edge = n_geq >= total / 2 - tol  # a → b unless b ≻ a is forced
    parts, proven, complete, slack, solvers = [], True, True, 0.0, set()
    for comp in _components(edge):
        sub = n_geq[np.ix_(comp, comp)]
        if comp.size == 1:
            parts.append((comp, [np.zeros(1, int)]))
            continue
        if method == "dp" or (method == "auto" and comp.size <= _DP_WEAK_MAX):
            levels, _, done = _weak_dp.all_optima(sub, total, max_solutions, deadline, tol)
            complete = complete and done
            parts.append((comp, levels))
            solvers.add("dynamic programming")
            continue
        if comp.size <= _ENUM_WEAK_MAX:
            parts.append((comp, _enumerate_weak(sub, total, tol)[:max_solutions]))
            solvers.add("enumeration")
            continue
        solve, index = _milp_weak(sub, total, deadline, max_solutions, tol)
        solvers.add("HiGHS MILP")
        solutions = [_levels_from_geq(x, index) for x in solve.solutions]
        if not solutions:
            # Time ran out before HiGHS found any order: an unproven one, with its true gap.
            solutions = [_net_preference_levels(sub)]
            upper = _weak_component_cost(sub, total, solutions[0])
            proven, complete = False, False
            slack += max(upper - solve.lower_bound, 0.0) if np.isfinite(solve.lower_bound) else upper
            parts.append((comp, solutions))
            continue
        if not solve.optimal:
            proven = False
            slack += max(solve.objective - solve.lower_bound, 0.0)
        complete = complete and solve.complete
        parts.append((comp, solutions))
    return parts, proven, complete, slack, " + ".join(sorted(solvers)) or "trivial"



def _order_levels(comp: np.ndarray, orders: np.ndarray) -> np.ndarray:
    """Levels (rows: orders) of the items ``comp`` for orders written as sequences of them."""
    sorter = np.argsort(comp)
    local = sorter[np.searchsorted(comp, orders, sorter=sorter)]
    levels = np.empty_like(local)
    np.put_along_axis(levels, local, np.broadcast_to(np.arange(len(comp)), local.shape), axis=1)
    return levels


def _mixed_radix(index: np.ndarray, sizes: list[int]) -> list[np.ndarray]:
    """``np.unravel_index(index, sizes)`` (last digit fastest) for any number of digits:
    numpy's stops at 64 dimensions, and a profile can have more Condorcet components."""
    digits = []
    for size in reversed(sizes):
        digits.append(index % size)
        index = index // size
    return digits[::-1]


def _combine_levels(parts: list, n: int, max_solutions: int) -> tuple[np.ndarray, bool]:
    """Concatenate the components' optima (Cartesian product, the first ``max_solutions``
    in lexicographic order), each component below the previous. Rows: consensus levels."""
    sols = [np.asarray(s).reshape(len(s), len(comp)) for comp, s in parts]
    sizes = [len(s) for s in sols]
    n_combos = int(min(np.prod(sizes, dtype=float), max_solutions))
    choice = _mixed_radix(np.arange(n_combos), sizes)
    levels = np.empty((n_combos, n), dtype=np.int64)
    offset = np.zeros(n_combos, dtype=np.int64)
    for (comp, _), lev, pick in zip(parts, sols, choice, strict=False):
        chosen = lev[pick]
        levels[:, comp] = chosen + offset[:, None]
        offset += chosen.max(axis=1) + 1
    return levels, float(np.prod(sizes, dtype=float)) <= max_solutions


@documented_table_options
def kemeny(rankings: Any, orders: str = "linear", ell: int = 1, *, weights: Any = None,
           method: str = "auto", time_limit: float | None = DEFAULT_TIME_LIMIT, max_solutions: int = 10_000,
           agg: str = "mean", direction: str | None = None, nan_policy: str = "raise") -> KemenyResult:
    """Symmetric-difference (Kemeny) consensus of rankings: every optimal linear or weak order.

    Minimises L(c) = sum_i w_i d(c, r_i)^ell (Bartz-Beielstein et al., §3; Kemeny & Snell
    1962) with d the symmetric-difference distance of relations (reflexive pairs included:
    a reversed pair costs 2, a tie against a strict preference 1), over linear orders
    (``orders="linear"``, relations' "SD/L") or weak orders (``"weak"``, "SD/W").

    Parameters
    ----------
    rankings : list of rankings, Results, DataFrame or 2-D array
        A list of rankings (each a list of items or of groups of tied items, best first),
        or a table of instances × algorithms (a Results, a wide DataFrame or an array):
        each instance ranks the algorithms by their values, equal values tied.
    orders : {"linear", "weak"}
        The admissible consensus orders.
    ell : {1, 2}
        1 (median consensus) or 2 (mean consensus).
    weights : array-like, optional
        One non-negative weight per ranking (default 1).
    method : {"auto", "dp", "milp", "heuristic"}
        The solver: "auto" (decomposition, then LP bound and enumeration of every optimum),
        "dp" (dynamic programming over all subsets, up to ~20 linear-order or ~16 weak-order
        items per component), "milp" (HiGHS, optima by no-good cuts) or "heuristic" (local
        search, linear orders; no optimality proof). Weak orders under "auto" use the
        dynamic program for components up to 15 items and the MILP beyond; ell = 2 always
        uses the MILP.
    time_limit : float or None
        Seconds (default 10, :data:`DEFAULT_TIME_LIMIT`; None: until the optimum is proven,
        which can take hours beyond ~50 items). When it runs out before the optimum is proven,
        the best order found is returned with ``optimal=False`` and its proven ``gap``; when it
        runs out while listing the optima, a proven optimum is returned with ``complete=False``.
        Components of more than 150 linear-order items get the local search and the pairwise
        lower bound (an unproven order with its gap); weak orders and ``ell=2`` are refused
        beyond 150 items, and every method beyond 2,000 items (:data:`MAX_ITEMS`; use Borda).
    max_solutions : int
        At most this many optimal rankings are listed (default 10 000); ``complete=False``
        when there are more (uniform random profiles with few rankings can have millions
        of optima).
    agg : {"mean", "median"}
        How a table's runs are aggregated per instance and algorithm.
    {ranking_options}

    Returns
    -------
    KemenyResult
        ``consensus`` (the first optimum, a list of groups best first),
        ``optimal_rankings`` (every optimal consensus found), ``objective``, ``optimal``,
        ``gap``, ``complete``, ``dropped_instances``.

    See Also
    --------
    borda : the positional consensus (fast, not a median).
    symdiff_distance : the distance whose weighted sum is minimised.
    consensus : either method on a results table.

    References
    ----------
    .. [1] Kemeny, J. G., Snell, J. L. (1962). *Mathematical Models in the Social Sciences*,
       chapter 2, "Preference rankings: an axiomatic approach". Ginn, Boston.
    .. [2] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5
    .. [3] Saari, D. G., Merlin, V. R. (2000). A geometric examination of Kemeny's rule.
       *Social Choice and Welfare* 17(3), 403–438.

    Examples
    --------
    >>> res = kemeny([["a", "b", "c"], ["b", "a", "c"], ["a", "c", "b"]])
    >>> res.optimal_rankings, res.objective
    ([[['a'], ['b'], ['c']]], 4.0)
    """
    check_option("orders", orders, ("linear", "weak"))
    check_option("ell", ell, (1, 2))
    check_option("method", method, ("auto", "dp", "milp", "heuristic"))
    check_consensus_options("kemeny", direction, nan_policy)
    max_solutions = check_positive_int("max_solutions", max_solutions)
    if time_limit is not None:
        time_limit = check_positive("time_limit (seconds)", time_limit)
    if method == "heuristic" and (orders != "linear" or ell != 1):
        raise ValueError("method='heuristic' is available for orders='linear', ell=1.")
    profile = as_profile(rankings, weights, agg=agg, direction=direction, nan_policy=nan_policy)
    _check_size(profile.n_items, orders, ell, method)
    start = time.monotonic()
    deadline = start + (time_limit if time_limit is not None else 1e9)
    n = profile.n_items
    if ell == 1:
        n_geq = profile.at_least_as_good()
        if orders == "linear":
            total = profile.total_weight
            cost = total - n_geq + n_geq.T
            parts, proven, complete, slack, solver = _linear_parts(cost, profile, method, deadline,
                                                                   max_solutions)
        else:
            parts, proven, complete, slack, solver = _weak_parts(n_geq, profile, method, deadline,
                                                                 max_solutions)
        levels_list, all_combined = _combine_levels(parts, n, max_solutions)
        complete = complete and all_combined and proven
    else:
        levels_list, proven, slack, complete = _squared(profile, orders, deadline, max_solutions)
        solver = "HiGHS MILP"
    objective = _objective(levels_list[0], profile, ell)
    lower = objective - slack
    gap = 0.0 if proven else (objective - lower) / max(abs(objective), 1e-12)
    optima = _groups(profile.items, _sorted_unique(levels_list))
    return KemenyResult(
        method=f"Kemeny (symmetric difference, ell={ell}) consensus", items=profile.items,
        consensus=optima[0], optimal_rankings=optima, n_rankings=len(profile.levels),
        objective=objective, orders=orders, ell=ell, optimal=proven, lower_bound=lower, gap=gap,
        complete=complete if method != "heuristic" else False, solver=solver if method != "heuristic"
        else "local search", elapsed=time.monotonic() - start, profile=profile,
        dropped_instances=profile.dropped)


def _positions(comp_items: list[int], order: list[int]) -> np.ndarray:
    """Levels of the component's items (in ``comp_items`` order) for an order of them."""
    return _order_levels(np.asarray(comp_items), np.asarray([order]))[0]


def _sorted_unique(levels: Any) -> np.ndarray:
    """The distinct rows of ``levels``, in order of first appearance."""
    levels = np.atleast_2d(np.asarray(levels))
    first = np.unique(levels, axis=0, return_index=True)[1]
    return levels[np.sort(first)]


def _groups(items: tuple, levels: np.ndarray) -> list[list[list[Any]]]:
    """Rankings (lists of groups, best first) from rows of levels 0..k-1, ties in item order."""
    order = np.argsort(levels, axis=1, kind="stable")
    ranked = np.take_along_axis(levels, order, axis=1)
    strict = (ranked == np.arange(levels.shape[1])).all(axis=1)
    out = []
    for seq, lev, linear in zip(order.tolist(), ranked.tolist(), strict, strict=False):
        if linear:
            out.append([[items[item]] for item in seq])
            continue
        groups: list[list[Any]] = []
        last = None
        for item, level in zip(seq, lev, strict=False):
            if level != last:
                groups.append([])
                last = level
            groups[-1].append(items[item])
        out.append(groups)
    return out


def _squared(profile: Profile, orders: str, deadline: float, max_solutions: int):
    m, tol = profile.n_items, _tol(profile) * profile.n_items ** 2
    if m == 1:
        return [np.zeros(1, int)], True, 0.0, True
    if orders == "weak":
        off = ~np.eye(m, dtype=bool)
        a_idx, b_idx = np.nonzero(off)
        forms = _squared_forms_weak(profile, a_idx, b_idx)
        solve, index = _milp_weak(profile.at_least_as_good(), profile.total_weight, deadline, max_solutions,
                                  tol, ell_forms=forms)
        levels = [_levels_from_geq(x, index) for x in solve.solutions]
    else:
        forms = _squared_forms_linear(profile)
        index = _pair_index(m)
        triples = _triples(m)
        ab, bc, ac = index[triples[:, 0], triples[:, 1]], index[triples[:, 1], triples[:, 2]], \
            index[triples[:, 0], triples[:, 2]]

        def separate(y):
            s = y[ab] + y[bc] - y[ac]
            bad = np.flatnonzero((s > 1.5) | (s < -0.5))
            if not bad.size:
                return None
            t = bad.size
            cols = np.column_stack([ab[bad], bc[bad], ac[bad]]).ravel()
            return np.repeat(np.arange(t), 3), cols, np.tile([1.0, 1.0, -1.0], t), np.zeros(t), np.ones(t)

        n_pairs = m * (m - 1) // 2
        rows = _milp.Rows(n_pairs + len(profile.levels))
        solve = _solve_squared(forms, n_pairs, rows, separate, deadline, max_solutions, tol)
        levels = [_positions(list(range(m)), _order_from_pairs(y, m)) for y in solve.solutions]
    if not levels:
        raise TimeoutError("no feasible consensus was found within the time limit; raise time_limit.")
    slack = max(solve.objective - solve.lower_bound, 0.0) if not solve.optimal else 0.0
    return levels, solve.optimal, slack, solve.complete
