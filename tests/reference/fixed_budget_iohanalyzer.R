# IOHanalyzer's fixed-budget summary (get_FV_summary.DataSet) restated in base R on the
# IOHprofiler sample, read here from the .dat files without algocompare. IOHanalyzer (R/Shiny)
# cannot be installed on this machine (CRAN unreachable), so its documented computation is
# restated from its source (IOHprofiler/IOHanalyzer, R/DataSet.R and R/globals.R):
#   * the function values of a data set are aligned by runtime: one row per evaluation logged
#     by any run, each run's best-so-far value there, NA before its first record, its last value
#     carried forward after its last record;
#   * at a budget r the row taken is the first with runtime >= r (here every budget is a logged
#     evaluation, so that row is r itself);
#   * runs, mean, median, sd (na.rm = TRUE) and C_quantile: quantile(type 7, na.rm = TRUE) at
#     probs = c(2, 5, 10, 25, 50, 75, 90, 95, 98) / 100.
# Writes tests/data/anytime/fixed_budget_iohanalyzer.csv. Run from the repository root:
#     Rscript tests/reference/fixed_budget_iohanalyzer.R
probs <- c(2, 5, 10, 25, 50, 75, 90, 95, 98) / 100
read_runs <- function(path) {
  runs <- list(); current <- NULL
  for (line in readLines(path)) {
    fields <- strsplit(trimws(line), "[[:space:]]+")[[1]]
    if (length(fields) == 0 || fields[1] == "") next
    if (fields[1] == "evaluations") {
      if (!is.null(current)) runs[[length(runs) + 1]] <- current
      current <- matrix(numeric(0), ncol = 2)
    } else {
      current <- rbind(current, as.numeric(fields[1:2]))
    }
  }
  runs[[length(runs) + 1]] <- current
  runs
}
rows <- list()
for (path in sort(list.files("tests/data/anytime/iohprofiler", pattern = "\\.dat$", recursive = TRUE,
                             full.names = TRUE))) {
  algorithm <- basename(dirname(dirname(path)))
  parts <- regmatches(basename(path), regexec("_f([0-9]+)_DIM([0-9]+)\\.dat$", basename(path)))[[1]]
  instance <- sprintf("F%s_D%s", parts[2], parts[3])
  runs <- read_runs(path)
  rt <- sort(unique(unlist(lapply(runs, function(run) run[, 1]))))
  fv <- sapply(runs, function(run) {
    best <- cummin(run[, 2])
    idx <- findInterval(rt, run[, 1])          # last record at or before each aligned runtime
    ifelse(idx == 0, NA, best[pmax(idx, 1)])   # NA before the first record; carried forward after the last
  })
  budgets <- rt[unique(round(seq(1, length(rt), length.out = 25)))]
  for (r in budgets) {
    row <- fv[which(rt >= r)[1], ]
    q <- quantile(row, probs, names = FALSE, na.rm = TRUE)
    rows[[length(rows) + 1]] <- data.frame(algorithm = algorithm, instance = instance, budget = r,
                                           runs = sum(!is.na(row)), mean = mean(row, na.rm = TRUE),
                                           median = median(row, na.rm = TRUE), sd = sd(row, na.rm = TRUE),
                                           t(setNames(q, paste0("q", probs * 100))))
  }
}
out <- do.call(rbind, rows)
write.csv(out, "tests/data/anytime/fixed_budget_iohanalyzer.csv", row.names = FALSE, quote = FALSE)
cat(nrow(out), "rows\n")
