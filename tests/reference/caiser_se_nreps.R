# Reference values for tests/samplesize/test_standard_error.py and test_repetitions.py.
# Run: Rscript tests/reference/caiser_se_nreps.R   (base R only; checked with R 4.2.2)
#
# CAISEr 1.0 (Campelo & Takahashi) is not needed: its se_param() formulas and its
# calc_nreps() sampling loop are restated below in base R, so the references do not depend
# on a package that may be unavailable. The loop is replayed on fixed sequences instead of
# random algorithms: algorithm k's j-th run returns s_k[j].

# ---- se_param (CAISEr 1.0): estimate and parametric SE of each pair's difference --------
pair_table <- function(Xk, dif = "simple", type = "all.vs.all") {
  K <- length(Xk)
  m <- sapply(Xk, mean); v <- sapply(Xk, var); n <- sapply(Xk, length)
  grand <- mean(m)
  pairs <- t(combn(K, 2))
  if (type == "all.vs.first") pairs <- pairs[seq_len(K - 1), , drop = FALSE]
  rows <- lapply(seq_len(nrow(pairs)), function(i) {
    a <- pairs[i, 1]; b <- pairs[i, 2]
    ropt <- sqrt(v[a] / v[b])
    if (dif == "simple") {
      phi <- m[a] - m[b]
      se <- sqrt(v[a] / n[a] + v[b] / n[b])
    } else if (type == "all.vs.all") {           # (mu_a - mu_b) / grand mean
      phi <- (m[a] - m[b]) / grand
      c1 <- (1 + phi^2 / K^2) / grand^2
      c2 <- sum(v[-c(a, b)] / n[-c(a, b)]) * phi^2 / (K^2 * grand^2)
      se <- sqrt(c1 * (v[a] / n[a] + v[b] / n[b]) + c2)
    } else {                                     # all.vs.first: 1 - mu_b / mu_a
      phi <- 1 - m[b] / m[a]
      se <- sqrt(v[a] * (m[b] / m[a]^2)^2 / n[a] + v[b] / m[a]^2 / n[b])
      ropt <- ropt * m[b] / m[a]
    }
    c(a = a, b = b, phi = phi, se = se, r = n[a] / n[b], ropt = ropt)
  })
  as.data.frame(do.call(rbind, rows))
}

fmt <- function(x) paste(sprintf("%.15g", x), collapse = ", ")

cat("# test_standard_error.py\n")
X1 <- c(10.2, 11.5, 9.8, 10.9, 12.1, 10.4)
X2 <- c(13.1, 12.4, 15.0, 11.8, 14.2, 13.7, 12.9)
X3 <- c(9.0, 9.5, 8.7, 10.1)
for (dif in c("simple", "perc")) for (type in c("all.vs.all", "all.vs.first")) {
  tab <- pair_table(list(X1, X2), dif, type)
  cat(sprintf("TWO   %-6s %-12s phi %s  se %s\n", dif, type, fmt(tab$phi), fmt(tab$se)))
}
for (key in list(c("simple", "all.vs.all"), c("perc", "all.vs.all"), c("perc", "all.vs.first"))) {
  tab <- pair_table(list(X1, X2, X3), key[1], key[2])
  cat(sprintf("THREE %-6s %-12s phi [%s]  se [%s]\n", key[1], key[2], fmt(tab$phi), fmt(tab$se)))
}

# ---- calc_nreps (CAISEr 1.0) replayed on fixed sequences --------------------------------
# nstart runs of each algorithm; while some SE > se.max and fewer than nmax runs in total:
# take the pair with the largest SE (first one on ties) and run its first member if
# n_a/n_b <= ropt, else its second member (force.balanced: run every algorithm once).
nreps <- function(seqs, se.max, dif, type, nstart, nmax, balanced = FALSE) {
  Nk <- rep(nstart, length(seqs))
  obs <- function() lapply(seq_along(seqs), function(k) seqs[[k]][seq_len(Nk[k])])
  tab <- pair_table(obs(), dif, type)
  while (any(tab$se > se.max) && sum(Nk) < nmax) {
    if (balanced) {
      ind <- seq_along(seqs)
    } else {
      w <- which.max(tab$se)
      ind <- if (tab$r[w] <= tab$ropt[w]) tab$a[w] else tab$b[w]
    }
    Nk[ind] <- Nk[ind] + 1
    tab <- pair_table(obs(), dif, type)
  }
  list(n = Nk, phi = tab$phi, se = tab$se)
}

i <- 1:2000
s1 <- round(10 + sin(i) * 1.5 + cos(i * 0.37), 6)
s2 <- round(12 + sin(i * 1.7) * 4 + cos(i * 0.11) * 2, 6)
s3 <- round(11 + sin(i * 2.3) * 2.5, 6)
cases <- list(
  list(list(s1, s2), 0.3, "simple", "all.vs.all", 10, 1000, FALSE),
  list(list(s1, s2), 0.02, "perc", "all.vs.all", 5, 1000, FALSE),
  list(list(s1, s2), 0.03, "perc", "all.vs.first", 5, 1000, FALSE),
  list(list(s1, s2), 0.3, "simple", "all.vs.all", 10, 60, FALSE),
  list(list(s1, s2), 0.3, "simple", "all.vs.all", 10, 1000, TRUE),
  list(list(s1, s2, s3), 0.35, "simple", "all.vs.all", 8, 1000, FALSE),
  list(list(s1, s2, s3), 0.025, "perc", "all.vs.first", 8, 1000, FALSE))
cat("\n# test_repetitions.py: nreps(seqs, se.max, dif, type, nstart, nmax, balanced)\n")
for (cs in cases) {
  res <- do.call(nreps, unname(cs))
  cat(sprintf("se.max=%-5s %-6s %-12s nstart=%-2d nmax=%-4d balanced=%-5s -> n [%s] phi [%s] se [%s]\n",
              cs[[2]], cs[[3]], cs[[4]], cs[[5]], cs[[6]], cs[[7]],
              paste(res$n, collapse = ", "), fmt(res$phi), fmt(res$se)))
}
