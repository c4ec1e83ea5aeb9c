-- `let [k] p = e` where `e`'s size is known outside the binding (a size
-- parameter, or a parameter's anonymous or existential size): `k` is
-- that size within the body, and nothing local escapes into the
-- definition's type.

type~ sparse [n] = ?[nnz].{ rows: [n]i64, vals: [nnz]f32 }

def total [n] (s: sparse [n]) : f32 =
  let [nnz] { rows: [n]i64, vals: [nnz]f32 } = s
  let doubled : [nnz]f32 = map (* 2) vals
  in f32.sum doubled + f32.i64 (i64.sum rows)

def first [n] (xs: [n]i32) : i32 =
  let [m] (ys: [m]i32) = xs
  let zs : [m]i32 = ys
  in zs[0]

def anonymous (xs: []i32) : i32 =
  let [m] (ys: [m]i32) = xs
  let zs : [m]i32 = ys
  in zs[0]
