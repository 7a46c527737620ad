"""IIA with several items removed: the chapter's (5.3) three-way tie."""

import pytest

import algocompare as ac


def test_removing_both_fruit_flavours_gives_the_chapters_tie():
    # Bartz-Beielstein et al., section 3, (5.3): without the other fruit flavours the
    # average ranking is vanilla ~ strawberry ~ chocolate (each averages rank 2).
    res = ac.check_iia(ac.load_dataset("ice_cream"), ["blueberry", "cherry"], method="mean_rank")
    assert res.reduced_consensus == [["chocolate", "vanilla", "strawberry"]]
    assert not res.satisfied


def test_remove_must_name_items():
    with pytest.raises(ValueError, match="remove names items"):
        ac.check_iia(ac.load_dataset("ice_cream"), ["mango"])
    with pytest.raises(ValueError, match="fewer than two"):
        ac.check_iia(ac.load_dataset("ice_cream"), ["blueberry", "cherry", "vanilla", "chocolate"])
