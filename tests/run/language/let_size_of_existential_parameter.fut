-- `let [k]` opening a parameter whose type has an existential size.
-- ==
-- input { [1i64, 2i64] [0.5f32, 1.5f32, 2f32] }
-- output { 11f32 }

type~ sparse [n] = ?[nnz].{ rows: [n]i64, vals: [nnz]f32 }

def total [n] (s: sparse [n]) : f32 =
  let [nnz] { rows: [n]i64, vals: [nnz]f32 } = s
  let doubled : [nnz]f32 = map (* 2) vals
  in f32.sum doubled + f32.i64 (i64.sum rows)

def main [n] [k] (rows: [n]i64) (vals: [k]f32) : f32 =
  total ({ rows, vals } :> sparse [n])
