-- Myocyte (Rodinia), workload shape only: many independent simulations of an
-- excitable cell's membrane, each integrating a system of ODEs from time 0
-- to xmax with an adaptive embedded Runge-Kutta method, one simulation per
-- thread with a sequential, data-dependent number of steps inside.
--
-- NOT Rodinia's cell model: Rodinia integrates a 91-equation cardiac
-- myocyte model with hundreds of published constants and the Fehlberg 7(8)
-- method; this port does not reproduce them. It integrates instead the
-- Hodgkin-Huxley membrane (4 equations: potential V in mV and the gates m,
-- h, n), driven by a constant stimulus current, with the Runge-Kutta-
-- Fehlberg 4(5) method: a step is accepted when the largest difference of
-- the two estimates, scaled by 1e-5 * (1 + |y|), is at most 1, and the next
-- step size is 0.9 * h * error^(-1/5), kept within [h / 5, 5 h] and to the
-- end time. The result is every simulation's final state (V, m, h, n).
--
-- Dataset: the paper's workload = 65536 simulations, xmax = 3 (ms). Each
-- simulation's stimulus is 5 + 10 s uA/cm^2 for its random input s in
-- [0, 1).
-- ==
-- nobench input { [0f32, 0.5f32, 1f32] 3f32 }
-- output {
--   [[3.1377916f32, 0.5520524f32, 0.4142495f32, 0.41991517f32],
--    [3.455709f32, 0.9883354f32, 0.14714545f32, 0.73310447f32],
--    [-15.107758f32, 0.95916355f32, 0.103619546f32, 0.7649578f32]]
-- }
-- "workload=65536,xmax=3" compiled random input { [65536]f32 3f32 }

type state = (f32, f32, f32, f32)

-- x / (exp(x / y) - 1), with its limit where x is near 0.
def vtrap (x: f32) (y: f32) : f32 =
  if f32.abs (x / y) < 1e-6 then y * (1 - x / y / 2) else x / (f32.exp (x / y) - 1)

def derivative (stimulus: f32) ((v, m, h, n): state) : state =
  let alpha_m = 0.1 * vtrap (-(v + 40)) 10
  let beta_m = 4 * f32.exp (-(v + 65) / 18)
  let alpha_h = 0.07 * f32.exp (-(v + 65) / 20)
  let beta_h = 1 / (1 + f32.exp (-(v + 35) / 10))
  let alpha_n = 0.01 * vtrap (-(v + 55)) 10
  let beta_n = 0.125 * f32.exp (-(v + 65) / 80)
  let sodium = 120 * m * m * m * h * (v - 50)
  let potassium = 36 * n * n * n * n * (v + 77)
  let leak = 0.3 * (v + 54.387)
  in ( stimulus - sodium - potassium - leak
     , alpha_m * (1 - m) - beta_m * m
     , alpha_h * (1 - h) - beta_h * h
     , alpha_n * (1 - n) - beta_n * n
     )

-- y + h * sum of c_i k_i.
def combine (y: state) (h: f32) (terms: [](f32, state)) : state =
  let (a, b, c, d) =
    foldl (\(a, b, c, d) (w, (ka, kb, kc, kd)) -> (a + w * ka, b + w * kb, c + w * kc, d + w * kd))
          (0, 0, 0, 0)
          terms
  in (y.0 + h * a, y.1 + h * b, y.2 + h * c, y.3 + h * d)

-- One Runge-Kutta-Fehlberg step: the fifth-order estimate and the scaled
-- error of the fourth-order one.
def fehlberg_step (stimulus: f32) (y: state) (h: f32) : (state, f32) =
  let f = derivative stimulus
  let k1 = f y
  let k2 = f (combine y h [(1 / 4, k1)])
  let k3 = f (combine y h [(3 / 32, k1), (9 / 32, k2)])
  let k4 = f (combine y h [(1932 / 2197, k1), (-7200 / 2197, k2), (7296 / 2197, k3)])
  let k5 = f (combine y h [(439 / 216, k1), (-8, k2), (3680 / 513, k3), (-845 / 4104, k4)])
  let k6 = f (combine y h [(-8 / 27, k1), (2, k2), (-3544 / 2565, k3), (1859 / 4104, k4), (-11 / 40, k5)])
  let fifth = combine y h [(16 / 135, k1), (6656 / 12825, k3), (28561 / 56430, k4), (-9 / 50, k5), (2 / 55, k6)]
  let fourth = combine y h [(25 / 216, k1), (1408 / 2565, k3), (2197 / 4104, k4), (-1 / 5, k5)]
  let scaled a b = f32.abs (a - b) / (1e-5 * (1 + f32.abs a))
  let error = f32.maximum [ scaled fifth.0 fourth.0, scaled fifth.1 fourth.1
                          , scaled fifth.2 fourth.2, scaled fifth.3 fourth.3]
  in (fifth, error)

def max_steps : i32 = 100000

def simulate (xmax: f32) (stimulus: f32) : state =
  let resting = (-65, 0.0529, 0.5961, 0.3177)
  let (y, _, _, _) =
    loop (y, t, h, steps) = (resting, 0, 0.01, 0)
    while t < xmax && steps < max_steps do
      let h = f32.min h (xmax - t)
      let (y', error) = fehlberg_step stimulus y h
      let factor = f32.max 0.2 (f32.min 5 (0.9 * error ** (-0.2)))
      in if error <= 1
         then (y', t + h, h * factor, steps + 1)
         else (y, t, h * factor, steps + 1)
  in y

entry main [n] (stimuli: [n]f32) (xmax: f32) : [n][4]f32 =
  map (\s -> let (v, m, h, g) = simulate xmax (5 + 10 * s) in [v, m, h, g]) stimuli
