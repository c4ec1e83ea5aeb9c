-- Record types.
type rgb = {r: u8, g: u8, b: u8}
type camera = {position: (f32, f32, f32), fov: f32, name: []u8}
type numbered = {0: i32, 1: bool}
def black : rgb = {r = 0, g = 0, b = 0}
