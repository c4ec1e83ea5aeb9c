-- Indexing into a row that was itself obtained by indexing.
-- ==
def get [n] [m] (a: [n][m]bool) (i: i64) (j: i64) =
  let r = a[i]
  in r[j]
def get2 [n] [m] (a: [n][m]bool) (i: i64) (j: i64) = (a[i])[j]
