-- A unique field in a record parameter pattern.
-- ==

def main {xs: *[]f32, scale: f32} : []f32 =
  xs with [0] = scale
