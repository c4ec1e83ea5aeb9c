-- | A direct-summation n-body simulation in three dimensions.

type vec3 = {x: f32, y: f32, z: f32}

def vadd (a: vec3) (b: vec3) : vec3 = {x = a.x + b.x, y = a.y + b.y, z = a.z + b.z}
def vsub (a: vec3) (b: vec3) : vec3 = {x = a.x - b.x, y = a.y - b.y, z = a.z - b.z}
def vscale (s: f32) (v: vec3) : vec3 = {x = s * v.x, y = s * v.y, z = s * v.z}
def vdot (a: vec3) (b: vec3) : f32 = a.x * b.x + a.y * b.y + a.z * b.z
def vzero : vec3 = {x = 0, y = 0, z = 0}

type body = {pos: vec3, vel: vec3, mass: f32}

-- | Softening keeps the force finite when bodies get very close.
def softening : f32 = 1e-3

-- | Acceleration exerted on one body by another.
def accel_from (me: body) (other: body) : vec3 =
  let r = vsub other.pos me.pos
  let d2 = vdot r r + softening
  let inv = 1 / (d2 * f32.sqrt d2)
  in vscale (other.mass * inv) r

def total_accel [n] (bodies: [n]body) (me: body) : vec3 =
  reduce vadd vzero (map (accel_from me) bodies)

-- | Semi-implicit Euler update of a single body.
def advance (dt: f32) (b: body) (a: vec3) : body =
  let vel = vadd b.vel (vscale dt a)
  let pos = vadd b.pos (vscale dt vel)
  in {pos, vel, mass = b.mass}

def step [n] (dt: f32) (bodies: [n]body) : [n]body =
  let accs = map (total_accel bodies) bodies
  in map2 (advance dt) bodies accs

-- | Total energy, useful for checking the integrator.
def energy [n] (bodies: [n]body) : f32 =
  let kinetic = f32.sum (map (\b -> 0.5 * b.mass * vdot b.vel b.vel) bodies)
  let pair_term (a: body) (b: body) =
    let r = vsub a.pos b.pos
    in -a.mass * b.mass / f32.sqrt (vdot r r + softening)
  let potential = f32.sum (map (\a -> f32.sum (map (pair_term a) bodies)) bodies)
  in kinetic + potential / 2

entry simulate [n] (steps: i32) (dt: f32)
                   (xs: [n]f32) (ys: [n]f32) (zs: [n]f32) (ms: [n]f32)
                 : ([n]f32, [n]f32, [n]f32, f32) =
  let bodies = map4 (\x y z m -> {pos = {x, y, z}, vel = vzero, mass = m}) xs ys zs ms
  let final = loop bodies for _i < steps do step dt bodies
  in (map (.pos.x) final, map (.pos.y) final, map (.pos.z) final, energy final)
