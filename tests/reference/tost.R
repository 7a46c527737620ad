# Reference values of tests/frequentist/test_equivalence.py: TOST as two one-sided base-R tests
# (Schuirmann 1987): p = max(p of H0 diff <= low, p of H0 diff >= high).
# Run: Rscript tests/reference/tost.R
a <- c(4, 7, 8, 6, 3, 2, 5.5, 6.1)
b <- c(6, 8, 7, 10, 11, 9, 5.0, 6.6)
tost <- function(..., low, high, test = t.test) {
  max(test(..., mu = low, alternative = "greater")$p.value, test(..., mu = high, alternative = "less")$p.value)
}
options(digits = 15)
cat("paired t, bounds (-3, 2.5):", tost(a, b, paired = TRUE, low = -3, high = 2.5), "\n")
cat("Welch t, bounds (-4, 4):", tost(a, b, low = -4, high = 4), "\n")
cat("Student t, bounds (-4, 4):", tost(a, b, var.equal = TRUE, low = -4, high = 4), "\n")
cat("signed-rank, bounds (-3, 2.5):", tost(a, b, paired = TRUE, low = -3, high = 2.5, test = wilcox.test), "\n")
cat("rank-sum, bounds (-4, 4):", tost(a, b, low = -4, high = 4, test = wilcox.test), "\n")
