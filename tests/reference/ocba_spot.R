# Reference allocations for algocompare.ocba (tests/samplesize/test_ocba.py).
# SPOT's OCBA (cran/SPOT, R/OCBA.R; Chen & Lee 2010's reference code) restated in base R
# (SPOT is not installable here: CRAN is unreachable). Same steps: ratios N_i/N_s, N_b, the
# allocation loop that freezes over-allocated designs, the remainder to the best.
# Run: Rscript tests/reference/ocba_spot.R
ocba_spot <- function(sMean, sVar, n, addBudget) {
  nd <- length(sMean)
  totalBudget <- addBudget + sum(n)
  bestMeanValue <- min(sMean)
  nrOfBest <- sum(bestMeanValue == sMean)
  sOrder <- order(sMean)
  if (nrOfBest == nd) { r <- numeric(nd); r[1] <- addBudget; return(r) }
  bestID <- sOrder[1:nrOfBest]
  secondBestID <- sOrder[nrOfBest + 1]
  ratio <- numeric(nd)
  ratio[secondBestID] <- 1
  for (i in 1:nd) {
    if (!(i %in% bestID) & i != secondBestID) {
      temp <- (sMean[secondBestID] - bestMeanValue) / (sMean[i] - bestMeanValue)
      ratio[i] <- temp^2 * sVar[i] / sVar[secondBestID]
    }
  }
  temp <- sum(ratio^2 / sVar)
  ratio[bestID] <- sqrt(sVar[bestID] * temp)
  active <- rep(TRUE, nd); moreAlloc <- TRUE; tempBudget <- totalBudget
  desired <- numeric(nd)
  while (moreAlloc) {
    moreAlloc <- FALSE
    ratioSum <- sum(ratio[active])
    desired[active] <- floor((tempBudget / ratioSum) * ratio[active])
    more <- (desired < n)
    desired[more] <- n[more]
    moreAlloc <- any(more)
    active[more] <- FALSE
    if (moreAlloc) tempBudget <- totalBudget - sum(desired[!active])
  }
  add <- desired - n
  keeper <- bestID[which.max(sVar[bestID])]
  add[keeper] <- add[keeper] + (totalBudget - sum(desired))
  add
}
cases <- list(
  list(1:10, 1:10, rep(4, 10), 3),                                              # SPOT's "simple test"
  list(c(1.2, 2.1, 3.4, 4.87, 6.05), c(3.3, 2.0, 4.5, 5.3, 6.9), c(12, 6, 5, 5, 4), 100),  # book: 48 38 11 2 1
  list(c(0.5, 0.7, 1.5, 0.9), c(1, 2, 0.5, 1.5), c(5, 5, 5, 5), 50),
  list(c(2, 2, 3, 5), c(1, 4, 1, 1), c(10, 10, 3, 3), 40),                      # two tied best
  list(c(10, 10.2, 11, 14, 10.5), c(4, 4, 9, 1, 2), c(30, 3, 3, 3, 3), 25)      # the best over-allocated
)
for (cs in cases) cat(paste(ocba_spot(cs[[1]], cs[[2]], cs[[3]], cs[[4]]), collapse = ", "), "\n")
