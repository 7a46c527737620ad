# Reference values for the k-sample tests and the independent-sample post-hoc tests
# (tests/frequentist/k_sample_reference.py, used by tests/frequentist/test_k_sample.py and
# tests/posthoc/test_independent_posthoc.py).
# Run: Rscript tests/reference/k_sample.R > tests/frequentist/k_sample_reference.py
# (R 4.2.2 from Debian with r-cran-ksamples 1.2-9; checked 2026-11-26).
#
# kruskal.test and oneway.test are base R; ad.test is kSamples'. PMCMRplus (not installable
# here: CRAN is unreachable) is restated in base R from its source (PMCMRplus 1.9.x, R/ of
# github.com/cran/PMCMRplus): kwAllPairsDunnTest (z with the tie term sum(t^3 - t)/(12(N-1)),
# p = 2 pnorm(-|z|), then p.adjust), kwAllPairsConoverTest (t with S2 and (N - 1 - H)/(N - k),
# p = 2 pt(-|t|, N - k) then p.adjust, or "single-step": ptukey(sqrt(2)|t|, k, N - k)),
# dscfAllPairsTest (sqrt(2)(U_min - mn/2)/sqrt(VAR) of each pair ranked alone, tie-corrected VAR,
# p = ptukey(|stat|, k, Inf)), kwAllPairsNemenyiTest (dist = "Tukey": q = sqrt(2)|dR|/sqrt(N(N+1)/12
# (1/ni + 1/nj)), p = ptukey(q, k, Inf), no tie correction; dist = "Chisquare": dR^2/(N(N+1)/12
# (1/ni + 1/nj))/C, p = pchisq(., k - 1)) and adKSampleTest (version 1 of kSamples' ad.test with
# kSamples::ad.pval). Pairs are printed in algocompare's order (1,2), (1,3), ..., (k-1,k).
suppressPackageStartupMessages(library(kSamples))

datasets <- list(
  # k = 3, continuous, unequal sizes
  d3 = list(A = c(2.9, 3.0, 2.5, 2.6, 3.2), B = c(3.8, 2.7, 4.0, 2.4), C = c(2.8, 3.4, 3.7, 2.2, 2.0)),
  # k = 4, integer scores with many ties, unequal sizes
  d4 = list(A = c(3, 5, 2, 4, 3, 5, 4), B = c(6, 5, 7, 4, 6, 6), C = c(3, 3, 4, 2, 5, 3, 4, 3),
            D = c(7, 6, 8, 6, 7, 5)),
  # k = 5, equal sizes (6), values rounded to 1 decimal: some ties
  d5 = list(A = c(10.1, 11.3, 9.8, 10.6, 12.0, 10.9), B = c(11.2, 12.5, 11.9, 13.1, 12.2, 11.6),
            C = c(9.5, 10.2, 10.1, 9.9, 11.0, 10.4), D = c(12.8, 13.5, 12.1, 14.0, 13.3, 12.9),
            E = c(10.0, 10.8, 11.3, 9.7, 10.5, 11.1)),
  # k = 6, continuous (optimisation errors on a log scale), unequal sizes 4..9
  d6 = list(A = c(0.0123, 0.0451, 0.0087, 0.0302), B = c(0.1520, 0.0981, 0.2210, 0.1733, 0.1102),
            C = c(0.0344, 0.0519, 0.0127, 0.0630, 0.0281, 0.0415), D = c(0.0098, 0.0210, 0.0057, 0.0176,
            0.0133, 0.0240, 0.0069), E = c(0.3011, 0.2470, 0.1895, 0.4122, 0.2766, 0.3350, 0.2210, 0.2901),
            F = c(0.0450, 0.0390, 0.0712, 0.0288, 0.0566, 0.0611, 0.0499, 0.0352, 0.0421))
)

num <- function(x) paste0("[", paste(sprintf("%.15g", x), collapse = ", "), "]")
pairs_of <- function(k) { p <- t(combn(k, 2)); list(i = p[, 1], j = p[, 2]) }

dunn <- function(x) {
  v <- unlist(x); g <- rep(seq_along(x), lengths(x)); r <- rank(v); N <- length(v); n <- lengths(x)
  Rb <- tapply(r, g, mean); t <- table(v); ties <- sum(t^3 - t) / (12 * (N - 1))
  p <- pairs_of(length(x)); z <- (Rb[p$j] - Rb[p$i]) / sqrt((N * (N + 1) / 12 - ties) * (1 / n[p$i] + 1 / n[p$j]))
  list(z = unname(z), p = unname(2 * pnorm(-abs(z))))
}
conover <- function(x) {
  v <- unlist(x); g <- rep(seq_along(x), lengths(x)); r <- rank(v); N <- length(v); n <- lengths(x); k <- length(x)
  Rb <- tapply(r, g, mean); t <- table(v); C <- min(1, 1 - sum(t^3 - t) / (N^3 - N))
  H <- (12 / (N * (N + 1))) * sum(tapply(r, g, sum)^2 / n) - 3 * (N + 1); Hc <- H / C
  S2 <- if (C == 1) N * (N + 1) / 12 else (sum(r^2) - N * (N + 1)^2 / 4) / (N - 1)
  p <- pairs_of(k); tv <- (Rb[p$j] - Rb[p$i]) / sqrt(S2 * (1 / n[p$i] + 1 / n[p$j]) * (N - 1 - Hc) / (N - k))
  list(t = unname(tv), p = unname(2 * pt(-abs(tv), N - k)),
       single_step = unname(ptukey(sqrt(2) * abs(tv), k, N - k, lower.tail = FALSE)))
}
dscf <- function(x) {
  k <- length(x); p <- pairs_of(k); out <- numeric(length(p$i))
  for (h in seq_along(p$i)) {
    a <- x[[p$i[h]]]; b <- x[[p$j[h]]]; m <- length(b); nn <- length(a)
    r <- rank(c(a, b)); R <- c(sum(r[seq_along(a)]), sum(r[-seq_along(a)]))
    U <- c(m * nn + m * (m + 1) / 2, m * nn + nn * (nn + 1) / 2) - c(R[2], R[1])
    S <- m + nn; tt <- table(r); VAR <- (m * nn / (S * (S - 1))) * ((S^3 - S) / 12 - sum((tt^3 - tt) / 12))
    out[h] <- sqrt(2) * (min(U) - m * nn / 2) / sqrt(VAR)
  }
  list(stat = out, p = ptukey(abs(out), k, Inf, lower.tail = FALSE))
}
nemenyi <- function(x) {
  v <- unlist(x); g <- rep(seq_along(x), lengths(x)); r <- rank(v); N <- length(v); n <- lengths(x); k <- length(x)
  Rb <- tapply(r, g, mean); t <- table(v); C <- min(1, 1 - sum(t^3 - t) / (N^3 - N)); p <- pairs_of(k)
  d <- abs(Rb[p$i] - Rb[p$j]); B <- 1 / n[p$i] + 1 / n[p$j]
  list(tukey = unname(ptukey(sqrt(2) * d / sqrt(N * (N + 1) / 12 * B), k, Inf, lower.tail = FALSE)),
       chisq = unname(pchisq(d^2 / (N * (N + 1) / 12 * B) / C, k - 1, lower.tail = FALSE)))
}
mannwhitney <- function(x) {
  p <- pairs_of(length(x))
  sapply(seq_along(p$i), function(h) suppressWarnings(
    wilcox.test(x[[p$i[h]]], x[[p$j[h]]], exact = FALSE, correct = TRUE)$p.value))
}

cat("# ruff: noqa: E501\n# Generated by tests/reference/k_sample.R (Rscript tests/reference/k_sample.R > this file); do not edit.\n")
cat("# R", paste(R.version$major, R.version$minor, sep = "."), "with kSamples", as.character(packageVersion("kSamples")), "\n")
cat("# Sources: kruskal.test, oneway.test (base R), kSamples::ad.test, and PMCMRplus' kwAllPairsDunnTest,\n")
cat("# kwAllPairsConoverTest, dscfAllPairsTest, kwAllPairsNemenyiTest restated in base R (see the script).\n\n")
cat("DATASETS = {\n")
for (name in names(datasets)) {
  x <- datasets[[name]]
  cat(sprintf('    "%s": {%s},\n', name, paste(sprintf('"%s": %s', names(x), sapply(x, num)), collapse = ", ")))
}
cat("}\n\nREFERENCE = {\n")
for (name in names(datasets)) {
  x <- datasets[[name]]; v <- unlist(x); g <- factor(rep(names(x), lengths(x)), levels = names(x))
  kw <- kruskal.test(x); ad <- ad.test(x, method = "asymptotic")$ad
  an <- oneway.test(v ~ g, var.equal = TRUE); we <- oneway.test(v ~ g, var.equal = FALSE)
  du <- dunn(x); co <- conover(x); ds <- dscf(x); ne <- nemenyi(x)
  cat(sprintf('    "%s": {\n', name))
  cat(sprintf('        "kruskal": [%.15g, %.15g],  # kruskal.test(x): statistic, p.value\n', kw$statistic, kw$p.value))
  cat(sprintf('        "ad_v1": [%.15g, %.15g, %.15g],  # ad.test(x)$ad version 1: AD, T.AD, asympt. P (signif 5)\n', ad[1, 1], ad[1, 2], ad[1, 3]))
  cat(sprintf('        "ad_v2": [%.15g, %.15g, %.15g],  # version 2 (AD printed to 3 significant digits)\n', ad[2, 1], ad[2, 2], ad[2, 3]))
  cat(sprintf('        "anova": [%.15g, %.15g, %.15g, %.15g],  # oneway.test(var.equal = TRUE): F, df1, df2, p\n',
              an$statistic, an$parameter[1], an$parameter[2], an$p.value))
  cat(sprintf('        "welch": [%.15g, %.15g, %.15g, %.15g],  # oneway.test(var.equal = FALSE)\n',
              we$statistic, we$parameter[1], we$parameter[2], we$p.value))
  cat(sprintf('        "dunn_z": %s,\n        "dunn_p": %s,\n', num(du$z), num(du$p)))
  cat(sprintf('        "dunn_holm": %s,\n        "dunn_bonferroni": %s,\n        "dunn_hochberg": %s,\n',
              num(p.adjust(du$p, "holm")), num(p.adjust(du$p, "bonferroni")), num(p.adjust(du$p, "hochberg"))))
  cat(sprintf('        "conover_t": %s,\n        "conover_p": %s,\n        "conover_holm": %s,\n',
              num(co$t), num(co$p), num(p.adjust(co$p, "holm"))))
  cat(sprintf('        "conover_single_step": %s,\n', num(co$single_step)))
  cat(sprintf('        "dscf_stat": %s,\n        "dscf_p": %s,\n', num(ds$stat), num(ds$p)))
  cat(sprintf('        "nemenyi_tukey": %s,\n        "nemenyi_chisq": %s,\n', num(ne$tukey), num(ne$chisq)))
  cat(sprintf('        "mannwhitney_p": %s,  # wilcox.test(exact = FALSE, correct = TRUE)\n', num(mannwhitney(x))))
  cat("    },\n")
}
cat("}\n\n")

# ---- Monte Carlo p-values: kSamples::ad.test(method = "simulated", Nsim = 1e5), set.seed(1) ---------
cat("# kSamples::ad.test(x, method = \"simulated\", Nsim = 1e5) after set.seed(1): sim. P-value of versions 1 and 2\nAD_SIMULATED = {\n")
simulated <- list(d3 = datasets$d3, d4_AC = datasets$d4[c("A", "C")])  # moderate p-values; d4_AC tied
for (name in names(simulated)) {
  set.seed(1); ad <- ad.test(simulated[[name]], method = "simulated", Nsim = 1e5)$ad
  cat(sprintf('    "%s": [%.15g, %.15g],\n', name, ad[1, 4], ad[2, 4]))
}
cat("}\n\n")

# ---- ad.pval at chosen (m, T): kSamples::ad.pval(T, m, version) ----------------------------
ms <- c(1, 2, 3, 5, 9, 20, 49, 50, 99)
ts <- c(-1.5, -0.5, 0, 0.8, 1.5, 2.5, 4, 6, 9)
cat("# kSamples::ad.pval(T, m, version) on a grid: (version, m, T, p)\nAD_PVAL = [\n")
for (ver in 1:2) for (m in ms) for (t in ts) cat(sprintf("    (%d, %d, %s, %.15g),\n", ver, m, t, ad.pval(t, m, ver)))
cat("]\n")

# ---- ad.pval tables (algocompare/frequentist/_ad_pvalue.py) --------------------------------
# Rscript -e 'source("tests/reference/k_sample.R"); ad_pval_tables()' prints, for m = 1..49 and
# versions 1 and 2, the 35 quantiles t_m and the B-spline coefficients of the second spline of
# ad.pval, the records held by _ad_pvalue.py (one ';'-separated record each, "%.12g").
ad_pval_tables <- function() {
  body1 <- body(ad.pval)
  get_table <- function(version) { e <- new.env(); e$version <- version; eval(body1[[2]], e); e$table1.adk }
  p <- 1 - c(1e-05, 5e-05, 1e-04, 5e-04, 0.001, 0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6,
             0.7, 0.8, 0.9, 0.925, 0.95, 0.975, 0.99, 0.9925, 0.995, 0.9975, 0.999, 0.99925, 0.9995, 0.99975,
             0.9999, 0.999925, 0.99995, 0.999975, 0.99999)
  lp <- log(p / (1 - p))
  for (v in 1:2) {
    t1 <- get_table(v); sqm1 <- 1 / sqrt(t1[, 1])
    cat(sprintf("version %d\n", v))
    for (m in 1:49) {
      tm <- sapply(1:35, function(i) predict(smooth.spline(sqm1, t1[, i + 1], spar = 0.4), 1 / sqrt(m))$y)
      s <- smooth.spline(tm, lp, spar = 0.25)
      cat(sprintf("%.12g", tm), "\n;\n"); cat(sprintf("%.12g", s$fit$coef), "\n;\n")
    }
  }
}
