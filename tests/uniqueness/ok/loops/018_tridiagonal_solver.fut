-- A sequential tridiagonal solver updating its unique parameters in place.
-- ==

def tridag [n] (b: *[n]f64) (d: *[n]f64) (a: [n]f64) (c: [n]f64) : [n]f64 =
  let (b, d) = loop (b, d) for i in 1..<n do
                 let m = a[i] / b[i - 1]
                 let b[i] = b[i] - m * c[i - 1]
                 let d[i] = d[i] - m * d[i - 1]
                 in (b, d)
  let x = copy d
  let x[n - 1] = d[n - 1] / b[n - 1]
  in loop x for j in 1..<n do
       let i = n - 1 - j
       in x with [i] = (d[i] - c[i] * x[i + 1]) / b[i]
