# Reference values for tests/bayesian/test_correlated_t.py and tests/frequentist/test_cross_validation.py.
# Run: Rscript tests/reference/correlated_t.R > tests/data/correlated_t_scmamp.csv   (base R 4.2.2 only)
#
# scmamp's bCorrelatedTtest (b0rxa/scmamp, R/bayesian.R), restated: on sample = x - y,
#   tdist.sd = sd(sample) * sqrt(1/n + rho/(1 - rho)), df = n - 1,
#   left = pt((rope[1] - mean)/tdist.sd, df), rope = pt((rope[2] - mean)/tdist.sd, df) - left,
#   right = 1 - pt((rope[2] - mean)/tdist.sd, df)
# with rho = n_test/(n_test + n_train) (1/10 for 10-fold cross-validation; scmamp's default rho = 0
# is the uncorrected t). The Nadeau-Bengio corrected resampled t-test uses the same scale:
#   t = mean(d) / tdist.sd, p = 2 * pt(-|t|, df) (and the one-sided pt(t) / pt(t, lower = FALSE)).
# Data: tests/data/baycomp_accuracies.csv (baycomp's example accuracies, 10 x 10-fold CV).
d <- read.csv("tests/data/baycomp_accuracies.csv", comment.char = "#")
b_correlated <- function(x, y, rho, rope) {
  sample <- x - y
  n <- length(sample)
  sp <- sd(sample) * sqrt(1 / n + rho / (1 - rho))
  left <- pt((rope[1] - mean(sample)) / sp, n - 1)
  within <- pt((rope[2] - mean(sample)) / sp, n - 1) - left
  c(left = left, rope = within, right = 1 - pt((rope[2] - mean(sample)) / sp, n - 1), sd = sp)
}
cat("dataset,x,y,rho,rope,p_left,p_rope,p_right,scale,t,p_two_sided,p_greater,p_less\n")
for (ds in unique(d$dataset)) {
  clfs <- unique(d$classifier)
  pairs <- combn(length(clfs), 2)
  for (k in seq_len(ncol(pairs))) {
    a <- clfs[pairs[1, k]]; b <- clfs[pairs[2, k]]
    x <- d$accuracy[d$dataset == ds & d$classifier == a]
    y <- d$accuracy[d$dataset == ds & d$classifier == b]
    for (rho in c(0.1, 0.2, 0)) {
      for (r in c(0, 0.5, 1)) {
        res <- b_correlated(x, y, rho, c(-r, r))
        t <- mean(x - y) / res[["sd"]]
        n <- length(x)
        cat(sprintf("%s,%s,%s,%.15g,%.15g,%.15g,%.15g,%.15g,%.15g,%.15g,%.15g,%.15g,%.15g\n", ds, a, b, rho, r,
                    res[["left"]], res[["rope"]], res[["right"]], res[["sd"]], t, 2 * pt(-abs(t), n - 1),
                    pt(t, n - 1, lower.tail = FALSE), pt(t, n - 1)))
      }
    }
  }
}
