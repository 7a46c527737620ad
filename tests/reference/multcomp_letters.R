# Compact letter displays for tests/posthoc/test_letters.py, made by multcompView's multcompLetters.
# Run: Rscript tests/reference/multcomp_letters.R > tests/data/multcomp_letters.csv
# (R 4.2.2, multcompView 0.1.8 from Debian's r-cran-multcompview; base R's RNG, fixed seed.)
#
# Each case is a random symmetric decision matrix ("these two algorithms differ") with row and
# column names; multcompLetters(x) is called on the matrix itself (logical, so compare and
# threshold are not used), in the order of its names. Columns of the output:
#   case     case number
#   names    the algorithms' names in matrix order, separated by "|"
#   differ   the decisions of the lower triangle, column by column (R's x[lower.tri(x)]: pairs
#            (2,1), (3,1), ..., (n,1), (3,2), ...), as a string of 0 and 1
#   letters  multcompLetters(x)$Letters in matrix order, separated by "|"
#   reversed multcompLetters(x, reversed = TRUE)$Letters
#   vector   multcompLetters of the same decisions given as a named vector "a-b" in the
#            order (1,2), (1,3), ..., (1,n), (2,3), ... (the form a post-hoc table gives); "NA"
#            when a name contains "-" (multcompLetters cannot split such "a-b" labels)
suppressPackageStartupMessages(library(multcompView))
set.seed(20260127)
cases <- list()
shapes <- expand.grid(n = 2:12, p = c(0.1, 0.3, 0.5, 0.7, 0.9))
n_cases <- 0
name_sets <- function(n, style) {
  if (style == 1) return(LETTERS[1:n])
  if (style == 2) return(paste0("alg", 1:n))
  sample(c("G-CMA-ES", "L-SaDE", "DMS-L-PSO", "EDA", "BLX-GL50", "SPC-PNX", "K-PCX", "DE",
           "CoEVO", "BLX-MA", "L-CMA-ES", "x", "y2"), n)
}
vector_letters <- function(v, nm) {
  if (any(grepl("-", nm, fixed = TRUE))) return("NA")
  paste(multcompLetters(v)$Letters[nm], collapse = "|")
}
cat("case,names,differ,letters,reversed,vector\n")
for (rep in 1:6) {
  for (s in seq_len(nrow(shapes))) {
    n <- shapes$n[s]; p <- shapes$p[s]
    nm <- name_sets(n, (rep %% 3) + 1)
    d <- matrix(FALSE, n, n, dimnames = list(nm, nm))
    d[lower.tri(d)] <- runif(n * (n - 1) / 2) < p
    d <- d | t(d)
    lt <- d[lower.tri(d)]
    pairs <- t(combn(n, 2))
    v <- d[pairs]
    names(v) <- paste(nm[pairs[, 1]], nm[pairs[, 2]], sep = "-")
    n_cases <- n_cases + 1
    cat(n_cases, ",", paste(nm, collapse = "|"), ",", paste(as.integer(lt), collapse = ""), ",",
        paste(multcompLetters(d)$Letters, collapse = "|"), ",",
        paste(multcompLetters(d, reversed = TRUE)$Letters, collapse = "|"), ",",
        vector_letters(v, nm), "\n", sep = "")
  }
}
# larger cases: many letters (more than 26 groups needs upper-case letters)
# (n = 40 with p = 0.5 did not finish in 10 minutes in multcompView: its absorb restarts)
for (n in c(20, 30, 40)) {
  for (p in if (n < 40) c(0.5, 0.8, 0.95) else 0.95) {
    nm <- paste0("a", 1:n)
    d <- matrix(FALSE, n, n, dimnames = list(nm, nm))
    d[lower.tri(d)] <- runif(n * (n - 1) / 2) < p
    d <- d | t(d)
    lt <- d[lower.tri(d)]
    pairs <- t(combn(n, 2))
    v <- d[pairs]
    names(v) <- paste(nm[pairs[, 1]], nm[pairs[, 2]], sep = "-")
    n_cases <- n_cases + 1
    cat(n_cases, ",", paste(nm, collapse = "|"), ",", paste(as.integer(lt), collapse = ""), ",",
        paste(multcompLetters(d)$Letters, collapse = "|"), ",",
        paste(multcompLetters(d, reversed = TRUE)$Letters, collapse = "|"), ",",
        vector_letters(v, nm), "\n", sep = "")
  }
}
