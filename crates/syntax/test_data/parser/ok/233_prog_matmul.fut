-- | Dense matrix multiplication and a few things built on it.

-- | Dot product of two equally long vectors.
def dotprod [n] (xs: [n]f32) (ys: [n]f32) : f32 =
  f32.sum (map2 (*) xs ys)

-- | Matrix product; the right operand is transposed so rows line up.
def matmul [n][m][p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =
  let bt = transpose b
  in map (\row -> map (dotprod row) bt) a

-- | Matrix-vector product.
def matvec [n][m] (a: [n][m]f32) (v: [m]f32) : [n]f32 =
  map (\row -> dotprod row v) a

-- | The n-by-n identity matrix.
def identity (n: i64) : [n][n]f32 =
  tabulate_2d n n (\i j -> if i == j then 1 else 0)

-- | Raise a square matrix to a non-negative power by repeated squaring.
def matpow [n] (a: [n][n]f32) (k: i32) : [n][n]f32 =
  let (result, _, _) =
    loop (acc, base, e) = (identity n, a, k) while e > 0 do
      let acc' = if e % 2 == 1 then matmul acc base else acc
      in (acc', matmul base base, e / 2)
  in result

-- | Sum of the main diagonal.
def trace [n] (a: [n][n]f32) : f32 =
  f32.sum (map (\i -> a[i, i]) (iota n))

-- | Frobenius norm.
def frobenius [n][m] (a: [n][m]f32) : f32 =
  f32.sqrt (f32.sum (map (\row -> dotprod row row) a))

entry main [n][m][p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =
  matmul a b

entry power_trace [n] (a: [n][n]f32) (k: i32) : f32 =
  trace (matpow a k)

entry apply_twice [n] (a: [n][n]f32) (v: [n]f32) : [n]f32 =
  v |> matvec a |> matvec a
