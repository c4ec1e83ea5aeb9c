-- LocVolCalib (from FinPar): prices of European calls under a local
-- (stochastic) volatility model by solving its pricing PDE backwards in
-- time on a numX-by-numY grid (x the underlying's value, y its log
-- volatility), one independent problem per strike 0.001 * o for
-- o < outer. Each of the numT - 1 time steps (Douglas ADI, theta = 1/2,
-- zero drift) computes
--   varX = exp (2 (beta log x + y - nu^2 t / 2)),
--   varY = exp (2 (alpha log x + y - nu^2 t / 2)),
--   Ax = varX / 2 * d2/dx2 and Ay = varY / 2 * d2/dy2 (three-point
--   differences, zero on the grid's edge), and then
--   (1/dt - Ax / 2) u1 = u / dt + Ax u / 2 + Ay u   (a tridiagonal system along x)
--   (1/dt - Ay / 2) u' = u1 / dt - Ay u / 2         (a tridiagonal system along y)
-- with the Thomas algorithm (sequential, in-place updates), starting from
-- the payoff max (x - strike, 0) at maturity. The price is u at the grid
-- point of (s0, log alpha). Model: s0 = 0.03, maturity 5 years, alpha = 0.2,
-- beta = 0.5, nu = 0.6; x spans 20 alpha s0 sqrt T, y spans 10 nu sqrt T.
--
-- Dataset: outer = 256, numX = 256, numY = 256, numT = 64 (our reading of
-- FinPar's large data set).
-- ==
-- nobench input { 4i64 16i64 12i64 6i64 }
-- output { [2.9999988e-2f32, 2.8999984e-2f32, 2.799999e-2f32, 2.6999984e-2f32] }
-- nobench input { 3i64 64i64 8i64 4i64 }
-- output { [3.000008e-2f32, 2.9233526e-2f32, 2.8903535e-2f32] }
-- nobench input { 3i64 64i64 16i64 8i64 }
-- output { [2.9999897e-2f32, 2.9208858e-2f32, 2.880873e-2f32] }
-- "large" compiled input { 256i64 256i64 256i64 64i64 }

def s0 : f32 = 0.03
def maturity : f32 = 5
def alpha : f32 = 0.2
def beta : f32 = 0.5
def nu : f32 = 0.6

-- Three-point second-derivative weights at each grid point (zero on the edge).
def second_derivative [n] (xs: [n]f32) : [n](f32, f32, f32) =
  tabulate n (\i ->
    if i == 0 || i == n - 1 then (0, 0, 0)
    else let dl = xs[i] - xs[i - 1]
         let du = xs[i + 1] - xs[i]
         in (2 / dl / (dl + du), -2 * (1 / dl + 1 / du) / (dl + du), 2 / du / (dl + du)))

-- Solves the tridiagonal system with sub-, main and super-diagonals a, b, c.
def tridag [n] (a: [n]f32) (b: [n]f32) (c: [n]f32) (y: [n]f32) : [n]f32 =
  let (cs, ys) =
    loop (cs, ys) = (replicate n 0, replicate n 0) for i < n do
      let (c_prev, y_prev) = if i == 0 then (0, 0) else (cs[i - 1], ys[i - 1])
      let denom = b[i] - a[i] * c_prev
      let cs[i] = c[i] / denom
      let ys[i] = (y[i] - a[i] * y_prev) / denom
      in (cs, ys)
  in loop ys for j < n - 1 do
       let i = n - 2 - j
       in ys with [i] = ys[i] - cs[i] * ys[i + 1]

-- The weighted three-point sum of `row` at i (terms outside the row dropped).
def apply [n] (w: [n](f32, f32, f32)) (row: [n]f32) (i: i64) : f32 =
  let (l, m, u) = w[i]
  in (if i > 0 then l * row[i - 1] else 0) + m * row[i] + (if i < n - 1 then u * row[i + 1] else 0)

def price [nx][ny][nt] (xs: [nx]f32) (ys: [ny]f32) (timeline: [nt]f32)
                        (xi: i64) (yi: i64) (strike: f32) : f32 =
  let dxx = second_derivative xs
  let dyy = second_derivative ys
  let u = map (\x -> replicate ny (f32.max (x - strike) 0)) xs
  let u =
    loop u for k < nt - 1 do
      let i = nt - 2 - k
      let t = timeline[i]
      let dt_inv = 1 / (timeline[i + 1] - timeline[i])
      let var_x = map (\x -> map (\y -> f32.exp (2 * (beta * f32.log x + y - 0.5 * nu * nu * t))) ys) xs
      let var_y = map (\x -> map (\y -> f32.exp (2 * (alpha * f32.log x + y - 0.5 * nu * nu * t))) ys) xs
      let ax_u = transpose (map2 (\col vcol -> tabulate nx (\x -> 0.5 * vcol[x] * apply dxx col x))
                                  (transpose u) (transpose var_x))
      let ay_u = map2 (\row vrow -> tabulate ny (\y -> 0.5 * vrow[y] * apply dyy row y)) u var_y
      let rhs_x = map3 (map3 (\uv ax ay -> dt_inv * uv + 0.5 * ax + ay)) u ax_u ay_u
      let u1 =
        transpose (map2 (\rhs vcol ->
                           let (l, m, r) = unzip3 dxx
                           in tridag (map2 (\v w -> -0.25 * v * w) vcol l)
                                     (map2 (\v w -> dt_inv - 0.25 * v * w) vcol m)
                                     (map2 (\v w -> -0.25 * v * w) vcol r)
                                     rhs)
                        (transpose rhs_x) (transpose var_x))
      let rhs_y = map2 (map2 (\v ay -> dt_inv * v - 0.5 * ay)) u1 ay_u
      in map2 (\rhs vrow ->
                 let (l, m, r) = unzip3 dyy
                 in tridag (map2 (\v w -> -0.25 * v * w) vrow l)
                           (map2 (\v w -> dt_inv - 0.25 * v * w) vrow m)
                           (map2 (\v w -> -0.25 * v * w) vrow r)
                           rhs)
              rhs_y var_y
  in u[xi, yi]

entry main (outer: i64) (num_x: i64) (num_y: i64) (num_t: i64) : [outer]f32 =
  let timeline = tabulate num_t (\i -> maturity * f32.i64 i / f32.i64 (num_t - 1))
  let dx = 20 * alpha * s0 * f32.sqrt maturity / f32.i64 num_x
  let xi = i64.f32 (s0 / dx)
  let xs = tabulate num_x (\i -> f32.i64 i * dx - f32.i64 xi * dx + s0)
  let dy = 10 * nu * f32.sqrt maturity / f32.i64 num_y
  let yi = num_y / 2
  let ys = tabulate num_y (\j -> f32.i64 j * dy - f32.i64 yi * dy + f32.log alpha)
  in map (\o -> price xs ys timeline xi yi (0.001 * f32.i64 o)) (iota outer)
