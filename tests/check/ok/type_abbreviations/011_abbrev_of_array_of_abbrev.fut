-- An array whose element type is an abbreviation.
-- ==
type rgb = {r: u8, g: u8, b: u8}
type image [h] [w] = [h][w]rgb
def black (h: i64) (w: i64) : image [h] [w] = replicate h (replicate w {r = 0, g = 0, b = 0})
