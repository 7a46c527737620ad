"""Simulation-based calibration (Talts et al. 2018) of both hierarchical samplers: a small
version in the default suite (catches a wrong conditional, not a subtle bias) and the full
one (slow; its histograms are in docs/validation.md)."""

import pytest

from tests.bayesian import hierarchical_k_sbc, hierarchical_sbc


@pytest.mark.filterwarnings("ignore:MCMC sampling")
def test_two_algorithm_sampler_small_sbc():
    result = hierarchical_sbc.run(20, n_draws=150, warmup=150, L=9, bins=5, rng=7)
    assert result.passed, result.summary()


@pytest.mark.filterwarnings("ignore:MCMC sampling")
def test_k_algorithm_sampler_small_sbc():
    result = hierarchical_k_sbc.run(20, n_draws=150, warmup=150, L=9, bins=5, rng=7)
    assert result.passed, result.summary()


@pytest.mark.slow
def test_two_algorithm_sampler_sbc():
    result = hierarchical_sbc.run(300)
    assert result.passed, result.summary()


@pytest.mark.slow
def test_k_algorithm_sampler_sbc():
    result = hierarchical_k_sbc.run(300)
    assert result.passed, result.summary()
