-- OptionPricing (from FinPar): Monte Carlo price of an exotic option on
-- three correlated underlyings, by quasi-random paths. For path i (of
-- num_paths) and each of its num_dates * 3 dimensions:
--   * a Sobol-style quasi-random number: the XOR of the dimension's 30
--     direction numbers selected by the set bits of the Gray code of i + 1,
--     taken as a uniform number in (0, 1) from its top 23 bits (with 0.5
--     added, which f32 holds exactly);
--   * a standard normal number, by Wichura's algorithm AS241 (in f32);
--   * per underlying, a Brownian path W(t_k) at the dates t_k = (k + 1) / m
--     (one year) built by a Brownian bridge: the first normal fixes the last
--     date, the others fill midpoints of the remaining intervals breadth
--     first (a sequential loop of in-place updates, as in FinPar);
--   * the prices S_u(t_k) = exp ((r - vol_u^2 / 2) t_k + vol_u (L W(t_k))_u),
--     L the Cholesky factor of a correlation of 0.5 between each pair.
-- The payoff is an Asian worst-of call, max(0, mean_k min_u S_u(t_k) - 0.8),
-- and the price is its mean over the paths discounted by exp(-r), r = 0.03,
-- vol = (0.2, 0.25, 0.3). Dimension d's direction number k is 2^(29-k) with
-- the lower bits filled by a hash of (d, k) (a valid digital sequence in each
-- dimension, though not Sobol's own numbers, which FinPar reads from a file).
--
-- Dataset: 2^20 paths, 3 underlyings and 367 dates (our reading of the
-- shape of FinPar's large data set; the model values are ours).
-- ==
-- nobench input { 16i64 5i64 } output { 0.19142683f32 }
-- nobench input { 100i64 1i64 } output { 0.18342037f32 }
-- nobench input { 200i64 12i64 } output { 0.20265982f32 }
-- "large" compiled input { 1048576i64 367i64 }

def rate : f32 = 0.03
def strike : f32 = 0.8
def vols : [3]f32 = [0.2, 0.25, 0.3]

-- The Cholesky factor of the correlation matrix with 0.5 off the diagonal.
def chol : [3][3]f32 =
  let l21 = 0.5
  let l22 = f32.sqrt (1 - l21 * l21)
  let l31 = 0.5
  let l32 = (0.5 - l31 * l21) / l22
  let l33 = f32.sqrt (1 - l31 * l31 - l32 * l32)
  in [[1, 0, 0], [l21, l22, 0], [l31, l32, l33]]

def hash (x: u32) : u32 =
  let x = x ^ (x >> 16)
  let x = x * 0x85ebca6b
  let x = x ^ (x >> 13)
  let x = x * 0xc2b2ae35
  in x ^ (x >> 16)

def direction_numbers (d: i64) : [30]u32 =
  tabulate 30 (\k ->
    let top = 1 << u32.i64 (29 - k)
    in top | (hash (u32.i64 (d * 30 + k + 1)) & (top - 1)))

def sobol_uniform (dirs: [30]u32) (i: i64) : f32 =
  let gray = u32.i64 (i + 1) ^ (u32.i64 (i + 1) >> 1)
  let x = loop x = 0u32 for k < 30 do
            if (gray >> u32.i64 k) & 1 == 1 then x ^ dirs[k] else x
  in (f32.u32 (x >> 7) + 0.5) / 8388608

def poly (cs: []f32) (x: f32) : f32 = foldr (\c acc -> acc * x + c) 0 cs

-- Wichura's AS241 (PPND16): the standard normal quantile of p.
def ugaussian (p: f32) : f32 =
  let q = p - 0.5
  in if f32.abs q <= 0.425
     then let r = 0.180625 - q * q
          in q * poly [3.3871328727963666080e0, 1.3314166789178437745e+2,
                       1.9715909503065514427e+3, 1.3731693765509461125e+4,
                       4.5921953931549871457e+4, 6.7265770927008700853e+4,
                       3.3430575583588128105e+4, 2.5090809287301226727e+3] r
               / poly [1, 4.2313330701600911252e+1, 6.8718700749205790830e+2,
                       5.3941960214247511077e+3, 2.1213794301586595867e+4,
                       3.9307895800092710610e+4, 2.8729085735721942674e+4,
                       5.2264952788528545610e+3] r
     else let r = f32.sqrt (-(f32.log (f32.min p (1 - p))))
          let x =
            if r <= 5
            then let r = r - 1.6
                 in poly [1.42343711074968357734e0, 4.63033784615654529590e0,
                          5.76949722146069140550e0, 3.64784832476320460504e0,
                          1.27045825245236838258e0, 2.41780725177450611770e-1,
                          2.27238449892691845833e-2, 7.74545014278341407640e-4] r
                    / poly [1, 2.05319162663775882187e0, 1.67638483018380384940e0,
                            6.89767334985100004550e-1, 1.48103976427480074590e-1,
                            1.51986665636164571966e-2, 5.47593808499534494600e-4,
                            1.05075007164441684324e-9] r
            else let r = r - 5
                 in poly [6.65790464350110377720e0, 5.46378491116411436990e0,
                          1.78482653991729133580e0, 2.96560571828504891230e-1,
                          2.65321895265761230930e-2, 1.24266094738807843860e-3,
                          2.71155556874348757815e-5, 2.01033439929228813265e-7] r
                    / poly [1, 5.99832206555887937690e-1, 1.36929880922735805310e-1,
                            1.48753612908506148525e-2, 7.86869131145613259100e-4,
                            1.84631831751005468180e-5, 1.42151175831644588870e-7,
                            2.04426310338993978564e-15] r
          in if q < 0 then -x else x

def date (m: i64) (k: i64) : f32 = if k < 0 then 0 else f32.i64 (k + 1) / f32.i64 m

-- The Brownian bridge's order: step k sets W at index bi[k] from W at li[k]
-- and ri[k] (index -1 stands for W(0) = 0) with weights lw[k], rw[k] and the
-- standard deviation sd[k] of its normal.
def bridge (m: i64) : ([m]i64, [m]i64, [m]i64, [m]f32, [m]f32, [m]f32) =
  let bi = replicate m (m - 1)
  let li = replicate m (-1)
  let ri = replicate m (-1)
  let lw = replicate m 0
  let rw = replicate m 0
  let sd = replicate m (f32.sqrt (date m (m - 1)))
  let queue = replicate m (-1i64, m - 1)
  let (bi, li, ri, lw, rw, sd, _, _, _) =
    loop (bi, li, ri, lw, rw, sd, queue, head, tail) =
      (bi, li, ri, lw, rw, sd, queue, 0i64, if m >= 2 then 1 else 0)
    for k in 1..<m do
      let (l, r) = queue[head]
      let mid = l + (r - l) / 2
      let (tl, tm, tr) = (date m l, date m mid, date m r)
      let bi[k] = mid
      let li[k] = l
      let ri[k] = r
      let lw[k] = (tr - tm) / (tr - tl)
      let rw[k] = (tm - tl) / (tr - tl)
      let sd[k] = f32.sqrt ((tm - tl) * (tr - tm) / (tr - tl))
      let (queue, tail) = if mid - l >= 2 then (queue with [tail] = (l, mid), tail + 1)
                          else (queue, tail)
      let (queue, tail) = if r - mid >= 2 then (queue with [tail] = (mid, r), tail + 1)
                          else (queue, tail)
      in (bi, li, ri, lw, rw, sd, queue, head + 1, tail)
  in (bi, li, ri, lw, rw, sd)

def payoff [m] (bi: [m]i64) (li: [m]i64) (ri: [m]i64) (lw: [m]f32) (rw: [m]f32) (sd: [m]f32)
               (dirs: [m][3][30]u32) (i: i64) : f32 =
  let zs = map (map (\ds -> ugaussian (sobol_uniform ds i))) dirs
  let brownian (u: i64) : [m]f32 =
    loop w = replicate m 0 for k < m do
      let at j = if j < 0 then 0 else w[j]
      in w with [bi[k]] = lw[k] * at li[k] + rw[k] * at ri[k] + sd[k] * zs[k, u]
  let ws = map brownian (iota 3)
  let worst (k: i64) =
    let t = date m k
    in f32.minimum (map2 (\vol row -> f32.exp ((rate - vol * vol / 2) * t
                                               + vol * f32.sum (map2 (*) row ws[:, k])))
                         vols chol)
  in f32.max 0 (f32.sum (map worst (iota m)) / f32.i64 m - strike)

entry main (num_paths: i64) (num_dates: i64) : f32 =
  let (bi, li, ri, lw, rw, sd) = bridge num_dates
  let dirs = tabulate_2d num_dates 3 (\k u -> direction_numbers (k * 3 + u))
  let total = f32.sum (map (payoff bi li ri lw rw sd dirs) (iota num_paths))
  in f32.exp (-rate) * total / f32.i64 num_paths
