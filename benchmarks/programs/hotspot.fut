-- HotSpot (Rodinia): transient thermal simulation of a chip. The chip is a
-- grid of cells; each step updates every cell's temperature from the heat
-- its power dissipates, the flow to its four neighbours (a cell at the edge
-- uses its own temperature for the missing neighbour) and the flow to the
-- ambient air, with Rodinia's physical constants for a 16 mm x 16 mm x
-- 0.5 mm silicon chip.
--
-- Dataset: the paper's 1024x1024 grid, 360 steps. Rodinia reads
-- temperatures and powers from files; here both grids are random input
-- (values in [0, 1)), which the simulation handles like any other.
-- ==
-- nobench input {
--   [[0.5f32, 0.25f32, 0.75f32], [0.1f32, 0.9f32, 0.3f32]]
--   [[0.2f32, 0.4f32, 0.6f32], [0.8f32, 0.0f32, 0.5f32]]
--   2i32
-- }
-- output {
--   [[0.51060176f32, 0.26064166f32, 0.76057404f32], [0.11066777f32, 0.91054237f32, 0.31063598f32]]
-- }
-- "1024x1024_360" compiled random input { [1024][1024]f32 [1024][1024]f32 360i32 }

def max_power_density : f32 = 3.0e6
def precision : f32 = 0.001
def specific_heat : f32 = 1.75e6
def conductivity : f32 = 100
def chip_factor : f32 = 0.5
def chip_thickness : f32 = 0.0005
def chip_height : f32 = 0.016
def chip_width : f32 = 0.016
def ambient_temp : f32 = 80

def simulate_step [rows] [cols]
                  (cap: f32) (rx: f32) (ry: f32) (rz: f32) (step: f32)
                  (power: [rows][cols]f32) (temp: [rows][cols]f32) : [rows][cols]f32 =
  tabulate_2d rows cols (\r c ->
                           let t = temp[r, c]
                           let north = temp[i64.max 0 (r - 1), c]
                           let south = temp[i64.min (rows - 1) (r + 1), c]
                           let west = temp[r, i64.max 0 (c - 1)]
                           let east = temp[r, i64.min (cols - 1) (c + 1)]
                           in t + step / cap * (power[r, c]
                                                + (north + south - 2 * t) / ry
                                                + (east + west - 2 * t) / rx
                                                + (ambient_temp - t) / rz))

entry main [rows] [cols] (temp: [rows][cols]f32) (power: [rows][cols]f32) (steps: i32) =
  let grid_height = chip_height / f32.i64 rows
  let grid_width = chip_width / f32.i64 cols
  let cap = chip_factor * specific_heat * chip_thickness * grid_width * grid_height
  let rx = grid_width / (2 * conductivity * chip_thickness * grid_height)
  let ry = grid_height / (2 * conductivity * chip_thickness * grid_width)
  let rz = chip_thickness / (conductivity * grid_height * grid_width)
  let max_slope = max_power_density / (chip_factor * chip_thickness * specific_heat)
  let step = precision / max_slope
  in loop temp for _i < steps do simulate_step cap rx ry rz step power temp
