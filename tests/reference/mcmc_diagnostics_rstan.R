# Reference values for algocompare.bayesian._diagnostics (tests/bayesian/test_diagnostics.py):
# rstan 2.21's Rhat, ess_bulk and ess_tail (Vehtari et al. 2021; rstan/R/monitor.R) on draws
# made here and written to tests/data/mcmc_draws.csv. Needs r-cran-rstan (Debian); run from
# the repository root:  Rscript tests/reference/mcmc_diagnostics_rstan.R
# rstan's normal scores use qnorm((r - 1/2) / S) where the paper and ArviZ (and algocompare)
# use Blom's (r - 3/8) / (S + 1/4); the tests allow for that difference.
suppressMessages(library(rstan))
set.seed(27)
chains <- 4; n <- 300
ar1 <- function(phi, shift) {
  x <- matrix(0, n, chains)
  for (j in 1:chains) {
    e <- rnorm(n)
    x[1, j] <- e[1] / sqrt(1 - phi^2)
    for (t in 2:n) x[t, j] <- phi * x[t - 1, j] + e[t]
    x[, j] <- x[, j] + shift * (j - 1)
  }
  x
}
params <- list(iid = ar1(0, 0), ar07 = ar1(0.7, 0), ar09_shifted = ar1(0.9, 0.5),
               heavy = matrix(rt(n * chains, df = 2), n, chains))
rows <- data.frame(chain = rep(0:(chains - 1), each = n), draw = rep(0:(n - 1), chains))
for (p in names(params)) rows[[p]] <- as.vector(params[[p]])
write.csv(rows, "tests/data/mcmc_draws.csv", row.names = FALSE)
rows <- read.csv("tests/data/mcmc_draws.csv")   # the values the tests read (15 digits)
for (p in names(params)) {
  x <- matrix(rows[[p]], n, chains)
  cat(sprintf("%s: rhat=%.10f ess_bulk=%.6f ess_tail=%.6f\n", p, Rhat(x), ess_bulk(x), ess_tail(x)))
}
