# Reference values for algocompare.adjust_pvalues(p_adjust="bh" / "by") from base R's p.adjust.
# Run: Rscript tests/reference/p_adjust.R  (R 4.2, package stats); the printed values are
# restated in tests/posthoc/test_adjust_fdr_sidak.py.
options(digits = 17)
p <- c(0.0012, 0.0430, 0.0210, 0.3300, 0.0049, 0.0210, 0.7700, 0.0003, 0.0910, 0.0160)
cat("BH:", sprintf("%.17g", p.adjust(p, method = "BH")), "\n")
cat("BY:", sprintf("%.17g", p.adjust(p, method = "BY")), "\n")
# ties and a p-value of 1 (the largest ones share one APV; BY is capped at 1)
q <- c(0.04, 0.04, 0.04, 0.001, 1, 0.5)
cat("BH ties:", sprintf("%.17g", p.adjust(q, method = "BH")), "\n")
cat("BY ties:", sprintf("%.17g", p.adjust(q, method = "BY")), "\n")
