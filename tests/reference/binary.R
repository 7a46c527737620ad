# Reference values of tests/frequentist/test_binary.py (issue 28, part D): McNemar and Cochran's Q.
# Run: Rscript tests/reference/binary.R   (base R 4.2 only; CRAN's RVAideMemoire / DescTools are not
# installable here, so Cochran's Q is restated from Cochran (1950), eq. 6.)
x <- c(1, 1, 0, 1, 0, 1, 1, 1, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 1)
y <- c(0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 0, 1, 0, 0, 1, 0)
tab <- table(factor(x, levels = 0:1), factor(y, levels = 0:1))
print(tab)
for (correct in c(FALSE, TRUE)) {
  r <- mcnemar.test(tab, correct = correct)
  cat(sprintf("mcnemar.test correct=%s: statistic %.12g p %.12g\n", correct, r$statistic, r$p.value))
}
b <- tab["1", "0"]; c <- tab["0", "1"]
# exact conditional: binom.test on the discordant pairs (= exact2x2::mcnemar.exact, central)
cat(sprintf("binom.test(b, b + c): p %.12g\n", binom.test(b, b + c)$p.value))
n <- b + c
cat(sprintf("exact 2*min tail: p %.12g\n", min(1, 2 * min(pbinom(b, n, 0.5), pbinom(b - 1, n, 0.5, lower.tail = FALSE)))))
lower <- pbinom(min(b, c), n, 0.5) - 0.5 * dbinom(min(b, c), n, 0.5)
cat(sprintf("mid-p (Fagerland et al. 2013): p %.12g\n", 2 * lower))

cochran <- function(m) {
  k <- ncol(m); C <- colSums(m); R <- rowSums(m); T <- sum(m)
  q <- (k - 1) * (k * sum(C^2) - T^2) / (k * T - sum(R^2))
  c(Q = q, p = pchisq(q, k - 1, lower.tail = FALSE))
}
m <- rbind(c(1, 1, 0, 1), c(1, 0, 0, 1), c(1, 1, 1, 1), c(1, 0, 0, 0), c(0, 1, 0, 1), c(1, 1, 0, 1),
           c(1, 0, 0, 0), c(0, 0, 0, 1), c(1, 1, 0, 0), c(1, 1, 1, 0), c(0, 0, 0, 0), c(1, 0, 1, 1))
q <- cochran(m)
cat(sprintf("Cochran Q %.12g p %.12g\n", q["Q"], q["p"]))
# k = 2: Q equals McNemar's chi-square without continuity correction
cat(sprintf("Cochran Q (x, y) %.12g\n", cochran(cbind(x, y))["Q"]))
