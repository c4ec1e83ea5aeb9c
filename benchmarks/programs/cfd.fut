-- CFD (Rodinia's euler3d): a finite-volume solver of the 3D Euler equations
-- of compressible flow on an unstructured mesh. Every element holds a
-- density, a momentum and an energy density, and has four faces, each with
-- a normal (its length is the face's area) and the element across it:
-- another element, -1 for the wing's surface or -2 for the far field. Each
-- iteration computes every element's time step from its volume and its
-- speed plus the speed of sound, then takes three Runge-Kutta stages; a
-- stage computes every element's flux (over the faces: a central flux
-- averaging both sides' fluxes, plus a smoothing term between neighbours;
-- only pressure on the wing; the free stream's flux in the far field) and
-- moves the element's variables by it. The free stream has Mach 1.2, angle
-- of attack 0, density 1.4 and pressure 1. The result is the final density,
-- momentum (x, y, z) and energy density.
--
-- Dataset: the paper's fvcorr.domn.193K is a mesh of 193474 tetrahedra
-- round a wing, which Rodinia reads from a file; here the program builds a
-- mesh of about that size from two sizes: a rows x cols grid of square cells
-- (side 1 / cols) in the plane, with normals pointing into the cell (as the
-- flux formulas want), a flat plate along the flow in the middle as the
-- wing, and far field past the grid's edges. Rodinia starts every element
-- in the free stream; on this mesh that state would never change, so the
-- elements start in the free stream plus a smooth bump of density and
-- pressure ahead of the plate. 440 x 440 = 193600 elements, Rodinia's 2000
-- iterations.
-- ==
-- nobench input { 8i32 8i32 3i32 }
-- output {
--   [1.3999989f32, 1.4000216f32, 1.4000077f32, 1.4000015f32, 1.4000002f32, 1.4f32,
--    1.4f32, 1.4f32, 1.3999895f32, 1.4002154f32, 1.4000744f32, 1.4000146f32,
--    1.4000024f32, 1.4000002f32, 1.4f32, 1.4f32, 1.3999172f32, 1.4017702f32,
--    1.4005407f32, 1.4001052f32, 1.4000192f32, 1.4000028f32, 1.4000003f32, 1.4f32,
--    1.3995639f32, 1.4120618f32, 1.4024538f32, 1.4004426f32, 1.4001185f32, 1.4000205f32,
--    1.4000027f32, 1.4000002f32, 1.3976146f32, 1.4761679f32, 1.4287728f32, 1.4065498f32,
--    1.4011893f32, 1.4001747f32, 1.4000208f32, 1.4000021f32, 1.3995728f32, 1.4119638f32,
--    1.4048078f32, 1.4012431f32, 1.4002324f32, 1.4000337f32, 1.400004f32, 1.4000003f32,
--    1.3999186f32, 1.4017572f32, 1.4008021f32, 1.4002038f32, 1.4000361f32, 1.400005f32,
--    1.4000005f32, 1.4f32, 1.399989f32, 1.4002248f32, 1.4001031f32, 1.400025f32,
--    1.4000043f32, 1.4000005f32, 1.4f32, 1.4f32]
--   [1.6799971f32, 1.6800252f32, 1.6800108f32, 1.6800026f32, 1.6800004f32, 1.6800001f32,
--    1.6800001f32, 1.6800001f32, 1.679966f32, 1.6802502f32, 1.6801062f32, 1.6800241f32,
--    1.6800042f32, 1.6800005f32, 1.6800001f32, 1.6800001f32, 1.679684f32, 1.6820402f32,
--    1.6807959f32, 1.6801802f32, 1.680035f32, 1.6800056f32, 1.6800007f32, 1.6800001f32,
--    1.67781f32, 1.6938304f32, 1.6837436f32, 1.6807929f32, 1.6802307f32, 1.6800418f32,
--    1.6800058f32, 1.6800007f32, 1.667482f32, 1.7674271f32, 1.7231126f32, 1.691525f32,
--    1.6822907f32, 1.680354f32, 1.6800436f32, 1.6800046f32, 1.6778276f32, 1.6935804f32,
--    1.6871458f32, 1.6821668f32, 1.6804447f32, 1.6800683f32, 1.6800084f32, 1.6800008f32,
--    1.6796865f32, 1.6820059f32, 1.681141f32, 1.6803329f32, 1.6800647f32, 1.6800095f32,
--    1.680001f32, 1.6800002f32, 1.6799644f32, 1.6802591f32, 1.6801429f32, 1.6800394f32,
--    1.6800073f32, 1.6800009f32, 1.6800002f32, 1.6800001f32]
--   [9.956685e-7f32, -2.0753247e-5f32, -7.450579e-6f32, -1.4494766e-6f32, -1.8965113e-7f32, -1.354651e-8f32,
--    0.0f32, 0.0f32, 9.80769e-6f32, -1.9796818e-4f32, -6.815236e-5f32, -1.2842085e-5f32,
--    -1.964244e-6f32, -2.1674416e-7f32, -1.354651e-8f32, 0.0f32, 7.2163864e-5f32, -1.5007196e-3f32,
--    -4.5728098e-4f32, -8.233531e-5f32, -1.4061266e-5f32, -2.0048833e-6f32, -2.0319764e-7f32, -1.354651e-8f32,
--    3.3893395e-4f32, -8.705163e-3f32, -1.8358203e-3f32, -2.858503e-4f32, -7.668625e-5f32, -1.2435684e-5f32,
--    -1.517209e-6f32, -1.354651e-7f32, 3.9365352e-7f32, -4.072834e-5f32, 1.9215704e-3f32, 6.3092227e-4f32,
--    6.7332716e-5f32, 5.608186e-6f32, 3.9284836e-7f32, 2.7093018e-8f32, -3.3816142e-4f32, 8.662183e-3f32,
--    3.5533472e-3f32, 8.7333075e-4f32, 1.464088e-4f32, 1.8721246e-5f32, 1.9574704e-6f32, 1.6255811e-7f32,
--    -7.1621995e-5f32, 1.4904665e-3f32, 6.825242e-4f32, 1.6652598e-4f32, 2.7682256e-5f32, 3.508546e-6f32,
--    3.2511622e-7f32, 1.354651e-8f32, -1.0207314e-5f32, 2.0657021e-4f32, 9.49134e-5f32, 2.2426233e-5f32,
--    3.6033714e-6f32, 3.928488e-7f32, 1.354651e-8f32, 0.0f32]
--   [0.0f32, 0.0f32, 0.0f32, 0.0f32, 0.0f32, 0.0f32,
--    0.0f32, 0.0f32, 0.0f32, 0.0f32, 0.0f32, 0.0f32,
--    0.0f32, 0.0f32, 0.0f32, 0.0f32, 0.0f32, 0.0f32,
--    0.0f32, 0.0f32, 0.0f32, 0.0f32, 0.0f32, 0.0f32,
--    0.0f32, 0.0f32, 0.0f32, 0.0f32, 0.0f32, 0.0f32,
--    0.0f32, 0.0f32, 0.0f32, 0.0f32, 0.0f32, 0.0f32,
--    0.0f32, 0.0f32, 0.0f32, 0.0f32, 0.0f32, 0.0f32,
--    0.0f32, 0.0f32, 0.0f32, 0.0f32, 0.0f32, 0.0f32,
--    0.0f32, 0.0f32, 0.0f32, 0.0f32, 0.0f32, 0.0f32,
--    0.0f32, 0.0f32, 0.0f32, 0.0f32, 0.0f32, 0.0f32,
--    0.0f32, 0.0f32, 0.0f32, 0.0f32]
--   [3.507995f32, 3.5080667f32, 3.5080264f32, 3.508006f32, 3.508001f32, 3.5080004f32,
--    3.5080004f32, 3.5080004f32, 3.5079432f32, 3.5086367f32, 3.5082433f32, 3.508052f32,
--    3.5080092f32, 3.5080016f32, 3.5080004f32, 3.5080004f32, 3.5075102f32, 3.5128515f32,
--    3.5096834f32, 3.5083623f32, 3.5080705f32, 3.5080113f32, 3.5080016f32, 3.5080004f32,
--    3.504952f32, 3.5371532f32, 3.5149336f32, 3.5094361f32, 3.5084255f32, 3.5080788f32,
--    3.5080113f32, 3.5080013f32, 3.4907224f32, 3.6918476f32, 3.589379f32, 3.5291984f32,
--    3.5122552f32, 3.5086696f32, 3.508084f32, 3.5080094f32, 3.5049887f32, 3.536714f32,
--    3.5216384f32, 3.512039f32, 3.5088334f32, 3.5081298f32, 3.5080163f32, 3.5080018f32,
--    3.5075157f32, 3.5127904f32, 3.5104668f32, 3.508688f32, 3.5081313f32, 3.5080194f32,
--    3.5080023f32, 3.5080006f32, 3.5079408f32, 3.508662f32, 3.508333f32, 3.5080872f32,
--    3.5080159f32, 3.5080023f32, 3.5080006f32, 3.5080004f32]
-- }
-- "fvcorr.domn.193K" compiled input { 440i32 440i32 2000i32 }

type vec = {x: f32, y: f32, z: f32}

def vec (x: f32) (y: f32) (z: f32) : vec = {x, y, z}
def add (a: vec) (b: vec) : vec = vec (a.x + b.x) (a.y + b.y) (a.z + b.z)
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

-- The mesh described in the header: volumes, neighbours and normals.
def grid_mesh (rows: i64) (cols: i64) : ([rows * cols]f32, [rows * cols][4]i64, [rows * cols][4]vec) =
  let n = rows * cols
  let side = 1 / f32.i64 cols
  -- The wing: a flat plate between rows rows / 2 - 1 and rows / 2.
  let on_plate c = c >= cols / 4 && c < cols / 2
  let neighbour r c r' c' =
    if r' < 0 || r' >= rows || c' < 0 || c' >= cols
    then -2
    else if r + r' == rows - 1 && r != r' && on_plate c
    then -1
    else r' * cols + c'
  let neighbours =
    tabulate n (\e ->
                  let (r, c) = (e / cols, e % cols)
                  in [neighbour r c r (c + 1), neighbour r c r (c - 1), neighbour r c (r + 1) c, neighbour r c (r - 1) c])
  let normals = replicate n [vec (-side) 0 0, vec side 0 0, vec 0 (-side) 0, vec 0 side 0]
  in (replicate n (side * side), neighbours, normals)

-- The free stream with a bump of density and pressure (at the same
-- velocity) round the point a quarter of the plate's length ahead of it.
def initial (rows: i64) (cols: i64) (e: i64) : cell =
  let (r, c) = (f32.i64 (e / cols), f32.i64 (e % cols))
  let (r0, c0, width) = (f32.i64 rows / 2, f32.i64 cols / 8, f32.i64 cols / 16)
  let bump = 1 + 0.1 * f32.exp (-((r - r0) * (r - r0) + (c - c0) * (c - c0)) / (width * width))
  let density = free_stream.density * bump
  let velocity = free_stream.momentum.x / free_stream.density
  in { density
     , momentum = vec (density * velocity) 0 0
     , energy = density * 0.5 * velocity * velocity + bump / (gamma - 1)
     }

entry main (rows: i32) (cols: i32) (iterations: i32) =
  let (rows, cols) = (i64.i32 rows, i64.i32 cols)
  let (volumes, neighbours, normals) = grid_mesh rows cols
  let cells =
    loop cells = tabulate (rows * cols) (initial rows cols)
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
