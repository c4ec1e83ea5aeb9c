-- Black-Scholes option pricing (exp, log, sqrt, erf).
-- ==
-- entry: main
-- input { [100.0f64, 90.0f64, 120.0f64] [100.0f64, 100.0f64, 100.0f64] }
-- output { [10.450583572185565f64, 5.091222078817552f64, 26.169043946847296f64] [5.573526022256971f64, 10.214164528888958f64, 1.2919863969187144f64] }

def cnd (x: f64) = 0.5 * (1 + f64.erf (x / f64.sqrt 2))

-- European call and put prices.
def black_scholes (s: f64) (k: f64) (r: f64) (sigma: f64) (t: f64) =
  let d1 = (f64.log (s / k) + (r + sigma * sigma / 2) * t) / (sigma * f64.sqrt t)
  let d2 = d1 - sigma * f64.sqrt t
  let call = s * cnd d1 - k * f64.exp (-r * t) * cnd d2
  let put = k * f64.exp (-r * t) * cnd (-d2) - s * cnd (-d1)
  in (call, put)

def main (ss: []f64) (ks: []f64) = unzip (map2 (\s k -> black_scholes s k 0.05 0.2 1) ss ks)
