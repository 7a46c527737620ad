"""Issue 30: date and time columns were analysed as numbers (nanoseconds since 1970); refused now."""

import pandas as pd
import pytest

import algocompare as ac
from algocompare.data._convert import as_results

WIDE = pd.DataFrame({"A": pd.to_datetime(["2024-01-01", "2024-01-02", "2024-01-04"]),
                     "B": pd.to_datetime(["2024-01-03", "2024-01-05", "2024-01-02"])}, index=["f1", "f2", "f3"])


@pytest.mark.parametrize("frame", [WIDE, WIDE - WIDE.iloc[0, 0], WIDE.apply(lambda c: c.dt.tz_localize("UTC")),
                                   WIDE.apply(lambda c: c.dt.to_period("D"))], ids=["datetime", "timedelta", "tz",
                                                                                     "period"])
def test_wide_dates_refused(frame):
    with pytest.raises(TypeError, match=r"column 'A' holds dates or times .*convert it"):
        as_results(frame)


def test_long_date_values_refused():
    long = pd.DataFrame({"instance": ["f1", "f1", "f2", "f2"], "algorithm": ["A", "B"] * 2,
                         "value": pd.to_datetime(["2024-01-01", "2024-01-02", "2024-01-03", "2024-01-05"])})
    with pytest.raises(TypeError, match="column 'value' holds dates or times"):
        ac.Results.from_long(long)


def test_datetime_array_refused():
    with pytest.raises(TypeError, match="holds dates or times"):
        ac.Results.from_array(WIDE.to_numpy(), "minimize")


def test_numbers_still_accepted():
    seconds = (WIDE - WIDE.iloc[0, 0]).apply(lambda c: c.dt.total_seconds())
    assert as_results(seconds).blocks().loc["f2", "B"] == 4 * 86400.0


def test_file_with_date_columns_refused_in_one_line(tmp_path):
    pytest.importorskip("pyarrow")
    path = tmp_path / "dates.parquet"
    WIDE.assign(C=WIDE["B"]).reset_index(names="instance").to_parquet(path)
    with pytest.raises(TypeError, match=r"columns \['A', 'B', 'C'\] hold dates or times"):
        ac.read(path)
