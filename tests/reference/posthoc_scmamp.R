# Reference p-values for tests/posthoc/r_reference.py (used by tests/posthoc/test_reference_r.py).
# Run: Rscript tests/reference/posthoc_scmamp.R   (base R only; checked with R 4.2.2)
#
# The definitions are scmamp's (Calvo & Santafé; R/post_hoc.R of the GitHub version at
# commit e50011b), restated in base R so that the references do not need the package:
# friedmanPost, friedmanAlignedRanksPost (se = sqrt(k(kN + 1)/6); scmamp 0.3.2 on CRAN still
# had García et al.'s misprint sqrt(k(N + 1)/6)) and quadePost (p = 2 * (1 - pnorm(z))), then
# p.adjust() for bonferroni/holm/hochberg/hommel and the rules of scmamp's adjustHolland,
# adjustFinner, adjustLi, adjustShaffer and adjustBergmannHommel (exhaustive sets enumerated
# as set partitions, by brute force). scmamp's adjustRom(alpha = 0.05) (a step-down running
# maximum, as García et al. 2010 print it) is printed as 'rom_stepdown'; 'rom' is Rom's (1990)
# step-up procedure: APV_(i) = min over j >= i of min(1, alpha / alpha_j * p_(j)).
# These are the "classic" conventions: algocompare's posthoc(..., se="classic").
# scmamp treats larger values as better, so minimisation tables are passed as -x.
# Output: one line per reference key of r_reference.py, values printed with "%.15g", in
# scmamp's pair order (1,2), (1,3), ..., (k-1,k), or in column order without the control.

# ---- raw p-values -----------------------------------------------------------------------
row_ranks <- function(d) t(apply(d, 1, function(r) rank(-r)))  # rank 1 = largest

mean_ranks <- function(d, test) {
  N <- nrow(d); k <- ncol(d)
  if (test == "friedman") {
    return(list(stat = colMeans(row_ranks(d)), se = sqrt(k * (k + 1) / (6 * N))))
  }
  if (test == "aligned_ranks") {
    aligned <- d - rowMeans(d)
    ranks <- matrix(rank(-as.vector(aligned)), nrow = N)  # all N*k cells ranked jointly
    return(list(stat = colMeans(ranks), se = sqrt(k * (k * N + 1) / 6)))
  }
  # quade: row weights = ranks of the row ranges; T_j = W_j / (N(N+1)/2)
  q <- rank(apply(d, 1, function(r) diff(range(r))))
  w <- colSums(q * row_ranks(d))
  list(stat = w / (N * (N + 1) / 2),
       se = sqrt(k * (k + 1) * (2 * N + 1) * (k - 1) / (18 * N * (N + 1))))
}

all_pairs <- function(k) t(combn(k, 2))

raw_pvalues <- function(d, test, pairs) {
  s <- mean_ranks(d, test)
  z <- abs(s$stat[pairs[, 1]] - s$stat[pairs[, 2]]) / s$se
  2 * (1 - pnorm(z))
}

# ---- corrections ------------------------------------------------------------------------
step_up_max <- function(adj_sorted) cummax(pmin(adj_sorted, 1))  # scmamp's monotonicity fix

sorted_rule <- function(p, rule) {  # apply rule(p_sorted, m) and put values back in place
  o <- order(p)
  out <- numeric(length(p))
  out[o] <- rule(p[o], length(p))
  out
}

holland <- function(p) sorted_rule(p, function(s, m) step_up_max(1 - (1 - s)^(m - seq_len(m) + 1)))
finner <- function(p) sorted_rule(p, function(s, m) step_up_max(1 - (1 - s)^(m / seq_len(m))))
li <- function(p) pmin(max(p), p / (p + 1 - max(p)))

rom_levels <- function(m, alpha = 0.05) {  # Rom's critical values c[i] for i hypotheses
  # c[i] = (sum_{j=1}^{i-1} alpha^j - sum_{j=1}^{i-2} choose(i, j) c[j+1]^(i-j)) / i
  cr <- numeric(m)
  cr[1] <- alpha
  cr[2] <- alpha / 2
  for (i in 3:m) {
    j <- 1:(i - 2)
    cr[i] <- (sum(alpha^(1:(i - 1))) - sum(choose(i, j) * cr[j + 1]^(i - j))) / i
  }
  cr
}
rom_stepdown <- function(p, alpha = 0.05) {  # scmamp's adjustRom
  sorted_rule(p, function(s, m) step_up_max(s * alpha / rev(rom_levels(m, alpha))))
}
rom_stepup <- function(p, alpha = 0.05) {  # Rom (1990): running minimum from the largest p down
  sorted_rule(p, function(s, m) rev(cummin(rev(pmin(1, s * alpha / rev(rom_levels(m, alpha)))))))
}

shaffer_counts <- function(k) {  # S(k): numbers of pairwise hypotheses that can be true together
  if (k <= 1) return(0)
  sort(unique(unlist(lapply(1:k, function(j) choose(j, 2) + shaffer_counts(k - j)))))
}
shaffer <- function(p, k) {
  S <- shaffer_counts(k)
  sorted_rule(p, function(s, m) {
    t_i <- sapply(seq_len(m), function(i) max(S[S <= m - i + 1]))
    step_up_max(s * t_i)
  })
}

set_partitions <- function(k) {  # all partitions of 1..k as restricted growth strings
  out <- list(1L)
  if (k > 1) for (n in 2:k) {
    out <- unlist(lapply(out, function(g) lapply(1:(max(g) + 1), function(b) c(g, b))),
                  recursive = FALSE)
  }
  out
}
bergmann_hommel <- function(p, k) {
  pairs <- all_pairs(k)
  # exhaustive sets: the pairs inside the blocks of some partition (non-empty)
  sets <- lapply(set_partitions(k), function(g) which(g[pairs[, 1]] == g[pairs[, 2]]))
  sets <- sets[lengths(sets) > 0]
  adj <- sapply(seq_along(p), function(i) {
    max(sapply(Filter(function(s) i %in% s, sets), function(s) min(1, length(s) * min(p[s]))))
  })
  o <- order(p)
  out <- numeric(length(p))
  out[o] <- step_up_max(adj[o])
  out
}

adjust <- function(p, correction, k) {
  switch(correction,
         none = p,
         holland = holland(p), finner = finner(p), li = li(p), rom = rom_stepup(p),
         rom_stepdown = rom_stepdown(p),
         shaffer = shaffer(p, k), bergmann = bergmann_hommel(p, k),
         p.adjust(p, method = correction))
}

# ---- tables (as in tests/posthoc/r_reference.py) ----------------------------------------
tables <- list(
  TIES = list(direction = "minimize", control = "C", columns = c("A", "B", "C", "D", "E", "F"),
              values = rbind(c(1, 2, 2, 4, 5, 6), c(3, 1, 2, 2, 6, 5), c(1, 1, 1, 2, 3, 3),
                             c(2, 3, 1, 5, 4, 6), c(1, 2, 3, 4, 5, 6), c(4, 4, 1, 2, 6, 3),
                             c(2, 1, 3, 3, 3, 6), c(1, 3, 2, 6, 4, 5), c(2, 2, 2, 2, 1, 3),
                             c(1, 2, 4, 3, 6, 5))),
  T2 = list(direction = "maximize", control = "R", columns = c("P", "Q", "R", "S", "T"),
            values = rbind(c(0.8, 0.79, 0.82, 0.71, 0.77), c(0.76, 0.78, 0.88, 0.73, 0.77),
                           c(0.82, 0.79, 0.83, 0.71, 0.79), c(0.83, 0.73, 0.81, 0.67, 0.74),
                           c(0.73, 0.77, 0.78, 0.76, 0.8), c(0.79, 0.68, 0.81, 0.75, 0.79),
                           c(0.74, 0.76, 0.79, 0.72, 0.83), c(0.77, 0.78, 0.87, 0.73, 0.79),
                           c(0.8, 0.78, 0.78, 0.75, 0.84), c(0.74, 0.81, 0.83, 0.72, 0.87),
                           c(0.83, 0.73, 0.83, 0.77, 0.78), c(0.83, 0.78, 0.86, 0.81, 0.76))),
  T3 = list(direction = "minimize", control = "a2", columns = paste0("a", 1:7),
            values = rbind(c(0.8, 1.1, 0.1, 3.7, 1.0, 0.5, 0.0), c(1.1, 1.3, 0.9, 0.9, 1.5, 0.9, 0.8),
                           c(0.4, 2.0, 0.5, 1.1, 0.1, 0.1, 2.7), c(0.7, 0.0, 1.1, 0.7, 3.2, 0.5, 1.3),
                           c(0.4, 0.0, 4.3, 0.7, 2.3, 0.1, 3.6), c(0.0, 1.0, 0.1, 0.3, 1.8, 1.6, 0.9),
                           c(1.5, 1.3, 0.4, 3.3, 2.0, 0.2, 0.9), c(1.1, 1.4, 0.1, 7.9, 0.0, 0.8, 1.7))))

corrections <- list(
  all = c("none", "bonferroni", "holm", "hochberg", "hommel", "holland", "finner", "li", "rom",
          "rom_stepdown", "shaffer", "bergmann"),
  control = c("none", "bonferroni", "holm", "hochberg", "hommel", "holland", "finner", "li", "rom",
              "rom_stepdown"))

for (name in names(tables)) {
  tab <- tables[[name]]
  d <- if (tab$direction == "minimize") -tab$values else tab$values
  k <- ncol(d)
  cat(sprintf("# %s\n", name))
  for (test in c("friedman", "aligned_ranks", "quade")) for (family in c("all", "control")) {
    if (family == "all") {
      pairs <- all_pairs(k)
    } else {
      ctrl <- match(tab$control, tab$columns)
      pairs <- cbind(ctrl, setdiff(1:k, ctrl))
    }
    p <- raw_pvalues(d, test, pairs)
    for (correction in corrections[[family]]) {
      adj <- suppressWarnings(adjust(p, correction, k))
      cat(sprintf("('%s', '%s', '%s'): [%s],\n", test, family, correction,
                  paste(sprintf("%.15g", adj), collapse = ", ")))
    }
  }
}
