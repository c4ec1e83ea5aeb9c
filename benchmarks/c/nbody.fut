-- One step of an all-pairs n-body simulation with softening: the new
-- positions and velocities.

def accel (eps: f64) (xi: f64) (yi: f64) (zi: f64) (xj: f64) (yj: f64) (zj: f64) (mj: f64) =
  let (rx, ry, rz) = (xj - xi, yj - yi, zj - zi)
  let d2 = rx * rx + ry * ry + rz * rz + eps * eps
  let s = mj / (d2 * f64.sqrt d2)
  in (s * rx, s * ry, s * rz)

def vadd (ax: f64, ay: f64, az: f64) (bx: f64, by: f64, bz: f64) = (ax + bx, ay + by, az + bz)

entry main [n] (dt: f64) (xs: [n]f64) (ys: [n]f64) (zs: [n]f64)
               (vxs: [n]f64) (vys: [n]f64) (vzs: [n]f64) (ms: [n]f64) =
  let (axs, ays, azs) =
    unzip3 (map3 (\xi yi zi ->
                    reduce vadd (0, 0, 0) (map4 (accel 0.01 xi yi zi) xs ys zs ms))
                 xs ys zs)
  let vxs' = map2 (\v a -> v + dt * a) vxs axs
  let vys' = map2 (\v a -> v + dt * a) vys ays
  let vzs' = map2 (\v a -> v + dt * a) vzs azs
  let xs' = map2 (\p v -> p + dt * v) xs vxs'
  let ys' = map2 (\p v -> p + dt * v) ys vys'
  let zs' = map2 (\p v -> p + dt * v) zs vzs'
  in (xs', ys', zs', vxs', vys', vzs')
