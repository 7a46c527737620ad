# Reference values for algocompare.posthoc_by_group: scmamp 0.3.2's postHocTest(data, group.by=,
# test="friedman", correct="holm") restated in base R (scmamp cannot be installed from CRAN here).
# scmamp (R/scmamp.R, postHocTest): within each group the raw p-values of friedmanPost (Demsar 2006:
# z = |mean rank a - mean rank b| / sqrt(k (k + 1) / (6 N)), two-sided normal p-value; pairs
# (1,2), (1,3), ..., (k-1,k)), then ONE correction of all groups' upper-triangle p-values together
# (correct(group.raw.pval[triplets])), the groups in order of appearance.
# Run: Rscript tests/reference/posthoc_by_group.R ; restated in tests/posthoc/test_by_group.py.
values <- c(-1.21, 0.53, 0.67, 0.98, 0.29, 1.33, 0.89, 0.32, 0.41, -0.06, 1.9, 1.16, 0.71, -0.76, 2.61, 0.7,
            -0.57, 0.75, 3.24, 1.43, 0.22, -1.84, 1.82, 1.19, 0.69, 2.14, -0.76, 1.16, 1.22, 1.8, 1.27, 0.51,
            -0.81, -0.35, 1.12, 1.99, 0.18, 0.55, 1.26, 0.71, 0.03, -1.61, 0.06, 2.26, 0.49, 1.68, -0.7, 2.27,
            -1.05, 1.08, -1.13, 0.74, -0.37, -1.28, -0.15, 3.44, 1.02, 0.76, 0.48, 1.01, -0.49, 2.92, 1.38, 2.25)
data <- data.frame(matrix(values, ncol = 4, byrow = TRUE))
names(data) <- c("A", "B", "C", "D")
data$dimension <- rep(c(10, 30), each = 8)
friedman_post <- function(x) {  # scmamp::friedmanPost, all pairs, as a vector in pair order
  k <- ncol(x); n <- nrow(x)
  mean_rank <- colMeans(t(apply(x, 1, function(r) rank(-r, ties.method = "average"))))
  sd <- sqrt(k * (k + 1) / (6 * n))
  pairs <- t(combn(k, 2))
  2 * (1 - pnorm(abs(mean_rank[pairs[, 1]] - mean_rank[pairs[, 2]]) / sd))
}
raw <- unlist(lapply(unique(data$dimension), function(d) friedman_post(as.matrix(data[data$dimension == d, 1:4]))))
options(digits = 17)
cat("raw:", sprintf("%.17g", raw), "\n")
cat("holm:", sprintf("%.17g", p.adjust(raw, method = "holm")), "\n")
cat("BH:", sprintf("%.17g", p.adjust(raw, method = "BH")), "\n")
