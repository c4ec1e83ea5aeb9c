-- Sparse matrix-vector multiplication in CSR format (including an empty row).
-- ==
-- entry: main
-- input { [0i64, 2i64, 3i64, 5i64] [0i64, 2i64, 1i64, 0i64, 2i64] [1.0f64, 2.0f64, 3.0f64, 4.0f64, 5.0f64] [1.0f64, 10.0f64, 100.0f64] }
-- output { [201.0f64, 30.0f64, 504.0f64] }
-- input { [0i64, 1i64, 1i64, 3i64] [1i64, 0i64, 1i64] [2.0f64, -1.0f64, 0.5f64] [4.0f64, 8.0f64] }
-- output { [16.0f64, 0.0f64, 0.0f64] }

-- CSR sparse matrix times dense vector: the products are summed per row
-- with reduce_by_index on row numbers computed from the row offsets.
def spmv [nnz][rows1] (offsets: [rows1]i64) (cols: [nnz]i64) (vals: [nnz]f64) (x: []f64) =
  let rows = rows1 - 1
  -- The row of entry k is the number of row ends at or before k (rows may
  -- be empty, so several offsets can coincide).
  let row_of = map (\k -> i64.sum (map (\o -> i64.bool (o <= k)) offsets[1:rows1 - 1])) (iota nnz)
  in reduce_by_index (replicate rows 0) (+) 0 row_of (map2 (\c v -> v * x[c]) cols vals)

def main (offsets: []i64) (cols: []i64) (vals: []f64) (x: []f64) = spmv offsets cols vals x
