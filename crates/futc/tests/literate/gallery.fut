-- # A small gallery
--
-- Squares of the first numbers:

def squares (n: i64) : []i64 = map (\i -> i * i) (iota n)

-- > squares 5

-- A record, a tuple and a float.

def stats (xs: []f32) = {count = length xs, total = f32.sum xs}

-- > (stats [1, 2, 3.5], 2.5f32, true)

-- An image of two rows: red, green and blue over black, grey and
-- white.

def pixels : [2][3]u32 =
  [[0xFFFF0000, 0xFF00FF00, 0xFF0000FF],
   [0xFF000000, 0xFF808080, 0xFFFFFFFF]]

-- > :img pixels

-- The same image under a name of our own, as greys.

-- > :img map (map (\p -> f32.u32 (p & 0xFF) / 255)) pixels;
-- file: greys.png

-- A rising and a falling line.

def xs = map f64.i64 (iota 11)

-- > :plot2d {up = (xs, xs), down = (xs, map (10 -) xs)};
-- size: (320, 240)

-- > :covert :plot2d (xs, map (\x -> x * x) xs)

-- > :brief :img pixels;
-- file: brief.png
