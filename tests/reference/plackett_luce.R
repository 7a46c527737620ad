# Plackett–Luce maximum-likelihood and posterior-mode fits in base R, an implementation independent
# of algocompare's (tests/bayesian/test_plackett_luce.py, test_mode_equals_base_r_fits).
#
# Two methods that share no code: Hunter's (2004) MM algorithm (Ann. Statist. 32:384-406, sec. 5,
# eq. 30, with the Dirichlet prior's pseudo-counts: w_a <- (alpha_a - 1 + c_a) / (sum(alpha - 1) / sum(w)
# + sum_{i,j: a unranked at stage j} 1 / R_ij); with alpha = 1
# the maximum-likelihood fit) and a direct maximisation with optim (BFGS) of the log posterior
# in the log-ratios theta_a = log(w_a / w_k). The Dirichlet(alpha) prior is scmamp's
# (bPlackettLuceModel, inst/stan/pl_model.stan): the posterior mode with alpha = 1 is the MLE.
#
# Input: tests/data/plackett_luce_rankings.csv (instance, then one column of ranks per algorithm,
# 1 = best; made by the seeded numpy lines quoted in tests/data/README.md). Run from the
# repository root:   Rscript tests/reference/plackett_luce.R
# It prints, per prior, the normalised weights of both methods (they agree to 1e-8).

ranks <- as.matrix(read.csv("tests/data/plackett_luce_rankings.csv", row.names = 1))
k <- ncol(ranks)
orders <- t(apply(ranks, 1, order))          # algorithm at each position, best first

loglik <- function(w) {
  total <- 0
  for (i in seq_len(nrow(orders))) {
    o <- orders[i, ]
    for (j in 1:(k - 1)) total <- total + log(w[o[j]]) - log(sum(w[o[j:k]]))
  }
  total
}

mm_mode <- function(alpha, tol = 1e-13, max_iter = 100000) {
  chosen <- sapply(1:k, function(a) sum(orders[, -k] == a))
  w <- rep(1 / k, k)
  for (it in 1:max_iter) {
    denom <- rep(0, k)
    for (i in seq_len(nrow(orders))) {
      o <- orders[i, ]
      for (j in 1:(k - 1)) {
        rest <- o[j:k]
        denom[rest] <- denom[rest] + 1 / sum(w[rest])
      }
    }
    # the prior's -(sum(alpha) - k) log(sum(w)) is a stage at which every algorithm is unranked
    new <- (alpha - 1 + chosen) / (sum(alpha - 1) / sum(w) + denom)
    new <- new / sum(new)
    if (max(abs(new - w)) < tol) return(new)
    w <- new
  }
  stop("MM did not converge")
}

optim_mode <- function(alpha) {
  objective <- function(theta) {
    w <- exp(c(theta, 0)); w <- w / sum(w)
    -(loglik(w) + sum((alpha - 1) * log(w)))
  }
  fit <- optim(rep(0, k - 1), objective, method = "BFGS", control = list(reltol = 1e-15, maxit = 10000))
  w <- exp(c(fit$par, 0)); w / sum(w)
}

for (a in c(1, 2)) {
  alpha <- rep(a, k)
  cat(sprintf("prior %g MM:    %s\n", a, paste(sprintf("%.10f", mm_mode(alpha)), collapse = ", ")))
  cat(sprintf("prior %g optim: %s\n", a, paste(sprintf("%.10f", optim_mode(alpha)), collapse = ", ")))
}
cat(sprintf("log likelihood at the MLE: %.8f\n", loglik(mm_mode(rep(1, k)))))
