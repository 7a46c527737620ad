"""Severity, power and type-I-error figures (Bartz-Beielstein et al. Figs. 5.2–5.9, 5.11, 5.16, 5.19).

* :func:`plot_severity` — left: the sampling densities of the mean difference under H0
  and under tau = Delta with the type-I error (gray), power (blue) and severity (red)
  areas and the observed ybar marked; right: severity and power as functions of tau (the
  power curve drawn gray where tau lies in H0, where it is the type-I error rate), the
  threshold and the supported tau. Densities, severity and power all follow the result's
  one sampling model (``SeverityResult.sampling``: the non-central t by default, SPOT's
  shifted central t with ``sampling="shifted"``), named in both titles for a t test.
* :func:`plot_power_by_delta` — power over the difference for several sample sizes.
"""

from __future__ import annotations

import numpy as np
from scipy import stats

from algocompare.plots._figure import axes_or_new, split_axes
from algocompare.plots._fit import finish, legend_below, panel_inches

__all__ = ["plot_severity", "plot_power_by_delta"]

SEVERITY_COLOR, POWER_COLOR, ERROR_COLOR = "tab:red", "tab:blue", "0.55"


def _in_null(result, tau: np.ndarray) -> np.ndarray:
    if result.alternative == "greater":
        return tau <= result.mu0
    if result.alternative == "less":
        return tau >= result.mu0
    return np.isclose(tau, result.mu0)


def _severity_curve(result, ax, tau=None) -> None:
    frame = result.curve(tau)
    tau = frame["tau"].to_numpy()
    ax.plot(tau, frame["severity"], color=SEVERITY_COLOR, lw=2, label=f"severity ({result.claim.replace('tau', 'τ')})")
    power = frame["power"].to_numpy()
    null = _in_null(result, tau)
    ax.plot(tau, np.where(null, np.nan, power), color=POWER_COLOR, lw=1.5, label="power")
    if null.any():
        ax.plot(tau, np.where(null, power, np.nan), color=ERROR_COLOR, lw=1.5, label="type-I error")
    ax.axhline(result.alpha, color=ERROR_COLOR, ls=":", lw=1)
    ax.axhline(result.threshold, color="black", ls=":", lw=1)
    ax.axvline(result.estimate, color="black", ls="--", lw=1, label=f"observed ȳ = {result.estimate:.4g}")
    if np.isfinite(result.supported):
        ax.plot([result.supported], [result.threshold], "o", color=SEVERITY_COLOR,
                label=f"severity {result.threshold:g} at τ = {result.supported:.4g}")
    if result.delta is not None:
        at = result.mu0 + result.delta
        ax.axvline(at, color=POWER_COLOR, ls="--", lw=1)
        ax.plot([at], [result.severity_at_delta], "s", color=SEVERITY_COLOR,
                label=f"Δ = {result.delta:.4g}: severity {result.severity_at_delta:.3f}, "
                      f"power {result.power_at_delta:.3f}")
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel("τ (true difference)")
    ax.set_ylabel("probability")
    decision = "H0 rejected" if result.reject else "H0 not rejected"
    ax.set_title(f"{decision}, p = {result.pvalue:.4g}{_model_note(result)}", fontsize=10)
    legend_below(ax)


#: The sampling model of a t test's curves, as the titles name it (no-break spaces keep
#: "noncentral t" and "shifted t" whole when a narrow panel wraps its title).
MODEL_TITLES = {"noncentral": "noncentral\u00a0t", "shifted": "shifted\u00a0t (SPOT)"}


def _model_note(result) -> str:
    """``; noncentral t``: the sampling model of both curves of a t test (a z test's is normal)."""
    return "" if result.test == "z" else "; " + MODEL_TITLES[result.sampling]


def _density_under(result, y: np.ndarray, mu1: float) -> np.ndarray:
    """Density of the observed difference ȳ when τ = mu1, under the result's sampling model:
    ȳ = mu0 + d·se with d non-central t (default), or a central t (normal for z) shifted to mu1."""
    se, mu0 = result.se, result.mu0
    if result.test == "t" and result.sampling == "noncentral":
        return stats.nct.pdf((y - mu0) / se, result.df, (mu1 - mu0) / se) / se
    dist = stats.norm if result.test == "z" else stats.t(result.df)
    return dist.pdf((y - mu1) / se) / se


def _density_panel(result, ax) -> None:
    se, mu0 = result.se, result.mu0
    mu1 = mu0 + (result.delta if result.delta is not None else result.estimate - mu0)
    lo = min(mu0, mu1, result.estimate) - 4 * se
    hi = max(mu0, mu1, result.estimate) + 4 * se
    y = np.linspace(lo, hi, 400)
    h0, h1 = _density_under(result, y, mu0), _density_under(result, y, mu1)
    ax.plot(y, h0, color="black", lw=1, label="H0: τ = μ0")
    ax.plot(y, h1, color=POWER_COLOR, lw=1, label=f"τ = {mu1:.4g}")
    crit = result.critical_value * se
    if result.alternative == "greater":
        region = y > mu0 + crit
    elif result.alternative == "less":
        region = y < mu0 - crit
    else:
        region = np.abs(y - mu0) > crit
    ax.fill_between(y, 0, h0, where=region, color=ERROR_COLOR, alpha=0.6, label=f"type-I error α = {result.alpha:g}")
    ax.fill_between(y, 0, h1, where=region, color=POWER_COLOR, alpha=0.25,
                    label=f"power {float(result.power(mu1)):.3f}")
    if result.alternative == "two-sided":
        sev_region = np.abs(y - mu0) <= abs(result.estimate - mu0)
    else:
        below = y <= result.estimate if result.alternative == "greater" else y >= result.estimate
        sev_region = below if result.reject else ~below
    ax.fill_between(y, 0, h1, where=sev_region, color=SEVERITY_COLOR, alpha=0.3,
                    label=f"severity {float(result.severity(mu1)):.3f}")
    ax.axvline(result.estimate, color="black", ls="--", lw=1, label="observed ȳ")
    ax.set_xlabel("mean difference ȳ")
    ax.set_ylabel("density")
    ax.set_title(f"{result.test} test, {result.alternative}, d(y) = {result.statistic:.3g}{_model_note(result)}",
                 fontsize=10)
    legend_below(ax)


def plot_severity(result, ax=None, *, kind: str = "both", tau=None):
    """Severity figure of a :class:`~algocompare.severity.SeverityResult`.

    Parameters
    ----------
    result : SeverityResult
        From :func:`algocompare.severity`.
    ax : matplotlib Axes, pair of Axes, optional
        Where to draw; default a new figure.
    kind : {"both", "curve", "density"}
        ``"both"`` draws two panels (densities at Delta, curves over tau); with ``ax``
        given, ``"both"`` takes two Axes, or one whose place the two panels share.
    tau : array, optional
        Grid of tau for the curves.

    Returns
    -------
    matplotlib Axes (or the pair of Axes for ``"both"``).
    See Also
    --------
    algocompare.severity : computes the severity.
    plot_power_by_delta : power against the difference.

    References
    ----------
    .. [1] Mayo, D. G., Spanos, A. (2006). Severe testing as a basic concept in a Neyman–Pearson
       philosophy of induction. *The British Journal for the Philosophy of Science* 57(2),
       323–357. doi:10.1093/bjps/axl003
    .. [2] Bartz-Beielstein, T., et al. (2023). Ranking and result aggregation. In E. Bartz,
       T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.), *Hyperparameter Tuning for Machine
       and Deep Learning with R*, chapter 5, Springer, Singapore. doi:10.1007/978-981-19-5170-1_5


    Examples
    --------
    Bartz-Beielstein et al., Fig. 5.6 (CG vs NM, p = 0.0017):

    >>> import algocompare as ac
    >>> axes = ac.plots.plot_severity(ac.severity(9.02, 30.73, 100, alpha=0.025, delta=10))
    >>> [ax.get_title() for ax in axes]
    ['z test, greater, d(y) = 2.94', 'H0 rejected, p = 0.001666']
    """
    if kind not in ("both", "curve", "density"):
        raise ValueError(f"kind must be 'both', 'curve' or 'density', got {kind!r}.")
    ncols = 2 if kind == "both" else 1
    axes = axes_or_new(ax, (5.2 * ncols, 4.0), 1, ncols, layout="constrained")
    if kind == "both":
        if np.size(axes) == 1:
            # side by side, or one over the other in a narrow cell (a panel of a 1 x 3 grid)
            one = np.ravel(axes)[0]
            narrow = panel_inches(one)[0] < 3.0
            axes = split_axes(one, 1, 2) if narrow else split_axes(one, 2)
        if np.size(axes) != 2:
            raise ValueError(f"kind='both' draws two panels: pass one or two Axes, got {np.size(axes)}.")
        axes = np.ravel(axes)
        _density_panel(result, axes[0])
        _severity_curve(result, axes[1], tau)
    elif kind == "curve":
        _severity_curve(result, axes, tau)
    else:
        _density_panel(result, axes)
    return finish(axes)


def plot_power_by_delta(result, ax=None, *, target: float | None = 0.8):
    """Power against the difference, one line per sample size (a :class:`PowerCurve`).

    Parameters
    ----------
    result : PowerCurve
        From :func:`algocompare.power_curve`.
    ax : matplotlib Axes, optional
        Where to draw; default a new figure.
    target : float or None
        A dotted line at this power (default 0.8); None for none.

    Returns
    -------
    matplotlib Axes
    See Also
    --------
    algocompare.power_curve : computes the curves.
    plot_severity : the severity of a decision.

    References
    ----------
    .. [1] Mayo, D. G., Spanos, A. (2006). Severe testing as a basic concept in a Neyman–Pearson
       philosophy of induction. *The British Journal for the Philosophy of Science* 57(2),
       323–357. doi:10.1093/bjps/axl003
    .. [2] Bartz-Beielstein, T., et al. (2023). Ranking and result aggregation. In E. Bartz,
       T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.), *Hyperparameter Tuning for Machine
       and Deep Learning with R*, chapter 5, Springer, Singapore. doi:10.1007/978-981-19-5170-1_5


    Examples
    --------
    >>> import algocompare as ac
    >>> ax = ac.plots.plot_power_by_delta(ac.power_curve(sd=450, n=(40, 80, 160), alpha=0.05))
    >>> ax.get_legend_handles_labels()[1]
    ['n = 40', 'n = 80', 'n = 160']
    """
    ax = axes_or_new(ax, (5.2, 4.0), layout="constrained")
    for n, group in result.curve.groupby("n"):
        ax.plot(group["delta"], group["power"], lw=1.5, label=f"n = {n:g}")
    ax.axhline(result.alpha, color=ERROR_COLOR, ls=":", lw=1)
    if target is not None:
        ax.axhline(target, color="black", ls=":", lw=1)
    per_arm = " per arm" if result.design == "two-sample" else ""
    ax.set_xlabel("Δ (true difference)")
    ax.set_ylabel("power")
    ax.set_ylim(-0.02, 1.02)
    ax.set_title(f"{result.test} test power ({result.design}, {result.alternative}, α = {result.alpha:g}, "
                 f"sd = {result.sd:g})", fontsize=10)
    ax.legend(title=f"sample size{per_arm}", fontsize="small", title_fontsize="small")
    return finish(ax)
