-- N-body simulation steps with softening: records as 3D vectors, all-pairs
-- reductions, loops carrying arrays of records.
-- ==
-- entry: main
-- input { [0.0f64, 1.0f64] [0.0f64, 0.0f64] [0.0f64, 0.0f64] [1.0f64, 1.0f64] 1i32 }
-- output { [0.00999850018747813f64, 0.9900014998125218f64] [0.0f64, 0.0f64] [0.0f64, 0.0f64] }
-- input { [0.0f64, 1.0f64, 0.0f64] [0.0f64, 0.0f64, 2.0f64] [0.0f64, 0.5f64, 0.0f64] [2.0f64, 1.0f64, 0.5f64] 3i32 }
-- output { [0.044611463055964085f64, 0.9082341751078145f64, 0.005085797560514946f64] [0.007532303311096391f64, 0.005090394997104696f64, 1.9596899967614052f64] [0.022305731527982042f64, 0.45411708755390723f64, 0.002542898780257473f64] }

type vec = {x: f64, y: f64, z: f64}

def vsub (a: vec) (b: vec) : vec = {x = a.x - b.x, y = a.y - b.y, z = a.z - b.z}
def vadd (a: vec) (b: vec) : vec = {x = a.x + b.x, y = a.y + b.y, z = a.z + b.z}
def vscale (k: f64) (a: vec) : vec = {x = k * a.x, y = k * a.y, z = k * a.z}
def vdot (a: vec) (b: vec) = a.x * b.x + a.y * b.y + a.z * b.z

def accel (eps: f64) (pi: vec) (pj: vec) (mj: f64) : vec =
  let r = vsub pj pi
  let d2 = vdot r r + eps * eps
  let inv = 1 / (d2 * f64.sqrt d2)
  in vscale (mj * inv) r

-- One step: all-pairs accelerations, then velocity and position updates.
def step [n] (dt: f64) (ps: [n]vec) (vs: [n]vec) (ms: [n]f64) =
  let acc = map (\pi -> reduce vadd {x = 0, y = 0, z = 0} (map2 (accel 0.01 pi) ps ms)) ps
  let vs' = map2 (\v a -> vadd v (vscale dt a)) vs acc
  let ps' = map2 (\p v -> vadd p (vscale dt v)) ps vs'
  in (ps', vs')

def main [n] (xs: [n]f64) (ys: [n]f64) (zs: [n]f64) (ms: [n]f64) (steps: i32) =
  let ps = map3 (\x y z -> {x, y, z}) xs ys zs
  let vs = replicate n {x = 0, y = 0, z = 0}
  let (ps, _) = loop (ps, vs) for _i < steps do step 0.1 ps vs ms
  in (map (.x) ps, map (.y) ps, map (.z) ps)
