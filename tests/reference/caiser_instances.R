# Reference values for tests/samplesize/test_instances.py.
# Run: Rscript tests/reference/caiser_instances.R   (base R only; checked with R 4.2.2)
#
# CAISEr 1.0's calc_instances() rules restated with base R's power.t.test(): comparison
# i = 1..K is tested at Holm's level alpha/(K - i + 1); the design targets the mean, the
# median or the worst-case power of the K comparisons; Wilcoxon and sign tests inflate N by
# 1/ARE (0.86 and 0.637). The powers printed are those of the t test at the t-test N.

ARE <- c(t = 1, wilcoxon = 0.86, sign = 0.637)

holm_powers <- function(N, d, alpha, K, side, strict = FALSE) {
  sapply(1:K, function(i) power.t.test(delta = d, sd = 1, n = N, sig.level = alpha / (K - i + 1),
                                       type = "paired", alternative = side, strict = strict)$power)
}

calc_instances_r <- function(K, d, power, alpha = 0.05, side = "two.sided", test = "t",
                             target = "mean") {
  if (target == "mean") {  # smallest integer N whose mean power reaches the target
    N <- power.t.test(delta = d, sd = 1, sig.level = alpha, power = power, type = "paired",
                      alternative = side)$n - 1
    p <- 0
    while (mean(p) < power) {
      N <- ceiling(N) + 1
      p <- holm_powers(N, d, alpha, K, side)
    }
  } else {                 # unrounded N at level alpha/K (worst case) or the median level
    r <- if (target == "worst_case") 1 else floor(K / 2)
    N <- power.t.test(delta = d, sd = 1, sig.level = alpha / (K - r + 1), power = power,
                      type = "paired", alternative = side)$n
    p <- holm_powers(ceiling(N), d, alpha, K, side)
  }
  list(n = ceiling(N / ARE[[test]]), power = p)
}

fmt <- function(x) paste(sprintf("%.12f", x), collapse = ", ")

cat("# test_thesis_section_4_2_2: one-sided paired t, d = 1, alpha = 0.05\n")
for (p in c(0.7, 0.8, 0.9)) {
  n <- power.t.test(delta = 1, sd = 1, sig.level = 0.05, power = p, type = "paired",
                    alternative = "one.sided")$n
  cat(sprintf("power %.1f: n = %.10f -> %d\n", p, n, ceiling(n)))
}
cat("\n# test_single_comparison_unrounded_n\n")
cat(sprintf("n = %.15g\n", power.t.test(delta = 0.5, sd = 1, sig.level = 0.05, power = 0.9,
                                        type = "paired")$n))

cat("\n# test_against_r_caiser_rules: N* and the K powers\n")
cases <- list(
  list(K = 10, d = 0.5, power = 0.9),
  list(K = 10, d = 0.5, power = 0.9, test = "wilcoxon"),
  list(K = 10, d = 0.5, power = 0.9, test = "wilcoxon", target = "worst_case"),
  list(K = 10, d = 0.5, power = 0.9, test = "wilcoxon", target = "median"),
  list(K = 3, d = 0.8, power = 0.8, side = "one.sided", test = "sign"),
  list(K = 6, d = 0.3, power = 0.85, alpha = 0.01, target = "median"),
  list(K = 2, d = 1.2, power = 0.7, target = "worst_case", test = "sign"))
for (cs in cases) {
  res <- do.call(calc_instances_r, cs)
  cat(sprintf("%s\n  -> N* = %d, power [%s]\n",
              paste(names(cs), unlist(cs), sep = "=", collapse = " "), res$n, fmt(res$power)))
}

cat("\n# test_power_profile_fixed_benchmark: 45 instances, Wilcoxon, K = 10, d = 0.5\n")
cat(sprintf("[%s]\n", fmt(holm_powers(ceiling(45 / (1 / 0.86)), 0.5, 0.05, 10, "two.sided"))))
cat(sprintf("n = 10, d = 0.5: power %.15g, strict = TRUE: %.15g\n",
            power.t.test(n = 10, delta = 0.5, sd = 1, sig.level = 0.05, type = "paired")$power,
            power.t.test(n = 10, delta = 0.5, sd = 1, sig.level = 0.05, type = "paired",
                         strict = TRUE)$power))
