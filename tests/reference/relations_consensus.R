# Reference values for the consensus rules and ranking distances of algocompare.consensus,
# restating the R package relations (Hornik & Meyer; CRAN 0.6-x, GitHub cran/relations) in base R:
#
#   R/dissimilarity.R  symdiff, CKS (P/I form), Jaccard, CS, score (relation_scores + p-norm) and
#                      PC (.relation_dissimilarity_PC_ABC with the named discrepancies) distances
#   R/scores.R         relation_scores: "ranks" (.incidence_scores_ranks), "Borda", "Copeland"
#   R/consensus.R      Copeland (weighted sum of the per-relation Copeland scores), Condorcet
#                      (x R y iff the weighted count of x R_b y is no less than of not), majority
#                      (share > p; == 1 for p = 1), CS (linear order minimising the weighted sum of
#                      |rank_b - position|), and the PC/F and CKS/F central relations over linear
#                      (F = L) and weak (F = W) orders.
#
# relations is not installable here (CRAN unreachable), so the central relations are found by
# brute force over every linear / weak order instead of its MILP; the distances are literal ports.
# A relation is its incidence I[x, y] = 1 iff x R y, with R the "worse than or equal" relation of a
# ranking (relations' Borda score colSums(I) counts the items at or below x: best of n scores n).
#
#   Rscript tests/reference/relations_consensus.R > tests/consensus/relations_reference.py

incidence <- function(lev) outer(lev, lev, ">=") * 1  # x R y iff x is at or below y (levels: 0 = best)

d_symdiff <- function(x, y) sum(abs(x - y))
d_cks <- function(x, y) {
    Px <- pmin(t(x), 1 - x); Ix <- pmax(x, t(x))
    Py <- pmin(t(y), 1 - y); Iy <- pmax(y, t(y))
    sum(abs(Px - Py)) + sum(abs(Ix - Iy)) / 2
}
d_jaccard <- function(x, y) {
    if (all(x == 0) && all(y == 0)) return(0)
    1 - sum(pmin(x, y)) / sum(pmax(x, y))
}
scores_ranks <- function(x) (ncol(x) + 1 + rowSums(x) - colSums(x)) / 2
scores_borda <- function(x) colSums(x)
scores_copeland <- function(x) colSums(x) - rowSums(x)
d_score <- function(x, y, score, p) sum(abs(score(x) - score(y))^p)^(1 / p)

pc_deltas <- list(symdiff = c(1, 1, 2, 2, 1, 1), CKS = c(2, 2, 1, 2, 1, 1), KS = c(1, 1, 0, 2, 1, 1),
                  EM = c(1, 1, 1, 2, 1, 1), JMB = c(4/3, 4/3, 4/3, 5/3, 1, 1), discrete = rep(1, 6))
pc_Delta <- function(delta) {
    D <- matrix(0, 4, 4)
    i <- c(2, 3, 4, 3, 4, 4); j <- c(1, 1, 1, 2, 2, 3)
    D[cbind(c(i, j), c(j, i))] <- c(delta, delta)
    D
}
pc_T <- matrix(c(1, 0, 0, 0, -1, 1, 0, 0, -1, 0, 1, 0, 1, -1, -1, 1), 4, 4)
d_pc <- function(X, Y, delta) {  # .incidence_dissimilarity_PC with gamma = NULL
    D <- pc_Delta(delta); M <- crossprod(pc_T, D %*% pc_T)
    n <- nrow(X); x <- diag(X); Tt <- t(X); P <- X * Tt
    M1 <- M[1, 2] * X + M[1, 3] * Tt + M[1, 4] * P
    M2 <- M[2, 1] + M[2, 2] * X + M[2, 3] * Tt + M[2, 4] * P
    M3 <- M[3, 1] + M[3, 2] * Tt + M[3, 3] * X + M[3, 4] * P
    M4 <- M[4, 1] + M[4, 2] * X + M[4, 3] * Tt + M[4, 4] * P
    upper <- row(X) < col(X); lower <- row(X) > col(X); d <- D[4, 1]
    C <- diag(d * x / 2, n, n); C[upper] <- M1[upper]
    B <- diag(d * (1/2 - x), n, n); B[upper] <- M2[upper]; B[lower] <- M3[lower]
    A <- matrix(0, n, n); A[upper] <- M4[upper]
    sum(C) + sum(B * Y) + sum(A * Y * t(Y))
}

linear_orders <- function(k) {  # every permutation, as level vectors
    if (k == 1) return(matrix(0, 1, 1))
    prev <- linear_orders(k - 1)
    do.call(rbind, lapply(0:(k - 1), function(v) cbind(v, t(apply(prev, 1, function(r) r + (r >= v))))))
}
weak_orders <- function(k) {
    all <- as.matrix(expand.grid(rep(list(0:(k - 1)), k)))
    dense <- apply(all, 1, function(r) length(unique(r)) == max(r) + 1)  # levels 0..max all used
    unname(all[dense, , drop = FALSE])
}

central <- function(levels, w, candidates, dist) {
    rel <- lapply(seq_len(nrow(levels)), function(b) incidence(levels[b, ]))
    obj <- apply(candidates, 1, function(c) { C <- incidence(c); sum(w * sapply(rel, function(R) dist(C, R))) })
    best <- min(obj)
    list(objective = best, optima = candidates[abs(obj - best) <= 1e-9 * max(1, best), , drop = FALSE])
}

py_num <- function(v) paste0("[", paste(sprintf("%.17g", v), collapse = ", "), "]")
py_mat <- function(m) paste0("[", paste(apply(m, 1, py_num), collapse = ", "), "]")
py_levels <- function(m) paste0("[", paste(apply(m, 1, function(r) paste0("(", paste(r, collapse = ", "), ",)")),
                                          collapse = ", "), "]")

profiles <- list(
    ties5 = list(levels = rbind(c(0, 1, 2, 3, 4), c(1, 0, 0, 2, 3), c(0, 2, 1, 1, 3), c(2, 0, 1, 3, 3),
                                c(0, 0, 1, 2, 2), c(3, 2, 1, 0, 4)), weights = c(1, 1, 1, 1, 1, 1)),
    weighted4 = list(levels = rbind(c(0, 1, 2, 3), c(1, 0, 2, 2), c(2, 1, 0, 0), c(0, 0, 1, 2), c(3, 2, 1, 0)),
                     weights = c(1, 2, 1, 1, 3)),
    cycle3 = list(levels = rbind(c(0, 1, 2), c(2, 0, 1), c(1, 2, 0)), weights = c(1, 1, 1)),
    halves4 = list(levels = rbind(c(0, 1, 2, 3), c(1, 0, 3, 2), c(0, 1, 1, 2), c(1, 0, 2, 2)),
                   weights = c(1, 1, 1, 1))
)

cat("\"\"\"Reference values restating R's relations in base R (generated by tests/reference/relations_consensus.R;\n")
cat("do not edit). Levels: 0 = best; incidences: I[x, y] = 1 iff x is at or below y (relations' orientation).\"\"\"\n\n")
cat("# ruff: noqa: E501\n\nREFERENCE = {\n")
for (name in names(profiles)) {
    L <- profiles[[name]]$levels; w <- profiles[[name]]$weights; k <- ncol(L); nb <- nrow(L)
    rel <- lapply(seq_len(nb), function(b) incidence(L[b, ]))
    cat(sprintf("    %s: {\n", dQuote(name, FALSE)))
    cat(sprintf("        \"levels\": %s,\n        \"weights\": %s,\n", py_levels(L), py_num(w)))
    pair <- function(f) outer(seq_len(nb), seq_len(nb), Vectorize(function(i, j) f(rel[[i]], rel[[j]])))
    cat("        \"distances\": {\n")
    cat(sprintf("            \"symdiff\": %s,\n", py_mat(pair(d_symdiff))))
    cat(sprintf("            \"cks\": %s,\n", py_mat(pair(d_cks))))
    cat(sprintf("            \"jaccard\": %s,\n", py_mat(pair(d_jaccard))))
    cat(sprintf("            \"footrule\": %s,\n", py_mat(pair(function(x, y) d_score(x, y, scores_ranks, 1)))))
    cat(sprintf("            \"score/borda/1\": %s,\n", py_mat(pair(function(x, y) d_score(x, y, scores_borda, 1)))))
    cat(sprintf("            \"score/copeland/2\": %s,\n", py_mat(pair(function(x, y) d_score(x, y, scores_copeland, 2)))))
    cat(sprintf("            \"score/ranks/3\": %s,\n", py_mat(pair(function(x, y) d_score(x, y, scores_ranks, 3)))))
    for (dn in names(pc_deltas))
        cat(sprintf("            \"pc/%s\": %s,\n", dn, py_mat(pair(function(x, y) d_pc(x, y, pc_deltas[[dn]])))))
    cat("        },\n")
    N <- Reduce(`+`, Map(`*`, rel, w)); W <- sum(w)
    cat(sprintf("        \"copeland\": %s,\n", py_num(Reduce(`+`, Map(function(R, wb) wb * scores_copeland(R), rel, w)))))
    cat(sprintf("        \"condorcet\": %s,\n", py_mat((N >= W - N) * 1)))
    cat(sprintf("        \"majority\": {0.5: %s, 0.75: %s, 1.0: %s},\n", py_mat((N / W > 0.5) * 1),
                py_mat((N / W > 0.75) * 1), py_mat((N / W == 1) * 1)))
    lin <- linear_orders(k); weak <- weak_orders(k)
    ranks <- sapply(rel, scores_ranks)  # items x rankings
    cs_obj <- apply(lin, 1, function(c) sum(w * colSums(abs(ranks - (c + 1)))))
    best <- min(cs_obj)
    cat(sprintf("        \"cs\": {\"objective\": %.17g, \"optima\": %s},\n", best,
                py_levels(lin[abs(cs_obj - best) <= 1e-9, , drop = FALSE])))
    cat("        \"central\": {\n")
    for (fam in c("L", "W")) {
        cand <- if (fam == "L") lin else weak
        r <- central(L, w, cand, d_cks)
        cat(sprintf("            (\"CKS\", \"%s\"): {\"objective\": %.17g, \"optima\": %s},\n", fam, r$objective,
                    py_levels(r$optima)))
        for (dn in names(pc_deltas)) {
            r <- central(L, w, cand, function(x, y) d_pc(x, y, pc_deltas[[dn]]))
            cat(sprintf("            (\"PC/%s\", \"%s\"): {\"objective\": %.17g, \"optima\": %s},\n", dn, fam,
                        r$objective, py_levels(r$optima)))
        }
    }
    cat("        },\n    },\n")
}
cat("}\n")
