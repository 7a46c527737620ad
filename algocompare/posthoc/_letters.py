"""The compact letter display of a family of pairwise decisions (Piepho 2004, insert-and-absorb).

Algorithms that share a letter are not significantly different; two algorithms that differ
share none. The letters are the maximal groups of mutually not-different algorithms (the
maximal cliques of the graph whose edges are the pairs not rejected), found by Piepho's
insert-and-absorb algorithm and named as R's multcompView ``multcompLetters`` names them, so
that the two give the same strings on the same decisions: the same order of the pairs, of the
new columns, of absorption, of the sorting of the columns and of the letters.
"""

from __future__ import annotations

import string
from typing import Any

import numpy as np
import pandas as pd

from algocompare._validation import check_probability

__all__ = ["compact_letters", "LETTERS", "letter_names"]

#: multcompView's default ``Letters``: a-z, A-Z and "." (the last one starts the two-character
#: names ".a", ".b", ... when more than 52 letters are needed).
LETTERS = (*string.ascii_lowercase, *string.ascii_uppercase, ".")


def compact_letters(different: Any, *, alpha: float = 0.05, names: Any = None,
                    reversed: bool = False) -> pd.Series:
    """Compact letter display of a symmetric matrix of pairwise decisions.

    Parameters
    ----------
    different : array_like or pandas.DataFrame
        Square symmetric boolean matrix, True where the two algorithms differ significantly
        (e.g. :meth:`PosthocResult.reject`), or a matrix of (adjusted) p-values with ``alpha``;
        the diagonal is ignored. A DataFrame gives the names (its index, which must equal its
        columns).
    alpha : float
        With a matrix of p-values (floats): two algorithms differ when p <= alpha (the package's rule,
        as ``reject``; multcompView's default compares p < threshold, which differs only for a
        p-value exactly at the level). A missing p-value (NaN) is no difference. A boolean
        matrix is read as the decisions themselves and ``alpha`` is not used.
    names : sequence of str, optional
        The algorithms' names, in the matrix's order (default: the DataFrame's index, else
        ``"0"``, ``"1"``, ...).
    reversed : bool
        Name the groups in reverse order (multcompView's ``reversed=TRUE``): the last
        algorithm's first group gets "a".

    Returns
    -------
    pandas.Series
        One string per algorithm (index: the names, in the matrix's order), e.g. ``"ab"``:
        the letters of the groups it belongs to.

    Notes
    -----
    Insert-and-absorb (Piepho 2004, sec. 2): start with one letter shared by all; for each
    rejected pair (a, b), every letter column holding both is split into a copy without b
    (kept in place) and one without a (appended), and any column whose members all belong to
    another column is absorbed (removed). The pairs are taken in the order of R's
    ``x[lower.tri(x)]`` ((2,1), (3,1), ..., (n,1), (3,2), ...), absorption restarts from the
    first pair of columns after every removal, and the columns are then sorted by their first
    member, ties by the next rows (multcompView's ``sortCols``) and named a, b, ..., z, A, ...,
    Z, then .a, .b, ... (its ``makeLtrs``). The result is the set of maximal cliques of the
    not-rejected pairs, named exactly as ``multcompView::multcompLetters(x)`` names them
    (checked on 337 random matrices, ``tests/reference/multcomp_letters.R``). With no
    rejection every algorithm gets "a". Piepho's optional "sweeping" step (to drop redundant
    letters) is not applied, as in multcompView.

    References
    ----------
    .. [1] Piepho, H.-P. (2004). An algorithm for a letter-based representation of all-pairwise
       comparisons. *Journal of Computational and Graphical Statistics* 13(2), 456–466.
       doi:10.1198/1061860043515
    .. [2] Graves, S., Piepho, H.-P., Selzer, L., Dorai-Raj, S. (2019). multcompView: visualizations
       of paired comparisons. R package version 0.1-8. https://CRAN.R-project.org/package=multcompView

    See Also
    --------
    PosthocResult.letters : the letters of a post-hoc result's decisions.
    PosthocResult.cliques : the same groups, without the singletons, as CD-diagram bars.

    Examples
    --------
    >>> import algocompare as ac
    >>> differ = [[False, True, False], [True, False, False], [False, False, False]]
    >>> ac.compact_letters(differ, names=["A", "B", "C"]).tolist()   # A and B differ, C does not
    ['a', 'b', 'ab']
    """
    matrix, labels = _decision_matrix(different, names, alpha)
    columns = _insert_absorb(matrix)
    ordered = _sort_columns(np.array(columns, dtype=bool).T)
    if reversed:
        ordered = ordered[:, ::-1]
    tags = letter_names(ordered.shape[1])
    shown = ["".join(tag for tag, member in zip(tags, row, strict=True) if member) for row in ordered]
    return pd.Series(shown, index=pd.Index(labels, name="algorithm"), name="letters", dtype=object)


def _decision_matrix(different: Any, names: Any, alpha: float = 0.05) -> tuple[np.ndarray, list[str]]:
    """The boolean matrix and the names; a one-line error for anything else."""
    if isinstance(different, pd.DataFrame):
        if list(different.index) != list(different.columns):
            raise ValueError("the decision matrix's index and columns must list the same algorithms in the same "
                             "order; reorder one of them.")
        default_names = [str(a) for a in different.index]
        values = different.to_numpy()
    else:
        values = np.asarray(different)
        default_names = [str(i) for i in range(len(values))] if values.ndim == 2 else []
    if values.ndim != 2 or values.shape[0] != values.shape[1] or values.shape[0] < 1:
        raise ValueError(f"the decisions must be a square matrix (one row and column per algorithm); got shape "
                         f"{values.shape}.")
    if values.dtype != bool:
        if not np.issubdtype(values.dtype, np.floating):
            raise TypeError("the decisions must be booleans (True where two algorithms differ, e.g. "
                            "PosthocResult.reject()) or floating-point p-values compared with alpha; got "
                            f"{values.dtype} values.")
        level = check_probability("alpha", alpha)
        with np.errstate(invalid="ignore"):
            values = values <= level  # NaN (the diagonal, a pair not compared) is no difference
    matrix = values.copy()
    np.fill_diagonal(matrix, False)
    if not np.array_equal(matrix, matrix.T):
        raise ValueError("the decision matrix is not symmetric: 'a differs from b' must equal 'b differs from a'.")
    labels = default_names if names is None else [str(a) for a in names]
    if len(labels) != len(matrix):
        raise ValueError(f"names has {len(labels)} entries for {len(matrix)} algorithms; give one name per row.")
    if len(set(labels)) != len(labels):
        raise ValueError("the algorithms' names must be distinct; rename the duplicates.")
    return matrix, labels


def _insert_absorb(different: np.ndarray) -> list[np.ndarray]:
    """Piepho's insert-and-absorb, in multcompView's order; the letter columns as boolean rows.

    A column is a set of algorithms held as the bits of a Python integer.
    """
    n = len(different)
    columns = [(1 << n) - 1]
    rows, cols = np.tril_indices(n, -1)
    lower = np.lexsort((rows, cols))  # R's x[lower.tri(x)]: column by column
    for b, a in zip(rows[lower].tolist(), cols[lower].tolist(), strict=True):  # dpi = (Lvls[a], Lvls[b]), a < b
        if not different[b, a]:
            continue
        pair = 1 << a | 1 << b
        holding = [p for p, c in enumerate(columns) if c & pair == pair]
        if not holding:
            continue
        added = [columns[p] & ~(1 << a) for p in holding]  # A1[dpi[1], ] <- FALSE, appended
        for p in holding:
            columns[p] &= ~(1 << b)  # LetMat[dpi[2], ijCols] <- FALSE, in place
        columns = _absorb(columns + added, changed=[*holding, *range(len(columns), len(columns) + len(added))])
    return [np.array([c >> i & 1 for i in range(n)], dtype=bool) for c in columns]


def _absorb(columns: list[int], changed: list[int]) -> list[int]:
    """multcompView's ``absorb``: remove every column contained in another, restarting after each removal.

    Its outcome does not need the restarts: a column goes when another strictly contains it
    or an earlier one equals it (of equal columns the first stays), and the others keep their
    order. Only the columns just changed can be contained in another (the others were not
    contained in the columns they were cut from), so only they are checked.
    """
    removed = set()
    for p in changed:
        column = columns[p]
        for q, other in enumerate(columns):
            if q != p and column & ~other == 0 and (column != other or q < p):
                removed.add(p)
                break
    return [c for p, c in enumerate(columns) if p not in removed]


def _first_rows(block: np.ndarray) -> np.ndarray:
    """Row of each column's first member (an empty column sorts last, as R's NA)."""
    return np.where(block.any(axis=0), block.argmax(axis=0), block.shape[0])


def _sort_columns(block: np.ndarray) -> np.ndarray:
    """multcompView's ``sortCols``: columns by first member (stable), then each adjacent pair with
    the same first member sorted again on the rows below it."""
    block = block[:, np.argsort(_first_rows(block), kind="stable")]
    first = _first_rows(block)
    for i in np.flatnonzero(np.diff(first) == 0):
        below = slice(first[i] + 1, block.shape[0])
        block[below, i:i + 2] = _sort_columns(block[below, i:i + 2].copy())
    return block


def letter_names(count: int, letters: tuple[str, ...] = LETTERS) -> list[str]:
    """The names of ``count`` letter columns, as multcompView's ``makeLtrs``.

    Parameters
    ----------
    count : int
        Number of groups.
    letters : tuple of str
        The alphabet; its last entry prefixes the names beyond it.

    Returns
    -------
    list of str
        ``a``, ..., ``z``, ``A``, ..., ``Z``, then ``.a``, ``.b``, ... (default alphabet).
    """
    if count < len(letters):
        return list(letters[:count])
    last = letters[-1]
    longer = (*(last + tag for tag in letters[:-1]), last)
    return [*letters[:-1], *letter_names(count - len(letters) + 1, longer)]
