-- N-body (from the Accelerate examples): one time step of an all-pairs
-- gravitational simulation. Body i is accelerated by every body j by
-- m_j * r_ij / (|r_ij|^2 + eps^2)^(3/2), with r_ij = p_j - p_i and softening
-- eps = 0.1 (so a body's own term is zero); then v' = v + dt * a and
-- p' = p + dt * v', with dt = 0.1.
--
-- Dataset (the paper's): N = 100000 bodies; positions, velocities and
-- masses uniform in [0, 1).
-- ==
-- nobench input {
--   [[0.5665616f32, 0.7457818f32, 0.97100276f32], [0.4443592f32, 0.4442647f32, 0.7628944f32],
--    [0.87734866f32, 0.5230672f32, 0.16215688f32], [0.05466205f32, 0.9431349f32, 0.33282113f32],
--    [0.7081729f32, 0.1299473f32, 0.6283815f32]]
--   [[0.1f32, 0.0f32, -0.2f32], [0.0f32, 0.0f32, 0.0f32], [0.3f32, 0.5f32, 0.1f32],
--    [-0.4f32, 0.2f32, 0.0f32], [0.0f32, -0.1f32, 0.6f32]]
--   [1.0f32, 0.5f32, 0.25f32, 2.0f32, 0.75f32]
-- }
-- output {
--   [[0.5539634f32, 0.7156755f32, 0.90415287f32],
--    [0.47192284f32, 0.4868514f32, 0.761839f32],
--    [0.87364393f32, 0.5739478f32, 0.20766655f32],
--    [3.3545174e-2f32, 0.9484982f32, 0.34919274f32],
--    [0.68080795f32, 0.17043564f32, 0.69605744f32]]
--   [[-0.12598166f32, -0.3010629f32, -0.66849875f32],
--    [0.2756363f32, 0.42586693f32, -1.0554338e-2f32],
--    [-3.7047178e-2f32, 0.50880593f32, 0.45509672f32],
--    [-0.21116877f32, 5.3632766e-2f32, 0.16371594f32],
--    [-0.27364948f32, 0.4048833f32, 0.6767598f32]]
-- }
-- "n=100000" compiled random input { [100000][3]f32 [100000][3]f32 [100000]f32 }

def eps : f32 = 0.1
def dt : f32 = 0.1

type vec = (f32, f32, f32)

def vadd ((ax, ay, az): vec) ((bx, by, bz): vec) : vec = (ax + bx, ay + by, az + bz)

def pull ((xi, yi, zi): vec) ((xj, yj, zj): vec) (mj: f32) : vec =
  let (rx, ry, rz) = (xj - xi, yj - yi, zj - zi)
  let d2 = rx * rx + ry * ry + rz * rz + eps * eps
  let s = mj / (d2 * f32.sqrt d2)
  in (s * rx, s * ry, s * rz)

def as_vec (p: [3]f32) : vec = (p[0], p[1], p[2])

entry main [n] (pos: [n][3]f32) (vel: [n][3]f32) (mass: [n]f32) : ([n][3]f32, [n][3]f32) =
  let ps = map as_vec pos
  let accels = map (\pi -> reduce vadd (0, 0, 0) (map2 (pull pi) ps mass)) ps
  let step (v: [3]f32) ((ax, ay, az): vec) = [v[0] + dt * ax, v[1] + dt * ay, v[2] + dt * az]
  let vel' = map2 step vel accels
  let pos' = map2 (\p v -> map2 (\x u -> x + dt * u) p v) pos vel'
  in (pos', vel')
