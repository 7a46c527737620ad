"""Progress bars: one meaning of ``progress=`` across the package (issue 19).

``None`` (the default everywhere): a bar on standard error only when it is a terminal,
and only once the work has lasted a second, so short work and logs, pipes and notebooks
print nothing. ``True``: always a bar (a widget in notebooks). ``False``: never.
"""

from __future__ import annotations

from typing import Any

import numpy as np

#: seconds of work before an automatic bar (``progress=None``) appears
DELAY = 1.0


def check_progress(progress: Any) -> bool | None:
    if progress is not None and not isinstance(progress, (bool, np.bool_)):
        raise TypeError(f"progress must be True, False or None (automatic), got {type(progress).__name__}.")
    return None if progress is None else bool(progress)


def progress_bar(progress: bool | None, *, total: int | None = None, desc: str = "", unit: str = "it") -> Any:
    """A tqdm bar for ``progress`` (see the module), or None when there is none to show."""
    progress = check_progress(progress)
    if progress is False:
        return None
    if progress is None:  # the plain bar: tqdm disables it when standard error is not a terminal
        from tqdm import tqdm as plain

        return plain(total=total, desc=desc, unit=unit, disable=None, delay=DELAY)
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit=unit)
