-- TPACF (from Parboil): the two-point angular correlation function of a set
-- of points on the sky, from histograms of the angular distances between
-- pairs of points: DD (pairs of data points), DR (data point, point of a
-- random set; summed over the random sets) and RR (pairs within each random
-- set; summed). Bin k (0 <= k < 20) holds the pairs at angles in
-- [t_k, t_(k+1)) with t_k = 10^(k/5) arc minutes (1 to 10^4, five bins per
-- decade); a pair outside every bin is not counted. Points are f32 unit
-- vectors; a pair's squared chord length |a - b|^2 = 4 sin^2(angle / 2) is
-- compared with the bin boundaries' by binary search (Parboil compares dot
-- products, but near 1 arc minute a dot product differs from 1 by less
-- than f32 resolves, while the chord stays accurate). The random sets are
-- processed one after another, as in Parboil.
--
-- A point is given by two values u, v in [0, 1) that place it uniformly on
-- the sphere: right ascension 2 pi u, declination asin (2 v - 1).
--
-- The second small case clusters its points in a patch about a degree
-- wide, to fill the bins of small angles.
--
-- Dataset: synthetic, of the order of Parboil's large dataset: 10000 data
-- points and 100 random sets of 10000 points.
-- ==
-- nobench input {
--   [0.11345034f32, 0.70029354f32, 0.6129747f32, 7.286674e-2f32, 0.21643911f32, 0.6362223f32,
--   0.13514586f32, 0.8887184f32, 0.49106246f32, 0.8885294f32, 0.69843614f32, 0.7118863f32]
--   [0.43145582f32, 0.8924068f32, 0.85911715f32, 0.49177426f32, 0.39458048f32, 0.5867183f32,
--   0.9206799f32, 0.4487393f32, 0.18178576f32, 0.5376713f32, 0.7940479f32, 0.69680786f32]
--   [[0.38676804f32, 0.752307f32, 0.23270917f32, 9.933941e-2f32, 0.18796012f32, 0.38060892f32,
--   0.9855635f32, 0.5111015f32, 0.42645133f32, 0.6034406f32, 0.4504751f32, 0.13670233f32],
--   [0.8742506f32, 0.45270723f32, 0.9546788f32, 0.9389752f32, 0.8311021f32, 0.46105096f32,
--   0.15731491f32, 0.45523193f32, 0.11486454f32, 0.987465f32, 0.18008061f32, 0.8756524f32],
--   [0.15603483f32, 0.7126229f32, 0.9363675f32, 0.12204798f32, 0.45856357f32, 0.8442653f32,
--   0.2719362f32, 0.19446865f32, 0.9774386f32, 0.3911489f32, 0.9707521f32, 0.70872635f32]]
--   [[0.739817f32, 0.4463137f32, 5.63429e-2f32, 0.10553885f32, 0.5507422f32, 0.82368803f32,
--   0.19262026f32, 0.20265947f32, 0.11787766f32, 0.908745f32, 0.12442539f32, 0.4980815f32],
--   [0.19881621f32, 0.88747156f32, 0.40936634f32, 3.391752e-2f32, 0.61491925f32, 0.5121504f32,
--   0.9023576f32, 0.22934629f32, 0.99605364f32, 0.6647812f32, 0.67110056f32, 1.1585782e-2f32],
--   [0.3157997f32, 0.4209549f32, 0.608545f32, 0.7141961f32, 0.9141846f32, 7.882193e-3f32,
--   0.550178f32, 0.75610054f32, 0.9501118f32, 0.9673311f32, 0.4649759f32, 0.12372786f32]]
-- }
-- output {
--   [0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 1i64, 3i64, 2i64,
--   6i64, 6i64, 24i64, 22i64]
--   [0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 2i64, 1i64, 3i64,
--   11i64, 29i64, 71i64, 154i64, 158i64]
--   [0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 1i64, 0i64, 2i64, 6i64,
--   13i64, 32i64, 73i64, 68i64]
-- }
-- nobench input {
--   [0.502415f32, 0.5024238f32, 0.50154597f32, 0.5008574f32, 0.50016177f32, 0.50115013f32,
--   0.5012254f32, 0.50013584f32]
--   [0.50014627f32, 0.5029975f32, 0.5019571f32, 0.5007035f32, 0.50130486f32, 0.50292253f32,
--   0.50269306f32, 0.5025327f32]
--   [[0.5011772f32, 0.5014791f32, 0.5020301f32, 0.5001824f32, 0.5016668f32, 0.5008144f32,
--   0.50263894f32, 0.50019264f32], [0.5020375f32, 0.50261027f32, 0.50068194f32, 0.5026863f32,
--   0.5026166f32, 0.50005555f32, 0.50212246f32, 0.5000036f32]]
--   [[0.5015101f32, 0.50131f32, 0.50060976f32, 0.50097483f32, 0.50241864f32, 0.5009494f32,
--   0.5004471f32, 0.5020955f32], [0.50134563f32, 0.5023968f32, 0.50070655f32, 0.50095934f32,
--   0.5023996f32, 0.5015212f32, 0.50151914f32, 0.5007086f32]]
-- }
-- output {
--   [0i64, 1i64, 0i64, 0i64, 2i64, 3i64, 10i64, 8i64, 4i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64,
--   0i64, 0i64, 0i64, 0i64, 0i64]
--   [0i64, 2i64, 3i64, 7i64, 8i64, 19i64, 31i64, 35i64, 23i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64,
--   0i64, 0i64, 0i64, 0i64, 0i64]
--   [0i64, 1i64, 0i64, 1i64, 4i64, 17i64, 5i64, 10i64, 17i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64,
--   0i64, 0i64, 0i64, 0i64, 0i64]
-- }
-- "large" compiled random input { [10000]f32 [10000]f32 [100][10000]f32 [100][10000]f32 }

def num_bins : i64 = 20
def bins_per_decade : f64 = 5
def min_arcmin : f64 = 1

type point = (f32, f32, f32)

def on_sphere (u: f32) (v: f32) : point =
  let ra = 2 * f32.pi * u
  let dec = f32.asin (2 * v - 1)
  in (f32.cos dec * f32.cos ra, f32.cos dec * f32.sin ra, f32.sin dec)

-- The squared chord lengths of the bin boundaries, ascending.
def boundaries : [num_bins + 1]f32 =
  tabulate (num_bins + 1) (\i ->
    let arcmin = min_arcmin * 10 ** (f64.i64 i / bins_per_decade)
    let half_angle = arcmin / 60 * f64.pi / 180 / 2
    in f32.f64 (4 * f64.sin half_angle * f64.sin half_angle))

-- The bin of a squared chord length, or num_bins when it lies outside every bin.
def bin_of (c: f32) : i64 =
  let (lo, _) =
    loop (lo, hi) = (0, num_bins + 1)
    while lo < hi do
      let mid = (lo + hi) / 2
      in if c < boundaries[mid] then (lo, mid) else (mid + 1, hi)
  in if lo == 0 || lo == num_bins + 1 then num_bins else lo - 1

def chord2 ((ax, ay, az): point) ((bx, by, bz): point) : f32 =
  (ax - bx) * (ax - bx) + (ay - by) * (ay - by) + (az - bz) * (az - bz)

-- The histogram of the pairs (as[i], bs[j]), only those with i < j when `upper`.
def pair_histogram [n][m] (upper: bool) (as: [n]point) (bs: [m]point) : [num_bins]i64 =
  let bins =
    map (\p ->
           let i = p / m
           let j = p % m
           in if upper && i >= j then num_bins else bin_of (chord2 as[i] bs[j]))
        (iota (n * m))
  in hist (+) 0 num_bins bins (map (const 1) bins)

entry main [n][r] (data_u: [n]f32) (data_v: [n]f32) (random_u: [r][n]f32) (random_v: [r][n]f32)
    : ([num_bins]i64, [num_bins]i64, [num_bins]i64) =
  let data = map2 on_sphere data_u data_v
  let dd = pair_histogram true data data
  let (dr, rr) =
    loop (dr, rr) = (replicate num_bins 0, replicate num_bins 0)
    for s < r do
      let random = map2 on_sphere random_u[s] random_v[s]
      in (map2 (+) dr (pair_histogram false data random),
          map2 (+) rr (pair_histogram true random random))
  in (dd, dr, rr)
