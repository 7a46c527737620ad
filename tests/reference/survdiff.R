# Reference values for tests/anytime/test_censored.py: R survival::survdiff on
# tests/data/anytime/censored_runtimes.csv (unsuccessful runs, evaluations "inf", censored at
# their budget), instances as strata. rho = 0 is the log-rank test, rho = 1 Peto-Peto.
# Run from the repository root: Rscript tests/reference/survdiff.R
library(survival)
d <- read.csv("tests/data/anytime/censored_runtimes.csv", stringsAsFactors = FALSE)
status <- as.integer(is.finite(d$evaluations))  # read.csv reads "inf" as Inf
time <- ifelse(status == 1, d$evaluations, d$budget)
d$time <- time
d$status <- status
show <- function(label, fit) {
  cat(sprintf("%s: chisq %.15g df %d p %.15g\n", label, fit$chisq, length(fit$n) - 1,
              pchisq(fit$chisq, length(fit$n) - 1, lower.tail = FALSE)))
  cat(sprintf("  obs %s\n  exp %s\n", paste(sprintf("%.15g", rowSums(as.matrix(fit$obs))), collapse = " "),
              paste(sprintf("%.15g", rowSums(as.matrix(fit$exp))), collapse = " ")))
}
for (rho in c(0, 1)) {
  show(sprintf("k-sample rho=%d", rho),
       survdiff(Surv(time, status) ~ algorithm + strata(instance), data = d, rho = rho))
  for (pair in list(c("A", "B"), c("A", "C"), c("B", "C"))) {
    show(sprintf("pair %s-%s rho=%d", pair[1], pair[2], rho),
         survdiff(Surv(time, status) ~ algorithm + strata(instance), data = d[d$algorithm %in% pair, ],
                  rho = rho))
  }
  show(sprintf("unstratified rho=%d", rho), survdiff(Surv(time, status) ~ algorithm, data = d, rho = rho))
}
