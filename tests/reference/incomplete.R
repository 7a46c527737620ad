# Reference values for tests/frequentist/test_incomplete.py and tests/posthoc/test_incomplete_posthoc.py.
# Run: Rscript tests/reference/incomplete.R   (base R only; checked with R 4.2.2)
#
# The definitions are PMCMRplus 1.9's (Pohlert; R/durbinTest.R, R/durbinAllPairsTest.R,
# R/skillingsMackTest.R), restated in base R so that the references do not need the package:
# * durbinTest: within-block ranks of the present cells (rank(), ties averaged);
#   A = sum r^2, C = b k (k+1)^2 / 4, T1 = (t-1) (sum_j R_j^2 - r C) / (A - C), chi-square t-1 df.
# * durbinAllPairsTest: t = |R_i - R_j| / sqrt((A - C) 2 r / (b k - b - t + 1) (1 - T1 / (b (k-1)))),
#   two-sided p from t with b k - b - t + 1 df, then p.adjust (none / holm).
# * skillingsMackTest: k_i = values in block i; a missing cell gets rank (k_i + 1)/2;
#   A_j = sum_i sqrt(12 / (k_i + 1)) (r_ij - (k_i + 1)/2); Cov[s,t] = -lambda_st (blocks holding
#   both), Cov[s,s] = sum_t lambda_st; SM = A' ginv(Cov) A (MASS::ginv: Moore-Penrose by svd,
#   singular values below sqrt(eps) * largest dropped), chi-square k-1 df.
# Two forms that PMCMRplus does not have, restated from algocompare's docstrings:
# * 'sm_tied': Skillings-Mack with each block's covariance scaled by c_i = s_i^2 / ((k_i^2 - 1)/12),
#   s_i^2 the mean squared centred rank of block i (tie_correction=True);
# * 'sm_pairs': z = (A_b - A_a) / sqrt(Cov[a,a] + Cov[b,b] - 2 Cov[a,b]), p = 2 pnorm(-|z|), pairs
#   (1,2), (1,3), ..., (k-1,k), then p.adjust (none / holm).
# Friedman's statistic (stats::friedman.test, tie-corrected) is printed for the complete tables.
# Lower values get rank 1 (the ranks of a maximisation table would be those of -x; the
# statistics do not change). Output: one line per value, printed with "%.15g".

ginv <- function(X, tol = sqrt(.Machine$double.eps)) {
  s <- svd(X)
  keep <- s$d > max(tol * s$d[1L], 0)
  s$v[, keep, drop = FALSE] %*% (1 / s$d[keep] * t(s$u[, keep, drop = FALSE]))
}

block_ranks <- function(y) t(apply(y, 1, function(row) {
  r <- rep(NA_real_, length(row))
  r[!is.na(row)] <- rank(row[!is.na(row)])
  r
}))

durbin <- function(y) {
  y <- y[rowSums(!is.na(y)) > 0, , drop = FALSE]
  R <- block_ranks(y)
  t <- ncol(y); b <- nrow(y)
  k <- unique(rowSums(!is.na(y))); r <- unique(colSums(!is.na(y)))
  stopifnot(length(k) == 1, length(r) == 1)
  Rj <- colSums(R, na.rm = TRUE)
  A <- sum(R^2, na.rm = TRUE); C <- b * k * (k + 1)^2 / 4
  T1 <- (t - 1) * (sum(Rj^2) - r * C) / (A - C)
  df2 <- b * k - b - t + 1
  T2 <- (T1 / (t - 1)) / ((b * (k - 1) - T1) / df2)
  se <- sqrt((A - C) * 2 * r / df2 * (1 - T1 / (b * (k - 1))))
  pairs <- which(upper.tri(diag(t)), arr.ind = TRUE)
  pairs <- pairs[order(pairs[, 1], pairs[, 2]), , drop = FALSE]
  tval <- (Rj[pairs[, 2]] - Rj[pairs[, 1]]) / se
  p <- 2 * pt(abs(tval), df2, lower.tail = FALSE)
  list(T1 = T1, p = pchisq(T1, t - 1, lower.tail = FALSE), T2 = T2,
       pF = pf(T2, t - 1, df2, lower.tail = FALSE), Rj = Rj, se = se,
       t = tval, p_pairs = p, holm = p.adjust(p, "holm"))
}

skillings_mack <- function(y, tied = FALSE) {
  k <- rowSums(!is.na(y))
  R <- block_ranks(y)
  centred <- R - (k + 1) / 2
  centred[is.na(centred)] <- 0
  A <- colSums(sqrt(12 / (k + 1)) * centred)
  scale <- rep(1, nrow(y))
  if (tied) {
    used <- k >= 2
    scale[used] <- (rowSums(centred^2)[used] / k[used]) / ((k[used]^2 - 1) / 12)
  }
  P <- 1 * !is.na(y)
  lambda <- t(P) %*% (scale * P)
  diag(lambda) <- 0
  Cov <- diag(rowSums(lambda)) - lambda
  SM <- drop(t(A) %*% ginv(Cov) %*% A)
  g <- ncol(y)
  pairs <- which(upper.tri(diag(g)), arr.ind = TRUE)
  pairs <- pairs[order(pairs[, 1], pairs[, 2]), , drop = FALSE]
  a <- pairs[, 1]; b <- pairs[, 2]
  z <- (A[b] - A[a]) / sqrt(Cov[cbind(a, a)] + Cov[cbind(b, b)] - 2 * Cov[cbind(a, b)])
  p <- 2 * pnorm(-abs(z))
  list(SM = SM, p = pchisq(SM, g - 1, lower.tail = FALSE), A = A, z = z, p_pairs = p,
       holm = p.adjust(p, "holm"))
}

show <- function(name, x) cat(name, paste(sprintf("%.15g", x), collapse = " "), "\n")

fill <- function(t, blocks, values) {
  y <- matrix(NA_real_, length(blocks), t)
  for (i in seq_along(blocks)) y[i, blocks[[i]]] <- values[[i]]
  y
}

# ---- data (the same literals as in the Python tests) -------------------------------------
# Conover (1999, p. 391): 7 judges rank 3 of 7 ice creams (BIBD t=7, k=3, r=3, lambda=1)
conover <- fill(7, list(c(1, 2, 4), c(2, 3, 5), c(3, 4, 6), c(4, 5, 7), c(1, 5, 6), c(2, 6, 7), c(1, 3, 7)),
                list(c(2, 3, 1), c(3, 1, 2), c(2, 1, 3), c(1, 2, 3), c(3, 1, 2), c(3, 1, 2), c(3, 1, 2)))
# Hollander & Wolfe (1999, p. 311; Moore & Bliss 1942): log toxic dosages, 7 chemicals A-G, 7 days
moore <- fill(7, list(c(1, 2, 4), c(1, 3, 5), c(3, 4, 7), c(1, 6, 7), c(2, 3, 6), c(2, 5, 7), c(4, 5, 6)),
              list(c(0.465, 0.343, 0.396), c(0.602, 0.873, 0.634), c(0.875, 0.325, 0.330),
                   c(0.423, 0.987, 0.426), c(0.652, 1.142, 0.989), c(0.536, 0.409, 0.309),
                   c(0.609, 0.417, 0.931)))
# BIBD t=6, k=3, b=10, r=5, lambda=2 with tied integer scores
bibd_ties <- fill(6, list(c(1, 2, 3), c(1, 2, 4), c(1, 3, 5), c(1, 4, 6), c(1, 5, 6),
                          c(2, 3, 6), c(2, 4, 5), c(2, 5, 6), c(3, 4, 5), c(3, 4, 6)),
                  list(c(1, 2, 2), c(3, 3, 5), c(2, 4, 4), c(1, 1, 1), c(2, 5, 3),
                       c(4, 4, 6), c(2, 3, 3), c(1, 6, 6), c(2, 2, 5), c(4, 3, 7)))
# Hollander & Wolfe (1999; Brady 1969), the example of PMCMRplus's skillingsMackTest: one cell missing
brady <- cbind(c(3, 1, 5, 2, 0, 0, 0, 0), c(5, 3, 4, NA, 2, 2, 3, 2), c(15, 18, 21, 6, 17, 10, 8, 13))
# 12 x 5 integer scores (ties), 7 of 60 cells missing (12 %)
ties12 <- matrix(c(NA, 1, 2, 3, 7,  0, 1, 4, 2, 4,  2, 0, 1, NA, 5,  5, 5, NA, 6, 4,
                   3, 3, NA, 2, 6,  1, NA, 1, 2, 2,  3, 4, 6, 5, 7,  0, 4, 2, 4, 2,
                   NA, NA, 2, 4, 7,  3, 5, 1, 3, 6,  0, 3, 3, 3, 5,  1, 4, 6, 1, 2), ncol = 5, byrow = TRUE)
# 20 x 6 normal scores, 23 of 120 cells missing (19 %), one instance with a single value
normal20 <- matrix(c(
  -0.42, 0.977, 1.661, 2.88, 1.087, 2.494,    0.234, -0.939, -1.771, 0.797, 1.688, 3.47,
  -0.668, 0.79, 0.384, -1.868, 1.175, 0.678,  -1.276, 1.988, -0.117, 0.969, 0.535, 0.283,
  -0.168, 1.093, -0.19, -1.151, 2.596, NA,    -0.959, NA, NA, NA, NA, NA,
  0.867, 1.108, 0.228, 0.602, 0.467, 0.554,   -1.862, NA, NA, 0.635, 0.572, 1.455,
  0.567, NA, 0.862, 0.23, -0.084, 2.297,      1.179, -0.604, 0.198, NA, -0.337, 0.018,
  0.555, -1.117, -0.963, 0.788, 0.08, 2.229,  -0.961, -0.186, NA, -1.815, NA, 1.695,
  0.955, 0.112, 1.168, 0.345, 0.706, 0.198,   -0.158, -0.643, NA, -0.175, -0.246, NA,
  NA, -1.39, NA, -0.086, 1.181, 1.521,        0.783, 0.033, -0.337, -0.941, 0.899, 0.581,
  0.415, 1.291, NA, -0.384, 1.354, NA,        1.034, -0.922, 0.362, -0.603, 2.352, 1.548,
  0.895, NA, 0.881, -0.605, NA, 2.367,        -1.858, 0.364, NA, NA, 1.467, NA), ncol = 6, byrow = TRUE)
# Sachs (1997, p. 675), PMCMRplus's complete example: 6 persons x 6 diuretics, no ties
sachs <- matrix(c(3.88, 5.64, 5.76, 4.25, 5.91, 4.33, 30.58, 30.14, 16.92, 23.19, 26.74, 10.91,
                  25.24, 33.52, 25.45, 18.85, 20.45, 26.67, 4.44, 7.94, 4.04, 4.4, 4.23, 4.36,
                  29.41, 30.72, 32.92, 28.23, 23.35, 12, 38.87, 33.12, 39.15, 28.06, 38.23, 26.65),
                nrow = 6, ncol = 6)
# a complete 8 x 4 table with ties (tests/conformance.py SMALL)
small <- matrix(c(1.2, 2.5, 2.5, 3.1,  0.8, 1.9, 2.2, 2.0,  5.0, 4.1, 6.3, 7.2,  3.3, 3.3, 3.9, 4.4,
                  2.1, 2.6, 1.7, 3.0,  0.4, 1.1, 1.3, 0.9,  7.7, 8.2, 9.9, 8.1,  1.5, 1.4, 2.8, 2.6),
                ncol = 4, byrow = TRUE)

# ---- output ------------------------------------------------------------------------------
for (name in c("conover", "moore", "bibd_ties")) {
  d <- durbin(get(name))
  show(paste0(name, ".durbin"), c(d$T1, d$p, d$T2, d$pF, d$se))
  show(paste0(name, ".rank_sums"), d$Rj)
  show(paste0(name, ".durbin_pairs_t"), d$t)
  show(paste0(name, ".durbin_pairs_p"), d$p_pairs)
  show(paste0(name, ".durbin_pairs_holm"), d$holm)
}
for (name in c("conover", "moore", "bibd_ties", "brady", "ties12", "normal20", "sachs", "small")) {
  s <- skillings_mack(get(name))
  st <- skillings_mack(get(name), tied = TRUE)
  show(paste0(name, ".sm"), c(s$SM, s$p))
  show(paste0(name, ".sm_tied"), c(st$SM, st$p))
  show(paste0(name, ".adjusted_rank_sums"), s$A)
  show(paste0(name, ".sm_pairs_z"), s$z)
  show(paste0(name, ".sm_pairs_p"), s$p_pairs)
  show(paste0(name, ".sm_pairs_holm"), s$holm)
}
for (name in c("sachs", "small")) {
  f <- friedman.test(get(name))
  show(paste0(name, ".friedman_tied"), c(f$statistic, f$p.value))
}
