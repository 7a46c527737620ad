# Reference values of tests/effects/test_contrast.py: contrast estimation based on medians
# (García, Fernández, Luengo & Herrera 2010, Inf. Sci. 180, §3.3), restated in base R from its
# definition as scmamp's contrastEstimationMatrix computes it (scmamp is on CRAN, not reachable here):
#   Z_uv = median_i (x_iu - x_iv), m_u = mean_v Z_uv, estimate(u, v) = m_u - m_v.
# Run from the repository's root: Rscript tests/reference/contrast_estimation.R
data <- read.csv("algocompare/data/datasets/cec2005_d10.csv", row.names = 1, check.names = FALSE)
k <- ncol(data)
Z <- matrix(0, k, k, dimnames = list(colnames(data), colnames(data)))
for (u in 1:k) for (v in 1:k) Z[u, v] <- median(data[, u] - data[, v])
m <- rowMeans(Z)
estimates <- outer(m, m, "-")
options(digits = 15)
print(m)
print(estimates[c("G-CMA-ES", "DE", "K-PCX"), c("BLX-GL50", "L-SaDE", "SPC-PNX")])
