-- CFD (Rodinia's euler3d): a finite-volume solver of the 3D Euler equations
-- of compressible flow on an unstructured mesh. Every element holds a
-- density, a momentum and an energy density, and has four faces, each with
-- an outward normal (its length is the face's area) and the element across
-- it: another element, -1 for the wing's surface or -2 for the far field.
-- Each iteration computes every element's time step from its volume and its
-- speed plus the speed of sound, then takes three Runge-Kutta stages; a
-- stage computes every element's flux (over the faces: a central flux
-- averaging both sides' fluxes, plus a smoothing term between neighbours;
-- only pressure on the wing; the free stream's flux in the far field) and
-- moves the element's variables by it. All elements start in the free
-- stream (Mach 1.2, angle of attack 0, density 1.4, pressure 1). The result
-- is the final density, momentum (x, y, z) and energy density.
--
-- Dataset: the paper's fvcorr.domn.193K, a mesh of 193474 elements, with
-- Rodinia's 2000 iterations. Rodinia reads the mesh from that file; here it
-- is random input from which the program derives a mesh: element volume
-- 0.5 + v, neighbour (x % (n + 2)) - 2 (so some faces are wing and far
-- field), and normals with components c - 0.5 for the first three faces,
-- the fourth closing the element (minus their sum), as a real cell's do.
-- ==
-- nobench input {
--   [0.1f32, 0.7f32, 0.4f32, 0.9f32]
--   [[3, 4, 1, 5], [2, 0, 4, 5], [3, 2, 5, 1], [4, 2, 3, 0]]
--   [[[0.9f32, 0.5f32, 0.2f32], [0.1f32, 0.6f32, 0.8f32], [0.4f32, 0.3f32, 0.7f32], [0f32, 0f32, 0f32]],
--    [[0.2f32, 0.8f32, 0.5f32], [0.7f32, 0.1f32, 0.3f32], [0.6f32, 0.9f32, 0.4f32], [0f32, 0f32, 0f32]],
--    [[0.3f32, 0.2f32, 0.9f32], [0.8f32, 0.4f32, 0.1f32], [0.5f32, 0.7f32, 0.6f32], [0f32, 0f32, 0f32]],
--    [[0.6f32, 0.1f32, 0.4f32], [0.2f32, 0.9f32, 0.7f32], [0.8f32, 0.5f32, 0.3f32], [0f32, 0f32, 0f32]]]
--   3i32
-- }
-- output {
--   [1.4655086f32, 1.4026206f32, 1.4595983f32, 1.4029762f32]
--   [1.7551266f32, 1.6819879f32, 1.7525893f32, 1.6824994f32]
--   [-5.3837284e-4f32, 3.5684477e-3f32, 5.019637e-4f32, 3.806642e-4f32]
--   [3.4253655e-3f32, -5.0627475e-4f32, -2.804095e-3f32, 4.6327844e-4f32]
--   [3.716585f32, 3.5150983f32, 3.7026367f32, 3.5163534f32]
-- }
-- "fvcorr.domn.193K" compiled random input { [193474]f32 [193474][4]i32 [193474][4][3]f32 2000i32 }

type vec = {x: f32, y: f32, z: f32}

def vec (x: f32) (y: f32) (z: f32) : vec = {x, y, z}
def add (a: vec) (b: vec) : vec = vec (a.x + b.x) (a.y + b.y) (a.z + b.z)
def sub (a: vec) (b: vec) : vec = vec (a.x - b.x) (a.y - b.y) (a.z - b.z)
def scale (s: f32) (a: vec) : vec = vec (s * a.x) (s * a.y) (s * a.z)
def dot (a: vec) (b: vec) : f32 = a.x * b.x + a.y * b.y + a.z * b.z

-- An element's variables, or a flux of them.
type cell = {density: f32, momentum: vec, energy: f32}

def cell_add (a: cell) (b: cell) : cell =
  {density = a.density + b.density, momentum = add a.momentum b.momentum, energy = a.energy + b.energy}

def cell_scale (s: f32) (a: cell) : cell =
  {density = s * a.density, momentum = scale s a.momentum, energy = s * a.energy}

def cell_sub (a: cell) (b: cell) : cell = cell_add a (cell_scale (-1) b)

def gamma : f32 = 1.4
def smoothing : f32 = 0.2
def stages : i32 = 3

-- What follows from an element's variables: its speed, pressure, speed of
-- sound and the fluxes of its momentum components and energy.
type flow =
  { speed_sqd: f32
  , pressure: f32
  , sound: f32
  , momentum_x: vec
  , momentum_y: vec
  , momentum_z: vec
  , energy: vec
  }

def flow_of (c: cell) : flow =
  let m = c.momentum
  let v = vec (m.x / c.density) (m.y / c.density) (m.z / c.density)
  let speed_sqd = dot v v
  let pressure = (gamma - 1) * (c.energy - 0.5 * c.density * speed_sqd)
  let momentum_x = vec (v.x * m.x + pressure) (v.x * m.y) (v.x * m.z)
  let momentum_y = vec momentum_x.y (v.y * m.y + pressure) (v.y * m.z)
  let momentum_z = vec momentum_x.z momentum_y.z (v.z * m.z + pressure)
  in { speed_sqd
     , pressure
     , sound = f32.sqrt (gamma * pressure / c.density)
     , momentum_x
     , momentum_y
     , momentum_z
     , energy = scale (c.energy + pressure) v
     }

def free_stream : cell =
  let density = 1.4
  let pressure = 1
  let speed = 1.2 * f32.sqrt (gamma * pressure / density)
  in { density
     , momentum = vec (density * speed) 0 0
     , energy = density * (0.5 * speed * speed) + pressure / (gamma - 1)
     }

-- The central flux through a face of normal n between two elements.
def central (n: vec) (a: cell) (fa: flow) (b: cell) (fb: flow) : cell =
  { density = 0.5 * dot n (add a.momentum b.momentum)
  , momentum = vec (0.5 * dot n (add fa.momentum_x fb.momentum_x))
                   (0.5 * dot n (add fa.momentum_y fb.momentum_y))
                   (0.5 * dot n (add fa.momentum_z fb.momentum_z))
  , energy = 0.5 * dot n (add fa.energy fb.energy)
  }

def zero_cell : cell = {density = 0, momentum = vec 0 0 0, energy = 0}

def fluxes [n] (neighbours: [n][4]i64) (normals: [n][4]vec) (cells: [n]cell) : [n]cell =
  let flows = map flow_of cells
  let far = free_stream
  let far_flow = flow_of far
  in map4 (\c f nbs ns ->
             loop total = zero_cell
             for face < 4 do
               let nb = nbs[face]
               let normal = ns[face]
               let face_flux =
                 if nb >= 0
                 then let other = cells[nb]
                      let other_flow = flows[nb]
                      let factor = -(f32.sqrt (dot normal normal)) * smoothing * 0.5
                                   * (f32.sqrt f.speed_sqd + f32.sqrt other_flow.speed_sqd
                                      + f.sound + other_flow.sound)
                      in cell_add (cell_scale factor (cell_sub c other))
                                  (central normal c f other other_flow)
                 else if nb == -1
                 then zero_cell with momentum = scale f.pressure normal
                 else central normal c f far far_flow
               in cell_add total face_flux)
          cells flows neighbours normals

def step_factor (volume: f32) (c: cell) : f32 =
  let f = flow_of c
  in 0.5 / (f32.sqrt volume * (f32.sqrt f.speed_sqd + f.sound))

entry main [n] (volumes: [n]f32) (neighbours: [n][4]i32) (normals: [n][4][3]f32) (iterations: i32) =
  let volumes = map (+ 0.5) volumes
  let neighbours = map (map (\x -> i64.i32 (x % (i32.i64 n + 2)) - 2)) neighbours
  let normals =
    map (\ns ->
           let face i = vec (ns[i, 0] - 0.5) (ns[i, 1] - 0.5) (ns[i, 2] - 0.5)
           let (a, b, c) = (face 0, face 1, face 2)
           in [a, b, c, scale (-1) (add a (add b c))])
        normals
  let cells =
    loop cells = replicate n free_stream
    for _i < iterations do
      let factors = map2 step_factor volumes cells
      in loop current = cells
         for stage < stages do
           map3 (\old factor flux -> cell_add old (cell_scale (factor / f32.i32 (stages + 1 - stage)) flux))
                cells
                factors
                (fluxes neighbours normals current)
  in ( map (.density) cells
     , map (.momentum.x) cells
     , map (.momentum.y) cells
     , map (.momentum.z) cells
     , map (.energy) cells
     )
