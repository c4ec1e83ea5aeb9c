-- | Sparse matrix-vector products using a compressed row layout.

-- | Stored values, their column indices, and the number of entries per row.
type csr [nnz] [rows] = {values: [nnz]f32, cols: [nnz]i64, row_len: [rows]i64}

-- | Row index of every stored element.
def row_of_each [nnz] [rows] (m: csr [nnz] [rows]) : [nnz]i64 =
  let starts = map2 (-) (scan (+) 0 m.row_len) m.row_len
  let targets = map2 (\s l -> if l > 0 then s else -1) starts m.row_len
  let marks = scatter (replicate nnz 0i64) targets (iota rows)
  in scan i64.max 0 marks

-- | y = A x
def spmv [nnz] [rows] [n] (m: csr [nnz] [rows]) (x: [n]f32) : [rows]f32 =
  let prods = map2 (\v c -> v * x[c]) m.values m.cols
  in hist (+) 0 rows (row_of_each m) prods

-- | Build the compressed form of a dense matrix, dropping zeros.
def from_dense [r] [c] (a: [r][c]f32) : ?[k].csr [k] [r] =
  let flat = flatten a
  let keep = filter (\i -> flat[i] != 0) (indices flat)
  let count_row (row: [c]f32) = i64.sum (map (\v -> if v != 0 then 1 else 0) row)
  in { values = map (\i -> flat[i]) keep
     , cols = map (\i -> i % c) keep
     , row_len = map count_row a
     }

-- | Number of stored entries.
def nnz_of [nnz] [rows] (_: csr [nnz] [rows]) : i64 = nnz

entry main [nnz] [rows] [n]
           (values: [nnz]f32) (cols: [nnz]i64) (row_len: [rows]i64) (x: [n]f32)
         : [rows]f32 =
  spmv {values, cols, row_len} x

entry dense_check [r] [c] (a: [r][c]f32) (x: [c]f32) : [r]f32 =
  spmv (from_dense a) x

entry density [r] [c] (a: [r][c]f32) : f32 =
  f32.i64 (nnz_of (from_dense a)) / f32.i64 (r * c)
